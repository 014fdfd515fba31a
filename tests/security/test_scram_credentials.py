"""AlterUserScramCredentials / DescribeUserScramCredentials as pure functions over the credentials image: Kafka's
errors (ScramControlManager, ScramImage), and the records an alteration implies (applied, they are the new state)."""

from __future__ import annotations

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import AlterUserScramCredentialsRequest as Alter
from kaflite.protocol.messages import DescribeUserScramCredentialsRequest as Describe
from kaflite.protocol.messages.remove_user_scram_credential_record import RemoveUserScramCredentialRecord
from kaflite.protocol.messages.user_scram_credential_record import UserScramCredentialRecord
from kaflite.security.sasl.scram import (
    ScramCredentials,
    ScramServer,
    alter_credentials,
    describe_credentials,
    new_upsertion,
)

SHA256, SHA512 = 1, 2


def _upsert(name: str, mechanism: int = SHA512, iterations: int = 4096,
            password: str = "pw") -> Alter.ScramCredentialUpsertion:
    salt, salted = new_upsertion("SCRAM-SHA-512" if mechanism == SHA512 else "SCRAM-SHA-256", password, iterations) \
        if mechanism in (SHA256, SHA512) else (b"s", b"p")
    return Alter.ScramCredentialUpsertion(name=name, mechanism=mechanism, iterations=iterations, salt=salt,
                                          salted_password=salted)


def _apply(image: ScramCredentials, request: Alter) -> dict[str, tuple[int, str | None]]:
    records, response = alter_credentials(image, request)
    for record in records:
        image.apply(record)
    return {r.user: (r.error_code, r.error_message) for r in response.results}


def test_an_upsertion_is_a_record_whose_credential_logs_in() -> None:
    import scramp

    image = ScramCredentials()
    records, response = alter_credentials(image, Alter(deletions=[], upsertions=[_upsert("alice", password="s3")]))
    assert [type(r) for r in records] == [UserScramCredentialRecord]
    assert [(r.user, r.error_code) for r in response.results] == [("alice", 0)]
    assert image.get("alice", "SCRAM-SHA-512") is None  # nothing changes until the records are applied
    image.apply(records[0])
    server = ScramServer("SCRAM-SHA-512", image.get)
    client = scramp.ScramClient(["SCRAM-SHA-512"], "alice", "s3")
    client.set_server_first(server.evaluate(client.get_client_first().encode(), 0).decode())
    client.set_server_final(server.evaluate(client.get_client_final().encode(), 0).decode())
    assert server.complete


def test_kafkas_errors() -> None:
    image = ScramCredentials()
    _apply(image, Alter(deletions=[], upsertions=[_upsert("bob")]))
    results = _apply(image, Alter(
        deletions=[Alter.ScramCredentialDeletion(name="nobody", mechanism=SHA512),
                   Alter.ScramCredentialDeletion(name="bob", mechanism=SHA512),
                   Alter.ScramCredentialDeletion(name="", mechanism=SHA512)],
        upsertions=[_upsert("bob"), _upsert("few", iterations=4095), _upsert("many", iterations=16385),
                    _upsert("odd", mechanism=3), _upsert("ok", iterations=16384)]))
    assert results == {
        "nobody": (ErrorCode.RESOURCE_NOT_FOUND, "Attempt to delete a user credential that does not exist"),
        "bob": (ErrorCode.DUPLICATE_RESOURCE, "A user credential cannot be altered twice in the same request"),
        "": (ErrorCode.UNACCEPTABLE_CREDENTIAL, "Username must not be empty"),
        "few": (ErrorCode.UNACCEPTABLE_CREDENTIAL, "Too few iterations"),
        "many": (ErrorCode.UNACCEPTABLE_CREDENTIAL, "Too many iterations"),
        "odd": (ErrorCode.UNSUPPORTED_SASL_MECHANISM, "Unknown SCRAM mechanism"),
        "ok": (ErrorCode.NONE, None),
    }
    assert set(image.users()) == {"bob", "ok"}


def test_a_deletion_is_a_remove_record() -> None:
    image = ScramCredentials()
    _apply(image, Alter(deletions=[], upsertions=[_upsert("bob", SHA256)]))
    deletion = Alter.ScramCredentialDeletion(name="bob", mechanism=SHA256)
    records, _ = alter_credentials(image, Alter(deletions=[deletion], upsertions=[]))
    assert records == [RemoveUserScramCredentialRecord(name="bob", mechanism=SHA256)]
    image.apply(records[0])
    assert "bob" not in image


def test_describe_lists_mechanisms_and_kafkas_errors() -> None:
    image = ScramCredentials()
    _apply(image, Alter(deletions=[], upsertions=[_upsert("alice", SHA512, 8192)]))
    _apply(image, Alter(deletions=[], upsertions=[_upsert("alice", SHA256, 4096), _upsert("bob", SHA256)]))
    everyone = describe_credentials(image, Describe(users=None))
    assert {r.user: [(c.mechanism, c.iterations) for c in r.credential_infos] for r in everyone.results} == {
        "alice": [(SHA256, 4096), (SHA512, 8192)], "bob": [(SHA256, 4096)]}
    users = [Describe.UserName(name=n) for n in ("carol", "bob", "bob")]
    named = describe_credentials(image, Describe(users=users))
    assert [(r.user, r.error_code, r.error_message) for r in named.results] == [
        ("carol", ErrorCode.RESOURCE_NOT_FOUND, "Attempt to describe a user credential that does not exist: carol"),
        ("bob", ErrorCode.DUPLICATE_RESOURCE,
         "Cannot describe SCRAM credentials for the same user twice in a single request: bob")]


def test_a_client_final_nonce_that_ends_with_the_servers_is_accepted_as_kafka_does() -> None:
    """librdkafka before 2.1 puts its own nonce in front of the server's in client-final; Kafka checks endsWith, and
    the proof (over the message as sent) still decides."""
    import base64
    import hashlib
    import hmac

    from kaflite.security.sasl.scram import credential_from_salted_password, salted_password

    salt = b"salt-salt-salt"
    cred = credential_from_salted_password("SCRAM-SHA-256", salt, salted_password("SCRAM-SHA-256", "pw", salt, 4096),
                                           4096)
    server = ScramServer("SCRAM-SHA-256", lambda u, m: cred, s_nonce="SERVER")
    first_bare = "n=alice,r=CLIENT"
    server_first = server.evaluate(f"n,,{first_bare}".encode(), 0).decode()
    without_proof = "c=biws,r=CLIENTCLIENTSERVER"  # librdkafka 2.0's client-final nonce
    auth = f"{first_bare},{server_first},{without_proof}".encode()
    # the client's side of RFC 5802 section 3, as librdkafka computes it
    client_key = hmac.new(salted_password("SCRAM-SHA-256", "pw", salt, 4096), b"Client Key", "sha256").digest()
    signature = hmac.new(hashlib.sha256(client_key).digest(), auth, "sha256").digest()
    proof = base64.b64encode(bytes(a ^ b for a, b in zip(client_key, signature, strict=True))).decode()
    assert server.evaluate(f"{without_proof},p={proof}".encode(), 0).startswith(b"v=")
    assert server.complete
