"""The admin endpoint's HTTP/1.1 over h11, judged on a raw socket: the limits and bad-request answers, framing a
hand-written parser got wrong (chunked bodies, pipelining), and a Kafka client given the admin port (issue 35)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

import structlog

from kaflite.broker.http_connection import MAX_BODY, MAX_HEAD
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest
from tests.broker.wire import connected, serving

ANSWER_TIMEOUT_S = 10.0  # generous: only a hang (the Kafka tool's 30 s) must fail


@contextlib.asynccontextmanager
async def admin_broker(tmp_path: Path) -> AsyncIterator[Broker]:
    async with serving(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, admin_port=0)) as broker:
        assert broker.admin_http is not None
        yield broker


async def exchange(port: int, data: bytes) -> bytes:
    """Send ``data`` and read until the endpoint closes the connection; bounded."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), ANSWER_TIMEOUT_S)
    finally:
        writer.close()
        await writer.wait_closed()  # else the loop may close first and the transport is left to the collector


def head(request: str, port: int, *headers: str) -> bytes:
    """A request's head: ``"GET /health"``, this endpoint's Host, then ``headers``."""
    return "".join(f"{line}\r\n" for line in (f"{request} HTTP/1.1", f"Host: 127.0.0.1:{port}", *headers, "")).encode()


def answers(raw: bytes) -> list[tuple[int, dict]]:
    """(status, JSON body) of each Content-Length answer in ``raw``, in order."""
    out = []
    while raw:
        head, _, raw = raw.partition(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        length = int(headers["content-length"])
        out.append((int(lines[0].split()[1]), json.loads(raw[:length])))
        raw = raw[length:]
    return out


async def test_a_kafka_client_on_the_admin_port_is_closed_on_at_once_with_one_log_line(tmp_path: Path) -> None:
    """Issue 35: a Kafka tool given the admin port sent its ApiVersions and waited 30 s for an HTTP line that never
    comes; now the connection closes at once (the tool fails fast) and the broker says why, once."""
    async with admin_broker(tmp_path) as broker:
        assert broker.admin_http is not None
        with structlog.testing.capture_logs() as logs:
            async with connected(broker.admin_http.port) as c:
                await c.send_only(18, 3, ApiVersionsRequest(client_software_name="apache-kafka-java",
                                                            client_software_version="3.9.1"))
                assert await c.closed_by_peer()  # EOF, no HTTP answer: a Kafka client could not read one
        lines = [e for e in logs if e["event"] == "this is the admin (HTTP) port, not the Kafka port"]
        assert len(lines) == 1
        assert (lines[0]["api"], lines[0]["api_version"], lines[0]["log_level"]) == ("ApiVersions", 3, "warning")


async def test_bytes_that_cannot_begin_an_http_request_answer_400_at_once(tmp_path: Path) -> None:
    """A TLS ClientHello (an https:// URL on the admin port) has no line end for a parser to wait for: 400 now."""
    async with admin_broker(tmp_path) as broker:
        assert broker.admin_http is not None
        hello = bytes.fromhex("16030100f4010000f00303") + bytes(32)
        ((status, body),) = answers(await exchange(broker.admin_http.port, hello))
        assert status == 400 and "not HTTP" in body["error"]
        raw = await exchange(broker.admin_http.port, b"hello there\r\n\r\n")  # a line, but no request line: h11's 400
        assert answers(raw)[0][0] == 400


async def test_request_size_limits_answer_and_close(tmp_path: Path) -> None:
    """A body over MAX_BODY answers 413, declared or chunked (no length to check first); a head over MAX_HEAD 431."""
    async with admin_broker(tmp_path) as broker:
        assert broker.admin_http is not None
        port = broker.admin_http.port
        declared = head("POST /topics", port, f"Content-Length: {MAX_BODY + 1}")
        assert answers(await exchange(port, declared)) == [(413, {"error": "body too large"})]
        chunk = b"x" * (64 << 10)
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(MAX_BODY // len(chunk) + 1))
        chunked = head("POST /topics", port, "Transfer-Encoding: chunked") + chunks
        assert answers(await exchange(port, chunked)) == [(413, {"error": "body too large"})]
        long_head = head("GET /health", port, "X-Big: " + "a" * 2 * MAX_HEAD, "Connection: close")
        assert answers(await exchange(port, long_head))[0][0] == 431


async def test_chunked_bodies_and_pipelined_requests_on_one_connection(tmp_path: Path) -> None:
    """Three requests written at once (one a chunked POST, as curl sends with -T -) are answered in order; the
    last asks to close."""
    async with admin_broker(tmp_path) as broker:
        assert broker.admin_http is not None
        port = broker.admin_http.port
        body = b'{"name": "chunked-topic", "partitions": 2}'
        raw = await exchange(port, head("POST /topics", port, "Transfer-Encoding: chunked")
                             + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
                             + head("GET /groups", port) + head("GET /health", port, "Connection: close"))
        (created, groups, health) = answers(raw)
        assert created == (200, {"name": "chunked-topic"}) and groups == (200, {"groups": []})
        assert health[0] == 200 and health[1]["port"] == broker.port
        assert broker.logs.get_log("chunked-topic", 1) is not None
