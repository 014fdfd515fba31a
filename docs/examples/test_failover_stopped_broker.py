"""A failover test with kafka-python: the partition's leader is stopped mid-run, then started and made leader again."""

import pytest
from kafka import KafkaConsumer, KafkaProducer, TopicPartition


@pytest.mark.kaflite(brokers=3)
def test_idempotent_producer_across_a_stopped_leader(kaflite_broker, kafka_bootstrap, kafka_topic):
    topic = kafka_topic(partitions=1)
    producer = KafkaProducer(bootstrap_servers=kafka_bootstrap, enable_idempotence=True, acks="all")
    for i in range(50):
        producer.send(topic, b"%d" % i)
    producer.flush(10)

    leader = kaflite_broker.leader(topic, 0)           # who leads partition 0, at which leader epoch
    kaflite_broker.stop_broker(leader.leader)          # its leaderships move to live brokers
    moved = kaflite_broker.leader(topic, 0)
    assert moved.leader != leader.leader and moved.leader_epoch == leader.leader_epoch + 1
    for i in range(50, 100):                            # the producer finds the new leader on its own
        producer.send(topic, b"%d" % i)
    producer.flush(10)

    kaflite_broker.start_broker(leader.leader)          # back on its port, leading nothing ...
    kaflite_broker.move_leader(topic, 0, leader.leader)  # ... until a leader is moved back to it
    for i in range(100, 150):
        producer.send(topic, b"%d" % i)
    producer.flush(10)
    producer.close()

    consumer = KafkaConsumer(bootstrap_servers=kafka_bootstrap, auto_offset_reset="earliest",
                             consumer_timeout_ms=10_000)
    consumer.assign([TopicPartition(topic, 0)])
    values = []
    for record in consumer:  # ends 10 s after the last record
        values.append(int(record.value))
        if len(values) == 150:
            break
    consumer.close()
    assert values == list(range(150))  # every record once, in order: no OutOfOrderSequence, no duplicate
