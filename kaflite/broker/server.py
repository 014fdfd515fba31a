"""The composition root: builds the broker's services and handlers, the router, the listener; runs them.

Nothing imports this module but the entry points (``kaflite serve``, ``kaflite.testing``): handlers
and connections are given a ``BrokerContext`` (``context.py``) and never see the ``Broker``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import gc
import signal
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import structlog

from kaflite import compiled
from kaflite.broker.acls import AclHandler
from kaflite.broker.admin import AdminHandler
from kaflite.broker.admin_ops import AdminOps
from kaflite.broker.authz import RequestAuthorizer
from kaflite.broker.cluster import ClusterHandler
from kaflite.broker.configs import ConfigHandler
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import BrokerContext, ServerState
from kaflite.broker.coordinator_log import CoordinatorLog
from kaflite.broker.faults import Faults
from kaflite.broker.fetch import FetchHandler
from kaflite.broker.groups import GroupHandler
from kaflite.broker.listening import listen
from kaflite.broker.produce import ProduceHandler
from kaflite.broker.router import Router
from kaflite.broker.sasl import SaslHandler
from kaflite.broker.share_persister import ShareCoordinatorPersister
from kaflite.broker.shares import ShareHandler, share_config_of
from kaflite.broker.stats import BrokerStats
from kaflite.broker.tls import TlsAccept, listener_client_auth, server_context
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.broker.transactions import TransactionHandler
from kaflite.clock import Clock
from kaflite.config import KafliteConfig
from kaflite.config.listeners import Listener, listeners_of
from kaflite.controller.replication import UnknownBroker
from kaflite.security.acl import StandardAuthorizer, parse_super_users
from kaflite.share_coordinator.records import SHARE_GROUP_STATE_TOPIC
from kaflite.storage.checkpoint import write_atomic
from kaflite.storage.config import LogConfig
from kaflite.storage.datadir import describe_os_error
from kaflite.storage.errors import StartupError
from kaflite.storage.manager import LogManager
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC

if TYPE_CHECKING:  # an annotation: the admin endpoint's modules load only when admin.port is set
    from kaflite.broker.admin_http import AdminHttpServer

log = structlog.get_logger("kaflite.broker")
TLS_CLOSE_S = 1.0


class Broker:
    """One kaflite node, complete once built: ``Broker.open(config)`` opens the data directory and
    composes every part; ``start()`` binds and serves; ``stop()`` drains, flushes and closes."""

    def __init__(self, context: BrokerContext) -> None:
        self.context = context
        self.router = Router()
        self.authorizer = self._authorizer()
        self.configs = ConfigHandler(context)
        # One log writer per internal topic, given to the coordinator that owns it.
        offsets_log = CoordinatorLog(context.logs, context.clock, CONSUMER_OFFSETS, context.commits,
                                     fsync=context.config.offsets_commit_fsync_enable)
        state_log = CoordinatorLog(context.logs, context.clock, TRANSACTION_STATE_TOPIC, context.commits)
        # Share fetches (KIP-932) and the share coordinator on `__share_group_state` (woken by every append); the
        # group coordinator initializes and resets share partitions through the same share coordinator.
        share_log = CoordinatorLog(context.logs, context.clock, SHARE_GROUP_STATE_TOPIC, context.commits)
        self.shares = ShareHandler(context, share_log, share_config_of(context.config))
        self.fetches = FetchHandler(context, append_listeners=[self.shares.on_append])
        self.groups = GroupHandler(context, offsets_log, self.authorizer,
                                   share_persister=ShareCoordinatorPersister(lambda: self.shares.share_coordinator),
                                   share_state_listeners=[self.shares.evict_group], share_coordinators=self.shares)
        self.transactions = TransactionHandler(context, self.groups, state_log, on_append=self.fetches.on_append)
        self.produce = ProduceHandler(context, on_append=self.fetches.on_append,
                                      verify_transaction=self.transactions.verify_produce)
        self.admin = AdminHandler(context, on_partitions_deleted=self.groups.on_partitions_deleted)
        self.cluster = ClusterHandler(context)
        self.sasl = SaslHandler(context)
        context.cluster_metadata.register(self.sasl.scram)
        self.acls = AclHandler(context, self.authorizer)
        for handler in (self.admin, self.configs, self.produce, self.fetches, self.groups, self.transactions,
                        self.cluster, self.acls, self.sasl, self.shares):
            handler.register(self.router)
        self.admin_http: AdminHttpServer | None = None  # admin.port >= 0: the HTTP admin endpoint
        self.server: asyncio.base_events.Server | None = None  # the first listener's
        self.servers: list[asyncio.base_events.Server] = []  # one per listener of each running broker
        self._servers_of: dict[int, list[asyncio.base_events.Server]] = {}  # by node id
        self._tls_contexts: dict[str, ssl.SSLContext] = {}  # by ssl.client.auth
        self._handshaking: set[Any] = set()  # SSL listeners' accepted sockets still in their TLS handshake
        self._tasks: list[asyncio.Task[None]] = []
        self._stopped = asyncio.Event()
        self._opened_ms = 0.0

    def _authorizer(self) -> StandardAuthorizer | None:
        """With `authorizer.class.name`: Kafka's StandardAuthorizer, an image of the cluster-metadata log (the
        ACLs replayed now, every later change applied as committed), and the router's ACL check. Without it,
        nothing of it is imported and the request path skips the check."""
        config = self.context.config
        if not config.authorizer_class_name:
            return None
        authorizer = StandardAuthorizer(parse_super_users(config.super_users), config.allow_everyone_if_no_acl_found)
        self.context.cluster_metadata.register(authorizer)
        self.router.authorize = RequestAuthorizer(authorizer, self.context)
        return authorizer

    @functools.cached_property
    def admin_ops(self) -> AdminOps:
        """The admin operations (HTTP endpoint, in-process test brokers), built on first use."""
        return AdminOps(self.context, self.groups, self.reset, self.transactions, self.authorizer, self.sasl.scram,
                        self.shares, stop_broker_action=self.stop_broker, start_broker_action=self.start_broker)

    @classmethod
    def open(cls, config: KafliteConfig, clock: Clock | None = None) -> Broker:
        """Open (and recover) the data directory and build the broker over it; nothing is bound yet."""
        t0 = time.perf_counter()
        broker = cls(BrokerContext.open(config, clock))
        broker._opened_ms = (time.perf_counter() - t0) * 1000
        return broker

    # -- what tests and tools read ----------------------------------------------------------------

    @property
    def config(self) -> KafliteConfig:
        return self.context.config

    @property
    def state(self) -> ServerState:
        return self.context.state

    @property
    def logs(self) -> LogManager:
        return self.context.logs

    @property
    def faults(self) -> Faults:
        return self.context.faults

    @property
    def data_dir(self) -> Path:
        return self.context.data_dir

    @property
    def port(self) -> int:
        return self.context.state.port

    @property
    def advertised_host(self) -> str:
        return self.context.state.advertised_host

    @property
    def paused(self) -> bool:
        return self.context.state.paused

    # -- lifecycle --------------------------------------------------------------------------------

    async def start(self) -> None:
        t0 = time.perf_counter()
        context, state, config = self.context, self.context.state, self.context.config
        self.groups.start()
        self.transactions.start()
        self.shares.start()
        router = self.router
        if config.admin_port >= 0:  # /metrics counts from the first connection (off: the request path skips it)
            state.stats = BrokerStats()
            router.count_requests()
        await self._bind_listeners()
        await context.leaders.reconcile()  # a restart with fewer brokers: their partitions get live leaders
        if config.admin_port >= 0:
            # The admin endpoint -- its HTTP (h11), the console, /metrics (prometheus_client) -- loads only when
            # admin.port is set (issue 32, item 7): the one import a start makes on a condition.
            from kaflite.broker.admin_endpoint import start_admin_endpoint

            try:
                self.admin_http = await start_admin_endpoint(self.admin_ops, config.admin_port, self.context,
                                                             self.groups, self.router)
            except OSError as exc:
                for server in self.servers:
                    server.close()
                raise StartupError(f"cannot listen on 127.0.0.1:{config.admin_port} (admin.port): "
                                   f"{exc.strerror or exc}: choose another one (0 picks a free one)") from exc
        self._tasks.append(asyncio.create_task(self._periodic()))
        log.info("kaflite serving", host=config.host, port=state.port, advertised_host=state.advertised_host,
                 listeners=",".join(f"{li.name}://{li.host}:{li.port}" for li in state.listeners),
                 data_dir=str(context.data_dir), cluster_id=state.cluster_id, node_id=config.node_id,
                 **({"brokers": ",".join(f"{node_id}={host}:{port}" for node_id, host, port, _ in self.brokers())}
                    if config.brokers > 1 else {}),
                 topics=len(context.logs.topics()), code=compiled.status(),  # compiled, or why interpreted
                 startup_ms=round(self._opened_ms + (time.perf_counter() - t0) * 1000, 1))

    async def _bind_listeners(self) -> None:
        """Bind every broker's listeners (``listeners``, or host/port as the one PLAINTEXT listener; with
        ``brokers`` > 1, each broker's on its own ports); each connection is told the listener it came in on,
        hence its broker. The first listener's port is ``state.port``."""
        context, state = self.context, self.context.state
        state.listeners.clear()
        for listener in listeners_of(context.config):
            try:
                bound_listener = await self._bind(listener)
            except StartupError:
                for bound in self.servers:
                    bound.close()
                self.servers.clear()
                self._servers_of.clear()
                raise
            state.listeners.append(bound_listener)
        self.server = self.servers[0]
        state.port = state.listeners[0].port
        state.advertised_host = state.listeners[0].advertised_host

    async def _bind(self, listener: Listener) -> Listener:
        """Listen on one broker's listener; returns the listener as bound (port 0 resolved)."""
        context = self.context
        loop = asyncio.get_running_loop()
        tls_context = None
        if listener.tls:
            client_auth = listener_client_auth(context.config, listener)
            if client_auth not in self._tls_contexts:  # by ssl.client.auth: SSL and SASL_SSL may differ
                self._tls_contexts[client_auth] = server_context(context.config, client_auth)
            tls_context = self._tls_contexts[client_auth]
        factory = self._protocol_factory(listener, tls_context)
        try:
            server = await listen(functools.partial(loop.create_server, factory), listener.host, listener.port,
                                  backlog=1024)
        except OSError as exc:  # port in use, an address not of this host: one line, as Kafka's SocketServer
            what = "--port / port" if not context.config.listeners else "listeners"
            of = f" of broker {listener.node_id}" if context.config.brokers > 1 else ""
            raise StartupError(f"cannot listen on {listener.host}:{listener.port} ({listener.name}{of}): "
                               f"{exc.strerror or exc}: stop what uses the port, or choose another one "
                               f"({what}; 0 picks a free one)") from exc
        port = server.sockets[0].getsockname()[1]
        self.servers.append(server)
        self._servers_of.setdefault(listener.node_id, []).append(server)
        return dataclasses.replace(listener, port=port, advertised_port=listener.advertised_port or port)

    # -- brokers of a several-broker kaflite (``brokers`` > 1) --------------------------------------

    async def stop_broker(self, node_id: int) -> None:
        """Stop broker ``node_id`` as if its process ended: its listeners close, its connections are dropped,
        and its leaderships move to live brokers (Kafka's controller, once the broker's session ends). The
        other brokers keep serving; its ports are bound again by ``start_broker``. Raises ``UnknownBroker``
        for a node id not of this cluster; stopping a stopped broker does nothing."""
        leaders = self.context.leaders
        if node_id not in leaders.node_ids:
            raise UnknownBroker(f"broker {node_id} is not one of this cluster's brokers "
                                f"({', '.join(map(str, leaders.node_ids))})")
        if not leaders.control.is_live(node_id):
            return
        for server in self._servers_of.pop(node_id, []):
            server.close()
            self.servers.remove(server)
        for handshake in [h for h in self._handshaking if h.listener.node_id == node_id]:
            handshake.abort_handshake()
        for conn in [c for c in self.context.state.connections if c.node_id == node_id]:
            conn.abort()
        await leaders.stop_broker(node_id)
        log.info("kaflite broker stopped", node_id=node_id)

    async def start_broker(self, node_id: int) -> None:
        """Start broker ``node_id`` again on the ports it had: it leads nothing until a leader is moved to it or
        a preferred-leader election (ElectLeaders) gives its partitions back -- except partitions left without
        any live leader, which it takes. Raises ``UnknownBroker``, or StartupError when a port was taken
        meanwhile; starting a running broker does nothing."""
        leaders, state = self.context.leaders, self.context.state
        if node_id not in leaders.node_ids:
            raise UnknownBroker(f"broker {node_id} is not one of this cluster's brokers "
                                f"({', '.join(map(str, leaders.node_ids))})")
        if leaders.control.is_live(node_id):
            return
        for listener in [li for li in state.listeners if li.node_id == node_id]:
            try:
                await self._bind(listener)
            except StartupError:
                for server in self._servers_of.pop(node_id, []):
                    server.close()
                    self.servers.remove(server)
                raise
        await leaders.start_broker(node_id)
        log.info("kaflite broker started", node_id=node_id,
                 listeners=",".join(f"{li.name}://{li.host}:{li.port}" for li in state.listeners
                                    if li.node_id == node_id))

    def brokers(self) -> list[tuple[int, str, int, bool]]:
        """Every broker of this kaflite: (node id, advertised host, advertised port of its first listener,
        running)."""
        leaders, out = self.context.leaders, []
        for node_id in leaders.node_ids:
            first = next(li for li in self.context.state.listeners if li.node_id == node_id)
            out.append((node_id, first.advertised_host, first.advertised_port, leaders.control.is_live(node_id)))
        return out

    def _protocol_factory(self, listener: Listener, tls_context: ssl.SSLContext | None) -> Callable[[], Any]:
        """What an accepted socket is given: a connection that is told its listener once bound (the port may
        be 0 until then), behind a TLS handshake on SSL listeners."""
        context, router = self.context, self.router
        # The group commit's flush at the end of each read: a connection's writes of one read share one fsync.
        after_read = context.commits.flush_now
        # Share sessions end with the connection that opened them.
        on_closed = self.shares.on_connection_closed

        def bound() -> Listener:
            return self.context.state.endpoint(listener.name, listener.node_id) or listener

        sasl = self.sasl.authenticators(listener) if listener.sasl else None
        if tls_context is None or not listener.tls:
            return lambda: KafkaConnection(context, router, bound(), sasl, after_read, on_closed)
        return lambda: TlsAccept(tls_context, bound(),
                                 KafkaConnection(context, router, bound(), sasl, after_read, on_closed),
                                 self._handshaking)

    async def _periodic(self) -> None:
        """Flush at the configured interval, apply retention, compact; all cheap when idle."""
        cfg, clock, logs, commits = self.context.config, self.context.clock, self.context.logs, self.context.commits
        next_retention = clock.now_ms() + cfg.log_retention_check_interval_ms
        next_clean = clock.now_ms() + cfg.log_cleaner_backoff_ms
        tick = max(0.01, min(cfg.log_flush_interval_ms, 1000) / 1000) if cfg.log_flush_interval_ms > 0 else 1.0
        while True:
            await asyncio.sleep(tick)
            now = clock.now_ms()
            try:
                due = logs.due_for_flush(now)
                if due:  # off the event loop, as the coordinators' writes; the checkpoint once they are done
                    flushed = [commits.dirty(plog) for plog in due]
                    await asyncio.wait(flushed)
                    if any(not f.cancelled() and f.exception() is None for f in flushed):
                        logs.write_checkpoints()
                if now >= next_retention:
                    next_retention = now + cfg.log_retention_check_interval_ms
                    logs.apply_retention(now)
                if cfg.log_cleaner_enable and now >= next_clean:
                    next_clean = now + cfg.log_cleaner_backoff_ms
                    logs.run_cleaner(now)
            except OSError as exc:  # a full or failing disk: retried next tick, no traceback per tick
                log.warning("periodic storage work failed", errno=exc.errno, error=exc.strerror or str(exc))
            except Exception:
                log.exception("periodic storage work failed")

    async def reset(self) -> None:
        """Drop every topic, group, offset and dynamic broker and group config without a restart (test
        isolation); clients reconnect. The coordinator's metadata image follows the deleted topics.

        The routes stay: they point at the handlers, and the group handler renews its runtime."""
        context = self.context
        context.clear_faults()
        self.fetches.cancel_all()
        await self.shares.stop()
        context.state.abort_connections()
        await self.groups.stop()
        await self.transactions.stop()
        context.logs.delete_topics(list(context.logs.topics()))
        static = LogConfig.from_dict(context.config.topic_log_defaults())
        for resource in context.logs.broker_configs():  # a test's AlterConfigs on BROKER ends with it
            context.logs.set_broker_configs(resource, {}, static)
        context.group_configs.clear()
        if self.authorizer is not None:  # a test's ACLs end with it too (removal records, as DeleteAcls')
            await context.cluster_metadata.commit(self.authorizer.delete_records(list(self.authorizer.acls())))
        self.groups.renew()
        self.transactions.renew()
        self.shares.renew()
        log.info("kaflite reset: every topic, group, offset and dynamic broker and group config dropped")

    async def stop(self) -> None:
        """A clean shutdown, in uvicorn's order:

        1. stop accepting connections;
        2. stop reading on every connection: requests queued but not started are dropped;
        3. answer what is parked: fetches with what is there now; JoinGroup/SyncGroup (and group
           requests still waiting on a write) with NOT_COORDINATOR, as Kafka's coordinator
           answers when it resigns its partitions, so clients go looking for it again;
        4. let the requests in flight finish, for up to shutdown.timeout.ms;
        5. flush and close: the coordinator runtime, the periodic work, the logs (clean-shutdown
           marker), then the connections, once their last answers are written.
        """
        context, state = self.context, self.context.state
        if state.stopping:  # a second caller waits for the first one's shutdown
            await self._stopped.wait()
            return
        if self.server is None:
            return
        t0 = time.perf_counter()
        log.info("kaflite stopping", connections=len(state.connections))
        state.stopping = True
        for server in self.servers:
            server.close()
        for handshake in list(self._handshaking):  # no connection yet: nothing to drain
            handshake.abort_handshake()
        if self.admin_http is not None:
            self.admin_http.close()
            self.admin_http = None
        for conn in list(state.connections):
            conn.stop_reading()
        self.fetches.cancel_all()
        self.shares.unpark()
        await self.groups.unload()
        in_flight = [f for c in state.connections for f in c.unanswered()]
        if in_flight:
            _, late = await asyncio.wait(in_flight, timeout=context.config.shutdown_timeout_ms / 1000)
            if late:
                log.warning("requests still in flight after shutdown.timeout.ms; closing their connections",
                            requests=len(late), timeout_ms=context.config.shutdown_timeout_ms)
        await self.groups.stop()
        await self.transactions.stop()
        await self.shares.stop()
        await self._cancel_tasks()
        await context.commits.drain()
        context.commits.close()
        context.logs.close()
        context.cluster_metadata.close()
        for conn in list(state.connections):
            conn.close_gracefully()
        await self._tls_closed()
        self.server = None
        self.servers.clear()
        self._stopped.set()
        log.info("kaflite stopped", ms=round((time.perf_counter() - t0) * 1000, 1))

    async def _tls_closed(self) -> None:
        """A TLS connection closes after the close_notify exchange, which needs the loop: bounded by
        TLS_CLOSE_S, then the rest are aborted, so no socket outlives the broker (an in-process test broker's
        loop closes next)."""
        state = self.context.state
        deadline = time.monotonic() + TLS_CLOSE_S
        while any(c.tls for c in state.connections) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for conn in [c for c in state.connections if c.tls]:
            conn.abort()

    async def crash(self) -> None:
        """As kill -9 would leave it (for tests): sockets dropped, nothing flushed, no clean-shutdown
        marker, so the next start must scan and recover."""
        if self.server is None:
            return
        for server in self.servers:
            server.close()
        for handshake in list(self._handshaking):  # no connection yet: nothing to drain
            handshake.abort_handshake()
        if self.admin_http is not None:
            self.admin_http.close()
            self.admin_http = None
        await self.shares.stop()  # first: a crash releases no share session's records (nothing is written)
        self.context.state.abort_connections()
        await self.groups.stop()
        await self.transactions.stop()
        for t in self._tasks:
            t.cancel()
        # Release the files but write no checkpoint and no clean-shutdown marker.
        for plog in self.context.logs.logs().values():
            plog.close()
        self.server = None
        self.servers.clear()
        self._stopped.set()

    async def _cancel_tasks(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        self._tasks.clear()

    async def wait_stopped(self) -> None:
        await self._stopped.wait()


def install_uvloop() -> None:
    """uvloop when importable (as uvicorn's loop auto-selection), asyncio's loop otherwise."""
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


async def _serve(config: KafliteConfig, ready_file: str | None) -> None:
    try:
        broker = Broker.open(config)
    except OSError as exc:  # what the data directory checks did not foresee: still one line naming the file
        raise StartupError("cannot open the data directory: " + describe_os_error(exc, config.log_dirs)) from exc
    try:
        await broker.start()
    except StartupError:
        await broker.groups.stop()
        await broker.transactions.stop()
        await broker.shares.stop()
        broker.logs.close()  # nothing was served: a clean close, and the `.lock` released
        raise
    address = f"{broker.advertised_host}:{broker.port}"
    admin = f"127.0.0.1:{broker.admin_http.port}" if broker.admin_http is not None else None
    # With `listeners`, each one's advertised address (port 0 resolved): `listener.SSL=127.0.0.1:9093`.
    # With `brokers` > 1 these are the first broker's, then every broker's as `SSL.<node id>=...`.
    listeners = [f"{li.name}={li.advertised_host}:{li.advertised_port}" for li in broker.state.listeners
                 if li.node_id == config.node_id] if config.listeners else []
    if config.listeners and config.brokers > 1:
        listeners += [f"{li.name}.{li.node_id}={li.advertised_host}:{li.advertised_port}"
                      for li in broker.state.listeners]
    # With `brokers` > 1, each broker's first listener's address: `broker.2=127.0.0.1:9093`.
    brokers = [f"{node_id}={host}:{port}" for node_id, host, port, _ in broker.brokers()] if config.brokers > 1 else []
    if ready_file:
        # Line 1 stays host:port for existing scripts; the admin endpoint, when on, is line 2; listeners after,
        # then (`brokers` > 1) each broker's address.
        write_atomic(Path(ready_file), f"{address}\n".encode() + (f"admin={admin}\n".encode() if admin else b"")
                     + "".join(f"listener.{line}\n" for line in listeners).encode()
                     + "".join(f"broker.{line}\n" for line in brokers).encode())
    print(f"kaflite listening on {address}", flush=True)
    for line in listeners:
        name, _, where = line.partition("=")
        print(f"kaflite listener {name} on {where}", flush=True)
    for line in brokers:
        node_id, _, where = line.partition("=")
        print(f"kaflite broker {node_id} on {where}", flush=True)
    if admin:
        print(f"kaflite admin on http://{admin}", flush=True)
        print(f"kaflite console on http://{admin}/", flush=True)  # the web console (docs/console.md)
    gc.freeze()  # what start-up built lives as long as the process: out of every later collection
    stop = asyncio.Event()
    _on_stop_signals(stop)
    await stop.wait()
    await broker.stop()


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _on_stop_signals(stop: asyncio.Event) -> None:
    """The first SIGINT/SIGTERM starts a clean shutdown; a second one ends the process at once.

    After the first, both signals get their default action back (as a second Ctrl-C does in
    uvicorn, but at the kernel's level): the next one ends the process even if the event loop is
    stuck, skipping the flush (the next start recovers, as after kill -9).
    """
    loop = asyncio.get_running_loop()

    def on_signal(sig: signal.Signals) -> None:
        if stop.is_set():  # a second signal that arrived before the default action was back
            signal.signal(sig, signal.SIG_DFL)
            signal.raise_signal(sig)
            return
        stop.set()
        for s in STOP_SIGNALS:
            loop.remove_signal_handler(s)
            signal.signal(s, signal.SIG_DFL)
        log.info("kaflite stopping on a signal; a second one forces exit", signal=sig.name)

    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, on_signal, sig)


# A young-generation collection every 10,000 net container allocations instead of CPython's 700.
# A request's objects die by reference count once it is answered; with 700, the requests merely in
# flight (128 pipelined commits waiting for their fsync) crossed the threshold every few
# milliseconds, and each survivor was promoted until a full collection (8 ms over start-up's
# objects) ran every third of a second — 8 % of the commits' CPU and their p99 (docs/benchmarks.md).
# Cyclic garbage is still collected, just in larger, rarer rounds.
GC_YOUNG_THRESHOLD = 10_000


def serve(config: KafliteConfig, ready_file: str | None = None) -> None:
    """The process's broker: ``kaflite serve`` (an in-process ``kaflite.testing`` broker leaves the
    embedding process's garbage collector alone)."""
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    install_uvloop()
    asyncio.run(_serve(config, ready_file))
