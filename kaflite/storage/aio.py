"""A flush's fsyncs by Linux kernel AIO: no thread of ours waits on the disk, completions count on an eventfd.

Why: group commit (`kaflite.broker.flush`) ran each flush's fsyncs on flusher threads. `os.fdatasync` lets go
of the GIL, but the thread must take it back after every fsync, and while the event loop runs Python that
waits for the loop's next switch (up to 5 ms): durable answers waited for a thread, not for the disk, and the
hand-offs cost the loop CPU. With kernel AIO (`io_submit` of IOCB_CMD_FDSYNC/FSYNC, Linux 4.18+) the kernel's
workqueue runs the same `vfs_fsync` that fdatasync(2) and fsync(2) run, and each completion increments an
eventfd (IOCB_FLAG_RESFD) the loop watches; `reap` collects them. Durability is exactly fdatasync's.

The four syscalls are called through libc's syscall(2) with ctypes: the maintained wrapper, python-libaio,
needs the system's libaio.so, which most machines running `make run` do not have. `AioSyncs.open()` returns
None where kernel AIO cannot be had (not Linux, an architecture not listed, a seccomp filter refusing it,
`fs.aio-max-nr` reached); the caller keeps its threads then. Nothing here touches the event loop: the caller
watches `fileno()` and calls `reap()`.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import itertools
import os
import platform
import struct
import sys
import tempfile
import weakref
from collections import deque
from collections.abc import Callable

import structlog

from kaflite.storage.fileio import check_sync_fault, sync
from kaflite.storage.syncs import PendingSync

log = structlog.get_logger("kaflite.storage")

# io_setup, io_destroy, io_submit, io_getevents (x86_64's own table; the asm-generic one elsewhere).
_SYSCALLS = {"x86_64": (206, 207, 209, 208), "aarch64": (0, 1, 2, 4), "riscv64": (0, 1, 2, 4)}
IOCB_CMD_FSYNC = 2
IOCB_CMD_FDSYNC = 3
IOCB_FLAG_RESFD = 1
# Submissions the context takes at once (the kernel reserves about twice this much of fs.aio-max-nr, 65,536 by
# default, for each broker): more wait in `_queue` for completions. A flush is one or two fds per partition.
CAPACITY = 128
_REAP = 64  # events read per io_getevents
_PROBE_WAIT_S = 5  # the probe's fsync has nothing to write; a kernel that takes longer is not one to rely on


# `struct iocb` (linux/aio_abi.h, little-endian field order; 64 bytes): aio_data, aio_key, aio_rw_flags,
# aio_lio_opcode, aio_reqprio, aio_fildes, aio_buf, aio_nbytes, aio_offset, aio_reserved2, aio_flags,
# aio_resfd. Packed with struct into buffers made once: a fraction of the cost of ctypes fields set one by one.
_IOCB = struct.Struct("<QIiHhIQQqQII")
# `struct io_event`: data (the iocb's aio_data), obj, res (the result: a negative errno), res2.
_IOEVENT = struct.Struct("<QQqq")


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


_ZERO = ctypes.c_long(0)
_REAP_C = ctypes.c_long(_REAP)


Done = Callable[[OSError | None], None]


class _Entry:
    """One PendingSync in the kernel: its fsyncs still out, and the first failure among them."""

    __slots__ = ("done", "error", "remaining", "sync")

    def __init__(self, sync: PendingSync, done: Done) -> None:
        self.sync = sync
        self.done = done
        self.remaining = len(sync.fds)
        self.error: OSError | None = None


def _destroy(syscall: Callable[..., int], number: int, context: int, eventfd: int) -> None:
    syscall(ctypes.c_long(number), ctypes.c_ulong(context))
    os.close(eventfd)


class AioSyncs:
    """A kernel AIO context for PendingSyncs: `submit` hands their fsyncs to the kernel, `reap` (when
    `fileno()` is readable) closes each completed sync's fds and calls its `done(error)`, on the caller's
    thread. `done` is never called from inside `submit`."""

    def __init__(self, syscall: Callable[..., int], numbers: tuple[int, int, int, int], context: int,
                 eventfd: int, capacity: int) -> None:
        self._syscall = syscall
        _, destroy_nr, submit_nr, getevents_nr = numbers
        self._context = ctypes.c_ulong(context)
        self._eventfd = eventfd
        self._capacity = capacity
        self._tokens = itertools.count(1)
        self._entries: dict[int, _Entry] = {}
        self._queue: deque[tuple[int, int, bool]] = deque()  # (token, fd, data_only) not yet submitted
        self._in_kernel = 0
        self._ready: list[int] = []  # tokens complete without a kernel event (an injected fault, no fds)
        self._events = ctypes.create_string_buffer(_IOEVENT.size * _REAP)
        self._iocbs = ctypes.create_string_buffer(_IOCB.size * capacity)
        self._pointers = (ctypes.c_void_p * capacity)(
            *(ctypes.addressof(self._iocbs) + i * _IOCB.size for i in range(capacity)))
        self._nr_submit = ctypes.c_long(submit_nr)
        self._nr_getevents = ctypes.c_long(getevents_nr)
        self._no_wait = _Timespec(0, 0)
        self._no_wait_ref = ctypes.byref(self._no_wait)
        self._closed = False
        # A context left open (its owner dropped without `close`) would hold its share of fs.aio-max-nr until
        # the process ends: the collector destroys it then.
        self._finalizer = weakref.finalize(self, _destroy, syscall, destroy_nr, context, eventfd)

    @classmethod
    def open(cls, capacity: int = CAPACITY) -> AioSyncs | None:
        """A context and its eventfd, or None (logged at debug) where kernel AIO is not available."""
        numbers = _SYSCALLS.get(platform.machine())
        if not sys.platform.startswith("linux") or numbers is None or not hasattr(os, "eventfd"):
            return None
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            syscall = libc.syscall
        except (OSError, AttributeError):
            return None
        syscall.restype = ctypes.c_long
        return cls.open_with(syscall, numbers, capacity)

    @classmethod
    def open_with(cls, syscall: Callable[..., int], numbers: tuple[int, int, int, int],
                  capacity: int = CAPACITY) -> AioSyncs | None:
        """`open` through the given syscall(2) and syscall numbers (io_setup, io_destroy, io_submit,
        io_getevents)."""
        context = ctypes.c_ulong(0)
        if syscall(ctypes.c_long(numbers[0]), ctypes.c_long(capacity), ctypes.byref(context)) != 0:
            code = ctypes.get_errno()
            log.debug("kernel AIO unavailable; fsyncs on threads", error=errno.errorcode.get(code, code))
            return None
        try:
            eventfd = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
        except OSError:
            syscall(ctypes.c_long(numbers[1]), context)
            return None
        aio = cls(syscall, numbers, context.value, eventfd, capacity)
        if not aio._probe():
            aio.close()
            return None
        return aio

    def _probe(self) -> bool:
        """Whether this kernel syncs by AIO: IOCB_CMD_FDSYNC came in Linux 4.18, and before it io_submit refuses
        it (EINVAL) for every file. One fdatasync of a fresh temporary file (nothing to write), waited for here
        and not counted on the eventfd. No usable temporary directory: not probed, so not used."""
        try:
            with tempfile.TemporaryFile() as probe:
                return self._probe_fd(probe.fileno())
        except OSError as exc:
            log.debug("kernel AIO not probed; fsyncs on threads", error=repr(exc))
            return False

    def _probe_fd(self, fd: int) -> bool:
        _IOCB.pack_into(self._iocbs, 0, 0, 0, 0, IOCB_CMD_FDSYNC, 0, fd, 0, 0, 0, 0, 0, 0)
        if self._syscall(self._nr_submit, self._context, ctypes.c_long(1), self._pointers) != 1:
            code = ctypes.get_errno()
            log.debug("kernel AIO cannot fsync; fsyncs on threads", error=errno.errorcode.get(code, code))
            return False
        n = self._syscall(self._nr_getevents, self._context, ctypes.c_long(1), ctypes.c_long(1), self._events,
                          ctypes.byref(_Timespec(_PROBE_WAIT_S, 0)))
        res = _IOEVENT.unpack_from(self._events)[2] if n == 1 else None
        if res != 0:
            log.debug("kernel AIO fsync failed its probe; fsyncs on threads", events=n, res=res)
        return res == 0

    def fileno(self) -> int:
        """The eventfd: readable once some submitted fsync has completed."""
        return self._eventfd

    @property
    def pending(self) -> int:
        """Syncs submitted whose `done` has not run yet."""
        return len(self._entries)

    def submit(self, syncs: list[tuple[PendingSync, Done]]) -> None:
        """Start every fsync of each sync (one io_submit for them all, as far as the context takes them)."""
        nudge = False
        for pending, done in syncs:
            token = next(self._tokens)
            entry = self._entries[token] = _Entry(pending, done)
            try:
                check_sync_fault()  # an injected EIO fails every fsync, as `fileio.sync` does
            except OSError as exc:
                entry.error, entry.remaining = exc, 0
            if entry.remaining == 0:
                self._ready.append(token)
                nudge = True
                continue
            self._queue.extend((token, fd, data_only) for fd, data_only in pending.fds)
        self._issue()
        if nudge:  # `reap` delivers them, on its own turn like every completion
            os.eventfd_write(self._eventfd, 1)

    def reap(self) -> None:
        """Collect the completed fsyncs; each sync whose last fsync is done gets its fds closed and its `done`."""
        with contextlib.suppress(BlockingIOError):
            os.eventfd_read(self._eventfd)
        events = self._events
        while self._in_kernel:
            n = self._syscall(self._nr_getevents, self._context, _ZERO, _REAP_C, events, self._no_wait_ref)
            if n < 0:
                if ctypes.get_errno() == errno.EINTR:
                    continue
                log.error("io_getevents failed", error=errno.errorcode.get(ctypes.get_errno()))
                break
            self._in_kernel -= n
            for i in range(n):
                data, _, res, _ = _IOEVENT.unpack_from(events, i * _IOEVENT.size)
                self._settle_one(data, OSError(-res, os.strerror(-res)) if res < 0 else None)
            if n < _REAP:
                break
        if self._queue:
            self._issue()
        ready, self._ready = self._ready, []
        for token in ready:
            entry = self._entries.pop(token)
            entry.sync.discard()
            try:
                entry.done(entry.error)
            except Exception:  # as a failing done callback: logged, the other syncs still complete
                log.exception("fsync completion failed")

    def close(self) -> None:
        """Destroy the context (the kernel waits for fsyncs still running); syncs never completed have their
        fds closed and no `done`: the caller drains first."""
        if self._closed:
            return
        self._closed = True
        self._finalizer()
        for entry in self._entries.values():
            entry.sync.discard()
        self._entries.clear()
        self._queue.clear()

    def _settle_one(self, token: int, error: OSError | None) -> None:
        entry = self._entries.get(token)
        if entry is None:
            return
        if error is not None and entry.error is None:
            entry.error = error
        entry.remaining -= 1
        if entry.remaining == 0:
            self._ready.append(token)

    def _issue(self) -> None:
        """Submit what is queued, as far as the context has room; a fsync the kernel refuses fails with its
        errno (EBADF, EINVAL: what fsync(2) itself would answer), except EAGAIN, which waits for room."""
        queue = self._queue
        while queue and self._in_kernel < self._capacity:
            count = min(len(queue), self._capacity - self._in_kernel)
            iocbs, pack, eventfd = self._iocbs, _IOCB.pack_into, self._eventfd
            for i in range(count):  # the kernel copies them in io_submit: the buffers are ours again after it
                token, fd, data_only = queue[i]
                pack(iocbs, i * _IOCB.size, token, 0, 0, IOCB_CMD_FDSYNC if data_only else IOCB_CMD_FSYNC, 0, fd,
                     0, 0, 0, 0, IOCB_FLAG_RESFD, eventfd)
            n = self._syscall(self._nr_submit, self._context, ctypes.c_long(count), self._pointers)
            if n < 0:
                code = ctypes.get_errno()
                if code == errno.EINTR:
                    continue
                if code == errno.EAGAIN and self._in_kernel:
                    return  # retried by `reap`, once some complete
                if code == errno.EAGAIN:  # no room and nothing to wait for: fsync this one here
                    token, fd, data_only = queue.popleft()
                    try:
                        sync(fd, data_only=data_only)
                        error = None
                    except OSError as exc:
                        error = exc
                    self._settle_one(token, error)
                    os.eventfd_write(self._eventfd, 1)
                    continue
                token, _, _ = queue.popleft()  # the first of the batch is the one refused
                self._settle_one(token, OSError(code, os.strerror(code)))
                os.eventfd_write(self._eventfd, 1)
                continue
            for _ in range(n):
                queue.popleft()
            self._in_kernel += n
