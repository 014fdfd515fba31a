"""Decoding without Spark: every codec, the fast path against the reference decoder, torn tails,
every `__consumer_offsets` key/value version, and the Kafka directory layout."""

from __future__ import annotations

import logging
import struct
from pathlib import Path

import pytest

from kaflite.analytics.decode import Bounds, complete_batches, iter_batch_rows, iter_log_columns, summarize_partition
from kaflite.analytics.internal_topics import commit_row, group_row, iter_offsets_rows
from kaflite.analytics.layout import parse_partition_dir, read_time_index_max, scan_data_dir
from kaflite.coordinator.records import (
    GroupMetadataRecordKey,
    OffsetCommitRecordKey,
    group_metadata_key,
    offset_commit_key,
    offset_commit_value,
)
from kaflite.protocol.compression import CODEC_NAMES, GZIP, LZ4, NONE, SNAPPY, ZSTD
from kaflite.protocol.messages import (
    ConsumerProtocolAssignment,
    ConsumerProtocolSubscription,
    GroupMetadataKey,
    GroupMetadataValue,
    OffsetCommitKey,
    OffsetCommitValue,
)
from kaflite.protocol.records import LOG_APPEND_TIME, NewRecord, build_batch, decode_records

T0 = 1_700_000_000_000
_V = struct.Struct(">h")


def _records(n: int, start: int = 0) -> list[NewRecord]:
    """Varied shapes: null keys/values, empty and long values (multi-byte varints), headers, ts deltas."""
    out = []
    for i in range(start, start + n):
        key = None if i % 11 == 0 else b"key-%d" % i
        value = None if i % 13 == 0 else (b"v" * (i * 37 % 9000))
        headers = [("trace", b"%d" % i), ("null", None)] if i % 7 == 0 else ()
        out.append(NewRecord(key, value, headers, T0 + i * 3))
    return out


def _write_segment(path: Path, batches: list[bytes]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(batches))
    return path


def _batches(codec: int, n_batches: int = 4, per: int = 25, **kw: object) -> list[bytes]:
    return [build_batch(_records(per, b * per), timestamp_ms=T0, base_offset=b * per, compression=codec,
                        producer_id=7, producer_epoch=1, base_sequence=b * per, **kw)  # type: ignore[arg-type]
            for b in range(n_batches)]


@pytest.mark.parametrize("codec", [NONE, GZIP, SNAPPY, LZ4, ZSTD], ids=lambda c: CODEC_NAMES[c])
def test_every_codec_matches_the_reference_decoder(tmp_path: Path, codec: int) -> None:
    batches = _batches(codec)
    seg = _write_segment(tmp_path / "t-0" / f"{0:020d}.log", batches)
    rows = [r for cols in iter_log_columns(str(seg), "t", 0, batch_rows=30) for r in cols.rows()]
    expected = [r for b in batches for r in decode_records(b)]
    assert len(rows) == len(expected) == 100
    for row, rec in zip(rows, expected, strict=True):
        topic, part, offset, ts, ts_type, key, value, headers, pid, epoch, seq, base, comp = row
        assert (topic, part, offset, ts, key, value) == ("t", 0, rec.offset, rec.timestamp, rec.key, rec.value)
        assert headers == rec.headers
        assert (ts_type, pid, epoch, comp) == (0, 7, 1, CODEC_NAMES[codec])
        assert seq == offset and base == offset - offset % 25


def test_log_append_time_uses_the_batch_max_timestamp(tmp_path: Path) -> None:
    b = build_batch(_records(5), timestamp_ms=T0, timestamp_type=LOG_APPEND_TIME)
    seg = _write_segment(tmp_path / "t-0" / f"{0:020d}.log", [b])
    rows = [r for cols in iter_log_columns(str(seg), "t", 0) for r in cols.rows()]
    assert {r[3] for r in rows} == {T0 + 12} and {r[4] for r in rows} == {1}


def test_a_partially_written_tail_is_ignored(tmp_path: Path) -> None:
    """A live broker's active segment: only complete batches are read."""
    batches = _batches(LZ4, n_batches=3)
    seg = _write_segment(tmp_path / "t-0" / f"{0:020d}.log", [*batches, batches[0][:40]])
    assert [h.base_offset for h in complete_batches(seg.read_bytes())] == [0, 25, 50]
    assert sum(len(c) for c in iter_log_columns(str(seg), "t", 0)) == 75
    # a torn write that kept the length but not the bytes: the CRC stops the read there
    torn = bytearray(batches[2])
    torn[-3:] = bytes(0xFF - x for x in torn[-3:])
    seg.write_bytes(batches[0] + batches[1] + bytes(torn))
    assert sum(len(c) for c in iter_log_columns(str(seg), "t", 0)) == 50


def test_a_preallocated_zero_tail_ends_the_segment_quietly(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A live broker's active segment of a `preallocate` topic (kaflite's coordinator topics): zeros past the log
    end. Read like the end of the file, with no warning; other garbage still warns."""
    batches = _batches(LZ4, n_batches=2)
    seg = _write_segment(tmp_path / "t-0" / f"{0:020d}.log", [*batches, bytes(4096)])
    with caplog.at_level(logging.WARNING):
        assert [h.base_offset for h in complete_batches(seg.read_bytes(), str(seg))] == [0, 25]
        assert sum(len(c) for c in iter_log_columns(str(seg), "t", 0)) == 50
    assert not caplog.records
    seg.write_bytes(batches[0] + b"\x00" * 16 + b"\x07" * 100)  # not zeros: the warning says where it stopped
    with caplog.at_level(logging.WARNING):
        assert [h.base_offset for h in complete_batches(seg.read_bytes(), str(seg))] == [0]
    assert "unreadable batch" in caplog.text


def test_bounds_filter_rows_and_skip_batches(tmp_path: Path) -> None:
    seg = _write_segment(tmp_path / "t-0" / f"{0:020d}.log", _batches(ZSTD))
    offs = [o for c in iter_log_columns(str(seg), "t", 0, Bounds(start_offset=30, end_offset=60)) for o in c.offset]
    assert offs == list(range(30, 60))
    ts = [t for c in iter_log_columns(str(seg), "t", 0, Bounds(start_time=T0 + 150, end_time=T0 + 160))
          for t in c.timestamp]
    assert ts == [T0 + 150, T0 + 153, T0 + 156, T0 + 159]


def test_header_only_scans(tmp_path: Path) -> None:
    d = tmp_path / "t-0"
    _write_segment(d / f"{0:020d}.log", _batches(NONE, n_batches=2))
    _write_segment(d / f"{50:020d}.log", [build_batch(_records(10, 50), timestamp_ms=T0 + 500, base_offset=50)])
    rows = list(iter_batch_rows(str(d / f"{0:020d}.log"), "t", 0, 0))
    assert [(r[3], r[5], r[6]) for r in rows] == [(0, 25, 25), (25, 50, 25)]
    s = summarize_partition("t", 0, [(0, str(d / f"{0:020d}.log")), (50, str(d / f"{50:020d}.log"))])
    assert (s.log_start_offset, s.log_end_offset, s.records, s.batches, s.segments) == (0, 60, 60, 3, 2)
    assert s.first_timestamp == T0 and s.last_timestamp == T0 + 59 * 3


# --------------------------------------------------------------------------------------------------------
# __consumer_offsets


@pytest.mark.parametrize("key_version", [0, 1])
@pytest.mark.parametrize("value_version", [0, 1, 2, 3, 4])
def test_offset_commit_every_version(key_version: int, value_version: int) -> None:
    key = _V.pack(key_version) + OffsetCommitKey(group="g", topic="t", partition=3).encode(key_version)
    v = OffsetCommitValue(offset=42, leader_epoch=5, metadata="m", commit_timestamp=T0, expire_timestamp=T0 + 9)
    value = _V.pack(value_version) + v.encode(value_version)
    row = dict(zip(("group", "topic", "partition", "offset", "leader_epoch", "metadata", "commit_timestamp",
                    "expire_timestamp", "tombstone", "value_version"),
                   commit_row(OffsetCommitRecordKey("g", "t", 3), value, 0, 10, T0)[:10], strict=True))
    assert (row["offset"], row["metadata"], row["commit_timestamp"], row["tombstone"]) == (42, "m", T0, False)
    assert row["value_version"] == value_version
    assert row["leader_epoch"] == (5 if value_version >= 3 else -1)
    assert row["expire_timestamp"] == (T0 + 9 if value_version == 1 else None)
    from kaflite.coordinator.records import decode_key

    assert decode_key(key) == OffsetCommitRecordKey("g", "t", 3)


def _assignment(pairs: dict[str, list[int]], version: int = 1) -> bytes:
    a = ConsumerProtocolAssignment(assigned_partitions=[
        ConsumerProtocolAssignment.TopicPartition(topic=t, partitions=ps) for t, ps in pairs.items()])
    return _V.pack(version) + a.encode(version)


@pytest.mark.parametrize("version", [0, 1, 2, 3, 4])
def test_group_metadata_every_version(version: int) -> None:
    sub = _V.pack(1) + ConsumerProtocolSubscription(topics=["orders"]).encode(1)
    m = GroupMetadataValue.MemberMetadata(member_id="m-1", group_instance_id="i-1", client_id="c", client_host="/h",
                                          rebalance_timeout=300, session_timeout=45, subscription=sub,
                                          assignment=_assignment({"orders": [0, 2]}))
    v = GroupMetadataValue(protocol_type="consumer", generation=4, protocol="range", leader="m-1",
                           current_state_timestamp=T0, members=[m])
    value = _V.pack(version) + v.encode(version)
    row = group_row(GroupMetadataRecordKey("g"), value, 1, 20, T0)
    group, gen, ptype, proto, leader, cst, members, tomb, vv = row[:9]
    assert (group, gen, ptype, proto, leader, tomb, vv) == ("g", 4, "consumer", "range", "m-1", False, version)
    assert cst == (T0 if version >= 2 else None)
    (mm,) = members
    assert mm["assignment"] == [{"topic": "orders", "partition": 0}, {"topic": "orders", "partition": 2}]
    assert mm["subscription"] == ["orders"] and mm["client_id"] == "c"
    assert mm["rebalance_timeout"] == (300 if version >= 1 else -1)
    assert mm["group_instance_id"] == ("i-1" if version >= 3 else None)
    key = _V.pack(2) + GroupMetadataKey(group="g").encode(2)
    assert group_row(GroupMetadataRecordKey("g"), None, 1, 21, T0)[7] is True
    assert key == group_metadata_key("g")


def test_offsets_segment_rows_and_tombstones(tmp_path: Path) -> None:
    recs = [
        NewRecord(offset_commit_key("g", "t", 0), offset_commit_value(5, 1, "", T0, None)),
        NewRecord(group_metadata_key("g"), None),
        NewRecord(offset_commit_key("g", "t", 0), None),
    ]
    seg = _write_segment(tmp_path / "__consumer_offsets-7" / f"{0:020d}.log", [build_batch(recs, timestamp_ms=T0)])
    commits = list(iter_offsets_rows(str(seg), 7, "commits"))
    assert [(r[3], r[8], r[10], r[11]) for r in commits] == [(5, False, 7, 0), (None, True, 7, 2)]
    groups = list(iter_offsets_rows(str(seg), 7, "groups"))
    assert [(r[0], r[7], r[10]) for r in groups] == [("g", True, 1)]


def test_vectorised_commits_match_the_reference_rows(tmp_path: Path) -> None:
    """kaflite-offsets kind=commits reads through columnar.iter_commit_batches: the same rows as the reference
    path, for every key and value version, tombstones, other record kinds between them, a transactional
    commit's control batch (skipped) and compressed batches, in several Arrow batches."""
    pa = pytest.importorskip("pyarrow")
    from pyspark.sql.pandas.types import to_arrow_schema

    from kaflite.analytics import schemas
    from kaflite.analytics.arrow import rows_batch
    from kaflite.analytics.columnar import iter_commit_batches

    def commit(kv: int, vv: int, i: int) -> NewRecord:
        key = _V.pack(kv) + OffsetCommitKey(group=f"g{i % 3}", topic="tö", partition=i).encode(kv)
        v = OffsetCommitValue(offset=i * 10, leader_epoch=i % 4, metadata="m" * (i % 3), commit_timestamp=T0 + i,
                              expire_timestamp=T0 + 99 if i % 2 else -1)
        return NewRecord(key, _V.pack(vv) + v.encode(vv))

    batches, offset = [], 0
    for codec in (NONE, LZ4, ZSTD):
        recs = [commit(kv, vv, i) for i, (kv, vv) in enumerate((k, v) for k in (0, 1) for v in (0, 1, 2, 3, 4))]
        recs += [NewRecord(group_metadata_key("g0"), None), NewRecord(offset_commit_key("g1", "t", 5), None),
                 NewRecord(None, b"x"), NewRecord(b"\x00", b"y")]
        batches.append(build_batch(recs, timestamp_ms=T0 + offset, base_offset=offset, compression=codec))
        offset += len(recs)
        batches.append(build_batch([NewRecord(b"\x00\x00\x00\x01", b"\x00\x00\x00\x00\x00\x00")],
                                   timestamp_ms=T0, base_offset=offset, is_control=True, is_transactional=True,
                                   producer_id=9, producer_epoch=0))
        offset += 1
    seg = _write_segment(tmp_path / "__consumer_offsets-3" / f"{0:020d}.log", batches)
    schema = to_arrow_schema(schemas.COMMITS, timezone="UTC")
    want = pa.Table.from_batches([rows_batch(list(iter_offsets_rows(str(seg), 3, "commits")), schema)])
    got = list(iter_commit_batches(str(seg), 3, schema, to_arrow_schema(schemas.LOG, timezone="UTC"), batch_rows=20))
    assert len(got) > 1 and want.num_rows == 3 * 11
    assert pa.Table.from_batches(got, schema=schema).equals(want)


# --------------------------------------------------------------------------------------------------------
# layout


def test_kafka_directory_names() -> None:
    assert parse_partition_dir("orders-3") == ("orders", 3)
    assert parse_partition_dir("my-topic-12") == ("my-topic", 12)
    assert parse_partition_dir("orders-3.abc123-delete") is None
    assert parse_partition_dir("orders-3.abc-future") is None
    assert parse_partition_dir("meta.properties") is None


def test_scan_and_time_index(tmp_path: Path) -> None:
    d = tmp_path / "t-0"
    _write_segment(d / f"{0:020d}.log", _batches(NONE, n_batches=1))
    _write_segment(d / f"{25:020d}.log", [])
    # a rolled segment's time index, Kafka-style: entries, then a preallocated zero tail
    (d / f"{0:020d}.timeindex").write_bytes(struct.pack(">qi", T0 + 30, 10) + struct.pack(">qi", T0 + 72, 24)
                                           + bytes(24))
    (tmp_path / "__consumer_offsets-0").mkdir()
    (tmp_path / "meta.properties").write_text("x")
    assert read_time_index_max(d / f"{0:020d}.timeindex") == T0 + 72
    (tp,) = scan_data_dir(tmp_path)
    assert [(s.base_offset, s.next_base_offset, s.max_timestamp) for s in tp.segments] == [(0, 25, T0 + 72),
                                                                                            (25, None, None)]
    assert [t.topic for t in scan_data_dir(tmp_path, include_internal=True)] == ["__consumer_offsets", "t"]
