"""The admin endpoint's group JSON for KIP-848 consumer groups, and the kit's Group read back from it."""

from __future__ import annotations

import json
from typing import Any

from kaflite.broker.admin_ops import group_json
from kaflite.coordinator.consumer.group import ConsumerGroupState
from kaflite.coordinator.group import Transition
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot
from kaflite.testing.views import Group

MEMBER = MemberSnapshot(
    member_id="m1", group_instance_id=None, client_id="rdkafka", client_host="/127.0.0.1", session_timeout_ms=-1,
    rebalance_timeout_ms=30_000, subscription=b"", assignment=b"", member_epoch=3,
    member_state="UNREVOKED_PARTITIONS", subscribed_topic_names=("a", "b"), subscribed_topic_regex="",
    assigned_partitions={"b": (1,), "a": (2, 0)}, pending_revocation={"a": (3,)},
    target_assignment={"a": (0, 2), "b": (1,)})
SNAP = GroupSnapshot(group_id="g", state=ConsumerGroupState.RECONCILING, generation=4, leader_id=None,
                     protocol_type="consumer", protocol_name=None, current_state_timestamp_ms=5, members=(MEMBER,),
                     group_type="consumer", assignment_epoch=4)
HISTORY = [Transition(1, "g", None, ConsumerGroupState.EMPTY, 0, 0, "created"),
           Transition(2, "g", ConsumerGroupState.EMPTY, ConsumerGroupState.STABLE, 1, 1, "member joined"),
           Transition(3, "g", ConsumerGroupState.STABLE, ConsumerGroupState.RECONCILING, 4, 2, "member joined")]


def test_consumer_group_json() -> None:
    d = group_json(SNAP, HISTORY)
    assert (d["group_type"], d["state"], d["generation"], d["epoch"], d["assignment_epoch"]) == (
        "consumer", "Reconciling", 4, 4, 4)
    assert d["states"] == ["Empty", "Stable", "Reconciling"]
    m = d["members"][0]
    assert (m["member_epoch"], m["member_state"]) == (3, "UNREVOKED_PARTITIONS")
    assert m["subscribed_topic_names"] == ["a", "b"] and m["subscribed_topic_regex"] is None
    assert m["assignment"] == [["a", 0], ["a", 2], ["b", 1]]
    assert m["pending_revocation"] == [["a", 3]]
    assert m["target_assignment"] == [["a", 0], ["a", 2], ["b", 1]]


def test_kit_group_reads_consumer_groups() -> None:
    g = Group.from_json(group_json(SNAP, HISTORY))
    assert (g.group_type, g.state, g.epoch, g.assignment_epoch) == ("consumer", "Reconciling", 4, 4)
    assert g.states == ["Empty", "Stable", "Reconciling"]  # strings: no classic GroupState needed
    assert g.epochs == [0, 1, 4]
    m = g.member("m1")
    assert m.assignment == (("a", 0), ("a", 2), ("b", 1)) and m.pending_revocation == (("a", 3),)
    assert (m.member_epoch, m.member_state, m.subscribed_topic_names) == (3, "UNREVOKED_PARTITIONS", ("a", "b"))
    assert g.target_assignments() == {"m1": (("a", 0), ("a", 2), ("b", 1))}


def test_classic_group_json_keeps_its_shape() -> None:
    snap = GroupSnapshot(group_id="c", state=ConsumerGroupState.EMPTY, generation=2, leader_id=None,
                         protocol_type="consumer", protocol_name="range", current_state_timestamp_ms=None,
                         members=(MemberSnapshot("m", None, "c", "/h", 10, 10, b"", b""),))
    d = group_json(snap, [])
    assert (d["group_type"], d["epoch"], d["assignment_epoch"]) == ("classic", None, None)
    assert d["members"][0]["assignment"] == [] and "member_epoch" not in d["members"][0]
    g = Group.from_json(d)
    assert g.group_type == "classic" and g.members[0].member_epoch is None


def test_consumer_group_events_from_the_records() -> None:
    """The epoch history is read from what the coordinator wrote: every step, not just the last."""
    from kaflite.broker.admin_ops import consumer_group_events
    from kaflite.testing.views import EpochHistory
    from tests.coordinator.consumer_harness import ConsumerHarness, topic_id

    h = ConsumerHarness({"t": 4})
    h.hb("m1", 0, topics=["t"])
    h.hb("m2", 0, topics=["t"])
    r1 = h.hb("m1", 1, owned={"t": [0, 1, 2, 3]})
    h.hb("m1", r1.member_epoch, owned=h.assigned(r1))
    h.hb("m2", 2, owned={})
    h.hb("m2", -1)
    h.hb("other", 0, group="g2", topics=["t"])  # another group in the same log: left out
    records = [(i, 1000 + i, k, v) for i, (k, v) in enumerate(h.records)]
    names = {topic_id("t"): "t"}
    events = consumer_group_events("g", records, names.get)
    history = EpochHistory.from_json({"group_id": "g", "events": events})
    assert history.group_epochs == [1, 2, 3] and history.assignment_epochs == [1, 2]
    assert history.joined == ["m1", "m2"] and history.left == ["m2"]
    assert history.member_states("m1") == [(1, "STABLE"), (1, "UNREVOKED_PARTITIONS"), (2, "STABLE")]
    assert history.member_states("m2") == [(2, "UNRELEASED_PARTITIONS"), (2, "STABLE")]
    unrevoked = [e for e in history.of("member-assignment") if e.member_id == "m1"][1]
    assert unrevoked.assignment == (("t", 0), ("t", 1)) and unrevoked.pending_revocation == (("t", 2), ("t", 3))
    assert history.of("member-target")[0].target_assignment == (("t", 0), ("t", 1), ("t", 2), ("t", 3))
    assert [e.event for e in history.events[-4:]] == ["member-assignment-removed", "member-target-removed",
                                                      "member-left", "group-epoch"]
    assert all(e.offset < f.offset for e, f in zip(history.events, history.events[1:], strict=False))
    assert consumer_group_events("g2", records, names.get)[0]["member_id"] == "other"


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def _group(port: int, group: str) -> dict[str, Any]:
    status, body = _get(port, f"/groups/{group}")
    assert status == 200, body
    return dict(json.loads(body))


def test_member_changes_read_the_classic_coordinators_reasons() -> None:
    """The member ids each of the classic coordinator's join/leave reasons names; other reasons name none."""
    from kaflite.broker.admin_ops import member_changes

    pending = ["m-1", "m-2"]
    assert member_changes(f"removing {pending} on pending sync request expiration") == ([], ["m-1", "m-2"])
    assert member_changes("adding new member a-1 with group instance id None; client reason: not provided") == (
        ["a-1"], [])
    assert member_changes("explicit LeaveGroup request for (a-1, b-2) members") == ([], ["a-1", "b-2"])
    assert member_changes("removing member a-1 on heartbeat expiration") == ([], ["a-1"])
    assert member_changes("join phase complete with 2 members") == ([], [])
    assert member_changes("leader a-1 sent the assignment") == ([], [])


def test_classic_history_names_who_joined_and_left() -> None:
    """Real consumers join, leave and expire: the group's history (admin JSON) names each of them, which the
    console's first paint marks on the timeline (a page opened late still sees them)."""
    from kaflite.testing.broker import Broker
    from tests.testing.clients import Consumer

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        port = b.server.admin_http.port
        b.create_topic("hist-t", partitions=2)
        with Consumer("kafka-python", b.bootstrap_servers, "hist-g", ["hist-t"]) as first:
            first.wait_assigned()
            a = b.wait_for_group("hist-g", "Stable", members=1).member_ids[0]
            with Consumer("confluent-kafka", b.bootstrap_servers, "hist-g", ["hist-t"]) as second:
                second.wait_assigned()
                both = b.wait_for_group("hist-g", "Stable", members=2).member_ids
                (second_id,) = set(both) - {a}
            b.wait_for_group("hist-g", "Stable", members=1)
            assert b.expire_member("hist-g", a)
            b.wait_for_group("hist-g", "Stable", members=1, generation=5, timeout=60)
            history = _group(port, "hist-g")["history"]
        joined = [m for t in history for m in t["joined"]]
        left = [m for t in history for m in t["left"]]
        assert joined[:2] == [a, second_id] and len(joined) == 3  # the expired member came back under a new id
        assert left == [second_id, a]


def test_the_group_json_names_its_assignor_as_kafka_tools_do() -> None:
    """A KIP-848 group's assignor is ConsumerGroupDescribe's (what `kaflite groups describe` prints), a classic
    group's its protocol: both in the group JSON the admin endpoint and the console serve."""
    from kaflite.testing.broker import Broker
    from kaflite.tools.admin import describe_group
    from kaflite.tools.client import Client
    from tests.testing.clients import Consumer

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        port = b.server.admin_http.port
        b.create_topic("asg-t", partitions=2)
        with Consumer("confluent-kafka", b.bootstrap_servers, "asg-848", ["asg-t"],
                      **{"group.protocol": "consumer"}) as c848, \
                Consumer("kafka-python", b.bootstrap_servers, "asg-classic", ["asg-t"]) as classic:
            c848.wait_assigned()
            classic.wait_assigned()
            with Client(b.bootstrap_servers) as client:
                described = describe_group(client, "asg-848").assignor
            assert described == "uniform"
            g = _group(port, "asg-848")
            assert (g["group_type"], g["assignor"], g["protocol"]) == ("consumer", described, None)
            _, console = _get(port, "/api/groups/asg-848")
            assert json.loads(console)["assignor"] == described
            g = _group(port, "asg-classic")
            assert (g["group_type"], g["assignor"], g["protocol"]) == ("classic", "range", "range")


def test_pages_of_other_sites_cannot_include_the_endpoint() -> None:
    """A script (or image, or frame) another site's page includes carries no Origin but Sec-Fetch-Site: it is
    refused, so the console's snapshot script cannot leak a group to another site; the console's own page,
    curl and a link followed to the console are served."""
    from kaflite.testing.broker import Broker

    with Broker(config={"admin.port": 0}) as b:
        assert b.server.admin_http is not None
        port = b.server.admin_http.port
        b.create_topic("site-t")
        from kafka import KafkaConsumer, TopicPartition
        from kafka.structs import OffsetAndMetadata

        c = KafkaConsumer(bootstrap_servers=b.bootstrap_servers, group_id="site-g", enable_auto_commit=False)
        c.commit({TopicPartition("site-t", 0): OffsetAndMetadata(0, "", -1)})
        c.close()
        script = "/api/groups/site-g/snapshot.js"
        for site in ("cross-site", "same-site"):
            status, body = _get(port, script, {"Sec-Fetch-Site": site, "Sec-Fetch-Mode": "no-cors",
                                               "Sec-Fetch-Dest": "script"})
            assert status == 403 and b"Sec-Fetch-Site" in body, (site, body)
            assert _get(port, "/", {"Sec-Fetch-Site": site, "Sec-Fetch-Mode": "navigate",
                                    "Sec-Fetch-Dest": "iframe"})[0] == 403
        status, body = _get(port, script, {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors",
                                           "Sec-Fetch-Dest": "script"})
        assert status == 200 and body.startswith(b"KafliteConsole.snapshot({") and b'"site-g"' in body
        assert _get(port, script)[0] == 200  # curl
        assert _get(port, "/", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
                                "Sec-Fetch-Dest": "document"})[0] == 200
        assert _get(port, "/api/groups/nope/snapshot.js", {"Sec-Fetch-Site": "same-origin"})[0] == 404
