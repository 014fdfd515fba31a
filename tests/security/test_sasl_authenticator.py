"""Kafka's SaslServerAuthenticator state machine, without a socket: what may come when, the answers, the failures
and KIP-368's re-authentication (SaslServerAuthenticatorTest and SaslAuthenticatorTest cover the same in Kafka)."""

from __future__ import annotations

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.security.sasl.authenticator import (
    API_VERSIONS,
    SASL_AUTHENTICATE,
    SASL_HANDSHAKE,
    MechanismServer,
    SaslServerAuthenticator,
    SaslState,
    Verdict,
)
from kaflite.security.sasl.plain import PlainServer
from kaflite.security.sasl.scram import ScramServer

METADATA = 3
USERS = {"alice": "alice-secret", "bob": "bob-secret"}


def _server(mechanism: str) -> MechanismServer:
    if mechanism == "PLAIN":
        return PlainServer(USERS)
    return ScramServer(mechanism, lambda user, mech: None)


def _auth(max_reauth_ms: int = 0) -> SaslServerAuthenticator:
    return SaslServerAuthenticator(["PLAIN", "SCRAM-SHA-512"], _server, max_reauth_ms)


def _login(sasl: SaslServerAuthenticator, now: int = 0, user: str = "alice", version: int = 2) -> int:
    assert sasl.admit(API_VERSIONS, True, now) == (Verdict.SERVE, "")
    assert sasl.admit(SASL_HANDSHAKE, True, now) == (Verdict.SERVE, "")
    assert sasl.handshake(1, "PLAIN", now).error_code == ErrorCode.NONE
    assert sasl.admit(SASL_AUTHENTICATE, True, now) == (Verdict.SERVE, "")
    response = sasl.authenticate(version, f"\x00{user}\x00{USERS[user]}".encode(), now)
    assert response.error_code == ErrorCode.NONE, response
    return int(response.session_lifetime_ms)


def test_a_plain_login_completes_with_the_user_principal() -> None:
    sasl = _auth()
    assert sasl.gating
    assert _login(sasl) == 0
    assert sasl.complete and sasl.principal == "User:alice"
    assert not sasl.gating  # no session expiry: requests are no longer shown to it


def test_handshake_lists_the_enabled_mechanisms() -> None:
    sasl = _auth()
    response = sasl.handshake(1, "PLAIN", 0)
    assert response.mechanisms == ["PLAIN", "SCRAM-SHA-512"] and sasl.state is SaslState.AUTHENTICATE


def test_a_request_before_the_handshake_closes_the_connection_without_an_answer() -> None:
    sasl = _auth()
    assert sasl.admit(METADATA, True, 0) == (Verdict.CLOSE, "Unexpected Kafka request of type METADATA during SASL "
                                                             "handshake.")
    assert sasl.failed


def test_api_versions_only_once_before_the_handshake() -> None:
    sasl = _auth()
    assert sasl.admit(API_VERSIONS, False, 0)[0] is Verdict.SERVE  # UNSUPPORTED_VERSION answer: may ask again
    assert sasl.admit(API_VERSIONS, True, 0)[0] is Verdict.SERVE
    verdict, message = sasl.admit(API_VERSIONS, True, 0)
    assert verdict is Verdict.CLOSE and "Unexpected ApiVersions request" in message


def test_sasl_authenticate_before_the_handshake_closes() -> None:
    assert _auth().admit(SASL_AUTHENTICATE, True, 0)[0] is Verdict.CLOSE


def test_unsupported_mechanism_answers_the_enabled_list_then_fails() -> None:
    sasl = _auth()
    response = sasl.handshake(1, "GSSAPI", 0)
    assert response.error_code == ErrorCode.UNSUPPORTED_SASL_MECHANISM
    assert response.mechanisms == ["PLAIN", "SCRAM-SHA-512"]
    assert sasl.failed and sasl.admit(METADATA, True, 0)[0] is Verdict.CLOSE


def test_another_request_during_the_exchange_is_refused_with_illegal_sasl_state() -> None:
    sasl = _auth()
    sasl.handshake(1, "PLAIN", 0)
    verdict, message = sasl.admit(METADATA, True, 0)
    assert verdict is Verdict.REFUSE
    assert message == "Unexpected Kafka request of type METADATA during SASL authentication."


def test_wrong_password_fails_with_kafkas_message() -> None:
    sasl = _auth()
    sasl.handshake(1, "PLAIN", 0)
    response = sasl.authenticate(1, b"\x00alice\x00nope", 0)
    assert response.error_code == ErrorCode.SASL_AUTHENTICATION_FAILED
    assert response.error_message == "Authentication failed: Invalid username or password"
    assert sasl.failed


def test_scram_failures_tell_the_client_only_the_generic_message() -> None:
    sasl = _auth()
    sasl.handshake(1, "SCRAM-SHA-512", 0)
    response = sasl.authenticate(1, b"n,,n=nobody,r=abcdefgh", 0)
    assert response.error_code == ErrorCode.SASL_AUTHENTICATION_FAILED
    assert response.error_message == ("Authentication failed during authentication due to invalid credentials with "
                                      "SASL mechanism SCRAM-SHA-512")
    assert sasl.reason is not None and "Invalid user credentials" in sasl.reason  # the log says why


def test_after_authentication_the_sasl_apis_answer_illegal_sasl_state() -> None:
    sasl = _auth()
    _login(sasl)
    assert sasl.handshake(1, "PLAIN", 0).error_code == ErrorCode.ILLEGAL_SASL_STATE
    response = sasl.authenticate(1, b"\x00alice\x00alice-secret", 0)
    assert response.error_code == ErrorCode.ILLEGAL_SASL_STATE
    assert sasl.complete  # Kafka answers, and keeps the connection


def test_v0_handshake_takes_bare_tokens() -> None:
    sasl = _auth()
    sasl.admit(SASL_HANDSHAKE, True, 0)
    sasl.handshake(0, "PLAIN", 0)
    assert sasl.raw_tokens
    assert sasl.raw_token(b"\x00bob\x00bob-secret", 0) == b""
    assert sasl.complete and sasl.principal == "User:bob"
    failed = _auth()
    failed.handshake(0, "PLAIN", 0)
    assert failed.raw_token(b"\x00bob\x00wrong", 0) is None and failed.failed


def test_a_first_frame_that_is_not_a_kafka_request_is_taken_for_gssapi() -> None:
    sasl = _auth()
    assert "GSSAPI is not supported by server" in sasl.not_a_request()
    assert sasl.failed


# -- KIP-368 -------------------------------------------------------------------------------------------------


def test_session_lifetime_and_expiry_close() -> None:
    sasl = _auth(max_reauth_ms=1000)
    assert _login(sasl, now=10_000) == 1000
    assert sasl.gating and sasl.session_expiry_ms == 11_000
    assert sasl.admit(METADATA, True, 10_999)[0] is Verdict.SERVE
    verdict, message = sasl.admit(METADATA, True, 11_000)
    assert verdict is Verdict.CLOSE and "did not re-authenticate" in message


def test_during_reauthentication_only_sasl_authenticate_is_served() -> None:
    sasl = _auth(max_reauth_ms=1000)
    _login(sasl, now=0)
    assert sasl.admit(SASL_HANDSHAKE, True, 900)[0] is Verdict.SERVE
    assert sasl.handshake(1, "PLAIN", 900).error_code == ErrorCode.NONE
    assert sasl.admit(METADATA, True, 900)[0] is Verdict.REFUSE


def test_reauthentication_full_cycle() -> None:
    sasl = _auth(max_reauth_ms=1000)
    _login(sasl, now=0)
    assert sasl.handshake(1, "PLAIN", 1500).error_code == ErrorCode.NONE  # handshake allowed after expiry
    response = sasl.authenticate(2, b"\x00alice\x00alice-secret", 1500)
    assert response.error_code == ErrorCode.NONE and response.session_lifetime_ms == 1000
    assert sasl.complete and sasl.session_expiry_ms == 2500
    assert sasl.admit(METADATA, True, 2000)[0] is Verdict.SERVE


def test_reauthentication_may_not_change_principal_or_mechanism() -> None:
    sasl = _auth(max_reauth_ms=60_000)
    _login(sasl, now=0)
    sasl.handshake(1, "PLAIN", 5000)
    response = sasl.authenticate(2, b"\x00bob\x00bob-secret", 5000)
    assert response.error_code == ErrorCode.SASL_AUTHENTICATION_FAILED
    assert response.error_message == "Cannot change principals during re-authentication from User.alice: User.bob"
    other = _auth(max_reauth_ms=60_000)
    _login(other, now=0)
    assert other.handshake(1, "SCRAM-SHA-512", 5000).error_code == ErrorCode.NONE
    verdict, message = other.admit(SASL_AUTHENTICATE, True, 5000)
    assert verdict is Verdict.CLOSE
    assert message == ("SASL mechanism 'SCRAM-SHA-512' requested by client is not supported for re-authentication "
                       "of mechanism 'PLAIN'")


def test_reauthentication_at_most_once_a_second() -> None:
    sasl = _auth(max_reauth_ms=60_000)
    _login(sasl, now=0)
    sasl.handshake(1, "PLAIN", 5000)
    sasl.authenticate(2, b"\x00alice\x00alice-secret", 5000)
    assert sasl.handshake(1, "PLAIN", 5500).error_code == ErrorCode.ILLEGAL_SASL_STATE
    assert sasl.handshake(1, "PLAIN", 6000).error_code == ErrorCode.NONE


@pytest.mark.parametrize("max_reauth", [0, 30_000])
def test_a_credential_that_expires_bounds_the_session(max_reauth: int) -> None:
    class Expiring(PlainServer):
        def evaluate(self, token: bytes, now_ms: int) -> bytes:
            out = super().evaluate(token, now_ms)
            self.lifetime_ms = now_ms + 10_000
            return out

    sasl = SaslServerAuthenticator(["PLAIN"], lambda m: Expiring(USERS), max_reauth)
    sasl.handshake(1, "PLAIN", 0)
    response = sasl.authenticate(1, b"\x00alice\x00alice-secret", 0)
    assert response.session_lifetime_ms == 10_000


def test_per_mechanism_reauth_limits() -> None:
    sasl = SaslServerAuthenticator(["PLAIN"], _server, {"PLAIN": 500})
    assert _login(sasl) == 500
