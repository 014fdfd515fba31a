"""Issue 34 item 3's rule for every leader-only request (PartitionLeaders.check, as Kafka's Partition.getLocalLog):
the request's current leader epoch is judged first (KIP-320), then whether the broker leads; KIP-951's current
leader is -1 while no running broker leads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.broker.context import BrokerContext
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode

E = ErrorCode


@pytest.fixture
def context(tmp_path: Path) -> Iterator[BrokerContext]:
    ctx = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path), port=0, brokers=3), ManualClock(0))
    ctx.logs.create_topic("t", 1, {})
    try:
        yield ctx
    finally:
        ctx.logs.close()
        ctx.cluster_metadata.close()


async def test_the_epoch_is_judged_before_the_leader(context: BrokerContext) -> None:
    leaders = context.leaders
    leader = leaders.leader("t", 0)
    other = next(n for n in (1, 2, 3) if n != leader)
    assert leaders.check(leader, "t", 0) == E.NONE
    assert leaders.check(other, "t", 0) == E.NOT_LEADER_OR_FOLLOWER
    await leaders.move_leader("t", 0, other)
    assert leaders.check(other, "t", 0, 1) == E.NONE
    assert leaders.check(leader, "t", 0, 0) == E.FENCED_LEADER_EPOCH  # stale: fenced, even at a follower
    assert leaders.check(leader, "t", 0, 2) == E.UNKNOWN_LEADER_EPOCH
    assert leaders.check(leader, "t", 0, 1) == E.NOT_LEADER_OR_FOLLOWER
    assert leaders.check(leader, "nope", 0) == E.NONE  # the handler's own check answers an unknown partition
    assert leaders.current_leader("t", 0) == (other, 1)


async def test_no_running_leader_is_named_as_minus_one(context: BrokerContext) -> None:
    leaders = context.leaders
    for node in (1, 2, 3):
        await leaders.stop_broker(node)
    assert leaders.current_leader("t", 0)[0] == -1
    assert leaders.control.controller_id() == -1


def test_one_broker_checks_epochs_too(tmp_path: Path) -> None:
    ctx = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path), port=0), ManualClock(0))
    try:
        ctx.logs.create_topic("t", 1, {})
        assert ctx.leaders.check(1, "t", 0) == E.NONE
        assert ctx.leaders.check(1, "t", 0, 0) == E.NONE
        assert ctx.leaders.check(1, "t", 0, 1) == E.UNKNOWN_LEADER_EPOCH
    finally:
        ctx.logs.close()
        ctx.cluster_metadata.close()
