"""Acquisition: a member takes AVAILABLE records of a share partition from a fetched range of the log.

Kafka's `SharePartition.acquire` (4.2): the fetch read the log from the next fetch offset; records
of the in-flight window that are AVAILABLE are acquired again, records past the share-partition end
offset (SPEO) are acquired as new (SP-ACQ-1). Batch-optimised mode takes whole units (a cached
in-flight batch, a log batch) even past MaxRecords; record-limit mode cuts inside them (SP-ACQ-3).
New records are taken only while the window holds fewer than `max.record.locks` (SP-ACQ-4); a
record close to its delivery limit is handed out in ever smaller chunks, the last delivery alone
(SP-ACQ-5). Under read_committed, data batches of aborted transactions are archived at once and
left out of the answer (SP-RC-1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from kaflite.share.state import AcquiredRecords, InFlightBatch, InFlightState, LogBatch, RecordState
from kaflite.share.window import InFlightWindow


def throttle_threshold(limit: int) -> int:
    """SP-ACQ-5's T = max(2, ceil(L/2)): from this delivery count on, records go out in ever smaller chunks."""
    return max(2, math.ceil(limit / 2))


def should_throttle(window: InFlightWindow, batch: InFlightBatch, lo: int, hi: int) -> bool:
    """SP-ACQ-5: whether `batch` holds AVAILABLE records of [lo, hi] whose delivery count reached T."""
    threshold = throttle_threshold(window.config.delivery_count_limit)
    if batch.whole is not None:
        return batch.whole.acquirable and batch.whole.delivery_count >= threshold
    return max((s.delivery_count for _, s in batch.items(lo, hi) if s.acquirable), default=0) >= threshold


def aborted_ranges(
    batches: Sequence[LogBatch], aborted_transactions: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The data batches of aborted transactions, as a read_committed consumer finds them.

    `aborted_transactions` is the fetch's (producer id, first offset) list: a transaction is open
    from its first offset until its abort marker (a control batch of that producer).
    """
    pending = sorted(aborted_transactions, key=lambda t: t[1])
    i = 0
    open_: set[int] = set()
    out: list[tuple[int, int]] = []
    for lb in batches:
        while i < len(pending) and pending[i][1] <= lb.last_offset:
            open_.add(pending[i][0])
            i += 1
        if lb.is_control:
            open_.discard(lb.producer_id)
        elif lb.is_transactional and lb.producer_id in open_:
            out.append((lb.base_offset, lb.last_offset))
    return out


class _Acquisition:
    """One acquisition: the state it walks with (what is taken, how many, where it must stop)."""

    def __init__(
        self,
        window: InFlightWindow,
        member_id: str,
        batches: Sequence[LogBatch],
        batch_size: int,
        record_limit_mode: bool,
        deadline_ms: int,
    ) -> None:
        self.w = window
        self.member_id = member_id
        self.batches = batches
        self.batch_size = batch_size if batch_size > 0 else 2**31
        self.record_limit_mode = record_limit_mode
        self.deadline_ms = deadline_ms
        self.out: list[AcquiredRecords] = []
        self.acquired = 0
        self.max_records = 0
        self.end_before = window.start_offset - 1 if window.is_empty() else window.end_offset

    def run(self, span_start: int, span_end: int) -> None:
        w = self.w
        cursor = span_start
        stopped = False
        for ib in w.overlapping(span_start, span_end):
            if self.acquired >= self.max_records:
                stopped = True
                break
            if ib.first_offset > cursor:
                self.uncached(cursor, ib.first_offset - 1)
                if self.acquired >= self.max_records:
                    stopped = True
                    break
            cursor = ib.last_offset + 1
            if self.cached(ib, max(ib.first_offset, span_start), min(ib.last_offset, span_end)):
                stopped = True
                break
        if not stopped and self.acquired < self.max_records and cursor <= span_end:
            self.uncached(cursor, span_end)

    def cached(self, ib: InFlightBatch, lo: int, hi: int) -> bool:
        """Acquire what is AVAILABLE in a cached batch; True when the acquisition must stop here."""
        remaining = self.max_records - self.acquired
        full = ib.whole is not None and lo <= ib.first_offset and hi >= ib.last_offset
        limit_subset = self.record_limit_mode and ib.size > remaining
        throttled = should_throttle(self.w, ib, lo, hi)
        if throttled and self.acquired > 0:
            return True  # a throttled batch is delivered on its own, in a later fetch
        if not full or ib.offsets is not None or limit_subset or throttled:
            if ib.whole is not None:
                if not ib.whole.acquirable:
                    return False
                ib.explode()
            n = self.offsets(ib, lo, hi, remaining if self.record_limit_mode else None)
            return throttled and n > 0
        s = ib.whole
        assert s is not None
        if not s.acquirable:
            return False
        s.acquire(self.member_id, self.deadline_ms)
        self.out.append(AcquiredRecords(ib.first_offset, ib.last_offset, s.delivery_count))
        self.acquired += ib.size
        return False

    def offsets(self, ib: InFlightBatch, lo: int, hi: int, cap: int | None) -> int:
        """Acquire AVAILABLE offsets of a per-offset batch, one AcquiredRecords each (as Kafka answers).

        SP-ACQ-5: a record whose next delivery is its last goes alone; once a record at or past T
        is met, at most size >> (count - T + 1) records are taken (at least 1).
        """
        limit = self.w.config.delivery_count_limit
        threshold = throttle_threshold(limit)
        chunk: int | None = None
        n = 0
        for o, s in ib.items(lo, hi):
            if not s.acquirable:
                continue
            count = s.delivery_count
            if limit > 2 and count == limit - 1 and n > 0:
                break
            if count >= threshold and chunk is None:
                chunk = max(1, ib.size >> (count - threshold + 1))
            s.acquire(self.member_id, self.deadline_ms)
            self.out.append(AcquiredRecords(o, o, s.delivery_count))
            n += 1
            if limit > 2 and s.delivery_count == limit:
                break
            if cap is not None and n >= cap:
                break
            if chunk is not None and n >= chunk:
                break
        self.acquired += n
        return n

    def uncached(self, a: int, b: int) -> None:
        """Offsets with no cached state: a load's gaps and what lies past the SPEO are new records."""
        w = self.w
        if w.gap_active() and w.gap_start is not None and w.gap_end is not None:
            ga, gb = max(a, w.gap_start, w.start_offset), min(b, w.gap_end)
            if ga <= gb:
                self.new(ga, gb)
        na = max(a, self.end_before + 1)
        if na <= b and self.acquired < self.max_records:
            self.new(na, b)

    def new(self, a: int, b: int) -> None:
        """Acquire never-delivered records of [a, b] (Kafka's acquireNewBatchRecords and createBatches).

        Whole log batches up to the one holding the MaxRecords-th offset (a soft limit), cut into
        AcquiredRecords at log-batch starts once BatchSize is reached (SP-ACQ-2). Record-limit mode
        acquires exactly MaxRecords and keeps the rest of the log batch AVAILABLE (SP-ACQ-3).
        """
        remaining = self.max_records - self.acquired
        covering = [lb for lb in self.batches if lb.last_offset >= a and lb.base_offset <= b]
        if not covering or remaining <= 0:
            return
        first = max(covering[0].base_offset, a)
        last = min(covering[-1].last_offset, b)
        if remaining < last - first + 1:
            target = first + remaining - 1
            holder = [lb for lb in covering if lb.base_offset <= target]
            last = holder[-1].last_offset if holder and target <= holder[-1].last_offset else target
            last = min(last, b)
        if self.record_limit_mode and last - first + 1 > remaining:
            cut = first + remaining - 1
            acquired = [
                InFlightState(RecordState.ACQUIRED, 1, self.member_id, self.deadline_ms) for _ in range(remaining)
            ]
            rest = [InFlightState(RecordState.AVAILABLE, 0) for _ in range(last - cut)]
            self.w.insert(InFlightBatch(first, last, None, acquired + rest))
            self.out.append(AcquiredRecords(first, cut, 1))
            self.acquired += remaining
            return
        entries: list[tuple[int, int]] = []
        cur = first
        if not self.record_limit_mode and last - first + 1 > self.batch_size:
            for lb in covering:
                if lb.base_offset > last:
                    break
                if lb.base_offset - cur >= self.batch_size:
                    entries.append((cur, lb.base_offset - 1))
                    cur = lb.base_offset
        entries.append((cur, last))
        for lo, hi in entries:
            self.w.insert(
                InFlightBatch(lo, hi, InFlightState(RecordState.ACQUIRED, 1, self.member_id, self.deadline_ms))
            )
            self.out.append(AcquiredRecords(lo, hi, 1))
            self.acquired += hi - lo + 1


def acquire(
    window: InFlightWindow,
    member_id: str,
    batches: Sequence[LogBatch],
    *,
    max_records: int,
    batch_size: int,
    record_limit_mode: bool,
    now_ms: int,
    lock_duration_ms: int,
    aborted_transactions: Sequence[tuple[int, int]] | None,
) -> list[AcquiredRecords]:
    """Acquire for `member_id` from the log batches a fetch at `window.next_fetch_offset()` returned."""
    if not batches or max_records <= 0:
        return []
    batches = sorted(batches, key=lambda lb: lb.base_offset)
    archived = archive_stale(window, window.next_fetch_offset(), batches[0].base_offset)
    span_start = max(batches[0].base_offset, window.start_offset)
    span_end = batches[-1].last_offset
    if span_end < span_start:
        return []
    acq = _Acquisition(window, member_id, batches, batch_size, record_limit_mode, now_ms + lock_duration_ms)
    # SP-ACQ-4 (Kafka's lastOffsetAndMaxRecordsToAcquire): take at most what fills the in-flight cap;
    # at the cap, only records inside the window, read from the next fetch offset.
    acq.max_records = min(max_records, window.config.max_record_locks - window.in_flight_count())
    if acq.max_records <= 0:
        if window.is_empty() or span_start > window.end_offset:
            return []
        acq.max_records = min(max_records, window.end_offset - span_start + 1)
        span_end = min(span_end, window.end_offset)
    acq.run(span_start, span_end)
    out = acq.out
    if out and window.gap_start is not None:
        # Kafka's maybeUpdatePersisterGapWindowStartOffset: gaps before the last acquired offset are
        # holes of the log (nothing was there to acquire); past the window, no load gap is left.
        nxt = out[-1].last_offset + 1
        if window.gap_end is not None and window.end_offset == window.gap_end and nxt <= window.gap_end:
            window.gap_start = max(window.gap_start, nxt)
        else:
            window.gap_start = window.gap_end = None
    if out and aborted_transactions:
        ranges = aborted_ranges(batches, aborted_transactions)
        if ranges:
            out = _archive_aborted(window, out, ranges)
            archived = True
    if archived:
        window.advance()  # in memory only: the next write carries the new SPSO
    return out


def archive_stale(window: InFlightWindow, fetch_offset: int, base_offset: int) -> bool:
    """SP-ADV-2 (Kafka's maybeArchiveStaleBatches): the log no longer holds [fetch offset, first batch).

    Compaction removed them, so cached AVAILABLE records there can never be delivered: ARCHIVED,
    nothing written. Returns whether any record changed.
    """
    if base_offset <= fetch_offset:
        return False
    changed = False
    for ib in window.overlapping(fetch_offset, base_offset - 1):
        if ib.whole is not None:
            if not ib.whole.acquirable:
                continue
            if ib.first_offset < fetch_offset or ib.last_offset >= base_offset:
                ib.explode()
        for _, s in ib.items(fetch_offset, base_offset - 1):
            if s.acquirable:
                s.release(RecordState.ARCHIVED)
                changed = True
    return changed


def _archive_aborted(
    window: InFlightWindow, out: list[AcquiredRecords], ranges: list[tuple[int, int]]
) -> list[AcquiredRecords]:
    """SP-RC-1: archive acquired records of aborted transactions and cut them out of the answer."""
    kept: list[AcquiredRecords] = []
    for r in out:
        cur = r.first_offset
        for a, b in ranges:
            if b < cur or a > r.last_offset:
                continue
            lo, hi = max(a, cur), min(b, r.last_offset)
            if lo > cur:
                kept.append(AcquiredRecords(cur, lo - 1, r.delivery_count))
            for ib in window.overlapping(lo, hi):
                if ib.whole is not None and (ib.first_offset < lo or ib.last_offset > hi):
                    ib.explode()
                for _, s in ib.items(lo, hi):
                    if s.state is RecordState.ACQUIRED:
                        s.release(RecordState.ARCHIVED)
            cur = hi + 1
        if cur <= r.last_offset:
            kept.append(AcquiredRecords(cur, r.last_offset, r.delivery_count))
    return kept


def batches_to_send(batches: Sequence[LogBatch], records: Sequence[AcquiredRecords]) -> list[LogBatch]:
    """SP-ACQ-6: the Records of a ShareFetch answer, whole log batches from the one holding the first
    acquired offset to the one holding the last (clients deliver only offsets inside AcquiredRecords)."""
    if not records:
        return []
    first, last = records[0].first_offset, records[-1].last_offset
    return [b for b in batches if b.last_offset >= first and b.base_offset <= last]
