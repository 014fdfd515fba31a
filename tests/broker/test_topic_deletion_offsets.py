"""A deleted topic's committed offsets go with it, in every group (Kafka's onPartitionsDeleted).

Kafka's group coordinator writes an offset-commit tombstone for each offset of a deleted topic's
partitions (GroupCoordinatorShard.onPartitionsDeleted -> OffsetMetadataManager.onPartitionsDeleted), so
`kafka-consumer-groups.sh --describe` no longer lists it and a topic created again under the same name
starts with no committed offset. The tombstones are records: a restart replays them.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import DeleteTopicsRequest, OffsetCommitRequest, OffsetFetchRequest
from tests.broker.test_disk_full import config
from tests.broker.wire import WireClient, connected, serving

E = ErrorCode
TC, PC = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition


async def commit(c: WireClient, group: str, offsets: dict[tuple[str, int], int]) -> list[int]:
    topics: dict[str, list[PC]] = {}
    for (topic, partition), offset in offsets.items():
        topics.setdefault(topic, []).append(PC(partition_index=partition, committed_offset=offset))
    resp = await c.call(8, 8, OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=-1, member_id="",
                                                  topics=[TC(name=t, partitions=ps) for t, ps in topics.items()]))
    return [p.error_code for t in resp.topics for p in t.partitions]


async def committed(c: WireClient, group: str) -> dict[tuple[str, int], int]:
    """Every committed offset of the group (OffsetFetch with no topics: all of them)."""
    for _ in range(200):
        resp = await c.call(9, 7, OffsetFetchRequest(group_id=group, topics=None))
        if resp.error_code != E.COORDINATOR_LOAD_IN_PROGRESS:
            assert resp.error_code == E.NONE
            return {(t.name, p.partition_index): p.committed_offset for t in resp.topics for p in t.partitions}
        await asyncio.sleep(0.02)
    raise AssertionError("the coordinator never loaded")


async def until_gone(c: WireClient, group: str, topic: str) -> dict[tuple[str, int], int]:
    for _ in range(200):  # the tombstones are written after DeleteTopics is answered, as in Kafka
        left = await committed(c, group)
        if not any(t == topic for t, _ in left):
            return left
        await asyncio.sleep(0.01)
    raise AssertionError(f"offsets of {topic} still committed: {left}")


async def test_deleting_a_topic_tombstones_its_offsets_in_every_group_and_a_restart_keeps_them_gone(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    async with serving(config(data), kept={}) as b, connected(b.port) as c:
        b.logs.create_topic("gone", 2, {})
        assert await commit(c, "g1", {("gone", 0): 5, ("gone", 1): 7, ("kept", 0): 3}) == [E.NONE] * 3
        assert await commit(c, "g2", {("gone", 1): 9}) == [E.NONE]
        resp = await c.call(20, 4, DeleteTopicsRequest(topic_names=["gone"], timeout_ms=5000))
        assert resp.responses[0].error_code == E.NONE
        assert await until_gone(c, "g1", "gone") == {("kept", 0): 3}
        assert await until_gone(c, "g2", "gone") == {}
    async with serving(config(data)) as b, connected(b.port) as c:  # replayed from __consumer_offsets
        assert await committed(c, "g1") == {("kept", 0): 3}
        assert await committed(c, "g2") == {}
