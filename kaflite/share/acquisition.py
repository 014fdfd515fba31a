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


def throttle_chunk(window: InFlightWindow, batch: InFlightBatch, lo: int, hi: int) -> int | None:
    """SP-ACQ-5: how many records of `batch` one acquisition may take, or None when not throttled.

    With a delivery limit L > 2, records whose count reached T = max(2, ceil(L/2)) are handed out
    in chunks of size >> (count - T + 1) (at least 1), and a record whose next delivery is its last
    goes alone: one bad record then costs only itself, not its whole batch.
    """
    limit = window.config.delivery_count_limit
    if limit <= 2:
        return None
    threshold = max(2, math.ceil(limit / 2))
    counts = [s.delivery_count for _, s in batch.items(lo, hi) if s.acquirable]
    if not counts or max(counts) < threshold:
        return None
    count = max(counts)
    if count >= limit - 1:
        return 1
    return max(1, batch.size >> (count - threshold + 1))


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
        full = ib.whole is not None and lo == ib.first_offset and hi == ib.last_offset
        limit_subset = self.record_limit_mode and ib.size > remaining
        chunk = throttle_chunk(self.w, ib, lo, hi)
        if chunk is not None and self.acquired > 0:
            return True  # a throttled batch is delivered on its own, in a later fetch
        if not full or ib.offsets is not None or limit_subset or chunk is not None:
            if ib.whole is not None:
                if not ib.whole.acquirable:
                    return False
                ib.explode()
            cap = remaining if self.record_limit_mode else None
            if chunk is not None:
                cap = chunk if cap is None else min(cap, chunk)
            n = self.offsets(ib, lo, hi, cap)
            return chunk is not None and n > 0
        s = ib.whole
        assert s is not None
        if not s.acquirable:
            return False
        s.acquire(self.member_id, self.deadline_ms)
        self.out.append(AcquiredRecords(ib.first_offset, ib.last_offset, s.delivery_count))
        self.acquired += ib.size
        return False

    def offsets(self, ib: InFlightBatch, lo: int, hi: int, cap: int | None) -> int:
        """Acquire AVAILABLE offsets of a per-offset batch, at most `cap`; runs of equal counts out."""
        n = 0
        run: list[int] | None = None  # [first, last, count]
        for o, s in ib.items(lo, hi):
            if cap is not None and n >= cap:
                break
            if not s.acquirable:
                if run is not None:
                    self.out.append(AcquiredRecords(run[0], run[1], run[2]))
                    run = None
                continue
            s.acquire(self.member_id, self.deadline_ms)
            n += 1
            if run is not None and run[1] == o - 1 and run[2] == s.delivery_count:
                run[1] = o
            else:
                if run is not None:
                    self.out.append(AcquiredRecords(run[0], run[1], run[2]))
                run = [o, o, s.delivery_count]
        if run is not None:
            self.out.append(AcquiredRecords(run[0], run[1], run[2]))
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
        """Acquire never-delivered records of [a, b] as whole log batches (cut in record-limit mode)."""
        remaining = self.max_records - self.acquired
        covering = [lb for lb in self.batches if lb.last_offset >= a and lb.base_offset <= b]
        if not covering or remaining <= 0:
            return
        first = max(covering[0].base_offset, a)
        taken: list[tuple[int, int]] = []
        tail_end: int | None = None
        count = 0
        for lb in covering:
            lo, hi = max(lb.base_offset, first), min(lb.last_offset, b)
            if self.record_limit_mode and count + (hi - lo + 1) > remaining:
                taken.append((lo, lo + (remaining - count) - 1))
                tail_end = hi  # SP-ACQ-3: the rest of the log batch stays AVAILABLE
                break
            taken.append((lo, hi))
            count += hi - lo + 1
            if count >= remaining:
                break
        if not taken:
            return
        entries: list[tuple[int, int]] = []
        cur = first
        for _, hi in taken:
            if hi - cur + 1 >= self.batch_size:  # SP-ACQ-2: cut at log-batch boundaries
                entries.append((cur, hi))
                cur = hi + 1
        last_taken = taken[-1][1]
        if cur <= last_taken:
            entries.append((cur, last_taken))
        for i, (lo, hi) in enumerate(entries):
            state = InFlightState(RecordState.ACQUIRED, 1, self.member_id, self.deadline_ms)
            if i == len(entries) - 1 and tail_end is not None and tail_end > hi:
                batch = InFlightBatch(lo, tail_end, None, [state.copy() for _ in range(hi - lo + 1)])
                assert batch.offsets is not None
                batch.offsets.extend(InFlightState(RecordState.AVAILABLE, 0) for _ in range(tail_end - hi))
            else:
                batch = InFlightBatch(lo, hi, state)
            self.w.insert(batch)
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
    span_start = max(batches[0].base_offset, window.start_offset)
    span_end = batches[-1].last_offset
    if span_end < span_start:
        return []
    acq = _Acquisition(window, member_id, batches, batch_size, record_limit_mode, now_ms + lock_duration_ms)
    limit = window.config.max_record_locks
    in_flight = window.in_flight_count()
    if not window.is_empty() and span_start <= window.end_offset:
        acq.max_records = max_records
        if in_flight >= limit:  # SP-ACQ-4: at the cap, only records already in the window
            span_end = min(span_end, window.end_offset)
    else:
        room = limit - in_flight
        if room <= 0:
            return []
        acq.max_records = min(max_records, room)
    acq.run(span_start, span_end)
    out = acq.out
    if out and window.gap_active() and window.gap_start is not None:
        window.gap_start = max(window.gap_start, out[-1].last_offset + 1)
    if out and aborted_transactions:
        ranges = aborted_ranges(batches, aborted_transactions)
        if ranges:
            out = _archive_aborted(window, out, ranges)
            window.advance()
    return out


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
