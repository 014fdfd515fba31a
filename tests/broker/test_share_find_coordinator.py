"""FindCoordinator key type 2 (SG-API-3): `group:topicId:partition`, parsed from the right so that a group id may
contain ':' (Kafka 4.2.1, KAFKA-20183); v6+ only; a malformed key is INVALID_REQUEST; the first request creates
`__share_group_state` (as Kafka's getOrCreateInternalTopic) and is answered once it is loaded."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.broker.shares import parse_share_coordinator_key
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import FindCoordinatorRequest
from kaflite.share_coordinator.records import SHARE_GROUP_STATE_TOPIC, SharePartitionKey
from tests.broker.wire import WireClient

TOPIC_ID = bytes(range(16))
TOPIC_TEXT = "AAECAwQFBgcICQoLDA0ODw"  # Kafka's Uuid.toString of TOPIC_ID


def test_sg_api_3_keys_parse_from_the_right() -> None:
    assert parse_share_coordinator_key(f"g:{TOPIC_TEXT}:3") == SharePartitionKey("g", TOPIC_ID, 3)
    assert parse_share_coordinator_key(f"a:b:c:{TOPIC_TEXT}:0") == SharePartitionKey("a:b:c", TOPIC_ID, 0)
    for bad in ("", "g", f"g:{TOPIC_TEXT}", f":{TOPIC_TEXT}:1", f" :{TOPIC_TEXT}:1", "g:not-a-uuid:1",
                f"g:{TOPIC_TEXT}:x", f"g:{TOPIC_TEXT}:99999999999"):
        assert parse_share_coordinator_key(bad) is None, bad


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    b = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0,
                                  share_coordinator_state_topic_num_partitions=1))
    await b.start()
    try:
        yield b
    finally:
        await b.stop()


async def test_sg_api_3_find_coordinator_key_type_2(broker: Broker) -> None:
    c = await WireClient.connect(broker.port)
    try:
        good, bad = f"grp:with:colons:{TOPIC_TEXT}:0", "grp:nope"
        resp = await c.call(10, 6, FindCoordinatorRequest(key_type=2, coordinator_keys=[good, bad]))
        by_key = {r.key: r for r in resp.coordinators}
        assert (by_key[good].error_code, by_key[good].node_id, by_key[good].port) == (
            ErrorCode.NONE, broker.config.node_id, broker.port)
        assert by_key[bad].error_code == ErrorCode.INVALID_REQUEST and by_key[bad].node_id == -1
        assert broker.logs.topic(SHARE_GROUP_STATE_TOPIC) is not None  # created by the first request
        old = await c.call(10, 5, FindCoordinatorRequest(key_type=2, coordinator_keys=[good]))
        assert old.coordinators[0].error_code == ErrorCode.INVALID_REQUEST  # key type 2 needs v6
    finally:
        await c.close()
