"""The group admin calls of three real admin clients against kaflite: confluent-kafka's AdminClient,
aiokafka's AIOKafkaAdminClient and kafka-python's KafkaAdminClient (3.0.12). Each call must be
answered without a disconnect and with what Apache Kafka answers (states, members, offsets, error
codes), checked against groups set up by real consumers and against the coordinator's snapshot.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.testing.broker import Broker
from tests.integration.group_clients import GroupConsumer, close_all, produce

TOPIC, OTHER = "agr", "agr-other"


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        b.create_topic(TOPIC, 4)
        b.create_topic(OTHER, 2)
        produce(b.bootstrap_servers, TOPIC, [(b"k%d" % i, b"v%d" % i) for i in range(40)], partitions=4)
        produce(b.bootstrap_servers, OTHER, [(b"o%d" % i, b"w%d" % i) for i in range(10)], partitions=2)
        yield b


def _empty_group(broker: Broker, group: str) -> dict[tuple[str, int], int]:
    """A group that consumed all 40 messages of TOPIC, committed, and whose only member left: Empty."""
    c = GroupConsumer("kafka-python", broker.bootstrap_servers, group, [TOPIC], client_id=f"{group}-c",
                      max_messages=40)
    try:
        c.start()
        c.wait_messages(40)
        committed = c.commit()
    finally:
        c.close()
    assert committed == {(TOPIC, p): 10 for p in range(4)}
    g = broker.wait_for_group(group, "Empty", members=0, timeout=10)
    assert {tp: o.offset for tp, o in g.offsets.items()} == committed
    return committed


def _active_group(broker: Broker, group: str, kind: str = "confluent-kafka", instance_id: str | None = None,
                  session_timeout_ms: int = 6000) -> GroupConsumer:
    """One consumer of ``kind`` subscribed to TOPIC, Stable with all four partitions."""
    c = GroupConsumer(kind, broker.bootstrap_servers, group, [TOPIC], client_id=f"{group}-c",
                      instance_id=instance_id, session_timeout_ms=session_timeout_ms)
    c.start()
    try:
        broker.wait_for_group(group, "Stable", members=1, timeout=20)
        assert c.wait_assigned(1) == tuple((TOPIC, p) for p in range(4))
        if kind == "kafka-python":
            _settled(broker, group)
    except BaseException:
        c.close()
        raise
    return c


def _settled(broker: Broker, group: str, quiet_s: float = 1.5, timeout_s: float = 20.0) -> None:
    """Stable at one generation for `quiet_s`: kafka-python's leader rejoins on its own once the metadata it
    assigned with is refreshed (right after its first assignment, or not at all), and the checks that follow
    want the group it leaves, not one mid-rebalance."""
    deadline = time.monotonic() + timeout_s
    seen, since = None, time.monotonic()
    while time.monotonic() < deadline:
        g = broker.group(group)
        now = (g.state, g.generation) if g is not None else None
        if now != seen:
            seen, since = now, time.monotonic()
        elif now is not None and now[0] == "Stable" and time.monotonic() - since >= quiet_s:
            return
        time.sleep(0.05)
    raise AssertionError(f"{group} did not stay Stable for {quiet_s}s within {timeout_s}s; last: {seen}")


# -- confluent-kafka ----------------------------------------------------------------------------------

def test_confluent_admin_groups(broker: Broker) -> None:
    from confluent_kafka import ConsumerGroupState, ConsumerGroupTopicPartitions, KafkaError, KafkaException
    from confluent_kafka import TopicPartition as CTP
    from confluent_kafka.admin import AdminClient

    committed = _empty_group(broker, "cf-empty")
    active = _active_group(broker, "cf-active")
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    try:
        snap = broker.group("cf-active")
        assert snap is not None and len(snap.members) == 1
        member = snap.members[0]

        # ListGroups
        listed = admin.list_consumer_groups(request_timeout=10).result()
        assert listed.errors == []
        by_id = {g.group_id: g for g in listed.valid}
        assert by_id["cf-empty"].state == ConsumerGroupState.EMPTY
        assert by_id["cf-active"].state == ConsumerGroupState.STABLE
        assert not by_id["cf-empty"].is_simple_consumer_group
        assert not by_id["cf-active"].is_simple_consumer_group
        only_empty = admin.list_consumer_groups(states={ConsumerGroupState.EMPTY}, request_timeout=10).result()
        empty_ids = {g.group_id for g in only_empty.valid}
        assert "cf-empty" in empty_ids and "cf-active" not in empty_ids
        with pytest.warns(DeprecationWarning):  # the deprecated ListGroups+DescribeGroups view
            old: dict[Any, Any] = {g.id: g for g in admin.list_groups(timeout=10)}
        assert old["cf-active"].state == "Stable" and old["cf-active"].protocol_type == "consumer"
        assert old["cf-active"].protocol == "range" and [m.id for m in old["cf-active"].members] == [member.member_id]
        assert old["cf-empty"].state == "Empty" and old["cf-empty"].members == []

        # DescribeGroups
        futs = admin.describe_consumer_groups(["cf-active", "cf-empty"], request_timeout=10)
        da, de = futs["cf-active"].result(), futs["cf-empty"].result()
        assert da.group_id == "cf-active" and da.state == ConsumerGroupState.STABLE
        assert da.partition_assignor == "range" and not da.is_simple_consumer_group
        assert [(m.member_id, m.client_id, m.group_instance_id) for m in da.members] == \
            [(member.member_id, "cf-active-c", None)]
        assert sorted((tp.topic, tp.partition) for tp in da.members[0].assignment.topic_partitions) == \
            [(TOPIC, p) for p in range(4)]
        assert da.coordinator.id in admin.list_topics(timeout=10).brokers
        assert de.state == ConsumerGroupState.EMPTY and de.members == []

        # OffsetFetch
        def offsets(group: str) -> dict[tuple[str, int], int]:
            req = [ConsumerGroupTopicPartitions(group)]
            res = admin.list_consumer_group_offsets(req, request_timeout=10)[group].result()
            assert res.group_id == group and all(tp.error is None for tp in res.topic_partitions)
            return {(tp.topic, tp.partition): tp.offset for tp in res.topic_partitions}

        assert offsets("cf-empty") == committed
        req = [ConsumerGroupTopicPartitions("cf-empty", [CTP(TOPIC, 0), CTP(OTHER, 1)])]
        res = admin.list_consumer_group_offsets(req, request_timeout=10)["cf-empty"].result()
        assert [(tp.topic, tp.partition, tp.offset) for tp in res.topic_partitions] == \
            [(TOPIC, 0, committed[(TOPIC, 0)]), (OTHER, 1, -1001)]  # no committed offset: OFFSET_INVALID

        # OffsetCommit (admin: generation -1, no member): allowed for an Empty group
        alter = [ConsumerGroupTopicPartitions("cf-empty", [CTP(TOPIC, 3, 7), CTP(OTHER, 0, 2)])]
        res = admin.alter_consumer_group_offsets(alter, request_timeout=10)["cf-empty"].result()
        assert sorted((tp.topic, tp.partition, tp.offset, tp.error) for tp in res.topic_partitions) == \
            [(TOPIC, 3, 7, None), (OTHER, 0, 2, None)]
        assert offsets("cf-empty") == {**committed, (TOPIC, 3): 7, (OTHER, 0): 2}
        g = broker.group("cf-empty")
        assert g is not None and g.committed(TOPIC, 3) == 7 and g.committed(OTHER, 0) == 2

        # ... and refused for an active one: Kafka answers UNKNOWN_MEMBER_ID per partition (B-OFF-1)
        alter = [ConsumerGroupTopicPartitions("cf-active", [CTP(TOPIC, 0, 1)])]
        res = admin.alter_consumer_group_offsets(alter, request_timeout=10)["cf-active"].result()
        assert [(tp.topic, tp.partition, _code(tp.error)) for tp in res.topic_partitions] == \
            [(TOPIC, 0, KafkaError.UNKNOWN_MEMBER_ID)]
        g = broker.group("cf-active")
        assert g is not None and g.committed(TOPIC, 0) is None

        # DeleteGroups: an active group, an Empty one, a missing one
        futs = admin.delete_consumer_groups(["cf-active"], request_timeout=10)
        with pytest.raises(KafkaException) as ei:
            futs["cf-active"].result()
        assert _code(ei.value) == KafkaError.NON_EMPTY_GROUP, ei.value
        assert broker.group("cf-active") is not None
        assert admin.delete_consumer_groups(["cf-empty"], request_timeout=10)["cf-empty"].result() is None
        assert broker.group("cf-empty") is None
        assert offsets("cf-empty") == {}
        with pytest.raises(KafkaException) as ei:
            admin.delete_consumer_groups(["cf-missing"], request_timeout=10)["cf-missing"].result()
        assert _code(ei.value) == KafkaError.GROUP_ID_NOT_FOUND, ei.value
        dm = admin.describe_consumer_groups(["cf-empty"], request_timeout=10)["cf-empty"].result()
        assert dm.state == ConsumerGroupState.DEAD and dm.members == []
    finally:
        close_all([active])


def _code(e: object) -> int:
    """The code of a confluent KafkaError, or of the KafkaException that carries one."""
    err: Any = e.args[0] if isinstance(e, BaseException) else e
    return int(err.code())


# -- aiokafka -----------------------------------------------------------------------------------------

def test_aiokafka_admin_groups(broker: Broker) -> None:
    committed = _empty_group(broker, "aio-empty")
    active = _active_group(broker, "aio-active", kind="kafka-python")
    try:
        snap = broker.group("aio-active")
        assert snap is not None
        asyncio.run(_aiokafka_calls(broker, committed, snap.members[0].member_id))
    finally:
        close_all([active])


async def _aiokafka_calls(broker: Broker, committed: dict[tuple[str, int], int], member_id: str) -> None:
    from aiokafka import TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=10_000)
    await admin.start()
    try:
        listed = await admin.list_consumer_groups()
        by_id = {g[0]: g for g in listed}
        assert by_id["aio-empty"][1] == "consumer" and by_id["aio-active"][1] == "consumer"

        # One group per call: aiokafka 0.14 sends DescribeGroups v3 but decodes the answer with the v2
        # schema (DescribeGroupsRequest_v3.RESPONSE_TYPE = DescribeGroupsResponse_v2), leaving each
        # group's authorized_operations unread; that is harmless for the last (only) group but
        # misaligns every group after the first, with Apache Kafka as with kaflite.
        groups = {}
        for gid in ("aio-active", "aio-empty", "aio-missing"):
            (resp,) = await admin.describe_consumer_groups([gid])
            (g,) = resp.groups  # (error_code, group_id, state, protocol_type, protocol, members)
            groups[g[1]] = g
        err, _, state, ptype, proto, members = groups["aio-active"][:6]
        assert (err, state, ptype, proto) == (0, "Stable", "consumer", "range")
        assert [(m[0], m[1]) for m in members] == [(member_id, "aio-active-c")]
        assert groups["aio-empty"][:6] == (0, "aio-empty", "Empty", "consumer", "", [])
        assert groups["aio-missing"][:6] == (0, "aio-missing", "Dead", "", "", [])

        offsets = await admin.list_consumer_group_offsets("aio-empty")
        assert {(tp.topic, tp.partition): om.offset for tp, om in offsets.items()} == committed
        some = await admin.list_consumer_group_offsets(
            "aio-empty", partitions=[TopicPartition(TOPIC, 1), TopicPartition(OTHER, 0)])
        assert {(tp.topic, tp.partition): om.offset for tp, om in some.items()} == \
            {(TOPIC, 1): committed[(TOPIC, 1)], (OTHER, 0): -1}
        assert await admin.list_consumer_group_offsets("aio-missing") == {}
    finally:
        await admin.close()


# -- kafka-python ---------------------------------------------------------------------------------------

def test_kafka_python_admin_groups(broker: Broker) -> None:
    from kafka import KafkaAdminClient, TopicPartition
    from kafka.admin import MemberToRemove, OffsetSpec
    from kafka.errors import GroupIdNotFoundError, GroupSubscribedToTopicError, NoError, UnknownMemberIdError
    from kafka.structs import OffsetAndMetadata

    committed = _empty_group(broker, "kp-group")
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=10_000)
    active: list[GroupConsumer] = []
    try:
        # OffsetCommit of the Empty group, on a topic its consumer never subscribed to
        res = admin.alter_group_offsets("kp-group", {TopicPartition(OTHER, 0): OffsetAndMetadata(3, "x", -1),
                                                     TopicPartition(OTHER, 1): OffsetAndMetadata(4, "", -1)})
        assert res == {TopicPartition(OTHER, 0): NoError, TopicPartition(OTHER, 1): NoError}
        got = admin.list_group_offsets("kp-group")["kp-group"]
        assert {(tp.topic, tp.partition): om.offset for tp, om in got.items()} == \
            {**committed, (OTHER, 0): 3, (OTHER, 1): 4}
        assert got[TopicPartition(OTHER, 0)].metadata == "x"

        # reset_group_offsets on the Empty group: resolved by ListOffsets, clamped, committed
        res = admin.reset_group_offsets("kp-group", {TopicPartition(TOPIC, 0): OffsetSpec.EARLIEST,
                                                     TopicPartition(TOPIC, 1): 4,
                                                     TopicPartition(TOPIC, 2): 1_000,
                                                     TopicPartition(OTHER, 1): OffsetSpec.LATEST})
        assert res == {TopicPartition(TOPIC, 0): {"error": NoError, "offset": 0},
                       TopicPartition(TOPIC, 1): {"error": NoError, "offset": 4},
                       TopicPartition(TOPIC, 2): {"error": NoError, "offset": 10},  # clamped to the end
                       TopicPartition(OTHER, 1): {"error": NoError, "offset": 5}}
        g = broker.group("kp-group")
        assert g is not None
        assert [g.committed(TOPIC, p) for p in range(4)] == [0, 4, 10, 10] and g.committed(OTHER, 1) == 5
        assert g.offsets[(OTHER, 0)].offset == 3  # untouched

        # the same group active again (a static member), subscribed to TOPIC only
        active.append(_active_group(broker, "kp-group", kind="kafka-python", instance_id="kp-static",
                                    session_timeout_ms=30_000))
        snap = broker.group("kp-group")
        assert snap is not None
        (member,) = snap.members
        assert member.group_instance_id == "kp-static"

        listed = {d["group_id"]: d for d in admin.list_groups()}
        assert listed["kp-group"]["protocol_type"] == "consumer"
        if "group_state" in listed["kp-group"]:  # ListGroups v4+
            assert listed["kp-group"]["group_state"] == "Stable"
        desc = admin.describe_groups(["kp-group"])["kp-group"]
        assert desc["group_state"] == "Stable" and desc["protocol_data"] == "range"
        assert [(m["member_id"], m["group_instance_id"], m["client_id"]) for m in desc["members"]] == \
            [(member.member_id, "kp-static", "kp-group-c")]

        # OffsetCommit from outside the group is refused while it has members
        res = admin.alter_group_offsets("kp-group", {TopicPartition(TOPIC, 0): OffsetAndMetadata(1, "", -1)})
        assert res == {TopicPartition(TOPIC, 0): UnknownMemberIdError}

        # OffsetDelete: a topic the group is not subscribed to goes, a subscribed one stays
        res = admin.delete_group_offsets("kp-group", [TopicPartition(OTHER, 0), TopicPartition(TOPIC, 1)])
        assert res == {TopicPartition(OTHER, 0): NoError, TopicPartition(TOPIC, 1): GroupSubscribedToTopicError}
        g = broker.group("kp-group")
        assert g is not None
        assert (OTHER, 0) not in g.offsets and g.committed(OTHER, 1) == 5 and g.committed(TOPIC, 1) == 4
        with pytest.raises(GroupIdNotFoundError):
            admin.delete_group_offsets("kp-missing", [TopicPartition(TOPIC, 0)])

        # DeleteGroups of the active group
        assert admin.delete_groups(["kp-group"]) == {"kp-group": "NonEmptyGroupError"}

        # a static member does not leave on close: the group keeps it until LeaveGroup by instance id
        before = broker.group("kp-group")
        assert before is not None
        close_all(active)
        active.clear()
        g = broker.group("kp-group")
        assert g is not None and [m.group_instance_id for m in g.members] == ["kp-static"]
        # Closing starts no rebalance; but kafka-python's leader rejoins on its own when its metadata
        # snapshot changed after it assigned, and the close may land in that rejoin (the group then
        # waits for the closed static member's SyncGroup): the only transitions allowed are that one.
        closing = g.history[len(before.history):]
        assert all("re-joining group during Stable" in t.reason for t in closing
                   if str(t.to_state) == "PreparingRebalance"), closing
        assert g.state == "Stable" or closing, g
        res = admin.remove_group_members("kp-group", [MemberToRemove(group_instance_id="kp-static")])
        assert res == {"kp-static": NoError}, res
        broker.wait_for_group("kp-group", "Empty", members=0, timeout=10)
        res = admin.remove_group_members("kp-group", [MemberToRemove(group_instance_id="kp-static")])
        assert res == {"kp-static": UnknownMemberIdError}, res

        # DeleteGroups: Empty → OK, then missing
        assert admin.delete_groups(["kp-group", "kp-missing"]) == \
            {"kp-group": "OK", "kp-missing": "GroupIdNotFoundError"}
        assert broker.group("kp-group") is None
        assert admin.list_group_offsets("kp-group")["kp-group"] == {}
    finally:
        admin.close()
        close_all(active)
