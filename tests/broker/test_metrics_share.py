"""``GET /metrics`` on share groups (KIP-932): confluent-kafka's ``ShareConsumer`` forms a group and holds records;
a scrape counts the group by state and type (Kafka's ``share-group-count`` and ``group-count{protocol=share}``),
its members, and each share partition's in-flight window (Kafka's ``InFlightMessageCount``), records by state
and lag, with the numbers the workload fixes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

confluent_kafka = pytest.importorskip("confluent_kafka")
from confluent_kafka import Producer, ShareConsumer  # noqa: E402
from confluent_kafka.admin import (  # noqa: E402
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    ResourceType,
)

from kaflite.testing.broker import Broker  # noqa: E402
from tests.broker.test_metrics import scrape, value  # noqa: E402

WAIT_S = 30.0


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker(config={"admin.port": 0, "group.share.heartbeat.interval.ms": 100,
                        "group.share.min.heartbeat.interval.ms": 100, "group.share.session.timeout.ms": 3000,
                        "group.share.min.session.timeout.ms": 500,
                        "share.coordinator.state.topic.num.partitions": 1}) as b:
        yield b


def test_share_groups_and_their_records_in_flight_are_counted(broker: Broker) -> None:
    """A member holding 7 records, then acknowledging 5: the group by type and state, its member, the window."""
    broker.create_topic("metrics-jobs", 1)
    p = Producer({"bootstrap.servers": broker.bootstrap_servers, "linger.ms": 0})
    for i in range(7):
        p.produce("metrics-jobs", value=f"job-{i}".encode())
    assert p.flush(WAIT_S) == 0
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    res = ConfigResource(ResourceType.GROUP, "metrics-workers", incremental_configs=[
        ConfigEntry("share.auto.offset.reset", "earliest", incremental_operation=AlterConfigOpType.SET)])
    admin.incremental_alter_configs([res], request_timeout=WAIT_S)[res].result(WAIT_S)
    c = ShareConsumer({"bootstrap.servers": broker.bootstrap_servers, "group.id": "metrics-workers",
                       "share.acknowledgement.mode": "explicit"})
    try:
        c.subscribe(["metrics-jobs"])
        got: list[object] = []
        deadline = time.monotonic() + WAIT_S
        while len(got) < 7 and time.monotonic() < deadline:
            got += list(c.poll(0.2))
        assert len(got) == 7
        broker.wait_for_group("metrics-workers", "Stable", members=1, timeout=WAIT_S)
        _, held, _ = scrape(broker)
        labels = {"group": "metrics-workers", "topic": "metrics-jobs", "partition": "0"}
        assert value(held, "kafka_server_group_coordinator_metrics_group_count", protocol="share") == 1
        assert value(held, "kafka_server_group_coordinator_metrics_share_group_count", state="Stable") == 1
        assert value(held, "kafka_server_group_coordinator_metrics_share_group_count", state="Empty") == 0
        assert value(held, "kafka_server_group_coordinator_metrics_consumer_group_count", state="Stable") == 0
        assert value(held, "kaflite_group_members", protocol="share") == 1
        assert value(held, "kafka_server_sharepartitionmetrics_inflightmessagecount", **labels) == 7
        assert value(held, "kaflite_share_partition_records", **labels, state="acquired") == 7
        assert value(held, "kaflite_share_partition_lag", **labels) == 7
        for m in got[:5]:
            c.acknowledge(m)
        c.commit_sync(WAIT_S)
        _, after, _ = scrape(broker)
        assert value(after, "kaflite_share_partition_records", **labels, state="acquired") == 2
        assert value(after, "kaflite_share_partition_lag", **labels) == 2
    finally:
        c.close()
    broker.wait_for_group("metrics-workers", "Empty", timeout=WAIT_S)
    _, gone, _ = scrape(broker)
    assert value(gone, "kafka_server_group_coordinator_metrics_share_group_count", state="Empty") == 1
    assert value(gone, "kaflite_group_members", protocol="share") == 0
