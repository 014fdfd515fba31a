"""One client connection: frames in, responses out, strictly in order.

Kafka mutes a connection while one of its requests is in flight (``SocketServer``); aiokafka
treats a reordered response as fatal. So requests are handled one at a time per connection:
most handlers answer synchronously, and a handler that must wait (a long-poll fetch, a parked
JoinGroup) holds the line until it answers. Clients open a separate connection to the coordinator,
so a parked JoinGroup blocks nothing else. One wait does not hold the line: an answer already decided
that waits only for its records' fsync (``DurableAnswer``: an offset commit). The next requests are
handled meanwhile, and every answer still leaves in request order, each once its write is durable.
So a client's pipelined commits share one fsync, not one each; what a client sees is Kafka's: the same
answers in the same order, nothing acknowledged before it is on disk. The answers given at once
to a burst of pipelined requests (one socket read) leave together in one write when the burst stops,
in request order; an answer that had to wait is written the moment it is ready.

A handler that fails (raises, at once or in the answer it returns) does not cost the client its
connection: as Kafka does, the traceback is logged once and the request is answered with the API's
error response (``kaflite.protocol.error_responses``), UNKNOWN_SERVER_ERROR unless the exception
names a Kafka error. Only bytes that cannot be parsed close the connection.

Memory per connection is bounded, so a client that stops reading costs kilobytes: fetched records
stay in the segment (``FileRecords``) and go out by ``os.sendfile`` (nothing queued before them) or a
chunk at a time as the socket drains; once
``MAX_BUFFERED_BYTES`` of answers wait in the transport the connection stops reading requests and
starts no new one until the client drains (Kafka mutes a channel with a response in flight); and the
bytes stuck behind stalled clients are capped broker-wide (``queued.max.response.bytes``).
``connections.max.idle.ms`` closes a connection that has neither completed a request frame nor
taken answer bytes for that long (Kafka's Selector counts any byte; counting whole frames also ends
a client that never finishes one), unless a request of its is still being handled.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import os
import socket
import struct
from collections.abc import Callable
from time import perf_counter_ns
from typing import Any, cast

import structlog

from kaflite.broker.context import NO_RESPONSE, BrokerContext, RequestContext
from kaflite.broker.faults import InjectedFault
from kaflite.broker.router import Router
from kaflite.broker.stats import REQUEST_NS_SHIFT, REQUEST_TIME_FIRST, REQUEST_TIME_MASK
from kaflite.broker.tls import principal_of
from kaflite.clock import Clock
from kaflite.config.listeners import ANONYMOUS, Listener
from kaflite.coordinator_common.runtime import DurableAnswer
from kaflite.protocol._codec import DecodeError
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.frames import FrameDecoder, FrameError, FrameTooLarge
from kaflite.protocol.headers import decode_request_header, encode_response_header
from kaflite.protocol.messages import REQUESTS, RESPONSES, ApiVersionsResponse
from kaflite.security.sasl.authenticator import SaslServerAuthenticator, SaslState, Verdict
from kaflite.security.tls.principal import NoMatchingRule
from kaflite.storage.segment import FileRecords

log = structlog.get_logger("kaflite.connection")

_SIZE = struct.Struct(">i")
LARGE_RESPONSE = 64 * 1024
# Answer bytes a connection's transport may hold before the connection stops reading and dispatching
# (asyncio's pause_writing); it resumes once they are all out.
MAX_BUFFERED_BYTES = 256 * 1024
# Fetched records are read from the segment this much at a time, as the transport takes them.
STREAM_CHUNK = 64 * 1024
# Answers collected from one burst of requests leave early once they hold this much.
MAX_CORKED_BYTES = 64 * 1024
API_VERSIONS = 18
PRODUCE = 0
# An HTTP request's first four bytes read as a frame size: "GET " is 1,195,725,856 (past any sane limit). Checked
# only for a frame refused as too large, so the ordinary path pays nothing.
HTTP_SIZES = frozenset(_SIZE.unpack(m)[0] for m in (b"GET ", b"POST", b"HEAD", b"PUT ", b"DELE", b"PATC", b"OPTI",
                                                     b"CONN", b"TRAC", b"PRI "))
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


async def failed(result: Any, api_key: int) -> Any:
    """A fault: the request takes effect, then its awaited answer raises (the ``_finish`` path)."""
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        await result
    raise InjectedFault(f"injected fault: the answer to api {api_key} raised")


_AWAITABLE: dict[type, bool] = {}  # by the type of a handler's result: a future or a coroutine?


def awaitable(result: Any) -> bool:
    """A handler's result is a future or a coroutine (an ``async def`` handler's), else the answer itself. Known
    by type: asyncio.iscoroutine's checks would cost every inline answer ~0.5 us."""
    kind = type(result)
    known = _AWAITABLE.get(kind)
    if known is None:
        known = _AWAITABLE[kind] = isinstance(result, asyncio.Future) or asyncio.iscoroutine(result)
    return known


def finished(result: Any, finish: Callable[[Any], Any]) -> Any:
    """The handler's answer through an ACL verdict's ``finish`` (the refused items added, or the answer
    trimmed), once there is an answer."""
    if awaitable(result):
        return _finished(result, finish)
    return finish(result)


async def _finished(result: Any, finish: Callable[[Any], Any]) -> Any:
    return finish(await result)


def error_of(exc: BaseException) -> tuple[ErrorCode, str | None]:
    """The Kafka error an exception stands for, and the message a client may see.

    kaflite's own errors carry ``error_code`` (storage's, as Kafka's ApiException subclasses do);
    anything else is a bug: UNKNOWN_SERVER_ERROR with no message, so nothing internal leaks (Kafka's
    ApiError.fromThrowable does the same).
    """
    code = getattr(exc, "error_code", None)
    if isinstance(code, ErrorCode) and code not in (ErrorCode.NONE, ErrorCode.UNKNOWN_SERVER_ERROR):
        return code, str(exc) or None
    return ErrorCode.UNKNOWN_SERVER_ERROR, None


class KafkaConnection(asyncio.BufferedProtocol):
    # Slots: thousands of idle connections are a test suite's normal (issue 13: a few KiB each, all told).
    __slots__ = ("_log", "_log_extra", "after_read", "awaiting", "busy", "client_id", "clock", "close_reason",
                 "close_when_sent", "closed", "config", "corked", "corked_bytes", "decoder", "faults", "id",
                 "idle_timer", "in_flight", "last_active", "listener", "members", "node_id", "out", "out_offset", "peer",
                 "peer_host", "pending", "pending_bytes", "principal", "reading_paused", "reading_stopped", "router",
                 "sasl", "sendfile_fd", "stalled", "state", "transport", "writable")

    def __init__(self, context: BrokerContext, router: Router, listener: Listener | None = None,
                 sasl: Callable[[], SaslServerAuthenticator] | None = None,
                 after_read: Callable[[], object] | None = None) -> None:
        self.config = context.config
        self.clock: Clock = context.clock
        self.state = context.state
        self.faults = context.faults
        # Called once the requests of one read are started (the server's group-commit flush: their writes go
        # to disk while the loop reads the next connection); None: nothing.
        self.after_read = after_read
        self.router = router
        self.id = next(_conn_ids)
        self.decoder = FrameDecoder(context.config.socket_request_max_bytes, context.state.read_buffer)
        # Lists, not deques: they stay short (queued.max.requests), and an empty deque costs 760 bytes, an
        # empty list 56, for each of the thousands of idle connections a test suite may hold.
        self.pending: list[bytearray] = []  # whole frames, not yet started (bytearrays: see FrameDecoder)
        self.transport: asyncio.Transport | None = None
        self.peer_host = ""
        self.listener = listener  # the one it came in on (None: built by hand, as in unit tests)
        # The broker it came in to (with `brokers` > 1, each listens on its own ports): who is asked, when a
        # handler checks that it leads a partition or coordinates a group.
        self.node_id = listener.node_id if listener is not None else context.config.node_id
        self.principal = ANONYMOUS
        # On a SASL listener: this connection's SASL state (kaflite.security.sasl); every request is shown to it
        # until the client is authenticated (and, when sessions expire, after). None elsewhere.
        self.sasl = sasl() if sasl is not None else None
        if self.sasl is not None:  # sasl.server.max.receive.size bounds frames until authenticated
            self.decoder.max_size = min(self.decoder.max_size, self.sasl.max_receive_size)
        self.peer = ""
        self.busy = False  # a request is in flight (awaiting) or the socket is not draining
        self.writable = True
        self.closed = False
        self.reading_paused = False
        self.reading_stopped = False  # shutting down: nothing more is read or dispatched
        self.in_flight: asyncio.Future[Any] | None = None
        # Answers that must go out before any later one, oldest first: [ctx, request, DurableAnswer, None]
        # while a durable write is awaited, [ctx, None, None, parts] for an answer ready behind it.
        # None until a connection first has one (most never do: 56 bytes less on each).
        self.awaiting: list[list[Any]] | None = None
        self.close_reason: str | None = None  # close() came while answers were awaiting: closed after them
        self.client_id: str | None = None
        self.members: set[tuple[str, str]] = set()  # (group, member id) this connection spoke for
        self._log: Any = log  # bound on first use (the `log` property): most connections never log
        self._log_extra: dict[str, Any] | None = None  # what else the bound logger carries (bind_log)
        self.pending_bytes = 0  # request bytes in ``pending``
        self.out: list[Any] = []  # answer parts not yet handed to the transport (FileRecords, buffers)
        # While a burst of frames from one read is handled (``_pump``), its small answers collect here and
        # leave in one write when the burst stops: same bytes, same order, one send instead of one each.
        self.corked: list[bytes] | None = None
        self.corked_bytes = 0
        self.out_offset = 0  # how much of ``out[0]`` went out, when it is a FileRecords
        self.close_when_sent = False  # close_gracefully() came while an answer was still streaming
        self.stalled = 0  # bytes counted in state.stalled_bytes while writing is paused
        self.last_active = 0.0  # loop time of the last whole request frame or answer progress
        self.idle_timer: asyncio.TimerHandle | None = None
        self.sendfile_fd = -1  # the socket's fd where fetched records may go by os.sendfile (plain TCP)

    @property
    def log(self) -> Any:
        """This connection's logger (conn, peer, client id, ...), bound on first use: a bound logger is a few
        hundred bytes, and most of the thousands of connections a test suite opens never log a line."""
        bound = self._log
        if bound is None:
            extra = self._log_extra or {}
            if self.client_id is not None:
                extra = {"client_id": self.client_id, **extra}
            bound = self._log = log.bind(conn=self.id, peer=self.peer, **extra)
        return bound

    def bind_log(self, **values: Any) -> None:
        """Add `values` to every later log line of this connection."""
        self._log_extra = {**(self._log_extra or {}), **values}
        self._log = None

    # -- asyncio.Protocol ------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's transports are not subclasses
        peer = transport.get_extra_info("peername") or ("?", 0)
        self.peer_host = str(peer[0])
        self.peer = f"{peer[0]}:{peer[1]}"
        self._log = None
        self.state.connections.add(self)
        if self.state.stats is not None:
            self.state.stats.connections_created += 1
        # Resumed once drained: the next fetched records can then go by sendfile, nothing queued before them.
        transport.set_write_buffer_limits(MAX_BUFFERED_BYTES, 0)  # type: ignore[attr-defined]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)  # as Kafka's acceptor: half-open peers end
            if transport.get_extra_info("sslcontext") is None and hasattr(os, "sendfile"):
                self.sendfile_fd = sock.fileno()
        if transport.get_extra_info("sslcontext") is not None:  # mutual TLS: the certificate's subject
            try:
                self.principal = principal_of(transport.get_extra_info("peercert"),
                                              self.config.ssl_principal_mapping_rules)
            except NoMatchingRule as exc:  # Kafka fails the authentication: this connection only
                self.log.info("TLS client refused: no ssl.principal.mapping.rules rule applies", error=str(exc))
                transport.abort()  # type: ignore[attr-defined]
                return
        self._touch()
        if self.config.connections_max_idle_ms >= 0:
            self._arm_idle_timer(self.config.connections_max_idle_ms / 1000)
        if self.state.stopping:  # accepted just before the listener closed
            self.stop_reading()
            self.close_gracefully()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.awaiting = None
        self.pending.clear()
        self.pending_bytes = 0
        self.out.clear()
        self._unstall()
        if self.idle_timer is not None:
            self.idle_timer.cancel()
            self.idle_timer = None
        self.state.connections.discard(self)
        if self.state.stats is not None:
            self.state.stats.connections_closed += 1
        for hook in self.state.connection_closed:
            hook(self)

    def get_buffer(self, sizehint: int) -> memoryview:
        """BufferedProtocol: the socket reads straight into the frame decoder's buffer (a large produce
        straight into its frame's own buffer), with no bytes object per read and no copy to join them."""
        return self.decoder.get_buffer(sizehint)

    def buffer_updated(self, nbytes: int) -> None:
        if self.reading_stopped:
            return
        try:
            frames = self.decoder.buffer_updated(nbytes)
        except FrameError as e:
            if isinstance(e, FrameTooLarge) and e.size in HTTP_SIZES:  # only a size past the limit is looked at
                port = self.config.admin_port
                self.close(f"this looks like HTTP ({e.size.to_bytes(4, 'big').decode().strip()} ...); this is the "
                           f"Kafka port (the admin endpoint is on admin.port{f'={port}' if port > 0 else ''})")
                return
            if self.sasl is not None and not self.sasl.complete:
                self.close(f"Failing SASL authentication due to invalid receive size: {e} "
                           f"(sasl.server.max.receive.size={self.sasl.max_receive_size} before authentication)")
                return
            self.close(f"framing error: {e}")
            return
        if frames:
            self._touch()
            self.pending.extend(frames)
            self.pending_bytes += sum(map(len, frames))
            self._update_reading()
            self._pump()
            if self.after_read is not None:
                self.after_read()

    def eof_received(self) -> bool:
        if self.decoder.buffered:
            self.close(f"peer closed the connection mid-frame ({self.decoder.buffered} bytes buffered)")
        return False

    @property
    def tls(self) -> bool:
        return self.listener is not None and self.listener.tls

    def advertised(self) -> tuple[str, int]:
        """Where clients are told to reach the broker: the advertised address of the listener this client came
        in on (Kafka answers Metadata, FindCoordinator and DescribeCluster so)."""
        listener = self.listener
        if listener is None:
            return self.state.advertised_host, self.state.port
        return listener.advertised_host, listener.advertised_port

    def resume(self) -> None:
        """Pick up queued requests again (after the broker was paused)."""
        if not self.closed:
            self._pump()

    def pause_writing(self) -> None:
        """The transport holds MAX_BUFFERED_BYTES: read and start nothing more until the client drains."""
        self.writable = False
        self._update_reading()
        if self.transport is not None and not self.closed:
            self.stalled = self.transport.get_write_buffer_size()
            self.state.stalled_bytes += self.stalled
            self.state.stalled.add(self)
            cap = self.config.queued_max_response_bytes
            if 0 <= cap < self.state.stalled_bytes:
                self._close_largest_stalled(cap)

    def resume_writing(self) -> None:
        self._unstall()
        self.writable = True
        self._touch()
        self._stream()
        self._pump()
        self._update_reading()

    def _unstall(self) -> None:
        if self.stalled or self in self.state.stalled:
            self.state.stalled_bytes -= self.stalled
            self.stalled = 0
            self.state.stalled.discard(self)

    def _close_largest_stalled(self, cap: int) -> None:
        """Past queued.max.response.bytes: the connection holding the most unread answer bytes goes
        (aborted: a graceful close would keep its buffer until a reader that is not reading reads)."""
        worst = max(self.state.stalled, key=lambda c: c.stalled)
        worst.log.warning("closing a connection that stopped reading: answers held for stalled clients "
                          "passed queued.max.response.bytes", held_bytes=worst.stalled,
                          all_stalled_bytes=self.state.stalled_bytes, limit=cap)
        worst.closed = True
        worst.abort()
        worst._unstall()

    # -- idle connections --------------------------------------------------------------------------

    def _touch(self) -> None:
        self.last_active = asyncio.get_running_loop().time()

    def _arm_idle_timer(self, delay: float) -> None:
        self.idle_timer = asyncio.get_running_loop().call_later(delay, self._check_idle)

    def _check_idle(self) -> None:
        """Kafka's IdleExpiryManager, lazily: the timer fires at the earliest possible expiry and
        re-arms itself from the last activity; a request still being handled keeps the connection."""
        self.idle_timer = None
        if self.closed:
            return
        idle_s = self.config.connections_max_idle_ms / 1000
        now = asyncio.get_running_loop().time()
        if (self.busy or self.awaiting) and self.writable:
            self.last_active = now
        expires = self.last_active + idle_s
        if now < expires:
            self._arm_idle_timer(expires - now)
            return
        assert self.transport is not None
        buffered = self.transport.get_write_buffer_size() + sum(map(len, self.out))
        self.log.info("closing an idle connection", idle_ms=round((now - self.last_active) * 1000),
                      connections_max_idle_ms=self.config.connections_max_idle_ms,
                      partial_frame_bytes=self.decoder.buffered, unsent_bytes=buffered)
        self.closed = True
        if buffered:
            self.transport.abort()  # its client is not reading: a graceful close would never finish
        else:
            self.transport.close()

    # -- lifecycle -------------------------------------------------------------------------------

    def stop_reading(self) -> None:
        """Shutdown: read nothing more and drop the requests queued but not started; the one in
        flight, if any, still gets its answer."""
        self.reading_stopped = True
        self.pending.clear()
        self.pending_bytes = 0
        self._update_reading()

    def close_gracefully(self) -> None:
        """Close once what is written has gone out (shutdown), an answer still streaming included."""
        if self.corked:
            self._uncork()
            self.corked = []
        if self.out and not self.closed:
            self.close_when_sent = True
        elif self.transport is not None:
            self.transport.close()

    def _update_reading(self) -> None:
        """Read requests only while there is room: fewer than queued.max.requests frames (and
        MAX_BUFFERED_BYTES) waiting to start, and the client taking its answers. Reading resumes at
        half the limits, so a busy client is not toggled on every frame."""
        t = self.transport
        if t is None or self.closed or t.is_closing():
            return
        queued, limit = len(self.pending) + len(self.awaiting or ()), self.config.queued_max_requests
        if self.reading_stopped or not self.writable:
            pause = True
        elif self.reading_paused:
            pause = queued >= max(1, limit // 2) or self.pending_bytes > MAX_BUFFERED_BYTES // 2
        else:
            pause = queued > limit or self.pending_bytes > MAX_BUFFERED_BYTES
        if pause != self.reading_paused:
            if pause:
                t.pause_reading()
            else:
                t.resume_reading()
            self.reading_paused = pause

    def abort(self) -> None:
        """Drop the connection at once, unsent answers included (a fault, a reset, a crash)."""
        if self.transport is not None:
            self.transport.abort()

    # -- request processing ----------------------------------------------------------------------

    def close(self, reason: str) -> None:
        """Close this connection only, with a log line; the broker keeps serving everyone else.
        Answers to earlier requests that await their fsync still go out first (nothing more is read)."""
        if self.awaiting and not self.closed:
            if self.close_reason is None:
                self.log.warning("closing connection once earlier answers are out", reason=reason)
                self.close_reason = reason
                self.stop_reading()
            return
        if not self.closed:
            self.log.warning("closing connection", reason=reason)
            if self.corked:  # the answers to the requests before this one still go out, in order
                self._uncork()
            self.closed = True
            if self.transport is not None:
                self.transport.close()

    def _pump(self) -> None:
        """Handle queued frames in order until one must wait (a handler, or an answer still going out).

        The answers given at once leave together when the loop stops (``_uncork``), before anything
        else can be written: a client sees the same answers in the same order, from fewer sends. An
        answer that had to wait is written on its own the moment it is ready (``_answered``), as Kafka
        sends each response when its request completes."""
        outer = self.corked is None
        if outer:
            self.corked = []
        try:
            while self.pending and not self.busy and self.writable and not self.out and not self.closed:
                if self.state.paused:
                    return
                frame = self.pending.pop(0)
                self.pending_bytes -= len(frame)
                result = self._dispatch(frame)
                if result is not None:
                    awaitable = result[2]
                    if type(awaitable) is DurableAnswer:  # decided: the next request may start
                        if self.awaiting is None:
                            self.awaiting = []
                        self.awaiting.append([result[0], result[1], awaitable, None])
                        if len(self.awaiting) == 1:  # only the first in line is watched (see _durable)
                            awaitable.add_done_callback(self._durable)
                        continue
                    self.busy = True
                    if isinstance(awaitable, asyncio.Future):  # no Task: answered from its done callback
                        self.in_flight = awaitable
                        awaitable.add_done_callback(functools.partial(self._answered, result[0], result[1]))
                    else:
                        self.in_flight = asyncio.ensure_future(self._finish(result))
                    return
        finally:
            if outer:
                self._uncork()
        if self.reading_paused:
            self._update_reading()

    def _durable(self, _done: asyncio.Future[Any]) -> None:
        """The first DurableAnswer in line completed: send every answer whose turn has come, in request order,
        then watch the new first one. Answers leave in request order, so only the first in line can release
        any: one done callback per run of answers a fsync releases, not one per answer."""
        aw = self.awaiting
        if aw is None:  # the connection was lost
            return
        outer = self.corked is None
        if outer:
            self.corked = []
        try:
            while aw:
                ctx, request, future, parts = aw[0]
                if future is None:
                    del aw[0]
                    self._write(ctx, parts, queue=False)
                    continue
                if not future.done():
                    future.add_done_callback(self._durable)
                    break
                del aw[0]
                if not future.cancelled():  # (cancelled: the broker is stopping; as an in-flight answer, none)
                    self._respond(ctx, self._outcome(ctx, request, future), request, queue=False)
        finally:
            if outer:
                self._uncork()
        if aw:
            return
        if self.close_reason is not None:  # close() came meanwhile: now that the answers are out
            self.closed = True
            if self.transport is not None:
                self.transport.close()
            return
        self._pump()
        if self.reading_paused:
            self._update_reading()

    def unanswered(self) -> list[asyncio.Future[Any]]:
        """What a graceful shutdown waits for: the request in flight and the answers awaiting their fsync."""
        waits = [entry[2] for entry in self.awaiting or () if entry[2] is not None]
        return waits if self.in_flight is None else [self.in_flight, *waits]

    def _uncork(self) -> None:
        """Hand the burst's collected answers to the transport in one write."""
        corked, self.corked = self.corked, None
        self.corked_bytes = 0
        if corked and not self.closed and self.transport is not None:
            self._touch()
            self.transport.write(corked[0] if len(corked) == 1 else b"".join(corked))

    def _answered(self, ctx: RequestContext, request: Any, done: asyncio.Future[Any]) -> None:
        """The awaited answer is ready (the future's done callback; ``_finish`` for coroutines)."""
        self.busy = False
        self.in_flight = None
        if done.cancelled():  # as an awaiting Task would end: cancelled, nothing answered
            return
        self._respond(ctx, self._outcome(ctx, request, done), request)
        self._pump()

    def _outcome(self, ctx: RequestContext, request: Any, done: asyncio.Future[Any]) -> Any:
        """A completed (not cancelled) answer future's response: its result, or the API's error answer."""
        exc = done.exception()
        if exc is None:
            return done.result()
        if isinstance(exc, Exception):
            return self._failed(ctx, request, exc)
        raise exc

    async def _finish(self, pending: tuple[RequestContext, Any, Any]) -> None:
        ctx, request, awaitable = pending
        try:
            response = await awaitable
        except Exception as e:
            response = self._failed(ctx, request, e)
        finally:
            self.busy = False
            self.in_flight = None
        self._respond(ctx, response, request)
        self._pump()

    def _dispatch(self, body: bytes | bytearray) -> tuple[RequestContext, Any, Any] | None:
        """Decode and route one frame; answer at once or return the awaitable answer."""
        if self.sasl is not None and self.sasl.gating:
            return self._dispatch_sasl(body)
        return self._route(body)

    def _dispatch_sasl(self, body: bytes | bytearray) -> tuple[RequestContext, Any, Any] | None:
        """The SASL gate (Kafka's SaslServerAuthenticator in front of KafkaApis): the authenticator says whether
        the request may be served; a bare token after a v0 SaslHandshake is answered bare; a failed
        authentication's answer goes out, then the connection closes."""
        sasl = self.sasl
        assert sasl is not None
        now = self.clock.now_ms()
        if sasl.raw_tokens and sasl.state in (SaslState.AUTHENTICATE, SaslState.REAUTH_BAD_MECHANISM):
            answer = sasl.raw_token(bytes(body), now)
            if answer is None:
                self._sasl_close()
                return None
            self._write_raw(answer)
            if sasl.complete:
                self._authenticated()
            return None
        try:
            header = decode_request_header(body)
        except (DecodeError, IndexError, ValueError):
            sasl.not_a_request()
            self._sasl_close()
            return None
        route = self.router.get(header.api_key)
        supported = route is not None and route.min_version <= header.api_version <= route.max_version
        verdict, _ = sasl.admit(header.api_key, supported, now)
        if verdict is Verdict.CLOSE:
            self._sasl_close()
            return None
        if verdict is Verdict.REFUSE:  # the API's own answer, ILLEGAL_SASL_STATE, then closed
            if route is not None and supported:
                ctx = RequestContext(header, self)
                try:
                    request: Any = route.request_cls.decode_from(body, header.size, header.api_version)[0]
                except (DecodeError, IndexError, ValueError, UnicodeDecodeError):
                    request = None
                self._respond(ctx, error_response(route.response_cls, request, ErrorCode.ILLEGAL_SASL_STATE,
                                                  sasl.failure), request)
            self._sasl_close()
            return None
        was_complete = sasl.complete
        result = self._route(body)
        if sasl.failed:
            self._sasl_close()
        elif sasl.complete and not was_complete:
            self._authenticated()
        return result

    def _authenticated(self) -> None:
        """SASL is done: the SASL principal is the connection's (on SASL_SSL too, as in Kafka), and frames may be
        as large as socket.request.max.bytes again."""
        assert self.sasl is not None and self.sasl.principal is not None
        self.principal = self.sasl.principal
        self.decoder.max_size = self.config.socket_request_max_bytes

    def _sasl_close(self) -> None:
        """A failed or refused authentication: this connection only, one log line (the reason the client was not
        told, when there is one)."""
        sasl = self.sasl
        assert sasl is not None
        reason = sasl.failure or "SASL authentication failed"
        if sasl.reason and sasl.reason != reason:
            reason = f"{reason} ({sasl.reason})"
        delay = self.config.connection_failed_authentication_delay_ms
        if delay <= 0 or self.closed:
            self.close(f"SASL: {reason}")
            return
        # Kafka's connection.failed.authentication.delay.ms: the answer goes out now, the close comes later (a
        # client reads its authentication error rather than a reset); what comes meanwhile is dropped unread (the
        # transport keeps reading: a TLS close needs the peer's close_notify).
        self.reading_stopped = True
        self.pending.clear()
        self.pending_bytes = 0
        asyncio.get_running_loop().call_later(delay / 1000, self.close, f"SASL: {reason}")

    def _write_raw(self, data: bytes) -> None:
        """A bare size-prefixed SASL token (after SaslHandshake v0: no response header), in order with the rest."""
        framed = _SIZE.pack(len(data)) + data
        if self.corked is not None:
            self.corked.append(framed)
            self.corked_bytes += len(framed)
        elif self.transport is not None:
            self._touch()
            self.transport.write(framed)

    def _route(self, body: bytes | bytearray) -> tuple[RequestContext, Any, Any] | None:
        try:
            header = decode_request_header(body)
        except (DecodeError, IndexError, ValueError) as e:
            self.close(f"malformed request header: {e}")
            return None
        if header.client_id != self.client_id:
            self.client_id = header.client_id
            self._log = None  # bound again, with the new client id, when next used
        route = self.router.get(header.api_key)
        ctx = RequestContext(header, self)
        if route is None:
            if header.api_key in REQUESTS:
                self._unsupported_api(ctx, body)
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
        counts = route.counts
        if counts is not None:  # /metrics (kaflite.broker.stats): every request counted, some timed
            n = counts[header.api_version] = counts[header.api_version] + 1
            if not n & REQUEST_TIME_MASK or n <= REQUEST_TIME_FIRST:
                ctx.timed = self.state.stats.requests[header.api_key << 16 | header.api_version]  # type: ignore[union-attr]
                ctx.started = perf_counter_ns()
        try:
            request, _ = route.request_cls.decode_from(body, header.size, header.api_version)
        except (DecodeError, IndexError, ValueError, UnicodeDecodeError) as e:
            # The generated decoders' DecodeError already names the message and version.
            prefix = "" if isinstance(e, DecodeError) else f"malformed {route.request_cls.__name__} " \
                f"v{header.api_version}: "
            self.close(f"{prefix}{e}")
            return None
        finish = None
        authorize = self.router.authorize
        if authorize is not None:  # ACLs (kaflite.broker.authz): refused whole, or the handler serves what is allowed
            verdict = authorize(ctx, request)
            if verdict is not None:
                if verdict.close is not None:
                    self.close(verdict.close)
                    return None
                if verdict.finish is None:
                    self._respond(ctx, verdict.answer, request)
                    return None
                finish = verdict.finish
        rule = self.faults.response_rule(header.api_key, request) if self.faults.response_rules else None
        try:
            if rule is not None and rule.action == "raise":
                raise InjectedFault(f"injected fault: the handler of api {header.api_key} raised")
            result = route.handler(ctx, request)
            if finish is not None:
                result = finished(result, finish)
        except Exception as e:
            result = self._failed(ctx, request, e)
            if finish is not None:  # the items an ACL refused are still answered with their error
                result = finish(result)
            rule = None
        if rule is not None:
            if rule.action == "delay":
                result = delayed(result, rule.delay_ms)
            elif rule.action == "drop":
                result = dropped(result)
            elif rule.action == "raise-async":
                result = failed(result, header.api_key)
        if awaitable(result):
            return ctx, request, result
        self._respond(ctx, result, request)
        return None

    def _respond(self, ctx: RequestContext, response: Any, request: Any, queue: bool = True) -> None:
        cell = ctx.timed
        if cell is not None:  # /metrics times this one (inline: this runs for every answer)
            ns = perf_counter_ns() - ctx.started
            cell[(ns >> REQUEST_NS_SHIFT).bit_length()] += 1
            cell[-1] += ns
            ctx.timed = None
        stats = self.state.stats
        if stats is not None:
            code = getattr(response, "error_code", 0)
            if code:
                stats.error(ctx.header.api_key, code)
        if response is NO_RESPONSE or self.closed:
            return
        try:
            parts = response.encode_parts(ctx.header.api_version)
        except Exception:  # an answer its version cannot carry is a handler bug too: answered as one
            ctx.log.exception("response failed to encode; answering with an error", response=type(response).__name__)
            try:
                parts = error_response(type(response), request).encode_parts(ctx.header.api_version)
            except Exception:
                ctx.log.exception("error response failed to encode")
                self.close("error response failed to encode")
                return
        self._write(ctx, parts, queue)

    def _write(self, ctx: RequestContext, parts: list[Any], queue: bool = True) -> None:
        """Small answers go out as one buffer (collected while a burst is handled, see ``_pump``);
        large ones (fetched records) are streamed: buffers without joining them, FileRecords a chunk
        at a time as the transport takes them. Behind an answer awaiting its fsync, an answer waits
        its turn (``queue``; ``_durable`` sends it)."""
        if queue and self.awaiting:
            self.awaiting.append([ctx, None, None, parts])
            return
        h = ctx.header
        assert self.transport is not None
        corked = self.corked
        if corked is None:  # (a burst's answers touch it once, in _uncork)
            self._touch()
        header = encode_response_header(h.api_key, h.api_version, h.correlation_id)
        size = len(header) + sum(map(len, parts))
        if size < LARGE_RESPONSE and not self.out and self.writable:
            for part in parts:
                if isinstance(part, FileRecords):
                    break
            else:  # the common case: bytes only, nothing queued before it
                answer = b"".join([_SIZE.pack(size), header, *parts])
                if corked is None:
                    self.transport.write(answer)
                    return
                corked.append(answer)
                self.corked_bytes += len(answer)
                if self.corked_bytes >= MAX_CORKED_BYTES:
                    self._uncork()
                    self.corked = []
                return
        if self.corked:  # what was answered before this goes first
            self._uncork()
            self.corked = []
        self.out.append(_SIZE.pack(size) + header)
        self.out.extend(parts)
        if size < LARGE_RESPONSE:  # one buffer, records read now: as cheap as it gets for small answers
            self.out.insert(0, b"".join(self._read_out(size)))
        self._stream()

    def _read_out(self, size: int) -> list[bytes]:
        """Take every queued part, records read from their segments (only for answers under
        LARGE_RESPONSE); nothing if a segment can no longer give them (the connection is closed)."""
        parts = []
        while self.out:
            part = self.out.pop(0)
            if isinstance(part, FileRecords):
                try:
                    part = bytes(part)
                except OSError as e:
                    self._unreadable(e)
                    return []
            parts.append(part)
        return parts

    def _unreadable(self, e: OSError) -> None:
        """The answer's length is already promised: only closing the connection can end it."""
        self.log.warning("closing connection: fetched records could not be read to send them", error=str(e))
        self.closed = True
        self.out.clear()
        if self.transport is not None:
            self.transport.abort()

    def _stream(self) -> None:
        """Hand queued answer parts to the transport until it is full (pause_writing) or they are all
        out; records are read from their segment only now, STREAM_CHUNK at a time."""
        out, t = self.out, self.transport
        while out and self.writable and not self.closed and t is not None:
            part = out[0]
            if isinstance(part, FileRecords):
                if self.sendfile_fd >= 0 and part.size > self.out_offset and t.get_write_buffer_size() == 0:
                    # Nothing queued before it: the socket takes the records straight from the page cache.
                    try:
                        sent = part.send(self.sendfile_fd, self.out_offset, part.size - self.out_offset)
                    except OSError as e:
                        self._unreadable(e)
                        return
                    if self._sent(part, sent):
                        continue
                    # The socket is full: a chunk through the transport waits for it to drain (pause_writing,
                    # resume_writing once all of it went), then the socket takes the rest the same way.
                n = min(STREAM_CHUNK, part.size - self.out_offset)
                try:
                    chunk = part.read(self.out_offset, n) if n > 0 else b""
                except OSError as e:
                    self._unreadable(e)
                    return
                self._sent(part, n)
                if chunk:
                    t.write(chunk)
                continue
            run = []
            while out and not isinstance(out[0], FileRecords):
                run.append(out.pop(0))
            if len(run) == 1:
                t.write(run[0])
            else:
                t.writelines(run)
        if not out and self.close_when_sent and t is not None:
            t.close()

    def _sent(self, part: FileRecords, n: int) -> bool:
        """`n` more bytes of `out[0]` are out; True (and it is dropped) once all of it is."""
        self.out_offset += n
        if self.out_offset < part.size:
            return False
        self.out.pop(0)
        self.out_offset = 0
        return True

    def _unsupported_api(self, ctx: RequestContext, body: bytes | bytearray) -> None:
        """A real Kafka API we do not implement: answer UNSUPPORTED_VERSION wherever its response
        carries an error (mirroring the request's items when it parses at this version)."""
        # Any: MIN_VERSION/MAX_VERSION are plain class attributes, which compiled code reads only through Any.
        req_cls, resp_cls = cast(Any, REQUESTS[ctx.header.api_key]), cast(Any, RESPONSES[ctx.header.api_key])
        name = resp_cls.__name__.removesuffix("Response")
        if not resp_cls.MIN_VERSION <= ctx.version <= resp_cls.MAX_VERSION:
            self.close(f"api {name} is not implemented (and v{ctx.version} is beyond its schema)")
            return None
        try:
            request: Any = req_cls.decode_from(body, ctx.header.size, ctx.version)[0]
        except (DecodeError, IndexError, ValueError, UnicodeDecodeError):
            request = None
        if ctx.header.api_key in self.router.disabled:  # switched off by configuration: Kafka's bare answer
            resp = error_response(resp_cls, request, ErrorCode.UNSUPPORTED_VERSION)
            ctx.log.info("answered an api the configuration disables", name=name)
        else:
            resp = error_response(resp_cls, request, ErrorCode.UNSUPPORTED_VERSION,
                                  f"kaflite does not implement {name}")
            ctx.log.info("answered an unimplemented api", name=name)
        self._respond(ctx, resp, request)
        return None

    def _failed(self, ctx: RequestContext, request: Any, exc: Exception) -> Any:
        """A handler raised: log the traceback once and return the API's error response (Kafka's
        ``getErrorResponse``). Produce with acks=0 has no response: the connection is closed, as
        Kafka closes it, so the client notices."""
        code, message = error_of(exc)
        ctx.log.error("request failed; answering with an error", error=code.name, exc_info=exc)
        if ctx.header.api_key == PRODUCE and getattr(request, "acks", None) == 0:
            self.close("a produce request with acks=0 failed")
            return NO_RESPONSE
        route = self.router.get(ctx.header.api_key)
        assert route is not None
        try:
            return error_response(route.response_cls, request, code, message)
        except Exception:  # the last resort: no answer can be built, so the client must not wait for one
            ctx.log.exception("no error response could be built")
            self.close("no error response could be built")
            return NO_RESPONSE
