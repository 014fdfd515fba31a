"""B-OFF-2 under group commit: the commits of one read share one `__consumer_offsets` batch and one fsync,
nothing is answered before it is on disk, and the batch replays to the same offsets.

The coordinator buffers a partition's plain records and writes them as one batch just before the partition's
flush (`CoordinatorLog`, `GroupCommit.dirty(plog, write)`): these tests pin what that must keep.
"""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

from kaflite.broker.server import Broker
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.config import KafliteConfig
from kaflite.coordinator.records import decode_offset_commit_key
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import OffsetCommitRequest, OffsetCommitResponse, OffsetFetchRequest
from tests.broker.disk_gate import SlowAioDisk, SlowDisk
from tests.broker.test_group_commit import api_versions_answered, until
from tests.broker.wire import connected, serving

GROUP = "g-batch"
TC, PC = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition


def config(data_dir: Path) -> KafliteConfig:
    return KafliteConfig(log_dirs=str(data_dir), port=0, offsets_topic_num_partitions=1,
                         transaction_state_log_num_partitions=1)


def commit_frame(correlation_id: int, group: str, offset: int) -> bytes:
    body = OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=-1, member_id="", topics=[
        TC(name="t", partitions=[PC(partition_index=0, committed_offset=offset)])]).encode(8)
    client_id = b"batch-test"
    header = struct.pack(">hhih", 8, 8, correlation_id, len(client_id)) + client_id + b"\x00"
    return struct.pack(">i", len(header) + len(body)) + header + body


async def pipelined_commits(port: int, groups_offsets: list[tuple[str, int]]) -> list[tuple[int, int]]:
    """Send every commit in one write (one read for the broker); (correlation id, error) of each answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(b"".join(commit_frame(i, g, o) for i, (g, o) in enumerate(groups_offsets)))
        answers = []
        for _ in groups_offsets:
            size = struct.unpack(">i", await asyncio.wait_for(reader.readexactly(4), 10))[0]
            frame = await asyncio.wait_for(reader.readexactly(size), 10)
            resp = OffsetCommitResponse.decode(frame[5:], 8)
            answers.append((struct.unpack_from(">i", frame)[0], int(resp.topics[0].partitions[0].error_code)))
        return answers
    finally:
        writer.close()


def offsets_batches(broker: Broker) -> list[list[tuple[str, str, int]]]:
    """The `__consumer_offsets-0` batches of offset commits, each as its records' (group, topic, partition)."""
    plog = broker.logs.get_log(CONSUMER_OFFSETS, 0)
    assert plog is not None
    data = plog.read(0, 1 << 24).records
    out = []
    for h in R.iter_batches(bytes(data)):
        keys = [decode_offset_commit_key(r.key) for r in R.decode_records(bytes(data), h.position) if r.key]
        if keys and all(k is not None for k in keys):
            out.append(keys)
    return out  # type: ignore[return-value]


async def fetched(port: int, group: str) -> int:
    async with connected(port) as c:
        resp = await c.call(9, 7, OffsetFetchRequest(group_id=group, topics=[
            OffsetFetchRequest.OffsetFetchRequestTopic(name="t", partition_indexes=[0])]))
        return int(resp.topics[0].partitions[0].committed_offset)


async def test_b_off_2_commits_of_one_read_are_one_batch_answered_in_order(tmp_path: Path) -> None:
    async with serving(config(tmp_path / "data"), t={}) as broker:
        await pipelined_commits(broker.port, [("warm-up", 1)])  # `__consumer_offsets` exists (its first request)
        commits = [(f"{GROUP}-{i % 4}", 100 + i) for i in range(16)]
        answers = await pipelined_commits(broker.port, commits)
        assert answers == [(i, ErrorCode.NONE) for i in range(16)]
        batches = offsets_batches(broker)
        assert [len(b) for b in batches] == [1, 16], "one read's commits share one batch"
        assert batches[1] == [(g, "t", 0) for g, _ in commits]  # in operation order
        assert [await fetched(broker.port, f"{GROUP}-{i}") for i in range(4)] == [112, 113, 114, 115]
    async with serving(config(tmp_path / "data")) as broker:  # the batch replays to the same offsets
        assert [await fetched(broker.port, f"{GROUP}-{i}") for i in range(4)] == [112, 113, 114, 115]


async def test_b_off_2_the_batch_is_written_as_its_fsync_begins_and_answered_after_it(
        tmp_path: Path, slow_disk: SlowDisk | SlowAioDisk) -> None:
    """The fsync held at a gate (`disk_gate`, threads and kernel AIO): one read's three commits are already one
    batch in the log while their fsync waits, the loop serves another client meanwhile, and no answer comes
    before the gate opens."""
    disk = slow_disk
    try:
        async with serving(config(tmp_path / "data"), t={}) as broker:
            await pipelined_commits(broker.port, [("warm-up", 1)])
            await until(lambda: disk.waiting == 0)  # nothing in flight: the flush held next is its own
            disk.close()
            pending = asyncio.ensure_future(pipelined_commits(broker.port, [(GROUP, 7), (GROUP, 8), (GROUP, 9)]))
            await until(lambda: disk.waiting > 0)
            assert [len(b) for b in offsets_batches(broker)] == [1, 3]
            assert await api_versions_answered(broker.port)
            assert not pending.done(), "answered before its fsync completed"
            disk.open()
            assert await asyncio.wait_for(pending, 10) == [(0, 0), (1, 0), (2, 0)]
    finally:
        disk.open()


async def test_tools_see_the_records_of_a_flush_not_yet_begun(tmp_path: Path) -> None:
    """`group_records` (epoch history, the console) writes what is buffered first: a tool reading the partition
    right after an operation sees its records."""
    async with serving(config(tmp_path / "data"), t={}) as broker:
        groups = broker.groups
        TCr = OffsetCommitRequest
        req = TCr(group_id=GROUP, generation_id_or_member_epoch=-1, member_id="", topics=[
            TC(name="t", partitions=[PC(partition_index=0, committed_offset=5)])])
        from kaflite.coordinator.result import RequestContext as CoordinatorContext

        await pipelined_commits(broker.port, [("warm-up", 1)])  # `__consumer_offsets` exists
        pending = groups.service.offset_commit(req, 8, CoordinatorContext(client_id="c", client_host="/h"))
        assert not isinstance(pending, OffsetCommitResponse), "answered only once durable"
        keys = [decode_offset_commit_key(k) for _, _, k, _ in groups.group_records(GROUP)]  # its partition's
        assert keys == [("warm-up", "t", 0), (GROUP, "t", 0)]
        resp = await pending
        assert resp.topics[0].partitions[0].error_code == ErrorCode.NONE
        assert [len(b) for b in offsets_batches(broker)] == [1, 1]
