"""An HTTP request sent to the Kafka port (a browser, curl, a health check aimed at the wrong port) is told apart
from a huge frame: the connection is closed with one line saying it is HTTP and where the admin endpoint is."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import structlog

from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest
from tests.broker.wire import connected, serving


async def _closing_lines(port: int, data: bytes) -> list[dict[str, object]]:
    with structlog.testing.capture_logs() as logs:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 10)
        try:
            writer.write(data)
            await writer.drain()
            assert await asyncio.wait_for(reader.read(1), 10) == b""  # closed, nothing sent back
        finally:
            writer.close()
            await writer.wait_closed()  # else the loop may close first and the transport is left to the collector
        for _ in range(500):
            if any(e["event"] == "closing connection" for e in logs):
                break
            await asyncio.sleep(0.01)
    return [e for e in logs if e["event"] == "closing connection"]


@pytest.mark.parametrize("request_line", [b"GET / HTTP/1.1\r\nHost: 127.0.0.1:9092\r\n\r\n",
                                          b"POST /faults/pause HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
                                          b"HEAD /metrics HTTP/1.0\r\n\r\n"])
async def test_an_http_request_on_the_kafka_port_is_named_as_such(tmp_path: Path, request_line: bytes) -> None:
    config = KafliteConfig.load({"log.dirs": str(tmp_path / "data"), "port": 0}, env={})
    async with serving(config) as broker, connected(broker.port) as other:
        [line] = await _closing_lines(broker.port, request_line)
        reason = str(line["reason"])
        assert reason.startswith("this looks like HTTP (")
        assert reason.endswith("; this is the Kafka port (the admin endpoint is on admin.port)")
        assert "bytes exceeds" not in reason  # not reported as a 1 GB frame
        assert (await other.call(18, 3, ApiVersionsRequest())).error_code == 0  # nobody else disturbed


async def test_a_frame_too_large_that_is_not_http_keeps_its_line(tmp_path: Path) -> None:
    config = KafliteConfig.load({"log.dirs": str(tmp_path / "data"), "port": 0}, env={})
    async with serving(config) as broker:
        [line] = await _closing_lines(broker.port, (0x7FFF0000).to_bytes(4, "big") + b"\x00" * 8)
        assert "exceeds socket.request.max.bytes" in str(line["reason"])
        assert "HTTP" not in str(line["reason"])
