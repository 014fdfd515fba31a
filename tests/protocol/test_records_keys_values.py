"""`decode_keys_values`, the coordinator load's record reader, against `decode_records` as the oracle:
the same (offset, key, value) for every well-formed batch, the same error for every malformed one."""

from __future__ import annotations

import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from kaflite.protocol import records as R
from kaflite.protocol.compression import GZIP, LZ4, SNAPPY

CODECS = [R.NONE, GZIP, SNAPPY, LZ4, R.ZSTD]


def oracle(batch: bytes, pos: int = 0) -> list[tuple[int, bytes | None, bytes | None]]:
    return [(r.offset, r.key, r.value) for r in R.decode_records(batch, pos)]


def outcome(f: object, batch: bytes) -> object:
    try:
        return f(batch)  # type: ignore[operator]
    except Exception as e:  # whatever each reader raises, compared
        return type(e), str(e)


def with_crc(raw: bytearray) -> bytes:
    """A batch whose body was edited, with its CRC recomputed: malformed records behind a valid CRC."""
    struct.pack_into(">I", raw, R.CRC_OFFSET, R.crc32c(bytes(raw[R.ATTRIBUTES_OFFSET:])))
    return bytes(raw)


def test_keys_values_of_commit_like_batches() -> None:
    # 600 records: offset deltas and record lengths past one varint byte; tombstones and null keys.
    recs = [(b"key-%d" % (i % 37) * (1 + i % 9), None if i % 11 == 0 else b"v" * (i % 200)) for i in range(600)]
    recs[5] = (None, b"no key")
    for codec in CODECS:
        raw = R.build_batch(recs, timestamp_ms=1_700_000_000_000, base_offset=1_000, compression=codec)
        got = R.decode_keys_values(raw)
        assert got == oracle(raw)
        assert got[0] == (1_000, b"key-0", None) and got[5] == (1_005, None, b"no key")


def test_keys_values_with_varints_of_every_width() -> None:
    # One-, two- and three-byte lengths and offset deltas; timestamp deltas before and after the base.
    recs = [
        R.NewRecord(b"k" * 10, b"v" * 10, (), 1_000, 0),
        R.NewRecord(b"k" * 100, b"v" * 20_000, (), 10, 70),
        R.NewRecord(b"k" * 9_000, None, (), 2**40, 9_000),
        R.NewRecord(None, b"v" * 63, (), 1_000, 2**20),
    ]
    raw = R.build_batch(recs, timestamp_ms=1_000, base_offset=7)
    assert R.decode_keys_values(raw) == oracle(raw)
    assert [o for o, _, _ in R.decode_keys_values(raw)] == [7, 77, 9_007, 7 + 2**20]


def test_keys_values_at_a_position_and_with_headers() -> None:
    first = R.build_batch([(b"a", b"1")], timestamp_ms=1)
    second = R.build_batch([(b"b", b"2", [("h", b"x")]), (b"c", None, [("n", None)])], timestamp_ms=1, base_offset=1)
    blob = first + second
    assert R.decode_keys_values(blob, len(first)) == oracle(blob, len(first)) == [(1, b"b", b"2"), (2, b"c", None)]


@settings(max_examples=60, deadline=None)
@given(
    recs=st.lists(
        st.tuples(
            st.one_of(st.none(), st.binary(max_size=150)),
            st.one_of(st.none(), st.binary(max_size=150)),
            st.lists(st.tuples(st.text(max_size=5), st.one_of(st.none(), st.binary(max_size=5))), max_size=2),
        ),
        min_size=1,
        max_size=80,
    ),
    compression=st.sampled_from(CODECS),
    base_offset=st.integers(0, 2**62),
)
def test_hypothesis_keys_values_match_decode_records(
    recs: list[tuple[bytes | None, bytes | None, list[tuple[str, bytes | None]]]], compression: int, base_offset: int
) -> None:
    raw = R.build_batch(recs, timestamp_ms=5, base_offset=base_offset, compression=compression)
    assert R.decode_keys_values(raw) == oracle(raw)


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(1, 40),
    edits=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=3),
    cut=st.integers(0, 40),
)
def test_hypothesis_malformed_records_fail_like_decode_records(n: int, edits: list[tuple[int, int]], cut: int) -> None:
    raw = bytearray(R.build_batch([(b"k%d" % i, b"v" * i) for i in range(n)], timestamp_ms=5))
    for where, byte in edits:
        raw[R.HEADER_SIZE + where % (len(raw) - R.HEADER_SIZE)] = byte
    if cut:  # drop body bytes, keeping the batch length consistent
        del raw[-cut:]
        struct.pack_into(">i", raw, 8, len(raw) - R.LOG_OVERHEAD)
    bad = with_crc(raw)
    assert outcome(R.decode_keys_values, bad) == outcome(oracle, bad)
