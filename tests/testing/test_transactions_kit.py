"""The test kit's view of transactions and its transaction faults, each with confluent-kafka's transactional
producer reacting as it does against Kafka; in this process and over the admin endpoint (a child process)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition

from kaflite.testing.broker import BrokerAPI

Topic = Callable[..., str]
MODES = [pytest.param("thread", marks=pytest.mark.kaflite(mode="thread")),
         pytest.param("process", marks=pytest.mark.kaflite(mode="process"))]


def producer(bootstrap: str, transactional_id: str) -> Producer:
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": transactional_id, "linger.ms": 0})
    p.init_transactions(30)
    return p


def committed_values(bootstrap: str, topic: str, expected: int, timeout: float = 15.0) -> list[bytes]:
    """What a read_committed consumer sees of the topic's first partition, once it has `expected` records or the
    log end (bounded)."""
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": f"reader-{time.monotonic_ns()}",
                  "isolation.level": "read_committed", "enable.auto.commit": False, "fetch.wait.max.ms": 50})
    c.assign([TopicPartition(topic, 0, 0)])
    seen: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        while len(seen) < expected and time.monotonic() < deadline:
            m = c.poll(0.1)
            if m is not None and m.error() is None:
                seen.append(m.value())
    finally:
        c.close()
    return seen


@pytest.mark.parametrize("mode", MODES)
def test_time_out_transaction_aborts_it_and_fences_the_producer(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                                kafka_bootstrap: str, mode: str) -> None:
    topic, tid = kafka_topic(1), f"timeout-{mode}"
    p = producer(kafka_bootstrap, tid)
    p.begin_transaction()
    p.produce(topic, b"lost", partition=0)
    p.flush(10)
    tx = kaflite_broker.transaction(tid)
    assert tx is not None and tx.state == "Ongoing" and tx.partitions == ((topic, 0),)
    assert [t.transactional_id for t in kaflite_broker.transactions()] == [tid]
    assert kaflite_broker.time_out_transaction(tid) is True
    aborted = kaflite_broker.wait_for_transaction(tid, "CompleteAbort", timeout=10)
    assert aborted.producer_epoch == tx.producer_epoch + 1  # TX-TO-1: fenced
    with pytest.raises(KafkaException):
        p.commit_transaction(10)
    assert committed_values(kafka_bootstrap, topic, 1, timeout=1.0) == []


@pytest.mark.kaflite(scope="function")
def test_hold_txn_markers_then_restart_completes_the_commit(kaflite_broker: BrokerAPI, kafka_topic: Topic,
                                                            kafka_bootstrap: str) -> None:
    """TX-END-3: a broker that stopped between PrepareCommit and its markers completes the commit on load."""
    topic, tid = kafka_topic(1), "held"
    p = producer(kafka_bootstrap, tid)
    kaflite_broker.hold_txn_markers(tid)
    p.begin_transaction()
    for i in range(3):
        p.produce(topic, b"v%d" % i, partition=0)
    p.commit_transaction(10)  # answered after PrepareCommit
    assert kaflite_broker.wait_for_transaction(tid, "PrepareCommit", timeout=1).partitions == ((topic, 0),)
    assert committed_values(kafka_bootstrap, topic, 3, timeout=1.0) == []  # the LSO stays before the data
    kaflite_broker.crash()
    kaflite_broker.start()
    kaflite_broker.wait_for_transaction(tid, "CompleteCommit", timeout=10)
    assert committed_values(kaflite_broker.bootstrap_servers, topic, 3) == [b"v0", b"v1", b"v2"]
