"""Log compaction for `cleanup.policy=compact` (the coordinator's `__consumer_offsets` relies on it).

Keeps the latest record per key across the non-active segments, drops tombstones whose timestamp is
older than `delete.retention.ms`, never touches the active segment. Each segment is rewritten on its own
(`<name>.log.cleaned`) and swapped in with Kafka's crash-safe renames (`PartitionLog.replace_segment`).
Batches that lose nothing are copied byte for byte; rewritten batches keep their base offset, producer
fields and last offset delta (so the producer's last sequence survives, as Kafka's `overrideLastOffset`);
a producer's last batch is kept even when empty.

Transactions, as Kafka's cleaner: only segments wholly below the last stable offset are cleaned (an
undecided transaction is never touched); the records of aborted transactions (the `.txnindex` ranges) are
discarded and never enter the offset map; committed transactional records compact like any others.
kaflite keeps every transaction marker (Kafka drops a marker once its transaction has no data left and
`delete.retention.ms` has passed): markers are 78 bytes each, and keeping them keeps each segment's
`.txnindex` entries valid as they are.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import structlog

from kaflite.protocol.records import (
    NewRecord,
    build_batch,
    decode_records,
)
from kaflite.storage.fileio import sync, write_fully
from kaflite.storage.log import PartitionLog
from kaflite.storage.segment_swap import CLEANED_SUFFIX

log = structlog.get_logger()


@dataclass(slots=True)
class CleanerStats:
    segments_cleaned: int = 0
    bytes_read: int = 0
    bytes_written: int = 0
    records_read: int = 0
    records_retained: int = 0
    tombstones_dropped: int = 0


class LogCleaner:
    """Compacts one partition log at a time; synchronous, called by the broker's housekeeping."""

    @staticmethod
    def dirty_ratio(plog: PartitionLog) -> float:
        """Bytes past the cleaner checkpoint over all non-active bytes (Kafka's cleanable ratio)."""
        inactive = plog.segments[:-1]
        total = sum(s.size for s in inactive)
        if total == 0:
            return 0.0
        dirty = sum(s.size for s in inactive if s.base_offset >= plog.cleaner_checkpoint)
        return dirty / total

    def needs_cleaning(self, plog: PartitionLog) -> bool:
        return plog.config.compact and self.dirty_ratio(plog) >= plog.config.min_cleanable_dirty_ratio

    def clean(self, plog: PartitionLog, now_ms: int) -> CleanerStats:
        """Compact every non-active segment of `plog` against the latest offset of each key."""
        stats = CleanerStats()
        lso = plog.last_stable_offset
        cleanable = [
            s for s, nxt in zip(plog.segments, plog.segments[1:], strict=False) if s.size and nxt.base_offset <= lso
        ]
        if not cleanable:
            return stats
        aborted: dict[int, list[tuple[int, int]]] = {}
        for s in plog.segments:
            for e in s.txn_index.entries:
                aborted.setdefault(e.producer_id, []).append((e.first_offset, e.last_offset))

        def is_aborted(pid: int, offset: int) -> bool:
            return any(first <= offset <= last for first, last in aborted.get(pid, ()))

        lag = plog.config.min_compaction_lag_ms
        # 1. the offset map: key -> latest offset, over the cleanable range
        latest: dict[bytes, int] = {}
        last_batch_of_producer: dict[int, int] = {}
        for seg in cleanable:
            for h in seg.scan():
                if h.producer_id >= 0:
                    last_batch_of_producer[h.producer_id] = h.base_offset
                if h.is_control or (h.is_transactional and is_aborted(h.producer_id, h.base_offset)):
                    continue
                for r in decode_records(seg.pread(h.position, h.size_in_bytes)):
                    if r.key is not None:
                        latest[r.key] = r.offset
        # a producer's state lives on in its last batch anywhere in the log (active segment included)
        for h in plog.active_segment.scan():
            if h.producer_id >= 0:
                last_batch_of_producer[h.producer_id] = h.base_offset
        # 2. rewrite each segment
        for seg in cleanable:
            if lag and now_ms - seg.max_timestamp < lag:
                break
            out = bytearray()
            changed = False
            for h in seg.scan():
                raw = seg.pread(h.position, h.size_in_bytes)
                stats.bytes_read += len(raw)
                if h.is_control:
                    out += raw
                    continue
                recs = decode_records(raw)
                stats.records_read += len(recs)
                keep = []
                discard_all = h.is_transactional and is_aborted(h.producer_id, h.base_offset)
                for r in recs:
                    if discard_all:
                        continue
                    if r.key is None or latest.get(r.key, -1) > r.offset:
                        continue
                    if r.value is None and now_ms - r.timestamp > plog.config.delete_retention_ms:
                        stats.tombstones_dropped += 1
                        continue
                    keep.append(r)
                stats.records_retained += len(keep)
                if len(keep) == len(recs):
                    out += raw
                    continue
                changed = True
                if not keep and last_batch_of_producer.get(h.producer_id, -2) != h.base_offset:
                    continue
                out += build_batch(
                    [
                        NewRecord(r.key, r.value, r.headers, r.timestamp, r.offset - h.base_offset)
                        for r in keep
                    ],
                    timestamp_ms=keep[0].timestamp if keep else h.base_timestamp,
                    base_offset=h.base_offset,
                    producer_id=h.producer_id,
                    producer_epoch=h.producer_epoch,
                    base_sequence=h.base_sequence,
                    compression=h.compression,
                    is_transactional=h.is_transactional,
                    partition_leader_epoch=h.partition_leader_epoch,
                    timestamp_type=h.timestamp_type,
                    last_offset_delta=h.last_offset_delta,
                )
            if not changed:
                continue
            cleaned = seg.log_path.with_name(seg.log_path.name + CLEANED_SUFFIX)
            fd = os.open(cleaned, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            try:
                write_fully(fd, out)
                sync(fd)
            except OSError:
                cleaned.unlink(missing_ok=True)  # a full disk: give back what the copy took, retry next round
                raise
            finally:
                os.close(fd)
            stats.bytes_written += len(out)
            plog.replace_segment(seg, cleaned)
            stats.segments_cleaned += 1
        plog.cleaner_checkpoint = min(plog.active_segment.base_offset, lso)
        log.info(
            "log.cleaned",
            topic=plog.topic,
            partition=plog.partition,
            segments=stats.segments_cleaned,
            records_read=stats.records_read,
            records_retained=stats.records_retained,
        )
        return stats
