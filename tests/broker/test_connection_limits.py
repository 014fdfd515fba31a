"""Bounded memory per connection and idle connections, over real sockets (issue 13, items 2 and 3).

A client that stops reading a large fetch must pin kilobytes, not the fetch: the records stay in the
segment and go out a chunk at a time, and the connection reads no more requests until its client
drains. ``connections.max.idle.ms`` closes a connection that sends nothing, or never finishes a
frame; one that keeps talking stays. Every wait is bounded and generous; no test asserts a duration.
"""

from __future__ import annotations

import asyncio
import os
import socket
import struct
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.answer_writer import STREAM_CHUNK
from kaflite.broker.channel import MAX_BUFFERED_BYTES
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest, FetchRequest, FetchResponse
from kaflite.protocol.records import build_batch, iter_batches
from kaflite.storage.segment import FileRecords
from tests.broker.wire import ANSWER_TIMEOUT_S, WireClient, serving

FETCH_V = 11
RECORDS_MB = 12  # well past the kernel's socket buffers, so a reader that stops reading stalls the broker


def config(tmp_path: Path, **kw: Any) -> KafliteConfig:
    return KafliteConfig(port=0, log_dirs=str(tmp_path / "data"), **kw)


def fill(broker: Broker, megabytes: int) -> int:
    """Append `megabytes` of 64 KiB batches to t-0; the log's size in bytes."""
    plog = broker.logs.get_log("t", 0)
    assert plog is not None
    value = b"v" * (64 * 1024 - 200)
    for _ in range(megabytes * 16):
        plog.append(build_batch([(None, value)], timestamp_ms=1), leader_epoch=0, now_ms=1)
    return plog.size_in_bytes


def fetch_frame(correlation_id: int, max_bytes: int) -> bytes:
    part = FetchRequest.FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=max_bytes)
    req = FetchRequest(max_bytes=max_bytes, max_wait_ms=0, isolation_level=0,
                       topics=[FetchRequest.FetchTopic(topic="t", partitions=[part])])
    body = struct.pack(">hhih", 1, FETCH_V, correlation_id, 1) + b"x" + req.encode(FETCH_V)
    return struct.pack(">i", len(body)) + body


async def stuck_reader(port: int) -> socket.socket:
    """A client with a small receive buffer that sends one large Fetch and reads nothing."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", port)), ANSWER_TIMEOUT_S)
    await loop.sock_sendall(sock, fetch_frame(1, 64 << 20))
    return sock


async def until(predicate: Any, what: str) -> None:
    for _ in range(int(ANSWER_TIMEOUT_S * 50)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"not within {ANSWER_TIMEOUT_S}s: {what}")


def connection_of(broker: Broker, sock: socket.socket) -> KafkaConnection:
    host, port = sock.getsockname()[:2]
    local = f"{host}:{port}"
    (conn,) = [c for c in broker.state.connections if c.peer == local]
    return conn


async def test_a_reader_that_stops_reading_a_large_fetch_pins_kilobytes_then_gets_it_all(tmp_path: Path) -> None:
    async with serving(config(tmp_path)) as broker:
        broker.logs.create_topic("t", 1)
        size = fill(broker, RECORDS_MB)
        sock = await stuck_reader(broker.port)
        conn = connection_of(broker, sock)
        await until(lambda: not conn.writable, "the broker's writes to the stuck reader pause")
        assert conn.transport is not None
        assert conn.transport.get_write_buffer_size() <= MAX_BUFFERED_BYTES + STREAM_CHUNK
        assert conn.reading_paused  # muted: no more requests are read until the client drains
        assert any(isinstance(p, FileRecords) for p in conn.out)  # the rest is still in the segment
        assert broker.state.stalled_bytes == conn.stalled > 0

        # The client reads again: the whole answer arrives, byte for byte the log's batches.
        loop = asyncio.get_running_loop()
        received = bytearray()
        while len(received) < 4 or len(received) < 4 + struct.unpack_from(">i", received)[0]:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 1 << 20), ANSWER_TIMEOUT_S)
            assert chunk, "the broker closed the connection"
            received += chunk
        resp = FetchResponse.decode(bytes(received[8:]), FETCH_V)
        records = resp.responses[0].partitions[0].records
        assert len(records) == size
        assert sum(1 for _ in iter_batches(bytes(records))) == RECORDS_MB * 16
        await until(lambda: broker.state.stalled_bytes == 0 and conn.writable, "the stall is over")
        sock.close()


async def test_past_the_global_cap_the_connection_holding_most_is_closed_and_others_served(
        tmp_path: Path) -> None:
    async with serving(config(tmp_path, queued_max_response_bytes=0)) as broker:
        broker.logs.create_topic("t", 1)
        fill(broker, RECORDS_MB)
        sock = await stuck_reader(broker.port)
        conn = connection_of(broker, sock)
        await until(lambda: conn.closed, "the stalled connection is closed")
        assert broker.state.stalled_bytes == 0
        client = await WireClient.connect(broker.port)
        assert (await client.call(18, 3, ApiVersionsRequest(client_software_name="t",
                                                             client_software_version="1"))).error_code == 0
        await client.close()
        sock.close()


async def test_an_idle_connection_and_one_that_never_finishes_a_frame_are_closed(tmp_path: Path) -> None:
    async with serving(config(tmp_path, connections_max_idle_ms=300)) as broker:
        idle = await WireClient.connect(broker.port)
        partial = await WireClient.connect(broker.port)
        assert await idle.closed_by_peer()

        async def trickle() -> None:  # one byte of a frame that never completes, again and again
            with_size = struct.pack(">i", 1000)
            for b in with_size + b"\x00" * 100:
                partial.writer.write(bytes([b]))
                await asyncio.sleep(0.05)

        task = asyncio.create_task(trickle())
        assert await partial.closed_by_peer()
        task.cancel()
        # A client that keeps sending requests more often than the limit keeps its connection.
        talking = await WireClient.connect(broker.port)
        for _ in range(10):
            await talking.call(18, 0, ApiVersionsRequest())
            await asyncio.sleep(0.05)
        await talking.call(18, 0, ApiVersionsRequest())
        for c in (idle, partial, talking):
            await c.close()


async def test_accepted_sockets_keep_alive(tmp_path: Path) -> None:
    async with serving(config(tmp_path)) as broker:
        client = await WireClient.connect(broker.port)
        await client.call(18, 0, ApiVersionsRequest())
        (conn,) = broker.state.connections
        assert conn.transport is not None
        sock = conn.transport.get_extra_info("socket")
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        await client.close()


async def test_fetched_records_go_by_sendfile_and_arrive_byte_for_byte(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The zero-copy path: a large fetch's records leave by os.sendfile (page cache to socket) whenever nothing
    is queued before them, and the client gets exactly the segment's bytes. Without the sendfile path no byte
    would be counted here."""
    sent: list[int] = []
    real = os.sendfile

    def counting(out_fd: int, in_fd: int, offset: int | None, count: int) -> int:
        n = real(out_fd, in_fd, offset, count)
        sent.append(n)
        return n

    monkeypatch.setattr(os, "sendfile", counting)
    async with serving(config(tmp_path)) as broker:
        broker.logs.create_topic("t", 1)
        size = fill(broker, 4)
        plog = broker.logs.get_log("t", 0)
        assert plog is not None
        expected = bytes(plog.read(0, size).records)
        reader, writer = await asyncio.open_connection("127.0.0.1", broker.port)
        writer.write(fetch_frame(1, 64 << 20))
        (length,) = struct.unpack(">i", await asyncio.wait_for(reader.readexactly(4), ANSWER_TIMEOUT_S))
        body = await asyncio.wait_for(reader.readexactly(length), ANSWER_TIMEOUT_S)
        writer.close()
    records = FetchResponse.decode(body[4:], FETCH_V).responses[0].partitions[0].records
    assert len(records) == size and bytes(records) == expected
    assert sum(sent) > size // 2, f"only {sum(sent)} of {size} record bytes went by sendfile"
