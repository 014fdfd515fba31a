"""The in-flight window of a share partition: its records, its two offsets, locks, writes and advance.

The share-partition start offset (SPSO) is the first offset not yet final; the share-partition end
offset (SPEO) is the last offset in flight (equal to the SPSO while the window is empty). Between
them every record has an in-flight state (state.py). Acquisition (acquisition.py) and
acknowledgement (acknowledgement.py) change this window; this module owns the rules they share:
what a release turns into (SP-ST-1), the advance of the SPSO (SP-ADV-1/2), lock expiry (SP-LOCK-1),
member departure (SS-CL-1), and the writes the share coordinator must persist (SP-PERSIST-1).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator, Sequence

from kaflite.coordinator_common.result import TimerOp
from kaflite.share.state import (
    InFlightBatch,
    InFlightState,
    RecordState,
    SharePartitionConfig,
    ShareStateWrite,
    StateBatch,
    StateChange,
)


class InFlightWindow:
    """The cached in-flight batches, sorted by first offset and never overlapping."""

    def __init__(self, config: SharePartitionConfig, start_offset: int, timer_key: str) -> None:
        self.config = config
        self.timer_key = timer_key
        self.cache: list[InFlightBatch] = []
        self.start_offset = start_offset
        self.end_offset = start_offset
        # SP-LOAD-1: offsets of [gap_start, gap_end] the load left uncovered are records still to
        # deliver (count 0); gap_start moves past what acquisitions have passed. None: no such gaps.
        self.gap_start: int | None = None
        self.gap_end: int | None = None
        self._next_write_id = 0
        self._pending: dict[int, list[InFlightState]] = {}
        self._armed: int | None = None

    # ------------------------------------------------------------------------------------------ load
    def load(self, batches: Sequence[StateBatch]) -> None:
        """SP-LOAD-1: persisted batches become cached batches (never ACQUIRED, no owner)."""
        start = self.start_offset
        for b in sorted(batches, key=lambda b: b.first_offset):
            if b.last_offset < start:
                continue
            if b.delivery_state is RecordState.ACQUIRED:
                raise ValueError("ACQUIRED is never persisted")
            first = max(b.first_offset, start)  # a batch straddling the start offset keeps its tail
            if self.cache and first <= self.cache[-1].last_offset:
                raise ValueError("persisted state batches overlap")
            self.cache.append(InFlightBatch(first, b.last_offset, InFlightState(b.delivery_state, b.delivery_count)))
        if self.cache:
            self.end_offset = self.cache[-1].last_offset
            self.gap_start, self.gap_end = start, self.end_offset
        self.advance()

    # ------------------------------------------------------------------------------------ navigation
    def index_of(self, offset: int) -> int | None:
        """The index of the cached batch holding `offset`, if any."""
        i = bisect.bisect_right(self.cache, offset, key=lambda b: b.first_offset) - 1
        if i >= 0 and self.cache[i].last_offset >= offset:
            return i
        return None

    def floor_index(self, offset: int) -> int | None:
        """The index of the last cached batch starting at or before `offset` (Kafka's floorEntry)."""
        i = bisect.bisect_right(self.cache, offset, key=lambda b: b.first_offset) - 1
        return i if i >= 0 else None

    def overlapping(self, lo: int, hi: int) -> list[InFlightBatch]:
        i = bisect.bisect_right(self.cache, lo, key=lambda b: b.first_offset) - 1
        i = max(i, 0)
        out = []
        while i < len(self.cache) and self.cache[i].first_offset <= hi:
            if self.cache[i].last_offset >= lo:
                out.append(self.cache[i])
            i += 1
        return out

    def insert(self, batch: InFlightBatch) -> None:
        if self.index_of(batch.first_offset) is not None or self.index_of(batch.last_offset) is not None:
            raise ValueError("in-flight batches overlap")
        was_empty = self.is_empty()
        bisect.insort(self.cache, batch, key=lambda b: b.first_offset)
        if self.cache[0] is batch and batch.first_offset > self.start_offset:
            self.start_offset = batch.first_offset  # the log has nothing before it (compaction, retention)
        if was_empty:
            self.end_offset = batch.last_offset
        else:
            self.end_offset = max(self.end_offset, batch.last_offset)

    def gap_active(self) -> bool:
        return self.gap_start is not None and self.gap_end is not None and self.gap_start <= self.gap_end

    def is_gap(self, offset: int) -> bool:
        """An uncached offset a load left to deliver (not a hole in the log such as a compacted record)."""
        return (
            self.gap_active()
            and offset >= self.start_offset
            and self.gap_start is not None
            and self.gap_end is not None
            and self.gap_start <= offset <= self.gap_end
            and self.index_of(offset) is None
        )

    def first_gap(self) -> int | None:
        """The first offset a load left to deliver, if any remains."""
        if not self.gap_active() or self.gap_start is None or self.gap_end is None:
            return None
        o = max(self.gap_start, self.start_offset)
        while o <= self.gap_end:
            i = self.index_of(o)
            if i is None:
                return o
            o = self.cache[i].last_offset + 1
        return None

    def is_empty(self) -> bool:
        """No record at or past the SPSO is in flight."""
        if self.first_gap() is not None:
            return False
        return not self.cache or self.cache[-1].last_offset < self.start_offset

    def in_flight_count(self) -> int:
        """SP-ACQ-4: SPEO - SPSO + 1, or 0 for an empty window."""
        return 0 if self.is_empty() else self.end_offset - self.start_offset + 1

    def next_fetch_offset(self) -> int:
        """SP-ACQ-1: the first acquirable offset of the window, else SPEO + 1 (the SPSO if empty)."""
        if self.is_empty():
            return self.start_offset
        best = self.first_gap()
        for b in self.cache:
            if b.last_offset < self.start_offset:
                continue
            if best is not None and b.first_offset >= best:
                break
            if b.whole is not None:
                if b.whole.acquirable:
                    best = max(b.first_offset, self.start_offset)
                    break
                continue
            found = next((o for o, s in b.items(self.start_offset) if s.acquirable), None)
            if found is not None:
                best = found if best is None else min(best, found)
                break
        return self.end_offset + 1 if best is None else best

    def records(self) -> Iterator[tuple[int, InFlightState]]:
        """Every cached (offset, state), in order (below the SPSO too, for records still held there)."""
        for b in self.cache:
            yield from b.items()

    # ----------------------------------------------------------------------------------------- rules
    def release_state(self, state: InFlightState, offset: int) -> RecordState:
        """SP-ST-1: what a released record becomes: ARCHIVED at the delivery limit or below the SPSO."""
        if state.delivery_count >= self.config.delivery_count_limit or offset < self.start_offset:
            return RecordState.ARCHIVED
        return RecordState.AVAILABLE

    def new_write_id(self) -> int:
        self._next_write_id += 1
        return self._next_write_id

    def delivery_complete_count(self) -> int:
        """Final records at or past the SPSO (SC-WRITE-1's DeliveryCompleteCount)."""
        total = 0
        for b in self.cache:
            if b.last_offset < self.start_offset:
                continue
            if b.whole is not None:
                if b.whole.state.final:
                    total += b.last_offset - max(b.first_offset, self.start_offset) + 1
                continue
            total += sum(1 for _, s in b.items(self.start_offset) if s.state.final)
        return total

    def make_write(self, write_id: int, changed: Iterable[StateBatch]) -> ShareStateWrite:
        """SP-PERSIST-1: the changed ranges (adjacent equal ones merged), the SPSO before any advance."""
        merged: list[StateBatch] = []
        for c in sorted(changed, key=lambda c: c.first_offset):
            last = merged[-1] if merged else None
            if (
                last is not None
                and last.last_offset + 1 == c.first_offset
                and (last.delivery_state, last.delivery_count) == (c.delivery_state, c.delivery_count)
            ):
                merged[-1] = StateBatch(last.first_offset, c.last_offset, c.delivery_state, c.delivery_count)
            else:
                merged.append(c)
        return ShareStateWrite(write_id, self.start_offset, self.delivery_complete_count(), tuple(merged))

    def track(self, write_id: int, states: list[InFlightState]) -> None:
        if states:
            self._pending[write_id] = states

    # --------------------------------------------------------------------------------------- advance
    def advance(self) -> None:
        """SP-ADV-1: move the SPSO past the leading run of final records; drop batches left behind.

        A record whose write is still in flight stops the advance, and so does an offset a load left
        to deliver; holes in the log (no cached batch, no load gap) do not.
        """
        o = self.start_offset
        blocked = False
        for b in self.cache:
            if b.last_offset < o:
                continue
            if b.first_offset > o:
                gap = self.first_gap()
                if gap is not None and gap < b.first_offset:
                    o = max(o, gap)
                    blocked = True
                    break
                o = b.first_offset
            if b.whole is not None:
                if not b.whole.state.final or b.whole.pending:
                    blocked = True
            else:
                for off, s in b.items(o):
                    if not s.state.final or s.pending:
                        o = off
                        blocked = True
                        break
            if blocked:
                break
            o = b.last_offset + 1
        if not blocked:
            gap = self.first_gap()
            if gap is not None:
                o, blocked = gap, True
        self.start_offset = max(self.start_offset, o)
        if not blocked and self.start_offset > self.end_offset:
            self.end_offset = self.start_offset
        if self.gap_active() and self.gap_end is not None and self.gap_end < self.start_offset:
            self.gap_start = self.gap_end = None
        self.cache = [
            b
            for b in self.cache
            if b.last_offset >= self.start_offset or any(not s.state.final or s.pending for s in b.states())
        ]
        if self.is_empty():
            self.end_offset = self.start_offset

    def move_log_start(self, log_start_offset: int) -> None:
        """SP-ADV-2: the log start passed the SPSO: AVAILABLE records below it are archived, nothing written.

        ACQUIRED records below it stay with their owner and are archived when acknowledged or expired.
        """
        if log_start_offset <= self.start_offset:
            return
        for b in self.cache:
            if b.first_offset >= log_start_offset:
                break
            if b.whole is not None and b.last_offset >= log_start_offset and b.whole.acquirable:
                b.explode()
            for _o, s in b.items(hi=log_start_offset - 1):
                if s.acquirable:
                    s.release(RecordState.ARCHIVED)
        self.start_offset = log_start_offset
        self.end_offset = max(self.end_offset, log_start_offset)
        self.advance()

    # ----------------------------------------------------------------------------------------- locks
    def earliest_deadline(self) -> int | None:
        best: int | None = None
        for b in self.cache:
            for s in b.states():
                deadline = s.deadline_ms
                if s.state is RecordState.ACQUIRED and deadline is not None and (best is None or deadline < best):
                    best = deadline
        return best

    def timers(self) -> tuple[TimerOp, ...]:
        """The lock timer to (re)arm or cancel, if its deadline changed (one timer per share partition)."""
        deadline = self.earliest_deadline()
        if deadline == self._armed:
            return ()
        self._armed = deadline
        return (TimerOp(self.timer_key, deadline),)

    def expire_locks(self, now_ms: int) -> StateChange:
        """SP-LOCK-1: records still ACQUIRED past their deadline become AVAILABLE (or ARCHIVED).

        One write, applied at once (Kafka proceeds whether or not it succeeds), then the advance.
        """
        changed = self._release(lambda s: s.deadline_ms is not None and s.deadline_ms <= now_ms, None)
        write = self.make_write(self.new_write_id(), changed) if changed else None
        self.advance()
        return StateChange(write, self.timers())

    def release_member(self, member_id: str) -> StateChange:
        """SS-CL-1: a departing member's records go back to AVAILABLE (count unchanged), one write.

        The release waits for its write like an acknowledgement: it becomes final when
        `complete_write` says the write succeeded, and rolls back if it failed.
        """
        write_id = self.new_write_id()
        states: list[InFlightState] = []
        changed = self._release(lambda s: s.member_id == member_id, (write_id, states))
        if not changed:
            return StateChange(None, self.timers())
        self.track(write_id, states)
        return StateChange(self.make_write(write_id, changed), self.timers())

    def _release(
        self, which: Callable[[InFlightState], bool], transition: tuple[int, list[InFlightState]] | None
    ) -> list[StateBatch]:
        """Release the ACQUIRED, not pending records `which(state)` selects; return the changed ranges."""
        changed: list[StateBatch] = []
        for b in self.cache:
            if b.whole is not None:
                s = b.whole
                if s.state is not RecordState.ACQUIRED or s.pending or not which(s):
                    continue
                if b.first_offset < self.start_offset <= b.last_offset:
                    b.explode()  # its head is below the SPSO: archived, its tail available
                else:
                    new = self.release_state(s, b.first_offset)
                    self._apply(s, new, transition)
                    changed.append(StateBatch(b.first_offset, b.last_offset, new, s.delivery_count))
                    continue
            for o, s in b.items():
                if s.state is RecordState.ACQUIRED and not s.pending and which(s):
                    new = self.release_state(s, o)
                    self._apply(s, new, transition)
                    changed.append(StateBatch(o, o, new, s.delivery_count))
        return changed

    @staticmethod
    def _apply(s: InFlightState, new: RecordState, transition: tuple[int, list[InFlightState]] | None) -> None:
        if transition is None:
            s.release(new)
        else:
            s.start_transition(new, transition[0])
            transition[1].append(s)

    # ---------------------------------------------------------------------------------------- writes
    def complete_write(self, write_id: int, ok: bool, now_ms: int) -> StateChange:
        """The share coordinator answered a write: commit and advance (SP-ADV-1), or roll back (SP-ACK-3).

        A rolled-back record is ACQUIRED again under its old lock; if that lock expired meanwhile it
        is released at once (AVAILABLE, or ARCHIVED), which is one more write.
        """
        states = self._pending.pop(write_id, [])
        if ok:
            for s in states:
                s.commit()
            self.advance()
            return StateChange(None, self.timers())
        for s in states:
            s.undo()
        return self.expire_locks(now_ms)
