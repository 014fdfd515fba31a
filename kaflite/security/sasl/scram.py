"""SCRAM-SHA-256 and SCRAM-SHA-512 (RFC 5802, RFC 7677): the server side of the exchange, with ``scramp`` (a
maintained SCRAM library, imported only when a SCRAM exchange or credential is made), and the credentials the broker
keeps, as Kafka's KRaft keeps them: ``UserScramCredentialRecord`` / ``RemoveUserScramCredentialRecord`` in the
cluster metadata log, replayed into ``ScramCredentials``.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from kaflite.security.sasl import SCRAM_SHA_256, SCRAM_SHA_512, InvalidCredentials, SaslAuthenticationError

# Kafka's org.apache.kafka.clients.admin.ScramMechanism: the type byte on the wire and in the records.
MECHANISM_TYPES = {SCRAM_SHA_256: 1, SCRAM_SHA_512: 2}
MECHANISM_NAMES = {v: k for k, v in MECHANISM_TYPES.items()}
HASHES = {SCRAM_SHA_256: "sha256", SCRAM_SHA_512: "sha512"}
MIN_ITERATIONS = 4096  # Kafka's ScramMechanism.minIterations (both mechanisms)
MAX_ITERATIONS = 16384  # Kafka's ScramMechanism.maxIterations (ScramControlManager refuses more)
DEFAULT_ITERATIONS = 4096


@dataclass(frozen=True, slots=True)
class ScramCredential:
    """What the broker stores for a user and mechanism: never the password (RFC 5802 section 3)."""

    salt: bytes
    stored_key: bytes
    server_key: bytes
    iterations: int


def credential_from_salted_password(mechanism: str, salt: bytes, salted_password: bytes,
                                    iterations: int) -> ScramCredential:
    """RFC 5802's StoredKey and ServerKey from SaltedPassword, as Kafka's ScramFormatter derives them from an
    AlterUserScramCredentials upsertion (the client sends the salted password, never the password)."""
    name = HASHES[mechanism]
    client_key = hmac.new(salted_password, b"Client Key", name).digest()
    stored_key = hashlib.new(name, client_key).digest()
    server_key = hmac.new(salted_password, b"Server Key", name).digest()
    return ScramCredential(salt, stored_key, server_key, iterations)


def salted_password(mechanism: str, password: str, salt: bytes, iterations: int) -> bytes:
    """RFC 5802's Hi(): PBKDF2 with the mechanism's HMAC (what an AlterUserScramCredentials client sends)."""
    return hashlib.pbkdf2_hmac(HASHES[mechanism], password.encode("utf-8"), salt, iterations)


def new_upsertion(mechanism: str, password: str, iterations: int = DEFAULT_ITERATIONS) -> tuple[bytes, bytes]:
    """A fresh random salt and the salted password for ``password`` (Kafka's admin client does the same)."""
    salt = os.urandom(32)
    return salt, salted_password(mechanism, password, salt, iterations)


class ScramCredentials:
    """Every user's SCRAM credentials, per mechanism: an image of the cluster metadata log (``apply``)."""

    def __init__(self) -> None:
        self._by_user: dict[str, dict[str, ScramCredential]] = {}

    def apply(self, record: Any) -> None:
        """UserScramCredentialRecord puts one credential, RemoveUserScramCredentialRecord drops it; any other
        record is not kept here."""
        kind = type(record).__name__
        if kind == "UserScramCredentialRecord":
            mechanism = MECHANISM_NAMES.get(record.mechanism)
            if mechanism is not None:
                self._by_user.setdefault(record.name, {})[mechanism] = ScramCredential(
                    bytes(record.salt), bytes(record.stored_key), bytes(record.server_key), record.iterations)
        elif kind == "RemoveUserScramCredentialRecord":
            mechanism = MECHANISM_NAMES.get(record.mechanism)
            creds = self._by_user.get(record.name)
            if creds is not None and mechanism is not None:
                creds.pop(mechanism, None)
                if not creds:
                    del self._by_user[record.name]

    def get(self, user: str, mechanism: str) -> ScramCredential | None:
        return self._by_user.get(user, {}).get(mechanism)

    def mechanisms_of(self, user: str) -> dict[str, ScramCredential]:
        return dict(self._by_user.get(user, {}))

    def users(self) -> Iterator[str]:
        return iter(sorted(self._by_user))

    def __contains__(self, user: object) -> bool:
        return user in self._by_user


class ScramServer:
    """One SCRAM exchange, Kafka's ScramSaslServer: client-first → server-first → client-final → server-final.

    A wrong proof, an unknown user or a malformed message fails as Kafka's does (a SaslException: the client
    is told only that the credentials were invalid); the reason is kept in ``reason`` for the broker's log.
    """

    def __init__(self, mechanism: str, lookup: Callable[[str, str], ScramCredential | None],
                 s_nonce: str | None = None) -> None:
        import scramp  # here, not at import: only a SCRAM login pays for it

        self.mechanism = mechanism
        self.complete = False
        self.authorization_id = ""
        self.lifetime_ms: int | None = None
        self._lookup = lookup
        self._scramp = scramp
        self._server = scramp.ScramMechanism(mechanism).make_server(self._auth_info, s_nonce=s_nonce)
        self._step = 0
        self._user = ""

    def _auth_info(self, username: str) -> tuple[bytes, bytes, bytes, int]:
        credential = self._lookup(username, self.mechanism)
        if credential is None:
            raise InvalidCredentials("Authentication failed: Invalid user credentials")
        if credential.iterations < MIN_ITERATIONS:
            raise InvalidCredentials(f"Iterations {credential.iterations} is less than the minimum "
                                     f"{MIN_ITERATIONS} for {self.mechanism}")
        self._user = username
        return credential.salt, credential.stored_key, credential.server_key, credential.iterations

    def evaluate(self, token: bytes, now_ms: int) -> bytes:
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidCredentials("Authentication failed: the SCRAM message is not UTF-8") from None
        try:
            if self._step == 0:
                self._step = 1
                self._check_authzid(text)
                self._server.set_client_first(text)
                return self._server.get_server_first().encode()
            if self._step == 1:
                self._step = 2
                self._server.set_client_final(text)
                final = self._server.get_server_final()
                self.authorization_id = self._user
                self.complete = True
                return final.encode()
        except self._scramp.ScramException as exc:
            if isinstance(exc.__cause__, InvalidCredentials):  # our lookup's refusal, wrapped by scramp
                raise exc.__cause__ from None
            raise InvalidCredentials(f"Authentication failed: {exc}") from None
        raise SaslAuthenticationError(f"Unexpected challenge in Sasl server state {self._step}")

    def _check_authzid(self, client_first: str) -> None:
        """RFC 5802's gs2 header may name an authorization id: Kafka accepts only the user's own."""
        parts = client_first.split(",", 3)
        if len(parts) >= 3 and parts[1].startswith("a="):
            bare = dict(p.split("=", 1) for p in parts[2].split(",") if "=" in p)
            if parts[1][2:] != bare.get("n", ""):
                raise SaslAuthenticationError("Authentication failed: Client requested an authorization id that "
                                              "is different from username")
