"""Kafka's CoordinatorRuntime on one asyncio event loop, for any coordinator shard.

A service (`GroupCoordinatorService`, `TransactionCoordinatorService`) names each operation as a
typed function of its pure shard: `write("commit-offset", partition, lambda shard, token:
shard.offset_commit(...), on_error)`. The runtime runs it synchronously (no await inside a state
change, B-JOIN-1), appends the records the operation produced to the coordinator's topic through a
writer, and only once they are durable releases the responses (B-OFF-2, B-SYNC-2, TX-CO-3). Writes
to one partition are chained in order. An answer whose operation touched a partition waits for that
partition's earlier writes even with no records of its own, so it never reports a state the log does
not hold yet; `read` answers from memory at once. A failed append reloads that partition from the log
(Kafka reverts to the last committed snapshot; the same replay rebuilds it here) and fails the
requests that depended on it with NOT_COORDINATOR. Timers are `loop.call_at` handles; a fired timer
is just another operation, and a stale one is ignored. A result can carry work for after its records
are durable (the transaction coordinator's markers): the `after_durable` hook runs it, and the result's
answers wait for it.

One lazy point: the shard is built by its supplier on first use (the first request, or a load).
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import structlog

from kaflite.clock import Clock, SystemClock
from kaflite.coordinator_common.log import CoordinatorLoader, CoordinatorWriter, RecordSource
from kaflite.coordinator_common.records import ProducerIdAndEpoch, Record
from kaflite.coordinator_common.result import CoordinatorResult, Token
from kaflite.coordinator_common.shard import CoordinatorShard
from kaflite.coordinator_common.write_chain import PartitionWrite, StaleWrite
from kaflite.protocol.errors import ErrorCode

log = structlog.get_logger("kaflite.coordinator.runtime")

SKIPPED_RECORDS_LOGGED = 10  # per load: a damaged log may hold many bad records; the summary counts them all

R = TypeVar("R")


S = TypeVar("S", bound=CoordinatorShard)


AfterDurable = Callable[[CoordinatorResult], "asyncio.Future[bool] | None"]
"""Work a result carries for after its records are durable; None when it carries none. True: done."""


class DurableAnswer(asyncio.Future[Any]):
    """An answer already decided, waiting only for its records to be durable (an offset commit's fsync).

    The operation has taken effect in memory and its records are appended; nothing the client sends
    next can change this answer. So the connection may go on to its next request and send the answers
    in order as their writes complete (``KafkaConnection``): pipelined commits then share one fsync
    instead of one each. An answer that waits for anything else (a parked JoinGroup) is a plain future,
    and the connection holds the line for it as Kafka does."""


@dataclass(slots=True)
class _Pending:
    """A request between its operation and its answer; `future` only once the caller must wait."""

    future: asyncio.Future[Any] | None
    name: str
    on_error: Callable[[ErrorCode], Any]
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


class CoordinatorRuntime(Generic[S]):
    """Runs one coordinator's shard (every owned partition of its topic) on the event loop.

    `topic` names the coordinator's topic in log lines; `shard` builds the shard on first use;
    `writer`/`loader` are the topic's log (the broker's `CoordinatorLog`); `after_durable` runs the work
    a result carries for after its records are durable (None: results carry none)."""

    def __init__(self, topic: str, shard: Callable[[], S], writer: CoordinatorWriter, loader: CoordinatorLoader,
                 *, clock: Clock | None = None, load_batch: int = 1_000,
                 after_durable: AfterDurable | None = None) -> None:
        self.topic = topic
        self._shard_supplier = shard
        self._shard: S | None = None
        self._writer = writer
        self._loader = loader
        self._clock: Clock = clock or SystemClock()
        self._load_batch = load_batch
        self._after_durable = after_durable
        self._tokens = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._tails: dict[int, asyncio.Future[None]] = {}
        self._tail_writes: dict[int, PartitionWrite] = {}  # the tail's PartitionWrite, when the tail is one
        self._starting: list[PartitionWrite] | None = None  # writes to start, while _start_writes runs (no recursion)
        self._epochs: dict[int, int] = {}
        self._handles: dict[str, tuple[asyncio.TimerHandle, int]] = {}
        self._waiters: set[asyncio.Future[None]] = set()
        self._background: set[asyncio.Future[Any]] = set()
        self._closed = False

    @property
    def shard(self) -> S:
        """The shard; built by the supplier on first use."""
        shard = self._shard
        if shard is None:
            shard = self._shard = self._shard_supplier()
        return shard

    @property
    def shard_built(self) -> bool:
        """Whether the shard exists yet (its supplier runs on first use)."""
        return self._shard is not None

    @property
    def closed(self) -> bool:
        return self._closed

    # ================================================================== operations
    def write(self, name: str, partition: int | None, op: Callable[[S, Token], CoordinatorResult],
              on_error: Callable[[ErrorCode], R]) -> R | asyncio.Future[R]:
        """Run one operation of the shard; the answer itself when it waits on nothing (most heartbeats
        and syncs), else a future of it, released once every write it depends on is durable.

        `name` labels the operation in log lines; `partition` is the coordinator partition whose
        unloading fails the request (None: the request names no one partition); `op(shard, token)`
        answers `token` in its result, now or from a later operation (a parked JoinGroup);
        `on_error(code)` is the answer when the runtime must fail the request (an append failed, the
        partition was unloaded, the runtime is closing).

        Answering inline spares the connection a Task and a Future per request (two event-loop
        iterations): the difference between ~10k and many more heartbeats/s on one core.
        """
        if self._closed:
            return on_error(ErrorCode.COORDINATOR_NOT_AVAILABLE)
        token = next(self._tokens)
        pending = _Pending(None, name, on_error, partition)
        self._pending[token] = pending
        try:
            result = op(self.shard, token)
        except BaseException:
            self._pending.pop(token, None)
            raise
        self._carry_out(result)
        if pending.done:
            response: R = pending.response
            return response
        # The future itself, not a coroutine around it: the connection answers from its done callback,
        # without a Task per request. The token leaves `_pending` when it is answered or failed.
        loop = asyncio.get_running_loop()
        responses = result.responses
        future: asyncio.Future[R]
        # Decided, waiting only for its records' fsync: the connection may read on (DurableAnswer). Not where results
        # carry after-durable work (a transaction's markers): that answer waits for more than its fsync.
        if self._after_durable is None and (
                (responses and responses[0][0] == token) or any(t == token for t, _ in responses)):
            future = DurableAnswer(loop=loop)
        else:
            future = loop.create_future()
        pending.future = future
        return future

    def read(self, op: Callable[[S], R], on_error: Callable[[ErrorCode], R]) -> R:
        """Answer from the shard's memory at once (OffsetFetch, DescribeGroups, ...): it may show a write
        still being made durable (Kafka reads at the last committed offset instead)."""
        if self._closed:
            return on_error(ErrorCode.COORDINATOR_NOT_AVAILABLE)
        return op(self.shard)

    def schedule(self, name: str, op: Callable[[S], CoordinatorResult]) -> asyncio.Future[bool]:
        """Run an operation no request waits for (a marker applied, deleted topics, a fault): its future is
        True once its writes are durable (and its after-durable work done), False if they failed."""
        if self._closed:
            refused: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
            refused.set_result(False)
            return refused
        return self.dispatch(name, op(self.shard))

    def dispatch(self, name: str, result: CoordinatorResult) -> asyncio.Future[bool]:
        """Carry out a result the caller took from the shard in this turn (a fault that must first learn whether
        there is anything to do), as ``schedule`` carries out its operation's."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        if self._closed:
            done.set_result(False)
            return done

        def settled(failed: bool) -> None:
            if not done.done():
                done.set_result(not failed)

        self._carry_out(result, settled)
        return done

    def _carry_out(self, result: CoordinatorResult, settled: Callable[[bool], object] | None = None) -> None:
        """Arm timers, queue the writes, release the responses once every write they need is durable."""
        if result.timers:
            self._apply_timers(result)
        records, partitions = result.records, result.partitions
        if not records and not partitions:
            self._deliver(result, False, settled)
            self._wake()
            return
        touched = partitions if records.keys() <= partitions else records.keys() | partitions
        waits: list[asyncio.Future[None]] = []
        chained: PartitionWrite | None = None
        for p in sorted(touched) if len(touched) > 1 else touched:
            write = self._enqueue_write(p, records.get(p, _NO_RECORDS), result.producer)
            if write is not None:
                waits.append(write[0])
                chained = write[1]
        if not waits:
            self._deliver(result, False, settled)
        elif len(waits) == 1:
            if chained is not None and not waits[0].done():  # told by the write itself, in the same turn
                if chained.on_settled is None:
                    chained.on_settled = []
                chained.on_settled.append(lambda failed: self._deliver(result, failed, settled))
            else:
                waits[0].add_done_callback(
                    lambda w: self._deliver(result, w.cancelled() or w.exception() is not None, settled))
        else:
            gathered = asyncio.gather(*waits, return_exceptions=True)
            gathered.add_done_callback(
                lambda g: self._deliver(
                    result, g.cancelled() or any(isinstance(o, BaseException) for o in g.result()), settled))
        self._wake()

    def _deliver(self, result: CoordinatorResult, failed: bool, settled: Callable[[bool], object] | None) -> None:
        """The result's writes are durable (or failed): run its after-durable work, then answer."""
        if not failed and self._after_durable is not None and not self._closed:
            work = self._after_durable(result)
            if work is not None:
                self._background.add(work)

                def worked(w: asyncio.Future[bool]) -> None:
                    self._background.discard(w)
                    ok = not w.cancelled() and w.exception() is None and w.result()
                    self._answer(result, not ok, settled)

                work.add_done_callback(worked)
                return
        self._answer(result, failed, settled)

    def _answer(self, result: CoordinatorResult, failed: bool, settled: Callable[[bool], object] | None) -> None:
        for token, response in result.responses:
            if failed:
                self._fail(token, ErrorCode.NOT_COORDINATOR)
            else:
                pending = self._pending.pop(token, None)  # type: ignore[call-overload]
                if pending is not None:
                    pending.resolve(response)
        if settled is not None:
            settled(failed)
        self._wake()

    def _fail(self, token: Any, error: ErrorCode) -> None:
        pending = self._pending.pop(token, None)
        if pending is not None:
            log.debug("coordinator.request_failed", topic=self.topic, operation=pending.name, error=error.name)
            pending.resolve(pending.on_error(error))

    def _fail_partition(self, partition: int, error: ErrorCode) -> None:
        for token, pending in list(self._pending.items()):
            if pending.partition == partition:
                self._fail(token, error)

    # ================================================================== writes
    def epoch_of(self, partition: int) -> int:
        """How many times the partition was (re)loaded or unloaded: a write queued under an older epoch is stale."""
        return self._epochs.get(partition, 0)

    def start_writes(self, writes: list[PartitionWrite]) -> None:
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
    ) -> tuple[asyncio.Future[None], PartitionWrite | None] | None:
        """The write's completion (once it and every earlier write to the partition are durable), and
        its `PartitionWrite` when it is chained by callbacks.

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
        chained: PartitionWrite | None = None
        if durable is None or isinstance(durable, asyncio.Future):
            write = loop.create_future()
            chained = PartitionWrite(self, write, partition, epoch, len(records), durable, failure)
            chained.after(tail, self._tail_writes.get(partition))
            self._tail_writes[partition] = chained
        else:
            write = loop.create_task(self._write(partition, epoch, len(records), durable, failure, tail))
        self._tails[partition] = write
        return write, chained

    async def _write(self, partition: int, epoch: int, count: int, durable: Awaitable[None] | None,
                     failure: Exception | None, previous: asyncio.Future[None] | None) -> None:
        """Complete once this write and every earlier write to the partition are durable. A coroutine writer's
        append that never runs (the write is stale, or cancelled by `close` while waiting) is closed, not left
        unawaited."""
        try:
            if previous is not None and not previous.done():
                await asyncio.wait([previous])
        except BaseException:
            if asyncio.iscoroutine(durable):
                durable.close()
            raise
        if self._epochs.get(partition, 0) != epoch:
            if asyncio.iscoroutine(durable):
                durable.close()
            raise StaleWrite(partition)
        try:
            if failure is not None:
                raise failure
            if durable is not None:
                await durable
        except Exception as exc:
            self.append_failed(partition, epoch, count, exc)
            raise

    def append_failed(self, partition: int, epoch: int, count: int, exc: BaseException) -> None:
        log.warning("coordinator.append_failed", topic=self.topic, partition=partition, records=count,
                    error=repr(exc), action="reloading the partition from its log")
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
            log.exception("coordinator.reload_failed", topic=self.topic, partition=partition)

    # ================================================================== loading
    async def load_partition(self, partition: int, records: RecordSource | None = None) -> None:
        """Become the coordinator of `partition`: replay its log (B-LOG-3, TX-LOG-2), then serve it.

        While replaying, its requests answer COORDINATOR_LOAD_IN_PROGRESS. `records` defaults to the
        loader's `read(partition)`.
        """
        epoch = self._begin_loading(partition)
        await self._replay_partition(partition, epoch, records)

    def begin_load(self, partition: int) -> None:
        """Announce a load to come: the partition answers COORDINATOR_LOAD_IN_PROGRESS (not
        NOT_COORDINATOR) while earlier partitions load; `load_partition` does the rest."""
        self.shard.begin_load(partition)
        self._wake()

    def _begin_loading(self, partition: int) -> int:
        """Synchronous half of a load: from here on the partition answers LOAD_IN_PROGRESS."""
        epoch = self._bump_epoch(partition)
        self._fail_partition(partition, ErrorCode.NOT_COORDINATOR)
        self.shard.begin_load(partition)
        self._wake()
        return epoch

    async def _replay_partition(self, partition: int, epoch: int, records: RecordSource | None) -> None:
        started = self._clock.now_ms()
        n = skipped = 0
        shard = self.shard
        try:
            source: Any = records if records is not None else self._loader.read(partition)
            if inspect.isawaitable(source):
                source = await source
            replay, replay_loaded = shard.replay, shard.replay_loaded
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
            log.exception("coordinator.load_failed", topic=self.topic, partition=partition)
            if self._epochs.get(partition) == epoch:
                self._carry_out(shard.unload(partition))
            raise
        if self._epochs.get(partition) != epoch:
            return  # a newer load or an unload took over
        self._carry_out(shard.complete_load(partition))
        log.log(logging.INFO if n else logging.DEBUG, "coordinator.loaded", topic=self.topic, partition=partition,
                records=n, ms=self._clock.now_ms() - started, **({"skipped": skipped} if skipped else {}))
        self._wake()

    def _skip_record(self, partition: int, record: Any, exc: Exception, skipped: int) -> int:
        """A record the shard cannot decode or apply is skipped with a warning, as Kafka's loader skips a
        record of unknown type, rather than leaving the partition NOT_COORDINATOR for good: the
        partition's other keys load. The first few are logged; the load's summary line counts them."""
        if skipped < SKIPPED_RECORDS_LOGGED:
            key = record[0] if type(record) is tuple else getattr(record, "key", None)
            log.warning("coordinator.record_skipped", topic=self.topic, partition=partition,
                        key=key.hex()[:64] if isinstance(key, bytes) else None,
                        error=f"{type(exc).__name__}: {exc}", action="skipped; the load goes on")
        return skipped + 1

    async def unload_partition(self, partition: int) -> None:
        """Stop coordinating `partition` (its parked requests get NOT_COORDINATOR)."""
        self._bump_epoch(partition)
        self._fail_partition(partition, ErrorCode.NOT_COORDINATOR)
        self._carry_out(self.shard.unload(partition))
        self._wake()

    def _bump_epoch(self, partition: int) -> int:
        epoch = self._epochs.get(partition, 0) + 1
        self._epochs[partition] = epoch
        return epoch

    async def close(self) -> None:
        """Cancel timers, in-flight writes and after-durable work; parked requests get COORDINATOR_NOT_AVAILABLE."""
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

    # ================================================================== timers
    def _apply_timers(self, result: CoordinatorResult) -> None:
        """Arm the event-loop handles the shard's timers need.

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
        shard = self.shard
        deadline_ms = shard.timer_deadline(key)
        if deadline_ms is None:
            return  # cancelled since it was armed
        if deadline_ms > armed_ms and deadline_ms > self._clock.now_ms():
            self._arm(key, deadline_ms)  # pushed back since it was armed
            return
        try:
            result = shard.on_timer(key, max(self._clock.now_ms(), deadline_ms))
        except Exception:
            log.exception("coordinator.timer_failed", topic=self.topic, key=key)
            return
        self._carry_out(result)

    def fire_timer(self, key: str) -> bool:
        """Run the timer `key` now, as if its deadline had passed (fault injection); False if not scheduled."""
        deadline = self.shard.timer_deadline(key)
        if deadline is None or self._closed:
            return False
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle[0].cancel()
        self._carry_out(self.shard.on_timer(key, deadline))
        return True

    # ================================================================== waits (tools and tests)
    async def wait_for(self, condition: Callable[[], bool], timeout: float) -> None:
        """Wait, without polling, until `condition()` holds after some operation; TimeoutError after `timeout` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.add(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except TimeoutError:
                pass
            finally:
                self._waiters.discard(waiter)

    def _wake(self) -> None:
        if self._waiters:
            for w in list(self._waiters):
                if not w.done():
                    w.set_result(None)
