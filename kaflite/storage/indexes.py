"""A segment's `.index` and `.timeindex`, Kafka's sparse indexes, byte-for-byte.

`.index` entries: relative offset int32 + file position int32. `.timeindex` entries: timestamp int64 +
relative offset int32. Both big-endian, one entry every `index.interval.bytes` of log, as Kafka's
`LogSegment.append`. Indexes are caches: kept in memory, written through, rebuilt when missing or insane.
"""

from __future__ import annotations

import bisect
import contextlib
import errno
import os
import struct
from pathlib import Path
from typing import ClassVar

import structlog

from kaflite.protocol.records import NO_TIMESTAMP
from kaflite.storage.fileio import write_fully
from kaflite.storage.syncs import PendingSync, Syncable

_OFFSET_ENTRY = struct.Struct(">ii")
_TIME_ENTRY = struct.Struct(">qi")
_NO_SPACE = (errno.ENOSPC, errno.EDQUOT)

log = structlog.get_logger()


class _Index(Syncable):
    """An append-only sorted index file mirrored in memory (two parallel lists for bisect)."""

    ENTRY: ClassVar[struct.Struct] = _OFFSET_ENTRY

    def __init__(self, path: Path, max_entries: int) -> None:
        self.path = path
        self.max_entries = max_entries
        self.keys: list[int] = []
        self.values: list[int] = []
        self._fd = -1
        self._unsynced = False  # written since the last fsync: a flush without new entries is free

    def load(self) -> bool:
        """Read the file; False when it is missing or not a whole number of entries."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return False
        if len(data) % self.ENTRY.size:
            return False
        self.keys, self.values = [], []
        for key, value in self.ENTRY.iter_unpack(data):
            self.keys.append(key)
            self.values.append(value)
        return True

    def _open(self) -> int:
        if self._fd < 0:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        return self._fd

    def _append(self, key: int, value: int) -> None:
        fd = self._open()
        try:
            write_fully(fd, self.ENTRY.pack(key, value))  # first: a failed write leaves memory as it was
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, len(self.keys) * self.ENTRY.size)  # and no partial entry in the file
            raise
        self.keys.append(key)
        self.values.append(value)
        self._unsynced = True

    def truncate_entries(self, count: int) -> None:
        """Keep the first `count` entries, in memory and in the file (a failed append's rollback)."""
        del self.keys[count:], self.values[count:]
        fd = self._open()
        os.ftruncate(fd, count * self.ENTRY.size)

    @property
    def is_full(self) -> bool:
        return len(self.keys) >= self.max_entries

    def rewrite(self) -> None:
        """Write every in-memory entry afresh (after a rebuild or truncation).

        A full disk (ENOSPC, EDQUOT) leaves the file empty rather than failing: the index is a cache, the
        in-memory entries serve lookups, and an empty file is a correct index for the next start (entries
        appended later make it a sparse one). Recovery on a still-full disk must not need free space."""
        self.close()
        data = b"".join(self.ENTRY.pack(k, v) for k, v in zip(self.keys, self.values, strict=True))
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            write_fully(fd, data)
        except OSError as exc:
            if exc.errno not in _NO_SPACE:
                raise
            os.ftruncate(fd, 0)
            log.warning("log.index_not_written", file=str(self.path), entries=len(self.keys), error=str(exc),
                        action="kept in memory; the file is left empty and rebuilt on a later start")
        finally:
            os.close(fd)
        self._unsynced = True

    def reset(self) -> None:
        self.keys, self.values = [], []
        self.rewrite()

    def floor(self, key: int) -> int:
        """Index of the last entry with entry key <= key, or -1."""
        return bisect.bisect_right(self.keys, key) - 1

    def take_unsynced(self, pending: PendingSync, *, force: bool = False) -> None:
        """Hand what was written since the last flush to `pending`. Most log flushes add no index entry
        (one per `index.interval.bytes` of log), so most take nothing here: a durable offset commit pays
        one fsync, the log's, not three."""
        if not (self._unsynced or force):
            return
        if self._fd >= 0:
            pending.take(self, os.dup(self._fd))
        else:
            with contextlib.suppress(FileNotFoundError):
                pending.take(self, os.open(self.path, os.O_RDONLY))
        self._unsynced = False

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


class OffsetIndex(_Index):
    """Relative offset -> file position."""

    ENTRY = _OFFSET_ENTRY

    def append(self, relative_offset: int, position: int) -> None:
        if self.keys and relative_offset <= self.keys[-1]:
            return
        self._append(relative_offset, position)

    def lookup(self, relative_offset: int) -> tuple[int, int]:
        """(relative offset, position) of the last entry at or before `relative_offset`, else (0, 0)."""
        i = self.floor(relative_offset)
        return (self.keys[i], self.values[i]) if i >= 0 else (0, 0)

    def sane(self, log_size: int) -> bool:
        prev_k, prev_v = -1, -1
        for k, v in zip(self.keys, self.values, strict=True):
            if k <= prev_k or v <= prev_v or v >= log_size or k < 0:
                return False
            prev_k, prev_v = k, v
        return True


class TimeIndex(_Index):
    """Timestamp -> relative offset; an entry only when the max timestamp so far grows."""

    ENTRY = _TIME_ENTRY

    def maybe_append(self, timestamp: int, relative_offset: int) -> None:
        if timestamp < 0 or (self.keys and timestamp <= self.keys[-1]):
            return
        self._append(timestamp, relative_offset)

    def lookup(self, timestamp: int) -> tuple[int, int]:
        """(timestamp, relative offset) of the last entry at or before `timestamp`, else (-1, 0)."""
        i = self.floor(timestamp)
        return (self.keys[i], self.values[i]) if i >= 0 else (NO_TIMESTAMP, 0)

    def sane(self, max_relative_offset: int) -> bool:
        prev_t, prev_o = NO_TIMESTAMP - 1, -1
        for t, o in zip(self.keys, self.values, strict=True):
            if t <= prev_t or o < prev_o or o > max_relative_offset or o < 0:
                return False
            prev_t, prev_o = t, o
        return True
