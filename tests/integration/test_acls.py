"""ACLs judged by real clients (issue 16): kafka-python, confluent-kafka and the Java client see Kafka's
authorization errors, ACLs added at run time take effect at once, Metadata hides what a principal may not
describe, each client's admin API creates, describes and deletes ACLs, and a restart keeps them.

The principal is mutual TLS's (``User:CN=kaflite-client,...``, the test kit's client certificate) on the SSL
listener; the PLAINTEXT listener's ``User:ANONYMOUS`` is the super user that sets ACLs up, as an operator's
admin connection would be. SASL principals under ACLs: test_sasl_acls.py.
"""

from __future__ import annotations

import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing import Acl, Broker

pytestmark = pytest.mark.timeout(90)
WAIT_S = 20
ADMIN = "User:ANONYMOUS"  # the PLAINTEXT listener's principal: the super user here


@pytest.fixture(scope="module")
def acl_broker() -> Iterator[Broker]:
    with Broker(tls=True, client_auth="required", authorizer=True, super_users=[ADMIN]) as b:
        yield b
    b.close()


@pytest.fixture
def principal(acl_broker: Broker) -> str:
    assert acl_broker.tls is not None
    return acl_broker.tls.client_principal


def name(prefix: str = "acl") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def kafka_python_producer(broker: Broker) -> object:
    from kafka import KafkaProducer

    return KafkaProducer(**broker.kafka_python_config(client_cert=True), max_block_ms=10_000, retries=0)


def test_kafka_python_produce_denied_then_allowed_by_an_acl_added_at_run_time(acl_broker: Broker,
                                                                              principal: str) -> None:
    from kafka.errors import TopicAuthorizationFailedError

    topic = name()
    acl_broker.create_topic(topic)
    producer = kafka_python_producer(acl_broker)
    try:
        with pytest.raises(TopicAuthorizationFailedError):
            producer.send(topic, b"denied").get(WAIT_S)  # type: ignore[attr-defined]
        assert acl_broker.add_acl(principal, "WRITE", topic=topic) == 1
        assert acl_broker.add_acl(principal, "WRITE", topic=topic) == 0  # the same ACL twice: added once
        metadata = producer.send(topic, b"allowed").get(WAIT_S)  # type: ignore[attr-defined]
        assert metadata.offset == 0  # the refused record was never written
    finally:
        producer.close()  # type: ignore[attr-defined]


def test_kafka_python_produce_to_two_topics_serves_the_allowed_one(acl_broker: Broker, principal: str) -> None:
    """Per-topic answers: one Produce request, one topic refused, the other appended."""
    from kafka.errors import TopicAuthorizationFailedError

    allowed, denied = name("ok"), name("no")
    for t in (allowed, denied):
        acl_broker.create_topic(t)
    acl_broker.add_acl(principal, "WRITE", topic=allowed)
    acl_broker.add_acl(principal, "DESCRIBE", topic=denied)  # visible, not writable: one request carries both
    producer = kafka_python_producer(acl_broker)
    try:
        ok = producer.send(allowed, b"a")  # type: ignore[attr-defined]
        refused = producer.send(denied, b"b")  # type: ignore[attr-defined]
        assert ok.get(WAIT_S).offset == 0
        with pytest.raises(TopicAuthorizationFailedError):
            refused.get(WAIT_S)
    finally:
        producer.close()  # type: ignore[attr-defined]


def test_kafka_python_consume_and_commit_need_group_and_topic_read(acl_broker: Broker, principal: str) -> None:
    from kafka import KafkaConsumer, TopicPartition
    from kafka.errors import GroupAuthorizationFailedError, TopicAuthorizationFailedError

    from tests.testing.clients import produce

    topic, group = name(), name("g")
    acl_broker.create_topic(topic)
    produce(acl_broker.bootstrap_servers, topic, [b"m0", b"m1"])  # as the super user
    config = {**acl_broker.kafka_python_config(client_cert=True), "group_id": group,
              "auto_offset_reset": "earliest", "enable_auto_commit": False, "consumer_timeout_ms": WAIT_S * 1000}
    acl_broker.add_acl(principal, "READ", topic=topic)
    consumer = KafkaConsumer(topic, **config)
    try:
        with pytest.raises(GroupAuthorizationFailedError):
            next(iter(consumer))
    finally:
        consumer.close()
    acl_broker.add_acl(principal, "READ", group=group)
    consumer = KafkaConsumer(topic, **config)
    try:
        assert [next(consumer).value, next(consumer).value] == [b"m0", b"m1"]
        consumer.commit()
        assert consumer.committed(TopicPartition(topic, 0)) == 2
    finally:
        consumer.close()
    other = name()
    acl_broker.create_topic(other)
    acl_broker.add_acl(principal, "DESCRIBE", topic=other)  # may see it, not read it
    consumer = KafkaConsumer(other, **config)
    try:
        with pytest.raises(TopicAuthorizationFailedError):
            next(iter(consumer))
    finally:
        consumer.close()


def test_metadata_hides_topics_the_principal_may_not_describe(acl_broker: Broker, principal: str) -> None:
    from kafka import KafkaConsumer

    visible, hidden = name("seen"), name("hidden")
    for t in (visible, hidden):
        acl_broker.create_topic(t)
    acl_broker.add_acl(principal, "READ", topic=visible)  # READ implies DESCRIBE
    consumer = KafkaConsumer(**acl_broker.kafka_python_config(client_cert=True))
    try:
        topics = consumer.topics()
    finally:
        consumer.close()
    assert visible in topics
    assert hidden not in topics
    everything = KafkaConsumer(bootstrap_servers=acl_broker.bootstrap_servers)  # the super user sees all
    try:
        assert {visible, hidden} <= everything.topics()
    finally:
        everything.close()


def test_confluent_kafka_produce_denied_then_allowed(acl_broker: Broker, principal: str) -> None:
    confluent_kafka = pytest.importorskip("confluent_kafka")

    topic = name()
    acl_broker.create_topic(topic)
    acl_broker.add_acl(principal, "DESCRIBE", topic=topic)
    reports: list[object] = []
    producer = confluent_kafka.Producer({**acl_broker.librdkafka_config(client_cert=True),
                                         "message.timeout.ms": WAIT_S * 1000})
    producer.produce(topic, b"denied", on_delivery=lambda err, msg: reports.append(err))
    producer.flush(WAIT_S)
    assert len(reports) == 1 and reports[0] is not None
    assert reports[0].code() == confluent_kafka.KafkaError.TOPIC_AUTHORIZATION_FAILED  # type: ignore[attr-defined]
    acl_broker.add_acl(principal, "WRITE", topic=topic)
    # (librdkafka keeps a topic refused by an ACL errored for its producer's life: a new producer)
    producer = confluent_kafka.Producer({**acl_broker.librdkafka_config(client_cert=True),
                                         "message.timeout.ms": WAIT_S * 1000})
    producer.produce(topic, b"allowed", on_delivery=lambda err, msg: reports.append(err))
    producer.flush(WAIT_S)
    assert reports[1:] == [None]


def test_kafka_python_admin_creates_describes_and_deletes_acls(acl_broker: Broker, principal: str) -> None:
    from kafka.admin import (
        ACL,
        ACLFilter,
        ACLOperation,
        ACLPermissionType,
        ACLResourcePatternType,
        KafkaAdminClient,
        ResourcePattern,
        ResourcePatternFilter,
        ResourceType,
    )

    prefix = name("kp") + "-"
    admin = KafkaAdminClient(bootstrap_servers=acl_broker.bootstrap_servers)
    try:
        acl = ACL(principal=principal, host="*", operation=ACLOperation.READ, permission_type=ACLPermissionType.ALLOW,
                  resource_pattern=ResourcePattern(ResourceType.TOPIC, prefix, ACLResourcePatternType.PREFIXED))
        result = admin.create_acls([acl])
        assert result["failed"] == [] and len(result["succeeded"]) == 1
        match = ACLFilter(principal=principal, host=None, operation=ACLOperation.ANY,
                          permission_type=ACLPermissionType.ANY,
                          resource_pattern=ResourcePatternFilter(ResourceType.TOPIC, prefix + "orders",
                                                                 ACLResourcePatternType.MATCH))
        described, _error = admin.describe_acls(match)
        assert [(a.operation, a.resource_pattern.resource_name) for a in described] == [(ACLOperation.READ, prefix)]
        deleted = admin.delete_acls([match])
        assert len(deleted) == 1 and len(deleted[0][1]) == 1
        assert admin.describe_acls(match)[0] == []
    finally:
        admin.close()


def test_the_mtls_client_cannot_administer_acls_without_cluster_alter(acl_broker: Broker, principal: str) -> None:
    from kafka.admin import ACL, ACLOperation, ACLPermissionType, KafkaAdminClient, ResourcePattern, ResourceType
    from kafka.errors import ClusterAuthorizationFailedError

    admin = KafkaAdminClient(**acl_broker.kafka_python_config(client_cert=True))
    try:
        acl = ACL(principal=principal, host="*", operation=ACLOperation.ALL, permission_type=ACLPermissionType.ALLOW,
                  resource_pattern=ResourcePattern(ResourceType.TOPIC, "*"))
        result = admin.create_acls([acl])  # (kafka-python reports a creation's error in the result)
        assert result == {"succeeded": [], "failed": [ClusterAuthorizationFailedError]}
    finally:
        admin.close()


def test_confluent_kafka_regex_subscription_gets_only_the_topics_it_may_describe(acl_broker: Broker,
                                                                                   principal: str) -> None:
    """CG-RX-1 (KAFKA-18813): librdkafka's KIP-848 consumer (group.protocol=consumer) subscribes to ``^prefix.*``;
    two topics match, the principal may READ one: the broker resolves the regex to that one only. The client's
    own assignment cannot tell (librdkafka leaves out an assigned topic its Metadata does not show): the member
    as the broker keeps it does."""
    confluent_kafka = pytest.importorskip("confluent_kafka")

    prefix, group = name("rx"), name("g")
    seen, hidden = f"{prefix}-seen", f"{prefix}-hidden"
    for t in (seen, hidden):
        acl_broker.create_topic(t, partitions=2)
    acl_broker.add_acl(principal, "READ", group=group)
    acl_broker.add_acl(principal, "READ", topic=seen)
    consumer = confluent_kafka.Consumer({**acl_broker.librdkafka_config(client_cert=True), "group.id": group,
                                         "group.protocol": "consumer", "auto.offset.reset": "earliest"})
    try:
        consumer.subscribe([f"^{prefix}.*"])
        deadline = time.monotonic() + WAIT_S
        assignment: set[tuple[str, int]] = set()
        while time.monotonic() < deadline and not assignment:
            consumer.poll(0.2)
            assignment = {(tp.topic, tp.partition) for tp in consumer.assignment()}
        assert assignment == {(seen, 0), (seen, 1)}
        (member,) = acl_broker.group(group).members  # as the broker keeps it: subscribed by regex
        assert member.assignment == ((seen, 0), (seen, 1)), member
    finally:
        consumer.close()


def test_confluent_kafka_admin_creates_describes_and_deletes_acls(acl_broker: Broker, principal: str) -> None:
    admin_mod = pytest.importorskip("confluent_kafka.admin")

    group = name("cg")
    admin = admin_mod.AdminClient({"bootstrap.servers": acl_broker.bootstrap_servers})
    binding = admin_mod.AclBinding(admin_mod.ResourceType.GROUP, group, admin_mod.ResourcePatternType.LITERAL,
                                   principal, "*", admin_mod.AclOperation.READ, admin_mod.AclPermissionType.ALLOW)
    for future in admin.create_acls([binding]).values():
        assert future.result(WAIT_S) is None
    match = admin_mod.AclBindingFilter(admin_mod.ResourceType.GROUP, group, admin_mod.ResourcePatternType.ANY,
                                       None, None, admin_mod.AclOperation.ANY, admin_mod.AclPermissionType.ANY)
    assert admin.describe_acls(match).result(WAIT_S) == [binding]
    deleted = [f.result(WAIT_S) for f in admin.delete_acls([match]).values()]
    assert deleted == [[binding]]
    assert admin.describe_acls(match).result(WAIT_S) == []
    invalid = admin_mod.AclBinding(admin_mod.ResourceType.GROUP, "", admin_mod.ResourcePatternType.LITERAL,
                                   principal, "*", admin_mod.AclOperation.READ, admin_mod.AclPermissionType.ALLOW)
    with pytest.raises(Exception, match=r"INVALID_REQUEST|[Rr]esource name"):
        for future in admin.create_acls([invalid]).values():
            future.result(WAIT_S)


def test_without_an_authorizer_the_acl_apis_answer_security_disabled() -> None:
    from kafka.admin import (
        ACLFilter,
        ACLOperation,
        ACLPermissionType,
        ACLResourcePatternType,
        KafkaAdminClient,
        ResourcePatternFilter,
        ResourceType,
    )
    from kafka.errors import SecurityDisabledError

    with Broker() as broker:
        admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers)
        try:
            any_acl = ACLFilter(principal=None, host=None, operation=ACLOperation.ANY,
                                permission_type=ACLPermissionType.ANY,
                                resource_pattern=ResourcePatternFilter(ResourceType.ANY, None,
                                                                       ACLResourcePatternType.ANY))
            with pytest.raises(SecurityDisabledError):
                admin.describe_acls(any_acl)
        finally:
            admin.close()


def test_restart_keeps_acls_and_their_effect(tmp_path: Path) -> None:
    """ACLs are cluster-metadata records: a clean restart and a crash both replay them."""
    from kafka.errors import TopicAuthorizationFailedError

    topic = name()
    with Broker(tmp_path / "data", tls=True, client_auth="required", authorizer=True, super_users=[ADMIN]) as b:
        b.create_topic(topic)
        assert b.tls is not None
        me = b.tls.client_principal
        b.add_acls(Acl(me, "WRITE", topic=topic), Acl(me, "WRITE", topic=topic, host="10.9.9.9", permission="DENY"))
        before = sorted(map(str, b.acls()))
        b.restart()
        assert sorted(map(str, b.acls())) == before
        b.crash()
        b.start()
        assert sorted(map(str, b.acls())) == before
        producer = kafka_python_producer(b)
        try:
            assert producer.send(topic, b"after restart").get(WAIT_S).offset == 0  # type: ignore[attr-defined]
        finally:
            producer.close()  # type: ignore[attr-defined]
        b.reset()  # the kit's reset drops ACLs with the topics
        assert b.acls() == []
        b.create_topic(topic)
        producer = kafka_python_producer(b)
        try:
            with pytest.raises(TopicAuthorizationFailedError):
                producer.send(topic, b"x").get(WAIT_S)  # type: ignore[attr-defined]
        finally:
            producer.close()  # type: ignore[attr-defined]
    b.close()


@pytest.fixture(scope="module")
def acl_judge(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    from tests.integration.java_tools import compiled_java_command

    return compiled_java_command(tmp_path_factory, "AclJudge", "the Java client's ACL test")


def test_the_java_client_is_denied_allowed_and_administers_acls(acl_judge: list[str], acl_broker: Broker,
                                                                 principal: str, tmp_path: Path) -> None:
    properties = tmp_path / "client.properties"
    properties.write_text("".join(f"{k}={v}\n" for k, v in acl_broker.java_properties(True).items()))
    topic = name("java")
    acl_broker.create_topic(topic)
    run = subprocess.run([*acl_judge, str(properties), acl_broker.bootstrap_servers, topic, principal],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert run.stdout.strip().splitlines() == [
        "denied TopicAuthorizationException", "created", "produced 0", "described 1", "deleted 1",
        "denied-again TopicAuthorizationException"]


def test_acks_0_produce_appends_the_allowed_topic_then_closes(acl_broker: Broker, principal: str) -> None:
    """acks=0 has no answer to carry TOPIC_AUTHORIZATION_FAILED: the allowed topic's records are appended and
    the connection is closed, as Kafka does, so the client notices."""
    from kafka import KafkaConsumer, KafkaProducer, TopicPartition

    allowed, denied = name("ok0"), name("no0")
    for t in (allowed, denied):
        acl_broker.create_topic(t)
    acl_broker.add_acl(principal, "WRITE", topic=allowed)
    acl_broker.add_acl(principal, "DESCRIBE", topic=denied)
    producer = KafkaProducer(**acl_broker.kafka_python_config(client_cert=True), acks=0, linger_ms=50)
    try:
        producer.send(allowed, b"kept")
        producer.send(denied, b"refused")
        producer.flush(WAIT_S)
    finally:
        producer.close()
    reader = KafkaConsumer(bootstrap_servers=acl_broker.bootstrap_servers)  # the super user
    try:
        tps = [TopicPartition(allowed, 0), TopicPartition(denied, 0)]
        from tests.testing.clients import wait_until

        wait_until(lambda: reader.end_offsets(tps)[tps[0]] == 1, what="the allowed topic's record")
        assert reader.end_offsets(tps) == {tps[0]: 1, tps[1]: 0}
    finally:
        reader.close()


def test_auto_creation_needs_create(acl_broker: Broker, principal: str) -> None:
    """Metadata creates a missing topic for a principal with CREATE on the topic (or the cluster) only."""
    from kafka.errors import TopicAuthorizationFailedError

    refused, created = name("auto-no"), name("auto-yes")
    acl_broker.add_acl(principal, "WRITE", topic=refused)
    acl_broker.add_acl(principal, "WRITE", topic=created)
    acl_broker.add_acl(principal, "CREATE", topic=created)
    producer = kafka_python_producer(acl_broker)
    try:
        with pytest.raises(TopicAuthorizationFailedError):
            producer.send(refused, b"x").get(WAIT_S)  # type: ignore[attr-defined]
        assert producer.send(created, b"y").get(WAIT_S).offset == 0  # type: ignore[attr-defined]
    finally:
        producer.close()  # type: ignore[attr-defined]
    assert created in visible_to_admin(acl_broker) and refused not in visible_to_admin(acl_broker)


def visible_to_admin(broker: Broker) -> set[str]:
    from kafka import KafkaConsumer

    consumer = KafkaConsumer(bootstrap_servers=broker.bootstrap_servers)
    try:
        return set(consumer.topics())
    finally:
        consumer.close()


def test_a_transactional_producer_needs_write_on_its_transactional_id(acl_broker: Broker, principal: str) -> None:
    from kafka import KafkaProducer
    from kafka.errors import TransactionalIdAuthorizationFailedError

    topic, txn = name("txt"), name("tx")
    acl_broker.create_topic(topic)
    acl_broker.add_acl(principal, "WRITE", topic=topic)
    acl_broker.add_acl(principal, "DESCRIBE", transactional_id=txn)  # finds its coordinator, may not use it
    config = {**acl_broker.kafka_python_config(client_cert=True), "transactional_id": txn, "max_block_ms": 10_000}
    producer = KafkaProducer(**config)
    try:
        with pytest.raises(TransactionalIdAuthorizationFailedError):
            producer.init_transactions()
    finally:
        producer.close(timeout=5)
    acl_broker.add_acl(principal, "WRITE", transactional_id=txn)
    producer = KafkaProducer(**config)
    try:
        producer.init_transactions()
        producer.begin_transaction()
        producer.send(topic, b"in a transaction")
        producer.commit_transaction()
    finally:
        producer.close(timeout=5)
