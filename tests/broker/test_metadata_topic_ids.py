"""Metadata by topic id (CG-API-2): KIP-848 assignments name topics by id, and librdkafka resolves
them with Metadata v12 {Name: null, TopicId}. v10-11 carry the fields but Kafka refuses them there
(KafkaApis.handleTopicMetadataRequest): INVALID_REQUEST(42) on every topic asked for."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import MetadataRequest, MetadataResponse
from tests.broker.wire import WireClient

METADATA = 3
INVALID_REQUEST, UNKNOWN_TOPIC_ID = 42, 100
ZERO = bytes(16)
T = MetadataRequest.MetadataRequestTopic


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    b = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, auto_create_topics_enable=False))
    await b.start()
    try:
        yield b
    finally:
        await b.stop()


async def metadata(client: WireClient, version: int, topics: list[T]) -> MetadataResponse:
    req = MetadataRequest(topics=topics, allow_auto_topic_creation=False)
    body = await client.send(METADATA, version, req)
    resp = MetadataResponse.decode(body, version)
    assert resp.encode(version) == bytes(body)
    return resp


async def test_v12_by_id_and_v10_11_refuse_ids_and_null_names(broker: Broker) -> None:
    info = broker.logs.create_topic("t", 2)
    unknown = bytes(range(1, 17))
    client = await WireClient.connect(broker.port)
    try:
        r = await metadata(client, 12, [T(name=None, topic_id=info.topic_id), T(name=None, topic_id=unknown)])
        assert [(t.error_code, t.name, t.topic_id, len(t.partitions)) for t in r.topics] == [
            (0, "t", info.topic_id, 2), (UNKNOWN_TOPIC_ID, None, unknown, 0)]
        for version in (10, 11):
            r = await metadata(client, version, [T(name="t", topic_id=info.topic_id)])
            assert [(t.error_code, t.name, t.topic_id, t.partitions) for t in r.topics] == [
                (INVALID_REQUEST, "t", info.topic_id, [])]
            assert r.brokers == []
            r = await metadata(client, version, [T(name="t"), T(name=None, topic_id=ZERO)])
            assert [(t.error_code, t.name) for t in r.topics] == [(INVALID_REQUEST, "t"), (INVALID_REQUEST, "")]
            r = await metadata(client, version, [T(name="t")])  # by name: served
            assert [(t.error_code, t.name, len(t.partitions)) for t in r.topics] == [(0, "t", 2)]
    finally:
        await client.close()
