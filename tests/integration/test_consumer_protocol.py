"""KIP-848 consumer groups judged by real clients, members coming and going: scenarios CS1-CS6 and CS8 of
/work/shared/design/consumer-group-protocol.md (ids CG-*), with ``group.protocol=consumer``: joining, sharing,
leaving, failing, static members, commits across broker restarts. CS9-CS14 are test_consumer_protocol_assignment.py
(what gets assigned) and test_consumer_protocol_interop.py (classic members, admin clients, the protocol off).

The clients: the Java client (kafka-clients 3.9.1: ConsumerGroupHeartbeat v0, the broker mints the member
id) and confluent-kafka / librdkafka >= 2.12 (CGHB v1, client-made member id). Each consumer is its own
process (consumer_agent.py: java/ConsumerProtocolJudge.java or a confluent-kafka program), so a test can
kill one with -9 and restart one. The broker gets small consumer-group timeouts (CG-CFG-2) so that
fencing at session expiry takes about a second and a half.

Every wait is bounded (``wait_for``, <= 30 s, and it stops at once when a client reports an error it
cannot get over, such as UNSUPPORTED_VERSION); every consumer process ends by itself after two minutes
and is killed at teardown; all traffic goes to 127.0.0.1. The shared set-up is consumer_protocol_env.py.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.process import ProcessBroker
from tests.integration.consumer_protocol_env import (
    CG_CONFIG,
    HEARTBEAT_MS,
    KINDS,
    SESSION_MS,
    Env,
    balanced,
    group_summary,
    java_command,
    offsets,
    scenario,
    shared_broker,
    tps,
)


@pytest.fixture(scope="module")
def java_cmd(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return java_command(tmp_path_factory)


@pytest.fixture(scope="module")
def cg_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    yield from shared_broker(tmp_path_factory)


@pytest.fixture
def env(cg_broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    yield from scenario(cg_broker, tmp_path, request)


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

