"""A disk whose fsyncs the test holds, for both ways group commit syncs (`kaflite.broker.flush`).

`threads`: kernel AIO is made unavailable (`AioSyncs.open` answers None, as on a machine without it), so
flushes run on the flusher threads, and `os.fdatasync` (what every log flush calls) waits at a gate.
`kernel-aio`: the kernel's fsyncs run, but their completions are not collected (`AioSyncs.reap` consumes the
eventfd and returns) until the gate opens: to the broker, the disk has not answered yet.

Either way the event loop must not wait: a test asks something of another connection meanwhile. The gate of
the threads opens by itself after GATE_TIMEOUT_S, and the fixture opens it at the end: a broken broker fails
the test, never hangs it. The `slow_disk` fixture (conftest.py) gives one of each.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable

import pytest

from kaflite.storage.aio import AioSyncs
from kaflite.storage.syncs import PendingSync

GATE_TIMEOUT_S = 10.0


class SlowDisk:
    """`os.fdatasync` held until `open()` (the flusher threads' path): counts the syncs that waited."""

    def __init__(self, real: Callable[[int], None]) -> None:
        self.real = real
        self.gate = threading.Event()
        self.gate.set()
        self.waiting = 0
        self.synced = 0
        self._lock = threading.Lock()

    def close(self) -> None:
        self.gate.clear()

    def open(self) -> None:
        self.gate.set()

    def __call__(self, fd: int) -> None:
        with self._lock:
            self.waiting += 1
        self.gate.wait(GATE_TIMEOUT_S)
        with self._lock:
            self.waiting -= 1
            self.synced += 1
        self.real(fd)


class SlowAioDisk:
    """Kernel AIO fsyncs whose completions wait until `open()`; `waiting` counts the fds handed to the kernel and
    not yet reported back, `synced` those reported (as SlowDisk counts its fdatasyncs)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.is_open = True
        self.waiting = 0
        self.synced = 0
        self._held: list[AioSyncs] = []
        real_submit, real_reap = AioSyncs.submit, AioSyncs.reap

        def submit(aio: AioSyncs, syncs: list[tuple[PendingSync, Callable[[OSError | None], None]]]) -> None:
            counted = []
            for pending, done in syncs:
                n = len(pending.fds)
                self.waiting += n
                counted.append((pending, self._counting(done, n)))
            real_submit(aio, counted)

        def reap(aio: AioSyncs) -> None:
            if self.is_open:
                real_reap(aio)
                return
            if aio not in self._held:
                self._held.append(aio)
            with contextlib.suppress(BlockingIOError):  # consumed, so the loop does not spin on it; `open` rings
                os.eventfd_read(aio.fileno())

        monkeypatch.setattr(AioSyncs, "submit", submit)
        monkeypatch.setattr(AioSyncs, "reap", reap)

    def _counting(self, done: Callable[[OSError | None], None], n: int) -> Callable[[OSError | None], None]:
        def counted(error: OSError | None) -> None:
            self.waiting -= n
            self.synced += n
            done(error)
        return counted

    def close(self) -> None:
        self.is_open = False

    def open(self) -> None:
        self.is_open = True
        held, self._held = self._held, []
        for aio in held:
            with contextlib.suppress(OSError):  # that context was closed meanwhile (its broker stopped)
                os.eventfd_write(aio.fileno(), 1)


def no_kernel_aio(monkeypatch: pytest.MonkeyPatch) -> None:
    """Group commit on its flusher threads, as on a machine without kernel AIO."""
    monkeypatch.setattr(AioSyncs, "open", classmethod(lambda cls, *a, **k: None))


def kernel_aio_available() -> bool:
    aio = AioSyncs.open()
    if aio is None:
        return False
    aio.close()
    return True
