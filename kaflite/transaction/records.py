"""`__transaction_state` records in Kafka's byte layout (TX-LOG-1; TransactionLog.scala).

Key: int16 version 0 + TransactionLogKey{TransactionalId}. Value: int16 version + TransactionLogValue at that
version; a null value is the tombstone of an expired id (TX-TO-2). kaflite writes value v0, as Kafka does while
`transaction.version` < 1 (TV1 clients); it reads v0 and v1 (v1's tagged fields are kept on the decoded value).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable

from kaflite.protocol.messages import TransactionLogKey, TransactionLogValue
from kaflite.transaction.state import TopicPartition, TransactionState

_VERSION = struct.Struct(">h")

TRANSACTION_STATE_TOPIC = "__transaction_state"
KEY_VERSION = 0
VALUE_VERSION = 0  # written
VALUE_VERSIONS = (0, 1)  # read

Record = tuple[bytes, bytes | None]


class UnknownValueVersion(ValueError):
    """A value version this broker cannot read: Kafka stops loading the partition there; kaflite fails loudly."""


def transaction_state_topic_configs(config_segment_bytes: int = 104_857_600) -> dict[str, str]:
    """TX-CO-1: the configs `__transaction_state` is created with (TransactionLog.scala, one node)."""
    return {
        "cleanup.policy": "compact",
        "compression.type": "uncompressed",
        "min.insync.replicas": "1",
        "unclean.leader.election.enable": "false",
        "segment.bytes": str(config_segment_bytes),
        # kaflite's, not Kafka's: each write is fsynced before its answer, and an fsync that overwrites
        # allocated blocks skips the journal commit a growing file needs (storage/segment.py)
        "preallocate": "true",
    }


def transaction_log_key(transactional_id: str) -> bytes:
    return _VERSION.pack(KEY_VERSION) + TransactionLogKey(transactional_id=transactional_id).encode(KEY_VERSION)


def decode_transaction_log_key(key: bytes) -> str | None:
    """The transactional id; None for a key version this broker does not know (TX-LOG-2: skipped)."""
    (version,) = _VERSION.unpack_from(key, 0)
    if version != KEY_VERSION:
        return None
    return TransactionLogKey.decode(key[2:], KEY_VERSION).transactional_id


def group_partitions(state: TransactionState, partitions: Iterable[TopicPartition]) -> list[
        TransactionLogValue.PartitionsSchema] | None:
    """TX-LOG-1: null when Empty, else grouped by topic (sorted here, so equal states encode alike)."""
    if state is TransactionState.EMPTY:
        return None
    by_topic: dict[str, list[int]] = {}
    for topic, p in sorted(partitions):
        by_topic.setdefault(topic, []).append(p)
    P = TransactionLogValue.PartitionsSchema
    return [P(topic=t, partition_ids=ps) for t, ps in by_topic.items()]


def transaction_log_value(
    producer_id: int,
    producer_epoch: int,
    txn_timeout_ms: int,
    state: TransactionState,
    partitions: Iterable[TopicPartition],
    last_update_ms: int,
    start_ms: int,
    version: int = VALUE_VERSION,
) -> bytes:
    if state in (TransactionState.DEAD, TransactionState.PREPARE_EPOCH_FENCE):
        raise ValueError(f"{state} is never written (TX-SM-2)")
    parts = list(partitions)
    if state is TransactionState.EMPTY and parts:
        raise ValueError("an Empty transaction has no partitions")
    value = TransactionLogValue(
        producer_id=producer_id,
        producer_epoch=producer_epoch,
        transaction_timeout_ms=txn_timeout_ms,
        transaction_status=state.id,
        transaction_partitions=group_partitions(state, parts),
        transaction_last_update_timestamp_ms=last_update_ms,
        transaction_start_timestamp_ms=start_ms,
    )
    return _VERSION.pack(version) + value.encode(version)


def decode_transaction_log_value(value: bytes) -> TransactionLogValue:
    (version,) = _VERSION.unpack_from(value, 0)
    if version not in VALUE_VERSIONS:
        raise UnknownValueVersion(f"__transaction_state value version {version} is unknown (reads {VALUE_VERSIONS})")
    return TransactionLogValue.decode(value[2:], version)


def partitions_of(value: TransactionLogValue) -> set[TopicPartition]:
    return {(t.topic, p) for t in value.transaction_partitions or () for p in t.partition_ids or ()}
