"""`group.coordinator.rebalance.protocols` switches KIP-848 on and off at the broker (CG-API-1).

Without "consumer", ConsumerGroupHeartbeat (68) and ConsumerGroupDescribe (69) are not advertised,
ApiVersions finalizes no `group.version`, and a request for either (a client that ignores ApiVersions)
gets Kafka's bare UNSUPPORTED_VERSION in the API's own response shape (KafkaApis l.3796, 3822).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import (
    ApiVersionsRequest,
    ApiVersionsResponse,
    ConsumerGroupDescribeRequest,
    ConsumerGroupDescribeResponse,
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
)
from tests.broker.wire import WireClient

CGHB, CGD = 68, 69
UNSUPPORTED_VERSION = 35

BrokerFactory = Callable[..., Any]


@pytest.fixture
async def open_broker(tmp_path: Path) -> AsyncIterator[BrokerFactory]:
    started: list[Broker] = []

    async def start(**overrides: Any) -> Broker:
        b = Broker.open(KafliteConfig(log_dirs=str(tmp_path / f"data{len(started)}"), port=0, **overrides))
        await b.start()
        started.append(b)
        return b

    try:
        yield start
    finally:
        for b in started:
            await b.stop()


async def api_versions(port: int) -> ApiVersionsResponse:
    client = await WireClient.connect(port)
    try:
        return ApiVersionsResponse.decode(await client.send(18, 3, ApiVersionsRequest(
            client_software_name="wire-test", client_software_version="1")), 3)
    finally:
        await client.close()


async def test_consumer_protocol_disabled_hides_68_69_and_answers_unsupported_version(
        open_broker: BrokerFactory) -> None:
    """CG-API-1: the off switch. Kafka's getErrorResponse carries the code only (no message)."""
    broker = await open_broker(group_coordinator_rebalance_protocols=("classic",))
    av = await api_versions(broker.port)
    keys = {a.api_key for a in av.api_keys}
    assert CGHB not in keys and CGD not in keys
    assert 11 in keys  # JoinGroup: the classic protocol is still served
    assert [(f.name, f.min_version, f.max_version) for f in av.supported_features] == [
        ("group.version", 0, 1), ("share.version", 0, 1)]
    assert av.finalized_features == []
    client = await WireClient.connect(broker.port)
    try:
        for version in (0, 1):
            body = await client.send(CGHB, version, ConsumerGroupHeartbeatRequest(group_id="g", member_epoch=0))
            hb = ConsumerGroupHeartbeatResponse.decode(body, version)
            assert hb.encode(version) == bytes(body)
            assert (hb.error_code, hb.error_message) == (UNSUPPORTED_VERSION, None)
            body = await client.send(CGD, version, ConsumerGroupDescribeRequest(group_ids=["g1", "g2"]))
            described = ConsumerGroupDescribeResponse.decode(body, version)
            assert described.encode(version) == bytes(body)
            assert [(g.group_id, g.error_code, g.error_message) for g in described.groups] == [
                ("g1", UNSUPPORTED_VERSION, None), ("g2", UNSUPPORTED_VERSION, None)]
    finally:
        await client.close()


async def test_consumer_protocol_enabled_advertises_68_69_and_finalizes_group_version(
        open_broker: BrokerFactory) -> None:
    """CG-API-1: advertised v0-1, FinalizedFeatures group.version=1 (the default configuration)."""
    broker = await open_broker()
    av = await api_versions(broker.port)
    versions = {a.api_key: (a.min_version, a.max_version) for a in av.api_keys}
    assert versions[CGHB] == (0, 1) and versions[CGD] == (0, 1)
    assert [(f.name, f.min_version_level, f.max_version_level) for f in av.finalized_features] == [
        ("group.version", 1, 1), ("share.version", 1, 1)]  # SG-API-1: Kafka 4.2 finalizes share.version 1
    assert av.finalized_features_epoch >= 0
    assert [(f.name, f.min_version, f.max_version) for f in av.supported_features] == [
        ("group.version", 0, 1), ("share.version", 0, 1)]
    assert not broker.router.disabled
