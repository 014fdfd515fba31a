"""Request limits as Kafka's, checked before any work, and large topic creation off the event loop.

Kafka's controller applies a CreateTopics as one batch of at most 10,000 records (a TopicRecord,
its ConfigRecords, a PartitionRecord per partition); past it every topic is refused with
POLICY_VIOLATION "Unable to perform excessively large batch operation." and nothing is created.
A large legal creation makes its files in a worker thread, so other clients keep being answered.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from kaflite.broker.admin import EXCESSIVE_BATCH, MAX_RECORDS_PER_USER_OP, _create_topics_records
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ApiVersionsRequest,
    CreatePartitionsRequest,
    CreateTopicsRequest,
    MetadataRequest,
)
from tests.broker.wire import WireClient, serving

CT = CreateTopicsRequest
CP = CreatePartitionsRequest


def config(tmp_path: Path) -> KafliteConfig:
    return KafliteConfig(port=0, log_dirs=str(tmp_path / "data"))


def topic(name: str, partitions: int, **configs: str) -> CT.CreatableTopic:
    return CT.CreatableTopic(name=name, num_partitions=partitions, replication_factor=1,
                             configs=[CT.CreatableTopicConfig(name=k, value=v) for k, v in configs.items()])


async def answered_while(work: asyncio.Task[object], other: WireClient, name: str) -> set[int]:
    """Ask `other` for ApiVersions and Metadata until `work` is answered; at least twice it must be
    answered first. The partition counts of topic `name` seen meanwhile (0: not listed)."""
    answered, seen = 0, set()
    while not work.done():
        await other.call(18, 3, ApiVersionsRequest(client_software_name="t", client_software_version="1"))
        meta = await other.call(3, 12, MetadataRequest(topics=None))
        if not work.done():
            answered += 1
            seen.add(sum(len(t.partitions) for t in meta.topics if t.name == name))
    assert answered >= 2, "other clients were not answered while the work went on"
    return seen


def test_records_are_counted_as_kafkas_controller_writes_them() -> None:
    req = CT(topics=[topic("a", 9_998, **{"retention.ms": "1"}), topic("b", -1), topic("c", 0)])
    assert _create_topics_records(req, default_partitions=3) == (1 + 1 + 9_998) + (1 + 3)
    assert _create_topics_records(CT(topics=[topic("a", 9_999)]), 1) == MAX_RECORDS_PER_USER_OP  # allowed
    assert _create_topics_records(CT(topics=[topic("a", 10_000)]), 1) == MAX_RECORDS_PER_USER_OP + 1


async def test_a_huge_create_topics_is_refused_whole_before_any_work(tmp_path: Path) -> None:
    async with serving(config(tmp_path)) as broker:
        client = await WireClient.connect(broker.port)
        for partitions in (10_000, 16_000_000, 2**31 - 1):
            for validate_only in (False, True):
                resp = await client.call(19, 7, CT(topics=[topic("small", 1), topic("huge", partitions)],
                                                   validate_only=validate_only))
                assert [(t.name, t.error_code, t.error_message) for t in resp.topics] == [
                    ("small", ErrorCode.POLICY_VIOLATION, EXCESSIVE_BATCH),
                    ("huge", ErrorCode.POLICY_VIOLATION, EXCESSIVE_BATCH)]
        assert broker.logs.topics() == {}
        assert not any(p.name.startswith(("small-", "huge-")) for p in broker.data_dir.iterdir())
        await client.close()


async def test_create_partitions_past_the_limit_is_refused_and_adds_nothing(tmp_path: Path) -> None:
    async with serving(config(tmp_path)) as broker:
        broker.logs.create_topic("t", 1)
        client = await WireClient.connect(broker.port)
        resp = await client.call(37, 3, CP(topics=[CP.CreatePartitionsTopic(name="t", count=10_002,
                                                                             assignments=None)]))
        assert [(r.error_code, r.error_message) for r in resp.results] == [
            (ErrorCode.POLICY_VIOLATION, EXCESSIVE_BATCH)]
        info = broker.logs.topic("t")
        assert info is not None and info.partitions == 1
        await client.close()


@pytest.mark.parametrize("api", ["CreateTopics", "CreatePartitions"])
async def test_a_large_legal_creation_does_not_stall_other_clients(tmp_path: Path, api: str) -> None:
    async with serving(config(tmp_path)) as broker:
        creator = await WireClient.connect(broker.port)
        other = await WireClient.connect(broker.port)
        if api == "CreateTopics":
            before = 0
            work = asyncio.create_task(creator.call(19, 7, CT(topics=[topic("wide", 600)])))
        else:
            before = 1
            broker.logs.create_topic("wide", 1)
            work = asyncio.create_task(creator.call(37, 3, CP(topics=[CP.CreatePartitionsTopic(
                name="wide", count=600, assignments=None)])))
        # never half of it: the topic is listed with all its partitions or as it was
        assert await answered_while(work, other, "wide") <= {before, 600}
        resp = await work
        assert [r.error_code for r in getattr(resp, "topics", None) or resp.results] == [ErrorCode.NONE]
        info = broker.logs.topic("wide")
        assert info is not None and info.partitions == 600
        assert broker.logs.get_log("wide", 599) is not None
        for c in (creator, other):
            await c.close()
