"""Admin views of groups through kafka-python's KafkaAdminClient (3.0.12 names: list_groups,
describe_groups, list_group_offsets, delete_groups, alter_group_offsets), checked against the
coordinator's own snapshot."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kaflite.testing.broker import Broker
from tests.integration.group_clients import GroupConsumer, close_all, produce, wait_until


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


def _assigned(member: dict) -> list[tuple[str, int]]:
    a = member.get("member_assignment")
    if not a:
        return []
    parts = a["assigned_partitions"] if isinstance(a, dict) else a.assigned_partitions
    out = []
    for tp in parts:
        topic, ps = (tp["topic"], tp["partitions"]) if isinstance(tp, dict) else (tp.topic, tp.partitions)
        out += [(topic, p) for p in ps]
    return sorted(out)


def test_admin_list_describe_offsets_delete(broker: Broker) -> None:
    # B-STATE-2 (observable through the admin APIs), B-OFF-1, B-OFF-3, B-LOG-2 (delete → tombstone)
    from kafka import KafkaAdminClient, TopicPartition
    from kafka.structs import OffsetAndMetadata

    broker.create_topic("adm", 4)
    produce(broker.bootstrap_servers, "adm", [(b"k%d" % i, b"v%d" % i) for i in range(40)], partitions=4)

    # an Empty group with offsets (kafka-python, committed then closed)
    e = GroupConsumer("kafka-python", broker.bootstrap_servers, "adm-empty", ["adm"], client_id="adm-e",
                      max_messages=15)
    try:
        e.start()
        e.wait_messages(15)
        committed = e.commit()
    finally:
        e.close()
    broker.wait_for_group("adm-empty", "Empty", members=0, timeout=10)

    # an active group: two confluent-kafka consumers, Stable
    active = [GroupConsumer("confluent-kafka", broker.bootstrap_servers, "adm-active", ["adm"],
                            client_id=f"adm-a{i}") for i in range(2)]
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=10_000)
    try:
        for c in active:
            c.start()
        broker.wait_for_group("adm-active", "Stable", members=2, timeout=20)
        g = wait_until(lambda: (lambda g: g if g and g.state == "Stable" and len(g.members) == 2
                                and all(m.assignment for m in g.members) else None)(broker.group("adm-active")),
                       20, "adm-active Stable with assignments")

        listed = {d["group_id"]: d for d in admin.list_groups()}
        assert {"adm-empty", "adm-active"} <= listed.keys()
        assert listed["adm-active"]["protocol_type"] == "consumer"
        if "group_state" in listed["adm-active"]:  # ListGroups v4+
            assert listed["adm-active"]["group_state"] == "Stable"
            assert listed["adm-empty"]["group_state"] == "Empty"

        desc = admin.describe_groups(["adm-active", "adm-empty"])
        da, de = desc["adm-active"], desc["adm-empty"]
        assert da["group_state"] == "Stable" and da["protocol_type"] == "consumer"
        assert da["protocol_data"] == g.protocol == "range"
        members = {m["member_id"]: m for m in da["members"]}
        assert members.keys() == {m.member_id for m in g.members}
        for m in g.members:
            assert members[m.member_id]["client_id"] == m.client_id
            assert _assigned(members[m.member_id]) == list(m.assignment)
        assert sorted(p for m in da["members"] for p in _assigned(m)) == [("adm", p) for p in range(4)]
        assert de["group_state"] == "Empty" and de["members"] == []

        offsets = admin.list_group_offsets("adm-empty")["adm-empty"]
        assert {(tp.topic, tp.partition): om.offset for tp, om in offsets.items()} == committed
        snap = broker.group("adm-empty")
        assert snap is not None
        assert {tp: o.offset for tp, o in snap.offsets.items()} == committed

        # a simple commit (no member, generation -1): allowed for an Empty group ...
        res = admin.alter_group_offsets("adm-empty", {TopicPartition("adm", 3): OffsetAndMetadata(2, "m", -1)})
        assert [err.errno for err in res.values()] == [0]
        offsets = admin.list_group_offsets("adm-empty")["adm-empty"]
        assert offsets[TopicPartition("adm", 3)].offset == 2
        # ... refused for an active one (B-OFF-1)
        res = admin.alter_group_offsets("adm-active", {TopicPartition("adm", 0): OffsetAndMetadata(1, "", -1)})
        assert [err.__name__ for err in res.values()] == ["UnknownMemberIdError"], res

        # delete: NON_EMPTY_GROUP for the active group, OK for the Empty one, then it is gone
        assert admin.delete_groups(["adm-active"]) == {"adm-active": "NonEmptyGroupError"}
        assert broker.group("adm-active") is not None
        assert admin.delete_groups(["adm-empty"]) == {"adm-empty": "OK"}
        assert broker.group("adm-empty") is None
        assert "adm-empty" not in {d["group_id"] for d in admin.list_groups()}
        assert admin.list_group_offsets("adm-empty")["adm-empty"] == {}
        assert admin.delete_groups(["adm-empty"]) == {"adm-empty": "GroupIdNotFoundError"}
        assert admin.describe_groups(["adm-empty"])["adm-empty"]["group_state"] == "Dead"
    finally:
        admin.close()
        close_all(active)

    # once the active group's members left it is Empty and can be deleted too
    broker.wait_for_group("adm-active", "Empty", members=0, timeout=10)
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=10_000)
    try:
        assert admin.delete_groups(["adm-active"]) == {"adm-active": "OK"}
    finally:
        admin.close()
    assert broker.group("adm-active") is None
