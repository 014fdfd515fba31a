"""Reading a partition's log: whole batches for a fetch (Kafka's LocalLog.read), the aborted transactions a
read_committed fetch needs, and the records ListOffsets looks up by time.

Functions over the log's segments (base-offset order) and their bases; `PartitionLog` checks the bounds
and answers with a `ReadResult`.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from kaflite.protocol.records import LOG_OVERHEAD, NO_TIMESTAMP, BatchHeader, decode_records
from kaflite.storage.segment import FileRecords, LogSegment
from kaflite.storage.txn_index import AbortedTxn

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


def segment_for(bases: list[int], offset: int) -> int:
    """The index of the segment that holds `offset` (the last one whose base is not above it)."""
    return max(0, bisect.bisect_right(bases, offset) - 1)


def read_batches(
    segments: list[LogSegment],
    bases: list[int],
    fetch_offset: int,
    max_bytes: int,
    limit: int,
    min_one_batch: bool,
    read_committed: bool,
    make: Callable[[LogSegment, int, int], R],
    empty: R,
) -> tuple[R, int, list[AbortedTxn] | None]:
    """(records, first offset or -1, aborted transactions or None unless `read_committed`) of the whole batches
    from the one holding `fetch_offset`, below `limit`, in one segment (as Kafka)."""
    aborted: list[AbortedTxn] | None = [] if read_committed else None
    i = segment_for(bases, fetch_offset)
    while i < len(segments) and fetch_offset < limit:
        seg_index = i
        seg = segments[i]
        h = seg.find_batch(fetch_offset)
        i += 1
        if h is None:
            continue
        if h.base_offset >= limit:
            break
        size, last = _extent(seg, h, max_bytes, limit, min_one_batch)
        if read_committed and size:
            upper = _next_offset_at(seg, h.position + last)
            aborted = collect_aborted_transactions(segments, bases, fetch_offset, upper, seg_index)
        return (make(seg, h.position, size) if size else empty), (h.base_offset if size else -1), aborted
    return empty, -1, aborted


def _next_offset_at(seg: LogSegment, position: int) -> int:
    """The offset after the batch at `position` (the upper bound of a read's aborted-transaction
    search): base offset (8 bytes) + last offset delta (4 bytes at 23) + 1."""
    head = seg.pread(position, 27)
    return int.from_bytes(head[:8], "big", signed=True) + int.from_bytes(head[23:27], "big", signed=True) + 1

def collect_aborted_transactions(
    segments: list[LogSegment], bases: list[int], fetch_offset: int, upper_bound: int,
    start_segment: int | None = None,
) -> list[AbortedTxn]:
    """The aborted transactions overlapping [fetch_offset, upper_bound), from the segment holding
    `fetch_offset` on until an entry's last stable offset reaches the bound (Kafka's
    LocalLog.collectAbortedTransactions, TX-RC-2)."""
    i = segment_for(bases, fetch_offset) if start_segment is None else start_segment
    out: list[AbortedTxn] = []
    for seg in segments[i:]:
        found, complete = seg.txn_index.collect(fetch_offset, upper_bound)
        out += found
        if complete:
            break
    return out

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


def offset_for_timestamp(
    segments: list[LogSegment], log_start_offset: int, timestamp_ms: int
) -> tuple[int, int] | None:
    """ListOffsets by time: the earliest record with timestamp >= `timestamp_ms`: (offset, timestamp)."""
    for seg in segments:
        if seg.max_timestamp < timestamp_ms:
            continue
        h = seg.find_batch_by_timestamp(timestamp_ms)
        if h is None:
            continue
        batch = seg.pread(h.position, h.size_in_bytes)
        for r in decode_records(batch):
            if r.timestamp >= timestamp_ms and r.offset >= log_start_offset:
                return r.offset, r.timestamp
    return None

def max_timestamp_offset(segments: list[LogSegment]) -> tuple[int, int]:
    """ListOffsets MAX_TIMESTAMP: (offset, timestamp) of the first record with the largest timestamp,
    or (-1, -1) for an empty log."""
    best: LogSegment | None = None
    for seg in segments:
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
