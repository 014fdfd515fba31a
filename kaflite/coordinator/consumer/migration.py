"""The online upgrade of a classic group to a consumer group (CG-MIG-1), sans-I/O.

Kafka's ConsumerGroup.fromClassicGroup + createConsumerGroupRecords: every classic member becomes
a member that keeps the classic protocol, STABLE at the classic generation, its target and current
assignment being what its last SyncGroup gave it. The records say exactly that, so a load (and the
live replay) rebuilds the same group; the member that triggered the upgrade then joins it as any
consumer-protocol member does, which bumps the epoch and starts a rebalance.

The classic group is handed over as plain `ClassicMemberView`s: the consumer package does not
know the classic one (the shard, above both, converts).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.consumer import records as rec
from kaflite.coordinator.consumer.classic_members import decode_subscription
from kaflite.coordinator.consumer.group import (
    ClassicMemberMetadata,
    ConsumerGroup,
    ConsumerGroupMember,
    MemberState,
)
from kaflite.coordinator.consumer.members import current_assignment_record, member_value
from kaflite.coordinator.consumer.target import member_topics, metadata_hash
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.records import Record
from kaflite.protocol.messages import ConsumerProtocolAssignment

_I16 = struct.Struct(">h")


class UnsupportedAssignorError(Exception):
    """An assignment carries userData (a custom assignor): it would be lost by the upgrade."""


@dataclass(frozen=True, slots=True)
class ClassicMemberView:
    """What the upgrade needs of one classic member."""

    member_id: str
    instance_id: str | None
    client_id: str
    client_host: str
    rebalance_timeout_ms: int
    session_timeout_ms: int
    protocols: tuple[tuple[str, bytes], ...]
    subscription: bytes  # the metadata of the group's protocol
    assignment: bytes  # its last SyncGroup assignment (b"" if it never synced)


def _assignment(raw: bytes, image: MetadataImage) -> dict[TopicId, frozenset[int]]:
    """A ConsumerProtocolAssignment by topic name -> by topic id (unknown topics dropped)."""
    if not raw:
        return {}
    (version,) = _I16.unpack_from(raw, 0)
    if version < 0:
        raise ValueError(f"negative consumer protocol version {version}")
    a = ConsumerProtocolAssignment.decode(memoryview(raw)[2:], min(version, ConsumerProtocolAssignment.MAX_VERSION))
    if a.user_data:
        raise UnsupportedAssignorError("userData from a custom assignor would be lost")
    out: dict[TopicId, frozenset[int]] = {}
    for tp in a.assigned_partitions:
        t = image.topic(tp.topic)
        if t is not None and tp.partitions:
            out[t.topic_id] = out.get(t.topic_id, frozenset()) | frozenset(tp.partitions)
    return out


def from_classic_group(group_id: str, generation: int, members: list[ClassicMemberView],
                       image: MetadataImage) -> tuple[ConsumerGroup, list[Record]]:
    """The converted group (not registered: the records' replay registers it) and its records,
    in Kafka's order: (5) per member, (3), (7) per member, (6), (8) per member. Raises ValueError
    (malformed embedded protocol) or UnsupportedAssignorError."""
    group = ConsumerGroup(group_id)
    group.group_epoch = generation
    group.assignment_epoch = generation
    converted: list[ConsumerGroupMember] = []
    for v in sorted(members, key=lambda v: v.member_id):
        sub = decode_subscription(v.subscription)
        assigned = _assignment(v.assignment, image)
        m = ConsumerGroupMember(
            member_id=v.member_id, member_epoch=generation, previous_member_epoch=generation,
            state=MemberState.STABLE, instance_id=v.instance_id, rack_id=sub.rack_id or None,
            client_id=v.client_id, client_host=v.client_host,
            subscribed_topic_names=tuple(sorted(set(sub.topics))), rebalance_timeout_ms=v.rebalance_timeout_ms,
            assigned=assigned, classic=ClassicMemberMetadata(v.session_timeout_ms, v.protocols),
        )
        converted.append(m)
        group.replay_member_metadata(m)
        group.replay_current_assignment(m.member_id, generation, generation, MemberState.STABLE, assigned, {})
        group.replay_target(m.member_id, assigned)
    names: set[str] = set()
    for m in converted:
        names |= member_topics(m, {})
    group.metadata_hash = metadata_hash(names, image)

    records: list[Record] = [(rec.member_metadata_key(group_id, m.member_id), member_value(m)) for m in converted]
    records.append((rec.group_metadata_key(group_id), rec.group_metadata_value(generation, group.metadata_hash)))
    records += [(rec.target_assignment_member_key(group_id, m.member_id),
                 rec.target_assignment_member_value(m.assigned)) for m in converted]
    records.append((rec.target_assignment_metadata_key(group_id), rec.target_assignment_metadata_value(generation)))
    records += [current_assignment_record(group_id, m) for m in converted]
    return group, records
