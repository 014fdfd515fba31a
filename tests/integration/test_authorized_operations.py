"""The ``*_authorized_operations`` fields (Metadata v8+, DescribeCluster, DescribeGroups v3+,
ConsumerGroupDescribe, DescribeTopicPartitions), as Kafka's AuthHelper.authorizedOperations fills them: every
operation the resource type supports without an authorizer, the ones the logged-in user is allowed with one, the
schema's default when the request did not ask. Also what DescribeTransactions hides. Asked over the wire by
kaflite's tools client (SCRAM logins)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.protocol.authorized_operations import ALL_CLUSTER, ALL_GROUP, ALL_TOPIC, OMITTED, bit_field
from kaflite.protocol.messages import (
    ConsumerGroupDescribeRequest,
    DescribeClusterRequest,
    DescribeGroupsRequest,
    DescribeTopicPartitionsRequest,
    MetadataRequest,
)
from kaflite.testing import Acl, Broker
from kaflite.tools.client import Client
from kaflite.tools.security import ClientSecurity

pytestmark = pytest.mark.timeout(60)
READ, WRITE, DESCRIBE = 3, 4, 8


def ask(client: Client) -> dict[str, Any]:
    """Each API's authorized-operations answer, at versions that carry the include flags."""
    client.coordinator("billing")  # FindCoordinator: __consumer_offsets exists, so the group is answered for
    conn = client.bootstrap
    meta = conn.send(MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name="orders")],
                                     include_cluster_authorized_operations=True,
                                     include_topic_authorized_operations=True), max_version=10)[0]
    meta_12 = conn.send(MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name="orders")]))[0]
    cluster = conn.send(DescribeClusterRequest(include_cluster_authorized_operations=True))[0]
    groups = conn.send(DescribeGroupsRequest(groups=["billing"], include_authorized_operations=True),
                       max_version=5)[0]  # v5: an unknown group is answered NONE, Dead
    partitions = conn.send(DescribeTopicPartitionsRequest(topics=[
        DescribeTopicPartitionsRequest.TopicRequest(name="orders")], response_partition_limit=10))[0]
    return {"topic": meta.topics[0].topic_authorized_operations,
            "cluster": meta.cluster_authorized_operations,
            "not_asked": meta_12.topics[0].topic_authorized_operations,
            "describe_cluster": cluster.cluster_authorized_operations,
            "group": groups.groups[0].authorized_operations,
            "partitions": partitions.topics[0].topic_authorized_operations}


def test_without_an_authorizer_every_supported_operation() -> None:
    with Broker() as broker:
        broker.create_topic("orders")
        with Client(broker.bootstrap_servers) as client:
            got = ask(client)
    assert got == {"topic": ALL_TOPIC, "cluster": ALL_CLUSTER, "not_asked": OMITTED, "describe_cluster": ALL_CLUSTER,
                   "group": ALL_GROUP, "partitions": ALL_TOPIC}
    assert ALL_TOPIC == 3576 and bit_field((3, 8, 6, 10, 11)) == ALL_GROUP  # Kafka's AclEntry.supportedOperations


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    acls = [Acl("User:alice", "WRITE", topic="orders"), Acl("User:alice", "READ", group="billing")]
    with Broker(sasl="SASL_PLAINTEXT", users={"admin": "admin-secret", "alice": "alice-secret"}, authorizer=True,
                super_users=["User:admin"], acls=acls) as b:
        b.create_topic("orders")
        yield b
    b.close()


def login(broker: Broker, user: str) -> Client:
    config = broker.sasl_client_config("java", user, "SCRAM-SHA-512")
    return Client(broker.sasl_bootstrap_servers, security=ClientSecurity.from_properties(config))


def test_with_acls_the_logged_in_users_allowed_operations(broker: Broker) -> None:
    with login(broker, "alice") as alice:
        got = ask(alice)
    # WRITE granted, DESCRIBE implied by it; READ on the group, DESCRIBE implied; no DESCRIBE on the cluster: 0
    assert got == {"topic": bit_field((WRITE, DESCRIBE)), "cluster": 0, "not_asked": OMITTED, "describe_cluster": 0,
                   "group": bit_field((READ, DESCRIBE)), "partitions": bit_field((WRITE, DESCRIBE))}
    with login(broker, "admin") as admin:  # the super user: everything each resource supports
        assert ask(admin) == {"topic": ALL_TOPIC, "cluster": ALL_CLUSTER, "not_asked": OMITTED,
                              "describe_cluster": ALL_CLUSTER, "group": ALL_GROUP, "partitions": ALL_TOPIC}


def test_consumer_group_describe_fills_them_for_groups_answered_without_error(broker: Broker) -> None:
    """KIP-848's describe: a group that is no consumer group is answered GROUP_ID_NOT_FOUND and keeps the default."""
    with login(broker, "alice") as alice:
        answer = alice.bootstrap.send(ConsumerGroupDescribeRequest(group_ids=["billing"],
                                                                   include_authorized_operations=True))[0]
    (group,) = answer.groups
    assert group.error_code != 0 and group.authorized_operations == OMITTED


def test_describe_transactions_shows_only_the_topics_the_user_may_describe(broker: Broker) -> None:
    """KafkaApis.handleDescribeTransactionsRequest: of an ongoing transaction over two topics, a user with DESCRIBE
    on the transactional id and on one topic sees that topic's partitions only; the super user sees both."""
    from confluent_kafka import Producer

    from kaflite.protocol.messages import DescribeTransactionsRequest

    for topic in ("txn-seen", "txn-hidden"):
        broker.create_topic(topic)
    broker.add_acls(Acl("User:alice", "DESCRIBE", transactional_id="tx-acl"), Acl("User:alice", "DESCRIBE",
                                                                                  topic="txn-seen"))
    producer = Producer({**broker.sasl_client_config("librdkafka", "admin", "SCRAM-SHA-512"),
                         "transactional.id": "tx-acl"})
    producer.init_transactions(20)
    producer.begin_transaction()
    try:
        for topic in ("txn-seen", "txn-hidden"):
            producer.produce(topic, b"v")
        assert producer.flush(20) == 0

        def topics_seen_by(user: str) -> list[str]:
            with login(broker, user) as client:
                answer = client.bootstrap.send(DescribeTransactionsRequest(transactional_ids=["tx-acl"]))[0]
            (state,) = answer.transaction_states
            assert state.error_code == 0 and state.transaction_state == "Ongoing"
            return sorted(t.topic for t in state.topics)

        assert topics_seen_by("alice") == ["txn-seen"]
        assert topics_seen_by("admin") == ["txn-hidden", "txn-seen"]
    finally:
        producer.abort_transaction(20)
