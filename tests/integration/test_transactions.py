"""Transactions judged by real transactional producers: scenarios TS1-TS6 and TS10-TS13 of
/work/shared/design/transactions.md (ids TX-*), through the Java client (kafka-clients 3.9.1), confluent-kafka
(librdkafka), aiokafka and kafka-python. TS10 (the transaction admin calls) runs with the two clients that have
them (Java's Admin, kafka-python's KafkaAdminClient), TS11 with the two that speak KIP-848 (Java, confluent-kafka).

Each client runs in its own process (txn_agent.py, java/TxnAgent.java) that speaks one line protocol, so
every scenario is written once and parametrized over the four. What a client's read_committed or
read_uncommitted consumer sees is read by that same client, from the beginning of each partition up to a
sentinel record that a plain producer appends once the transaction is decided: the read ends on data, not
on a quiet period, and "exactly those records" is a list comparison.

The broker checks for timed-out transactions every 100 ms (TX-CFG-2), so TS6 takes seconds, not minutes.
Every wait is bounded (the agents' own 20 s, 45 s per command on the test side) and no test sleeps. The
scenarios that restart or kill their broker (TS7, TS9) are test_transactions_restarts.py; the shared set-up is
txn_env.py.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka.admin import AdminClient

from kaflite.testing.process import ProcessBroker
from tests.integration.txn_agent import KINDS
from tests.integration.txn_env import (
    CONFIG,
    SENTINEL,
    TXN_TIMEOUT_MS,
    Env,
    admin_endpoint,
    expected,
    fenced,
    java_command,
    scenario,
    values,
)

TRANSACTION_STATE = "__transaction_state"
# The shared broker lets a KIP-848 member heartbeat every 300 ms (CG-CFG-2), so a fenced member (TS11 fences one
# through the admin endpoint every ProcessBroker serves) learns it and rejoins quickly.
SHARED_CONFIG = {**CONFIG, "group.consumer.heartbeat.interval.ms": 300, "group.consumer.min.heartbeat.interval.ms": 100}
ADMIN_KINDS = ["java", "kafka-python"]  # TS10: the clients with listTransactions/describeTransactions/describeProducers
KIP848_KINDS = ["java", "confluent-kafka"]  # TS11: the clients with group.protocol=consumer
SHORT_TXN_TIMEOUT_MS = 3_000  # TS6: long enough for begin + send on a loaded machine (librdkafka: >= 1000)
# TS13: a parked fetch that the commit does not wake would answer only after fetch.max.wait.ms; the read
# gives up well before that.
PARKED_FETCH_WAIT_MS = 30_000
PARKED_READ_MS = 15_000


@pytest.fixture(scope="module")
def java_cmd(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return java_command(tmp_path_factory)


@pytest.fixture(scope="module")
def txn_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    with ProcessBroker(tmp_path_factory.mktemp("txn") / "data", config=SHARED_CONFIG) as b:
        yield b


@pytest.fixture(params=KINDS)
def env(txn_broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    yield from scenario(txn_broker, request.param, tmp_path, request)


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
    yield from scenario(txn_broker, request.param, tmp_path, request)


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
    coordinator = admin_endpoint(env.broker, "GET", f"/transactions/{txn_id}")
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
    yield from scenario(txn_broker, request.param, tmp_path, request)


def _stable_member(env: Env, group: str) -> dict[str, Any]:
    """The consumer group's only member once the group is Stable (the admin endpoint's long poll)."""
    g = admin_endpoint(env.broker, "GET", f"/groups/{group}/wait?state=Stable&members=1&timeout=20")
    assert g["group_type"] == "consumer", g
    [member] = g["members"]
    return dict(member)


def _rejoined(env: Env, group: str, old_epoch: int) -> bool:
    """The group is Stable with one member again, at a member epoch past ``old_epoch``."""
    g = admin_endpoint(env.broker, "GET", f"/groups/{group}")
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

    assert admin_endpoint(env.broker, "POST", "/faults/fence-member",
                  {"group": group, "member_id": member["member_id"]}) == {"fenced": True}
    # The member learns it was fenced on its next heartbeat and rejoins at epoch 0 (librdkafka only while the
    # application polls). Only then the new input: records fetched before the member knew would be consumed
    # at positions it then loses.
    deadline = time.monotonic() + 20
    while not _rejoined(env, group, member["member_epoch"]):
        assert time.monotonic() < deadline, admin_endpoint(env.broker, "GET", f"/groups/{group}")
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
    yield from scenario(idempotent_broker, request.param, tmp_path, request)


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
    assert admin_endpoint(env.broker, "GET", "/transactions") == {"transactions": []}
    assert values(env.read(agent, topic, 1, "read_committed", "j-2")) == [*expected("i", 5), *expected("j", 3)]
