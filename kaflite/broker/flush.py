"""Group commit: every log appended to in one event-loop turn is fsynced once, after that turn.

The coordinators' writes (`__consumer_offsets`, `__transaction_state`) and the transaction markers must
be durable before their answers go out (B-OFF-2, TX-CO-3); a fsync per write would cap a busy broker at
the disk's fsync rate. Appends made during one iteration share one future and one fsync per log, taken
by a callback that runs after the requests already received have been handled.
"""

from __future__ import annotations

import asyncio

from kaflite.clock import Clock
from kaflite.storage.log import PartitionLog


class GroupCommit:
    """`dirty(log)` after an append; the returned future completes once that log is fsynced."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._dirty: dict[int, PartitionLog] = {}
        self._barrier: asyncio.Future[None] | None = None

    def dirty(self, plog: PartitionLog) -> asyncio.Future[None]:
        self._dirty[id(plog)] = plog
        if self._barrier is None:
            loop = asyncio.get_running_loop()
            self._barrier = loop.create_future()
            loop.call_soon(self._flush)
        return self._barrier

    def _flush(self) -> None:
        barrier, dirty = self._barrier, self._dirty
        self._barrier, self._dirty = None, {}
        assert barrier is not None
        now = self.clock.now_ms()
        try:
            for plog in dirty.values():
                plog.flush(now)
        except Exception as exc:
            barrier.set_exception(exc)
        else:
            barrier.set_result(None)
