"""Issue 34 item 5, the test kit: ``Broker(brokers=3)`` in process and in a child process, ``stop_broker``,
``start_broker``, ``move_leader``, ``move_coordinator``, the waits, and the fixtures' ``brokers`` -- the same calls
and the same errors in either mode (each goes through the admin operations the ``/cluster`` routes serve)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from confluent_kafka.admin import AdminClient

from kaflite.testing import AdminError, Broker, ProcessBroker
from kaflite.testing.broker import BrokerAPI
from tests.testing.test_plugin import run

pytest_plugins = ["pytester"]
pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module", params=["thread", "process"])
def cluster(request: pytest.FixtureRequest) -> Iterator[BrokerAPI]:
    kit: BrokerAPI = (Broker(brokers=3, config={"offsets.topic.num.partitions": 4}) if request.param == "thread"
                      else ProcessBroker(brokers=3, config={"offsets.topic.num.partitions": 4}))
    with kit as b:
        yield b


def reachable(address: str) -> bool:
    host, _, port = address.rpartition(":")
    with socket.socket() as s:
        s.settimeout(5)
        return s.connect_ex((host, int(port))) == 0


def test_bootstrap_lists_every_broker(cluster: BrokerAPI) -> None:
    c = cluster.cluster()
    assert [b.node_id for b in c.brokers] == [1, 2, 3] and c.live == (1, 2, 3) and c.controller == 1
    assert cluster.bootstrap_servers == ",".join(b.address for b in c.brokers)
    assert cluster.addresses == [b.address for b in c.brokers]
    metadata = AdminClient({"bootstrap.servers": cluster.bootstrap_servers}).list_topics(timeout=20)
    assert sorted(metadata.brokers) == [1, 2, 3]  # Metadata names the same three brokers


def test_stop_and_start_a_broker(cluster: BrokerAPI) -> None:
    topic = cluster.create_topic("kit-stop-start", 3)
    led_by_2 = [p for p in cluster.leaders(topic).values() if p.leader == 2]
    down = cluster.stop_broker(2)
    assert (down.node_id, down.up) == (2, False) and not reachable(down.address)
    assert cluster.cluster().live == (1, 3)
    assert all(p.leader != 2 and 2 in p.offline for p in cluster.leaders(topic).values())
    for p in led_by_2:  # moved at the next epoch
        assert cluster.leader(topic, p.partition).leader_epoch == p.leader_epoch + 1
    up = cluster.start_broker(2)
    assert up == type(up)(2, down.host, down.port, "up") and reachable(up.address)
    assert all(p.leader != 2 for p in cluster.leaders(topic).values())  # leads nothing until moved back


def test_move_leader_and_wait(cluster: BrokerAPI) -> None:
    topic = cluster.create_topic("kit-move-leader", 1)
    before = cluster.leader(topic, 0)
    target = before.leader % 3 + 1
    moved = cluster.move_leader(topic, 0, target)
    assert (moved.leader, moved.leader_epoch) == (target, before.leader_epoch + 1)
    assert cluster.wait_for_leader(topic, 0, target, timeout=10).leader == target
    with pytest.raises(TimeoutError):
        cluster.wait_for_leader(topic, 0, before.leader, timeout=0.2)


def test_move_coordinator_and_wait_until_loaded(cluster: BrokerAPI) -> None:
    group = "kit-move-coordinator"
    before = cluster.coordinator(group)
    target = before.node_id % 3 + 1 if before.node_id > 0 else 2
    moved = cluster.move_coordinator(group, target)
    assert (moved.key, moved.key_type, moved.topic, moved.node_id) == (group, "group", "__consumer_offsets", target)
    loaded = cluster.wait_for_coordinator(group, target, timeout=30)
    assert loaded.loaded_on == target and cluster.coordinator(group).loaded_on == target
    tx = cluster.move_coordinator("kit-tx", 1, key_type="transaction")
    assert (tx.topic, cluster.wait_for_coordinator("kit-tx", 1, key_type="transaction").loaded_on) == (
        "__transaction_state", 1)


def test_errors_are_the_endpoints_in_either_mode(cluster: BrokerAPI) -> None:
    """404 unknown broker/topic/partition/key type, 409 a stopped target: AdminError with the status and body."""
    cases = [lambda: cluster.stop_broker(9), lambda: cluster.move_leader("no-such-topic", 0, 1),
             lambda: cluster.move_coordinator("g", 1, key_type="nope"), lambda: cluster.move_coordinator("g", 9)]
    for case in cases:
        with pytest.raises(AdminError) as e:
            case()
        assert e.value.status == 404 and set(e.value.body) == {"error"}
    cluster.stop_broker(3)
    try:
        with pytest.raises(AdminError) as e:
            cluster.move_coordinator("g", 3)
        assert e.value.status == 409
    finally:
        cluster.start_broker(3)


def test_restart_keeps_every_brokers_port(tmp_path: object) -> None:
    """The kit fixes the brokers' ports at the first start: a restart binds each again (clients' bootstrap holds)."""
    with Broker(brokers=2) as b:
        before = b.cluster()
        b.restart()
        assert [x.address for x in b.cluster().brokers] == [x.address for x in before.brokers]
        assert b.cluster().cluster_id == before.cluster_id


def test_fixture_takes_the_number_of_brokers(pytester: pytest.Pytester) -> None:
    """``@pytest.mark.kaflite(brokers=3)``: kafka_bootstrap lists three brokers; a broker a test stopped runs
    again for the next test on the shared broker."""
    run(pytester, """
import pytest

@pytest.mark.kaflite(brokers=3)
def test_a(kaflite_broker, kafka_bootstrap):
    assert len(kafka_bootstrap.split(",")) == 3
    kaflite_broker.stop_broker(2)

@pytest.mark.kaflite(brokers=3)
def test_b(kaflite_broker):
    assert kaflite_broker.cluster().live == (1, 2, 3)

def test_one_broker_by_default(kafka_bootstrap):
    assert "," not in kafka_bootstrap
""", passed=3)


def test_a_held_load_is_seen_by_a_client_as_load_in_progress(cluster: BrokerAPI) -> None:
    """hold_coordinator_loads: the new coordinator answers COORDINATOR_LOAD_IN_PROGRESS (confluent-kafka's
    AdminClient describing the group gets it) until clear_faults(), then the group is there again."""
    from confluent_kafka import ConsumerGroupTopicPartitions, KafkaError, KafkaException

    group = "kit-held-load"
    admin = AdminClient({"bootstrap.servers": cluster.bootstrap_servers})
    cluster.move_coordinator(group, 1)  # its internal topic exists, led by broker 1
    cluster.wait_for_coordinator(group, 1)
    target = 2
    cluster.hold_coordinator_loads()
    try:
        cluster.move_coordinator(group, target)
        assert cluster.coordinator(group).loaded_on is None
        with pytest.raises(TimeoutError):
            cluster.wait_for_coordinator(group, target, timeout=0.3)
        with pytest.raises(KafkaException) as e:  # the admin client hands the coordinator's answer back
            admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)],
                                              request_timeout=2)[group].result(timeout=20)
        assert e.value.args[0].code() == KafkaError.COORDINATOR_LOAD_IN_PROGRESS, e.value
    finally:
        cluster.clear_faults()
    assert cluster.wait_for_coordinator(group, target).loaded_on == target
