"""Wires the transaction coordinator into the broker: the transaction APIs, `__transaction_state`, the markers.

The coordinator (``kaflite.transaction``) is a sans-I/O shard behind `TransactionCoordinatorService`, on the same
runtime as the group coordinator (``kaflite.coordinator_common``): it appends a result's records to
`__transaction_state` (through the server's `CoordinatorLog`), answers once they are durable (TX-CO-3), fires the
timers, and reloads a partition whose append failed (its requests answered NOT_COORDINATOR). This handler gives that
runtime the work a result carries for after its records are durable: each "write markers" effect's COMMIT/ABORT
control batches -- data partitions through their logs (waking read_committed fetches), `__consumer_offsets`
partitions through the group coordinator (TX-MK-3) -- then reports them written, which records
CompleteCommit/CompleteAbort. An EndTxn is answered after its Complete record, not just its Prepare record: a
producer's next transaction then never meets CONCURRENT_TRANSACTIONS (the spec allows it, TX-END-2). The marker work
runs as a task of its own, so a client that disconnects never leaves a transaction half-completed; a Prepare* left by
a crash is completed when its partition is loaded again (TX-END-3).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import struct
from collections.abc import Awaitable, Callable
from typing import Any

import structlog

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.coordinator_log import CoordinatorLog
from kaflite.broker.coordinator_nodes import CoordinatorNodes
from kaflite.broker.groups import GroupHandler, after_loading
from kaflite.broker.internal_topic import InternalTopic, partition_count
from kaflite.broker.router import Router
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.coordinator_common.result import CoordinatorResult
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AddOffsetsToTxnRequest,
    AddOffsetsToTxnResponse,
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnResponse,
    DescribeTransactionsRequest,
    EndTxnRequest,
    EndTxnResponse,
    InitProducerIdRequest,
    InitProducerIdResponse,
    ListTransactionsRequest,
)
from kaflite.protocol.records import ATTRIBUTES_OFFSET, HEADER_SIZE
from kaflite.storage.errors import InvalidProducerEpochError, StorageError, TransactionCoordinatorFencedError
from kaflite.storage.log import PartitionLog
from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC, transaction_state_topic_configs
from kaflite.transaction.result import TxnResult, WriteTxnMarkers
from kaflite.transaction.service import TransactionCoordinatorService, init_producer_id_error
from kaflite.transaction.state import TransactionMetadata

log = structlog.get_logger("kaflite.transactions")
fault_log = structlog.get_logger("kaflite.faults")

TRANSACTION_STATE = TRANSACTION_STATE_TOPIC
E = ErrorCode

_TRANSACTIONAL = 0x10  # RecordBatch attributes bit 4
_PRODUCER = struct.Struct(">qh")  # producerId, producerEpoch at offset 43 of a v2 batch
_PRODUCER_OFFSET = 43
MARKER_RETRY_S = 1.0  # a marker write that failed (an I/O error) is retried, as Kafka's marker channel does


def produce_verification_error(error: ErrorCode, produce_version: int) -> ErrorCode:
    """TX-PRD-2: the coordinator's verification answer as Produce tells it to the producer."""
    if error is E.TRANSACTION_ABORTABLE:
        return E.INVALID_TXN_STATE if produce_version <= 10 else E.TRANSACTION_ABORTABLE
    if error is E.PRODUCER_FENCED:
        return E.INVALID_PRODUCER_EPOCH
    if error in (E.CONCURRENT_TRANSACTIONS, E.COORDINATOR_LOAD_IN_PROGRESS, E.NOT_COORDINATOR,
                 E.COORDINATOR_NOT_AVAILABLE):
        return E.NOT_ENOUGH_REPLICAS  # retriable: the producer sends the batch again
    return error


class TransactionHandler:
    """InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, Describe/ListTransactions over one
    TransactionCoordinatorService (renewed by a reset), the markers its results carry, and what Produce and
    TxnOffsetCommit ask of it (verification).

    The service and its runtime are built with the handler; the runtime builds the transaction shard on first
    use (a transactional request, the load of an existing `__transaction_state` at start): idempotent producers
    never need it.
    """

    def __init__(self, context: BrokerContext, groups: GroupHandler, state_log: CoordinatorLog,
                 on_append: Callable[[tuple[str, int]], None]) -> None:
        cfg = context.config
        self.context = context
        self.clock = context.clock
        self.logs = context.logs
        self.faults = context.faults
        self.producer_ids = context.producer_ids
        self.groups = groups
        self.on_append = on_append
        state_partitions = partition_count(self.logs, TRANSACTION_STATE, cfg.transaction_state_log_num_partitions)
        self.config = TransactionCoordinatorConfig(
            transaction_max_timeout_ms=cfg.transaction_max_timeout_ms,
            transactional_id_expiration_ms=cfg.transactional_id_expiration_ms,
            transaction_abort_timed_out_transaction_cleanup_interval_ms=(
                cfg.transaction_abort_timed_out_transaction_cleanup_interval_ms),
            transaction_remove_expired_transaction_cleanup_interval_ms=(
                cfg.transaction_remove_expired_transaction_cleanup_interval_ms),
            transaction_state_log_num_partitions=state_partitions,
            transaction_state_log_segment_bytes=cfg.transaction_state_log_segment_bytes,
            transaction_partition_verification_enable=cfg.transaction_partition_verification_enable,
            offsets_topic_num_partitions=groups.config.offsets_topic_num_partitions,  # the groups' own count
        )
        self.commits = context.commits
        self.state_log = state_log
        self._background: set[asyncio.Task[Any]] = set()  # marker work released after a fault
        self.service = self._new_service()
        self.state_topic = InternalTopic(self.logs, TRANSACTION_STATE, state_partitions,
                                         transaction_state_topic_configs(cfg.transaction_state_log_segment_bytes),
                                         self._load_all, prepare=lambda: self.service.shard)
        # Which broker coordinates each transactional id (several brokers: the leader of its `__transaction_state`
        # partition), and the moves of those partitions (issue 34).
        self.nodes = CoordinatorNodes(context.leaders, TRANSACTION_STATE, lambda tid: self.service.partition_for(tid),
                                      lambda: self.service, context.faults)
        # Fault: markers held back (a crash between Prepare and Complete); None holds every id's.
        self._hold: set[str | None] = set()
        self._held: list[WriteTxnMarkers] = []
        groups.verify_transaction = self.verify_txn_offset_commit
        groups.transactions = self
        context.faults.on_clear.append(self.release_markers)

    def _new_service(self) -> TransactionCoordinatorService:
        return TransactionCoordinatorService.build(
            self.state_log, self.state_log, self.config, clock=self.clock,
            allocate_producer_id=self.producer_ids.allocate,
            partition_exists=lambda t, p: self.logs.get_log(t, p) is not None,
            after_durable=self._markers_of)

    def register(self, router: Router) -> None:
        """The client versions of TV1 (TX-API-2): InitProducerId v6 is two-phase commit, AddPartitionsToTxn v4+ is
        broker-to-broker, EndTxn v5 means transaction.version 2, none of which is served."""
        router.add(22, self.init_producer_id, max_version=5)
        router.add(24, self.add_partitions_to_txn, max_version=3)
        router.add(25, self.add_offsets_to_txn)
        router.add(26, self.end_txn, max_version=4)
        router.add(65, self.describe_transactions)
        router.add(66, self.list_transactions)

    # -- `__transaction_state` lifecycle -----------------------------------------------------------------

    def start(self) -> None:
        """An existing `__transaction_state` is replayed in the background; its ids answer LOAD_IN_PROGRESS."""
        self.state_topic.start()

    def ensure_state_topic(self) -> asyncio.Task[None] | None:
        """Create `__transaction_state` on first use (TX-CO-1); the load to wait for while it is one created
        just now (see internal_topic.py)."""
        return self.state_topic.ensure()

    async def _load_all(self, partitions: int) -> None:
        service = self.service
        for p in range(partitions):
            service.begin_load(p)
        for p in range(partitions):
            await service.load_partition(p)

    async def stop(self) -> None:
        """Cancel timers, loads and marker work (a restart's load completes what was cut short)."""
        await self.state_topic.cancel_loading()
        await self.nodes.stop()
        await self.service.close()
        tasks = [t for t in self._background if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def renew(self) -> None:
        """After a reset (``stop()``, then every topic deleted): a fresh service, nothing loaded."""
        self.state_topic.renew()
        self._background.clear()
        self._held.clear()
        self._hold.clear()
        self.service = self._new_service()

    # -- requests -----------------------------------------------------------------------------------------

    def init_producer_id(self, ctx: RequestContext, req: InitProducerIdRequest) -> Any:
        """Idempotent producers get an id here without the coordinator (TX-CO-2: nothing written);
        transactional ones go to it. A producer id block the disk cannot record is answered
        COORDINATOR_LOAD_IN_PROGRESS (Kafka's answer while it waits for a block): the client retries."""
        try:
            transactional_id = req.transactional_id
            if transactional_id is None:
                return self._init_idempotent(req)
            answer = self._when_loaded(lambda: self.service.init_producer_id(req, ctx.version) if self._serves(
                ctx, transactional_id) else init_producer_id_error(req, E.NOT_COORDINATOR))
        except StorageError as exc:
            return self._no_producer_id(ctx, exc)
        return self._guarded(ctx, answer) if inspect.isawaitable(answer) else answer

    def add_partitions_to_txn(self, ctx: RequestContext, req: AddPartitionsToTxnRequest) -> Any:
        return self._when_loaded(lambda: self.service.add_partitions_to_txn(req, ctx.version) if self._serves(
            ctx, req.v3_and_below_transactional_id or "") else error_response(AddPartitionsToTxnResponse, req,
                                                                         E.NOT_COORDINATOR))

    def add_offsets_to_txn(self, ctx: RequestContext, req: AddOffsetsToTxnRequest) -> Any:
        return self._when_loaded(lambda: self.service.add_offsets_to_txn(req, ctx.version) if self._serves(
            ctx, req.transactional_id) else error_response(AddOffsetsToTxnResponse, req, E.NOT_COORDINATOR))

    def end_txn(self, ctx: RequestContext, req: EndTxnRequest) -> Any:
        return self._when_loaded(lambda: self.service.end_txn(req, ctx.version) if self._serves(
            ctx, req.transactional_id) else error_response(EndTxnResponse, req, E.NOT_COORDINATOR))

    def describe_transactions(self, ctx: RequestContext, req: DescribeTransactionsRequest) -> Any:
        """Per id: another broker's ids are NOT_COORDINATOR (several brokers)."""
        return self._when_loaded(lambda: self.service.describe_transactions(
            req, ctx.version, self.nodes.coordinated_by(ctx.node_id)))

    def list_transactions(self, ctx: RequestContext, req: ListTransactionsRequest) -> Any:
        """Only the transactions this broker coordinates (Kafka's admin client asks every broker)."""
        return self._when_loaded(lambda: self.service.list_transactions(
            req, ctx.version, self.nodes.coordinated_by(ctx.node_id)))

    def _serves(self, ctx: RequestContext, transactional_id: str) -> bool:
        """Whether the broker the request came to coordinates the id (else NOT_COORDINATOR: several brokers)."""
        return self.nodes.serves(ctx.node_id, transactional_id)

    def _when_loaded(self, answer: Callable[[], Any]) -> Any:
        """`answer()` now, or once `__transaction_state` created by this request is loaded."""
        loading = self.ensure_state_topic()
        if loading is not None:
            return after_loading(loading, answer)
        return answer()

    async def _guarded(self, ctx: RequestContext, answer: Awaitable[Any]) -> Any:
        try:
            return await answer
        except StorageError as exc:
            return self._no_producer_id(ctx, exc)

    @staticmethod
    def _no_producer_id(ctx: RequestContext, exc: StorageError) -> InitProducerIdResponse:
        ctx.log.warning("no producer id", error=str(exc))
        return InitProducerIdResponse(error_code=exc.error_code, producer_id=-1, producer_epoch=-1)

    def _init_idempotent(self, req: InitProducerIdRequest) -> InitProducerIdResponse:
        if req.producer_id >= 0:
            # KIP-360: an idempotent producer bumps its epoch after an error and keeps its id.
            if req.producer_epoch >= 32766:
                return InitProducerIdResponse(producer_id=self.producer_ids.allocate(), producer_epoch=0)
            return InitProducerIdResponse(producer_id=req.producer_id, producer_epoch=req.producer_epoch + 1)
        return InitProducerIdResponse(producer_id=self.producer_ids.allocate(), producer_epoch=0)

    # -- markers (TX-MK-*): the runtime's after-durable work ------------------------------------------------

    def _markers_of(self, result: CoordinatorResult) -> asyncio.Task[bool] | None:
        """The markers a result asks for, written once its records are durable; its answers wait for them (an
        EndTxn is answered after its Complete record, TX-END-2). A task of its own: a client that disconnects
        never leaves a transaction half-completed."""
        if not isinstance(result, TxnResult) or not result.markers:
            return None
        return self._spawn(self._write_all_markers(list(result.markers)))

    async def _write_all_markers(self, markers: list[WriteTxnMarkers]) -> bool:
        ok = True
        for effect in markers:
            ok = await self._write_markers(effect) and ok
        return ok

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def _write_markers(self, effect: WriteTxnMarkers) -> bool:
        """TX-MK-1..4: one control batch per partition of the transaction, durable, then CompleteCommit/Abort."""
        if None in self._hold or effect.transactional_id in self._hold:
            self._held.append(effect)
            fault_log.info("fault applied", fault="hold-txn-markers", transactional_id=effect.transactional_id,
                           committed=effect.committed)
            return True  # answered after Prepare, as Kafka's TV1 EndTxn is; Complete waits for release or reload
        # A full or failing disk: the partitions already marked are not marked twice, and a failed fsync is
        # retried (the markers are in the log), until the disk takes them or the broker stops.
        written: set[tuple[str, int]] = set()
        durable: list[tuple[asyncio.Future[None], Callable[[], asyncio.Future[None]]]] = []
        while True:
            try:
                await self._append_markers(effect, written, durable)
                break
            except Exception:
                log.exception("writing transaction markers failed; retrying", transactional_id=effect.transactional_id)
                await asyncio.sleep(MARKER_RETRY_S)
        while durable:
            await asyncio.wait([fut for fut, _ in durable])
            failed = [(fut, again) for fut, again in durable if fut.exception() is not None]
            if failed:
                log.warning("flushing transaction markers failed; retrying", transactional_id=effect.transactional_id,
                            error=repr(failed[0][0].exception()))
                await asyncio.sleep(MARKER_RETRY_S)
            durable = [(again(), again) for _, again in failed]
        return await self.service.markers_written(effect.transactional_id, effect.producer_id, effect.producer_epoch,
                                                  effect.committed)

    async def _append_markers(self, effect: WriteTxnMarkers, written: set[tuple[str, int]],
                              durable: list[tuple[asyncio.Future[None], Callable[[], asyncio.Future[None]]]]) -> None:
        """Append the markers not `written` yet, adding each to `written` and its fsync to `durable` (with
        how to ask for that fsync again)."""
        if any(t == CONSUMER_OFFSETS for t, _ in effect.partitions):
            loading = self.groups.ensure_offsets_topic()
            if loading is not None:
                await asyncio.wait((loading,))
        # From here to the end, no await: the markers and their effect on the group coordinator land together.
        now = self.clock.now_ms()
        for topic, p in effect.partitions:
            if (topic, p) in written:
                continue
            try:
                if topic == CONSUMER_OFFSETS:
                    offsets_log = self.groups.offsets_log
                    fut = offsets_log.append_marker(p, effect.producer_id, effect.producer_epoch,
                                                    effect.coordinator_epoch, effect.committed)
                    written.add((topic, p))
                    durable.append((fut, functools.partial(offsets_log.sync, p)))
                    self.groups.service.complete_transaction(p, effect.producer_id, effect.producer_epoch,
                                                             effect.committed)
                    continue
                plog = self.logs.get_log(topic, p)
                if plog is None:
                    log.info("transaction marker skipped: the partition no longer exists", topic=topic, partition=p,
                             transactional_id=effect.transactional_id)  # TX-MK-4
                    written.add((topic, p))
                    continue
                plog.append_end_txn_marker(effect.producer_id, effect.producer_epoch, effect.coordinator_epoch,
                                           committed=effect.committed, leader_epoch=0, now_ms=now,
                                           defer_flush=True)
            except (InvalidProducerEpochError, TransactionCoordinatorFencedError) as exc:
                # The partition saw a newer epoch or coordinator: Kafka's marker handler gives the partition up.
                log.warning("transaction marker refused by the partition", topic=topic, partition=p,
                            transactional_id=effect.transactional_id, error=str(exc))
                written.add((topic, p))
                continue
            written.add((topic, p))
            durable.append((self.commits.dirty(plog), functools.partial(self.commits.dirty, plog)))
            self.on_append((topic, p))  # the last stable offset moved: parked read_committed fetches answer

    # -- verification (TX-PRD-2, TX-OFF-1) ----------------------------------------------------------------

    def verify_produce(self, transactional_id: str, topic: str, partition: int, plog: PartitionLog,
                       records: bytes | bytearray | memoryview, version: int) -> ErrorCode | None:
        """A transactional batch of a (pid, epoch) without an open transaction on the partition must be in the
        producer's ongoing transaction; None when it may be appended (storage checks the rest)."""
        if not self.config.transaction_partition_verification_enable or len(records) < HEADER_SIZE:
            return None
        if not records[ATTRIBUTES_OFFSET + 1] & _TRANSACTIONAL:
            return None
        producer_id, producer_epoch = _PRODUCER.unpack_from(records, _PRODUCER_OFFSET)
        entry = plog.producer_state.producers.get(producer_id)
        if entry is not None and entry.producer_epoch == producer_epoch and entry.current_txn_first_offset >= 0:
            return None
        answer = self.service.verify_partitions(transactional_id, producer_id, producer_epoch,
                                                [(topic, partition)])[(topic, partition)]
        return None if answer is E.NONE else produce_verification_error(answer, version)

    def verify_txn_offset_commit(self, transactional_id: str, producer_id: int, producer_epoch: int,
                                 partition: int, version: int) -> ErrorCode | None:
        """TX-OFF-1: the group's offsets partition must be in the transaction (v<=3 INVALID_TXN_STATE, v4
        TRANSACTION_ABORTABLE); skipped, as Produce's check is, without transaction.partition.verification.enable."""
        if not self.config.transaction_partition_verification_enable:
            return None
        answer = self.service.verify_partitions(transactional_id, producer_id, producer_epoch,
                                                [(CONSUMER_OFFSETS, partition)])[(CONSUMER_OFFSETS, partition)]
        if answer is E.NONE:
            return None
        if answer is E.TRANSACTION_ABORTABLE:
            return E.INVALID_TXN_STATE if version <= 3 else E.TRANSACTION_ABORTABLE
        return produce_verification_error(answer, 11)

    # -- FindCoordinator key type 1 -----------------------------------------------------------------------

    def coordinator_error(self, transactional_id: str) -> ErrorCode:
        """TX-CO-1: this node, once `__transaction_state` exists (a loading partition answers its requests with
        COORDINATOR_LOAD_IN_PROGRESS itself)."""
        return E.NONE if self.logs.topic(TRANSACTION_STATE) is not None else E.COORDINATOR_NOT_AVAILABLE

    # -- tools and faults ---------------------------------------------------------------------------------

    def transactions(self) -> list[TransactionMetadata]:
        return self.service.transactions()

    def time_out(self, transactional_id: str) -> bool:
        """A fault: the transaction's timeout expires now (fenced with epoch + 1 and aborted, TX-TO-1)."""
        timed_out = self.service.time_out(transactional_id)
        fault_log.info("fault applied", fault="time-out-transaction", transactional_id=transactional_id,
                       timed_out=timed_out)
        return timed_out

    def hold_markers(self, transactional_id: str | None = None) -> None:
        """A fault: the next transactions (of this id, or all) stop after their Prepare record, as if the broker
        crashed before writing the markers. Restart (or crash) the broker and the load completes them;
        clearing the faults writes them now."""
        self._hold.add(transactional_id)
        fault_log.info("fault armed", fault="hold-txn-markers", transactional_id=transactional_id)

    def release_markers(self) -> None:
        self._hold.clear()
        held, self._held = self._held, []
        if held and not self.service.runtime.closed:
            fault_log.info("fault cleared", fault="hold-txn-markers", transactions=len(held))
            for effect in held:
                self._spawn(self._write_markers(effect))
