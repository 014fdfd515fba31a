"""The transaction coordinator shard: Kafka's TransactionCoordinator, over its TransactionStateManager
(state_manager.py: partition ownership and loading, the metadata of every id, replay), sans-I/O.

It owns the `__transaction_state` partitions of this broker and every transactional id in them. Like the group
coordinator shard, each public handler is one atomic operation returning a TxnResult: records to append (applied
through `replay` at once, the code a load runs, so memory and log cannot drift apart), responses by token (delivered
once the records are durable), timer operations, and "write markers" effects. Kafka's "pending transition" window
(TX-CO-3) is the time the runtime takes to make a result durable: the runtime answers nothing before that, and a
failed append unloads and reloads the partition, which rebuilds the state the log holds.

The two-phase completion (TX-END-2): EndTxn/InitProducerId fence/timeout write PrepareCommit/PrepareAbort and emit
WriteTxnMarkers; once the broker has appended the markers it calls `markers_written`, which writes
CompleteCommit/CompleteAbort. A load that finds a transaction in Prepare* emits the markers again (TX-LOG-2).

TV1 only (TX-API-1): InitProducerId v0-5, AddPartitionsToTxn v0-3, AddOffsetsToTxn v0-4, EndTxn v0-4.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import structlog

from kaflite.clock import Clock, SystemClock
from kaflite.coordinator.partitioner import partition_for
from kaflite.coordinator.records import CONSUMER_OFFSETS
from kaflite.coordinator.result import TimerOp, Token
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
from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.describe import describe_transactions, list_transactions
from kaflite.transaction.records import (
    transaction_log_key,
    transaction_log_value,
)
from kaflite.transaction.result import TxnResult, WriteTxnMarkers
from kaflite.transaction.state import (
    COMPLETED_STATES,
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    SHORT_MAX,
    TopicPartition,
    TransactionMetadata,
    TransactionState,
    check_transition,
)
from kaflite.transaction.state_manager import PartitionStatus, TransactionStateManager

log = structlog.get_logger("kaflite.transaction")

E = ErrorCode
S = TransactionState

ABORT_TIMED_OUT_TIMER = "txn-abort-timed-out"  # TX-TO-1
REMOVE_EXPIRED_TIMER = "txn-remove-expired"  # TX-TO-2

# Requests below these versions get INVALID_PRODUCER_EPOCH(47) for PRODUCER_FENCED(90) (TX-API-3).
_FENCED_SINCE = {"InitProducerId": 4, "AddPartitionsToTxn": 2, "AddOffsetsToTxn": 2, "EndTxn": 2}

PartitionExists = Callable[[str, int], bool]
"""The broker's metadata: does topic-partition exist (AddPartitionsToTxn answers 3 for the others)."""
Coordinated = Callable[[int], bool]
"""Which `__transaction_state` partitions the broker a request came to coordinates (several brokers, issue 34)."""


def _counter() -> Callable[[], int]:
    it = itertools.count()
    return lambda: next(it)


class _Reject(Exception):
    """Control flow inside one handler: the error to answer."""

    def __init__(self, error: ErrorCode) -> None:
        self.error = error


class TransactionCoordinator(TransactionStateManager):
    """Every transactional id of the `__transaction_state` partitions this broker owns: the transaction APIs, the
    two-phase completion and the timers, over the state its base (`TransactionStateManager`) keeps.

    `partitions=None`: every partition owned and active (tests, nothing to load); otherwise they start not owned
    and the runtime loads them (`begin_load`, `replay`..., `complete_load`). `allocate_producer_id` is the broker's
    persisted allocator (kaflite.storage.meta.ProducerIdManager.allocate, shared with idempotent producers so ids
    never repeat, TX-CO-2); the default counts from 0 (tests).
    """

    def __init__(
        self,
        config: TransactionCoordinatorConfig | None = None,
        clock: Clock | None = None,
        *,
        partitions: Iterable[int] | None = None,
        allocate_producer_id: Callable[[], int] | None = None,
        partition_exists: PartitionExists | None = None,
        coordinator_epoch: int = 0,
    ) -> None:
        super().__init__(config or TransactionCoordinatorConfig(), partitions=partitions,
                         coordinator_epoch=coordinator_epoch)
        self.clock: Clock = clock or SystemClock()
        self.allocate_producer_id = allocate_producer_id or _counter()
        self.partition_exists: PartitionExists = partition_exists or (lambda _t, _p: True)
        self.timers: dict[str, int] = {}
        self._out: TxnResult | None = None

    def complete_load(self, partition: int) -> TxnResult:
        """TX-LOG-2: the partition serves; a transaction caught in Prepare* gets its markers again (TX-END-3)."""
        with self.operation() as out:
            self._set_status(partition, PartitionStatus.ACTIVE)
            loaded = [md for md in self.txns.values() if self.partition_for(md.transactional_id) == partition]
            for md in loaded:
                if md.state in (S.PREPARE_COMMIT, S.PREPARE_ABORT):
                    log.info("txn.resume_completion", transactional_id=md.transactional_id, state=str(md.state))
                    self._emit_markers(md, md.state is S.PREPARE_COMMIT)
            self._arm_periodic_timers()
            log.log(logging.INFO if loaded else logging.DEBUG, "txn.loaded", partition=partition,
                    transactional_ids=len(loaded))
        return out

    def unload(self, partition: int) -> TxnResult:
        """Lost ownership, or an append failed: forget the partition (a reload rebuilds it from the log)."""
        with self.operation() as out:
            self._drop_partition(partition)
            self._set_status(partition, None)
        return out

    def start(self) -> TxnResult:
        """Arm the periodic tasks (TX-TO-1, TX-TO-2); `complete_load` does it too."""
        with self.operation() as out:
            self._arm_periodic_timers()
        return out

    # ================================================================== the operation under way
    @contextmanager
    def operation(self) -> Iterator[TxnResult]:
        if self._out is not None:
            raise RuntimeError("transaction coordinator operations do not nest")
        self._out = TxnResult()
        try:
            yield self._out
        finally:
            self._out = None

    @property
    def res(self) -> TxnResult:
        assert self._out is not None, "outside an operation"
        return self._out

    def now(self) -> int:
        return self.clock.now_ms()

    def _respond(self, token: Token, transactional_id: str | None, response: object) -> None:
        """Answer after every earlier write of the id's partition (TX-CO-3)."""
        if transactional_id:
            self.res.partitions.add(self.partition_for(transactional_id))
        self.res.responses.append((token, response))

    def _append(self, transactional_id: str, value: bytes | None) -> None:
        p = self.partition_for(transactional_id)
        key = transaction_log_key(transactional_id)
        self.res.records.setdefault(p, []).append((key, value))
        self.res.partitions.add(p)
        self.replay(key, value)

    def _write(
        self,
        md: TransactionMetadata | None,
        transactional_id: str,
        *,
        producer_id: int,
        producer_epoch: int,
        timeout_ms: int,
        state: TransactionState,
        partitions: Iterable[TopicPartition],
        start_ms: int,
    ) -> TransactionMetadata:
        """One transition as one record (TX-LOG-1); replay applies it. Returns the (possibly new) metadata."""
        if md is not None:
            check_transition(transactional_id, md.pending_state or md.state, state)
        previous_pid = producer_id if md is None else md.producer_id
        value = transaction_log_value(producer_id, producer_epoch, timeout_ms, state, partitions, self.now(), start_ms)
        self._append(transactional_id, value)
        new = self.txns[transactional_id]
        new.pending_state = None
        new.previous_producer_id = previous_pid  # TM.prepareTransitionTo: the id before the transition
        return new

    # ================================================================== timers
    def _schedule(self, key: str, delay_ms: int) -> None:
        deadline = self.now() + max(0, delay_ms)
        self.timers[key] = deadline
        self.res.timers.append(TimerOp(key, deadline))

    def _arm_periodic_timers(self) -> None:
        if ABORT_TIMED_OUT_TIMER not in self.timers:
            self._schedule(ABORT_TIMED_OUT_TIMER,
                           self.config.transaction_abort_timed_out_transaction_cleanup_interval_ms)
        if REMOVE_EXPIRED_TIMER not in self.timers:
            self._schedule(REMOVE_EXPIRED_TIMER,
                           self.config.transaction_remove_expired_transaction_cleanup_interval_ms)

    def timer_deadline(self, key: str) -> int | None:
        """When timer `key` is due (None: not scheduled): the runtime's check for a stale handle."""
        return self.timers.get(key)

    def on_timer(self, key: str, now_ms: int | None = None) -> TxnResult:
        """A timer fired: run it unless stale (not due, or unknown); periodic tasks re-arm themselves."""
        now = self.now() if now_ms is None else now_ms
        with self.operation() as out:
            deadline = self.timers.get(key)
            if deadline is None or deadline > now:
                return out
            del self.timers[key]
            if key == ABORT_TIMED_OUT_TIMER:
                self._abort_timed_out_transactions()
            elif key == REMOVE_EXPIRED_TIMER:
                self._remove_expired_transactional_ids()
            self._arm_periodic_timers()
        return out

    def tick(self, now_ms: int | None = None) -> TxnResult:
        """Fire every due timer (tests and simple drivers); one merged result."""
        now = self.now() if now_ms is None else now_ms
        merged = TxnResult()
        for key in sorted((k for k, d in self.timers.items() if d <= now), key=lambda k: self.timers[k]):
            merged.merge(self.on_timer(key, now))
        return merged

    def abort_timed_out_transactions(self) -> TxnResult:
        """TX-TO-1 now (the periodic task, callable directly: the fault "time out a transaction now")."""
        with self.operation() as out:
            self._abort_timed_out_transactions()
        return out

    def time_out(self, transactional_id: str) -> TxnResult:
        """TX-TO-1 for one id now, whatever its start time (the fault "time out a transaction now"): an Ongoing
        transaction is fenced (epoch + 1) and aborted; any other state is left alone (an empty result)."""
        with self.operation() as out:
            md = self.txns.get(transactional_id)
            if md is not None and md.state is S.ONGOING and md.pending_state is None and self._active(md):
                log.info("txn.timed_out", transactional_id=transactional_id, producer_id=md.producer_id,
                         producer_epoch=md.producer_epoch, timeout_ms=md.txn_timeout_ms, forced=True)
                self._fence_and_abort(md)
        return out

    def remove_expired_transactional_ids(self) -> TxnResult:
        with self.operation() as out:
            self._remove_expired_transactional_ids()
        return out

    def _active(self, md: TransactionMetadata) -> bool:
        return self.partition_status(self.partition_for(md.transactional_id)) is PartitionStatus.ACTIVE

    def _abort_timed_out_transactions(self) -> None:
        """TX-TO-1: every Ongoing transaction past start + timeout is fenced (epoch+1) and aborted."""
        now = self.now()
        for md in list(self.txns.values()):
            if (md.state is S.ONGOING and md.pending_state is None and self._active(md)
                    and md.txn_start_timestamp_ms + md.txn_timeout_ms < now):
                log.info("txn.timed_out", transactional_id=md.transactional_id, producer_id=md.producer_id,
                         producer_epoch=md.producer_epoch, timeout_ms=md.txn_timeout_ms)
                self._fence_and_abort(md)

    def _remove_expired_transactional_ids(self) -> None:
        """TX-TO-2: ids idle in Empty/Complete* longer than transactional.id.expiration.ms get a tombstone."""
        cutoff = self.now() - self.config.transactional_id_expiration_ms
        for md in list(self.txns.values()):
            if (md.state in COMPLETED_STATES and md.pending_state is None and self._active(md)
                    and md.txn_last_update_timestamp_ms <= cutoff):
                check_transition(md.transactional_id, md.state, S.DEAD)
                log.info("txn.expired", transactional_id=md.transactional_id, producer_id=md.producer_id)
                self._append(md.transactional_id, None)

    # ================================================================== InitProducerId (TX-INIT-*)
    def init_producer_id(self, request: InitProducerIdRequest, version: int, token: Token) -> TxnResult:
        with self.operation() as out:
            tid = request.transactional_id
            try:
                pid, epoch = self._init_producer_id(request, version)
                resp = InitProducerIdResponse(producer_id=pid, producer_epoch=epoch)
            except _Reject as r:
                err = _downgrade(r.error, "InitProducerId", version)
                resp = InitProducerIdResponse(error_code=err, producer_id=-1, producer_epoch=-1)
            self._respond(token, tid, resp)
        return out

    def _init_producer_id(self, request: InitProducerIdRequest, version: int) -> tuple[int, int]:
        tid = request.transactional_id
        if tid is None:
            return self.allocate_producer_id(), 0  # TX-CO-2: idempotent producer, nothing written
        if tid == "":
            raise _Reject(E.INVALID_REQUEST)
        expected_pid, expected_epoch = (request.producer_id, request.producer_epoch) if version >= 3 else (-1, -1)
        if (expected_pid == NO_PRODUCER_ID) != (expected_epoch == NO_PRODUCER_EPOCH):
            raise _Reject(E.INVALID_REQUEST)  # TX-INIT-1
        expected = expected_pid != NO_PRODUCER_ID
        timeout = request.transaction_timeout_ms
        if timeout <= 0 or timeout > self.config.transaction_max_timeout_ms:
            raise _Reject(E.INVALID_TRANSACTION_TIMEOUT)
        err = self._partition_error(tid)
        if err is not None:
            raise _Reject(err)
        md = self.txns.get(tid)
        if md is None:  # TX-INIT-2
            pid = self.allocate_producer_id()
            new = self._write(None, tid, producer_id=pid, producer_epoch=0, timeout_ms=timeout, state=S.EMPTY,
                              partitions=(), start_ms=-1)
            log.info("txn.initialized", transactional_id=tid, producer_id=pid, producer_epoch=0)
            return new.producer_id, new.producer_epoch
        if md.pending_state is not None:
            raise _Reject(E.CONCURRENT_TRANSACTIONS)
        if expected and not (md.producer_epoch == NO_PRODUCER_EPOCH or expected_pid == md.producer_id
                             or (expected_pid == md.previous_producer_id and _exhausted(expected_epoch))):
            raise _Reject(E.PRODUCER_FENCED)  # TX-INIT-3
        if md.state in (S.PREPARE_COMMIT, S.PREPARE_ABORT):
            raise _Reject(E.CONCURRENT_TRANSACTIONS)  # TX-INIT-5
        if md.state is S.ONGOING:
            self._fence_and_abort(md)  # TX-INIT-4: the client retries and lands in TX-INIT-3
            raise _Reject(E.CONCURRENT_TRANSACTIONS)
        if md.state not in COMPLETED_STATES:
            raise RuntimeError(f"transactional id {tid!r} found in {md.state}: never a resting state")
        if md.epoch_exhausted and (not expected or expected_epoch == md.producer_epoch):
            # Rotation: a new producer id at epoch 0; the old (pid, epoch) stays recognised for a retry.
            new_pid, new_epoch = self.allocate_producer_id(), 0
            last_epoch = md.producer_epoch if expected else NO_PRODUCER_EPOCH
        elif not expected:
            new_pid, new_epoch, last_epoch = md.producer_id, md.producer_epoch + 1, NO_PRODUCER_EPOCH
        elif md.producer_epoch == NO_PRODUCER_EPOCH or expected_epoch == md.producer_epoch:
            new_pid, new_epoch, last_epoch = md.producer_id, md.producer_epoch + 1, md.producer_epoch
        elif expected_epoch == md.last_producer_epoch:
            # A retry whose answer was lost: the stored epoch again, unbumped (an Empty record is still written).
            new_pid, new_epoch, last_epoch = md.producer_id, md.producer_epoch, md.last_producer_epoch
        else:
            raise _Reject(E.PRODUCER_FENCED)
        new = self._write(md, tid, producer_id=new_pid, producer_epoch=new_epoch, timeout_ms=timeout, state=S.EMPTY,
                          partitions=(), start_ms=-1)
        new.last_producer_epoch = last_epoch
        log.info("txn.initialized", transactional_id=tid, producer_id=new_pid, producer_epoch=new_epoch)
        return new_pid, new_epoch

    # ================================================================== AddPartitionsToTxn / AddOffsetsToTxn
    def add_partitions_to_txn(self, request: AddPartitionsToTxnRequest, version: int, token: Token) -> TxnResult:
        """v0-3 (TX-API-2); the v4+ broker-to-broker form is not served here."""
        with self.operation() as out:
            tid = request.v3_and_below_transactional_id
            if version > 3:
                self._respond(token, None, AddPartitionsToTxnResponse(error_code=E.UNSUPPORTED_VERSION))
                return out
            topics = request.v3_and_below_topics or []
            wanted = [(t.name, p) for t in topics for p in t.partitions or ()]
            # TX-ADD-1: per partition first; one unknown partition and nothing is attempted.
            errors = {tp: E.UNKNOWN_TOPIC_OR_PARTITION for tp in wanted if not self.partition_exists(*tp)}
            if errors:
                answer = {tp: errors.get(tp, E.OPERATION_NOT_ATTEMPTED) for tp in wanted}
            else:
                err = self._add_partitions(tid, request.v3_and_below_producer_id,
                                           request.v3_and_below_producer_epoch, set(wanted))
                err = _downgrade(err, "AddPartitionsToTxn", version)
                answer = dict.fromkeys(wanted, err)
            self._respond(token, tid, AddPartitionsToTxnResponse(results_by_topic_v3_and_below=_by_topic(answer)))
        return out

    def add_offsets_to_txn(self, request: AddOffsetsToTxnRequest, version: int, token: Token) -> TxnResult:
        """TX-ADD-3: the group's `__consumer_offsets` partition joins the transaction."""
        with self.operation() as out:
            p = partition_for(request.group_id, self.config.offsets_topic_num_partitions)
            err = self._add_partitions(request.transactional_id, request.producer_id, request.producer_epoch,
                                       {(CONSUMER_OFFSETS, p)})
            err = _downgrade(err, "AddOffsetsToTxn", version)
            self._respond(token, request.transactional_id, AddOffsetsToTxnResponse(error_code=err))
        return out

    def _add_partitions(self, tid: str | None, pid: int, epoch: int, added: set[TopicPartition]) -> ErrorCode:
        """TX-ADD-2, in Kafka's order."""
        if not tid:
            return E.INVALID_REQUEST
        err = self._partition_error(tid)
        if err is not None:
            return err
        md = self.txns.get(tid)
        if md is None:
            return E.INVALID_PRODUCER_ID_MAPPING
        if md.pending_state is not None:
            return E.CONCURRENT_TRANSACTIONS
        if md.producer_id != pid:
            return E.INVALID_PRODUCER_ID_MAPPING
        if md.producer_epoch != epoch:
            return E.PRODUCER_FENCED
        if md.state in (S.PREPARE_COMMIT, S.PREPARE_ABORT):
            return E.CONCURRENT_TRANSACTIONS
        if md.state is S.ONGOING and added <= md.partitions:
            return E.NONE
        starting = md.state in COMPLETED_STATES
        self._write(md, tid, producer_id=md.producer_id, producer_epoch=md.producer_epoch,
                    timeout_ms=md.txn_timeout_ms, state=S.ONGOING,
                    partitions=(added if starting else md.partitions | added),
                    start_ms=self.now() if starting else md.txn_start_timestamp_ms)
        return E.NONE

    def verify_partitions(self, transactional_id: str | None, producer_id: int, producer_epoch: int,
                          partitions: Iterable[TopicPartition]) -> dict[TopicPartition, ErrorCode]:
        """TX-ADD-4 / TX-PRD-2: is each partition in the (pid, epoch)'s ongoing transaction? A read, no record.

        Kafka's handleVerifyPartitionsInTransaction; the broker's Produce verification translates the answers
        (TX-PRD-2: TRANSACTION_ABORTABLE -> 48 for Produce v<=10, 120 for v11; 51 or loading -> 19; 90 -> 47).
        """
        parts = list(partitions)
        err: ErrorCode | None
        if not transactional_id:
            err = E.INVALID_REQUEST
        else:
            err = self._partition_error(transactional_id)
            md = self.txns.get(transactional_id)
            if err is None:
                if md is None or md.producer_id != producer_id:
                    err = E.INVALID_PRODUCER_ID_MAPPING
                elif md.producer_epoch != producer_epoch:
                    err = E.PRODUCER_FENCED
                elif md.state in (S.PREPARE_COMMIT, S.PREPARE_ABORT):
                    err = E.CONCURRENT_TRANSACTIONS
                else:
                    return {tp: E.NONE if tp in md.partitions else E.TRANSACTION_ABORTABLE for tp in parts}
        return dict.fromkeys(parts, err)

    # ================================================================== EndTxn, TV1 (TX-END-*)
    def end_txn(self, request: EndTxnRequest, version: int, token: Token) -> TxnResult:
        with self.operation() as out:
            tid = request.transactional_id
            if version > 4:
                err = E.UNSUPPORTED_VERSION  # v5 means TV2 (TX-API-2)
            else:
                err = _downgrade(self._end_txn(tid, request.producer_id, request.producer_epoch, request.committed),
                                 "EndTxn", version)
            self._respond(token, tid, EndTxnResponse(error_code=err))
        return out

    def _end_txn(self, tid: str, pid: int, epoch: int, commit: bool) -> ErrorCode:
        if not tid:
            return E.INVALID_REQUEST
        err = self._partition_error(tid)
        if err is not None:
            return err
        md = self.txns.get(tid)
        if md is None or md.producer_id != pid:
            return E.INVALID_PRODUCER_ID_MAPPING
        if md.producer_epoch != epoch:
            return E.PRODUCER_FENCED
        if md.pending_state is not None:
            return E.CONCURRENT_TRANSACTIONS
        state = md.state
        if state is S.ONGOING:
            self._prepare(md, commit, md.producer_epoch)
            return E.NONE
        if state is S.PREPARE_COMMIT:
            return E.CONCURRENT_TRANSACTIONS if commit else E.INVALID_TXN_STATE
        if state is S.PREPARE_ABORT:
            return E.INVALID_TXN_STATE if commit else E.CONCURRENT_TRANSACTIONS
        if state is S.COMPLETE_COMMIT:
            return E.NONE if commit else E.INVALID_TXN_STATE  # a retry: no record
        if state is S.COMPLETE_ABORT:
            return E.INVALID_TXN_STATE if commit else E.NONE
        return E.INVALID_TXN_STATE  # Empty

    # ================================================================== two-phase completion (TX-END-2)
    def _fence_and_abort(self, md: TransactionMetadata) -> None:
        """TX-INIT-4 / TX-TO-1: PrepareEpochFence (pending, never written) then PrepareAbort at epoch+1."""
        if md.producer_epoch >= SHORT_MAX:
            raise RuntimeError(f"transactional id {md.transactional_id!r}: epoch {md.producer_epoch} cannot be fenced")
        check_transition(md.transactional_id, md.state, S.PREPARE_EPOCH_FENCE)
        md.pending_state = S.PREPARE_EPOCH_FENCE
        log.info("txn.fencing", transactional_id=md.transactional_id, producer_id=md.producer_id,
                 producer_epoch=md.producer_epoch + 1)
        new = self._prepare(md, False, md.producer_epoch + 1)
        new.last_producer_epoch = NO_PRODUCER_EPOCH

    def _prepare(self, md: TransactionMetadata, commit: bool, epoch: int) -> TransactionMetadata:
        new = self._write(md, md.transactional_id, producer_id=md.producer_id, producer_epoch=epoch,
                          timeout_ms=md.txn_timeout_ms, state=S.PREPARE_COMMIT if commit else S.PREPARE_ABORT,
                          partitions=md.partitions, start_ms=md.txn_start_timestamp_ms)
        log.info("txn.prepared", transactional_id=md.transactional_id, state=str(new.state),
                 partitions=len(new.partitions))
        self._emit_markers(new, commit)
        return new

    def _emit_markers(self, md: TransactionMetadata, commit: bool) -> None:
        p = self.partition_for(md.transactional_id)
        self.res.markers.append(WriteTxnMarkers(
            transactional_id=md.transactional_id,
            producer_id=md.producer_id,
            producer_epoch=md.producer_epoch,
            committed=commit,
            coordinator_epoch=self.coordinator_epoch(p),
            partitions=tuple(sorted(md.partitions)),
            transaction_state_partition=p,
        ))

    def markers_written(self, transactional_id: str, producer_id: int, producer_epoch: int,
                        committed: bool) -> TxnResult:
        """The runtime appended every marker of a WriteTxnMarkers effect: write CompleteCommit/CompleteAbort.

        Stale reports (the id moved on, was reloaded elsewhere, or the partition is not active) change nothing:
        a load re-emits the markers of whatever is still in Prepare*.
        """
        with self.operation() as out:
            md = self.txns.get(transactional_id)
            prepared = S.PREPARE_COMMIT if committed else S.PREPARE_ABORT
            if (md is None or md.state is not prepared or md.producer_id != producer_id
                    or md.producer_epoch != producer_epoch or not self._active(md)):
                log.info("txn.markers_written_stale", transactional_id=transactional_id)
                return out
            new = self._write(md, transactional_id, producer_id=md.producer_id, producer_epoch=md.producer_epoch,
                              timeout_ms=md.txn_timeout_ms,
                              state=S.COMPLETE_COMMIT if committed else S.COMPLETE_ABORT,
                              partitions=(), start_ms=md.txn_start_timestamp_ms)
            log.info("txn.completed", transactional_id=transactional_id, state=str(new.state))
        return out

    # ================================================================== Describe / List (TX-DESC-*)
    def describe_transactions(self, request: DescribeTransactionsRequest, version: int, token: Token,
                              coordinates: Coordinated | None = None) -> TxnResult:
        """`coordinates`: the partitions the request's broker coordinates (several brokers; None: every one);
        another broker's ids are NOT_COORDINATOR."""

        def partition_error(tid: str) -> ErrorCode | None:
            if coordinates is not None and not coordinates(self.partition_for(tid)):
                return E.NOT_COORDINATOR
            return self._partition_error(tid)

        with self.operation() as out:
            self._respond(token, None, describe_transactions(self.txns, request, partition_error))
        return out

    def list_transactions(self, request: ListTransactionsRequest, version: int, token: Token,
                          coordinates: Coordinated | None = None) -> TxnResult:
        """The transactions of the partitions the request's broker coordinates (`coordinates`; None: every one):
        Kafka's admin client asks every broker and merges."""
        with self.operation() as out:
            loading = any(s is PartitionStatus.LOADING and (coordinates is None or coordinates(p))
                          for p, s in self._status.items())
            active = [(tid, md) for tid, md in sorted(self.txns.items()) if self._active(md)
                      and (coordinates is None or coordinates(self.partition_for(tid)))]
            self._respond(token, None, list_transactions(active, request, version, self.now(), loading))
        return out


def _exhausted(epoch: int) -> bool:
    return epoch >= SHORT_MAX - 1


def _downgrade(error: ErrorCode, api: str, version: int) -> ErrorCode:
    """TX-API-3: old clients do not know PRODUCER_FENCED."""
    if error is E.PRODUCER_FENCED and version < _FENCED_SINCE[api]:
        return E.INVALID_PRODUCER_EPOCH
    return error


_TopicResult = AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult


def _by_topic(answer: dict[TopicPartition, ErrorCode]) -> list[_TopicResult]:
    R = AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult
    P = AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult
    by_topic: dict[str, list[AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult]] = {}
    for (t, p), err in answer.items():
        by_topic.setdefault(t, []).append(P(partition_index=p, partition_error_code=err))
    return [R(name=t, results_by_partition=ps) for t, ps in by_topic.items()]
