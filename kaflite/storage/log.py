"""One partition's log: segments in `<data-dir>/<topic>-<partition>/`, appends, reads, roll, retention,
flushes. Synchronous file code; the broker calls it from its event loop (appends are small) or a thread.

Beside it, each with one concern: `validation` (what an append must pass, by `AppendOrigin`), `log_loader`
(opening a directory: recovery and the producer-state replay), `log_read` (finding whole batches for a read),
`retention` (which segments go) and `segment_swap` (the compaction swap's crash-safe renames).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import structlog

from kaflite.protocol.control_records import EndTxnMarker, build_end_txn_marker, decode_end_txn_marker
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.record_errors import CorruptRecordError
from kaflite.protocol.records import (
    BatchHeader,
    iter_batches,
    set_base_offset,
    set_log_append_time,
    set_partition_leader_epoch,
)
from kaflite.storage.config import LogConfig
from kaflite.storage.errors import OffsetOutOfRangeError, StorageError
from kaflite.storage.leader_epoch import LeaderEpochCache
from kaflite.storage.log_loader import LogLoader, add_segment, new_segment
from kaflite.storage.log_read import (
    R,
    ReadResult,
    max_timestamp_offset,
    offset_for_timestamp,
    read_batches,
)
from kaflite.storage.producer_state import ProducerStateManager
from kaflite.storage.retention import size_breached, start_offset_breached, time_breached
from kaflite.storage.segment import INT_MAX, FileRecords, LogSegment, segment_name
from kaflite.storage.segment_swap import DELETED_SUFFIX, swap_in
from kaflite.storage.syncs import PendingSync
from kaflite.storage.validation import AppendOrigin, check_append

log = structlog.get_logger()


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
        self.epochs = LeaderEpochCache(directory, [(0, 0)], on_disk=False)  # leader-epoch-checkpoint, once opened
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
        self.last_flush_ms = now_ms
        loaded = LogLoader(self.directory, topic, partition, config, now_ms).load(
            recovery_point=recovery_point, log_start_offset=log_start_offset, clean_shutdown=clean_shutdown)
        self.segments, self._bases, self.producer_state = loaded.segments, loaded.bases, loaded.producer_state
        self.log_start_offset, self.recovery_point = loaded.log_start_offset, loaded.recovery_point
        try:
            self.epochs = LeaderEpochCache.load(self.directory, self.log_start_offset)
        except ValueError as exc:  # Kafka fails the log dir; a cache is rebuilt from the batches' epochs instead
            log.warning("log.leader_epoch_checkpoint_unreadable", topic=topic, partition=partition, error=str(exc))
            self.epochs = LeaderEpochCache(self.directory, [(0, self.log_start_offset)], on_disk=True)
        self.epochs.truncate_from_end(self.log_end_offset + 1)  # recovery cut the log: epochs begun past its end
        self.epochs.truncate_from_start(self.log_start_offset)
        self._preallocate_active()
        return self

    @property
    def leader_epoch(self) -> int:
        """The leader epoch this partition's appends are stamped with (the latest recorded; 0 until a move)."""
        return max(self.epochs.latest_epoch, 0)

    def _preallocate_active(self) -> None:
        """The topic's `preallocate`, for the active segment (the only one written to)."""
        seg = self.segments[-1]
        if self.config.preallocate:
            seg.preallocate_limit = self.config.segment_bytes
        else:
            seg.trim()

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
        origin: AppendOrigin = AppendOrigin.CLIENT,
        defer_flush: bool = False,
    ) -> AppendResult:
        """Check every batch as `origin` requires (`validation.check_append`, then the producer state), then
        write them all, or write nothing; the offsets are assigned here unless the batches carry them
        (`AppendOrigin.REPLICATION`, which must follow the log end).

        `defer_flush`: the caller takes the `flush.messages` fsync off this thread (`flush_messages_reached`)
        and answers once it is done; without it the append fsyncs here when `flush.messages` is reached.
        Raises what `check_append` raises, or ProducerStateError.
        """
        if isinstance(records, bytearray):
            buf: bytearray | memoryview = records
        elif isinstance(records, memoryview) and not records.readonly:
            buf = records
        else:
            buf = bytearray(records)
        cfg = self.config
        headers = check_append(cfg, self.topic, self.partition, buf, origin, log_end_offset=self.log_end_offset,
                               now_ms=now_ms)
        if not headers:
            return AppendResult(-1, -1, -1, self.log_start_offset)
        total = len(buf)
        assign_offsets = origin is not AppendOrigin.REPLICATION
        if assign_offsets:
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
        for h in patched:  # a batch of a newer epoch begins it (Kafka's maybeAssignEpochStartOffset)
            if h.partition_leader_epoch > self.epochs.latest_epoch:
                self.epochs.assign(h.partition_leader_epoch, h.base_offset)
        for h in patched:
            if h.is_control:  # only from REPLICATION: clients may not write control batches
                marker = decode_end_txn_marker(buf, h.position) if h.producer_id >= 0 else None
                if marker is not None:
                    completed = self.producer_state.apply_marker(h.producer_id, h.producer_epoch, marker,
                                                                  h.base_offset, h.max_timestamp)
                    if completed is not None and completed.is_aborted:
                        seg.txn_index.append(self.producer_state.aborted_txn(completed))
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
            seg.txn_index.append(self.producer_state.aborted_txn(completed))
        self.unflushed_messages += 1
        if self.unflushed_messages >= self.config.flush_messages and not defer_flush:
            self._flush_after_append(now_ms)
        return AppendResult(offset, offset, now_ms if self.config.log_append_time else -1,
                            self.log_start_offset, ErrorCode.NONE, 1)

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
        seg = new_segment(self.directory, self.config, base, now_ms)
        seg.next_offset = base
        add_segment(self.segments, self._bases, seg)
        self._preallocate_active()
        log.debug("log.rolled", topic=self.topic, partition=self.partition, base_offset=base)
        return seg

    # ---------------------------------------------------------------------------------------------------
    # read (the batch walk is log_read's)

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
        records, first, aborted = read_batches(self.segments, self._bases, fetch_offset, max_bytes, limit,
                                               min_one_batch, read_committed, make, empty)
        return ReadResult(records, self.high_watermark, self.log_start_offset, lso, first, aborted)

    # ---------------------------------------------------------------------------------------------------
    # timestamps

    def offset_for_timestamp(self, timestamp_ms: int) -> tuple[int, int] | None:
        """ListOffsets by time: the earliest record with timestamp >= `timestamp_ms`: (offset, timestamp)."""
        return offset_for_timestamp(self.segments, self.log_start_offset, timestamp_ms)

    def max_timestamp_offset(self) -> tuple[int, int]:
        """ListOffsets MAX_TIMESTAMP: (offset, timestamp) of the first record with the largest timestamp,
        or (-1, -1) for an empty log."""
        return max_timestamp_offset(self.segments)

    # ---------------------------------------------------------------------------------------------------
    # retention

    def apply_retention(self, now_ms: int) -> int:
        """Delete whole segments past `retention.ms` (by largest timestamp) or over `retention.bytes`,
        oldest first (`retention`); returns how many went. The active segment goes only after rolling an
        empty one."""
        cfg = self.config
        deleted = self.delete_start_breached_segments()
        if not cfg.delete:
            return deleted
        if cfg.retention_ms >= 0:
            deleted += self._delete_oldest(time_breached(self.segments, cfg.retention_ms, now_ms), now_ms)
        if cfg.retention_bytes >= 0:
            deleted += self._delete_oldest(size_breached(self.segments, cfg.retention_bytes), now_ms)
        return deleted

    def _delete_oldest(self, doomed: list[LogSegment], now_ms: int) -> int:
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
        self.epochs.truncate_from_start(self.log_start_offset)
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
        self.epochs.truncate_from_start(offset)
        log.info(
            "log.start_offset_incremented",
            topic=self.topic,
            partition=self.partition,
            log_start_offset=offset,
            reason="client record deletion",
        )
        return True

    def delete_start_breached_segments(self) -> int:
        """Whole segments below the log start offset, as Kafka's `deleteLogStartOffsetBreachedSegments`,
        whatever the cleanup policy; the active segment stays."""
        doomed = start_offset_breached(self.segments, self.log_start_offset)
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
        """Swap a compacted copy (`new_log`, `<name>.log.cleaned`, written and fsynced) in for `old` with
        Kafka's crash-safe renames (`segment_swap.swap_in`, each step reported to `step_hook`), then load it."""
        swap_in(self.directory, old, new_log, self._step)
        idx = self.segments.index(old)
        seg = new_segment(self.directory, self.config, old.base_offset, old.created_ms)
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


__all__ = ["AppendOrigin", "AppendResult", "CorruptRecordError", "PartitionLog", "ReadResult", "segment_name"]
