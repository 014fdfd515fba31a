"""A raw Kafka protocol client over a real socket, for tests that judge the bytes kaflite answers with.

Sends any generated request at any version and returns the response body undecoded, so a test can
decode it as a client would and check it re-encodes to the same bytes. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections.abc import AsyncIterator
from typing import Any

from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.headers import is_flexible
from kaflite.protocol.messages import RESPONSES

API_VERSIONS = 18
ANSWER_TIMEOUT_S = 10.0


class Closed(Exception):
    """The broker closed the connection instead of answering."""


class WireClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.correlation_id = 0

    @classmethod
    async def connect(cls, port: int) -> WireClient:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), ANSWER_TIMEOUT_S)
        return cls(reader, writer)

    async def send_only(self, api_key: int, version: int, request: Any) -> None:
        """Send one request and do not wait for an answer (Produce with acks=0)."""
        self.correlation_id += 1
        client_id = b"wire-test"
        header = struct.pack(">hhih", api_key, version, self.correlation_id, len(client_id)) + client_id
        if is_flexible(api_key, version):
            header += b"\x00"  # request header v2: empty tagged fields
        body = header + request.encode(version)
        self.writer.write(struct.pack(">i", len(body)) + body)
        await self.writer.drain()

    async def closed_by_peer(self) -> bool:
        """True once the broker closes the connection (EOF), False if it sends anything; bounded."""
        return await asyncio.wait_for(self.reader.read(1), ANSWER_TIMEOUT_S) == b""

    async def send(self, api_key: int, version: int, request: Any) -> bytes:
        """Send one request; the response body (after its header), or Closed."""
        await self.send_only(api_key, version, request)
        try:
            size_bytes = await asyncio.wait_for(self.reader.readexactly(4), ANSWER_TIMEOUT_S)
            frame = await asyncio.wait_for(self.reader.readexactly(struct.unpack(">i", size_bytes)[0]),
                                           ANSWER_TIMEOUT_S)
        except asyncio.IncompleteReadError as e:
            raise Closed(f"api {api_key} v{version}: connection closed") from e
        (correlation_id,) = struct.unpack_from(">i", frame, 0)
        assert correlation_id == self.correlation_id, (correlation_id, self.correlation_id)
        flexible_header = api_key != API_VERSIONS and is_flexible(api_key, version)
        return frame[5:] if flexible_header else frame[4:]

    async def call(self, api_key: int, version: int, request: Any) -> Any:
        """Send and decode the answer as a client of that version would."""
        return RESPONSES[api_key].decode(await self.send(api_key, version, request), version)

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, TimeoutError):
            await asyncio.wait_for(self.writer.wait_closed(), ANSWER_TIMEOUT_S)


@contextlib.asynccontextmanager
async def connected(port: int) -> AsyncIterator[WireClient]:
    """A WireClient for the test's duration (pytest fixtures: ``async with connected(broker.port) as c``)."""
    client = await WireClient.connect(port)
    try:
        yield client
    finally:
        await client.close()


@contextlib.asynccontextmanager
async def serving(config: KafliteConfig, **topics: dict[str, str]) -> AsyncIterator[Broker]:
    """A started broker with `topics` (name=configs, 2 partitions each), stopped cleanly afterwards."""
    broker = Broker.open(config)
    await broker.start()
    for name, configs in topics.items():
        broker.logs.create_topic(name, 2, configs)
    try:
        yield broker
    finally:
        await broker.stop()


class NullTransport:
    """What KafkaConnection asks of a transport besides writing, for driving a connection without a socket
    (a subclass says what `write`/`writelines` do). `closed` once closed or aborted."""

    def __init__(self) -> None:
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 40000) if name == "peername" else default

    def set_write_buffer_limits(self, high: int, low: int) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.closed = True
