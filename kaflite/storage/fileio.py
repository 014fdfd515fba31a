"""The two low-level file helpers every storage module shares (one copy of each, not one per module).

`write_fully` loops on short writes: `os.write`/`os.pwrite` may write fewer bytes than asked (a signal,
a full disk reached mid-buffer, a pipe), and storage never wants half a buffer on disk.
`fsync_dir` makes a create, rename or unlink in a directory durable; the file's own fsync does not.
"""

from __future__ import annotations

import errno
import os


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
