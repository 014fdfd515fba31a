"""Transactions judged by real transactional producers: scenarios TS1-TS7 and TS9-TS13 of
/work/shared/design/transactions.md (ids TX-*), through the Java client (kafka-clients 3.9.1), confluent-kafka
(librdkafka), aiokafka and kafka-python. TS10 (the transaction admin calls) runs with the two clients that have
them (Java's Admin, kafka-python's KafkaAdminClient), TS11 with the two that speak KIP-848 (Java, confluent-kafka).

Each client runs in its own process (txn_agent.py, java/TxnAgent.java) that speaks one line protocol, so
every scenario is written once and parametrized over the four. What a client's read_committed or
read_uncommitted consumer sees is read by that same client, from the beginning of each partition up to a
sentinel record that a plain producer appends once the transaction is decided: the read ends on data, not
on a quiet period, and "exactly those records" is a list comparison.

The broker checks for timed-out transactions every 100 ms (TX-CFG-2), so TS6 takes seconds, not minutes.
Every wait is bounded (the agents' own 20 s, 45 s per command on the test side) and no test sleeps.
"""

from __future__ import annotations

import json
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DescribeProducersRequest,
    DescribeProducersResponse,
    ListOffsetsRequest,
    OffsetFetchRequest,
)
from kaflite.testing.process import ProcessBroker
from tests.integration.group_clients import RawClient
from tests.integration.java_tools import compiled_java_command
from tests.integration.txn_agent import KINDS, Agent

TRANSACTION_STATE = "__transaction_state"
# TX-CFG-2: a development broker may look for expired transactions every 100 ms (Kafka: 10 s).
CONFIG = {"transaction.abort.timed.out.transaction.cleanup.interval.ms": 100}
# The shared broker lets a KIP-848 member heartbeat every 300 ms (CG-CFG-2), so a fenced member (TS11 fences one
# through the admin endpoint every ProcessBroker serves) learns it and rejoins quickly.
SHARED_CONFIG = {**CONFIG, "group.consumer.heartbeat.interval.ms": 300, "group.consumer.min.heartbeat.interval.ms": 100}
# Acknowledged data survives kill -9: fsync every append.
DURABLE_CONFIG = {**CONFIG, "log.flush.interval.messages": 1}
ADMIN_KINDS = ["java", "kafka-python"]  # TS10: the clients with listTransactions/describeTransactions/describeProducers
KIP848_KINDS = ["java", "confluent-kafka"]  # TS11: the clients with group.protocol=consumer
TXN_TIMEOUT_MS = 30_000
SHORT_TXN_TIMEOUT_MS = 3_000  # TS6: long enough for begin + send on a loaded machine (librdkafka: >= 1000)
SENTINEL = "end"
READ_MS = 20_000
# TS13: a parked fetch that the commit does not wake would answer only after fetch.max.wait.ms; the read
# gives up well before that.
PARKED_FETCH_WAIT_MS = 30_000
PARKED_READ_MS = 15_000
Rec = tuple[int, int, str]  # partition, offset, value


@pytest.fixture(scope="module")
def java_cmd(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """TxnAgent compiled once (javac), as the command that starts one Java agent."""
    return compiled_java_command(tmp_path_factory, "TxnAgent", "the Java transactional producer needs one")


@pytest.fixture(scope="module")
def txn_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    with ProcessBroker(tmp_path_factory.mktemp("txn") / "data", config=SHARED_CONFIG) as b:
        yield b


class Env:
    """One scenario: its agents (stopped at teardown), topics, sentinels and group offsets."""

    def __init__(self, broker: ProcessBroker, kind: str, tmp: Path, request: pytest.FixtureRequest) -> None:
        self.broker, self.kind, self.tmp, self.request = broker, kind, tmp, request
        self.agents: list[Agent] = []
        self.tag = uuid.uuid4().hex[:8]
        self.log_start = len(broker.log_text())

    @property
    def bootstrap(self) -> str:
        return self.broker.bootstrap_servers

    def agent(self, name: str) -> Agent:
        java = self.request.getfixturevalue("java_cmd") if self.kind == "java" else None
        a = Agent(self.kind, self.bootstrap, name=f"{name}-{self.tag}", log_dir=self.tmp, java_cmd=java).start()
        self.agents.append(a)
        return a

    def txn_id(self, name: str) -> str:
        return f"{self.kind}-{name}-{self.tag}"

    def topic(self, name: str, partitions: int) -> str:
        topic = f"{self.kind}-{name}-{self.tag}"
        admin = AdminClient({"bootstrap.servers": self.bootstrap})
        admin.create_topics([NewTopic(topic, partitions, 1)])[topic].result(20)
        return topic

    def plain(self, topic: str, values: dict[int, list[str]]) -> None:
        """Non-transactional records (input data, sentinels), acknowledged before this returns."""
        p = Producer({"bootstrap.servers": self.bootstrap, "enable.idempotence": True, "linger.ms": 0})
        errors: list[Any] = []
        for partition, vs in values.items():
            for v in vs:
                p.produce(topic, v.encode(), partition=partition, on_delivery=lambda e, _m: errors.append(e))
        assert p.flush(20) == 0
        assert errors == [None] * len(errors), errors

    def sentinels(self, topic: str, partitions: int, sentinel: str = SENTINEL) -> None:
        self.plain(topic, {p: [sentinel] for p in range(partitions)})

    def read(self, agent: Agent, topic: str, partitions: int, isolation: str, sentinel: str = SENTINEL) -> list[Rec]:
        """Everything ``isolation`` shows, every partition from its start to its (first) sentinel."""
        answer = agent.ok("read", topic, partitions, isolation, sentinel, 0, 500, READ_MS)
        return [(p, o, v) for p, o, v in answer["records"]]

    def committed(self, group: str) -> dict[str, int]:
        """The group's committed offsets as OffsetFetch without RequireStable shows them (TX-OFF-4)."""
        from confluent_kafka import ConsumerGroupTopicPartitions

        admin = AdminClient({"bootstrap.servers": self.bootstrap})
        fut = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)], require_stable=False)
        result = fut[group].result(20)
        return {f"{tp.topic}:{tp.partition}": tp.offset for tp in result.topic_partitions if tp.offset >= 0}

    def stable_offsets(self, group: str, topic: str, partitions: int) -> dict[int, tuple[str, int]]:
        """OffsetFetch v7 with RequireStable (TX-OFF-4): per partition (error name, committed offset)."""
        client = RawClient(self.bootstrap, client_id="stable-fetch")
        try:
            req = OffsetFetchRequest(group_id=group, require_stable=True, topics=[
                OffsetFetchRequest.OffsetFetchRequestTopic(name=topic, partition_indexes=list(range(partitions)))])
            resp = client.call(req, version=7)
        finally:
            client.close()
        assert resp.error_code == ErrorCode.NONE, ErrorCode(resp.error_code)
        return {p.partition_index: (ErrorCode(p.error_code).name, p.committed_offset)
                for t in resp.topics for p in t.partitions}

    def latest(self, topic: str, isolation: int) -> int:
        """ListOffsets LATEST of partition 0 (TX-RC-3): the LSO with read_committed (1), the HW with 0."""
        client = RawClient(self.bootstrap, client_id="list-offsets")
        P = ListOffsetsRequest.ListOffsetsPartition
        req = ListOffsetsRequest(replica_id=-1, isolation_level=isolation, topics=[
            ListOffsetsRequest.ListOffsetsTopic(name=topic, partitions=[P(partition_index=0, timestamp=-1)])])
        try:
            [part] = client.call(req, version=5).topics[0].partitions
        finally:
            client.close()
        assert part.error_code == ErrorCode.NONE, ErrorCode(part.error_code)
        return int(part.offset)

    def producers(self, topic: str) -> list[DescribeProducersResponse.ProducerState]:
        """DescribeProducers v0 of partition 0 (TX-DESC-3): its active producers as the broker encodes them."""
        client = RawClient(self.bootstrap, client_id="describe-producers")
        req = DescribeProducersRequest(topics=[
            DescribeProducersRequest.TopicRequest(name=topic, partition_indexes=[0])])
        try:
            [part] = client.call(req, version=0).topics[0].partitions
        finally:
            client.close()
        assert part.error_code == ErrorCode.NONE, ErrorCode(part.error_code)
        return list(part.active_producers)

    def stop(self) -> None:
        for a in self.agents:
            a.stop()

    def check_broker_log(self) -> None:
        new = self.broker.log_text()[self.log_start:]
        assert "Traceback" not in new and "request failed" not in new, new[-4000:]


def _env(broker: ProcessBroker, kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    e = Env(broker, kind, tmp_path, request)
    try:
        yield e
    finally:
        e.stop()
    e.check_broker_log()


@pytest.fixture(params=KINDS)
def env(txn_broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    yield from _env(txn_broker, request.param, tmp_path, request)


def values(recs: list[Rec], partition: int | None = None) -> list[str]:
    return [v for p, _, v in recs if partition is None or p == partition]


def expected(prefix: str, n: int) -> list[str]:
    return [f"{prefix}-{i}" for i in range(n)]


def fenced(answer: dict[str, Any]) -> bool:
    """The client's way of saying PRODUCER_FENCED(90) / INVALID_PRODUCER_EPOCH(47)."""
    text = " ".join(str(answer.get(k, "")) for k in ("error", "cause", "code", "message"))
    return not answer["ok"] and any(s in text for s in ("Fenced", "FENCED", "InvalidProducerEpoch",
                                                          "INVALID_PRODUCER_EPOCH", "ProducerFenced"))


# -- TS1 / TS2 / TS3 --------------------------------------------------------------------------------------------

def test_ts1_ts2_ts3_commit_abort_commit_across_partitions(env: Env) -> None:
    """TS1 commit across three partitions, TS2 abort, TS3 commit again with the same producer: read_committed
    sees exactly the two committed transactions (the aborted range skipped via AbortedTransactions, TX-RC-2),
    read_uncommitted sees all three and no control record (TX-MK-1)."""
    parts, n = 3, 5
    topic = env.topic("commit-abort", parts)
    producer = env.agent("producer")
    producer.ok("init", env.txn_id("cac"), TXN_TIMEOUT_MS)
    for prefix, end in (("c", "commit"), ("a", "abort"), ("d", "commit")):
        producer.ok("begin")
        for p in range(parts):
            offsets = producer.ok("send", topic, p, f"{prefix}{p}", n)["offsets"]
            assert len(offsets) == n
        producer.ok(end)
    env.sentinels(topic, parts)

    committed = env.read(producer, topic, parts, "read_committed")
    uncommitted = env.read(producer, topic, parts, "read_uncommitted")
    for p in range(parts):
        assert values(committed, p) == [*expected(f"c{p}", n), *expected(f"d{p}", n), SENTINEL], committed
        assert values(uncommitted, p) == [*expected(f"c{p}", n), *expected(f"a{p}", n), *expected(f"d{p}", n),
                                          SENTINEL], uncommitted
        # Offsets: each transaction's records, then its marker (one offset, never delivered).
        assert [o for q, o, _ in uncommitted if q == p] == [*range(0, n), *range(n + 1, 2 * n + 1),
                                                            *range(2 * n + 2, 3 * n + 2), 3 * n + 3]


# -- TS4 ---------------------------------------------------------------------------------------------------

def test_ts4_consume_transform_produce_offsets_move_only_on_commit(env: Env) -> None:
    """TS4 / TX-ADD-3 / TX-OFF-2,3,4: a group member consumes, the producer sends the transformed records and
    the member's positions with send_offsets_to_transaction; the group's committed offsets stay put while the
    transaction is open (a RequireStable fetch gets UNSTABLE_OFFSET_COMMIT) and after it aborts, and move on
    commit; the output shows only the committed copy."""
    parts, n = 2, 4
    src, out = env.topic("ctp-in", parts), env.topic("ctp-out", parts)
    group = f"{env.kind}-ctp-{env.tag}"
    env.plain(src, {p: expected(f"in{p}", n) for p in range(parts)})
    agent = env.agent("ctp")
    agent.ok("init", env.txn_id("ctp"), TXN_TIMEOUT_MS)
    consumed = agent.ok("consume", group, src, parts * n)["records"]
    assert sorted(v for _, _, v in consumed) == sorted(v for p in range(parts) for v in expected(f"in{p}", n))
    positions = {f"{src}:{p}": n for p in range(parts)}

    for attempt, end in (("x", "abort"), ("y", "commit")):
        agent.ok("begin")
        for p in range(parts):
            agent.ok("send", out, p, f"{attempt}{p}", n)
        assert agent.ok("send_offsets", group)["offsets"] == positions
        assert env.committed(group) == {}, "TX-OFF-2: pending transactional offsets are not committed offsets"
        assert env.stable_offsets(group, src, parts) == {p: ("UNSTABLE_OFFSET_COMMIT", -1) for p in range(parts)}
        agent.ok(end)
        assert env.committed(group) == ({} if end == "abort" else positions), f"after {end}"
        after = ("NONE", -1) if end == "abort" else ("NONE", n)
        assert env.stable_offsets(group, src, parts) == {p: after for p in range(parts)}, f"after {end}"

    env.sentinels(out, parts)
    seen = env.read(agent, out, parts, "read_committed")
    for p in range(parts):
        assert values(seen, p) == [*expected(f"y{p}", n), SENTINEL], seen


# -- TS5 ---------------------------------------------------------------------------------------------------

def test_ts5_second_producer_fences_the_first(env: Env) -> None:
    """TS5 / TX-INIT-4: InitProducerId for the same transactional id while the first producer's transaction is
    open aborts that transaction with a bumped epoch; the first producer's commit is refused as fenced, the
    second producer's transactions work, and read_committed sees only the second one's records."""
    topic = env.topic("fence", 1)
    txn_id = env.txn_id("fence")
    first, second = env.agent("first"), env.agent("second")
    first.ok("init", txn_id, TXN_TIMEOUT_MS)
    first.ok("begin")
    first.ok("send", topic, 0, "first", 5)
    second.ok("init", txn_id, TXN_TIMEOUT_MS)
    answer = first.call("commit")
    assert fenced(answer), f"the fenced producer's commit: {answer}"
    second.ok("begin")
    second.ok("send", topic, 0, "second", 5)
    second.ok("commit")
    env.sentinels(topic, 1)
    assert values(env.read(second, topic, 1, "read_committed")) == [*expected("second", 5), SENTINEL]
    assert values(env.read(second, topic, 1, "read_uncommitted")) == [*expected("first", 5),
                                                                       *expected("second", 5), SENTINEL]


# -- TS6 ---------------------------------------------------------------------------------------------------

def test_ts6_timed_out_transaction_aborted_by_the_broker(env: Env) -> None:
    """TS6 / TX-TO-1: a transaction left open past transaction.timeout.ms is fenced and aborted by the broker;
    a read_committed consumer waiting behind it (LSO, TX-RC-1) moves past it to the sentinel without ever
    seeing its records; the producer's next send is refused (INVALID_PRODUCER_EPOCH, or the client's
    fenced error) and so is its commit."""
    topic = env.topic("expire", 1)
    agent = env.agent("expire")
    agent.ok("init", env.txn_id("expire"), SHORT_TXN_TIMEOUT_MS)
    agent.ok("begin")
    agent.ok("send", topic, 0, "late", 5)
    env.sentinels(topic, 1)  # behind the open transaction: read_committed reaches it only once that is aborted
    assert values(env.read(agent, topic, 1, "read_committed")) == [SENTINEL]
    answer = agent.call("send", topic, 0, "later", 1)
    assert fenced(answer), f"TX-TO-1: Produce with the old epoch gets INVALID_PRODUCER_EPOCH: {answer}"
    answer = agent.call("commit")
    assert not answer["ok"], f"a commit after the broker aborted the transaction: {answer}"
    assert values(env.read(agent, topic, 1, "read_uncommitted")) == [*expected("late", 5), SENTINEL]


@pytest.fixture(params=KINDS)
def restart_env(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    """Its own broker, fsyncing every append (acknowledged data survives kill -9): this scenario restarts it."""
    with ProcessBroker(tmp_path / "data", config=DURABLE_CONFIG) as b:
        yield from _env(b, request.param, tmp_path, request)


# -- TS7 ---------------------------------------------------------------------------------------------------

def test_ts7_interleaved_transactions_survive_kill_9(restart_env: Env) -> None:
    """TS7 / TX-RC-2,5,6: two producers interleave their batches on one partition, one aborts and one commits;
    read_committed shows the committed one's records in log order (the aborted one's skipped through
    AbortedTransactions), and shows exactly that again after kill -9, when the transaction index and the
    producer state are rebuilt from the log."""
    env = restart_env
    topic = env.topic("interleaved", 1)
    first, second = env.agent("first"), env.agent("second")
    first.ok("init", env.txn_id("i1"), TXN_TIMEOUT_MS)
    second.ok("init", env.txn_id("i2"), TXN_TIMEOUT_MS)
    first.ok("begin")
    second.ok("begin")
    for batch in range(2):
        first.ok("send", topic, 0, f"a{batch}", 3)
        second.ok("send", topic, 0, f"c{batch}", 3)
    first.ok("abort")
    second.ok("commit")
    env.sentinels(topic, 1)
    committed = [*expected("c0", 3), *expected("c1", 3), SENTINEL]
    before = env.read(second, topic, 1, "read_committed")
    assert values(before) == committed
    env.broker.crash()
    env.broker.start()
    assert env.read(second, topic, 1, "read_committed") == before
    assert values(env.read(second, topic, 1, "read_uncommitted")) == [
        *expected("a0", 3), *expected("c0", 3), *expected("a1", 3), *expected("c1", 3), SENTINEL]


# -- TS9 ---------------------------------------------------------------------------------------------------

def test_ts9_pending_offsets_survive_kill_9(restart_env: Env) -> None:
    """TS9 + TS4 / TX-OFF-2,3: offsets sent to a transaction are pending in __consumer_offsets when the broker is
    killed; the replay keeps them pending (not committed, UNSTABLE_OFFSET_COMMIT under RequireStable), and the
    producer's commit after the restart makes them the group's committed offsets."""
    env = restart_env
    parts, n = 2, 3
    src, out = env.topic("pending-in", parts), env.topic("pending-out", parts)
    group = f"{env.kind}-pending-{env.tag}"
    env.plain(src, {p: expected(f"in{p}", n) for p in range(parts)})
    agent = env.agent("pending")
    agent.ok("init", env.txn_id("pending"), TXN_TIMEOUT_MS)
    agent.ok("consume", group, src, parts * n)
    agent.ok("begin")
    agent.ok("send", out, 0, "t", n)
    positions = agent.ok("send_offsets", group)["offsets"]
    assert positions == {f"{src}:{p}": n for p in range(parts)}
    env.broker.crash()
    env.broker.start()
    assert env.committed(group) == {}
    assert env.stable_offsets(group, src, parts) == {p: ("UNSTABLE_OFFSET_COMMIT", -1) for p in range(parts)}
    agent.ok("commit")
    assert env.committed(group) == positions
    assert env.stable_offsets(group, src, parts) == {p: ("NONE", n) for p in range(parts)}
    env.sentinels(out, parts)
    assert values(env.read(agent, out, parts, "read_committed"), 0) == [*expected("t", n), SENTINEL]


@pytest.mark.parametrize("how", ["sigterm", "kill-9"])
def test_ts9_broker_restart_inside_a_transaction(restart_env: Env, how: str) -> None:
    """TS9 / TX-LOG-2 / TX-RC-6: the broker restarts (SIGTERM: producer snapshots written; kill -9: producer
    state rebuilt from the log) while a transaction is Ongoing on two partitions; the producer goes on in the
    same transaction (one more partition, TX-ADD-2 after replay) and commits. Kafka keeps an Ongoing
    transaction across a coordinator reload, so the commit is expected to succeed and read_committed then
    shows every record; never part of the transaction."""
    env = restart_env
    parts, n = 3, 5
    topic = env.topic("restart", parts)
    agent = env.agent("restart")
    agent.ok("init", env.txn_id("restart"), TXN_TIMEOUT_MS)
    agent.ok("begin")
    agent.ok("send", topic, 0, "before0", n)
    agent.ok("send", topic, 1, "before1", n)
    if how == "sigterm":
        env.broker.restart()
    else:
        env.broker.crash()
        env.broker.start()
    agent.ok("send", topic, 1, "after1", n)
    agent.ok("send", topic, 2, "after2", n)
    answer = agent.call("commit")
    env.sentinels(topic, parts)
    seen = env.read(agent, topic, parts, "read_committed")
    everything = {0: expected("before0", n), 1: [*expected("before1", n), *expected("after1", n)],
                  2: expected("after2", n)}
    assert answer["ok"], f"TX-LOG-2: an Ongoing transaction survives the restart and commits: {answer}"
    for p in range(parts):
        assert values(seen, p) == [*everything[p], SENTINEL], seen
    assert sorted(env.read(agent, topic, parts, "read_uncommitted")) == sorted(seen), "after a commit both agree"


def _admin(broker: ProcessBroker, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """The broker's HTTP admin endpoint (admin.port): faults and the coordinator's view of a transaction."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://{broker.admin_address}{path}", data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.loads(resp.read() or b"null")


@pytest.fixture(params=KINDS)
def fault_env(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    """Its own broker (faults through its admin endpoint), fsyncing every append: this scenario kills it."""
    with ProcessBroker(tmp_path / "data", config=DURABLE_CONFIG) as b:
        yield from _env(b, request.param, tmp_path, request)


def test_ts9_broker_killed_inside_prepare_commit(fault_env: Env) -> None:
    """TS9 / TX-END-3 / TX-LOG-2: the commit's PrepareCommit record is durable and answered, but the broker dies
    (kill -9) before any marker is written (the hold-txn-markers fault). While it is held the transaction
    stays PrepareCommit and its records stay invisible to read_committed; the restarted broker's load writes
    the markers and CompleteCommit, so read_committed then shows the whole transaction, and the producer goes
    on with its next transaction."""
    env = fault_env
    parts, n = 2, 5
    topic = env.topic("prepared", parts)
    txn_id = env.txn_id("prepared")
    agent = env.agent("prepared")
    agent.ok("init", txn_id, TXN_TIMEOUT_MS)
    agent.ok("begin")
    for p in range(parts):
        agent.ok("send", topic, p, f"p{p}", n)
    _admin(env.broker, "POST", "/faults/hold-txn-markers", {"transactional_id": txn_id})
    agent.ok("commit")  # TV1: EndTxn is answered once PrepareCommit is durable (TX-END-2)
    assert _admin(env.broker, "GET", f"/transactions/{txn_id}")["state"] == "PrepareCommit"
    env.broker.crash()
    env.broker.start()
    env.sentinels(topic, parts)
    seen = env.read(agent, topic, parts, "read_committed")
    for p in range(parts):
        assert values(seen, p) == [*expected(f"p{p}", n), SENTINEL], seen
    assert _admin(env.broker, "GET", f"/transactions/{txn_id}")["state"] == "CompleteCommit"
    agent.ok("begin")
    agent.ok("send", topic, 0, "next", n)
    agent.ok("commit")
    env.sentinels(topic, parts, "end2")
    seen = env.read(agent, topic, parts, "read_committed", "end2")
    assert values(seen, 0) == [*expected("p0", n), SENTINEL, *expected("next", n), "end2"], seen


# -- TS13 --------------------------------------------------------------------------------------------------

def test_ts13_parked_read_committed_fetch_wakes_on_commit(env: Env) -> None:
    """TS13 / TX-RC-4: a read_committed consumer whose fetch waits behind an open transaction (LSO = its first
    offset) gets the records when the transaction commits, without waiting out its fetch.max.wait.ms (30 s):
    its read gives up after 15 s. ListOffsets LATEST says LSO 0 / HW 5 while it is open, 6 / 6 after."""
    topic = env.topic("parked", 1)
    producer, reader = env.agent("producer"), env.agent("reader")
    producer.ok("init", env.txn_id("parked"), TXN_TIMEOUT_MS)
    producer.ok("begin")
    producer.ok("send", topic, 0, "held", 5)
    reader.start_call("read", topic, 1, "read_committed", "-", 5, PARKED_FETCH_WAIT_MS, PARKED_READ_MS)
    reader.wait_event("polling")
    assert (env.latest(topic, 1), env.latest(topic, 0)) == (0, 5), "TX-RC-1: LSO at the open transaction's start"
    producer.ok("commit")
    answer = reader.finish_call("read")
    assert answer["ok"], f"the parked read_committed fetch did not wake on commit: {answer}"
    assert [v for _, _, v in answer["records"]] == expected("held", 5)
    assert (env.latest(topic, 1), env.latest(topic, 0)) == (6, 6), "LSO = HW after the marker"


# -- TS10 --------------------------------------------------------------------------------------------------

@pytest.fixture(params=ADMIN_KINDS)
def admin_env(txn_broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    yield from _env(txn_broker, request.param, tmp_path, request)


def test_ts10_admin_lists_and_describes_a_transaction(admin_env: Env) -> None:
    """TS10 / TX-DESC-1,2,3: while a transaction is open on two partitions, the client's admin calls show it
    Ongoing, with its producer id/epoch and partitions (ListTransactions with state and producer-id filters,
    DescribeTransactions), and each partition's producer with the transaction's first offset (DescribeProducers);
    after the commit: CompleteCommit, no partitions, no open transaction, the marker's coordinator epoch. The
    coordinator's own view (the admin endpoint) is the reference for the producer id and epoch."""
    env = admin_env
    topic = env.topic("admin", 2)
    env.plain(topic, {0: ["before-0", "before-1"], 1: ["before-0"]})  # the transaction starts at offsets 2 and 1
    txn_id = env.txn_id("admin")
    agent = env.agent("admin")
    agent.ok("init", txn_id, TXN_TIMEOUT_MS)
    agent.ok("begin")
    agent.ok("send", topic, 0, "t0", 3)
    agent.ok("send", topic, 1, "t1", 2)
    coordinator = _admin(env.broker, "GET", f"/transactions/{txn_id}")
    pid, epoch = coordinator["producer_id"], coordinator["producer_epoch"]
    unused_pid = pid + 1_000_000  # no producer has it

    def listed(states: str = "-", pids: object = "-") -> list[dict[str, Any]]:
        """Our transactional id's rows (other tests' ids share the broker)."""
        rows = agent.ok("list_txns", states, pids)["transactions"]
        return [r for r in rows if r["transactional_id"] == txn_id]

    def producers() -> dict[int, dict[str, Any]]:
        """DescribeProducers: per partition, our producer's row."""
        answer = agent.ok("describe_producers", topic, 2)["partitions"]
        return {p: one for p in range(2) for one in answer[f"{topic}:{p}"] if one["producer_id"] == pid}

    ongoing = {"transactional_id": txn_id, "producer_id": pid, "state": "Ongoing"}
    assert listed() == [ongoing]
    assert listed("Ongoing") == [ongoing]
    assert listed("CompleteCommit,CompleteAbort") == []
    assert agent.ok("list_txns", "-", pid)["transactions"] == [ongoing], "the producer-id filter"
    assert agent.ok("list_txns", "-", unused_pid)["transactions"] == []
    assert agent.ok("list_txns", "Ongoing", pid)["transactions"] == [ongoing]
    assert agent.ok("list_txns", "PrepareCommit", pid)["transactions"] == [], "both filters must hold"
    described = agent.ok("describe_txns", txn_id)
    assert described["start_ms"] == coordinator["start_ms"] > 0, described
    assert {k: described[k] for k in ("state", "producer_id", "producer_epoch", "timeout_ms", "partitions")} == {
        "state": "Ongoing", "producer_id": pid, "producer_epoch": epoch, "timeout_ms": TXN_TIMEOUT_MS,
        "partitions": [f"{topic}:0", f"{topic}:1"]}
    assert producers() == {
        0: {"producer_id": pid, "producer_epoch": epoch, "last_sequence": 2, "coordinator_epoch": -1,
            "txn_start_offset": 2},
        1: {"producer_id": pid, "producer_epoch": epoch, "last_sequence": 1, "coordinator_epoch": -1,
            "txn_start_offset": 1}}
    missing = agent.call("describe_txns", f"{txn_id}-never-used")
    assert not missing["ok"] and "TransactionalIdNotFound" in missing["error"], missing

    agent.ok("commit")
    complete = {**ongoing, "state": "CompleteCommit"}
    assert listed() == [complete]
    assert listed("Ongoing") == []
    assert listed("CompleteCommit") == [complete]
    assert agent.ok("list_txns", "CompleteCommit", pid)["transactions"] == [complete]
    described = agent.ok("describe_txns", txn_id)
    assert (described["state"], described["producer_id"], described["producer_epoch"], described["partitions"]) == (
        "CompleteCommit", pid, epoch, [])
    after = producers()
    assert [(r["txn_start_offset"], r["last_sequence"], r["producer_epoch"]) for r in after.values()] == [
        (-1, 2, epoch), (-1, 1, epoch)], "TX-DESC-3: no open transaction once the markers are written"
    assert all(r["coordinator_epoch"] >= 0 for r in after.values()), f"the COMMIT marker's coordinator epoch: {after}"


# -- TS11 --------------------------------------------------------------------------------------------------

@pytest.fixture(params=KIP848_KINDS)
def kip848_env(txn_broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    yield from _env(txn_broker, request.param, tmp_path, request)


def _stable_member(env: Env, group: str) -> dict[str, Any]:
    """The consumer group's only member once the group is Stable (the admin endpoint's long poll)."""
    g = _admin(env.broker, "GET", f"/groups/{group}/wait?state=Stable&members=1&timeout=20")
    assert g["group_type"] == "consumer", g
    [member] = g["members"]
    return dict(member)


def _rejoined(env: Env, group: str, old_epoch: int) -> bool:
    """The group is Stable with one member again, at a member epoch past ``old_epoch``."""
    g = _admin(env.broker, "GET", f"/groups/{group}")
    return g["state"] == "Stable" and len(g["members"]) == 1 and g["members"][0]["member_epoch"] > old_epoch


def illegal_generation(answer: dict[str, Any]) -> bool:
    """The client's way of saying ILLEGAL_GENERATION(22) to sendOffsetsToTransaction."""
    text = " ".join(str(answer.get(k, "")) for k in ("error", "cause", "code", "message"))
    return not answer["ok"] and any(s in text for s in ("ILLEGAL_GENERATION", "generation id is not valid",
                                                          "IllegalGeneration"))


def test_ts11_kip848_member_in_a_transaction_and_a_stale_member_epoch(kip848_env: Env) -> None:
    """TS11 / TX-OFF-1: a KIP-848 member (group.protocol=consumer) consumes, transforms and sends its positions
    with its group metadata (member id + member epoch): the group's offsets move on commit. Then the member is
    fenced (the fence-member fault) and rejoins with a new epoch, and the producer sends offsets with the
    metadata kept from before: the coordinator answers ILLEGAL_GENERATION (STALE_MEMBER_EPOCH translated), the
    client fails sendOffsetsToTransaction with an abortable error, the committed offsets stay, and the app
    aborts and retries with the member's current metadata, which commits."""
    env = kip848_env
    parts, n = 2, 3
    src, out = env.topic("k848-in", parts), env.topic("k848-out", parts)
    group = f"{env.kind}-k848-{env.tag}"
    env.plain(src, {p: expected(f"in{p}", n) for p in range(parts)})
    agent = env.agent("k848")
    agent.ok("init", env.txn_id("k848"), TXN_TIMEOUT_MS)
    consumed = agent.ok("consume", group, src, parts * n, "consumer")["records"]
    assert sorted(v for _, _, v in consumed) == sorted(v for p in range(parts) for v in expected(f"in{p}", n))
    member = _stable_member(env, group)
    kept = agent.ok("save_metadata")  # what the member's groupMetadata() says now: stale after the fence
    if "member_id" in kept:  # Java shows it (librdkafka's is opaque): the coordinator's member and epoch
        assert (kept["member_id"], kept["generation"]) == (member["member_id"], member["member_epoch"]), kept
    first = {f"{src}:{p}": n for p in range(parts)}
    agent.ok("begin")
    agent.ok("send", out, 0, "first", n)
    assert agent.ok("send_offsets", group)["offsets"] == first
    assert env.committed(group) == {}
    agent.ok("commit")
    assert env.committed(group) == first

    assert _admin(env.broker, "POST", "/faults/fence-member",
                  {"group": group, "member_id": member["member_id"]}) == {"fenced": True}
    # The member learns it was fenced on its next heartbeat and rejoins at epoch 0 (librdkafka only while the
    # application polls). Only then the new input: records fetched before the member knew would be consumed
    # at positions it then loses.
    deadline = time.monotonic() + 20
    while not _rejoined(env, group, member["member_epoch"]):
        assert time.monotonic() < deadline, _admin(env.broker, "GET", f"/groups/{group}")
        assert agent.ok("poll", 200)["records"] == []
    rejoined = _stable_member(env, group)
    assert rejoined["member_id"] == member["member_id"], "KIP-848: a fenced member rejoins with its member id"
    assert rejoined["member_epoch"] > member["member_epoch"], (member, rejoined)
    env.plain(src, {p: expected(f"more{p}", n) for p in range(parts)})
    consumed = agent.ok("consume", group, src, parts * n, "consumer")["records"]  # from the committed offsets
    assert sorted(v for _, _, v in consumed) == sorted(v for p in range(parts) for v in expected(f"more{p}", n))

    agent.ok("begin")
    agent.ok("send", out, 0, "stale", n)
    answer = agent.call("send_offsets", group, "saved")
    assert illegal_generation(answer), f"TX-OFF-1: a stale member epoch is ILLEGAL_GENERATION: {answer}"
    assert env.committed(group) == first
    agent.ok("abort")
    second = {f"{src}:{p}": 2 * n for p in range(parts)}
    agent.ok("begin")
    agent.ok("send", out, 0, "retry", n)
    assert agent.ok("send_offsets", group)["offsets"] == second
    agent.ok("commit")
    assert env.committed(group) == second
    env.sentinels(out, parts)
    assert values(env.read(agent, out, parts, "read_committed"), 0) == [
        *expected("first", n), *expected("retry", n), SENTINEL]


# -- TS12 --------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def idempotent_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    """A broker no transactional producer ever talks to (TS12 checks that nothing creates __transaction_state)."""
    with ProcessBroker(tmp_path_factory.mktemp("idempotent") / "data") as b:
        yield b


@pytest.fixture(params=KINDS)
def idempotent_env(idempotent_broker: ProcessBroker, tmp_path: Path,
                   request: pytest.FixtureRequest) -> Iterator[Env]:
    yield from _env(idempotent_broker, request.param, tmp_path, request)


def test_ts12_idempotent_producer_gets_epoch_0_and_no_transaction_state(idempotent_env: Env) -> None:
    """TS12 / TX-CO-2: an idempotent producer without a transactional id gets its producer id with epoch 0 from
    InitProducerId, and the broker writes nothing for it: __transaction_state is not created (not in Metadata,
    no partition directory, the coordinator knows no transactional id). DescribeProducers shows the producer on
    its partition at epoch 0, its last sequence, no coordinator epoch and no open transaction."""
    env = idempotent_env
    topic = env.topic("idempotent", 1)
    agent = env.agent("idempotent")
    assert agent.ok("idempotent", topic, 0, "i", 5)["offsets"] == list(range(5))
    assert agent.ok("idempotent", topic, 0, "j", 3)["offsets"] == list(range(5, 8))
    [state] = env.producers(topic)
    assert (state.producer_epoch, state.last_sequence, state.coordinator_epoch, state.current_txn_start_offset) == (
        0, 7, -1, -1), state
    admin = AdminClient({"bootstrap.servers": env.bootstrap})
    assert TRANSACTION_STATE not in admin.list_topics(timeout=20).topics
    assert not list(env.broker.data_dir.rglob(f"{TRANSACTION_STATE}*")), "no __transaction_state partition on disk"
    assert _admin(env.broker, "GET", "/transactions") == {"transactions": []}
    assert values(env.read(agent, topic, 1, "read_committed", "j-2")) == [*expected("i", 5), *expected("j", 3)]
