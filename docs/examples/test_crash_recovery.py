"""A crash-recovery test with confluent-kafka: kill -9 the broker, start it on the same port."""

import pytest
from confluent_kafka import Consumer, Producer


@pytest.mark.kaflite(scope="function", mode="process")  # a private broker in a child process
def test_acknowledged_messages_survive_a_crash(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=1)
    producer = Producer({"bootstrap.servers": kafka_bootstrap, "acks": "all"})
    for i in range(100):
        producer.produce(topic, b"%d" % i)
    assert producer.flush(10) == 0  # every message acknowledged

    kaflite_broker.crash()  # SIGKILL: no clean shutdown
    kaflite_broker.start()  # same port, same data; the logs are recovered

    consumer = Consumer({"bootstrap.servers": kafka_bootstrap, "group.id": kafka_group,
                         "auto.offset.reset": "earliest"})
    consumer.subscribe([topic])
    values = []
    try:
        for _ in range(200):  # bounded: at most 200 polls of 100 ms
            msg = consumer.poll(0.1)
            if msg is not None and msg.error() is None:
                values.append(int(msg.value()))
            if len(values) == 100:
                break
    finally:
        consumer.close()
    assert values == list(range(100))
