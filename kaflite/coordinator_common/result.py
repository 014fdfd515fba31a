"""What a shard operation hands back to the runtime (sans-I/O): records, responses, timers."""

from __future__ import annotations

from dataclasses import dataclass, field

from kaflite.coordinator_common.records import ProducerIdAndEpoch, Record

Token = object
"""Names one request between its operation and its answer (the runtime makes them, shards echo them)."""


@dataclass(frozen=True, slots=True)
class TimerOp:
    """Arm `key` to fire at `deadline_ms` (wall clock), or cancel it when `deadline_ms` is None."""

    key: str
    deadline_ms: int | None


@dataclass(slots=True)
class CoordinatorResult:
    """Kafka's CoordinatorResult, extended for parked requests.

    `records[p]` must be appended to the coordinator topic's partition p, in order, and be durable
    before any of `responses` is delivered (B-OFF-2, B-SYNC-2, TX-CO-3). `responses` may answer tokens
    parked by earlier requests. `partitions` are the partitions the responses depend on (the
    operation touched a group's or a transactional id's partition), so such a response without
    records of its own still waits for earlier writes there; reads that touch nothing are answered
    at once.

    `producer` set: every record of this result is a TxnOffsetCommit's (TX-OFF-2) and must be
    appended as one transactional batch of that producer id and epoch (Kafka's
    `scheduleTransactionalWriteOperation`), in a batch of its own; the writer is told with
    `append(partition, records, producer=...)`. A transactional operation writes one partition only.
    """

    records: dict[int, list[Record]] = field(default_factory=dict)
    responses: list[tuple[Token, object]] = field(default_factory=list)
    timers: list[TimerOp] = field(default_factory=list)
    partitions: set[int] = field(default_factory=set)
    producer: ProducerIdAndEpoch | None = None

    def all_records(self) -> list[Record]:
        return [r for recs in self.records.values() for r in recs]

    def response_for(self, token: Token) -> object | None:
        for t, r in self.responses:
            if t is token or t == token:
                return r
        return None

    def merge(self, other: CoordinatorResult) -> None:
        if self.producer is not None or other.producer is not None:
            raise ValueError("a transactional result is a batch of its own: it is never merged")
        for p, recs in other.records.items():
            self.records.setdefault(p, []).extend(recs)
        self.responses.extend(other.responses)
        self.timers.extend(other.timers)
        self.partitions |= other.partitions
