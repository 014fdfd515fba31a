"""SASL/OAUTHBEARER (RFC 7628) with unsecured JWTs, as Kafka's ``OAuthBearerSaslServer`` with its development-only
``OAuthBearerUnsecuredValidatorCallbackHandler``: ``alg: none``, the principal from a claim (``sub`` unless
``unsecuredValidatorPrincipalClaimName``), ``exp`` required and in the future, ``iat`` (when given) not in the
future, ``unsecuredValidatorRequiredScope``. Nothing is signed: never for production, as Kafka says of it too.

A token that fails validation is answered as RFC 7628 section 3.2.2 says and Kafka does: the server sends a JSON
error as its challenge, the client answers ``%x01``, and the authentication fails with that JSON as the message.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Mapping
from typing import Any

from kaflite.security.sasl import OAUTHBEARER, InvalidCredentials, SaslAuthenticationError

OAUTHBEARER_LOGIN_MODULE = "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule"
_AUTH = re.compile(r"(?P<scheme>\w+) +(?P<token>[-_.a-zA-Z0-9]+)")
_KEY = re.compile(r"[A-Za-z]+")
_CONTROL_A = b"\x01"


class TokenError(Exception):
    """A token that fails validation: ``reason`` for the log, ``scope`` when a required scope is missing."""

    def __init__(self, reason: str, scope: str | None = None) -> None:
        super().__init__(reason)
        self.scope = scope


def _b64url(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def _number(claims: Mapping[str, Any], name: str) -> float | None:
    value = claims.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TokenError(f"The value of the {name} claim is not a number: {value!r}")
    return float(value)


def unsecured_jwt(claims: Mapping[str, Any]) -> str:
    """An unsigned JWS (``alg: none``) carrying `claims`: what Kafka's OAuthBearerUnsecuredLoginCallbackHandler makes
    on the client side, and what the validator here accepts."""
    def b64(obj: object) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")

    return f"{b64({'alg': 'none'})}.{b64(dict(claims))}."


def unsecured_login_claims(options: Mapping[str, str], now_s: float) -> dict[str, Any]:
    """The claims Kafka's OAuthBearerUnsecuredLoginCallbackHandler puts in its token, from the login module's
    options: ``unsecuredLoginStringClaim_<name>``, ``unsecuredLoginNumberClaim_<name>``,
    ``unsecuredLoginListClaim_<name>`` (the first character is the delimiter), ``iat`` now and ``exp`` after
    ``unsecuredLoginLifetimeSeconds`` (default 3600); the principal claim (``unsecuredLoginPrincipalClaimName``,
    default ``sub``) is required."""
    claims: dict[str, Any] = {}
    for key, value in options.items():
        if key.startswith("unsecuredLoginStringClaim_"):
            claims[key.removeprefix("unsecuredLoginStringClaim_")] = value
        elif key.startswith("unsecuredLoginNumberClaim_"):
            number = float(value)
            claims[key.removeprefix("unsecuredLoginNumberClaim_")] = int(number) if number.is_integer() else number
        elif key.startswith("unsecuredLoginListClaim_") and value:
            claims[key.removeprefix("unsecuredLoginListClaim_")] = [v for v in value[1:].split(value[0]) if v]
    principal_claim = options.get("unsecuredLoginPrincipalClaimName", "").strip() or "sub"
    if not claims.get(principal_claim):
        raise ValueError(f"the OAUTHBEARER login needs unsecuredLoginStringClaim_{principal_claim} (the principal)")
    lifetime = float(options.get("unsecuredLoginLifetimeSeconds", "").strip() or 3600)
    claims.setdefault("iat", int(now_s))
    claims.setdefault("exp", int(now_s + lifetime))
    return claims


def client_initial_response(token: str, extensions: Mapping[str, str] | None = None) -> bytes:
    """RFC 7628's client message: ``n,,`` then ``auth=Bearer <token>`` and any extensions, ``%x01``-separated."""
    parts = [f"auth=Bearer {token}", *(f"{k}={v}" for k, v in (extensions or {}).items())]
    return b"n,," + _CONTROL_A + _CONTROL_A.join(p.encode() for p in parts) + _CONTROL_A + _CONTROL_A


def _java_list(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


def validate_unsecured_jwt(token: str, now_ms: int, options: Mapping[str, str]) -> tuple[str, float]:
    """(principal, expiry in seconds) of a valid unsecured JWS; raises TokenError with Kafka's reason otherwise."""
    principal_claim = options.get("unsecuredValidatorPrincipalClaimName", "").strip() or "sub"
    scope_claim = options.get("unsecuredValidatorScopeClaimName", "").strip() or "scope"
    required_scope = options.get("unsecuredValidatorRequiredScope", "").split()
    try:
        skew_ms = int(options.get("unsecuredValidatorAllowableClockSkewMs", "").strip() or 0)
    except ValueError as exc:
        raise TokenError(str(exc)) from None
    parts = token.split(".")
    if len(parts) != 3:
        raise TokenError("Unsecured JWS compact serializations must have 3 dot-separated Base64URL-encoded values")
    if parts[2]:
        raise TokenError("Unsecured JWS compact serializations must have an empty signature")
    try:
        header = json.loads(_b64url(parts[0]))
        claims = json.loads(_b64url(parts[1]))
    except (ValueError, binascii.Error) as exc:
        raise TokenError(f"Invalid unsecured JWS: {exc}") from None
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise TokenError("Invalid unsecured JWS: the header and the claims must be JSON objects")
    if header.get("alg", "none") != "none":
        raise TokenError("Unsecured JWS must have the alg header value none")
    principal = claims.get(principal_claim)
    if principal is None:
        raise TokenError(f"Required claim missing: {principal_claim}")
    if not isinstance(principal, str) or not principal.strip():
        raise TokenError(f"The value of the {principal_claim} claim is not a non-empty string: {principal!r}")
    iat, exp = _number(claims, "iat"), _number(claims, "exp")
    if iat is not None and 1000 * iat > now_ms + skew_ms:
        raise TokenError(f"The Issued At value ({iat:f} seconds) was after the indicated time ({now_ms} ms) plus "
                         f"allowable clock skew ({skew_ms} ms)")
    if exp is None:
        raise TokenError("Required claim missing: exp")
    if now_ms - skew_ms >= 1000 * exp:
        raise TokenError(f"The indicated time ({now_ms} ms) minus allowable clock skew ({skew_ms} ms) was on or "
                         f"after the Expiration Time value ({exp:f} seconds)")
    if iat is not None and exp <= iat:
        raise TokenError(f"The Expiration Time time ({exp:f} seconds) was not after the Issued At time "
                         f"({iat:f} seconds)")
    scope_value = claims.get(scope_claim)
    scope = scope_value.split() if isinstance(scope_value, str) else \
        [str(s) for s in scope_value] if isinstance(scope_value, list) else []
    for element in required_scope:
        if element not in scope:
            raise TokenError(f"The provided scope ({_java_list(scope)}) was missing a required scope ({element}).  "
                             f"All required scope elements: {_java_list(required_scope)}",
                             scope=_java_list(required_scope))
    return principal, exp


def parse_client_initial_response(message: bytes) -> tuple[str, str, dict[str, str]]:
    """RFC 7628's client first message, ``n,[a=authzid],^Aauth=Bearer <token>^A[key=value^A]*^A``: (token,
    authorization id, extensions); raises InvalidCredentials as Kafka's OAuthBearerClientInitialResponse does."""
    try:
        text = message.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidCredentials("Invalid OAUTHBEARER client first message") from None
    header, sep, rest = text.partition("\x01")
    gs2 = header.split(",")
    if not sep or len(gs2) != 3 or gs2[0] not in ("n", "y") or gs2[2] or not rest.endswith("\x01\x01") \
            or (gs2[1] and not gs2[1].startswith("a=")):
        raise InvalidCredentials("Invalid OAUTHBEARER client first message")
    authzid = gs2[1][2:]
    pairs: dict[str, str] = {}
    for item in rest[:-2].split("\x01"):
        key, eq, value = item.partition("=")
        if not eq or not _KEY.fullmatch(key):
            raise InvalidCredentials("Invalid OAUTHBEARER client first message")
        pairs[key] = value
    auth = _AUTH.fullmatch(pairs.pop("auth", ""))
    if auth is None or auth.group("scheme").lower() != "bearer":
        raise InvalidCredentials("Invalid OAUTHBEARER client first message")
    return auth.group("token"), authzid, pairs


class OAuthBearerServer:
    """One OAUTHBEARER exchange; ``lifetime_ms`` is the token's expiry, which bounds the session as Kafka's
    CREDENTIAL_LIFETIME_MS negotiated property does (KIP-368)."""

    mechanism = OAUTHBEARER

    def __init__(self, options: Mapping[str, str]) -> None:
        self.options = options
        self.complete = False
        self.authorization_id = ""
        self.lifetime_ms: int | None = None
        self.error_message: str | None = None

    def evaluate(self, token: bytes, now_ms: int) -> bytes:
        if token == _CONTROL_A and self.error_message is not None:
            raise SaslAuthenticationError(self.error_message)
        self.error_message = None
        value, authzid, _extensions = parse_client_initial_response(token)
        try:
            principal, exp = validate_unsecured_jwt(value, now_ms, self.options)
        except TokenError as exc:
            status = "insufficient_scope" if exc.scope is not None else "invalid_token"
            error = f'{{"status":"{status}"'
            if exc.scope is not None:
                error += f', "scope":"{exc.scope}"'
            self.error_message = error + "}"
            self.reason = str(exc)
            return self.error_message.encode()
        if authzid and authzid != principal:
            raise SaslAuthenticationError(f"Authentication failed: Client requested an authorization id ({authzid}) "
                                          f"that is different from the token's principal name ({principal})")
        self.authorization_id = principal
        self.lifetime_ms = int(exp * 1000)
        self.complete = True
        return b""
