"""Issue 34, which broker coordinates a key (kaflite.broker.coordinator_nodes), without sockets: one broker is
asked nothing (it coordinates everything, as before several brokers existed); with three, the coordinator of a key
is the leader of its internal partition, the one check answers per broker, and a move resigns then loads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.config import KafliteConfig
from kaflite.coordinator.partitioner import partition_for

PARTITIONS = 3


async def opened(tmp_path: Path, brokers: int) -> Broker:
    broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, brokers=brokers,
                                       offsets_topic_num_partitions=PARTITIONS))
    loading = broker.groups.ensure_offsets_topic()
    assert loading is not None
    await loading
    return broker


@pytest.fixture
async def one(tmp_path: Path) -> AsyncIterator[Broker]:
    broker = await opened(tmp_path, 1)
    yield broker
    await broker.groups.stop()
    broker.logs.close()
    broker.context.cluster_metadata.close()


@pytest.fixture
async def three(tmp_path: Path) -> AsyncIterator[Broker]:
    broker = await opened(tmp_path, 3)
    yield broker
    await broker.groups.stop()
    broker.logs.close()
    broker.context.cluster_metadata.close()


async def test_issue34_item1_one_broker_coordinates_everything(one: Broker) -> None:
    nodes = one.groups.nodes
    assert nodes.single
    assert all(nodes.serves(1, f"g{i}") for i in range(20))
    assert nodes.coordinated_by(1) is None  # answers naming several groups are not filtered
    assert {nodes.coordinator(f"g{i}") for i in range(20)} == {1}
    assert one.groups.coordinator_loaded_on("g0", 0) == 1


async def test_issue34_item2_three_brokers_the_one_check_is_the_partitions_leader(three: Broker) -> None:
    nodes, leaders = three.groups.nodes, three.context.leaders
    assert not nodes.single
    for i in range(30):
        group = f"g{i}"
        leader = leaders.leader(CONSUMER_OFFSETS, partition_for(group, PARTITIONS))
        assert nodes.coordinator(group) == leader
        assert [n for n in (1, 2, 3) if nodes.serves(n, group)] == [leader]
    for n in (1, 2, 3):
        coordinated = nodes.coordinated_by(n)
        assert coordinated is not None
        assert [p for p in range(PARTITIONS) if coordinated(p)] == [
            p for p in range(PARTITIONS) if leaders.leader(CONSUMER_OFFSETS, p) == n]


async def test_issue34_item3_a_move_resigns_then_loads_and_a_held_load_waits(three: Broker) -> None:
    nodes = three.groups.nodes
    group = "g0"
    old = nodes.coordinator(group)
    new = old % 3 + 1
    nodes.hold_loads()
    await three.groups.move_coordinator(group, 0, new)
    assert nodes.coordinator(group) == new and nodes.serves(new, group) and not nodes.serves(old, group)
    assert three.groups.coordinator_loaded_on(group, 0) is None  # loading, held
    assert len(nodes.loading()) == 1
    three.context.clear_faults()
    await three.groups.wait_coordinator_loaded(group, 0, new, 10.0)
    assert nodes.loading() == []
    assert three.groups.coordinator_loaded_on(group, 0) == new
    with pytest.raises(KeyError):
        three.groups.coordinator_nodes(9)
