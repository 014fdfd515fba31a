"""DeleteRecords in storage: the log start offset moves, whole segments below it go, durably; Kafka's rules
(Partition.deleteRecordsOnLeader, UnifiedLog.maybeIncrementLogStartOffset, deleteLogStartOffsetBreachedSegments)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaflite.clock import ManualClock
from kaflite.protocol.errors import ErrorCode
from kaflite.storage import LogConfig, LogManager, StorageError, read_offset_checkpoint
from kaflite.storage.errors import OffsetOutOfRangeError

from .conftest import T0, batch


def manager(tmp_path: Path) -> LogManager:
    return LogManager(tmp_path / "data", LogConfig(), ManualClock(T0).now_ms)


def filled(tmp_path: Path, batches: int = 12, **configs: str) -> LogManager:
    """One partition of several segments (8 KiB each, ~3 batches of 3 records per segment)."""
    lm = manager(tmp_path)
    lm.create_topic("t", 1, {"segment.bytes": "8192", **configs})
    plog = lm.get_log("t", 0)
    assert plog is not None
    for _ in range(batches):
        plog.append(batch(3, size=800), leader_epoch=0, now_ms=T0)
    assert len(plog.segments) > batches // 4
    return lm


def test_delete_records_moves_log_start_and_deletes_whole_segments_below_it(tmp_path: Path) -> None:
    lm = filled(tmp_path)
    plog = lm.get_log("t", 0)
    assert plog is not None
    bases = [s.base_offset for s in plog.segments]
    target = bases[2] + 1  # inside the third segment
    assert lm.delete_records("t", 0, target) == target
    assert plog.log_start_offset == target
    # the first two segments are gone from the list and from the disk; the one holding `target` stays
    assert [s.base_offset for s in plog.segments] == bases[2:]
    names = {p.name for p in (tmp_path / "data" / "t-0").iterdir()}
    assert f"{bases[0]:020d}.log" not in names and f"{bases[1]:020d}.log" not in names
    assert f"{bases[2]:020d}.log" in names
    # reads below the new start are out of range; at it, the batch holding it comes back
    with pytest.raises(OffsetOutOfRangeError):
        plog.read(target - 1, 1 << 20)
    assert plog.read(target, 1 << 20).first_offset <= target
    # durable at once: the checkpoint already says so
    starts = read_offset_checkpoint(tmp_path / "data" / "log-start-offset-checkpoint")
    assert starts[("t", 0)] == target


def test_delete_records_survives_a_crash_and_a_clean_restart(tmp_path: Path) -> None:
    lm = filled(tmp_path)
    plog = lm.get_log("t", 0)
    assert plog is not None
    target = plog.segments[1].base_offset + 2
    lm.delete_records("t", 0, target)
    for p in lm.logs().values():  # as a crash leaves it: no close, no clean-shutdown marker
        p.close()
    again = manager(tmp_path).get_log("t", 0)
    assert again is not None and again.log_start_offset == target
    lm2 = manager(tmp_path)
    lm2.close()
    assert manager(tmp_path).get_log("t", 0).log_start_offset == target  # type: ignore[union-attr]


def test_minus_one_is_the_high_watermark_and_keeps_the_active_segment(tmp_path: Path) -> None:
    lm = filled(tmp_path)
    plog = lm.get_log("t", 0)
    assert plog is not None
    hw = plog.high_watermark
    assert lm.delete_records("t", 0, -1) == hw
    assert plog.log_start_offset == plog.log_end_offset == hw
    assert len(plog.segments) == 1  # only the active segment: never deleted for a start-offset breach
    assert plog.read(hw, 1 << 20).records == b""
    res = plog.append(batch(1), leader_epoch=0, now_ms=T0)
    assert res.first_offset == hw


def test_lower_than_log_start_changes_nothing_and_answers_the_current_start(tmp_path: Path) -> None:
    lm = filled(tmp_path)
    lm.delete_records("t", 0, 10)
    assert lm.delete_records("t", 0, 4) == 10
    assert lm.delete_records("t", 0, 10) == 10


def test_errors_are_kafkas(tmp_path: Path) -> None:
    lm = filled(tmp_path, batches=4)
    plog = lm.get_log("t", 0)
    assert plog is not None
    with pytest.raises(StorageError) as e:
        lm.delete_records("t", 0, plog.high_watermark + 1)  # beyond the high watermark
    assert e.value.error_code == ErrorCode.OFFSET_OUT_OF_RANGE and "larger than the high watermark" in str(e.value)
    with pytest.raises(StorageError) as e:
        lm.delete_records("t", 0, -2)
    assert e.value.error_code == ErrorCode.OFFSET_OUT_OF_RANGE and "is not valid" in str(e.value)
    with pytest.raises(StorageError) as e:
        lm.delete_records("t", 1, 0)
    assert e.value.error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert plog.log_start_offset == 0


def test_compact_only_topic_refuses_with_policy_violation(tmp_path: Path) -> None:
    lm = manager(tmp_path)
    lm.create_topic("c", 1, {"cleanup.policy": "compact"})
    lm.create_topic("cd", 1, {"cleanup.policy": "compact,delete"})
    for name in ("c", "cd"):
        lm.get_log(name, 0).append(batch(3), leader_epoch=0, now_ms=T0)  # type: ignore[union-attr]
    with pytest.raises(StorageError) as e:
        lm.delete_records("c", 0, 1)
    assert e.value.error_code == ErrorCode.POLICY_VIOLATION
    assert lm.delete_records("cd", 0, 2) == 2
    assert lm.get_log("cd", 0).cleaner_checkpoint >= 2  # type: ignore[union-attr]


def test_producers_wholly_below_the_new_start_are_forgotten(tmp_path: Path) -> None:
    lm = manager(tmp_path)
    lm.create_topic("p", 1)
    plog = lm.get_log("p", 0)
    assert plog is not None
    plog.append(batch(2, producer_id=7, producer_epoch=0, base_sequence=0), leader_epoch=0, now_ms=T0)
    plog.append(batch(2, producer_id=8, producer_epoch=0, base_sequence=0), leader_epoch=0, now_ms=T0)
    assert set(plog.producer_state.producers) == {7, 8}
    lm.delete_records("p", 0, 2)
    assert set(plog.producer_state.producers) == {8}


def test_retention_sweep_also_deletes_segments_below_the_log_start(tmp_path: Path) -> None:
    """A log start moved by recovery (checkpoint ahead of the segments) is enforced by the sweep, as Kafka's
    deleteOldSegments always includes the start-offset breach."""
    lm = filled(tmp_path)
    plog = lm.get_log("t", 0)
    assert plog is not None
    before = len(plog.segments)
    plog.log_start_offset = plog.segments[2].base_offset
    assert lm.apply_retention(T0) == 2
    assert len(plog.segments) == before - 2
