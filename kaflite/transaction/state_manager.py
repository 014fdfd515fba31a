"""What the transaction coordinator shard holds (Kafka's TransactionStateManager): which `__transaction_state`
partitions this broker owns and whether each is loading, their coordinator epochs, and the metadata of every
transactional id in them, rebuilt by `replay` from the records (at load, and live as each record is written).

The operations that change it, by writing records, are `TransactionCoordinator`'s (coordinator.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum

import structlog

from kaflite.coordinator.partitioner import partition_for
from kaflite.coordinator_common.records import LoadedRecord
from kaflite.protocol.errors import ErrorCode
from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.records import decode_transaction_log_key, decode_transaction_log_value, partitions_of
from kaflite.transaction.state import TransactionMetadata, TransactionState

log = structlog.get_logger("kaflite.transaction")

E = ErrorCode


class PartitionStatus(Enum):
    NOT_OWNED = "not-owned"
    LOADING = "loading"
    ACTIVE = "active"


class TransactionStateManager:
    """The owned partitions' status and epochs, and every transactional id's metadata (`txns`).

    `partitions=None`: every partition owned and active (tests, nothing to load); otherwise they start not owned
    and are loaded (`begin_load`, `replay`..., then the coordinator's `complete_load`)."""

    def __init__(self, config: TransactionCoordinatorConfig, *, partitions: Iterable[int] | None,
                 coordinator_epoch: int, leader_epoch: Callable[[int], int] | None = None) -> None:
        self.config = config
        self.txns: dict[str, TransactionMetadata] = {}
        self._all_active = partitions is None
        self._status: dict[int, PartitionStatus] = dict.fromkeys(partitions or (), PartitionStatus.ACTIVE)
        self._epochs: dict[int, int] = dict.fromkeys(partitions or (), coordinator_epoch)
        self._default_epoch = coordinator_epoch
        # The partition's leader epoch at a load (several brokers: bumped by every move, as Kafka's coordinator
        # epoch is); None: `coordinator_epoch` always.
        self._leader_epoch = leader_epoch
        self._unknown_key_versions: set[int] = set()

    def partition_for(self, transactional_id: str) -> int:
        """TX-CO-1: FindCoordinator key type 1's partition of `__transaction_state`."""
        return partition_for(transactional_id, self.config.transaction_state_log_num_partitions)

    def partition_status(self, partition: int) -> PartitionStatus:
        if self._all_active:
            return PartitionStatus.ACTIVE
        return self._status.get(partition, PartitionStatus.NOT_OWNED)

    def coordinator_epoch(self, partition: int) -> int:
        """The partition's leader epoch: every marker carries it (TX-MK-1)."""
        return self._epochs.get(partition, self._default_epoch)

    def _set_status(self, partition: int, status: PartitionStatus | None) -> None:
        if self._all_active:
            self._all_active = False
            self._status = dict.fromkeys(range(self.config.transaction_state_log_num_partitions),
                                         PartitionStatus.ACTIVE)
        if status is None:
            self._status.pop(partition, None)
        else:
            self._status[partition] = status

    def _partition_error(self, transactional_id: str) -> ErrorCode | None:
        status = self.partition_status(self.partition_for(transactional_id))
        if status is PartitionStatus.NOT_OWNED:
            return E.NOT_COORDINATOR
        if status is PartitionStatus.LOADING:
            return E.COORDINATOR_LOAD_IN_PROGRESS
        return None

    def _drop_partition(self, partition: int) -> None:
        for tid in [t for t in self.txns if self.partition_for(t) == partition]:
            del self.txns[tid]

    def begin_load(self, partition: int, coordinator_epoch: int | None = None) -> None:
        """Forget the partition's ids; their requests get COORDINATOR_LOAD_IN_PROGRESS until `complete_load`."""
        self._drop_partition(partition)
        self._set_status(partition, PartitionStatus.LOADING)
        if coordinator_epoch is None:
            coordinator_epoch = self._default_epoch if self._leader_epoch is None else self._leader_epoch(partition)
        self._epochs[partition] = coordinator_epoch

    def replay(self, key: bytes, value: bytes | None) -> None:
        """Apply one `__transaction_state` record, live and at load (TX-LOG-2): last value wins, null removes."""
        tid = decode_transaction_log_key(key)
        if tid is None:
            version = int.from_bytes(key[:2], "big", signed=True)
            if version not in self._unknown_key_versions:
                self._unknown_key_versions.add(version)
                log.warning("txn.unknown_record_kind", key_version=version, action="skipped")
            return
        if value is None:
            self.txns.pop(tid, None)
            return
        v = decode_transaction_log_value(value)
        state = TransactionState.from_id(v.transaction_status)
        md = self.txns.get(tid)
        if md is None:
            self.txns[tid] = TransactionMetadata(
                transactional_id=tid,
                producer_id=v.producer_id,
                producer_epoch=v.producer_epoch,
                txn_timeout_ms=v.transaction_timeout_ms,
                state=state,
                partitions=partitions_of(v),
                txn_start_timestamp_ms=v.transaction_start_timestamp_ms,
                txn_last_update_timestamp_ms=v.transaction_last_update_timestamp_ms,
            )
            return
        md.producer_id = v.producer_id
        md.producer_epoch = v.producer_epoch
        md.txn_timeout_ms = v.transaction_timeout_ms
        md.state = state
        md.partitions = partitions_of(v)
        md.txn_start_timestamp_ms = v.transaction_start_timestamp_ms
        md.txn_last_update_timestamp_ms = v.transaction_last_update_timestamp_ms

    def replay_loaded(self, partition: int, record: LoadedRecord) -> None:
        """`__transaction_state` holds plain records only: a transactional batch or a marker there is damage
        (the runtime skips it with a warning and the load goes on)."""
        raise ValueError(f"unexpected {type(record).__name__} in __transaction_state-{partition}")

    # ================================================================== observability
    def transaction(self, transactional_id: str) -> TransactionMetadata | None:
        return self.txns.get(transactional_id)

    def state_snapshot(self) -> dict[str, tuple[object, ...]]:
        """Everything the records hold, per id: a replay of the log must rebuild exactly this."""
        return {tid: md.persisted() for tid, md in sorted(self.txns.items())}


