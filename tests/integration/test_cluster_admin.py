"""The cluster admin calls each installed client offers, against a real kaflite, each answered as a
one-node Kafka 4.x answers it and none closing the connection: DeleteRecords, DescribeLogDirs,
AlterReplicaLogDirs, DescribeTopicPartitions (paged), DescribeProducers, ElectLeaders, partition reassignments,
DescribeQuorum, CreatePartitions with replica assignments, describe topics."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.testing.broker import Broker
from tests.integration.group_clients import RawClient

CONSUME_TIMEOUT_S = 15.0


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


def produce(bootstrap: str, topic: str, partition: int, n: int, *, idempotent: bool = False,
            value_size: int = 0, **conf: object) -> None:
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bootstrap, "enable.idempotence": idempotent, "linger.ms": 0, **conf})
    for i in range(n):
        p.produce(topic, value=b"v%d" % i + b"x" * value_size, key=b"k%d" % i, partition=partition)
        p.poll(0)
    assert p.flush(15) == 0


def first_offset_from_beginning(bootstrap: str, topic: str, partition: int) -> int:
    """What a consumer that starts at the beginning receives first (confluent-kafka, assign + poll)."""
    from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

    c = Consumer({"bootstrap.servers": bootstrap, "group.id": f"first-{topic}-{time.monotonic_ns()}",
                  "enable.auto.commit": False})
    try:
        c.assign([TopicPartition(topic, partition, OFFSET_BEGINNING)])
        deadline = time.monotonic() + CONSUME_TIMEOUT_S
        while time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error() is None:
                return int(m.offset())
        raise AssertionError(f"nothing consumed from {topic}-{partition} in {CONSUME_TIMEOUT_S}s")
    finally:
        c.close()


def log_dir_sizes(bootstrap: str) -> dict[tuple[str, int], int]:
    from kafka import KafkaAdminClient

    admin = KafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=10_000)
    try:
        (broker_dirs,) = admin.describe_log_dirs()
        (d,) = broker_dirs["log_dirs"]
        assert d["error_code"] == 0 and d["total_bytes"] > 0 and d["usable_bytes"] >= 0
        return {(t["name"], p["partition_index"]): p["partition_size"] for t in d["topics"] for p in t["partitions"]}
    finally:
        admin.close()


# -- confluent-kafka (librdkafka) -------------------------------------------------------------------


def test_confluent_admin(broker: Broker) -> None:
    from confluent_kafka import ElectionType, KafkaException, TopicCollection, TopicPartition
    from confluent_kafka.admin import AdminClient, NewPartitions

    bs = broker.bootstrap_servers
    broker.create_topic("ck", 1)
    admin = AdminClient({"bootstrap.servers": bs})

    # CreatePartitions with an explicit assignment: [[1]] per new partition, anything else refused
    (f,) = admin.create_partitions([NewPartitions("ck", 3, replica_assignment=[[1], [1]])], request_timeout=10).values()
    assert f.result(timeout=15) is None
    (f,) = admin.create_partitions([NewPartitions("ck", 4, replica_assignment=[[2]])], request_timeout=10).values()
    with pytest.raises(KafkaException) as e:
        f.result(timeout=15)
    assert e.value.args[0].name() == "INVALID_REPLICA_ASSIGNMENT"
    assert "no such broker is registered" in e.value.args[0].str()

    (f,) = admin.describe_topics(TopicCollection(["ck"])).values()
    desc = f.result(timeout=15)
    assert [(p.id, p.leader.id, [r.id for r in p.replicas], [r.id for r in p.isr]) for p in desc.partitions] == [
        (i, 1, [1], [1]) for i in range(3)]

    # ElectLeaders: one replica always leads; all partitions -> nothing to report
    res = admin.elect_leaders(ElectionType.PREFERRED, [TopicPartition("ck", 0)]).result(timeout=15)
    assert [err.name() for err in res.values()] == ["ELECTION_NOT_NEEDED"]
    assert admin.elect_leaders(ElectionType.UNCLEAN, None).result(timeout=15) == {}

    # DeleteRecords, then a consumer from the beginning starts at the new log start offset
    produce(bs, "ck", 1, 10)
    (f,) = admin.delete_records([TopicPartition("ck", 1, 6)]).values()
    assert f.result(timeout=15).low_watermark == 6
    assert first_offset_from_beginning(bs, "ck", 1) == 6
    (f,) = admin.delete_records([TopicPartition("ck", 1, 11)]).values()  # beyond the high watermark (10)
    with pytest.raises(KafkaException) as e:
        f.result(timeout=15)
    assert e.value.args[0].name() == "OFFSET_OUT_OF_RANGE"


# -- kafka-python ----------------------------------------------------------------------------------


def test_kafka_python_admin(broker: Broker) -> None:
    from kafka import KafkaAdminClient, TopicPartition
    from kafka.errors import (
        InvalidReplicationAssignmentError,
        LogDirNotFoundError,
        NoError,
        UnknownTopicOrPartitionError,
    )
    from kafka.structs import TopicPartitionReplica

    bs = broker.bootstrap_servers
    broker.create_topic("kp", 2)
    broker.create_topic("kp-b", 3)
    admin = KafkaAdminClient(bootstrap_servers=bs, request_timeout_ms=10_000)
    try:
        resp = admin.create_partitions({"kp": {"count": 3, "assignments": [[1]]}})
        assert [r.error_code for r in resp.results] == [0]
        with pytest.raises(InvalidReplicationAssignmentError):
            admin.create_partitions({"kp": {"count": 4, "assignments": [[1, 2]]}})
        (t,) = admin.describe_topics(["kp"])
        assert [p["partition_index"] for p in t["partitions"]] == [0, 1, 2]

        # DescribeTopicPartitions, two partitions a page, following the cursor across topics
        seen, cursor = [], None
        for _ in range(10):
            page = admin.describe_topic_partitions(["kp-b", "kp"], response_partition_limit=2, cursor=cursor)
            for topic in page["topics"]:
                assert topic["error_code"] == 0 and topic["topic_authorized_operations"] == 3576
                seen += [(topic["name"], p["partition_index"], p["leader_id"], p["isr_nodes"])
                         for p in topic["partitions"]]
            cursor = page["next_cursor"]
            if cursor is None:
                break
        assert seen == [("kp", i, 1, [1]) for i in range(3)] + [("kp-b", i, 1, [1]) for i in range(3)]

        # DeleteRecords and DescribeLogDirs: real sizes, the log start moves
        produce(bs, "kp", 0, 10, idempotent=True)
        assert log_dir_sizes(bs)[("kp", 0)] > 0
        res = admin.delete_records({TopicPartition("kp", 0): 4, TopicPartition("kp", 1): -1})
        assert {tp.partition: r["low_watermark"] for tp, r in res.items()} == {0: 4, 1: 0}
        assert first_offset_from_beginning(bs, "kp", 0) == 4

        # AlterReplicaLogDirs: into the directory DescribeLogDirs names is a no-op (kafka-python's own suite,
        # test_alter_replica_log_dirs); any other path is not a configured log dir
        (broker_dirs,) = admin.describe_log_dirs()
        here = broker_dirs["log_dirs"][0]["log_dir"]
        node = broker_dirs["broker"]
        moved_dirs = admin.alter_replica_log_dirs({TopicPartitionReplica("kp", 0, node): here,
                                                   TopicPartitionReplica("kp", 1, node): here + "-other",
                                                   TopicPartitionReplica("kp", 9, node): here})
        assert moved_dirs == {TopicPartitionReplica("kp", 0, node): NoError,
                              TopicPartitionReplica("kp", 1, node): LogDirNotFoundError,
                              TopicPartitionReplica("kp", 9, node): UnknownTopicOrPartitionError}

        # DescribeProducers: the idempotent producer's state
        (state,) = admin.describe_producers([TopicPartition("kp", 0)]).values()
        (p,) = state.active_producers
        assert (p.last_sequence, p.coordinator_epoch, p.current_transaction_start_offset) == (9, -1, -1)

        # ElectLeaders, reassignments, quorum: a one-broker cluster's answers
        r = admin.elect_leaders(0, {"kp": [0, 1]})
        assert [x.error_code for x in r.replica_election_results[0].partition_result] == [84, 84]
        assert admin.list_partition_reassignments() == {}
        moved = admin.alter_partition_reassignments({TopicPartition("kp", 0): [1], TopicPartition("kp", 1): [2]})
        assert moved == {TopicPartition("kp", 0): None, TopicPartition("kp", 1): InvalidReplicationAssignmentError}
        q = admin.describe_metadata_quorum()
        (part,) = q["topics"][0]["partitions"]
        assert (q["topics"][0]["topic_name"], part["leader_id"], [v["replica_id"] for v in part["current_voters"]],
                part["observers"]) == ("__cluster_metadata", 1, [1], [])
    finally:
        admin.close()


def test_describe_producers_shows_a_real_transaction(broker: Broker) -> None:
    """TX-DESC-3 with a transaction: librdkafka's transactional producer writes, kafka-python's admin asks.
    While the transaction is open its first offset is CurrentTxnStartOffset (and no marker has set a
    coordinator epoch yet); once committed, the marker closes it (-1) and sets the coordinator epoch."""
    from confluent_kafka import Producer
    from kafka import KafkaAdminClient, TopicPartition

    bs = broker.bootstrap_servers
    broker.create_topic("txp", 1)
    produce(bs, "txp", 0, 2, idempotent=True)  # offsets 0-1: an idempotent producer, no transaction
    p = Producer({"bootstrap.servers": bs, "transactional.id": "describe-producers", "linger.ms": 0})
    admin = KafkaAdminClient(bootstrap_servers=bs, request_timeout_ms=10_000)
    try:
        p.init_transactions(15)
        p.begin_transaction()
        for i in range(3):
            p.produce("txp", value=b"t%d" % i, partition=0)
        assert p.flush(15) == 0

        def transactional() -> Any:
            (state,) = admin.describe_producers([TopicPartition("txp", 0)]).values()
            assert len(state.active_producers) == 2
            (mine,) = [s for s in state.active_producers if s.last_sequence == 2]
            return mine

        open_ = transactional()
        assert (open_.current_transaction_start_offset, open_.coordinator_epoch) == (2, -1)
        p.commit_transaction(15)
        done = transactional()
        assert (done.producer_id, done.producer_epoch) == (open_.producer_id, open_.producer_epoch)
        assert done.current_transaction_start_offset == -1 and done.coordinator_epoch >= 0
        assert done.last_timestamp > 0  # the marker's timestamp now
    finally:
        admin.close()
        p.flush(5)


# -- aiokafka --------------------------------------------------------------------------------------


def test_aiokafka_admin(broker: Broker) -> None:
    from aiokafka.admin import AIOKafkaAdminClient, NewPartitions, RecordsToDelete
    from aiokafka.errors import InvalidReplicationAssignmentError
    from aiokafka.structs import TopicPartition

    bs = broker.bootstrap_servers
    broker.create_topic("aio", 1)
    produce(bs, "aio", 0, 8)

    async def run() -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=bs, request_timeout_ms=10_000)
        await admin.start()
        try:
            resp = await admin.create_partitions({"aio": NewPartitions(2, [[1]])})
            assert [r[1] for r in resp.topic_errors] == [0]
            with pytest.raises(InvalidReplicationAssignmentError, match="broker 7, but no such broker"):
                await admin.create_partitions({"aio": NewPartitions(3, [[7]])})
            (t,) = await admin.describe_topics(["aio"])
            assert len(t["partitions"]) == 2
            low = await admin.delete_records({TopicPartition("aio", 0): RecordsToDelete(before_offset=5)})
            assert low == {TopicPartition("aio", 0): 5}
        finally:
            await asyncio.wait_for(admin.close(), 10)

    asyncio.run(asyncio.wait_for(run(), 60))
    assert first_offset_from_beginning(bs, "aio", 0) == 5


# -- DeleteRecords is durable ----------------------------------------------------------------------


def test_delete_records_deletes_segments_and_survives_a_restart() -> None:
    from confluent_kafka import TopicPartition
    from confluent_kafka.admin import AdminClient

    with Broker() as b:
        bs = b.bootstrap_servers
        b.create_topic("dur", 1, segment_bytes=4096)  # small segments: DeleteRecords removes whole ones
        produce(bs, "dur", 0, 200, value_size=100, **{"batch.num.messages": 5})  # batches well under a segment
        before = log_dir_sizes(bs)[("dur", 0)]
        admin = AdminClient({"bootstrap.servers": bs})  # kept alive until its future completes
        # 153 is inside a batch and a segment: only the checkpointed log start keeps 150..152 deleted
        (f,) = admin.delete_records([TopicPartition("dur", 0, 153)]).values()
        assert f.result(timeout=15).low_watermark == 153
        after = log_dir_sizes(bs)[("dur", 0)]
        assert after < before / 2, (before, after)
        assert first_offset_from_beginning(bs, "dur", 0) == 153
        b.crash()
        b.start()  # recovers as after kill -9: the log start offset was checkpointed before answering
        assert first_offset_from_beginning(bs, "dur", 0) == 153
        b.restart()
        assert first_offset_from_beginning(bs, "dur", 0) == 153
        assert log_dir_sizes(bs)[("dur", 0)] == after


# -- every served version on the wire, one connection ----------------------------------------------


def test_every_served_version_answers_on_one_connection(broker: Broker) -> None:
    """Each API of this part at every version ApiVersions advertises: the request decodes, the handler
    answers, the answer decodes; the connection is never closed."""
    from kaflite.protocol.messages import (
        AlterPartitionReassignmentsRequest,
        ApiVersionsRequest,
        CreatePartitionsRequest,
        DeleteRecordsRequest,
        DescribeLogDirsRequest,
        DescribeProducersRequest,
        DescribeQuorumRequest,
        DescribeTopicPartitionsRequest,
        ElectLeadersRequest,
        ListPartitionReassignmentsRequest,
    )

    broker.create_topic("wire", 1)
    produce(broker.bootstrap_servers, "wire", 0, 3)
    A, C, D = AlterPartitionReassignmentsRequest, CreatePartitionsRequest, DeleteRecordsRequest
    E, Q, T = ElectLeadersRequest, DescribeQuorumRequest, DescribeTopicPartitionsRequest
    P = DescribeProducersRequest
    requests = {
        21: D(topics=[D.DeleteRecordsTopic(name="wire", partitions=[D.DeleteRecordsPartition(offset=1)])],
              timeout_ms=1000),
        35: DescribeLogDirsRequest(topics=None),
        37: C(topics=[C.CreatePartitionsTopic(name="wire", count=1, assignments=None)], timeout_ms=1000),
        43: E(election_type=0, topic_partitions=[E.TopicPartitions(topic="wire", partitions=[0])]),
        45: A(topics=[A.ReassignableTopic(name="wire", partitions=[A.ReassignablePartition(replicas=[1])])]),
        46: ListPartitionReassignmentsRequest(topics=None),
        55: Q(topics=[Q.TopicData(topic_name="__cluster_metadata", partitions=[Q.PartitionData()])]),
        61: P(topics=[P.TopicRequest(name="wire", partition_indexes=[0])]),
        75: T(topics=[T.TopicRequest(name="wire")]),
    }
    wire = RawClient(broker.bootstrap_servers)
    try:
        served = {k.api_key: (k.min_version, k.max_version)
                  for k in wire.call(ApiVersionsRequest(), version=3).api_keys}
        answered = []
        for key, req in requests.items():
            lo, hi = served[key]
            for version in range(lo, hi + 1):
                resp = wire.call(req, version=version)
                answered.append((key, version))
                assert type(resp).__name__.endswith("Response")
        assert len(answered) == sum(served[k][1] - served[k][0] + 1 for k in requests)
        # still the same connection, still answering
        assert wire.call(ApiVersionsRequest(), version=3).error_code == 0
    finally:
        wire.sock.close()


# -- the Java admin client (kafka-clients 3.9.1) ---------------------------------------------------


def test_java_admin_cluster_calls() -> None:
    """Java's Admin on every call of this part; its describeTopics pages through DescribeTopicPartitions
    (one partition a response here), which the broker's route counts."""
    import dataclasses
    import shutil
    import subprocess
    from pathlib import Path

    from tests.integration.java_tools import JIT_FLAGS
    from tests.integration.java_tools import kafka_clients_classpath as _classpath

    java, cp = shutil.which("java"), _classpath()
    if java is None or cp is None:
        pytest.skip("needs `java` and the kafka-clients jars (the java extra), as test_java_client.py")
    judge = Path(__file__).parent / "java" / "ClusterAdminJudge.java"
    pages: list[tuple[int, tuple[str, int] | None]] = []
    with Broker() as b:
        def counted(route):  # type: ignore[no-untyped-def]
            def handler(ctx, req):  # type: ignore[no-untyped-def]
                c = req.cursor
                pages.append((req.response_partition_limit, (c.topic_name, c.partition_index) if c else None))
                return route.handler(ctx, req)
            return dataclasses.replace(route, handler=handler)

        routes = b.server.router.routes
        b._sync(routes.__setitem__, 75, counted(routes[75]))  # on the broker's loop
        proc = subprocess.run([java, *JIT_FLAGS, "-cp", cp, str(judge), b.bootstrap_servers], capture_output=True,
                              text=True, timeout=180)
        log_dir = str(b.data_dir.absolute())
    assert proc.returncode == 0, proc.stderr[-4000:]
    got = dict(line.split("=", 1) for line in proc.stdout.splitlines() if "=" in line)
    assert got.pop("done") == "true", proc.stderr[-4000:]
    assert got == {
        "describe.jc": "0:1:1:1,1:1:1:1,2:1:1:1", "describe.jc-b": "0:1:1:1,1:1:1:1",
        "create_partitions.ok": "ok", "create_partitions.bad": "InvalidReplicaAssignmentException",
        "delete_records": "4", "delete_records.beyond": "OffsetOutOfRangeException",
        "log_dir": log_dir, "log_dir.error": "null", "log_dir.jc-0.size": got["log_dir.jc-0.size"],
        "log_dir.jc-0.lag": "0", "log_dir.total_positive": "true", "log_dir.usable_known": "true",
        "producers": "1", "producers.last_sequence": "9", "elect": "ElectionNotNeededException",
        "list_reassignments": "0", "alter_reassignments.same": "ok",
        "alter_reassignments.other": "InvalidReplicaAssignmentException",
        "alter_reassignments.cancel": "NoReassignmentInProgressException",
        "quorum.leader": "1", "quorum.voters": "1:1", "quorum.observers": "0",
    }, proc.stdout
    assert int(got["log_dir.jc-0.size"]) > 0
    # describeTopics went through DescribeTopicPartitions, one partition a page, following next_cursor
    assert pages[0] == (1, None) and len(pages) >= 5, pages
    assert ("jc", 1) in [c for _, c in pages] and ("jc-b", 1) in [c for _, c in pages], pages
