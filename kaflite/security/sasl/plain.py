"""SASL/PLAIN (RFC 4616) as Kafka's ``PlainSaslServer`` with its JAAS user list (``user_NAME="secret"``)."""

from __future__ import annotations

import hmac
from collections.abc import Mapping

from kaflite.security.sasl import PLAIN, SaslAuthenticationError
from kaflite.security.sasl.jaas import module_options

PLAIN_LOGIN_MODULE = "org.apache.kafka.common.security.plain.PlainLoginModule"


def plain_users(jaas_config: str) -> dict[str, str]:
    """User → password from the PlainLoginModule entry's ``user_NAME`` options (Kafka's
    PlainServerCallbackHandler reads the same)."""
    options = module_options(jaas_config, PLAIN_LOGIN_MODULE) if jaas_config.strip() else {}
    return {key[len("user_"):]: value for key, value in options.items() if key.startswith("user_")}


class PlainServer:
    """One PLAIN exchange: a single client message ``[authzid] NUL authcid NUL passwd``, checked against the
    configured users."""

    mechanism = PLAIN

    def __init__(self, users: Mapping[str, str]) -> None:
        self.users = users
        self.complete = False
        self.authorization_id = ""
        self.lifetime_ms: int | None = None  # no credential expiry (Kafka's CREDENTIAL_LIFETIME_MS unset)

    def evaluate(self, token: bytes, now_ms: int) -> bytes:
        text = token.decode("utf-8", "replace")
        parts = text.split("\x00", 3)
        if len(parts) != 3:
            raise SaslAuthenticationError(f"Invalid SASL/PLAIN response: expected 3 tokens, got {min(len(parts), 4)}")
        authzid, username, password = parts
        if not username:
            raise SaslAuthenticationError("Authentication failed: username not specified")
        if not password:
            raise SaslAuthenticationError("Authentication failed: password not specified")
        expected = self.users.get(username)
        # compare_digest on both paths: the time taken does not say whether the user exists
        ok = hmac.compare_digest(password.encode(), (expected if expected is not None else "\x00" + password).encode())
        if expected is None or not ok:
            raise SaslAuthenticationError("Authentication failed: Invalid username or password")
        if authzid and authzid != username:
            raise SaslAuthenticationError("Authentication failed: Client requested an authorization id that is "
                                          "different from username")
        self.authorization_id = username
        self.complete = True
        return b""
