"""The consumer-group records of `__consumer_offsets` (CG-LOG-1), in Kafka 4.1's byte layout.

A key is the int16 record type (the schema's `apiKey`: 3 group metadata, 4 partition metadata,
5 member metadata, 6 target-assignment metadata, 7 target-assignment member, 8 current member
assignment, 16 regular expression) then the non-flexible key struct at version 0; a value is the
int16 version 0 then the flexible value struct. Type 4 is only read (Kafka 4.0 wrote it; 4.1
replaced it with the metadata hash) and tombstoned.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping

from kaflite.coordinator.assignors.api import TopicId
from kaflite.protocol.messages import (
    ConsumerGroupCurrentMemberAssignmentKey,
    ConsumerGroupCurrentMemberAssignmentValue,
    ConsumerGroupMemberMetadataKey,
    ConsumerGroupMemberMetadataValue,
    ConsumerGroupMetadataKey,
    ConsumerGroupMetadataValue,
    ConsumerGroupPartitionMetadataKey,
    ConsumerGroupRegularExpressionKey,
    ConsumerGroupRegularExpressionValue,
    ConsumerGroupTargetAssignmentMemberKey,
    ConsumerGroupTargetAssignmentMemberValue,
    ConsumerGroupTargetAssignmentMetadataKey,
    ConsumerGroupTargetAssignmentMetadataValue,
)

_I16 = struct.Struct(">h")

GROUP_METADATA = 3
PARTITION_METADATA = 4
MEMBER_METADATA = 5
TARGET_ASSIGNMENT_METADATA = 6
TARGET_ASSIGNMENT_MEMBER = 7
CURRENT_MEMBER_ASSIGNMENT = 8
REGULAR_EXPRESSION = 16
RECORD_TYPES = (GROUP_METADATA, PARTITION_METADATA, MEMBER_METADATA, TARGET_ASSIGNMENT_METADATA,
                TARGET_ASSIGNMENT_MEMBER, CURRENT_MEMBER_ASSIGNMENT, REGULAR_EXPRESSION)
# Each record type as a step of a group's history, named once for every reader of the log (the admin endpoint's
# epochs, `kaflite analyze`'s timeline): record type -> (the event of a value, the event of its tombstone).
HISTORY_EVENTS: dict[int, tuple[str, str]] = {
    GROUP_METADATA: ("group-epoch", "group-deleted"),
    PARTITION_METADATA: ("partition-metadata", "partition-metadata-removed"),
    MEMBER_METADATA: ("member-updated", "member-left"),
    TARGET_ASSIGNMENT_METADATA: ("target-assignment", "target-assignment-removed"),
    TARGET_ASSIGNMENT_MEMBER: ("member-target", "member-target-removed"),
    CURRENT_MEMBER_ASSIGNMENT: ("member-assignment", "member-assignment-removed"),
    REGULAR_EXPRESSION: ("regex-resolved", "regex-removed"),
}
VALUE_VERSION = 0
# What replay decodes each record type's value as (`decode_value`); a partition-metadata value is only told apart
# from a tombstone. The loader checks values with it (kaflite/broker/offsets_load.py: a damaged record is skipped
# and its key keeps the value before it).
VALUE_TYPES: dict[int, type] = {
    GROUP_METADATA: ConsumerGroupMetadataValue,
    MEMBER_METADATA: ConsumerGroupMemberMetadataValue,
    TARGET_ASSIGNMENT_METADATA: ConsumerGroupTargetAssignmentMetadataValue,
    TARGET_ASSIGNMENT_MEMBER: ConsumerGroupTargetAssignmentMemberValue,
    CURRENT_MEMBER_ASSIGNMENT: ConsumerGroupCurrentMemberAssignmentValue,
    REGULAR_EXPRESSION: ConsumerGroupRegularExpressionValue,
}

Assignment = Mapping[TopicId, frozenset[int]]


def _key(record_type: int, struct_bytes: bytes) -> bytes:
    return _I16.pack(record_type) + struct_bytes


def _value(struct_bytes: bytes) -> bytes:
    return _I16.pack(VALUE_VERSION) + struct_bytes


# ---------------------------------------------------------------------------------------- keys
def group_metadata_key(group_id: str) -> bytes:
    return _key(GROUP_METADATA, ConsumerGroupMetadataKey(group_id=group_id).encode(0))


def partition_metadata_key(group_id: str) -> bytes:
    return _key(PARTITION_METADATA, ConsumerGroupPartitionMetadataKey(group_id=group_id).encode(0))


def member_metadata_key(group_id: str, member_id: str) -> bytes:
    return _key(MEMBER_METADATA, ConsumerGroupMemberMetadataKey(group_id=group_id, member_id=member_id).encode(0))


def target_assignment_metadata_key(group_id: str) -> bytes:
    return _key(TARGET_ASSIGNMENT_METADATA, ConsumerGroupTargetAssignmentMetadataKey(group_id=group_id).encode(0))


def target_assignment_member_key(group_id: str, member_id: str) -> bytes:
    k = ConsumerGroupTargetAssignmentMemberKey(group_id=group_id, member_id=member_id)
    return _key(TARGET_ASSIGNMENT_MEMBER, k.encode(0))


def current_assignment_key(group_id: str, member_id: str) -> bytes:
    k = ConsumerGroupCurrentMemberAssignmentKey(group_id=group_id, member_id=member_id)
    return _key(CURRENT_MEMBER_ASSIGNMENT, k.encode(0))


def regular_expression_key(group_id: str, regex: str) -> bytes:
    k = ConsumerGroupRegularExpressionKey(group_id=group_id, regular_expression=regex)
    return _key(REGULAR_EXPRESSION, k.encode(0))


_KEY_TYPES = {
    GROUP_METADATA: ConsumerGroupMetadataKey,
    PARTITION_METADATA: ConsumerGroupPartitionMetadataKey,
    MEMBER_METADATA: ConsumerGroupMemberMetadataKey,
    TARGET_ASSIGNMENT_METADATA: ConsumerGroupTargetAssignmentMetadataKey,
    TARGET_ASSIGNMENT_MEMBER: ConsumerGroupTargetAssignmentMemberKey,
    CURRENT_MEMBER_ASSIGNMENT: ConsumerGroupCurrentMemberAssignmentKey,
    REGULAR_EXPRESSION: ConsumerGroupRegularExpressionKey,
}


def decode_key(key: bytes) -> tuple[int, object]:
    """(record type, key struct) of a consumer-group record key."""
    (record_type,) = _I16.unpack_from(key, 0)
    return record_type, _KEY_TYPES[record_type].decode(memoryview(key)[2:], 0)  # type: ignore[attr-defined]


def decode_value(cls: type, value: bytes) -> object:
    """A value struct; a version other than 0 fails the load (CG-RP-2), as Kafka's loader does."""
    (version,) = _I16.unpack_from(value, 0)
    if version != VALUE_VERSION:
        raise ValueError(f"unknown value version {version} of {cls.__name__}")
    return cls.decode(memoryview(value)[2:], 0)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------- values
def group_metadata_value(epoch: int, metadata_hash: int) -> bytes:
    return _value(ConsumerGroupMetadataValue(epoch=epoch, metadata_hash=metadata_hash).encode(0))


def member_metadata_value(value: ConsumerGroupMemberMetadataValue) -> bytes:
    return _value(value.encode(0))


def target_assignment_metadata_value(assignment_epoch: int) -> bytes:
    return _value(ConsumerGroupTargetAssignmentMetadataValue(assignment_epoch=assignment_epoch).encode(0))


def target_assignment_member_value(assignment: Assignment) -> bytes:
    TP = ConsumerGroupTargetAssignmentMemberValue.TopicPartition
    tps = [TP(topic_id=t, partitions=sorted(ps)) for t, ps in sorted(assignment.items()) if ps]
    return _value(ConsumerGroupTargetAssignmentMemberValue(topic_partitions=tps).encode(0))


def current_assignment_value(
    member_epoch: int, previous_member_epoch: int, state: int, assigned: Assignment, pending_revocation: Assignment
) -> bytes:
    TP = ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions
    v = ConsumerGroupCurrentMemberAssignmentValue(
        member_epoch=member_epoch,
        previous_member_epoch=previous_member_epoch,
        state=state,
        assigned_partitions=[TP(topic_id=t, partitions=sorted(ps)) for t, ps in sorted(assigned.items()) if ps],
        partitions_pending_revocation=[
            TP(topic_id=t, partitions=sorted(ps)) for t, ps in sorted(pending_revocation.items()) if ps
        ],
    )
    return _value(v.encode(0))


def regular_expression_value(topics: list[str], version: int, timestamp: int) -> bytes:
    v = ConsumerGroupRegularExpressionValue(topics=sorted(topics), version=version, timestamp=timestamp)
    return _value(v.encode(0))


def assignment_of(topic_partitions: list[object]) -> dict[TopicId, frozenset[int]]:
    """A record's or request's [{TopicId, Partitions}] as topic id -> partitions (empty ones dropped)."""
    out: dict[TopicId, frozenset[int]] = {}
    for tp in topic_partitions:
        ps = frozenset(tp.partitions)  # type: ignore[attr-defined]
        if ps:
            tid = tp.topic_id  # type: ignore[attr-defined]
            out[tid] = out[tid] | ps if tid in out else ps
    return out
