"""The runtime's tools with KIP-848 consumer groups: waits by any group type's state name and by
group epoch, session expiry found through the timer registry, and fencing. A manual clock: no
timer fires on its own, every step is the test's."""

from __future__ import annotations

import asyncio

import pytest

from kaflite.clock import ManualClock
from kaflite.coordinator import GroupState, RequestContext
from kaflite.coordinator.consumer.group import ConsumerGroupState
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.service import GroupCoordinatorService
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse
from tests.coordinator.consumer_harness import TP, topic_id
from tests.coordinator.test_runtime import CONFIG, MemoryLog, handle, join_member

CTX = RequestContext("client", "/127.0.0.1")


async def started() -> tuple[GroupCoordinatorService, ManualClock]:
    log = MemoryLog()
    clock = ManualClock()
    image = MetadataImage()
    image.put("t", topic_id("t"), 4)
    rt = GroupCoordinatorService.build(log, log, CONFIG, clock=clock, metadata=image)
    for p in range(CONFIG.offsets_topic_num_partitions):
        await rt.load_partition(p)
    return rt, clock


async def heartbeat(rt: GroupCoordinatorService, member_id: str, epoch: int,
                    owned: list[int] | None = None) -> ConsumerGroupHeartbeatResponse:
    joining = epoch == 0
    req = ConsumerGroupHeartbeatRequest(
        group_id="g", member_id=member_id, member_epoch=epoch, rebalance_timeout_ms=30_000 if joining else -1,
        subscribed_topic_names=["t"] if joining else None,
        topic_partitions=[] if joining else None if owned is None else [TP(topic_id=topic_id("t"), partitions=owned)])
    resp: ConsumerGroupHeartbeatResponse = await handle(rt.consumer_group_heartbeat, req, 1, CTX)
    assert resp.error_code == E.NONE, resp
    return resp


def owned(resp: ConsumerGroupHeartbeatResponse) -> list[int]:
    assert resp.assignment is not None
    return sorted(p for tp in resp.assignment.topic_partitions for p in tp.partitions)


async def reconcile(rt: GroupCoordinatorService, epochs: dict[str, int], holding: dict[str, list[int]]) -> None:
    """Heartbeat every member with what it holds until none has anything left to do (at most 6 rounds)."""
    for _ in range(6):
        for m in sorted(epochs):
            r = await heartbeat(rt, m, epochs[m], holding[m])
            epochs[m] = r.member_epoch
            if r.assignment is not None:
                holding[m] = owned(r)
        snap = rt.snapshot("g")
        if snap is not None and str(snap.state) == "Stable":
            return


async def stable_pair(rt: GroupCoordinatorService) -> None:
    """Two members reconciled to group epoch 2 (m1 joins at epoch 1, m2 at 2; m1 revokes half)."""
    r1 = await heartbeat(rt, "m1", 0)
    r2 = await heartbeat(rt, "m2", 0)
    await reconcile(rt, {"m1": r1.member_epoch, "m2": r2.member_epoch}, {"m1": owned(r1), "m2": owned(r2)})


async def test_wait_for_consumer_group_by_state_name_and_epoch() -> None:
    rt, _ = await started()
    waiter = asyncio.create_task(rt.wait_for_group("g", state="Stable", members=2, epoch=2, timeout=1))
    await stable_pair(rt)
    snap = await waiter
    assert snap is not None and snap.group_type == "consumer" and snap.assignment_epoch == 2
    assert snap.state is ConsumerGroupState.STABLE
    # The enum works as before, and generation= is the same number as epoch=.
    assert await rt.wait_for_group("g", state=ConsumerGroupState.STABLE, generation=2, timeout=0.1) == snap
    with pytest.raises(ValueError, match="unknown group state"):
        await rt.wait_for_group("g", state="Stabel", timeout=0.1)
    with pytest.raises(ValueError, match="same number"):
        await rt.wait_for_group("g", generation=1, epoch=2, timeout=0.1)
    await rt.close()


async def test_wait_for_reconciling_then_stable() -> None:
    rt, _ = await started()
    r1 = await heartbeat(rt, "m1", 0)
    assert owned(r1) == [0, 1, 2, 3]
    await heartbeat(rt, "m2", 0)  # epoch 2: m1 must give up two partitions first
    snap = await rt.wait_for_group("g", state="Reconciling", epoch=2, timeout=0.1)
    assert snap is not None and snap.assignment_epoch == 2
    m1 = {m.member_id: m for m in snap.members}["m1"]
    assert m1.member_epoch == 1 and len(m1.assigned_partitions["t"]) == 4 and len(m1.target_assignment["t"]) == 2
    await reconcile(rt, {"m1": 1, "m2": 2}, {"m1": [0, 1, 2, 3], "m2": []})
    snap = await rt.wait_for_group("g", state="Stable", members=2, epoch=2, timeout=0.5)
    assert snap is not None
    assigned = sorted(p for m in snap.members for p in m.assigned_partitions["t"])
    assert assigned == [0, 1, 2, 3] and all(len(m.assigned_partitions["t"]) == 2 for m in snap.members)
    assert all(m.member_epoch == 2 and m.member_state == "STABLE" for m in snap.members)
    assert "Reconciling" in [str(t.to_state) for t in rt.history("g")]
    await rt.close()


async def test_expire_consumer_member_through_the_timer_registry() -> None:
    rt, _ = await started()
    await heartbeat(rt, "m1", 0)
    await heartbeat(rt, "m2", 0)
    assert rt.expire_member("g", "m2")
    snap = await rt.wait_for_group("g", members=1, epoch=3, timeout=0.5)
    assert snap is not None and [m.member_id for m in snap.members] == ["m1"]
    assert not rt.expire_member("g", "m2")  # gone: no session timer any more
    assert not rt.expire_member("g", "nobody")
    req = ConsumerGroupHeartbeatRequest(group_id="g", member_id="m2", member_epoch=2)
    resp = await handle(rt.consumer_group_heartbeat, req, 1, CTX)
    assert resp.error_code == E.UNKNOWN_MEMBER_ID
    await rt.close()


async def test_fence_consumer_member_bumps_the_group_epoch() -> None:
    rt, _ = await started()
    await stable_pair(rt)
    before = rt.snapshot("g")
    assert before is not None and before.generation == 2
    assert rt.fence_member("g", "m1")
    snap = await rt.wait_for_group("g", members=1, epoch=3, timeout=0.5)
    assert snap is not None and [m.member_id for m in snap.members] == ["m2"]
    assert not rt.fence_member("g", "m1")
    resp = await handle(rt.consumer_group_heartbeat,
                        ConsumerGroupHeartbeatRequest(group_id="g", member_id="m1", member_epoch=2), 1, CTX)
    assert resp.error_code == E.UNKNOWN_MEMBER_ID  # it must rejoin at epoch 0
    await rt.close()


async def test_fence_and_expire_of_classic_members() -> None:
    rt, _ = await started()
    a = await join_member(rt)
    assert rt.fence_member("g", a)  # classic: the same as expire
    snap = await rt.wait_for_group("g", state=GroupState.EMPTY, timeout=0.5)
    assert snap is not None and not snap.members
    assert not rt.fence_member("g", a)
    assert not rt.fence_member("nogroup", "m")
    await rt.close()
