"""SyncGroup (B-SYNC-*), Heartbeat and liveness (B-HB-*), LeaveGroup (B-LEAVE-1)."""

from __future__ import annotations

from kaflite.coordinator import GroupState
from kaflite.coordinator.records import decode_group_metadata_value, decode_key
from kaflite.protocol.errors import ErrorCode as E
from tests.coordinator.harness import Harness

S = GroupState


def _two_joined(h: Harness, **kw: object) -> tuple[str, str]:
    """Two members joined, group CompletingRebalance generation 1; returns (leader, follower)."""
    ta, tb = h.join_new(**kw), h.join_new(**kw)
    h.advance(0)
    ra, rb = h.responses[ta], h.responses[tb]
    assert h.state() is S.COMPLETING_REBALANCE
    return ra.member_id, rb.member_id


# ---------------------------------------------------------------------------------------- SyncGroup
def test_b_sync_1_preparing_rebalance_answers_rebalance_in_progress(h: Harness) -> None:
    ids = h.form_group(2)
    h.join_new()
    t = h.sync("g", ids[0], 1, {ids[0]: b"a"})  # even the leader's
    assert h.responses[t].error_code == E.REBALANCE_IN_PROGRESS


def test_b_sync_2_follower_parked_until_leader_assignment_is_stored(h: Harness) -> None:
    leader, follower = _two_joined(h)
    tf = h.sync("g", follower, 1)
    assert not h.answered(tf)  # parked
    n = len(h.records)
    tl = h.sync("g", leader, 1, {leader: b"L"})  # the follower is missing: gets an empty assignment
    assert h.state() is S.STABLE
    # The group is persisted with the assignment in the same result that answers the syncs.
    result = h.results[-1]
    assert len(h.records) == n + 1 and result.response_for(tf) is not None
    key, value = h.records[-1]
    assert decode_key(key).group == "g"
    stored = decode_group_metadata_value(value)
    assert {m.member_id: m.assignment for m in stored.members} == {leader: b"L", follower: b""}
    assert stored.generation == 1 and stored.leader == leader and stored.protocol == "range"
    assert h.responses[tl].assignment == b"L"
    assert (h.responses[tf].error_code, h.responses[tf].assignment) == (E.NONE, b"")


def test_b_sync_2_parked_syncs_answered_rebalance_in_progress_when_a_member_joins(h: Harness) -> None:
    _leader, follower = _two_joined(h)
    tf = h.sync("g", follower, 1)
    h.join_new()
    assert h.responses[tf].error_code == E.REBALANCE_IN_PROGRESS


def test_b_sync_3_stable_answers_with_stored_assignment(h: Harness) -> None:
    ids = h.form_group(2)
    t = h.sync("g", ids[1], 1, version=5, protocol_type="consumer", protocol_name="range")
    r = h.responses[t]
    assert (r.error_code, r.assignment, r.protocol_type, r.protocol_name) == (
        E.NONE,
        f"assign-{ids[1]}".encode(),
        "consumer",
        "range",
    )


def test_b_sync_4_errors(h: Harness) -> None:
    ids = h.form_group(2)
    assert h.responses[h.sync("g", "nobody", 1)].error_code == E.UNKNOWN_MEMBER_ID
    assert h.responses[h.sync("nogroup", ids[0], 1)].error_code == E.UNKNOWN_MEMBER_ID
    assert h.responses[h.sync("g", ids[0], 7)].error_code == E.ILLEGAL_GENERATION
    t = h.sync("g", ids[0], 1, version=5, protocol_type="connect")
    assert h.responses[t].error_code == E.INCONSISTENT_GROUP_PROTOCOL
    t = h.sync("g", ids[0], 1, version=5, protocol_name="roundrobin")
    assert h.responses[t].error_code == E.INCONSISTENT_GROUP_PROTOCOL


def test_members_that_never_sync_are_evicted_after_rebalance_timeout(h: Harness) -> None:
    leader, follower = _two_joined(h, rebalance_timeout_ms=20_000, session_timeout_ms=60_000)
    h.sync("g", leader, 1, {leader: b"L", follower: b"F"})
    assert h.state() is S.STABLE
    h.advance(20_000)  # the follower never synced: pending-sync timer = rebalance timeout
    # the leader has not rejoined yet, so the new rebalance waits for it in PreparingRebalance
    assert h.states()[-2:] == ["Stable", "PreparingRebalance"]
    assert [m.member_id for m in h.coord.snapshot("g").members] == [leader]
    assert "pending sync" in [t.reason for t in h.coord.history("g") if t.to_state is S.PREPARING_REBALANCE][-1]


# ---------------------------------------------------------------------------------------- Heartbeat
def test_b_hb_1_each_heartbeat_pushes_the_deadline(h: Harness) -> None:
    ids = h.form_group(1, session_timeout_ms=10_000)
    for _ in range(5):
        h.advance(9_000)
        assert h.heartbeat("g", ids[0], 1) == E.NONE
        assert h.coord.timer_deadline(f"heartbeat-g-{ids[0]}") == h.clock.now_ms() + 10_000
    assert h.state() is S.STABLE


def test_b_hb_1_join_and_sync_answers_schedule_the_next_deadline(h: Harness) -> None:
    leader, follower = _two_joined(h, session_timeout_ms=10_000)
    assert h.coord.timer_deadline(f"heartbeat-g-{leader}") == h.clock.now_ms() + 10_000
    h.advance(5_000)
    h.sync("g", follower, 1)
    h.sync("g", leader, 1, {})
    assert h.coord.timer_deadline(f"heartbeat-g-{follower}") == h.clock.now_ms() + 10_000


def test_b_hb_2_answers_per_state(h: Harness) -> None:
    assert h.heartbeat("nogroup", "m", 1) == E.UNKNOWN_MEMBER_ID
    leader, follower = _two_joined(h)
    assert h.heartbeat("g", "nobody", 1) == E.UNKNOWN_MEMBER_ID
    assert h.heartbeat("g", leader, 0) == E.ILLEGAL_GENERATION
    assert h.heartbeat("g", leader, 1) == E.NONE  # (modern) CompletingRebalance -> NONE
    h.sync("g", leader, 1, {})
    assert h.heartbeat("g", follower, 1) == E.NONE  # Stable
    h.join_new()
    assert h.heartbeat("g", follower, 1) == E.REBALANCE_IN_PROGRESS  # PreparingRebalance


def test_b_hb_2_empty_group_answers_unknown_member(h: Harness) -> None:
    ids = h.form_group(1)
    h.leave("g", (ids[0], None))
    assert h.state() is S.EMPTY
    assert h.heartbeat("g", ids[0], 2) == E.UNKNOWN_MEMBER_ID


def test_b_hb_3_expiry_in_stable_rebalances_and_last_member_makes_empty(h: Harness) -> None:
    ids = h.form_group(2, session_timeout_ms=10_000)
    h.advance(6_000)
    h.heartbeat("g", ids[0], 1)
    h.advance(4_000)  # ids[1] silent for 10 s
    assert h.state() is S.PREPARING_REBALANCE
    t = h.join(member_id=ids[0], session_timeout_ms=10_000)  # the survivor rejoins alone
    assert h.responses[t].generation_id == 2 and h.state() is S.COMPLETING_REBALANCE
    h.sync("g", ids[0], 2, {ids[0]: b"all"})
    n = len(h.records)
    h.advance(10_000)  # the last member dies too
    assert h.state() is S.EMPTY
    assert len(h.records) == n + 1  # Empty is persisted
    assert decode_group_metadata_value(h.records[-1][1]).members == []


def test_b_hb_3_expiry_in_completing_rebalance(h: Harness) -> None:
    leader, follower = _two_joined(h, session_timeout_ms=10_000, rebalance_timeout_ms=60_000)
    h.clock.advance(9_000)
    h.heartbeat("g", leader, 1)
    h.advance(1_000)  # the follower neither syncs nor heartbeats
    assert h.state() is S.PREPARING_REBALANCE
    assert follower not in {m.member_id for m in h.coord.snapshot("g").members}


def test_b_hb_3_expiry_in_preparing_rebalance_rechecks_the_join(h: Harness) -> None:
    ids = h.form_group(2, session_timeout_ms=10_000, rebalance_timeout_ms=60_000)
    t = h.join(member_id=ids[0], session_timeout_ms=10_000, rebalance_timeout_ms=60_000)
    assert h.state() is S.PREPARING_REBALANCE
    h.advance(10_000)  # ids[1] expires: everyone left has joined -> complete now, not at 60 s
    assert h.state() is S.COMPLETING_REBALANCE and h.answered(t)


def test_b_hb_4_parked_member_is_not_expired(h: Harness) -> None:
    ids = h.form_group(2, session_timeout_ms=10_000, rebalance_timeout_ms=60_000)
    t = h.join(member_id=ids[0], session_timeout_ms=10_000, rebalance_timeout_ms=60_000)
    h.clock.advance(30_000)
    h.heartbeat("g", ids[1], 1)  # keep the other alive (REBALANCE_IN_PROGRESS, but resets it)
    h.advance(0)
    assert not h.answered(t)  # ids[0] waits in its parked JoinGroup longer than its session
    assert ids[0] in {m.member_id for m in h.coord.snapshot("g").members}
    h.advance(30_000)  # join deadline: ids[1] never rejoined
    assert h.responses[t].error_code == E.NONE


def test_stale_timer_is_ignored(h: Harness) -> None:
    ids = h.form_group(1, session_timeout_ms=10_000)
    key = f"heartbeat-g-{ids[0]}"
    old = h.coord.timer_deadline(key)
    h.clock.advance(5_000)
    h.heartbeat("g", ids[0], 1)
    result = h.coord.on_timer(key, old)  # the old deadline fires late: stale
    assert result.responses == [] and result.records == {} and h.state() is S.STABLE
    assert h.coord.on_timer("heartbeat-g-nobody", h.clock.now_ms()).timers == []


# ---------------------------------------------------------------------------------------- LeaveGroup
def test_b_leave_1_leave_in_stable_rebalances(h: Harness) -> None:
    ids = h.form_group(3)
    r = h.leave("g", (ids[2], None), reason="shutting down")
    assert r.error_code == E.NONE and [m.error_code for m in r.members] == [E.NONE]
    assert h.state() is S.PREPARING_REBALANCE


def test_b_leave_1_batch_with_per_member_errors_and_static_by_instance_id(h: Harness) -> None:
    ids = h.form_group(3, instance_id="i-")
    r = h.leave("g", ("", "i-1"), ("nobody", None), (ids[0], "wrong-instance"), version=3)
    assert [m.error_code for m in r.members] == [E.NONE, E.UNKNOWN_MEMBER_ID, E.UNKNOWN_MEMBER_ID]
    assert ids[1] not in {m.member_id for m in h.coord.snapshot("g").members}


def test_b_leave_1_fenced_static_member(h: Harness) -> None:
    ids = h.form_group(1, instance_id="i-")
    r = h.leave("g", ("i--stale", "i-"), version=4)
    assert [(m.member_id, m.group_instance_id, m.error_code) for m in r.members] == [
        ("i--stale", "i-", E.FENCED_INSTANCE_ID)
    ]
    # the fenced request removed nobody: the current member stays, no rebalance
    assert [m.member_id for m in h.coord.snapshot("g").members] == ids
    assert h.state() is S.STABLE


def test_b_leave_1_v0_single_member_top_level_error(h: Harness) -> None:
    ids = h.form_group(2)
    assert h.leave("g", ("nobody", None), version=0).error_code == E.UNKNOWN_MEMBER_ID
    assert h.leave("g", (ids[1], None), version=1).error_code == E.NONE
    assert h.leave("nogroup", ("m", None), version=2).error_code == E.UNKNOWN_MEMBER_ID


def test_b_leave_1_unknown_group_v3_per_member_error(h: Harness) -> None:
    r = h.leave("nogroup", ("m", None), version=3)
    assert r.error_code == E.NONE and r.members[0].error_code == E.UNKNOWN_MEMBER_ID


def test_b_leave_1_in_preparing_rebalance_rechecks_join(h: Harness) -> None:
    ids = h.form_group(2)
    t = h.join(member_id=ids[0])
    h.leave("g", (ids[1], None))
    assert h.answered(t) and h.state() is S.COMPLETING_REBALANCE


def test_b_leave_1_last_member_leaving_makes_group_empty(h: Harness) -> None:
    ids = h.form_group(1)
    h.leave("g", (ids[0], None))
    assert h.states()[-2:] == ["PreparingRebalance", "Empty"]
    assert h.coord.snapshot("g").generation == 2


def test_b_leave_1_reason_is_logged(h: Harness) -> None:
    import structlog

    ids = h.form_group(1)
    with structlog.testing.capture_logs() as logs:
        h.leave("g", (ids[0], None), reason="the consumer is being closed")
    left = [(e["member"], e["reason"]) for e in logs if e["event"] == "group.member_left"]
    assert left == [(ids[0], "the consumer is being closed")]


def test_b_leave_1_pending_member_can_leave(h: Harness) -> None:
    t = h.join()
    pending = h.responses[t].member_id
    r = h.leave("g", (pending, None))
    assert r.members[0].error_code == E.NONE
