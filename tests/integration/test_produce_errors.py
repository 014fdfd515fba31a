"""KIP-467 through real producers: a keyless record sent to a compacted topic fails the batch with
INVALID_RECORD, and the answer names the bad record (record_errors), so a client tells it from the
innocent records of the same batch. Nothing is written, and the connection stays up."""

from __future__ import annotations

import time

from kaflite.testing.process import ProcessBroker

TIMEOUT_S = 20
WHY = "Compacted topic cannot accept message without key in topic partition {topic}-0"


def create_compacted(bootstrap: str, topic: str) -> None:
    from kafka.admin import KafkaAdminClient, NewTopic

    admin = KafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=10_000)
    try:
        admin.create_topics([NewTopic(topic, 1, 1, topic_configs={"cleanup.policy": "compact"})])
    finally:
        admin.close()


def end_offset(bootstrap: str, topic: str) -> int:
    from kafka import KafkaConsumer, TopicPartition

    c = KafkaConsumer(bootstrap_servers=bootstrap)
    try:
        tp = TopicPartition(topic, 0)
        return int(c.end_offsets([tp])[tp])
    finally:
        c.close()


def test_kafka_python_tells_the_keyless_record_from_the_innocent_ones(broker: ProcessBroker) -> None:
    """kafka-python (Produce v8+) fails the keyless record with the broker's per-record message and its
    batch mates with "part of a batch which had invalid records": it read record_errors."""
    from kafka import KafkaProducer
    from kafka.errors import InvalidRecordError, KafkaError

    topic = "compacted-kafka-python"
    create_compacted(broker.bootstrap_servers, topic)
    p = KafkaProducer(bootstrap_servers=broker.bootstrap_servers, linger_ms=200, retries=0)
    try:
        futures = [p.send(topic, key=k, value=b"v", partition=0) for k in (b"a", None, b"c")]
        p.flush(TIMEOUT_S)
        errors: list[BaseException] = []
        for f in futures:
            try:
                f.get(TIMEOUT_S)
                errors.append(AssertionError("a record of the bad batch was written"))
            except KafkaError as e:
                errors.append(e)
        assert isinstance(errors[1], InvalidRecordError), errors
        assert WHY.format(topic=topic) in str(errors[1])
        for innocent in (errors[0], errors[2]):
            assert not isinstance(innocent, InvalidRecordError), innocent
            assert "part of a batch" in str(innocent)
        # The connection survived: a keyed record afterwards is written at offset 0.
        assert p.send(topic, key=b"k", value=b"v", partition=0).get(TIMEOUT_S).offset == 0
    finally:
        p.close()
    assert end_offset(broker.bootstrap_servers, topic) == 1


def test_confluent_kafka_fails_the_batch_with_invalid_record(broker: ProcessBroker) -> None:
    """librdkafka fails every message of the batch with INVALID_RECORD, as permanent (no retry loop),
    and keeps producing on the same connection."""
    from confluent_kafka import KafkaError, Producer

    topic = "compacted-confluent"
    create_compacted(broker.bootstrap_servers, topic)
    p = Producer({"bootstrap.servers": broker.bootstrap_servers, "linger.ms": 200, "message.timeout.ms": 15_000})
    reports: list[tuple[bytes | None, KafkaError | None]] = []
    for k in (b"a", None, b"c"):
        p.produce(topic, key=k, value=b"v", partition=0, on_delivery=lambda err, m: reports.append((m.key(), err)))
    assert p.flush(TIMEOUT_S) == 0
    assert [k for k, _ in reports] == [b"a", None, b"c"]
    for _, err in reports:
        assert err is not None and err.code() == KafkaError.INVALID_RECORD and not err.retriable(), err
    after: list[KafkaError | None] = []
    p.produce(topic, key=b"k", value=b"v", partition=0, on_delivery=lambda err, m: after.append(err))
    deadline = time.monotonic() + TIMEOUT_S
    while not after and time.monotonic() < deadline:
        p.poll(0.1)
    assert after == [None]
    assert end_offset(broker.bootstrap_servers, topic) == 1
