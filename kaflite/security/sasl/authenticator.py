"""Kafka's ``SaslServerAuthenticator`` state machine for one connection of a SASL listener, without I/O.

The connection asks ``admit`` about each request before routing it (only ApiVersions once, then SaslHandshake, then
SaslAuthenticate until the exchange completes); the two SASL handlers call ``handshake`` and ``authenticate``; after
a v0 SaslHandshake the client's tokens come as bare frames (``raw_tokens``), answered by ``raw_token``. What Kafka
does with a request out of turn, this does:

- before the handshake, anything but ApiVersions (once) and SaslHandshake: the connection is closed, no answer;
- during the exchange, anything but SaslAuthenticate: the API's error answer with ILLEGAL_SASL_STATE, then closed;
- an unknown mechanism: UNSUPPORTED_SASL_MECHANISM with the enabled list, then closed;
- failed credentials: SASL_AUTHENTICATION_FAILED with Kafka's message, then closed;
- KIP-368: with ``connections.max.reauth.ms`` (or a credential that expires, OAUTHBEARER's token) the session has a
  lifetime, sent in SaslAuthenticate v1+; a SaslHandshake after authentication re-authenticates (same mechanism,
  same principal, at most once a second); any other request after the session expired closes the connection.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import REQUESTS
from kaflite.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kaflite.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from kaflite.security.sasl import InvalidCredentials, SaslAuthenticationError

API_VERSIONS = 18
SASL_HANDSHAKE = 17
SASL_AUTHENTICATE = 36
MIN_REAUTH_INTERVAL_MS = 1000  # Kafka's KafkaChannel.MIN_REAUTH_INTERVAL_ONE_SECOND_NANOS


class MechanismServer(Protocol):
    """One exchange of one mechanism (PlainServer, ScramServer, OAuthBearerServer)."""

    mechanism: str
    complete: bool
    authorization_id: str
    lifetime_ms: int | None  # when the credential expires (epoch ms), if it does

    def evaluate(self, token: bytes, now_ms: int) -> bytes: ...


class SaslState(enum.Enum):
    INITIAL_REQUEST = "INITIAL_REQUEST"
    HANDSHAKE_OR_VERSIONS_REQUEST = "HANDSHAKE_OR_VERSIONS_REQUEST"
    HANDSHAKE_REQUEST = "HANDSHAKE_REQUEST"
    AUTHENTICATE = "AUTHENTICATE"
    COMPLETE = "COMPLETE"
    REAUTH_BAD_MECHANISM = "REAUTH_BAD_MECHANISM"
    FAILED = "FAILED"


class Verdict(enum.Enum):
    SERVE = "serve"  # route the request as usual
    CLOSE = "close"  # close the connection, no answer
    REFUSE = "refuse"  # answer the API's error with ILLEGAL_SASL_STATE, then close


def api_name(api_key: int) -> str:
    """Kafka's ApiKeys name (``METADATA``) of an API, for the messages that name it."""
    cls = REQUESTS.get(api_key)
    if cls is None:
        return f"api key {api_key}"
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__.removesuffix("Request")).upper()


class SaslServerAuthenticator:
    """The SASL state of one connection: what may come next, the mechanism's exchange, the principal, the
    session's expiry. Times are epoch milliseconds, given by the caller."""

    def __init__(self, mechanisms: Sequence[str], new_server: Callable[[str], MechanismServer],
                 max_reauth_ms: int | Mapping[str, int] = 0, max_receive_size: int = 524288) -> None:
        self.mechanisms = list(mechanisms)
        self.new_server = new_server
        self.max_reauth_ms = max_reauth_ms  # connections.max.reauth.ms, or per mechanism
        self.max_receive_size = max_receive_size  # sasl.server.max.receive.size: the connection enforces it
        self.state = SaslState.INITIAL_REQUEST
        self.server: MechanismServer | None = None
        self.mechanism: str | None = None
        self.principal: str | None = None  # "User:NAME" once authenticated
        self.raw_tokens = False  # after SaslHandshake v0: the tokens come without Kafka's request header
        self.session_expiry_ms: int | None = None
        self.supports_reauth = False  # a SaslAuthenticate v1+ was seen
        self.failure: str | None = None  # the message the failure was answered with (or the reason to close)
        self.reason: str | None = None  # for the log: why, when the client was told less
        self._reauth_of: tuple[str, str] | None = None  # (mechanism, principal) being re-authenticated
        self._bad_mechanism: str | None = None
        self._last_reauth_ms: int | None = None

    # -- what the connection asks -------------------------------------------------------------------

    @property
    def gating(self) -> bool:
        """Whether requests must still be shown to ``admit`` (not yet authenticated, or a session that expires)."""
        return self.state is not SaslState.COMPLETE or self.session_expiry_ms is not None

    @property
    def complete(self) -> bool:
        return self.state is SaslState.COMPLETE

    @property
    def failed(self) -> bool:
        return self.state is SaslState.FAILED

    def admit(self, api_key: int, version_supported: bool, now_ms: int) -> tuple[Verdict, str]:
        """What to do with a request of ``api_key`` now (and why, when it is not served)."""
        state = self.state
        if state is SaslState.COMPLETE:
            if api_key != SASL_HANDSHAKE and self.session_expiry_ms is not None and now_ms >= self.session_expiry_ms:
                return Verdict.CLOSE, (f"the SASL session expired {now_ms - self.session_expiry_ms} ms ago and the "
                                       f"client did not re-authenticate (connections.max.reauth.ms, KIP-368)")
            return Verdict.SERVE, ""
        if state is SaslState.FAILED:
            return Verdict.CLOSE, self.failure or "SASL authentication failed"
        if state is SaslState.REAUTH_BAD_MECHANISM:
            return self._fail_close(self._bad_mechanism or "bad mechanism for re-authentication")
        if state is SaslState.AUTHENTICATE:
            if api_key == SASL_AUTHENTICATE:
                return Verdict.SERVE, ""
            self.state = SaslState.FAILED
            self.failure = f"Unexpected Kafka request of type {api_name(api_key)} during SASL authentication."
            return Verdict.REFUSE, self.failure
        if state is SaslState.INITIAL_REQUEST:
            self.state = state = SaslState.HANDSHAKE_OR_VERSIONS_REQUEST
        if api_key == API_VERSIONS:
            if state is not SaslState.HANDSHAKE_OR_VERSIONS_REQUEST:
                return self._fail_close(f"Unexpected ApiVersions request received during SASL authentication state "
                                        f"{state.value}")
            if version_supported:  # (an UNSUPPORTED_VERSION answer lets the client ask again)
                self.state = SaslState.HANDSHAKE_REQUEST
            return Verdict.SERVE, ""
        if api_key == SASL_HANDSHAKE:
            return Verdict.SERVE, ""
        return self._fail_close(f"Unexpected Kafka request of type {api_name(api_key)} during SASL handshake.")

    def not_a_request(self) -> str:
        """A first frame that is not a Kafka request: Kafka would take it for a GSSAPI token (0.9 clients)."""
        if self.state is SaslState.INITIAL_REQUEST:
            return self._fail_close("Exception handling first SASL packet from client, GSSAPI is not supported "
                                    "by server")[1]
        return self._fail_close("a frame that is not a Kafka request during SASL authentication")[1]

    def _fail_close(self, message: str) -> tuple[Verdict, str]:
        self.state = SaslState.FAILED
        self.failure = message
        return Verdict.CLOSE, message

    # -- the two APIs ------------------------------------------------------------------------------

    def handshake(self, version: int, mechanism: str, now_ms: int) -> SaslHandshakeResponse:
        """SaslHandshake: choose the mechanism (or begin a re-authentication after a completed one)."""
        if self.state is SaslState.COMPLETE:
            if self.session_expiry_ms is None or (
                    self._last_reauth_ms is not None and now_ms - self._last_reauth_ms < MIN_REAUTH_INTERVAL_MS):
                # Kafka's KafkaApis answer: no re-authentication to begin, so a handshake is out of place
                return SaslHandshakeResponse(error_code=ErrorCode.ILLEGAL_SASL_STATE)
            assert self.mechanism is not None and self.principal is not None
            self._last_reauth_ms = now_ms
            self._reauth_of = (self.mechanism, self.principal)
            self.state = SaslState.HANDSHAKE_REQUEST
        elif self.state not in (SaslState.INITIAL_REQUEST, SaslState.HANDSHAKE_OR_VERSIONS_REQUEST,
                                SaslState.HANDSHAKE_REQUEST):
            return SaslHandshakeResponse(error_code=ErrorCode.ILLEGAL_SASL_STATE)
        self.raw_tokens = version == 0
        if mechanism not in self.mechanisms:
            self.state = SaslState.FAILED
            self.failure = f"Unsupported SASL mechanism {mechanism}"
            return SaslHandshakeResponse(error_code=ErrorCode.UNSUPPORTED_SASL_MECHANISM,
                                         mechanisms=list(self.mechanisms))
        if self._reauth_of is not None and self._reauth_of[0] != mechanism:
            self.state = SaslState.REAUTH_BAD_MECHANISM
            self._bad_mechanism = (f"SASL mechanism '{mechanism}' requested by client is not supported for "
                                   f"re-authentication of mechanism '{self._reauth_of[0]}'")
        else:
            self.server = self.new_server(mechanism)
            self.mechanism = mechanism
            self.state = SaslState.AUTHENTICATE
        return SaslHandshakeResponse(error_code=ErrorCode.NONE, mechanisms=list(self.mechanisms))

    def authenticate(self, version: int, auth_bytes: bytes, now_ms: int) -> SaslAuthenticateResponse:
        """SaslAuthenticate: one client token through the mechanism; the session's lifetime once complete."""
        if self.state is not SaslState.AUTHENTICATE or self.server is None:
            # Kafka's KafkaApis answer to a SaslAuthenticate after authentication
            return SaslAuthenticateResponse(error_code=ErrorCode.ILLEGAL_SASL_STATE,
                                            error_message="SaslAuthenticate request received after successful "
                                                          "authentication")
        self.supports_reauth = self.supports_reauth or version > 0
        try:
            token = self._evaluate(auth_bytes, now_ms)
        except _Failed as failed:
            return SaslAuthenticateResponse(error_code=ErrorCode.SASL_AUTHENTICATION_FAILED,
                                            error_message=failed.message)
        lifetime = self._complete(now_ms) if self.server.complete else 0
        return SaslAuthenticateResponse(error_code=ErrorCode.NONE, auth_bytes=token, session_lifetime_ms=lifetime)

    def raw_token(self, token: bytes, now_ms: int) -> bytes | None:
        """A bare token after SaslHandshake v0; the bare answer, or None when the exchange failed (Kafka then
        closes the connection without an answer)."""
        if self.state is not SaslState.AUTHENTICATE or self.server is None:
            self.admit(-1, False, now_ms)  # REAUTH_BAD_MECHANISM and the like: failed, closed
            return None
        try:
            answer = self._evaluate(token, now_ms)
        except _Failed:
            return None
        if self.server.complete:
            self._complete(now_ms)
        return answer

    # -- inside ------------------------------------------------------------------------------------

    @property
    def _auth_text(self) -> str:
        return "re-authentication" if self._reauth_of is not None else "authentication"

    def _evaluate(self, token: bytes, now_ms: int) -> bytes:
        server = self.server
        assert server is not None
        try:
            answer = server.evaluate(token, now_ms)
            reauth = self._reauth_of
            if server.complete and reauth is not None and reauth[1] != f"User:{server.authorization_id}":
                previous = reauth[1].partition(":")
                raise SaslAuthenticationError(f"Cannot change principals during re-authentication from "
                                              f"{previous[0]}.{previous[2]}: User.{server.authorization_id}")
            return answer
        except SaslAuthenticationError as exc:
            self.state = SaslState.FAILED
            self.failure = self.reason = str(exc)
            raise _Failed(str(exc)) from None
        except InvalidCredentials as exc:
            # never the mechanism's own reason to the client: it may say whether the user exists
            self.state = SaslState.FAILED
            self.failure = (f"Authentication failed during {self._auth_text} due to invalid credentials with SASL "
                            f"mechanism {self.mechanism}")
            self.reason = str(exc)
            raise _Failed(self.failure) from None

    def _complete(self, now_ms: int) -> int:
        """Authenticated: the principal, and the session's lifetime as Kafka's
        calcCompletionTimesAndReturnSessionLifetimeMs (0: the session does not expire)."""
        server = self.server
        assert server is not None
        credential_expiry = server.lifetime_ms
        limit = self.max_reauth_ms if isinstance(self.max_reauth_ms, int) else \
            self.max_reauth_ms.get(server.mechanism, 0)
        max_reauth = limit if limit > 0 else None
        lifetime = 0
        if credential_expiry is not None or max_reauth is not None:
            if credential_expiry is None:
                lifetime = max(0, max_reauth or 0)
            elif max_reauth is None:
                lifetime = max(0, credential_expiry - now_ms)
            else:
                lifetime = max(0, min(credential_expiry - now_ms, max_reauth))
            self.session_expiry_ms = now_ms + lifetime
        else:
            self.session_expiry_ms = None
        self.principal = f"User:{server.authorization_id}"
        self.state = SaslState.COMPLETE
        self._reauth_of = None
        return lifetime


class _Failed(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
