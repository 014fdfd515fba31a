"""Classic members inside KIP-848 consumer groups (CG-MIX-1..4, CG-TM-3, CG-ST-2, CG-OFF-1, CG-DESC-2)."""

from __future__ import annotations

import pytest

from kaflite.coordinator.consumer.group import MemberState
from kaflite.coordinator.consumer.manager import join_timeout_key, session_timeout_key, sync_timeout_key
from kaflite.protocol.errors import ErrorCode as E
from tests.coordinator.consumer_harness import ConsumerHarness, same_group
from tests.coordinator.harness import READS


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


def test_CG_TM_4_loaded_classic_member_gets_the_group_session_timeout(h: ConsumerHarness) -> None:
    """Kafka's onLoaded arms scheduleConsumerGroupSessionTimeout(group, member) for every member: the
    group's consumer session timeout, not the classic one (re-armed by the member's next Heartbeat)."""
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"], session_timeout_ms=12_000)
    other = h.replayed()
    assert other.timer_deadline(session_timeout_key("g", mid)) == h.clock.now_ms() + 45_000


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


# ---------------------------------------------------------------------------------- CG-MIG-1 (upgrade)
def send(h: ConsumerHarness, op: str, req: object, version: int) -> str:
    """A request whose answer may be parked: its token (the answer lands in h.responses later)."""
    from tests.coordinator.consumer_harness import CTX
    token = f"{op}#{len(h.responses)}-{len(h.records)}-{id(req)}"
    if op in READS:
        h.responses[token] = getattr(h.coord, op)(req, version, CTX)
    else:
        h.absorb(getattr(h.coord, op)(req, version, CTX, token))
    return token


def classic_join_request(h: ConsumerHarness, member_id: str, topics: list[str], protocol_type: str = "consumer",
                         owned: dict[str, list[int]] | None = None) -> object:
    from kaflite.protocol.messages import JoinGroupRequest
    JP = JoinGroupRequest.JoinGroupRequestProtocol
    return JoinGroupRequest(group_id="g", session_timeout_ms=10_000, rebalance_timeout_ms=30_000,
                            member_id=member_id, protocol_type=protocol_type,
                            protocols=[JP(name="range", metadata=h.subscription(topics, owned))])


def assignment_bytes(parts: dict[str, list[int]], user_data: bytes | None = None) -> bytes:
    from kaflite.protocol.messages import ConsumerProtocolAssignment as A
    a = A(assigned_partitions=[A.TopicPartition(topic=t, partitions=ps) for t, ps in parts.items()],
          user_data=user_data)
    return (3).to_bytes(2, "big") + a.encode(3)


def classic_group(h: ConsumerHarness, parts: dict[str, list[int]], protocol_type: str = "consumer",
                  user_data: bytes | None = None) -> tuple[str, int]:
    """A Stable classic group of one member c1 that owns `parts`: (member id, generation)."""
    from kaflite.protocol.messages import SyncGroupRequest
    r = h.responses[send(h, "join_group", classic_join_request(h, "", ["foo"], protocol_type), 9)]
    assert r.error_code == E.MEMBER_ID_REQUIRED
    mid = r.member_id
    t = send(h, "join_group", classic_join_request(h, mid, ["foo"], protocol_type), 9)
    h.advance(0)
    r = h.responses[t]
    assert r.error_code == 0 and r.leader == mid
    SA = SyncGroupRequest.SyncGroupRequestAssignment
    req = SyncGroupRequest(group_id="g", generation_id=r.generation_id, member_id=mid, protocol_type=protocol_type,
                           protocol_name="range",
                           assignments=[SA(member_id=mid, assignment=assignment_bytes(parts, user_data))])
    s = h.responses[send(h, "sync_group", req, 5)]
    assert s.error_code == 0
    return mid, r.generation_id


@pytest.fixture
def hc() -> ConsumerHarness:
    return ConsumerHarness(topics={"foo": 6, "bar": 3}, group_initial_rebalance_delay_ms=0)


def test_CG_MIG_1_upgrade_on_first_consumer_heartbeat(hc: ConsumerHarness) -> None:
    h = hc
    c1, gen = classic_group(h, {"foo": [0, 1, 2, 3, 4, 5]})
    n = len(h.records)
    r = h.hb("m1", 0, topics=["foo"])
    assert r.error_code == 0 and r.member_epoch == gen + 1
    types = h.record_types(n)
    assert types[:6] == ["2T", "5", "3", "7", "6", "8"]  # the tombstone, then the converted group
    assert types[6:] == ["5", "3", "7", "7", "6", "8"]  # then the joiner, as in any consumer group
    g = h.group()
    assert g.group_epoch == gen + 1 and set(g.members) == {c1, "m1"}
    m = g.members[c1]
    assert m.use_classic_protocol and m.classic is not None and m.classic.session_timeout_ms == 10_000
    assert (m.member_epoch, m.previous_member_epoch, m.state) == (gen, gen, MemberState.STABLE)
    assert m.subscribed_topic_names == ("foo",) and len(m.assigned[next(iter(m.assigned))]) == 6
    assert h.coord.timer_deadline(session_timeout_key("g", c1)) == h.clock.now_ms() + 10_000
    assert g.members["m1"].state is MemberState.UNRELEASED_PARTITIONS  # c1 still owns everything
    check_replay(h)
    # The classic member learns of the rebalance and rejoins the consumer group (CG-MIX-1).
    assert h.chb(c1, gen) == E.REBALANCE_IN_PROGRESS
    j = h.cjoin(c1, ["foo"], owned={"foo": [0, 1, 2, 3, 4, 5]})
    assert j.error_code == 0 and h.group().members[c1].state is MemberState.UNREVOKED_PARTITIONS
    s = h.csync(c1, j.generation_id)
    kept = h.sync_assignment(s)["foo"]
    assert len(kept) == 3
    assert h.chb(c1, j.generation_id) == E.REBALANCE_IN_PROGRESS
    j = h.cjoin(c1, ["foo"], owned={"foo": kept})
    assert j.generation_id == gen + 1 and h.group().members[c1].state is MemberState.STABLE
    r = h.hb("m1", gen + 1)
    assert sorted(h.assigned(r)["foo"] + kept) == [0, 1, 2, 3, 4, 5]  # type: ignore[index]
    assert h.group().state.value == "Stable"
    check_replay(h)


def test_CG_MIG_1_pending_join_answered_rebalance_in_progress(hc: ConsumerHarness) -> None:
    h = hc
    c1, _ = classic_group(h, {"foo": [0, 1, 2, 3, 4, 5]})
    r = h.responses[send(h, "join_group", classic_join_request(h, "", ["foo"]), 9)]
    t = send(h, "join_group", classic_join_request(h, r.member_id, ["foo"]), 9)  # parked: c1 must rejoin
    assert t not in h.responses
    assert h.hb("m1", 0, topics=["foo"]).error_code == 0
    assert h.responses[t].error_code == E.REBALANCE_IN_PROGRESS
    assert {c1, r.member_id, "m1"} == set(h.group().members)
    assert h.group().members[r.member_id].assigned == {}  # never synced: an empty assignment
    check_replay(h)


@pytest.mark.parametrize(("setup", "message"), [
    ({"group_consumer_migration_policy": "downgrade"}, "online upgrade is disabled."),
    ({"group_consumer_migration_policy": "disabled"}, "online upgrade is disabled."),
    ({"group_consumer_max_size": 0}, "the group size exceeds the consumer group maximum size."),
    ({"protocol_type": "connect"}, "the group does not use the consumer embedded protocol."),
    ({"user_data": b"x"}, "an unsupported custom assignor is in use. Please refer to the documentation or switch "
                          "to a default assignor before re-attempting the upgrade."),
])
def test_CG_MIG_1_upgrade_refused(setup: dict[str, object], message: str) -> None:
    config = {k: v for k, v in setup.items() if k.startswith("group_")}
    h = ConsumerHarness(topics={"foo": 6}, group_initial_rebalance_delay_ms=0, **config)
    classic_group(h, {"foo": [0, 1]}, protocol_type=str(setup.get("protocol_type", "consumer")),
                  user_data=setup.get("user_data"))  # type: ignore[arg-type]
    n = len(h.records)
    r = h.hb("m1", 0, topics=["foo"])
    assert (r.error_code, r.error_message) == (
        E.GROUP_ID_NOT_FOUND, f"Cannot upgrade classic group g to consumer group because {message}")
    assert h.records[n:] == [] and h.coord.ctx.groups["g"].group_type.value == "classic"


# ---------------------------------------------------------------------------------- CG-MIG-2 (downgrade)
def test_CG_MIG_2_last_consumer_member_leaving_downgrades(h: ConsumerHarness) -> None:
    from kaflite.coordinator.classic.group import ClassicGroup
    h.hb("m1", 0, topics=["foo"])
    c1, _ = classic_member(h, ["foo"], protocols=["range", "roundrobin"], session_timeout_ms=15_000)
    h.hb("m1", 1, owned={"foo": [0, 1, 2]})
    epoch = h.group().group_epoch
    target = h.group().target[c1]
    n = len(h.records)
    r = h.hb("m1", -1)
    assert (r.error_code, r.member_epoch) == (0, -1)
    assert h.record_types(n) == ["8T", "8T", "7T", "7T", "6T", "5T", "5T", "4T", "3T", "2"]
    g = h.coord.ctx.groups["g"]
    assert isinstance(g, ClassicGroup)
    assert (g.state.value, g.generation, g.protocol_type, g.protocol_name) == (
        "PreparingRebalance", epoch, "consumer", "range")
    m = g.members[c1]
    assert [p.name for p in m.protocols] == ["range", "roundrobin"] and m.session_timeout_ms == 15_000
    got = h.sync_assignment(type("R", (), {"assignment": m.assignment})())
    assert {h.image.topic(t).topic_id: frozenset(ps) for t, ps in got.items()} == target  # type: ignore[union-attr]
    from kaflite.coordinator.classic.rebalance import heartbeat_key
    assert h.coord.timer_deadline(heartbeat_key("g", c1)) == h.clock.now_ms() + 15_000
    # The classic code takes over: the member rejoins the rebalance.
    assert h.chb(c1, epoch) == E.REBALANCE_IN_PROGRESS
    t = send(h, "join_group", classic_join_request(h, c1, ["foo"]), 9)
    assert h.responses[t].error_code == 0 and h.responses[t].generation_id == epoch + 1
    # The log rebuilds the classic group (Stable at the downgrade's generation, as Kafka loads it).
    other = h.replayed()
    snap = other.snapshot("g")
    assert snap is not None and snap.generation == epoch and [x.member_id for x in snap.members] == [c1]


def test_CG_MIG_2_session_timeout_of_last_consumer_member_downgrades(h: ConsumerHarness) -> None:
    from kaflite.coordinator.classic.group import ClassicGroup
    h.hb("m1", 0, topics=["foo"])
    c1, gen = classic_member(h, ["foo"], session_timeout_ms=60_000)
    assert h.csync(c1, gen).error_code == 0
    for _ in range(4):
        h.advance(10_000)
        h.chb(c1, gen)
    h.advance(10_000)  # m1's 45 s session is over
    assert isinstance(h.coord.ctx.groups["g"], ClassicGroup)


@pytest.mark.parametrize("config", [{"group_consumer_migration_policy": "upgrade"}, {"group_max_size": 0}])
def test_CG_MIG_2_downgrade_refused(config: dict[str, object]) -> None:
    h = ConsumerHarness(topics={"foo": 6}, **config)
    h.hb("m1", 0, topics=["foo"])
    c1, _ = classic_member(h, ["foo"])
    n = len(h.records)
    h.hb("m1", -1)
    assert h.record_types(n) == ["8T", "7T", "5T", "3"]  # a plain leave; the group stays a consumer group
    assert set(h.group().members) == {c1}


def test_CG_MIG_2_no_downgrade_while_a_consumer_member_remains(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    h.hb("m2", 0, topics=["foo"])
    classic_member(h, ["foo"])
    h.hb("m1", -1)
    assert h.coord.ctx.groups["g"].group_type.value == "consumer"
    r = h.cleave(("m2", None))  # a classic LeaveGroup may remove the last consumer member too
    assert r.members[0].error_code == 0
    assert h.coord.ctx.groups["g"].group_type.value == "classic"


def test_CG_MIG_2_classic_static_member_replacing_the_last_consumer_member(h: ConsumerHarness) -> None:
    from kaflite.coordinator.classic.group import ClassicGroup
    h.hb("m1", 0, topics=["foo"], instance_id="i1")
    c1, gen = classic_member(h, ["foo"])
    h.hb("m1", 1, owned={"foo": [0, 1, 2]}, instance_id="i1")
    assert h.csync(c1, gen).error_code == 0
    epoch, m1_target = h.group().group_epoch, h.group().target["m1"]
    n = len(h.records)
    r = h.cjoin("", ["foo"], instance_id="i1")  # the instance restarts with a classic consumer
    new = r.member_id
    assert (r.error_code, r.generation_id, r.protocol_name) == (0, epoch, "range")
    types = h.record_types(n)
    assert types[:7] == ["8T", "7T", "5T", "5", "7", "8", "8"]  # the replacement, reconciled: same subscription
    assert types[7:] == ["8T", "8T", "7T", "7T", "6T", "5T", "5T", "4T", "3T", "2"]
    g = h.coord.ctx.groups["g"]
    assert isinstance(g, ClassicGroup)
    assert (g.state.value, g.generation, set(g.members)) == ("Stable", epoch, {c1, new})  # no rebalance
    got = h.sync_assignment(type("R", (), {"assignment": g.members[new].assignment})())
    assert {h.image.topic(t).topic_id: frozenset(ps) for t, ps in got.items()} == m1_target  # type: ignore[union-attr]
    snap = h.replayed().snapshot("g")
    assert snap is not None and {x.member_id for x in snap.members} == {c1, new}


def test_CG_MIG_2_static_replacement_with_new_subscription_rebalances(h: ConsumerHarness) -> None:
    from kaflite.coordinator.classic.group import ClassicGroup
    h.hb("m1", 0, topics=["foo"], instance_id="i1")
    classic_member(h, ["foo"])
    r = h.cjoin("", ["foo", "bar"], instance_id="i1")
    assert r.error_code == 0
    g = h.coord.ctx.groups["g"]
    assert isinstance(g, ClassicGroup) and g.state.value == "PreparingRebalance"


def test_CG_MIX_1_join_v0_uses_the_session_timeout_as_rebalance_timeout(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    r = h.cjoin("c1", ["foo"], version=0, session_timeout_ms=12_000, sub_version=0)
    assert r.error_code == 0  # v0-v3: no KIP-394 round trip
    assert h.group().members["c1"].rebalance_timeout_ms == 12_000
    assert h.coord.timer_deadline(sync_timeout_key("g", "c1")) == h.clock.now_ms() + 12_000
    s = h.csync("c1", r.generation_id, version=0, protocol_type=None, protocol_name=None)
    assert s.error_code == 0 and s.assignment[:2] == b"\0\0"  # in the subscription's version (0)


def test_CG_MIX_record_5_carries_classic_metadata_in_tag_0(h: ConsumerHarness) -> None:
    """Record 5 of a classic member has ClassicMemberMetadata (tag 0); a consumer member's has no tag."""
    from kaflite.coordinator.consumer import records as rec
    from kaflite.protocol.messages import ConsumerGroupMemberMetadataValue as V
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"], protocols=["range", "cooperative-sticky"], session_timeout_ms=11_000)
    values = {}
    for key, value in h.records:
        kind, k = rec.decode_key(key)
        if kind == rec.MEMBER_METADATA and value is not None:
            values[k.member_id] = value  # type: ignore[attr-defined]
    consumer = values["m1"]
    assert consumer.endswith(b"\x00")  # no tagged fields
    v = V.decode(values[mid][2:], 0)
    cmm = v.classic_member_metadata
    assert cmm is not None and cmm.session_timeout_ms == 11_000
    assert [p.name for p in cmm.supported_protocols] == ["range", "cooperative-sticky"]
    assert cmm.supported_protocols[0].metadata == h.subscription(["foo"])


def test_snapshot_shows_a_classic_members_session_timeout(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    mid, _ = classic_member(h, ["foo"], session_timeout_ms=13_000)
    snap = h.coord.snapshot("g")
    assert snap is not None
    assert {m.member_id: m.session_timeout_ms for m in snap.members} == {"m1": -1, mid: 13_000}
