"""Test helpers for share partitions: log batches, acknowledgements, and a share coordinator stand-in.

`Store` keeps what `__share_group_state` would hold for one share partition: it applies each write
as the share coordinator does (SC-WRITE-1, SC-COMB-1: prune below the start offset; an offset
written twice keeps the greater delivery count, then the greater state), and reloads a
SharePartition from it (SP-LOAD-1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kaflite.protocol.errors import ErrorCode
from kaflite.share import (
    AcknowledgementBatch,
    AcknowledgeType,
    AcquiredRecords,
    Acquisition,
    LogBatch,
    RecordState,
    SharePartition,
    SharePartitionConfig,
    ShareStateWrite,
    StateBatch,
)

A = RecordState.AVAILABLE
Q = RecordState.ACQUIRED
K = RecordState.ACKNOWLEDGED
X = RecordState.ARCHIVED
GAP, ACCEPT, RELEASE, REJECT, RENEW = (int(t) for t in AcknowledgeType)
NOW = 1_000_000
LOCK = 30_000


def logs(*ranges: tuple[int, int]) -> list[LogBatch]:
    """Log batches by (base offset, last offset)."""
    return [LogBatch(a, b) for a, b in ranges]


def singles(first: int, last: int) -> list[LogBatch]:
    """One single-record log batch per offset."""
    return [LogBatch(o, o) for o in range(first, last + 1)]


def ack(first: int, last: int, *types: int) -> AcknowledgementBatch:
    return AcknowledgementBatch(first, last, tuple(types))


def make(start: int = 0, batches: tuple[StateBatch, ...] = (), **config: int) -> SharePartition:
    return SharePartition(start, batches, config=SharePartitionConfig(**config), timer_key="lock")


def view(sp: SharePartition) -> dict[int, tuple[RecordState, int]]:
    """offset -> (state, delivery count) of every cached record at or past the SPSO."""
    return {o: (s.state, s.delivery_count) for o, s in sp.states() if o >= sp.start_offset}


def owners(sp: SharePartition) -> dict[int, str]:
    return {o: s.member_id for o, s in sp.states() if s.state is RecordState.ACQUIRED}


def acked(sp: SharePartition, member: str, *batches: AcknowledgementBatch, now: int = NOW) -> ShareStateWrite | None:
    """Acknowledge, expect success, and complete its write successfully."""
    res = sp.acknowledge(member, list(batches), now_ms=now, renew_allowed=True)
    assert res.error_code == ErrorCode.NONE, (res.error_code, res.error_message)
    w = res.change.write
    if w is not None:
        sp.complete_write(w.write_id, True, now_ms=now)
    return w


def acquire(
    sp: SharePartition,
    member: str = "m1",
    batches: list[LogBatch] | None = None,
    max_records: int = 500,
    now: int = NOW,
    **kw: Any,
) -> Acquisition:
    """Acquire from the given log batches (default: one log batch 0-9)."""
    batches = batches if batches is not None else logs((0, 9))
    return sp.acquire(member, batches, max_records=max_records, now_ms=now, **kw)


def offsets_of(records: Iterable[AcquiredRecords]) -> list[int]:
    return [o for r in records for o in range(r.first_offset, r.last_offset + 1)]


@dataclass
class Store:
    """What the share coordinator holds for one share partition (replay of its writes)."""

    start_offset: int
    states: dict[int, tuple[RecordState, int]] = field(default_factory=dict)

    def apply(self, write: ShareStateWrite) -> None:
        if write.start_offset != -1:
            self.start_offset = write.start_offset
        for b in write.state_batches:
            for o in range(b.first_offset, b.last_offset + 1):
                old = self.states.get(o)
                new = (b.delivery_state, b.delivery_count)
                if old is None or (new[1], int(new[0])) >= (old[1], int(old[0])):
                    self.states[o] = new
        self.states = {o: v for o, v in self.states.items() if o >= self.start_offset}

    def batches(self) -> tuple[StateBatch, ...]:
        out: list[StateBatch] = []
        for o in sorted(self.states):
            st, c = self.states[o]
            if out and out[-1].last_offset == o - 1 and (out[-1].delivery_state, out[-1].delivery_count) == (st, c):
                out[-1] = StateBatch(out[-1].first_offset, o, st, c)
            else:
                out.append(StateBatch(o, o, st, c))
        return tuple(out)

    def reload(self, **config: int) -> SharePartition:
        return make(self.start_offset, self.batches(), **config)
