"""Compaction: latest value per key, tombstones, active segment untouched, a crash at each step of the swap
(in the shipped `PartitionLog.replace_segment`) recovered by reopening the log or restarting the manager."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kaflite.clock import ManualClock
from kaflite.protocol import records as R
from kaflite.storage import LogCleaner, LogConfig, LogManager, PartitionLog, segment_swap
from kaflite.storage.segment_swap import REPLACE_STEPS

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


# ---------------------------------------------------------------------------------------------------------
# A crash at each step of the swap (Kafka's LocalLog.replaceSegments), in the shipped replace_segment: its
# step_hook raises where the process would die; the test then drops the log without closing it properly
# and reopens the directory, as a restart after a crash would.

class Crash(Exception):
    """A simulated process death, raised by a step hook."""


def crash_at(step: str, nth: int) -> Callable[[str], None]:
    """A step hook that raises at the `nth` time `replace_segment` completes `step`."""
    seen = [0]

    def hook(name: str) -> None:
        if name == step:
            seen[0] += 1
            if seen[0] == nth:
                raise Crash(f"after {step} #{nth}")

    return hook


def abandon(plog: PartitionLog) -> None:
    """Let go of the files as a dying process would: no flush, no checkpoint, no clean-shutdown marker."""
    for seg in plog.segments:
        seg.close()


Rec = tuple[int, bytes, bytes | None]
OpenLog = Callable[..., PartitionLog]  # the open_log fixture


def write_survivors(plog: PartitionLog, rounds: int = 60) -> None:
    """Rounds of 5 keys that every later round overwrites plus one key written once: compaction must keep
    exactly the survivors, so a segment compacted twice, lost, or kept half shows in the records."""
    for i in range(rounds):
        recs = [(b"key-%d" % k, b"value-%d-%d" % (k, i) + b"x" * 40) for k in range(5)]
        recs.append((b"once-%d" % i, b"only-%d" % i))
        plog.append(R.build_batch(recs, timestamp_ms=T0 + i), leader_epoch=0, now_ms=T0)


def all_records(plog: PartitionLog) -> list[Rec]:
    out: list[Rec] = []
    offset = plog.log_start_offset
    while offset < plog.log_end_offset:
        res = plog.read(offset, 1 << 20)
        if not res.records:
            break
        for h in R.iter_batches(res.records):
            out += [(r.offset, r.key or b"", r.value) for r in R.decode_records(res.records, h.position)]
            offset = h.next_offset
    return out


class Model:
    """What compaction should make of each inactive segment, computed from the records, not the cleaner."""

    def __init__(self, plog: PartitionLog) -> None:
        self.before = all_records(plog)
        self.ranges = [(s.base_offset, s.next_offset) for s in plog.segments[:-1]]
        cleanable_end = plog.active_segment.base_offset
        self.latest = {key: off for off, key, _ in self.before if off < cleanable_end}
        self.changed = [  # the segments the cleaner rewrites, in order: the nth replace_segment is changed[n-1]
            i for i, (lo, hi) in enumerate(self.ranges)
            if any(lo <= off < hi and self.latest[key] != off for off, key, _ in self.before)
        ]

    def with_compacted(self, segments: list[int]) -> list[Rec]:
        def dropped(off: int, key: bytes) -> bool:
            return any(lo <= off < hi for lo, hi in (self.ranges[i] for i in segments)) and self.latest[key] != off

        return [r for r in self.before if not dropped(r[0], r[1])]

    def after_crash(self, step: str, nth: int) -> list[Rec]:
        """Segments before the nth are done; the nth is compacted once its swap is committed (`.swap`)."""
        done = self.changed[: nth - 1] + ([] if step == "cleaned" else [self.changed[nth - 1]])
        return self.with_compacted(done)


def assert_recovered(plog: PartitionLog, expected: list[Rec], log_end_offset: int) -> None:
    got = all_records(plog)
    offsets = [off for off, _, _ in got]
    assert offsets == sorted(set(offsets)), "duplicate or out-of-order offsets"
    assert got == expected
    assert plog.log_end_offset == log_end_offset
    leftovers = [p.name for p in plog.directory.iterdir()
                 if p.name.endswith((".cleaned", ".swap", ".deleted", ".tmp"))]
    assert leftovers == []
    for seg in plog.segments:  # indexes are whole again: every batch is found through them
        for h in seg.scan():
            found = seg.find_batch(h.base_offset)
            assert found is not None and found.position == h.position


def test_step_hook_sees_every_step_with_the_directory_fsyncs(
    open_log: OpenLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shipped swap runs both directory fsyncs where the crash analysis needs them: the `.swap` rename
    is durable before the old files go, and the `.log` rename before the `.deleted` files do."""
    plog = open_log(CFG)
    write_survivors(plog)
    model = Model(plog)
    events: list[str] = []
    monkeypatch.setattr(segment_swap, "fsync_dir", lambda path: events.append("fsync_dir"))
    plog.step_hook = events.append
    stats = LogCleaner().clean(plog, T0 + 100)
    assert stats.segments_cleaned == len(model.changed) >= 2
    one = ["cleaned", "fsync_dir", "swap", "old_deleted", "fsync_dir", "swapped_in", "unlinked"]
    assert [e for e in events if e != "fsync_dir"] == list(REPLACE_STEPS) * stats.segments_cleaned
    assert events == one * stats.segments_cleaned


@pytest.mark.parametrize("nth", [1, 2])
@pytest.mark.parametrize("step", REPLACE_STEPS)
def test_crash_at_each_swap_step_then_reopen_partition_log(open_log: OpenLog, step: str, nth: int) -> None:
    plog = open_log(CFG)
    write_survivors(plog)
    model = Model(plog)
    assert len(model.changed) >= 2
    assert model.after_crash("cleaned", nth) != model.after_crash("swap", nth)  # the two outcomes differ
    leo = plog.log_end_offset
    plog.step_hook = crash_at(step, nth)
    with pytest.raises(Crash):
        LogCleaner().clean(plog, T0 + 100)
    abandon(plog)
    again = PartitionLog.open(plog.directory, "t", 0, CFG, now_ms=T0)
    assert_recovered(again, model.after_crash(step, nth), leo)
    # the next cleaning finishes the job, and the log takes appends where it ended
    LogCleaner().clean(again, T0 + 100)
    assert_recovered(again, model.with_compacted(model.changed), leo)
    assert again.append(R.build_batch([(b"k", b"v")], timestamp_ms=T0), leader_epoch=0, now_ms=T0).first_offset == leo


@pytest.mark.parametrize("step", REPLACE_STEPS)
def test_crash_at_each_swap_step_then_restart_log_manager(tmp_path: Path, step: str) -> None:
    overrides = {"cleanup.policy": "compact", "delete.retention.ms": "1000",
                 "segment.bytes": "8192", "index.interval.bytes": "512"}
    clock = ManualClock(T0)
    lm = LogManager(tmp_path / "data", LogConfig(), clock.now_ms)
    lm.create_topic("c", 1, overrides)
    plog = lm.get_log("c", 0)
    assert plog is not None
    write_survivors(plog)
    plog.flush(T0)
    lm.write_checkpoints()  # a recovery point at the log end: the restart trusts the checkpoint
    model = Model(plog)
    leo = plog.log_end_offset
    plog.step_hook = crash_at(step, 1)
    with pytest.raises(Crash):
        lm.run_cleaner(T0 + 100, force=True)
    for dead in lm.logs().values():
        abandon(dead)
    again = LogManager(tmp_path / "data", LogConfig(), clock.now_ms)
    reopened = again.get_log("c", 0)
    assert reopened is not None
    assert_recovered(reopened, model.after_crash(step, 1), leo)
    again.run_cleaner(T0 + 100, force=True)
    assert_recovered(reopened, model.with_compacted(model.changed), leo)
    again.close()


def test_dirty_ratio(open_log) -> None:
    plog = open_log(CFG)
    write(plog)
    cleaner = LogCleaner()
    assert cleaner.needs_cleaning(plog)
    cleaner.clean(plog, T0)
    assert cleaner.dirty_ratio(plog) == 0.0
