"""SASL principals under ACLs, as production runs them (issue 16): a SASL_SSL broker with users and ACLs, where
what a client may do follows the user it logged in as — with kafka-python (SCRAM), confluent-kafka (PLAIN), the
Java client (SCRAM, its admin a SASL super user), and a user added at run time, granted at run time.

``User:admin`` is the only super user: the PLAINTEXT listener's ``User:ANONYMOUS`` may do nothing, so every
allowed step here is allowed by an ACL or by logging in as admin, never by the listener.
"""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing import Acl, Broker

pytestmark = pytest.mark.timeout(120)
WAIT_S = 20
USERS = {"admin": "admin-secret", "alice": "alice-secret", "bob": "bob-secret"}
ORDERS, BILLING = "orders", "billing"  # alice's topic and group


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    acls = [Acl("User:alice", op, topic=ORDERS) for op in ("WRITE", "READ")] + [
        Acl("User:alice", "READ", group=BILLING)]
    with Broker(sasl="SASL_SSL", users=USERS, authorizer=True, super_users=["User:admin"], acls=acls) as b:
        b.create_topic(ORDERS, 1)
        yield b
    b.close()


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def _kafka_python_producer(broker: Broker, user: str, password: str | None = None) -> Any:
    from kafka import KafkaProducer

    return KafkaProducer(**broker.sasl_client_config("kafka-python", user, "SCRAM-SHA-512", password=password),
                         max_block_ms=10_000, retries=0)


def test_the_user_logged_in_decides_what_a_kafka_python_producer_may_do(broker: Broker) -> None:
    from kafka.errors import TopicAuthorizationFailedError

    alice = _kafka_python_producer(broker, "alice")
    bob = _kafka_python_producer(broker, "bob")
    try:
        assert alice.send(ORDERS, b"from alice").get(WAIT_S).topic == ORDERS
        with pytest.raises(TopicAuthorizationFailedError):
            bob.send(ORDERS, b"from bob").get(WAIT_S)
    finally:
        alice.close()
        bob.close()


def test_confluent_consumer_needs_its_group_and_topic_granted_to_its_user(broker: Broker) -> None:
    """alice (PLAIN) consumes and commits in her group; bob is refused the group (GROUP_AUTHORIZATION_FAILED)."""
    from confluent_kafka import Consumer, KafkaError, Producer

    producer = Producer(broker.sasl_client_config("librdkafka", "admin", "SCRAM-SHA-256"))
    producer.produce(ORDERS, b"for the consumers")
    assert producer.flush(WAIT_S) == 0

    def consumer(user: str, group: str) -> Any:
        return Consumer({**broker.sasl_client_config("librdkafka", user, "PLAIN"), "group.id": group,
                         "auto.offset.reset": "earliest", "enable.auto.commit": False})

    alice = consumer("alice", BILLING)
    try:
        alice.subscribe([ORDERS])
        message = None
        for _ in range(WAIT_S * 2):
            message = alice.poll(0.5)
            if message is not None and message.error() is None:
                break
        assert message is not None and message.error() is None, message and message.error()
        committed = alice.commit(message=message, asynchronous=False)
        assert committed is not None and committed[0].error is None
    finally:
        alice.close()
    bob = consumer("bob", BILLING)
    try:
        bob.subscribe([ORDERS])
        error = None
        for _ in range(WAIT_S * 2):
            m = bob.poll(0.5)
            if m is not None and m.error() is not None:
                error = m.error()
                break
        assert error is not None and error.code() == KafkaError.GROUP_AUTHORIZATION_FAILED, error
    finally:
        bob.close()


def test_a_user_added_at_run_time_is_granted_at_run_time_by_the_super_user(broker: Broker) -> None:
    """carol gets SCRAM credentials (AlterUserScramCredentials through the kit), logs in, is denied; admin — a SASL
    login, not the listener — grants her WRITE with confluent-kafka's AdminClient; her next produce passes."""
    from confluent_kafka import KafkaError, KafkaException
    from confluent_kafka.admin import (
        AclBinding,
        AclOperation,
        AclPermissionType,
        AdminClient,
        ResourcePatternType,
        ResourceType,
    )
    from kafka.errors import TopicAuthorizationFailedError

    topic = name("carol")
    broker.create_topic(topic)
    broker.add_user("carol", "carol-secret", mechanisms=("SCRAM-SHA-512",))
    carol = _kafka_python_producer(broker, "carol", "carol-secret")
    try:
        with pytest.raises(TopicAuthorizationFailedError):
            carol.send(topic, b"denied").get(WAIT_S)
        admin = AdminClient(broker.sasl_client_config("librdkafka", "admin", "SCRAM-SHA-512"))
        grant = AclBinding(ResourceType.TOPIC, topic, ResourcePatternType.LITERAL, "User:carol", "*",
                           AclOperation.WRITE, AclPermissionType.ALLOW)
        for future in admin.create_acls([grant]).values():
            future.result(WAIT_S)
        assert carol.send(topic, b"allowed").get(WAIT_S).offset == 0
    finally:
        carol.close()
    # ANONYMOUS on the PLAINTEXT listener is no super user here: its CreateAcls is refused
    plain_admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    refused = AclBinding(ResourceType.TOPIC, topic, ResourcePatternType.LITERAL, "User:bob", "*",
                         AclOperation.WRITE, AclPermissionType.ALLOW)
    (future,) = plain_admin.create_acls([refused]).values()
    with pytest.raises(KafkaException) as refusal:
        future.result(WAIT_S)
    assert refusal.value.args[0].code() == KafkaError.CLUSTER_AUTHORIZATION_FAILED


@pytest.fixture(scope="module")
def acl_judge(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    from tests.integration.java_tools import compiled_java_command

    return compiled_java_command(tmp_path_factory, "AclJudge", "the Java client's ACL test")


def test_the_java_client_logged_in_with_scram_is_denied_granted_and_revoked(acl_judge: list[str], broker: Broker,
                                                                            tmp_path: Path) -> None:
    def properties(path: Path, user: str) -> str:
        config = broker.sasl_client_config("java", user, "SCRAM-SHA-512")
        path.write_text("".join(f"{k}={v}\n" for k, v in config.items()))
        return str(path)

    topic = name("java")
    broker.create_topic(topic)
    run = subprocess.run([*acl_judge, properties(tmp_path / "bob.properties", "bob"), broker.sasl_bootstrap_servers,
                          topic, "User:bob", properties(tmp_path / "admin.properties", "admin")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert run.stdout.strip().splitlines() == [
        "denied TopicAuthorizationException", "created", "produced 0", "described 1", "deleted 1",
        "denied-again TopicAuthorizationException"]


def test_users_and_acls_survive_a_restart(tmp_path: Path) -> None:
    """Both live in __cluster_metadata-0: after a restart dave logs in with the password he was given at run time
    and may still write where he was granted."""
    from kafka.errors import TopicAuthorizationFailedError

    broker = Broker(tmp_path / "data", sasl="SASL_PLAINTEXT", users={"admin": "admin-secret"}, authorizer=True,
                    super_users=["User:admin"])
    try:
        broker.start()
        broker.create_topic("kept")
        broker.create_topic("not-granted")
        broker.add_user("dave", "dave-secret", mechanisms=("SCRAM-SHA-256",))
        broker.add_acl("User:dave", "WRITE", topic="kept")
        broker.stop()
        broker.start()
        from kafka import KafkaProducer

        dave = KafkaProducer(**broker.sasl_client_config("kafka-python", "dave", "SCRAM-SHA-256",
                                                         password="dave-secret"), max_block_ms=10_000, retries=0)
        try:
            assert dave.send("kept", b"after the restart").get(WAIT_S).offset == 0
            with pytest.raises(TopicAuthorizationFailedError):
                dave.send("not-granted", b"x").get(WAIT_S)
        finally:
            dave.close()
    finally:
        broker.close()
