"""What a transaction coordinator operation hands its runtime: the group coordinator's result plus markers."""

from __future__ import annotations

from dataclasses import dataclass, field

from kaflite.coordinator.result import CoordinatorResult
from kaflite.transaction.state import TopicPartition


@dataclass(frozen=True, slots=True)
class WriteTxnMarkers:
    """The "write markers" effect (TX-END-2, TX-MK-1): once this result's records are durable, append one control
    batch (COMMIT if `committed` else ABORT; `producer_id`/`producer_epoch`; `coordinator_epoch`) to each of
    `partitions` -- `__consumer_offsets` ones through the group coordinator (TX-MK-3), deleted topics skipped
    (TX-MK-4) -- then call `TransactionCoordinator.markers_written(transactional_id, producer_id, producer_epoch,
    committed)`, which writes CompleteCommit/CompleteAbort."""

    transactional_id: str
    producer_id: int
    producer_epoch: int
    committed: bool
    coordinator_epoch: int
    partitions: tuple[TopicPartition, ...]
    transaction_state_partition: int


@dataclass(slots=True)
class TxnResult(CoordinatorResult):
    """`records[p]` go to `__transaction_state` partition p (durable before `responses`); `markers` after that."""

    markers: list[WriteTxnMarkers] = field(default_factory=list)

    def merge(self, other: CoordinatorResult) -> None:
        CoordinatorResult.merge(self, other)
        if isinstance(other, TxnResult):
            self.markers.extend(other.markers)
