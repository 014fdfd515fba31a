"""One client connection: frames in, responses out, strictly in order.

Kafka mutes a connection while one of its requests is in flight (``SocketServer``); aiokafka
treats a reordered response as fatal. So requests are handled one at a time per connection:
most handlers answer synchronously, and a handler that must wait (a long-poll fetch, a parked
JoinGroup, a durable commit) holds the line until it answers. Clients open a separate
connection to the coordinator, so a parked JoinGroup blocks nothing else.
"""

from __future__ import annotations

import asyncio
import itertools
import struct
from collections import deque
from typing import Any, cast

import structlog

from kaflite.broker.context import NO_RESPONSE, BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.protocol._codec import DecodeError
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.frames import FrameDecoder, FrameError
from kaflite.protocol.headers import decode_request_header, encode_response_header
from kaflite.protocol.messages import REQUESTS, ApiVersionsResponse

log = structlog.get_logger("kaflite.connection")

_SIZE = struct.Struct(">i")
LARGE_RESPONSE = 64 * 1024
API_VERSIONS = 18
PRODUCE = 0
_conn_ids = itertools.count(1)


async def delayed(result: Any, delay_ms: int) -> Any:
    """A fault: the answer goes out ``delay_ms`` late (the connection waits, keeping order)."""
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        result = await result
    await asyncio.sleep(delay_ms / 1000)
    return result


async def dropped(result: Any) -> Any:
    """A fault: the request takes effect but its answer is lost, as on a broken network path."""
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        await result
    return NO_RESPONSE


class KafkaConnection(asyncio.Protocol):
    def __init__(self, context: BrokerContext, router: Router) -> None:
        self.config = context.config
        self.state = context.state
        self.faults = context.faults
        self.router = router
        self.id = next(_conn_ids)
        self.decoder = FrameDecoder(context.config.socket_request_max_bytes)
        self.pending: deque[bytes] = deque()  # whole frames, not yet started
        self.transport: asyncio.Transport | None = None
        self.peer_host = ""
        self.peer = ""
        self.busy = False  # a request is in flight (awaiting) or the socket is not draining
        self.writable = True
        self.closed = False
        self.reading_paused = False
        self.reading_stopped = False  # shutting down: nothing more is read or dispatched
        self.in_flight: asyncio.Task[None] | None = None
        self.client_id: str | None = None
        self.members: set[tuple[str, str]] = set()  # (group, member id) this connection spoke for
        self.log = log

    # -- asyncio.Protocol ------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's transports are not subclasses
        peer = transport.get_extra_info("peername") or ("?", 0)
        self.peer_host = str(peer[0])
        self.peer = f"{peer[0]}:{peer[1]}"
        self.log = log.bind(conn=self.id, peer=self.peer)
        self.state.connections.add(self)
        if self.state.stopping:  # accepted just before the listener closed
            self.stop_reading()
            self.close_gracefully()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.pending.clear()
        self.state.connections.discard(self)

    def data_received(self, data: bytes) -> None:
        if self.reading_stopped:
            return
        try:
            frames = self.decoder.feed(data)
        except FrameError as e:
            self.close(f"framing error: {e}")
            return
        if frames:
            # bytearrays (mutable on purpose, see FrameDecoder), read by the codecs as bytes
            self.pending.extend(cast("list[bytes]", frames))
            if len(self.pending) > self.config.queued_max_requests and not self.reading_paused:
                assert self.transport is not None
                self.transport.pause_reading()
                self.reading_paused = True
            self._pump()

    def eof_received(self) -> bool:
        if self.decoder.buffered:
            self.close(f"peer closed the connection mid-frame ({self.decoder.buffered} bytes buffered)")
        return False

    def resume(self) -> None:
        """Pick up queued requests again (after the broker was paused)."""
        if not self.closed:
            self._pump()

    def pause_writing(self) -> None:
        self.writable = False

    def resume_writing(self) -> None:
        self.writable = True
        self._pump()

    # -- lifecycle -------------------------------------------------------------------------------

    def stop_reading(self) -> None:
        """Shutdown: read nothing more and drop the requests queued but not started; the one in
        flight, if any, still gets its answer."""
        self.reading_stopped = True
        self.pending.clear()
        if self.transport is not None and not self.transport.is_closing() and not self.reading_paused:
            self.transport.pause_reading()
            self.reading_paused = True

    def close_gracefully(self) -> None:
        """Close once what is written has gone out (shutdown)."""
        if self.transport is not None:
            self.transport.close()

    def abort(self) -> None:
        """Drop the connection at once, unsent answers included (a fault, a reset, a crash)."""
        if self.transport is not None:
            self.transport.abort()

    # -- request processing ----------------------------------------------------------------------

    def close(self, reason: str) -> None:
        """Close this connection only, with a log line; the broker keeps serving everyone else."""
        if not self.closed:
            self.log.warning("closing connection", reason=reason)
            self.closed = True
            if self.transport is not None:
                self.transport.close()

    def _pump(self) -> None:
        """Handle queued frames in order until one must wait."""
        while self.pending and not self.busy and self.writable and not self.closed:
            if self.state.paused:
                return
            result = self._dispatch(self.pending.popleft())
            if result is not None:
                self.busy = True
                self.in_flight = asyncio.ensure_future(self._finish(result))
                return
        if (self.reading_paused and not self.reading_stopped
                and len(self.pending) < self.config.queued_max_requests // 2):
            assert self.transport is not None
            self.transport.resume_reading()
            self.reading_paused = False

    async def _finish(self, pending: tuple[RequestContext, Any]) -> None:
        ctx, awaitable = pending
        try:
            response = await awaitable
        except Exception:
            self._log_failure(ctx)
            self.close("handler failed")
            return
        finally:
            self.busy = False
            self.in_flight = None
        self._respond(ctx, response)
        self._pump()

    def _dispatch(self, body: bytes) -> tuple[RequestContext, Any] | None:
        """Decode and route one frame; answer at once or return the awaitable answer."""
        try:
            header = decode_request_header(body)
        except (DecodeError, IndexError, ValueError) as e:
            self.close(f"malformed request header: {e}")
            return None
        if header.client_id != self.client_id:
            self.client_id = header.client_id
            self.log = self.log.bind(client_id=header.client_id)
        route = self.router.get(header.api_key)
        ctx = RequestContext(header, self)
        if route is None:
            if header.api_key in REQUESTS:
                self._unsupported_api(ctx)
                return None
            self.close(f"unknown api key {header.api_key}")
            return None
        if not route.min_version <= header.api_version <= route.max_version:
            if header.api_key == API_VERSIONS:
                # The client retries with a version we know: answer in v0 with our list.
                resp = ApiVersionsResponse(error_code=ErrorCode.UNSUPPORTED_VERSION,
                                           api_keys=self.router.api_versions())
                self._write(ctx, resp.encode_parts(0))
                return None
            self.close(f"unsupported version {header.api_version} of api {header.api_key}")
            return None
        try:
            request, _ = route.request_cls.decode_from(body, header.size, header.api_version)
        except (DecodeError, IndexError, ValueError, UnicodeDecodeError) as e:
            self.close(f"malformed {route.request_cls.__name__} v{header.api_version}: {e}")
            return None
        try:
            result = route.handler(ctx, request)
        except Exception:
            self._log_failure(ctx)
            self.close("handler failed")
            return None
        if self.faults.response_rules:
            rule = self.faults.response_rule(header.api_key, request)
            if rule is not None:
                return ctx, delayed(result, rule.delay_ms) if rule.action == "delay" else dropped(result)
        if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
            return ctx, result
        self._respond(ctx, result)
        return None

    def _respond(self, ctx: RequestContext, response: Any) -> None:
        if response is NO_RESPONSE or self.closed:
            return
        self._write(ctx, response.encode_parts(ctx.header.api_version))

    def _write(self, ctx: RequestContext, parts: list[Any]) -> None:
        """Small answers go out as one buffer; large ones (fetched records) without joining them."""
        h = ctx.header
        assert self.transport is not None
        header = encode_response_header(h.api_key, h.api_version, h.correlation_id)
        size = len(header) + sum(map(len, parts))
        if size < LARGE_RESPONSE:
            self.transport.write(b"".join([_SIZE.pack(size), header, *parts]))
        else:
            self.transport.writelines([_SIZE.pack(size) + header, *parts])

    def _unsupported_api(self, ctx: RequestContext) -> None:
        """A real Kafka API we do not implement: answer its error when the response has one."""
        from kaflite.protocol.messages import RESPONSES

        resp_cls: Any = RESPONSES[ctx.header.api_key]  # its fields differ per API: checked by name
        resp = resp_cls()
        if "error_code" not in resp_cls.__slots__ or not (
            resp_cls.MIN_VERSION <= ctx.version <= resp_cls.MAX_VERSION
        ):
            self.close(f"api {resp_cls.__name__} is not implemented")
            return None
        resp.error_code = ErrorCode.UNSUPPORTED_VERSION
        if "error_message" in resp_cls.__slots__:
            resp.error_message = f"kaflite does not implement {resp_cls.__name__[:-8]}"
        ctx.log.info("answered an unimplemented api", name=resp_cls.__name__[:-8])
        self._respond(ctx, resp)
        return None

    def _log_failure(self, ctx: RequestContext) -> None:
        ctx.log.exception("request failed")
