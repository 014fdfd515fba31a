"""Group commit: appends go to the page cache as they come; fsyncs run on flusher threads, off the event loop.

The coordinators' writes (`__consumer_offsets`, `__transaction_state`) and the transaction markers must
be durable before their answers go out (B-OFF-2, TX-CO-3). A fsync per write would cap a busy broker at
the disk's fsync rate, and a fsync on the event loop stops every connection while the disk works. So:
every log appended to has at most one flush in flight, on a small thread pool (`os.fsync` releases the
GIL); the appends made meanwhile wait together for that log's next flush, which starts the moment the
one in flight ends. A request is answered once a flush that began after its append has completed:
nothing is acknowledged before it is on disk.

A writer may also hand over its bytes late (`dirty(plog, write)`): the coordinators buffer a turn's records
per partition and `write` appends them as one batch just before that log's flush begins. One write per
partition and flush, instead of one per request, and never a write into a file whose fsync is in flight
(on ext4 such a write waits for the journal, which is what bounded durable commits).

Where Linux offers kernel AIO (`kaflite.storage.aio`), the fsyncs are handed to the kernel instead of to
threads: no thread of ours has to take the GIL back after each fsync (while the loop runs Python it waits for
the loop's next switch, up to 5 ms), and the loop learns of completions from an eventfd it watches. The
threads remain where kernel AIO is not available.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
from collections.abc import Callable

import structlog

from kaflite.clock import Clock
from kaflite.storage.aio import AioSyncs
from kaflite.storage.log import LogFlush, PartitionLog
from kaflite.storage.syncs import PendingSync

log = structlog.get_logger("kaflite.flush")


class Flushed(asyncio.Future[None]):
    """A flush's completion, which also tells `add_listener`'s callbacks in the same turn its outcome is set:
    the coordinator runtime settles its writes (and so releases their answers) without one more loop iteration
    per fsync. Done callbacks work as on any future."""

    def __init__(self, *, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop=loop)
        self._listeners: list[Callable[[asyncio.Future[None]], None]] = []

    def add_listener(self, listener: Callable[[asyncio.Future[None]], None]) -> None:
        self._listeners.append(listener)

    def settle(self, exc: BaseException | None = None) -> None:
        if self.done():  # a waiter cancelled it
            return
        if exc is None:
            self.set_result(None)
        else:
            self.set_exception(exc)
        listeners, self._listeners = self._listeners, []
        for listener in listeners:
            try:
                listener(self)
            except Exception:  # as a failing done callback: logged, and the flush's other waiters still settle
                log.exception("flush listener failed")

# fdatasyncs of different files overlap on the device (and in ext4's journal), so a few threads serve many
# dirty partitions far better than one; more would only queue in the kernel.
FLUSH_THREADS = 4


class GroupCommit:
    """`dirty(log)` after an append; the returned future completes once that append is fsynced.

    One future per log and flush: a log whose fsync fails (EIO, ENOSPC) fails only the writes waiting on
    it, with the OSError (the coordinators answer NOT_COORDINATOR and reload that partition from its log,
    as Kafka's answer a KAFKA_STORAGE_ERROR write); every other log is flushed as usual."""

    def __init__(self, clock: Clock, threads: int = FLUSH_THREADS, *, kernel_aio: bool = True) -> None:
        self.clock = clock
        self.threads = threads
        self.kernel_aio = kernel_aio  # fsyncs by kernel AIO where Linux offers it; threads otherwise
        self._aio: AioSyncs | None = None
        self._aio_loop: asyncio.AbstractEventLoop | None = None
        self._aio_tried = False  # opened (or found unavailable) once per `close`
        # Logs appended to since their last flush began, waiting for the next one (with the late write, if any).
        self._waiting: dict[int, tuple[PartitionLog, Flushed, Callable[[], None] | None]] = {}
        self._in_flight: dict[int, asyncio.Future[None]] = {}  # id(log) -> its job's completion
        self._scheduled: asyncio.Handle | None = None  # the turn's `_start_waiting`, once something waits
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None

    def dirty(self, plog: PartitionLog, write: Callable[[], None] | None = None) -> Flushed:
        """`write`, if given, appends what the caller buffered for `plog`; it is called (once, whichever
        `dirty` call gave it) just before the flush that the returned future waits for. An exception from it
        (a StorageError on a full disk) fails that future, as a failed fsync would."""
        entry = self._waiting.get(id(plog))
        if entry is None:
            loop = asyncio.get_running_loop()
            entry = self._waiting[id(plog)] = (plog, Flushed(loop=loop), write)
            if self._scheduled is None:
                # After this turn (or after the read being handled, `flush_now`): the requests already
                # received append first and share the flush.
                self._scheduled = loop.call_soon(self._start_waiting)
        elif write is not None and entry[2] is None:
            entry = self._waiting[id(plog)] = (plog, entry[1], write)
        return entry[1]

    def fail(self, plog: PartitionLog, exc: BaseException) -> None:
        """What was handed over for `plog` and not yet flushed is lost (a buffered write failed): its waiters
        fail now; later appends wait for a new flush."""
        entry = self._waiting.pop(id(plog), None)
        if entry is not None:
            self._failed(plog, entry[1], exc)

    def flush_now(self) -> None:
        """Begin the waiting flushes now rather than at the end of the loop turn. A connection calls it once
        the requests of one read are handled: their fsync then runs while the loop handles the next
        connection's requests, instead of after all of them (the disk and the loop overlap)."""
        if self._scheduled is not None:
            self._start_waiting()

    @property
    def idle(self) -> bool:
        return not self._waiting and not self._in_flight

    async def drain(self) -> None:
        """Wait until every append handed over so far is flushed (or its flush failed): before a shutdown
        closes the logs, so no waiter is left behind."""
        while not self.idle:
            if self._waiting and self._scheduled is None:
                self._start_waiting()
            pending = [fut for _, fut, _ in self._waiting.values()] + list(self._in_flight.values())
            await asyncio.wait(pending)

    @property
    def uses_kernel_aio(self) -> bool:
        """Whether flushes are running on kernel AIO (known once the first one started)."""
        return self._aio is not None

    def close(self) -> None:
        """Let the flusher threads and the AIO context go once idle (a later `dirty` starts new ones)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None
        if self._aio is not None:
            assert self._aio_loop is not None
            if not self._aio_loop.is_closed():
                self._aio_loop.remove_reader(self._aio.fileno())
            self._aio.close()
            self._aio = self._aio_loop = None
        self._aio_tried = False

    def _start_waiting(self) -> None:
        """Begin a flush of every waiting log with none in flight, as at most `threads` jobs for the flusher
        threads: a few thread hand-offs per loop turn, however many partitions the turn wrote to."""
        if self._scheduled is not None:
            self._scheduled.cancel()
            self._scheduled = None
        batch: list[tuple[PartitionLog, LogFlush, Flushed]] = []
        for key in [k for k in self._waiting if k not in self._in_flight]:
            plog, durable, write = self._waiting.pop(key)
            try:
                if write is not None:
                    write()  # a refused write is a StorageError (KAFKA_STORAGE_ERROR): its waiters fail
                flush = plog.begin_flush()
            except Exception as exc:  # the buffered write, or a stale .txnindex rewrite, on a full disk
                self._failed(plog, durable, exc)
                continue
            if not flush.sync.fds:  # already covered by a flush that completed: nothing to wait for
                plog.end_flush(flush, self.clock.now_ms(), ok=True)
                durable.settle()
                continue
            batch.append((plog, flush, durable))
        if not batch:
            return
        loop = asyncio.get_running_loop()
        aio = self._aio if self._aio_tried else self._open_aio(loop)
        if aio is not None:
            self._to_kernel(aio, batch, loop)
            return
        if self._executor is None:
            self._executor = concurrent.futures.ThreadPoolExecutor(self.threads, thread_name_prefix="kaflite-fsync")
        jobs = min(self.threads, len(batch))  # fsyncs of different files overlap; a hand-off per job costs CPU
        for part in (batch[i::jobs] for i in range(jobs)):
            done: asyncio.Future[None] = loop.create_future()  # what `drain` waits for
            for plog, _, _ in part:
                self._in_flight[id(plog)] = done
            self._executor.submit(_sync_and_report, loop, [f.sync for _, f, _ in part],
                                  functools.partial(self._flushed, part, done))

    def _flushed(self, batch: list[tuple[PartitionLog, LogFlush, Flushed]], done: asyncio.Future[None],
                 outcome: list[OSError | None] | BaseException) -> None:
        """Back on the loop (one `call_soon_threadsafe` from the flusher thread, the next loop iteration: not
        the two an executor future's done callback takes): settle the logs' waiters, start what waited."""
        errors: list[BaseException | None] = (
            [outcome] * len(batch) if isinstance(outcome, BaseException) else list(outcome))
        now = self.clock.now_ms()
        for (plog, flush, durable), error in zip(batch, errors, strict=True):
            self._settle(plog, flush, durable, error, now)
        if not done.done():
            done.set_result(None)
        if self._waiting:  # appended while this flush ran: the next flush starts now
            self._start_waiting()

    def _to_kernel(self, aio: AioSyncs, batch: list[tuple[PartitionLog, LogFlush, Flushed]],
                   loop: asyncio.AbstractEventLoop) -> None:
        """The batch's fsyncs by kernel AIO: one io_submit, each log settled as its own fsyncs complete."""
        done: asyncio.Future[None] = loop.create_future()  # what `drain` waits for
        left = [len(batch)]
        for plog, _, _ in batch:
            self._in_flight[id(plog)] = done
        aio.submit([(flush.sync, functools.partial(self._synced, plog, flush, durable, done, left))
                    for plog, flush, durable in batch])

    def _open_aio(self, loop: asyncio.AbstractEventLoop) -> AioSyncs | None:
        self._aio_tried = True
        if not self.kernel_aio:
            return None
        aio = AioSyncs.open()
        if aio is not None:
            loop.add_reader(aio.fileno(), self._reaped)
            self._aio, self._aio_loop = aio, loop
        return aio

    def _reaped(self) -> None:
        """The eventfd is readable: settle the logs whose fsyncs completed, then start what waited (one
        `_start_waiting` for all the completions of this turn)."""
        if self._aio is None:
            return
        self._aio.reap()
        if self._waiting:
            self._start_waiting()

    def _synced(self, plog: PartitionLog, flush: LogFlush, durable: Flushed, done: asyncio.Future[None],
                left: list[int], error: OSError | None) -> None:
        """One log's kernel fsyncs completed (from `AioSyncs.reap`, on the loop): as `_flushed` for one log."""
        self._settle(plog, flush, durable, error, self.clock.now_ms())
        left[0] -= 1
        if not left[0] and not done.done():
            done.set_result(None)

    def _settle(self, plog: PartitionLog, flush: LogFlush, durable: Flushed, error: BaseException | None,
                now: int) -> None:
        """A log's flush is over, whichever way it ran: its recovery point, then its waiters."""
        del self._in_flight[id(plog)]
        plog.end_flush(flush, now, ok=error is None)
        if error is not None:
            self._failed(plog, durable, error)
        else:
            durable.settle()

    @staticmethod
    def _failed(plog: PartitionLog, durable: Flushed, exc: BaseException) -> None:
        log.warning("flush failed", topic=plog.topic, partition=plog.partition, error=repr(exc))
        durable.settle(exc)


def _sync_and_report(loop: asyncio.AbstractEventLoop, syncs: list[PendingSync],
                     report: Callable[[list[OSError | None] | BaseException], None]) -> None:
    """A flusher thread's job: the fsyncs, then their outcome handed to the loop."""
    outcome: list[OSError | None] | BaseException
    try:
        outcome = _sync_all(syncs)
    except BaseException as exc:  # a bug, not a disk error: every waiter of the job fails with it
        outcome = exc
    with contextlib.suppress(RuntimeError):  # the loop is closed (the process is ending): nobody waits any more
        loop.call_soon_threadsafe(report, outcome)


def _sync_all(syncs: list[PendingSync]) -> list[OSError | None]:
    """A flusher thread's job: every log's fsyncs, each log's failure its own."""
    errors: list[OSError | None] = []
    for sync in syncs:
        try:
            sync.run()
        except OSError as exc:
            errors.append(exc)
        else:
            errors.append(None)
    return errors
