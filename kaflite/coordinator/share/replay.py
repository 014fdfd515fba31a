"""The replay of the share-group records of `__consumer_offsets` (SG-RP-1, Kafka's GMM replay of types 10-15):
the same code a load runs and every live operation's records go through, so memory is what the log says."""

from __future__ import annotations

from kaflite.coordinator.context import PartitionStatus, ShardContext
from kaflite.coordinator.group import GroupType, Transition
from kaflite.coordinator.share import records as rec
from kaflite.coordinator.share.group import ShareGroup, ShareGroupMember, ShareGroupState


def replay_record(ctx: ShardContext, key: bytes, value: bytes | None) -> None:
    """Apply one share-group record (types 10-15): the only way a share group changes, live and at load."""
    record_type, k = rec.decode_key(key)
    gid: str = k.group_id
    group = _replay_group(ctx, gid, create=value is not None)
    if group is None:
        return  # a tombstone for a group that is gone
    v = None if value is None else rec.decode_value(record_type, value)
    if record_type == rec.MEMBER_METADATA:
        mid: str = k.member_id
        old = group.members.get(mid)
        if v is None:
            if old is None:
                return
            if old.member_epoch != -1 or mid in group.target:
                raise RuntimeError(f"Received a tombstone record to delete member {mid} of share group {gid} "
                                   "but did not receive its assignment tombstones first.")
            del group.members[mid]
        else:
            base = old if old is not None else ShareGroupMember(mid)
            group.members[mid] = base.replace(rack_id=v.rack_id, client_id=v.client_id, client_host=v.client_host,
                                              subscribed_topic_names=tuple(sorted(v.subscribed_topic_names)))
    elif record_type == rec.GROUP_METADATA:
        if v is None:
            if group.members or group.target or group.assignment_epoch != -1:
                raise RuntimeError(f"Received a tombstone record to delete share group {gid} but the group still "
                                   f"has {len(group.members)} members or a target assignment.")
            ctx.remove_group(gid, "group deleted")
            return
        group.group_epoch = v.epoch
        group.metadata_hash = v.metadata_hash
    elif record_type == rec.TARGET_ASSIGNMENT_METADATA:
        if v is None:
            if group.target:
                raise RuntimeError(f"Received a tombstone record to delete the target assignment of share group "
                                   f"{gid} but it still has {len(group.target)} member targets.")
            group.assignment_epoch = -1
        else:
            group.assignment_epoch = v.assignment_epoch
    elif record_type == rec.TARGET_ASSIGNMENT_MEMBER:
        mid = k.member_id
        if v is None:
            group.target.pop(mid, None)
        else:
            group.target[mid] = rec.assignment_of(v.topic_partitions)
    elif record_type == rec.CURRENT_MEMBER_ASSIGNMENT:
        mid = k.member_id
        old = group.members.get(mid)
        if v is None:
            if old is not None:
                group.members[mid] = old.replace(member_epoch=-1, previous_member_epoch=-1, assigned={})
        else:
            base = old if old is not None else ShareGroupMember(mid)
            group.members[mid] = base.replace(member_epoch=v.member_epoch,
                                              previous_member_epoch=v.previous_member_epoch,
                                              assigned=rec.assignment_of(v.assigned_partitions))
    elif record_type == rec.STATE_PARTITION_METADATA:
        if v is None:
            group.has_state_metadata = False
            group.initializing, group.initialized, group.deleting = {}, {}, {}
            group.initializing_since = {}
        else:
            md = rec.state_partition_metadata_of(v)
            now = ctx.now()
            since = {(t, p): group.initializing_since.get((t, p), now)
                     for t, tp in md.initializing.items() for p in tp.partitions}
            group.has_state_metadata = True
            group.initializing, group.initialized, group.deleting = (dict(md.initializing), dict(md.initialized),
                                                                     dict(md.deleting))
            group.initializing_since = since
    _update_state(ctx, group)


def _update_state(ctx: ShardContext, group: ShareGroup) -> None:
    """SG-STATE-1: Empty or Stable, derived; a change is a transition of the group's history."""
    if ctx.groups.get(group.group_id) is not group:
        return
    new = group.compute_state()
    if new is group.state:
        return
    old, group.state = group.state, new
    now = ctx.now()
    group.state_timestamp_ms = now
    if ctx.partition_status(ctx.partition_for(group.group_id)) is PartitionStatus.LOADING:
        return  # a load rebuilding the group: not a transition (its creation is in the history)
    t = Transition(now, group.group_id, old, new, group.group_epoch, len(group.members),
                   "member joined" if new is ShareGroupState.STABLE else "last member left")
    group.history.append(t)
    ctx.publish_transition(t)


def _replay_group(ctx: ShardContext, gid: str, create: bool) -> ShareGroup | None:
    group = ctx.groups.get(gid)
    if isinstance(group, ShareGroup):
        return group
    if group is not None:
        # A simple (offset-only) classic group is replaced, as for consumer groups; any other is a corrupt log.
        if not create:
            return None
        if group.group_type is not GroupType.CLASSIC or group.protocol_type is not None or not group.is_empty():
            raise RuntimeError(f"Group {gid} is not a share group.")
        ctx.replace_group(gid)
    elif not create:
        return None
    new = ShareGroup(gid)
    new.history = ctx.add_group(new, ShareGroupState.EMPTY, "share group created")
    new.state_timestamp_ms = ctx.now()
    return new
