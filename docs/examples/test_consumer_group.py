"""A consumer-group test with kafka-python: a second consumer joins and takes half the partitions."""

import threading

from kafka import KafkaConsumer, KafkaProducer


def test_a_second_consumer_takes_half(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=4)
    producer = KafkaProducer(bootstrap_servers=kafka_bootstrap, acks="all")
    for i in range(8):
        producer.send(topic, b"m%d" % i, partition=i % 4)
    producer.flush()
    producer.close()

    stop = threading.Event()
    all_seen = threading.Event()
    seen = set()

    def consume():
        consumer = KafkaConsumer(bootstrap_servers=kafka_bootstrap, group_id=kafka_group, auto_offset_reset="earliest",
                                 session_timeout_ms=6000, heartbeat_interval_ms=100)
        consumer.subscribe([topic])
        # Have the topic's metadata before the first poll() joins (see the pitfalls above): a leader that
        # assigns without it rejoins on its own when it lands, and kafka-python 3.0.12 can lose that rejoin.
        assert topic in consumer.topics()
        while not stop.is_set():
            for records in consumer.poll(timeout_ms=500).values():  # returns as soon as records come
                seen.update(r.value for r in records)
                if len(seen) == 8:
                    all_seen.set()
        consumer.close()

    first, second = threading.Thread(target=consume), threading.Thread(target=consume)
    first.start()
    try:
        # Returns the moment the coordinator reaches Stable: no sleeps, no retries.
        group = kaflite_broker.wait_for_group(kafka_group, state="Stable", members=1, timeout=20)
        assert sorted(group.members[0].assignment) == [(topic, p) for p in range(4)]
        assert all_seen.wait(timeout=20)  # Stable is not "consumed": wait for the records themselves

        second.start()
        group = kaflite_broker.wait_for_group(kafka_group, state="Stable", members=2, timeout=20)
        assert sorted(tp for member in group.members for tp in member.assignment) == [(topic, p) for p in range(4)]
        assert all(len(member.assignment) == 2 for member in group.members)
    finally:
        stop.set()
        for t in (first, second):
            if t.is_alive():
                t.join()
