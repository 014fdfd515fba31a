"""A full or failing disk in a running broker, over a real socket: Produce answers KAFKA_STORAGE_ERROR (56) for
the partition and keeps the connection, Fetch and ListOffsets go on, the coordinators answer their writes with
NOT_COORDINATOR (Kafka's answer for a KAFKA_STORAGE_ERROR write) and reload the partition from its log, and
everything resumes when space returns. The fault is the storage seam (`Faults.fill_disk`); the last test
fills a real, small tmpfs instead, where this machine lets the test mount one.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    FetchRequest,
    FindCoordinatorRequest,
    InitProducerIdRequest,
    ListOffsetsRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
    ProduceRequest,
)
from kaflite.storage.fileio import set_disk_fault
from tests.broker.wire import WireClient, connected, serving

E = ErrorCode
GROUP = "g-disk"


def config(data_dir: Path, **kw: Any) -> KafliteConfig:
    return KafliteConfig(log_dirs=str(data_dir), port=0, offsets_topic_num_partitions=1,
                         transaction_state_log_num_partitions=1, **kw)


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    try:
        async with serving(config(tmp_path / "data"), t={}) as b:
            yield b
    finally:
        set_disk_fault(None)


@pytest.fixture
async def client(broker: Broker) -> AsyncIterator[WireClient]:
    async with connected(broker.port) as c:
        yield c


async def produce(c: WireClient, n: int = 2, *, size: int = 10) -> Any:
    batch = R.build_batch([(b"k%d" % i, b"v" * size) for i in range(n)], timestamp_ms=int(time.time() * 1000))
    TD, PD = ProduceRequest.TopicProduceData, ProduceRequest.PartitionProduceData
    resp = await c.call(0, 9, ProduceRequest(acks=-1, timeout_ms=5000, topic_data=[
        TD(name="t", partition_data=[PD(index=0, records=batch)])]))
    return resp.responses[0].partition_responses[0]


async def fetched_offsets(c: WireClient) -> list[int]:
    FT, FP = FetchRequest.FetchTopic, FetchRequest.FetchPartition
    resp = await c.call(1, 11, FetchRequest(replica_id=-1, max_wait_ms=0, min_bytes=0, max_bytes=1 << 24,
                                            topics=[FT(topic="t", partitions=[
                                                FP(partition=0, fetch_offset=0, partition_max_bytes=1 << 24)])]))
    p = resp.responses[0].partitions[0]
    assert p.error_code == E.NONE
    data = p.records or b""
    return [r.offset for h in R.iter_batches(data) for r in R.decode_records(data, h.position)]


async def latest_offset(c: WireClient) -> int:
    lo = await c.call(2, 5, ListOffsetsRequest(replica_id=-1, topics=[ListOffsetsRequest.ListOffsetsTopic(
        name="t", partitions=[ListOffsetsRequest.ListOffsetsPartition(partition_index=0, timestamp=-1)])]))
    p = lo.topics[0].partitions[0]
    assert p.error_code == E.NONE
    return int(p.offset)


async def commit(c: WireClient, offset: int) -> int:
    TC, PC = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition
    resp = await c.call(8, 8, OffsetCommitRequest(group_id=GROUP, generation_id_or_member_epoch=-1, member_id="",
                                                  topics=[TC(name="t", partitions=[
                                                      PC(partition_index=0, committed_offset=offset)])]))
    return int(resp.topics[0].partitions[0].error_code)


async def committed(c: WireClient) -> tuple[int, int]:
    """(error, committed offset), retrying while the partition reloads (COORDINATOR_LOAD_IN_PROGRESS)."""
    T = OffsetFetchRequest.OffsetFetchRequestTopic
    deadline = time.monotonic() + 10
    while True:
        resp = await c.call(9, 7, OffsetFetchRequest(group_id=GROUP, topics=[T(name="t", partition_indexes=[0])]))
        if resp.error_code != E.COORDINATOR_LOAD_IN_PROGRESS or time.monotonic() > deadline:
            return int(resp.error_code), int(resp.topics[0].partitions[0].committed_offset)
        await asyncio.sleep(0.02)


async def find_coordinator(c: WireClient, key: str, key_type: int) -> int:
    resp = await c.call(10, 3, FindCoordinatorRequest(key=key, key_type=key_type))
    return int(resp.error_code)


async def test_produce_on_a_full_disk_answers_storage_error_reads_go_on_writes_resume(
        broker: Broker, client: WireClient) -> None:
    assert (await produce(client)).error_code == E.NONE
    fault = broker.context.faults.fill_disk("ENOSPC")
    refused = await produce(client)
    assert (refused.error_code, refused.base_offset, refused.log_start_offset) == (E.KAFKA_STORAGE_ERROR, -1, -1)
    assert (await produce(client)).error_code == E.KAFKA_STORAGE_ERROR  # same connection: it stayed open
    assert fault.failures == 2
    assert await fetched_offsets(client) == [0, 1]
    assert await latest_offset(client) == 2
    plog = broker.logs.get_log("t", 0)
    assert plog is not None and os.path.getsize(plog.active_segment.log_path) == plog.active_segment.size
    assert broker.context.faults.free_disk() == 2
    resumed = await produce(client)
    assert (resumed.error_code, resumed.base_offset) == (E.NONE, 2)
    assert await fetched_offsets(client) == [0, 1, 2, 3]


async def test_a_disk_filling_mid_batch_leaves_no_half_batch(broker: Broker, client: WireClient) -> None:
    assert (await produce(client)).error_code == E.NONE
    broker.context.faults.fill_disk("ENOSPC", allow_bytes=100)
    assert (await produce(client, 20, size=50)).error_code == E.KAFKA_STORAGE_ERROR
    broker.context.faults.free_disk()
    assert (await produce(client, 1)).base_offset == 2
    assert await fetched_offsets(client) == [0, 1, 2]


@pytest.mark.parametrize("error", ["ENOSPC", "EIO"])
async def test_offset_commit_on_a_failing_disk_is_not_coordinator_and_the_group_reloads(
        broker: Broker, client: WireClient, error: str) -> None:
    """ENOSPC fails the append; EIO lets it through and fails its fsync (GroupCommit). Either way the commit is
    answered NOT_COORDINATOR, the partition is reloaded from its log, and OffsetFetch then shows an offset the
    log holds; once space returns the commit is retried and lands."""
    assert await find_coordinator(client, GROUP, 0) == E.NONE
    assert await commit(client, 5) == E.NONE
    broker.context.faults.fill_disk(error, allow_bytes=0 if error == "ENOSPC" else 1 << 20)
    assert await commit(client, 7) == E.NOT_COORDINATOR
    err, offset = await committed(client)
    assert err == E.NONE
    # ENOSPC: nothing was written. EIO: the write is in the log (its fsync failed), as in Kafka's log.
    assert offset == (5 if error == "ENOSPC" else 7)
    broker.context.faults.free_disk()
    assert await commit(client, 9) == E.NONE
    assert await committed(client) == (E.NONE, 9)


async def test_init_producer_id_on_a_full_disk_is_retriable_then_succeeds(
        broker: Broker, client: WireClient) -> None:
    """No room for the next producer id block: COORDINATOR_LOAD_IN_PROGRESS (Kafka's answer while it waits for
    a block), the block not taken. No room for the `__transaction_state` record: NOT_COORDINATOR."""
    assert await find_coordinator(client, "tx-disk", 1) == E.NONE
    idempotent = InitProducerIdRequest(transactional_id=None, transaction_timeout_ms=60_000)
    broker.context.faults.fill_disk("ENOSPC")
    assert (await client.call(22, 4, idempotent)).error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    broker.context.faults.free_disk()
    first = await client.call(22, 4, idempotent)
    assert (first.error_code, first.producer_id) == (E.NONE, 0)  # the failed block was never handed out
    req = InitProducerIdRequest(transactional_id="tx-disk", transaction_timeout_ms=60_000)
    broker.context.faults.fill_disk("ENOSPC")
    assert (await client.call(22, 4, req)).error_code == E.NOT_COORDINATOR
    broker.context.faults.free_disk()
    deadline = time.monotonic() + 10
    while (resp := await client.call(22, 4, req)).error_code == E.COORDINATOR_LOAD_IN_PROGRESS:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.02)
    assert resp.error_code == E.NONE and resp.producer_id >= 0


# -- a real full disk -------------------------------------------------------------------------------------

@contextlib.contextmanager
def small_tmpfs(where: Path, size: str) -> Iterator[Path]:
    where.mkdir()
    try:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                                 capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"cannot mount a tmpfs here: {exc}")
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)


async def test_a_real_full_tmpfs_answers_storage_error_and_resumes_when_space_returns(tmp_path: Path) -> None:
    """A 4 MiB tmpfs, most of it taken by a filler file: produce until the disk is full (bounded), check that
    every acknowledged record is fetched and nothing else, restart on the still-full disk, free the filler,
    produce again."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    with small_tmpfs(tmp_path / "disk", "4m") as disk:
        async with serving(config(disk / "data"), t={}) as broker, connected(broker.port) as c:
            filler = disk / "filler"
            free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
            with contextlib.suppress(OSError), filler.open("wb") as f:
                f.write(b"\0" * max(0, free - 256 * 1024))  # leave ~256 KiB
            acked = 0
            for _ in range(2000):  # 1 KiB batches: full long before this
                p = await produce(c, 1, size=1000)
                if p.error_code != E.NONE:
                    break
                assert p.base_offset == acked
                acked += 1
            else:
                pytest.fail("the tmpfs never filled up")
            assert p.error_code == E.KAFKA_STORAGE_ERROR
            assert acked > 0
            assert await fetched_offsets(c) == list(range(acked))
            assert await latest_offset(c) == acked
        # Stopped and started again on the still-full disk: every acknowledged record, nothing else.
        async with serving(config(disk / "data")) as broker, connected(broker.port) as c:
            assert await fetched_offsets(c) == list(range(acked))
            assert (await produce(c, 1, size=1000)).error_code == E.KAFKA_STORAGE_ERROR
            filler.unlink()
            resumed = await produce(c, 1, size=1000)
            assert (resumed.error_code, resumed.base_offset) == (E.NONE, acked)
            assert await fetched_offsets(c) == list(range(acked + 1))
