"""Issue 34 (several brokers in one kaflite), the coordinators: FindCoordinator names the leader of the key's
internal partition on the request's listener (item 1), the group and transaction APIs at any other broker answer
NOT_COORDINATOR, per key where a request names several (item 2), and a coordinator move resigns on the old broker
and loads on the new one, which answers COORDINATOR_LOAD_IN_PROGRESS until replayed (item 3). Over real sockets,
three brokers in one process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.broker.share_persister import ShareCoordinatorPersister
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.config import KafliteConfig
from kaflite.coordinator.partitioner import partition_for
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AddOffsetsToTxnRequest,
    ConsumerGroupDescribeRequest,
    DeleteGroupsRequest,
    DescribeGroupsRequest,
    DescribeShareGroupOffsetsRequest,
    DescribeTransactionsRequest,
    EndTxnRequest,
    FindCoordinatorRequest,
    HeartbeatRequest,
    InitProducerIdRequest,
    JoinGroupRequest,
    LeaveGroupRequest,
    ListGroupsRequest,
    ListTransactionsRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
    ShareGroupDescribeRequest,
    SyncGroupRequest,
    TxnOffsetCommitRequest,
)
from kaflite.share_coordinator.records import SharePartitionKey
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC
from tests.broker.wire import WireClient

E = ErrorCode
PARTITIONS = 6  # of each internal topic: every broker leads two
TOPIC = "t"
WAIT_S = 10.0


class Cluster:
    """A started three-broker kaflite and a wire client per broker."""

    def __init__(self, broker: Broker, clients: dict[int, WireClient]) -> None:
        self.broker, self.clients = broker, clients
        self.ports = {node: port for node, _, port, _ in broker.brokers()}

    def at(self, node_id: int) -> WireClient:
        return self.clients[node_id]

    def group_coordinator(self, group: str) -> int:
        return self.broker.context.leaders.leader(CONSUMER_OFFSETS, partition_for(group, PARTITIONS))

    def txn_coordinator(self, tid: str) -> int:
        return self.broker.context.leaders.leader(TRANSACTION_STATE_TOPIC, partition_for(tid, PARTITIONS))

    def other(self, node_id: int) -> int:
        return next(n for n in self.clients if n != node_id)


@pytest.fixture
async def cluster(tmp_path: Path) -> AsyncIterator[Cluster]:
    broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, brokers=3,
                                       offsets_topic_num_partitions=PARTITIONS,
                                       transaction_state_log_num_partitions=PARTITIONS,
                                       group_initial_rebalance_delay_ms=0))
    await broker.start()
    broker.logs.create_topic(TOPIC, 1, {})
    clients = {node: await WireClient.connect(port) for node, _, port, _ in broker.brokers()}
    c = Cluster(broker, clients)
    try:
        # The first FindCoordinator of each key type makes and loads its internal topic.
        for key_type in (0, 1):
            await c.at(1).call(10, 4, FindCoordinatorRequest(key_type=key_type, coordinator_keys=["warm"]))
        yield c
    finally:
        for client in clients.values():
            await client.close()
        await broker.stop()


def groups_led_by(c: Cluster, node_id: int, n: int, prefix: str = "g") -> list[str]:
    out = [g for g in (f"{prefix}{i}" for i in range(200)) if c.group_coordinator(g) == node_id]
    return out[:n]


async def find(c: Cluster, at: int, key_type: int, key: str, version: int = 4) -> tuple[int, int, int]:
    resp = await c.at(at).call(10, version, FindCoordinatorRequest(key_type=key_type, key=key, coordinator_keys=[key]))
    if version >= 4:
        r = resp.coordinators[0]
        return r.error_code, r.node_id, r.port
    return resp.error_code, resp.node_id, resp.port


async def test_issue34_item1_find_coordinator_names_the_leader_of_the_keys_partition(cluster: Cluster) -> None:
    c = cluster
    for node in (1, 2, 3):
        group = groups_led_by(c, node, 1)[0]
        tid = next(t for t in (f"tx{i}" for i in range(200)) if c.txn_coordinator(t) == node)
        for at in (1, 2, 3):  # every broker gives the same answer, with the coordinator's own port
            for version in (1, 4):
                assert await find(c, at, 0, group, version) == (E.NONE, node, c.ports[node])
            assert await find(c, at, 1, tid) == (E.NONE, node, c.ports[node])


async def test_issue34_item1_no_live_leader_is_coordinator_not_available(cluster: Cluster) -> None:
    c = cluster
    group = groups_led_by(c, 3, 1)[0]
    for node in (3, 2):
        await c.broker.stop_broker(node)
    assert await find(c, 1, 0, group) == (E.NONE, 1, c.ports[1])  # moved to the one broker left
    await c.broker.stop_broker(1)
    await c.broker.start_broker(2)  # takes every partition left without a leader
    async with asyncio.timeout(WAIT_S):
        client = await WireClient.connect(c.ports[2])
    try:
        resp = await client.call(10, 4, FindCoordinatorRequest(key_type=0, coordinator_keys=[group]))
        assert (resp.coordinators[0].error_code, resp.coordinators[0].node_id) == (E.NONE, 2)
    finally:
        await client.close()


async def test_issue34_item2_group_apis_at_another_broker_answer_not_coordinator(cluster: Cluster) -> None:
    c = cluster
    group = groups_led_by(c, 1, 1)[0]
    wrong = c.at(2)
    join = JoinGroupRequest(group_id=group, session_timeout_ms=10_000, rebalance_timeout_ms=10_000, member_id="",
                            protocol_type="consumer",
                            protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"")])
    assert (await wrong.call(11, 3, join)).error_code == E.NOT_COORDINATOR
    assert (await wrong.call(14, 3, SyncGroupRequest(group_id=group, generation_id=1, member_id="m"))).error_code \
        == E.NOT_COORDINATOR
    assert (await wrong.call(12, 3, HeartbeatRequest(group_id=group, generation_id=1, member_id="m"))).error_code \
        == E.NOT_COORDINATOR
    assert (await wrong.call(13, 3, LeaveGroupRequest(group_id=group, member_id="m"))).error_code \
        == E.NOT_COORDINATOR
    commit = OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=-1, topics=[
        OffsetCommitRequest.OffsetCommitRequestTopic(name=TOPIC, partitions=[
            OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0, committed_offset=5)])])
    resp = await wrong.call(8, 8, commit)
    assert resp.topics[0].partitions[0].error_code == E.NOT_COORDINATOR
    assert (await wrong.call(9, 7, OffsetFetchRequest(group_id=group, topics=None))).error_code \
        == E.NOT_COORDINATOR
    # At the coordinator the same commit lands.
    resp = await c.at(1).call(8, 8, commit)
    assert resp.topics[0].partitions[0].error_code == E.NONE
    txn_commit = TxnOffsetCommitRequest(transactional_id="x", group_id=group, producer_id=1, producer_epoch=0,
                                        topics=[])
    assert (await wrong.call(28, 3, txn_commit)).topics == []  # nothing named: nothing to answer, as Kafka


async def test_issue34_item2_several_groups_are_answered_per_group(cluster: Cluster) -> None:
    c = cluster
    mine, theirs = groups_led_by(c, 1, 1)[0], groups_led_by(c, 2, 1)[0]
    for g in (mine, theirs):  # a simple group each, made by a commit at its coordinator
        commit = OffsetCommitRequest(group_id=g, generation_id_or_member_epoch=-1, topics=[
            OffsetCommitRequest.OffsetCommitRequestTopic(name=TOPIC, partitions=[
                OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0, committed_offset=3)])])
        await c.at(c.group_coordinator(g)).call(8, 8, commit)
    at1 = c.at(1)
    described = (await at1.call(15, 5, DescribeGroupsRequest(groups=[mine, theirs]))).groups
    assert [(d.group_id, d.error_code) for d in described] == [(mine, E.NONE), (theirs, E.NOT_COORDINATOR)]
    fetch = OffsetFetchRequest(groups=[OffsetFetchRequest.OffsetFetchRequestGroup(group_id=g, topics=None)
                                       for g in (mine, theirs)])
    fetched = (await at1.call(9, 8, fetch)).groups
    assert [(g.group_id, g.error_code) for g in fetched] == [(mine, E.NONE), (theirs, E.NOT_COORDINATOR)]
    assert fetched[0].topics[0].partitions[0].committed_offset == 3
    listed = {n: {g.group_id for g in (await c.at(n).call(16, 4, ListGroupsRequest())).groups} for n in (1, 2, 3)}
    assert mine in listed[1] and theirs in listed[2]
    assert mine not in listed[2] | listed[3] and theirs not in listed[1] | listed[3]
    deleted = (await c.at(2).call(42, 2, DeleteGroupsRequest(groups_names=[mine, theirs]))).results
    assert [(r.group_id, r.error_code) for r in deleted] == [(mine, E.NOT_COORDINATOR), (theirs, E.NONE)]


async def test_issue34_item2_transaction_apis_at_another_broker_answer_not_coordinator(cluster: Cluster) -> None:
    c = cluster
    tid = next(t for t in (f"tx{i}" for i in range(200)) if c.txn_coordinator(t) == 1)
    wrong = c.at(3)
    init = InitProducerIdRequest(transactional_id=tid, transaction_timeout_ms=60_000)
    bad = await wrong.call(22, 4, init)
    assert (bad.error_code, bad.producer_id) == (E.NOT_COORDINATOR, -1)
    ok = await c.at(1).call(22, 4, init)
    assert ok.error_code == E.NONE
    pid, epoch = ok.producer_id, ok.producer_epoch
    add = AddOffsetsToTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch, group_id="g")
    assert (await wrong.call(25, 3, add)).error_code == E.NOT_COORDINATOR
    assert (await c.at(1).call(25, 3, add)).error_code == E.NONE
    end = EndTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch, committed=False)
    assert (await wrong.call(26, 3, end)).error_code == E.NOT_COORDINATOR
    states = (await wrong.call(65, 0, DescribeTransactionsRequest(transactional_ids=[tid]))).transaction_states
    assert states[0].error_code == E.NOT_COORDINATOR
    states = (await c.at(1).call(65, 0, DescribeTransactionsRequest(transactional_ids=[tid]))).transaction_states
    assert (states[0].error_code, states[0].transaction_state) == (E.NONE, "Ongoing")
    listed = {n: [s.transactional_id for s in (await c.at(n).call(66, 1, ListTransactionsRequest()))
                  .transaction_states] for n in (1, 2, 3)}
    assert listed == {1: [tid], 2: [], 3: []}
    assert (await c.at(1).call(26, 3, end)).error_code == E.NONE


async def _join_and_sync(client: WireClient, group: str) -> tuple[str, int]:
    join = JoinGroupRequest(group_id=group, session_timeout_ms=30_000, rebalance_timeout_ms=30_000, member_id="",
                            protocol_type="consumer",
                            protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"m")])
    joined = await client.call(11, 3, join)
    assert joined.error_code == E.NONE
    sync = SyncGroupRequest(group_id=group, generation_id=joined.generation_id, member_id=joined.member_id,
                            assignments=[SyncGroupRequest.SyncGroupRequestAssignment(member_id=joined.member_id,
                                                                                     assignment=b"a")])
    assert (await client.call(14, 3, sync)).error_code == E.NONE
    return joined.member_id, joined.generation_id


async def test_issue34_item3_a_group_coordinator_move(cluster: Cluster) -> None:
    """The old broker resigns: its parked JoinGroup is answered NOT_COORDINATOR at once; the new broker answers
    COORDINATOR_LOAD_IN_PROGRESS while the partition loads (held by the fault), then the group is there with its
    generation, member and offsets."""
    c = cluster
    group = groups_led_by(c, 1, 1)[0]
    member, generation = await _join_and_sync(c.at(1), group)
    commit = OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=generation, member_id=member,
                                 topics=[OffsetCommitRequest.OffsetCommitRequestTopic(name=TOPIC, partitions=[
                                     OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0,
                                                                                      committed_offset=42)])])
    assert (await c.at(1).call(8, 8, commit)).topics[0].partitions[0].error_code == E.NONE
    # A second member's JoinGroup parks until the first rejoins (a rebalance).
    second = await WireClient.connect(c.ports[1])
    try:
        join2 = JoinGroupRequest(group_id=group, session_timeout_ms=30_000, rebalance_timeout_ms=30_000,
                                 member_id="", protocol_type="consumer",
                                 protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"m")])
        parked = asyncio.ensure_future(second.call(11, 3, join2))
        await c.broker.groups.wait_for_group(group, "PreparingRebalance", None, None, WAIT_S)
        assert not parked.done()
        c.broker.groups.nodes.hold_loads()
        await c.broker.groups.move_coordinator(group, 0, 2)  # returns once broker 1 has resigned
        async with asyncio.timeout(WAIT_S):
            assert (await parked).error_code == E.NOT_COORDINATOR  # answered by the resignation, not a timeout
    finally:
        await second.close()
    assert await find(c, 3, 0, group) == (E.NONE, 2, c.ports[2])
    heartbeat = HeartbeatRequest(group_id=group, generation_id=generation, member_id=member)
    assert (await c.at(1).call(12, 3, heartbeat)).error_code == E.NOT_COORDINATOR
    assert (await c.at(2).call(12, 3, heartbeat)).error_code == E.NONE  # Kafka answers heartbeats blindly then
    fetch = OffsetFetchRequest(group_id=group, topics=None)
    assert (await c.at(2).call(9, 7, fetch)).error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    assert c.broker.groups.coordinator_loaded_on(group, 0) is None
    c.broker.context.clear_faults()  # the load goes on
    await c.broker.groups.wait_coordinator_loaded(group, 0, 2, WAIT_S)
    snap = c.broker.groups.snapshot(group)
    assert snap is not None and snap.generation == generation
    assert [m.member_id for m in snap.members] == [member]  # the member that joined before the move (only)
    fetched = await c.at(2).call(9, 7, fetch)
    assert fetched.topics[0].partitions[0].committed_offset == 42
    # The member that was in the group before the move still is: its rejoin completes the rebalance.
    rejoin = JoinGroupRequest(group_id=group, session_timeout_ms=30_000, rebalance_timeout_ms=30_000,
                              member_id=member, protocol_type="consumer",
                              protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"m")])
    rejoined = await c.at(2).call(11, 3, rejoin)
    assert (rejoined.error_code, rejoined.member_id) == (E.NONE, member)
    assert rejoined.generation_id > generation


async def open_transaction_with_offsets(c: Cluster, txn_node: int, group_node: int,
                                        offset: int) -> tuple[str, str, int, int]:
    """A transaction coordinated by ``txn_node`` holding a pending offset commit (``offset`` for partition 0) of a
    group coordinated by ``group_node``, each request sent to its coordinator: (transactional id, group, producer id,
    producer epoch)."""
    tid = next(t for t in (f"tx{i}" for i in range(200)) if c.txn_coordinator(t) == txn_node)
    group = groups_led_by(c, group_node, 1)[0]
    ok = await c.at(txn_node).call(22, 4, InitProducerIdRequest(transactional_id=tid, transaction_timeout_ms=60_000))
    pid, epoch = ok.producer_id, ok.producer_epoch
    add = AddOffsetsToTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch, group_id=group)
    assert (await c.at(txn_node).call(25, 3, add)).error_code == E.NONE
    txn_commit = TxnOffsetCommitRequest(transactional_id=tid, group_id=group, producer_id=pid, producer_epoch=epoch,
                                        topics=[TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic(name=TOPIC,
                                                partitions=[TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition(
                                                    partition_index=0, committed_offset=offset)])])
    assert (await c.at(group_node).call(28, 3, txn_commit)).topics[0].partitions[0].error_code == E.NONE
    return tid, group, pid, epoch


async def test_issue34_item3_an_open_transaction_completes_on_the_new_coordinator(cluster: Cluster) -> None:
    c = cluster
    tid, group, pid, epoch = await open_transaction_with_offsets(c, txn_node=1, group_node=3, offset=7)
    await c.broker.groups.move_coordinator(tid, 1, 2)
    end = EndTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch, committed=True)
    assert (await c.at(1).call(26, 3, end)).error_code == E.NOT_COORDINATOR
    async with asyncio.timeout(WAIT_S):
        while (code := (await c.at(2).call(26, 3, end)).error_code) == E.COORDINATOR_LOAD_IN_PROGRESS:
            await c.broker.groups.wait_coordinator_loaded(tid, 1, 2, WAIT_S)
    assert code == E.NONE
    fetch = OffsetFetchRequest(group_id=group, topics=None, require_stable=True)
    fetched = await c.at(3).call(9, 7, fetch)
    assert fetched.topics[0].partitions[0].committed_offset == 7


async def test_issue34_item1_find_coordinator_key_type_2_names_the_share_state_leader(cluster: Cluster) -> None:
    """SG-API-3 on three brokers: a share partition's coordinator is the leader of its `__share_group_state`
    partition, whichever broker is asked."""
    c = cluster
    topic_id = c.broker.logs.topic(TOPIC).topic_id
    keys = [SharePartitionKey(f"sg{i}", topic_id, 0).coordinator_key() for i in range(12)]
    await c.at(1).call(10, 6, FindCoordinatorRequest(key_type=2, coordinator_keys=keys[:1]))  # makes the topic
    nodes = c.broker.shares.nodes
    assert {nodes.coordinator(k) for k in keys} == {1, 2, 3}  # spread over the brokers
    for at in (1, 2, 3):
        resp = await c.at(at).call(10, 6, FindCoordinatorRequest(key_type=2, coordinator_keys=keys))
        assert [(r.error_code, r.node_id, r.port) for r in resp.coordinators] == [
            (E.NONE, nodes.coordinator(k), c.ports[nodes.coordinator(k)]) for k in keys]


async def test_issue34_item3_share_state_waits_for_a_moved_share_coordinator_to_load(cluster: Cluster) -> None:
    """A `__share_group_state` partition that moves is loaded again on its new broker; the broker's persister
    (the share-partition leader's reads and writes of share state) waits for that load instead of failing."""
    c = cluster
    topic_id = c.broker.logs.topic(TOPIC).topic_id
    persister = ShareCoordinatorPersister(lambda: c.broker.shares.share_coordinator)
    initialized = await persister.initialize("sg", 0, {topic_id: {0: 17}})
    assert initialized == {(topic_id, 0): E.NONE}
    key = SharePartitionKey("sg", topic_id, 0).coordinator_key()
    nodes = c.broker.shares.nodes
    old = nodes.coordinator(key)
    nodes.hold_loads()
    await c.broker.groups.move_coordinator(key, 2, old % 3 + 1)
    reading = persister.read_summary("sg", {topic_id: [0]})
    await asyncio.sleep(0)
    assert not reading.done() and c.broker.groups.coordinator_loaded_on(key, 2) is None
    c.broker.context.clear_faults()
    async with asyncio.timeout(WAIT_S):
        summary = (await reading)[(topic_id, 0)]
    assert (summary.error, summary.start_offset) == (E.NONE, 17)  # the state the move's load replayed
    assert c.broker.groups.coordinator_loaded_on(key, 2) == old % 3 + 1


async def test_issue34_item4_a_stopped_brokers_coordinators_move_to_live_brokers(cluster: Cluster) -> None:
    """A broker stopped: its coordinator partitions move to live brokers (Kafka's controller, once the broker's
    session ends), which load them -- the group with its generation and offsets; started again, it coordinates
    nothing until a leader is moved back."""
    c = cluster
    group = groups_led_by(c, 3, 1)[0]
    member, generation = await _join_and_sync(c.at(3), group)
    commit = OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=generation, member_id=member,
                                 topics=[OffsetCommitRequest.OffsetCommitRequestTopic(name=TOPIC, partitions=[
                                     OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0,
                                                                                      committed_offset=9)])])
    assert (await c.at(3).call(8, 8, commit)).topics[0].partitions[0].error_code == E.NONE
    await c.broker.stop_broker(3)
    error, node, port = await find(c, 1, 0, group)
    assert error == E.NONE and node in (1, 2) and port == c.ports[node]
    await c.broker.groups.wait_coordinator_loaded(group, 0, node, WAIT_S)
    snap = c.broker.groups.snapshot(group)
    assert snap is not None and snap.generation == generation
    assert [m.member_id for m in snap.members] == [member]
    heartbeat = HeartbeatRequest(group_id=group, generation_id=generation, member_id=member)
    assert (await c.at(node).call(12, 3, heartbeat)).error_code == E.NONE
    fetched = await c.at(node).call(9, 7, OffsetFetchRequest(group_id=group, topics=None))
    assert fetched.topics[0].partitions[0].committed_offset == 9
    await c.broker.start_broker(3)
    assert await find(c, 1, 0, group) == (E.NONE, node, c.ports[node])  # it stays where it moved


async def test_issue34_item2_the_describes_of_modern_groups_answer_per_group(cluster: Cluster) -> None:
    """ConsumerGroupDescribe, ShareGroupDescribe and DescribeShareGroupOffsets name several groups: each of another
    broker's is NOT_COORDINATOR, each of this broker's is answered (not found: none exists)."""
    c = cluster
    mine, theirs = groups_led_by(c, 1, 1)[0], groups_led_by(c, 3, 1)[0]
    at1 = c.at(1)
    cg = (await at1.call(69, 0, ConsumerGroupDescribeRequest(group_ids=[mine, theirs]))).groups
    assert [(g.group_id, g.error_code) for g in cg] == [(mine, E.GROUP_ID_NOT_FOUND), (theirs, E.NOT_COORDINATOR)]
    sg = (await at1.call(77, 1, ShareGroupDescribeRequest(group_ids=[mine, theirs]))).groups
    assert [(g.group_id, g.error_code) for g in sg] == [(mine, E.GROUP_ID_NOT_FOUND), (theirs, E.NOT_COORDINATOR)]
    G = DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup
    so = (await at1.call(90, 0, DescribeShareGroupOffsetsRequest(groups=[G(group_id=g, topics=None)
                                                                         for g in (mine, theirs)]))).groups
    assert [(g.group_id, g.error_code) for g in so] == [(mine, E.NONE), (theirs, E.NOT_COORDINATOR)]


async def test_issue34_item3_a_transaction_caught_in_prepare_commit_completes_after_the_move(cluster: Cluster) -> None:
    """EndTxn answered after PrepareCommit, its markers held back (the fault), then the coordinator moves: the new
    coordinator's load sends the markers again (TX-END-3) and the transaction completes there, once."""
    c = cluster
    tid, group, pid, epoch = await open_transaction_with_offsets(c, txn_node=2, group_node=1, offset=11)
    c.broker.transactions.hold_markers(tid)
    end = EndTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch, committed=True)
    assert (await c.at(2).call(26, 3, end)).error_code == E.NONE
    describe = DescribeTransactionsRequest(transactional_ids=[tid])
    assert (await c.at(2).call(65, 0, describe)).transaction_states[0].transaction_state == "PrepareCommit"
    partition = partition_for(tid, PARTITIONS)
    assert c.broker.transactions.service.coordinator_epoch(partition) == 0
    await c.broker.groups.move_coordinator(tid, 1, 3)
    await c.broker.groups.wait_coordinator_loaded(tid, 1, 3, WAIT_S)
    # Kafka's coordinator epoch, which the markers carry: the partition's leader epoch, bumped by the move.
    assert c.broker.transactions.service.coordinator_epoch(partition) == 1 == \
        c.broker.context.leaders.leader_epoch(TRANSACTION_STATE_TOPIC, partition)
    assert (await c.at(3).call(65, 0, describe)).transaction_states[0].transaction_state == "PrepareCommit"
    c.broker.context.clear_faults()  # the markers go out
    runtime = c.broker.transactions.service.runtime
    await runtime.wait_for(lambda: any(md.transactional_id == tid and md.state.state_name == "CompleteCommit"
                                       for md in c.broker.transactions.transactions()), WAIT_S)
    assert (await c.at(3).call(65, 0, describe)).transaction_states[0].transaction_state == "CompleteCommit"
    fetched = await c.at(1).call(9, 7, OffsetFetchRequest(group_id=group, topics=None, require_stable=True))
    assert fetched.topics[0].partitions[0].committed_offset == 11
