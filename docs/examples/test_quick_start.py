"""The README's quick start: the fixtures, a wait driven by the coordinator, the history."""

from confluent_kafka import Consumer

from kaflite.testing import assert_rebalances


def test_one_consumer_gets_every_partition(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=3)
    consumer = Consumer({"bootstrap.servers": kafka_bootstrap, "group.id": kafka_group})
    consumer.subscribe([topic])
    try:
        consumer.poll(0.5)  # librdkafka joins the group on its own threads
        group = kaflite_broker.wait_for_group(kafka_group, state="Stable", members=1, timeout=20)
        assert group.members[0].assignment == ((topic, 0), (topic, 1), (topic, 2))
        assert_rebalances(group, ["Empty", "PreparingRebalance", "CompletingRebalance", "Stable"])
    finally:
        consumer.close()
