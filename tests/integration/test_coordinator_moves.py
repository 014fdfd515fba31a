"""Issue 34 item 3 with real clients: coordinators that move between the brokers of one kaflite.

A consumer group (confluent-kafka, classic and KIP-848; kafka-python) keeps consuming through a move of its group
coordinator: the client is told NOT_COORDINATOR by the old broker, finds the new one, and goes on with the same
generation (group epoch) and member id; its commits land and nothing is read twice or lost. A transactional producer
(confluent-kafka) whose transaction coordinator moves in the middle of a transaction commits it on the new
coordinator, and a read_committed consumer sees every record. A share consumer (confluent-kafka, KIP-932) goes
on through moves of its share group's coordinator and of its share partition's share coordinator. The move is the
group handler's move_coordinator (what the admin endpoint's ``POST /cluster/coordinators`` is to call). Every wait
is bounded.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from confluent_kafka import Consumer, Producer, ShareConsumer, TopicPartition
from confluent_kafka.admin import AdminClient, AlterConfigOpType, ConfigEntry, ConfigResource
from kafka import KafkaConsumer
from kafka import TopicPartition as KafkaTopicPartition

from kaflite.broker.groups import GROUP_KEY, SHARE_KEY, TRANSACTION_KEY
from kaflite.share_coordinator.records import SharePartitionKey
from kaflite.testing import Broker

PARTITIONS = 6  # of each internal topic
RECORDS = 40
DEADLINE_S = 45.0


@pytest.fixture
def cluster() -> Iterator[Broker]:
    with Broker(config={"brokers": 3, "offsets.topic.num.partitions": PARTITIONS,
                        "transaction.state.log.num.partitions": PARTITIONS}) as b:
        yield b


def move(b: Broker, key_type: int, key: str) -> tuple[int, int]:
    """Move the coordinator of ``key`` (the leader of its internal partition) to the next broker; (old, new)
    coordinator. Returns once the old broker has resigned."""
    groups = b.server.groups
    nodes = groups.coordinator_nodes(key_type)
    old = b._sync(nodes.coordinator, key)
    new = old % 3 + 1
    b.call(groups.move_coordinator(key, key_type, new))
    return old, new


def wait_loaded(b: Broker, key: str, key_type: int, node_id: int) -> None:
    """Until the coordinator of ``key`` is loaded on ``node_id`` (woken by the coordinator's operations)."""
    b.call(b.server.groups.wait_coordinator_loaded(key, key_type, node_id, DEADLINE_S), timeout=DEADLINE_S + 5)


def commit_while_polling(commit: Callable[[], None], poll: Callable[[], list[bytes]]) -> None:
    """Commit as an application does: a commit the client gave up on (its coordinator moved under it) is tried
    again after the next poll, which lets the client find the new coordinator. Bounded in tries and time."""
    deadline = time.monotonic() + DEADLINE_S
    for _ in range(60):
        try:
            commit()
            return
        except Exception:
            if time.monotonic() > deadline:
                raise
        assert poll() == []  # every record was read already
    raise AssertionError("the commit never landed at the new coordinator")


def produce(b: Broker, topic: str, n: int, start: int = 0) -> None:
    """Records with values ``start`` .. ``start + n - 1``."""
    p = Producer({"bootstrap.servers": b.bootstrap_servers})
    for i in range(start, start + n):
        p.produce(topic, value=str(i).encode())
    assert p.flush(30) == 0


def poll_values(poll: Callable[[], list[bytes]], want: int) -> list[int]:
    got: list[int] = []
    deadline = time.monotonic() + DEADLINE_S
    while len(got) < want and time.monotonic() < deadline:
        got.extend(int(v) for v in poll())
    return got


def confluent_poll(c: Consumer) -> Callable[[], list[bytes]]:
    def poll() -> list[bytes]:
        msgs = c.consume(num_messages=10, timeout=0.5)
        for m in msgs:
            assert m.error() is None, m.error()
        return [m.value() for m in msgs]
    return poll


def kafka_python_poll(c: KafkaConsumer) -> Callable[[], list[bytes]]:
    def poll() -> list[bytes]:
        return [r.value for rs in c.poll(timeout_ms=500, max_records=10).values() for r in rs]
    return poll


@pytest.mark.parametrize("kind", ["confluent-kafka", "confluent-kafka-kip848", "kafka-python"])
def test_issue34_item3_a_consumer_group_keeps_its_generation_and_offsets_across_a_coordinator_move(
        cluster: Broker, kind: str) -> None:
    b = cluster
    topic, group = f"moves-{kind}", f"g-{uuid.uuid4().hex[:8]}"
    b.create_topic(topic, 1)
    produce(b, topic, RECORDS)
    consumer: Any
    if kind.startswith("confluent-kafka"):
        # fetch.wait.max.ms: librdkafka asks for the new coordinator on whichever connection it picks, often the
        # one whose Fetch is parked (answered in order, as by Kafka); a commit it retries meanwhile fails on the
        # coordinator connection it is re-pointing, and with a 500 ms parked fetch that can repeat for as long
        # as the session lasts. A short wait keeps the rediscovery short, as a busy topic would.
        protocol = {"group.protocol": "consumer"} if kind.endswith("kip848") else \
            {"session.timeout.ms": 10_000, "heartbeat.interval.ms": 200}
        consumer = Consumer({"bootstrap.servers": b.bootstrap_servers, "group.id": group,
                             "auto.offset.reset": "earliest", "enable.auto.commit": False, "fetch.wait.max.ms": 50,
                             **protocol})
        consumer.subscribe([topic])
        poll = confluent_poll(consumer)

        def commit() -> None:
            consumer.commit(asynchronous=False)

        def committed() -> int:
            return int(consumer.committed([TopicPartition(topic, 0)], timeout=10)[0].offset)
    else:
        consumer = KafkaConsumer(topic, bootstrap_servers=b.bootstrap_servers, group_id=group,
                                 auto_offset_reset="earliest", enable_auto_commit=False,
                                 session_timeout_ms=10_000, heartbeat_interval_ms=200)
        poll = kafka_python_poll(consumer)

        def commit() -> None:
            consumer.commit()

        def committed() -> int:
            return int(consumer.committed(KafkaTopicPartition(topic, 0)) or 0)
    try:
        first = poll_values(poll, RECORDS // 2)
        commit()
        before = b.wait_for_group(group, "Stable", members=1)
        old, new = move(b, GROUP_KEY, group)
        assert b._sync(b.server.groups.nodes.coordinator, group) == new != old
        rest = poll_values(poll, RECORDS - len(first))
        # The commit after the move lands at the new coordinator (the client retries NOT_COORDINATOR and
        # COORDINATOR_LOAD_IN_PROGRESS on its own).
        commit_while_polling(commit, poll)
        assert sorted(first + rest) == list(range(RECORDS))  # nothing lost, nothing twice
        assert committed() == RECORDS
        wait_loaded(b, group, GROUP_KEY, new)
        after = b.wait_for_group(group, "Stable", members=1)
        assert after.generation == before.generation  # no rebalance: the member went on at the new broker
        assert [m.member_id for m in after.members] == [m.member_id for m in before.members]
    finally:
        consumer.close()


def test_issue34_item3_a_transaction_completes_on_the_new_transaction_coordinator(cluster: Broker) -> None:
    b = cluster
    topic, tid = "txn-moves", f"tx-{uuid.uuid4().hex[:8]}"
    b.create_topic(topic, 1)
    p = Producer({"bootstrap.servers": b.bootstrap_servers, "transactional.id": tid})
    p.init_transactions(30)
    p.begin_transaction()
    for i in range(RECORDS // 2):
        p.produce(topic, value=str(i).encode())
    assert p.flush(30) == 0
    old, new = move(b, TRANSACTION_KEY, tid)
    for i in range(RECORDS // 2, RECORDS):
        p.produce(topic, value=str(i).encode())
    p.commit_transaction(30)
    assert b._sync(b.server.transactions.nodes.coordinator, tid) == new != old
    txn = b.transaction(tid)
    assert txn is not None and txn.state == "CompleteCommit"
    c = Consumer({"bootstrap.servers": b.bootstrap_servers, "group.id": f"read-{tid}",
                  "auto.offset.reset": "earliest", "isolation.level": "read_committed"})
    try:
        c.subscribe([topic])
        assert sorted(poll_values(confluent_poll(c), RECORDS)) == list(range(RECORDS))
    finally:
        c.close()


def test_issue34_item3_a_share_consumer_across_share_and_group_coordinator_moves(cluster: Broker) -> None:
    """KIP-932: the share group's coordinator (its `__consumer_offsets` partition) and its share partition's
    share coordinator (the `__share_group_state` partition of ``group:topicId:0``) both move; the share consumer
    goes on, and every record is delivered once (the acknowledged ones are not delivered again)."""
    b = cluster
    topic, group = "share-moves", f"sg-{uuid.uuid4().hex[:8]}"
    b.create_topic(topic, 1)
    admin = AdminClient({"bootstrap.servers": b.bootstrap_servers})
    resource = ConfigResource("GROUP", group, incremental_configs=[
        ConfigEntry(k, v, incremental_operation=AlterConfigOpType.SET) for k, v in {
            "share.auto.offset.reset": "earliest", "share.heartbeat.interval.ms": "100",
            "share.session.timeout.ms": "10000"}.items()])
    admin.incremental_alter_configs([resource], request_timeout=DEADLINE_S)[resource].result(DEADLINE_S)
    produce(b, topic, RECORDS // 2)
    consumer = ShareConsumer({"bootstrap.servers": b.bootstrap_servers, "group.id": group})

    def poll() -> list[bytes]:
        msgs = consumer.poll(0.5)
        for m in msgs:
            assert m.error() is None, m.error()
        return [m.value() for m in msgs]

    try:
        consumer.subscribe([topic])
        first = poll_values(poll, RECORDS // 2)
        consumer.commit_sync(DEADLINE_S)  # the records polled are accepted
        topic_id = b._sync(lambda: b.server.logs.topic(topic).topic_id)
        share_key = SharePartitionKey(group, topic_id, 0).coordinator_key()
        move(b, GROUP_KEY, group)
        move(b, SHARE_KEY, share_key)
        produce(b, topic, RECORDS - RECORDS // 2, start=RECORDS // 2)
        rest = poll_values(poll, RECORDS - len(first))
        consumer.commit_sync(DEADLINE_S)  # acknowledged through the share coordinator on its new broker
        assert b.share_partitions(group)[(topic, 0)].start_offset == RECORDS
    finally:
        consumer.close()
    assert sorted(first + rest) == list(range(RECORDS))  # none lost, none delivered twice


def test_issue34_a_commit_at_the_moved_coordinator_survives_a_crash() -> None:
    """Done-when of issue 34: nothing acknowledged is lost across a move -- a commit answered by the new
    coordinator is there after the whole process is killed (the kit's crash: no flush, no clean shutdown) and
    started again, and the group's coordinator is still the broker it moved to (the move is in the metadata log)."""
    with Broker(config={"brokers": 3, "offsets.topic.num.partitions": PARTITIONS}) as b:
        topic, group = "crash-moves", f"g-{uuid.uuid4().hex[:8]}"
        b.create_topic(topic, 1)
        produce(b, topic, RECORDS)
        consumer = Consumer({"bootstrap.servers": b.bootstrap_servers, "group.id": group,
                             "auto.offset.reset": "earliest", "enable.auto.commit": False, "fetch.wait.max.ms": 50})
        try:
            consumer.subscribe([topic])
            poll = confluent_poll(consumer)
            assert len(poll_values(poll, RECORDS)) == RECORDS
            _, new = move(b, GROUP_KEY, group)
            commit_while_polling(lambda: consumer.commit(asynchronous=False), poll)
        finally:
            consumer.close()
        b.crash()
        b.start()
        assert b._sync(b.server.groups.nodes.coordinator, group) == new
        wait_loaded(b, group, GROUP_KEY, new)
        reader = Consumer({"bootstrap.servers": b.bootstrap_servers, "group.id": group})
        try:
            assert reader.committed([TopicPartition(topic, 0)], timeout=20)[0].offset == RECORDS
        finally:
            reader.close()
