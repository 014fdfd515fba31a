"""A coordinator's internal topic (`__consumer_offsets`, `__transaction_state`): created on first use, its
partitions loaded in the background.

When the topic exists at startup, every partition is replayed in the background while its keys answer
COORDINATOR_LOAD_IN_PROGRESS. Otherwise the first request that needs it creates it and waits for the load of
its empty partitions (over within an event-loop turn), and is answered like a warm Kafka cluster would answer
it: no COORDINATOR_NOT_AVAILABLE for the client to retry (B-FIND-2, TX-CO-1).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import structlog

from kaflite.storage.manager import LogManager

log = structlog.get_logger("kaflite.coordinator")


class InternalTopic:
    """`load_all(n)` loads partitions 0..n-1 (the coordinator's own replay); this class decides when."""

    def __init__(self, logs: LogManager, name: str, partitions: int, configs: Mapping[str, str],
                 load_all: Callable[[int], Coroutine[Any, Any, None]]) -> None:
        self.logs = logs
        self.name = name
        self.partitions = partitions  # created with this many (the coordinator's num.partitions setting)
        self.configs = dict(configs)
        self._load_all = load_all
        self.loading: asyncio.Task[None] | None = None
        self._fresh_load: asyncio.Task[None] | None = None  # the load of a topic created just now
        self.owned = 0  # partitions 0..owned-1 are (being) loaded here

    def start(self) -> None:
        """At startup an existing topic is replayed in the background."""
        info = self.logs.topic(self.name)
        if info is not None:
            self._start_loading(info.partitions)

    def ensure(self) -> asyncio.Task[None] | None:
        """Create the topic on first use and start loading it; the load to wait for while the topic is one
        created just now, else None (loaded, or replayed meanwhile: its keys answer LOAD_IN_PROGRESS)."""
        if self.loading is not None:
            return self.fresh_loading()
        n = self.partitions
        if self.logs.topic(self.name) is not None:
            self._start_loading(n)
            return None
        t0 = time.perf_counter()
        self.logs.create_topic(self.name, n, self.configs)
        self._start_loading(n)
        self._fresh_load = loading = self.loading
        assert loading is not None
        loading.add_done_callback(lambda _: log.info(
            "created the internal topic", topic=self.name, partitions=n,
            ms=round((time.perf_counter() - t0) * 1000, 1)))
        return loading

    def fresh_loading(self) -> asyncio.Task[None] | None:
        fresh = self._fresh_load
        return fresh if fresh is not None and not fresh.done() else None

    def _start_loading(self, partitions: int) -> None:
        self.owned = partitions
        self.loading = asyncio.create_task(self._load_all(partitions))

    async def cancel_loading(self) -> None:
        if self.loading is not None and not self.loading.done():
            self.loading.cancel()
            await asyncio.gather(self.loading, return_exceptions=True)

    def renew(self) -> None:
        """After a reset (every topic deleted): nothing loaded; created again on first use."""
        self.loading = self._fresh_load = None
        self.owned = 0
