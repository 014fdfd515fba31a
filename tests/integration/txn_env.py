"""The world of the transaction scenarios (test_transactions*.py: TS1-TS7 and TS9-TS13 of
/work/shared/design/transactions.md, ids TX-*): one scenario's ``Env`` (its client's agents, topics, sentinels,
the group offsets and partition states it reads), the broker's admin endpoint, and the checks the scenarios share.

Each scenario module makes its own fixtures from ``java_command`` and ``scenario``; a module-scoped broker is its
module's own, so under pytest-xdist two of the modules may run at once on two workers.
"""

from __future__ import annotations

import json
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DescribeProducersRequest,
    DescribeProducersResponse,
    ListOffsetsRequest,
    OffsetFetchRequest,
)
from kaflite.testing.process import ProcessBroker
from tests.integration.group_clients import RawClient
from tests.integration.java_tools import compiled_java_command
from tests.integration.txn_agent import Agent

# TX-CFG-2: a development broker may look for expired transactions every 100 ms (Kafka: 10 s).
CONFIG = {"transaction.abort.timed.out.transaction.cleanup.interval.ms": 100}
TXN_TIMEOUT_MS = 30_000
SENTINEL = "end"
READ_MS = 20_000
Rec = tuple[int, int, str]  # partition, offset, value


def java_command(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """TxnAgent compiled once (javac), as the command that starts one Java agent."""
    return compiled_java_command(tmp_path_factory, "TxnAgent", "the Java transactional producer needs one")


class Env:
    """One scenario: its agents (stopped at teardown), topics, sentinels and group offsets."""

    def __init__(self, broker: ProcessBroker, kind: str, tmp: Path, request: pytest.FixtureRequest) -> None:
        self.broker, self.kind, self.tmp, self.request = broker, kind, tmp, request
        self.agents: list[Agent] = []
        self.tag = uuid.uuid4().hex[:8]
        self.log_start = len(broker.log_text())

    @property
    def bootstrap(self) -> str:
        return self.broker.bootstrap_servers

    def agent(self, name: str) -> Agent:
        java = self.request.getfixturevalue("java_cmd") if self.kind == "java" else None
        a = Agent(self.kind, self.bootstrap, name=f"{name}-{self.tag}", log_dir=self.tmp, java_cmd=java).start()
        self.agents.append(a)
        return a

    def txn_id(self, name: str) -> str:
        return f"{self.kind}-{name}-{self.tag}"

    def topic(self, name: str, partitions: int) -> str:
        topic = f"{self.kind}-{name}-{self.tag}"
        admin = AdminClient({"bootstrap.servers": self.bootstrap})
        admin.create_topics([NewTopic(topic, partitions, 1)])[topic].result(20)
        return topic

    def plain(self, topic: str, values: dict[int, list[str]]) -> None:
        """Non-transactional records (input data, sentinels), acknowledged before this returns."""
        p = Producer({"bootstrap.servers": self.bootstrap, "enable.idempotence": True, "linger.ms": 0})
        errors: list[Any] = []
        for partition, vs in values.items():
            for v in vs:
                p.produce(topic, v.encode(), partition=partition, on_delivery=lambda e, _m: errors.append(e))
        assert p.flush(20) == 0
        assert errors == [None] * len(errors), errors

    def sentinels(self, topic: str, partitions: int, sentinel: str = SENTINEL) -> None:
        self.plain(topic, {p: [sentinel] for p in range(partitions)})

    def read(self, agent: Agent, topic: str, partitions: int, isolation: str, sentinel: str = SENTINEL) -> list[Rec]:
        """Everything ``isolation`` shows, every partition from its start to its (first) sentinel."""
        answer = agent.ok("read", topic, partitions, isolation, sentinel, 0, 500, READ_MS)
        return [(p, o, v) for p, o, v in answer["records"]]

    def committed(self, group: str) -> dict[str, int]:
        """The group's committed offsets as OffsetFetch without RequireStable shows them (TX-OFF-4)."""
        from confluent_kafka import ConsumerGroupTopicPartitions

        admin = AdminClient({"bootstrap.servers": self.bootstrap})
        fut = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)], require_stable=False)
        result = fut[group].result(20)
        return {f"{tp.topic}:{tp.partition}": tp.offset for tp in result.topic_partitions if tp.offset >= 0}

    def stable_offsets(self, group: str, topic: str, partitions: int) -> dict[int, tuple[str, int]]:
        """OffsetFetch v7 with RequireStable (TX-OFF-4): per partition (error name, committed offset)."""
        client = RawClient(self.bootstrap, client_id="stable-fetch")
        try:
            req = OffsetFetchRequest(group_id=group, require_stable=True, topics=[
                OffsetFetchRequest.OffsetFetchRequestTopic(name=topic, partition_indexes=list(range(partitions)))])
            resp = client.call(req, version=7)
        finally:
            client.close()
        assert resp.error_code == ErrorCode.NONE, ErrorCode(resp.error_code)
        return {p.partition_index: (ErrorCode(p.error_code).name, p.committed_offset)
                for t in resp.topics for p in t.partitions}

    def latest(self, topic: str, isolation: int) -> int:
        """ListOffsets LATEST of partition 0 (TX-RC-3): the LSO with read_committed (1), the HW with 0."""
        client = RawClient(self.bootstrap, client_id="list-offsets")
        P = ListOffsetsRequest.ListOffsetsPartition
        req = ListOffsetsRequest(replica_id=-1, isolation_level=isolation, topics=[
            ListOffsetsRequest.ListOffsetsTopic(name=topic, partitions=[P(partition_index=0, timestamp=-1)])])
        try:
            [part] = client.call(req, version=5).topics[0].partitions
        finally:
            client.close()
        assert part.error_code == ErrorCode.NONE, ErrorCode(part.error_code)
        return int(part.offset)

    def producers(self, topic: str) -> list[DescribeProducersResponse.ProducerState]:
        """DescribeProducers v0 of partition 0 (TX-DESC-3): its active producers as the broker encodes them."""
        client = RawClient(self.bootstrap, client_id="describe-producers")
        req = DescribeProducersRequest(topics=[
            DescribeProducersRequest.TopicRequest(name=topic, partition_indexes=[0])])
        try:
            [part] = client.call(req, version=0).topics[0].partitions
        finally:
            client.close()
        assert part.error_code == ErrorCode.NONE, ErrorCode(part.error_code)
        return list(part.active_producers)

    def stop(self) -> None:
        for a in self.agents:
            a.stop()

    def check_broker_log(self) -> None:
        new = self.broker.log_text()[self.log_start:]
        assert "Traceback" not in new and "request failed" not in new, new[-4000:]


def scenario(broker: ProcessBroker, kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Env]:
    """One scenario's Env on ``broker``: its agents stopped at the end, then the broker's log checked."""
    e = Env(broker, kind, tmp_path, request)
    try:
        yield e
    finally:
        e.stop()
    e.check_broker_log()


def values(recs: list[Rec], partition: int | None = None) -> list[str]:
    return [v for p, _, v in recs if partition is None or p == partition]


def expected(prefix: str, n: int) -> list[str]:
    return [f"{prefix}-{i}" for i in range(n)]


def fenced(answer: dict[str, Any]) -> bool:
    """The client's way of saying PRODUCER_FENCED(90) / INVALID_PRODUCER_EPOCH(47)."""
    text = " ".join(str(answer.get(k, "")) for k in ("error", "cause", "code", "message"))
    return not answer["ok"] and any(s in text for s in ("Fenced", "FENCED", "InvalidProducerEpoch",
                                                          "INVALID_PRODUCER_EPOCH", "ProducerFenced"))


def admin_endpoint(broker: ProcessBroker, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """The broker's HTTP admin endpoint (admin.port): faults and the coordinator's view of a transaction."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://{broker.admin_address}{path}", data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.loads(resp.read() or b"null")

