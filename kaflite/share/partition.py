"""SharePartition: one (group, topic, partition) of a share group, as a pure state machine (KIP-932).

It lends records of the log to members one at a time under acquisition locks and tracks each
record's fate until it is final (SP-*, `../shared/design/share-groups.md`). It does no I/O: the
broker reads the log and hands over the fetched batches as plain values, the caller's clock gives
`now_ms`, every change that must be persisted comes back as a `ShareStateWrite` for the share
coordinator (SC-WRITE-1's shape) whose outcome the caller reports with `complete_write`, and the
acquisition lock is one timer per share partition (`TimerOp`, key `timer_key`) the runtime arms and
fires into `expire_locks`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from kaflite.clock import Clock
from kaflite.coordinator_common.result import TimerOp
from kaflite.protocol.errors import ErrorCode
from kaflite.share.acknowledgement import AcknowledgeResult, acknowledge
from kaflite.share.acquisition import acquire
from kaflite.share.state import (
    AcknowledgementBatch,
    AcquiredRecords,
    InFlightState,
    LogBatch,
    SharePartitionConfig,
    StateBatch,
    StateChange,
)
from kaflite.share.window import InFlightWindow


@dataclass(frozen=True, slots=True)
class Acquisition:
    """What a fetch acquired for a member (ShareFetch's AcquiredRecords) and the lock timer to arm."""

    records: tuple[AcquiredRecords, ...]
    count: int
    lock_duration_ms: int
    timers: tuple[TimerOp, ...]


@dataclass(frozen=True, slots=True)
class Acknowledgement:
    """A partition's acknowledgement answer, the write to persist (None: nothing to write), timers."""

    error_code: ErrorCode
    error_message: str | None
    change: StateChange


class SharePartition:
    """The in-flight window of a share partition between the share-partition start offset (SPSO)
    and the share-partition end offset (SPEO), and the operations on it."""

    def __init__(
        self,
        start_offset: int,
        state_batches: Sequence[StateBatch] = (),
        *,
        config: SharePartitionConfig | None = None,
        clock: Clock | None = None,
        timer_key: str = "share-lock",
    ) -> None:
        """SP-LOAD-1: from the persisted state (a resolved start offset, SP-RESET-1, and its batches).

        ACQUIRED is never persisted: after a load every record is AVAILABLE, ACKNOWLEDGED or
        ARCHIVED with its persisted delivery count, and offsets the batches do not cover are
        delivered as new.
        """
        if start_offset < 0:
            raise ValueError("resolve a start offset of -1 with share.auto.offset.reset first (SP-RESET-1)")
        self.config = config if config is not None else SharePartitionConfig()
        self.clock = clock
        self._w = InFlightWindow(self.config, start_offset, timer_key)
        self._w.load(state_batches)

    # ------------------------------------------------------------------------------------ offsets
    @property
    def start_offset(self) -> int:
        """The share-partition start offset (SPSO): every offset below it is final."""
        return self._w.start_offset

    @property
    def end_offset(self) -> int:
        """The share-partition end offset (SPEO): the last offset in flight (the SPSO when empty)."""
        return self._w.end_offset

    def in_flight_count(self) -> int:
        return self._w.in_flight_count()

    def next_fetch_offset(self) -> int:
        """Where the broker reads the log for the next acquisition (SP-ACQ-1)."""
        return self._w.next_fetch_offset()

    def delivery_complete_count(self) -> int:
        return self._w.delivery_complete_count()

    def lock_deadline(self) -> int | None:
        """The earliest acquisition lock deadline (what the timer `timer_key` is armed at)."""
        return self._w.earliest_deadline()

    def states(self) -> Iterator[tuple[int, InFlightState]]:
        """Every cached record: (offset, its in-flight state), in offset order (read only)."""
        return self._w.records()

    def has_pending_writes(self) -> bool:
        return any(s.pending for _, s in self._w.records())

    # --------------------------------------------------------------------------------- operations
    def _now(self, now_ms: int | None) -> int:
        if now_ms is not None:
            return now_ms
        if self.clock is None:
            raise ValueError("pass now_ms or give the share partition a clock")
        return self.clock.now_ms()

    def acquire(
        self,
        member_id: str,
        batches: Sequence[LogBatch],
        *,
        max_records: int,
        batch_size: int | None = None,
        record_limit_mode: bool = False,
        lock_duration_ms: int | None = None,
        aborted_transactions: Sequence[tuple[int, int]] | None = None,
        now_ms: int | None = None,
    ) -> Acquisition:
        """SP-ACQ-1..6: acquire records of `batches` (read from `next_fetch_offset()`) for a member.

        Never writes (SP-PERSIST-1): a restart forgets acquisitions. `aborted_transactions` (the
        fetch's (producer id, first offset) list) is given under read_committed only (SP-RC-1).
        """
        duration = lock_duration_ms if lock_duration_ms is not None else self.config.record_lock_duration_ms
        records = acquire(
            self._w,
            member_id,
            batches,
            max_records=max_records,
            batch_size=batch_size if batch_size is not None else max_records,
            record_limit_mode=record_limit_mode,
            now_ms=self._now(now_ms),
            lock_duration_ms=duration,
            aborted_transactions=aborted_transactions,
        )
        count = sum(r.last_offset - r.first_offset + 1 for r in records)
        return Acquisition(tuple(records), count, duration, self._w.timers())

    def acknowledge(
        self,
        member_id: str,
        batches: Sequence[AcknowledgementBatch],
        *,
        renew_allowed: bool = False,
        lock_duration_ms: int | None = None,
        now_ms: int | None = None,
    ) -> Acknowledgement:
        """SP-ACK-1..3, SP-LOCK-2: settle a member's records; all or nothing for this partition."""
        duration = lock_duration_ms if lock_duration_ms is not None else self.config.record_lock_duration_ms
        res: AcknowledgeResult = acknowledge(
            self._w,
            member_id,
            batches,
            now_ms=self._now(now_ms),
            lock_duration_ms=duration,
            renew_allowed=renew_allowed,
        )
        return Acknowledgement(res.error_code, res.error_message, StateChange(res.write, self._w.timers()))

    def release_member(self, member_id: str) -> StateChange:
        """SS-CL-1: the member's share session ended; its ACQUIRED records go back (count unchanged)."""
        return self._w.release_member(member_id)

    def expire_locks(self, now_ms: int | None = None) -> StateChange:
        """SP-LOCK-1: the lock timer fired; release every record whose lock has run out."""
        return self._w.expire_locks(self._now(now_ms))

    def complete_write(self, write_id: int, ok: bool, now_ms: int | None = None) -> StateChange:
        """The share coordinator's answer to a write: commit and advance the SPSO, or roll back."""
        return self._w.complete_write(write_id, ok, self._now(now_ms))

    def update_log_start(self, log_start_offset: int) -> StateChange:
        """SP-ADV-2: retention or DeleteRecords moved the log start offset."""
        self._w.move_log_start(log_start_offset)
        return StateChange(None, self._w.timers())


def reset_start_offset(
    strategy: str, *, log_start_offset: int, high_watermark: int, offset_for_duration: int | None = None
) -> tuple[int, ErrorCode]:
    """SP-RESET-1: the start offset a load uses when the persisted one is -1 (`share.auto.offset.reset`).

    `latest` is the high watermark, `earliest` the log start offset; `by_duration:<d>` is the first
    offset whose timestamp is at or after now - d, which the broker looks up in its log
    (`offset_for_duration`, None when there is no such record: the load fails with
    OFFSET_NOT_AVAILABLE and is retried on the next fetch).
    """
    if strategy == "latest":
        return high_watermark, ErrorCode.NONE
    if strategy == "earliest":
        return log_start_offset, ErrorCode.NONE
    if strategy.startswith("by_duration:"):
        if offset_for_duration is None:
            return -1, ErrorCode.OFFSET_NOT_AVAILABLE
        return offset_for_duration, ErrorCode.NONE
    raise ValueError(f"share.auto.offset.reset: {strategy!r}")
