"""Nullable strings as Kafka sends them: null where Kafka's handler leaves or sets null, "" only where
Kafka sends "" (its generated Java messages default a nullable string to "" unless the schema says
``"default": "null"``, so a handler that never sets the field sends ""). Clients tell the two apart:
an error_message of "" reads as "an error, with an empty message" to some. One success answer per
API, decoded over a real socket at a flexible version, as a client reads it.

``empty_nullable_strings`` walks a whole decoded answer for "" in a field the schema makes nullable
at that version; the fields where Kafka itself sends "" are listed in KAFKA_SENDS_EMPTY, with where.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.error_responses import constructor_hints
from kaflite.protocol.messages import (
    ApiVersionsRequest,
    CreatePartitionsRequest,
    CreateTopicsRequest,
    DeleteGroupsRequest,
    DeleteTopicsRequest,
    DescribeClusterRequest,
    DescribeConfigsRequest,
    DescribeGroupsRequest,
    FindCoordinatorRequest,
    HeartbeatRequest,
    InitProducerIdRequest,
    JoinGroupRequest,
    LeaveGroupRequest,
    ListGroupsRequest,
    MetadataRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
    ProduceRequest,
    SyncGroupRequest,
)
from tests.broker.wire import WireClient, connected, serving

#: (struct, field) where Kafka itself answers "" in a nullable string, and why.
KAFKA_SENDS_EMPTY = {
    # OffsetFetchResponse.NO_METADATA: a committed offset without metadata, or no committed offset.
    ("OffsetFetchResponsePartitions", "metadata"),
    ("OffsetFetchResponsePartition", "metadata"),
    # ConfigHelper.describeConfigs never sets a successful result's message: the schema default "".
    ("DescribeConfigsResult", "error_message"),
    # KafkaApis.handleFindCoordinatorRequestV4AndAbove never sets a key's message.
    ("Coordinator", "error_message"),
    # A config whose value is an empty list (leader.replication.throttled.replicas): ConfigDef.convertToString.
    ("DescribeConfigsResourceResult", "value"),
    ("DescribeConfigsSynonym", "value"),
    ("CreatableTopicConfigs", "value"),
}


def empty_nullable_strings(root: Any, version: int) -> list[str]:
    """Every field of the decoded answer (nested structs included) that is on the wire at ``version``, is
    typed as a nullable string (``str | None``) and holds "". On the wire: changing it changes the bytes."""
    baseline = root.encode(version)
    found: list[str] = []

    def on_wire(obj: Any, name: str) -> bool:
        setattr(obj, name, "on the wire?")
        try:
            return bool(root.encode(version) != baseline)
        finally:
            setattr(obj, name, "")

    def walk(obj: Any, path: str) -> None:
        cls = type(obj)
        hints = constructor_hints(cls)
        for name in cls.__slots__:
            value = getattr(obj, name)
            if (value == "" and hints[name] == str | None
                    and (cls.__name__, name) not in KAFKA_SENDS_EMPTY and on_wire(obj, name)):
                found.append(f"{path}{cls.__name__}.{name}")
            for i, item in enumerate(value if isinstance(value, list) else [value]):
                if type(item).__module__.startswith("kaflite.protocol.messages"):
                    walk(item, f"{path}{name}[{i}].")

    walk(root, "")
    return found


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    async with serving(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0), t={"cleanup.policy": "compact"}) as b:
        yield b


@pytest.fixture
async def client(broker: Broker) -> AsyncIterator[WireClient]:
    async with connected(broker.port) as c:
        yield c


async def call(client: WireClient, api_key: int, version: int, request: Any) -> Any:
    """The decoded answer, checked: no "" where Kafka sends null, anywhere in it."""
    resp = await client.call(api_key, version, request)
    assert empty_nullable_strings(resp, version) == [], resp
    return resp


async def find_coordinator(client: WireClient, group: str) -> None:
    """A fresh broker may answer COORDINATOR_NOT_AVAILABLE while it creates __consumer_offsets: retry,
    bounded (50 x 0.1 s)."""
    for _ in range(50):
        resp = await call(client, 10, 6, FindCoordinatorRequest(key_type=0, coordinator_keys=[group]))
        if resp.coordinators[0].error_code == 0:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"no coordinator for {group}: {resp}")


async def test_cluster_apis(broker: Broker, client: WireClient) -> None:
    await call(client, 18, 4, ApiVersionsRequest(client_software_name="t", client_software_version="1"))
    md = await call(client, 3, 13, MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name="t")]))
    assert md.topics[0].error_code == 0 and md.cluster_id == broker.state.cluster_id
    dc = await call(client, 60, 2, DescribeClusterRequest())
    assert (dc.error_code, dc.error_message) == (0, None)


async def test_describe_configs(client: WireClient) -> None:
    R_ = DescribeConfigsRequest.DescribeConfigsResource
    resp = await call(client, 32, 4, DescribeConfigsRequest(resources=[
        R_(resource_type=2, resource_name="t"), R_(resource_type=4, resource_name="1")]))
    for result in resp.results:
        assert (result.error_code, result.error_message) == (0, "")  # Kafka's ConfigHelper: never set
        assert result.configs and all(c.documentation is None for c in result.configs)  # not asked for


async def test_topic_admin(client: WireClient) -> None:
    CT = CreateTopicsRequest.CreatableTopic
    created = await call(client, 19, 7, CreateTopicsRequest(
        topics=[CT(name="new", num_partitions=1, replication_factor=1)], timeout_ms=1000))
    assert (created.topics[0].error_code, created.topics[0].error_message) == (0, None)
    grown = await call(client, 37, 3, CreatePartitionsRequest(
        topics=[CreatePartitionsRequest.CreatePartitionsTopic(name="new", count=2, assignments=None)],
        timeout_ms=1000))
    assert (grown.results[0].error_code, grown.results[0].error_message) == (0, None)
    for version, req in ((6, DeleteTopicsRequest(topics=[DeleteTopicsRequest.DeleteTopicState(name="new")])),
                         (5, DeleteTopicsRequest(topic_names=["t"]))):
        deleted = await call(client, 20, version, req)
        assert (deleted.responses[0].error_code, deleted.responses[0].error_message) == (0, None)


async def test_find_coordinator(client: WireClient) -> None:
    """v4+: KafkaApis never sets a key's message (the schema's default ""), unless the whole request
    failed; v0-3 carry Errors.message(), which for NONE is "NONE": a Kafka quirk clients see."""
    await find_coordinator(client, "g")
    v4 = await call(client, 10, 6, FindCoordinatorRequest(key_type=0, coordinator_keys=["g"]))
    assert (v4.coordinators[0].error_code, v4.coordinators[0].error_message) == (0, "")
    v3 = await client.call(10, 3, FindCoordinatorRequest(key="g", key_type=0))
    assert (v3.error_code, v3.error_message) == (0, "NONE")
    bad = await client.call(10, 6, FindCoordinatorRequest(key_type=9, coordinator_keys=["g"]))
    assert bad.coordinators[0].error_code == 42 and bad.coordinators[0].error_message.startswith(
        "This most likely occurs because of a request being malformed")


async def test_produce(client: WireClient) -> None:
    pid = await call(client, 22, 5, InitProducerIdRequest(transactional_id=None, transaction_timeout_ms=1000))
    assert pid.error_code == 0
    batch = R.build_batch([(b"k", b"v")], timestamp_ms=1_700_000_000_000)
    PD, TD = ProduceRequest.PartitionProduceData, ProduceRequest.TopicProduceData
    resp = await call(client, 0, 11, ProduceRequest(acks=-1, timeout_ms=1000, topic_data=[
        TD(name="t", partition_data=[PD(index=0, records=batch)])]))
    part = resp.responses[0].partition_responses[0]
    assert (part.error_code, part.error_message, part.record_errors) == (0, None, [])


async def test_group_apis(client: WireClient) -> None:
    """A whole classic group's life at flexible versions: every answer null where Kafka leaves it null."""
    g = "nullable-g"
    await find_coordinator(client, g)
    protocols = [JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"\x00\x01")]
    join = JoinGroupRequest(group_id=g, session_timeout_ms=10_000, rebalance_timeout_ms=10_000, member_id="",
                            protocol_type="consumer", protocols=protocols)
    first = await client.call(11, 9, join)
    assert first.error_code == 79  # MEMBER_ID_REQUIRED (KIP-394)
    join.member_id = first.member_id
    joined = await call(client, 11, 9, join)
    assert joined.error_code == 0 and joined.members[0].group_instance_id is None
    member, generation = joined.member_id, joined.generation_id
    SA = SyncGroupRequest.SyncGroupRequestAssignment
    synced = await call(client, 14, 5, SyncGroupRequest(
        group_id=g, generation_id=generation, member_id=member, protocol_type="consumer", protocol_name="range",
        assignments=[SA(member_id=member, assignment=b"")]))
    assert synced.error_code == 0
    beat = await call(client, 12, 4, HeartbeatRequest(group_id=g, generation_id=generation, member_id=member))
    assert beat.error_code == 0
    P, T = OffsetCommitRequest.OffsetCommitRequestPartition, OffsetCommitRequest.OffsetCommitRequestTopic
    committed = await call(client, 8, 9, OffsetCommitRequest(
        group_id=g, generation_id_or_member_epoch=generation, member_id=member,
        topics=[T(name="t", partitions=[P(partition_index=0, committed_offset=1, committed_metadata=None)])]))
    assert committed.topics[0].partitions[0].error_code == 0
    FG, FT = OffsetFetchRequest.OffsetFetchRequestGroup, OffsetFetchRequest.OffsetFetchRequestTopics
    fetched = await call(client, 9, 9, OffsetFetchRequest(groups=[
        FG(group_id=g, topics=[FT(name="t", partition_indexes=[0])])]))
    assert fetched.groups[0].topics[0].partitions[0].committed_offset == 1
    described = await call(client, 15, 6, DescribeGroupsRequest(groups=[g]))
    assert described.groups[0].error_code == 0 and described.groups[0].error_message is None
    assert described.groups[0].members[0].group_instance_id is None
    listed = await call(client, 16, 5, ListGroupsRequest())
    assert [x.group_id for x in listed.groups] == [g]
    left = await call(client, 13, 5, LeaveGroupRequest(group_id=g, members=[
        LeaveGroupRequest.MemberIdentity(member_id=member)]))
    assert left.error_code == 0 and left.members[0].group_instance_id is None
    deleted = await call(client, 42, 2, DeleteGroupsRequest(groups_names=[g]))
    assert deleted.results[0].error_code == 0


def test_the_walk_finds_an_empty_nullable_string() -> None:
    """The check can fail: "" in a nullable error message is found, "" in a plain string is not."""
    from kaflite.protocol.messages import DeleteTopicsResponse

    resp = DeleteTopicsResponse(responses=[DeleteTopicsResponse.DeletableTopicResult(name="t", error_message="")])
    assert empty_nullable_strings(resp, 6) == ["responses[0].DeletableTopicResult.error_message"]
    assert empty_nullable_strings(resp, 4) == []  # error_message is on the wire from v5 only
