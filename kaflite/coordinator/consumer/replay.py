"""The replay of the consumer-group records of `__consumer_offsets` (CG-RP-1): the same code a load runs and every
live operation's records go through, so memory is what the log says."""

from __future__ import annotations

from typing import Any

from kaflite.coordinator.consumer import records as rec
from kaflite.coordinator.consumer.group import ConsumerGroup, ConsumerGroupState, MemberState, ResolvedRegex
from kaflite.coordinator.consumer.members import member_from_value
from kaflite.coordinator.context import ShardContext
from kaflite.coordinator.group import GroupType
from kaflite.protocol.messages import (
    ConsumerGroupCurrentMemberAssignmentValue,
    ConsumerGroupMemberMetadataValue,
    ConsumerGroupMetadataValue,
    ConsumerGroupRegularExpressionValue,
    ConsumerGroupTargetAssignmentMemberValue,
    ConsumerGroupTargetAssignmentMetadataValue,
)


def replay_record(ctx: ShardContext, key: bytes, value: bytes | None) -> None:
    """Apply one consumer-group record (types 3-8 and 16): the only way a consumer group changes, live and at load."""
    record_type, k = rec.decode_key(key)
    gid: str = k.group_id  # type: ignore[attr-defined]
    group = _replay_group(ctx, gid, create=value is not None)
    if group is None:
        return  # a tombstone for a group that is gone
    if record_type == rec.GROUP_METADATA:
        if value is None:
            if group.members or group.target or group.assignment_epoch != -1:
                raise RuntimeError(f"Received a tombstone record to delete group {gid} but the group still "
                                   f"has {len(group.members)} members or a target assignment.")
            ctx.remove_group(gid, "group deleted")
            return
        v3: Any = rec.decode_value(ConsumerGroupMetadataValue, value)
        group.group_epoch = v3.epoch
        group.metadata_hash = v3.metadata_hash
    elif record_type == rec.PARTITION_METADATA:
        group.has_legacy_partition_metadata = value is not None
    elif record_type == rec.MEMBER_METADATA:
        mid: str = k.member_id  # type: ignore[attr-defined]
        if value is None:
            group.replay_member_tombstone(mid)
        else:
            group.replay_member_metadata(member_from_value(
                mid, rec.decode_value(ConsumerGroupMemberMetadataValue, value)))  # type: ignore[arg-type]
    elif record_type == rec.TARGET_ASSIGNMENT_METADATA:
        if value is None:
            group.assignment_epoch = -1
        else:
            v6: Any = rec.decode_value(ConsumerGroupTargetAssignmentMetadataValue, value)
            group.assignment_epoch = v6.assignment_epoch
    elif record_type == rec.TARGET_ASSIGNMENT_MEMBER:
        mid = k.member_id  # type: ignore[attr-defined]
        if value is None:
            group.replay_target(mid, None)
        else:
            v7: Any = rec.decode_value(ConsumerGroupTargetAssignmentMemberValue, value)
            group.replay_target(mid, rec.assignment_of(v7.topic_partitions))
    elif record_type == rec.CURRENT_MEMBER_ASSIGNMENT:
        mid = k.member_id  # type: ignore[attr-defined]
        if value is None:
            if mid in group.members:
                group.replay_current_assignment(mid, -1, -1, group.members[mid].state, {}, {})
        else:
            v8: Any = rec.decode_value(ConsumerGroupCurrentMemberAssignmentValue, value)
            group.replay_current_assignment(
                mid, v8.member_epoch, v8.previous_member_epoch, MemberState.of(v8.state),
                rec.assignment_of(v8.assigned_partitions), rec.assignment_of(v8.partitions_pending_revocation))
    elif record_type == rec.REGULAR_EXPRESSION:
        regex: str = k.regular_expression  # type: ignore[attr-defined]
        if value is None:
            group.resolved_regexes.pop(regex, None)
        else:
            v16: Any = rec.decode_value(ConsumerGroupRegularExpressionValue, value)
            group.resolved_regexes[regex] = ResolvedRegex(frozenset(v16.topics), v16.version, v16.timestamp)

def _replay_group(ctx: ShardContext, gid: str, create: bool) -> ConsumerGroup | None:
    group = ctx.groups.get(gid)
    if isinstance(group, ConsumerGroup):
        return group
    if group is not None:
        # CG-RP-1: a simple (offset-only) classic group is replaced; any other is a corrupt log.
        if not create:
            return None
        if group.group_type is not GroupType.CLASSIC or group.protocol_type is not None or not group.is_empty():
            raise RuntimeError(f"Group {gid} is not a consumer group.")
        ctx.replace_group(gid)
    elif not create:
        return None
    new = ConsumerGroup(gid)
    new.history = ctx.add_group(new, ConsumerGroupState.EMPTY, "consumer group created")
    new.state_timestamp_ms = ctx.now()
    return new
