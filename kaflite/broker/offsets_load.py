"""Loading a coordinator topic's partition (`__consumer_offsets`, `__transaction_state`): each key once, with its
last value the coordinator can decode (`CoordinatorLog.read`).

A damaged record (issue 35) -- its batch is sound (CRC and all) but the coordinator cannot decode its value: a
value version no broker of this kind reads, a truncated value -- is skipped, and its key keeps the value before
it: the state a replay of every record that steps over the bad one gives (Kafka's loader would fail the whole
partition instead). Folding each key to its last value first would have thrown that earlier value away, so the
fold stays as cheap as it was (no value decoded while reading), then each key's last value is decoded once with
the coordinator's own decoders; only if one of them fails is the partition read and folded again, keeping for
those keys the last value that decodes (bad values before a good one change nothing and are not looked for).
Each skipped record is logged with its position and counted (`skipped_records`, /metrics'
`kaflite_coordinator_records_skipped_total`), as are the records of a batch that cannot be read at all.
"""

from __future__ import annotations

import asyncio
import functools
import struct
from collections.abc import AsyncIterator, Callable
from typing import Any

import structlog

from kaflite.coordinator.consumer import records as consumer_records
from kaflite.coordinator.records import (
    CONSUMER_OFFSETS,
    GROUP_METADATA_KEY_VERSION,
    EndTransactionMarker,
    LoadedRecord,
    TransactionalRecord,
    decode_group_metadata_value,
    decode_offset_commit_value_fields,
)
from kaflite.coordinator.share import records as share_records
from kaflite.protocol.messages import GroupMetadataValue, OffsetCommitValue, TransactionLogValue
from kaflite.protocol.record_errors import RecordError
from kaflite.protocol.records import BatchHeader, decode_keys_values, iter_batches
from kaflite.storage.log import PartitionLog
from kaflite.transaction.records import KEY_VERSION, TRANSACTION_STATE_TOPIC, decode_transaction_log_value
from kaflite.transaction.state import TransactionState

LOAD_READ_BYTES = 4 * 1024 * 1024
LOAD_YIELD_RECORDS = 2_000  # records read, or keys replayed, between two event-loop turns of a load
SKIPPED_RECORDS_LOGGED = 100  # per load, one line each; a summary line counts the rest
RecordCheck = Callable[[bytes, bytes], "str | None"]
"""(key, value) -> why the coordinator cannot decode the value, or None (it can, or the key is not its to judge)."""

_VERSION = struct.Struct(">h")
_skipped: dict[str, int] = {}  # partition log directory -> records its loads skipped, since the process started
log = structlog.get_logger("kaflite.groups")  # as coordinator_log.py, whose loader this is


def skipped_records(plog: PartitionLog) -> int:
    """Records the loads of this partition skipped (undecodable, or in a batch that cannot be read)."""
    return _skipped.get(str(plog.directory), 0)


def _count(plog: PartitionLog, n: int) -> None:
    where = str(plog.directory)
    _skipped[where] = _skipped.get(where, 0) + n


async def read_folded(plog: PartitionLog, skipped: Callable[[BatchHeader, Exception], None]
                      ) -> AsyncIterator[LoadedRecord]:
    """`CoordinatorLog.read` (which says what it yields); `skipped` is told of each batch that cannot be read."""
    end = plog.log_end_offset

    def unreadable(h: BatchHeader, exc: Exception) -> None:
        _count(plog, h.records_count)
        skipped(h, exc)

    latest, transactional = await _fold(plog, end, unreadable)
    check = record_check(plog.topic)
    if check is not None:
        undecodable = await _undecodable_last_values(latest, check)
        if undecodable:
            bad: list[tuple[int, bytes, str]] = []  # (offset, key, reason) of each record skipped
            suspects = {k for k in undecodable if type(k) is bytes}
            if suspects:  # rare: read again, keeping those keys' last decodable values (at their own positions)
                latest, transactional = await _fold(plog, end, _told_already, check, suspects, bad)
            for where, reason in undecodable.items():
                if type(where) is int:  # a transactional record (never folded): nothing earlier to keep
                    dropped = latest.pop(where, None)
                    if dropped is not None:
                        bad.append((where, dropped.key, reason))
            _report(plog, sorted(bad), latest)
    if not transactional:
        for i, record in enumerate(latest.items(), 1):
            yield record  # type: ignore[misc]  # only bytes keys: plain (key, value) pairs
            if i % LOAD_YIELD_RECORDS == 0:
                await asyncio.sleep(0)
        return
    for i, (where, loaded) in enumerate(latest.items(), 1):
        yield (where, loaded) if type(where) is bytes else loaded
        if i % LOAD_YIELD_RECORDS == 0:
            await asyncio.sleep(0)


async def _fold(plog: PartitionLog, end: int, skipped: Callable[[BatchHeader, Exception], None],
                check: RecordCheck | None = None, suspects: set[bytes] | None = None,
                bad: list[tuple[int, bytes, str]] | None = None) -> tuple[dict[bytes | int, Any], bool]:
    """Each plain key's last value, in the order of those last positions, and transactional records and markers
    by their offsets; and whether there were any of those. With `check`, the records of the `suspects` keys
    are decoded and only those that decode are kept; each that does not and is not followed by one that does
    goes to `bad`."""
    offset = plog.log_start_offset
    # Plain keys (bytes) and, by their offset (int), transactional records and markers.
    latest: dict[bytes | int, Any] = {}
    forget = latest.pop
    pending: dict[bytes, list[tuple[int, bytes, str]]] = {}  # suspects' bad records since their last good one
    since_yield = 0
    transactional = False
    while offset < end:
        data = plog.read(offset, LOAD_READ_BYTES).records
        if not data:
            break
        for h in iter_batches(data, validate=False):
            try:
                if h.is_control or h.is_transactional:
                    if h.next_offset > offset and h.producer_id >= 0:
                        transactional = True
                        _read_transactional(data, h, offset, latest)
                    offset = h.next_offset
                    continue
                pairs = decode_keys_values(data, h.position)
            except RecordError as exc:
                # A batch that cannot be read (CRC damage, garbled records): skipped, as Kafka's loader
                # skips what it cannot deserialize; one bad commit must not take every group of the
                # partition down for good. Decoded whole first, so nothing of it was applied.
                skipped(h, exc)
                offset = h.next_offset
                continue
            if check is None:
                for record_offset, key, value in pairs:
                    if record_offset >= offset and key is not None:
                        forget(key, None)  # re-insert: dict order is then the order of last positions
                        latest[key] = value
            else:
                assert suspects is not None
                for record_offset, key, value in pairs:
                    if record_offset >= offset and key is not None:
                        if key in suspects:
                            reason = None if value is None else check(key, value)
                            if reason is not None:
                                pending.setdefault(key, []).append((record_offset, key, reason))
                                continue
                            pending.pop(key, None)  # what was bad before it is superseded
                        forget(key, None)
                        latest[key] = value
            offset = h.next_offset
            since_yield += h.records_count
            if since_yield >= LOAD_YIELD_RECORDS:
                since_yield = 0
                await asyncio.sleep(0)
    if bad is not None:
        for records in pending.values():
            bad.extend(records)
    return latest, transactional


async def _undecodable_last_values(latest: dict[bytes | int, Any], check: RecordCheck) -> dict[bytes | int, str]:
    """Why each folded record the coordinator could not decode cannot be, by its place in `latest`: a plain key's
    last value, a transactional record's value (markers and tombstones always decode)."""
    out: dict[bytes | int, str] = {}
    countdown = LOAD_YIELD_RECORDS
    for where, value in latest.items():
        if value is not None:
            if type(where) is bytes:
                reason = check(where, value)
                if reason is not None:
                    out[where] = reason
            elif type(value) is TransactionalRecord and value.value is not None:
                reason = check(value.key, value.value)
                if reason is not None:
                    out[where] = reason
        countdown -= 1
        if not countdown:
            countdown = LOAD_YIELD_RECORDS
            await asyncio.sleep(0)
    return out


def _told_already(h: BatchHeader, exc: Exception) -> None:
    """A second read of a partition meets the unreadable batches the first one logged and counted."""


def _report(plog: PartitionLog, bad: list[tuple[int, bytes, str]], latest: dict[bytes | int, Any]) -> None:
    """One warning per skipped record (the first SKIPPED_RECORDS_LOGGED of a load), with its position."""
    _count(plog, len(bad))
    for offset, key, reason in bad[:SKIPPED_RECORDS_LOGGED]:
        log.warning("coordinator.load_record_skipped", topic=plog.topic, partition=plog.partition, offset=offset,
                    key=key.hex()[:64], reason=reason,
                    action="skipped; its key keeps its value before it" if key in latest else
                    "skipped; its key has no value before it")
    if len(bad) > SKIPPED_RECORDS_LOGGED:
        log.warning("coordinator.load_records_skipped", topic=plog.topic, partition=plog.partition,
                    records=len(bad), not_logged=len(bad) - SKIPPED_RECORDS_LOGGED,
                    offsets=f"{bad[0][0]}..{bad[-1][0]}")


def record_check(topic: str) -> RecordCheck | None:
    """The check of `topic`'s values with its coordinator's own decoders; None for another topic."""
    if topic == CONSUMER_OFFSETS:
        return _offsets_check()
    if topic == TRANSACTION_STATE_TOPIC:
        return _transaction_state_check()
    return None


def _why(exc: Exception, value: bytes, cls: Any) -> str:
    """A decoder's failure as a reason; a value version outside what `cls` reads is named as such."""
    if len(value) >= 2:
        (version,) = _VERSION.unpack_from(value, 0)
        if not cls.MIN_VERSION <= version <= cls.MAX_VERSION:
            return f"unknown value version {version} of {cls.__name__} (reads {cls.MIN_VERSION}-{cls.MAX_VERSION})"
    return f"{type(exc).__name__}: {exc}"


def _offsets_check() -> RecordCheck:
    """What `GroupCoordinatorShard.replay` decodes of a value, per record kind (the key's version): an offset
    commit (0, 1), a classic group (2), the consumer-group records (3-8, 16), the share-group records (10-15).
    Other kinds the shard skips itself
    (`coordinator.unknown_record_kind`); a key it cannot decode fails all of that key's records alike, so there
    is nothing earlier to keep: the coordinator's load logs it (`coordinator.record_skipped`)."""
    decode_value = consumer_records.decode_value
    # By record kind (the key's int16 version; every kind is under 256): its value's decoder and schema.
    decoders: list[Callable[[bytes], object] | None] = [None] * 256
    classes: list[Any] = [None] * 256
    for kind in (0, 1):
        decoders[kind], classes[kind] = decode_offset_commit_value_fields, OffsetCommitValue
    decoders[GROUP_METADATA_KEY_VERSION] = decode_group_metadata_value
    classes[GROUP_METADATA_KEY_VERSION] = GroupMetadataValue
    for kind, cls in consumer_records.VALUE_TYPES.items():
        decoders[kind], classes[kind] = functools.partial(decode_value, cls), cls
    for kind, cls in share_records.VALUE_TYPES.items():  # the share-group records (10-15, SG-LOG-1)
        decoders[kind], classes[kind] = functools.partial(share_records.decode_value, kind), cls

    def check(key: bytes, value: bytes) -> str | None:
        if len(key) < 2 or key[0]:
            return None  # not a kind the shard decodes
        decode = decoders[key[1]]
        if decode is None:
            return None
        try:
            decode(value)
        except Exception as exc:
            return _why(exc, value, classes[key[1]])
        return None

    return check


def _transaction_state_check() -> RecordCheck:
    """What `TransactionCoordinator.replay` decodes of a value: the TransactionLogValue and its state id."""
    known_key = _VERSION.pack(KEY_VERSION)

    def check(key: bytes, value: bytes) -> str | None:
        if key[:2] != known_key:
            return None  # a key version the coordinator skips itself
        try:
            TransactionState.from_id(decode_transaction_log_value(value).transaction_status)
        except Exception as exc:
            return _why(exc, value, TransactionLogValue)
        return None

    return check


def _read_transactional(data: bytes, h: Any, offset: int, out: dict[bytes | int, Any]) -> None:
    """A transactional batch's records or a control batch's marker, keyed by offset (never folded)."""
    for record_offset, key, value in decode_keys_values(data, h.position):
        if record_offset < offset:
            continue
        if not h.is_control:
            if key is not None:
                out[record_offset] = TransactionalRecord(key, value, h.producer_id, h.producer_epoch)
        elif key is not None and len(key) >= 4:
            # EndTransactionMarker key: version int16, type int16 (ABORT 0, COMMIT 1).
            control_type = int.from_bytes(key[2:4], "big", signed=True)
            if control_type in (0, 1):
                out[record_offset] = EndTransactionMarker(h.producer_id, h.producer_epoch, control_type == 1)
