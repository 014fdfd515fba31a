"""`__share_group_state` records in Kafka's byte layout (SC-LOG-1; ShareCoordinatorRecordHelpers,
CoordinatorRecordSerde).

Key: int16 record type (0 ShareSnapshot, 1 ShareUpdate) + the non-flexible key struct at version 0
{GroupId, TopicId uuid, Partition int32}. Value: int16 version 0 + the flexible value struct. A tombstone
is a ShareSnapshot key with a null value. Decoding raises `UnknownRecord` for a type or value version this
broker does not know: replay skips such records with a warning (SC-RP-1).
"""

from __future__ import annotations

import base64
import struct
from dataclasses import dataclass
from typing import NamedTuple

from kaflite.protocol.messages import ShareSnapshotKey, ShareSnapshotValue, ShareUpdateKey, ShareUpdateValue
from kaflite.share_coordinator.batches import StateBatch

_I16 = struct.Struct(">h")

SHARE_GROUP_STATE_TOPIC = "__share_group_state"
SHARE_SNAPSHOT = 0
SHARE_UPDATE = 1
VALUE_VERSION = 0

Record = tuple[bytes, bytes | None]


class SharePartitionKey(NamedTuple):
    """One share-partition's state: (group, topic id as 16 raw bytes, partition). A null topic id (None)
    only ever reaches the checks that refuse it."""

    group_id: str
    topic_id: bytes | None
    partition: int

    def coordinator_key(self) -> str:
        """Kafka's `asCoordinatorKey`: `group:topicId:partition`, the topic id in base64url without padding."""
        return f"{self.group_id}:{topic_id_string(self.topic_id)}:{self.partition}"


def topic_id_string(topic_id: bytes | None) -> str:
    """Kafka's Uuid.toString (22 characters); "null" as Java formats a null id."""
    if topic_id is None:
        return "null"
    return base64.urlsafe_b64encode(topic_id).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, slots=True)
class ShareGroupOffset:
    """A ShareSnapshot value (S0), and the state a key holds (Kafka's ShareGroupOffset): the same fields."""

    snapshot_epoch: int
    state_epoch: int
    leader_epoch: int
    start_offset: int
    delivery_complete_count: int
    state_batches: tuple[StateBatch, ...]
    create_timestamp: int
    write_timestamp: int


@dataclass(frozen=True, slots=True)
class ShareUpdate:
    """A ShareUpdate value (S1): a delta on the last snapshot; StartOffset and LeaderEpoch -1 = unchanged."""

    snapshot_epoch: int
    leader_epoch: int
    start_offset: int
    delivery_complete_count: int
    state_batches: tuple[StateBatch, ...]


class UnknownRecord(ValueError):
    """A record type or value version this broker does not read (SC-RP-1: skipped with a warning)."""


def share_group_state_topic_configs(segment_bytes: int = 104_857_600) -> dict[str, str]:
    """SC-TOP-1: the configs `__share_group_state` is created with (ShareCoordinatorService's
    shareGroupStateTopicConfigs; one node, so min ISR 1)."""
    return {
        "cleanup.policy": "delete",
        "compression.type": "producer",
        "segment.bytes": str(segment_bytes),
        "min.insync.replicas": "1",
        "retention.ms": "-1",
    }


def _key(record_type: int, key: SharePartitionKey) -> bytes:
    cls = ShareSnapshotKey if record_type == SHARE_SNAPSHOT else ShareUpdateKey
    if key.topic_id is None:
        raise ValueError("a record's topic id is never null")
    body = cls(group_id=key.group_id, topic_id=key.topic_id, partition=key.partition).encode(0)
    return _I16.pack(record_type) + body


def share_snapshot_key(key: SharePartitionKey) -> bytes:
    return _key(SHARE_SNAPSHOT, key)


def share_update_key(key: SharePartitionKey) -> bytes:
    return _key(SHARE_UPDATE, key)


def share_snapshot_value(value: ShareGroupOffset) -> bytes:
    B = ShareSnapshotValue.StateBatch
    v = ShareSnapshotValue(
        snapshot_epoch=value.snapshot_epoch, state_epoch=value.state_epoch, leader_epoch=value.leader_epoch,
        start_offset=value.start_offset, delivery_complete_count=value.delivery_complete_count,
        create_timestamp=value.create_timestamp, write_timestamp=value.write_timestamp,
        state_batches=[B(first_offset=b.first_offset, last_offset=b.last_offset, delivery_state=b.delivery_state,
                         delivery_count=b.delivery_count) for b in value.state_batches])
    return _I16.pack(VALUE_VERSION) + v.encode(VALUE_VERSION)


def share_update_value(value: ShareUpdate) -> bytes:
    B = ShareUpdateValue.StateBatch
    v = ShareUpdateValue(
        snapshot_epoch=value.snapshot_epoch, leader_epoch=value.leader_epoch, start_offset=value.start_offset,
        delivery_complete_count=value.delivery_complete_count,
        state_batches=[B(first_offset=b.first_offset, last_offset=b.last_offset, delivery_state=b.delivery_state,
                         delivery_count=b.delivery_count) for b in value.state_batches])
    return _I16.pack(VALUE_VERSION) + v.encode(VALUE_VERSION)


def snapshot_record(key: SharePartitionKey, value: ShareGroupOffset) -> Record:
    return share_snapshot_key(key), share_snapshot_value(value)


def update_record(key: SharePartitionKey, value: ShareUpdate) -> Record:
    return share_update_key(key), share_update_value(value)


def tombstone(key: SharePartitionKey) -> Record:
    """Kafka always tombstones with the ShareSnapshot key type (SC-LOG-1)."""
    return share_snapshot_key(key), None


def _batches(value: ShareSnapshotValue | ShareUpdateValue) -> tuple[StateBatch, ...]:
    return tuple(StateBatch(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count)
                 for b in value.state_batches)


def decode_record(key: bytes, value: bytes | None) -> tuple[int, SharePartitionKey,
                                                            ShareGroupOffset | ShareUpdate | None]:
    """(record type, key, value or None for a tombstone). `UnknownRecord` for a type or version not read."""
    (record_type,) = _I16.unpack_from(key, 0)
    if record_type not in (SHARE_SNAPSHOT, SHARE_UPDATE):
        raise UnknownRecord(f"__share_group_state record type {record_type} is unknown")
    key_cls = ShareSnapshotKey if record_type == SHARE_SNAPSHOT else ShareUpdateKey
    k = key_cls.decode(memoryview(key)[2:], 0)
    spk = SharePartitionKey(k.group_id, bytes(k.topic_id), k.partition)
    if value is None:
        return record_type, spk, None
    (version,) = _I16.unpack_from(value, 0)
    if version != VALUE_VERSION:
        raise UnknownRecord(f"__share_group_state record type {record_type} value version {version} is unknown")
    body = memoryview(value)[2:]
    if record_type == SHARE_SNAPSHOT:
        s = ShareSnapshotValue.decode(body, VALUE_VERSION)
        return record_type, spk, ShareGroupOffset(
            s.snapshot_epoch, s.state_epoch, s.leader_epoch, s.start_offset, s.delivery_complete_count, _batches(s),
            s.create_timestamp, s.write_timestamp)
    u = ShareUpdateValue.decode(body, VALUE_VERSION)
    return record_type, spk, ShareUpdate(u.snapshot_epoch, u.leader_epoch, u.start_offset, u.delivery_complete_count,
                                         _batches(u))
