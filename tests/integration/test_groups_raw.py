"""S4, S5, S6: lost responses and races, forced with a raw protocol client over plain sockets
(JoinGroup v5, SyncGroup v3, Heartbeat v3: non-flexible versions, as aiokafka and librdkafka send).
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import HeartbeatRequest, OffsetCommitRequest, OffsetFetchRequest
from kaflite.testing.broker import Broker
from kaflite.testing.views import decode_assignment
from tests.integration.group_clients import RawMember, assignment

TOPIC = "raw-t"


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        b.create_topic(TOPIC, 2)
        yield b


@pytest.fixture
def members(broker: Broker, request: pytest.FixtureRequest) -> Iterator[tuple[str, list[RawMember]]]:
    group = f"raw-{request.node.name}"
    ms = [RawMember(broker.bootstrap_servers, group, [TOPIC], name=f"raw-{i}") for i in range(3)]
    ms[0].client.wait_coordinator(group)
    try:
        yield group, ms
    finally:
        for m in ms:
            m.close()


def ok(r: object) -> object:
    code = r.error_code  # type: ignore[attr-defined]
    assert code == ErrorCode.NONE, ErrorCode(code)
    return r


def stable_pair(broker: Broker, group: str, a: RawMember, b: RawMember) -> int:
    """a alone (gen 1, leader, Stable), then b joins; a learns from its heartbeat and rejoins: gen 2."""
    a.get_member_id()
    a.send_join()
    ra = ok(a.recv_join())
    assert ra.generation_id == 1 and ra.leader == a.member_id  # B-JOIN-7: the first to join leads
    a.send_sync({a.member_id: assignment({TOPIC: [0, 1]})})
    ok(a.recv_sync())
    broker.wait_for_group(group, "Stable", members=1, generation=1, timeout=10)

    b.get_member_id()
    b.send_join()  # parked until a rejoins
    broker.wait_for_group(group, "PreparingRebalance", members=2, timeout=10)
    assert a.heartbeat().error_code == ErrorCode.REBALANCE_IN_PROGRESS  # B-HB-2
    a.send_join()
    ra, rb = ok(a.recv_join()), ok(b.recv_join())
    assert ra.generation_id == rb.generation_id == 2
    assert ra.leader == rb.leader == a.member_id
    assert sorted(m.member_id for m in ra.members) == sorted([a.member_id, b.member_id])  # B-JOIN-6
    assert rb.members == []  # only the leader gets the member list
    b.send_sync()  # a follower's sync is parked until the leader's (B-SYNC-2)
    a.send_sync({a.member_id: assignment({TOPIC: [0]}), b.member_id: assignment({TOPIC: [1]})})
    sa, sb = ok(a.recv_sync()), ok(b.recv_sync())
    assert decode_assignment(sa.assignment) == ((TOPIC, 0),)
    assert decode_assignment(sb.assignment) == ((TOPIC, 1),)
    g = broker.wait_for_group(group, "Stable", members=2, generation=2, timeout=10)
    assert g.assignments() == {a.member_id: ((TOPIC, 0),), b.member_id: ((TOPIC, 1),)}
    return 2


def test_s4_follower_lost_join_response_rejoins_while_stable(broker: Broker,
                                                             members: tuple[str, list[RawMember]]) -> None:
    # S4, B-JOIN-8, B-SYNC-3
    group, (a, b, _) = members
    gen = stable_pair(broker, group, a, b)
    before = broker.group(group)
    assert before is not None

    # b "lost" its JoinGroup response: it sends the same JoinGroup again, with its member id
    b.send_join()
    rb = ok(b.recv_join(timeout=5))  # answered at once, not parked
    assert rb.generation_id == gen and rb.member_id == b.member_id and rb.leader == a.member_id
    assert rb.protocol_name == "range" and rb.members == []
    b.send_sync()
    sb = ok(b.recv_sync(timeout=5))  # Stable: its stored assignment at once
    assert decode_assignment(sb.assignment) == ((TOPIC, 1),)
    assert ok(a.heartbeat()) and ok(b.heartbeat())

    after = broker.group(group)
    assert after is not None
    assert after.state == "Stable" and after.generation == gen
    assert after.history == before.history  # no new rebalance, not even a transition
    assert after.assignments() == before.assignments()


def test_b_join_8_follower_rejoins_while_completing_rebalance(broker: Broker,
                                                              members: tuple[str, list[RawMember]]) -> None:
    # B-JOIN-8 in CompletingRebalance; B-HB-2 (modern): heartbeats in CompletingRebalance answer NONE
    group, (a, b, _) = members
    stable_pair(broker, group, a, b)
    # a third member forces generation 3; the group then waits in CompletingRebalance for a's sync
    c = RawMember(broker.bootstrap_servers, group, [TOPIC], name="raw-extra")
    try:
        c.get_member_id()
        c.send_join()
        broker.wait_for_group(group, "PreparingRebalance", members=3, timeout=10)
        a.send_join()
        b.send_join()
        ra, rb, rc = ok(a.recv_join()), ok(b.recv_join()), ok(c.recv_join())
        assert ra.generation_id == rb.generation_id == rc.generation_id == 3
        g = broker.group(group)
        assert g is not None and g.state == "CompletingRebalance"
        n_history = len(g.history)
        assert b.heartbeat().error_code == ErrorCode.NONE

        b.send_join()  # lost response: same metadata, known member
        rb2 = ok(b.recv_join(timeout=5))
        assert rb2.generation_id == 3 and rb2.leader == a.member_id and rb2.members == []
        a.send_join()  # the leader too: it gets the member list again
        ra2 = ok(a.recv_join(timeout=5))
        assert ra2.generation_id == 3 and len(ra2.members) == 3
        g = broker.group(group)
        assert g is not None and g.state == "CompletingRebalance" and len(g.history) == n_history

        a.send_sync({a.member_id: assignment({TOPIC: [0]}), b.member_id: assignment({TOPIC: [1]})})
        ok(a.recv_sync())
        c.send_sync()
        assert decode_assignment(ok(c.recv_sync()).assignment) == ()  # B-SYNC-2: missing → empty
        broker.wait_for_group(group, "Stable", members=3, generation=3, timeout=10)
    finally:
        c.close()


def test_s5_leader_lost_join_response_group_waits_in_completing_rebalance(
        broker: Broker, members: tuple[str, list[RawMember]]) -> None:
    # S5, B-SYNC-2, B-HB-2, B-HB-4
    group, (a, b, _) = members
    stable_pair(broker, group, a, b)
    # a new generation in which the leader's JoinGroup response is "lost"
    b2 = RawMember(broker.bootstrap_servers, group, [TOPIC], name="raw-hb")
    b2.member_id = b.member_id
    try:
        # b changes its subscription metadata → a rebalance (B-TRIG-2)
        b.topics = [TOPIC, "raw-other"]
        b.send_join()
        broker.wait_for_group(group, "PreparingRebalance", members=2, timeout=10)
        a.send_join()
        ra, rb = ok(a.recv_join()), ok(b.recv_join())
        assert ra.generation_id == rb.generation_id == 3 and ra.leader == a.member_id
        b2.generation = 3
        # ... and a never receives/acts on ra: it does not sync. b syncs and is parked.
        b.send_sync()
        with pytest.raises(socket.timeout):
            b.recv_sync(timeout=0.5)
        # b heartbeats on another connection while it waits: NONE in CompletingRebalance (modern)
        assert b2.heartbeat().error_code == ErrorCode.NONE
        g = broker.group(group)
        assert g is not None and g.state == "CompletingRebalance" and g.generation == 3

        # the leader rejoins (same metadata): it gets generation 3 again, with the member list
        a.send_join()
        ra2 = ok(a.recv_join(timeout=5))
        assert ra2.generation_id == 3 and ra2.leader == a.member_id and len(ra2.members) == 2
        g = broker.group(group)
        assert g is not None and g.state == "CompletingRebalance" and g.generation == 3
        a.send_sync({a.member_id: assignment({TOPIC: [1]}), b.member_id: assignment({TOPIC: [0]})})
        assert decode_assignment(ok(a.recv_sync()).assignment) == ((TOPIC, 1),)
        assert decode_assignment(ok(b.recv_sync()).assignment) == ((TOPIC, 0),)  # the parked sync
        g = broker.wait_for_group(group, "Stable", members=2, generation=3, timeout=10)
        tail = [str(s) for s in g.states[-4:]]
        assert tail == ["Stable", "PreparingRebalance", "CompletingRebalance", "Stable"]
    finally:
        b2.close()


def test_s6_leader_sync_after_new_member_gets_rebalance_in_progress(
        broker: Broker, members: tuple[str, list[RawMember]]) -> None:
    # S6, B-SYNC-1, B-JOIN-3
    group, (a, b, _) = members
    a.get_member_id()
    a.send_join()
    ra = ok(a.recv_join())
    assert ra.generation_id == 1 and ra.leader == a.member_id
    assert broker.group(group).state == "CompletingRebalance"  # type: ignore[union-attr]

    # before a's SyncGroup arrives, b joins: CompletingRebalance → PreparingRebalance
    b.get_member_id()
    b.send_join()
    broker.wait_for_group(group, "PreparingRebalance", members=2, timeout=10)
    a.send_sync({a.member_id: assignment({TOPIC: [0, 1]})})
    sa = a.recv_sync()
    assert sa.error_code == ErrorCode.REBALANCE_IN_PROGRESS, ErrorCode(sa.error_code)
    g = broker.group(group)
    assert g is not None and g.state == "PreparingRebalance" and g.generation == 1

    # the leader rejoins; generation 2 completes with both
    a.send_join()
    ra, rb = ok(a.recv_join()), ok(b.recv_join())
    assert ra.generation_id == rb.generation_id == 2 and ra.leader == a.member_id
    b.send_sync()
    a.send_sync({a.member_id: assignment({TOPIC: [0]}), b.member_id: assignment({TOPIC: [1]})})
    ok(a.recv_sync())
    assert decode_assignment(ok(b.recv_sync()).assignment) == ((TOPIC, 1),)
    g = broker.wait_for_group(group, "Stable", members=2, generation=2, timeout=10)
    assert g.states == ["Empty", "PreparingRebalance", "CompletingRebalance", "PreparingRebalance",
                        "CompletingRebalance", "Stable"]


def test_b_sync_4_b_hb_2_errors(broker: Broker, members: tuple[str, list[RawMember]]) -> None:
    # B-SYNC-4, B-HB-2, B-SYNC-3
    group, (a, b, _) = members
    stable_pair(broker, group, a, b)
    a.send_sync(generation=1)
    assert a.recv_sync().error_code == ErrorCode.ILLEGAL_GENERATION
    a.generation = 1
    assert a.heartbeat().error_code == ErrorCode.ILLEGAL_GENERATION
    a.generation = 2
    stranger = RawMember(broker.bootstrap_servers, group, [TOPIC], name="raw-stranger")
    try:
        stranger.member_id, stranger.generation = "raw-stranger-nope", 2
        assert stranger.heartbeat().error_code == ErrorCode.UNKNOWN_MEMBER_ID
        stranger.send_sync()
        assert stranger.recv_sync().error_code == ErrorCode.UNKNOWN_MEMBER_ID
    finally:
        stranger.close()
    a.send_sync()
    assert decode_assignment(ok(a.recv_sync()).assignment) == ((TOPIC, 0),)  # B-SYNC-3
    g = broker.group(group)
    assert g is not None and g.state == "Stable" and g.generation == 2


def test_leave_then_last_member_leaves_group_empty(broker: Broker, members: tuple[str, list[RawMember]]) -> None:
    # B-LEAVE-1, B-JOIN-7: b leaves → a rebalance; a leaves → Empty; unknown member → UNKNOWN_MEMBER_ID
    group, (a, b, _) = members
    stable_pair(broker, group, a, b)
    r = ok(a.leave())
    assert [ErrorCode(m.error_code) for m in r.members] == [ErrorCode.NONE]
    g = broker.wait_for_group(group, "PreparingRebalance", members=1, timeout=10)
    assert "LeaveGroup" in g.history[-1].reason
    b.send_join()
    rb = ok(b.recv_join())
    assert rb.generation_id == 3 and rb.leader == b.member_id  # a new leader
    b.send_sync({b.member_id: assignment({TOPIC: [0, 1]})})
    ok(b.recv_sync())
    broker.wait_for_group(group, "Stable", members=1, generation=3, timeout=10)
    ok(b.leave())
    g = broker.wait_for_group(group, "Empty", members=0, timeout=10)
    assert g.states[-2:] == ["PreparingRebalance", "Empty"]
    r = a.leave()
    assert [ErrorCode(m.error_code) for m in r.members] == [ErrorCode.UNKNOWN_MEMBER_ID]


def test_pipelined_group_requests_are_answered_in_order_and_see_earlier_commits(
        broker: Broker, members: tuple[str, list[RawMember]]) -> None:
    """One burst of heartbeats, durable commits and fetches on one connection: every answer comes back
    in request order (Kafka mutes a connection per request; aiokafka treats reordering as fatal), the
    inline heartbeat answers never overtake a commit still being fsynced, and each fetch sees the
    commit sent before it (B-OFF-2, B-OFF-3)."""
    group, (a, *_) = members
    a.get_member_id()
    a.send_join()
    ok(a.recv_join())
    a.send_sync({a.member_id: assignment({TOPIC: [0, 1]})})
    ok(a.recv_sync())
    hb = HeartbeatRequest(group_id=group, generation_id=a.generation, member_id=a.member_id)
    CT, CP = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition
    FT = OffsetFetchRequest.OffsetFetchRequestTopic

    def commit(offset: int) -> OffsetCommitRequest:
        return OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=a.generation, member_id=a.member_id,
                                   topics=[CT(name=TOPIC, partitions=[CP(partition_index=0, committed_offset=offset)])])

    fetch = OffsetFetchRequest(group_id=group, topics=[FT(name=TOPIC, partition_indexes=[0])])
    burst = [hb, commit(10), hb, fetch, hb, hb, commit(20), fetch, hb] * 5
    a.client.send_many(burst)
    answers = [a.client.recv() for _ in burst]  # RawClient.recv asserts each correlation id in order
    last = -1
    for req, resp in zip(burst, answers, strict=True):
        if isinstance(req, OffsetCommitRequest):
            assert resp.topics[0].partitions[0].error_code == ErrorCode.NONE
            last = req.topics[0].partitions[0].committed_offset
        elif isinstance(req, OffsetFetchRequest):
            assert resp.topics[0].partitions[0].committed_offset == last
        else:
            assert resp.error_code == ErrorCode.NONE
    assert broker.group(group).committed(TOPIC, 0) == 20
