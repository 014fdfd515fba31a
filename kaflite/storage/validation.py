"""Kafka's LogValidator, the part kaflite applies to each produced record (KIP-467 record errors).

Split from log.py: the log appends, this decides whether a produced batch's records may be appended.
"""

from __future__ import annotations

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.records import LOG_APPEND_TIME, NO_TIMESTAMP, BatchHeader, Record, decode_records
from kaflite.storage.config import LONG_MAX, LogConfig
from kaflite.storage.errors import RecordValidationError


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
