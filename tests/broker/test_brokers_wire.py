"""Issue 34 items 2-5 on the wire, against three brokers in one kaflite (and two): what Metadata, DescribeCluster and
DescribeTopicPartitions say of brokers and leaders; NOT_LEADER_OR_FOLLOWER with KIP-951's leader and endpoints at a
broker that does not lead; KIP-320's epoch checks; leader epochs in the log and OffsetsForLeaderEpoch; ElectLeaders;
a stopped broker's leaderships; an idempotent producer's state handed over by a move."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DeleteRecordsRequest,
    DescribeClusterRequest,
    DescribeConfigsRequest,
    DescribeProducersRequest,
    DescribeTopicPartitionsRequest,
    ElectLeadersRequest,
    FetchRequest,
    ListOffsetsRequest,
    MetadataRequest,
    OffsetForLeaderEpochRequest,
    ProduceRequest,
)
from kaflite.storage.leader_epoch import FILE_NAME
from tests.broker.wire import WireClient, serving

pytestmark = pytest.mark.timeout(60)
T0 = 1_700_000_000_000
TOPIC = "orders"
E = ErrorCode


class Cluster:
    """A started several-broker kaflite and one wire client per broker."""

    def __init__(self, broker: Broker, clients: dict[int, WireClient]) -> None:
        self.broker, self.clients = broker, clients

    @property
    def leaders(self) -> Any:
        return self.broker.context.leaders

    def leader(self, partition: int = 0) -> int:
        return int(self.leaders.leader(TOPIC, partition))

    def other(self, partition: int = 0) -> int:
        """A running broker that does not lead the partition."""
        return next(n for n in self.leaders.control.live_nodes() if n != self.leader(partition))

    def port(self, node: int) -> int:
        listener = self.broker.state.endpoint("PLAINTEXT", node)
        assert listener is not None
        return listener.port

    async def reconnect(self, node: int) -> None:
        """A client for a broker started again (its old connection was closed with it)."""
        await self.clients[node].close()
        self.clients[node] = await WireClient.connect(self.port(node))

    async def call(self, node: int, api_key: int, version: int, request: Any) -> Any:
        return await self.clients[node].call(api_key, version, request)

    async def produce(self, node: int, version: int = 11, batch: bytes | None = None, partition: int = 0) -> Any:
        td = ProduceRequest.TopicProduceData
        request = ProduceRequest(acks=-1, timeout_ms=5000, topic_data=[td(name=TOPIC, partition_data=[
            ProduceRequest.PartitionProduceData(index=partition, records=batch or R.build_batch([(None, b"v")],
                                                                                    timestamp_ms=T0))])])
        return await self.call(node, 0, version, request)

    async def fetch(self, node: int, version: int = 16, offset: int = 0, epoch: int = -1) -> Any:
        ft = FetchRequest.FetchTopic
        info = self.broker.logs.topic(TOPIC)
        assert info is not None
        request = FetchRequest(max_wait_ms=0, min_bytes=1, max_bytes=1 << 20, topics=[ft(
            topic=TOPIC, topic_id=info.topic_id, partitions=[FetchRequest.FetchPartition(
                partition=0, fetch_offset=offset, current_leader_epoch=epoch, partition_max_bytes=1 << 20)])])
        return await self.call(node, 1, version, request)


@contextlib.asynccontextmanager
async def cluster(tmp_path: Path, brokers: int = 3, partitions: int = 3) -> AsyncIterator[Cluster]:
    async with serving(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=brokers)) as broker:
        broker.logs.create_topic(TOPIC, partitions, {})
        clients = {li.node_id: await WireClient.connect(li.port) for li in broker.state.listeners}
        try:
            yield Cluster(broker, clients)
        finally:
            for client in clients.values():
                await client.close()


async def test_metadata_lists_every_broker_at_the_requests_listener_and_each_partitions_leader(tmp_path: Path) -> None:
    """Item 2: brokers, controller, leader, leader epoch, replicas in preferred order, ISR, offline replicas."""
    async with cluster(tmp_path) as c:
        for node in (1, 2, 3):
            md = await c.call(node, 3, 12, MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(
                name=TOPIC)]))
            assert [(b.node_id, b.port) for b in md.brokers] == [(n, c.port(n)) for n in (1, 2, 3)]
            assert md.controller_id == 1
            parts = md.topics[0].partitions
            assert sorted(p.leader_id for p in parts) == [1, 2, 3]  # spread over the brokers
            for p in parts:
                assert p.replica_nodes[0] == p.leader_id and sorted(p.replica_nodes) == [1, 2, 3]
                assert p.isr_nodes == p.replica_nodes and p.offline_replicas == [] and p.leader_epoch == 0
        leader = c.leader()
        await c.broker.stop_broker(leader)
        node = c.other()
        md = await c.call(node, 3, 12, MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=TOPIC)]))
        assert leader not in [b.node_id for b in md.brokers] and len(md.brokers) == 2
        p0 = md.topics[0].partitions[0]
        assert p0.error_code == 0 and p0.leader_id != leader and p0.leader_epoch == 1
        assert p0.offline_replicas == [leader] and leader not in p0.isr_nodes and p0.replica_nodes[0] == leader
        assert md.controller_id == min(set((1, 2, 3)) - {leader})
        v0 = await c.call(node, 3, 0, MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=TOPIC)]))
        assert v0.topics[0].partitions[0].error_code == E.REPLICA_NOT_AVAILABLE
        assert leader not in v0.topics[0].partitions[0].replica_nodes
        dc = await c.call(node, 60, 1, DescribeClusterRequest())
        assert sorted(b.broker_id for b in dc.brokers) == sorted(set((1, 2, 3)) - {leader})
        with_fenced = await c.call(node, 60, 2, DescribeClusterRequest(include_fenced_brokers=True))
        assert [(b.broker_id, b.port, b.is_fenced) for b in with_fenced.brokers] == [
            (n, c.port(n), n == leader) for n in (1, 2, 3)]
        dtp = await c.call(node, 75, 0, DescribeTopicPartitionsRequest(
            topics=[DescribeTopicPartitionsRequest.TopicRequest(name=TOPIC)], response_partition_limit=10))
        d0 = dtp.topics[0].partitions[0]
        assert (d0.leader_id, d0.leader_epoch, d0.offline_replicas) == (p0.leader_id, 1, [leader])


async def test_a_partition_without_a_running_replica_has_no_leader(tmp_path: Path) -> None:
    async with cluster(tmp_path, brokers=2, partitions=1) as c:
        await c.broker.stop_broker(2)
        await c.broker.stop_broker(1)
        assert c.leader() == -1
        await c.broker.start_broker(2)  # a returning replica takes a partition left without a leader
        assert c.leader() == 2
        await c.reconnect(2)
        md = await c.call(2, 3, 12, MetadataRequest(topics=None))
        assert md.topics[0].partitions[0].leader_id == 2


async def test_produce_at_a_follower_is_not_leader_with_the_leader_from_v10(tmp_path: Path) -> None:
    """Item 3, KIP-951: v9 names no leader; v10+ the leader, its epoch and its endpoint."""
    async with cluster(tmp_path) as c:
        leader, other = c.leader(), c.other()
        old = await c.produce(other, version=9)
        p = old.responses[0].partition_responses[0]
        assert p.error_code == E.NOT_LEADER_OR_FOLLOWER and p.base_offset == -1 and p.log_start_offset == -1
        new = await c.produce(other, version=11)
        p = new.responses[0].partition_responses[0]
        assert p.error_code == E.NOT_LEADER_OR_FOLLOWER
        assert (p.current_leader.leader_id, p.current_leader.leader_epoch) == (leader, 0)
        assert [(n.node_id, n.port) for n in new.node_endpoints] == [(leader, c.port(leader))]
        ok = await c.produce(leader, version=11)
        assert ok.responses[0].partition_responses[0].error_code == 0 and ok.node_endpoints == []
        assert c.broker.logs.get_log(TOPIC, 0).log_end_offset == 1  # type: ignore[union-attr]


async def test_fetch_at_a_follower_and_with_stale_or_future_epochs(tmp_path: Path) -> None:
    """Item 3: NOT_LEADER_OR_FOLLOWER (v16: with the leader), KIP-320 FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH."""
    async with cluster(tmp_path) as c:
        leader, other = c.leader(), c.other()
        await c.produce(leader)
        v15 = await c.fetch(other, version=15)
        assert v15.responses[0].partitions[0].error_code == E.NOT_LEADER_OR_FOLLOWER
        v16 = await c.fetch(other, version=16)
        part = v16.responses[0].partitions[0]
        assert part.error_code == E.NOT_LEADER_OR_FOLLOWER and part.current_leader.leader_id == leader
        assert [n.node_id for n in v16.node_endpoints] == [leader]
        await c.leaders.move_leader(TOPIC, 0, other)  # epoch 1 now, led by `other`
        stale = await c.fetch(other, epoch=0)
        part = stale.responses[0].partitions[0]
        assert part.error_code == E.FENCED_LEADER_EPOCH
        assert (part.current_leader.leader_id, part.current_leader.leader_epoch) == (other, 1)
        future = await c.fetch(other, epoch=2)
        assert future.responses[0].partitions[0].error_code == E.UNKNOWN_LEADER_EPOCH
        fresh = await c.fetch(other, epoch=1)
        assert fresh.responses[0].partitions[0].error_code == 0
        assert fresh.responses[0].partitions[0].high_watermark == 1


async def test_list_offsets_delete_records_describe_producers_and_epochs_at_a_follower(tmp_path: Path) -> None:
    async with cluster(tmp_path) as c:
        leader, other = c.leader(), c.other()
        await c.produce(leader)
        lo = ListOffsetsRequest.ListOffsetsTopic
        request = ListOffsetsRequest(replica_id=-1, topics=[lo(name=TOPIC, partitions=[
            ListOffsetsRequest.ListOffsetsPartition(partition_index=0, timestamp=-1, current_leader_epoch=0)])])
        assert (await c.call(other, 2, 7, request)).topics[0].partitions[0].error_code == E.NOT_LEADER_OR_FOLLOWER
        answer = (await c.call(leader, 2, 7, request)).topics[0].partitions[0]
        assert (answer.error_code, answer.offset, answer.leader_epoch) == (0, 1, 0)
        request.topics[0].partitions[0].current_leader_epoch = 3
        assert (await c.call(leader, 2, 7, request)).topics[0].partitions[0].error_code == E.UNKNOWN_LEADER_EPOCH
        dr = DeleteRecordsRequest(timeout_ms=1000, topics=[DeleteRecordsRequest.DeleteRecordsTopic(
            name=TOPIC, partitions=[DeleteRecordsRequest.DeleteRecordsPartition(partition_index=0, offset=1)])])
        assert (await c.call(other, 21, 2, dr)).topics[0].partitions[0].error_code == E.NOT_LEADER_OR_FOLLOWER
        dp = DescribeProducersRequest(topics=[DescribeProducersRequest.TopicRequest(name=TOPIC,
                                                                                    partition_indexes=[0])])
        assert (await c.call(other, 61, 0, dp)).topics[0].partitions[0].error_code == E.NOT_LEADER_OR_FOLLOWER
        assert (await c.call(leader, 61, 0, dp)).topics[0].partitions[0].error_code == 0
        ofe = OffsetForLeaderEpochRequest(replica_id=-1, topics=[OffsetForLeaderEpochRequest.OffsetForLeaderTopic(
            topic=TOPIC, partitions=[OffsetForLeaderEpochRequest.OffsetForLeaderPartition(
                partition=0, current_leader_epoch=0, leader_epoch=0)])])
        assert (await c.call(other, 23, 4, ofe)).topics[0].partitions[0].error_code == E.NOT_LEADER_OR_FOLLOWER


async def test_a_move_starts_a_new_leader_epoch_in_the_log_and_its_checkpoint(tmp_path: Path) -> None:
    """Item 4: batches appended after a move carry the new epoch; leader-epoch-checkpoint says where each epoch
    began (Kafka's format); OffsetsForLeaderEpoch answers from it; a restart keeps both."""
    async with cluster(tmp_path) as c:
        leader, other = c.leader(), c.other()
        for _ in range(3):
            await c.produce(leader)
        plog = c.broker.logs.get_log(TOPIC, 0)
        assert plog is not None and not (plog.directory / FILE_NAME).exists()  # epoch 0 only: nothing written
        await c.leaders.move_leader(TOPIC, 0, other)
        assert (plog.directory / FILE_NAME).read_text() == "0\n2\n0 0\n1 3\n"
        await c.produce(other)
        fetched = await c.fetch(other, offset=3, epoch=1)
        batch = bytes(fetched.responses[0].partitions[0].records)
        assert R.read_header(batch).partition_leader_epoch == 1
        ofe = OffsetForLeaderEpochRequest(replica_id=-1, topics=[OffsetForLeaderEpochRequest.OffsetForLeaderTopic(
            topic=TOPIC, partitions=[OffsetForLeaderEpochRequest.OffsetForLeaderPartition(
                partition=0, current_leader_epoch=1, leader_epoch=epoch) for epoch in (0, 1, 5)])])
        answers = (await c.call(other, 23, 4, ofe)).topics[0].partitions
        assert [(a.error_code, a.leader_epoch, a.end_offset) for a in answers] == [(0, 0, 3), (0, 1, 4), (0, -1, -1)]
        ofe.topics[0].partitions = ofe.topics[0].partitions[:1]
        ofe.topics[0].partitions[0].current_leader_epoch = 0
        assert (await c.call(other, 23, 4, ofe)).topics[0].partitions[0].error_code == E.FENCED_LEADER_EPOCH
        data_dir = c.broker.data_dir
    async with serving(KafliteConfig(log_dirs=str(data_dir), port=0, brokers=3)) as again:
        assert again.context.leaders.leader(TOPIC, 0) == other
        assert again.context.leaders.leader_epoch(TOPIC, 0) == 1
        plog = again.logs.get_log(TOPIC, 0)
        assert plog is not None and plog.epochs.entries == [(0, 0), (1, 3)] and plog.leader_epoch == 1


async def test_an_idempotent_producer_continues_across_a_move_without_gaps_or_duplicates(tmp_path: Path) -> None:
    """Item 5: one log holds the producer state, so the new leader continues the sequence and answers a retry of
    a batch written by the old leader as a duplicate (its first offset), never OUT_OF_ORDER_SEQUENCE_NUMBER."""
    async with cluster(tmp_path) as c:
        leader, other = c.leader(), c.other()

        def batch(seq: int) -> bytes:
            return R.build_batch([(None, b"%d" % seq)], timestamp_ms=T0, producer_id=42, producer_epoch=0,
                                 base_sequence=seq)

        assert (await c.produce(leader, batch=batch(0))).responses[0].partition_responses[0].error_code == 0
        await c.leaders.move_leader(TOPIC, 0, other)
        retry = (await c.produce(other, batch=batch(0))).responses[0].partition_responses[0]
        assert (retry.error_code, retry.base_offset) == (0, 0)
        following = (await c.produce(other, batch=batch(1))).responses[0].partition_responses[0]
        assert (following.error_code, following.base_offset) == (0, 1)
        skipped = (await c.produce(other, batch=batch(3))).responses[0].partition_responses[0]
        assert skipped.error_code == E.OUT_OF_ORDER_SEQUENCE_NUMBER  # the check itself still holds


async def test_elect_leaders_preferred_moves_partitions_back(tmp_path: Path) -> None:
    async with cluster(tmp_path) as c:
        preferred = c.leader()
        await c.broker.stop_broker(preferred)
        moved_to = c.leader()
        el = ElectLeadersRequest(election_type=0, timeout_ms=1000, topic_partitions=[
            ElectLeadersRequest.TopicPartitions(topic=TOPIC, partitions=[0])])
        down = (await c.call(moved_to, 43, 2, el)).replica_election_results[0].partition_result[0]
        assert (down.error_code, down.error_message) == (E.PREFERRED_LEADER_NOT_AVAILABLE,
                                                         "The preferred leader was not available.")
        await c.broker.start_broker(preferred)
        assert c.leader() == moved_to  # a started broker leads nothing until elected
        await c.reconnect(preferred)
        done = (await c.call(moved_to, 43, 2, el)).replica_election_results[0].partition_result[0]
        assert (done.error_code, done.error_message) == (0, None)
        assert c.leader() == preferred and c.leaders.leader_epoch(TOPIC, 0) == 2
        again = (await c.call(preferred, 43, 2, el)).replica_election_results[0].partition_result[0]
        assert again.error_code == E.ELECTION_NOT_NEEDED
        every = await c.call(preferred, 43, 2, ElectLeadersRequest(election_type=0, timeout_ms=1000,
                                                                   topic_partitions=None))
        assert all(r.partition_result == [] for r in every.replica_election_results)  # none needed: left out
        unclean = ElectLeadersRequest(election_type=1, timeout_ms=1000, topic_partitions=el.topic_partitions)
        result = (await c.call(preferred, 43, 2, unclean)).replica_election_results[0].partition_result[0]
        assert result.error_code == E.ELECTION_NOT_NEEDED


async def test_a_topic_created_while_a_broker_is_stopped_gets_running_leaders(tmp_path: Path) -> None:
    async with cluster(tmp_path) as c:
        await c.broker.stop_broker(2)
        c.broker.logs.create_topic("late", 6, {})
        leaders = c.broker.context.leaders
        for _ in range(200):  # the reconcile is committed on the loop, right after the creation
            if all(leaders.leader("late", p) in (1, 3) for p in range(6)):
                break
            await c.clients[1].call(18, 3, _api_versions())
        assert all(leaders.leader("late", p) in (1, 3) for p in range(6))


def _api_versions() -> Any:
    from kaflite.protocol.messages import ApiVersionsRequest

    return ApiVersionsRequest(client_software_name="t", client_software_version="1")


async def test_broker_configs_name_the_broker_the_request_came_to(tmp_path: Path) -> None:
    async with cluster(tmp_path) as c:
        def describe(name: str) -> DescribeConfigsRequest:
            return DescribeConfigsRequest(resources=[DescribeConfigsRequest.DescribeConfigsResource(
                resource_type=4, resource_name=name, configuration_keys=["broker.id", "listeners"])])

        own = (await c.call(2, 32, 4, describe("2"))).results[0]
        assert own.error_code == 0
        values = {e.name: e.value for e in own.configs}
        assert values["broker.id"] == "2" and values["listeners"].endswith(f":{c.port(2)}")
        wrong = (await c.call(2, 32, 4, describe("1"))).results[0]
        assert (wrong.error_code, wrong.error_message) == (
            E.INVALID_REQUEST, "Unexpected broker id, expected 2 or empty string, but received 1")


async def test_a_crash_after_a_move_keeps_every_acknowledged_record_and_the_epochs(tmp_path: Path) -> None:
    """Done-when of issue 34: kill -9 after a move and a restart: what was acknowledged is there, the partition
    is led as committed, at the same epoch, and its checkpoint agrees."""
    broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=3))
    await broker.start()
    broker.logs.create_topic(TOPIC, 1, {})
    leaders = broker.context.leaders
    first = leaders.leader(TOPIC, 0)
    second = next(n for n in (1, 2, 3) if n != first)
    c = Cluster(broker, {li.node_id: await WireClient.connect(li.port) for li in broker.state.listeners})
    try:
        assert (await c.produce(first)).responses[0].partition_responses[0].error_code == 0
        await leaders.move_leader(TOPIC, 0, second)
        assert (await c.produce(second)).responses[0].partition_responses[0].error_code == 0
    finally:
        for client in c.clients.values():
            await client.close()
    await broker.crash()
    async with serving(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=3)) as again:
        plog = again.logs.get_log(TOPIC, 0)
        assert plog is not None and plog.log_end_offset == 2
        assert again.context.leaders.current_leader(TOPIC, 0) == (second, 1)
        assert plog.epochs.entries == [(0, 0), (1, 1)]


async def test_a_restart_with_fewer_brokers_gives_their_partitions_to_the_rest(tmp_path: Path) -> None:
    async with cluster(tmp_path) as c:
        await c.leaders.move_leader(TOPIC, 0, 3 if c.leader() != 3 else 2)  # epoch 1, led by a broker that goes
    async with serving(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=1)) as one:
        assert one.context.leaders.current_leader(TOPIC, 0) == (1, 2)
        client = await WireClient.connect(one.port)
        try:
            md = await client.call(3, 12, MetadataRequest(topics=None))
        finally:
            await client.close()
        assert [b.node_id for b in md.brokers] == [1]
        p0 = next(t for t in md.topics if t.name == TOPIC).partitions[0]
        assert (p0.leader_id, p0.leader_epoch, p0.replica_nodes, p0.isr_nodes) == (1, 2, [1], [1])


async def test_every_listener_exists_on_every_broker(tmp_path: Path) -> None:
    """Item 1: a PLAINTEXT and a SASL_PLAINTEXT listener on each of two brokers; Metadata at broker 2's PLAINTEXT
    listener names every broker's PLAINTEXT address (the request's listener)."""
    config = KafliteConfig.load({"log.dirs": str(tmp_path), "brokers": 2,
                                 "listeners": "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0",
                                 "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT",
                                 "sasl.enabled.mechanisms": "PLAIN"}, env={})
    async with serving(config) as broker:
        bound = [(li.node_id, li.name) for li in broker.state.listeners]
        assert bound == [(1, "PLAINTEXT"), (1, "SASL_PLAINTEXT"), (2, "PLAINTEXT"), (2, "SASL_PLAINTEXT")]
        assert len({li.port for li in broker.state.listeners}) == 4
        plain = {li.node_id: li.port for li in broker.state.listeners if li.name == "PLAINTEXT"}
        client = await WireClient.connect(plain[2])
        try:
            md = await client.call(3, 12, MetadataRequest(topics=[]))
        finally:
            await client.close()
        assert [(b.node_id, b.port) for b in md.brokers] == [(1, plain[1]), (2, plain[2])]
