"""Acknowledgement: a member settles the records it acquired (Accept, Release, Reject, Gap, Renew).

Kafka's `SharePartition.acknowledge` (4.2) and KafkaApis' checks. A request's batches for one share
partition are all-or-nothing: the first failure undoes every change this request made to the
partition (SP-ACK-2). The changes that succeed form one write; they stay "in transition" until
the caller reports the write's outcome (SP-ACK-3). RENEW restarts the acquisition lock and writes
nothing (SP-LOCK-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaflite.protocol.errors import ErrorCode
from kaflite.share.state import (
    AcknowledgementBatch,
    AcknowledgeType,
    InFlightBatch,
    InFlightState,
    RecordState,
    ShareStateWrite,
    StateBatch,
)
from kaflite.share.window import InFlightWindow

NOT_FOUND = "Batch record not found. The request batch offsets are not found in the cache."
FIRST_PAST = "Batch record not found. The first offset in request is past acquired records."
LAST_PAST = "Batch record not found. The last offset in request is past acquired records."
BATCH_NOT_ACQUIRED = "The batch cannot be acknowledged. The batch is not in the acquired state."
SUBSET_NOT_ACQUIRED = "The batch cannot be acknowledged. The subset batch is not in the acquired state."
OFFSET_NOT_ACQUIRED = "The offset cannot be acknowledged. The offset is not acquired."
NOT_BATCH_OWNER = "Member is not the owner of batch record"
NOT_OFFSET_OWNER = "Member is not the owner of offset"
IN_TRANSITION = "The record state is invalid. The acknowledgement of delivery could not be completed."


@dataclass(frozen=True, slots=True)
class AcknowledgeResult:
    """The partition's answer (error code and message, NONE on success) and the write to persist."""

    error_code: ErrorCode
    error_message: str | None
    write: ShareStateWrite | None


class _Failed(Exception):
    def __init__(self, code: ErrorCode, message: str | None) -> None:
        self.code = code
        self.message = message


def validate_batches(batches: Sequence[AcknowledgementBatch], *, renew_allowed: bool) -> bool:
    """SP-ACK-1: the request's syntax, checked before any state is touched (KafkaApis)."""
    top = 4 if renew_allowed else 3
    previous_last: int | None = None
    for b in batches:
        if b.first_offset > b.last_offset:
            return False
        if previous_last is not None and b.first_offset < previous_last:
            return False
        previous_last = b.last_offset
        types = b.acknowledge_types
        if not types:
            return False
        if len(types) > 1 and len(types) != b.last_offset - b.first_offset + 1:
            return False
        if any(t < 0 or t > top for t in types):
            return False
    return True


_NEW_STATE = {
    AcknowledgeType.GAP: RecordState.ARCHIVED,
    AcknowledgeType.ACCEPT: RecordState.ACKNOWLEDGED,
    AcknowledgeType.REJECT: RecordState.ARCHIVED,
}


class _Acknowledgement:
    def __init__(self, window: InFlightWindow, member_id: str) -> None:
        self.w = window
        self.member_id = member_id
        self.write_id = window.new_write_id()
        self.touched: list[InFlightState] = []
        self.renewed: list[InFlightState] = []
        self.changed: list[StateBatch] = []

    def batch(self, ab: AcknowledgementBatch) -> None:
        w = self.w
        if ab.last_offset < w.start_offset:
            return  # SP-ACK-2: wholly below the SPSO, already archived
        i = w.floor_index(ab.first_offset)
        if i is None:
            if ab.first_offset < w.start_offset <= ab.last_offset:
                i = w.floor_index(w.start_offset)
            if i is None:
                raise _Failed(ErrorCode.INVALID_RECORD_STATE, NOT_FOUND)
        sub: list[InFlightBatch] = []
        while i < len(w.cache) and w.cache[i].first_offset <= ab.last_offset:
            sub.append(w.cache[i])
            i += 1
        if sub[-1].last_offset < ab.first_offset:
            raise _Failed(ErrorCode.INVALID_REQUEST, FIRST_PAST)
        if ab.last_offset > sub[-1].last_offset:
            raise _Failed(ErrorCode.INVALID_REQUEST, LAST_PAST)
        per_offset_types = len(ab.acknowledge_types) > 1
        for ib in sub:
            if ib.last_offset < w.start_offset:
                continue
            if ib.whole is not None:
                if ib.whole.member_id == "":
                    raise _Failed(ErrorCode.INVALID_RECORD_STATE, BATCH_NOT_ACQUIRED)
                if ib.whole.member_id != self.member_id:
                    raise _Failed(ErrorCode.INVALID_RECORD_STATE, NOT_BATCH_OWNER)
                if ib.whole.pending:
                    raise _Failed(ErrorCode.INVALID_RECORD_STATE, IN_TRANSITION)
            full = ib.first_offset >= ab.first_offset and ib.last_offset <= ab.last_offset
            start_moved = ib.first_offset < w.start_offset <= ib.last_offset
            if not full or ib.offsets is not None or per_offset_types or start_moved:
                if ib.whole is not None:
                    if ib.whole.state is not RecordState.ACQUIRED:
                        raise _Failed(ErrorCode.INVALID_RECORD_STATE, SUBSET_NOT_ACQUIRED)
                    ib.explode()
                lo = max(ab.first_offset, w.start_offset)
                for o, s in ib.items(lo, ab.last_offset):
                    if s.state is not RecordState.ACQUIRED:
                        raise _Failed(ErrorCode.INVALID_RECORD_STATE, OFFSET_NOT_ACQUIRED)
                    if s.pending:
                        raise _Failed(ErrorCode.INVALID_RECORD_STATE, IN_TRANSITION)
                    if s.member_id != self.member_id:
                        raise _Failed(ErrorCode.INVALID_RECORD_STATE, NOT_OFFSET_OWNER)
                    t = ab.acknowledge_types[o - ab.first_offset] if per_offset_types else ab.acknowledge_types[0]
                    self.settle(s, o, o, t)
            else:
                whole = ib.whole
                assert whole is not None
                if whole.state is not RecordState.ACQUIRED:
                    raise _Failed(ErrorCode.INVALID_RECORD_STATE, BATCH_NOT_ACQUIRED)
                self.settle(whole, ib.first_offset, ib.last_offset, ab.acknowledge_types[0])

    def settle(self, s: InFlightState, first: int, last: int, ack_type: int) -> None:
        """SP-ACK-3: one record (or whole batch) leaves ACQUIRED, or has its lock renewed."""
        t = AcknowledgeType(ack_type)
        if t is AcknowledgeType.RENEW:
            self.renewed.append(s)
            return
        if t is AcknowledgeType.RELEASE:
            new = self.w.release_state(s, first)
        else:
            new = _NEW_STATE[t]
        s.start_transition(new, self.write_id)
        self.touched.append(s)
        self.changed.append(StateBatch(first, last, new, s.delivery_count))


def acknowledge(
    window: InFlightWindow,
    member_id: str,
    batches: Sequence[AcknowledgementBatch],
    *,
    now_ms: int,
    lock_duration_ms: int,
    renew_allowed: bool,
) -> AcknowledgeResult:
    """Apply a request's acknowledgements to one share partition, all or nothing."""
    if not validate_batches(batches, renew_allowed=renew_allowed):
        return AcknowledgeResult(ErrorCode.INVALID_REQUEST, None, None)
    ack = _Acknowledgement(window, member_id)
    try:
        for b in batches:
            ack.batch(b)
    except _Failed as failed:
        for s in ack.touched:
            s.undo()
        return AcknowledgeResult(failed.code, failed.message, None)
    deadline = now_ms + lock_duration_ms
    for s in ack.renewed:
        s.deadline_ms = deadline  # SP-LOCK-2: the full lock again, no state change, no write
    if not ack.touched:
        return AcknowledgeResult(ErrorCode.NONE, None, None)
    window.track(ack.write_id, ack.touched)
    return AcknowledgeResult(ErrorCode.NONE, None, window.make_write(ack.write_id, ack.changed))
