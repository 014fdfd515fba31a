"""The one-node cluster APIs (broker/cluster.py) and CreatePartitions' assignments, rule by rule, each as
Kafka 4.x's handler answers it; every answer also goes through the wire codec at every served version."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.admin import AdminHandler
from kaflite.broker.cluster import ClusterHandler
from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.config.listeners import Listener
from kaflite.protocol import records as R
from kaflite.protocol.authorized_operations import ALL_TOPIC
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import (
    RESPONSES,
    AlterPartitionReassignmentsRequest,
    AlterReplicaLogDirsRequest,
    CreatePartitionsRequest,
    DeleteRecordsRequest,
    DescribeLogDirsRequest,
    DescribeProducersRequest,
    DescribeQuorumRequest,
    DescribeTopicPartitionsRequest,
    ElectLeadersRequest,
    ListPartitionReassignmentsRequest,
)
from kaflite.protocol.messages.remove_user_scram_credential_record import RemoveUserScramCredentialRecord

T0 = 1_700_000_000_000
NODE = 1
DRR, DTPR, ELR, APR = DeleteRecordsRequest, DescribeTopicPartitionsRequest, ElectLeadersRequest, \
    AlterPartitionReassignmentsRequest


class Node:
    """A real BrokerContext (data dir, logs) with the cluster and admin handlers routed, no listener."""

    def __init__(self, tmp_path: Path) -> None:
        self.context = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0), ManualClock(T0))
        self.context.state.port = 19092
        self.cluster = ClusterHandler(self.context)
        self.admin = AdminHandler(self.context)
        self.router = Router()
        self.cluster.register(self.router)
        self.admin.register(self.router)
        self.conn = KafkaConnection(self.context, self.router)

    def call(self, api_key: int, request: Any, version: int | None = None) -> Any:
        """Route `request` as the connection would, then check the answer survives the wire at `version`."""
        route = self.router.get(api_key)
        assert route is not None
        version = route.max_version if version is None else version
        resp = route.handler(RequestContext(RequestHeader(api_key, version, 1, "t", 0), self.conn), request)
        body = resp.encode(version)
        assert RESPONSES[api_key].decode(body, version).encode(version) == body
        return resp

    def produce(self, topic: str, partition: int, n: int, **kw: int) -> None:
        plog = self.context.logs.get_log(topic, partition)
        assert plog is not None
        plog.append(R.build_batch([(b"k", b"v")] * n, timestamp_ms=T0, **kw), leader_epoch=0, now_ms=T0)


@pytest.fixture
def node(tmp_path: Path) -> Iterator[Node]:
    n = Node(tmp_path)
    yield n
    n.context.logs.close()
    n.context.cluster_metadata.close()


def test_served_versions_are_kafka_4_2s(node: Node) -> None:
    served = {k: (lo, hi) for k, lo, hi in node.router.versions()}
    assert {k: served[k] for k in (21, 34, 35, 43, 45, 46, 55, 61, 75)} == {
        21: (0, 2), 34: (1, 2), 35: (1, 4), 43: (0, 2), 45: (0, 1), 46: (0, 0), 55: (0, 2), 61: (0, 0), 75: (0, 0)}


# -- DeleteRecords ------------------------------------------------------------------------------------


def test_delete_records_moves_the_low_watermark_and_minus_one_means_the_high_watermark(node: Node) -> None:
    logs = node.context.logs
    logs.create_topic("d", 2)
    node.produce("d", 0, 10)
    node.produce("d", 1, 4)
    resp = node.call(21, DRR(topics=[DRR.DeleteRecordsTopic(name="d", partitions=[
        DRR.DeleteRecordsPartition(partition_index=0, offset=6),
        DRR.DeleteRecordsPartition(partition_index=1, offset=-1)])]))
    got = {p.partition_index: (p.error_code, p.low_watermark) for p in resp.topics[0].partitions}
    assert got == {0: (ErrorCode.NONE, 6), 1: (ErrorCode.NONE, 4)}
    assert logs.get_log("d", 0).log_start_offset == 6  # type: ignore[union-attr]


def test_delete_records_errors_in_kafkas_order(node: Node) -> None:
    logs = node.context.logs
    logs.create_topic("d", 1)
    logs.create_topic("compacted", 1, {"cleanup.policy": "compact"})
    logs.create_topic("__consumer_offsets", 1)
    node.produce("d", 0, 3)

    def one(topic: str, partition: int, offset: int) -> tuple[int, int]:
        resp = node.call(21, DRR(topics=[DRR.DeleteRecordsTopic(name=topic, partitions=[
            DRR.DeleteRecordsPartition(partition_index=partition, offset=offset)])]), version=0)
        p = resp.topics[0].partitions[0]
        return p.error_code, p.low_watermark

    assert one("nope", 0, 1) == (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, -1)
    assert one("d", 5, 1) == (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, -1)
    assert one("__consumer_offsets", 0, 0) == (ErrorCode.INVALID_TOPIC_EXCEPTION, -1)
    assert one("compacted", 0, 0) == (ErrorCode.POLICY_VIOLATION, -1)
    assert one("d", 0, 4) == (ErrorCode.OFFSET_OUT_OF_RANGE, -1)  # beyond the high watermark (3)
    assert one("d", 0, -7) == (ErrorCode.OFFSET_OUT_OF_RANGE, -1)
    assert one("d", 0, 2) == (ErrorCode.NONE, 2)
    assert one("d", 0, 1) == (ErrorCode.NONE, 2)  # below the start: the current low watermark


# -- DescribeLogDirs ----------------------------------------------------------------------------------


def test_describe_log_dirs_reports_the_data_dir_real_sizes_and_the_volume(node: Node, tmp_path: Path) -> None:
    logs = node.context.logs
    logs.create_topic("a", 2)
    logs.create_topic("b", 1)
    node.produce("a", 1, 5)
    resp = node.call(35, DescribeLogDirsRequest(topics=None))
    assert resp.error_code == ErrorCode.NONE and len(resp.results) == 1
    d = resp.results[0]
    assert d.error_code == ErrorCode.NONE and d.log_dir == str((tmp_path / "data").absolute())
    assert d.total_bytes > 0 and 0 <= d.usable_bytes <= d.total_bytes and d.is_cordoned is False
    sizes = {(t.name, p.partition_index): (p.partition_size, p.offset_lag, p.is_future_key)
             for t in d.topics for p in t.partitions}
    assert sizes[("a", 1)] == (logs.get_log("a", 1).size_in_bytes, 0, False) and sizes[("a", 1)][0] > 0  # type: ignore[union-attr]
    assert sizes[("a", 0)][0] == 0 and ("b", 0) in sizes
    # only the partitions asked for; a topic left without any is left out
    DT = DescribeLogDirsRequest.DescribableLogDirTopic
    resp = node.call(35, DescribeLogDirsRequest(topics=[DT(topic="a", partitions=[1]), DT(topic="b", partitions=[7]),
                                                       DT(topic="zz", partitions=[0])]), version=1)
    assert [(t.name, [p.partition_index for p in t.partitions]) for t in resp.results[0].topics] == [("a", [1])]


# -- AlterReplicaLogDirs -----------------------------------------------------------------------------


def _alter_dirs(node: Node, dirs: list[tuple[str, list[tuple[str, list[int]]]]],
                version: int | None = None) -> dict[tuple[str, int], int]:
    A = AlterReplicaLogDirsRequest
    req = A(dirs=[A.AlterReplicaLogDir(path=path, topics=[A.AlterReplicaLogDirTopic(name=n, partitions=ps)
                                                         for n, ps in topics]) for path, topics in dirs])
    resp = node.call(34, req, version)
    got = [((t.topic_name, p.partition_index), p.error_code) for t in resp.results for p in t.partitions]
    assert len(got) == len(dict(got)), "a partition answered twice"
    return dict(got)


def test_alter_replica_log_dirs_into_the_current_dir_is_none(node: Node, tmp_path: Path) -> None:
    """kafka-python's test_alter_replica_log_dirs: a replica moved to the directory it is in answers NONE."""
    logs = node.context.logs
    logs.create_topic("a", 2)
    logs.create_topic("__consumer_offsets", 1)
    here = str((tmp_path / "data").absolute())
    assert node.call(35, DescribeLogDirsRequest(topics=None)).results[0].log_dir == here  # what clients send back
    for version in (1, 2):
        assert _alter_dirs(node, [(here, [("a", [0, 1]), ("__consumer_offsets", [0])])], version) == {
            ("a", 0): ErrorCode.NONE, ("a", 1): ErrorCode.NONE, ("__consumer_offsets", 0): ErrorCode.NONE}


def test_alter_replica_log_dirs_errors_in_kafkas_order(node: Node, tmp_path: Path) -> None:
    """ReplicaManager.alterReplicaLogDirs: name too long for a future dir, then a dir not configured, then
    a partition not hosted here; a partition named under two dirs is answered once, for the last."""
    node.context.logs.create_topic("a", 1)
    here = str((tmp_path / "data").absolute())
    elsewhere = str(tmp_path / "other")
    long = "t" * 213  # 213 + len("-0") + len(".<32 hex>-future") = 255: still a file name
    longer = "t" * 214
    assert _alter_dirs(node, [(here, [("a", [0, 1]), ("nope", [0]), (long, [0]), (longer, [0])]),
                              (elsewhere, [(longer, [1]), ("a", [7])]),
                              ("data", [("a", [0])])]) == {
        ("a", 0): ErrorCode.LOG_DIR_NOT_FOUND,  # last named under a relative path: not the configured one
        ("a", 1): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ("nope", 0): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        (long, 0): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        (longer, 0): ErrorCode.INVALID_TOPIC_EXCEPTION,
        (longer, 1): ErrorCode.INVALID_TOPIC_EXCEPTION,  # before the directory is looked at
        ("a", 7): ErrorCode.LOG_DIR_NOT_FOUND,
    }


def test_alter_replica_log_dirs_unreadable_dir_is_a_storage_error(node: Node, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """An offline log directory (DescribeLogDirs' test: its volume cannot be read) is KAFKA_STORAGE_ERROR."""
    node.context.logs.create_topic("a", 1)

    def unreadable() -> tuple[int, int]:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(node.context.logs, "disk_usage", unreadable)
    here = str((tmp_path / "data").absolute())
    assert _alter_dirs(node, [(here, [("a", [0])])]) == {("a", 0): ErrorCode.KAFKA_STORAGE_ERROR}


# -- DescribeTopicPartitions --------------------------------------------------------------------------


def _page(node: Node, names: list[str], limit: int, cursor: tuple[str, int] | None = None) -> tuple[list, Any]:
    req = DTPR(topics=[DTPR.TopicRequest(name=n) for n in names], response_partition_limit=limit,
               cursor=DTPR.Cursor(topic_name=cursor[0], partition_index=cursor[1]) if cursor else None)
    resp = node.call(75, req)
    got = [(t.name, t.error_code, [p.partition_index for p in t.partitions]) for t in resp.topics]
    nc = (resp.next_cursor.topic_name, resp.next_cursor.partition_index) if resp.next_cursor else None
    return got, nc


def test_describe_topic_partitions_fields_of_the_single_node(node: Node) -> None:
    info = node.context.logs.create_topic("t", 2)
    node.context.logs.create_topic("__consumer_offsets", 1)
    resp = node.call(75, DTPR(topics=[DTPR.TopicRequest(name="t"), DTPR.TopicRequest(name="__consumer_offsets")]))
    assert [t.name for t in resp.topics] == ["__consumer_offsets", "t"]  # in name order
    off, t = resp.topics
    assert off.is_internal and not t.is_internal
    assert t.topic_id == info.topic_id and t.topic_authorized_operations == ALL_TOPIC == 3576
    p = t.partitions[1]
    assert (p.partition_index, p.leader_id, p.leader_epoch, p.replica_nodes, p.isr_nodes) == (
        1, NODE, 0, [NODE], [NODE])
    assert (p.eligible_leader_replicas, p.last_known_elr, p.offline_replicas) == ([], [], [])
    assert resp.next_cursor is None


def test_describe_topic_partitions_pages_with_a_cursor(node: Node) -> None:
    logs = node.context.logs
    for name, n in (("a", 3), ("b", 2), ("c", 4)):
        logs.create_topic(name, n)
    names = ["c", "a", "b"]
    # the limit cuts a topic: the cursor points inside it
    assert _page(node, names, 2) == ([("a", 0, [0, 1])], ("a", 2))
    got, nc = _page(node, names, 2, ("a", 2))
    assert got == [("a", 0, [2]), ("b", 0, [0])] and nc == ("b", 1)
    # the limit used up exactly at the end of a topic: the cursor points at the next topic's start
    assert _page(node, names, 5) == ([("a", 0, [0, 1, 2]), ("b", 0, [0, 1])], ("c", 0))
    assert _page(node, names, 5, ("c", 0)) == ([("c", 0, [0, 1, 2, 3])], None)
    # walking every page with limit 1 visits each partition once, in order
    seen, cursor = [], None
    for _ in range(20):
        got, cursor = _page(node, names, 1, cursor)
        seen += [(n, p) for n, _, ps in got for p in ps]
        if cursor is None:
            break
    assert seen == [("a", 0), ("a", 1), ("a", 2), ("b", 0), ("b", 1), ("c", 0), ("c", 1), ("c", 2), ("c", 3)]


def test_describe_topic_partitions_limits_and_errors(node: Node) -> None:
    logs = node.context.logs
    logs.create_topic("a", 3)
    # the limit is clamped to at least 1
    assert _page(node, ["a"], 0) == ([("a", 0, [0])], ("a", 1))
    # unknown and illegal names are answered as errors when named, and never use up the limit
    got, nc = _page(node, ["a", "missing", "bad name!"], 4)
    assert got == [("a", 0, [0, 1, 2]), ("bad name!", ErrorCode.INVALID_TOPIC_EXCEPTION, []),
                   ("missing", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, [])] and nc is None
    # ... but a limit used up exactly sends the next one, even a missing one, to the next page (as Kafka)
    assert _page(node, ["a", "missing"], 3) == ([("a", 0, [0, 1, 2])], ("missing", 0))
    # no topics: every topic, from the cursor on
    logs.create_topic("b", 1)
    assert _page(node, [], 10, ("b", 0)) == ([("b", 0, [0])], None)
    # a cursor partition past the end: the topic with no partitions, no cursor
    assert _page(node, ["a"], 10, ("a", 9)) == ([("a", 0, [])], None)
    # a cursor topic not among those named, or a negative cursor partition: INVALID_REQUEST for each topic
    assert _page(node, ["a"], 10, ("b", 0)) == ([("a", ErrorCode.INVALID_REQUEST, [])], None)
    assert _page(node, ["a"], 10, ("a", -1)) == ([("a", ErrorCode.INVALID_REQUEST, [])], None)


# -- DescribeProducers --------------------------------------------------------------------------------


def test_describe_producers_reports_the_partitions_producer_state(node: Node) -> None:
    # TX-DESC-3 (transactions.md): ActiveProducers per partition, CurrentTxnStartOffset -1, unknown topic -> 3
    logs = node.context.logs
    logs.create_topic("p", 2)
    node.produce("p", 0, 3, producer_id=42, producer_epoch=2, base_sequence=0)
    node.produce("p", 0, 2, producer_id=42, producer_epoch=2, base_sequence=3)
    node.produce("p", 0, 1, producer_id=7, producer_epoch=0, base_sequence=0)
    node.produce("p", 0, 1)  # not idempotent: no producer state
    TR = DescribeProducersRequest.TopicRequest
    resp = node.call(61, DescribeProducersRequest(topics=[TR(name="p", partition_indexes=[0, 1, 5]),
                                                         TR(name="gone", partition_indexes=[0]),
                                                         TR(name="a/b", partition_indexes=[0])]))
    p0, p1, p5 = resp.topics[0].partitions
    assert p0.error_code == ErrorCode.NONE and p0.error_message is None
    got = [(s.producer_id, s.producer_epoch, s.last_sequence, s.last_timestamp, s.coordinator_epoch,
            s.current_txn_start_offset) for s in p0.active_producers]
    assert got == [(7, 0, 0, T0, -1, -1), (42, 2, 4, T0, -1, -1)]
    assert p1.error_code == ErrorCode.NONE and p1.active_producers == []
    assert (p5.error_code, p5.error_message) == (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, None)
    gone = resp.topics[1].partitions[0]
    assert (gone.error_code, gone.error_message) == (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
                                                     "This server does not host this topic-partition.")
    bad = resp.topics[2].partitions[0]
    assert bad.error_code == ErrorCode.INVALID_TOPIC_EXCEPTION and "is illegal" in bad.error_message


def test_describe_producers_reports_open_transactions_and_coordinator_epochs(node: Node, tmp_path: Path) -> None:
    """TX-DESC-3 with transactions (UnifiedLog.activeProducers): CurrentTxnStartOffset is the first offset
    of the producer's open transaction, -1 once a marker closed it; CoordinatorEpoch the last marker's;
    LastTimestamp the last batch's or marker's. The log replay at a restart gives the same answer."""
    logs = node.context.logs
    logs.create_topic("tx", 1)
    node.produce("tx", 0, 2, producer_id=5, producer_epoch=1, base_sequence=0)  # idempotent: offsets 0-1
    node.produce("tx", 0, 3, producer_id=9, producer_epoch=4, base_sequence=0, is_transactional=True)  # 2-4
    node.produce("tx", 0, 1, producer_id=11, producer_epoch=0, base_sequence=0, is_transactional=True)  # 5
    plog = logs.get_log("tx", 0)
    assert plog is not None
    plog.append_end_txn_marker(11, 0, 3, committed=False, leader_epoch=0, now_ms=T0 + 70)  # 6
    node.produce("tx", 0, 1, producer_id=9, producer_epoch=4, base_sequence=3, is_transactional=True)  # 7
    request = DescribeProducersRequest(topics=[DescribeProducersRequest.TopicRequest(name="tx", partition_indexes=[0])])

    def states(n: Node) -> list[tuple[int, ...]]:
        (p,) = n.call(61, request).topics[0].partitions
        assert (p.error_code, p.error_message) == (ErrorCode.NONE, None)
        return [(s.producer_id, s.producer_epoch, s.last_sequence, s.last_timestamp, s.coordinator_epoch,
                 s.current_txn_start_offset) for s in p.active_producers]

    expected = [(5, 1, 1, T0, -1, -1), (9, 4, 3, T0, -1, 2), (11, 0, 0, T0 + 70, 3, -1)]
    assert states(node) == expected
    logs.close()
    again = Node(tmp_path)
    try:
        assert states(again) == expected
        tx = again.context.logs.get_log("tx", 0)
        assert tx is not None
        tx.append_end_txn_marker(9, 4, 2, committed=True, leader_epoch=0, now_ms=T0 + 90)
        assert states(again)[1] == (9, 4, 3, T0 + 90, 2, -1)
    finally:
        again.context.logs.close()


# -- ElectLeaders -------------------------------------------------------------------------------------


def test_elect_leaders_is_never_needed_on_one_node(node: Node) -> None:
    node.context.logs.create_topic("e", 2)
    for election in (0, 1):
        resp = node.call(43, ELR(election_type=election, topic_partitions=[
            ELR.TopicPartitions(topic="e", partitions=[0, 1, 2]), ELR.TopicPartitions(topic="nope", partitions=[0])]))
        assert resp.error_code == ErrorCode.NONE
        e, nope = resp.replica_election_results
        assert [(r.partition_id, r.error_code, r.error_message) for r in e.partition_result] == [
            (0, ErrorCode.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition."),
            (1, ErrorCode.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition."),
            (2, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "No such partition as e-2")]
        assert [(r.error_code, r.error_message) for r in nope.partition_result] == [
            (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "No such topic as nope")]
    assert node.call(43, ELR(topic_partitions=[ELR.TopicPartitions(topic="e", partitions=[0])]), version=0) \
        .replica_election_results[0].partition_result[0].error_code == ErrorCode.ELECTION_NOT_NEEDED


def test_elect_leaders_for_every_partition_leaves_out_the_not_needed(node: Node) -> None:
    node.context.logs.create_topic("e", 2)
    node.context.logs.create_topic("f", 1)
    resp = node.call(43, ELR(election_type=0, topic_partitions=None))
    assert sorted((r.topic, r.partition_result) for r in resp.replica_election_results) == [("e", []), ("f", [])]


def test_elect_leaders_unknown_election_type_is_invalid_request(node: Node) -> None:
    node.context.logs.create_topic("e", 1)
    resp = node.call(43, ELR(election_type=5, topic_partitions=[ELR.TopicPartitions(topic="e", partitions=[0])]))
    assert resp.error_code == ErrorCode.INVALID_REQUEST
    r = resp.replica_election_results[0].partition_result[0]
    assert (r.error_code, r.error_message) == (ErrorCode.INVALID_REQUEST, "Unknown election type 5")


# -- Partition reassignments --------------------------------------------------------------------------


def test_list_partition_reassignments_lists_none(node: Node) -> None:
    node.context.logs.create_topic("r", 2)
    LT = ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics
    for topics in (None, [LT(name="r", partition_indexes=[0, 1]), LT(name="nope", partition_indexes=[0])]):
        resp = node.call(46, ListPartitionReassignmentsRequest(topics=topics))
        assert (resp.error_code, resp.error_message, resp.topics) == (ErrorCode.NONE, None, [])


def test_alter_partition_reassignments_as_a_one_broker_cluster(node: Node) -> None:
    node.context.logs.create_topic("r", 1)

    def one(replicas: list[int] | None, topic: str = "r", partition: int = 0, allow: bool = True,
            version: int = 1) -> tuple[int, str | None]:
        resp = node.call(45, APR(allow_replication_factor_change=allow, topics=[APR.ReassignableTopic(
            name=topic, partitions=[APR.ReassignablePartition(partition_index=partition, replicas=replicas)])]),
            version=version)
        assert (resp.error_code, resp.error_message) == (ErrorCode.NONE, None)
        assert resp.allow_replication_factor_change is allow
        p = resp.responses[0].partitions[0]
        return p.error_code, p.error_message

    assert one([NODE]) == (ErrorCode.NONE, None)  # the current assignment: nothing to move
    assert one([NODE], version=0) == (ErrorCode.NONE, None)
    assert one(None) == (ErrorCode.NO_REASSIGNMENT_IN_PROGRESS, None)
    assert one([2]) == (ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                        "The manual partition assignment includes broker 2, but no such broker is registered.")
    assert one([2, NODE]) == (ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                              "The manual partition assignment includes broker 2, but no such broker is registered.")
    assert one([NODE, NODE]) == (ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                                 "The manual partition assignment includes the broker 1 more than once.")
    assert one([]) == (ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                       "The manual partition assignment includes an empty replica list.")
    assert one([NODE, 2], allow=False) == (ErrorCode.INVALID_REPLICATION_FACTOR,
                                           "The replication factor is changed from 1 to 2")
    assert one([NODE], allow=False) == (ErrorCode.NONE, None)
    assert one([NODE], topic="nope") == (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "Unable to find a topic named nope.")
    assert one([NODE], partition=3) == (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "Unable to find partition r:3.")


# -- DescribeQuorum -----------------------------------------------------------------------------------


def test_describe_quorum_as_a_single_combined_node(node: Node) -> None:
    DQR = DescribeQuorumRequest
    req = DQR(topics=[DQR.TopicData(topic_name="__cluster_metadata",
                                    partitions=[DQR.PartitionData(partition_index=0)])])
    for version in (0, 1, 2):
        resp = node.call(55, req, version=version)
        assert resp.error_code == ErrorCode.NONE
        p = resp.topics[0].partitions[0]
        assert (resp.topics[0].topic_name, p.partition_index, p.error_code, p.leader_id) == (
            "__cluster_metadata", 0, ErrorCode.NONE, NODE)
        assert [v.replica_id for v in p.current_voters] == [NODE] and p.observers == []
        assert p.current_voters[0].log_end_offset == p.high_watermark
        assert p.current_voters[0].last_caught_up_timestamp == T0
    assert [(n.node_id, [(ls.host, ls.port) for ls in n.listeners]) for n in resp.nodes] == [
        (NODE, [("127.0.0.1", 19092)])]
    # The voter's log is the node's own __cluster_metadata-0: its end moves as records are committed there.
    asyncio.run(node.context.cluster_metadata.commit([RemoveUserScramCredentialRecord(name="u", mechanism=1)] * 3))
    p = node.call(55, req).topics[0].partitions[0]
    assert (p.high_watermark, p.current_voters[0].log_end_offset) == (3, 3)
    node.context.state.listeners = [Listener("PLAINTEXT", "PLAINTEXT", "127.0.0.1", 0, "localhost", 19092, 1),
                                    Listener("SECURE", "SSL", "127.0.0.1", 0, "localhost", 19093, 1)]
    assert [(ls.name, ls.host, ls.port) for ls in node.call(55, req).nodes[0].listeners] == [
        ("PLAINTEXT", "localhost", 19092), ("SECURE", "localhost", 19093)]
    bad = node.call(55, DQR(topics=[DQR.TopicData(topic_name="other", partitions=[
        DQR.PartitionData(partition_index=0), DQR.PartitionData(partition_index=1)])]))
    assert [(p.partition_index, p.error_code) for p in bad.topics[0].partitions] == [
        (0, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION), (1, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)]


# -- CreatePartitions with assignments ----------------------------------------------------------------


def _create_partitions(node: Node, count: int, assignments: list[list[int]] | None, topic: str = "cp",
                       validate_only: bool = False, version: int = 3) -> tuple[int, str | None, int]:
    CP = CreatePartitionsRequest
    resp = node.call(37, CP(topics=[CP.CreatePartitionsTopic(
        name=topic, count=count,
        assignments=None if assignments is None
        else [CP.CreatePartitionsAssignment(broker_ids=a) for a in assignments])],
        timeout_ms=1000, validate_only=validate_only), version=version)
    r = resp.results[0]
    info = node.context.logs.topic("cp")
    return r.error_code, r.error_message, info.partitions if info else 0


def test_create_partitions_with_assignments_answers_as_kraft(node: Node) -> None:
    node.context.logs.create_topic("cp", 1)
    assert _create_partitions(node, 3, [[NODE], [NODE]]) == (ErrorCode.NONE, None, 3)
    assert _create_partitions(node, 4, [[NODE]], version=0) == (ErrorCode.NONE, None, 4)
    err = ErrorCode.INVALID_REPLICA_ASSIGNMENT
    assert _create_partitions(node, 6, [[NODE]]) == (
        err, "Attempted to add 2 additional partition(s), but only 1 assignment(s) were specified.", 4)
    assert _create_partitions(node, 5, [[2]]) == (
        err, "The manual partition assignment includes broker 2, but no such broker is registered.", 4)
    assert _create_partitions(node, 5, [[NODE, NODE]]) == (
        err, "The manual partition assignment includes the broker 1 more than once.", 4)
    assert _create_partitions(node, 5, [[]]) == (
        err, "The manual partition assignment includes an empty replica list.", 4)
    assert _create_partitions(node, 5, [[NODE]], validate_only=True) == (ErrorCode.NONE, None, 4)
    assert _create_partitions(node, 4, None) == (ErrorCode.INVALID_PARTITIONS, "Topic already has 4 partition(s).", 4)
    assert _create_partitions(node, 2, None) == (
        ErrorCode.INVALID_PARTITIONS, "The topic cp currently has 4 partition(s); 2 would not be an increase.", 4)
    assert _create_partitions(node, 2, None, topic="nope")[:2] == (ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, None)


def test_create_partitions_duplicate_topic_is_invalid_request(node: Node) -> None:
    node.context.logs.create_topic("cp", 1)
    CP = CreatePartitionsRequest
    resp = node.call(37, CP(topics=[CP.CreatePartitionsTopic(name="cp", count=2, assignments=None)] * 2))
    assert [(r.name, r.error_code, r.error_message) for r in resp.results] == [
        ("cp", ErrorCode.INVALID_REQUEST, "Duplicate topic name.")]
    assert node.context.logs.topic("cp").partitions == 1  # type: ignore[union-attr]
