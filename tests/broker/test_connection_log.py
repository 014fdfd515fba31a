"""A connection's log lines carry who it is (conn, peer, client id, client software) although the bound logger
is only built when a line is logged (a few hundred bytes saved on each connection that never logs)."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

import structlog

from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest
from tests.broker.wire import connected, serving


async def test_a_closing_line_names_the_connection_its_client_and_its_software(tmp_path: Path) -> None:
    async with serving(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0)) as broker:
        with structlog.testing.capture_logs() as logs:
            async with connected(broker.port) as c:
                resp = await c.call(18, 3, ApiVersionsRequest(client_software_name="kaflite-test",
                                                              client_software_version="9.9"))
                assert resp.error_code == 0
                c.writer.write(struct.pack(">i", 8) + struct.pack(">hhi", 18, 3, 2))  # a header cut short
                await c.writer.drain()
                assert await c.closed_by_peer()
            for _ in range(100):
                if any(e["event"] == "closing connection" for e in logs):
                    break
                await asyncio.sleep(0.01)
        (line,) = [e for e in logs if e["event"] == "closing connection"]
        assert line["client_id"] == "wire-test"
        assert (line["client_software"], line["client_version"]) == ("kaflite-test", "9.9")
        assert isinstance(line["conn"], int) and line["peer"].startswith("127.0.0.1:")
