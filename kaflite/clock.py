"""Time as an input: the coordinator and storage ask a Clock, so tests can advance it by hand."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Wall-clock milliseconds, as Kafka's `Time.milliseconds()` (commit and expiry timestamps)."""

    def now_ms(self) -> int: ...


class SystemClock:
    """The real clock."""

    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000


class ManualClock:
    """A clock that moves only when a test says so: coordinator tests run to the millisecond, no sleeps."""

    def __init__(self, start_ms: int = 1_700_000_000_000) -> None:
        self._now = start_ms

    def now_ms(self) -> int:
        return self._now

    def advance(self, ms: int) -> int:
        if ms < 0:
            raise ValueError("time does not go backwards")
        self._now += ms
        return self._now
