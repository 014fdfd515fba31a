"""One log segment: `<20-digit base offset>.log` plus its `.index`, `.timeindex` and `.txnindex`, byte-for-byte Kafka.

`.index` entries: relative offset int32 + file position int32. `.timeindex` entries: timestamp int64 +
relative offset int32. Both big-endian, one entry every `index.interval.bytes` of log, as Kafka's
`LogSegment.append`. Indexes are caches: kept in memory, written through, rebuilt when missing or insane.
Files are trimmed to their entries (Kafka trims on close/roll), so a Kafka broker reads ours and we read its.
A `preallocate` topic's active `.log` is zero-filled ahead of its end while written (trimmed on roll and close).
`.txnindex` (TX-RC-5): one 34-byte AbortedTxn per aborted transaction whose abort marker is in the segment;
created on its first entry, as Kafka's TransactionIndex.
"""

from __future__ import annotations

import bisect
import contextlib
import errno
import os
import struct
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import ClassVar, NamedTuple

import structlog

from kaflite.protocol.records import (
    HEADER_SIZE,
    LOG_OVERHEAD,
    MIN_BATCH_LENGTH,
    NO_TIMESTAMP,
    BatchHeader,
    CorruptRecordError,
    batch_size_at,
    read_header,
    validate_batch,
)
from kaflite.storage.fileio import sync, write_fully

LOG_SUFFIX = ".log"
INDEX_SUFFIX = ".index"
TIME_INDEX_SUFFIX = ".timeindex"
TXN_INDEX_SUFFIX = ".txnindex"
INT_MAX = 2**31 - 1
_SCAN_CHUNK = 1 << 20
# preallocate=true: how far ahead of the log end an active segment's file is zero-filled. A flush that only
# overwrites allocated blocks is a data-only fdatasync; one that grows the file also commits the journal
# (its new size and blocks): about twice the latency under concurrent flushes here (bench/fsync_modes.py).
PREALLOCATE_CHUNK = 256 * 1024
_ZEROS = bytes(PREALLOCATE_CHUNK)

_OFFSET_ENTRY = struct.Struct(">ii")
_TIME_ENTRY = struct.Struct(">qi")
_NO_SPACE = (errno.ENOSPC, errno.EDQUOT)
_ABORTED_TXN = struct.Struct(">hqqqq")  # Kafka's AbortedTxn: version 0, pid, first, last, lastStableOffset
ABORTED_TXN_VERSION = 0

log = structlog.get_logger()


class PendingSync:
    """The fsyncs of one flush, taken on the log's thread and run elsewhere (by kernel AIO, `aio.AioSyncs`, or
    on a flusher thread: `os.fsync` releases the GIL), so the event loop keeps serving while the disk works.

    The fds are duplicates: a roll, a retention delete or a close of the segment meanwhile cannot close one
    under the sync (nor let the number be reused for another file). `owners` are the segment files whose
    unsynced mark this flush took; a failed sync gives it back, so the next flush tries them again."""

    __slots__ = ("fds", "owners")

    def __init__(self) -> None:
        self.fds: list[tuple[int, bool]] = []  # (fd, data_only)
        self.owners: list[_Syncable] = []

    def take(self, owner: _Syncable, fd: int, *, data_only: bool = False) -> None:
        self.fds.append((fd, data_only))
        self.owners.append(owner)

    def run(self) -> None:
        """fsync every fd (any thread), then close them whatever happened."""
        try:
            for fd, data_only in self.fds:
                sync(fd, data_only=data_only)
        finally:
            self.discard()

    def discard(self) -> None:
        fds, self.fds = self.fds, []
        for fd, _ in fds:
            with contextlib.suppress(OSError):
                os.close(fd)

    def failed(self) -> None:
        """A sync failed (or never ran): everything taken is unsynced again."""
        for owner in self.owners:
            owner.mark_unsynced()


class _Syncable:
    """A segment file a flush hands to a PendingSync (`take_unsynced`) and gives back on failure."""

    _unsynced = False  # written since the last fsync: a flush without new entries is free

    def take_unsynced(self, pending: PendingSync, *, force: bool = False) -> None:
        raise NotImplementedError

    def mark_unsynced(self) -> None:
        self._unsynced = True

    def flush(self) -> None:
        """fsync what was written since the last flush, here and now."""
        pending = PendingSync()
        self.take_unsynced(pending)
        _run_here(pending)


def segment_name(base_offset: int) -> str:
    """Kafka's file stem: the base offset zero-padded to 20 digits."""
    return f"{base_offset:020d}"


class _Index(_Syncable):
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


class AbortedTxn(NamedTuple):
    """One `.txnindex` entry: an aborted transaction of `producer_id` over [first_offset, last_offset]
    (last = the abort marker); `last_stable_offset` was the partition's LSO once it completed."""

    producer_id: int
    first_offset: int
    last_offset: int
    last_stable_offset: int


class TxnIndexCorruptError(ValueError):
    """A `.txnindex` that is not a whole number of version-0 entries."""


class TransactionIndex(_Syncable):
    """`<base>.txnindex`: entries kept in memory, appended through; the file exists only once it has one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: list[AbortedTxn] = []
        self._unsynced = False
        self._stale = False  # the file misses entries (a failed append): rewritten whole at the next flush

    @staticmethod
    def decode(data: bytes) -> list[AbortedTxn]:
        if len(data) % _ABORTED_TXN.size:
            raise TxnIndexCorruptError(f"{len(data)} bytes is not a whole number of entries")
        out = []
        for version, pid, first, last, lso in _ABORTED_TXN.iter_unpack(data):
            if version != ABORTED_TXN_VERSION:
                raise TxnIndexCorruptError(f"unknown AbortedTxn version {version}")
            out.append(AbortedTxn(pid, first, last, lso))
        return out

    @staticmethod
    def encode(entries: Iterable[AbortedTxn]) -> bytes:
        return b"".join(_ABORTED_TXN.pack(ABORTED_TXN_VERSION, *e) for e in entries)

    def load(self) -> bool:
        """Read the file (missing = no entries); False, with no entries, when it is corrupt."""
        try:
            self.entries = self.decode(self.path.read_bytes())
        except FileNotFoundError:
            self.entries = []
        except TxnIndexCorruptError:
            self.entries = []
            return False
        return True

    def append(self, entry: AbortedTxn) -> None:
        """Add an entry. Memory is what readers use; a failed file write (full disk) leaves the file to be
        rewritten whole by the next flush, and the replay at open rewrites a stale file anyway."""
        if self.entries and entry.last_offset <= self.entries[-1].last_offset:
            raise ValueError(f"txn index entry {entry} does not follow {self.entries[-1]}")
        self.entries.append(entry)
        self._unsynced = True
        if self._stale:
            return
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            try:
                write_fully(fd, self.encode([entry]))
            finally:
                os.close(fd)
        except OSError:
            self._stale = True

    def replace(self, entries: list[AbortedTxn]) -> None:
        """Write `entries` afresh (recovery, compaction); no entries removes the file."""
        self.entries = list(entries)
        self._stale = False
        if not entries:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            self._unsynced = False
            return
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            write_fully(fd, self.encode(entries))
        finally:
            os.close(fd)
        self._unsynced = True

    def take_unsynced(self, pending: PendingSync, *, force: bool = False) -> None:
        if not (self._unsynced or force):
            return
        if self._stale:
            self.replace(self.entries)
        with contextlib.suppress(FileNotFoundError):
            pending.take(self, os.open(self.path, os.O_RDONLY))
        self._unsynced = False

    def collect(self, fetch_offset: int, upper_bound: int) -> tuple[list[AbortedTxn], bool]:
        """Kafka's TransactionIndex.collectAbortedTxns: entries overlapping [fetch_offset, upper_bound),
        and whether the search is complete (an entry's LSO reached the upper bound)."""
        out = []
        for e in self.entries:
            if e.last_offset >= fetch_offset and e.first_offset < upper_bound:
                out.append(e)
            if e.last_stable_offset >= upper_bound:
                return out, True
        return out, False


class LogSegment(_Syncable):
    """A `.log` file and its indexes; the caller (PartitionLog) decides when to roll or recover."""

    def __init__(
        self,
        directory: Path,
        base_offset: int,
        *,
        index_interval_bytes: int,
        max_index_bytes: int,
        created_ms: int,
    ) -> None:
        self.directory = directory
        self.base_offset = base_offset
        self.index_interval_bytes = index_interval_bytes
        stem = segment_name(base_offset)
        self.log_path = directory / (stem + LOG_SUFFIX)
        self.offset_index = OffsetIndex(directory / (stem + INDEX_SUFFIX), max(1, max_index_bytes // 8))
        self.time_index = TimeIndex(directory / (stem + TIME_INDEX_SUFFIX), max(1, max_index_bytes // 12))
        self.txn_index = TransactionIndex(directory / (stem + TXN_INDEX_SUFFIX))
        self.txn_index.load()  # the log's replay at open checks it against the log (PartitionLog)
        self.fd = os.open(self.log_path, os.O_RDWR | os.O_CREAT, 0o644)
        self.size = os.fstat(self.fd).st_size
        # The file's length: past `size` only the zeros written ahead (`preallocate_limit`), which recovery
        # cuts like any unwritten tail and `trim` removes on roll and close.
        self.allocated = self.size
        self.preallocate_limit = 0  # > 0: zero-fill ahead of the log end up to this size (topic `preallocate`)
        self.next_offset = base_offset
        self.max_timestamp = NO_TIMESTAMP
        self.offset_of_max_timestamp = -1
        self.first_batch_timestamp: int | None = None
        self.created_ms = created_ms
        self.bytes_since_last_index_entry = 0
        self.dirty = False

    # -- properties -------------------------------------------------------------------------------------
    @property
    def files(self) -> list[Path]:
        return [self.log_path, self.offset_index.path, self.time_index.path, self.txn_index.path]

    def is_empty(self) -> bool:
        return self.size == 0

    # -- appending --------------------------------------------------------------------------------------
    def append(self, data: bytes | bytearray | memoryview, headers: list[BatchHeader]) -> None:
        """Write validated, offset-assigned batches (`headers[i].position` relative to `data`).

        All or nothing: a failed write (ENOSPC, EIO) cuts the file back to where it ended and restores
        the indexes, so no partial batch stays past the log end to be read, recovered or acknowledged;
        the OSError is raised for the caller to answer."""
        start = self.size
        saved = (self.next_offset, self.max_timestamp, self.offset_of_max_timestamp, self.first_batch_timestamp,
                 self.bytes_since_last_index_entry, len(self.offset_index.keys), len(self.time_index.keys))
        try:
            written = write_fully(self.fd, data, start)
            for h in headers:
                self._index_batch(h, start + h.position)
        except OSError:
            self._roll_back(start, saved)
            raise
        self.size = start + written
        if self.size > self.allocated:
            self.allocated = self.size
            if self.preallocate_limit:
                self._preallocate()
        self.dirty = True

    def _preallocate(self) -> None:
        """Zero-fill the file ahead of the log end, so the next flushes overwrite allocated blocks instead of
        growing the file (Kafka's `preallocate`, which sets the length of a sparse file; zeros, because
        writing into a hole allocates blocks at flush time too). Best effort: a full disk just leaves the
        file as long as its data."""
        target = min(self.size + PREALLOCATE_CHUNK, self.preallocate_limit)
        if target <= self.allocated:
            return
        try:
            write_fully(self.fd, memoryview(_ZEROS)[: target - self.allocated], self.allocated)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(self.fd, self.allocated)
            return
        self.allocated = target

    def trim(self) -> None:
        """Cut the zeros written ahead, leaving the file exactly its batches (Kafka's `trim` on roll and close)."""
        self.preallocate_limit = 0
        if self.allocated > self.size and self.fd >= 0:
            os.ftruncate(self.fd, self.size)
            self.allocated = self.size
            self.dirty = True

    def _roll_back(self, size: int, saved: tuple[int, int, int, int | None, int, int, int]) -> None:
        """Undo a failed append. Shrinking a file needs no free space; should even that fail, reads and
        the next append stay within `size` (the file's end past it is recovery's torn tail)."""
        (self.next_offset, self.max_timestamp, self.offset_of_max_timestamp, self.first_batch_timestamp,
         self.bytes_since_last_index_entry, offsets, times) = saved
        try:
            os.ftruncate(self.fd, size)
            self.allocated = size
            self.offset_index.truncate_entries(offsets)
            self.time_index.truncate_entries(times)
        except OSError:
            del self.offset_index.keys[offsets:], self.offset_index.values[offsets:]
            del self.time_index.keys[times:], self.time_index.values[times:]

    def _index_batch(self, h: BatchHeader, position: int) -> None:
        """Kafka's per-batch index rule (LogSegment.append, 3.8+)."""
        last = h.base_offset + h.last_offset_delta
        if self.first_batch_timestamp is None:
            self.first_batch_timestamp = h.max_timestamp
        if h.max_timestamp > self.max_timestamp:
            self.max_timestamp = h.max_timestamp
            self.offset_of_max_timestamp = last
        if self.bytes_since_last_index_entry > self.index_interval_bytes:
            self.offset_index.append(last - self.base_offset, position)
            if self.max_timestamp >= 0:
                self.time_index.maybe_append(
                    self.max_timestamp, self.offset_of_max_timestamp - self.base_offset
                )
            self.bytes_since_last_index_entry = 0
        self.bytes_since_last_index_entry += h.batch_length + LOG_OVERHEAD
        self.next_offset = last + 1

    # -- reading ----------------------------------------------------------------------------------------
    def pread(self, position: int, length: int) -> bytes:
        return os.pread(self.fd, length, position)

    def scan(
        self, start: int = 0, end: int | None = None, *, validate: bool = False
    ) -> Iterator[BatchHeader]:
        """Batch headers from file position `start`, reading in chunks; positions are file positions.

        With `validate`, every batch's CRC is checked. Truncation or garbage raises CorruptRecordError
        carrying the position in `.position`.
        """
        end = self.size if end is None else end
        pos = start
        buf = b""
        buf_start = pos
        while pos < end:
            rel = pos - buf_start
            if len(buf) - rel < HEADER_SIZE:
                buf = self.pread(pos, max(_SCAN_CHUNK, HEADER_SIZE))
                buf_start, rel = pos, 0
            if min(len(buf), end - pos) < HEADER_SIZE:
                raise _corrupt(pos, "truncated batch header")
            size = batch_size_at(buf, rel)
            if size < MIN_BATCH_LENGTH + LOG_OVERHEAD or pos + size > end:
                raise _corrupt(pos, f"batch size {size} runs past the end or is too small")
            if validate:
                if len(buf) - rel < size:
                    buf = self.pread(pos, max(_SCAN_CHUNK, size))
                    buf_start, rel = pos, 0
                try:
                    header = validate_batch(buf, rel)
                except Exception as exc:
                    raise _corrupt(pos, str(exc)) from exc
            else:
                header = read_header(buf, rel)
            yield header._replace(position=pos)
            pos += size

    def find_batch(self, offset: int) -> BatchHeader | None:
        """The first batch whose last offset >= `offset` (the batch holding it, or the next one)."""
        _, position = self.offset_index.lookup(offset - self.base_offset)
        for h in self.scan(position):
            if h.base_offset + h.last_offset_delta >= offset:
                return h
        return None

    def find_batch_by_timestamp(self, timestamp: int) -> BatchHeader | None:
        """The first batch whose max timestamp >= `timestamp`."""
        _, rel_offset = self.time_index.lookup(timestamp)
        _, position = self.offset_index.lookup(rel_offset)
        for h in self.scan(position):
            if h.max_timestamp >= timestamp:
                return h
        return None

    # -- loading and recovery ---------------------------------------------------------------------------
    def load(self) -> bool:
        """Open a segment recovery does not scan (clean shutdown, or below the recovery point): trust the
        indexes if sane, scan only the tail. False when they are insane (Kafka's `sanityCheck`); raises
        SegmentCorruptError when the tail does not parse (a torn tail, or an index entry that points into
        the middle of a batch). Either way the caller recovers the segment.

        A missing index file is no sign of damage: one is created with its first entry, so a segment
        smaller than `index.interval.bytes` has none. Those are rebuilt by a (structural) scan."""
        if not (self.offset_index.path.exists() and self.time_index.path.exists()):
            self.rebuild_indexes(validate=False)
            return True
        ok = self.offset_index.load() and self.time_index.load() and self.offset_index.sane(self.size)
        tail: list[BatchHeader] = []
        if ok:
            _, position = self.offset_index.lookup(INT_MAX)
            tail = list(self.scan(position))
            last_rel = (
                (tail[-1].last_offset - self.base_offset) if tail else self.offset_index.lookup(INT_MAX)[0]
            )
            ok = self.time_index.sane(max(last_rel, 0))
        if not ok:
            return False
        if self.time_index.keys:
            self.max_timestamp = self.time_index.keys[-1]
            self.offset_of_max_timestamp = self.time_index.values[-1] + self.base_offset
        for h in tail:
            if h.max_timestamp > self.max_timestamp:
                self.max_timestamp, self.offset_of_max_timestamp = h.max_timestamp, h.last_offset
            self.next_offset = h.next_offset
        if self.size:
            first = next(self.scan(0), None)
            self.first_batch_timestamp = first.max_timestamp if first else None
        self.bytes_since_last_index_entry = 0
        return True

    def rebuild_indexes(self, *, validate: bool) -> None:
        """Recompute both indexes and tail state by scanning (Kafka's LogSegment.recover).

        With `validate`, raises CorruptRecordError at the first bad batch, with the indexes reflecting
        everything before it; the caller truncates there and calls again.
        """
        self.offset_index.keys, self.offset_index.values = [], []
        self.time_index.keys, self.time_index.values = [], []
        self.offset_index.close()
        self.time_index.close()
        self.next_offset = self.base_offset
        self.max_timestamp, self.offset_of_max_timestamp = NO_TIMESTAMP, -1
        self.first_batch_timestamp = None
        self.bytes_since_last_index_entry = 0
        try:
            for h in self.scan(0, validate=validate):
                if h.base_offset < self.next_offset or h.last_offset - self.base_offset > INT_MAX:
                    raise _corrupt(h.position, f"batch offset {h.base_offset} out of order in segment")
                self._index_batch_memory(h)
        finally:
            self.offset_index.rewrite()
            self.time_index.rewrite()

    def _index_batch_memory(self, h: BatchHeader) -> None:
        oi, ti = self.offset_index, self.time_index
        last = h.last_offset
        if self.first_batch_timestamp is None:
            self.first_batch_timestamp = h.max_timestamp
        if h.max_timestamp > self.max_timestamp:
            self.max_timestamp, self.offset_of_max_timestamp = h.max_timestamp, last
        if self.bytes_since_last_index_entry > self.index_interval_bytes:
            rel = last - self.base_offset
            if not oi.keys or rel > oi.keys[-1]:
                oi.keys.append(rel)
                oi.values.append(h.position)
            if self.max_timestamp >= 0 and (not ti.keys or self.max_timestamp > ti.keys[-1]):
                ti.keys.append(self.max_timestamp)
                ti.values.append(self.offset_of_max_timestamp - self.base_offset)
            self.bytes_since_last_index_entry = 0
        self.bytes_since_last_index_entry += h.size_in_bytes
        self.next_offset = last + 1

    def truncate_to_position(self, position: int) -> None:
        """Cut the log file at `position` (a batch boundary) and drop index entries past it."""
        os.ftruncate(self.fd, position)
        self.size = self.allocated = position
        self.dirty = True

    # -- lifecycle --------------------------------------------------------------------------------------
    def on_become_inactive(self) -> None:
        """On roll, as Kafka: a final time index entry for the max timestamp, the file trimmed, then flush."""
        self.trim()
        if self.max_timestamp >= 0:
            self.time_index.maybe_append(self.max_timestamp, self.offset_of_max_timestamp - self.base_offset)
        self.flush()

    def take_unsynced(self, pending: PendingSync, *, force: bool = False) -> None:
        """Hand the log file (and its indexes) to `pending` if written since the last flush; with `force`,
        whatever their state (a flush that must not count on another one still in flight)."""
        if not (self.dirty or force) or self.fd < 0:
            return
        # fdatasync: the size changes with every append and fdatasync flushes it; what it skips (mtime)
        # recovery never reads.
        pending.take(self, os.dup(self.fd), data_only=True)
        self.dirty = False
        self.offset_index.take_unsynced(pending)
        self.time_index.take_unsynced(pending)
        self.txn_index.take_unsynced(pending)

    def mark_unsynced(self) -> None:
        self.dirty = True

    def close(self) -> None:
        self.offset_index.close()
        self.time_index.close()
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def rename_to(self, suffix: str) -> None:
        """Rename every file of the segment to `<name><suffix>` (Kafka's changeFileSuffixes)."""
        self.close()
        for path in self.files:
            with contextlib.suppress(FileNotFoundError):
                os.replace(path, path.with_name(path.name + suffix))

    def delete_files(self) -> None:
        self.close()
        for path in self.files:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


class FileRecords:
    """Whole batches of one segment, by position (Kafka's `FileRecords.slice`): what a Fetch answer
    carries instead of the bytes. The connection reads it a chunk at a time as the client drains, so
    a reader that stops reading holds a few chunks, not its fetch. Read through the segment's own fd:
    a segment closed since (deleted, compacted away) fails with EBADF rather than reading a reused fd.
    """

    __slots__ = ("position", "segment", "size")

    def __init__(self, segment: LogSegment | None, position: int, size: int) -> None:
        self.segment = segment
        self.position = position
        self.size = size

    def __len__(self) -> int:
        return self.size

    def read(self, offset: int, length: int) -> bytes:
        """`length` bytes from `offset` into the slice; OSError when the segment can no longer give them."""
        fd = -1 if self.segment is None else self.segment.fd
        if fd < 0:
            raise OSError(errno.EBADF, "the segment was closed since it was read")
        data = os.pread(fd, length, self.position + offset)
        if len(data) != length:
            raise OSError(errno.EIO, f"short read: {len(data)} of {length} bytes at {self.position + offset}")
        return data

    def send(self, sock_fd: int, offset: int, length: int) -> int:
        """`os.sendfile` up to `length` bytes from `offset` into the slice to a non-blocking socket: the page
        cache to the socket with no copy through Python. Returns how many went (0 when the socket is full);
        OSError when the segment can no longer give them."""
        fd = -1 if self.segment is None else self.segment.fd
        if fd < 0:
            raise OSError(errno.EBADF, "the segment was closed since it was read")
        try:
            sent = os.sendfile(sock_fd, fd, self.position + offset, length)
        except BlockingIOError:
            return 0
        if sent == 0 and length > 0:  # end of file: the segment was cut under the slice
            raise OSError(errno.EIO, f"short read: the segment ends before {self.position + offset}")
        return sent

    def __bytes__(self) -> bytes:
        return self.read(0, self.size) if self.size else b""

    def __repr__(self) -> str:
        return f"FileRecords(position={self.position}, size={self.size})"


class SegmentCorruptError(CorruptRecordError):
    """A bad batch found while scanning a segment file; `position` is where the valid prefix ends."""

    def __init__(self, position: int, message: str) -> None:
        super().__init__(f"at position {position}: {message}")
        self.position = position


def _corrupt(position: int, message: str) -> SegmentCorruptError:
    return SegmentCorruptError(position, message)


def _run_here(pending: PendingSync) -> None:
    """Run a flush on this thread; a failed sync leaves everything it took unsynced, for the next flush."""
    if not pending.fds:
        return
    try:
        pending.run()
    except OSError:
        pending.failed()
        raise
