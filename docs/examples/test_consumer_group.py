"""A consumer-group test with kafka-python: two consumers share a topic's partitions."""

import threading

from kafka import KafkaConsumer, KafkaProducer


def test_two_consumers_split_the_partitions(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=4)
    producer = KafkaProducer(bootstrap_servers=kafka_bootstrap, acks="all")
    for i in range(8):
        producer.send(topic, b"m%d" % i, partition=i % 4)
    producer.flush()
    producer.close()

    stop = threading.Event()
    all_seen = threading.Event()
    seen = []

    def consume():
        consumer = KafkaConsumer(bootstrap_servers=kafka_bootstrap, group_id=kafka_group,
                                 auto_offset_reset="earliest", heartbeat_interval_ms=100)
        # kafka-python may join before its first metadata answer and then assign nothing (a
        # leader's client-made extra rebalance follows): have the topic's metadata first.
        assert consumer.partitions_for_topic(topic)
        consumer.subscribe([topic])
        while not stop.is_set():
            for records in consumer.poll(timeout_ms=500).values():  # returns as soon as records come
                seen.extend(r.value for r in records)
                if len(seen) >= 8:
                    all_seen.set()
        consumer.close()

    threads = [threading.Thread(target=consume) for _ in range(2)]
    for t in threads:
        t.start()
    try:
        # Returns the moment the coordinator reaches Stable with both members: no sleeps, no retries.
        group = kaflite_broker.wait_for_group(kafka_group, state="Stable", members=2, timeout=20)
        assigned = sorted(tp for member in group.members for tp in member.assignment)
        assert assigned == [(topic, p) for p in range(4)]
        assert all(len(member.assignment) == 2 for member in group.members)
        assert all_seen.wait(timeout=20)  # Stable is not "consumed": wait for the records themselves
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert sorted(seen) == sorted(b"m%d" % i for i in range(8))
