"""The vectorised `kaflite-log` decoder (`kaflite.analytics.columnar`) against the reference decoder:
every codec, headers, nulls, odd-but-valid encodings, corrupt records, bounds and chunking."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest

pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed (pip install 'kaflite[spark]')")
pytest.importorskip("pyspark", reason="pyspark is not installed (pip install 'kaflite[spark]')")

from pyspark.sql.pandas.types import to_arrow_schema  # noqa: E402

from kaflite.analytics import columnar, schemas  # noqa: E402
from kaflite.analytics.arrow import log_batch  # noqa: E402
from kaflite.analytics.decode import Bounds, iter_log_columns  # noqa: E402
from kaflite.protocol.compression import CODEC_NAMES, GZIP, LZ4, NONE, SNAPPY, ZSTD  # noqa: E402
from kaflite.protocol.records import (  # noqa: E402
    LOG_APPEND_TIME,
    NewRecord,
    build_batch,
    crc32c,
    decode_records,
    encode_varint,
)

SCHEMA = to_arrow_schema(schemas.LOG, timezone="UTC")
T0 = 1_700_000_000_000


def _records(n: int, start: int = 0) -> list[NewRecord]:
    """Null keys/values, empty and long values (2- and 3-byte lengths), one or two headers (a null value)."""
    out = []
    for i in range(start, start + n):
        key = None if i % 11 == 0 else b"key-%d" % i
        value = None if i % 13 == 0 else (b"v" * (i * 37 % 9000))
        headers = [("trace", b"%d" % i), ("null", None)] if i % 7 == 0 else [("one", b"")] if i % 5 == 0 else ()
        out.append(NewRecord(key, value, headers, T0 + i * 3 - (i % 4) * 100))
    return out


def _segment(tmp_path: Path, batches: list[bytes]) -> Path:
    path = tmp_path / "t-0" / f"{0:020d}.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(batches))
    return path


def _reference(seg: Path, bounds: Bounds | None = None) -> Any:
    return pa.Table.from_batches([log_batch(c, SCHEMA) for c in iter_log_columns(str(seg), "t", 0, bounds)], SCHEMA)


@pytest.fixture
def fallbacks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the batches handed to the reference decoder."""
    calls: list[int] = []
    original = columnar._reference

    def counting(buf: Any, hs: list[Any], *args: Any) -> Any:
        calls.append(len(hs))
        return original(buf, hs, *args)

    monkeypatch.setattr(columnar, "_reference", counting)
    return calls


def _columnar(seg: Path, bounds: Bounds | None = None, batch_rows: int = 65536) -> Any:
    return pa.Table.from_batches(list(columnar.iter_log_batches(str(seg), "t", 0, bounds, SCHEMA, batch_rows)),
                                 SCHEMA)


@pytest.mark.parametrize("codec", [NONE, GZIP, SNAPPY, LZ4, ZSTD], ids=lambda c: CODEC_NAMES[c])
def test_every_codec_matches_the_reference_decoder(tmp_path: Path, codec: int, fallbacks: list[int]) -> None:
    batches = [build_batch(_records(40, b * 40), timestamp_ms=T0, base_offset=b * 40, compression=codec,
                           producer_id=7, producer_epoch=1, base_sequence=(0x7FFFFFF0 + b * 40) & 0x7FFFFFFF)
               for b in range(5)]
    seg = _segment(tmp_path, batches)
    got = _columnar(seg, batch_rows=90)  # chunks of several batches
    assert got.equals(_reference(seg)) and not fallbacks
    expected = [r for b in batches for r in decode_records(b)]
    rows = got.to_pylist()
    assert len(rows) == len(expected) == 200
    for row, rec in zip(rows, expected, strict=True):
        assert (row["offset"], row["key"], row["value"]) == (rec.offset, rec.key, rec.value)
        assert [(h["key"], h["value"]) for h in row["headers"]] == rec.headers
        assert row["timestamp"].timestamp() * 1000 == rec.timestamp
    assert {r["compression"] for r in rows} == {CODEC_NAMES[codec]}
    assert rows[-1]["sequence"] == (0x7FFFFFF0 + 199) & 0x7FFFFFFF  # wraps at 2^31


def test_batch_kinds_and_bounds(tmp_path: Path, fallbacks: list[int]) -> None:
    """LogAppendTime, control and transactional batches, no producer, row bounds inside batches."""
    batches = [
        build_batch(_records(20), timestamp_ms=T0, compression=LZ4),
        build_batch(_records(10, 20), timestamp_ms=T0, base_offset=20, timestamp_type=LOG_APPEND_TIME),
        build_batch([NewRecord(b"\x00\x00\x00\x00", b"\x00\x00\x00\x00")], timestamp_ms=T0, base_offset=30,
                    is_control=True, is_transactional=True, producer_id=3),
        build_batch(_records(15, 31), timestamp_ms=T0 + 500, base_offset=31, is_transactional=True, producer_id=3,
                    producer_epoch=2, base_sequence=0, compression=ZSTD),
    ]
    seg = _segment(tmp_path, batches)
    assert _columnar(seg).equals(_reference(seg))
    assert _columnar(seg).num_rows == 45
    for bounds in (Bounds(start_offset=5, end_offset=33), Bounds(start_time=T0 + 40, end_time=T0 + 100),
                   Bounds(start_offset=100)):
        assert _columnar(seg, bounds, batch_rows=1).equals(_reference(seg, bounds))
    assert not fallbacks


def _varint(v: int) -> bytes:
    out = bytearray()
    encode_varint(v, out)
    return bytes(out)


def _raw_record(fields: bytes) -> bytes:
    return _varint(len(fields)) + fields


def _raw_batch(records: list[bytes], base_offset: int = 0) -> bytes:
    """An uncompressed batch whose records are given as bytes (encodings build_batch never writes)."""
    b = bytearray(build_batch([NewRecord(None, None)] * len(records), timestamp_ms=T0, base_offset=base_offset)[:61])
    b += b"".join(records)
    struct.pack_into(">i", b, 8, len(b) - 12)
    struct.pack_into(">I", b, 17, crc32c(memoryview(b)[21:]))
    return bytes(b)


def _plain(i: int) -> bytes:
    return _raw_record(b"\x00" + _varint(i) + _varint(i) + _varint(1) + b"k" + _varint(2) + b"v%d" % (i % 10) + b"\x00")


def test_odd_but_valid_encodings_stay_vectorised(tmp_path: Path, fallbacks: list[int]) -> None:
    """Non-canonical varints (up to 10 bytes), negative key length other than -1, negative header count."""
    odd = [
        _plain(0),
        _raw_record(b"\x00" + b"\x82" + b"\x80" * 8 + b"\x00" + b"\x82\x80\x80\x80\x00" + b"\x03" + b"\x86\x00abc"
                    + b"\x01"),
        _raw_record(b"\x00\x04\x04\x01\x01\x02" + _varint(1) + b"h" + _varint(-1)),  # one header, null value
        _plain(3),
    ]
    seg = _segment(tmp_path, [_raw_batch(odd), _raw_batch([_plain(i) for i in range(5)], base_offset=4)])
    got = _columnar(seg)
    assert got.equals(_reference(seg)) and not fallbacks
    assert got.column("key").to_pylist()[:3] == [b"k", None, None]
    assert got.column("value").to_pylist()[1] == b"abc"
    assert got.column("headers").to_pylist()[:3] == [[], [], [{"key": "h", "value": None}]]


@pytest.mark.parametrize("case", ["stray-byte", "huge-varint", "zero-length", "count-mismatch"])
def test_what_it_does_not_decode_goes_to_the_reference(tmp_path: Path, fallbacks: list[int], case: str) -> None:
    """Same rows and same stopping point as the reference; the batches around the odd one stay vectorised."""
    bad = {
        "stray-byte": [_plain(0), _raw_record(b"\x00\x02\x02\x01\x01\x00\x00")],  # one byte after the headers
        "huge-varint": [_raw_record(b"\x00" + b"\x80" * 9 + b"\x01" + b"\x00\x01\x01\x00")],  # ts delta ≥ 2^63
        "zero-length": [_plain(0), b"\x00"],
        "count-mismatch": [_plain(0), _plain(1)[:-1]],
    }[case]
    seg = _segment(tmp_path, [
        _raw_batch([_plain(i) for i in range(3)]),
        _raw_batch(bad, base_offset=3),
        _raw_batch([_plain(i) for i in range(4)], base_offset=10),
    ])
    got = _columnar(seg, batch_rows=1)
    assert got.equals(_reference(seg))
    assert fallbacks and all(n == 1 for n in fallbacks)


def test_torn_tail_and_bad_crc_stop_where_the_reference_stops(tmp_path: Path, fallbacks: list[int]) -> None:
    batches = [build_batch(_records(25, b * 25), timestamp_ms=T0, base_offset=b * 25, compression=SNAPPY)
               for b in range(3)]
    seg = _segment(tmp_path, [*batches, batches[0][:40]])
    assert _columnar(seg).equals(_reference(seg)) and _columnar(seg).num_rows == 75
    torn = bytearray(batches[1])
    torn[-3:] = bytes(0xFF - x for x in torn[-3:])
    seg = _segment(tmp_path, [batches[0], bytes(torn), batches[2]])
    assert _columnar(seg).equals(_reference(seg)) and _columnar(seg).num_rows == 25
