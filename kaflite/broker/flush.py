"""Group commit: every log appended to in one event-loop turn is fsynced once, after that turn.

The coordinators' writes (`__consumer_offsets`, `__transaction_state`) and the transaction markers must
be durable before their answers go out (B-OFF-2, TX-CO-3); a fsync per write would cap a busy broker at
the disk's fsync rate. Appends made during one iteration share one future and one fsync per log, taken
by a callback that runs after the requests already received have been handled.
"""

from __future__ import annotations

import asyncio

import structlog

from kaflite.clock import Clock
from kaflite.storage.log import PartitionLog

log = structlog.get_logger("kaflite.flush")


class GroupCommit:
    """`dirty(log)` after an append; the returned future completes once that log is fsynced.

    One future per log: a log whose fsync fails (EIO, ENOSPC) fails only the writes waiting on it, with
    the OSError (the coordinators answer NOT_COORDINATOR and reload that partition from its log, as
    Kafka's answer a KAFKA_STORAGE_ERROR write); every other log of the turn is still flushed."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._dirty: dict[int, tuple[PartitionLog, asyncio.Future[None]]] = {}

    def dirty(self, plog: PartitionLog) -> asyncio.Future[None]:
        entry = self._dirty.get(id(plog))
        if entry is None:
            loop = asyncio.get_running_loop()
            if not self._dirty:
                loop.call_soon(self._flush)
            entry = self._dirty[id(plog)] = (plog, loop.create_future())
        return entry[1]

    def _flush(self) -> None:
        dirty, self._dirty = self._dirty, {}
        now = self.clock.now_ms()
        for plog, durable in dirty.values():
            if durable.done():  # cancelled by a waiter
                durable = asyncio.get_running_loop().create_future()
            try:
                plog.flush(now)
            except Exception as exc:
                log.warning("flush failed", topic=plog.topic, partition=plog.partition, error=repr(exc))
                durable.set_exception(exc)
            else:
                durable.set_result(None)
