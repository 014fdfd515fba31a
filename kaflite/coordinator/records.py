"""`__consumer_offsets` records in Kafka's own byte layout (B-LOG-1).

Each key and value is an int16 schema version followed by the struct at that version. Key
versions tell the record kinds apart: 0-1 offset commit, 2 group metadata (3+ are KIP-848
records kaflite does not write and skips on replay). A delete is a null value (tombstone).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from kaflite.protocol.messages import (
    GroupMetadataKey,
    GroupMetadataValue,
    OffsetCommitKey,
    OffsetCommitValue,
)

_VERSION = struct.Struct(">h")

# What Kafka 3.9 writes.
OFFSET_COMMIT_KEY_VERSION = 1
OFFSET_COMMIT_VALUE_VERSION = 3
OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRE = 1  # the only value version carrying expireTimestamp
GROUP_METADATA_KEY_VERSION = 2
GROUP_METADATA_VALUE_VERSION = 3

Record = tuple[bytes, bytes | None]


@dataclass(frozen=True, slots=True)
class OffsetCommitRecordKey:
    group: str
    topic: str
    partition: int


@dataclass(frozen=True, slots=True)
class GroupMetadataRecordKey:
    group: str


def offset_commit_key(group: str, topic: str, partition: int) -> bytes:
    v = OFFSET_COMMIT_KEY_VERSION
    return _VERSION.pack(v) + OffsetCommitKey(group=group, topic=topic, partition=partition).encode(v)


def offset_commit_value(
    offset: int, leader_epoch: int, metadata: str, commit_timestamp: int, expire_timestamp: int | None
) -> bytes:
    """Value v3, or v1 when the (pre-2.1 client's) commit asked for a per-offset expiry."""
    if expire_timestamp is not None:
        v = OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRE
        value = OffsetCommitValue(
            offset=offset,
            metadata=metadata,
            commit_timestamp=commit_timestamp,
            expire_timestamp=expire_timestamp,
        )
    else:
        v = OFFSET_COMMIT_VALUE_VERSION
        value = OffsetCommitValue(
            offset=offset, leader_epoch=leader_epoch, metadata=metadata, commit_timestamp=commit_timestamp
        )
    return _VERSION.pack(v) + value.encode(v)


def group_metadata_key(group: str) -> bytes:
    v = GROUP_METADATA_KEY_VERSION
    return _VERSION.pack(v) + GroupMetadataKey(group=group).encode(v)


def group_metadata_value(value: GroupMetadataValue) -> bytes:
    v = GROUP_METADATA_VALUE_VERSION
    return _VERSION.pack(v) + value.encode(v)


def decode_key(key: bytes) -> OffsetCommitRecordKey | GroupMetadataRecordKey | None:
    """The record kind and its key; None for record kinds the classic coordinator does not know."""
    (version,) = _VERSION.unpack_from(key, 0)
    body = memoryview(key)[2:]
    if version in (0, 1):
        k = OffsetCommitKey.decode(body, version)
        return OffsetCommitRecordKey(k.group, k.topic, k.partition)
    if version == 2:
        return GroupMetadataRecordKey(GroupMetadataKey.decode(body, version).group)
    return None


def decode_offset_commit_value(value: bytes) -> OffsetCommitValue:
    (version,) = _VERSION.unpack_from(value, 0)
    return OffsetCommitValue.decode(memoryview(value)[2:], version)


def decode_group_metadata_value(value: bytes) -> GroupMetadataValue:
    (version,) = _VERSION.unpack_from(value, 0)
    return GroupMetadataValue.decode(memoryview(value)[2:], version)
