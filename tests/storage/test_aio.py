"""Kernel AIO fsyncs (`kaflite.storage.aio`, issue 14 item 1): every fd of a PendingSync is synced by the kernel,
`done` runs from `reap` only once the last of them completed (never from `submit`), with the first failure,
and the sync's fds are closed by then.

The first tests use this machine's kernel (skipped where it offers no AIO). The rest drive `AioSyncs` with
`FakeKernel`, a stand-in for the four syscalls that refuses, delays and fails submissions on the test's word:
the paths a real kernel takes only under pressure (a full context, a refused fd, a failed fsync).
"""

from __future__ import annotations

import ctypes
import errno
import gc
import os
import select
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kaflite.storage import aio as aio_module
from kaflite.storage.aio import _IOCB, _IOEVENT, AioSyncs
from kaflite.storage.fileio import DiskFault, set_disk_fault
from kaflite.storage.syncs import PendingSync, Syncable

WAIT_S = 5.0
Outcomes = dict[int, OSError | None]


@pytest.fixture(autouse=True)
def no_fault() -> Iterator[None]:
    yield None
    set_disk_fault(None)


@pytest.fixture
def kernel() -> Iterator[AioSyncs]:
    aio = AioSyncs.open()
    if aio is None:
        pytest.skip("this kernel offers no AIO (io_setup refused)")
    yield aio
    aio.close()


def owner() -> Syncable:
    """A segment file's stand-in (the base class itself: compiled, kaflite/compiled.py, a PendingSync takes no other
    type): what a failed flush would give back is not this module's concern."""
    return Syncable()


def pending_sync(tmp_path: Path, name: str, fds: int = 1) -> PendingSync:
    """A PendingSync over `fds` duplicated fds of files just written (as `take_unsynced` makes them)."""
    sync = PendingSync()
    for i in range(fds):
        fd = os.open(tmp_path / f"{name}-{i}", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        os.write(fd, b"x" * 100)
        sync.take(owner(), os.dup(fd), data_only=i == 0)
        os.close(fd)
    return sync


def recorder(outcomes: Outcomes, key: int) -> Callable[[OSError | None], None]:
    def done(error: OSError | None) -> None:
        assert key not in outcomes, "done called twice"
        outcomes[key] = error
    return done


def reap_until(aio: AioSyncs, outcomes: Outcomes, n: int) -> None:
    """Wait for the eventfd and reap, as the broker's loop does, until `n` syncs are done."""
    while len(outcomes) < n:
        readable, _, _ = select.select([aio.fileno()], [], [], WAIT_S)
        assert readable, f"no completion within {WAIT_S} s; done so far: {outcomes}"
        aio.reap()


def is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def test_every_fd_is_synced_by_the_kernel_and_closed_before_done(kernel: AioSyncs, tmp_path: Path) -> None:
    syncs = [pending_sync(tmp_path, f"s{i}", fds=2) for i in range(3)]
    fds = [fd for s in syncs for fd, _ in s.fds]
    outcomes: Outcomes = {}
    kernel.submit([(s, recorder(outcomes, i)) for i, s in enumerate(syncs)])
    assert outcomes == {}, "done runs from reap, never from submit"
    reap_until(kernel, outcomes, 3)
    assert outcomes == {0: None, 1: None, 2: None}
    assert not any(is_open(fd) for fd in fds)
    assert kernel.pending == 0


def test_an_fd_the_kernel_refuses_fails_its_sync_alone(kernel: AioSyncs, tmp_path: Path) -> None:
    """EBADF (what fsync(2) would answer too) for a sync whose fd is not open; the sync beside it is synced."""
    bad = PendingSync()
    fd = os.dup(0)
    os.close(fd)  # a number no file holds now
    bad.take(owner(), fd, data_only=True)
    good = pending_sync(tmp_path, "good")
    outcomes: Outcomes = {}
    kernel.submit([(bad, recorder(outcomes, 0)), (good, recorder(outcomes, 1))])
    reap_until(kernel, outcomes, 2)
    assert isinstance(outcomes[0], OSError) and outcomes[0].errno == errno.EBADF
    assert outcomes[1] is None


def test_an_injected_eio_fails_every_sync_without_the_kernel(kernel: AioSyncs, tmp_path: Path) -> None:
    """The test kit's failing disk (`fill_disk("EIO")`) fails kernel fsyncs as it fails `fileio.sync`'s."""
    set_disk_fault(DiskFault(errno.EIO, fail_sync=True))
    sync = pending_sync(tmp_path, "s")
    fd = sync.fds[0][0]
    outcomes: Outcomes = {}
    kernel.submit([(sync, recorder(outcomes, 0))])
    assert outcomes == {}, "done runs from reap, never from submit"
    reap_until(kernel, outcomes, 1)
    assert isinstance(outcomes[0], OSError) and outcomes[0].errno == errno.EIO
    assert not is_open(fd)


def test_more_syncs_than_the_context_takes_wait_for_room(tmp_path: Path) -> None:
    aio = AioSyncs.open(capacity=2)
    if aio is None:
        pytest.skip("this kernel offers no AIO (io_setup refused)")
    try:
        syncs = [pending_sync(tmp_path, f"s{i}") for i in range(7)]
        outcomes: Outcomes = {}
        aio.submit([(s, recorder(outcomes, i)) for i, s in enumerate(syncs)])
        reap_until(aio, outcomes, 7)
        assert outcomes == dict.fromkeys(range(7))
    finally:
        aio.close()


def test_close_closes_the_fds_of_syncs_never_reaped(kernel: AioSyncs, tmp_path: Path) -> None:
    sync = pending_sync(tmp_path, "s")
    fd = sync.fds[0][0]
    outcomes: Outcomes = {}
    kernel.submit([(sync, recorder(outcomes, 0))])
    kernel.close()
    assert not is_open(fd) and outcomes == {}


# ---------------------------------------------------------------------------------------------- a fake kernel
NUMBERS = (100, 101, 102, 103)  # io_setup, io_destroy, io_submit, io_getevents, as AioSyncs is given them


class FakeKernel:
    """io_submit and io_getevents as the test says: at most `accept` iocbs in the kernel (beyond, io_submit
    answers `refuse`), an fd in `refusals` refused with its errno each time, completions only when `complete()`
    is called, with `results` by fd (0 unless given)."""

    def __init__(self) -> None:
        self.accept = 1_000
        self.refuse = errno.EAGAIN
        self.refusals: dict[int, int] = {}  # fd -> errno io_submit answers for its iocb
        self.results: dict[int, int] = {}  # fd -> the completion's res (a negative errno)
        self.submitted: list[tuple[int, int, int]] = []  # (data, fd, opcode) in the kernel, not complete
        self.completed: list[tuple[int, int]] = []  # (data, res), not yet read by io_getevents
        self.eventfd = -1
        self.calls: list[str] = []
        self.probe_errno: int | None = None  # the first io_submit refused with it (a kernel before 4.18: EINVAL)

    def __call__(self, nr: ctypes.c_long, *args: object) -> int:
        if nr.value == NUMBERS[2] and self.probe_errno is not None:
            self.calls.append("io_submit (probe)")
            ctypes.set_errno(self.probe_errno)
            return -1
        if nr.value == NUMBERS[2]:
            return self._submit(args)
        if nr.value == NUMBERS[3]:
            return self._getevents(args)
        self.calls.append(f"syscall {nr.value}")
        return 0

    def _submit(self, args: tuple[object, ...]) -> int:
        _, n, pointers = args
        count = n.value  # type: ignore[attr-defined]
        self.calls.append(f"io_submit {count}")
        taken = 0
        for i in range(count):
            (data, _, _, opcode, _, fd, _, _, _, _, flags, resfd) = _IOCB.unpack(
                ctypes.string_at(pointers[i], _IOCB.size))  # type: ignore[index]
            refusal = self.refusals.get(fd)
            if refusal is None and len(self.submitted) >= self.accept:
                refusal = self.refuse
            if refusal is not None:
                if taken:
                    return taken
                ctypes.set_errno(refusal)
                return -1
            assert flags == aio_module.IOCB_FLAG_RESFD and resfd == self.eventfd
            self.submitted.append((data, fd, opcode))
            taken += 1
        return taken

    def _getevents(self, args: tuple[object, ...]) -> int:
        _, min_nr, nr, events, _ = args
        assert min_nr.value == 0, "reap never blocks"  # type: ignore[attr-defined]
        n = min(nr.value, len(self.completed))  # type: ignore[attr-defined]
        for i in range(n):
            data, res = self.completed.pop(0)
            _IOEVENT.pack_into(events, i * _IOEVENT.size, data, 0, res, 0)  # type: ignore[arg-type]
        return n

    def complete(self, how_many: int | None = None) -> None:
        """The oldest submitted fsyncs finish; the eventfd counts them, as IOCB_FLAG_RESFD makes it."""
        done = self.submitted[: how_many if how_many is not None else len(self.submitted)]
        del self.submitted[: len(done)]
        for data, fd, _ in done:
            self.completed.append((data, self.results.get(fd, 0)))
        if done:
            os.eventfd_write(self.eventfd, len(done))


@pytest.fixture
def fake() -> Iterator[tuple[AioSyncs, FakeKernel]]:
    kernel = FakeKernel()
    kernel.eventfd = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
    aio = AioSyncs(kernel, NUMBERS, 7, kernel.eventfd, capacity=4)
    yield aio, kernel
    aio.close()


def test_done_waits_for_the_last_fd_of_its_sync_and_carries_its_failure(
        fake: tuple[AioSyncs, FakeKernel], tmp_path: Path) -> None:
    aio, kernel = fake
    sync = pending_sync(tmp_path, "s", fds=2)
    (log_fd, _), (index_fd, _) = sync.fds
    kernel.results[index_fd] = -errno.EIO
    outcomes: Outcomes = {}
    aio.submit([(sync, recorder(outcomes, 0))])
    assert [op for _, _, op in kernel.submitted] == [aio_module.IOCB_CMD_FDSYNC, aio_module.IOCB_CMD_FSYNC]
    kernel.complete(1)
    aio.reap()
    assert outcomes == {} and is_open(log_fd), "one of its two fsyncs is still in the kernel"
    kernel.complete()
    aio.reap()
    assert isinstance(outcomes[0], OSError) and outcomes[0].errno == errno.EIO
    assert not is_open(log_fd) and not is_open(index_fd)


def test_a_full_context_queues_and_submits_as_fsyncs_complete(
        fake: tuple[AioSyncs, FakeKernel], tmp_path: Path) -> None:
    """Past the capacity (4) nothing is submitted; the kernel taking fewer than offered (EAGAIN for the rest,
    its own context full) leaves them queued too. Each reap submits what there is room for, in order."""
    aio, kernel = fake
    kernel.accept = 3
    syncs = [pending_sync(tmp_path, f"s{i}") for i in range(6)]
    outcomes: Outcomes = {}
    aio.submit([(s, recorder(outcomes, i)) for i, s in enumerate(syncs)])
    assert len(kernel.submitted) == 3 and kernel.calls[-2:] == ["io_submit 4", "io_submit 1"]
    kernel.accept = 1_000
    kernel.complete(2)
    aio.reap()
    assert sorted(outcomes) == [0, 1] and len(kernel.submitted) == 4  # the one left, and the three queued
    for _ in range(3):
        kernel.complete()
        aio.reap()
    assert outcomes == dict.fromkeys(range(6))


def test_eagain_with_nothing_in_the_kernel_syncs_here(fake: tuple[AioSyncs, FakeKernel], tmp_path: Path) -> None:
    """No completion would ever make room: the fsync runs on the caller's thread, still reported by reap."""
    aio, kernel = fake
    kernel.accept = 0
    outcomes: Outcomes = {}
    aio.submit([(pending_sync(tmp_path, "s"), recorder(outcomes, 0))])
    assert kernel.submitted == [] and outcomes == {}
    reap_until(aio, outcomes, 1)
    assert outcomes == {0: None}


def test_a_refused_fd_fails_its_sync_and_the_rest_are_submitted(
        fake: tuple[AioSyncs, FakeKernel], tmp_path: Path) -> None:
    aio, kernel = fake
    syncs = [pending_sync(tmp_path, f"s{i}") for i in range(3)]
    kernel.refusals[syncs[1].fds[0][0]] = errno.EINVAL  # a file whose filesystem has no fsync
    outcomes: Outcomes = {}
    aio.submit([(s, recorder(outcomes, i)) for i, s in enumerate(syncs)])
    assert len(kernel.submitted) == 2
    kernel.complete()
    reap_until(aio, outcomes, 3)
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], OSError) and outcomes[1].errno == errno.EINVAL


def test_a_kernel_that_refuses_aio_fsync_is_not_used() -> None:
    """Linux before 4.18 has io_setup but refuses IOCB_CMD_FDSYNC (EINVAL) for every file: `open` probes with
    a temporary file and answers None (group commit keeps its threads), leaving no context behind."""
    kernel = FakeKernel()
    kernel.probe_errno = errno.EINVAL
    assert AioSyncs.open_with(kernel, NUMBERS) is None
    assert kernel.calls == [f"syscall {NUMBERS[0]}", "io_submit (probe)", f"syscall {NUMBERS[1]}"]


def test_a_context_dropped_without_close_is_destroyed_by_the_collector() -> None:
    kernel = FakeKernel()
    eventfd = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
    aio = AioSyncs(kernel, NUMBERS, 7, eventfd, capacity=4)
    del aio
    gc.collect()
    assert kernel.calls == [f"syscall {NUMBERS[1]}"]
    assert not is_open(eventfd)


def test_without_a_temporary_directory_to_probe_with_the_threads_serve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TMPDIR unusable: no probe, so no kernel AIO (the caller keeps its threads), and no exception."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    assert AioSyncs.open() is None
