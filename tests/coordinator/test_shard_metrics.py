"""The shard's counters (Kafka's GroupCoordinatorMetricsShard sensors) move exactly where Kafka records them.

``/metrics`` serves them as ``kafka_server_group_coordinator_metrics_*_count``; the broker-level test
(tests/broker/test_metrics.py) drives them with real clients, this one with a ManualClock for the
paths a client run does not reach in a test's time: offset expiry, OffsetDelete, rebalance durations.
"""

from __future__ import annotations

from kaflite.coordinator import RequestContext
from kaflite.coordinator.context import REBALANCE_MS_BUCKETS
from kaflite.protocol.messages import ConsumerProtocolSubscription, OffsetDeleteRequest
from tests.coordinator.harness import Harness

MINUTE = 60_000


def test_commits_expirations_deletions_and_completed_rebalances_are_counted() -> None:
    h = Harness(offsets_retention_minutes=10, offsets_retention_check_interval_ms=MINUTE)
    m = h.coord.ctx.metrics
    sub = b"\x00\x01" + ConsumerProtocolSubscription(topics=["orders"]).encode(1)
    ids = h.form_group(1, protocols=[("range", sub)])
    assert m.classic_completed_rebalances == 1  # the leader's assignment was written
    h.commit("g", {("orders", 0): 1, ("orders", 1): 2, ("old", 0): 3}, member_id=ids[0], generation=1)
    assert m.offset_commits == 3  # one per partition
    assert h.coord.offsets.num_offsets() == 3
    T = OffsetDeleteRequest.OffsetDeleteRequestTopic
    P = OffsetDeleteRequest.OffsetDeleteRequestPartition
    h.absorb(h.coord.offset_delete(OffsetDeleteRequest(group_id="g", topics=[
        T(name="old", partitions=[P(partition_index=0)])]), 0, RequestContext(), "d"))
    assert (m.offset_deletions, h.coord.offsets.num_offsets()) == (1, 2)
    h.leave("g", (ids[0], None))
    h.advance(11 * MINUTE)  # retention passed after the group became Empty: both offsets expire
    assert m.offset_expirations == 2
    assert h.coord.offsets.num_offsets() == 0
    assert m.consumer_group_rebalances == 0


def test_a_rebalance_is_timed_from_leaving_stable_until_stable_again() -> None:
    h = Harness()
    m = h.coord.ctx.metrics
    ids = h.form_group(1)  # Empty -> PreparingRebalance -> CompletingRebalance -> Stable, no time passing
    newcomer = h.join_new("g")  # a second member: the group rebalances, the newcomer's join is parked
    h.clock.advance(700)
    leader_join = h.join("g", ids[0])  # the leader rejoins 700 ms later: the join phase completes
    h.advance(0)
    joined = [h.responses[newcomer], h.responses[leader_join]]
    gen, leader = joined[0].generation_id, joined[0].leader
    h.clock.advance(300)
    h.sync("g", leader, gen, {r.member_id: b"a" for r in joined})
    for r in joined:
        if r.member_id != leader:
            h.sync("g", r.member_id, gen)
    cells = m.rebalance_ms["classic"]
    assert sum(cells[:-1]) == 2  # the first forming (0 ms) and this one
    assert cells[-1] == 1_000  # 700 ms waiting for the rejoin + 300 ms for the assignment
    assert cells[0] == 1 and cells[REBALANCE_MS_BUCKETS.index(1_000)] == 1
    assert m.classic_completed_rebalances == 2
    assert not m.rebalance_started  # nothing left behind once Stable
