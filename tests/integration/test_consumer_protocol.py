"""KIP-848 consumer groups judged by real clients: scenarios CS1-CS14 of
/work/shared/design/consumer-group-protocol.md (ids CG-*), with ``group.protocol=consumer``.

The clients: the Java client (kafka-clients 3.9.1: ConsumerGroupHeartbeat v0, the broker mints the member
id) and confluent-kafka / librdkafka >= 2.12 (CGHB v1, client-made member id). Each consumer is its own
process (consumer_agent.py: java/ConsumerProtocolJudge.java or a confluent-kafka program), so a test can
kill one with -9 and restart one. The broker gets small consumer-group timeouts (CG-CFG-2) so that
fencing at session expiry takes about a second and a half.

Every wait is bounded (``wait_for``, <= 30 s, and it stops at once when a client reports an error it
cannot get over, such as UNSUPPORTED_VERSION); every consumer process ends by itself after two minutes
and is killed at teardown; all traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import gc
import re
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.process import ProcessBroker
from tests.integration.consumer_agent import AgentConsumer, wait_for
from tests.integration.group_clients import GroupConsumer, RawClient
from tests.integration.java_tools import compiled_java_command

SESSION_MS = 1500
HEARTBEAT_MS = 200
# CG-CFG-2: a development broker accepts small consumer-group timeouts (Kafka's minimums are 45 s / 5 s).
CG_CONFIG = {"group.consumer.session.timeout.ms": SESSION_MS, "group.consumer.min.session.timeout.ms": 500,
             "group.consumer.heartbeat.interval.ms": HEARTBEAT_MS, "group.consumer.min.heartbeat.interval.ms": 100}
KINDS = ["java", "confluent"]
WAIT_S = 30.0

TP = tuple[str, int]
TPO = tuple[str, int, int]


# -- fixtures -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def java_cmd(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The judge compiled once (javac), as the command that starts one consumer process."""
    return compiled_java_command(tmp_path_factory, "ConsumerProtocolJudge", "the Java consumer judge needs one")


@pytest.fixture(scope="module")
def cg_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    """One broker for the scenarios that need no restart and no special config (names are unique)."""
    with ProcessBroker(tmp_path_factory.mktemp("cg") / "data", config=CG_CONFIG) as b:
        yield b


def tps(topic: str, n: int, first: int = 0) -> set[TP]:
    return {(topic, p) for p in range(first, n)}


def offsets(agents: Sequence[AgentConsumer]) -> set[TPO]:
    return {(t, p, o) for a in agents for t, p, o, _v in a.consumed()}


def balanced(agents: Sequence[AgentConsumer], expected: set[TP]) -> bool:
    """Every partition owned by exactly one of them, sizes differing by at most one (CG-AS-5)."""
    owned = [a.owned() for a in agents]
    sizes = [len(o) for o in owned]
    return (set().union(*owned) == expected and sum(sizes) == len(expected)
            and max(sizes) - min(sizes) <= 1)


def group_summary(g: Any) -> str:
    """A ConsumerGroupDescribe group in a few lines (its repr is cut short in an assertion)."""
    def parts(a: Any) -> list[tuple[str, list[int]]]:
        return [(t.topic_name, list(t.partitions)) for t in a.topic_partitions]

    return "\n".join([f"{g.group_id}: {g.group_state}, group epoch {g.group_epoch}, assignment epoch "
                      f"{g.assignment_epoch}"] + [
        f"  {m.member_id} ({m.client_id}): epoch {m.member_epoch}, assigned {parts(m.assignment)}, "
        f"target {parts(m.target_assignment)}" for m in g.members])


class Env:
    """One test's world: a broker, an admin client, its consumer processes (all stopped at the end)."""

    def __init__(self, broker: ProcessBroker, tmp: Path, request: pytest.FixtureRequest) -> None:
        self.broker = broker
        self.tmp = tmp
        self.request = request
        self.agents: list[AgentConsumer] = []
        self._admins: dict[str, Any] = {}
        self._producers: dict[str, Any] = {}
        self._advertised: dict[str, dict[int, tuple[int, int]]] = {}
        self.expect_no_consumer_protocol = False  # CS13
        self._log_start = len(broker.log_text())

    @property
    def bootstrap(self) -> str:
        return self.broker.bootstrap_servers

    def admin(self) -> Any:
        """One AdminClient per broker, kept: a dropped one is destroyed under its pending futures."""
        from confluent_kafka.admin import AdminClient

        if self.bootstrap not in self._admins:
            self._admins[self.bootstrap] = AdminClient({"bootstrap.servers": self.bootstrap, "log_level": 2})
        return self._admins[self.bootstrap]

    def advertised(self) -> dict[int, tuple[int, int]]:
        """ApiVersions v3 of the current broker: api key -> (min, max)."""
        from kaflite.protocol.messages import ApiVersionsRequest

        if self.bootstrap not in self._advertised:
            wire = RawClient(self.bootstrap)
            try:
                self._advertised[self.bootstrap] = {
                    k.api_key: (k.min_version, k.max_version)
                    for k in wire.call(ApiVersionsRequest(), version=3).api_keys}
            finally:
                wire.close()
        return self._advertised[self.bootstrap]

    def describe_raw(self, group: str) -> Any:
        """ConsumerGroupDescribe v1 over a plain socket: what the clients' admin APIs do not show (epochs,
        the assignor, a member's SubscribedTopicRegex)."""
        from kaflite.protocol.messages import ConsumerGroupDescribeRequest

        wire = RawClient(self.bootstrap)
        try:
            r = wire.call(ConsumerGroupDescribeRequest(group_ids=[group]), version=1)
        finally:
            wire.close()
        (g,) = r.groups
        return g

    def require_consumer_protocol(self) -> None:
        """CG-API-1: 68 ConsumerGroupHeartbeat and 69 ConsumerGroupDescribe v0-1. Without them the clients
        only retry (librdkafka reports nothing): fail at once with the reason instead of at a timeout."""
        got = {k: self.advertised().get(k) for k in (68, 69)}
        if got != {68: (0, 1), 69: (0, 1)}:
            pytest.fail(f"the broker advertises ConsumerGroupHeartbeat/ConsumerGroupDescribe {got}, "
                        "expected 68 and 69 at versions 0-1 (CG-API-1)")

    def name(self, prefix: str) -> str:
        return f"{prefix}-{uuid.uuid4().hex[:8]}"

    def topic(self, prefix: str, partitions: int, name: str | None = None) -> str:
        from confluent_kafka.admin import NewTopic

        name = name or self.name(prefix)
        self.admin().create_topics([NewTopic(name, partitions, 1)])[name].result(20)
        return name

    def produce(self, topic: str, n: int, partitions: int, tag: str = "m", first: int = 0) -> set[TPO]:
        """n records round-robin over partitions first..partitions-1, acks=all; their (topic, partition, offset)."""
        from confluent_kafka import Producer

        if self.bootstrap not in self._producers:
            self._producers[self.bootstrap] = Producer(
                {"bootstrap.servers": self.bootstrap, "acks": "all", "linger.ms": 5, "log_level": 2})
        p = self._producers[self.bootstrap]
        got: list[TPO] = []
        errs: list[Any] = []

        def dr(err: Any, msg: Any) -> None:
            if err:
                errs.append(err)
            else:
                got.append((msg.topic(), msg.partition(), msg.offset()))

        for i in range(n):
            p.produce(topic, value=f"{tag}-{i}".encode(), partition=first + i % (partitions - first),
                      on_delivery=dr)
        left = p.flush(30)
        assert left == 0 and not errs, f"produce: {left} undelivered, errors {errs[:3]}"
        return set(got)

    def consumer(self, kind: str, group: str, topics: Sequence[str], *, name: str | None = None,
                 conf: dict[str, str] | None = None, wait: bool = False) -> AgentConsumer:
        java = self.request.getfixturevalue("java_cmd") if kind == "java" else None
        if not self.expect_no_consumer_protocol:
            self.require_consumer_protocol()
        a = AgentConsumer(kind, self.bootstrap, group, topics, name=name or self.name(f"{kind}-c"),
                          log_dir=self.tmp, java_cmd=java, conf=conf, wait=wait)
        self.agents.append(a)
        return a.start()

    def wait(self, cond: Callable[[], Any], what: str, agents: Sequence[AgentConsumer] | None = None,
             timeout: float = WAIT_S, fail_fast: bool = True, extra: Callable[[], str] = lambda: "") -> Any:
        """Bounded wait; a failure shows every consumer's state, ``extra()`` and the broker log's tail."""
        return wait_for(self.agents if agents is None else agents, cond, what, timeout, fail_fast,
                        extra=lambda: extra() + "\n" + self.broker_tail())

    def broker_tail(self) -> str:
        return "--- broker log (tail) ---\n" + self.broker.log_text()[self._log_start:][-3000:]

    def stop_all(self) -> None:
        for a in self.agents:
            a.stop()

    def drop_clients(self) -> None:
        """Let go of the admin clients and producers (else librdkafka keeps reconnecting to a gone broker)."""
        self._admins.clear()
        self._producers.clear()
        gc.collect()

    @contextlib.contextmanager
    def own_broker(self, config: Mapping[str, object]) -> Iterator[ProcessBroker]:
        """A broker of this test's own (restarts, special configs); its consumers stop before it does."""
        shared = self.broker
        with ProcessBroker(self.tmp / "own", config=config) as b:
            start = self._log_start
            self.broker, self._log_start = b, 0
            try:
                yield b
            finally:
                self.stop_all()
                self.drop_clients()
                self.check_broker_log()
                self.broker, self._log_start = shared, start

    def check_broker_log(self) -> None:
        new = self.broker.log_text()[self._log_start:]
        if "Traceback" in new:
            at = new.index("Traceback")
            pytest.fail(f"the broker logged a traceback:\n{new[max(0, at - 1500):at + 3000]}")


@pytest.fixture
def env(cg_broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    e = Env(cg_broker, tmp_path, request)
    try:
        yield e
    finally:
        e.stop_all()
        e.drop_clients()
    e.check_broker_log()


# -- CS1-CS5: joining, sharing, leaving, failing ------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_cs1_one_consumer_gets_all_partitions(env: Env, kind: str) -> None:
    """CS1, CG-EP-2/CG-EP-4: a new group's only member gets epoch 1 and every partition at once."""
    topic = env.topic("cs1", 3)
    sent = env.produce(topic, 30, 3)
    c = env.consumer(kind, env.name("cs1"), [topic])
    env.wait(lambda: c.owned() == tps(topic, 3), "all 3 partitions assigned")
    env.wait(lambda: sent <= offsets([c]), "the 30 records consumed")
    first = next(a for _, a in c.history if a)
    assert first == tps(topic, 3), f"first assignment {sorted(first)}: not all at once\n{c.describe()}"
    assert len(c.consumed()) == 30, "records delivered twice"
    if kind == "java":  # the Java client exposes the member epoch (groupMetadata().generationId())
        assert c.member_id and c.epoch == 1, c.describe()
    g = env.describe_raw(c.group)
    assert (g.error_code, g.group_state, g.group_epoch, g.assignment_epoch, g.assignor_name) == \
        (0, "Stable", 1, 1, "uniform"), g
    (m,) = g.members
    assert m.member_epoch == 1 and m.client_id == c.name and m.subscribed_topic_names == [topic], m
    assert [(tp.topic_name, sorted(tp.partitions)) for tp in m.assignment.topic_partitions] == [(topic, [0, 1, 2])], m
    assert m.member_type == 1, m  # v1: a consumer-protocol member
    # CG-GRP-3: Java 3.9 (v0) gets a Uuid minted by the broker, base64url as Kafka's Uuid.toString(); librdkafka
    # (v1) makes its own, in standard base64 ('/' and '+' seen). ClientHost in Java's "/127.0.0.1" form.
    alphabet = r"[A-Za-z0-9_-]" if kind == "java" else r"[A-Za-z0-9_+/-]"
    assert re.fullmatch(alphabet + "{22}", m.member_id) and m.client_host == "/127.0.0.1", m


@pytest.mark.parametrize("kind", KINDS)
def test_cs2_subscribe_before_the_topic_exists(env: Env, kind: str) -> None:
    """CS2, CG-EP-2: joined with nothing (epoch 1); the topic's creation bumps the group: epoch 2, [0,1,2]."""
    topic = env.name("cs2")
    c = env.consumer(kind, env.name("cs2"), [topic])

    def member_epoch() -> int | None:
        g = env.describe_raw(c.group)
        return g.members[0].member_epoch if g.error_code == 0 and len(g.members) == 1 else None

    env.wait(lambda: member_epoch() == 1, "joined at epoch 1 (ConsumerGroupDescribe)")
    assert c.owned() == frozenset(), c.describe()
    env.topic("cs2", 3, name=topic)
    env.wait(lambda: c.owned() == tps(topic, 3), "the new topic's 3 partitions assigned")
    sent = env.produce(topic, 9, 3)
    env.wait(lambda: sent <= offsets([c]), "the 9 records consumed")
    assert member_epoch() == 2, env.describe_raw(c.group)
    if kind == "java":
        assert c.epoch == 2, c.describe()


@pytest.mark.parametrize("kind", KINDS)
def test_cs3_second_and_third_consumer_join(env: Env, kind: str) -> None:
    """CS3, CG-RC-*, CG-AS-2: members 2 and 3 join; each partition owned once, sizes differ <= 1, no loss."""
    topic, parts = env.topic("cs3", 5), 5
    group = env.name("cs3")
    sent = env.produce(topic, 25, parts, tag="a")
    c1 = env.consumer(kind, group, [topic])
    env.wait(lambda: c1.owned() == tps(topic, parts), "c1 owns all")
    c2 = env.consumer(kind, group, [topic])
    env.wait(lambda: balanced([c1, c2], tps(topic, parts)), "c1+c2 balanced")
    c3 = env.consumer(kind, group, [topic])
    cs = [c1, c2, c3]
    env.wait(lambda: balanced(cs, tps(topic, parts)), "c1+c2+c3 balanced")
    sent |= env.produce(topic, 25, parts, tag="b")
    env.wait(lambda: sent <= offsets(cs), "all 50 records consumed")
    # It stays so: a reconciled group does not keep moving partitions (CG-AS-5: no move when balanced).
    settled = [a.owned() for a in cs]
    time.sleep(3 * HEARTBEAT_MS / 1000)
    assert [a.owned() for a in cs] == settled, "\n".join(a.describe() for a in cs)
    # CG-STATE-1: Stable = every member STABLE at the assignment epoch, which is the group epoch. Waited
    # for, not read once: a member's last acknowledgement is a heartbeat sent after its client's callback,
    # and on a loaded machine it was seen to trail the clients' own view by more than 3 intervals.
    def stable() -> Any:
        g = env.describe_raw(group)
        return g if g.group_state == "Stable" else None

    g = env.wait(stable, "the group Stable", extra=lambda: group_summary(env.describe_raw(group)))
    assert g.assignment_epoch == g.group_epoch, group_summary(g)
    assert sorted(m.member_epoch for m in g.members) == [g.group_epoch] * 3, group_summary(g)


def test_cs3_java_and_librdkafka_members_share_a_group(env: Env) -> None:
    """CS3 across clients, CG-API-1/CG-GRP-3: a Java 3.9 member (CGHB v0, broker-made member id) and a
    librdkafka member (v1, its own member id) in one group: balanced, every record consumed."""
    topic, parts = env.topic("cs3x", 4), 4
    group = env.name("cs3x")
    cs = [env.consumer("java", group, [topic]), env.consumer("confluent", group, [topic])]
    env.wait(lambda: balanced(cs, tps(topic, parts)), "java + confluent balanced")
    sent = env.produce(topic, 20, parts)
    env.wait(lambda: sent <= offsets(cs), "all 20 records consumed")
    g = env.describe_raw(group)
    assert g.group_state == "Stable" and sorted(m.client_id for m in g.members) == sorted(c.name for c in cs), g


@pytest.mark.parametrize("kind", KINDS)
def test_cs4_closed_consumer_partitions_move(env: Env, kind: str) -> None:
    """CS4, CG-LV-1: a consumer closes (epoch -1): the others take its partitions without waiting."""
    topic, parts = env.topic("cs4", 5), 5
    group = env.name("cs4")
    cs = [env.consumer(kind, group, [topic]) for _ in range(3)]
    env.wait(lambda: balanced(cs, tps(topic, parts)), "3 consumers balanced")
    sent = env.produce(topic, 20, parts, tag="a")
    env.wait(lambda: sent <= offsets(cs), "first 20 records consumed")
    gone = cs.pop()
    t0 = time.monotonic()
    gone.close()
    env.wait(lambda: balanced(cs, tps(topic, parts)), "its partitions taken over")
    took = time.monotonic() - t0
    # A leave needs no session timeout (generous bound: the Java client's close alone takes about 1 s).
    assert took < SESSION_MS / 1000 + 5, f"took {took:.1f}s"
    sent |= env.produce(topic, 20, parts, tag="b")
    env.wait(lambda: sent <= offsets([*cs, gone]), "all 40 records consumed")


@pytest.mark.parametrize("kind", KINDS)
def test_cs5_killed_consumer_fenced_at_session_timeout(env: Env, kind: str) -> None:
    """CS5, CG-TM-1: kill -9 (no leave): its partitions move once the session timeout fences it."""
    topic, parts = env.topic("cs5", 4), 4
    group = env.name("cs5")
    c1, c2 = env.consumer(kind, group, [topic]), env.consumer(kind, group, [topic])
    env.wait(lambda: balanced([c1, c2], tps(topic, parts)), "2 consumers balanced")
    t0 = time.monotonic()
    c2.kill()
    env.wait(lambda: c1.owned() == tps(topic, parts), "the survivor owns all", agents=[c1])
    moved = next(t for t, a in c1.history if t >= t0 and a == tps(topic, parts)) - t0
    assert len(env.describe_raw(group).members) == 1  # CG-LV-1: fenced = removed
    # Fenced at its last heartbeat + session (>= kill + session - heartbeat), not at the disconnect.
    assert (SESSION_MS - 2 * HEARTBEAT_MS) / 1000 <= moved <= SESSION_MS / 1000 + 8, f"moved after {moved:.2f}s"
    sent = env.produce(topic, 12, parts)
    env.wait(lambda: sent <= offsets([c1]), "the survivor consumes every partition", agents=[c1])


# -- CS6: static membership --------------------------------------------------------------------------------

UNRELEASED = r"UNRELEASED_INSTANCE_ID|UnreleasedInstanceId|instance ID is still used"


@pytest.mark.parametrize("kind", KINDS)
def test_cs6_static_member_restart_and_unreleased_instance_id(env: Env, kind: str) -> None:
    """CS6, CG-ST-1/2/4: a static member closes (epoch -2) and its successor (same group.instance.id) gets
    the same partitions while the other member keeps its own; a second live process with that instance id
    is refused with UNRELEASED_INSTANCE_ID."""
    # Own broker: a session long enough for a process restart on a loaded machine (a JVM is ~1 s).
    with env.own_broker({**CG_CONFIG, "group.consumer.session.timeout.ms": 4 * SESSION_MS}):
        topic, parts = env.topic("cs6", 4), 4
        group = env.name("cs6")
        a = env.consumer(kind, group, [topic], name="static-a", conf={"group.instance.id": "inst-a"})
        b = env.consumer(kind, group, [topic], name="static-b", conf={"group.instance.id": "inst-b"})
        env.wait(lambda: balanced([a, b], tps(topic, parts)), "2 static members balanced")
        a_parts, b_parts = a.owned(), b.owned()
        group_epoch = env.describe_raw(group).group_epoch
        if kind == "java":  # a reports its member epoch after its partitions: wait for it to reach the group's
            env.wait(lambda: a.epoch == group_epoch, f"static-a at epoch {group_epoch}", agents=[a])
        a_epoch = a.epoch
        b_seen = len(b.history)
        # The successor's process is up (and its client built) before the first one closes.
        log = {"debug": "cgrp", "judge.log.match": UNRELEASED} if kind == "confluent" else {}
        a2 = env.consumer(kind, group, [topic], name="static-a2", conf={"group.instance.id": "inst-a"},
                          wait=True)
        a.close()
        a2.go()
        env.wait(lambda: a2.owned() == a_parts, "the successor owns the same partitions", agents=[a2, b])
        assert all(owned == b_parts for _, owned in b.history[b_seen:]), f"b was disturbed\n{b.describe()}"
        if kind == "java":  # CG-ST-2: the successor takes over the epoch too
            env.wait(lambda: a2.epoch == a_epoch, f"the successor at epoch {a_epoch}", agents=[a2])
        g = env.describe_raw(group)  # CG-ST-2: no bump for a same-subscription replacement
        assert g.group_epoch == group_epoch and sorted(m.instance_id for m in g.members) == ["inst-a", "inst-b"], g

        a3 = env.consumer(kind, group, [topic], name="static-a3", conf={"group.instance.id": "inst-a", **log})
        pat = re.compile(UNRELEASED)
        env.wait(lambda: any(pat.search(e) for e in a3.errors + a3.logs), "UNRELEASED_INSTANCE_ID for a3",
                 agents=[a3], fail_fast=False)
        assert a3.owned() == frozenset(), a3.describe()
        if kind == "java":  # CG-ST-1's text, through the client
            owner = next(m.member_id for m in env.describe_raw(group).members if m.instance_id == "inst-a")
            assert any(f"with instance id inst-a cannot join the group because the instance id is owned by {owner} "
                       "member." in e for e in a3.errors), a3.errors
        assert a2.owned() == a_parts and a2.fatal() is None, a2.describe()
        assert b.owned() == b_parts, b.describe()


# -- CS8: commits across a broker restart -------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_cs8_commit_restart_resume(env: Env, kind: str) -> None:
    """CS8, CG-OFF-1/2, CG-TM-4: commit; restart the broker under a live member (state replayed, it goes
    on without loss); commit; close; restart again; a new member resumes exactly at the committed offsets."""
    with env.own_broker(CG_CONFIG) as broker:
        topic, parts = env.topic("cs8", 3), 3
        group = env.name("cs8")
        sent1 = env.produce(topic, 30, parts, tag="one")
        c1 = env.consumer(kind, group, [topic])
        env.wait(lambda: sent1 <= offsets([c1]), "batch 1 consumed")
        committed = c1.commit()
        assert sum(committed.values()) == 30, committed

        before = env.describe_raw(group)
        broker.restart()
        # CG-RP-1/CG-TM-4: the group comes back from __consumer_offsets as it was, member and epochs
        # (once loaded: COORDINATOR_LOAD_IN_PROGRESS(14) / COORDINATOR_NOT_AVAILABLE(15) meanwhile).
        after = env.wait(lambda: (lambda g: g if g.error_code not in (14, 15) else None)(env.describe_raw(group)),
                         "the group loaded after the restart")

        def shape(g: Any) -> Any:
            return (g.error_code, g.group_epoch, g.assignment_epoch,
                    [(m.member_id, m.member_epoch, sorted((tp.topic_name, sorted(tp.partitions))
                                                          for tp in m.assignment.topic_partitions))
                     for m in g.members])

        assert shape(after) == shape(before), f"before the restart {before}\nafter {after}"
        sent2 = env.produce(topic, 30, parts, tag="two")
        env.wait(lambda: sent2 <= offsets([c1]), "batch 2 consumed after the restart")
        # No duplicates below what was committed (a rejoin would resume there, not earlier).
        seen = [(t, p, o) for t, p, o, _v in c1.consumed()]
        dup = {r for r in seen if seen.count(r) > 1}
        assert not {r for r in dup if r[2] < committed[(r[0], r[1])]}, f"re-delivered committed records {dup}"
        committed = c1.commit()
        assert sum(committed.values()) == 60, committed
        c1.close()

        sent3 = env.produce(topic, 9, parts, tag="three")
        broker.restart()
        c2 = env.consumer(kind, group, [topic])
        # Per partition a consumer reads in offset order: anything below the committed offsets would have
        # come before batch 3, so once batch 3 is in, what was consumed is final.
        env.wait(lambda: sent3 <= offsets([c2]), "batch 3 consumed by a new member")
        got = sorted((t, p, o) for t, p, o, _v in c2.consumed())
        assert got == sorted(sent3), f"expected exactly batch 3 from the committed offsets, got {got[:10]}..."


# -- CS9: regex subscription ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_cs9_regex_subscription_picks_up_new_topic(env: Env, kind: str) -> None:
    """CS9, CG-RX-1/2: subscribe(["^t….*"]) with group.protocol=consumer sends SubscribedTopicRegex; a matching
    topic created later is assigned (Kafka refreshes at most every 10 s: within the 30 s wait)."""
    if kind == "java":
        pytest.skip("kafka-clients 3.9 has no SubscriptionPattern: subscribe(Pattern) matches client-side")
    prefix = "t" + uuid.uuid4().hex[:8]
    first = env.topic("", 2, name=f"{prefix}-a")
    c = env.consumer(kind, env.name("cs9"), [f"^{prefix}.*"])
    env.wait(lambda: c.owned() == tps(first, 2), "the matching topic assigned")
    second = env.topic("", 2, name=f"{prefix}-b")
    env.wait(lambda: c.owned() == tps(first, 2) | tps(second, 2), "the new matching topic assigned too")
    sent = env.produce(second, 6, 2)
    env.wait(lambda: sent <= offsets([c]), "the new topic's records consumed")
    # The broker resolved it (not the client): the member subscribes by regex, to no names.
    (m,) = env.describe_raw(c.group).members
    assert m.subscribed_topic_regex and prefix in m.subscribed_topic_regex and not m.subscribed_topic_names, m


# -- CS10: range ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_cs10_remote_assignor_range(env: Env, kind: str) -> None:
    """CS10, CG-AS-4, CG-EP-3: group.remote.assignor=range → per topic contiguous ranges, co-partitioned:
    two topics of 3 partitions over 2 members = {a0,a1,b0,b1} and {a2,b2} (uniform would not pair them)."""
    ta, tb = env.topic("cs10a", 3), env.topic("cs10b", 3)
    group = env.name("cs10")
    cs = [env.consumer(kind, group, [ta, tb], conf={"group.remote.assignor": "range"}) for _ in range(2)]

    def ranges() -> list[list[int]] | None:
        owned = [c.owned() for c in cs]
        if set().union(*owned) != tps(ta, 3) | tps(tb, 3) or sum(map(len, owned)) != 6:
            return None
        out = []
        for o in owned:
            pa, pb = sorted(p for t, p in o if t == ta), sorted(p for t, p in o if t == tb)
            if pa != pb or not pa or pa != list(range(pa[0], pa[-1] + 1)):
                return None
            out.append(pa)
        return sorted(out)

    env.wait(lambda: ranges() == [[0, 1], [2]], "range blocks [0,1] and [2] in both topics")
    assert env.describe_raw(group).assignor_name == "range"


# -- CS12: admin ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_cs12_admin_describe_list_delete(env: Env, kind: str) -> None:
    """CS12, CG-DESC-2, CG-API-3, CG-LOG-2: confluent-kafka's AdminClient on a consumer group of `kind`
    members: describe (type CONSUMER, members, assignments), list with type and state filters, delete while
    non-empty (NON_EMPTY_GROUP), then once empty."""
    from confluent_kafka import ConsumerGroupState, ConsumerGroupType, KafkaError, KafkaException

    topic, parts = env.topic("cs12", 4), 4
    group = env.name("cs12")
    cs = [env.consumer(kind, group, [topic], name=f"cs12-{kind}-{i}") for i in range(2)]
    env.wait(lambda: balanced(cs, tps(topic, parts)), "2 consumers balanced")
    admin = env.admin()

    def describe() -> Any:
        return admin.describe_consumer_groups([group], request_timeout=10)[group].result(15)

    def settled() -> Any:
        d = describe()
        return d if d.state == ConsumerGroupState.STABLE and len(d.members) == 2 else None

    d = env.wait(settled, "describe: Stable with 2 members")
    assert d.type == ConsumerGroupType.CONSUMER, d.type
    assert not d.is_simple_consumer_group
    assert sorted(m.client_id for m in d.members) == sorted(c.name for c in cs)
    by_client = {m.client_id: {(tp.topic, tp.partition) for tp in m.assignment.topic_partitions}
                 for m in d.members}
    assert by_client == {c.name: set(c.owned()) for c in cs}, by_client
    for m in d.members:
        assert m.member_id and m.host, m
        if m.target_assignment is not None:  # Stable: the target is what it owns
            assert {(tp.topic, tp.partition) for tp in m.target_assignment.topic_partitions} == by_client[m.client_id]

    def listed(types: set[Any]) -> set[str]:
        res = admin.list_consumer_groups(types=types, request_timeout=10).result(15)
        assert not res.errors, res.errors
        return {g.group_id for g in res.valid}

    assert group in listed({ConsumerGroupType.CONSUMER})
    assert group not in listed({ConsumerGroupType.CLASSIC})
    entry = next(g for g in admin.list_consumer_groups(request_timeout=10).result(15).valid if g.group_id == group)
    states = admin.list_consumer_groups(states={ConsumerGroupState.STABLE}, request_timeout=10).result(15)
    assert group in {g.group_id for g in states.valid}
    states = admin.list_consumer_groups(states={ConsumerGroupState.EMPTY}, request_timeout=10).result(15)
    assert group not in {g.group_id for g in states.valid}
    assert entry.type == ConsumerGroupType.CONSUMER and entry.state == ConsumerGroupState.STABLE, entry

    with pytest.raises(KafkaException) as ei:
        admin.delete_consumer_groups([group], request_timeout=10)[group].result(15)
    assert ei.value.args[0].code() == KafkaError.NON_EMPTY_GROUP, ei.value

    for c in cs:
        c.close()
    env.wait(lambda: describe().state == ConsumerGroupState.EMPTY, "describe: Empty after both closed")
    admin.delete_consumer_groups([group], request_timeout=10)[group].result(15)
    assert group not in listed({ConsumerGroupType.CONSUMER})


# -- CS13: the broker without the consumer protocol -----------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_cs13_consumer_protocol_disabled(env: Env, kind: str) -> None:
    """CS13, CG-API-1: group.coordinator.rebalance.protocols=classic → 68/69 not advertised: the Java client
    fails fast (UnsupportedVersionException from poll); librdkafka 2.16 does not raise it as an error: it
    logs "ConsumerGroupHeartbeatRequest not supported by broker" (cgrp debug) and keeps retrying."""
    with env.own_broker({"group.coordinator.rebalance.protocols": "classic"}):
        env.expect_no_consumer_protocol = True
        assert 68 not in env.advertised() and 69 not in env.advertised(), env.advertised()
        topic = env.topic("cs13", 2)
        if kind == "java":
            c = env.consumer(kind, env.name("cs13"), [topic])
            env.wait(lambda: any("UnsupportedVersionException" in e for e in c.errors),
                     "UnsupportedVersionException", fail_fast=False, timeout=15)
        else:
            pat = "not supported by broker|UNSUPPORTED"
            c = env.consumer(kind, env.name("cs13"), [topic], conf={"debug": "cgrp", "judge.log.match": pat})
            env.wait(lambda: any(re.search(pat, x) for x in c.logs + c.errors),
                     "librdkafka: ConsumerGroupHeartbeat not supported", fail_fast=False, timeout=15)
        assert c.owned() == frozenset(), c.describe()
        # The broker still serves classic groups.
        classic = GroupConsumer("confluent-kafka", env.bootstrap, env.name("cs13-classic"), [topic]).start()
        try:
            classic.wait_assigned(1, timeout=WAIT_S)
        finally:
            classic.close()


# -- CS14: partitions added ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_cs14_new_partitions_get_assigned(env: Env, kind: str) -> None:
    """CS14, CG-EP-2: CreatePartitions 2 → 6 changes the subscribed topics' metadata hash: the group is
    bumped and the new partitions assigned, balanced."""
    from confluent_kafka.admin import NewPartitions

    topic = env.topic("cs14", 2)
    group = env.name("cs14")
    cs = [env.consumer(kind, group, [topic]) for _ in range(2)]
    env.wait(lambda: balanced(cs, tps(topic, 2)), "2 partitions, one each")
    env.admin().create_partitions([NewPartitions(topic, 6)])[topic].result(20)
    env.wait(lambda: balanced(cs, tps(topic, 6)), "6 partitions, balanced")
    sent = env.produce(topic, 12, 6)
    env.wait(lambda: sent <= offsets(cs), "records of every partition consumed")


# -- CS11: classic and consumer members in one group ---------------------------------------------------------

def _classic_state(classic: GroupConsumer) -> Callable[[], str]:
    return lambda: f"\nclassic member owns {classic.current}, its client's errors: {classic.client_errors[-5:]}"


def _shared(modern: AgentConsumer, classic: GroupConsumer, expected: set[TP]) -> Callable[[], bool]:
    """Both kinds of member own partitions, none twice, all covered."""
    def check() -> bool:
        mine, theirs = set(modern.owned()), set(classic.current)
        classic.check()
        refused = [e for e in classic.client_errors if "INCONSISTENT_GROUP_PROTOCOL" in e]
        assert not refused, f"the classic member's JoinGroup was refused: {refused[0]}"
        return bool(mine) and bool(theirs) and not mine & theirs and mine | theirs == expected
    return check


def _group_type(env: Env, group: str) -> Any:
    return env.admin().describe_consumer_groups([group], request_timeout=10)[group].result(15).type


@pytest.mark.parametrize("kind", KINDS)
def test_cs11_classic_member_joins_consumer_group(env: Env, kind: str) -> None:
    """CS11, CG-MIX-1/2/3, CG-MIG-2: a classic confluent-kafka consumer (cooperative-sticky, JoinGroup/
    SyncGroup) joins a consumer group: the partitions are shared; the consumer-protocol member leaves: the
    group goes back to classic (downgrade) and the classic member gets all."""
    from confluent_kafka import ConsumerGroupType

    topic, parts = env.topic("cs11", 4), 4
    group = env.name("cs11")
    modern = env.consumer(kind, group, [topic])
    env.wait(lambda: modern.owned() == tps(topic, parts), "the consumer-protocol member owns all")
    classic = GroupConsumer("confluent-kafka", env.bootstrap, group, [topic], assignor="cooperative-sticky",
                            session_timeout_ms=6000, heartbeat_interval_ms=300).start()
    state = _classic_state(classic)
    try:
        env.wait(_shared(modern, classic, tps(topic, parts)), "partitions shared by the two kinds of member",
                 timeout=20, extra=state)
        g = env.describe_raw(group)
        assert g.group_state == "Stable" and sorted(m.member_type for m in g.members) == [0, 1], g  # CG-DESC-2
        sent = env.produce(topic, 12, parts, tag="mixed")
        env.wait(lambda: sent <= offsets([modern]) | {(t, p, o) for t, p, o, _k, _v in classic.messages},
                 "records consumed by both", extra=state)

        modern.close()  # CG-MIG-2: only a classic member left -> a classic group again
        env.wait(lambda: set(classic.current) == tps(topic, parts), "the classic member owns all", timeout=20,
                 extra=state)
        env.wait(lambda: _group_type(env, group) == ConsumerGroupType.CLASSIC, "downgraded to a classic group")
    finally:
        classic.close()


@pytest.mark.parametrize("kind", KINDS)
def test_cs11_consumer_member_upgrades_classic_group(env: Env, kind: str) -> None:
    """CS11 reversed, CG-MIG-1: a consumer-protocol member joins a non-empty classic group: it becomes a
    consumer group (upgrade) and the partitions are shared; the classic member leaves: the other gets all.
    The classic member uses `range`: from its second generation on, librdkafka's cooperative-sticky leader
    echoes each member's subscription userData (owned partitions, generation) into its assignment, which
    CG-MIG-1 refuses as a custom assignor ("Cannot upgrade classic group ... an unsupported custom assignor
    is in use"), as Kafka does (userData non-null with bytes remaining)."""
    from confluent_kafka import ConsumerGroupType

    topic, parts = env.topic("cs11u", 4), 4
    group = env.name("cs11u")
    classic = GroupConsumer("confluent-kafka", env.bootstrap, group, [topic], assignor="range",
                            session_timeout_ms=6000, heartbeat_interval_ms=300).start()
    state = _classic_state(classic)
    try:
        env.wait(lambda: set(classic.current) == tps(topic, parts), "the classic member owns all", extra=state)
        assert _group_type(env, group) == ConsumerGroupType.CLASSIC
        modern = env.consumer(kind, group, [topic])
        env.wait(_shared(modern, classic, tps(topic, parts)), "shared after the upgrade", timeout=20, extra=state)
        assert _group_type(env, group) == ConsumerGroupType.CONSUMER
        classic.close()
        env.wait(lambda: modern.owned() == tps(topic, parts), "the consumer-protocol member owns all")
        assert [m.member_type for m in env.describe_raw(group).members] == [1]
    finally:
        classic.close()
