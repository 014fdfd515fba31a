"""RecordBatch v2: our codec against kafka-python's record code as an oracle, every codec, bad input."""

from __future__ import annotations

import importlib
import struct
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaflite.protocol import records as R
from kaflite.protocol.compression import GZIP, LZ4, SNAPPY, compress, decompress
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.record_errors import RecordError

with warnings.catch_warnings():
    # kafka-python's package import trips a stdlib DeprecationWarning (importlib.resources.open_text).
    warnings.simplefilter("ignore", DeprecationWarning)
    _kp = importlib.import_module("kafka.record.default_records")
DefaultRecordBatch = _kp.DefaultRecordBatch
DefaultRecordBatchBuilder = _kp.DefaultRecordBatchBuilder

CODECS = [R.NONE, GZIP, SNAPPY, LZ4, R.ZSTD]


def kp_batch(n: int = 3, *, compression: int = 0, base_offset: int = 0) -> bytes:
    builder = DefaultRecordBatchBuilder(
        magic=2, compression_type=compression, is_transactional=False,
        producer_id=42, producer_epoch=3, base_sequence=10, batch_size=1 << 20,
    )
    for i in range(n):
        builder.append(i, 1_000 + i, f"k{i}".encode() * 50, f"v{i}".encode() * 50, [("h", b"x"), ("n", None)])
    raw = bytearray(builder.build())
    R.set_base_offset(raw, 0, base_offset)
    return bytes(raw)


def test_header_view_reads_kafka_python_batch() -> None:
    raw = kp_batch(3, compression=GZIP, base_offset=100)
    h = R.validate_batch(raw)
    assert (h.base_offset, h.magic, h.records_count, h.last_offset_delta) == (100, 2, 3, 2)
    assert (h.producer_id, h.producer_epoch, h.base_sequence, h.last_sequence) == (42, 3, 10, 12)
    assert (h.base_timestamp, h.max_timestamp) == (1_000, 1_002)
    assert h.compression == GZIP
    assert h.size_in_bytes == len(raw)
    assert (h.last_offset, h.next_offset) == (102, 103)
    assert not h.is_transactional and not h.is_control and h.timestamp_type == R.CREATE_TIME


@pytest.mark.parametrize("compression", [R.NONE, GZIP])
def test_decode_kafka_python_batch(compression: int) -> None:
    recs = R.decode_records(kp_batch(4, compression=compression, base_offset=7))
    assert [r.offset for r in recs] == [7, 8, 9, 10]
    assert recs[2].key == b"k2" * 50 and recs[2].value == b"v2" * 50
    assert recs[1].timestamp == 1_001
    assert recs[0].headers == [("h", b"x"), ("n", None)]


@pytest.mark.parametrize("compression", [R.NONE, GZIP])
def test_kafka_python_reads_our_batch(compression: int) -> None:
    raw = R.build_batch(
        [(b"a", b"1" * 100, [("h", b"v")]), (None, None, [], 5_000), R.NewRecord(b"c", b"3" * 100)],
        timestamp_ms=4_000, base_offset=9, compression=compression,
        producer_id=1, producer_epoch=2, base_sequence=0, partition_leader_epoch=4,
    )
    kb = DefaultRecordBatch(raw)
    assert kb.validate_crc()
    assert kb.compression_type == compression
    assert (kb.base_offset, kb.leader_epoch, kb.producer_id, kb.base_sequence) == (9, 4, 1, 0)
    got = [(r.offset, r.timestamp, r.key, r.value, list(r.headers)) for r in kb]
    assert got == [
        (9, 4_000, b"a", b"1" * 100, [("h", b"v")]),
        (10, 5_000, None, None, []),
        (11, 4_000, b"c", b"3" * 100, []),
    ]
    assert kb.max_timestamp == 5_000


@pytest.mark.parametrize("compression", CODECS)
def test_round_trip_every_codec(compression: int) -> None:
    recs = [R.NewRecord(f"k{i}".encode(), bytes([i]) * 300, [("i", str(i).encode())]) for i in range(20)]
    raw = R.build_batch(recs, timestamp_ms=77, compression=compression, base_offset=1_000)
    h = R.validate_batch(raw)
    assert h.compression == compression
    if compression != R.NONE:
        assert len(raw) < 20 * 300
    out = R.decode_records(raw)
    assert [(r.key, r.value, r.headers, r.offset, r.timestamp) for r in out] == [
        (r.key, r.value, list(r.headers), 1_000 + i, 77) for i, r in enumerate(recs)
    ]


def test_snappy_accepts_raw_and_xerial() -> None:
    import cramjam

    data = b"hello snappy " * 5_000
    xerial = compress(SNAPPY, data)
    assert xerial.startswith(b"\x82SNAPPY\x00")
    assert decompress(SNAPPY, xerial) == data
    assert decompress(SNAPPY, bytes(cramjam.snappy.compress_raw(data))) == data


def test_lz4_frame_uses_independent_blocks() -> None:
    framed = compress(LZ4, b"x" * 1000)
    assert framed[:4] == b"\x04\x22\x4d\x18"
    # FLG: version 01, block independence (Java's KafkaLZ4BlockInputStream refuses linked blocks)
    assert framed[4] & 0xC0 == 0x40 and framed[4] & 0x20


def test_crc32c_known_value() -> None:
    assert R.crc32c(b"123456789") == 0xE3069283


def test_patch_offset_and_epoch_keeps_crc_valid() -> None:
    raw = bytearray(R.build_batch([(b"k", b"v")], timestamp_ms=1))
    R.set_base_offset(raw, 0, 123_456_789_012)
    R.set_partition_leader_epoch(memoryview(raw), 0, 17)
    h = R.validate_batch(raw)
    assert (h.base_offset, h.partition_leader_epoch) == (123_456_789_012, 17)
    assert DefaultRecordBatch(bytes(raw)).validate_crc()


def test_set_log_append_time_recomputes_crc() -> None:
    raw = bytearray(R.build_batch([(b"k", b"v"), (b"k2", b"v2")], timestamp_ms=1))
    R.set_log_append_time(raw, 0, 999)
    h = R.validate_batch(raw)
    assert h.timestamp_type == R.LOG_APPEND_TIME and h.max_timestamp == 999
    assert [r.timestamp for r in R.decode_records(raw)] == [999, 999]


def test_iter_batches_over_a_blob() -> None:
    blob = kp_batch(2) + R.build_batch([(b"a", b"b")], timestamp_ms=5, base_offset=2) + kp_batch(1)
    headers = list(R.iter_batches(blob))
    assert [h.records_count for h in headers] == [2, 1, 1]
    assert headers[1].position == headers[0].size_in_bytes
    assert list(R.iter_batches(b"")) == []


def test_truncation_anywhere_is_corrupt() -> None:
    blob = kp_batch(2) + kp_batch(2)
    first = R.batch_size_at(blob, 0)
    for cut in range(1, len(blob)):
        if cut == first:
            continue
        with pytest.raises(R.CorruptRecordError):
            list(R.iter_batches(blob[:cut]))


def test_flipped_byte_fails_crc() -> None:
    raw = bytearray(kp_batch(2))
    for pos in range(R.ATTRIBUTES_OFFSET, len(raw), 7):
        bad = bytearray(raw)
        bad[pos] ^= 0x40
        with pytest.raises(R.CorruptRecordError) as exc:
            R.validate_batch(bad)
        assert exc.value.error_code == ErrorCode.CORRUPT_MESSAGE


def test_old_magic_is_a_distinct_error() -> None:
    # a v1 message: offset, size, crc, magic=1, attributes, timestamp, key, value
    body = struct.pack(">bbqii", 1, 0, 0, -1, 1) + b"x"
    v1 = struct.pack(">qiI", 0, len(body) + 4, 0) + body
    with pytest.raises(R.UnsupportedMagicError) as exc:
        R.validate_batch(v1)
    assert exc.value.magic == 1
    assert exc.value.error_code == ErrorCode.UNSUPPORTED_FOR_MESSAGE_FORMAT
    garbage = bytearray(kp_batch(1))
    garbage[R.MAGIC_OFFSET] = 9
    with pytest.raises(R.CorruptRecordError):
        R.validate_batch(garbage)


def test_bad_length_is_corrupt() -> None:
    raw = bytearray(kp_batch(1))
    struct.pack_into(">i", raw, 8, 10)
    with pytest.raises(R.CorruptRecordError):
        R.validate_batch(raw)
    struct.pack_into(">i", raw, 8, 10_000)
    with pytest.raises(R.CorruptRecordError):
        R.validate_batch(raw)


def test_garbled_compressed_payload_is_corrupt() -> None:
    raw = R.build_batch([(b"k", b"v" * 500)], timestamp_ms=1, compression=R.ZSTD)
    bad = bytearray(raw[: R.HEADER_SIZE] + b"\x00" * (len(raw) - R.HEADER_SIZE))
    R.set_log_append_time(bad, 0, 1)  # recompute the CRC so only the payload is wrong
    with pytest.raises(R.CorruptRecordError):
        R.decode_records(bad)


def test_client_rules() -> None:
    ok = R.validate_batch(R.build_batch([(b"k", b"v")], timestamp_ms=1))
    R.validate_client_batch(ok)
    control = R.validate_batch(R.build_batch([(b"k", b"v")], timestamp_ms=1, is_control=True))
    with pytest.raises(R.InvalidRecordError):
        R.validate_client_batch(control)
    gap = R.validate_batch(R.build_batch([(b"k", b"v")], timestamp_ms=1, last_offset_delta=3))
    with pytest.raises(R.InvalidRecordError) as exc:
        R.validate_client_batch(gap)
    assert exc.value.error_code == ErrorCode.INVALID_RECORD
    # LogValidator.validateBatch: an idempotent batch (producer id set) must carry a sequence.
    no_sequence = R.validate_batch(R.build_batch([(b"k", b"v")], timestamp_ms=1, producer_id=7, producer_epoch=0))
    with pytest.raises(R.InvalidRecordError, match="invalid sequence number -1"):
        R.validate_client_batch(no_sequence)


def test_empty_batch_keeps_last_offset_delta() -> None:
    raw = R.build_batch([], timestamp_ms=1, base_offset=10, last_offset_delta=4, producer_id=1,
                        producer_epoch=0, base_sequence=5)
    h = R.validate_batch(raw)
    assert (h.records_count, h.last_offset, h.last_sequence) == (0, 14, 9)
    assert R.decode_records(raw) == []


@pytest.mark.parametrize("value", [0, 1, -1, 63, -64, 64, 2**31 - 1, -(2**31), 2**63 - 1, -(2**63)])
def test_varint_round_trip(value: int) -> None:
    out = bytearray()
    R.encode_varint(value, out)
    assert len(out) == R.size_of_varint(value)
    assert R.decode_varint(bytes(out), 0) == (value, len(out))


def test_truncated_varint() -> None:
    with pytest.raises(R.CorruptRecordError):
        R.decode_varint(b"\x80\x80", 0)


_headers = st.lists(st.tuples(st.text(max_size=8), st.none() | st.binary(max_size=16)), max_size=3)
_record = st.builds(
    R.NewRecord,
    key=st.none() | st.binary(max_size=40),
    value=st.none() | st.binary(max_size=200),
    headers=_headers,
    timestamp_ms=st.none() | st.integers(0, 2**41),
    offset_delta=st.none(),
)


@settings(max_examples=60, deadline=None)
@given(
    recs=st.lists(_record, min_size=1, max_size=12),
    compression=st.sampled_from(CODECS),
    base_offset=st.integers(0, 2**62),
    ts=st.integers(0, 2**41),
)
def test_hypothesis_round_trip(recs: list[R.NewRecord], compression: int, base_offset: int, ts: int) -> None:
    raw = R.build_batch(recs, timestamp_ms=ts, base_offset=base_offset, compression=compression)
    out = R.decode_records(raw)
    assert [(r.key, r.value, r.headers) for r in out] == [(r.key, r.value, list(r.headers)) for r in recs]
    assert [r.offset for r in out] == list(range(base_offset, base_offset + len(recs)))
    assert [r.timestamp for r in out] == [ts if r.timestamp_ms is None else r.timestamp_ms for r in recs]
    h = R.validate_batch(raw)
    assert h.max_timestamp == max(r.timestamp for r in out)
    if compression in (R.NONE, GZIP):
        kb = DefaultRecordBatch(raw)
        assert kb.validate_crc()
        assert [(r.key, r.value) for r in kb] == [(r.key, r.value) for r in recs]


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300), st.booleans())
def test_hypothesis_garbage_never_crashes_unexpectedly(data: bytes, valid_first: bool) -> None:
    # garbage alone, or garbage after a good batch: the good batch is still read, then RecordError
    good = R.build_batch([R.NewRecord(b"k", b"v")], timestamp_ms=1_000) if valid_first else b""
    blob = good + data
    decoded = []
    try:
        for h in R.iter_batches(blob):
            assert h.magic == 2 and h.position + h.size_in_bytes <= len(blob)
            decoded.append(R.decode_records(blob, h.position))
    except RecordError:
        pass
    if valid_first:
        assert [(r.offset, r.timestamp, r.key, r.value) for r in decoded[0]] == [(0, 1_000, b"k", b"v")]
    if not data:
        assert len(decoded) == int(valid_first)  # nothing after the good batch: no error, no extra batch


@pytest.mark.parametrize("records", [
    [(b"k", b"v")],
    [(b"key", None), (None, b"value"), (None, None)],
    [(b"k" * 200, b"v" * 70_000)],  # multi-byte varint lengths
    [(b"%d" % i, b"x" * i) for i in range(130)],  # offset deltas past one varint byte
    [],
])
def test_build_keyed_batch_is_build_batch_for_headerless_records(records: list[tuple[bytes | None, bytes | None]]
                                                                  ) -> None:
    """The coordinators' fast builder gives exactly build_batch's bytes, plain and transactional."""
    plain = R.build_keyed_batch(records, timestamp_ms=1_700_000_000_123)
    assert bytes(plain) == R.build_batch(records, timestamp_ms=1_700_000_000_123)
    txn = dict(base_offset=42, partition_leader_epoch=0, producer_id=7, producer_epoch=3, base_sequence=0)
    assert bytes(R.build_keyed_batch(records, timestamp_ms=5, is_transactional=True, **txn)) == R.build_batch(
        records, timestamp_ms=5, is_transactional=True, **txn)
    if records:
        assert [(k, v) for _, k, v in R.decode_keys_values(bytes(plain), 0)] == records
