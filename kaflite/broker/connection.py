"""One client connection as Kafka requests: decoded, routed, authorized, answered; a failure answered too.

``KafkaConnection`` is what the server builds for each accepted socket. Its frames, their order and its
back-pressure are ``Channel``'s (``channel.py``); the writing of answers is ``AnswerWriter``'s
(``answer_writer.py``); on a SASL listener every request first passes the ``SaslGate`` (``sasl_gate.py``), and a
fault armed for an API changes its answer (``request_faults.py``).

A handler that fails (raises, at once or in the answer it returns) does not cost the client its
connection: as Kafka does, the traceback is logged once and the request is answered with the API's
error response (``kaflite.protocol.error_responses``), UNKNOWN_SERVER_ERROR unless the exception
names a Kafka error. Only bytes that cannot be parsed close the connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from time import perf_counter_ns
from typing import Any, cast

from kaflite.broker.channel import Channel, Started, looks_like_http
from kaflite.broker.context import NO_RESPONSE, BrokerContext, RequestContext
from kaflite.broker.faults import InjectedFault
from kaflite.broker.request_faults import with_fault
from kaflite.broker.router import Router
from kaflite.broker.sasl_gate import SaslGate
from kaflite.broker.stats import REQUEST_NS_SHIFT, REQUEST_TIME_FIRST, REQUEST_TIME_MASK
from kaflite.broker.tls import principal_of
from kaflite.clock import Clock
from kaflite.config.listeners import ANONYMOUS, Listener
from kaflite.protocol._codec import DecodeError
from kaflite.protocol.error_responses import error_response
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.frames import FrameError
from kaflite.protocol.headers import decode_request_header
from kaflite.protocol.messages import REQUESTS, RESPONSES, ApiVersionsResponse
from kaflite.security.sasl.authenticator import SaslServerAuthenticator
from kaflite.security.tls.principal import NoMatchingRule

API_VERSIONS = 18
PRODUCE = 0


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


class KafkaConnection(Channel):
    """A client connection (the server's protocol for each accepted socket): who the client is (principal,
    listener, members it spoke for) and what each of its requests gets."""

    __slots__ = ("clock", "faults", "gate", "listener", "members", "node_id", "principal", "router", "sasl")

    def __init__(self, context: BrokerContext, router: Router, listener: Listener | None = None,
                 sasl: Callable[[], SaslServerAuthenticator] | None = None,
                 after_read: Callable[[], object] | None = None,
                 on_closed: Callable[[Any], object] | None = None) -> None:
        super().__init__(context, after_read, on_closed)
        self.clock: Clock = context.clock
        self.faults = context.faults
        self.router = router
        self.listener = listener  # the one it came in on (None: built by hand, as in unit tests)
        # The broker it came in to (with `brokers` > 1, each listens on its own ports): who is asked, when a
        # handler checks that it leads a partition or coordinates a group.
        self.node_id = listener.node_id if listener is not None else context.config.node_id
        self.principal = ANONYMOUS
        self.members: set[tuple[str, str]] = set()  # (group, member id) this connection spoke for
        # On a SASL listener: this connection's SASL state (kaflite.security.sasl), read by the SASL handler, and
        # the gate every request passes until the client is authenticated (and, when sessions expire, after).
        # None elsewhere.
        self.sasl = sasl() if sasl is not None else None
        self.gate: SaslGate | None = None
        if self.sasl is not None:  # sasl.server.max.receive.size bounds frames until authenticated
            self.gate = SaslGate(self.sasl, router, self.clock, context.config.socket_request_max_bytes,
                                 context.config.connection_failed_authentication_delay_ms)
            self.decoder.max_size = min(self.decoder.max_size, self.sasl.max_receive_size)

    def _accepted(self, transport: asyncio.BaseTransport) -> bool:
        """On a TLS listener with client certificates: the certificate's subject is the principal."""
        if transport.get_extra_info("sslcontext") is not None:  # mutual TLS: the certificate's subject
            try:
                self.principal = principal_of(transport.get_extra_info("peercert"),
                                              self.config.ssl_principal_mapping_rules)
            except NoMatchingRule as exc:  # Kafka fails the authentication: this connection only
                self.log.info("TLS client refused: no ssl.principal.mapping.rules rule applies", error=str(exc))
                transport.abort()  # type: ignore[attr-defined]
                return False
        return True

    def _frame_refused(self, e: FrameError) -> str:
        if self.gate is not None and not looks_like_http(e):
            reason = self.gate.frame_refused(e)
            if reason is not None:
                return reason
        return super()._frame_refused(e)

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


    # -- requests ----------------------------------------------------------------------------------

    def _dispatch(self, body: bytes | bytearray) -> Started | None:
        """Decode and route one frame; answer at once or return the awaitable answer."""
        gate = self.gate
        if gate is not None and gate.gating:
            return cast("Started | None", gate.dispatch(self, body, self._route))
        return self._route(body)

    def _route(self, body: bytes | bytearray) -> Started | None:
        """Decode, route and authorize one frame and start its handler (through any fault armed for its API)."""
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
                self._send(ctx, resp.encode_parts(0))
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
                    self.respond(ctx, verdict.answer, request)
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
            result = with_fault(rule, result, header.api_key)
        if awaitable(result):
            return ctx, request, result
        self.respond(ctx, result, request)
        return None

    def respond(self, ctx: RequestContext, response: Any, request: Any, queue: bool = True) -> None:
        """Answer one request: counted (and timed) for /metrics, encoded (an answer that cannot be is answered as
        an error), then sent in request order."""
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
        self._send(ctx, parts, queue)

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
        self.respond(ctx, resp, request)
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
