"""Group commit off the event loop (issue 14 item 1): a durable write is answered only once its fsync has
completed, and while the disk works the broker keeps serving every other connection.

The disk is made slow by a gate the test opens (`disk_gate`): for the flusher threads, `os.fdatasync` waits at
it; for kernel AIO, the completions are not collected until it opens. Every test with `slow_disk` runs both
ways. The event loop must not wait: had the fsync stayed on the event loop, the ApiVersions asked meanwhile
would not be answered before the gate's own timeout, and these tests would fail.
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from kaflite.broker.connection import KafkaConnection
from kaflite.broker.server import Broker
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ApiVersionsRequest, ApiVersionsResponse, OffsetCommitRequest, OffsetCommitResponse
from kaflite.storage.fileio import set_disk_fault
from tests.broker.disk_gate import GATE_TIMEOUT_S, SlowAioDisk, SlowDisk, kernel_aio_available
from tests.broker.test_disk_full import GROUP, commit, committed, config, find_coordinator, produce
from tests.broker.wire import WireClient, connected, serving

E = ErrorCode
Disk = SlowDisk | SlowAioDisk


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    try:
        async with serving(config(tmp_path / "data", log_flush_interval_messages=1), t={}) as b:
            yield b
    finally:
        set_disk_fault(None)


async def api_versions_answered(port: int) -> bool:
    async with connected(port) as other:
        resp = await asyncio.wait_for(other.call(18, 3, ApiVersionsRequest(client_software_name="t",
                                                                           client_software_version="1")), 2.0)
        return bool(resp.error_code == E.NONE)


async def until(condition: Callable[[], bool], timeout_s: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def commit_held_at_the_disk(client: WireClient, slow_disk: Disk, first: int,
                                  held: int) -> asyncio.Future[int]:
    """The group's coordinator found and `first` committed; then the disk closed and a commit of `held` sent: its
    answer (a future), once that commit's fsync is waiting at the closed disk."""
    assert await find_coordinator(client, GROUP, 0) == E.NONE
    assert await commit(client, first) == E.NONE
    await until(lambda: slow_disk.waiting == 0)  # nothing in flight: the flush held next is its own
    slow_disk.close()
    pending = asyncio.ensure_future(commit(client, held))
    await until(lambda: slow_disk.waiting > 0)
    return pending


async def test_an_offset_commit_is_answered_after_its_fsync_and_the_loop_serves_meanwhile(
        broker: Broker, slow_disk: Disk) -> None:
    """B-OFF-2: the commit's answer waits for the fsync of its `__consumer_offsets` batch; the fsync runs off the
    loop (a flusher thread, or the kernel), so another client's ApiVersions is answered while it waits."""
    async with connected(broker.port) as client:
        pending = await commit_held_at_the_disk(client, slow_disk, 3, 5)
        assert await api_versions_answered(broker.port)
        await asyncio.sleep(0.2)
        assert not pending.done(), "the commit was answered before its fsync completed"
        slow_disk.open()
        assert await asyncio.wait_for(pending, 5.0) == E.NONE
        assert await committed(client) == (E.NONE, 5)


async def test_commits_arriving_during_a_flush_share_the_next_one(broker: Broker, slow_disk: Disk) -> None:
    """Group commit: with one flush of the partition in flight, the commits that arrive meanwhile wait together
    for one more flush, not one each."""
    async with connected(broker.port) as client:
        first = await commit_held_at_the_disk(client, slow_disk, 1, 2)
        before = slow_disk.synced + slow_disk.waiting
        others = []
        for i in range(5):  # five more connections, each a commit, while the first flush is held
            c = await WireClient.connect(broker.port)
            others.append((c, asyncio.ensure_future(commit(c, 10 + i))))
        await asyncio.sleep(0.2)
        assert not first.done() and not any(f.done() for _, f in others)
        slow_disk.open()
        assert await asyncio.wait_for(first, 5.0) == E.NONE
        assert [await asyncio.wait_for(f, 5.0) for _, f in others] == [E.NONE] * 5
        # The held flush, then one for the five commits (the `__consumer_offsets` log: one fdatasync each).
        assert slow_disk.synced - before <= 2
        for c, _ in others:
            await c.close()


async def test_produce_with_flush_interval_messages_is_answered_after_its_fsync(
        broker: Broker, slow_disk: Disk) -> None:
    """`log.flush.interval.messages=1`: every produce is fsynced before it is answered, by the flusher."""
    async with connected(broker.port) as client:
        assert (await produce(client)).error_code == E.NONE
        await until(lambda: slow_disk.waiting == 0)  # nothing in flight: the flush held next is its own
        slow_disk.close()
        pending = asyncio.ensure_future(produce(client))
        await until(lambda: slow_disk.waiting > 0)
        assert await api_versions_answered(broker.port)
        await asyncio.sleep(0.2)
        assert not pending.done(), "the produce was answered before its fsync completed"
        slow_disk.open()
        answer = await asyncio.wait_for(pending, 5.0)
        assert (answer.error_code, answer.base_offset) == (E.NONE, 2)


async def test_a_failed_produce_fsync_is_kafka_storage_error_and_the_records_stay(broker: Broker) -> None:
    """EIO on the fsync: the partition answers KAFKA_STORAGE_ERROR (56); the records are in the log (readable,
    as in Kafka's), and the next produce, once the disk is well again, is fsynced and acknowledged."""
    async with connected(broker.port) as client:
        assert (await produce(client)).error_code == E.NONE
        broker.context.faults.fill_disk("EIO", allow_bytes=1 << 20)
        failed = await produce(client)
        assert (failed.error_code, failed.base_offset) == (E.KAFKA_STORAGE_ERROR, -1)
        broker.context.faults.free_disk()
        again = await produce(client)
        assert (again.error_code, again.base_offset) == (E.NONE, 4)
        plog = broker.logs.get_log("t", 0)
        assert plog is not None and plog.recovery_point == plog.log_end_offset == 6


async def test_with_offsets_commit_fsync_disabled_a_commit_is_answered_from_the_page_cache(
        tmp_path: Path, slow_disk: Disk) -> None:
    """`offsets.commit.fsync.enable=false`: Kafka's single-broker semantics, answered once written (a kill -9
    keeps it: the page cache is the kernel's), fsynced later by the periodic flush."""
    async with serving(config(tmp_path / "data", offsets_commit_fsync_enable=False), t={}) as b, \
            connected(b.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        await until(lambda: slow_disk.waiting == 0)  # nothing in flight: the flush held next is its own
        slow_disk.close()
        assert await asyncio.wait_for(commit(client, 5), 5.0) == E.NONE
        assert await committed(client) == (E.NONE, 5)
        slow_disk.open()


async def read_answers(c: WireClient, n: int) -> list[tuple[int, bytes]]:
    """The next `n` answers on `c`: (correlation id, body after a v0 header), in the order they came."""
    out = []
    for _ in range(n):
        size = struct.unpack(">i", await asyncio.wait_for(c.reader.readexactly(4), GATE_TIMEOUT_S))[0]
        frame = await asyncio.wait_for(c.reader.readexactly(size), GATE_TIMEOUT_S)
        out.append((struct.unpack_from(">i", frame, 0)[0], frame[4:]))
    return out


def commit_request(offset: int) -> OffsetCommitRequest:
    TC, PC = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition
    return OffsetCommitRequest(group_id=GROUP, generation_id_or_member_epoch=-1, member_id="",
                               topics=[TC(name="t", partitions=[PC(partition_index=0, committed_offset=offset)])])


async def test_pipelined_commits_on_one_connection_share_a_flush_and_are_answered_in_order(
        broker: Broker, slow_disk: Disk) -> None:
    """Commits a client pipelines on one connection (commitAsync) are handled while the first one's fsync runs,
    and wait for one flush together, not one each; nothing is answered before its fsync; the answers, and an
    inline one between them (ApiVersions), leave in request order."""
    async with connected(broker.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        assert await commit(client, 1) == E.NONE
        await until(lambda: slow_disk.waiting == 0)  # nothing in flight: the flush held next is its own
        slow_disk.close()
        first = client.correlation_id + 1
        for offset in (10, 11, 12):
            await client.send_only(8, 2, commit_request(offset))  # v2: a non-flexible header, as read_answers
        await client.send_only(18, 0, ApiVersionsRequest())
        for offset in (13, 14):
            await client.send_only(8, 2, commit_request(offset))
        await until(lambda: slow_disk.waiting > 0)
        before = slow_disk.synced + slow_disk.waiting
        # every request handled (five commits applied, the ApiVersions answer ready behind them), none answered
        await until(lambda: awaiting_answers(broker) == 6)
        assert not await _any_bytes(client), "answered before the fsync completed"
        slow_disk.open()
        answers = await read_answers(client, 6)
        assert [cid for cid, _ in answers] == list(range(first, first + 6))
        for i, (_, body) in enumerate(answers):
            if i == 3:
                assert ApiVersionsResponse.decode(body, 0).error_code == E.NONE
            else:
                assert OffsetCommitResponse.decode(body, 2).topics[0].partitions[0].error_code == E.NONE
        # the held flush (offset 10), then one for the four commits that came while it ran
        assert slow_disk.synced - before <= 2
        assert await committed(client) == (E.NONE, 14)


def awaiting_answers(broker: Broker) -> int:
    """Answers the broker's connections hold back until an earlier one's fsync completes."""
    return sum(len(c.awaiting or ()) for c in connections(broker))


def connections(broker: Broker) -> list[KafkaConnection]:
    return [c for c in broker.context.state.connections if isinstance(c, KafkaConnection)]


async def _any_bytes(c: WireClient) -> bool:
    try:
        await asyncio.wait_for(c.reader.read(1), 0.05)
    except TimeoutError:
        return False
    return True


async def test_a_malformed_frame_behind_pipelined_commits_closes_once_their_answers_are_out(
        broker: Broker, slow_disk: Disk) -> None:
    """The connection closes for the bad frame, but only after the answers to the commits before it, each once
    durable; nothing after the bad frame is handled."""
    async with connected(broker.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        await until(lambda: slow_disk.waiting == 0)  # nothing in flight: the flush held next is its own
        slow_disk.close()
        first = client.correlation_id + 1
        for offset in (20, 21):
            await client.send_only(8, 2, commit_request(offset))
        client.writer.write(struct.pack(">i", 3) + b"\x00\x08\x00")  # a header cut short
        await client.send_only(8, 2, commit_request(99))  # after the bad frame: never handled
        await until(lambda: slow_disk.waiting > 0)
        await until(lambda: any(c.close_reason is not None for c in connections(broker)))
        assert awaiting_answers(broker) == 2  # the commits before the bad frame; nothing after it was handled
        slow_disk.open()
        answers = await read_answers(client, 2)
        assert [cid for cid, _ in answers] == [first, first + 1]
        assert all(OffsetCommitResponse.decode(b, 2).topics[0].partitions[0].error_code == E.NONE for _, b in answers)
        assert await client.closed_by_peer()
    async with connected(broker.port) as other:
        assert await committed(other) == (E.NONE, 21)


async def test_a_broker_syncs_by_kernel_aio_where_the_kernel_offers_it(broker: Broker) -> None:
    """The fast path is the one in use (a regression to the threads would only show in the benchmarks)."""
    async with connected(broker.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        assert await commit(client, 1) == E.NONE
    assert broker.context.commits.uses_kernel_aio == kernel_aio_available()


def _offsets_segment(data: Path) -> tuple[bytes, int]:
    """(the file, end of its last complete batch) of the one `__consumer_offsets` segment written to."""
    from kaflite.analytics.decode import complete_batches

    (path,) = [p for p in data.glob("__consumer_offsets-*/*.log") if p.stat().st_size]
    raw = path.read_bytes()
    ends = [h.position + h.size_in_bytes for h in complete_batches(raw, str(path))]
    return raw, ends[-1]


async def test_offsets_segments_are_zero_filled_ahead_while_serving_and_trimmed_on_stop(tmp_path: Path) -> None:
    """`__consumer_offsets` is created with `preallocate=true`, so a commit's fsync overwrites allocated blocks:
    while serving, its active segment is longer than its batches (zeros after them); a clean stop leaves exactly
    the batches, as Kafka's close does, and a restart serves the commit."""
    from kaflite.storage.segment import PREALLOCATE_CHUNK

    data = tmp_path / "data"
    async with serving(config(data), t={}) as b, connected(b.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        assert await commit(client, 7) == E.NONE
        info = b.logs.topic("__consumer_offsets")
        assert info is not None and info.configs.get("preallocate") == "true"
        raw, end = _offsets_segment(data)
        assert end < len(raw) <= end + PREALLOCATE_CHUNK and raw[end:] == bytes(len(raw) - end), "zeros ahead"
    raw, end = _offsets_segment(data)
    assert len(raw) == end, "stopped: the zeros trimmed"
    async with serving(config(data)) as b, connected(b.port) as client:
        assert await committed(client) == (E.NONE, 7)
