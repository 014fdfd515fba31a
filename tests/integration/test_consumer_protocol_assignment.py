"""KIP-848 consumer groups judged by real clients, what a group's members are assigned: scenarios CS9 (regex
subscription), CS10 (the range assignor) and CS14 (partitions added) of
/work/shared/design/consumer-group-protocol.md (ids CG-*), with ``group.protocol=consumer``, through the Java
client and confluent-kafka, each consumer its own process (consumer_agent.py); see test_consumer_protocol.py.

Every wait is bounded (``wait_for``, <= 30 s, and it stops at once when a client reports an error it
cannot get over, such as UNSUPPORTED_VERSION); every consumer process ends by itself after two minutes
and is killed at teardown; all traffic goes to 127.0.0.1. The shared set-up is consumer_protocol_env.py.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing.process import ProcessBroker
from tests.integration.consumer_protocol_env import (
    KINDS,
    Env,
    balanced,
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
