"""ShareGroupHeartbeat on the pure coordinator (SG-VAL-2/3, SG-GRP-*, SG-EP-*, SG-INIT-*, SG-LV-1, SG-TM-1,
SG-STATE-1), with a manual clock; the share coordinator's answers are given by the test (ShareHarness)."""

from __future__ import annotations

import pytest

from kaflite.coordinator.share.group import ShareGroupState
from kaflite.coordinator.share.manager import session_timeout_key
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import ShareGroupHeartbeatResponse
from tests.coordinator.share.harness import ShareHarness, topic_id

FOO = topic_id("foo")


def parts(resp: ShareGroupHeartbeatResponse) -> dict[bytes, list[int]] | None:
    if resp.assignment is None:
        return None
    return {tp.topic_id: tp.partitions for tp in resp.assignment.topic_partitions}


def stable(h: ShareHarness, *members: str, group: str = "g") -> dict[str, ShareGroupHeartbeatResponse]:
    """Join the members, initialize, and heartbeat each once more: every one at the group's assignment."""
    for m in members:
        h.hb(m, 0, group=group)
    h.initialize_all()
    out = {}
    for _ in range(2):
        for m in members:
            out[m] = h.hb(m, h.group(group).members[m].member_epoch, group=group)
    return out


# ---------------------------------------------------------------------------------------------- SG-VAL-2/3
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"member_id": " "}, "MemberId can't be empty."),
    ({"group": " "}, "GroupId can't be empty."),
    ({"rack_id": " "}, "RackId can't be empty."),
    ({"epoch": 0, "topics": []}, "SubscribedTopicNames must be set in first request."),
    ({"epoch": 0, "join_topics": False}, "SubscribedTopicNames must be set in first request."),
    ({"epoch": -2}, "MemberEpoch is invalid."),
])
def test_sg_val_2_invalid_requests_are_answered_with_kafkas_messages(kwargs: dict, message: str) -> None:
    h = ShareHarness({"foo": 1})
    resp = h.hb(**kwargs)
    assert (resp.error_code, resp.error_message) == (E.INVALID_REQUEST, message)
    # SG-VAL-3: an error writes nothing; MemberId null, epoch 0, interval 0, Assignment null.
    assert (resp.member_id, resp.member_epoch, resp.heartbeat_interval_ms, resp.assignment) == (None, 0, 0, None)
    assert h.records == []


def test_sg_val_3_a_coordinator_error_writes_nothing_and_carries_the_message() -> None:
    h = ShareHarness({"foo": 1})
    resp = h.hb("m1", 3)
    assert (resp.error_code, resp.error_message, resp.member_id) == (E.GROUP_ID_NOT_FOUND,
                                                                     "Share group g not found.", None)
    assert h.records == []


# ---------------------------------------------------------------------------------------------- SG-GRP-*
def test_sg_grp_1_join_creates_the_group_an_epoch_needs_one_and_leave_too() -> None:
    h = ShareHarness({"foo": 1})
    assert h.hb("m1", 1).error_message == "Share group g not found."
    leave = h.hb("m1", -1)
    assert (leave.error_code, leave.error_message) == (E.GROUP_ID_NOT_FOUND, "Group g not found.")
    joined = h.hb("m1", 0)
    assert (joined.error_code, joined.member_id, joined.member_epoch) == (E.NONE, "m1", 1)
    assert h.group().group_epoch == 1


def test_sg_grp_2_the_group_is_full_at_group_share_max_size() -> None:
    h = ShareHarness({"foo": 1}, group_share_max_size=2)
    h.hb("m1", 0)
    h.hb("m2", 0)
    resp = h.hb("m3", 0)
    assert (resp.error_code, resp.error_message) == (
        E.GROUP_MAX_SIZE_REACHED, "The share group has reached its maximum capacity of 2 members.")
    assert h.hb("m2", 0).error_code == E.NONE  # a member rejoining is no new member


def test_sg_grp_3_unknown_member_with_an_epoch_and_client_identity() -> None:
    h = ShareHarness({"foo": 1})
    h.hb("m1", 0)
    for epoch in (1, -1):
        resp = h.hb("zz", epoch)
        assert (resp.error_code, resp.error_message) == (E.UNKNOWN_MEMBER_ID, "Member zz is not a member of group g.")
    m = h.group().members["m1"]
    assert (m.client_id, m.client_host) == ("client", "/127.0.0.1")  # the member id is the client's own


# ---------------------------------------------------------------------------------------------- SG-EP-*
def test_sg_ep_1_epoch_zero_rejoins_without_fencing_greater_and_smaller_epochs_are_fenced() -> None:
    h = ShareHarness({"foo": 2})
    stable(h, "m1")
    h.hb("m2", 0)
    h.hb("m1", h.group().members["m1"].member_epoch)
    h.hb("m2", -1)
    h.hb("m1", h.group().members["m1"].member_epoch)
    epoch, previous = h.group().members["m1"].member_epoch, h.group().members["m1"].previous_member_epoch
    # The leave bumped to 4 and the union of the targets lost a partition (SG-INIT-3): 5, previous 3.
    assert (epoch, previous) == (5, 3)
    n = len(h.records)
    rejoin = h.hb("m1", 0)
    assert (rejoin.error_code, rejoin.member_epoch, parts(rejoin)) == (E.NONE, epoch, {FOO: [0, 1]})
    assert h.records[n:] == []  # nothing changed, nothing bumped
    greater = h.hb("m1", epoch + 1)
    assert (greater.error_code, greater.error_message) == (E.FENCED_MEMBER_EPOCH, (
        f"The share group member has a greater member epoch ({epoch + 1}) than the one known by the group "
        f"coordinator ({epoch}). The member must abandon all its partitions and rejoin."))
    smaller = h.hb("m1", 2)
    assert (smaller.error_code, smaller.error_message) == (E.FENCED_MEMBER_EPOCH, (
        f"The share group member has a smaller member epoch (2) than the one known by the group "
        f"coordinator ({epoch}), and it does not match the previous member epoch ({previous}). The member must "
        "abandon all its partitions and rejoin."))
    at_previous = h.hb("m1", previous)  # the previous epoch: accepted, answered with the stored one
    assert (at_previous.error_code, at_previous.member_epoch, at_previous.assignment) == (E.NONE, epoch, None)


def test_sg_ep_2_what_bumps_the_group_epoch_and_what_does_not() -> None:
    h = ShareHarness({"foo": 1, "bar": 1})
    stable(h, "m1")
    g = h.group()
    epoch = g.group_epoch
    h.hb("m1", g.members["m1"].member_epoch, rack_id="r1")  # rack: (10) only
    assert (h.group().group_epoch, h.record_types(len(h.records) - 1)) == (epoch, [(10, False)])
    h.hb("m1", h.group().members["m1"].member_epoch, topics=["foo", "bar"])  # a new name set: +1
    assert h.group().group_epoch == epoch + 1
    assert h.group().members["m1"].subscribed_topic_names == ("bar", "foo")
    h.initialize_all()
    h.hb("m1", h.group().members["m1"].member_epoch)  # bar initialized, not yet targeted: +1 (SG-INIT-3)
    assert h.group().group_epoch == epoch + 2
    h.image.put("foo", FOO, 3)  # partitions added: the hash changes at the next heartbeat
    h.hb("m1", h.group().members["m1"].member_epoch)
    assert h.group().group_epoch == epoch + 3


def test_sg_ep_3_the_target_uses_only_initialized_partitions() -> None:
    h = ShareHarness({"foo": 3})
    first = h.hb("m1", 0)
    assert (first.member_epoch, parts(first)) == (1, {})  # (13) written even when []
    assert h.group().target == {"m1": {}}
    h.initialize_all()
    second = h.hb("m1", 1)
    assert (second.member_epoch, parts(second)) == (2, {FOO: [0, 1, 2]})


def test_sg_ep_4_no_revocation_every_member_is_stable_at_the_assignment_epoch() -> None:
    h = ShareHarness({"foo": 2})
    stable(h, "m1")
    r = h.hb("m2", 0)
    m1 = h.hb("m1", h.group().members["m1"].member_epoch)
    assert (r.member_epoch, m1.member_epoch) == (h.group().assignment_epoch,) * 2
    # The partition moved without a revocation step: m1 gave it up in the same heartbeat.
    assert sorted(parts(m1)[FOO] + parts(r)[FOO]) == [0, 1]
    m = h.group().members["m1"]
    assert m.previous_member_epoch == h.group().assignment_epoch - 1


def test_sg_ep_4_assignment_is_restricted_to_the_subscription() -> None:
    h = ShareHarness({"foo": 1, "bar": 1})
    h.hb("m1", 0, topics=["foo", "bar"])
    h.initialize_all()
    r = h.hb("m1", 1)
    assert parts(r) == {FOO: [0], topic_id("bar"): [0]}
    r = h.hb("m1", r.member_epoch, topics=["foo"])  # unsubscribed from bar: gone from its assignment at once
    assert parts(r) == {FOO: [0]}


def test_sg_ep_5_the_assignment_is_sent_on_join_full_requests_and_changes_only() -> None:
    h = ShareHarness({"foo": 1}, group_share_heartbeat_interval_ms=5000)
    h.group_configs["g"] = {"share.heartbeat.interval.ms": "6000"}
    r = h.hb("m1", 0)
    assert (r.heartbeat_interval_ms, parts(r)) == (6000, {})
    h.initialize_all()
    r = h.hb("m1", 1)
    assert parts(r) == {FOO: [0]}  # changed
    r = h.hb("m1", r.member_epoch)
    assert r.assignment is None  # unchanged
    r = h.hb("m1", r.member_epoch, topics=["foo"])
    assert parts(r) == {FOO: [0]}  # a full request


# ---------------------------------------------------------------------------------------------- SG-INIT-*
def test_sg_init_1_only_initialized_partitions_are_assignable() -> None:
    h = ShareHarness({"foo": 2})
    h.hb("m1", 0)
    g = h.group()
    assert (set(g.initializing[FOO].partitions), g.initialized) == ({0, 1}, {})
    h.initialize_all(error=E.UNKNOWN_SERVER_ERROR)  # failed: out of Initializing, nothing Initialized
    g = h.group()
    assert (g.initializing, g.initialized) == ({}, {})
    r = h.hb("m1", 1)
    assert parts(r) is None or parts(r) == {}


def test_sg_init_2_initialization_is_retried_only_after_the_retry_interval() -> None:
    h = ShareHarness({"foo": 1}, group_share_initialize_retry_interval_ms=30_000)
    h.hb("m1", 0)
    assert len(h.initializations) == 1
    h.initializations.clear()  # the share coordinator never answered
    h.clock.advance(29_999)
    h.hb("m1", 1)
    assert h.initializations == []
    h.clock.advance(1)
    h.hb("m1", 1)
    assert [i.start_offsets for i in h.initializations] == [{FOO: {0: -1}}]
    assert h.record_types(len(h.records) - 1) == [(15, False)]
    assert h.initializations[0].state_epoch == h.group().group_epoch


def test_sg_init_3_a_topic_that_appears_costs_two_epochs() -> None:
    """SGHT: join subscribing to missing foo -> 1, Assignment []; create foo(3) -> 2 (still []), then 3 with
    foo[0,1,2]; bar 3 -> 6 partitions: +2; delete foo: +1."""
    h = ShareHarness({})
    r = h.hb("m1", 0, topics=["foo", "bar"])
    assert (r.member_epoch, parts(r)) == (1, {})
    h.image.put("foo", FOO, 3)
    r = h.hb("m1", 1)
    assert r.member_epoch == 2 and not parts(r)
    h.initialize_all()
    r = h.hb("m1", 2)
    assert (r.member_epoch, parts(r)) == (3, {FOO: [0, 1, 2]})
    h.image.put("bar", topic_id("bar"), 3)
    r = h.hb("m1", 3)
    h.initialize_all()
    r = h.hb("m1", r.member_epoch)
    assert r.member_epoch == 5
    h.image.put("bar", topic_id("bar"), 6)
    r = h.hb("m1", 5)
    h.initialize_all()
    r = h.hb("m1", r.member_epoch)
    assert (r.member_epoch, parts(r)[topic_id("bar")]) == (7, [0, 1, 2, 3, 4, 5])
    h.image.remove("foo")
    h.coord.on_partitions_deleted([("foo", p) for p in range(3)])
    r = h.hb("m1", 7)
    assert (r.member_epoch, FOO in parts(r)) == (8, False)


def test_sg_init_5_a_deleted_topic_leaves_every_group() -> None:
    h = ShareHarness({"foo": 2})
    stable(h, "m1")
    stable(h, "m2", group="g2")
    n = len(h.records)
    h.image.remove("foo")
    h.absorb(h.coord.on_partitions_deleted([("foo", 0), ("foo", 1)]))
    assert h.record_types(n) == [(15, False), (15, False)]  # one (15) per affected group
    assert h.group().initialized == {} and h.group("g2").initialized == {}
    assert h.deletions == []  # the share coordinator tombstones a deleted topic's keys itself (SC-DEL-2)


# ---------------------------------------------------------------------------------------------- SG-LV-1, SG-TM-1
def test_sg_lv_1_leave_tombstones_the_member_and_bumps_without_a_new_target() -> None:
    h = ShareHarness({"foo": 1})
    stable(h, "m1", "m2")
    g = h.group()
    epoch, assignment_epoch = g.group_epoch, g.assignment_epoch
    n = len(h.records)
    r = h.hb("m1", -1)
    assert (r.error_code, r.member_id, r.member_epoch, r.heartbeat_interval_ms) == (E.NONE, "m1", -1, 0)
    assert h.record_types(n) == [(14, True), (13, True), (10, True), (11, False)]
    g = h.group()
    assert (g.group_epoch, g.assignment_epoch, list(g.members)) == (epoch + 1, assignment_epoch, ["m2"])
    assert session_timeout_key("g", "m1") not in h.coord.scheduled_timers()


def test_sg_tm_1_session_expiry_removes_the_member_and_rejoin_gets_a_new_epoch() -> None:
    """SGHT testMemberJoiningAndExpiring: session 501 ms, idle -> UNKNOWN_MEMBER_ID; rejoin at 0 -> a new epoch,
    the same partitions."""
    h = ShareHarness({"foo": 2}, group_configs={})
    h.group_configs["g"] = {"share.session.timeout.ms": "501"}
    stable(h, "m1")
    before = h.group().group_epoch
    assert h.coord.timer_deadline(session_timeout_key("g", "m1")) == h.clock.now_ms() + 501
    h.clock.advance(500)
    h.fire_due()
    assert "m1" in h.group().members
    h.clock.advance(1)
    h.fire_due()
    assert "m1" not in h.group().members and h.group().group_epoch == before + 1
    assert h.hb("m1", before).error_code == E.UNKNOWN_MEMBER_ID
    r = h.hb("m1", 0)
    assert (r.member_epoch, parts(r)) == (before + 2, {FOO: [0, 1]})


def test_sg_tm_1_every_member_gets_a_fresh_timer_after_a_load() -> None:
    h = ShareHarness({"foo": 1})
    stable(h, "m1", "m2")
    loaded = h.replayed()
    loaded.complete_load(loaded.partition_for("g"))
    assert {k for k in loaded.scheduled_timers() if k.startswith("session-timeout-g-")} == {
        session_timeout_key("g", "m1"), session_timeout_key("g", "m2")}


def test_sg_tm_1_expire_member_finds_a_share_members_session() -> None:
    h = ShareHarness({"foo": 1})
    h.hb("m1", 0)
    assert h.coord.session_timer("g", "m1") == session_timeout_key("g", "m1")


# ---------------------------------------------------------------------------------------------- SG-STATE-1
def test_sg_state_1_empty_stable_and_dead() -> None:
    h = ShareHarness({"foo": 1})
    h.hb("m1", 0)
    assert h.group().state is ShareGroupState.STABLE
    h.hb("m1", -1)
    assert h.group().state is ShareGroupState.EMPTY
    states = [(str(t.from_state), str(t.to_state)) for t in h.coord.history("g")]
    assert states == [("None", "Empty"), ("Empty", "Stable"), ("Stable", "Empty")]
    snap = h.coord.snapshot("g")
    assert snap is not None and (str(snap.state), snap.group_type, snap.members) == ("Empty", "share", ())
