"""`__consumer_offsets` records in Kafka's own byte layout (B-LOG-1).

Each key and value is an int16 schema version followed by the struct at that version. Key
versions tell the record kinds apart: 0-1 offset commit, 2 group metadata (3+ are KIP-848 and
later records kaflite does not write yet; the shard logs and skips them on replay). A delete is a
null value (tombstone).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from kaflite.coordinator_common.records import EndTransactionMarker as EndTransactionMarker
from kaflite.coordinator_common.records import LoadedRecord as LoadedRecord
from kaflite.coordinator_common.records import ProducerIdAndEpoch as ProducerIdAndEpoch
from kaflite.coordinator_common.records import Record as Record
from kaflite.coordinator_common.records import TransactionalRecord as TransactionalRecord
from kaflite.protocol.messages import (
    GroupMetadataKey,
    GroupMetadataValue,
    OffsetCommitKey,
    OffsetCommitValue,
)

CONSUMER_OFFSETS = "__consumer_offsets"  # the topic these records live in

_VERSION = struct.Struct(">h")

# What Kafka 3.9 writes.
OFFSET_COMMIT_KEY_VERSION = 1
OFFSET_COMMIT_VALUE_VERSION = 3
OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRE = 1  # the only value version carrying expireTimestamp
GROUP_METADATA_KEY_VERSION = 2
GROUP_METADATA_VALUE_VERSION = 3

@dataclass(frozen=True, slots=True)
class OffsetCommitRecordKey:
    group: str
    topic: str
    partition: int


@dataclass(frozen=True, slots=True)
class GroupMetadataRecordKey:
    group: str


# Every commit writes one key and one value: packed directly in their fixed, non-flexible layouts (key v1:
# version, group, topic, partition; value v3: version, offset, leader epoch, metadata, commit timestamp),
# byte for byte the generated encoders' output (tests/coordinator/test_records.py compares them).
_KEY_V1_HEAD = struct.Struct(">hh")
_VALUE_V3_PREFIX = struct.Struct(">hqih")


def offset_commit_key(group: str, topic: str, partition: int) -> bytes:
    g = group.encode()
    t = topic.encode()
    return b"".join((_KEY_V1_HEAD.pack(OFFSET_COMMIT_KEY_VERSION, len(g)), g, _I16.pack(len(t)), t,
                     _I32.pack(partition)))


def offset_commit_value(
    offset: int, leader_epoch: int, metadata: str, commit_timestamp: int, expire_timestamp: int | None
) -> bytes:
    """Value v3, or v1 when the (pre-2.1 client's) commit asked for a per-offset expiry."""
    if expire_timestamp is None:
        m = metadata.encode()
        return _VALUE_V3_PREFIX.pack(OFFSET_COMMIT_VALUE_VERSION, offset, leader_epoch, len(m)) + m + \
            _I64.pack(commit_timestamp)
    v = OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRE
    value = OffsetCommitValue(
        offset=offset, metadata=metadata, commit_timestamp=commit_timestamp, expire_timestamp=expire_timestamp
    )
    return _VERSION.pack(v) + value.encode(v)


def group_metadata_key(group: str) -> bytes:
    v = GROUP_METADATA_KEY_VERSION
    return _VERSION.pack(v) + GroupMetadataKey(group=group).encode(v)


def group_metadata_value(value: GroupMetadataValue) -> bytes:
    v = GROUP_METADATA_VALUE_VERSION
    return _VERSION.pack(v) + value.encode(v)


# Fast paths for the records a load replays by the million (offset commits): their layouts are
# fixed and non-flexible, so a few precompiled unpacks replace the generated decoders' object
# building. Anything the fast path does not expect (a null or negative length, a short or garbled
# body, invalid UTF-8, the flexible value v4) goes to the generated decoder, so the
# results and errors stay exactly the generated ones. Empty metadata (what most clients commit) is
# not sliced and decoded.
_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")
_I64 = struct.Struct(">q")
_KEY_HEAD = struct.Struct(">hh")  # key v0-1: version, group length
_VALUE_V3_HEAD = struct.Struct(">hqih")  # version, offset, leader epoch, metadata length
_VALUE_V0_HEAD = struct.Struct(">hqh")  # v0-2: version, offset, metadata length
_I64_I64 = struct.Struct(">qq")  # v1: commit timestamp, expire timestamp
_FAST_PATH_MISSES = (struct.error, UnicodeDecodeError)

OffsetCommitKeyFields = tuple[str, str, int]
"""(group, topic, partition)."""
OffsetCommitValueFields = tuple[int, int, str, int, int | None]
"""(offset, leader_epoch, metadata, commit_timestamp, expire_timestamp): leader_epoch -1 and
expire_timestamp None where the version has none (or the record says -1). The field order of the
coordinator's OffsetAndMetadata, which is built from it as is."""


def decode_offset_commit_key(buffer: bytes | bytearray | memoryview) -> OffsetCommitKeyFields | None:
    """(group, topic, partition) of an offset-commit key (v0-1); None for every other record kind."""
    key = buffer if type(buffer) is bytes else bytes(buffer)  # any buffer; the fast path slices and decodes bytes
    try:
        version, n = _KEY_HEAD.unpack_from(key, 0)
        if version != 0 and version != 1:
            return None
        if n >= 0:
            p = 4 + n
            (m,) = _I16.unpack_from(key, p)  # raises if the group ran past the end
            if m >= 0:
                q = p + 2 + m
                (partition,) = _I32.unpack_from(key, q)  # raises if the topic ran past the end
                return key[4:p].decode(), key[p + 2 : q].decode(), partition
    except _FAST_PATH_MISSES:
        pass
    (version,) = _VERSION.unpack_from(key, 0)
    if version != 0 and version != 1:
        return None
    k = OffsetCommitKey.decode(memoryview(key)[2:], version)
    return k.group, k.topic, k.partition


def decode_offset_commit_value_fields(buffer: bytes | bytearray | memoryview) -> OffsetCommitValueFields:
    """The fields of an offset-commit value at any version (0-4), as a plain tuple (no object)."""
    value = buffer if type(buffer) is bytes else bytes(buffer)  # any buffer, as decode_offset_commit_key
    try:
        version, offset, leader_epoch, n = _VALUE_V3_HEAD.unpack_from(value, 0)
        if version == 3:  # what kaflite writes
            if n >= 0:
                p = 16 + n
                (commit_timestamp,) = _I64.unpack_from(value, p)  # raises if metadata ran past the end
                return offset, leader_epoch, value[16:p].decode() if n else "", commit_timestamp, None
        elif version == 0 or version == 2:
            _, offset, n = _VALUE_V0_HEAD.unpack_from(value, 0)
            if n >= 0:
                p = 12 + n
                (commit_timestamp,) = _I64.unpack_from(value, p)
                return offset, -1, value[12:p].decode() if n else "", commit_timestamp, None
        elif version == 1:
            _, offset, n = _VALUE_V0_HEAD.unpack_from(value, 0)
            if n >= 0:
                p = 12 + n
                commit_timestamp, expire_timestamp = _I64_I64.unpack_from(value, p)
                return offset, -1, value[12:p].decode() if n else "", commit_timestamp, _expire(expire_timestamp)
    except _FAST_PATH_MISSES:
        pass
    # v4 (flexible), unknown versions, null metadata or a malformed value: the generated decoder.
    (version,) = _VERSION.unpack_from(value, 0)
    v = OffsetCommitValue.decode(memoryview(value)[2:], version)
    return v.offset, v.leader_epoch, v.metadata, v.commit_timestamp, _expire(v.expire_timestamp)


def _expire(expire_timestamp: int) -> int | None:
    return None if expire_timestamp == -1 else expire_timestamp


def record_key_version(key: bytes) -> int:
    """The key's schema version, which names the record kind (Kafka's CoordinatorRecordType)."""
    return int(_VERSION.unpack_from(key, 0)[0])


def decode_group_metadata_key(key: bytes) -> str:
    """The group id of a group-metadata key (v2)."""
    (version,) = _VERSION.unpack_from(key, 0)
    return GroupMetadataKey.decode(memoryview(key)[2:], version).group


def decode_key(key: bytes) -> OffsetCommitRecordKey | GroupMetadataRecordKey | None:
    """The record kind and its key; None for record kinds the classic coordinator does not know."""
    (version,) = _VERSION.unpack_from(key, 0)
    if version in (0, 1):
        fields = decode_offset_commit_key(key)
        assert fields is not None
        return OffsetCommitRecordKey(*fields)
    if version == GROUP_METADATA_KEY_VERSION:
        return GroupMetadataRecordKey(decode_group_metadata_key(key))
    return None


def decode_offset_commit_value(value: bytes) -> OffsetCommitValue:
    offset, leader_epoch, metadata, commit_timestamp, expire_timestamp = decode_offset_commit_value_fields(value)
    return OffsetCommitValue(
        offset=offset,
        leader_epoch=leader_epoch,
        metadata=metadata,
        commit_timestamp=commit_timestamp,
        expire_timestamp=-1 if expire_timestamp is None else expire_timestamp,
    )


def decode_group_metadata_value(value: bytes) -> GroupMetadataValue:
    (version,) = _VERSION.unpack_from(value, 0)
    return GroupMetadataValue.decode(memoryview(value)[2:], version)
