"""The share-group records of `__consumer_offsets` (SG-LOG-1), in Kafka 4.2's byte layout.

A key is the int16 record type (10 member metadata, 11 group metadata, 12 target-assignment metadata,
13 target-assignment member, 14 current member assignment, 15 share-partition state metadata) then the key
struct at version 0; a value is the int16 version 0 then the flexible value struct. Lists are written sorted
(Kafka writes hash order). Type 9 (4.0's ShareGroupPartitionMetadata) is gone: skipped as unknown.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kaflite.coordinator.assignors.api import TopicId
from kaflite.protocol.messages import (
    ShareGroupCurrentMemberAssignmentKey,
    ShareGroupCurrentMemberAssignmentValue,
    ShareGroupMemberMetadataKey,
    ShareGroupMemberMetadataValue,
    ShareGroupMetadataKey,
    ShareGroupMetadataValue,
    ShareGroupStatePartitionMetadataKey,
    ShareGroupStatePartitionMetadataValue,
    ShareGroupTargetAssignmentMemberKey,
    ShareGroupTargetAssignmentMemberValue,
    ShareGroupTargetAssignmentMetadataKey,
    ShareGroupTargetAssignmentMetadataValue,
)

_I16 = struct.Struct(">h")

MEMBER_METADATA = 10
GROUP_METADATA = 11
TARGET_ASSIGNMENT_METADATA = 12
TARGET_ASSIGNMENT_MEMBER = 13
CURRENT_MEMBER_ASSIGNMENT = 14
STATE_PARTITION_METADATA = 15
RECORD_TYPES = (MEMBER_METADATA, GROUP_METADATA, TARGET_ASSIGNMENT_METADATA, TARGET_ASSIGNMENT_MEMBER,
                CURRENT_MEMBER_ASSIGNMENT, STATE_PARTITION_METADATA)
VALUE_VERSION = 0
VALUE_TYPES: dict[int, Any] = {
    MEMBER_METADATA: ShareGroupMemberMetadataValue,
    GROUP_METADATA: ShareGroupMetadataValue,
    TARGET_ASSIGNMENT_METADATA: ShareGroupTargetAssignmentMetadataValue,
    TARGET_ASSIGNMENT_MEMBER: ShareGroupTargetAssignmentMemberValue,
    CURRENT_MEMBER_ASSIGNMENT: ShareGroupCurrentMemberAssignmentValue,
    STATE_PARTITION_METADATA: ShareGroupStatePartitionMetadataValue,
}
_KEY_TYPES: dict[int, Any] = {
    MEMBER_METADATA: ShareGroupMemberMetadataKey,
    GROUP_METADATA: ShareGroupMetadataKey,
    TARGET_ASSIGNMENT_METADATA: ShareGroupTargetAssignmentMetadataKey,
    TARGET_ASSIGNMENT_MEMBER: ShareGroupTargetAssignmentMemberKey,
    CURRENT_MEMBER_ASSIGNMENT: ShareGroupCurrentMemberAssignmentKey,
    STATE_PARTITION_METADATA: ShareGroupStatePartitionMetadataKey,
}

Assignment = Mapping[TopicId, frozenset[int]]


@dataclass(frozen=True, slots=True)
class TopicPartitions:
    """One topic of record 15: its id, name and partitions."""

    topic_name: str
    partitions: frozenset[int]


@dataclass(frozen=True, slots=True)
class StatePartitionMetadata:
    """Record 15 (SG-INIT-1): the group's whole view of its share-partitions' state."""

    initializing: Mapping[TopicId, TopicPartitions]
    initialized: Mapping[TopicId, TopicPartitions]
    deleting: Mapping[TopicId, str]


def _key(record_type: int, key_struct: Any) -> bytes:
    return _I16.pack(record_type) + bytes(key_struct.encode(0))


def _value(value_struct: Any) -> bytes:
    return _I16.pack(VALUE_VERSION) + bytes(value_struct.encode(0))


# ---------------------------------------------------------------------------------------- keys
def member_metadata_key(group_id: str, member_id: str) -> bytes:
    return _key(MEMBER_METADATA, ShareGroupMemberMetadataKey(group_id=group_id, member_id=member_id))


def group_metadata_key(group_id: str) -> bytes:
    return _key(GROUP_METADATA, ShareGroupMetadataKey(group_id=group_id))


def target_assignment_metadata_key(group_id: str) -> bytes:
    return _key(TARGET_ASSIGNMENT_METADATA, ShareGroupTargetAssignmentMetadataKey(group_id=group_id))


def target_assignment_member_key(group_id: str, member_id: str) -> bytes:
    return _key(TARGET_ASSIGNMENT_MEMBER, ShareGroupTargetAssignmentMemberKey(group_id=group_id, member_id=member_id))


def current_assignment_key(group_id: str, member_id: str) -> bytes:
    return _key(CURRENT_MEMBER_ASSIGNMENT,
                ShareGroupCurrentMemberAssignmentKey(group_id=group_id, member_id=member_id))


def state_partition_metadata_key(group_id: str) -> bytes:
    return _key(STATE_PARTITION_METADATA, ShareGroupStatePartitionMetadataKey(group_id=group_id))


def decode_key(key: bytes) -> tuple[int, Any]:
    """(record type, key struct) of a share-group record key."""
    (record_type,) = _I16.unpack_from(key, 0)
    return record_type, _KEY_TYPES[record_type].decode(memoryview(key)[2:], 0)


def decode_value(record_type: int, value: bytes) -> Any:
    """A value struct; a version other than 0 fails the load (SG-RP-1, CG-RP-2), as Kafka's loader does."""
    (version,) = _I16.unpack_from(value, 0)
    if version != VALUE_VERSION:
        raise ValueError(f"unknown value version {version} of share-group record type {record_type}")
    return VALUE_TYPES[record_type].decode(memoryview(value)[2:], 0)


# ---------------------------------------------------------------------------------------- values
def member_metadata_value(rack_id: str | None, client_id: str, client_host: str,
                          subscribed_topic_names: Iterable[str]) -> bytes:
    return _value(ShareGroupMemberMetadataValue(rack_id=rack_id, client_id=client_id, client_host=client_host,
                                                subscribed_topic_names=sorted(subscribed_topic_names)))


def group_metadata_value(epoch: int, metadata_hash: int) -> bytes:
    return _value(ShareGroupMetadataValue(epoch=epoch, metadata_hash=metadata_hash))


def target_assignment_metadata_value(assignment_epoch: int) -> bytes:
    return _value(ShareGroupTargetAssignmentMetadataValue(assignment_epoch=assignment_epoch))


def target_assignment_member_value(assignment: Assignment) -> bytes:
    TP = ShareGroupTargetAssignmentMemberValue.TopicPartition
    return _value(ShareGroupTargetAssignmentMemberValue(
        topic_partitions=[TP(topic_id=t, partitions=sorted(ps)) for t, ps in sorted(assignment.items()) if ps]))


def current_assignment_value(member_epoch: int, previous_member_epoch: int, assigned: Assignment) -> bytes:
    TP = ShareGroupCurrentMemberAssignmentValue.TopicPartitions
    return _value(ShareGroupCurrentMemberAssignmentValue(
        member_epoch=member_epoch, previous_member_epoch=previous_member_epoch, state=0,
        assigned_partitions=[TP(topic_id=t, partitions=sorted(ps)) for t, ps in sorted(assigned.items()) if ps]))


def state_partition_metadata_value(metadata: StatePartitionMetadata) -> bytes:
    V = ShareGroupStatePartitionMetadataValue

    def infos(topics: Mapping[TopicId, TopicPartitions]) -> list[Any]:
        return [V.TopicPartitionsInfo(topic_id=t, topic_name=tp.topic_name, partitions=sorted(tp.partitions))
                for t, tp in sorted(topics.items(), key=lambda kv: (kv[1].topic_name, kv[0]))]

    return _value(V(initializing_topics=infos(metadata.initializing), initialized_topics=infos(metadata.initialized),
                    deleting_topics=[V.TopicInfo(topic_id=t, topic_name=n)
                                     for t, n in sorted(metadata.deleting.items(), key=lambda kv: (kv[1], kv[0]))]))


def assignment_of(topic_partitions: Iterable[Any]) -> dict[TopicId, frozenset[int]]:
    """A record's [{TopicId, Partitions}] as topic id -> partitions (empty ones dropped)."""
    out: dict[TopicId, frozenset[int]] = {}
    for tp in topic_partitions:
        ps = frozenset(tp.partitions)
        if ps:
            out[tp.topic_id] = out.get(tp.topic_id, frozenset()) | ps
    return out


def state_partition_metadata_of(value: Any) -> StatePartitionMetadata:
    def topics(infos: Iterable[Any]) -> dict[TopicId, TopicPartitions]:
        return {i.topic_id: TopicPartitions(i.topic_name, frozenset(i.partitions)) for i in infos}

    return StatePartitionMetadata(topics(value.initializing_topics), topics(value.initialized_topics),
                                  {i.topic_id: i.topic_name for i in value.deleting_topics})
