"""The SASL mechanisms as pure code: JAAS parsing, PLAIN, SCRAM against the RFC test vectors, OAUTHBEARER's unsecured
JWT validation and RFC 7628's client message (Kafka's messages where a client would see them)."""

from __future__ import annotations

import base64
import json

import pytest

from kaflite.security.sasl import InvalidCredentials, SaslAuthenticationError
from kaflite.security.sasl.jaas import JaasError, module_options, parse_jaas_config
from kaflite.security.sasl.oauthbearer import (
    OAuthBearerServer,
    TokenError,
    parse_client_initial_response,
    validate_unsecured_jwt,
)
from kaflite.security.sasl.plain import PlainServer, plain_users
from kaflite.security.sasl.scram import (
    ScramCredential,
    ScramCredentials,
    ScramServer,
    credential_from_salted_password,
    salted_password,
)

# -- JAAS ----------------------------------------------------------------------------------------------------


def test_jaas_reads_kafkas_plain_login_module_with_quoted_values() -> None:
    text = ('org.apache.kafka.common.security.plain.PlainLoginModule required\n'
            '  username="admin" password="admin-secret"\n'
            '  user_admin="admin-secret" user_alice="a;l=i\\"ce" /* a comment */ user_bob=\'bob pw\';')
    [entry] = parse_jaas_config(text)
    assert entry.login_module == "org.apache.kafka.common.security.plain.PlainLoginModule"
    assert entry.flag == "required"
    assert entry.options == {"username": "admin", "password": "admin-secret", "user_admin": "admin-secret",
                             "user_alice": 'a;l=i"ce', "user_bob": "bob pw"}
    assert plain_users(text) == {"admin": "admin-secret", "alice": 'a;l=i"ce', "bob": "bob pw"}


def test_jaas_takes_several_entries_and_bare_words() -> None:
    text = ("// first\nFooModule optional a=b;\n"
            "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule REQUIRED "
            "unsecuredValidatorRequiredScope=\"read write\" unsecuredValidatorPrincipalClaimName=name;")
    entries = parse_jaas_config(text)
    assert [(e.login_module, e.flag) for e in entries] == [
        ("FooModule", "optional"), ("org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule", "required")]
    assert module_options(text, "OAuthBearerLoginModule") == {
        "unsecuredValidatorRequiredScope": "read write", "unsecuredValidatorPrincipalClaimName": "name"}


@pytest.mark.parametrize(("text", "message"), [
    ("", "Login module not specified in JAAS config"),
    ("Module", "Login module control flag not specified in JAAS config"),
    ("Module mandatory;", "Invalid login module control flag 'mandatory' in JAAS config"),
    ("Module required user_a=\"x\"", "JAAS config entry not terminated by semi-colon"),
    ("Module required user_a;", "Value not specified for key 'user_a' in JAAS config"),
    ("Module required user_a=12345;", "Value not specified for key 'user_a' in JAAS config"),  # a number: quote it
])
def test_jaas_errors_are_kafkas(text: str, message: str) -> None:
    with pytest.raises(JaasError, match=f"^{message}$"):
        parse_jaas_config(text)


# -- PLAIN ---------------------------------------------------------------------------------------------------


def test_plain_accepts_the_configured_password_only() -> None:
    server = PlainServer({"alice": "alice-secret"})
    assert server.evaluate(b"\x00alice\x00alice-secret", 0) == b""
    assert server.complete and server.authorization_id == "alice"
    assert PlainServer({"alice": "s"}).evaluate(b"alice\x00alice\x00s", 0) == b""  # authzid = the user: fine


@pytest.mark.parametrize(("token", "message"), [
    (b"\x00alice\x00wrong", "Authentication failed: Invalid username or password"),
    (b"\x00mallory\x00alice-secret", "Authentication failed: Invalid username or password"),
    (b"\x00\x00pw", "Authentication failed: username not specified"),
    (b"\x00alice\x00", "Authentication failed: password not specified"),
    (b"alice-secret", "Invalid SASL/PLAIN response: expected 3 tokens, got 1"),
    (b"bob\x00alice\x00alice-secret", "Authentication failed: Client requested an authorization id that is "
                                      "different from username"),
])
def test_plain_failures_carry_kafkas_messages(token: bytes, message: str) -> None:
    with pytest.raises(SaslAuthenticationError, match=f"^{message}$"):
        PlainServer({"alice": "alice-secret"}).evaluate(token, 0)


# -- SCRAM ---------------------------------------------------------------------------------------------------


def _scramp_credential(mechanism: str, password: str, salt_b64: str, iterations: int) -> ScramCredential:
    import scramp

    salt, stored, server, i = scramp.ScramMechanism(mechanism).make_auth_info(
        password, iteration_count=iterations, salt=base64.b64decode(salt_b64))
    return ScramCredential(salt, stored, server, i)


RFC_VECTORS = [
    # RFC 5802 section 5 (SCRAM-SHA-1)
    ("SCRAM-SHA-1", "fyko+d2lbbFgONRv9qkxdawL", "3rfcNHYJY1ZVvWVs7j", "QSXCR+Q6sek8bf92",
     "v0X8v3Bz2T0CJGbJQyF0X+HI4Ts=", "rmF9pqV8S7suAoZWja4dJRkFsKQ="),
    # RFC 7677 section 3 (SCRAM-SHA-256)
    ("SCRAM-SHA-256", "rOprNGfwEbeRWgbNEkqO", "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0", "W22ZaJ0SNY7soEsUEjb6gQ==",
     "dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=", "6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="),
]


@pytest.mark.parametrize(("mechanism", "c_nonce", "s_nonce", "salt", "proof", "verifier"), RFC_VECTORS)
def test_scram_server_exchange_matches_the_rfc_vectors(mechanism: str, c_nonce: str, s_nonce: str, salt: str,
                                                      proof: str, verifier: str) -> None:
    credential = _scramp_credential(mechanism, "pencil", salt, 4096)
    server = ScramServer(mechanism, lambda user, mech: credential if user == "user" else None, s_nonce=s_nonce)
    first = server.evaluate(f"n,,n=user,r={c_nonce}".encode(), 0).decode()
    assert first == f"r={c_nonce}{s_nonce},s={salt},i=4096"
    final = server.evaluate(f"c=biws,r={c_nonce}{s_nonce},p={proof}".encode(), 0).decode()
    assert final == f"v={verifier}"
    assert server.complete and server.authorization_id == "user"


def test_scram_credential_from_salted_password_is_what_scramp_derives() -> None:
    """AlterUserScramCredentials sends the salted password: the stored and server keys derived from it must let
    the password log in (checked against scramp's own derivation)."""
    salt = base64.b64decode("W22ZaJ0SNY7soEsUEjb6gQ==")
    ours = credential_from_salted_password("SCRAM-SHA-256", salt, salted_password("SCRAM-SHA-256", "pencil", salt,
                                                                                   4096), 4096)
    assert ours == _scramp_credential("SCRAM-SHA-256", "pencil", "W22ZaJ0SNY7soEsUEjb6gQ==", 4096)


def _client_exchange(server: ScramServer, mechanism: str, user: str, password: str) -> bytes:
    import scramp

    client = scramp.ScramClient([mechanism], user, password)
    client.set_server_first(server.evaluate(client.get_client_first().encode(), 0).decode())
    return server.evaluate(client.get_client_final().encode(), 0)


def test_scram_sha_512_round_trip_and_wrong_password() -> None:
    salt = b"0123456789abcdef"
    cred = credential_from_salted_password("SCRAM-SHA-512", salt, salted_password("SCRAM-SHA-512", "pw", salt, 8192),
                                           8192)
    lookup = {("alice", "SCRAM-SHA-512"): cred}.get
    ok = ScramServer("SCRAM-SHA-512", lambda u, m: lookup((u, m)))
    assert _client_exchange(ok, "SCRAM-SHA-512", "alice", "pw").startswith(b"v=")
    assert ok.complete and ok.authorization_id == "alice"
    with pytest.raises(InvalidCredentials):
        _client_exchange(ScramServer("SCRAM-SHA-512", lambda u, m: lookup((u, m))), "SCRAM-SHA-512", "alice", "bad")


def test_scram_unknown_user_and_too_few_iterations_fail_as_invalid_credentials() -> None:
    server = ScramServer("SCRAM-SHA-256", lambda u, m: None)
    with pytest.raises(InvalidCredentials, match="Invalid user credentials"):
        server.evaluate(b"n,,n=nobody,r=abcdefgh", 0)
    weak = ScramCredential(b"s", b"k" * 32, b"k" * 32, 1000)
    with pytest.raises(InvalidCredentials, match="Iterations 1000 is less than the minimum 4096"):
        ScramServer("SCRAM-SHA-256", lambda u, m: weak).evaluate(b"n,,n=alice,r=abcdefgh", 0)
    with pytest.raises(InvalidCredentials):
        ScramServer("SCRAM-SHA-256", lambda u, m: None).evaluate(b"\xff\xfe garbage", 0)


def test_scram_credentials_image_applies_records() -> None:
    class UserScramCredentialRecord:
        def __init__(self, name: str, mechanism: int, iterations: int) -> None:
            self.name, self.mechanism, self.iterations = name, mechanism, iterations
            self.salt, self.stored_key, self.server_key = b"s", b"k", b"v"

    class RemoveUserScramCredentialRecord:
        def __init__(self, name: str, mechanism: int) -> None:
            self.name, self.mechanism = name, mechanism

    image = ScramCredentials()
    image.apply(UserScramCredentialRecord("alice", 1, 4096))
    image.apply(UserScramCredentialRecord("alice", 2, 8192))
    image.apply(object())  # a record type it does not keep
    assert image.get("alice", "SCRAM-SHA-512") == ScramCredential(b"s", b"k", b"v", 8192)
    image.apply(RemoveUserScramCredentialRecord("alice", 1))
    assert image.get("alice", "SCRAM-SHA-256") is None and "alice" in image
    image.apply(RemoveUserScramCredentialRecord("alice", 2))
    assert "alice" not in image and list(image.users()) == []


# -- OAUTHBEARER ---------------------------------------------------------------------------------------------


def _jwt(claims: dict[str, object], header: dict[str, object] | None = None) -> str:
    def b64(obj: object) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    return f"{b64(header or {'alg': 'none'})}.{b64(claims)}."


NOW_MS = 1_700_000_000_000


def test_unsecured_jwt_gives_the_sub_claim_and_expiry() -> None:
    token = _jwt({"sub": "alice", "iat": NOW_MS / 1000 - 10, "exp": NOW_MS / 1000 + 60, "scope": "read write"})
    assert validate_unsecured_jwt(token, NOW_MS, {}) == ("alice", NOW_MS / 1000 + 60)
    named = _jwt({"name": "bob", "exp": NOW_MS / 1000 + 1})
    assert validate_unsecured_jwt(named, NOW_MS, {"unsecuredValidatorPrincipalClaimName": "name"})[0] == "bob"
    assert validate_unsecured_jwt(token, NOW_MS, {"unsecuredValidatorRequiredScope": "write"})[0] == "alice"


@pytest.mark.parametrize(("claims", "options", "message"), [
    ({"exp": NOW_MS / 1000 + 60}, {}, "Required claim missing: sub"),
    ({"sub": "alice"}, {}, "Required claim missing: exp"),
    ({"sub": "alice", "exp": NOW_MS / 1000 - 1}, {}, "was on or after the Expiration Time value"),
    ({"sub": "alice", "exp": NOW_MS / 1000 + 60, "iat": NOW_MS / 1000 + 30}, {}, "The Issued At value"),
    ({"sub": "alice", "exp": NOW_MS / 1000 + 60, "scope": "read"}, {"unsecuredValidatorRequiredScope": "write"},
     r"The provided scope \(\[read\]\) was missing a required scope \(write\)"),
])
def test_unsecured_jwt_refusals(claims: dict[str, object], options: dict[str, str], message: str) -> None:
    with pytest.raises(TokenError, match=message):
        validate_unsecured_jwt(_jwt(claims), NOW_MS, options)


def test_a_signed_or_malformed_token_is_refused() -> None:
    with pytest.raises(TokenError, match="alg header value none"):
        validate_unsecured_jwt(_jwt({"sub": "a", "exp": NOW_MS}, {"alg": "HS256"}), NOW_MS, {})
    with pytest.raises(TokenError, match="empty signature"):
        validate_unsecured_jwt(_jwt({"sub": "a", "exp": NOW_MS}) + "c2ln", NOW_MS, {})
    with pytest.raises(TokenError, match="3 dot-separated"):
        validate_unsecured_jwt("abc", NOW_MS, {})


def test_rfc7628_client_message() -> None:
    assert parse_client_initial_response(b"n,,\x01auth=Bearer abc.def.\x01\x01") == ("abc.def.", "", {})
    assert parse_client_initial_response(b"n,a=alice,\x01auth=Bearer x.y.\x01traceId=123\x01\x01") == (
        "x.y.", "alice", {"traceId": "123"})
    for bad in (b"auth=Bearer x", b"n,,\x01auth=Basic x.y.\x01\x01", b"n,,\x01auth=Bearer x\x01", b"\xff"):
        with pytest.raises(InvalidCredentials, match="Invalid OAUTHBEARER client first message"):
            parse_client_initial_response(bad)


def test_oauthbearer_failure_path_is_rfc7628s() -> None:
    """A refused token: the server's challenge is the JSON error, the client answers %x01, and the authentication
    fails with that JSON as its message."""
    server = OAuthBearerServer({"unsecuredValidatorRequiredScope": "admin"})
    token = _jwt({"sub": "alice", "exp": NOW_MS / 1000 + 60, "scope": "read"})
    challenge = server.evaluate(f"n,,\x01auth=Bearer {token}\x01\x01".encode(), NOW_MS)
    assert challenge == b'{"status":"insufficient_scope", "scope":"[admin]"}'
    assert not server.complete
    with pytest.raises(SaslAuthenticationError, match=r'^\{"status":"insufficient_scope", "scope":"\[admin\]"\}$'):
        server.evaluate(b"\x01", NOW_MS)
    expired = OAuthBearerServer({})
    assert expired.evaluate(f"n,,\x01auth=Bearer {_jwt({'sub': 'a', 'exp': 1})}\x01\x01".encode(), NOW_MS) == \
        b'{"status":"invalid_token"}'


def test_oauthbearer_success_sets_principal_and_lifetime() -> None:
    server = OAuthBearerServer({})
    token = _jwt({"sub": "alice", "exp": NOW_MS / 1000 + 60})
    assert server.evaluate(f"n,a=alice,\x01auth=Bearer {token}\x01\x01".encode(), NOW_MS) == b""
    assert server.complete and server.authorization_id == "alice" and server.lifetime_ms == NOW_MS + 60_000
    with pytest.raises(SaslAuthenticationError, match="different from the token's principal name"):
        OAuthBearerServer({}).evaluate(f"n,a=bob,\x01auth=Bearer {token}\x01\x01".encode(), NOW_MS)
