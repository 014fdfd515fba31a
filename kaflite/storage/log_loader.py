"""Opening a partition's directory (Kafka's LogLoader): what a start makes of the files it finds.

It finishes an interrupted compaction swap (`PartitionLog.replace_segment`'s renames), loads the segments,
recovers those a crash may have damaged (validated, cut at their first bad batch) and replays every batch into
the producer state, rewriting any `.txnindex` that disagrees. The result is handed to `PartitionLog`, which
appends, reads and deletes from there on.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from pathlib import Path

import structlog

from kaflite.protocol.control_records import decode_end_txn_marker
from kaflite.protocol.record_errors import CorruptRecordError
from kaflite.protocol.records import BatchHeader
from kaflite.storage.config import LogConfig
from kaflite.storage.producer_state import CompletedTxn, ProducerStateManager
from kaflite.storage.segment import LOG_SUFFIX, PREALLOCATE_CHUNK, LogSegment, SegmentCorruptError
from kaflite.storage.segment_swap import complete_interrupted_swaps
from kaflite.storage.txn_index import AbortedTxn

log = structlog.get_logger()


def new_segment(directory: Path, config: LogConfig, base: int, now_ms: int) -> LogSegment:
    """A segment object at `base` with the topic's index settings (its files are opened or created)."""
    return LogSegment(
        directory,
        base,
        index_interval_bytes=config.index_interval_bytes,
        max_index_bytes=config.segment_index_bytes,
        created_ms=now_ms,
    )


def add_segment(segments: list[LogSegment], bases: list[int], seg: LogSegment) -> None:
    """Insert `seg` in base-offset order into a log's segment list and its parallel list of bases."""
    i = bisect.bisect_left(bases, seg.base_offset)
    bases.insert(i, seg.base_offset)
    segments.insert(i, seg)


@dataclass(slots=True)
class LoadedLog:
    """A loaded partition: its segments (base-offset order) and their bases, its producer state, and where its
    log starts and its flushed data ends."""

    segments: list[LogSegment]
    bases: list[int]
    producer_state: ProducerStateManager
    log_start_offset: int
    recovery_point: int


class LogLoader:
    """Loads one partition directory once (`load`); `PartitionLog.open` uses it."""

    def __init__(self, directory: Path, topic: str, partition: int, config: LogConfig, now_ms: int) -> None:
        self.directory = directory
        self.topic = topic
        self.partition = partition
        self.config = config
        self.now_ms = now_ms
        self.segments: list[LogSegment] = []
        self.bases: list[int] = []
        self.producer_state = ProducerStateManager()
        self.log_start_offset = 0

    @property
    def log_end_offset(self) -> int:
        return self.segments[-1].next_offset

    def load(self, *, recovery_point: int, log_start_offset: int, clean_shutdown: bool) -> LoadedLog:
        """Load the directory (creating it if needed), finishing interrupted compaction swaps and, after an
        unclean shutdown, validating every segment from the recovery point on."""
        now_ms = self.now_ms
        self.directory.mkdir(parents=True, exist_ok=True)
        complete_interrupted_swaps(self.directory, self.topic, self.partition)
        bases = sorted(
            int(p.name[: -len(LOG_SUFFIX)])
            for p in self.directory.iterdir()
            if p.name.endswith(LOG_SUFFIX) and p.name[: -len(LOG_SUFFIX)].isdigit()
        )
        for base in bases:
            add_segment(self.segments, self.bases, new_segment(self.directory, self.config, base, now_ms))
        self._recover(recovery_point, clean_shutdown)
        if not self.segments:
            add_segment(self.segments, self.bases,
                        new_segment(self.directory, self.config, max(log_start_offset, recovery_point, 0), now_ms))
        self.log_start_offset = max(log_start_offset, self.segments[0].base_offset)
        if self.log_start_offset > self.log_end_offset:
            self.log_start_offset = self.log_end_offset
        recovery_point = self.log_end_offset
        self._rebuild_producer_state()
        if self.segments[0].base_offset > self.log_start_offset or recovery_point > self.log_end_offset:
            # the replay cut damage away (emptying the first segment, or shortening the last one)
            self.log_start_offset = min(max(self.log_start_offset, self.segments[0].base_offset),
                                        self.log_end_offset)
            recovery_point = self.log_end_offset
            self.producer_state.truncate_head(self.log_start_offset)
        return LoadedLog(self.segments, self.bases, self.producer_state, self.log_start_offset, recovery_point)

    def _recover(self, recovery_point: int, clean_shutdown: bool) -> None:
        """Kafka's LogLoader, both paths. Segments recovery does not scan (all of them after a clean
        shutdown, else those below the recovery point) are loaded; one whose indexes fail the sanity
        check, or whose tail does not parse, is recovered alone (`recoverSegment`: validated, cut at its
        first bad batch, later segments kept: they were flushed). From the recovery point on (unclean
        shutdown) every segment is validated; the first bad batch ends the log there and every later
        segment is dropped (`recoverLog`: nothing after unflushed damage is trusted)."""
        start_index = len(self.segments)
        if not clean_shutdown:
            start_index = max(0, bisect.bisect_right(self.bases, recovery_point) - 1)
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
            del self.bases[index + 1 :]
        if seg.is_empty() and len(self.segments) > 1:
            seg.delete_files()
            del self.segments[index]
            del self.bases[index]

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
                            found.append(self.producer_state.aborted_txn(completed))
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

    def _preallocated_tail(self, seg: LogSegment, pos: int) -> bool:
        """Whether the bytes from `pos` to the file's end are the zeros `preallocate` writes ahead of the log
        end (what a stop without `close`, kill -9 included, leaves): cut like damage, but nothing was lost."""
        length = seg.size - pos
        if not self.config.preallocate or not 0 < length <= 2 * PREALLOCATE_CHUNK:
            return False
        return seg.pread(pos, length).count(0) == length
