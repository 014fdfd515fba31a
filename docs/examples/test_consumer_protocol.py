"""A KIP-848 consumer group (confluent-kafka, group.protocol=consumer): epochs, member states, fencing."""

import threading

import pytest
from confluent_kafka import Consumer


# The coordinator tells members how often to heartbeat (Kafka's default 5 s, the kit's 500 ms): shorter
# still here, so the fenced member hears of it sooner. A KIP-848 client reconciles on its heartbeats.
@pytest.mark.kaflite(config={"group.consumer.heartbeat.interval.ms": 200})
def test_fenced_member_rejoins(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=4)
    stop = threading.Event()

    def consume(client_id):
        # The broker assigns (KIP-848): no partition.assignment.strategy, no session.timeout.ms.
        consumer = Consumer({"bootstrap.servers": kafka_bootstrap, "group.id": kafka_group,
                             "group.protocol": "consumer", "client.id": client_id})
        consumer.subscribe([topic])
        while not stop.is_set():
            consumer.poll(0.1)  # the client reconciles (revokes, takes partitions) inside poll
        consumer.close()

    threads = [threading.Thread(target=consume, args=(f"c{i}",)) for i in range(2)]
    for t in threads:
        t.start()
    try:
        # Stable: every member reached the target assignment of the group's current epoch.
        # Epoch 1: the first member joined; epoch 2: the second one.
        group = kaflite_broker.wait_for_group(kafka_group, state="Stable", members=2, epoch=2, timeout=30)
        assert group.group_type == "consumer" and group.assignment_epoch == 2
        assert all(m.member_epoch == 2 and m.member_state == "STABLE" for m in group.members)
        assert sorted(tp for m in group.members for tp in m.assignment) == [(topic, p) for p in range(4)]

        # Fence one member: it is removed at once (epoch 3), its next heartbeat answers
        # UNKNOWN_MEMBER_ID, and the client rejoins with epoch 0 (epoch 4).
        fenced = group.members[0].member_id
        assert kaflite_broker.fence_member(kafka_group, fenced)
        group = kaflite_broker.wait_for_group(kafka_group, state="Stable", members=2, epoch=4, timeout=30)
        assert group.epochs[-3:] == [2, 3, 4]
        assert any(f"member {fenced} fenced" in t.reason for t in group.history)

        # Every step, read from the group's records: epochs, and the fenced member's way back.
        history = kaflite_broker.epoch_history(kafka_group)
        assert history.group_epochs == [1, 2, 3, 4] and history.left == [fenced]
        assert history.member_states(fenced)[-1] == (4, "STABLE")
    finally:
        stop.set()
        for t in threads:
            t.join()
