"""Issue 34 item 4: a partition's leader-epoch-checkpoint, rule by rule as Kafka's LeaderEpochFileCache keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaflite.protocol import records as R
from kaflite.storage.config import LogConfig
from kaflite.storage.leader_epoch import FILE_NAME, LeaderEpochCache
from kaflite.storage.log import PartitionLog

T0 = 1_700_000_000_000


def test_a_log_without_the_file_is_epoch_zero_from_its_start_and_writes_nothing(tmp_path: Path) -> None:
    cache = LeaderEpochCache.load(tmp_path, 7)
    assert cache.entries == [(0, 7)] and cache.latest_epoch == 0
    cache.truncate_from_start(9)
    assert cache.entries == [(0, 9)] and not (tmp_path / FILE_NAME).exists()
    assert cache.end_offset_for(0, 20) == (0, 20)


def test_assign_writes_kafkas_format_and_drops_entries_it_supersedes(tmp_path: Path) -> None:
    cache = LeaderEpochCache.load(tmp_path, 0)
    assert cache.assign(1, 5) and cache.assign(3, 9)
    assert (tmp_path / FILE_NAME).read_text() == "0\n3\n0 0\n1 5\n3 9\n"
    assert not cache.assign(3, 12)  # the same epoch later: nothing to record
    assert cache.assign(2, 7)  # an older epoch (a truncation happened): later entries give way
    assert cache.entries == [(0, 0), (1, 5), (2, 7)]
    assert LeaderEpochCache.load(tmp_path, 0).entries == [(0, 0), (1, 5), (2, 7)]
    with pytest.raises(ValueError):
        cache.assign(-1, 0)


def test_end_offset_for_answers_as_kafka(tmp_path: Path) -> None:
    cache = LeaderEpochCache(tmp_path, [(1, 5), (3, 9)], on_disk=True)
    assert cache.end_offset_for(3, 20) == (3, 20)  # the latest: the log end
    assert cache.end_offset_for(1, 20) == (1, 9)
    assert cache.end_offset_for(2, 20) == (1, 9)  # an epoch never used: the floor epoch's end
    assert cache.end_offset_for(0, 20) == (0, 5)  # older than every entry: the first start
    assert cache.end_offset_for(4, 20) == (-1, -1)
    assert cache.end_offset_for(-1, 20) == (-1, -1)
    assert [cache.epoch_for(o) for o in (0, 5, 8, 9, 100)] == [0, 1, 1, 3, 3]


def test_truncation_from_start_and_end(tmp_path: Path) -> None:
    cache = LeaderEpochCache(tmp_path, [(0, 0), (1, 5), (3, 9)], on_disk=True)
    cache.truncate_from_start(6)
    assert cache.entries == [(1, 6), (3, 9)]
    cache.truncate_from_end(9)
    assert cache.entries == [(1, 6)]
    assert LeaderEpochCache.load(tmp_path, 0).entries == [(1, 6)]


def test_the_log_records_newer_batch_epochs_and_cuts_the_cache_with_delete_records(tmp_path: Path) -> None:
    plog = PartitionLog.open(tmp_path / "t-0", "t", 0, LogConfig(), now_ms=T0)
    try:
        plog.append(R.build_batch([(None, b"a")], timestamp_ms=T0), leader_epoch=0, now_ms=T0)
        plog.append(R.build_batch([(None, b"b")], timestamp_ms=T0), leader_epoch=4, now_ms=T0)
        assert plog.leader_epoch == 4 and plog.epochs.entries == [(0, 0), (4, 1)]
        plog.increment_log_start_offset(2)
        assert plog.epochs.entries == [(4, 2)]
    finally:
        plog.close()
    reopened = PartitionLog.open(tmp_path / "t-0", "t", 0, LogConfig(), now_ms=T0, log_start_offset=2)
    try:
        assert reopened.epochs.entries == [(4, 2)] and reopened.leader_epoch == 4
    finally:
        reopened.close()
