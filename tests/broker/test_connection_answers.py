"""How a connection writes its answers (issue 14, item 4): a pipelined burst's inline answers leave in
one write, in request order; an answer that had to wait leaves on its own, still in order.

The burst tests feed a real ``Broker``'s connection bytes as one socket read would deliver them, with a
transport that records each write (a socket cannot show how many sends made a byte stream); the
order test runs over a real socket. Every wait is bounded; no test asserts a duration.
"""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path
from typing import Any

from kaflite.broker.connection import KafkaConnection
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ApiVersionsRequest,
    ApiVersionsResponse,
    OffsetCommitRequest,
    OffsetCommitResponse,
)
from tests.broker.wire import ANSWER_TIMEOUT_S, NullTransport, serving

API_VERSIONS, OFFSET_COMMIT = 18, 8


def request_frame(api_key: int, version: int, correlation_id: int, request: Any) -> bytes:
    flexible = version >= type(request).FLEXIBLE_MIN
    header = struct.pack(">hhih", api_key, version, correlation_id, 4) + b"test" + (b"\x00" if flexible else b"")
    body = header + request.encode(version)
    return struct.pack(">i", len(body)) + body


def answers(data: bytes) -> list[tuple[int, bytes]]:
    """(correlation id, rest) of each size-delimited answer in `data`."""
    out, pos = [], 0
    while pos < len(data):
        (size,) = struct.unpack_from(">i", data, pos)
        payload = data[pos + 4:pos + 4 + size]
        out.append((struct.unpack_from(">i", payload)[0], payload[4:]))
        pos += 4 + size
    assert pos == len(data)
    return out


class RecordingTransport(NullTransport):
    """What KafkaConnection asks of a transport; every write is kept as it was made."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))

    def writelines(self, parts: list[bytes]) -> None:
        self.writes.append(b"".join(parts))


def feed(conn: KafkaConnection, data: bytes) -> None:
    """`data` as one socket read delivers it (asyncio.BufferedProtocol: into the connection's buffer)."""
    pos = 0
    while pos < len(data):
        buf = conn.get_buffer(len(data) - pos)
        n = min(len(buf), len(data) - pos)
        buf[:n] = data[pos:pos + n]
        conn.buffer_updated(n)
        pos += n


async def open_connection(tmp_path: Path) -> tuple[Broker, KafkaConnection, RecordingTransport]:
    broker = Broker.open(KafliteConfig(port=0, log_dirs=str(tmp_path / "data")))
    conn = KafkaConnection(broker.context, broker.router)
    transport = RecordingTransport()
    conn.connection_made(transport)  # type: ignore[arg-type]
    return broker, conn, transport


async def test_a_burst_answered_at_once_leaves_in_one_write_in_request_order(tmp_path: Path) -> None:
    broker, conn, transport = await open_connection(tmp_path)
    try:
        burst = b"".join(request_frame(API_VERSIONS, 3, corr, ApiVersionsRequest(
            client_software_name="t", client_software_version="1")) for corr in range(1, 11))
        feed(conn, burst)
        assert len(transport.writes) == 1
        got = answers(transport.writes[0])
        assert [corr for corr, _ in got] == list(range(1, 11))
        assert all(ApiVersionsResponse.decode(body, 3).error_code == ErrorCode.NONE for _, body in got)
        # a request on its own is still answered at once, in its own write
        feed(conn, request_frame(API_VERSIONS, 3, 11, ApiVersionsRequest()))
        assert [corr for corr, _ in answers(transport.writes[1])] == [11]
    finally:
        broker.logs.close()


async def test_answers_before_a_malformed_frame_still_go_out_before_the_close(tmp_path: Path) -> None:
    broker, conn, transport = await open_connection(tmp_path)
    try:
        good = b"".join(request_frame(API_VERSIONS, 3, corr, ApiVersionsRequest()) for corr in (1, 2))
        unknown_api = struct.pack(">i", 10) + struct.pack(">hhih", 9999, 0, 3, 0)
        feed(conn, good + unknown_api + request_frame(API_VERSIONS, 3, 4, ApiVersionsRequest()))
        assert conn.closed and transport.closed
        assert [corr for w in transport.writes for corr, _ in answers(w)] == [1, 2]
    finally:
        broker.logs.close()


async def test_an_answer_that_waits_keeps_its_place_between_inline_answers(tmp_path: Path) -> None:
    """ApiVersions, a durable OffsetCommit (answered after its fsync), ApiVersions, sent as one burst
    over a socket: three answers in request order, the commit's a success."""
    async with serving(KafliteConfig(port=0, log_dirs=str(tmp_path / "data"))) as broker:
        broker.logs.create_topic("t", 1)
        commit = OffsetCommitRequest(group_id="g", generation_id_or_member_epoch=-1, member_id="", topics=[
            OffsetCommitRequest.OffsetCommitRequestTopic(name="t", partitions=[
                OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0, committed_offset=7,
                                                                 committed_metadata="")])])
        reader, writer = await asyncio.open_connection("127.0.0.1", broker.port)
        try:
            for rounds in range(3):  # the first creates __consumer_offsets; the others find it loaded
                base = rounds * 10
                writer.write(request_frame(API_VERSIONS, 3, base + 1, ApiVersionsRequest())
                             + request_frame(OFFSET_COMMIT, 8, base + 2, commit)
                             + request_frame(API_VERSIONS, 3, base + 3, ApiVersionsRequest()))
                got = []
                for _ in range(3):
                    size = struct.unpack(">i", await asyncio.wait_for(reader.readexactly(4), ANSWER_TIMEOUT_S))[0]
                    got.extend(answers(struct.pack(">i", size) + await asyncio.wait_for(
                        reader.readexactly(size), ANSWER_TIMEOUT_S)))
                assert [corr for corr, _ in got] == [base + 1, base + 2, base + 3]
                committed = OffsetCommitResponse.decode(got[1][1][1:], 8)  # flexible: an empty tag section first
                assert committed.topics[0].partitions[0].error_code == ErrorCode.NONE
        finally:
            writer.close()


async def test_an_awaited_future_that_fails_is_answered_with_the_api_error_and_the_line_moves_on(
        tmp_path: Path) -> None:
    """A handler's Future is answered from its done callback (no Task): when it fails, the request gets
    its API's error answer (UNKNOWN_SERVER_ERROR) and the requests queued behind it are handled next."""
    from kaflite.broker.router import Router
    from kaflite.protocol.messages import HeartbeatRequest, HeartbeatResponse

    broker = Broker.open(KafliteConfig(port=0, log_dirs=str(tmp_path / "data")))
    futures: list[asyncio.Future[Any]] = []

    def heartbeat(_ctx: Any, _req: Any) -> asyncio.Future[Any]:
        futures.append(asyncio.get_running_loop().create_future())
        return futures[-1]

    router = Router()
    router.add(12, heartbeat)
    router.add(API_VERSIONS, lambda _ctx, _req: ApiVersionsResponse(api_keys=router.api_versions()))
    conn = KafkaConnection(broker.context, router)
    transport = RecordingTransport()
    conn.connection_made(transport)  # type: ignore[arg-type]
    try:
        hb = HeartbeatRequest(group_id="g", generation_id=1, member_id="m")
        feed(conn, request_frame(API_VERSIONS, 3, 1, ApiVersionsRequest()) + request_frame(12, 4, 2, hb)
                           + request_frame(API_VERSIONS, 3, 3, ApiVersionsRequest()))
        assert [corr for w in transport.writes for corr, _ in answers(w)] == [1]  # 3 waits behind 2
        assert conn.in_flight is futures[0]
        futures[0].set_exception(RuntimeError("boom"))
        for _ in range(10):
            await asyncio.sleep(0)
        got = [a for w in transport.writes for a in answers(w)]
        assert [corr for corr, _ in got] == [1, 2, 3]
        assert HeartbeatResponse.decode(got[1][1][1:], 4).error_code == ErrorCode.UNKNOWN_SERVER_ERROR
        assert conn.in_flight is None and not conn.busy
    finally:
        broker.logs.close()
