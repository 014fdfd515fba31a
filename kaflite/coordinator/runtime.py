"""The coordinator's only async module: Kafka's CoordinatorRuntime on one asyncio event loop.

It runs each operation of the pure GroupCoordinator synchronously (no await inside a state change,
B-JOIN-1), appends the records the operation produced to `__consumer_offsets` through a writer,
and only once they are durable releases the responses (B-OFF-2, B-SYNC-2). Writes to one partition
are chained in order. An answer that reads a group's state (JoinGroup, SyncGroup, Heartbeat,
LeaveGroup, OffsetCommit, OffsetDelete, DeleteGroups: the handler "touches" the group's partition)
waits for that partition's earlier writes even with no records of its own, so it never reports a
state the log does not hold yet. OffsetFetch, DescribeGroups and ListGroups do not wait: they are
answered from memory at once, which may show a write still in flight (Kafka reads at the last
committed offset instead; coordinator/README.md lists the difference). A failed append reloads
that partition from the log (Kafka reverts to the last committed snapshot; we rebuild by replay)
and fails the requests that depended on it. Timers are `loop.call_at` handles; a fired timer is
just another operation, and a stale one is ignored.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import itertools
import logging
from collections.abc import AsyncIterable, Awaitable, Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

import structlog

from kaflite.clock import Clock, SystemClock
from kaflite.coordinator.apis import BY_NAME, GroupApi
from kaflite.coordinator.config import GroupConfigs, GroupCoordinatorConfig
from kaflite.coordinator.durable_answer import DurableAnswer
from kaflite.protocol.errors import ErrorCode

# The group machinery (the shard and what it imports) loads where a runtime is built: the broker imports
# this module at start (SKIPPED_RECORDS_LOGGED) and builds its runtime on the first group
# request (issue 14: start-up).
if TYPE_CHECKING:
    from kaflite.coordinator.context import PartitionStatus
    from kaflite.coordinator.group import Transition, TransitionListener
    from kaflite.coordinator.metadata import MetadataImage
    from kaflite.coordinator.offsets import PartitionExists, TransactionVerifier
    from kaflite.coordinator.records import LoadedRecord, ProducerIdAndEpoch, Record
    from kaflite.coordinator.result import CoordinatorResult, RequestContext
    from kaflite.coordinator.snapshot import GroupSnapshot

log = structlog.get_logger("kaflite.coordinator.runtime")

SKIPPED_RECORDS_LOGGED = 10  # per load: a damaged log may hold many bad records; the summary counts them all

RecordSource = Iterable["LoadedRecord"] | AsyncIterable["LoadedRecord"]


@functools.cache
def state_names() -> frozenset[str]:
    """Kafka's state names of every group type: a misspelt state fails the wait at once instead of timing out."""
    from kaflite.coordinator.classic.state import GroupState
    from kaflite.coordinator.consumer.group import ConsumerGroupState

    return frozenset(s.value for s in (*GroupState, *ConsumerGroupState))


@functools.cache
def session_timer_kinds() -> frozenset[str]:
    """The timer kinds that are a member's session (classic heartbeat, KIP-848 session timeout): a timer
    of one of these kinds with the member id as its first argument is that member's session timer."""
    from kaflite.coordinator.classic.rebalance import HEARTBEAT
    from kaflite.coordinator.consumer.manager import SESSION_TIMEOUT

    return frozenset({HEARTBEAT, SESSION_TIMEOUT})


class CoordinatorWriter(Protocol):
    """Appends coordinator records to a `__consumer_offsets` partition.

    `append` is called in operation order; the awaitable it returns completes once the records are
    durable. A writer may append synchronously during the call and share one fsync among the
    appends of a loop iteration (group commit); an `async def append` works too (appended when
    awaited, still in order). Raising means the records may not be in the log: the runtime
    reloads the partition. A returned future with an `add_listener(callback)` method calls the
    callback in the turn it is settled, which spares the answers it releases a loop iteration.

    A TxnOffsetCommit's records come with `producer=ProducerIdAndEpoch(...)` (the keyword is passed
    only then): they are one transactional batch of that producer, in Kafka's layout (producer id and
    epoch, base sequence 0, the transactional attribute; TX-OFF-2), appended without the client
    sequence checks (Kafka's AppendOrigin.COORDINATOR), so that partition's producer state sees the
    open transaction its commit/abort marker will close.
    """

    def append(self, partition: int, records: list[Record], *, producer: ProducerIdAndEpoch | None = None
               ) -> Awaitable[None]: ...


class CoordinatorLoader(Protocol):
    """Reads a `__consumer_offsets` partition from its first offset to its end, as (key, value) pairs.

    Records of transactional batches come as `TransactionalRecord`s and control batches as
    `EndTransactionMarker`s, at their positions in the log (TX-OFF-3); plain records may be folded to
    each key's last value (what compaction leaves), transactional ones must not be.

    `read` may return a plain iterable, an async iterable, or an awaitable of either.
    """

    def read(self, partition: int) -> RecordSource | Awaitable[RecordSource]: ...


class _StaleWrite(Exception):
    """The partition was reloaded since this write was queued: its state change no longer exists."""


@dataclass(slots=True)
class _Pending:
    """A request between its operation and its answer; `future` only once the caller must wait."""

    future: asyncio.Future[Any] | None
    api: GroupApi
    request: Any
    version: int
    partition: int | None
    done: bool = False
    response: Any = None

    def resolve(self, response: Any) -> None:
        if self.done:
            return
        self.done, self.response = True, response
        if self.future is not None and not self.future.done():
            self.future.set_result(response)


_NO_RECORDS: list[Record] = []


class _Write:
    """`_write` as done callbacks: wait for the previous write of the partition (whatever its outcome),
    drop the write if the partition was reloaded since (`_StaleWrite`), then wait for the writer's
    future; its failure reloads the partition. Completes `done` with the outcome, and tells
    `on_settled` (the results waiting on this write alone) at once, without one more loop iteration.

    The operations of one turn that append to the same partition join one write (`_enqueue_write`): the
    writer hands them the same future (the partition's next flush), so one `_Write` with their record
    count and their listeners completes exactly when separate ones would.

    The writes of a partition queued behind this one (`followers`) start the moment it settles, in the
    same loop turn: one fsync that covers a run of pipelined commits releases all their answers at once
    (the connection then sends them in one write), not one per loop iteration down the chain. The done
    callback each also registers is then a no-op (`started`); it still starts a follower whose
    predecessor was cancelled instead of settled."""

    __slots__ = ("count", "done", "durable", "epoch", "failure", "followers", "on_settled", "partition", "runtime",
                 "started")

    def __init__(self, runtime: CoordinatorRuntime, done: asyncio.Future[None], partition: int, epoch: int,
                 count: int, durable: asyncio.Future[None] | None, failure: Exception | None) -> None:
        self.runtime, self.done, self.partition, self.epoch = runtime, done, partition, epoch
        self.count, self.durable, self.failure = count, durable, failure
        self.on_settled: list[Callable[[bool], None]] | None = None
        self.followers: list[_Write] | None = None
        self.started = False

    def after(self, previous: asyncio.Future[None] | None, previous_write: _Write | None = None) -> None:
        if previous is not None and not previous.done():
            if previous_write is not None and previous_write.done is previous:
                if previous_write.followers is None:
                    previous_write.followers = []
                previous_write.followers.append(self)
            previous.add_done_callback(self._previous_done)
        elif self.failure is not None:  # the writer raised: handled on the next turn, as the Task did
            asyncio.get_running_loop().call_soon(self._previous_done, previous)
        else:
            self._previous_done(previous)

    def _previous_done(self, _previous: asyncio.Future[None] | None) -> None:
        if self.started:  # started by its predecessor's _settle already
            return
        self.started = True
        if self.done.done():  # cancelled (the runtime closed)
            return
        if self.runtime._epochs.get(self.partition, 0) != self.epoch:
            self._settle(_StaleWrite(self.partition))
            return
        if self.failure is not None:
            self._failed(self.failure)
            return
        durable = self.durable
        if durable is None:
            self._settle(None)
        elif durable.done():
            self._durable(durable)
        else:
            add_listener = getattr(durable, "add_listener", None)
            if add_listener is not None:  # told in the turn the flush settles (broker.flush.Flushed)
                add_listener(self._durable)
            durable.add_done_callback(self._durable)  # (a no-op once settled: cancellation's path)

    def _durable(self, durable: asyncio.Future[None]) -> None:
        if self.done.done():
            return
        if durable.cancelled():  # as an awaiting Task: cancelled too, no reload
            self._settle(None, cancelled=True)
            return
        exc = durable.exception()
        if exc is None:
            self._settle(None)
        elif isinstance(exc, Exception):
            self._failed(exc)
        else:
            self._settle(exc)

    def _failed(self, exc: Exception) -> None:
        self.runtime._append_failed(self.partition, self.epoch, self.count, exc)
        self._settle(exc)

    def _settle(self, exc: BaseException | None, *, cancelled: bool = False) -> None:
        done = self.done
        if cancelled:
            done.cancel()
        elif exc is None:
            done.set_result(None)
        else:
            done.set_exception(exc)
        settled, self.on_settled = self.on_settled, None
        if settled is not None:
            if exc is not None:
                done.exception()  # retrieved: the listeners are told instead
            failed = cancelled or exc is not None
            for listener in settled:
                listener(failed)
        followers, self.followers = self.followers, None
        if followers:
            self.runtime._start_writes(followers)


class CoordinatorRuntime:
    """The broker's entry point to the group coordinator (one per broker, all owned partitions)."""

    def __init__(
        self,
        writer: CoordinatorWriter,
        loader: CoordinatorLoader,
        config: GroupCoordinatorConfig | None = None,
        *,
        clock: Clock | None = None,
        member_id_factory: Callable[[str], str] | None = None,
        load_batch: int = 1_000,
        partition_exists: PartitionExists | None = None,
        metadata: MetadataImage | None = None,
        group_configs: GroupConfigs | None = None,
        verify_transaction: TransactionVerifier | None = None,
    ) -> None:
        from kaflite.coordinator.shard import GroupCoordinator  # the group machinery, imported with the first runtime

        self.config = config or GroupCoordinatorConfig()
        self._clock: Clock = clock or SystemClock()
        kwargs: dict[str, Any] = {}
        if member_id_factory is not None:
            kwargs["member_id_factory"] = member_id_factory
        self.coordinator = GroupCoordinator(
            self.config, self._clock, partitions=(), partition_exists=partition_exists, metadata=metadata,
            group_configs=group_configs, verify_transaction=verify_transaction, **kwargs
        )
        self._writer = writer
        self._loader = loader
        self._load_batch = load_batch
        self._tokens = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._tails: dict[int, asyncio.Future[None]] = {}
        self._tail_writes: dict[int, _Write] = {}  # the tail's _Write, when the tail is one
        self._starting: list[_Write] | None = None  # writes to start, while _start_writes runs (no recursion)
        self._epochs: dict[int, int] = {}
        self._handles: dict[str, tuple[asyncio.TimerHandle, int]] = {}
        self._waiters: set[asyncio.Future[None]] = set()
        self._background: set[asyncio.Task[Any]] = set()
        self._closed = False
        self.coordinator.add_listener(lambda _t: self._wake())

    # ================================================================== group APIs
    def call(self, api: str | GroupApi, request: Any, version: int, ctx: RequestContext) -> Any:
        """Run one group API (a row of `apis.GROUP_APIS`, or its name); returns the response itself
        when it needs no write (most heartbeats, syncs and fetches), else an awaitable of it.

        Answering inline spares the connection a Task and a Future per request (two event-loop
        iterations): the difference between ~10k and many more heartbeats/s on one core.
        """
        row = BY_NAME[api] if isinstance(api, str) else api
        if self._closed:
            return row.error_answer(request, version, ErrorCode.COORDINATOR_NOT_AVAILABLE)
        group_id = row.group_of(request, version) if row.group_of is not None else None
        token = next(self._tokens)
        partition = self.coordinator.partition_for(group_id) if group_id is not None else None  # "" is a group
        pending = _Pending(None, row, request, version, partition)
        self._pending[token] = pending
        try:
            result: CoordinatorResult = row.handler(self.coordinator, request, version, ctx, token)
        except BaseException:
            self._pending.pop(token, None)
            raise
        self._dispatch(result)
        if pending.done:
            return pending.response
        # The future itself, not a coroutine around it: the connection answers from its done callback,
        # without a Task per request. The token leaves `_pending` when it is answered or failed.
        loop = asyncio.get_running_loop()
        responses = result.responses
        if (responses and responses[0][0] == token) or any(t == token for t, _ in responses):  # decided; not durable
            future: asyncio.Future[Any] = DurableAnswer(loop=loop)
        else:
            future = loop.create_future()
        pending.future = future
        return future

    async def handle(self, api: str | GroupApi, request: Any, version: int, ctx: RequestContext) -> Any:
        """`call`, always awaitable (tests and simple drivers)."""
        result = self.call(api, request, version, ctx)
        return await result if inspect.isawaitable(result) else result

    # ================================================================== FindCoordinator
    def find_coordinator_partition(self, key: str) -> int:
        """`abs(javaStringHashCode(key)) % offsets.topic.num.partitions` (B-FIND-1)."""
        return self.coordinator.partition_for(key)

    def coordinator_error(self, key: str) -> ErrorCode:
        """FindCoordinator's answer for a group here: NONE once its partition is loaded (B-FIND-2)."""
        from kaflite.coordinator.context import PartitionStatus

        status = self.coordinator.partition_status(self.find_coordinator_partition(key))
        return ErrorCode.NONE if status is PartitionStatus.ACTIVE else ErrorCode.COORDINATOR_NOT_AVAILABLE

    def partition_status(self, partition: int) -> PartitionStatus:
        return self.coordinator.partition_status(partition)

    # ================================================================== transaction markers
    def complete_transaction(self, partition: int, producer_id: int, producer_epoch: int, committed: bool) -> ErrorCode:
        """The broker wrote a commit/abort marker of the producer to `__consumer_offsets` partition
        `partition` (TX-MK-3): apply it now (TX-OFF-3). Call it in the same event-loop turn as that
        append, so no coordinator write lands between the marker and its effect. NONE once applied
        (or, while the partition loads, applied when the load completes); NOT_COORDINATOR if the
        partition is not ours: whoever loads it replays the marker from the log."""
        from kaflite.coordinator.context import PartitionStatus

        status = self.coordinator.partition_status(partition)
        self._dispatch(self.coordinator.complete_transaction(partition, producer_id, producer_epoch, committed))
        return ErrorCode.NOT_COORDINATOR if status is PartitionStatus.NOT_OWNED else ErrorCode.NONE

    def on_partitions_deleted(self, partitions: list[tuple[str, int]]) -> None:
        """A topic was deleted (DeleteTopics): tombstone its offsets in every group, as Kafka's coordinator
        does when its metadata image loses the topic. Not awaited, as in Kafka (the deletion is answered
        at once); the tombstones are written like any operation's records."""
        if not self._closed and partitions:
            self._dispatch(self.coordinator.on_partitions_deleted(partitions))

    # ================================================================== tools
    def _session_timer(self, group_id: str, member_id: str) -> str | None:
        """The key of the member's session timer, found in the timer registry whatever the group type."""
        kinds = session_timer_kinds()
        for key, t in self.coordinator.ctx.timers.items():
            if t.kind in kinds and t.group_id == group_id and t.args[:1] == (member_id,):
                return key
        return None

    def expire_member(self, group_id: str, member_id: str) -> bool:
        """Run the member's session expiry now (fault injection): as if its deadline had passed.

        Classic members leave through their heartbeat expiry, consumer-group members are fenced by
        their session timeout (group epoch + 1); False if the member has no session timer.
        """
        key = self._session_timer(group_id, member_id)
        deadline = None if key is None else self.coordinator.timer_deadline(key)
        if key is None or deadline is None:
            return False
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle[0].cancel()
        self._dispatch(self.coordinator.on_timer(key, deadline))
        return True

    def fence_member(self, group_id: str, member_id: str) -> bool:
        """Fence a member now (fault injection): a consumer-group member is removed as a session or
        rebalance timeout would (its next heartbeat gets UNKNOWN_MEMBER_ID and it rejoins at epoch 0);
        a classic member has no fencing of its own, so it is expired. False if there is no such member."""
        from kaflite.coordinator.consumer.group import ConsumerGroup

        group = self.coordinator.ctx.groups.get(group_id)
        if not isinstance(group, ConsumerGroup):
            return self.expire_member(group_id, member_id)
        member = group.members.get(member_id)
        if member is None or self.coordinator.ctx.partition_error(group_id) is not None:
            return False
        with self.coordinator.ctx.operation() as out:
            self.coordinator.ctx.touch(group_id)
            self.coordinator.consumer.fence_member(group, member, f"member {member_id} fenced (fault injection)")
        self._dispatch(out)
        return True

    def snapshot(self, group_id: str) -> GroupSnapshot | None:
        return self.coordinator.snapshot(group_id)

    def history(self, group_id: str) -> list[Transition]:
        return self.coordinator.history(group_id)

    def subscribe(self, callback: TransitionListener) -> Callable[[], None]:
        """Call `callback` synchronously on every transition; returns an unsubscribe function."""
        self.coordinator.add_listener(callback)
        return lambda: self.coordinator.remove_listener(callback)

    async def wait_for_group(
        self,
        group_id: str,
        *,
        state: Enum | str | None = None,
        members: int | None = None,
        generation: int | None = None,
        epoch: int | None = None,
        predicate: Callable[[GroupSnapshot | None], bool] | None = None,
        timeout: float = 10.0,
    ) -> GroupSnapshot | None:
        """Wait, without polling, until the group matches; raises TimeoutError after `timeout` s.

        `state` is Kafka's state name of any group type ("Stable", "Reconciling", "CompletingRebalance")
        or a state enum value (GroupState, ConsumerGroupState): compared by name, so one wait works for
        both group types. `epoch` is a consumer group's group epoch, the same number as `generation`.
        """
        if generation is not None and epoch is not None and generation != epoch:
            raise ValueError(f"generation={generation} and epoch={epoch} name the same number")
        want_gen = generation if generation is not None else epoch
        want_state = None if state is None else str(state)
        if want_state is not None and want_state not in state_names():
            raise ValueError(f"unknown group state {state!r}; one of {', '.join(sorted(state_names()))}")

        def matches(snap: GroupSnapshot | None) -> bool:
            if predicate is not None:
                return predicate(snap)
            if snap is None:
                return want_state == "Dead"
            return (
                (want_state is None or str(snap.state) == want_state)
                and (members is None or len(snap.members) == members)
                and (want_gen is None or snap.generation == want_gen)
            )

        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            snap = self.snapshot(group_id)
            if matches(snap):
                return snap
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"group {group_id!r} did not reach the expected state; last: {snap}")
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.add(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except TimeoutError:
                pass
            finally:
                self._waiters.discard(waiter)

    def _wake(self) -> None:
        for w in list(self._waiters):
            if not w.done():
                w.set_result(None)

    # ================================================================== loading
    async def load_partition(self, partition: int, records: RecordSource | None = None) -> None:
        """Become the coordinator of `partition`: replay its log (B-LOG-3), then serve its groups.

        While replaying, its groups answer COORDINATOR_LOAD_IN_PROGRESS and FindCoordinator
        COORDINATOR_NOT_AVAILABLE. `records` defaults to the loader's `read(partition)`.
        """
        epoch = self._begin_loading(partition)
        await self._replay_partition(partition, epoch, records)

    def begin_load(self, partition: int) -> None:
        """Announce a load to come: the partition's groups answer COORDINATOR_LOAD_IN_PROGRESS (not
        NOT_COORDINATOR) while earlier partitions load; `load_partition` does the rest."""
        self.coordinator.begin_load(partition)
        self._wake()

    def group_ids(self) -> list[str]:
        return self.coordinator.group_ids()

    def _begin_loading(self, partition: int) -> int:
        """Synchronous half of a load: from here on the partition answers LOAD_IN_PROGRESS."""
        epoch = self._bump_epoch(partition)
        self._fail_partition(partition, ErrorCode.NOT_COORDINATOR)
        self.coordinator.begin_load(partition)
        self._wake()
        return epoch

    async def _replay_partition(self, partition: int, epoch: int, records: RecordSource | None) -> None:
        started = self._clock.now_ms()
        n = skipped = 0
        try:
            source: Any = records if records is not None else self._loader.read(partition)
            if inspect.isawaitable(source):
                source = await source
            replay, replay_loaded = self.coordinator.replay, self.coordinator.replay_loaded
            if hasattr(source, "__aiter__"):
                async for record in source:
                    if self._epochs.get(partition) != epoch:
                        return
                    try:
                        if type(record) is tuple:  # a plain (key, value): nearly every record
                            replay(*record)
                        else:
                            replay_loaded(partition, record)
                    except Exception as exc:  # one bad record must not fail the whole load
                        skipped = self._skip_record(partition, record, exc, skipped)
                    n += 1
            else:
                for record in source:
                    try:
                        if type(record) is tuple:
                            replay(*record)
                        else:
                            replay_loaded(partition, record)
                    except Exception as exc:  # as above
                        skipped = self._skip_record(partition, record, exc, skipped)
                    n += 1
                    if n % self._load_batch == 0:
                        await asyncio.sleep(0)  # let other partitions' requests in
                        if self._epochs.get(partition) != epoch:
                            return
        except Exception:
            log.exception("coordinator.load_failed", partition=partition)
            if self._epochs.get(partition) == epoch:
                self._dispatch(self.coordinator.unload(partition))
            raise
        if self._epochs.get(partition) != epoch:
            return  # a newer load or an unload took over
        self._dispatch(self.coordinator.complete_load(partition))  # logs the partition's group counts
        log.log(logging.INFO if n else logging.DEBUG, "coordinator.loaded", partition=partition, records=n,
                ms=self._clock.now_ms() - started, **({"skipped": skipped} if skipped else {}))
        self._wake()

    @staticmethod
    def _skip_record(partition: int, record: Any, exc: Exception, skipped: int) -> int:
        """A record the coordinator cannot decode or apply is skipped with a warning, as Kafka's loader
        skips a record of unknown type, rather than leaving the partition NOT_COORDINATOR for good: the
        partition's other groups load. The first few are logged; the load's summary line counts them."""
        if skipped < SKIPPED_RECORDS_LOGGED:
            key = record[0] if type(record) is tuple else getattr(record, "key", None)
            log.warning("coordinator.record_skipped", partition=partition,
                        key=key.hex()[:64] if isinstance(key, bytes) else None,
                        error=f"{type(exc).__name__}: {exc}", action="skipped; the load goes on")
        return skipped + 1

    async def unload_partition(self, partition: int) -> None:
        """Stop coordinating `partition` (its parked requests get NOT_COORDINATOR)."""
        self._bump_epoch(partition)
        self._fail_partition(partition, ErrorCode.NOT_COORDINATOR)
        self._dispatch(self.coordinator.unload(partition))
        self._wake()

    def _bump_epoch(self, partition: int) -> int:
        epoch = self._epochs.get(partition, 0) + 1
        self._epochs[partition] = epoch
        return epoch

    async def close(self) -> None:
        """Cancel timers and in-flight writes; parked requests get COORDINATOR_NOT_AVAILABLE."""
        self._closed = True
        for handle, _ in self._handles.values():
            handle.cancel()
        self._handles.clear()
        for token in list(self._pending):
            self._fail(token, ErrorCode.COORDINATOR_NOT_AVAILABLE)
        tasks = [t for t in (*self._tails.values(), *self._background) if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ================================================================== operations
    def _dispatch(self, result: CoordinatorResult) -> None:
        """Arm timers, queue the writes, release the responses once every write they need is durable."""
        if result.timers:
            self._apply_timers(result)
        records, partitions = result.records, result.partitions
        if not records and not partitions:
            self._deliver(result, failed=False)
            self._wake()
            return
        touched = partitions if records.keys() <= partitions else records.keys() | partitions
        waits: list[asyncio.Future[None]] = []
        chained: _Write | None = None
        for p in sorted(touched) if len(touched) > 1 else touched:
            write = self._enqueue_write(p, records.get(p, _NO_RECORDS), result.producer)
            if write is not None:
                waits.append(write[0])
                chained = write[1]
        if not waits:
            self._deliver(result, failed=False)
        elif len(waits) == 1:
            if chained is not None and not waits[0].done():  # told by the write itself, in the same turn
                if chained.on_settled is None:
                    chained.on_settled = []
                chained.on_settled.append(lambda failed: self._deliver(result, failed=failed))
            else:
                waits[0].add_done_callback(lambda w: self._deliver(result, failed=w.cancelled() or
                                                                   w.exception() is not None))
        else:
            gathered = asyncio.gather(*waits, return_exceptions=True)
            gathered.add_done_callback(
                lambda g: self._deliver(
                    result, failed=g.cancelled() or any(isinstance(o, BaseException) for o in g.result())
                )
            )
        self._wake()

    def _deliver(self, result: CoordinatorResult, *, failed: bool) -> None:
        for token, response in result.responses:
            if failed:
                self._fail(token, ErrorCode.NOT_COORDINATOR)
            else:
                pending = self._pending.pop(token, None)  # type: ignore[call-overload]
                if pending is not None:
                    pending.resolve(response)
        self._wake()

    def _fail(self, token: Any, error: ErrorCode) -> None:
        pending = self._pending.pop(token, None)
        if pending is not None:
            pending.resolve(pending.api.error_answer(pending.request, pending.version, error))

    def _fail_partition(self, partition: int, error: ErrorCode) -> None:
        for token, pending in list(self._pending.items()):
            if pending.partition == partition:
                self._fail(token, error)

    def _start_writes(self, writes: list[_Write]) -> None:
        """Start writes whose predecessor settled: in a loop, not recursively (a chain may be hundreds long)."""
        if self._starting is not None:
            self._starting.extend(writes)
            return
        queue = self._starting = list(writes)
        try:
            i = 0
            while i < len(queue):
                queue[i]._previous_done(None)
                i += 1
        finally:
            self._starting = None

    def _enqueue_write(
        self, partition: int, records: list[Record], producer: ProducerIdAndEpoch | None = None
    ) -> tuple[asyncio.Future[None], _Write | None] | None:
        """The write's completion (once it and every earlier write to the partition are durable), and
        its `_Write` when it is chained by callbacks.

        Chained with done callbacks, not a Task per write: the writer's future (group commit) wakes
        the chain directly. A writer that returns a coroutine (``async def append``) gets a Task."""
        tail = self._tails.get(partition)
        epoch = self._epochs.get(partition, 0)
        if tail is None or tail.done():
            if not records:
                return None  # nothing earlier in flight: answer at once
            tail_write = None
        else:
            tail_write = self._tail_writes.get(partition)
            if tail_write is not None and (tail_write.done is not tail or tail_write.epoch != epoch):
                tail_write = None
            if not records and tail_write is not None:
                return tail, tail_write  # waiting for the tail is all this needs
        durable: Awaitable[None] | None = None
        failure: Exception | None = None
        if records:
            try:
                if producer is None:
                    durable = self._writer.append(partition, records)  # in operation order
                else:
                    durable = self._writer.append(partition, records, producer=producer)
            except Exception as exc:
                failure = exc
        if tail_write is not None and durable is tail_write.durable and failure is None and tail_write.failure is None:
            tail_write.count += len(records)  # the same flush as the tail's: one write for both
            return tail_write.done, tail_write
        loop = asyncio.get_running_loop()
        write: asyncio.Future[None]
        chained: _Write | None = None
        if durable is None or isinstance(durable, asyncio.Future):
            write = loop.create_future()
            chained = _Write(self, write, partition, epoch, len(records), durable, failure)
            chained.after(tail, self._tail_writes.get(partition))
            self._tail_writes[partition] = chained
        else:
            write = loop.create_task(self._write(partition, epoch, len(records), durable, failure, tail))
        self._tails[partition] = write
        return write, chained

    async def _write(
        self,
        partition: int,
        epoch: int,
        count: int,
        durable: Awaitable[None] | None,
        failure: Exception | None,
        previous: asyncio.Future[None] | None,
    ) -> None:
        """Complete once this write and every earlier write to the partition are durable."""
        if previous is not None and not previous.done():
            await asyncio.wait([previous])
        if self._epochs.get(partition, 0) != epoch:
            if asyncio.iscoroutine(durable):  # also a compiled coroutine (kaflite/native.py)
                durable.close()
            raise _StaleWrite(partition)
        try:
            if failure is not None:
                raise failure
            if durable is not None:
                await durable
        except Exception as exc:
            self._append_failed(partition, epoch, count, exc)
            raise

    def _append_failed(self, partition: int, epoch: int, count: int, exc: BaseException) -> None:
        log.warning("coordinator.append_failed", partition=partition, records=count, error=repr(exc))
        if self._epochs.get(partition, 0) == epoch:
            self._start_reload(partition)

    def _start_reload(self, partition: int) -> None:
        """Forget the partition's in-memory state (it ran ahead of the log) and replay the log."""
        epoch = self._begin_loading(partition)
        task = asyncio.get_running_loop().create_task(self._reload(partition, epoch))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _reload(self, partition: int, epoch: int) -> None:
        try:
            await self._replay_partition(partition, epoch, None)
        except Exception:
            log.exception("coordinator.reload_failed", partition=partition)

    # ================================================================== timers
    def _apply_timers(self, result: CoordinatorResult) -> None:
        """Arm the event-loop handles the coordinator's timers need.

        A timer pushed later (every heartbeat moves its member's session deadline) keeps its armed
        handle: when that fires early, `_fire` re-arms it for the current deadline. So a heartbeat
        costs no cancel + `call_at`, as in Kafka's timer wheel.
        """
        if self._closed:
            return
        for op in result.timers:
            armed = self._handles.get(op.key)
            if op.deadline_ms is None:
                if armed is not None:
                    armed[0].cancel()
                    del self._handles[op.key]
            elif armed is None or armed[1] > op.deadline_ms:
                if armed is not None:
                    armed[0].cancel()
                self._arm(op.key, op.deadline_ms)

    def _arm(self, key: str, deadline_ms: int) -> None:
        loop = asyncio.get_running_loop()
        delay_s = max(0, deadline_ms - self._clock.now_ms()) / 1000
        self._handles[key] = (loop.call_at(loop.time() + delay_s, self._fire, key, deadline_ms), deadline_ms)

    def _fire(self, key: str, armed_ms: int) -> None:
        armed = self._handles.get(key)
        if armed is None or armed[1] != armed_ms:
            return  # superseded by an earlier deadline, or cancelled
        del self._handles[key]
        deadline_ms = self.coordinator.timer_deadline(key)
        if deadline_ms is None:
            return  # cancelled since it was armed
        if deadline_ms > armed_ms and deadline_ms > self._clock.now_ms():
            self._arm(key, deadline_ms)  # pushed back since it was armed
            return
        try:
            result = self.coordinator.on_timer(key, max(self._clock.now_ms(), deadline_ms))
        except Exception:
            log.exception("coordinator.timer_failed", key=key)
            return
        self._dispatch(result)
