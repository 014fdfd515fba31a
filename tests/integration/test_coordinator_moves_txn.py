"""Issue 34 item 3, the transaction coordinator: a consume-transform-produce transaction whose transaction
coordinator moves between two of its steps gives exactly-once output under read_committed, through every
transactional client kaflite tests (the Java client, confluent-kafka, aiokafka, kafka-python: txn_agent.py).

Three brokers in one kaflite (the kit's in-process ``Broker``); the move is the group handler's
``move_coordinator``: broker A resigns (a request at it answers NOT_COORDINATOR), broker B loads the
`__transaction_state` partition and completes the transaction. The group's offsets, sent in the transaction, move
only with its commit. Every wait is bounded (the agents' own 20 s, 45 s per command).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from confluent_kafka import ConsumerGroupTopicPartitions, Producer
from confluent_kafka.admin import AdminClient

from kaflite.broker.groups import TRANSACTION_KEY
from kaflite.testing import Broker
from tests.integration.java_tools import compiled_java_command
from tests.integration.txn_agent import KINDS, Agent

PARTITIONS = 6  # of each internal topic
N = 6
TXN_TIMEOUT_MS = 30_000
SENTINEL = "end"
READ_MS = 20_000


@pytest.fixture(scope="module")
def java_cmd(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return compiled_java_command(tmp_path_factory, "TxnAgent", "the Java transactional producer needs one")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Broker]:
    with Broker(config={"brokers": 3, "offsets.topic.num.partitions": PARTITIONS,
                        "transaction.state.log.num.partitions": PARTITIONS}) as b:
        yield b


def plain(b: Broker, topic: str, values: list[str]) -> None:
    p = Producer({"bootstrap.servers": b.bootstrap_servers, "enable.idempotence": True, "linger.ms": 0})
    for v in values:
        p.produce(topic, v.encode(), partition=0)
    assert p.flush(20) == 0


def committed(b: Broker, group: str) -> dict[str, int]:
    admin = AdminClient({"bootstrap.servers": b.bootstrap_servers})
    result = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)],
                                               require_stable=False)[group].result(20)
    return {f"{tp.topic}:{tp.partition}": tp.offset for tp in result.topic_partitions if tp.offset >= 0}


@pytest.mark.parametrize("kind", KINDS)
def test_issue34_item3_consume_transform_produce_across_a_transaction_coordinator_move(
        cluster: Broker, kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    b = cluster
    tag = kind.replace("-", "")
    src, out, group, tid = f"in-{tag}", f"out-{tag}", f"ctp-{tag}", f"txn-{tag}"
    b.create_topic(src, 1)
    b.create_topic(out, 1)
    plain(b, src, [f"in-{i}" for i in range(N)])
    java = request.getfixturevalue("java_cmd") if kind == "java" else None
    agent = Agent(kind, b.bootstrap_servers, name=f"ctp-{tag}", log_dir=tmp_path, java_cmd=java).start()
    try:
        agent.ok("init", tid, TXN_TIMEOUT_MS)
        consumed = agent.ok("consume", group, src, N)["records"]
        assert sorted(v for _, _, v in consumed) == sorted(f"in-{i}" for i in range(N))
        agent.ok("begin")
        agent.ok("send", out, 0, "first", N // 2)
        groups = b.server.groups
        nodes = groups.coordinator_nodes(TRANSACTION_KEY)
        old = b._sync(nodes.coordinator, tid)
        b.call(groups.move_coordinator(tid, TRANSACTION_KEY, old % 3 + 1))  # mid-transaction
        agent.ok("send", out, 0, "second", N - N // 2)
        assert agent.ok("send_offsets", group)["offsets"] == {f"{src}:0": N}
        assert committed(b, group) == {}  # pending in the transaction
        agent.ok("commit")
        assert b._sync(nodes.coordinator, tid) == old % 3 + 1 != old
        assert committed(b, group) == {f"{src}:0": N}
        plain(b, out, [SENTINEL])
        seen = agent.ok("read", out, 1, "read_committed", SENTINEL, 0, 500, READ_MS)["records"]
        assert [v for _, _, v in seen] == [*(f"first-{i}" for i in range(N // 2)),
                                          *(f"second-{i}" for i in range(N - N // 2)), SENTINEL]
    finally:
        agent.stop()
