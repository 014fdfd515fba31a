"""Compaction: latest value per key, tombstones, active segment untouched, a crash at each rename step."""

from __future__ import annotations

import pytest

from kaflite.protocol import records as R
from kaflite.storage import LogCleaner, PartitionLog
from kaflite.storage.cleaner import CrashPoint

from .conftest import T0, small_config

CFG = small_config(**{"cleanup.policy": "compact", "delete.retention.ms": "1000"})


def write(plog: PartitionLog, rounds: int = 30) -> None:
    for i in range(rounds):
        recs = [(b"key-%d" % k, b"value-%d-%d" % (k, i) + b"x" * 40) for k in range(5)]
        plog.append(R.build_batch(recs, timestamp_ms=T0 + i), leader_epoch=0, now_ms=T0)


def contents(plog: PartitionLog) -> dict[bytes, tuple[int, bytes | None]]:
    latest: dict[bytes, tuple[int, bytes | None]] = {}
    offset = plog.log_start_offset
    while offset < plog.log_end_offset:
        res = plog.read(offset, 1 << 20)
        if not res.records:
            break
        for h in R.iter_batches(res.records):
            for r in R.decode_records(res.records, h.position):
                assert r.key is not None
                latest[r.key] = (r.offset, r.value)
            offset = h.next_offset
    return latest


def test_keeps_latest_per_key_and_never_touches_active(open_log) -> None:
    plog = open_log(CFG)
    write(plog)
    before = contents(plog)
    active_bytes = plog.active_segment.pread(0, plog.active_segment.size)
    closed = len(plog.segments) - 1
    assert closed >= 1
    stats = LogCleaner().clean(plog, T0 + 100)
    assert stats.segments_cleaned == closed
    # as Kafka's cleaner, the offset map covers the closed segments only (never the active one):
    # each of the 5 keys keeps its newest record there
    assert (stats.records_read, stats.records_retained) == (plog.active_segment.base_offset, 5)
    assert contents(plog) == before
    assert plog.active_segment.pread(0, plog.active_segment.size) == active_bytes
    inactive_keys = [r.key for s in plog.segments[:-1] for h in s.scan()
                     for r in R.decode_records(s.pread(h.position, h.size_in_bytes))]
    assert len(inactive_keys) == len(set(inactive_keys))
    assert plog.log_end_offset == 150
    assert not list(plog.directory.glob("*.cleaned")) and not list(plog.directory.glob("*.swap"))


def test_tombstones_dropped_after_delete_retention(open_log) -> None:
    plog = open_log(CFG)
    write(plog, 10)
    plog.append(R.build_batch([(b"key-1", None)], timestamp_ms=T0 + 50), leader_epoch=0, now_ms=T0)
    write(plog, 20)  # push the tombstone out of the active segment
    plog.append(R.build_batch([(b"key-1", None)], timestamp_ms=T0 + 60), leader_epoch=0, now_ms=T0)
    plog.roll(T0)
    LogCleaner().clean(plog, T0 + 100)
    assert contents(plog)[b"key-1"][1] is None
    stats = LogCleaner().clean(plog, T0 + 5000)
    assert stats.tombstones_dropped == 1
    assert b"key-1" not in contents(plog)


def test_producer_last_sequence_survives_compaction(open_log) -> None:
    plog = open_log(CFG)
    for seq in range(0, 60, 2):
        recs = [(b"same", b"v%d" % seq + b"x" * 100), (b"same", b"w%d" % seq + b"x" * 100)]
        plog.append(R.build_batch(recs, timestamp_ms=T0, producer_id=9, producer_epoch=0, base_sequence=seq),
                    leader_epoch=0, now_ms=T0)
    plog.roll(T0)
    LogCleaner().clean(plog, T0)
    plog.close()
    again = PartitionLog.open(plog.directory, "t", 0, CFG, now_ms=T0, clean_shutdown=True)
    res = again.append(R.build_batch([(b"same", b"z")], timestamp_ms=T0, producer_id=9, producer_epoch=0,
                                     base_sequence=60), leader_epoch=0, now_ms=T0)
    assert res.first_offset == 60


@pytest.mark.parametrize("step", ["cleaned", "swap", "deleted", "renamed"])
def test_crash_at_each_rename_step_recovers(open_log, step: str) -> None:
    plog = open_log(CFG)
    write(plog)
    before = contents(plog)
    with pytest.raises(CrashPoint):
        LogCleaner(crash_after=step).clean(plog, T0 + 100)
    for seg in plog.segments:
        seg.close()
    again = PartitionLog.open(plog.directory, "t", 0, CFG, now_ms=T0)
    assert contents(again) == before
    assert again.log_end_offset == 150
    leftovers = [p.name for p in again.directory.iterdir() if p.suffix in (".cleaned", ".swap", ".deleted")]
    assert leftovers == []
    LogCleaner().clean(again, T0 + 100)
    assert contents(again) == before


def test_dirty_ratio(open_log) -> None:
    plog = open_log(CFG)
    write(plog)
    cleaner = LogCleaner()
    assert cleaner.needs_cleaning(plog)
    cleaner.clean(plog, T0)
    assert cleaner.dirty_ratio(plog) == 0.0
