"""SCRAM-SHA-256 and SCRAM-SHA-512 (RFC 5802, RFC 7677): the server side of the exchange, with ``scramp`` (a
maintained SCRAM library), and the credentials the broker
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

import scramp

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages.alter_user_scram_credentials_response import AlterUserScramCredentialsResponse
from kaflite.protocol.messages.describe_user_scram_credentials_response import (
    DescribeUserScramCredentialsResponse as Response,
)
from kaflite.protocol.messages.remove_user_scram_credential_record import RemoveUserScramCredentialRecord
from kaflite.protocol.messages.user_scram_credential_record import UserScramCredentialRecord
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
                self._accept_nonce_as_kafka(text)
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

    def _accept_nonce_as_kafka(self, client_final: str) -> None:
        """Kafka's ScramSaslServer accepts a client-final nonce that *ends with* the server's (RFC 5802 wants it
        equal), and librdkafka before 2.1 (Debian's kcat) sends its own nonce in front of the server's: accepted as
        Kafka accepts it. The proof is still checked by scramp, over the message the client sent."""
        sent = next((part[2:] for part in client_final.split(",") if part.startswith("r=")), None)
        expected = str(self._server.nonce)
        if sent is not None and sent != expected and sent.endswith(expected):
            self._server.nonce = self._scramp.core.Nonce(sent)

    def _check_authzid(self, client_first: str) -> None:
        """RFC 5802's gs2 header may name an authorization id: Kafka accepts only the user's own."""
        parts = client_first.split(",", 3)
        if len(parts) >= 3 and parts[1].startswith("a="):
            bare = dict(p.split("=", 1) for p in parts[2].split(",") if "=" in p)
            if parts[1][2:] != bare.get("n", ""):
                raise SaslAuthenticationError("Authentication failed: Client requested an authorization id that "
                                              "is different from username")


# -- AlterUserScramCredentials / DescribeUserScramCredentials, as Kafka's ScramControlManager and ScramImage ----

ALTERED_TWICE = "A user credential cannot be altered twice in the same request"
DESCRIBE_DUPLICATE_USER = "Cannot describe SCRAM credentials for the same user twice in a single request: "
DESCRIBE_USER_THAT_DOES_NOT_EXIST = "Attempt to describe a user credential that does not exist: "


def _check_user_and_mechanism(name: str, mechanism: int) -> tuple[int, str] | None:
    if not name:
        return ErrorCode.UNACCEPTABLE_CREDENTIAL, "Username must not be empty"
    if mechanism not in MECHANISM_NAMES:
        return ErrorCode.UNSUPPORTED_SASL_MECHANISM, "Unknown SCRAM mechanism"
    return None


def alter_credentials(image: ScramCredentials, request: Any) -> tuple[list[Any], Any]:
    """(the records the request implies, its response), as ScramControlManager.alterCredentials: a user named
    twice fails with DUPLICATE_RESOURCE, a deletion of nothing with RESOURCE_NOT_FOUND, iterations outside
    4096..16384 or an empty name with UNACCEPTABLE_CREDENTIAL; the others succeed together. Nothing changes here:
    the caller commits the records, and the image applies them."""
    deletions: dict[str, Any] = {}
    upsertions: dict[str, Any] = {}
    errors: dict[str, tuple[int, str]] = {}
    for deletion in request.deletions:
        name = deletion.name
        if name in errors:
            continue
        if deletions.pop(name, None) is not None:
            errors[name] = (ErrorCode.DUPLICATE_RESOURCE, ALTERED_TWICE)
            continue
        error = _check_user_and_mechanism(name, deletion.mechanism)
        if error is None and image.get(name, MECHANISM_NAMES[deletion.mechanism]) is None:
            error = (ErrorCode.RESOURCE_NOT_FOUND, "Attempt to delete a user credential that does not exist")
        if error is not None:
            errors[name] = error
        else:
            deletions[name] = deletion
    for upsertion in request.upsertions:
        name = upsertion.name
        if name in errors:
            continue
        if deletions.pop(name, None) is not None or upsertions.pop(name, None) is not None:
            errors[name] = (ErrorCode.DUPLICATE_RESOURCE, ALTERED_TWICE)
            continue
        error = _check_user_and_mechanism(name, upsertion.mechanism)
        if error is None and upsertion.iterations < MIN_ITERATIONS:
            error = (ErrorCode.UNACCEPTABLE_CREDENTIAL, "Too few iterations")
        elif error is None and upsertion.iterations > MAX_ITERATIONS:
            error = (ErrorCode.UNACCEPTABLE_CREDENTIAL, "Too many iterations")
        if error is not None:
            errors[name] = error
        else:
            upsertions[name] = upsertion
    Result = AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult
    results = []
    records: list[Any] = []
    for name, deletion in deletions.items():
        results.append(Result(user=name, error_code=ErrorCode.NONE, error_message=None))
        records.append(RemoveUserScramCredentialRecord(name=name, mechanism=deletion.mechanism))
    for name, upsertion in upsertions.items():
        mechanism = MECHANISM_NAMES[upsertion.mechanism]
        credential = credential_from_salted_password(mechanism, bytes(upsertion.salt),
                                                     bytes(upsertion.salted_password), upsertion.iterations)
        records.append(UserScramCredentialRecord(name=name, mechanism=upsertion.mechanism, salt=credential.salt,
                                                 stored_key=credential.stored_key, server_key=credential.server_key,
                                                 iterations=credential.iterations))
        results.append(Result(user=name, error_code=ErrorCode.NONE, error_message=None))
    for name, (code, message) in errors.items():
        results.append(Result(user=name, error_code=code, error_message=message))
    return records, AlterUserScramCredentialsResponse(results=results)


def describe_credentials(image: ScramCredentials, request: Any) -> Any:
    """DescribeUserScramCredentials as Kafka's ScramImage.describe: every user when none is named; a user named
    twice is DUPLICATE_RESOURCE, one without credentials RESOURCE_NOT_FOUND."""
    named = [u.name for u in request.users or ()]
    duplicated: dict[str, bool] = {}
    for name in named or list(image.users()):
        duplicated[name] = name in duplicated
    results = []
    for name, twice in duplicated.items():
        result = Response.DescribeUserScramCredentialsResult(user=name, error_message=None)
        if twice:
            result.error_code, result.error_message = ErrorCode.DUPLICATE_RESOURCE, DESCRIBE_DUPLICATE_USER + name
        else:
            creds = image.mechanisms_of(name)
            if creds:
                result.credential_infos = [
                    Response.CredentialInfo(mechanism=MECHANISM_TYPES[m], iterations=c.iterations)
                    for m, c in sorted(creds.items(), key=lambda mc: MECHANISM_TYPES[mc[0]])]
            else:
                result.error_code = ErrorCode.RESOURCE_NOT_FOUND
                result.error_message = DESCRIBE_USER_THAT_DOES_NOT_EXIST + name
        results.append(result)
    return Response(error_message=None, results=results)
