"""A damaged `__consumer_offsets` (issue 13): the loader skips what it cannot read and says so, as Kafka's
CoordinatorLoaderImpl keeps going, instead of leaving every group of the partition NOT_COORDINATOR.

A real broker commits, stops cleanly (the storage layer does not validate CRCs after a clean shutdown,
as Kafka's), one commit's batch gets a flipped byte and one record an undecodable value; after the
restart the partition loads and every other offset is served.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from kaflite.broker.server import Broker
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.config import KafliteConfig
from kaflite.coordinator.records import offset_commit_key
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import OffsetCommitRequest, OffsetFetchRequest
from tests.broker.wire import WireClient, connected

P, T = OffsetCommitRequest.OffsetCommitRequestPartition, OffsetCommitRequest.OffsetCommitRequestTopic
FG, FT = OffsetFetchRequest.OffsetFetchRequestGroup, OffsetFetchRequest.OffsetFetchRequestTopics


async def commit(client: WireClient, group: str, partition: int, offset: int) -> None:
    answer = await client.call(8, 9, OffsetCommitRequest(
        group_id=group, generation_id_or_member_epoch=-1, member_id="",
        topics=[T(name="t", partitions=[P(partition_index=partition, committed_offset=offset)])]))
    assert answer.topics[0].partitions[0].error_code == 0


async def fetched(client: WireClient, group: str) -> tuple[int, list[int]]:
    """(group error code, committed offset of t-0 and t-1)."""
    answer = await client.call(9, 9, OffsetFetchRequest(groups=[FG(group_id=group, topics=[
        FT(name="t", partition_indexes=[0, 1])])]))
    g = answer.groups[0]
    return g.error_code, [p.committed_offset for p in g.topics[0].partitions]


async def test_a_damaged_commit_is_skipped_and_the_partitions_other_offsets_are_served(tmp_path: Path) -> None:
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, offsets_topic_num_partitions=1)
    broker = Broker.open(config)
    await broker.start()
    broker.logs.create_topic("t", 2)
    async with connected(broker.port) as client:
        await commit(client, "a", 0, 5)  # its batch is damaged below
        await commit(client, "b", 0, 7)
        await commit(client, "a", 1, 9)
        await commit(client, "c", 0, 3)
        await commit(client, "b", 1, 8)
    offsets = broker.logs.get_log(CONSUMER_OFFSETS, 0)
    assert offsets is not None
    # A record whose CRC is fine but whose value the coordinator cannot decode (group c's commit).
    offsets.append(R.build_batch([(offset_commit_key("c", "t", 0), b"\x00\x07garbage", ())], timestamp_ms=1),
                   leader_epoch=0, now_ms=1)
    await broker.stop()

    seg = offsets.segments[0]
    data = seg.log_path.read_bytes()
    victim = next(h for h in R.iter_batches(data)
                  if R.decode_records(data, h.position)[0].key == offset_commit_key("a", "t", 0))
    flip = victim.position + victim.size_in_bytes - 2  # inside the record's value: only the CRC notices
    with open(seg.log_path, "r+b") as f:
        f.seek(flip)
        f.write(bytes([data[flip] ^ 0x55]))

    broker = Broker.open(config)
    await broker.start()
    try:
        async with connected(broker.port) as client:
            for _ in range(500):  # the replay runs in the background: LOAD_IN_PROGRESS until it is done
                if (await fetched(client, "b"))[0] != ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
                    break
                await asyncio.sleep(0.01)
            assert await fetched(client, "a") == (0, [-1, 9])
            assert await fetched(client, "b") == (0, [7, 8])
            # c's last value for t-0 is the undecodable record: skipped, so c has no offset there (the
            # loader keeps the last value per key, as compaction would), and the load went on past it.
            assert await fetched(client, "c") == (0, [-1, -1])
            await commit(client, "a", 0, 6)  # and the partition takes new commits
            assert await fetched(client, "a") == (0, [6, 9])
    finally:
        await broker.stop()
