"""The admin endpoint's HTTP/1.1 connections: h11 (python-hyper's sans-I/O HTTP/1.1, uvicorn's protocol layer)
over the broker's own asyncio streams.

Why h11: HTTP's framing has edges a hand-written parser gets wrong (chunked bodies, pipelining, HEAD,
HTTP/1.0 peers, malformed heads, ``Expect: 100-continue``); h11 parses and frames, kaflite keeps the
transport (asyncio streams on the broker's loop) and the routes (``admin_http``, ``console``, ``metrics``),
which answer a ``Request`` with a ``Raw`` body or an ``EventStream``. Imported only when ``admin.port`` is set.

Limits: a request head over MAX_HEAD bytes answers 431, a body over MAX_BODY 413, anything else h11 cannot
parse its 400; each closes the connection. A connection whose first bytes are a Kafka request (a Kafka tool
given the admin port for the Kafka port) is closed at once with one log line: the tool fails at once instead
of waiting out its request timeout for an HTTP line that never comes (issue 35). Other first bytes that
cannot begin an HTTP request answer 400 at once, for the same reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import struct
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import h11
import structlog

from kaflite.protocol.messages import REQUEST_NAMES

log = structlog.get_logger("kaflite.admin_http")

MAX_BODY = 1 << 20
MAX_HEAD = 64 << 10  # request line and headers: asyncio's line limit, which bounded them before h11
READ_BYTES = 64 << 10
LINGER_S = 2.0  # after an error answer, how long what the client still sends is read and dropped

_REASONS = {100: "Continue", 200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 408: "Request Timeout", 413: "Payload Too Large",
            431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented"}
#: What an HTTP request's first byte can be: a method's (RFC 9110 token) or an empty line's before it.
_REQUEST_START = frozenset(b"!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\r\n")
_KAFKA_HEAD = struct.Struct(">ihh")  # a Kafka request: its size, then the header's API key and version


@dataclass(frozen=True)
class Request:
    """One request, its body read whole (at most MAX_BODY)."""

    method: str  # upper case
    target: str
    headers: dict[str, str]  # lower-case names; a repeated header's last value
    body: bytes
    keep_alive: bool  # HTTP/1.1 without ``Connection: close``


@dataclass(frozen=True)
class Raw:
    """An answer's body as it is sent: JSON (``json_answer``), Prometheus' text format, the console's assets."""

    body: bytes
    content_type: str
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    close: bool = False  # the connection closes after it (a refused request)


@dataclass(frozen=True)
class EventStream:
    """A server-sent-events answer (``text/event-stream``): each item ``events`` yields is written as it comes
    (already formatted, e.g. ``"event: transition\ndata: {...}\n\n"``); the connection closes at its end."""

    events: AsyncIterator[str]


Respond = Callable[[Request], Awaitable[Raw | EventStream]]


def json_answer(status: int, payload: dict[str, Any], close: bool = False) -> Raw:
    return Raw(json.dumps(payload).encode(), "application/json", status, close=close)


def kafka_request(data: bytes) -> tuple[str, int] | None:
    """(API name, version) when ``data`` begins as a Kafka request does (a size, a known API key, a version)."""
    if len(data) < _KAFKA_HEAD.size:
        return None
    size, api_key, api_version = _KAFKA_HEAD.unpack_from(data)
    name = REQUEST_NAMES.get(api_key)
    if name is None or not 8 <= size <= 1 << 30 or not 0 <= api_version <= 100:
        return None
    return name.removesuffix("Request"), api_version


class HttpConnections:
    """Serves each connection with ``respond``; ``close()`` drops them all, long polls and event streams too."""

    def __init__(self, respond: Respond) -> None:
        self.respond = respond
        self._writers: set[asyncio.StreamWriter] = set()
        self.streams: set[asyncio.Future[None]] = set()  # event streams being written (close() cancels them)

    def close(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()
        for stream in list(self.streams):
            stream.cancel()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """asyncio.start_server's callback: requests until either side closes."""
        self._writers.add(writer)
        try:
            await _Connection(self, reader, writer).run()
        except ConnectionError:
            return
        finally:
            self._writers.discard(writer)
            with contextlib.suppress(Exception):
                writer.close()


class _Connection:
    def __init__(self, owner: HttpConnections, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.owner, self.reader, self.writer = owner, reader, writer
        self.h11 = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)

    async def run(self) -> None:
        first = await self.reader.read(READ_BYTES)
        if first and first[0] not in _REQUEST_START:
            await self._not_http(first)
            return
        self._receive(first)
        while (request := await self._request()) is not None:
            answer = await self.owner.respond(request)
            if isinstance(answer, EventStream):
                await self._stream(answer, head_only=request.method == "HEAD")
                return
            await self._answer(answer, head_only=request.method == "HEAD",
                               close=answer.close or not request.keep_alive)
            if self.h11.our_state is not h11.DONE or self.h11.their_state is not h11.DONE:
                return  # MUST_CLOSE: the answer said Connection: close, or the client did
            self.h11.start_next_cycle()

    async def _not_http(self, first: bytes) -> None:
        """The first bytes cannot begin an HTTP request: a Kafka request is closed on, anything else answered 400."""
        kafka = kafka_request(first)
        if kafka is None:
            await self._refuse(400, "bad request: this is not HTTP")
            return
        peer = self.writer.get_extra_info("peername")
        log.warning("this is the admin (HTTP) port, not the Kafka port", api=kafka[0], api_version=kafka[1],
                    peer=f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer))

    def _receive(self, data: bytes) -> None:
        if self.h11.their_state is h11.IDLE and not self.h11.trailing_data[0]:
            data = data.lstrip(b"\r\n")  # empty lines before a request line are ignored (RFC 9112, 2.2)
            if not data and not self.reader.at_eof():
                return  # nothing but empty lines so far: b"" would tell h11 the client closed
        self.h11.receive_data(data)

    async def _request(self) -> Request | None:
        """The next request, or None once the connection is over (the client closed, or an error was answered)."""
        conn, head, body = self.h11, None, bytearray()
        while True:
            try:
                event = conn.next_event()
            except h11.RemoteProtocolError as e:
                await self._refuse(e.error_status_hint, f"bad request: {e}")
                return None
            if event is h11.NEED_DATA:
                if conn.they_are_waiting_for_100_continue:
                    self._send(h11.InformationalResponse(status_code=100, headers=[], reason=_REASONS[100]))
                self._receive(await self.reader.read(READ_BYTES))
            elif isinstance(event, h11.Request):
                head = event
                if int(dict(event.headers).get(b"content-length", b"0")) > MAX_BODY:
                    await self._refuse(413, "body too large")
                    return None
            elif isinstance(event, h11.Data):
                body += event.data
                if len(body) > MAX_BODY:  # a chunked body has no length to check first
                    await self._refuse(413, "body too large")
                    return None
            elif isinstance(event, h11.EndOfMessage) and head is not None:
                headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in head.headers}
                closing = "close" in headers.get("connection", "").lower()
                return Request(head.method.decode("ascii").upper(), head.target.decode("latin-1"), headers,
                               bytes(body), keep_alive=head.http_version == b"1.1" and not closing)
            else:  # ConnectionClosed
                return None

    def _send(self, event: Any) -> None:
        data = self.h11.send(event)
        if data:
            self.writer.write(data)

    async def _answer(self, answer: Raw, head_only: bool = False, close: bool = False) -> None:
        """A whole answer; ``Connection: close`` when it is the last (h11 also closes for HTTP/1.0 peers)."""
        headers = [("Content-Type", answer.content_type), *answer.headers, ("Content-Length", str(len(answer.body))),
                   ("Connection", "close" if close else "keep-alive")]
        self._send(h11.Response(status_code=answer.status, headers=headers,
                                reason=_REASONS.get(answer.status, "Error")))
        if not head_only and answer.body:
            self._send(h11.Data(data=answer.body))
        self._send(h11.EndOfMessage())
        await self.writer.drain()

    async def _refuse(self, status: int, message: str) -> None:
        """An error answer, then the end: what the client still sends is read and dropped for up to LINGER_S, as
        closing on unread bytes makes the kernel reset the connection, which can discard the answer unread."""
        await self._answer(json_answer(status, {"error": message}), close=True)
        if self.writer.can_write_eof():
            self.writer.write_eof()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(LINGER_S):
                while await self.reader.read(READ_BYTES):
                    pass

    async def _stream(self, stream: EventStream, head_only: bool) -> None:
        """Server-sent events (chunked) until the stream ends, the client goes or the server closes.

        The reader is watched meanwhile: a stream that waits for its next event (the console's, for a
        transition) ends as soon as the connection does, not at its next write; close() cancels it at once,
        so a waiting stream never outlives the broker's loop.
        """
        self._send(h11.Response(status_code=200, reason="OK", headers=[
            ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"), ("Connection", "close")]))

        async def pump() -> None:
            await self.writer.drain()
            if not head_only:  # HEAD: the head alone (h11 refuses a body after it)
                async for event in stream.events:
                    self._send(h11.Data(data=event.encode()))
                    await self.writer.drain()
            self._send(h11.EndOfMessage())
            await self.writer.drain()

        async def gone() -> None:
            while await self.reader.read(READ_BYTES):
                pass

        pumping = asyncio.ensure_future(pump())
        self.owner.streams.add(pumping)
        pumping.add_done_callback(self.owner.streams.discard)
        closing = asyncio.ensure_future(gone())  # EOF (or an error) once the connection is gone
        try:
            await asyncio.wait((pumping, closing), return_when=asyncio.FIRST_COMPLETED)
            if pumping.done():
                pumping.result()  # a write to a client that went raises here
        finally:
            for task in (pumping, closing):
                task.cancel()
            await asyncio.gather(pumping, closing, return_exceptions=True)
            aclose = getattr(stream.events, "aclose", None)
            if aclose is not None:
                with contextlib.suppress(Exception):
                    await aclose()
