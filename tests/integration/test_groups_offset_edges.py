"""Offset edges where kaflite answers as Kafka does, seen through real clients (kafka-python's and
confluent-kafka's admin clients) and a raw protocol client where no client lets a test choose
what it sends; and a fresh broker's first group requests, answered without a retriable error
(issue 10, items 4 and 5).

Each broker here is fresh (its own data directory), so the first group request of a test is the
first this broker ever saw.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from confluent_kafka import ConsumerGroupTopicPartitions, KafkaError, KafkaException
from confluent_kafka import TopicPartition as CfTopicPartition
from confluent_kafka.admin import AdminClient
from kafka import KafkaAdminClient, TopicPartition
from kafka.errors import GroupSubscribedToTopicError, NoError, UnknownTopicOrPartitionError
from kafka.structs import OffsetAndMetadata

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    FindCoordinatorRequest,
    JoinGroupRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
)
from kaflite.testing.broker import Broker
from tests.integration.group_clients import RawClient, RawMember, assignment

RETRIABLE_GROUP_ERRORS = {ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.NOT_COORDINATOR,
                          ErrorCode.COORDINATOR_LOAD_IN_PROGRESS}
CT, CP = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition


@pytest.fixture
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


@pytest.fixture
def warm(broker: Broker) -> Broker:
    """The broker once its coordinator is loaded (FindCoordinator polled until NONE), so an offset-edge
    test checks its edge and nothing of a fresh broker's first answers."""
    c = RawClient(broker.bootstrap_servers)
    try:
        for group in ("", "g", "h", "alive", "odd"):  # the groups these tests use
            c.wait_coordinator(group)
    finally:
        c.close()
    return broker


@pytest.fixture
def admin(broker: Broker) -> Iterator[KafkaAdminClient]:
    a = KafkaAdminClient(bootstrap_servers=broker.bootstrap_servers, request_timeout_ms=10_000)
    try:
        yield a
    finally:
        a.close()


def _commit(group: str, topic: str, partition: int, offset: int, member: RawMember | None = None
            ) -> OffsetCommitRequest:
    return OffsetCommitRequest(
        group_id=group, generation_id_or_member_epoch=member.generation if member else -1,
        member_id=member.member_id if member else "",
        topics=[CT(name=topic, partitions=[CP(partition_index=partition, committed_offset=offset)])])


def _errors(resp: Any) -> list[ErrorCode]:
    return [ErrorCode(p.error_code) for t in resp.topics for p in t.partitions]


# ================================================================== item 5: a fresh broker's first answers
def test_fresh_broker_kafka_python_admin_first_group_calls_succeed(broker: Broker, admin: KafkaAdminClient) -> None:
    """kafka-python's admin client does not retry COORDINATOR_NOT_AVAILABLE: on a broker that created
    `__consumer_offsets` lazily and answered while loading it, its first group call failed."""
    broker.create_topic("t", 2)
    res = admin.alter_group_offsets("g", {TopicPartition("t", 0): OffsetAndMetadata(5, "m", -1)})
    assert res == {TopicPartition("t", 0): NoError}
    assert admin.list_group_offsets("g")["g"][TopicPartition("t", 0)].offset == 5


@pytest.mark.parametrize("first", ["find_coordinator", "join_group", "offset_commit"])
def test_fresh_broker_answers_its_first_group_requests_without_a_retriable_error(broker: Broker, first: str) -> None:
    """Whichever group request comes first (clients that cached a coordinator skip FindCoordinator),
    it and the requests pipelined right behind it are answered as a warm cluster would."""
    broker.create_topic("t", 1)
    client = RawClient(broker.bootstrap_servers, client_id="fresh")
    member = RawMember(broker.bootstrap_servers, "g", ["t"], name="fresh")
    try:
        find = FindCoordinatorRequest(key="g", key_type=0)
        fetch = OffsetFetchRequest(group_id="simple", topics=[OffsetFetchRequest.OffsetFetchRequestTopic(
            name="t", partition_indexes=[0])])
        burst: list[Any] = {
            "find_coordinator": [find, member.join_request(), _commit("simple", "t", 0, 3), fetch],
            "join_group": [member.join_request(), find, _commit("simple", "t", 0, 3), fetch],
            "offset_commit": [_commit("simple", "t", 0, 3), member.join_request(), find, fetch],
        }[first]
        client.send_many(burst)
        answers = {type(req).__name__: client.recv() for req in burst}
        f = answers["FindCoordinatorRequest"]
        assert (f.error_code, f.host, f.port) == (ErrorCode.NONE, "127.0.0.1", broker.port) and f.node_id >= 0
        assert answers["JoinGroupRequest"].error_code == ErrorCode.MEMBER_ID_REQUIRED  # KIP-394, not a retry
        assert _errors(answers["OffsetCommitRequest"]) == [ErrorCode.NONE]
        assert answers["OffsetFetchRequest"].topics[0].partitions[0].committed_offset == 3
        # The member completes its join on its own connection, every answer first time.
        member.member_id = answers["JoinGroupRequest"].member_id
        member.send_join()
        assert member.recv_join().error_code == ErrorCode.NONE
        member.send_sync({member.member_id: assignment({"t": [0]})})
        assert member.recv_sync().error_code == ErrorCode.NONE
        c = member.client.call(_commit("g", "t", 0, 9, member))
        assert _errors(c) == [ErrorCode.NONE]
        assert not {ErrorCode(a.error_code) for a in answers.values() if hasattr(a, "error_code")} & \
            RETRIABLE_GROUP_ERRORS
    finally:
        client.close()
        member.close()


def test_fresh_broker_first_requests_on_two_connections_at_once(broker: Broker) -> None:
    """Two clients' first requests race the creation: the second one waits for the same load."""
    a, b = RawClient(broker.bootstrap_servers), RawClient(broker.bootstrap_servers)
    try:
        a.send(FindCoordinatorRequest(key="ga", key_type=0))
        b.send(FindCoordinatorRequest(key="gb", key_type=0))
        assert [a.recv().error_code, b.recv().error_code] == [ErrorCode.NONE, ErrorCode.NONE]
    finally:
        a.close()
        b.close()


def test_after_reset_the_first_group_request_is_answered_first_time(broker: Broker) -> None:
    """`reset()` drops `__consumer_offsets` with every other topic (test isolation): the next first
    group request creates it again and is answered as on a fresh broker."""
    c = RawClient(broker.bootstrap_servers)
    try:
        assert c.call(FindCoordinatorRequest(key="g", key_type=0)).error_code == ErrorCode.NONE
    finally:
        c.close()
    broker.reset()
    c = RawClient(broker.bootstrap_servers)
    try:
        assert c.call(FindCoordinatorRequest(key="g", key_type=0)).error_code == ErrorCode.NONE
    finally:
        c.close()


# ================================================================== item 4: the offset edges
def test_commits_keep_a_member_alive_without_heartbeats(warm: Broker) -> None:
    """Kafka's testCommitMaintainsSession: a member that commits more often than its session timeout
    but never heartbeats stays in the group; once it stops committing too, its session expires."""
    warm.create_topic("t", 1)
    session_ms = 1_500
    m = RawMember(warm.bootstrap_servers, "alive", ["t"], name="committer", session_timeout_ms=session_ms,
                  rebalance_timeout_ms=session_ms)
    try:
        m.get_member_id()
        m.send_join()
        assert m.recv_join().error_code == ErrorCode.NONE
        m.send_sync({m.member_id: assignment({"t": [0]})})
        assert m.recv_sync().error_code == ErrorCode.NONE
        deadline = time.monotonic() + 3 * session_ms / 1000  # three sessions' worth, no heartbeat
        commits = 0
        while time.monotonic() < deadline:
            assert _errors(m.client.call(_commit("alive", "t", 0, commits, m))) == [ErrorCode.NONE]
            commits += 1
            time.sleep(session_ms / 1000 / 5)
        assert commits >= 10
        g = warm.group("alive")
        assert g is not None and (g.state, g.member_ids) == ("Stable", [m.member_id])
        assert m.heartbeat().error_code == ErrorCode.NONE
        # No commit and no heartbeat: the session expires, and the group is left Empty.
        warm.wait_for_group("alive", "Empty", members=0, timeout=10)
        assert m.heartbeat().error_code == ErrorCode.UNKNOWN_MEMBER_ID
    finally:
        m.close()


def test_empty_group_id_is_a_group_for_offsets_describe_and_delete(warm: Broker,
                                                                   admin: KafkaAdminClient) -> None:
    """kafka-python sends "" as it is; Kafka serves it (for backwards compatibility) in OffsetCommit,
    OffsetFetch, DescribeGroups and DeleteGroups, and answers GROUP_ID_NOT_FOUND once it is gone."""
    warm.create_topic("t", 1)
    assert admin.delete_groups([""]) == {"": "GroupIdNotFoundError"}
    res = admin.alter_group_offsets("", {TopicPartition("t", 0): OffsetAndMetadata(3, "", -1)})
    assert res == {TopicPartition("t", 0): NoError}
    assert admin.list_group_offsets("")[""][TopicPartition("t", 0)].offset == 3
    d = admin.describe_groups([""])[""]
    assert (d["group_state"], d["error"]) == ("Empty", None)
    assert admin.delete_groups([""]) == {"": "OK"}
    assert admin.delete_groups([""]) == {"": "GroupIdNotFoundError"}


def test_empty_group_commit_with_a_generation_answers_illegal_generation(warm: Broker) -> None:
    """OffsetCommit < v9 with a generation to a group that does not exist: ILLEGAL_GENERATION
    (OffsetMetadataManager.validateOffsetCommit), for "" as for any group id."""
    warm.create_topic("t", 1)
    c = RawClient(warm.bootstrap_servers)
    try:
        req = OffsetCommitRequest(group_id="", generation_id_or_member_epoch=1, member_id="m",
                                  topics=[CT(name="t", partitions=[CP(partition_index=0, committed_offset=1)])])
        assert _errors(c.call(req)) == [ErrorCode.ILLEGAL_GENERATION]
    finally:
        c.close()


def test_offsets_of_partitions_that_do_not_exist_are_refused(warm: Broker, admin: KafkaAdminClient) -> None:
    """KafkaApis checks its metadata first: UNKNOWN_TOPIC_OR_PARTITION per partition for OffsetCommit
    and OffsetDelete, the existing partitions are served, and nothing is stored for the others."""
    warm.create_topic("t", 2)
    tp0, tp9, nope = TopicPartition("t", 0), TopicPartition("t", 9), TopicPartition("nope", 0)
    om = OffsetAndMetadata(4, "", -1)
    assert admin.alter_group_offsets("g", {tp0: om, tp9: om, nope: om}) == {
        tp0: NoError, tp9: UnknownTopicOrPartitionError, nope: UnknownTopicOrPartitionError}
    g = warm.group("g")
    assert g is not None and set(g.offsets) == {("t", 0)}
    assert admin.delete_group_offsets("g", [tp0, nope]) == {tp0: NoError, nope: UnknownTopicOrPartitionError}
    g = warm.group("g")
    assert g is not None and g.offsets == {}
    # Only unknown partitions: never reaches the group, so no simple group is created.
    assert admin.alter_group_offsets("h", {nope: om}) == {nope: UnknownTopicOrPartitionError}
    assert warm.group("h") is None


class _UnparseableMember(RawMember):
    """A consumer-protocol member whose subscription is not the consumer protocol's layout."""

    def join_request(self) -> JoinGroupRequest:
        req = super().join_request()
        req.protocols[0].metadata = b"\x00\x01not a subscription"
        return req


def test_offset_delete_with_unparseable_subscriptions_keeps_every_offset(warm: Broker,
                                                                        admin: KafkaAdminClient) -> None:
    """Kafka's ClassicGroup.isSubscribedToTopic: a consumer group whose subscriptions cannot be parsed
    counts as subscribed to every topic, so OffsetDelete answers GROUP_SUBSCRIBED_TO_TOPIC."""
    warm.create_topic("t", 1)
    warm.create_topic("old", 1)
    m = _UnparseableMember(warm.bootstrap_servers, "odd", ["t"], name="odd")
    try:
        m.get_member_id()
        m.send_join()
        assert m.recv_join().error_code == ErrorCode.NONE
        m.send_sync({m.member_id: b""})
        assert m.recv_sync().error_code == ErrorCode.NONE
        for topic in ("t", "old"):
            assert _errors(m.client.call(_commit("odd", topic, 0, 1, m))) == [ErrorCode.NONE]
        res = admin.delete_group_offsets("odd", [TopicPartition("t", 0), TopicPartition("old", 0)])
        assert res == {TopicPartition("t", 0): GroupSubscribedToTopicError,
                       TopicPartition("old", 0): GroupSubscribedToTopicError}
        g = warm.group("odd")
        assert g is not None and set(g.offsets) == {("t", 0), ("old", 0)}
    finally:
        m.close()


def test_confluent_kafka_sees_unknown_partitions_and_the_empty_group_as_kafka_answers(warm: Broker) -> None:
    """librdkafka's admin client: per-partition UNKNOWN_TOPIC_OR_PARTITION in AlterConsumerGroupOffsets,
    and DeleteGroups([""]) reaching the coordinator: GROUP_ID_NOT_FOUND, not INVALID_GROUP_ID."""
    warm.create_topic("t", 2)
    admin = AdminClient({"bootstrap.servers": warm.bootstrap_servers})
    req = ConsumerGroupTopicPartitions("g", [CfTopicPartition("t", 0, 4), CfTopicPartition("t", 9, 4),
                                             CfTopicPartition("nope", 0, 4)])
    (fut,) = admin.alter_consumer_group_offsets([req]).values()
    errors = {(tp.topic, tp.partition): tp.error.code() if tp.error else None
              for tp in fut.result(10).topic_partitions}
    assert errors == {("t", 0): None, ("t", 9): KafkaError.UNKNOWN_TOPIC_OR_PART,
                      ("nope", 0): KafkaError.UNKNOWN_TOPIC_OR_PART}
    (fut,) = admin.delete_consumer_groups([""], request_timeout=10).values()
    with pytest.raises(KafkaException) as exc:
        fut.result(10)
    assert exc.value.args[0].code() == KafkaError.GROUP_ID_NOT_FOUND
