"""The test kit on share groups (KIP-932), judged by confluent-kafka's ``ShareConsumer``: ``group()`` and
``wait_for_group()`` see a share group's epochs and assignment, ``share_group_offsets()`` and ``share_partitions()``
read its offsets and records in flight, ``expire_share_locks()`` runs their locks out now, and the response faults
act on the share APIs by name (ShareGroupHeartbeat 76, ShareFetch 78, ShareAcknowledge 79), in both broker modes.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

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

from kaflite.testing.broker import BrokerAPI  # noqa: E402

WAIT_S = 30.0
SHARE_CONFIG: dict[str, object] = {  # SA-CFG-4's development profile
    "group.share.heartbeat.interval.ms": 100,
    "group.share.min.heartbeat.interval.ms": 100,
    "group.share.session.timeout.ms": 3000,
    "group.share.min.session.timeout.ms": 500,
    "share.coordinator.state.topic.num.partitions": 1,
}
pytestmark = pytest.mark.kaflite(config=SHARE_CONFIG)


def setup(broker: BrokerAPI, topic: str, group: str, records: int, partitions: int = 1) -> None:
    broker.create_topic(topic, partitions)
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    resource = ConfigResource(ResourceType.GROUP, group, incremental_configs=[
        ConfigEntry("share.auto.offset.reset", "earliest", incremental_operation=AlterConfigOpType.SET)])
    admin.incremental_alter_configs([resource], request_timeout=WAIT_S)[resource].result(WAIT_S)
    p = Producer({"bootstrap.servers": broker.bootstrap_servers, "linger.ms": 0})
    for i in range(records):
        p.produce(topic, value=f"v{i}".encode(), partition=i % partitions)
    assert p.flush(WAIT_S) == 0


@contextlib.contextmanager
def members(broker: BrokerAPI, group: str, topic: str, n: int = 1, mode: str = "implicit") -> Iterator[list[Any]]:
    cs = [ShareConsumer({"bootstrap.servers": broker.bootstrap_servers, "group.id": group, "client.id": f"kit-{i}",
                         "share.acknowledgement.mode": mode}) for i in range(n)]
    try:
        for c in cs:
            c.subscribe([topic])
        yield cs
    finally:
        for c in cs:
            with contextlib.suppress(Exception):
                c.close()


def poll(c: Any, want: int, timeout: float = WAIT_S) -> list[Any]:
    got: list[Any] = []
    deadline = time.monotonic() + timeout
    while len(got) < want and time.monotonic() < deadline:
        got += list(c.poll(0.2))
    return got


def test_group_and_wait_for_group_show_a_share_groups_epochs_and_assignment(
        kaflite_broker: BrokerAPI, kafka_topic: Any, kafka_group: str) -> None:
    """SA-DESC-1 / SG-AS-1 through the kit: wait_for_group(..., "Stable", members=2) returns the share group with
    its group and assignment epochs and each member's epoch and (disjoint) assignment."""
    topic = kafka_topic(2)
    with members(kaflite_broker, kafka_group, topic, n=2) as cs:
        for c in cs:
            c.poll(0.2)
        g = kaflite_broker.wait_for_group(kafka_group, "Stable", members=2, timeout=WAIT_S)
        deadline = time.monotonic() + WAIT_S
        while sorted(tp for m in g.members for tp in m.assignment) != [(topic, 0), (topic, 1)] \
                and time.monotonic() < deadline:
            for c in cs:
                c.poll(0.1)
            g = kaflite_broker.group(kafka_group) or g
        assert g.group_type == "share" and g.state == "Stable"
        assert g.epoch is not None and g.assignment_epoch == g.epoch
        assert sorted(tp for m in g.members for tp in m.assignment) == [(topic, 0), (topic, 1)]
        assert all(len(m.assignment) == 1 and m.member_epoch == g.epoch for m in g.members)
        assert {m.client_id for m in g.members} == {"kit-0", "kit-1"}
    assert kaflite_broker.wait_for_group(kafka_group, "Empty", timeout=WAIT_S).state == "Empty"


def test_share_partitions_offsets_and_expire_share_locks(kaflite_broker: BrokerAPI, kafka_group: str) -> None:
    """SP-LOCK-1 through the kit: a member holding 4 records shows them acquired; expire_share_locks releases
    them now (no waiting share.record.lock.duration.ms) and another member gets them with delivery count 2;
    what it acknowledged shows in share_group_offsets (SA-OFF-1)."""
    topic = kafka_group + "-t"
    setup(kaflite_broker, topic, kafka_group, 4)
    with members(kaflite_broker, kafka_group, topic, mode="explicit") as (holder,):
        assert sorted(m.offset() for m in poll(holder, 4)) == [0, 1, 2, 3]
        g = kaflite_broker.group(kafka_group)
        assert g is not None
        (member_id,) = g.member_ids
        sp = kaflite_broker.share_partitions(kafka_group)[(topic, 0)]
        assert sp.records["acquired"] == 4 and sp.acquired_by == {member_id: 4}
        assert sp.delivery_counts == {1: 4} and sp.start_offset == 0
        with members(kaflite_broker, kafka_group, topic) as (taker,):
            kaflite_broker.wait_for_group(kafka_group, "Stable", members=2, timeout=WAIT_S)
            assert kaflite_broker.expire_share_locks(kafka_group, member_id) == 4
            sp = kaflite_broker.share_partitions(kafka_group)[(topic, 0)]
            assert sp.acquired_by.get(member_id) is None
            again = poll(taker, 4)
            assert sorted((m.offset(), m.delivery_count()) for m in again) == [(o, 2) for o in range(4)]
            taker.commit_sync(WAIT_S)
            offsets = kaflite_broker.share_group_offsets(kafka_group)
            assert offsets[(topic, 0)].lag == 0 and offsets[(topic, 0)].start_offset is not None


@pytest.mark.parametrize("api", ["ShareFetch", "ShareGroupHeartbeat"])
def test_response_faults_act_on_the_share_apis(kaflite_broker: BrokerAPI, kafka_group: str, api: str) -> None:
    """The kit's faults by API name on the share APIs: a failed share fetch, late heartbeats and late fetches
    are survived by the client (it fetches again) and no record is lost."""
    topic = kafka_group + "-t"
    setup(kaflite_broker, topic, kafka_group, 5)
    if api == "ShareFetch":
        kaflite_broker.fail_requests(api, group=kafka_group, count=1)
    kaflite_broker.delay_responses(api, group=kafka_group, delay_ms=300, count=2)
    with members(kaflite_broker, kafka_group, topic) as (c,):
        got = poll(c, 5)
        assert sorted(m.offset() for m in got) == list(range(5))
        c.commit_sync(WAIT_S)
    assert kaflite_broker.share_group_offsets(kafka_group)[(topic, 0)].lag == 0


def test_a_failed_share_acknowledge_keeps_the_records(kaflite_broker: BrokerAPI, kafka_group: str) -> None:
    """fail_requests("ShareAcknowledge"): the commit reports the error, the records stay acquired (nothing is
    lost, nothing acknowledged), and once their locks run out they are delivered again."""
    topic = kafka_group + "-t"
    setup(kaflite_broker, topic, kafka_group, 3)
    with members(kaflite_broker, kafka_group, topic, mode="explicit") as (c,):
        for m in poll(c, 3):
            c.acknowledge(m)
        kaflite_broker.fail_requests("ShareAcknowledge", group=kafka_group, count=1)
        result = c.commit_sync(WAIT_S)
        assert result and any(err is not None for err in result.values()), result
        assert kaflite_broker.share_partitions(kafka_group)[(topic, 0)].records["acquired"] == 3
        assert kaflite_broker.expire_share_locks(kafka_group) == 3
        again = poll(c, 3)
        assert sorted((m.offset(), m.delivery_count()) for m in again) == [(o, 2) for o in range(3)]


def test_ctl_reads_share_groups_and_expires_their_locks(capsys: pytest.CaptureFixture[str]) -> None:
    """`kaflite ctl share-offsets|share-partitions|expire-share-locks`: the same over the admin endpoint."""
    from kaflite.testing.broker import Broker
    from tests.testing.test_admin import admin, ctl

    with Broker(config={**SHARE_CONFIG, "admin.port": 0}) as b:
        setup(b, "ctl-jobs", "ctl-workers", 3)
        with members(b, "ctl-workers", "ctl-jobs", mode="explicit") as (c,):
            assert len(poll(c, 3)) == 3
            code, doc = ctl(capsys, admin(b), "share-partitions", "ctl-workers")
            assert code == 0 and doc["partitions"][0]["records"]["acquired"] == 3
            code, doc = ctl(capsys, admin(b), "expire-share-locks", "ctl-workers")
            assert code == 0 and doc == {"released": 3}
            code, doc = ctl(capsys, admin(b), "share-offsets", "ctl-workers")
            assert code == 0 and [(o["topic"], o["partition"]) for o in doc["offsets"]] == [("ctl-jobs", 0)]
