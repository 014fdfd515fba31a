"""The broker keeps the coordinator's MetadataImage in step with every topic change (KIP-848 assigns
by topic id and bumps group epochs on create/delete/grow: CG-API-2, CG-EP-2), through the one
place topics change: the LogManager's topic listener."""

from __future__ import annotations

from pathlib import Path

from kaflite.broker.server import Broker
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.config import KafliteConfig


def open_broker(tmp_path: Path) -> Broker:
    return Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, offsets_topic_num_partitions=3))


def test_create_grow_delete_update_the_image(tmp_path: Path) -> None:
    broker = open_broker(tmp_path)
    image, logs = broker.context.metadata, broker.logs
    assert len(image) == 0
    info = logs.create_topic("a", 2)
    t = image.topic("a")
    assert t is not None and (t.topic_id, t.num_partitions) == (info.topic_id, 2)
    assert image.topic_by_id(info.topic_id) == t
    v = image.version
    logs.create_partitions("a", 5)
    t = image.topic("a")
    assert t is not None and t.num_partitions == 5 and image.version == v + 1
    logs.delete_topic("a")
    assert image.topic("a") is None and image.topic_by_id(info.topic_id) is None and image.version == v + 2
    logs.close()


def test_filled_at_startup_and_shared_with_every_runtime(tmp_path: Path) -> None:
    broker = open_broker(tmp_path)
    info = broker.logs.create_topic("kept", 3)
    broker.logs.close()
    broker = open_broker(tmp_path)
    image = broker.context.metadata
    t = image.topic("kept")
    assert t is not None and (t.topic_id, t.num_partitions) == (info.topic_id, 3)
    assert broker.groups.service.shard.metadata is image
    broker.groups.renew()
    assert broker.groups.service.shard.metadata is image
    broker.logs.close()


async def test_internal_topics_and_reset(tmp_path: Path) -> None:
    broker = open_broker(tmp_path)
    image = broker.context.metadata
    loading = broker.groups.ensure_offsets_topic()  # the broker's own internal topic
    assert loading is not None
    await loading
    t = image.topic(CONSUMER_OFFSETS)
    assert t is not None and t.num_partitions == 3
    broker.logs.create_topic("user", 1)
    await broker.reset()
    assert len(image) == 0
    assert broker.groups.service.shard.metadata is image
    await broker.groups.stop()
    broker.logs.close()


async def test_group_configs_reach_the_coordinator_and_reset_drops_them(tmp_path: Path) -> None:
    broker = open_broker(tmp_path)
    broker.context.group_configs.set("g", {"consumer.session.timeout.ms": "6000"})
    assert broker.groups.service.shard.group_configs("g") == {"consumer.session.timeout.ms": "6000"}
    assert broker.groups.service.shard.group_configs("h") == {}
    await broker.reset()
    assert broker.groups.service.shard.group_configs("g") == {}
    await broker.groups.stop()
    broker.logs.close()
