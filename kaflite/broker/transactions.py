"""Wires the transaction coordinator into the broker: the transaction APIs, `__transaction_state`, the markers.

The coordinator (``kaflite.transaction``) is sans-I/O: each operation returns a TxnResult (records for
`__transaction_state`, the answer, timers, "write markers" effects). This runtime appends the records (one batch per
partition, fsynced with the rest of the event-loop turn), answers once they are durable (TX-CO-3), then writes each
effect's COMMIT/ABORT control batches -- data partitions through their logs (waking read_committed fetches),
`__consumer_offsets` partitions through the group coordinator (TX-MK-3) -- and reports them written, which records
CompleteCommit/CompleteAbort. An EndTxn is answered after its Complete record, not just its Prepare record: a
producer's next transaction then never meets CONCURRENT_TRANSACTIONS (the spec allows it, TX-END-2). The marker work
runs as a task of its own, so a client that disconnects never leaves a transaction half-completed; a Prepare* left by
a crash is completed when its partition is loaded again (TX-END-3).

A failed append makes memory run ahead of the log: the partition is unloaded and replayed from its log, and the
requests that depended on it are answered NOT_COORDINATOR (clients look for the coordinator again and retry).
"""

from __future__ import annotations

import asyncio
import functools
import struct
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import structlog

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.groups import GroupHandler, OffsetsTopicLog
from kaflite.broker.internal_topic import InternalTopic, partition_count
from kaflite.broker.router import Router
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.coordinator.runtime import SKIPPED_RECORDS_LOGGED
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import InitProducerIdRequest, InitProducerIdResponse
from kaflite.protocol.records import ATTRIBUTES_OFFSET, HEADER_SIZE
from kaflite.storage.errors import InvalidProducerEpochError, StorageError, TransactionCoordinatorFencedError
from kaflite.storage.log import PartitionLog
from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.records import transaction_state_topic_configs

# The coordinator loads with its first use (TransactionHandler.coordinator), not with this module (issue 14: start-up).
if TYPE_CHECKING:
    from kaflite.transaction.coordinator import TransactionCoordinator
    from kaflite.transaction.result import TxnResult, WriteTxnMarkers
    from kaflite.transaction.state import TransactionMetadata

log = structlog.get_logger("kaflite.transactions")
fault_log = structlog.get_logger("kaflite.faults")

TRANSACTION_STATE = "__transaction_state"
E = ErrorCode

_TRANSACTIONAL = 0x10  # RecordBatch attributes bit 4
_PRODUCER = struct.Struct(">qh")  # producerId, producerEpoch at offset 43 of a v2 batch
_PRODUCER_OFFSET = 43
MARKER_RETRY_S = 1.0  # a marker write that failed (an I/O error) is retried, as Kafka's marker channel does

if TYPE_CHECKING:
    # One TransactionCoordinator operation: (coordinator, request, version, token) -> its result.
    Operation = Callable[[TransactionCoordinator, Any, int, object], TxnResult]


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
    """InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, Describe/ListTransactions over one coordinator
    (renewed by a reset), plus what Produce and TxnOffsetCommit ask of it (verification).

    The coordinator is built by the first thing that needs it (a transactional request, the load of an existing
    `__transaction_state` at start), not with the handler: idempotent producers never need it (issue 14: start-up).
    """

    def __init__(self, context: BrokerContext, groups: GroupHandler,
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
        self.state_log = OffsetsTopicLog(self.logs, self.clock, TRANSACTION_STATE, self.commits)
        self._coordinator: TransactionCoordinator | None = None
        self._handles: dict[str, asyncio.TimerHandle] = {}
        self._tails: dict[int, asyncio.Future[None]] = {}  # the last append to each partition
        self._generations: dict[int, int] = {}  # bumped by every (re)load: older writes no longer count
        self._background: set[asyncio.Task[Any]] = set()
        self.state_topic = InternalTopic(self.logs, TRANSACTION_STATE, state_partitions,
                                         transaction_state_topic_configs(cfg.transaction_state_log_segment_bytes),
                                         self._load_all, prepare=lambda: self.coordinator)
        self._closed = False
        # Fault: markers held back (a crash between Prepare and Complete); None holds every id's.
        self._hold: set[str | None] = set()
        self._held: list[WriteTxnMarkers] = []
        groups.verify_transaction = self.verify_txn_offset_commit
        groups.transactions = self
        context.faults.on_clear.append(self.release_markers)

    @property
    def coordinator(self) -> TransactionCoordinator:
        """The transaction coordinator; built (synchronously, importing it) on first use."""
        coordinator = self._coordinator
        if coordinator is None:
            coordinator = self._new_coordinator()
        return coordinator

    def _new_coordinator(self) -> TransactionCoordinator:
        from kaflite.transaction.coordinator import TransactionCoordinator

        self._coordinator = coordinator = TransactionCoordinator(
            self.config, self.clock, partitions=(), allocate_producer_id=self.producer_ids.allocate,
            partition_exists=lambda t, p: self.logs.get_log(t, p) is not None)
        return coordinator

    def register(self, router: Router) -> None:
        """The client versions of TV1 (TX-API-2): InitProducerId v6 is two-phase commit, AddPartitionsToTxn v4+ is
        broker-to-broker, EndTxn v5 means transaction.version 2, none of which is served."""
        router.add(22, self.init_producer_id, max_version=5)
        # Lambdas, not TransactionCoordinator's methods: the class is imported with the first coordinator.
        router.add(24, self._route(lambda c, req, v, token: c.add_partitions_to_txn(req, v, token)), max_version=3)
        router.add(25, self._route(lambda c, req, v, token: c.add_offsets_to_txn(req, v, token)))
        router.add(26, self._route(lambda c, req, v, token: c.end_txn(req, v, token)), max_version=4)
        router.add(65, self._route(lambda c, req, v, token: c.describe_transactions(req, v, token)))
        router.add(66, self._route(lambda c, req, v, token: c.list_transactions(req, v, token)))

    def _route(self, op: Operation) -> Callable[[RequestContext, Any], Any]:
        return lambda ctx, req: self.call(op, ctx, req)

    # -- `__transaction_state` lifecycle -----------------------------------------------------------------

    def start(self) -> None:
        """An existing `__transaction_state` is replayed in the background; its ids answer LOAD_IN_PROGRESS. Its
        coordinator is built now, to load it (a fresh data directory leaves that to the first transactional request)."""
        if self.logs.topic(TRANSACTION_STATE) is not None and self._coordinator is None:
            self._new_coordinator()
        self.state_topic.start()

    def ensure_state_topic(self) -> asyncio.Task[None] | None:
        """Create `__transaction_state` on first use (TX-CO-1); the load to wait for while it is one created
        just now (see internal_topic.py)."""
        return self.state_topic.ensure()

    async def _load_all(self, partitions: int) -> None:
        generations = {p: self._bump(p) for p in range(partitions)}
        for p in range(partitions):
            self.coordinator.begin_load(p)
        for p in range(partitions):
            await self._load(p, generations[p])

    def _bump(self, partition: int) -> int:
        generation = self._generations.get(partition, 0) + 1
        self._generations[partition] = generation
        return generation

    async def _load(self, partition: int, generation: int) -> None:
        """Replay the partition (each id's last record, TX-LOG-2), then serve it; Prepare* get their markers."""
        coordinator = self.coordinator
        n = skipped = 0
        async for key, value in self.state_log.read(partition):  # type: ignore[misc]  # plain records only
            if self._generations.get(partition) != generation:
                return
            try:
                coordinator.replay(key, value)
            except Exception as exc:  # one undecodable record must not leave the partition unloaded for good
                skipped += 1
                if skipped <= SKIPPED_RECORDS_LOGGED:
                    log.warning("transaction state record skipped", partition=partition, key=key.hex()[:64],
                                error=f"{type(exc).__name__}: {exc}", action="skipped; the load goes on")
            n += 1
        if self._generations.get(partition) != generation:
            return
        if n:
            log.info("transaction state loaded", partition=partition, records=n,
                     **({"skipped": skipped} if skipped else {}))
        self._dispatch(coordinator.complete_load(partition))

    def _reload(self, partition: int) -> None:
        """An append failed: forget the partition and replay its log (what the log holds is the truth)."""
        generation = self._bump(partition)
        self._dispatch(self.coordinator.unload(partition))
        self.coordinator.begin_load(partition)
        self._spawn(self._load(partition, generation))

    async def stop(self) -> None:
        """Cancel timers, loads and marker work (a restart's load completes what was cut short)."""
        self._closed = True
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
        await self.state_topic.cancel_loading()
        tasks = [t for t in self._background if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def renew(self) -> None:
        """After a reset (``stop()``, then every topic deleted): a fresh coordinator, nothing loaded."""
        self._closed = False
        self.state_topic.renew()
        self._tails.clear()
        self._background.clear()
        self._held.clear()
        self._hold.clear()
        self._coordinator = None  # built again on first use, as at start

    # -- requests -----------------------------------------------------------------------------------------

    def init_producer_id(self, ctx: RequestContext, req: InitProducerIdRequest) -> Any:
        """Idempotent producers get an id here without the coordinator (TX-CO-2: nothing written);
        transactional ones go to it. A producer id block the disk cannot record is answered
        COORDINATOR_LOAD_IN_PROGRESS (Kafka's answer while it waits for a block): the client retries."""
        try:
            if req.transactional_id is None:
                return self._init_idempotent(req)
            answer = self.call(lambda c, r, v, token: c.init_producer_id(r, v, token), ctx, req)
        except StorageError as exc:
            return self._no_producer_id(ctx, exc)
        return self._guarded(ctx, answer) if asyncio.iscoroutine(answer) else answer

    async def _guarded(self, ctx: RequestContext, answer: Any) -> Any:
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

    def call(self, op: Operation, ctx: RequestContext, req: Any) -> Any:
        """Run one operation; the answer now when it waits on nothing, else an awaitable of it."""
        loading = self.ensure_state_topic()
        if loading is not None:
            return self._after_load(loading, op, ctx, req)
        return self._call(op, ctx, req)

    async def _after_load(self, loading: asyncio.Task[None], op: Operation, ctx: RequestContext,
                          req: Any) -> Any:
        await asyncio.wait((loading,))
        answer = self._call(op, ctx, req)
        return await answer if asyncio.isfuture(answer) or asyncio.iscoroutine(answer) else answer

    def _call(self, op: Operation, ctx: RequestContext, req: Any) -> Any:
        token = object()
        result = op(self.coordinator, req, ctx.version, token)
        response = result.response_for(token)
        done = self._dispatch(result)
        if done is None:
            return response
        return self._answer_when(done, req, response)

    @staticmethod
    async def _answer_when(done: asyncio.Task[bool], req: Any, response: Any) -> Any:
        # asyncio.wait: a request cancelled (its connection closed) never cancels the work it started.
        await asyncio.wait((done,))
        if not done.cancelled() and done.exception() is None and done.result():
            return response
        return _error_answer(response, req, E.NOT_COORDINATOR)

    # -- results ------------------------------------------------------------------------------------------

    def _dispatch(self, result: TxnResult) -> asyncio.Task[bool] | None:
        """Append the records now (in operation order), arm the timers; a task that completes (True) once every
        write the result depends on is durable and its markers are written, or None when there is nothing to
        wait for. False: a write failed (the partition reloads)."""
        self._apply_timers(result)
        waits: list[tuple[int, int, asyncio.Future[None]]] = []
        failed = False
        for p in sorted(set(result.records) | result.partitions):
            generation = self._generations.get(p, 0)
            records = result.records.get(p)
            if records:
                try:
                    self._tails[p] = self.state_log.append(p, records)
                except Exception as exc:
                    log.warning("transaction state append failed; reloading the partition", partition=p,
                                error=repr(exc))
                    self._reload(p)
                    failed = True
                    continue
            tail = self._tails.get(p)
            if tail is not None and not tail.done():
                waits.append((p, generation, tail))
        if not failed and not waits and not result.markers:
            return None
        return self._spawn(self._complete(result, waits, failed))

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def _complete(self, result: TxnResult, waits: list[tuple[int, int, asyncio.Future[None]]],
                        failed: bool) -> bool:
        if failed:
            return False
        for p, generation, tail in waits:
            await asyncio.wait((tail,))
            error = tail.exception() if not tail.cancelled() else asyncio.CancelledError()
            if error is not None:
                if self._generations.get(p, 0) == generation:
                    log.warning("transaction state flush failed; reloading the partition", partition=p,
                                error=repr(error))
                    self._reload(p)
                return False
            if self._generations.get(p, 0) != generation:
                return False
        ok = True
        for effect in result.markers:
            ok = await self._write_markers(effect) and ok
        return ok

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
        done = self._dispatch(self.coordinator.markers_written(
            effect.transactional_id, effect.producer_id, effect.producer_epoch, effect.committed))
        if done is None:
            return True
        await asyncio.wait((done,))
        return not done.cancelled() and done.exception() is None and done.result()

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
                    self.groups.runtime.complete_transaction(p, effect.producer_id, effect.producer_epoch,
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

    # -- timers -------------------------------------------------------------------------------------------

    def _apply_timers(self, result: TxnResult) -> None:
        if self._closed:
            return
        loop = asyncio.get_running_loop()
        for op in result.timers:
            handle = self._handles.pop(op.key, None)
            if handle is not None:
                handle.cancel()
            if op.deadline_ms is not None:
                delay_s = max(0, op.deadline_ms - self.clock.now_ms()) / 1000
                self._handles[op.key] = loop.call_at(loop.time() + delay_s, self._fire, op.key, op.deadline_ms)

    def _fire(self, key: str, deadline_ms: int) -> None:
        self._handles.pop(key, None)
        try:
            result = self.coordinator.on_timer(key, max(self.clock.now_ms(), deadline_ms))
        except Exception:
            log.exception("transaction timer failed", key=key)
            return
        self._dispatch(result)

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
        answer = self.coordinator.verify_partitions(transactional_id, producer_id, producer_epoch,
                                                    [(topic, partition)])[(topic, partition)]
        return None if answer is E.NONE else produce_verification_error(answer, version)

    def verify_txn_offset_commit(self, transactional_id: str, producer_id: int, producer_epoch: int,
                                 partition: int, version: int) -> ErrorCode | None:
        """TX-OFF-1: the group's offsets partition must be in the transaction (v<=3 INVALID_TXN_STATE, v4
        TRANSACTION_ABORTABLE); skipped, as Produce's check is, without transaction.partition.verification.enable."""
        if not self.config.transaction_partition_verification_enable:
            return None
        answer = self.coordinator.verify_partitions(transactional_id, producer_id, producer_epoch,
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
        return [md for _, md in sorted(self.coordinator.txns.items())]

    def time_out(self, transactional_id: str) -> bool:
        """A fault: the transaction's timeout expires now (fenced with epoch + 1 and aborted, TX-TO-1)."""
        result = self.coordinator.time_out(transactional_id)
        timed_out = bool(result.records)
        self._dispatch(result)
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
        if held and not self._closed:
            fault_log.info("fault cleared", fault="hold-txn-markers", transactions=len(held))
            for effect in held:
                self._spawn(self._write_markers(effect))



def _error_answer(response: Any, request: Any, error: ErrorCode) -> Any:
    """The request failed after its operation ran (a write failed, the partition reloads): the answer with only
    `error`, and InitProducerId's ids as Kafka's getErrorResponse sets them."""
    answer = error_response(type(response), request, error)
    if isinstance(answer, InitProducerIdResponse):
        answer.producer_id, answer.producer_epoch = -1, -1
    return answer
