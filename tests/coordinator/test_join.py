"""JoinGroup: B-JOIN-1..9, B-TRIG-1..3, static membership (KIP-345) and KIP-394 member ids."""

from __future__ import annotations

from kaflite.coordinator import GroupState
from kaflite.protocol.errors import ErrorCode as E
from tests.coordinator.harness import Harness, wire

S = GroupState


def test_b_join_1_each_request_is_one_synchronous_state_change(h: Harness) -> None:
    # B-JOIN-1: a handler returns a finished result; there is nothing to await in between.
    import inspect

    for name in ("join_group", "sync_group", "heartbeat", "leave_group", "offset_commit", "on_timer"):
        assert not inspect.iscoroutinefunction(getattr(h.coord, name))
    t = h.join()
    assert h.answered(t)


def test_b_join_2_member_id_required_round_trip_v4(h: Harness) -> None:
    t = h.join(client_id="app", version=4)
    r = h.responses[t]
    assert r.error_code == E.MEMBER_ID_REQUIRED
    assert r.member_id.startswith("app-")
    assert h.state() is S.EMPTY  # a pending member does not start a rebalance
    t2 = h.join(member_id=r.member_id, client_id="app", version=4)
    assert not h.answered(t2)  # parked in the initial delayed join
    assert h.state() is S.PREPARING_REBALANCE
    h.advance(0)
    r2 = h.responses[t2]
    assert (r2.error_code, r2.member_id, r2.generation_id, r2.leader) == (E.NONE, r.member_id, 1, r.member_id)


def test_b_join_2_old_versions_get_a_member_id_at_once(h: Harness) -> None:
    t = h.join(client_id="old", version=3)
    assert not h.answered(t)
    h.advance(0)
    r = h.responses[t]
    assert r.error_code == E.NONE and r.member_id.startswith("old-")


def test_b_join_2_pending_member_id_expires_after_session_timeout(h: Harness) -> None:
    t = h.join(session_timeout_ms=10_000)
    pending = h.responses[t].member_id
    h.advance(10_000)
    t2 = h.join(member_id=pending)
    assert h.responses[t2].error_code == E.UNKNOWN_MEMBER_ID


def test_b_join_2_unknown_member_id_for_unknown_group(h: Harness) -> None:
    t = h.join(member_id="ghost")
    assert h.responses[t].error_code == E.UNKNOWN_MEMBER_ID


def test_b_join_2_static_member_skips_member_id_required(h: Harness) -> None:
    t = h.join(instance_id="i-1", version=5)
    assert not h.answered(t)
    h.advance(0)
    r = h.responses[t]
    assert r.error_code == E.NONE and r.member_id.startswith("i-1-")


def test_b_join_2_static_member_replaced_without_rebalance_when_protocol_unchanged(h: Harness) -> None:
    ids = h.form_group(1, instance_id="i-1")
    gen = h.coord.snapshot("g").generation
    records_before = len(h.records)
    t = h.join(instance_id="i-1")  # the same instance restarts: unknown member id
    r = h.responses[t]
    assert r.error_code == E.NONE
    assert r.member_id != ids[0] and r.generation_id == gen
    assert h.state() is S.STABLE
    assert len(h.records) == records_before + 1  # the new member id is persisted
    snap = h.coord.snapshot("g")
    assert [m.member_id for m in snap.members] == [r.member_id]
    assert snap.members[0].assignment == f"assign-{ids[0]}".encode()  # keeps its assignment
    # The old member id is now fenced.
    assert h.heartbeat("g", ids[0], gen, instance_id="i-1") == E.FENCED_INSTANCE_ID
    assert h.heartbeat("g", r.member_id, gen, instance_id="i-1") == E.NONE


def test_b_join_2_static_member_v9_leader_gets_skip_assignment(h: Harness) -> None:
    h.form_group(1, instance_id="i-1", version=9)
    t = h.join(instance_id="i-1", version=9)
    r = h.responses[t]
    assert r.skip_assignment is True and r.leader == r.member_id and len(r.members) == 1


def test_b_join_2_static_member_with_protocol_change_rebalances(h: Harness) -> None:
    h.form_group(2, instance_id="i-", protocols=[("range", b"a"), ("roundrobin", b"b")])
    t = h.join(instance_id="i-", protocols=[("roundrobin", b"x")])
    assert not h.answered(t)
    assert h.state() is S.PREPARING_REBALANCE


def test_b_join_2_fenced_instance_id_for_stale_member_id(h: Harness) -> None:
    ids = h.form_group(1, instance_id="i-1")
    t = h.join(member_id="i-1-stale", instance_id="i-1")
    assert h.responses[t].error_code == E.FENCED_INSTANCE_ID
    assert h.coord.snapshot("g").members[0].member_id == ids[0]


def test_b_join_3_new_member_in_stable_starts_one_rebalance(h: Harness) -> None:
    h.form_group(2)
    h.join_new()
    assert h.state() is S.PREPARING_REBALANCE
    timers = h.coord.scheduled_timers()
    assert "join-g" in timers  # ONE delayed join for the group
    n = len(h.coord.history("g"))
    h.join_new()  # B-JOIN-3: further joins while PreparingRebalance change nothing
    assert h.state() is S.PREPARING_REBALANCE
    assert len(h.coord.history("g")) == n


def test_b_join_3_b_trig_2_changed_metadata_in_stable_rebalances(h: Harness) -> None:
    ids = h.form_group(2)
    t = h.join(member_id=ids[1], protocols=[("range", b"new-subscription")])
    assert not h.answered(t)
    assert h.state() is S.PREPARING_REBALANCE
    assert "updating metadata" in h.coord.history("g")[-1].reason


def test_b_join_3_new_member_in_completing_rebalance_restarts(h: Harness) -> None:
    h.join_new()
    h.advance(0)
    assert h.state() is S.COMPLETING_REBALANCE  # the leader has not synced yet
    h.join_new()
    assert h.state() is S.PREPARING_REBALANCE


def test_b_join_4_completes_as_soon_as_all_rejoined(h: Harness) -> None:
    ids = h.form_group(2)
    t_new = h.join_new()
    t0 = h.join(member_id=ids[0])
    assert not h.answered(t0)
    t1 = h.join(member_id=ids[1])  # the last known member rejoins: completes at once
    assert all(h.answered(t) for t in (t_new, t0, t1))
    assert h.state() is S.COMPLETING_REBALANCE
    assert h.responses[t1].generation_id == 2


def test_b_join_4_rebalance_timeout_is_the_largest_and_laggards_are_removed(h: Harness) -> None:
    ids = h.form_group(2, rebalance_timeout_ms=20_000, session_timeout_ms=60_000)
    t_new = h.join_new(rebalance_timeout_ms=45_000)  # new member with the largest timeout
    assert h.coord.timer_deadline("join-g") == h.clock.now_ms() + 45_000
    h.join(member_id=ids[0], rebalance_timeout_ms=20_000)
    h.advance(44_999)
    assert h.state() is S.PREPARING_REBALANCE
    h.advance(1)
    assert h.state() is S.COMPLETING_REBALANCE
    snap = h.coord.snapshot("g")
    assert ids[1] not in {m.member_id for m in snap.members}  # did not rejoin in time
    assert h.responses[t_new].error_code == E.NONE


def test_b_join_5_initial_delay_extends_while_members_arrive_capped_by_rebalance_timeout() -> None:
    h = Harness(group_initial_rebalance_delay_ms=3_000)
    t1 = h.join_new(rebalance_timeout_ms=10_000)
    h.advance(2_000)
    t2 = h.join_new(rebalance_timeout_ms=10_000)  # arrives during the delay: extends it
    h.advance(1_000)  # first delay over, a member was added: wait another 3 s
    assert h.state() is S.PREPARING_REBALANCE and not h.answered(t1)
    h.advance(3_000)
    assert h.state() is S.COMPLETING_REBALANCE
    assert h.responses[t1].generation_id == h.responses[t2].generation_id == 1


def test_b_join_5_initial_delay_never_beyond_rebalance_timeout() -> None:
    h = Harness(group_initial_rebalance_delay_ms=3_000)
    first = h.join_new(rebalance_timeout_ms=5_000)
    start = h.clock.now_ms()
    for _ in range(10):  # a member keeps arriving every second
        h.advance(1_000)
        if h.answered(first):
            break
        h.join_new(rebalance_timeout_ms=5_000)
    assert h.answered(first)
    assert h.clock.now_ms() - start <= 5_000


def test_b_join_5_all_members_joined_does_not_cut_the_initial_delay() -> None:
    h = Harness(group_initial_rebalance_delay_ms=3_000)
    t = h.join_new()
    assert not h.answered(t)  # every known member has joined, still waits for the delay
    h.advance(3_000)
    assert h.answered(t)


def test_b_join_6_vote_leader_and_member_list_only_for_leader(h: Harness) -> None:
    a = h.join(protocols=[("range", b"a"), ("roundrobin", b"a2")])
    b = h.join(protocols=[("roundrobin", b"b"), ("range", b"b2")])
    c = h.join(protocols=[("roundrobin", b"c")])
    ids = [h.responses[t].member_id for t in (a, b, c)]
    ta = h.join(member_id=ids[0], protocols=[("range", b"a"), ("roundrobin", b"a2")])
    tb = h.join(member_id=ids[1], protocols=[("roundrobin", b"b"), ("range", b"b2")])
    tc = h.join(member_id=ids[2], protocols=[("roundrobin", b"c")])
    h.advance(0)
    ra, rb, rc = (h.responses[t] for t in (ta, tb, tc))
    assert ra.protocol_name == rb.protocol_name == rc.protocol_name == "roundrobin"
    assert ra.leader == rb.leader == rc.leader == ids[0]  # B-JOIN-7: the first to join leads
    assert {(m.member_id, m.metadata) for m in ra.members} == {
        (ids[0], b"a2"),
        (ids[1], b"b"),
        (ids[2], b"c"),
    }
    assert rb.members == [] and rc.members == []
    assert ra.generation_id == 1  # generations start at 1


def test_b_join_6_inconsistent_group_protocol(h: Harness) -> None:
    h.form_group(1)
    t = h.join(protocols=[("sticky", b"")])
    assert h.responses[t].error_code == E.INCONSISTENT_GROUP_PROTOCOL


def test_b_join_7_new_leader_when_leader_leaves(h: Harness) -> None:
    ids = h.form_group(3)
    h.leave("g", (ids[0], None))
    t1 = h.join(member_id=ids[1])
    t2 = h.join(member_id=ids[2])
    assert h.responses[t1].leader == ids[1] == h.responses[t2].leader
    assert len(h.responses[t1].members) == 2


def test_b_join_7_leader_reelected_when_leader_does_not_rejoin(h: Harness) -> None:
    ids = h.form_group(2)
    h.join_new()
    t = h.join(member_id=ids[1])
    h.advance(30_000)  # the leader never rejoins
    r = h.responses[t]
    assert r.leader == ids[1] and r.error_code == E.NONE


def test_b_join_8_follower_rejoin_in_stable_gets_current_generation(h: Harness) -> None:
    ids = h.form_group(3)
    n = len(h.coord.history("g"))
    t = h.join(member_id=ids[1])
    r = h.responses[t]
    assert (r.error_code, r.generation_id, r.leader, r.members) == (E.NONE, 1, ids[0], [])
    assert len(h.coord.history("g")) == n and h.state() is S.STABLE


def test_b_join_8_rejoin_in_completing_rebalance_leader_gets_members(h: Harness) -> None:
    a, b = h.join(), h.join()
    ids = [h.responses[t].member_id for t in (a, b)]
    h.join(member_id=ids[0])
    h.join(member_id=ids[1])
    h.advance(0)
    assert h.state() is S.COMPLETING_REBALANCE
    t = h.join(member_id=ids[0])  # leader lost its answer
    r = h.responses[t]
    assert r.generation_id == 1 and r.leader == ids[0] and len(r.members) == 2
    assert h.state() is S.COMPLETING_REBALANCE


def test_b_trig_3_leader_rejoin_in_stable_forces_rebalance(h: Harness) -> None:
    # A partition count change is seen by the leader, which rejoins with the same metadata.
    ids = h.form_group(2)
    t = h.join(member_id=ids[0])
    assert not h.answered(t)
    assert h.state() is S.PREPARING_REBALANCE


def test_b_trig_1_membership_changes_trigger_rebalances(h: Harness) -> None:
    ids = h.form_group(2)
    h.join_new()
    assert h.state() is S.PREPARING_REBALANCE  # join
    h2 = Harness()
    ids2 = h2.form_group(2)
    h2.leave("g", (ids2[1], None))
    assert h2.state() is S.PREPARING_REBALANCE  # leave
    h3 = Harness()
    ids3 = h3.form_group(2, session_timeout_ms=10_000)
    h3.clock.advance(9_000)
    h3.heartbeat("g", ids3[0], 1)
    h3.advance(1_000)
    assert h3.state() is S.PREPARING_REBALANCE  # expiry of ids3[1]
    joined = [m.member_id for m in h.coord.snapshot("g").members]
    assert len(joined) == 3 and set(ids) < set(joined)
    assert "adding new member" in h.coord.history("g")[-1].reason
    assert f"explicit LeaveGroup request for ({ids2[1]}) members" in h2.coord.history("g")[-1].reason
    assert f"removing member {ids3[1]} on heartbeat expiration" in h3.coord.history("g")[-1].reason
    assert [m.member_id for m in h3.coord.snapshot("g").members] == [ids3[0]]


def test_b_join_9_group_max_size() -> None:
    h = Harness(group_max_size=2)
    h.form_group(2)
    t = h.join_new()
    assert h.responses[t].error_code == E.GROUP_MAX_SIZE_REACHED
    assert h.state() is S.STABLE


def test_b_join_9_session_timeout_bounds(h: Harness) -> None:
    lo = h.join(session_timeout_ms=h.config.group_min_session_timeout_ms - 1)
    hi = h.join(session_timeout_ms=h.config.group_max_session_timeout_ms + 1)
    ok = h.join(session_timeout_ms=h.config.group_min_session_timeout_ms)
    assert h.responses[lo].error_code == E.INVALID_SESSION_TIMEOUT
    assert h.responses[hi].error_code == E.INVALID_SESSION_TIMEOUT
    assert h.responses[ok].error_code == E.MEMBER_ID_REQUIRED


def test_b_join_9_protocol_type_must_match(h: Harness) -> None:
    h.form_group(1)
    t = h.join(protocol_type="connect")
    assert h.responses[t].error_code == E.INCONSISTENT_GROUP_PROTOCOL


def test_join_v0_uses_session_timeout_as_rebalance_timeout(h: Harness) -> None:
    t = h.join(version=0, session_timeout_ms=7_000, rebalance_timeout_ms=-1)
    h.advance(0)
    assert h.responses[t].error_code == E.NONE
    assert h.coord.snapshot("g").members[0].rebalance_timeout_ms == 7_000


def test_join_responses_encode_for_every_version() -> None:
    for v in range(0, 10):
        hv = Harness()
        t = hv.join_new(version=v)
        hv.advance(0)
        r = hv.responses[t]
        got = wire(r, v)  # what the client reads: protocol type only from v7, etc.
        member = r.member_id
        assert member.startswith("consumer-")
        assert (got.error_code, got.generation_id, got.protocol_name, got.leader) == (E.NONE, 1, "range", member)
        assert [(m.member_id, bytes(m.metadata)) for m in got.members] == [(member, b"sub")]  # the leader's list
        assert got.protocol_type == ("consumer" if v >= 7 else None)
