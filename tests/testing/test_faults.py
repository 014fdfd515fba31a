"""Every fault of ``kaflite.testing``, each with a real client reacting as it does against Kafka.

These tests use the plugin's own fixtures (a session-shared broker in this process), so they
also show that faults are cleared between tests. Waits on the group are driven by the
coordinator's transitions; waits on a client's side are bounded polls of what it recorded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from kafka import KafkaProducer
from kafka.errors import KafkaTimeoutError

from kaflite.testing.broker import BrokerAPI
from kaflite.testing.views import assert_rebalances
from tests.testing.clients import Consumer, produce

pytest_plugins = ["pytester"]

Topic = Callable[..., str]

# Sessions long enough for a loaded CI machine and a 1 s coordinator outage (the broker allows
# 100 ms); request timeouts short enough that a lost response is noticed quickly.
FAST = {
    "kafka-python": {"session_timeout_ms": 10000, "request_timeout_ms": 5000, "max_poll_interval_ms": 10000},
    "aiokafka": {"session_timeout_ms": 10000, "request_timeout_ms": 5000, "max_poll_interval_ms": 10000},
    "confluent-kafka": {"session.timeout.ms": 10000, "max.poll.interval.ms": 10000, "socket.timeout.ms": 5000,
                        # librdkafka sends FindCoordinator on the broker connection behind its long-poll
                        # Fetch, which (as on Kafka) answers in order: each rediscovery round costs
                        # fetch.wait.max.ms, and after a coordinator error librdkafka can need many.
                        "fetch.wait.max.ms": 100},
}


JOINED = ["Empty", "PreparingRebalance", "CompletingRebalance", "Stable"]


# aiokafka times a JoinGroup out after request_timeout_ms: with a longer rebalance timeout
# (max_poll_interval_ms) it rejoins while the coordinator still waits for it.
PATIENT_GROUP = {"session_timeout_ms": 10000, "request_timeout_ms": 2000, "max_poll_interval_ms": 10000}


def test_s5_leader_loses_its_join_group_response(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                 kafka_group: str, kafka_bootstrap: str) -> None:
    """S5: the leader's JoinGroup response is lost (skip=1 lets the member-id round trip through).
    The group waits in CompletingRebalance; the client times the request out, rejoins with its
    member id, is handed the same generation at once and syncs: no second rebalance."""
    topic = kafka_topic(2)
    kaflite_broker.drop_responses("JoinGroup", group=kafka_group, skip=1, count=1)
    with Consumer("aiokafka", kafka_bootstrap, kafka_group, [topic], **PATIENT_GROUP) as c:
        assert c.wait_assigned() == ((topic, 0), (topic, 1))
        g = kaflite_broker.wait_for_group(kafka_group, members=1)
    assert_rebalances(g, JOINED)
    assert g.generation == 1
    waited_ms = g.history[-1].timestamp_ms - g.history[-2].timestamp_ms
    assert waited_ms >= 1500, "the group sat in CompletingRebalance until the leader's request timed out"


def test_lost_join_response_past_the_rebalance_timeout_member_is_replaced(
        kaflite_broker: BrokerAPI, kafka_topic: Topic, kafka_group: str, kafka_bootstrap: str) -> None:
    """kafka-python waits rebalance timeout + 5 s for a JoinGroup, as the Java client does; the
    coordinator drops a leader that has not synced within the rebalance timeout (1 s here), so
    the group empties and the client joins again as a new member, Stable in the end."""
    topic = kafka_topic(2)
    kaflite_broker.drop_responses("JoinGroup", group=kafka_group, skip=1, count=1)
    with Consumer("kafka-python", kafka_bootstrap, kafka_group, [topic], session_timeout_ms=10000,
                  request_timeout_ms=2000, max_poll_interval_ms=1000) as c:
        assert c.wait_assigned() == ((topic, 0), (topic, 1))
        g = kaflite_broker.wait_for_group(kafka_group, members=1)
    assert_rebalances(g, ["Empty", "PreparingRebalance", "CompletingRebalance", "PreparingRebalance", "Empty",
                          "PreparingRebalance", "CompletingRebalance", "Stable"])
    assert "pending sync request expiration" in g.history[3].reason


def test_s4_follower_loses_its_join_group_response(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                   kafka_group: str, kafka_bootstrap: str) -> None:
    """S4: the follower's JoinGroup response is lost; the leader syncs and the group is Stable; the
    follower rejoins while Stable and is handed the current generation: no new rebalance."""
    topic = kafka_topic(2)
    with Consumer("aiokafka", kafka_bootstrap, kafka_group, [topic], **PATIENT_GROUP) as a:
        a.wait_assigned()
        first = kaflite_broker.wait_for_group(kafka_group, members=1)
        kaflite_broker.drop_responses("JoinGroup", group=kafka_group, skip=1, count=1)
        with Consumer("aiokafka", kafka_bootstrap, kafka_group, [topic], **PATIENT_GROUP) as b:
            b.wait_assigned(lambda tps: len(tps) == 1)
            a.wait_assigned(lambda tps: len(tps) == 1)
            g = kaflite_broker.wait_for_group(kafka_group, members=2)
    assert sorted(tp for m in g.members for tp in m.assignment) == [(topic, 0), (topic, 1)]
    assert g.generation == first.generation + 1, "the follower's rejoin caused no rebalance"
    assert_rebalances(g, ["PreparingRebalance", "CompletingRebalance", "Stable"], tail=True)


@pytest.mark.parametrize(("kind", "error"), [("kafka-python", "NOT_COORDINATOR"), ("aiokafka", "NOT_COORDINATOR"),
                                             ("confluent-kafka", "NOT_COORDINATOR"),
                                             ("kafka-python", "COORDINATOR_LOAD_IN_PROGRESS")])
def test_coordinator_error_client_rediscovers_and_continues(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                            kafka_group: str, kafka_bootstrap: str,
                                                            kind: str, error: str) -> None:
    """While the coordinator answers NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS, heartbeats and
    commits fail and the client looks the coordinator up again; afterwards it carries on: it
    consumes what was produced meanwhile and its commit lands."""
    topic = kafka_topic(1)
    produce(kafka_bootstrap, topic, [b"before"])
    with Consumer(kind, kafka_bootstrap, kafka_group, [topic], **FAST[kind]) as c:
        c.wait_messages(1)
        kaflite_broker.wait_for_group(kafka_group, members=1)
        kaflite_broker.fail_coordinator(error, seconds=1.0)
        produce(kafka_bootstrap, topic, [b"during"])  # the data plane is unaffected
        assert [m[3] for m in c.wait_messages(2)] == [b"before", b"during"]
        c.commit(timeout=20)  # retried by the client until the window has passed
        g = kaflite_broker.wait_for_group(kafka_group, members=1)
        assert g.committed(topic, 0) == 2


@pytest.mark.parametrize("kind", ["kafka-python", "confluent-kafka"])
def test_expire_member_others_get_its_partitions_now(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                     kafka_group: str, kafka_bootstrap: str, kind: str) -> None:
    """S7 without the wait: a hung member's 30 s session expires on demand, and the survivor is
    given every partition in the next generation, long before the session timeout."""
    topic = kafka_topic(2)
    survivor_cfg = {**FAST[kind], **({"session_timeout_ms": 30000, "max_poll_interval_ms": 30000}
                                     if kind == "kafka-python" else
                                     {"session.timeout.ms": 30000, "max.poll.interval.ms": 30000})}
    with Consumer("aiokafka", kafka_bootstrap, kafka_group, [topic], session_timeout_ms=30000,
                  request_timeout_ms=40000, max_poll_interval_ms=30000) as hung:
        hung.wait_assigned()
        with Consumer(kind, kafka_bootstrap, kafka_group, [topic], **survivor_cfg) as b:
            b.wait_assigned(lambda tps: len(tps) == 1)
            g = kaflite_broker.wait_for_group(kafka_group, members=2)
            victim = next(m.member_id for m in g.members if m.client_id.startswith("aiokafka"))
            hung.freeze()  # stuck: it neither heartbeats nor leaves; Kafka would wait 30 s
            t0 = time.monotonic()
            assert kaflite_broker.expire_member(kafka_group, victim)
            b.wait_assigned(lambda tps: tps == ((topic, 0), (topic, 1)), timeout=10)
            assert time.monotonic() - t0 < 10  # not the 30 s session timeout
            after = kaflite_broker.wait_for_group(kafka_group, members=1)
            assert after.member_ids == [m.member_id for m in g.members if m.member_id != victim]
            assert any("heartbeat expiration" in t.reason for t in after.history)
            assert not kaflite_broker.expire_member(kafka_group, victim)  # already gone


def test_drop_member_connections_of_a_hung_member_then_its_session_expires(
        kaflite_broker: BrokerAPI, kafka_topic: Topic, kafka_group: str, kafka_bootstrap: str) -> None:
    """A member whose process hangs and loses its connections is removed when its session
    (1 s here) expires, and the other member takes over its partitions."""
    topic = kafka_topic(2)
    with Consumer("aiokafka", kafka_bootstrap, kafka_group, [topic], session_timeout_ms=1000,
                  request_timeout_ms=2000, max_poll_interval_ms=5000) as hung:
        hung.wait_assigned()
        with Consumer("kafka-python", kafka_bootstrap, kafka_group, [topic], **FAST["kafka-python"]) as b:
            b.wait_assigned(lambda tps: len(tps) == 1)
            g = kaflite_broker.wait_for_group(kafka_group, members=2)
            victim = next(m.member_id for m in g.members if m.client_id.startswith("aiokafka"))
            hung.freeze()
            assert kaflite_broker.drop_member_connections(kafka_group, victim) >= 1
            t0 = time.monotonic()
            b.wait_assigned(lambda tps: tps == ((topic, 0), (topic, 1)))
            assert time.monotonic() - t0 >= 0.5  # it took the session timeout, not an instant leave
            g = kaflite_broker.wait_for_group(kafka_group, members=1)
            assert victim not in g.member_ids
            assert any("heartbeat expiration" in t.reason for t in g.history)


def test_drop_member_connections_of_a_live_member_it_reconnects(
        kaflite_broker: BrokerAPI, kafka_topic: Topic, kafka_group: str, kafka_bootstrap: str) -> None:
    """A live client whose connections drop reconnects and keeps its membership: same member id,
    same generation, and it keeps consuming."""
    topic = kafka_topic(1)
    produce(kafka_bootstrap, topic, [b"1"])
    with Consumer("kafka-python", kafka_bootstrap, kafka_group, [topic], **FAST["kafka-python"]) as c:
        c.wait_messages(1)
        g = kaflite_broker.wait_for_group(kafka_group, members=1)
        assert kaflite_broker.drop_member_connections(kafka_group, g.members[0].member_id) >= 1
        produce(kafka_bootstrap, topic, [b"2"])
        assert [m[3] for m in c.wait_messages(2)] == [b"1", b"2"]
        c.commit()
        after = kaflite_broker.wait_for_group(kafka_group, members=1)
        assert (after.member_ids, after.generation) == (g.member_ids, g.generation)
        assert after.committed(topic, 0) == 2


def test_pause_then_resume_a_produce_sent_during_the_pause_completes(
        kaflite_broker: BrokerAPI, kafka_topic: Topic, kafka_bootstrap: str) -> None:
    topic = kafka_topic(1)
    p = KafkaProducer(bootstrap_servers=kafka_bootstrap, acks="all", request_timeout_ms=20000)
    try:
        p.send(topic, b"warm-up").get(timeout=10)  # connected, metadata known
        with kaflite_broker.paused():
            fut = p.send(topic, b"sent while paused")
            with pytest.raises(KafkaTimeoutError):
                fut.get(timeout=0.5)  # not answered while paused (and the connection stays open)
            assert not fut.is_done
        assert fut.get(timeout=10).offset == 1
    finally:
        p.close()


def test_full_disk_producer_gets_storage_error_then_writes_resume(
        kaflite_broker: BrokerAPI, kafka_topic: Topic, kafka_bootstrap: str) -> None:
    """confluent-kafka, no retries: the record sent while the disk is full gets KAFKA_STORAGE_ERROR in its
    delivery report; once space returns the next one lands right after the last acknowledged record, and a
    consumer reads exactly the acknowledged ones. An idempotent producer with retries (the default) rides
    the outage out: its record lands once, after free_disk()."""
    from confluent_kafka import Consumer as CKConsumer
    from confluent_kafka import KafkaError, Producer, TopicPartition

    topic = kafka_topic(1)
    reports: list[tuple[KafkaError | None, int]] = []

    def report(err: KafkaError | None, msg: Any) -> None:
        reports.append((err, -1 if err else msg.offset()))

    p = Producer({"bootstrap.servers": kafka_bootstrap, "retries": 0, "enable.idempotence": False, "acks": "all"})
    p.produce(topic, b"before", partition=0, on_delivery=report)
    assert p.flush(10) == 0
    kaflite_broker.fill_disk()
    p.produce(topic, b"refused", partition=0, on_delivery=report)
    assert p.flush(10) == 0
    assert kaflite_broker.free_disk() >= 1
    p.produce(topic, b"after", partition=0, on_delivery=report)
    assert p.flush(10) == 0
    assert reports[0] == (None, 0) and reports[2] == (None, 1)
    err = reports[1][0]
    assert err is not None and err.code() == KafkaError.KAFKA_STORAGE_ERROR, err

    patient = Producer({"bootstrap.servers": kafka_bootstrap, "enable.idempotence": True, "retry.backoff.ms": 50})
    patient.produce(topic, b"warm-up", partition=0, on_delivery=report)
    assert patient.flush(10) == 0
    kaflite_broker.fill_disk()
    patient.produce(topic, b"retried", partition=0, on_delivery=report)
    assert patient.flush(0.5) == 1  # still retrying: the disk is full
    kaflite_broker.free_disk()
    assert patient.flush(20) == 0
    assert reports[3:] == [(None, 2), (None, 3)]

    c = CKConsumer({"bootstrap.servers": kafka_bootstrap, "group.id": f"{topic}-reader",
                    "auto.offset.reset": "earliest", "enable.auto.commit": False})
    try:
        c.assign([TopicPartition(topic, 0, 0)])
        values: list[bytes] = []
        deadline = time.monotonic() + 20
        while len(values) < 4 and time.monotonic() < deadline:
            m = c.poll(0.2)
            if m is not None and not m.error():
                values.append(m.value())
    finally:
        c.close()
    assert values == [b"before", b"after", b"warm-up", b"retried"]


def test_delay_responses_slows_one_api_for_one_group(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                     kafka_group: str, kafka_bootstrap: str) -> None:
    """Delayed SyncGroup answers: the group still forms, only later (the client waits them out)."""
    topic = kafka_topic(1)
    kaflite_broker.delay_responses("SyncGroup", group=kafka_group, delay_ms=600, count=1)
    t0 = time.monotonic()
    with Consumer("kafka-python", kafka_bootstrap, kafka_group, [topic], **FAST["kafka-python"]) as c:
        c.wait_assigned()
        assert time.monotonic() - t0 >= 0.6
        kaflite_broker.wait_for_group(kafka_group, members=1)


def test_reset_drops_every_topic_group_and_offset(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                  kafka_group: str, kafka_bootstrap: str) -> None:
    from kafka import KafkaAdminClient

    topic = kafka_topic(1)
    produce(kafka_bootstrap, topic, [b"x"])
    with Consumer("kafka-python", kafka_bootstrap, kafka_group, [topic], **FAST["kafka-python"]) as c:
        c.wait_messages(1)
        c.commit()
    assert kafka_group in kaflite_broker.groups()
    kaflite_broker.reset()
    assert kaflite_broker.groups() == []
    assert kaflite_broker.group(kafka_group) is None
    admin = KafkaAdminClient(bootstrap_servers=kafka_bootstrap)
    try:
        assert topic not in admin.list_topics()
    finally:
        admin.close()
    # and the broker is immediately usable again
    produce(kafka_bootstrap, kafka_topic(1), [b"y"])


NEXT_TEST = """
from kafka import KafkaProducer

bootstraps = []

def test_a_leaves_faults_behind(kaflite_broker, kafka_bootstrap):
    bootstraps.append(kafka_bootstrap)
    kaflite_broker.pause()
    kaflite_broker.drop_responses("Metadata", count=None)

def test_b_is_answered(kaflite_broker, kafka_bootstrap):
    assert bootstraps == [kafka_bootstrap], "test_a ran first, on this same session-shared broker"
    p = KafkaProducer(bootstrap_servers=kafka_bootstrap, acks="all", max_block_ms=15000, request_timeout_ms=5000)
    try:
        p.send("after-faults", b"answered").get(timeout=15)  # times out if still paused or Metadata is dropped
    finally:
        p.close(timeout=5)
"""


def test_faults_do_not_leak_into_the_next_test(pytester: pytest.Pytester) -> None:
    """A test that pauses the broker and drops every Metadata response leaves the next test, on the same
    session-shared broker, a broker that answers. Run as a user's project would (its own pytest process,
    the plugin from its entry point), so it holds whatever order or subset this suite runs in."""
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    pytester.makepyfile(test_user=NEXT_TEST)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:randomly", "-v", timeout=180)
    result.stdout.fnmatch_lines(["*test_a_leaves_faults_behind PASSED*", "*test_b_is_answered PASSED*"])
    result.assert_outcomes(passed=2)


def test_unknown_api_and_error_names_are_refused(kaflite_broker: BrokerAPI) -> None:
    with pytest.raises(ValueError, match="unknown API"):
        kaflite_broker.drop_responses("JoinGroupz")
    with pytest.raises(ValueError, match="unknown error"):
        kaflite_broker.fail_coordinator("NOT_A_COORDINATOR")


def test_crash_and_start_keep_committed_data(kaflite_broker: BrokerAPI, kafka_topic: Topic, kafka_group: str,
                                             kafka_bootstrap: str) -> None:
    """crash() = no clean shutdown; start() = same port, recovery; acknowledged data and commits survive."""
    topic = kafka_topic(1)
    produce(kafka_bootstrap, topic, [b"%d" % i for i in range(10)])
    with Consumer("kafka-python", kafka_bootstrap, kafka_group, [topic], **FAST["kafka-python"]) as c:
        c.wait_messages(10)
        c.commit()
    port = kaflite_broker.bootstrap_servers
    kaflite_broker.crash()
    kaflite_broker.start()
    assert kaflite_broker.bootstrap_servers == port
    produce(kafka_bootstrap, topic, [b"after"])
    with Consumer("confluent-kafka", kafka_bootstrap, kafka_group, [topic], **FAST["confluent-kafka"]) as c:
        assert [m[3] for m in c.wait_messages(1)] == [b"after"]  # resumed from the commit: no duplicates
    assert kaflite_broker.wait_for_group(kafka_group, state="Empty").committed(topic, 0) == 10
