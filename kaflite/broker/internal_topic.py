"""A coordinator's internal topic (`__consumer_offsets`, `__transaction_state`): created on first use, its
partitions loaded in the background.

When the topic exists at startup, every partition is replayed in the background while its keys answer
COORDINATOR_LOAD_IN_PROGRESS. Otherwise the first request that needs it creates it and waits for the load of
its empty partitions, and is answered like a warm Kafka cluster would answer it: no COORDINATOR_NOT_AVAILABLE
for the client to retry (B-FIND-2, TX-CO-1). The partitions' files are made in a worker thread: for 50
partitions that is ~100 fsyncs (each partition.metadata and its directory), ~35 ms the event loop would
otherwise stand still for every other connection.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import structlog

from kaflite.protocol.errors import ErrorCode
from kaflite.storage.errors import StorageError
from kaflite.storage.log import PartitionLog
from kaflite.storage.manager import LogManager

log = structlog.get_logger("kaflite.coordinator")


def partition_count(logs: LogManager, topic: str, configured: int) -> int:
    """How many partitions an internal topic's keys hash over: the existing topic's own count, else the configured
    one (Kafka's `metadataCache.numPartitions(topic).getOrElse(offsets.topic.num.partitions)`). A count changed in
    the config after the topic was made must not move groups or transactional ids to other partitions, where
    their committed state is not."""
    info = logs.topic(topic)
    if info is None or info.partitions == configured:
        return configured
    log.warning("the internal topic keeps its own partition count; the configured one applies only to a new topic",
                topic=topic, partitions=info.partitions, configured=configured)
    return info.partitions


class InternalTopic:
    """`load_all(n)` loads partitions 0..n-1 (the coordinator's own replay); this class decides when."""

    def __init__(self, logs: LogManager, name: str, partitions: int, configs: Mapping[str, str],
                 load_all: Callable[[int], Coroutine[Any, Any, None]], prepare: Callable[[], object] | None = None
                 ) -> None:
        self.logs = logs
        self.name = name
        self.partitions = partitions  # created with this many (the coordinator's num.partitions setting)
        self.configs = dict(configs)
        self._load_all = load_all
        self._prepare = prepare  # what the load needs first (building the coordinator), done while the files are made
        self.loading: asyncio.Task[None] | None = None
        self._fresh_load: asyncio.Task[None] | None = None  # the load of a topic created just now
        self.owned = 0  # partitions 0..owned-1 are (being) loaded here

    def start(self) -> None:
        """At startup an existing topic is replayed in the background. One without any config override was
        adopted from bare partition directories (a crash between making the files and registering the topic,
        or directories copied in): it gets the internal topic's configs first, or `__consumer_offsets` would
        live under the default delete policy and lose committed offsets to retention."""
        info = self.logs.topic(self.name)
        if info is not None:
            if not info.configs and self.configs:
                self.logs.set_topic_configs(self.name, self.configs)
                log.warning("internal topic adopted without its configs; set them", topic=self.name,
                            configs=self.configs)
            self._start_loading(info.partitions)

    def ensure(self) -> asyncio.Task[None] | None:
        """Create the topic on first use and start loading it; the load to wait for while the topic is one
        created just now, else None (loaded, or replayed meanwhile: its keys answer LOAD_IN_PROGRESS)."""
        if self.loading is not None:
            return self.fresh_loading()
        made = self.logs.topic(self.name)
        if made is not None:  # made meanwhile (a CreateTopics): loaded with the partitions it has, as at start
            self._start_loading(made.partitions)
            return None
        n = self.owned = self.partitions
        self.loading = self._fresh_load = loading = asyncio.create_task(self._create_then_load(n))
        return loading

    async def _create_then_load(self, n: int) -> None:
        t0 = time.perf_counter()
        try:
            n = self.owned = await self._create(n)
        except BaseException as exc:
            # Not made (a full disk, a stop meanwhile): the requests waiting are answered as without it
            # (NOT_COORDINATOR / COORDINATOR_NOT_AVAILABLE, so the clients retry), and the next one tries again.
            self.loading = self._fresh_load = None
            self.owned = 0
            if isinstance(exc, asyncio.CancelledError):
                raise
            if isinstance(exc, StorageError) and exc.error_code == ErrorCode.TOPIC_ALREADY_EXISTS:
                log.info("the internal topic is being created by a CreateTopics; the next request that needs it "
                         "loads that one", topic=self.name)
                return
            log.error("the internal topic could not be created; the next request that needs it tries again",
                      topic=self.name, error=repr(exc))
            return
        await self._load_all(n)
        log.info("created the internal topic", topic=self.name, partitions=n,
                 ms=round((time.perf_counter() - t0) * 1000, 1))

    async def _create(self, n: int) -> int:
        """The files in a worker thread, then the topic registered here on the loop (as CreateTopics does);
        the number of partitions to load."""
        logs = self.logs
        # In the registry first (kill -9 half-way: the next start makes it whole); a CreateTopics of the same name
        # under way meanwhile is TOPIC_ALREADY_EXISTS here: this creation fails, the next request loads that one.
        reserved = logs.reserve_topic(self.name, n, self.configs)
        try:
            making = asyncio.ensure_future(asyncio.to_thread(logs.open_partition_files, self.name, reserved.topic_id,
                                                             reserved.config, range(n)))
        except BaseException:
            logs.release_topic(self.name)
            raise
        try:
            await asyncio.sleep(0)  # the thread starts; its fsyncs let go of the GIL, the loop builds meanwhile
            if self._prepare is not None:
                try:
                    self._prepare()
                except Exception:  # the load builds it again, and fails there if it must
                    log.exception("preparing the internal topic's load failed", topic=self.name)
            opened = await asyncio.shield(making)
        except asyncio.CancelledError:
            # A stop or a reset: the thread goes on; what it opens is closed, never registered. Waited for, so a
            # reset's next creation of the topic does not make the same files at the same time.
            making.add_done_callback(self._discard_made)
            await asyncio.wait((making,))
            raise
        except BaseException:  # the files could not be made (open_partition_files removed its own)
            logs.release_topic(self.name)
            raise
        try:
            logs.create_topic(self.name, n, self.configs, topic_id=reserved.topic_id, opened=opened)
        except BaseException:
            _close(opened)
            logs.release_topic(self.name)
            raise
        return n

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

    def _discard_made(self, making: asyncio.Future[dict[int, PartitionLog]]) -> None:
        """The files of a creation stopped half-way: closed and removed (unless the topic was registered
        meanwhile), so that a restart does not adopt them as a topic without its configs."""
        if self.logs.topic(self.name) is None:
            self.logs.release_topic(self.name)
        if making.cancelled() or making.exception() is not None:  # (open_partition_files removed its own)
            return
        opened = making.result()
        _close(opened)
        if self.logs.topic(self.name) is None:
            for plog in opened.values():
                shutil.rmtree(plog.directory, ignore_errors=True)


def _close(opened: Mapping[int, PartitionLog]) -> None:
    for plog in opened.values():
        plog.close()
