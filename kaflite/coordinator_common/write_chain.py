"""One write of a coordinator partition, chained behind the partition's earlier writes (the runtime's write chain).

A module of its own so that the runtime reads as operations, answers, loading and timers; this is how a write
waits for its predecessor and its fsync without a Task per write.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol


class WriteOwner(Protocol):
    """What a write asks of the runtime that queued it."""

    def epoch_of(self, partition: int) -> int: ...

    def append_failed(self, partition: int, epoch: int, count: int, exc: BaseException) -> None: ...

    def start_writes(self, writes: list[PartitionWrite]) -> None: ...


class StaleWrite(Exception):
    """The partition was reloaded since this write was queued: its state change no longer exists."""


class PartitionWrite:
    """A write as done callbacks: wait for the previous write of the partition (whatever its outcome),
    drop the write if the partition was reloaded since (`StaleWrite`), then wait for the writer's
    future; its failure reloads the partition. Completes `done` with the outcome, and tells
    `on_settled` (the results waiting on this write alone) at once, without one more loop iteration.

    The operations of one turn that append to the same partition join one write (`_enqueue_write`): the
    writer hands them the same future (the partition's next flush), so one `PartitionWrite` with their record
    count and their listeners completes exactly when separate ones would.

    The writes of a partition queued behind this one (`followers`) start the moment it settles, in the
    same loop turn: one fsync that covers a run of pipelined commits releases all their answers at once
    (the connection then sends them in one write), not one per loop iteration down the chain. The done
    callback each also registers is then a no-op (`started`); it still starts a follower whose
    predecessor was cancelled instead of settled."""

    __slots__ = ("count", "done", "durable", "epoch", "failure", "followers", "on_settled", "partition", "runtime",
                 "started")

    def __init__(self, runtime: WriteOwner, done: asyncio.Future[None], partition: int, epoch: int,
                 count: int, durable: asyncio.Future[None] | None, failure: Exception | None) -> None:
        self.runtime, self.done, self.partition, self.epoch = runtime, done, partition, epoch
        self.count, self.durable, self.failure = count, durable, failure
        self.on_settled: list[Callable[[bool], None]] | None = None
        self.followers: list[PartitionWrite] | None = None
        self.started = False

    def after(self, previous: asyncio.Future[None] | None, previous_write: PartitionWrite | None = None) -> None:
        if previous is not None and not previous.done():
            if previous_write is not None and previous_write.done is previous:
                if previous_write.followers is None:
                    previous_write.followers = []
                previous_write.followers.append(self)
            previous.add_done_callback(self._previous_done)
        elif self.failure is not None:  # the writer raised: handled on the next turn, as a Task would
            asyncio.get_running_loop().call_soon(self._previous_done, previous)
        else:
            self._previous_done(previous)

    def _previous_done(self, _previous: asyncio.Future[None] | None) -> None:
        if self.started:  # started by its predecessor's _settle already
            return
        self.started = True
        if self.done.done():  # cancelled (the runtime closed)
            return
        if self.runtime.epoch_of(self.partition) != self.epoch:
            self._settle(StaleWrite(self.partition))
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
        self.runtime.append_failed(self.partition, self.epoch, self.count, exc)
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
            self.runtime.start_writes(followers)
