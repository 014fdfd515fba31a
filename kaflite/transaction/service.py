"""TransactionCoordinatorService: the transaction APIs, one method per API, on the common coordinator runtime.

Each method names its shard operation (`TransactionCoordinator`) and hands it to the runtime
(`kaflite.coordinator_common`), which orders the writes per `__transaction_state` partition, answers once
they are durable (TX-CO-3), fires the timers (TX-TO-*), loads and reloads partitions (TX-LOG-2; a failed
append reloads the partition and answers NOT_COORDINATOR, as for the group coordinator). The "write
markers" work of a result (TX-MK-*) is the broker's: it is the runtime's `after_durable` hook, given by the
broker, and an EndTxn is answered once its markers and its Complete record are written.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from kaflite.clock import Clock
from kaflite.coordinator.partitioner import partition_for
from kaflite.coordinator_common.log import CoordinatorLoader, CoordinatorWriter
from kaflite.coordinator_common.runtime import AfterDurable, CoordinatorRuntime
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AddOffsetsToTxnRequest,
    AddOffsetsToTxnResponse,
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
    DescribeTransactionsRequest,
    DescribeTransactionsResponse,
    EndTxnRequest,
    EndTxnResponse,
    InitProducerIdRequest,
    InitProducerIdResponse,
    ListTransactionsRequest,
    ListTransactionsResponse,
)
from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.coordinator import Coordinated, PartitionExists, TransactionCoordinator
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC
from kaflite.transaction.state import TopicPartition, TransactionMetadata
from kaflite.transaction.state_manager import PartitionStatus


def init_producer_id_error(request: InitProducerIdRequest, error: ErrorCode) -> InitProducerIdResponse:
    """Kafka's getErrorResponse: the error, and no producer id or epoch."""
    return InitProducerIdResponse(error_code=error, producer_id=-1, producer_epoch=-1)


class TransactionCoordinatorService:
    """The transaction APIs over one runtime of the transaction shard (every owned `__transaction_state`
    partition). Build it with `TransactionCoordinatorService.build(...)`."""

    def __init__(self, runtime: CoordinatorRuntime[TransactionCoordinator],
                 config: TransactionCoordinatorConfig) -> None:
        self.runtime = runtime
        self.config = config

    @classmethod
    def build(
        cls,
        writer: CoordinatorWriter,
        loader: CoordinatorLoader,
        config: TransactionCoordinatorConfig,
        *,
        clock: Clock | None = None,
        allocate_producer_id: Callable[[], int] | None = None,
        partition_exists: PartitionExists | None = None,
        after_durable: AfterDurable | None = None,
    ) -> TransactionCoordinatorService:
        """The service over a new runtime of `__transaction_state`: its partitions start not owned, and
        `load_partition` loads them; `after_durable` writes a result's markers (the broker's)."""

        def shard() -> TransactionCoordinator:
            return TransactionCoordinator(config, clock, partitions=(), allocate_producer_id=allocate_producer_id,
                                          partition_exists=partition_exists)

        runtime = CoordinatorRuntime(TRANSACTION_STATE_TOPIC, shard, writer, loader, clock=clock,
                                     after_durable=after_durable)
        return cls(runtime, config)

    @property
    def shard(self) -> TransactionCoordinator:
        return self.runtime.shard

    def partition_for(self, transactional_id: str) -> int:
        """TX-CO-1: FindCoordinator key type 1's partition of `__transaction_state`."""
        return partition_for(transactional_id, self.config.transaction_state_log_num_partitions)

    # ================================================================== the transaction APIs
    def init_producer_id(self, request: InitProducerIdRequest, version: int) -> Any:
        """A transactional InitProducerId (idempotent producers never reach the coordinator, TX-CO-2)."""
        return self.runtime.write(
            "init-producer-id", self.partition_for(request.transactional_id or ""),
            lambda shard, token: shard.init_producer_id(request, version, token),
            lambda error: init_producer_id_error(request, error))

    def add_partitions_to_txn(self, request: AddPartitionsToTxnRequest, version: int) -> Any:
        return self.runtime.write(
            "add-partitions-to-txn", self.partition_for(request.v3_and_below_transactional_id),
            lambda shard, token: shard.add_partitions_to_txn(request, version, token),
            lambda error: error_response(AddPartitionsToTxnResponse, request, error))

    def add_offsets_to_txn(self, request: AddOffsetsToTxnRequest, version: int) -> Any:
        return self.runtime.write(
            "add-offsets-to-txn", self.partition_for(request.transactional_id),
            lambda shard, token: shard.add_offsets_to_txn(request, version, token),
            lambda error: error_response(AddOffsetsToTxnResponse, request, error))

    def end_txn(self, request: EndTxnRequest, version: int) -> Any:
        """Answered once the markers are written and the Complete record is durable (TX-END-2)."""
        return self.runtime.write(
            "end-txn", self.partition_for(request.transactional_id),
            lambda shard, token: shard.end_txn(request, version, token),
            lambda error: error_response(EndTxnResponse, request, error))

    def describe_transactions(self, request: DescribeTransactionsRequest, version: int,
                              coordinates: Coordinated | None = None) -> Any:
        """`coordinates`: the partitions the request's broker coordinates (None: every one)."""
        return self.runtime.write(
            "describe-transactions", None,
            lambda shard, token: shard.describe_transactions(request, version, token, coordinates),
            lambda error: error_response(DescribeTransactionsResponse, request, error))

    def list_transactions(self, request: ListTransactionsRequest, version: int,
                          coordinates: Coordinated | None = None) -> Any:
        return self.runtime.write(
            "list-transactions", None,
            lambda shard, token: shard.list_transactions(request, version, token, coordinates),
            lambda error: error_response(ListTransactionsResponse, request, error))

    # ================================================================== what the broker asks and tells
    def verify_partitions(self, transactional_id: str | None, producer_id: int, producer_epoch: int,
                          partitions: list[TopicPartition]) -> dict[TopicPartition, ErrorCode]:
        """TX-PRD-2, TX-OFF-1: are these partitions in the producer's ongoing transaction? (a read)"""
        return self.runtime.read(
            lambda shard: shard.verify_partitions(transactional_id, producer_id, producer_epoch, partitions),
            lambda error: dict.fromkeys(partitions, error))

    def markers_written(self, transactional_id: str, producer_id: int, producer_epoch: int,
                        committed: bool) -> Awaitable[bool]:
        """Every marker of a transaction is written (TX-MK-2): its CompleteCommit/CompleteAbort record; True
        once that is durable."""
        return self.runtime.schedule(
            "complete-transaction",
            lambda shard: shard.markers_written(transactional_id, producer_id, producer_epoch, committed))

    def coordinator_epoch(self, partition: int) -> int:
        return self.shard.coordinator_epoch(partition)

    def partition_status(self, partition: int) -> PartitionStatus:
        return self.shard.partition_status(partition)

    # ================================================================== loading
    async def load_partition(self, partition: int) -> None:
        await self.runtime.load_partition(partition)

    def begin_load(self, partition: int) -> None:
        self.runtime.begin_load(partition)

    async def unload_partition(self, partition: int) -> None:
        """Resign as the partition's coordinator (its waiting requests answered NOT_COORDINATOR)."""
        await self.runtime.unload_partition(partition)

    async def close(self) -> None:
        await self.runtime.close()

    # ================================================================== tools and faults
    def transactions(self) -> list[TransactionMetadata]:
        return [md for _, md in sorted(self.shard.txns.items())]

    def time_out(self, transactional_id: str) -> bool:
        """A fault: the transaction's timeout expires now (fenced with epoch + 1 and aborted, TX-TO-1);
        False if it has no ongoing transaction to time out."""
        result = self.shard.time_out(transactional_id)
        self.runtime.dispatch("time-out-transaction", result)
        return bool(result.records)
