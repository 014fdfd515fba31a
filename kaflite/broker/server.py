"""The asyncio shell: listener, connections, periodic storage work, graceful shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from pathlib import Path
from typing import Any

import structlog

from kaflite.broker.admin import AdminHandler
from kaflite.broker.admin_http import AdminHttpServer, start_admin_http
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.faults import Faults
from kaflite.broker.fetch import FetchHandler
from kaflite.broker.groups import GroupHandler
from kaflite.broker.produce import ProduceHandler
from kaflite.broker.router import Router
from kaflite.clock import Clock, SystemClock
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsResponse
from kaflite.storage.checkpoint import write_atomic
from kaflite.storage.config import LogConfig
from kaflite.storage.manager import LogManager, TopicInfo
from kaflite.storage.meta import PRODUCER_ID_BLOCK_FILE, ProducerIdManager, load_meta_properties

log = structlog.get_logger("kaflite.broker")

class Broker:
    """One kaflite node. ``start()`` binds and serves; ``stop()`` drains, flushes and closes."""

    def __init__(self, config: KafliteConfig, clock: Clock | None = None) -> None:
        self.config = config
        self.clock = clock or SystemClock()
        self.data_dir = Path(config.log_dirs)
        self.connections: set[KafkaConnection] = set()
        self.paused = False
        self.router = Router()
        self.server: asyncio.base_events.Server | None = None
        self.port = config.port
        self.advertised_host = config.advertised_host or config.host
        self._tasks: list[asyncio.Task[None]] = []
        self._stopped = asyncio.Event()
        self.logs: LogManager = None  # type: ignore[assignment]  # opened in start()
        self.admin = AdminHandler(self)
        self.produce = ProduceHandler(self)
        self.fetches = FetchHandler(self)
        self.faults = Faults(self)
        self.admin_http: AdminHttpServer | None = None  # admin.port >= 0: the HTTP admin endpoint
        self._api_versions: list[Any] | None = None
        self.cluster_id = ""

    # -- wiring -----------------------------------------------------------------------------------

    def _routes(self) -> None:
        r = self.router
        r.add(18, self.admin.api_versions)
        r.add(3, self.admin.metadata)
        r.add(60, self.admin.describe_cluster)
        r.add(32, self.admin.describe_configs)
        r.add(19, self.admin.create_topics)
        r.add(20, self.admin.delete_topics)
        r.add(37, self.admin.create_partitions)
        r.add(0, self.produce.produce)
        r.add(22, self.produce.init_producer_id)
        r.add(1, self.fetches.fetch)
        r.add(2, self.fetches.list_offsets)
        r.add(23, self.fetches.offset_for_leader_epoch)
        g = self.groups
        r.add(10, g.find_coordinator)
        r.add(11, g.join_group)
        r.add(14, g.sync_group)
        r.add(12, g.heartbeat)
        r.add(13, g.leave_group)
        # OffsetCommit/OffsetFetch v10 name topics by id only; v9 is what Java 3.9 and librdkafka send.
        r.add(8, g.offset_commit, max_version=9)
        r.add(9, g.offset_fetch, max_version=9)
        r.add(15, g.describe_groups)
        r.add(16, g.list_groups)
        r.add(42, g.delete_groups)
        r.add(47, g.offset_delete)

    def api_versions_list(self) -> list[Any]:
        if self._api_versions is None:
            av = ApiVersionsResponse.ApiVersion
            self._api_versions = [av(api_key=k, min_version=lo, max_version=hi)
                                  for k, lo, hi in self.router.versions()]
        return self._api_versions

    # -- lifecycle --------------------------------------------------------------------------------

    async def start(self) -> None:
        t0 = time.perf_counter()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.cluster_id = load_meta_properties(self.data_dir, self.config.node_id)
        self.producer_ids = ProducerIdManager(self.data_dir / PRODUCER_ID_BLOCK_FILE)
        defaults = LogConfig.from_dict(self.config.topic_log_defaults())
        self.logs = LogManager(self.data_dir, defaults, self.clock.now_ms)
        self.groups = GroupHandler(self)
        self._routes()
        self.groups.start()
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: KafkaConnection(self), self.config.host,
                                               self.config.port, reuse_address=True, backlog=1024)
        self.port = self.server.sockets[0].getsockname()[1]
        if self.config.admin_port >= 0:
            self.admin_http = await start_admin_http(self, self.config.admin_port)
        self._tasks.append(asyncio.create_task(self._periodic()))
        log.info("kaflite serving", host=self.config.host, port=self.port, advertised_host=self.advertised_host,
                 data_dir=str(self.data_dir), cluster_id=self.cluster_id, node_id=self.config.node_id,
                 topics=len(self.logs.topics()), startup_ms=round((time.perf_counter() - t0) * 1000, 1))

    async def _periodic(self) -> None:
        """Flush at the configured interval, apply retention, compact; all cheap when idle."""
        cfg = self.config
        next_retention = self.clock.now_ms() + cfg.log_retention_check_interval_ms
        next_clean = self.clock.now_ms() + cfg.log_cleaner_backoff_ms
        tick = max(0.01, min(cfg.log_flush_interval_ms, 1000) / 1000) if cfg.log_flush_interval_ms > 0 else 1.0
        while True:
            await asyncio.sleep(tick)
            now = self.clock.now_ms()
            try:
                self.logs.flush_due(now)
                if now >= next_retention:
                    next_retention = now + cfg.log_retention_check_interval_ms
                    self.logs.apply_retention(now)
                if cfg.log_cleaner_enable and now >= next_clean:
                    next_clean = now + cfg.log_cleaner_backoff_ms
                    self.logs.run_cleaner(now)
            except Exception:
                log.exception("periodic storage work failed")

    def topic_by_id(self, topic_id: bytes) -> TopicInfo | None:
        for info in self.logs.topics().values():
            if info.topic_id == topic_id:
                return info
        return None

    def on_connection_closed(self, conn: KafkaConnection) -> None:
        pass

    def on_topic_deleted(self, topic: str) -> None:
        pass

    async def reset(self) -> None:
        """Drop every topic, group and offset without a restart (test isolation); clients reconnect."""
        self.faults.clear()
        self.fetches.cancel_all()
        for conn in list(self.connections):
            if conn.transport is not None:
                conn.transport.abort()
        await self.groups.stop()
        self.logs.delete_topics(list(self.logs.topics()))
        self.groups = GroupHandler(self)
        self._routes()
        log.info("kaflite reset: every topic, group and offset dropped")

    async def stop(self) -> None:
        """Stop accepting, let in-flight requests finish within the timeout, flush, close."""
        if self.server is None:
            return
        log.info("kaflite stopping", connections=len(self.connections))
        self.server.close()
        if self.admin_http is not None:
            self.admin_http.close()
            self.admin_http = None
        self.fetches.cancel_all()
        in_flight = [c.in_flight for c in self.connections if c.in_flight is not None]
        if in_flight:
            await asyncio.wait(in_flight, timeout=self.config.shutdown_timeout_ms / 1000)
        await self.groups.stop()
        for conn in list(self.connections):
            if conn.transport is not None:
                conn.transport.close()
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        self._tasks.clear()
        self.logs.close()
        self.server = None
        self._stopped.set()
        log.info("kaflite stopped")

    async def wait_stopped(self) -> None:
        await self._stopped.wait()


def install_uvloop() -> None:
    """uvloop when importable (as uvicorn's loop auto-selection), asyncio's loop otherwise."""
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


async def _serve(config: KafliteConfig, ready_file: str | None) -> None:
    broker = Broker(config)
    await broker.start()
    address = f"{broker.advertised_host}:{broker.port}"
    admin = f"127.0.0.1:{broker.admin_http.port}" if broker.admin_http is not None else None
    if ready_file:
        # Line 1 stays host:port for existing scripts; the admin endpoint, when on, is line 2.
        write_atomic(Path(ready_file), f"{address}\n".encode() + (f"admin={admin}\n".encode() if admin else b""))
    print(f"kaflite listening on {address}", flush=True)
    if admin:
        print(f"kaflite admin on http://{admin}", flush=True)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await broker.stop()


def serve(config: KafliteConfig, ready_file: str | None = None) -> None:
    install_uvloop()
    asyncio.run(_serve(config, ready_file))

