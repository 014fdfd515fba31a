"""An exactly-once-ish test with kafka-python: commit after processing, crash, resume.

Commit only what was processed; after a broker crash the group resumes from the last commit:
nothing is lost, and nothing before the commit is delivered twice.
"""

import pytest
from kafka import KafkaConsumer, KafkaProducer, TopicPartition
from kafka.structs import OffsetAndMetadata


def consume(bootstrap, topic, group, count):
    """Process ``count`` messages, committing after each one is processed."""
    consumer = KafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=group, enable_auto_commit=False,
                             auto_offset_reset="earliest", max_poll_records=1)
    consumer.topics()  # the topic's metadata before the first poll() joins: see the pitfalls above
    processed = []
    try:
        for _ in range(100):  # bounded: at most ~50 s
            for tp, records in consumer.poll(timeout_ms=500).items():  # not shorter: see the pitfalls above
                for r in records:
                    processed.append(r.value)  # "process" it, then commit the next position
                    consumer.commit({TopicPartition(tp.topic, tp.partition): OffsetAndMetadata(r.offset + 1, "", -1)})
            if len(processed) >= count:
                return processed
    finally:
        consumer.close()
    raise AssertionError(f"processed only {len(processed)} of {count}")


@pytest.mark.kaflite(scope="function")
def test_no_loss_no_duplicates_after_a_crash(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=1)
    producer = KafkaProducer(bootstrap_servers=kafka_bootstrap, acks="all")
    for i in range(10):
        producer.send(topic, b"%d" % i).get(timeout=10)
    producer.close()

    first = consume(kafka_bootstrap, topic, kafka_group, 4)
    assert kaflite_broker.group(kafka_group).offsets[(topic, 0)].offset == 4

    kaflite_broker.crash()
    kaflite_broker.start()

    rest = consume(kafka_bootstrap, topic, kafka_group, 6)
    assert first + rest == [b"%d" % i for i in range(10)]  # no loss, no duplicates
    assert kaflite_broker.group(kafka_group).offsets[(topic, 0)].offset == 10
