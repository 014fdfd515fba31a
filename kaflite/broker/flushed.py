"""A flush's completion (flush.py's GroupCommit hands them out).

A module of its own because the compiled build (kaflite/native.py) cannot compile a subclass of
asyncio.Future: it stays interpreted while flush.py is compiled.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import structlog

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
