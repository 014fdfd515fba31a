"""One log segment: `<20-digit base offset>.log` plus its `.index`, `.timeindex` and `.txnindex`, byte-for-byte Kafka.

The `.log` file is here: appends (rolled back whole when a write fails), scans, batch lookups through the
indexes, recovery's validation and index rebuild, and the slices a Fetch answer sends (`FileRecords`). The
indexes are `indexes` (`.index`, `.timeindex`) and `txn_index` (`.txnindex`); their fsyncs, and the log's, are
handed to a flush through `syncs`. Files are trimmed to their entries (Kafka trims on close/roll), so a Kafka
broker reads ours and we read its. A `preallocate` topic's active `.log` is zero-filled ahead of its end while
written (trimmed on roll and close).
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path

import structlog

from kaflite.protocol.record_errors import CorruptRecordError
from kaflite.protocol.records import (
    HEADER_SIZE,
    LOG_OVERHEAD,
    MIN_BATCH_LENGTH,
    NO_TIMESTAMP,
    BatchHeader,
    batch_size_at,
    read_header,
    validate_batch,
)
from kaflite.storage.fileio import write_fully
from kaflite.storage.indexes import OffsetIndex, TimeIndex
from kaflite.storage.syncs import PendingSync, Syncable
from kaflite.storage.txn_index import TransactionIndex

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

log = structlog.get_logger()


def segment_name(base_offset: int) -> str:
    """Kafka's file stem: the base offset zero-padded to 20 digits."""
    return f"{base_offset:020d}"


class LogSegment(Syncable):
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
