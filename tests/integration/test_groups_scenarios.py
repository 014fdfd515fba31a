"""Seed scenarios S1, S2, S3 and S7, static membership and cooperative-sticky, with real clients.

Every test asserts both what the consumers saw (their rebalance listeners) and what the coordinator
went through (``Group.history`` / ``Group.states``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing.broker import Broker
from kaflite.testing.views import Group
from tests.integration.group_clients import (
    CLIENTS,
    GroupConsumer,
    assert_legal_history,
    close_all,
    start_together,
    wait_until,
)

ALL3 = (("t", 0), ("t", 1), ("t", 2))


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    """The seed scenarios' broker answers a first JoinGroup at once (S1: the first member completes a rebalance
    alone), not after the kit's default 200 ms."""
    with Broker(config={"group.initial.rebalance.delay.ms": 0}) as b:
        yield b


def tps(topic: str, n: int) -> tuple[tuple[str, int], ...]:
    return tuple((topic, p) for p in range(n))


def by_client(g: Group) -> dict[str, tuple[tuple[str, int], ...]]:
    return {m.client_id: m.assignment for m in g.members}


def settled(cs: list[GroupConsumer], g: Group | None, members: int | None = None) -> bool:
    """Stable with every member holding partitions, and every consumer's listener agreeing with
    what the coordinator stored for its member."""
    if g is None or g.state != "Stable" or len(g.members) != (len(cs) if members is None else members):
        return False
    if not all(m.assignment for m in g.members):
        return False  # e.g. a cooperative member that has not been handed its partitions yet
    stored = by_client(g)
    return all(c.current == stored.get(c.client_id) for c in cs)


def wait_settled(b: Broker, group: str, cs: list[GroupConsumer], timeout: float = 20,
                 members: int | None = None) -> Group:
    n = len(cs) if members is None else members
    b.wait_for_group(group, "Stable", members=n, timeout=timeout)
    found: list[Group] = []

    def agree() -> bool:
        for c in cs:
            c.check()
        g = b.group(group)
        if settled(cs, g, n):
            assert g is not None
            found.append(g)
            return True
        return False

    wait_until(agree, timeout, f"consumers of {group} to agree with the stored assignment")
    return found[0]


def rebalance_cycles(states: list[str]) -> int:
    """``Empty`` then n complete (PreparingRebalance, CompletingRebalance, Stable) cycles → n."""
    cycle = ["PreparingRebalance", "CompletingRebalance", "Stable"]
    n, rest = divmod(len(states) - 1, 3)
    assert states[0] == "Empty" and rest == 0 and states[1:] == cycle * n, states
    return n


LEADER_REJOIN = "re-joining group during Stable"


def client_rebalances_only(g: Group, after_generation: int) -> None:
    """Besides the membership changes a test makes, the only rebalances allowed are the ones a
    group leader starts itself (kafka-python's leader rejoins after an assignment when its metadata
    snapshot changed; Kafka — and kaflite — rebalance on a leader's JoinGroup in Stable)."""
    for t in g.history:
        if t.generation >= after_generation and str(t.from_state) == "Stable" and \
                str(t.to_state) == "PreparingRebalance" and "adding new member" not in t.reason:
            assert LEADER_REJOIN in t.reason, t


def seen(c: GroupConsumer) -> list[tuple[tuple[str, int], ...]]:
    """The non-empty assignments a consumer's listener was given, in order."""
    return [a for a in c.assignments if a]


# -- S1 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", CLIENTS)
def test_s1_three_consumers_start_together(broker: Broker, kind: str) -> None:
    # S1, B-JOIN-3, B-JOIN-4, B-JOIN-6, B-JOIN-7, B-SYNC-2, B-STATE-1, B-STATE-2
    topic = group = f"s1-{kind}"
    broker.create_topic(topic, 3)
    cs = [GroupConsumer(kind, broker.bootstrap_servers, group, [topic], client_id=f"{kind}-s1-{i}") for i in range(3)]
    try:
        start_together(cs)
        g = wait_settled(broker, group, cs)
        assert sorted(c.current for c in cs) == [((topic, p),) for p in range(3)]
        assert sorted(p for c in cs for p in c.current) == list(tps(topic, 3))
        # with group.initial.rebalance.delay.ms=0 the first member completes a rebalance alone
        assert g.states[0] == "Empty" and g.states[-1] == "Stable"
        assert_legal_history(g.states)
        assert g.states[:3] == ["Empty", "PreparingRebalance", "CompletingRebalance"]
        assert g.generation == g.states.count("CompletingRebalance")
        assert g.generation <= 3, g.states  # at most one generation per member
        assert g.history[-1].members == 3
        assert g.leader in {m.member_id for m in g.members}
        assert g.protocol_type == "consumer"
        for c in cs:  # the final assignment is the last one each listener saw
            assert c.assignments[-1] == c.current
    finally:
        close_all(cs)


@pytest.mark.parametrize("kind", CLIENTS)
def test_s1_with_initial_delay_one_rebalance(kind: str) -> None:
    # S1, B-JOIN-5: with an initial rebalance delay the three land in ONE generation
    with Broker(config={"group.initial.rebalance.delay.ms": 800}) as b:
        b.create_topic("t", 3)
        cs = [GroupConsumer(kind, b.bootstrap_servers, "g", ["t"], client_id=f"{kind}-d{i}") for i in range(3)]
        try:
            start_together(cs)
            g = wait_settled(b, "g", cs)
            assert g.states == ["Empty", "PreparingRebalance", "CompletingRebalance", "Stable"]
            assert g.generation == 1
            assert sorted(c.current for c in cs) == [(tp,) for tp in ALL3]
            assert [len(seen(c)) for c in cs] == [1, 1, 1]
            assert g.history[2].members == 3
        finally:
            close_all(cs)


# -- S2 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", CLIENTS)
def test_s2_one_then_two_together(broker: Broker, kind: str) -> None:
    # S2, B-JOIN-3, B-JOIN-4, B-HB-2 (Stable members learn of the rebalance from their heartbeat)
    topic = group = f"s2-{kind}"
    broker.create_topic(topic, 3)
    # consumer 1 heartbeats slowly so that 2 and 3 both join before it learns of the rebalance
    c1 = GroupConsumer(kind, broker.bootstrap_servers, group, [topic], client_id=f"{kind}-s2-1",
                       heartbeat_interval_ms=3000, session_timeout_ms=15_000)
    others = [GroupConsumer(kind, broker.bootstrap_servers, group, [topic], client_id=f"{kind}-s2-{i}")
              for i in (2, 3)]
    cs = [c1, *others]
    try:
        c1.start()
        g1 = wait_settled(broker, group, [c1])
        assert seen(c1) == [tps(topic, 3)]
        assert rebalance_cycles(g1.states) == g1.generation == 1

        start_together(others)
        g2 = wait_settled(broker, group, cs)
        after = list(g2.history[len(g1.history):])
        assert [(str(t.from_state), str(t.to_state)) for t in after[:3]] == [
            ("Stable", "PreparingRebalance"), ("PreparingRebalance", "CompletingRebalance"),
            ("CompletingRebalance", "Stable")], g2.states
        assert after[1].generation == g1.generation + 1 and after[1].members == 3  # 2 and 3 in ONE generation
        client_rebalances_only(g2, after[1].generation)
        if kind != "kafka-python":
            assert g2.generation == g1.generation + 1, g2.states
        assert sorted(c.current for c in cs) == [((topic, p),) for p in range(3)]
        assert seen(c1)[0] == tps(topic, 3) and len(seen(c1)[-1]) == 1
        if kind != "kafka-python":  # kafka-python's leader may add rebalances of its own (above)
            assert len(seen(c1)) == 2
            assert [len(seen(c)) for c in others] == [1, 1]
        assert_legal_history(g2.states)
    finally:
        close_all(cs)


# -- S3 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", CLIENTS)
def test_s3_staggered_starts_one_rebalance_per_join(broker: Broker, kind: str) -> None:
    # S3, B-JOIN-3, B-TRIG-1
    topic = group = f"s3-{kind}"
    broker.create_topic(topic, 3)
    cs = [GroupConsumer(kind, broker.bootstrap_servers, group, [topic], client_id=f"{kind}-s3-{i}") for i in range(3)]
    try:
        gens = []
        for n, c in enumerate(cs, 1):
            c.start()
            g = wait_settled(broker, group, cs[:n])
            gens.append(g.generation)
        joins = [t for t in g.history if "adding new member" in t.reason]
        expected_joins = [("Empty", 1), ("Stable", 2), ("Stable", 3)]
        if kind == "kafka-python":  # a join may land inside a rebalance kafka-python's leader started itself
            assert [(str(t.from_state), t.members) for t in joins] in (expected_joins, expected_joins[:2])
        else:
            assert [(str(t.from_state), t.members) for t in joins] == expected_joins
        assert rebalance_cycles(g.states) == gens[2]
        client_rebalances_only(g, 0)
        if kind != "kafka-python":  # exactly one rebalance per join
            assert gens == [1, 2, 3]
            assert [len(x) for x in seen(cs[0])] == [3, 2, 1]
            assert [len(seen(c)) for c in cs] == [3, 2, 1]
        assert [len(seen(c)[-1]) for c in cs] == [1, 1, 1]
        assert sorted(p for c in cs for p in c.current) == list(tps(topic, 3))
    finally:
        close_all(cs)


# -- S7 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", CLIENTS)
def test_s7_member_closes_others_take_its_partitions(broker: Broker, kind: str) -> None:
    # S7, B-LEAVE-1, B-JOIN-7 (a new leader if the leader leaves)
    topic = group = f"s7l-{kind}"
    broker.create_topic(topic, 3)
    cs = [GroupConsumer(kind, broker.bootstrap_servers, group, [topic], client_id=f"{kind}-s7l-{i}",
                        session_timeout_ms=30_000) for i in range(3)]
    try:
        start_together(cs)
        g = wait_settled(broker, group, cs)
        leader_client = next(m.client_id for m in g.members if m.member_id == g.leader)
        leaving = next(c for c in cs if c.client_id == leader_client)
        rest = [c for c in cs if c is not leaving]
        t0 = time.monotonic()
        leaving.close()
        g2 = wait_settled(broker, group, rest, timeout=20)
        elapsed = time.monotonic() - t0
        assert elapsed < 10, f"took {elapsed:.1f}s: the others must not wait for a session timeout (30 s)"
        assert g2.generation >= g.generation + 1
        client_rebalances_only(g2, g.generation + 1)
        assert sorted(p for c in rest for p in c.current) == list(tps(topic, 3))
        assert g2.leader != g.leader and g2.leader in {m.member_id for m in g2.members}
        left = [t for t in g2.history if t.generation == g.generation and str(t.from_state) == "Stable"]
        assert len(left) == 1 and str(left[0].to_state) == "PreparingRebalance" and "LeaveGroup" in left[0].reason
        assert_legal_history(g2.states)
    finally:
        close_all(cs)


CHILD = r"""
import sys, time, threading
kind, bootstrap, group, topic, client_id, session = sys.argv[1:7]
session = int(session)
def assigned(parts):
    print("ASSIGNED", sorted((t, p) for t, p in parts), flush=True)
if kind == "kafka-python":
    from kafka import KafkaConsumer, ConsumerRebalanceListener
    class L(ConsumerRebalanceListener):
        def on_partitions_revoked(self, r): pass
        def on_partitions_assigned(self, a): assigned((tp.topic, tp.partition) for tp in a)
    c = KafkaConsumer(bootstrap_servers=bootstrap, group_id=group, client_id=client_id,
                      session_timeout_ms=session, heartbeat_interval_ms=200, enable_auto_commit=False)
    c.subscribe([topic], listener=L())
    while True:
        c.poll(timeout_ms=500)  # not shorter: see tests/testing/clients.py
elif kind == "confluent-kafka":
    from confluent_kafka import Consumer
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "client.id": client_id,
                  "session.timeout.ms": session, "heartbeat.interval.ms": 200, "enable.auto.commit": False})
    c.subscribe([topic], on_assign=lambda _c, ps: assigned((tp.topic, tp.partition) for tp in ps))
    while True:
        c.poll(0.1)
else:
    import asyncio
    from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener
    class L(ConsumerRebalanceListener):
        def on_partitions_revoked(self, r): pass
        def on_partitions_assigned(self, a): assigned((tp.topic, tp.partition) for tp in a)
    async def main():
        c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=group, client_id=client_id,
                             session_timeout_ms=session, heartbeat_interval_ms=200, enable_auto_commit=False)
        c.subscribe([topic], listener=L())
        await c.start()
        while True:
            await c.getmany(timeout_ms=100)
    asyncio.run(main())
"""


@pytest.mark.parametrize("kind", CLIENTS)
def test_s7_member_killed_others_take_its_partitions_after_session_timeout(
        broker: Broker, kind: str, tmp_path: Path) -> None:
    # S7, B-HB-1, B-HB-3, B-TRIG-1: kill -9, no LeaveGroup; the member expires after its session timeout
    topic = group = f"s7k-{kind}"
    session_ms = 1500
    broker.create_topic(topic, 3)
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    log = (tmp_path / "child.log").open("wb")
    child = subprocess.Popen([sys.executable, str(script), kind, broker.bootstrap_servers, group, topic,
                              f"{kind}-s7k-child", str(session_ms)], stdout=log, stderr=subprocess.STDOUT)
    rest = [GroupConsumer(kind, broker.bootstrap_servers, group, [topic], client_id=f"{kind}-s7k-{i}",
                          session_timeout_ms=10_000) for i in range(2)]
    try:
        start_together(rest)
        g = wait_settled(broker, group, rest, timeout=25, members=3)
        child_member = next(m for m in g.members if m.client_id == f"{kind}-s7k-child")
        assert len(child_member.assignment) == 1
        wait_until(lambda: b"ASSIGNED" in (tmp_path / "child.log").read_bytes(), 10, "the child's on_assign")

        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        t0 = time.monotonic()
        g2 = wait_settled(broker, group, rest, timeout=20)
        elapsed = time.monotonic() - t0
        # Not before its deadline (last heartbeat + session timeout), and not much later.
        assert session_ms / 1000 - 0.5 <= elapsed < session_ms / 1000 + 5, elapsed
        assert g2.generation >= g.generation + 1
        client_rebalances_only(g2, g.generation + 1)
        assert child_member.member_id not in {m.member_id for m in g2.members}
        assert sorted(p for c in rest for p in c.current) == list(tps(topic, 3))
        expired = [t for t in g2.history if "heartbeat expiration" in t.reason]
        # the expiry is a transition of its own unless the group was already rebalancing (a kafka-python
        # leader's own rejoin): then the delayed join is re-checked instead (B-HB-3)
        assert len(expired) == 1 or kind == "kafka-python", g2.history
        for t in expired:
            assert child_member.member_id in t.reason and str(t.to_state) == "PreparingRebalance"
        assert not any("LeaveGroup" in t.reason for t in g2.history)
        assert_legal_history(g2.states)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
        log.close()
        close_all(rest)


# -- static membership ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", CLIENTS)
def test_static_member_restarts_within_session_timeout_no_rebalance(broker: Broker, kind: str) -> None:
    # B-JOIN-2 (static members, KIP-345): the restarted instance is matched by group.instance.id
    topic = group = f"static-{kind}"
    broker.create_topic(topic, 4)

    def member(i: int) -> GroupConsumer:
        return GroupConsumer(kind, broker.bootstrap_servers, group, [topic], client_id=f"{kind}-st-{i}",
                             instance_id=f"instance-{i}", session_timeout_ms=20_000)

    cs = [member(0), member(1)]
    try:
        start_together(cs)
        g = wait_settled(broker, group, cs)
        assert {m.group_instance_id for m in g.members} == {"instance-0", "instance-1"}
        before = {m.group_instance_id: m for m in g.members}
        n_history = len(g.history)
        seen_by_0 = list(cs[0].assignments)

        cs[1].close()  # a static member sends no LeaveGroup
        g_closed = broker.group(group)
        assert g_closed is not None and len(g_closed.members) == 2, g_closed
        closing = g_closed.history[n_history:]
        if kind == "kafka-python":
            # Closing starts no rebalance, but a kafka-python leader may have just rejoined on its own
            # (LEADER_REJOIN); the group then waits in PreparingRebalance for the closed static member.
            assert all(LEADER_REJOIN in t.reason for t in closing if str(t.to_state) == "PreparingRebalance"), closing
        else:
            assert g_closed.state == "Stable" and not closing, closing

        cs[1] = member(1).start()
        wait_until(lambda: cs[1].current or cs[1].error, 20, "the restarted static member's assignment")
        cs[1].check()
        # Settled, not just read: a kafka-python leader's own rejoin may still be under way (see below).
        g2 = wait_settled(broker, group, cs)
        new = g2.history[n_history:]
        if kind == "kafka-python":
            # The restart itself starts no rebalance; a kafka-python leader may still rejoin on its own
            # when its metadata snapshot changes after it assigned (LEADER_REJOIN), even now.
            assert all(LEADER_REJOIN in t.reason for t in new if str(t.to_state) == "PreparingRebalance"), new
        else:
            assert g2.generation == g.generation and not new, new
        after = {m.group_instance_id: m for m in g2.members}
        assert {k: m.assignment for k, m in after.items()} == {k: m.assignment for k, m in before.items()}
        assert after["instance-0"].member_id == before["instance-0"].member_id
        assert after["instance-1"].member_id != before["instance-1"].member_id  # swapped in with a new id
        assert cs[1].current == before["instance-1"].assignment
        # the other member kept its partitions throughout (the only rebalance allowed hands it the same)
        assert set(cs[0].assignments[len(seen_by_0):]) <= {before["instance-0"].assignment}, cs[0].assignments
        assert cs[0].current == before["instance-0"].assignment
    finally:
        close_all(cs)


# -- cooperative-sticky --------------------------------------------------------------------------------

def test_cooperative_sticky_two_then_three_consumers(broker: Broker) -> None:
    # B-JOIN-6 (the protocol is chosen by vote and passed through), B-TRIG-1
    topic = group = "coop"
    broker.create_topic(topic, 6)
    cs = [GroupConsumer("confluent-kafka", broker.bootstrap_servers, group, [topic], client_id=f"coop-{i}",
                        assignor="cooperative-sticky") for i in range(3)]
    try:
        start_together(cs[:2])
        g = wait_settled(broker, group, cs[:2])
        assert g.protocol == "cooperative-sticky"
        assert sorted(p for c in cs[:2] for p in c.current) == list(tps(topic, 6))
        first = {c.client_id: c.current for c in cs[:2]}

        cs[2].start()

        g3 = wait_settled(broker, group, cs, timeout=25)
        assert g3.protocol == "cooperative-sticky"
        owned = sorted(p for c in cs for p in c.current)
        assert owned == list(tps(topic, 6)), owned  # every partition exactly once
        assert sorted(len(c.current) for c in cs) == [2, 2, 2]
        # sticky: the first two kept what they did not have to give up, and never lost everything
        for c in cs[:2]:
            assert set(c.current) <= set(first[c.client_id])
        # incremental: a cooperative member is never handed its whole assignment twice
        assert all(not any(set(r) == set(first[c.client_id]) for r in c.revocations) for c in cs[:2])
        # two rebalances (revoke, then assign) after the third joined
        assert g3.generation >= g.generation + 2, g3.states
        assert_legal_history(g3.states)
    finally:
        close_all(cs)
