"""The admin endpoint's group JSON for KIP-848 consumer groups, and the kit's Group read back from it."""

from __future__ import annotations

from kaflite.broker.admin_ops import group_json
from kaflite.coordinator.consumer.group import ConsumerGroupState
from kaflite.coordinator.group import Transition
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot
from kaflite.testing.broker import Group

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
    from kaflite.testing.broker import EpochHistory
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
