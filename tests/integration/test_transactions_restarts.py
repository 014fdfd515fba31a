"""Transactions across broker restarts, judged by real transactional producers: scenarios TS7 and TS9 of
/work/shared/design/transactions.md (ids TX-*) through the four clients of test_transactions.py (one process each,
txn_agent.py, java/TxnAgent.java). Each scenario has a broker of its own, fsyncing every append so that
acknowledged data survives kill -9, and restarts it (SIGTERM) or kills it (-9) inside a transaction, after
interleaved transactions, with pending offsets, or between PrepareCommit and the markers (a fault held through
the broker's admin endpoint). Every wait is bounded and no test sleeps; the shared set-up is txn_env.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing.process import ProcessBroker
from tests.integration.txn_agent import KINDS
from tests.integration.txn_env import (
    CONFIG,
    SENTINEL,
    TXN_TIMEOUT_MS,
    Env,
    admin_endpoint,
    expected,
    java_command,
    scenario,
    values,
)

# Acknowledged data survives kill -9: fsync every append.
DURABLE_CONFIG = {**CONFIG, "log.flush.interval.messages": 1}


@pytest.fixture(scope="module")
def java_cmd(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return java_command(tmp_path_factory)


@pytest.fixture(params=KINDS)
def restart_env(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    """Its own broker, fsyncing every append (acknowledged data survives kill -9): this scenario restarts it."""
    with ProcessBroker(tmp_path / "data", config=DURABLE_CONFIG) as b:
        yield from scenario(b, request.param, tmp_path, request)


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


@pytest.fixture(params=KINDS)
def fault_env(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    """Its own broker (faults through its admin endpoint), fsyncing every append: this scenario kills it."""
    with ProcessBroker(tmp_path / "data", config=DURABLE_CONFIG) as b:
        yield from scenario(b, request.param, tmp_path, request)


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
    admin_endpoint(env.broker, "POST", "/faults/hold-txn-markers", {"transactional_id": txn_id})
    agent.ok("commit")  # TV1: EndTxn is answered once PrepareCommit is durable (TX-END-2)
    assert admin_endpoint(env.broker, "GET", f"/transactions/{txn_id}")["state"] == "PrepareCommit"
    env.broker.crash()
    env.broker.start()
    env.sentinels(topic, parts)
    seen = env.read(agent, topic, parts, "read_committed")
    for p in range(parts):
        assert values(seen, p) == [*expected(f"p{p}", n), SENTINEL], seen
    assert admin_endpoint(env.broker, "GET", f"/transactions/{txn_id}")["state"] == "CompleteCommit"
    agent.ok("begin")
    agent.ok("send", topic, 0, "next", n)
    agent.ok("commit")
    env.sentinels(topic, parts, "end2")
    seen = env.read(agent, topic, parts, "read_committed", "end2")
    assert values(seen, 0) == [*expected("p0", n), SENTINEL, *expected("next", n), "end2"], seen


