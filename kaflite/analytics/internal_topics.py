"""Rows of the coordinators' internal topics: ``__consumer_offsets`` (`kaflite-offsets`: commits, classic
group metadata, KIP-848 consumer-group records) and ``__transaction_state`` (`kaflite-transactions`).

Apart from `kaflite.analytics.decode` because these rows are the coordinators' records, not a partition's
log: each is decoded with the coordinator's own record codecs (`kaflite.coordinator.records`,
`kaflite.coordinator.consumer.records`, `kaflite.transaction.records`), which is the only reason the
analytics package reads anything of the coordinators. Segments are read with `decode`'s complete-batch
reader, so a torn tail ends a read exactly as it does for `kaflite-log`.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Iterator
from typing import Any

from kaflite.analytics.decode import complete_batches, open_segment, safe_decode
from kaflite.coordinator.consumer import records as cg
from kaflite.coordinator.records import (
    GroupMetadataRecordKey,
    OffsetCommitRecordKey,
    decode_group_metadata_value,
    decode_key,
    decode_offset_commit_value,
)
from kaflite.protocol.messages import (
    ConsumerGroupCurrentMemberAssignmentValue,
    ConsumerGroupMemberMetadataValue,
    ConsumerGroupMetadataValue,
    ConsumerGroupRegularExpressionValue,
    ConsumerGroupTargetAssignmentMemberValue,
    ConsumerGroupTargetAssignmentMetadataValue,
    ConsumerProtocolAssignment,
    ConsumerProtocolSubscription,
)
from kaflite.transaction.records import decode_transaction_log_key, decode_transaction_log_value
from kaflite.transaction.state import TransactionState

log = logging.getLogger("kaflite.analytics")

COMMIT_COLUMNS = (
    "group", "topic", "partition", "offset", "leader_epoch", "metadata", "commit_timestamp",
    "expire_timestamp", "tombstone", "value_version", "log_partition", "log_offset", "log_timestamp",
)
GROUP_COLUMNS = (
    "group", "generation", "protocol_type", "protocol", "leader", "current_state_timestamp", "members",
    "tombstone", "value_version", "log_partition", "log_offset", "log_timestamp",
)
#: One row per KIP-848 consumer-group record (types 3-8, 16); the columns a record type does not carry are
#: None. Partitions are {topic, topic_id, partition} (topic: the name from the partition.metadata files, or
#: the id when the topic is gone).
CONSUMER_GROUP_COLUMNS = (
    "group", "record_type", "record", "tombstone", "member_id",
    "group_epoch", "metadata_hash",  # 3
    "instance_id", "rack_id", "client_id", "client_host", "subscribed_topic_names", "subscribed_topic_regex",
    "server_assignor", "rebalance_timeout",  # 5
    "assignment_epoch",  # 6
    "target",  # 7
    "member_epoch", "previous_member_epoch", "member_state", "assigned", "pending_revocation",  # 8
    "regex", "regex_topics", "regex_version", "regex_timestamp",  # 16
    "value_version", "log_partition", "log_offset", "log_timestamp",
)
#: Record type -> its name in Kafka's CoordinatorRecordType.
CONSUMER_GROUP_RECORDS = {
    cg.GROUP_METADATA: "ConsumerGroupMetadata", cg.PARTITION_METADATA: "ConsumerGroupPartitionMetadata",
    cg.MEMBER_METADATA: "ConsumerGroupMemberMetadata",
    cg.TARGET_ASSIGNMENT_METADATA: "ConsumerGroupTargetAssignmentMetadata",
    cg.TARGET_ASSIGNMENT_MEMBER: "ConsumerGroupTargetAssignmentMember",
    cg.CURRENT_MEMBER_ASSIGNMENT: "ConsumerGroupCurrentMemberAssignment",
    cg.REGULAR_EXPRESSION: "ConsumerGroupRegularExpression",
}
#: CurrentMemberAssignment's State (int8) by name (Kafka's MemberState).
MEMBER_STATES = {0: "STABLE", 1: "UNREVOKED_PARTITIONS", 2: "UNRELEASED_PARTITIONS"}
#: One row per `__transaction_state` record (TransactionLogKey/Value); a tombstone (the id expired) has
#: state "Dead" and null value columns. Partitions are {topic, partition}; timestamps in ms.
TRANSACTION_LOG_COLUMNS = (
    "transactional_id", "producer_id", "producer_epoch", "previous_producer_id", "next_producer_id", "state",
    "timeout_ms", "partitions", "last_update_timestamp", "start_timestamp", "tombstone", "value_version",
    "log_partition", "log_offset", "log_timestamp",
)


# --------------------------------------------------------------------------------------------------------
# __consumer_offsets (kaflite-offsets)


def decode_member_assignment(data: bytes | None) -> list[tuple[str, int]] | None:
    """Consumer-protocol assignment bytes (int16 version + struct) → [(topic, partition)]; None if unreadable."""
    if data is None:
        return None
    if len(data) < 2:
        return []
    version = int.from_bytes(data[:2], "big", signed=True)
    try:
        a = ConsumerProtocolAssignment.decode(memoryview(data)[2:], min(max(version, 0),
                                                                      ConsumerProtocolAssignment.MAX_VERSION))
    except Exception:  # foreign protocols (e.g. connect) are not the consumer protocol
        return None
    return sorted((t.topic, p) for t in a.assigned_partitions or () for p in t.partitions or ())


def decode_member_subscription(data: bytes | None) -> list[str] | None:
    """Consumer-protocol subscription bytes → subscribed topics; None if unreadable."""
    if data is None:
        return None
    if len(data) < 2:
        return []
    version = int.from_bytes(data[:2], "big", signed=True)
    try:
        s = ConsumerProtocolSubscription.decode(memoryview(data)[2:], min(max(version, 0),
                                                                        ConsumerProtocolSubscription.MAX_VERSION))
    except Exception:
        return None
    return list(s.topics or ())


def _version(value: bytes) -> int:
    return int.from_bytes(value[:2], "big", signed=True)


def _opt_ts(ms: int | None) -> int | None:
    return None if ms is None or ms < 0 else ms


def _opt_id(producer_id: int) -> int | None:
    """A v1 tagged producer id; -1 (absent, and always in v0) as null."""
    return None if producer_id < 0 else producer_id


def commit_row(key: OffsetCommitRecordKey, value: bytes | None, log_partition: int, log_offset: int,
               log_timestamp: int) -> tuple[Any, ...]:
    """A COMMIT_COLUMNS row (timestamps in ms; None where absent); a null value is a tombstone row."""
    if value is None:
        return (key.group, key.topic, key.partition, None, None, None, None, None, True, None,
                log_partition, log_offset, log_timestamp)
    v = decode_offset_commit_value(value)
    return (key.group, key.topic, key.partition, v.offset, v.leader_epoch, v.metadata,
            _opt_ts(v.commit_timestamp), _opt_ts(v.expire_timestamp), False, _version(value),
            log_partition, log_offset, log_timestamp)


def group_row(key: GroupMetadataRecordKey, value: bytes | None, log_partition: int, log_offset: int,
              log_timestamp: int) -> tuple[Any, ...]:
    """A GROUP_COLUMNS row; members are dicts with decoded subscription topics and assignment."""
    if value is None:
        return (key.group, None, None, None, None, None, None, True, None, log_partition, log_offset, log_timestamp)
    v = decode_group_metadata_value(value)
    consumer = v.protocol_type == "consumer"
    members = [
        {
            "member_id": m.member_id,
            "group_instance_id": m.group_instance_id,
            "client_id": m.client_id,
            "client_host": m.client_host,
            "rebalance_timeout": m.rebalance_timeout,
            "session_timeout": m.session_timeout,
            "subscription": decode_member_subscription(m.subscription) if consumer else None,
            "assignment": ([{"topic": t, "partition": p} for t, p in decode_member_assignment(m.assignment) or ()]
                           if consumer else None),
        }
        for m in v.members or ()
    ]
    return (key.group, v.generation, v.protocol_type, v.protocol, v.leader, _opt_ts(v.current_state_timestamp),
            members, False, _version(value), log_partition, log_offset, log_timestamp)


def topic_id_str(topic_id: bytes) -> str:
    """Kafka's Uuid.toString(): base64url without padding (as in partition.metadata files)."""
    return base64.urlsafe_b64encode(bytes(topic_id)).decode().rstrip("=")


def _partitions(tps: list[Any] | None, topic_names: dict[str, str]) -> list[dict[str, Any]]:
    out = []
    for tp in tps or ():
        tid = topic_id_str(tp.topic_id)
        name = topic_names.get(tid, tid)
        out += [{"topic": name, "topic_id": tid, "partition": p} for p in sorted(tp.partitions or ())]
    return out


def consumer_group_row(key: bytes, value: bytes | None, log_partition: int, log_offset: int, log_timestamp: int,
                       topic_names: dict[str, str] | None = None) -> tuple[Any, ...]:
    """A CONSUMER_GROUP_COLUMNS row of one consumer-group record (value None: a tombstone)."""
    names = topic_names or {}
    record_type, k = cg.decode_key(key)
    row: dict[str, Any] = dict.fromkeys(CONSUMER_GROUP_COLUMNS)
    row.update(group=k.group_id, record_type=record_type,  # type: ignore[attr-defined]
               record=CONSUMER_GROUP_RECORDS.get(record_type, str(record_type)), tombstone=value is None,
               member_id=getattr(k, "member_id", None), regex=getattr(k, "regular_expression", None),
               log_partition=log_partition, log_offset=log_offset, log_timestamp=log_timestamp)
    if value is not None:
        row["value_version"] = _version(value)
        v: Any
        if record_type == cg.GROUP_METADATA:
            v = cg.decode_value(ConsumerGroupMetadataValue, value)
            row.update(group_epoch=v.epoch, metadata_hash=v.metadata_hash)
        elif record_type == cg.MEMBER_METADATA:
            v = cg.decode_value(ConsumerGroupMemberMetadataValue, value)
            row.update(instance_id=v.instance_id, rack_id=v.rack_id, client_id=v.client_id,
                       client_host=v.client_host, subscribed_topic_names=sorted(v.subscribed_topic_names or ()),
                       subscribed_topic_regex=v.subscribed_topic_regex or None, server_assignor=v.server_assignor,
                       rebalance_timeout=v.rebalance_timeout_ms)
        elif record_type == cg.TARGET_ASSIGNMENT_METADATA:
            v = cg.decode_value(ConsumerGroupTargetAssignmentMetadataValue, value)
            row["assignment_epoch"] = v.assignment_epoch
        elif record_type == cg.TARGET_ASSIGNMENT_MEMBER:
            v = cg.decode_value(ConsumerGroupTargetAssignmentMemberValue, value)
            row["target"] = _partitions(v.topic_partitions, names)
        elif record_type == cg.CURRENT_MEMBER_ASSIGNMENT:
            v = cg.decode_value(ConsumerGroupCurrentMemberAssignmentValue, value)
            row.update(member_epoch=v.member_epoch, previous_member_epoch=v.previous_member_epoch,
                       member_state=MEMBER_STATES.get(v.state, "UNKNOWN"),
                       assigned=_partitions(v.assigned_partitions, names),
                       pending_revocation=_partitions(v.partitions_pending_revocation, names))
        elif record_type == cg.REGULAR_EXPRESSION:
            v = cg.decode_value(ConsumerGroupRegularExpressionValue, value)
            row.update(regex_topics=sorted(v.topics or ()), regex_version=v.version,
                       regex_timestamp=_opt_ts(v.timestamp))
        # 4 (Kafka 4.0's partition metadata) is only ever tombstoned by 4.1: its key is what matters.
    return tuple(row[c] for c in CONSUMER_GROUP_COLUMNS)


def iter_offsets_rows(path: str, log_partition: int, kind: str,
                      topic_names: dict[str, str] | None = None) -> Iterator[tuple[Any, ...]]:
    """Rows of one ``__consumer_offsets`` segment (control batches skipped): `kind` "commits",
    "groups" (classic group metadata) or "consumer_groups" (KIP-848 records; `topic_names` maps topic
    ids, as Kafka prints them, to names)."""
    want_commits = kind == "commits"
    want_consumer = kind == "consumer_groups"
    consumer_types = frozenset(cg.RECORD_TYPES)
    for r in keyed_records(path):
        if want_consumer:
            if _version(r.key) in consumer_types:
                try:
                    yield consumer_group_row(bytes(r.key), r.value, log_partition, r.offset, r.timestamp,
                                             topic_names)
                except Exception as exc:  # a newer value version: skip the record, not the segment
                    log.warning("%s: consumer-group record at offset %d unreadable: %s", path, r.offset, exc)
            continue
        key = decode_key(r.key)
        if want_commits and isinstance(key, OffsetCommitRecordKey):
            yield commit_row(key, r.value, log_partition, r.offset, r.timestamp)
        elif not want_commits and isinstance(key, GroupMetadataRecordKey):
            yield group_row(key, r.value, log_partition, r.offset, r.timestamp)


def keyed_records(path: str) -> Iterator[Any]:
    """The records with a key of one internal-topic segment, in order (control batches skipped); a
    corrupt batch ends the read there."""
    with open_segment(path) as buf:
        for h in complete_batches(buf, path):
            if h.is_control:
                continue
            records = safe_decode(buf, h, path)
            if records is None:
                return
            yield from (r for r in records if r.key is not None and len(r.key) >= 2)


# --------------------------------------------------------------------------------------------------------
# __transaction_state


def transaction_log_row(key: bytes, value: bytes | None, log_partition: int, log_offset: int,
                        log_timestamp: int) -> tuple[Any, ...] | None:
    """A TRANSACTION_LOG_COLUMNS row, decoded with the coordinator's own codec
    (`kaflite.transaction.records`); None for a key version it does not know (Kafka skips those)."""
    tid = decode_transaction_log_key(key)
    if tid is None:
        return None
    if value is None:
        return (tid, None, None, None, None, TransactionState.DEAD.state_name, None, None, None, None, True, None,
                log_partition, log_offset, log_timestamp)
    v = decode_transaction_log_value(value)
    partitions = [{"topic": t.topic, "partition": p} for t in v.transaction_partitions or ()
                  for p in sorted(t.partition_ids or ())]
    try:
        state = TransactionState.from_id(v.transaction_status).state_name
    except ValueError:
        state = str(v.transaction_status)
    return (tid, v.producer_id, v.producer_epoch, _opt_id(v.previous_producer_id), _opt_id(v.next_producer_id),
            state, v.transaction_timeout_ms, partitions,
            _opt_ts(v.transaction_last_update_timestamp_ms), _opt_ts(v.transaction_start_timestamp_ms), False,
            _version(value), log_partition, log_offset, log_timestamp)


def iter_transaction_log_rows(path: str, log_partition: int) -> Iterator[tuple[Any, ...]]:
    """Rows of one ``__transaction_state`` segment (control batches skipped); a record this broker cannot
    read (a newer value version) is skipped with a warning, not the segment."""
    for r in keyed_records(path):
        try:
            row = transaction_log_row(bytes(r.key), None if r.value is None else bytes(r.value), log_partition,
                                      r.offset, r.timestamp)
        except Exception as exc:
            log.warning("%s: transaction-log record at offset %d unreadable: %s", path, r.offset, exc)
            continue
        if row is not None:
            yield row
