"""KIP-848 consumer groups judged by real clients, among other protocols and tools: scenarios CS11 (classic and
consumer members in one group, upgrade and downgrade), CS12 (confluent-kafka's AdminClient) and CS13 (a broker
without the consumer protocol) of /work/shared/design/consumer-group-protocol.md (ids CG-*), through the Java
client and confluent-kafka, each consumer its own process (consumer_agent.py); see test_consumer_protocol.py.

Every wait is bounded (``wait_for``, <= 30 s, and it stops at once when a client reports an error it
cannot get over, such as UNSUPPORTED_VERSION); every consumer process ends by itself after two minutes
and is killed at teardown; all traffic goes to 127.0.0.1. The shared set-up is consumer_protocol_env.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.process import ProcessBroker
from tests.integration.consumer_agent import AgentConsumer
from tests.integration.consumer_protocol_env import (
    KINDS,
    TP,
    WAIT_S,
    Env,
    balanced,
    java_command,
    offsets,
    scenario,
    shared_broker,
    tps,
)
from tests.integration.group_clients import GroupConsumer


@pytest.fixture(scope="module")
def java_cmd(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return java_command(tmp_path_factory)


@pytest.fixture(scope="module")
def cg_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    yield from shared_broker(tmp_path_factory)


@pytest.fixture
def env(cg_broker: ProcessBroker, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    yield from scenario(cg_broker, tmp_path, request)


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
