"""A full (ENOSPC) or failing (EIO) disk: appends fail as KAFKA_STORAGE_ERROR and leave nothing past the log
end, reads go on, writes resume when space returns, and a restart finds a clean log. The fault is the
storage seam (kaflite.storage.fileio.DiskFault); a test on a real, small tmpfs is in tests/broker."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.storage import LogConfig, LogManager, PartitionLog
from kaflite.storage.checkpoint import write_atomic
from kaflite.storage.errors import StorageError
from kaflite.storage.fileio import DiskFault, set_disk_fault

from .conftest import T0, batch, small_config


@pytest.fixture
def disk() -> Iterator[list[DiskFault | None]]:
    """`fill(error, allow_bytes)` installs a fault; it is always cleared after the test."""
    yield []
    set_disk_fault(None)


def fill(error: int = errno.ENOSPC, allow_bytes: int = 0) -> DiskFault:
    fault = DiskFault(error, allow_bytes=allow_bytes, fail_sync=error == errno.EIO)
    set_disk_fault(fault)
    return fault


def offsets(plog: PartitionLog) -> list[int]:
    """Every record offset a reader from offset 0 sees."""
    out: list[int] = []
    while len(out) < plog.log_end_offset:
        data = plog.read(len(out), 1 << 20).records
        out += [r.offset for h in R.iter_batches(data) for r in R.decode_records(data, h.position)
                if not h.is_control]
        if not data:
            break
    return out


def test_append_on_a_full_disk_is_a_storage_error_and_writes_nothing(open_log, disk) -> None:
    plog = open_log()
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    size = os.path.getsize(plog.active_segment.log_path)
    fault = fill()
    with pytest.raises(StorageError) as err:
        plog.append(batch(2), leader_epoch=0, now_ms=T0)
    assert err.value.error_code == ErrorCode.KAFKA_STORAGE_ERROR
    assert fault.failures == 1
    assert plog.log_end_offset == 3
    assert os.path.getsize(plog.active_segment.log_path) == size
    assert offsets(plog) == [0, 1, 2]  # reads go on
    set_disk_fault(None)  # space returns
    r = plog.append(batch(2), leader_epoch=0, now_ms=T0)
    assert (r.first_offset, r.last_offset) == (3, 4)
    assert offsets(plog) == [0, 1, 2, 3, 4]


def test_a_write_cut_short_by_the_full_disk_is_rolled_back(open_log, disk) -> None:
    """The disk fills in the middle of the batch: the half written is cut off the file, so neither a read,
    nor the next append, nor recovery after a crash ever sees it."""
    plog = open_log()
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    size = plog.active_segment.size
    fill(allow_bytes=40)
    with pytest.raises(StorageError):
        plog.append(batch(4), leader_epoch=0, now_ms=T0)
    assert os.path.getsize(plog.active_segment.log_path) == size == plog.active_segment.size
    set_disk_fault(None)
    plog.append(batch(1), leader_epoch=0, now_ms=T0)
    assert offsets(plog) == [0, 1, 2, 3]
    plog.close()
    reopened = PartitionLog.open(plog.directory, "t", 0, small_config(), now_ms=T0, clean_shutdown=False)
    assert offsets(reopened) == [0, 1, 2, 3]


@pytest.mark.parametrize("index_bytes", [0, 5])
def test_an_index_write_that_fails_rolls_back_the_log_write_too(open_log, disk, index_bytes: int) -> None:
    """The batch fits but its index entry does not (or only part of it): batch and index entry both go,
    memory and files agree."""
    plog = open_log(small_config(**{"index.interval.bytes": "0"}))
    plog.append(batch(2), leader_epoch=0, now_ms=T0)
    seg = plog.active_segment
    second = batch(2)
    size, entries = seg.size, len(seg.offset_index.keys)
    fill(allow_bytes=len(second) + index_bytes)  # the log write succeeds, the offset index entry fails
    with pytest.raises(StorageError):
        plog.append(second, leader_epoch=0, now_ms=T0)
    assert (seg.size, len(seg.offset_index.keys), seg.next_offset) == (size, entries, 2)
    assert os.path.getsize(seg.log_path) == size
    assert os.path.getsize(seg.offset_index.path) == entries * 8
    set_disk_fault(None)
    plog.append(second, leader_epoch=0, now_ms=T0)
    assert seg.offset_index.keys == [3] and offsets(plog) == [0, 1, 2, 3]
    plog.close()
    reopened = PartitionLog.open(plog.directory, "t", 0, small_config(), now_ms=T0, clean_shutdown=True)
    assert offsets(reopened) == [0, 1, 2, 3]


def test_a_failed_fsync_fails_a_flush_messages_append(open_log, disk) -> None:
    """flush.messages=1: the answer waits for the fsync; EIO there is KAFKA_STORAGE_ERROR. The batch is in
    the log (readable, not yet durable) and the next successful flush makes it so."""
    plog = open_log(small_config(**{"flush.messages": "1"}))
    plog.append(batch(1), leader_epoch=0, now_ms=T0)
    fill(errno.EIO, allow_bytes=1 << 20)
    with pytest.raises(StorageError) as err:
        plog.append(batch(1), leader_epoch=0, now_ms=T0)
    assert err.value.error_code == ErrorCode.KAFKA_STORAGE_ERROR
    assert plog.recovery_point == 1
    set_disk_fault(None)
    plog.flush()
    assert plog.recovery_point == plog.log_end_offset == 2


def test_transaction_marker_on_a_full_disk_is_a_storage_error(open_log, disk) -> None:
    plog = open_log()
    plog.append(batch(1, producer_id=7, producer_epoch=0, base_sequence=0, is_transactional=True),
                leader_epoch=0, now_ms=T0)
    fill()
    with pytest.raises(StorageError) as err:
        plog.append_end_txn_marker(7, 0, 0, committed=False, leader_epoch=0, now_ms=T0)
    assert err.value.error_code == ErrorCode.KAFKA_STORAGE_ERROR
    assert plog.last_stable_offset == 0 and plog.log_end_offset == 1  # the transaction is still open
    set_disk_fault(None)
    plog.append_end_txn_marker(7, 0, 0, committed=False, leader_epoch=0, now_ms=T0)
    assert plog.last_stable_offset == plog.log_end_offset == 2
    assert [e.producer_id for e in plog.active_segment.txn_index.entries] == [7]


def test_write_atomic_leaves_no_temp_file_on_a_full_disk(tmp_path: Path, disk) -> None:
    target = tmp_path / "checkpoint"
    target.write_bytes(b"old")
    fill(allow_bytes=2)
    with pytest.raises(OSError):
        write_atomic(target, b"new content")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkpoint"]
    assert target.read_bytes() == b"old"


def test_shutdown_on_a_full_disk_is_unclean_and_the_restart_recovers(tmp_path: Path, disk) -> None:
    """The final flush or the checkpoints fail: no clean-shutdown marker (never a marker that lies), no
    exception out of close, and the next start recovers every appended record."""
    logs = LogManager(tmp_path, LogConfig(), lambda: T0)
    logs.create_topic("t", 1, {})
    plog = logs.get_log("t", 0)
    assert plog is not None
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    fill(errno.EIO)
    logs.close()
    assert not (tmp_path / ".kafka_cleanshutdown").exists()
    set_disk_fault(None)
    again = LogManager(tmp_path, LogConfig(), lambda: T0)
    reopened = again.get_log("t", 0)
    assert reopened is not None and offsets(reopened) == [0, 1, 2]
    again.close()
