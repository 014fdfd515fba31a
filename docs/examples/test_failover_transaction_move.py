"""A failover test with confluent-kafka: the transaction coordinator moves in the middle of a transaction."""

import pytest
from confluent_kafka import Consumer, Producer


@pytest.mark.kaflite(brokers=3)
def test_a_transaction_commits_on_the_new_coordinator(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=2)
    tid = f"{topic}-tx"
    producer = Producer({"bootstrap.servers": kafka_bootstrap, "transactional.id": tid})
    producer.init_transactions(10)
    producer.begin_transaction()
    for i in range(20):
        producer.produce(topic, b"%d" % i, partition=i % 2)
    producer.flush(10)

    old = kaflite_broker.coordinator(tid, key_type="transaction").node_id
    kaflite_broker.move_coordinator(tid, old % 3 + 1, key_type="transaction")  # mid-transaction
    for i in range(20, 40):
        producer.produce(topic, b"%d" % i, partition=i % 2)
    producer.commit_transaction(30)  # finds the new coordinator, which completes it
    assert kaflite_broker.transaction(tid).state == "CompleteCommit"

    consumer = Consumer({"bootstrap.servers": kafka_bootstrap, "group.id": kafka_group,
                         "auto.offset.reset": "earliest", "isolation.level": "read_committed"})
    consumer.subscribe([topic])
    values = []
    try:
        for _ in range(200):  # bounded: at most 200 polls of 100 ms
            msg = consumer.poll(0.1)
            if msg is not None and msg.error() is None:
                values.append(int(msg.value()))
            if len(values) == 40:
                break
    finally:
        consumer.close()
    assert sorted(values) == list(range(40))  # every record of the committed transaction, once
