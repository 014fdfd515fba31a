"""The reading half of a client connection and its order: frames in, one request at a time, answers in order.

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

Memory per connection is bounded, so a client that stops reading costs kilobytes: once
``MAX_BUFFERED_BYTES`` of answers wait in the transport the connection stops reading requests and
starts no new one until the client drains (Kafka mutes a channel with a response in flight); and the
bytes stuck behind stalled clients are capped broker-wide (``queued.max.response.bytes``).
``connections.max.idle.ms`` closes a connection that has neither completed a request frame nor
taken answer bytes for that long (Kafka's Selector counts any byte; counting whole frames also ends
a client that never finishes one), unless a request of its is still being handled.

What a request is (decoded, routed, authorized, answered or failed) is ``KafkaConnection``'s
(``connection.py``); how answers reach the socket is ``AnswerWriter``'s (``answer_writer.py``).
"""

from __future__ import annotations

import asyncio
import functools
import os
import socket
from collections.abc import Callable
from typing import Any, TypeAlias, TypeGuard, cast

from kaflite.broker.answer_writer import SIZE, AnswerWriter
from kaflite.broker.context import BrokerContext, Connection, RequestContext
from kaflite.coordinator_common.runtime import DurableAnswer
from kaflite.protocol.frames import FrameDecoder, FrameError, FrameTooLarge

# Answer bytes a connection's transport may hold before the connection stops reading and dispatching
# (asyncio's pause_writing); it resumes once they are all out.
MAX_BUFFERED_BYTES = 256 * 1024
# An HTTP request's first four bytes read as a frame size: "GET " is 1,195,725,856 (past any sane limit). Checked
# only for a frame refused as too large, so the ordinary path pays nothing.
HTTP_SIZES = frozenset(SIZE.unpack(m)[0] for m in (b"GET ", b"POST", b"HEAD", b"PUT ", b"DELE", b"PATC", b"OPTI",
                                                    b"CONN", b"TRAC", b"PRI "))


def looks_like_http(e: FrameError) -> TypeGuard[FrameTooLarge]:
    """A frame refused as too large whose size is an HTTP method (only a size past the limit is looked at)."""
    return isinstance(e, FrameTooLarge) and e.size in HTTP_SIZES


#: A request started and not answered at once: its context, the decoded request, and the awaitable answer.
Started: TypeAlias = tuple[RequestContext, Any, Any]


class Channel(AnswerWriter):
    """Frames in and requests started in order, answers released in order; back-pressure, idle expiry, closing.
    What a frame means is the subclass's: ``_dispatch`` starts one, ``respond`` and ``_failed`` answer it."""

    __slots__ = ("after_read", "awaiting", "busy", "close_reason", "config", "decoder", "idle_timer", "in_flight",
                 "on_closed", "pending", "pending_bytes", "reading_paused", "reading_stopped", "stalled", "state")

    def __init__(self, context: BrokerContext, after_read: Callable[[], object] | None = None,
                 on_closed: Callable[[Any], object] | None = None) -> None:
        super().__init__()
        self.config = context.config
        self.state = context.state
        # Called once the requests of one read are started (the server's group-commit flush: their writes go
        # to disk while the loop reads the next connection); None: nothing.
        self.after_read = after_read
        # Called with the connection once it is closed (the share handler's: share sessions end with the
        # connection that opened them); None: nothing.
        self.on_closed = on_closed
        self.decoder = FrameDecoder(context.config.socket_request_max_bytes, context.state.read_buffer)
        # Lists, not deques: they stay short (queued.max.requests), and an empty deque costs 760 bytes, an
        # empty list 56, for each of the thousands of idle connections a test suite may hold.
        self.pending: list[bytearray] = []  # whole frames, not yet started (bytearrays: see FrameDecoder)
        self.pending_bytes = 0  # request bytes in ``pending``
        self.busy = False  # a request is in flight (awaiting) or the socket is not draining
        self.reading_paused = False
        self.reading_stopped = False  # shutting down: nothing more is read or dispatched
        self.in_flight: asyncio.Future[Any] | None = None
        # Answers that must go out before any later one, oldest first: [ctx, request, DurableAnswer, None]
        # while a durable write is awaited, [ctx, None, None, parts] for an answer ready behind it.
        # None until a connection first has one (most never do: 56 bytes less on each).
        self.awaiting: list[list[Any]] | None = None
        self.close_reason: str | None = None  # close() came while answers were awaiting: closed after them
        self.stalled = 0  # bytes counted in state.stalled_bytes while writing is paused
        self.idle_timer: asyncio.TimerHandle | None = None

    # -- what a frame means: the subclass's ------------------------------------------------------

    def _dispatch(self, body: bytes | bytearray) -> Started | None:
        """Decode and route one frame; answer at once (None) or return the request started."""
        raise NotImplementedError

    def respond(self, ctx: RequestContext, response: Any, request: Any, queue: bool = True) -> None:
        """Answer `request` with `response` (behind any answer awaiting its fsync, unless `queue` is False)."""
        raise NotImplementedError

    def _failed(self, ctx: RequestContext, request: Any, exc: Exception) -> Any:
        """The answer to a request whose handler raised."""
        raise NotImplementedError

    def _frame_refused(self, e: FrameError) -> str:
        """Why the connection closes on a frame that cannot be read."""
        if looks_like_http(e):
            port = self.config.admin_port
            return (f"this looks like HTTP ({e.size.to_bytes(4, 'big').decode().strip()} ...); this is the "
                    f"Kafka port (the admin endpoint is on admin.port{f'={port}' if port > 0 else ''})")
        return f"framing error: {e}"

    def _accepted(self, transport: asyncio.BaseTransport) -> bool:
        """Whether an accepted connection may go on (``KafkaConnection`` checks a client certificate here)."""
        return True

    # -- asyncio.Protocol ------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's transports are not subclasses
        peer = transport.get_extra_info("peername") or ("?", 0)
        self.peer_host = str(peer[0])
        self.peer = f"{peer[0]}:{peer[1]}"
        self._log = None
        self.state.connections.add(cast(Connection, self))  # (every Channel is a KafkaConnection)
        if self.state.stats is not None:
            self.state.stats.connections_created += 1
        # Resumed once drained: the next fetched records can then go by sendfile, nothing queued before them.
        transport.set_write_buffer_limits(MAX_BUFFERED_BYTES, 0)  # type: ignore[attr-defined]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)  # as Kafka's acceptor: half-open peers end
            if transport.get_extra_info("sslcontext") is None and hasattr(os, "sendfile"):
                self.sendfile_fd = sock.fileno()
        if not self._accepted(transport):
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
        if self.on_closed is not None:
            self.on_closed(self)

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
            self.close(self._frame_refused(e))
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

    def close_after(self, delay_ms: int, reason: str) -> None:
        """Close in `delay_ms` (what is written still goes out); what comes meanwhile is dropped unread (the
        transport keeps reading: a TLS close needs the peer's close_notify)."""
        self.reading_stopped = True
        self.pending.clear()
        self.pending_bytes = 0
        asyncio.get_running_loop().call_later(delay_ms / 1000, self.close, reason)

    # -- requests in order -----------------------------------------------------------------------

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
                    self._write(ctx.header, parts)
                    continue
                if not future.done():
                    future.add_done_callback(self._durable)
                    break
                del aw[0]
                if not future.cancelled():  # (cancelled: the broker is stopping; as an in-flight answer, none)
                    self.respond(ctx, self._outcome(ctx, request, future), request, queue=False)
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

    def _send(self, ctx: RequestContext, parts: list[Any], queue: bool = True) -> None:
        """An encoded answer to the writer; behind an answer awaiting its fsync, it waits its turn (``queue``;
        ``_durable`` sends it)."""
        if queue and self.awaiting:
            self.awaiting.append([ctx, None, None, parts])
            return
        self._write(ctx.header, parts)

    def unanswered(self) -> list[asyncio.Future[Any]]:
        """What a graceful shutdown waits for: the request in flight and the answers awaiting their fsync."""
        waits = [entry[2] for entry in self.awaiting or () if entry[2] is not None]
        return waits if self.in_flight is None else [self.in_flight, *waits]

    def _answered(self, ctx: RequestContext, request: Any, done: asyncio.Future[Any]) -> None:
        """The awaited answer is ready (the future's done callback; ``_finish`` for coroutines)."""
        self.busy = False
        self.in_flight = None
        if done.cancelled():  # as an awaiting Task would end: cancelled, nothing answered
            return
        self.respond(ctx, self._outcome(ctx, request, done), request)
        self._pump()

    def _outcome(self, ctx: RequestContext, request: Any, done: asyncio.Future[Any]) -> Any:
        """A completed (not cancelled) answer future's response: its result, or the API's error answer."""
        exc = done.exception()
        if exc is None:
            return done.result()
        if isinstance(exc, Exception):
            return self._failed(ctx, request, exc)
        raise exc

    async def _finish(self, pending: Started) -> None:
        ctx, request, awaitable = pending
        try:
            response = await awaitable
        except Exception as e:
            response = self._failed(ctx, request, e)
        finally:
            self.busy = False
            self.in_flight = None
        self.respond(ctx, response, request)
        self._pump()

