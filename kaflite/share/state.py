"""The values a share partition is made of: record states, in-flight batches, and what it hands out.

Kafka's vocabulary (KIP-932; `InFlightState`, `InFlightBatch`, `PersisterStateBatch` in Kafka 4.2): a
record of a share partition is AVAILABLE, ACQUIRED by one member under an acquisition lock,
ACKNOWLEDGED or ARCHIVED (SP-ST-1). Records are kept per log batch while every record of the batch
shares one state, and per offset once they diverge (a partial acquisition or acknowledgement).
Everything here is a plain value: no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum

from kaflite.coordinator_common.result import TimerOp

NO_MEMBER = ""
"""Kafka's EMPTY_MEMBER_ID: the owner of a record nobody holds."""


class RecordState(IntEnum):
    """SP-ST-1: Kafka's `RecordState` ids, which are also the DeliveryState persisted (3 is unused)."""

    AVAILABLE = 0
    ACQUIRED = 1
    ACKNOWLEDGED = 2
    ARCHIVED = 4

    @property
    def final(self) -> bool:
        """ACKNOWLEDGED and ARCHIVED never change again: the start offset may pass them."""
        return self is RecordState.ACKNOWLEDGED or self is RecordState.ARCHIVED


class AcknowledgeType(IntEnum):
    """ShareAcknowledge's AcknowledgeTypes (SP-ACK-3); RENEW is KIP-1222's (v2 with IsRenewAck only)."""

    GAP = 0
    ACCEPT = 1
    RELEASE = 2
    REJECT = 3
    RENEW = 4


@dataclass(slots=True)
class Rollback:
    """What a record was before a state transition whose write is not yet durable (SP-ACK-3)."""

    write_id: int
    state: RecordState
    delivery_count: int
    member_id: str
    deadline_ms: int | None


@dataclass(slots=True)
class InFlightState:
    """One record's (or one whole batch's) state, delivery count, owner and acquisition lock deadline.

    While `rollback` is set the new state is visible but its write is in flight: the record can be
    neither acquired nor acknowledged until the write completes (Kafka's "ongoing state transition").
    """

    state: RecordState
    delivery_count: int
    member_id: str = NO_MEMBER
    deadline_ms: int | None = None
    rollback: Rollback | None = None

    def copy(self) -> InFlightState:
        return InFlightState(self.state, self.delivery_count, self.member_id, self.deadline_ms, None)

    @property
    def pending(self) -> bool:
        return self.rollback is not None

    @property
    def acquirable(self) -> bool:
        return self.state is RecordState.AVAILABLE and self.rollback is None

    def acquire(self, member_id: str, deadline_ms: int) -> None:
        """AVAILABLE -> ACQUIRED: the delivery count counts acquisitions only (SP-ST-2)."""
        if not self.acquirable:
            raise ValueError(f"cannot acquire a record in state {self.state.name}")
        self.state = RecordState.ACQUIRED
        self.delivery_count += 1
        self.member_id = member_id
        self.deadline_ms = deadline_ms

    def release(self, new_state: RecordState) -> None:
        """ACQUIRED -> AVAILABLE/ARCHIVED at once (lock expiry: no rollback, SP-LOCK-1)."""
        self.state = new_state
        self.member_id = NO_MEMBER
        self.deadline_ms = None

    def start_transition(self, new_state: RecordState, write_id: int) -> None:
        """Leave ACQUIRED now and remember how to undo it if the write fails (SP-ACK-3)."""
        if self.state is not RecordState.ACQUIRED or self.rollback is not None:
            raise ValueError(f"cannot transition a record in state {self.state.name}")
        self.rollback = Rollback(write_id, self.state, self.delivery_count, self.member_id, self.deadline_ms)
        self.state = new_state
        self.member_id = NO_MEMBER
        self.deadline_ms = None

    def commit(self) -> None:
        self.rollback = None

    def undo(self) -> None:
        r = self.rollback
        if r is None:
            return
        self.state, self.delivery_count, self.member_id, self.deadline_ms = (
            r.state,
            r.delivery_count,
            r.member_id,
            r.deadline_ms,
        )
        self.rollback = None


@dataclass(slots=True)
class InFlightBatch:
    """A range of the in-flight window: one state for the whole range, or one per offset.

    Exactly one of `whole` and `offsets` is set; `offsets[i]` is the state of `first_offset + i`.
    Kafka keeps the same split, and its acknowledgement error messages say which one was hit.
    """

    first_offset: int
    last_offset: int
    whole: InFlightState | None
    offsets: list[InFlightState] | None = None

    @property
    def size(self) -> int:
        return self.last_offset - self.first_offset + 1

    def explode(self) -> None:
        """Track this batch per offset from now on (a subset of it is acquired or acknowledged)."""
        if self.whole is not None:
            w = self.whole
            self.offsets = [w.copy() for _ in range(self.size)]
            self.whole = None

    def state_at(self, offset: int) -> InFlightState:
        if self.whole is not None:
            return self.whole
        assert self.offsets is not None
        return self.offsets[offset - self.first_offset]

    def items(self, lo: int | None = None, hi: int | None = None) -> Iterator[tuple[int, InFlightState]]:
        """(offset, state) for the offsets of [lo, hi] inside this batch, in order."""
        first = self.first_offset if lo is None else max(lo, self.first_offset)
        last = self.last_offset if hi is None else min(hi, self.last_offset)
        for o in range(first, last + 1):
            yield o, self.state_at(o)

    def states(self) -> list[InFlightState]:
        if self.whole is not None:
            return [self.whole]
        assert self.offsets is not None
        return self.offsets


@dataclass(frozen=True, slots=True)
class StateBatch:
    """One entry of SC-WRITE-1's StateBatches (Kafka's PersisterStateBatch); never ACQUIRED."""

    first_offset: int
    last_offset: int
    delivery_state: RecordState
    delivery_count: int


@dataclass(frozen=True, slots=True)
class ShareStateWrite:
    """A write the share coordinator must make durable (SC-WRITE-1, SP-PERSIST-1).

    `start_offset` is the share-partition start offset (SPSO) before this write's advance,
    `delivery_complete_count` the final records at or past it. The caller reports the outcome with
    `SharePartition.complete_write(write_id, ok)`: the changes become final or roll back.
    """

    write_id: int
    start_offset: int
    delivery_complete_count: int
    state_batches: tuple[StateBatch, ...]


@dataclass(frozen=True, slots=True)
class LogBatch:
    """A log batch as a fetch returned it, as plain values (the broker reads the log, not this module)."""

    base_offset: int
    last_offset: int
    producer_id: int = -1
    is_transactional: bool = False
    is_control: bool = False


@dataclass(frozen=True, slots=True)
class AcquiredRecords:
    """ShareFetch's AcquiredRecords entry: DeliveryCount is the count after this acquisition."""

    first_offset: int
    last_offset: int
    delivery_count: int


@dataclass(frozen=True, slots=True)
class AcknowledgementBatch:
    """ShareAcknowledge's batch: one type for the whole range, or one type per offset (SP-ACK-1)."""

    first_offset: int
    last_offset: int
    acknowledge_types: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SharePartitionConfig:
    """The broker configs a share partition obeys (SA-CFG-1 defaults)."""

    delivery_count_limit: int = 5
    """`group.share.delivery.count.limit`: the L-th delivery is the last (SP-ST-2)."""
    max_record_locks: int = 2000
    """`group.share.partition.max.record.locks`: the in-flight cap for new records (SP-ACQ-4)."""
    record_lock_duration_ms: int = 30000
    """`group.share.record.lock.duration.ms`, unless the group's `share.record.lock.duration.ms` says otherwise."""


@dataclass(frozen=True, slots=True)
class StateChange:
    """What an operation asks of its caller: maybe a write to persist, and the lock timer to (re)arm."""

    write: ShareStateWrite | None = None
    timers: tuple[TimerOp, ...] = field(default=())
