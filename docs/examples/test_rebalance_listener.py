"""A rebalance-listener test with aiokafka: a second member joins, the first gives up half."""

import pytest
from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener

from kaflite.testing import assert_rebalances


class Recorder(ConsumerRebalanceListener):
    def __init__(self):
        self.assigned, self.revoked = [], []

    async def on_partitions_revoked(self, revoked):
        self.revoked.append(sorted(tp.partition for tp in revoked))

    async def on_partitions_assigned(self, assigned):
        self.assigned.append(sorted(tp.partition for tp in assigned))


@pytest.mark.asyncio
async def test_listener_sees_the_rebalance(kaflite_broker, kafka_bootstrap, kafka_topic, kafka_group):
    topic = kafka_topic(partitions=2)
    first, second = Recorder(), Recorder()
    a = AIOKafkaConsumer(bootstrap_servers=kafka_bootstrap, group_id=kafka_group, heartbeat_interval_ms=100)
    b = AIOKafkaConsumer(bootstrap_servers=kafka_bootstrap, group_id=kafka_group, heartbeat_interval_ms=100)
    await a.start()
    a.subscribe([topic], listener=first)
    try:
        await a.getmany(timeout_ms=100)  # aiokafka joins in the background; the broker tells us when
        # The client runs on this test's loop: wait without blocking it (``.aio``).
        await kaflite_broker.aio.wait_for_group(kafka_group, members=1, timeout=20)
        await b.start()
        b.subscribe([topic], listener=second)
        await b.getmany(timeout_ms=100)
        group = await kaflite_broker.aio.wait_for_group(kafka_group, members=2, timeout=20)
        for _ in range(100):  # the listeners run once each member has its SyncGroup answer
            if len(first.assigned) == 2 and second.assigned:
                break
            await b.getmany(timeout_ms=50)
    finally:
        await b.stop()
        await a.stop()

    assert first.assigned[0] == [0, 1]
    assert first.revoked[-1] == [0, 1]  # eager protocol: everything is revoked, then reassigned
    assert sorted(first.assigned[-1] + second.assigned[-1]) == [0, 1]
    assert_rebalances(group, ["Empty", "PreparingRebalance", "CompletingRebalance", "Stable",
                              "PreparingRebalance", "CompletingRebalance", "Stable"])
