"""The SASL gate of a connection on a SASL listener: Kafka's SaslServerAuthenticator in front of KafkaApis.

The state machine and the mechanisms are pure (``kaflite.security.sasl``); the gate is what the connection does
with their verdicts: which frames reach the router before the client is authenticated (and, when sessions expire,
during re-authentication), a bare token after a v0 SaslHandshake answered bare, the SASL principal once the
client is authenticated, and the close after a failure (delayed by connection.failed.authentication.delay.ms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kaflite.broker.context import Connection, RequestContext
from kaflite.broker.router import Router
from kaflite.clock import Clock
from kaflite.protocol._codec import DecodeError
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.frames import FrameDecoder, FrameError
from kaflite.protocol.headers import decode_request_header
from kaflite.security.sasl.authenticator import SaslServerAuthenticator, SaslState, Verdict


class Gated(Connection, Protocol):
    """What the gate uses of its connection (``KafkaConnection``)."""

    decoder: FrameDecoder

    def write_frame(self, data: bytes) -> None: ...

    def respond(self, ctx: RequestContext, response: Any, request: Any, queue: bool = True) -> None: ...

    def close_after(self, delay_ms: int, reason: str) -> None: ...


class SaslGate:
    """One connection's gate over its ``SaslServerAuthenticator`` (``sasl``)."""

    __slots__ = ("clock", "failure_delay_ms", "request_max_bytes", "router", "sasl")

    def __init__(self, sasl: SaslServerAuthenticator, router: Router, clock: Clock, request_max_bytes: int,
                 failure_delay_ms: int) -> None:
        self.sasl = sasl
        self.router = router
        self.clock = clock
        self.request_max_bytes = request_max_bytes  # socket.request.max.bytes: the bound once authenticated
        self.failure_delay_ms = failure_delay_ms

    @property
    def gating(self) -> bool:
        """Every request is shown to the authenticator (until authenticated, and while re-authenticating)."""
        return self.sasl.gating

    def frame_refused(self, e: FrameError) -> str | None:
        """Why a frame too large closes the connection before the client is authenticated; None after."""
        if self.sasl.complete:
            return None
        return (f"Failing SASL authentication due to invalid receive size: {e} "
                f"(sasl.server.max.receive.size={self.sasl.max_receive_size} before authentication)")

    def dispatch(self, conn: Gated, body: bytes | bytearray, route: Callable[[bytes | bytearray], Any]) -> Any:
        """The authenticator says whether the request may be served (``route``: as any request); a bare token
        after a v0 SaslHandshake is answered bare; a failed authentication's answer goes out, then the connection
        closes. Returns what ``route`` returned, or None (answered here)."""
        sasl = self.sasl
        now = self.clock.now_ms()
        if sasl.raw_tokens and sasl.state in (SaslState.AUTHENTICATE, SaslState.REAUTH_BAD_MECHANISM):
            answer = sasl.raw_token(bytes(body), now)
            if answer is None:
                self._close(conn)
                return None
            conn.write_frame(answer)
            if sasl.complete:
                self._authenticated(conn)
            return None
        try:
            header = decode_request_header(body)
        except (DecodeError, IndexError, ValueError):
            sasl.not_a_request()
            self._close(conn)
            return None
        route_of = self.router.get(header.api_key)
        supported = route_of is not None and route_of.min_version <= header.api_version <= route_of.max_version
        verdict, _ = sasl.admit(header.api_key, supported, now)
        if verdict is Verdict.CLOSE:
            self._close(conn)
            return None
        if verdict is Verdict.REFUSE:  # the API's own answer, ILLEGAL_SASL_STATE, then closed
            if route_of is not None and supported:
                ctx = RequestContext(header, conn)
                try:
                    request: Any = route_of.request_cls.decode_from(body, header.size, header.api_version)[0]
                except (DecodeError, IndexError, ValueError, UnicodeDecodeError):
                    request = None
                conn.respond(ctx, error_response(route_of.response_cls, request, ErrorCode.ILLEGAL_SASL_STATE,
                                                 sasl.failure), request)
            self._close(conn)
            return None
        was_complete = sasl.complete
        result = route(body)
        if sasl.failed:
            self._close(conn)
        elif sasl.complete and not was_complete:
            self._authenticated(conn)
        return result

    def _authenticated(self, conn: Gated) -> None:
        """SASL is done: the SASL principal is the connection's (on SASL_SSL too, as in Kafka), and frames may be
        as large as socket.request.max.bytes again."""
        assert self.sasl.principal is not None
        conn.principal = self.sasl.principal
        conn.decoder.max_size = self.request_max_bytes

    def _close(self, conn: Gated) -> None:
        """A failed or refused authentication: this connection only, one log line (the reason the client was not
        told, when there is one)."""
        sasl = self.sasl
        reason = sasl.failure or "SASL authentication failed"
        if sasl.reason and sasl.reason != reason:
            reason = f"{reason} ({sasl.reason})"
        delay = self.failure_delay_ms
        if delay <= 0 or conn.closed:
            conn.close(f"SASL: {reason}")
            return
        # Kafka's connection.failed.authentication.delay.ms: the answer goes out now, the close comes later (a
        # client reads its authentication error rather than a reset).
        conn.close_after(delay, f"SASL: {reason}")
