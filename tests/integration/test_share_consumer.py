"""SGS1 with a real client: confluent-kafka's ShareConsumer joins a share group (ShareGroupHeartbeat, this
branch), is assigned the topic once its share-partitions are initialized, and consumes every record through
ShareFetch; DescribeShareGroupOffsets then reports the share-partition start offset past them (SA-OFF-1)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

confluent_kafka = pytest.importorskip("confluent_kafka")
from confluent_kafka import Producer, ShareConsumer  # noqa: E402
from confluent_kafka.admin import AdminClient, AlterConfigOpType, ConfigEntry, ConfigResource  # noqa: E402

from kaflite.protocol.errors import ErrorCode  # noqa: E402
from kaflite.protocol.messages import DescribeShareGroupOffsetsRequest  # noqa: E402
from kaflite.testing.broker import Broker  # noqa: E402
from tests.integration.group_clients import RawClient  # noqa: E402

TOPIC = "sgs1"
WAIT_S = 30.0


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        b.create_topic(TOPIC, 1)
        yield b


def set_group_configs(bootstrap: str, group: str, configs: dict[str, str]) -> None:
    """SA-CFG-2: before any member joins (stored whether or not the group exists)."""
    admin = AdminClient({"bootstrap.servers": bootstrap})
    resource = ConfigResource("GROUP", group, incremental_configs=[
        ConfigEntry(k, v, incremental_operation=AlterConfigOpType.SET) for k, v in configs.items()])
    admin.incremental_alter_configs([resource], request_timeout=WAIT_S)[resource].result(WAIT_S)


def test_sgs1_share_consumer_reads_every_record_once(broker: Broker) -> None:
    group = "sgs1-group"
    set_group_configs(broker.bootstrap_servers, group, {
        "share.auto.offset.reset": "earliest", "share.heartbeat.interval.ms": "100",
        "share.session.timeout.ms": "10000"})
    producer = Producer({"bootstrap.servers": broker.bootstrap_servers})
    for i in range(10):
        producer.produce(TOPIC, value=f"v{i}".encode())
    assert producer.flush(WAIT_S) == 0

    consumer = ShareConsumer({"bootstrap.servers": broker.bootstrap_servers, "group.id": group})
    got: list[bytes] = []
    try:
        consumer.subscribe([TOPIC])
        deadline = time.monotonic() + WAIT_S
        while len(got) < 10 and time.monotonic() < deadline:
            for m in consumer.poll(0.5):
                assert m.error() is None, m.error()
                got.append(m.value())
        snap = broker.wait_for_group(group, "Stable", members=1, timeout=WAIT_S)
        assert snap.group_type == "share"
        consumer.commit_sync(WAIT_S)  # implicit mode: the last poll's records are accepted by a commit
    finally:
        consumer.close()
    assert sorted(got) == sorted(f"v{i}".encode() for i in range(10))

    client = RawClient(broker.bootstrap_servers)
    try:
        G = DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup
        deadline = time.monotonic() + WAIT_S
        while True:  # the last acknowledgements are written as the consumer closes
            resp = client.call(DescribeShareGroupOffsetsRequest(groups=[G(group_id=group, topics=None)]),
                               version=1).groups[0]
            assert resp.error_code == ErrorCode.NONE
            parts = [(p.partition_index, p.start_offset, p.lag) for t in resp.topics for p in t.partitions]
            if [lag for _, _, lag in parts] == [0] or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        # Lag = HW - StartOffset - DeliveryCompleteCount = 0. The persisted StartOffset is the one before the
        # write's own advance (SP-PERSIST-1): 0 with DCC 10 until a later write moves it to 10.
        assert parts in ([(0, 10, 0)], [(0, 0, 0)])
    finally:
        client.close()


class PollingConsumer:
    """A ShareConsumer polled on its own thread (its heartbeats ride on poll) until closed."""

    def __init__(self, bootstrap: str, group: str, topic: str) -> None:
        import threading

        self.consumer = ShareConsumer({"bootstrap.servers": bootstrap, "group.id": group})
        self.consumer.subscribe([topic])
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            self.consumer.poll(0.1)
        self.consumer.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(WAIT_S)


def assigned(broker: Broker, group: str, members: int) -> list[list[int]]:
    """Wait until the group is Stable with `members` members, all at the assignment epoch with a partition each
    (clients heartbeat every 100 ms); their partitions, sorted."""
    deadline = time.monotonic() + WAIT_S
    while True:
        g = broker.wait_for_group(group, "Stable", members=members, timeout=WAIT_S)
        parts = sorted(sorted(p for _t, p in m.assignment) for m in g.members)
        epochs = {m.member_epoch for m in g.members}
        if epochs == {g.assignment_epoch} and all(parts) and g.epoch == g.assignment_epoch:
            return parts
        assert time.monotonic() < deadline, f"never settled: {g}"
        time.sleep(0.1)


def test_sgs4_six_partitions_split_3_3_then_2_2_2(broker: Broker) -> None:
    topic, group = "sgs4", "sgs4-group"
    broker.create_topic(topic, 6)
    set_group_configs(broker.bootstrap_servers, group, {"share.heartbeat.interval.ms": "100"})
    consumers = [PollingConsumer(broker.bootstrap_servers, group, topic) for _ in range(2)]
    try:
        two = assigned(broker, group, 2)
        assert [len(p) for p in two] == [3, 3] and sorted(p for ps in two for p in ps) == list(range(6))
        consumers.append(PollingConsumer(broker.bootstrap_servers, group, topic))
        three = assigned(broker, group, 3)
        assert [len(p) for p in three] == [2, 2, 2] and sorted(p for ps in three for p in ps) == list(range(6))
    finally:
        for c in consumers:
            c.close()


def test_sgs3_three_consumers_share_one_partition(broker: Broker) -> None:
    """SG-AS-1 with M > P: all three members are assigned the one partition (the describe shows it shared)."""
    topic, group = "sgs3", "sgs3-group"
    broker.create_topic(topic, 1)
    set_group_configs(broker.bootstrap_servers, group, {"share.heartbeat.interval.ms": "100"})
    consumers = [PollingConsumer(broker.bootstrap_servers, group, topic) for _ in range(3)]
    try:
        assert assigned(broker, group, 3) == [[0], [0], [0]]
    finally:
        for c in consumers:
            c.close()
