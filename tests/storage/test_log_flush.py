"""A flush split in two (issue 14 item 1): `begin_flush` on the log's thread takes the unsynced segment files,
`LogFlush.sync.run()` fsyncs them anywhere, `end_flush` moves the recovery point to what that flush covered.
Appends, rolls and closes may come between the halves; a failed sync gives every file back to the next
flush."""

from __future__ import annotations

import errno
import os
import threading

import pytest

from kaflite.storage.fileio import DiskFault, set_disk_fault

from .conftest import T0, batch


@pytest.fixture(autouse=True)
def no_fault() -> object:
    yield None
    set_disk_fault(None)


def test_the_recovery_point_moves_to_what_the_flush_covered_not_to_later_appends(open_log) -> None:
    plog = open_log()
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    flush = plog.begin_flush()
    assert flush.end_offset == 3 and len(flush.sync.fds) == 1
    plog.append(batch(2), leader_epoch=0, now_ms=T0)  # after the flush began: not covered by it
    flush.sync.run()
    plog.end_flush(flush, T0 + 1, ok=True)
    assert (plog.recovery_point, plog.unflushed_messages, plog.last_flush_ms) == (3, 2, T0 + 1)
    again = plog.begin_flush()
    assert len(again.sync.fds) == 1, "the later append left the segment unsynced"
    again.sync.run()
    plog.end_flush(again, T0 + 2, ok=True)
    assert (plog.recovery_point, plog.unflushed_messages) == (5, 0)
    assert plog.begin_flush().sync.fds == [], "nothing written since: nothing to sync"


def test_a_failed_sync_leaves_everything_it_took_for_the_next_flush(open_log) -> None:
    plog = open_log()
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    flush = plog.begin_flush()
    set_disk_fault(DiskFault(errno.EIO, allow_bytes=1 << 20, fail_sync=True))
    with pytest.raises(OSError):
        flush.sync.run()
    plog.end_flush(flush, T0, ok=False)
    assert plog.recovery_point == 0 and plog.unflushed_messages == 3
    set_disk_fault(None)
    retry = plog.begin_flush()
    assert len(retry.sync.fds) == 1
    retry.sync.run()
    plog.end_flush(retry, T0, ok=True)
    assert plog.recovery_point == 3


def test_a_segment_closed_while_its_sync_is_pending_is_still_synced_through_its_own_fd(open_log) -> None:
    """The flush holds duplicated fds: closing the log (or rolling, or deleting a segment) meanwhile cannot
    close the fd under the sync, nor make it another file's."""
    plog = open_log()
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    flush = plog.begin_flush()
    (fd, _), = flush.sync.fds
    plog.close()
    assert os.fstat(fd).st_size > 0  # still the segment's file
    flush.sync.run()
    assert flush.sync.fds == []
    with pytest.raises(OSError):
        os.fstat(fd)  # closed by the run


def test_a_synchronous_flush_while_one_is_in_flight_syncs_every_segment_itself(open_log) -> None:
    """A flush on the log's thread (shutdown, `flush.messages`) may not count on a flush in flight elsewhere:
    that one may yet fail. It syncs what the other took too."""
    plog = open_log()
    plog.append(batch(3), leader_epoch=0, now_ms=T0)
    in_flight = plog.begin_flush()
    synced: list[int] = []
    real = os.fdatasync

    def counting(fd: int) -> None:
        synced.append(fd)
        real(fd)

    os.fdatasync = counting  # type: ignore[assignment]
    try:
        plog.flush(T0)
    finally:
        os.fdatasync = real
    assert len(synced) == 1 and plog.recovery_point == 3
    done = threading.Thread(target=in_flight.sync.run)
    done.start()
    done.join(10)
    plog.end_flush(in_flight, T0, ok=True)
    assert plog.recovery_point == 3


def test_a_roll_while_a_flush_is_pending_keeps_both_segments_covered(open_log) -> None:
    plog = open_log()
    plog.append(batch(2, size=3000), leader_epoch=0, now_ms=T0)
    flush = plog.begin_flush()
    for _ in range(4):  # past segment.bytes=8192: rolls to a new segment
        plog.append(batch(1, size=3000), leader_epoch=0, now_ms=T0)
    assert len(plog.segments) > 1
    flush.sync.run()
    plog.end_flush(flush, T0, ok=True)
    assert plog.recovery_point == 2
    rest = plog.begin_flush()
    rest.sync.run()
    plog.end_flush(rest, T0, ok=True)
    assert plog.recovery_point == plog.log_end_offset == 6
