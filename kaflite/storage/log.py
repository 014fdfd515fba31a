"""One partition's log: segments in `<data-dir>/<topic>-<partition>/`, appends, reads, roll, retention,
recovery. Synchronous file code; the broker calls it from its event loop (appends are small) or a thread.
"""

from __future__ import annotations

import bisect
import contextlib
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import structlog

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.records import (
    LOG_OVERHEAD,
    NO_TIMESTAMP,
    BatchHeader,
    CorruptRecordError,
    EndTxnMarker,
    build_end_txn_marker,
    decode_end_txn_marker,
    decode_records,
    iter_batches,
    set_base_offset,
    set_log_append_time,
    set_partition_leader_epoch,
    validate_client_batch,
)
from kaflite.storage.config import LogConfig
from kaflite.storage.errors import (
    OffsetOutOfRangeError,
    RecordTooLargeError,
    StorageError,
)
from kaflite.storage.fileio import fsync_dir
from kaflite.storage.producer_state import CompletedTxn, ProducerStateManager
from kaflite.storage.segment import (
    INDEX_SUFFIX,
    INT_MAX,
    LOG_SUFFIX,
    PREALLOCATE_CHUNK,
    TIME_INDEX_SUFFIX,
    AbortedTxn,
    FileRecords,
    LogSegment,
    PendingSync,
    SegmentCorruptError,
    segment_name,
)
from kaflite.storage.validation import validate_records

log = structlog.get_logger()

DELETED_SUFFIX = ".deleted"
CLEANED_SUFFIX = ".cleaned"
SWAP_SUFFIX = ".swap"

# The steps of `PartitionLog.replace_segment`, in order (see its docstring for what each leaves on disk).
REPLACE_STEPS = ("cleaned", "swap", "old_deleted", "swapped_in", "unlinked")


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What a produce answer needs. `error_code` is DUPLICATE_SEQUENCE_NUMBER when the append was a retry
    of an already written batch: nothing was written and the offsets are the original ones (the broker
    answers NONE with them, as Kafka does)."""

    first_offset: int
    last_offset: int
    log_append_time_ms: int
    log_start_offset: int
    error_code: ErrorCode = ErrorCode.NONE
    records_count: int = 0


R = TypeVar("R", bytes, FileRecords)
# How much of a segment a read looks at per pread while it finds where its whole batches end.
WALK_CHUNK = 16 * 1024


@dataclass(frozen=True, slots=True)
class ReadResult:
    """Whole batches (raw bytes, or a `FileRecords` slice read when sent), plus the partition bounds a
    Fetch answer reports. `aborted_transactions` is None for read_uncommitted, else the aborted
    transactions in range (TX-RC-2). `read` gives bytes, `read_file_records` FileRecords."""

    records: Any
    high_watermark: int
    log_start_offset: int
    last_stable_offset: int
    first_offset: int = -1
    aborted_transactions: list[AbortedTxn] | None = None


@dataclass(slots=True)
class LogFlush:
    """A flush begun by `PartitionLog.begin_flush`: its fsyncs, and the log end and message count they cover."""

    sync: PendingSync
    end_offset: int
    messages: int


class PartitionLog:
    """A partition's segmented log. Open with `PartitionLog.open`."""

    def __init__(self, directory: Path, topic: str, partition: int, config: LogConfig) -> None:
        self.directory = directory
        self.topic = topic
        self.partition = partition
        self.config = config
        self.segments: list[LogSegment] = []
        self._bases: list[int] = []
        self.log_start_offset = 0
        self.recovery_point = 0
        self.producer_state = ProducerStateManager()
        self.unflushed_messages = 0
        self.last_flush_ms = 0
        self._flushes_in_flight = 0  # begun (begin_flush) and not yet ended
        self.cleaner_checkpoint = 0  # first dirty offset, for compacted topics
        # Called with each step's name (REPLACE_STEPS) as `replace_segment` completes it. A seam for crash
        # tests: a hook that raises stops the shipped code right there, as a crash would.
        self.step_hook: Callable[[str], None] | None = None
        self._closed = False

    # ---------------------------------------------------------------------------------------------------
    # opening and recovery

    @classmethod
    def open(
        cls,
        directory: str | os.PathLike[str],
        topic: str,
        partition: int,
        config: LogConfig,
        *,
        now_ms: int,
        recovery_point: int = 0,
        log_start_offset: int = 0,
        clean_shutdown: bool = False,
    ) -> PartitionLog:
        """Load a partition directory (creating it if needed), finishing interrupted compaction swaps and,
        after an unclean shutdown, validating every segment from the recovery point on."""
        self = cls(Path(directory), topic, partition, config)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.last_flush_ms = now_ms
        self._complete_interrupted_swaps()
        bases = sorted(
            int(p.name[: -len(LOG_SUFFIX)])
            for p in self.directory.iterdir()
            if p.name.endswith(LOG_SUFFIX) and p.name[: -len(LOG_SUFFIX)].isdigit()
        )
        for base in bases:
            self._add_segment(self._new_segment_object(base, now_ms))
        self._recover(recovery_point, clean_shutdown)
        if not self.segments:
            self._add_segment(self._new_segment_object(max(log_start_offset, recovery_point, 0), now_ms))
        self.log_start_offset = max(log_start_offset, self.segments[0].base_offset)
        if self.log_start_offset > self.log_end_offset:
            self.log_start_offset = self.log_end_offset
        self.recovery_point = self.log_end_offset
        self._rebuild_producer_state()
        if self.segments[0].base_offset > self.log_start_offset or self.recovery_point > self.log_end_offset:
            # the replay cut damage away (emptying the first segment, or shortening the last one)
            self.log_start_offset = min(max(self.log_start_offset, self.segments[0].base_offset),
                                        self.log_end_offset)
            self.recovery_point = self.log_end_offset
            self.producer_state.truncate_head(self.log_start_offset)
        self._preallocate_active()
        return self

    def _preallocate_active(self) -> None:
        """The topic's `preallocate`, for the active segment (the only one written to)."""
        seg = self.segments[-1]
        if self.config.preallocate:
            seg.preallocate_limit = self.config.segment_bytes
        else:
            seg.trim()

    def _new_segment_object(self, base: int, now_ms: int) -> LogSegment:
        return LogSegment(
            self.directory,
            base,
            index_interval_bytes=self.config.index_interval_bytes,
            max_index_bytes=self.config.segment_index_bytes,
            created_ms=now_ms,
        )

    def _add_segment(self, seg: LogSegment) -> None:
        i = bisect.bisect_left(self._bases, seg.base_offset)
        self._bases.insert(i, seg.base_offset)
        self.segments.insert(i, seg)

    def _complete_interrupted_swaps(self) -> None:
        """Kafka's LogLoader steps for a crash during compaction or deletion: drop `.deleted` and
        `.cleaned` files (never finished), and finish every `.swap` (a complete, fsynced replacement)."""
        for p in list(self.directory.iterdir()):
            if p.name.endswith(DELETED_SUFFIX) or p.name.endswith(CLEANED_SUFFIX) or p.name.endswith(".tmp"):
                p.unlink()
        for p in sorted(self.directory.iterdir()):
            if not p.name.endswith(LOG_SUFFIX + SWAP_SUFFIX):
                continue
            stem = p.name[: -len(LOG_SUFFIX + SWAP_SUFFIX)]
            for suffix in (INDEX_SUFFIX, TIME_INDEX_SUFFIX):
                for name in (stem + suffix, stem + suffix + SWAP_SUFFIX):
                    with contextlib.suppress(FileNotFoundError):
                        (self.directory / name).unlink()  # indexes are caches: rebuilt below
            os.replace(p, self.directory / (stem + LOG_SUFFIX))
            log.info("log.swap_completed", topic=self.topic, partition=self.partition, segment=stem)
        for p in list(self.directory.iterdir()):
            if p.name.endswith(SWAP_SUFFIX):
                p.unlink()

    def _recover(self, recovery_point: int, clean_shutdown: bool) -> None:
        """Kafka's LogLoader, both paths. Segments recovery does not scan (all of them after a clean
        shutdown, else those below the recovery point) are loaded; one whose indexes fail the sanity
        check, or whose tail does not parse, is recovered alone (`recoverSegment`: validated, cut at its
        first bad batch, later segments kept: they were flushed). From the recovery point on (unclean
        shutdown) every segment is validated; the first bad batch ends the log there and every later
        segment is dropped (`recoverLog`: nothing after unflushed damage is trusted)."""
        start_index = len(self.segments)
        if not clean_shutdown:
            start_index = max(0, bisect.bisect_right(self._bases, recovery_point) - 1)
        i = 0
        while i < len(self.segments):
            seg = self.segments[i]
            if i < start_index:
                try:
                    sane = seg.load()
                    reason = "index failed its sanity check"
                except SegmentCorruptError as exc:
                    sane, reason = False, str(exc)
                if not sane:
                    log.warning("log.segment_recovering", topic=self.topic, partition=self.partition,
                                segment=seg.log_path.name, reason=reason,
                                action="validating the segment and rebuilding its indexes")
                    count = len(self.segments)
                    self._recover_segment(i, drop_later=False)
                    if len(self.segments) < count:  # the segment was emptied and removed
                        continue
            elif not self._recover_segment(i, drop_later=True):
                break
            i += 1

    def _recover_segment(self, index: int, *, drop_later: bool, damage: SegmentCorruptError | None = None) -> bool:
        """Validate segment `index` and rebuild its indexes (Kafka's LogSegment.recover); True if intact.

        Otherwise the segment is cut at its first bad batch (or at `damage`, a position the caller found
        bad when validation finds nothing earlier) and, with `drop_later`, every later segment is deleted."""
        seg = self.segments[index]
        try:
            seg.rebuild_indexes(validate=True)
            if index > 0 and seg.size and self.segments[index - 1].next_offset > seg.base_offset:
                raise SegmentCorruptError(0, "segment overlaps the previous one")
        except SegmentCorruptError as exc:
            damage = exc if damage is None or exc.position < damage.position else damage
        if damage is None:
            return True
        self._truncate_at_damage(index, damage, drop_later=drop_later)
        return False

    def _truncate_at_damage(self, index: int, exc: SegmentCorruptError, *, drop_later: bool) -> None:
        """Cut segment `index` at the bad batch at `exc.position` and, with `drop_later`, delete every
        later segment. In place: nothing is copied aside, so a still-full disk can recover (truncating and
        deleting free space). The log line says what was dropped: bytes, the first offset lost, segments."""
        seg = self.segments[index]
        pos = exc.position
        dropped_bytes = seg.size - pos
        later = self.segments[index + 1 :] if drop_later else []
        preallocated = not later and self._preallocated_tail(seg, pos)
        seg.truncate_to_position(pos)
        seg.rebuild_indexes(validate=False)
        seg.flush()
        if preallocated:
            log.info("log.preallocated_tail_trimmed", topic=self.topic, partition=self.partition,
                     segment=seg.log_path.name, position=pos, bytes_trimmed=dropped_bytes)
        else:
            log.warning(
                "log.truncated_at_damage",
                topic=self.topic,
                partition=self.partition,
                segment=seg.log_path.name,
                position=pos,
                bytes_dropped=dropped_bytes,
                first_offset_dropped=seg.next_offset,
                later_segments_dropped=[s.log_path.name for s in later],
                later_bytes_dropped=sum(s.size for s in later),
                reason=str(exc),
            )
        for s in later:
            s.delete_files()
        if later:
            del self.segments[index + 1 :]
            del self._bases[index + 1 :]
        if seg.is_empty() and len(self.segments) > 1:
            seg.delete_files()
            del self.segments[index]
            del self._bases[index]

    def _rebuild_producer_state(self) -> None:
        """Replay every batch (data and markers) into the producer state, and check each segment's
        `.txnindex` against the aborted transactions the replay finds in it: a missing, torn or stale
        file (crash, torn tail, interrupted compaction swap) is rewritten. Kafka trusts the file after a
        clean shutdown and rebuilds it during recovery; a replay from the log start gives the same
        entries, except that a transaction whose first batches retention removed starts at its first
        remaining batch (no reader can fetch below the log start anyway)."""
        while not self._replay_producer_state():
            pass  # a damaged batch was cut away: replay again from the start
        self.producer_state.truncate_head(self.log_start_offset)

    def _replay_producer_state(self) -> bool:
        """One replay (see `_rebuild_producer_state`); False when it met damage a loaded segment's tail
        scan could not see (a garbled batch header, a bad transaction marker), which it cut away."""
        self.producer_state.clear()
        for i, seg in enumerate(self.segments):
            found: list[AbortedTxn] = []
            try:
                for h in seg.scan():
                    if h.is_control:
                        completed = self._replay_marker(seg, h)
                        if completed is not None and completed.is_aborted:
                            found.append(self._aborted_entry(completed))
                    else:
                        self.producer_state.update(h)
            except SegmentCorruptError as exc:
                log.warning("log.segment_recovering", topic=self.topic, partition=self.partition,
                            segment=seg.log_path.name, reason=str(exc),
                            action="validating the segment and rebuilding its indexes")
                self._recover_segment(i, drop_later=False, damage=exc)
                return False
            if found != seg.txn_index.entries or (not found and seg.txn_index.path.exists()):
                log.warning(
                    "log.txn_index_rebuilt",
                    topic=self.topic,
                    partition=self.partition,
                    segment=seg.log_path.name,
                    entries=len(found),
                )
                seg.txn_index.replace(found)
                seg.txn_index.flush()
        return True

    def _replay_marker(self, seg: LogSegment, h: BatchHeader) -> CompletedTxn | None:
        if h.producer_id < 0:
            return None
        try:
            marker = decode_end_txn_marker(seg.pread(h.position, h.size_in_bytes))
        except CorruptRecordError as exc:
            raise SegmentCorruptError(h.position, f"transaction marker: {exc}") from exc
        if marker is None:
            return None
        return self.producer_state.apply_marker(h.producer_id, h.producer_epoch, marker, h.base_offset,
                                                h.max_timestamp)

    def _aborted_entry(self, completed: CompletedTxn) -> AbortedTxn:
        return AbortedTxn(
            completed.producer_id,
            completed.first_offset,
            completed.last_offset,
            self.producer_state.last_stable_offset_for(completed),
        )

    # ---------------------------------------------------------------------------------------------------
    # properties

    @property
    def active_segment(self) -> LogSegment:
        return self.segments[-1]

    @property
    def log_end_offset(self) -> int:
        return self.segments[-1].next_offset

    @property
    def high_watermark(self) -> int:
        return self.log_end_offset  # a single replica: everything appended is committed

    @property
    def last_stable_offset(self) -> int:
        """TX-RC-1: the first offset of the oldest open transaction, else the high watermark; never below
        the log start offset (retention or DeleteRecords may remove a transaction's first batches: Kafka's
        maybeIncrementFirstUnstableOffset)."""
        first = self.producer_state.first_unstable_offset()
        if first is None:
            return self.high_watermark
        return min(max(first, self.log_start_offset), self.high_watermark)

    @property
    def size_in_bytes(self) -> int:
        return sum(s.size for s in self.segments)

    # ---------------------------------------------------------------------------------------------------
    # append

    def append(
        self,
        records: bytes | bytearray | memoryview,
        *,
        leader_epoch: int,
        now_ms: int,
        assign_offsets: bool = True,
        defer_flush: bool = False,
        trusted: bool = False,
    ) -> AppendResult:
        """Validate every batch, then assign offsets and write them all, or write nothing.

        `assign_offsets=False` appends batches that already carry offsets (they must follow the log end).
        `defer_flush`: the caller takes the `flush.messages` fsync off this thread (`flush_messages_reached`)
        and answers once it is done; without it the append fsyncs here when `flush.messages` is reached.
        `trusted=True` is for batches kaflite built itself (the coordinators' records): their CRC and
        records are not checked again (Kafka's coordinator appends skip the producer checks the same
        way); sizes, offsets and producer state are handled as for any batch.
        Raises RecordError (CORRUPT_MESSAGE, INVALID_RECORD, UNSUPPORTED_FOR_MESSAGE_FORMAT),
        RecordValidationError (INVALID_RECORD or INVALID_TIMESTAMP, naming each bad record),
        RecordTooLargeError or ProducerStateError.
        """
        if isinstance(records, bytearray):
            buf: bytearray | memoryview = records
        elif isinstance(records, memoryview) and not records.readonly:
            buf = records
        else:
            buf = bytearray(records)
        cfg = self.config
        headers = list(iter_batches(buf, validate=not trusted))
        if not headers:
            return AppendResult(-1, -1, -1, self.log_start_offset)
        total = len(buf)
        if total > cfg.segment_bytes:
            raise RecordTooLargeError(
                f"append of {total} bytes exceeds segment.bytes {cfg.segment_bytes}",
                ErrorCode.RECORD_LIST_TOO_LARGE,
            )
        for h in headers:
            if h.size_in_bytes > cfg.max_message_bytes:
                raise RecordTooLargeError(
                    f"batch of {h.size_in_bytes} bytes exceeds max.message.bytes {cfg.max_message_bytes}"
                )
        if assign_offsets:
            if not trusted:
                for h in headers:
                    validate_client_batch(h)
                for h in headers:
                    validate_records(self.config, self.topic, self.partition, buf, h, now_ms)
            dup = self.producer_state.find_duplicate(headers)
            if dup is not None:
                return AppendResult(
                    dup.first_offset,
                    dup.last_offset,
                    -1,
                    self.log_start_offset,
                    ErrorCode.DUPLICATE_SEQUENCE_NUMBER,
                )
            self.producer_state.validate(headers)
        elif headers[0].base_offset < self.log_end_offset:
            raise StorageError(
                f"batch offset {headers[0].base_offset} is below the log end offset {self.log_end_offset}",
                ErrorCode.INVALID_RECORD,
            )

        log_append_time = now_ms if cfg.log_append_time else -1
        next_offset = self.log_end_offset
        patched: list[BatchHeader] = []
        count = 0
        for h in headers:
            if assign_offsets:
                set_base_offset(buf, h.position, next_offset)
                set_partition_leader_epoch(buf, h.position, leader_epoch)
                if cfg.log_append_time:
                    set_log_append_time(buf, h.position, now_ms)
                h = h._replace(
                    base_offset=next_offset,
                    partition_leader_epoch=leader_epoch,
                    max_timestamp=now_ms if cfg.log_append_time else h.max_timestamp,
                )
            patched.append(h)
            next_offset = h.next_offset
            count += h.records_count
        first, last = patched[0].base_offset, patched[-1].last_offset
        max_ts = max(h.max_timestamp for h in patched)
        try:
            self._maybe_roll(total, max_ts, first, last, now_ms)
            seg = self.active_segment
            seg.append(buf, patched)
        except OSError as exc:
            raise self._write_failed("append", exc) from exc
        for h in patched:
            if h.is_control:  # only with assign_offsets=False: clients may not write control batches
                marker = decode_end_txn_marker(buf, h.position) if h.producer_id >= 0 else None
                if marker is not None:
                    completed = self.producer_state.apply_marker(h.producer_id, h.producer_epoch, marker,
                                                                  h.base_offset, h.max_timestamp)
                    if completed is not None and completed.is_aborted:
                        seg.txn_index.append(self._aborted_entry(completed))
            else:
                self.producer_state.update(h)
        self.unflushed_messages += count
        if self.unflushed_messages >= cfg.flush_messages and not defer_flush:
            self._flush_after_append(now_ms)
        return AppendResult(first, last, log_append_time, self.log_start_offset, ErrorCode.NONE, count)

    @property
    def flush_messages_reached(self) -> bool:
        """`flush.messages` records are unflushed: an append must not be answered before the next flush."""
        return self.unflushed_messages >= self.config.flush_messages

    def flush_failed(self, exc: OSError) -> StorageError:
        """A deferred `flush.messages` fsync that failed, as the append's KAFKA_STORAGE_ERROR."""
        return self._write_failed("flush", exc)

    def _write_failed(self, what: str, exc: OSError) -> StorageError:
        """A write or fsync the disk refused (ENOSPC, EIO): Kafka's KAFKA_STORAGE_ERROR for this partition.
        The failed write left nothing past the log end (LogSegment.append rolls back); reads go on, and
        the next append tries the disk again."""
        log.warning("log.write_failed", topic=self.topic, partition=self.partition, operation=what,
                    errno=exc.errno, error=exc.strerror or str(exc), log_end_offset=self.log_end_offset)
        return StorageError(f"{what} to {self.topic}-{self.partition} failed: {exc}", ErrorCode.KAFKA_STORAGE_ERROR)

    def _flush_after_append(self, now_ms: int) -> None:
        """`flush.messages` reached: the append is not acknowledged unless its fsync succeeded (the data
        stays in the log, readable; a retry of an idempotent producer is answered as a duplicate)."""
        try:
            self.flush(now_ms)
        except OSError as exc:
            raise self._write_failed("flush", exc) from exc

    def append_end_txn_marker(
        self,
        producer_id: int,
        producer_epoch: int,
        coordinator_epoch: int,
        *,
        committed: bool,
        leader_epoch: int,
        now_ms: int,
        defer_flush: bool = False,
    ) -> AppendResult:
        """Append a COMMIT or ABORT marker for the producer's transaction (TX-MK-1/2; the broker-internal
        WriteTxnMarkers path): Kafka's 78-byte control batch at the log end. It closes the producer's open
        transaction on this partition, so the last stable offset may move (wake read_committed fetches);
        an abort of a non-empty transaction appends a `.txnindex` entry to the active segment (TX-RC-5).
        Raises InvalidProducerEpochError or TransactionCoordinatorFencedError, writing nothing."""
        marker = EndTxnMarker(committed, coordinator_epoch)
        self.producer_state.validate_marker(producer_id, producer_epoch, marker)
        offset = self.log_end_offset
        buf = bytearray(build_end_txn_marker(producer_id, producer_epoch, marker, timestamp_ms=now_ms,
                                             base_offset=offset, partition_leader_epoch=leader_epoch))
        if self.config.log_append_time:
            set_log_append_time(buf, 0, now_ms)
        (h,) = list(iter_batches(buf))
        try:
            self._maybe_roll(len(buf), h.max_timestamp, offset, offset, now_ms)
            seg = self.active_segment
            seg.append(buf, [h])
        except OSError as exc:
            raise self._write_failed("transaction marker append", exc) from exc
        completed = self.producer_state.apply_marker(producer_id, producer_epoch, marker, offset, h.max_timestamp)
        if completed is not None and completed.is_aborted:
            seg.txn_index.append(self._aborted_entry(completed))
        self.unflushed_messages += 1
        if self.unflushed_messages >= self.config.flush_messages and not defer_flush:
            self._flush_after_append(now_ms)
        return AppendResult(offset, offset, now_ms if self.config.log_append_time else -1,
                            self.log_start_offset, ErrorCode.NONE, 1)

    def _preallocated_tail(self, seg: LogSegment, pos: int) -> bool:
        """Whether the bytes from `pos` to the file's end are the zeros `preallocate` writes ahead of the log
        end (what a stop without `close`, kill -9 included, leaves): cut like damage, but nothing was lost."""
        length = seg.size - pos
        if not self.config.preallocate or not 0 < length <= 2 * PREALLOCATE_CHUNK:
            return False
        return seg.pread(pos, length).count(0) == length

    def _maybe_roll(self, size: int, max_ts: int, first: int, last: int, now_ms: int) -> None:
        """Kafka's LogSegment.shouldRoll: size, age, full index, or offsets that no longer fit int32."""
        seg = self.active_segment
        cfg = self.config
        if seg.first_batch_timestamp is not None and seg.first_batch_timestamp >= 0:
            waited = max_ts - seg.first_batch_timestamp
        else:
            waited = now_ms - seg.created_ms
        if (
            seg.size > cfg.segment_bytes - size
            or (seg.size > 0 and waited > cfg.segment_ms - cfg.segment_jitter_ms)
            or seg.offset_index.is_full
            or seg.time_index.is_full
            or last - seg.base_offset > INT_MAX
        ) and seg.size > 0:
            self.roll(now_ms, first)

    def roll(self, now_ms: int, base_offset: int | None = None) -> LogSegment:
        """Start a new active segment at the log end offset."""
        old = self.active_segment
        base = self.log_end_offset if base_offset is None else max(base_offset, self.log_end_offset)
        if old.is_empty():
            return old
        old.on_become_inactive()
        seg = self._new_segment_object(base, now_ms)
        seg.next_offset = base
        self._add_segment(seg)
        self._preallocate_active()
        log.debug("log.rolled", topic=self.topic, partition=self.partition, base_offset=base)
        return seg

    # ---------------------------------------------------------------------------------------------------
    # read

    def _segment_for(self, offset: int) -> int:
        return max(0, bisect.bisect_right(self._bases, offset) - 1)

    def read(
        self,
        fetch_offset: int,
        max_bytes: int,
        *,
        max_offset: int | None = None,
        min_one_batch: bool = True,
        read_committed: bool = False,
    ) -> ReadResult:
        """Raw bytes of whole batches starting with the batch that holds `fetch_offset`.

        One segment per read (as Kafka); the first batch comes whole even past `max_bytes` when
        `min_one_batch`. Batches at or beyond `max_offset` are left out. `read_committed` (Fetch isolation
        level 1, TX-RC-2) stops at the last stable offset and lists the aborted transactions in range.
        Raises OffsetOutOfRangeError.
        """
        return self._read(fetch_offset, max_bytes, max_offset, min_one_batch, read_committed,
                          lambda seg, pos, size: seg.pread(pos, size), b"")

    def read_file_records(self, fetch_offset: int, max_bytes: int, *, min_one_batch: bool = True,
                          read_committed: bool = False) -> ReadResult:
        """`read`, but the batches stay in the segment (Kafka's `FileRecords.slice`): a Fetch answer
        carries where they are and the connection reads them as the socket drains, so a client that
        stops reading pins kilobytes, not its whole fetch."""
        return self._read(fetch_offset, max_bytes, None, min_one_batch, read_committed,
                          FileRecords, FileRecords(None, 0, 0))

    def _read(
        self,
        fetch_offset: int,
        max_bytes: int,
        max_offset: int | None,
        min_one_batch: bool,
        read_committed: bool,
        make: Callable[[LogSegment, int, int], R],
        empty: R,
    ) -> ReadResult:
        leo = self.log_end_offset
        if fetch_offset < self.log_start_offset or fetch_offset > leo:
            raise OffsetOutOfRangeError(fetch_offset, self.log_start_offset, leo)
        lso = self.last_stable_offset
        limit = leo if max_offset is None else min(max_offset, leo)
        if read_committed:
            limit = min(limit, lso)
        aborted: list[AbortedTxn] | None = [] if read_committed else None
        i = self._segment_for(fetch_offset)
        while i < len(self.segments) and fetch_offset < limit:
            seg_index = i
            seg = self.segments[i]
            h = seg.find_batch(fetch_offset)
            i += 1
            if h is None:
                continue
            if h.base_offset >= limit:
                break
            size, last = self._extent(seg, h, max_bytes, limit, min_one_batch)
            if read_committed and size:
                upper = self._next_offset_at(seg, h.position + last)
                aborted = self.collect_aborted_transactions(fetch_offset, upper, seg_index)
            return ReadResult(
                make(seg, h.position, size) if size else empty,
                self.high_watermark,
                self.log_start_offset,
                lso,
                h.base_offset if size else -1,
                aborted,
            )
        return ReadResult(empty, self.high_watermark, self.log_start_offset, lso, -1, aborted)

    @staticmethod
    def _next_offset_at(seg: LogSegment, position: int) -> int:
        """The offset after the batch at `position` (the upper bound of a read's aborted-transaction
        search): base offset (8 bytes) + last offset delta (4 bytes at 23) + 1."""
        head = seg.pread(position, 27)
        return int.from_bytes(head[:8], "big", signed=True) + int.from_bytes(head[23:27], "big", signed=True) + 1

    def collect_aborted_transactions(
        self, fetch_offset: int, upper_bound: int, start_segment: int | None = None
    ) -> list[AbortedTxn]:
        """The aborted transactions overlapping [fetch_offset, upper_bound), from the segment holding
        `fetch_offset` on until an entry's last stable offset reaches the bound (Kafka's
        LocalLog.collectAbortedTransactions, TX-RC-2)."""
        i = self._segment_for(fetch_offset) if start_segment is None else start_segment
        out: list[AbortedTxn] = []
        for seg in self.segments[i:]:
            found, complete = seg.txn_index.collect(fetch_offset, upper_bound)
            out += found
            if complete:
                break
        return out

    @staticmethod
    def _extent(
        seg: LogSegment, first: BatchHeader, max_bytes: int, limit: int, min_one_batch: bool
    ) -> tuple[int, int]:
        """(bytes, relative position of the last batch) of the whole batches from `first` within the
        limits, found by walking batch headers a small pread at a time, so finding the end of a 64 MiB
        read never holds 64 MiB."""
        start = first.position
        want = max(max_bytes, first.size_in_bytes) if min_one_batch else max_bytes
        n = min(want, seg.size - start)
        pos, last = 0, -1
        buf, buf_at = b"", 0
        while pos + LOG_OVERHEAD <= n:
            i = pos - buf_at
            if i + LOG_OVERHEAD > len(buf):
                buf, buf_at, i = seg.pread(start + pos, min(WALK_CHUNK, n - pos)), pos, 0
                if len(buf) < LOG_OVERHEAD:
                    break
            base = int.from_bytes(buf[i : i + 8], "big", signed=True)
            size = int.from_bytes(buf[i + 8 : i + 12], "big", signed=True) + LOG_OVERHEAD
            if base >= limit or size <= LOG_OVERHEAD or pos + size > n:
                break
            if pos > 0 and pos + size > max_bytes:
                break
            last = pos
            pos += size
        if pos == 0 or (not min_one_batch and first.size_in_bytes > max_bytes):
            return 0, -1
        return pos, last

    # ---------------------------------------------------------------------------------------------------
    # timestamps

    def offset_for_timestamp(self, timestamp_ms: int) -> tuple[int, int] | None:
        """ListOffsets by time: the earliest record with timestamp >= `timestamp_ms`: (offset, timestamp)."""
        for seg in self.segments:
            if seg.max_timestamp < timestamp_ms:
                continue
            h = seg.find_batch_by_timestamp(timestamp_ms)
            if h is None:
                continue
            batch = seg.pread(h.position, h.size_in_bytes)
            for r in decode_records(batch):
                if r.timestamp >= timestamp_ms and r.offset >= self.log_start_offset:
                    return r.offset, r.timestamp
        return None

    def max_timestamp_offset(self) -> tuple[int, int]:
        """ListOffsets MAX_TIMESTAMP: (offset, timestamp) of the first record with the largest timestamp,
        or (-1, -1) for an empty log."""
        best: LogSegment | None = None
        for seg in self.segments:
            if seg.max_timestamp > NO_TIMESTAMP and (best is None or seg.max_timestamp > best.max_timestamp):
                best = seg
        if best is None:
            return -1, -1
        h = best.find_batch_by_timestamp(best.max_timestamp)
        if h is not None:
            for r in decode_records(best.pread(h.position, h.size_in_bytes)):
                if r.timestamp == best.max_timestamp:
                    return r.offset, r.timestamp
        return best.offset_of_max_timestamp, best.max_timestamp

    # ---------------------------------------------------------------------------------------------------
    # retention

    def apply_retention(self, now_ms: int) -> int:
        """Delete whole segments past `retention.ms` (by largest timestamp) or over `retention.bytes`,
        oldest first; returns how many went. The active segment goes only after rolling an empty one."""
        cfg = self.config
        deleted = self.delete_start_breached_segments()
        if not cfg.delete:
            return deleted
        if cfg.retention_ms >= 0:
            deleted += self._delete_oldest(
                lambda seg: now_ms - self._largest_timestamp(seg) > cfg.retention_ms, now_ms
            )
        if cfg.retention_bytes >= 0:
            excess = [self.size_in_bytes - cfg.retention_bytes]

            def over(seg: LogSegment) -> bool:
                if excess[0] - seg.size >= 0:
                    excess[0] -= seg.size
                    return True
                return False

            deleted += self._delete_oldest(over, now_ms)
        return deleted

    @staticmethod
    def _largest_timestamp(seg: LogSegment) -> int:
        if seg.max_timestamp >= 0:
            return seg.max_timestamp
        try:
            return int(os.stat(seg.log_path).st_mtime * 1000)
        except FileNotFoundError:
            return 0

    def _delete_oldest(self, predicate: Callable[[LogSegment], bool], now_ms: int) -> int:
        doomed: list[LogSegment] = []
        for seg in self.segments:
            if seg.is_empty() or not predicate(seg):
                break
            doomed.append(seg)
        if not doomed:
            return 0
        if doomed[-1] is self.active_segment:
            self.roll(now_ms)
        return self.delete_segments(doomed, reason="retention")

    def delete_segments(self, doomed: list[LogSegment], *, reason: str) -> int:
        """Remove segments from the front: rename to `.deleted`, advance the log start, then unlink."""
        for seg in doomed:
            idx = self.segments.index(seg)
            del self.segments[idx]
            del self._bases[idx]
            seg.rename_to(DELETED_SUFFIX)
        self.log_start_offset = max(self.log_start_offset, self.segments[0].base_offset)
        self.producer_state.truncate_head(self.log_start_offset)
        for seg in doomed:
            for p in seg.files:
                with contextlib.suppress(FileNotFoundError):
                    p.with_name(p.name + DELETED_SUFFIX).unlink()
        log.info(
            "log.segments_deleted",
            topic=self.topic,
            partition=self.partition,
            count=len(doomed),
            reason=reason,
            log_start_offset=self.log_start_offset,
        )
        return len(doomed)

    def increment_log_start_offset(self, offset: int) -> bool:
        """DeleteRecords (Kafka's `maybeIncrementLogStartOffset`, reason ClientRecordDeletion): records
        below `offset` are gone for readers at once; the whole segments below it go with
        `delete_start_breached_segments`. Past the high watermark is OFFSET_OUT_OF_RANGE; at or below
        the current log start nothing changes (False)."""
        hw = self.high_watermark
        if offset > hw:
            raise StorageError(
                f"Cannot increment the log start offset to {offset} of partition {self.topic}-{self.partition} "
                f"since it is larger than the high watermark {hw}",
                ErrorCode.OFFSET_OUT_OF_RANGE,
            )
        if offset <= self.log_start_offset:
            return False
        self.log_start_offset = offset
        self.cleaner_checkpoint = max(self.cleaner_checkpoint, offset)
        self.producer_state.truncate_head(offset)
        log.info(
            "log.start_offset_incremented",
            topic=self.topic,
            partition=self.partition,
            log_start_offset=offset,
            reason="client record deletion",
        )
        return True

    def delete_start_breached_segments(self) -> int:
        """Whole segments below the log start offset (the next one starts at or before it), as Kafka's
        `deleteLogStartOffsetBreachedSegments`, whatever the cleanup policy; the active segment stays."""
        doomed: list[LogSegment] = []
        for seg, nxt in zip(self.segments, self.segments[1:], strict=False):
            if nxt.base_offset > self.log_start_offset:
                break
            doomed.append(seg)
        return self.delete_segments(doomed, reason="log start offset breach") if doomed else 0

    def remove_expired_producers(self, now_ms: int, expiration_ms: int = 86_400_000) -> list[int]:
        """Forget idle producers (`producer.id.expiration.ms`)."""
        return self.producer_state.remove_expired(now_ms, expiration_ms)

    # ---------------------------------------------------------------------------------------------------
    # flush and lifecycle

    def flush(self, now_ms: int | None = None) -> None:
        """fsync every segment with unwritten data and move the recovery point to the log end."""
        flush = self.begin_flush(force=self._flushes_in_flight > 0)
        try:
            flush.sync.run()
        except OSError:
            self.end_flush(flush, now_ms, ok=False)
            raise
        self.end_flush(flush, now_ms, ok=True)

    def begin_flush(self, *, force: bool = False) -> LogFlush:
        """The first half of a flush, on the log's thread: take every unsynced segment file (as duplicated
        fds) and note the log end they cover. `LogFlush.sync.run()` may then run on another thread while
        appends go on; `end_flush` back here moves the recovery point. `force` takes every segment whatever
        its mark, for a flush that must not count on one still in flight (whose sync may yet fail)."""
        pending = PendingSync()
        try:
            for seg in self.segments:
                seg.take_unsynced(pending, force=force)
        except OSError:
            pending.discard()
            pending.failed()
            raise
        self._flushes_in_flight += 1
        return LogFlush(pending, self.log_end_offset, self.unflushed_messages)

    def end_flush(self, flush: LogFlush, now_ms: int | None, *, ok: bool) -> None:
        """The second half: on success the recovery point moves to what the flush covered (never past the
        log end: a truncation may have come meanwhile); on failure what it took is unsynced again."""
        self._flushes_in_flight -= 1
        if not ok:
            flush.sync.discard()
            flush.sync.failed()
            return
        self.recovery_point = max(self.recovery_point, min(flush.end_offset, self.log_end_offset))
        self.unflushed_messages = max(0, self.unflushed_messages - flush.messages)
        if now_ms is not None:
            self.last_flush_ms = now_ms

    def flush_is_due(self, now_ms: int) -> bool:
        """`flush.ms` has passed since the last flush and there is something to flush."""
        if self.recovery_point == self.log_end_offset and self.unflushed_messages == 0:
            self.last_flush_ms = now_ms
            return False
        return now_ms - self.last_flush_ms >= self.config.flush_ms

    def flush_due(self, now_ms: int) -> bool:
        """Flush if `flush.ms` has passed since the last flush and there is something to flush."""
        if self.flush_is_due(now_ms):
            self.flush(now_ms)
            return True
        return False

    def update_config(self, config: LogConfig) -> None:
        self.config = config
        if self.segments and not self._closed:
            self._preallocate_active()

    def close(self) -> None:
        """Flush and close; the files are closed even when the flush fails (its OSError is raised)."""
        if self._closed:
            return
        try:
            if self.segments:
                self.segments[-1].trim()  # a clean shutdown leaves exactly the batches, as Kafka's close does
            self.flush()
        finally:
            for seg in self.segments:
                seg.close()
            self._closed = True

    def delete(self) -> None:
        """Remove the partition directory and everything in it."""
        for seg in self.segments:
            seg.close()
        self._closed = True
        shutil.rmtree(self.directory, ignore_errors=True)

    def replace_segment(self, old: LogSegment, new_log: Path) -> LogSegment:
        """Swap a compacted copy in for `old` with Kafka's crash-safe renames (LocalLog.replaceSegments).

        `new_log` is `<name>.log.cleaned`, already written and fsynced. The steps, each named in
        `REPLACE_STEPS` and reported to `step_hook` once done, and what recovery
        (`_complete_interrupted_swaps`) makes of a crash right after each:

        - `cleaned`: nothing renamed yet. Recovery deletes the `.cleaned` file: the old segment stays.
        - `swap`: `.cleaned` renamed to `.log.swap`, directory fsynced. The swap is now committed:
          recovery finishes it (the `.swap` replaces the old `.log`, the old indexes are dropped).
        - `old_deleted`: the old `.log`, `.index`, `.timeindex`, `.txnindex` renamed to `.deleted`. Recovery unlinks
          them and finishes the swap.
        - `swapped_in`: `.log.swap` renamed to `.log`, directory fsynced. Recovery unlinks the
          `.deleted` files and rebuilds the indexes.
        - `unlinked`: the `.deleted` files are gone; only the in-memory segment list is still old.

        Kafka's order, too: its old files go to `.deleted` before its `.swap` loses the suffix.
        """
        self._step("cleaned")
        swap = old.log_path.with_name(old.log_path.name + SWAP_SUFFIX)
        os.replace(new_log, swap)
        fsync_dir(self.directory)
        self._step("swap")
        idx = self.segments.index(old)
        old.rename_to(DELETED_SUFFIX)
        self._step("old_deleted")
        os.replace(swap, old.log_path)
        fsync_dir(self.directory)
        self._step("swapped_in")
        for p in old.files:
            with contextlib.suppress(FileNotFoundError):
                p.with_name(p.name + DELETED_SUFFIX).unlink()
        self._step("unlinked")
        seg = self._new_segment_object(old.base_offset, old.created_ms)
        # offsets are unchanged and abort markers are kept by the cleaner: the entries stay valid. A crash
        # before this line leaves no `.txnindex`; the replay at open rewrites it.
        seg.txn_index.replace(old.txn_index.entries)
        seg.txn_index.flush()
        seg.rebuild_indexes(validate=False)
        seg.offset_index.flush()
        seg.time_index.flush()
        if seg.is_empty():
            seg.next_offset = old.next_offset
        self.segments[idx] = seg
        return seg

    def _step(self, name: str) -> None:
        if self.step_hook is not None:
            self.step_hook(name)


__all__ = ["AppendResult", "CorruptRecordError", "PartitionLog", "ReadResult", "segment_name"]
