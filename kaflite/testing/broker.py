"""A real kaflite broker for tests: on its own thread and event loop, inspected from the test thread.

Blocking clients (kafka-python, confluent-kafka) and asyncio clients (aiokafka) alike talk to it
over TCP on 127.0.0.1; the test reads the coordinator's state — group snapshots, transition
histories — waits for a group state without polling (the wait is driven by the coordinator's own
transitions), and injects faults. ``BrokerAPI`` holds everything both modes share: this in-process
``Broker`` runs each operation on the broker's loop, ``kaflite.testing.process.ProcessBroker``
sends the same operation to a child process's admin endpoint; both go through
``kaflite.broker.admin_ops.AdminOps``, so a test behaves the same in either mode.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
import threading
import time
from collections.abc import Coroutine, Iterator, Mapping, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from kaflite.broker.admin_errors import HttpError, WaitTimeout
from kaflite.broker.server import Broker as _Broker
from kaflite.broker.server import install_uvloop
from kaflite.config import KafliteConfig
from kaflite.security.tls.certs import CertFiles, write_certs
from kaflite.testing.acls import Acl, authorizer_settings
from kaflite.testing.admin_client import AdminError
from kaflite.testing.aio import AsyncBroker
from kaflite.testing.cluster import ClusterAPI, free_port_range
from kaflite.testing.sasl import client_config, plain_jaas_config
from kaflite.testing.views import (
    EpochHistory,
    Group,
    GroupWaitTimeout,
    ShareOffset,
    SharePartitionState,
    TopicPartition,
    Transaction,
    assert_rebalances,
)

T = TypeVar("T")

#: Settings that make a test broker quick to form groups; any of them can be overridden (docs/testing.md).
TEST_DEFAULTS: dict[str, object] = {
    # Not Kafka's 3 s, not 0: kafka-python 3.0.12 sends its JoinGroup before the metadata of the topics it
    # subscribed to (asked for retry.backoff.ms, 100 ms, after its bootstrap); answered at once, its leader
    # assigns nothing and loses the rejoin it then starts itself (docs/testing.md, the pitfalls). Measured:
    # 85 ms still fails, 100 ms passes; 200 ms leaves the margin (tests/testing/test_session_groups.py).
    "group.initial.rebalance.delay.ms": 200,
    "group.min.session.timeout.ms": 100,
    "group.consumer.min.session.timeout.ms": 100,  # KIP-848 groups: short consumer.* group configs allowed
    "group.consumer.min.heartbeat.interval.ms": 100,
    # KIP-848 and share members: Kafka's 5 s puts one or two intervals into every group a test forms (a
    # member's assignment comes at its next heartbeat); each member heartbeats twice a second instead.
    "group.consumer.heartbeat.interval.ms": 500,
    "group.share.heartbeat.interval.ms": 500,
    "log.flush.interval.ms": 1000,
}

ApiName = str | int  # "JoinGroup", "join_group" or 11


class BrokerAPI(ClusterAPI):
    """Groups, waits and faults, on top of one primitive: run a named ``AdminOps`` operation (several brokers'
    calls: ``ClusterAPI``)."""

    tls: CertFiles | None = None  # Broker(tls=True): the throwaway CA, server and client certificates
    ssl_port = 0
    sasl_port = 0
    sasl_protocol: str | None = None  # Broker(sasl="SASL_SSL"): the SASL listener's security protocol
    users: dict[str, str]  # user -> password (Broker(users=...), add_user)
    _users_added = False
    port = 0
    brokers = 1  # Broker(brokers=3): how many brokers, node ids node.id … node.id+brokers-1 on port … port+brokers-1
    overrides: dict[str, object]

    def _brokers_settings(self, brokers: int | None) -> dict[str, object]:
        """``brokers=N`` as the ``brokers`` setting (a ``config={"brokers": N}`` says the same)."""
        return {} if brokers is None else {"brokers": int(brokers)}

    def _ports_for_start(self) -> None:
        """Several brokers get their ports fixed at the first start (P … P+N-1, free now), so a restart binds every
        broker's port again and the clients' bootstrap list stays right."""
        self.brokers = int(str(self.overrides.get("brokers", 1)))
        if self.brokers > 1 and not self.port:
            self.port = free_port_range(self.brokers)

    @property
    def addresses(self) -> list[str]:
        """Every broker's address (``host:port`` of its first listener), by node id."""
        return [f"127.0.0.1:{self.port + i}" for i in range(self.brokers)]

    @property
    def bootstrap_servers(self) -> str:
        """Every broker's address, comma-separated (one broker: ``127.0.0.1:port``): a client reaches the cluster
        through any running one."""
        return ",".join(self.addresses)

    def _op(self, name: str, *args: Any, timeout: float = 30.0, **kwargs: Any) -> Any:
        raise NotImplementedError

    @property
    def ssl_bootstrap_servers(self) -> str:
        """The SSL listener's address (``Broker(tls=True)``); ``bootstrap_servers`` stays the PLAINTEXT one."""
        if self.tls is None:
            raise RuntimeError("this broker has no SSL listener: start it with tls=True")
        return f"127.0.0.1:{self.ssl_port}"

    def kafka_python_config(self, client_cert: bool = False) -> dict[str, Any]:
        """kafka-python (and aiokafka ``create_ssl_context``) keyword arguments for the SSL listener:
        ``KafkaProducer(**broker.kafka_python_config())``; ``client_cert``: present the client certificate."""
        return {"bootstrap_servers": self.ssl_bootstrap_servers, **self._tls().kafka_python(client_cert)}

    def librdkafka_config(self, client_cert: bool = False) -> dict[str, str]:
        """confluent-kafka / librdkafka / kcat properties for the SSL listener."""
        return {"bootstrap.servers": self.ssl_bootstrap_servers, **self._tls().librdkafka(client_cert)}

    def java_properties(self, client_cert: bool = False) -> dict[str, str]:
        """The Java client's properties for the SSL listener (PEM trust and key stores)."""
        return {"bootstrap.servers": self.ssl_bootstrap_servers, **self._tls().java(client_cert)}

    def _tls(self) -> CertFiles:
        if self.tls is None:
            raise RuntimeError("this broker has no SSL listener: start it with tls=True")
        return self.tls

    def _tls_settings(self, tls: bool, client_auth: str, sasl: str | None = None,
                      users: Mapping[str, str] | None = None,
                      mechanisms: tuple[str, ...] | None = None) -> dict[str, object]:
        """The listener, ssl.* and sasl.* settings of ``tls=True`` and ``sasl=...``: certificates made once in a
        temporary directory (kept across restarts, removed by close()); ports filled in at each start. The
        PLAINTEXT listener stays the first (``bootstrap_servers``: the test's own admin and tools)."""
        if sasl is not None and sasl not in ("SASL_PLAINTEXT", "SASL_SSL"):
            raise ValueError(f"sasl={sasl!r}: SASL_PLAINTEXT or SASL_SSL")
        self.sasl_protocol = sasl
        self.users = dict(users or {})
        if not tls and sasl is None:
            return {}
        listeners = ["PLAINTEXT://127.0.0.1:{port}"]
        settings: dict[str, object] = {}
        if tls or sasl == "SASL_SSL":
            if self.tls is None:
                self.tls = write_certs(Path(tempfile.mkdtemp(prefix="kaflite-certs-")))
            settings.update(self.tls.broker_config(client_auth))
        if tls:
            listeners.append("SSL://127.0.0.1:{ssl_port}")
        if sasl is not None:
            listeners.append(f"{sasl}://127.0.0.1:{{sasl_port}}")
            if self.users:
                settings["sasl.jaas.config"] = plain_jaas_config(self.users)
            if mechanisms is not None:
                settings["sasl.enabled.mechanisms"] = ",".join(mechanisms)
        return {"listeners": ",".join(listeners), **settings}

    def _listeners_for_start(self, settings: dict[str, object]) -> None:
        """This start's ports in ``listeners`` (0 the first time, the same ones after)."""
        if "listeners" in settings:
            settings["listeners"] = str(settings["listeners"]).format(port=self.port, ssl_port=self.ssl_port,
                                                                      sasl_port=self.sasl_port)

    # -- SASL ---------------------------------------------------------------------------------------

    @property
    def sasl_bootstrap_servers(self) -> str:
        """The SASL listener's address (``Broker(sasl="SASL_SSL", users=...)``)."""
        if self.sasl_protocol is None:
            raise RuntimeError("this broker has no SASL listener: start it with sasl='SASL_PLAINTEXT' or 'SASL_SSL'")
        return f"127.0.0.1:{self.sasl_port}"

    def sasl_client_config(self, client: str, user: str, mechanism: str = "SCRAM-SHA-512",
                           password: str | None = None) -> dict[str, Any]:
        """``client``'s settings ("kafka-python", "aiokafka", "librdkafka", "java", "kafkajs") to log in to the SASL
        listener as ``user`` (its password from ``users=`` unless given): ``KafkaProducer(**b.sasl_client_config(
        "kafka-python", "alice"))``, ``Producer(b.sasl_client_config("librdkafka", "alice", "PLAIN"))``."""
        if self.sasl_protocol is None:
            raise RuntimeError("this broker has no SASL listener: start it with sasl='SASL_PLAINTEXT' or 'SASL_SSL'")
        return client_config(client, bootstrap=self.sasl_bootstrap_servers, protocol=self.sasl_protocol,
                             mechanism=mechanism, user=user,
                             password=password if password is not None else self.users.get(user),
                             ca_file=self.tls.ca if self.tls is not None else None)

    def add_user(self, name: str, password: str, mechanisms: tuple[str, ...] = ("SCRAM-SHA-256", "SCRAM-SHA-512"),
                 iterations: int = 4096) -> None:
        """Give ``name`` SCRAM credentials now, with AlterUserScramCredentials' checks and records (through the
        broker's admin operations, as ``add_acl``: whatever the ACLs say): durable in the data dir, usable by the
        next login. PLAIN users are the ones given at start (``users=``, Kafka's static JAAS)."""
        self._op("add_scram_user", name, password, list(mechanisms), iterations)
        self.users.setdefault(name, password)

    def _add_start_users(self) -> None:
        """The ``users=`` as SCRAM users too, on the first start (a restart finds them in the data dir)."""
        if self.sasl_protocol is not None and self.users and not self._users_added:
            for name, password in self.users.items():
                self.add_user(name, password)
            self._users_added = True

    def start(self) -> BrokerAPI:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def crash(self) -> None:
        raise NotImplementedError

    def restart(self) -> BrokerAPI:
        raise NotImplementedError

    @property
    def running(self) -> bool:
        raise NotImplementedError

    # -- context managers -----------------------------------------------------------------------

    def __enter__(self) -> Any:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Any:
        """``async with Broker() as b``: starting blocks, so it runs off the caller's loop."""
        return await asyncio.to_thread(self.start)

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.close)

    @property
    def aio(self) -> AsyncBroker:
        """Awaitable twins of the blocking calls, for tests whose clients share the test's loop."""
        return AsyncBroker(self)

    # -- topics and groups ----------------------------------------------------------------------

    # -- ACLs (authorizer=True) ------------------------------------------------------------------

    def add_acl(self, principal: str, operation: str, **resource: Any) -> int:
        """One ACL in one line, effective at once: ``broker.add_acl("User:CN=app", "READ", topic="orders")``
        (the keywords of ``Acl``). Written to the cluster-metadata log as CreateAcls' are; the number added
        (0: it existed)."""
        return self.add_acls(Acl(principal, operation, **resource))

    def add_acls(self, *acls: Acl) -> int:
        return int(self._op("create_acls", [a.as_json() for a in acls])["created"])

    def acls(self) -> list[dict[str, Any]]:
        """Every ACL, by Kafka's names (principal, host, operation, permission_type, resource_type, ...)."""
        return list(self._op("acls"))

    def create_topic(self, name: str, partitions: int = 1, **configs: object) -> str:
        """Create a topic; keyword configs use ``_`` for ``.`` (``cleanup_policy="compact"``)."""
        props = {k.replace("_", "."): str(v) for k, v in configs.items()}
        return str(self._op("create_topic", name, partitions, props))

    def groups(self) -> list[str]:
        return list(self._op("groups"))

    def group(self, name: str) -> Group | None:
        d = self._op("group", name)
        return None if d is None else Group.from_json(d)

    def wait_for_group(self, name: str, state: str | None = "Stable", members: int | None = None,
                       generation: int | None = None, timeout: float = 30.0, *, epoch: int | None = None) -> Group:
        """Return the group as soon as it matches (driven by its transitions); GroupWaitTimeout if not.

        ``state`` is Kafka's state name of either group type: "Stable", "PreparingRebalance"... for
        classic groups, "Assigning", "Reconciling", "Stable"... for consumer groups (KIP-848), whose
        "Stable" means every member reached the target assignment. ``state=None`` matches any state;
        ``state="Dead"`` waits for the group to disappear. ``epoch`` is a consumer group's group epoch
        (the same number as ``generation``).
        """
        try:
            d = self._op("wait_for_group", name, state, members, generation, timeout, epoch, timeout=timeout + 10)
        except (WaitTimeout, TimeoutError) as e:
            last = getattr(e, "last", None)
            raise GroupWaitTimeout(str(e).split("; last")[0], None if last is None else Group.from_json(last)) \
                from None
        if d is None:  # waited for Dead: the group is gone
            return Group(name, "Dead", 0, None, None, None, (), {}, ())
        return Group.from_json(d)

    def epoch_history(self, name: str) -> EpochHistory:
        """A KIP-848 consumer group's history from its records: group epochs, target assignments,
        joins and leaves, each member's epoch, state and assignment as it reconciled (empty for a
        classic group). Reads the group's ``__consumer_offsets`` partition: for tests, not hot loops."""
        return EpochHistory.from_json({"group_id": name, "events": self._op("group_epochs", name)})

    def assert_rebalances(self, name: str, expected_states: Sequence[str], *, tail: bool = False) -> Group:
        """``assert_rebalances(self.group(name), ...)``; fails clearly if the group does not exist."""
        g = self.group(name)
        if g is None:
            raise AssertionError(f"no group {name!r}; groups: {self.groups()}")
        return assert_rebalances(g, expected_states, tail=tail)

    # -- transactions ---------------------------------------------------------------------------

    def transactions(self) -> list[Transaction]:
        """Every transactional id the coordinator holds, by id."""
        return [Transaction.from_json(d) for d in self._op("transactions")]

    def transaction(self, transactional_id: str) -> Transaction | None:
        d = self._op("transaction", transactional_id)
        return None if d is None else Transaction.from_json(d)

    def wait_for_transaction(self, transactional_id: str, state: str, timeout: float = 30.0) -> Transaction:
        """Wait until the id is in ``state`` (e.g. "CompleteAbort" after a timeout); TimeoutError says where
        it was instead. Polls every 20 ms: transactions complete within a few event-loop turns."""
        deadline = time.monotonic() + timeout
        while True:
            tx = self.transaction(transactional_id)
            if tx is not None and tx.state == state:
                return tx
            if time.monotonic() >= deadline:
                raise TimeoutError(f"transactional id {transactional_id!r} not {state} after {timeout}s; "
                                   f"last seen: {tx}")
            time.sleep(0.02)

    def time_out_transaction(self, transactional_id: str) -> bool:
        """The id's open transaction times out now (its epoch is bumped and it is aborted, as by
        transaction.timeout.ms); False if it has none. The producer's next call fails as fenced."""
        return bool(self._op("time_out_transaction", transactional_id))

    def hold_txn_markers(self, transactional_id: str | None = None) -> None:
        """Transactions of this id (None: every id) stop after their Prepare record, as if the broker crashed
        before writing the markers: EndTxn is answered, read_committed consumers stay behind the open
        transaction. ``restart()`` or ``crash()`` + ``start()`` completes them (TX-END-3); ``clear_faults()``
        writes them now."""
        self._op("hold_txn_markers", transactional_id)

    def reset(self) -> None:
        """Drop every topic, group and offset and every fault, without a restart; clients reconnect. ACLs a test
        added go too; the ones the broker was started with (``acls=``) are added back."""
        self._op("reset")
        initial = getattr(self, "initial_acls", ())
        if initial:
            self.add_acls(*initial)

    # -- faults ---------------------------------------------------------------------------------

    def drop_responses(self, api: ApiName, group: str | None = None, count: int | None = 1,
                       seconds: float | None = None, *, member_id: str | None = None, skip: int = 0) -> None:
        """Lose the next ``count`` responses to ``api`` (None: all, until ``seconds`` or clear_faults).

        The request still takes effect (a JoinGroup joins); only its answer never arrives, as on a
        broken network path. The client times the request out and retries or reconnects.
        ``group``/``member_id`` narrow it to one group / member; ``skip`` lets the first matches
        through (``skip=1`` on JoinGroup: lose the join that completes, not the member-id fetch).
        """
        self._op("drop_responses", api, group, count, seconds, member_id, skip)

    def delay_responses(self, api: ApiName, group: str | None = None, delay_ms: int = 1000,
                        count: int | None = None, seconds: float | None = None, *, member_id: str | None = None,
                        skip: int = 0) -> None:
        """Answer ``api`` ``delay_ms`` late (each connection stays in order, as Kafka's do)."""
        self._op("delay_responses", api, group, delay_ms, count, seconds, member_id, skip)

    def fail_requests(self, api: ApiName, group: str | None = None, count: int | None = 1,
                      seconds: float | None = None, *, member_id: str | None = None, skip: int = 0,
                      awaited: bool = False) -> None:
        """Make the broker's handler of ``api`` raise for the next ``count`` requests, as a bug would.

        The broker answers with the API's error response (UNKNOWN_SERVER_ERROR) and keeps the
        connection, as Kafka does: use it to see how a client copes with an unexpected server error.
        ``awaited=True`` lets the request take effect first and fails the answer it returns.
        """
        self._op("fail_requests", api, group, count, seconds, member_id, skip, awaited)

    def fail_coordinator(self, error: str | int = "NOT_COORDINATOR", seconds: float = 1.0,
                         group: str | None = None) -> None:
        """For ``seconds``, group APIs answer ``error`` (NOT_COORDINATOR or COORDINATOR_LOAD_IN_PROGRESS)
        and FindCoordinator COORDINATOR_NOT_AVAILABLE: as when the coordinator moves or is still loading."""
        self._op("fail_coordinator", error, seconds, group)

    def drop_member_connections(self, group: str, member_id: str) -> int:
        """Abort every connection that spoke for the member, as if its process died; returns how many."""
        return int(self._op("drop_member_connections", group, member_id))

    def expire_member(self, group: str, member_id: str) -> bool:
        """Expire the member's session now (no waiting for its session timeout); False if unknown.

        A classic member leaves (a rebalance follows); a consumer-group or share-group member is fenced as
        by its session timeout: the group epoch goes up and its partitions are reassigned.
        """
        return bool(self._op("expire_member", group, member_id))

    def fence_member(self, group: str, member_id: str) -> bool:
        """Fence a consumer-group member now: it is removed (group epoch + 1), its next heartbeat gets
        UNKNOWN_MEMBER_ID and the client rejoins at epoch 0. A classic member is expired. False if unknown."""
        return bool(self._op("fence_member", group, member_id))

    # -- share groups (KIP-932) -----------------------------------------------------------------

    def share_group_offsets(self, name: str) -> dict[TopicPartition, ShareOffset]:
        """The share group's start offset, leader epoch and lag per share partition, as DescribeShareGroupOffsets
        v1 answers them (SA-OFF-1; None where the broker answers -1: nothing acknowledged or reset yet)."""
        return {(d["topic"], d["partition"]): ShareOffset(d["start_offset"], d["leader_epoch"], d["lag"])
                for d in self._op("share_group_offsets", name)}

    def share_partitions(self, name: str) -> dict[TopicPartition, SharePartitionState]:
        """The group's share partitions this broker holds in memory (a member fetched them): records in flight
        by state, who holds how many, delivery counts (``kaflite.broker.admin_shares``)."""
        return {(d["topic"], d["partition"]): SharePartitionState.from_json(d)
                for d in self._op("share_partitions", name)}

    def expire_share_locks(self, group: str, member_id: str | None = None) -> int:
        """The acquisition locks of the group's records (``member_id``'s, or every member's) run out now, as
        ``share.record.lock.duration.ms`` would have them: each record goes back to AVAILABLE (ARCHIVED at
        ``group.share.delivery.count.limit``) and is delivered again, to any member. Returns how many."""
        return int(self._op("expire_share_locks", group, member_id))

    def fill_disk(self, error: str = "ENOSPC", allow_bytes: int = 0) -> None:
        """The disk is full (``"ENOSPC"``) or failing (``"EIO"``: fsyncs fail too) once ``allow_bytes`` more
        bytes are written. Produce answers KAFKA_STORAGE_ERROR for the partition (nothing half-written
        stays in the log), group and transaction writes NOT_COORDINATOR (the coordinator reloads the
        partition from its log), Fetch and ListOffsets go on. ``free_disk()`` or ``clear_faults()`` ends
        it. An in-process broker shares the fault with every broker of the test process."""
        self._op("fill_disk", error, allow_bytes)

    def free_disk(self) -> int:
        """Space returns: appends succeed again. Returns how many writes and fsyncs the fault refused."""
        return int(self._op("free_disk")["refused"])

    def pause(self) -> None:
        """Stop answering anything; connections stay open and requests queue up until resume()."""
        self._op("pause")

    def resume(self) -> None:
        self._op("resume")

    def clear_faults(self) -> None:
        """Remove every response rule and coordinator error, and resume if paused."""
        self._op("clear")

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """``with broker.paused(): ...`` — resumed on the way out, even on failure."""
        self.pause()
        try:
            yield
        finally:
            self.resume()


class Broker(BrokerAPI):
    """``with Broker() as b:`` — a durable kaflite on a free port, data in a temporary directory.

    ``restart()`` keeps the port and the data (durability tests); ``crash()`` stops it without a
    clean shutdown (no flush, no clean-shutdown marker) and ``start()`` brings it back on the same
    port, recovering as after kill -9.
    """

    def __init__(self, data_dir: str | Path | None = None, *, port: int = 0,
                 config: Mapping[str, object] | None = None, tls: bool = False, client_auth: str = "none",
                 sasl: str | None = None, users: Mapping[str, str] | None = None,
                 mechanisms: tuple[str, ...] | None = None, authorizer: bool = False,
                 super_users: Sequence[str] = (), acls: Sequence[Acl] = (),
                 allow_everyone_if_no_acl_found: bool = False, brokers: int | None = None) -> None:
        """``brokers=3`` runs three brokers in this one kaflite (node ids 1-3; ``bootstrap_servers`` lists them all;
        ``stop_broker``, ``move_leader``, ``move_coordinator``...: docs/brokers.md). ``sasl="SASL_PLAINTEXT"`` or
        ``"SASL_SSL"`` adds a SASL listener (``sasl_bootstrap_servers``) where ``users`` (name → password) log in
        with PLAIN and SCRAM (``mechanisms``: sasl.enabled.mechanisms).
        ``authorizer=True`` turns ACLs on (``super_users``, ``acls`` added at every start)."""
        self._own_dir = data_dir is None
        self.data_dir = Path(data_dir) if data_dir is not None else Path(tempfile.mkdtemp(prefix="kaflite-"))
        self.port = port
        self.overrides = {**TEST_DEFAULTS, **self._tls_settings(tls, client_auth, sasl, users, mechanisms),
                          **authorizer_settings(authorizer, super_users, allow_everyone_if_no_acl_found),
                          **self._brokers_settings(brokers), **(config or {})}
        self.initial_acls = tuple(acls)  # added at every start (existing ones are not added twice)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._broker: _Broker | None = None

    # -- lifecycle --------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._thread is not None

    @property
    def server(self) -> _Broker:
        """The broker object itself (only touch it on its loop: ``call``)."""
        if self._broker is None:
            raise RuntimeError("the broker is not running")
        return self._broker

    def start(self) -> Broker:
        if self._thread is not None:
            raise RuntimeError("already started")
        self._ports_for_start()
        settings = {**self.overrides, "host": "127.0.0.1", "port": self.port, "log.dirs": str(self.data_dir)}
        self._listeners_for_start(settings)
        config = KafliteConfig.load(settings, env={})
        ready: Future[None] = Future()

        def run() -> None:
            install_uvloop()
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                self._broker = _Broker.open(config)
                loop.run_until_complete(self._broker.start())
            except BaseException as e:
                ready.set_exception(e)
                loop.close()
                return
            ready.set_result(None)
            loop.run_forever()
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

        self._thread = threading.Thread(target=run, name=f"kaflite-{self.port}", daemon=True)
        self._thread.start()
        try:
            ready.result(timeout=30)
        except BaseException:
            self._thread.join(5)
            self._thread = None
            raise
        assert self._broker is not None
        self.port = self._broker.port
        self.ssl_port = next((li.port for li in self._broker.state.listeners if li.protocol == "SSL"), 0)
        self.sasl_port = next((li.port for li in self._broker.state.listeners if li.sasl), 0)
        self._add_start_users()
        if self.initial_acls:
            self.add_acls(*self.initial_acls)
        return self

    def stop(self) -> None:
        """A clean shutdown: in-flight requests finish, logs flush, the clean marker is written."""
        if self._thread is None:
            return
        assert self._broker is not None
        self.call(self._broker.stop(), timeout=60)
        self._halt_loop()

    def crash(self) -> None:
        """As kill -9 would leave it: sockets dropped, nothing flushed, no clean-shutdown marker."""
        if self._thread is None:
            return
        assert self._broker is not None
        self.call(self._broker.crash(), timeout=30)
        self._halt_loop()

    def restart(self) -> Broker:
        self.stop()
        return self.start()

    def _halt_loop(self) -> None:
        assert self._loop is not None and self._thread is not None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(30)
        self._thread = None
        self._loop = None
        self._broker = None

    def close(self) -> None:
        self.stop()
        if self._own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)
        if self.tls is not None:
            shutil.rmtree(self.tls.dir, ignore_errors=True)

    def __enter__(self) -> Broker:
        return self.start()

    # -- running code on the broker's loop ---------------------------------------------------------

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        """Run a coroutine on the broker's loop and return its result (from any thread)."""
        if self._loop is None:
            coro.close()
            raise RuntimeError("the broker is not running")
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def _sync(self, fn: Any, *args: Any, timeout: float = 30) -> Any:
        async def run() -> Any:
            return fn(*args)

        return self.call(run(), timeout)

    def _op(self, name: str, *args: Any, timeout: float = 30.0, **kwargs: Any) -> Any:
        broker = self._broker
        if broker is None:
            raise RuntimeError("the broker is not running")

        async def run() -> Any:
            result = getattr(broker.admin_ops, name)(*args, **kwargs)
            if asyncio.iscoroutine(result):
                result = await result
            return result

        try:
            return self.call(run(), timeout)
        except HttpError as e:  # what ProcessBroker gets over HTTP: the same error in either mode
            raise AdminError(e.status, e.body) from None


@contextlib.contextmanager
def running_broker(**kwargs: Any) -> Iterator[Broker]:
    with Broker(**kwargs) as b:
        yield b
