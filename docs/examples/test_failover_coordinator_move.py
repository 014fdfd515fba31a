"""A failover test with confluent-kafka: the group coordinator moves to another broker between two commits."""

import pytest
from confluent_kafka import Consumer, KafkaException, Producer


@pytest.mark.kaflite(brokers=3)  # one kaflite, three brokers; kafka_bootstrap lists all three
def test_commits_land_through_a_coordinator_move(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=3)
    producer = Producer({"bootstrap.servers": kafka_bootstrap, "enable.idempotence": True})
    for i in range(60):
        producer.produce(topic, b"%d" % i)
    assert producer.flush(10) == 0

    consumer = Consumer({"bootstrap.servers": kafka_bootstrap, "group.id": kafka_group,
                         "auto.offset.reset": "earliest", "enable.auto.commit": False})
    consumer.subscribe([topic])
    values = []

    def read(until):
        for _ in range(200):  # bounded: at most 200 polls of 100 ms
            if len(values) >= until:
                return
            msg = consumer.poll(0.1)
            if msg is not None and msg.error() is None:
                values.append(int(msg.value()))
                for _ in range(50):  # a commit answered NOT_COORDINATOR mid-move is retriable
                    try:
                        consumer.commit(msg, asynchronous=False)
                        break
                    except KafkaException as e:
                        if not e.args[0].retriable():
                            raise

    try:
        read(30)
        before = kaflite_broker.wait_for_group(kafka_group, members=1)
        old = kaflite_broker.coordinator(kafka_group).node_id
        new = old % 3 + 1
        kaflite_broker.move_coordinator(kafka_group, new)      # the old broker has resigned when this returns
        kaflite_broker.wait_for_coordinator(kafka_group, new)  # ... and the new one has loaded the group
        read(60)
        after = kaflite_broker.wait_for_group(kafka_group, members=1)
    finally:
        consumer.close()
    assert sorted(values) == list(range(60))  # nothing lost, nothing read twice
    assert after.generation == before.generation  # the group moved with its generation and members
    assert after.members[0].member_id == before.members[0].member_id
