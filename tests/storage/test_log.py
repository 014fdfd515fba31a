"""PartitionLog: append, read, roll, index lookups, timestamps, retention, flush."""

from __future__ import annotations

import struct

import pytest

from kaflite.protocol import records as R
from kaflite.protocol.compression import LZ4
from kaflite.protocol.errors import ErrorCode
from kaflite.storage import OffsetOutOfRangeError, PartitionLog, RecordTooLargeError
from kaflite.storage.errors import RecordValidationError, StorageError
from kaflite.storage.log import AppendOrigin

from .conftest import T0, batch, small_config


def test_append_assigns_offsets_and_patches_headers(open_log) -> None:
    plog = open_log()
    r1 = plog.append(batch(3), leader_epoch=7, now_ms=T0)
    r2 = plog.append(batch(2) + batch(1), leader_epoch=7, now_ms=T0)
    assert (r1.first_offset, r1.last_offset, r1.log_append_time_ms) == (0, 2, -1)
    assert (r2.first_offset, r2.last_offset, r2.records_count) == (3, 5, 3)
    assert plog.log_end_offset == plog.high_watermark == 6
    data = plog.read(0, 1 << 20).records
    headers = list(R.iter_batches(data))
    assert [(h.base_offset, h.partition_leader_epoch) for h in headers] == [(0, 7), (3, 7), (5, 7)]
    assert [r.offset for r in R.decode_records(data, headers[1].position)] == [3, 4]


def test_stored_bytes_equal_produced_bytes_except_offset_and_epoch(open_log) -> None:
    produced = batch(5, compression=LZ4)
    plog = open_log()
    plog.append(batch(1), leader_epoch=0, now_ms=T0)
    plog.append(produced, leader_epoch=3, now_ms=T0)
    stored = plog.read(1, 1 << 20).records
    assert stored[12:16] == struct.pack(">i", 3)
    assert stored[16:] == produced[16:]
    assert struct.unpack(">q", stored[:8])[0] == 1


def test_read_from_inside_a_batch_returns_whole_batch(open_log) -> None:
    plog = open_log()
    plog.append(batch(5), leader_epoch=0, now_ms=T0)
    res = plog.read(3, 1 << 20)
    assert res.first_offset == 0
    assert next(R.iter_batches(res.records)).base_offset == 0


def test_read_respects_max_bytes_but_returns_first_batch_whole(open_log) -> None:
    plog = open_log()
    for _ in range(5):
        plog.append(batch(3), leader_epoch=0, now_ms=T0)
    size = R.batch_size_at(plog.read(0, 1 << 20).records, 0)
    assert len(plog.read(0, 10).records) == size
    assert plog.read(0, 10, min_one_batch=False).records == b""
    assert len(plog.read(0, 2 * size + 5).records) == 2 * size
    assert len(list(R.iter_batches(plog.read(0, 1 << 20, max_offset=6).records))) == 2


def test_out_of_range_and_end_of_log(open_log) -> None:
    plog = open_log()
    plog.append(batch(2), leader_epoch=0, now_ms=T0)
    assert plog.read(2, 100).records == b""
    with pytest.raises(OffsetOutOfRangeError) as exc:
        plog.read(3, 100)
    assert exc.value.error_code == ErrorCode.OFFSET_OUT_OF_RANGE
    assert (exc.value.log_start_offset, exc.value.log_end_offset) == (0, 2)


def test_roll_by_size_and_index_lookups_across_segments(open_log, tmp_path) -> None:
    plog = open_log()
    for i in range(200):
        plog.append(batch(2, ts=T0 + i), leader_epoch=0, now_ms=T0)
    assert len(plog.segments) > 5
    names = sorted(p.name for p in (tmp_path / "t-0").iterdir())
    assert "00000000000000000000.log" in names and "00000000000000000000.index" in names
    assert all(s.offset_index.keys for s in plog.segments[:-1])
    for offset in (0, 1, 57, 200, 333, 399):
        h = next(R.iter_batches(plog.read(offset, 1).records))
        assert h.base_offset <= offset <= h.last_offset
    # index files are Kafka's 8-byte entries: relative offset int32 + position int32
    seg = plog.segments[1]
    seg.offset_index.flush()
    raw = seg.offset_index.path.read_bytes()
    assert len(raw) == 8 * len(seg.offset_index.keys)
    assert struct.unpack_from(">ii", raw) == (seg.offset_index.keys[0], seg.offset_index.values[0])


def test_roll_by_time(open_log) -> None:
    plog = open_log(small_config(**{"segment.ms": "1000", "segment.bytes": "1000000"}))
    plog.append(batch(1, ts=T0), leader_epoch=0, now_ms=T0)
    plog.append(batch(1, ts=T0 + 500), leader_epoch=0, now_ms=T0 + 500)
    assert len(plog.segments) == 1
    plog.append(batch(1, ts=T0 + 1001), leader_epoch=0, now_ms=T0 + 1001)
    assert [s.base_offset for s in plog.segments] == [0, 2]


def test_offset_for_timestamp_and_max_timestamp(open_log) -> None:
    plog = open_log()
    for i in range(100):
        recs = [(b"a", b"x" * 50, [], T0 + 10 * i), (b"b", b"y" * 50, [], T0 + 10 * i + 5)]
        plog.append(R.build_batch(recs, timestamp_ms=T0), leader_epoch=0, now_ms=T0 + 10 * i)
    assert plog.offset_for_timestamp(T0) == (0, T0)
    assert plog.offset_for_timestamp(T0 + 503) == (101, T0 + 505)
    assert plog.offset_for_timestamp(T0 + 10_000) is None
    assert plog.max_timestamp_offset() == (199, T0 + 995)


def test_log_append_time(open_log) -> None:
    plog = open_log(small_config(**{"message.timestamp.type": "LogAppendTime"}))
    res = plog.append(batch(2, ts=5), leader_epoch=0, now_ms=T0 + 42)
    assert res.log_append_time_ms == T0 + 42
    assert [r.timestamp for r in R.decode_records(plog.read(0, 1 << 20).records)] == [T0 + 42] * 2


def test_invalid_batches_write_nothing(open_log) -> None:
    plog = open_log()
    good = batch(2)
    bad = bytearray(batch(2))
    bad[-1] ^= 1
    with pytest.raises(R.CorruptRecordError):
        plog.append(good + bytes(bad), leader_epoch=0, now_ms=T0)
    assert plog.log_end_offset == 0 and plog.active_segment.size == 0
    with pytest.raises(RecordTooLargeError):
        open_log(small_config(**{"max.message.bytes": "100"})).append(good, leader_epoch=0, now_ms=T0)


def test_coordinator_append_stores_what_a_client_append_stores_without_checking_it_again(open_log, tmp_path) -> None:
    """The coordinators' own batches (built by kaflite, `AppendOrigin.COORDINATOR`) skip the CRC and record
    checks; what lands in the log, the offsets and the producer state are those of a client's append."""
    compact = small_config(**{"cleanup.policy": "compact"})
    checked = open_log(compact)
    trusted = PartitionLog.open(tmp_path / "trusted-0", "trusted", 0, compact, now_ms=T0)
    coordinator_batch = R.build_batch([(b"key", b"value"), (b"k2", None)], timestamp_ms=T0)
    for plog, origin in ((checked, AppendOrigin.CLIENT), (trusted, AppendOrigin.COORDINATOR)):
        assert plog.append(coordinator_batch, leader_epoch=0, now_ms=T0, origin=origin).first_offset == 0
        txn = R.build_batch([(b"txn", b"1")], timestamp_ms=T0, base_offset=plog.log_end_offset, producer_id=9,
                            producer_epoch=2, base_sequence=0, is_transactional=True, partition_leader_epoch=0)
        plog.append(txn, leader_epoch=0, now_ms=T0, origin=AppendOrigin.REPLICATION)
    assert trusted.read(0, 1 << 20).records == checked.read(0, 1 << 20).records
    assert trusted.log_end_offset == checked.log_end_offset == 3
    assert trusted.producer_state.producers.keys() == checked.producer_state.producers.keys() == {9}
    # Not checked again: a CRC the checked path refuses is taken as it is (only kaflite's own batches may).
    damaged = bytearray(coordinator_batch)
    damaged[-1] ^= 1
    with pytest.raises(R.CorruptRecordError):
        checked.append(bytes(damaged), leader_epoch=0, now_ms=T0)
    assert trusted.append(bytes(damaged), leader_epoch=0, now_ms=T0, origin=AppendOrigin.COORDINATOR).first_offset == 3
    trusted.close()


def test_timestamp_bounds(open_log) -> None:
    plog = open_log(small_config(**{"message.timestamp.before.max.ms": "1000"}))
    with pytest.raises(StorageError) as exc:
        plog.append(batch(1, ts=T0 - 5000), leader_epoch=0, now_ms=T0)
    assert exc.value.error_code == ErrorCode.INVALID_TIMESTAMP


def test_compacted_topic_requires_keys(open_log) -> None:
    """KIP-467, Kafka's LogValidator.validateKey: every keyless record is named by its index in the batch,
    the batch is refused whole, and the summary is Kafka's."""
    plog = open_log(small_config(**{"cleanup.policy": "compact"}))
    records = [(b"a", b"1"), (None, b"2"), (b"c", b"3"), (None, b"4")]
    for codec in (R.NONE, R.ZSTD):
        with pytest.raises(RecordValidationError) as exc:
            plog.append(R.build_batch(records, timestamp_ms=T0, compression=codec), leader_epoch=0, now_ms=T0)
        why = "Compacted topic cannot accept message without key in topic partition t-0"
        assert exc.value.error_code == ErrorCode.INVALID_RECORD
        assert exc.value.record_errors == [(1, why), (3, why)]
        assert str(exc.value) == (
            "One or more records have been rejected due to 2 record errors in total, and only showing the "
            f"first three errors at most: [RecordError(batchIndex=1, message='{why}'), "
            f"RecordError(batchIndex=3, message='{why}')]")
    assert plog.log_end_offset == 0 and plog.active_segment.size == 0
    assert plog.append(R.build_batch(records[:1], timestamp_ms=T0), leader_epoch=0, now_ms=T0).first_offset == 0


def test_each_record_timestamp_is_checked(open_log) -> None:
    """LogValidator.validateTimestamp per record, not per batch header: a record older than the base
    timestamp (a negative delta) is caught, and named; records without a timestamp (-1) are not checked."""
    plog = open_log(small_config(**{"message.timestamp.before.max.ms": "1000",
                                    "message.timestamp.after.max.ms": "1000"}))
    recs = [R.NewRecord(b"a", b"1", timestamp_ms=T0), R.NewRecord(b"b", b"2", timestamp_ms=T0 - 5000),
            R.NewRecord(b"c", b"3", timestamp_ms=-1), R.NewRecord(b"d", b"4", timestamp_ms=T0 + 5000)]
    with pytest.raises(RecordValidationError) as exc:
        plog.append(R.build_batch(recs, timestamp_ms=T0), leader_epoch=0, now_ms=T0)
    assert exc.value.error_code == ErrorCode.INVALID_TIMESTAMP
    assert str(exc.value) == "One or more records have been rejected due to invalid timestamp"
    window = f"The timestamp should be within [{T0 - 1000}, {T0 + 1000}]"
    assert exc.value.record_errors == [
        (1, f"Timestamp {T0 - 5000} of message with offset 1 is out of range. {window}"),
        (3, f"Timestamp {T0 + 5000} of message with offset 3 is out of range. {window}")]


def test_key_error_comes_before_timestamp_error_and_timestamp_wins_the_code(open_log) -> None:
    """validateRecord reports a record's key error and skips its timestamp; any timestamp error in the
    batch makes the partition's code INVALID_TIMESTAMP (processRecordErrors)."""
    plog = open_log(small_config(**{"cleanup.policy": "compact", "message.timestamp.after.max.ms": "1000"}))
    recs = [R.NewRecord(None, b"1", timestamp_ms=T0 + 5000), R.NewRecord(b"k", b"2", timestamp_ms=T0 + 5000)]
    with pytest.raises(RecordValidationError) as exc:
        plog.append(R.build_batch(recs, timestamp_ms=T0), leader_epoch=0, now_ms=T0)
    assert exc.value.error_code == ErrorCode.INVALID_TIMESTAMP
    assert [i for i, _ in exc.value.record_errors] == [0, 1]
    assert exc.value.record_errors[0][1].startswith("Compacted topic cannot accept message without key")
    assert exc.value.record_errors[1][1].startswith(f"Timestamp {T0 + 5000} of message with offset 1")


def test_producer_may_not_claim_log_append_time(open_log) -> None:
    """A CreateTime record without a timestamp in a batch marked LogAppendTime, or any record in such
    a batch on a LogAppendTime topic, is refused (validateTimestamp's second branch)."""
    lat = R.build_batch([(b"k", b"vv")], timestamp_ms=T0, timestamp_type=R.LOG_APPEND_TIME)
    plog = open_log(small_config(**{"message.timestamp.type": "LogAppendTime"}))
    with pytest.raises(RecordValidationError) as exc:
        plog.append(lat, leader_epoch=0, now_ms=T0)
    assert exc.value.error_code == ErrorCode.INVALID_TIMESTAMP
    assert exc.value.record_errors == [
        (0, f"Invalid timestamp type in message DefaultRecord(offset=0, timestamp={T0}, key=1 bytes, "
            "value=2 bytes). Producer should not set timestamp type to LogAppendTime.")]
    # Under CreateTime a record with a timestamp is only range-checked (Kafka's order of the branches).
    assert open_log(small_config()).append(lat, leader_epoch=0, now_ms=T0).first_offset == 0


def test_retention_by_time_and_size(open_log) -> None:
    plog = open_log(small_config(**{"retention.ms": "10000"}))
    for i in range(100):
        plog.append(batch(2, ts=T0 + i * 100), leader_epoch=0, now_ms=T0 + i * 100)
    segments = list(plog.segments)
    assert len(segments) > 2
    assert plog.apply_retention(T0 + 9_000) == 0  # no record is older than 10 s yet
    # at T0 + 15 s the segments whose newest record is older than T0 + 5 s go, oldest first
    expired = [s.base_offset for s in segments if s.max_timestamp < T0 + 5_000]
    assert 0 < len(expired) < len(segments)
    assert plog.apply_retention(T0 + 15_000) == len(expired)
    assert [s.base_offset for s in plog.segments] == [s.base_offset for s in segments[len(expired) :]]
    assert plog.log_start_offset == segments[len(expired)].base_offset
    assert not list(plog.directory.glob("*.deleted"))
    with pytest.raises(OffsetOutOfRangeError):
        plog.read(0, 100)
    assert plog.apply_retention(T0 + 10**9) == len(segments) - len(expired)  # the rest, active one too
    assert plog.log_start_offset == plog.log_end_offset == 200
    plog.append(batch(1), leader_epoch=0, now_ms=T0 + 10**9)
    assert plog.read(200, 100).first_offset == 200

    sized = open_log(small_config(**{"retention.bytes": "20000"}))
    sized.delete()
    sized = open_log(small_config(**{"retention.bytes": "20000"}))
    for _ in range(100):
        sized.append(batch(2), leader_epoch=0, now_ms=T0)
    sized.apply_retention(T0)
    assert sized.size_in_bytes <= 20000 + 8192


def test_flush_policies(open_log) -> None:
    every = open_log(small_config(**{"flush.messages": "1"}))
    every.append(batch(2), leader_epoch=0, now_ms=T0)
    assert every.recovery_point == 2
    every.delete()
    timed = open_log(small_config(**{"flush.ms": "1000"}))
    timed.append(batch(2), leader_epoch=0, now_ms=T0)
    assert timed.recovery_point == 0
    assert not timed.flush_due(T0 + 999)
    assert timed.flush_due(T0 + 1000)
    assert timed.recovery_point == 2
    assert not timed.flush_due(T0 + 5000)
