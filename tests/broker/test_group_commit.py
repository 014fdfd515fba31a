"""Group commit off the event loop (issue 14 item 1): a durable write is answered only once its fsync has
completed, and while the disk works the broker keeps serving every other connection.

The disk is made slow by holding `os.fdatasync` (what every log flush calls) at a gate the test opens; the
flusher threads wait there, the event loop must not. Had the fsync stayed on the event loop, the ApiVersions
asked meanwhile would not be answered before the gate's own timeout, and these tests would fail.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ApiVersionsRequest
from kaflite.storage.fileio import set_disk_fault
from tests.broker.test_disk_full import GROUP, commit, committed, config, find_coordinator, produce
from tests.broker.wire import WireClient, connected, serving

E = ErrorCode
GATE_TIMEOUT_S = 10.0  # the gate opens by itself after this: a broken broker fails the test, never hangs it


class SlowDisk:
    """`os.fdatasync` held until `open()`: counts the syncs that waited."""

    def __init__(self, real: Callable[[int], None]) -> None:
        self.real = real
        self.gate = threading.Event()
        self.gate.set()
        self.waiting = 0
        self.synced = 0
        self._lock = threading.Lock()

    def close(self) -> None:
        self.gate.clear()

    def open(self) -> None:
        self.gate.set()

    def __call__(self, fd: int) -> None:
        with self._lock:
            self.waiting += 1
        self.gate.wait(GATE_TIMEOUT_S)
        with self._lock:
            self.waiting -= 1
            self.synced += 1
        self.real(fd)


@pytest.fixture
def slow_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowDisk]:
    disk = SlowDisk(os.fdatasync)
    monkeypatch.setattr(os, "fdatasync", disk)
    yield disk
    disk.open()


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


async def test_an_offset_commit_is_answered_after_its_fsync_and_the_loop_serves_meanwhile(
        broker: Broker, slow_disk: SlowDisk) -> None:
    """B-OFF-2: the commit's answer waits for the fsync of its `__consumer_offsets` batch; the fsync runs on a
    flusher thread, so another client's ApiVersions is answered while it waits."""
    async with connected(broker.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        assert await commit(client, 3) == E.NONE
        slow_disk.close()
        pending = asyncio.ensure_future(commit(client, 5))
        await until(lambda: slow_disk.waiting > 0)
        assert await api_versions_answered(broker.port)
        await asyncio.sleep(0.2)
        assert not pending.done(), "the commit was answered before its fsync completed"
        slow_disk.open()
        assert await asyncio.wait_for(pending, 5.0) == E.NONE
        assert await committed(client) == (E.NONE, 5)


async def test_commits_arriving_during_a_flush_share_the_next_one(broker: Broker, slow_disk: SlowDisk) -> None:
    """Group commit: with one flush of the partition in flight, the commits that arrive meanwhile wait together
    for one more flush, not one each."""
    async with connected(broker.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        assert await commit(client, 1) == E.NONE
        slow_disk.close()
        first = asyncio.ensure_future(commit(client, 2))
        await until(lambda: slow_disk.waiting > 0)
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
        broker: Broker, slow_disk: SlowDisk) -> None:
    """`log.flush.interval.messages=1`: every produce is fsynced before it is answered, by the flusher."""
    async with connected(broker.port) as client:
        assert (await produce(client)).error_code == E.NONE
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
        tmp_path: Path, slow_disk: SlowDisk) -> None:
    """`offsets.commit.fsync.enable=false`: Kafka's single-broker semantics, answered once written (a kill -9
    keeps it: the page cache is the kernel's), fsynced later by the periodic flush."""
    async with serving(config(tmp_path / "data", offsets_commit_fsync_enable=False), t={}) as b, \
            connected(b.port) as client:
        assert await find_coordinator(client, GROUP, 0) == E.NONE
        slow_disk.close()
        assert await asyncio.wait_for(commit(client, 5), 5.0) == E.NONE
        assert await committed(client) == (E.NONE, 5)
        slow_disk.open()
