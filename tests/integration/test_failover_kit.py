"""Issue 34 item 5 (and its tests): failover tests as a user writes them -- the kit's pytest fixtures with
``brokers=3``, confluent-kafka's consumer group and idempotent producer, and the kit's ``stop_broker``,
``start_broker``, ``move_coordinator``, ``move_leader`` and waits, nothing reaching into the server.

Several tests share one three-broker kaflite, as a session does (``@pytest.mark.kaflite(brokers=3)``), run as
``kaflite serve --brokers 3`` in its own process (mode "process": the kit drives it through the admin endpoint's
/cluster routes, as a test in another language would; the other failover tests use in-process brokers): each leaves
every broker up (the fixture starts a stopped one again anyway). What each proves: nothing acknowledged is lost,
nothing is read twice, and the group keeps its generation and members through the moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from confluent_kafka import Consumer, KafkaException, Producer

from kaflite.testing.broker import BrokerAPI

pytestmark = [pytest.mark.timeout(240),
              pytest.mark.kaflite(brokers=3, mode="process", config={"offsets.topic.num.partitions": 6})]
DEADLINE_S = 60.0


def producer(b: BrokerAPI) -> Producer:
    return Producer({"bootstrap.servers": b.bootstrap_servers, "enable.idempotence": True, "acks": "all",
                     "linger.ms": 5, "message.timeout.ms": 60_000})


def produce(p: Producer, topic: str, values: range) -> None:
    """Every value, acknowledged (flush bounded); each delivery report must be a success."""
    failed: list[Any] = []
    for v in values:
        p.produce(topic, key=str(v % 7).encode(), value=str(v).encode(),
                  on_delivery=lambda err, _msg: failed.append(err) if err is not None else None)
        p.poll(0)
    assert p.flush(DEADLINE_S) == 0 and failed == []


def consumer(b: BrokerAPI, group: str, topic: str) -> Consumer:
    c = Consumer({"bootstrap.servers": b.bootstrap_servers, "group.id": group, "auto.offset.reset": "earliest",
                  "enable.auto.commit": False, "session.timeout.ms": 30_000, "heartbeat.interval.ms": 500})
    c.subscribe([topic])
    return c


def consume(c: Consumer, want: int) -> list[tuple[int, int, int]]:
    """``want`` records as (partition, offset, value), each batch committed synchronously (a commit the
    coordinator answers with a retriable error during a move is tried again); bounded in time."""
    got: list[tuple[int, int, int]] = []
    deadline = time.monotonic() + DEADLINE_S
    while len(got) < want:
        assert time.monotonic() < deadline, f"read {len(got)} of {want}"
        batch = [m for m in c.consume(50, timeout=0.5) if m.error() is None]
        got += [(m.partition(), m.offset(), int(m.value())) for m in batch]
        if batch:
            retried(lambda: c.commit(asynchronous=False))
    return got


def retried(action: Callable[[], object]) -> None:
    """A coordinator call through a move: librdkafka hands a retriable error back once its own retries are used up."""
    deadline = time.monotonic() + DEADLINE_S
    while True:
        try:
            action()
            return
        except KafkaException as exc:
            if not exc.args[0].retriable() or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def other(node: int) -> int:
    return node % 3 + 1


@pytest.fixture
def topic(kafka_topic: Callable[..., str]) -> str:
    return kafka_topic(3)


@pytest.fixture
def group_consumer(kaflite_broker: BrokerAPI, kafka_group: str, topic: str) -> Iterator[Consumer]:
    c = consumer(kaflite_broker, kafka_group, topic)
    yield c
    c.close()


def assert_exactly(got: list[tuple[int, int, int]], values: range) -> None:
    assert len({(p, o) for p, o, _ in got}) == len(got), "a record was read twice"
    assert sorted(v for _, _, v in got) == list(values), "lost or extra records"


def test_group_keeps_its_generation_through_a_coordinator_move(kaflite_broker: BrokerAPI, kafka_group: str,
                                                               topic: str, group_consumer: Consumer) -> None:
    p = producer(kaflite_broker)
    produce(p, topic, range(60))
    got = consume(group_consumer, 30)
    before = kaflite_broker.wait_for_group(kafka_group, members=1)
    coordinator = kaflite_broker.coordinator(kafka_group)
    moved = kaflite_broker.move_coordinator(kafka_group, other(coordinator.node_id))
    assert kaflite_broker.wait_for_coordinator(kafka_group, moved.node_id).loaded_on == moved.node_id
    got += consume(group_consumer, 60 - len(got))
    produce(p, topic, range(60, 90))
    got += consume(group_consumer, 90 - len(got))
    assert_exactly(got, range(90))
    after = kaflite_broker.wait_for_group(kafka_group, members=1)
    assert (after.generation, [m.member_id for m in after.members]) == (
        before.generation, [m.member_id for m in before.members])
    assert sum(o.offset for (t, _), o in after.offsets.items() if t == topic) == 90  # every commit landed


def test_a_stopped_and_started_broker_loses_nothing(kaflite_broker: BrokerAPI, kafka_group: str, topic: str,
                                                    group_consumer: Consumer) -> None:
    """The broker leading partition 0 stops mid-run (its leaderships move, the group's coordinator too if it was
    there) and starts again; leaders are moved back to it: every acknowledged record is read once, the group keeps
    its generation."""
    p = producer(kaflite_broker)
    produce(p, topic, range(40))
    got = consume(group_consumer, 20)
    before = kaflite_broker.wait_for_group(kafka_group, members=1)
    victim = kaflite_broker.leader(topic, 0).leader
    kaflite_broker.stop_broker(victim)
    assert all(x.leader != victim for x in kaflite_broker.leaders(topic).values())
    produce(p, topic, range(40, 80))
    got += consume(group_consumer, 80 - len(got))
    kaflite_broker.start_broker(victim)
    moved = kaflite_broker.move_leader(topic, 0, victim)
    assert moved.leader == victim
    kaflite_broker.move_coordinator(kafka_group, victim)  # the group's coordinator on the restarted broker
    assert kaflite_broker.wait_for_coordinator(kafka_group, victim).loaded_on == victim
    produce(p, topic, range(80, 120))
    got += consume(group_consumer, 120 - len(got))
    assert_exactly(got, range(120))
    after = kaflite_broker.wait_for_group(kafka_group, members=1)
    assert after.generation == before.generation
    assert [m.member_id for m in after.members] == [m.member_id for m in before.members]


def test_the_next_test_finds_every_broker_up(kaflite_broker: BrokerAPI) -> None:
    """The shared broker after tests that stopped brokers and moved coordinators: all three answer."""
    assert kaflite_broker.cluster().live == (1, 2, 3)
    assert len(kaflite_broker.bootstrap_servers.split(",")) == 3


def test_moves_and_acknowledged_data_survive_kill_9(tmp_path: Any) -> None:
    """Issue 34, done when: kill -9 of the whole process after a leader and a coordinator move, and a restart --
    every acknowledged record and commit is there, and the leaders are where the moves put them."""
    from kaflite.testing import ProcessBroker

    with ProcessBroker(tmp_path / "data", brokers=3, config={"log.flush.interval.messages": 1,
                                                             "offsets.topic.num.partitions": 6}) as b:
        topic, group = b.create_topic("kill-9", 2), "kill-9-group"
        p = producer(b)
        produce(p, topic, range(30))
        moved = b.move_leader(topic, 0, other(b.leader(topic, 0).leader))
        produce(p, topic, range(30, 60))
        p.flush(DEADLINE_S)
        c = consumer(b, group, topic)
        try:
            got = consume(c, 30)
            coordinator = b.move_coordinator(group, other(b.coordinator(group).node_id))
            b.wait_for_coordinator(group, coordinator.node_id)
            got += consume(c, 60 - len(got))
        finally:
            c.close()
        assert_exactly(got, range(60))
        b.crash()  # SIGKILL: no flush, no clean-shutdown marker
        b.start()  # same ports, same data
        after = b.leader(topic, 0)
        assert (after.leader, after.leader_epoch) == (moved.leader, moved.leader_epoch)
        assert b.coordinator(group).node_id == coordinator.node_id
        assert b.wait_for_coordinator(group, coordinator.node_id).loaded_on == coordinator.node_id
        g = b.group(group)
        assert g is not None and sum(o.offset for (t, _), o in g.offsets.items() if t == topic) == 60
        c = consumer(b, f"{group}-again", topic)
        try:
            assert_exactly(consume(c, 60), range(60))
        finally:
            c.close()
