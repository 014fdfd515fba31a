"""Classic members inside KIP-848 consumer groups (CG-MIX-1..4, CG-TM-3, CG-ST-2, CG-OFF-1, CG-DESC-2)."""

from __future__ import annotations

import pytest

from kaflite.coordinator.consumer.group import MemberState
from kaflite.coordinator.consumer.manager import join_timeout_key, session_timeout_key, sync_timeout_key
from kaflite.protocol.errors import ErrorCode as E
from tests.coordinator.consumer_harness import ConsumerHarness, same_group


@pytest.fixture
def h() -> ConsumerHarness:
    return ConsumerHarness(topics={"foo": 6, "bar": 3})


def classic_member(h: ConsumerHarness, topics: list[str], **kw: object) -> tuple[str, int]:
    """A classic member joins the (non-empty) group with the KIP-394 round trip; (member id, generation)."""
    r = h.cjoin("", topics, **kw)  # type: ignore[arg-type]
    if kw.get("instance_id") is None:  # a static member needs no round trip
        assert r.error_code == E.MEMBER_ID_REQUIRED and r.member_id
        r = h.cjoin(r.member_id, topics, **kw)  # type: ignore[arg-type]
    assert r.error_code == 0, r
    return r.member_id, r.generation_id


def check_replay(h: ConsumerHarness) -> None:
    assert same_group(h.group(), h.replayed().ctx.groups["g"])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- CG-MIX-1
def test_CG_MIX_1_classic_member_joins_and_reconciles(h: ConsumerHarness) -> None:
    assert h.hb("m1", 0, topics=["foo"]).member_epoch == 1
    n = len(h.records)
    r = h.cjoin("", ["foo"])
    assert (r.error_code, h.records[n:]) == (E.MEMBER_ID_REQUIRED, [])  # KIP-394: no record yet
    mid = r.member_id
    r = h.cjoin(mid, ["foo"], owned={})
    assert (r.error_code, r.member_id, r.generation_id, r.protocol_type, r.protocol_name, r.leader, r.members) == (
        0, mid, 2, "consumer", "range", "", [])
    assert h.record_types(n) == ["5", "3", "7", "7", "6", "8"]
    member = h.group().members[mid]
    assert member.use_classic_protocol and member.classic is not None
    assert member.classic.session_timeout_ms == 10_000 and member.classic.protocol_name == "range"
    assert member.subscribed_topic_names == ("foo",) and member.rebalance_timeout_ms == 30_000
    assert member.state is MemberState.UNRELEASED_PARTITIONS and member.assigned == {}  # m1 still holds them
    check_replay(h)
    assert h.replayed().ctx.groups["g"].members[mid].classic == member.classic  # type: ignore[attr-defined]

    # SyncGroup at the generation: its (empty) assignment.
    s = h.csync(mid, 2)
    assert (s.error_code, s.protocol_type, s.protocol_name, h.sync_assignment(s)) == (0, "consumer", "range", {})
    # m1 revokes half, then acks; the classic member's heartbeat tells it to rejoin for the freed partitions.
    r1 = h.hb("m1", 1)
    assert r1.member_epoch == 1 and h.group().members["m1"].state is MemberState.UNREVOKED_PARTITIONS
    kept = h.assigned(r1)
    assert kept is not None
    assert h.hb("m1", 1, owned=kept).member_epoch == 2
    assert h.chb(mid, 2) == E.REBALANCE_IN_PROGRESS
    r = h.cjoin(mid, ["foo"])
    assert r.generation_id == 2 and h.group().members[mid].state is MemberState.STABLE
    s = h.csync(mid, 2)
    got = h.sync_assignment(s)
    assert sorted(got["foo"] + kept["foo"]) == [0, 1, 2, 3, 4, 5] and len(got["foo"]) == 3
    assert h.chb(mid, 2) == E.NONE
    assert h.group().state.value == "Stable"
    check_replay(h)


def test_CG_MIX_1_protocol_checks(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    n = len(h.records)
    r = h.cjoin("c1", ["foo"], protocol_type="connect")
    assert (r.error_code, r.member_id) == (E.INCONSISTENT_GROUP_PROTOCOL, "c1")
    mid, _ = classic_member(h, ["foo"], protocols=["range", "roundrobin"])
    # Another classic member must share a protocol with every classic member.
    assert h.cjoin("c2", ["foo"], protocols=["sticky"]).error_code == E.INCONSISTENT_GROUP_PROTOCOL
    r = h.cjoin("c2", ["foo"], protocols=["sticky", "roundrobin"])
    assert (r.error_code, r.protocol_name) == (0, "sticky")  # its own first protocol names the answer
    assert h.cjoin("c3", ["foo"], session_timeout_ms=1).error_code == E.INVALID_SESSION_TIMEOUT
    assert mid in h.group().members and "c3" not in h.group().members
    assert len(h.records) > n


def test_CG_MIX_1_group_max_size() -> None:
    h = ConsumerHarness(topics={"foo": 2}, group_consumer_max_size=1)
    h.hb("m1", 0, topics=["foo"])
    n = len(h.records)
    r = h.cjoin("", ["foo"])
    assert r.error_code == E.GROUP_MAX_SIZE_REACHED and h.records[n:] == []


def test_CG_MIX_1_owned_partitions_drive_reconciliation(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, gen = classic_member(h, ["foo"])
    h.hb("m1", 1, owned={"foo": [0, 1, 2]})  # m1 acks what the assignor left it
    r = h.cjoin(mid, ["foo"], owned={})
    gen = r.generation_id
    owned = h.sync_assignment(h.csync(mid, gen))
    assert owned and h.group().members[mid].state is MemberState.STABLE
    # A third member: the classic one must revoke; while it still reports the partitions it stays UNREVOKED.
    h.hb("m3", 0, topics=["foo"])
    assert h.chb(mid, gen) == E.REBALANCE_IN_PROGRESS
    r = h.cjoin(mid, ["foo"], owned=owned)
    assert r.generation_id == gen and h.group().members[mid].state is MemberState.UNREVOKED_PARTITIONS
    s = h.csync(mid, gen)
    assert s.error_code == 0  # UNREVOKED: SyncGroup answers the smaller assignment
    smaller = h.sync_assignment(s)
    assert len(smaller.get("foo", [])) < len(owned["foo"])
    assert h.chb(mid, gen) == E.REBALANCE_IN_PROGRESS
    r = h.cjoin(mid, ["foo"], owned=smaller)
    assert r.generation_id == h.group().group_epoch
    check_replay(h)


# ---------------------------------------------------------------------------------- CG-MIX-2
def test_CG_MIX_2_sync_errors(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, gen = classic_member(h, ["foo"])
    assert h.csync("nobody", gen).error_code == E.UNKNOWN_MEMBER_ID
    assert h.csync("m1", 1).error_code == E.UNKNOWN_MEMBER_ID  # m1 does not use the classic protocol
    assert h.csync(mid, gen + 1).error_code == E.ILLEGAL_GENERATION
    assert h.csync(mid, gen, protocol_type="connect").error_code == E.INCONSISTENT_GROUP_PROTOCOL
    assert h.csync(mid, gen, protocol_name="roundrobin").error_code == E.INCONSISTENT_GROUP_PROTOCOL
    assert h.csync(mid, gen, instance_id="i1").error_code == E.UNKNOWN_MEMBER_ID
    h.hb("m3", 0, topics=["bar"])  # the group epoch moves past the member's
    n = len(h.records)
    assert h.csync(mid, gen).error_code == E.REBALANCE_IN_PROGRESS
    assert h.coord.timer_deadline(join_timeout_key("g", mid)) == h.clock.now_ms() + 30_000
    assert h.records[n:] == []


# ---------------------------------------------------------------------------------- CG-MIX-3
def test_CG_MIX_3_heartbeat(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, gen = classic_member(h, ["foo"])
    assert h.chb("nobody", gen) == E.UNKNOWN_MEMBER_ID
    assert h.chb("m1", 1) == E.UNKNOWN_MEMBER_ID
    assert h.chb(mid, gen - 1) == E.ILLEGAL_GENERATION
    # UNRELEASED and still waiting on m1's partitions: nothing to rejoin for.
    assert h.chb(mid, gen) == E.NONE
    assert join_timeout_key("g", mid) not in h.coord.scheduled_timers()
    h.hb("m3", 0, topics=["foo"])
    assert h.chb(mid, gen) == E.REBALANCE_IN_PROGRESS
    assert join_timeout_key("g", mid) in h.coord.scheduled_timers()


# ---------------------------------------------------------------------------------- CG-MIX-4
def test_CG_MIX_4_leave_group(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"])
    h.hb("m2", 0, topics=["bar"])
    epoch = h.group().group_epoch
    n = len(h.records)
    r = h.cleave((mid, None), ("m1", None), ("nobody", None), ("", "unknown-instance"))
    assert [(m.member_id, m.group_instance_id, m.error_code) for m in r.members] == [
        (mid, None, 0), ("m1", None, 0), ("nobody", None, E.UNKNOWN_MEMBER_ID),
        ("", "unknown-instance", E.UNKNOWN_MEMBER_ID)]
    assert h.record_types(n) == ["8T", "7T", "5T", "8T", "7T", "5T", "3"]  # one bump for both
    assert h.group().group_epoch == epoch + 1 and set(h.group().members) == {"m2"}
    assert not [k for k in h.coord.scheduled_timers() if mid in k]
    check_replay(h)


def test_CG_MIX_4_leave_v0_and_static_admin_removal(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"], instance_id="i1")
    r = h.cleave(("other", "i1"))
    assert r.members[0].error_code == E.FENCED_INSTANCE_ID
    r = h.cleave(("", "i1"))  # admin removal by instance id
    assert r.members[0].error_code == 0 and mid not in h.group().members
    mid2, _ = classic_member(h, ["foo"])
    from kaflite.protocol.messages import LeaveGroupRequest
    r = h.call("leave_group", LeaveGroupRequest(group_id="g", member_id=mid2), 0)
    assert r.error_code == 0 and mid2 not in h.group().members


# ---------------------------------------------------------------------------------- CG-TM-3
def test_CG_TM_3_classic_member_timers(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"], rebalance_timeout_ms=60_000)
    mid, gen = classic_member(h, ["foo"], session_timeout_ms=20_000, rebalance_timeout_ms=25_000)
    now = h.clock.now_ms()
    timers = h.coord.scheduled_timers()
    assert timers[session_timeout_key("g", mid)] == now + 20_000  # JoinGroup's SessionTimeoutMs
    assert timers[sync_timeout_key("g", mid)] == now + 25_000  # after the JoinGroup answer
    h.advance(5_000)
    assert h.csync(mid, gen).error_code == 0
    assert sync_timeout_key("g", mid) not in h.coord.scheduled_timers()
    assert h.coord.timer_deadline(session_timeout_key("g", mid)) == h.clock.now_ms() + 20_000  # re-armed by Sync
    h.advance(10_000)
    h.hb("m1", 1)
    assert h.chb(mid, gen) == E.NONE
    assert h.coord.timer_deadline(session_timeout_key("g", mid)) == h.clock.now_ms() + 20_000  # ... by Heartbeat
    n = len(h.records)
    h.advance(20_001)  # no heartbeat: fenced (m1 keeps heartbeating through its own 45 s session)
    assert h.record_types(n)[:4] == ["8T", "7T", "5T", "3"] and mid not in h.group().members


def test_CG_TM_3_sync_and_join_timeouts_fence(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"], session_timeout_ms=45_000, rebalance_timeout_ms=10_000)
    n = len(h.records)
    h.advance(10_001)  # never sent SyncGroup
    assert h.record_types(n) == ["8T", "7T", "5T", "3"] and mid not in h.group().members
    mid, gen = classic_member(h, ["foo"], session_timeout_ms=45_000, rebalance_timeout_ms=10_000)
    assert h.csync(mid, gen).error_code == 0
    h.hb("m3", 0, topics=["foo"])
    assert h.chb(mid, gen) == E.REBALANCE_IN_PROGRESS
    n = len(h.records)
    h.advance(10_001)  # told to rejoin, never did
    assert h.record_types(n)[:4] == ["8T", "7T", "5T", "3"] and mid not in h.group().members


def test_CG_TM_4_loaded_classic_member_gets_its_session_timeout(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"], session_timeout_ms=12_000)
    other = h.replayed()
    assert other.timer_deadline(session_timeout_key("g", mid)) == h.clock.now_ms() + 12_000


# ---------------------------------------------------------------------------------- CG-ST-2 (classic side)
def test_CG_ST_2_classic_static_member_replaced(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    r = h.cjoin("", ["foo"], instance_id="i1")
    assert r.error_code == 0  # a static member needs no KIP-394 round trip
    old, gen = r.member_id, r.generation_id
    epoch = h.group().group_epoch
    n = len(h.records)
    r = h.cjoin("", ["foo"], instance_id="i1")  # the instance restarts: replaces the old id, no -2 needed
    new = r.member_id
    assert new != old and r.error_code == 0 and r.generation_id == gen
    assert h.record_types(n) == ["8T", "7T", "5T", "5", "7", "8", "8"]
    assert h.group().group_epoch == epoch and old not in h.group().members  # same subscription: no bump
    assert h.csync(old, gen, instance_id="i1").error_code == E.FENCED_INSTANCE_ID
    check_replay(h)
    # A consumer-protocol member may take over the instance id of a classic one at once.
    r2 = h.hb("m9", 0, topics=["foo"], instance_id="i1")
    assert r2.error_code == 0 and new not in h.group().members
    assert not h.group().members["m9"].use_classic_protocol
    check_replay(h)


# ---------------------------------------------------------------------------------- CG-OFF-1 / CG-DESC-2
def test_CG_OFF_1_classic_member_generation(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, gen = classic_member(h, ["foo"])
    assert h.commit(mid, gen + 5, {("foo", 0): 1}) == {("foo", 0): E.ILLEGAL_GENERATION}
    assert h.commit(mid, gen, {("foo", 0): 1}, version=8) == {("foo", 0): 0}  # no v9 requirement
    assert h.commit("m1", 1, {("foo", 0): 1}, version=8) == {("foo", 0): E.UNSUPPORTED_VERSION}
    assert h.fetch_error(mid, gen + 1) == E.ILLEGAL_GENERATION
    assert h.fetch_error(mid, gen) == 0


def test_CG_DESC_2_classic_member_type(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"])
    members = {m.member_id: m for m in h.describe("g").groups[0].members}
    assert (members["m1"].member_type, members[mid].member_type) == (1, 0)
    assert members[mid].subscribed_topic_names == ["foo"]
