"""Where a listener binds: an IP literal is bound by the broker itself (no resolution, so no idna codec import at
start: issue 14), a hostname and "all interfaces" by the event loop's create_server. Each must accept and answer."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from kaflite.broker.listening import bound_literal
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest
from kaflite.storage.errors import StartupError
from tests.broker.wire import WireClient, serving

pytestmark = pytest.mark.timeout(60)


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


async def answers(host: str, port: int) -> int:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 10)
    client = WireClient(reader, writer)
    try:
        return (await client.call(18, 3, ApiVersionsRequest(client_software_name="t",
                                                            client_software_version="1"))).error_code
    finally:
        await client.close()


def test_an_ip_literal_is_bound_as_create_server_binds_it() -> None:
    sock = bound_literal("127.0.0.1", 0)
    assert sock is not None
    with sock:
        assert sock.family == socket.AF_INET and sock.getsockname()[0] == "127.0.0.1"
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR) and not sock.getblocking()
    assert bound_literal("localhost", 0) is None and bound_literal("", 0) is None


@pytest.mark.skipif(not ipv6_loopback(), reason="no IPv6 loopback on this machine")
def test_an_ipv6_literal_is_bound_v6_only() -> None:
    sock = bound_literal("::1", 0)
    assert sock is not None
    with sock:
        assert sock.family == socket.AF_INET6 and sock.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY)


async def test_literal_and_hostname_listeners_accept_and_answer(tmp_path: Path) -> None:
    listeners = ["A://127.0.0.1:0", "B://localhost:0"] + (["C://[::1]:0"] if ipv6_loopback() else [])
    config = KafliteConfig(log_dirs=str(tmp_path / "data"), listeners=",".join(listeners),
                           listener_security_protocol_map="A:PLAINTEXT,B:PLAINTEXT,C:PLAINTEXT")
    async with serving(config) as broker:
        bound = {li.name: li for li in broker.state.listeners}
        assert await answers("127.0.0.1", bound["A"].port) == 0
        assert await answers("localhost", bound["B"].port) == 0
        if "C" in bound:
            assert await answers("::1", bound["C"].port) == 0


async def test_a_literal_port_in_use_is_refused_at_start(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "data"), host="127.0.0.1", port=port))
        try:
            with pytest.raises(StartupError, match="in use"):
                await broker.start()
            assert broker.servers == []
        finally:
            await broker.groups.stop()
            await broker.transactions.stop()
            broker.logs.close()
