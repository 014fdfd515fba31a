"""Group commit: appends go to the page cache as they come; fsyncs run on flusher threads, off the event loop.

The coordinators' writes (`__consumer_offsets`, `__transaction_state`) and the transaction markers must
be durable before their answers go out (B-OFF-2, TX-CO-3). A fsync per write would cap a busy broker at
the disk's fsync rate, and a fsync on the event loop stops every connection while the disk works. So:
every log appended to has at most one flush in flight, on a small thread pool (`os.fsync` releases the
GIL); the appends made meanwhile wait together for that log's next flush, which starts the moment the
one in flight ends. A request is answered once a flush that began after its append has completed:
nothing is acknowledged before it is on disk.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools

import structlog

from kaflite.clock import Clock
from kaflite.storage.log import LogFlush, PartitionLog

log = structlog.get_logger("kaflite.flush")

# fdatasyncs of different files overlap on the device (and in ext4's journal), so a few threads serve many
# dirty partitions far better than one; more would only queue in the kernel.
FLUSH_THREADS = 4


class GroupCommit:
    """`dirty(log)` after an append; the returned future completes once that append is fsynced.

    One future per log and flush: a log whose fsync fails (EIO, ENOSPC) fails only the writes waiting on
    it, with the OSError (the coordinators answer NOT_COORDINATOR and reload that partition from its log,
    as Kafka's answer a KAFKA_STORAGE_ERROR write); every other log is flushed as usual."""

    def __init__(self, clock: Clock, threads: int = FLUSH_THREADS) -> None:
        self.clock = clock
        self.threads = threads
        # Logs appended to since their last flush began, waiting for the next one.
        self._waiting: dict[int, tuple[PartitionLog, asyncio.Future[None]]] = {}
        self._in_flight: dict[int, asyncio.Future[None]] = {}  # id(log) -> the executor's future
        self._scheduled = False
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None

    def dirty(self, plog: PartitionLog) -> asyncio.Future[None]:
        entry = self._waiting.get(id(plog))
        if entry is None:
            loop = asyncio.get_running_loop()
            entry = self._waiting[id(plog)] = (plog, loop.create_future())
            if not self._scheduled:
                # After this turn: the requests already received append first and share the flush.
                self._scheduled = True
                loop.call_soon(self._start_waiting)
        return entry[1]

    @property
    def idle(self) -> bool:
        return not self._waiting and not self._in_flight

    async def drain(self) -> None:
        """Wait until every append handed over so far is flushed (or its flush failed): before a shutdown
        closes the logs, so no waiter is left behind."""
        while not self.idle:
            if self._waiting and not self._scheduled:
                self._start_waiting()
            pending = [fut for _, fut in self._waiting.values()] + list(self._in_flight.values())
            await asyncio.wait(pending)

    def close(self) -> None:
        """Let the flusher threads go once idle (a later `dirty` starts new ones)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None

    def _start_waiting(self) -> None:
        self._scheduled = False
        for key in [k for k in self._waiting if k not in self._in_flight]:
            self._start(*self._waiting.pop(key))

    def _start(self, plog: PartitionLog, durable: asyncio.Future[None]) -> None:
        try:
            flush = plog.begin_flush()
        except OSError as exc:  # a stale .txnindex rewrite on a full disk
            self._failed(plog, durable, exc)
            return
        if not flush.sync.fds:  # already covered by a flush that completed: nothing to wait for
            plog.end_flush(flush, self.clock.now_ms(), ok=True)
            if not durable.done():
                durable.set_result(None)
            return
        if self._executor is None:
            self._executor = concurrent.futures.ThreadPoolExecutor(self.threads, thread_name_prefix="kaflite-fsync")
        done = asyncio.get_running_loop().run_in_executor(self._executor, flush.sync.run)
        self._in_flight[id(plog)] = done
        done.add_done_callback(functools.partial(self._flushed, plog, flush, durable))

    def _flushed(self, plog: PartitionLog, flush: LogFlush, durable: asyncio.Future[None],
                 done: asyncio.Future[None]) -> None:
        del self._in_flight[id(plog)]
        exc = done.exception() if not done.cancelled() else asyncio.CancelledError()
        if exc is None:
            plog.end_flush(flush, self.clock.now_ms(), ok=True)
            if not durable.done():  # a waiter may have cancelled it
                durable.set_result(None)
        else:
            plog.end_flush(flush, self.clock.now_ms(), ok=False)
            self._failed(plog, durable, exc)
        waiting = self._waiting.pop(id(plog), None)
        if waiting is not None:  # appended while this flush ran: the next flush starts now
            self._start(*waiting)

    @staticmethod
    def _failed(plog: PartitionLog, durable: asyncio.Future[None], exc: BaseException) -> None:
        log.warning("flush failed", topic=plog.topic, partition=plog.partition, error=repr(exc))
        if not durable.done():
            durable.set_exception(exc)
