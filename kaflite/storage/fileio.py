"""The two low-level file helpers every storage module shares (one copy of each, not one per module).

`write_fully` loops on short writes: `os.write`/`os.pwrite` may write fewer bytes than asked (a signal,
a full disk reached mid-buffer, a pipe), and storage never wants half a buffer on disk.
`fsync_dir` makes a create, rename or unlink in a directory durable; the file's own fsync does not.
`sync` is the fsync/fdatasync every storage flush goes through.

`DiskFault` is the seam for full-disk and I/O-error tests (the test kit's `fill_disk()`): while one is
set (`set_disk_fault`), writes through `write_fully` fail with ENOSPC/EIO once its byte allowance is
spent, and, for EIO, every `sync` fails too. Unset (production), the cost is one global read per call.
"""

from __future__ import annotations

import errno
import os
import threading
from dataclasses import dataclass, field


@dataclass
class DiskFault:
    """A full disk (ENOSPC) or a failing one (EIO): `allow_bytes` more bytes are written, then every
    write fails (a write straddling the limit is cut short first, as a filling disk does); with
    `fail_sync` (the default for EIO) every fsync fails too. Process-wide: it affects every broker
    of the process."""

    error: int = errno.ENOSPC
    allow_bytes: int = 0
    fail_sync: bool = False
    failures: int = 0  # writes and syncs refused so far
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def allowance(self, wanted: int) -> int:
        """How many of `wanted` bytes may be written now; raises the fault's OSError when none."""
        with self._lock:
            n = min(wanted, self.allow_bytes)
            self.allow_bytes -= n
            if n == 0:
                self.failures += 1
        if n == 0:
            raise OSError(self.error, os.strerror(self.error) + " (injected)")
        return n

    def check_sync(self) -> None:
        if self.fail_sync:
            with self._lock:
                self.failures += 1
            raise OSError(self.error, os.strerror(self.error) + " (injected, fsync)")


_fault: DiskFault | None = None


def set_disk_fault(fault: DiskFault | None) -> DiskFault | None:
    """Install (or, with None, clear) the process-wide disk fault; returns the one it replaced."""
    global _fault
    previous, _fault = _fault, fault
    return previous


def disk_fault() -> DiskFault | None:
    return _fault


def write_fully(fd: int, data: bytes | bytearray | memoryview, offset: int | None = None) -> int:
    """Write all of `data` to the open file descriptor `fd`, looping on short writes; returns its length.

    With `offset`, writes at that file position (`os.pwrite`, the file position is left alone);
    without, at the current position (`os.write`, which appends on an `O_APPEND` descriptor).
    """
    view = memoryview(data).cast("B")
    total = len(view)
    written = 0
    while written < total:
        rest = view[written:]
        if _fault is not None:
            rest = rest[: _fault.allowance(len(rest))]
        n = os.write(fd, rest) if offset is None else os.pwrite(fd, rest, offset + written)
        if n <= 0:  # never expected for a regular file; better an error than an endless loop
            raise OSError(errno.EIO, f"write returned {n} with {total - written} bytes left")
        written += n
    return total


def fsync_dir(path: str | os.PathLike[str]) -> None:
    """Make a create, rename or unlink in directory `path` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def check_sync_fault() -> None:
    """Raise the fsync failure an EIO DiskFault injects, if one is set (every way of syncing checks it)."""
    if _fault is not None:
        _fault.check_sync()


def sync(fd: int, *, data_only: bool = False) -> None:
    """fsync `fd` (fdatasync with `data_only`, where the platform has it); fails under an EIO DiskFault."""
    check_sync_fault()
    if data_only and hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:
        os.fsync(fd)
