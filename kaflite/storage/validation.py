"""What an append must pass before the log writes it, by where its batches come from (``AppendOrigin``):
Kafka's ``UnifiedLog.analyzeAndValidateRecords`` (batch structure, CRC, sizes, offsets) and the part of its
``LogValidator`` kaflite applies to each produced record (KIP-467 record errors).

Apart from log.py: the log appends and keeps producer state; this decides whether the batches may be appended.
"""

from __future__ import annotations

from enum import Enum

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.records import (
    LOG_APPEND_TIME,
    NO_TIMESTAMP,
    BatchHeader,
    Record,
    decode_records,
    iter_batches,
    validate_client_batch,
)
from kaflite.storage.config import LONG_MAX, LogConfig
from kaflite.storage.errors import RecordTooLargeError, RecordValidationError, StorageError


class AppendOrigin(Enum):
    """Where an append's batches come from, which decides what is checked and who assigns the offsets
    (Kafka's ``AppendOrigin``). kaflite has no followers: ``REPLICATION`` is any writer that set the offsets."""

    #: A producer's batches (Produce): every check here, then the producer's epoch and sequences; the log
    #: assigns the offsets and answers a retried batch as a duplicate.
    CLIENT = "client"
    #: Batches kaflite built itself (the coordinators' records, cluster metadata): their CRC and records are not
    #: checked again (Kafka's coordinator appends skip the producer checks the same way); sizes, producer epochs
    #: and sequences are, and the log assigns the offsets.
    COORDINATOR = "coordinator"
    #: Batches that carry their offsets (a transactional offset commit the coordinator built at the log end, a
    #: log rebuilt from its batches): structure, CRC and sizes are checked, the first offset may not be below
    #: the log end, and they are written as they are, without producer checks (their writer made them).
    REPLICATION = "replication"


def check_append(
    cfg: LogConfig, topic: str, partition: int, buf: bytearray | memoryview, origin: AppendOrigin, *,
    log_end_offset: int, now_ms: int,
) -> list[BatchHeader]:
    """The batches of an append, checked as ``origin`` requires; the append is refused whole, before anything
    is written. Raises RecordError (CORRUPT_MESSAGE, INVALID_RECORD, UNSUPPORTED_FOR_MESSAGE_FORMAT),
    RecordValidationError (INVALID_RECORD or INVALID_TIMESTAMP, naming each bad record), RecordTooLargeError,
    or StorageError (INVALID_RECORD: offsets below the log end)."""
    headers = list(iter_batches(buf, validate=origin is not AppendOrigin.COORDINATOR))
    if not headers:
        return headers
    total = len(buf)
    if total > cfg.segment_bytes:
        raise RecordTooLargeError(
            f"append of {total} bytes exceeds segment.bytes {cfg.segment_bytes}",
            ErrorCode.RECORD_LIST_TOO_LARGE,
        )
    for h in headers:
        if h.size_in_bytes > cfg.max_message_bytes:
            raise RecordTooLargeError(
                f"batch of {h.size_in_bytes} bytes exceeds max.message.bytes {cfg.max_message_bytes}"
            )
    if origin is AppendOrigin.CLIENT:
        for h in headers:
            validate_client_batch(h)
        for h in headers:
            validate_records(cfg, topic, partition, buf, h, now_ms)
    elif origin is AppendOrigin.REPLICATION and headers[0].base_offset < log_end_offset:
        raise StorageError(
            f"batch offset {headers[0].base_offset} is below the log end offset {log_end_offset}",
            ErrorCode.INVALID_RECORD,
        )
    return headers


def validate_records(
    cfg: LogConfig, topic: str, partition: int, buf: bytearray | memoryview, h: BatchHeader, now_ms: int
) -> None:
    """Kafka's LogValidator.validateRecord for each record of a produced batch: a compacted topic
    needs keys; under CreateTime each timestamp must lie within message.timestamp.before/after.max.ms
    of now; a producer may not set LogAppendTime. Every bad record is named by its index in the
    batch (RecordValidationError, KIP-467); the batch is refused whole.

    Records are decoded only when one may fail: always for a compacted topic, otherwise only when
    the header's max timestamp is past the upper bound, the batch claims LogAppendTime, or the lower
    bound is finite (with Kafka's default of Long.MAX no timestamp is too old).
    """
    create_time = not cfg.log_append_time
    append_time_batch = h.timestamp_type == LOG_APPEND_TIME
    before, after = cfg.message_timestamp_before_max_ms, cfg.message_timestamp_after_max_ms
    check_timestamps = create_time and (before != LONG_MAX or h.max_timestamp - now_ms > after)
    if not (cfg.compact or append_time_batch or check_timestamps):
        return
    tp = f"{topic}-{partition}"
    no_key = f"Compacted topic cannot accept message without key in topic partition {tp}"
    records = decode_records(buf, h.position)
    errors: list[tuple[int, str, ErrorCode]]
    if not (append_time_batch or check_timestamps):  # the common case: keys only
        errors = [(i, no_key, ErrorCode.INVALID_RECORD) for i, r in enumerate(records) if r.key is None]
    else:
        errors = []
        for index, r in enumerate(records):
            if cfg.compact and r.key is None:
                errors.append((index, no_key, ErrorCode.INVALID_RECORD))
            elif create_time and r.timestamp != NO_TIMESTAMP:
                diff = _java_long(now_ms - r.timestamp)  # Java's long arithmetic, overflow included
                if check_timestamps and (diff > before or _java_long(-diff) > after):
                    errors.append((index, f"Timestamp {r.timestamp} of message with offset {r.offset} is out "
                                          f"of range. The timestamp should be within "
                                          f"[{_java_long(now_ms - before)}, {_java_long(now_ms + after)}]",
                                   ErrorCode.INVALID_TIMESTAMP))
            elif append_time_batch:
                errors.append((index, f"Invalid timestamp type in message {_record_str(r)}. Producer should "
                                      "not set timestamp type to LogAppendTime.", ErrorCode.INVALID_TIMESTAMP))
    if errors:
        raise RecordValidationError(errors)


def _java_long(value: int) -> int:
    """``value`` wrapped to a signed 64-bit long, as Kafka's messages print ``now + Long.MAX_VALUE``."""
    return (value + 2**63) % 2**64 - 2**63


def _record_str(r: Record) -> str:
    """Java's DefaultRecord.toString, which Kafka's record error messages embed."""
    key = 0 if r.key is None else len(r.key)
    value = 0 if r.value is None else len(r.value)
    return f"DefaultRecord(offset={r.offset}, timestamp={r.timestamp}, key={key} bytes, value={value} bytes)"
