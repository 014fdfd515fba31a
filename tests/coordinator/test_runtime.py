"""The async runtime: durable-before-answer (B-OFF-2, B-SYNC-2), ordering, reload on append failure,
loading (B-FIND-2, B-LOG-3), real-loop timers, restart (S8), transition waits. Every test < 2 s."""

from __future__ import annotations

import asyncio
import inspect
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from kaflite.coordinator import GroupCoordinatorConfig, GroupState, RequestContext
from kaflite.coordinator.records import Record
from kaflite.coordinator.service import GroupCoordinatorService
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import (
    HeartbeatRequest,
    JoinGroupRequest,
    ListGroupsRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
    SyncGroupRequest,
)

S = GroupState


async def handle(operation: Callable[..., Any], request: Any, version: int, ctx: RequestContext) -> Any:
    """A service method's answer (`rt.join_group`, ...), awaited when the runtime must wait for it."""
    answer = operation(request, version, ctx)
    return await answer if inspect.isawaitable(answer) else answer

CTX = RequestContext("client", "/127.0.0.1")
CONFIG = GroupCoordinatorConfig(
    group_initial_rebalance_delay_ms=0,
    group_min_session_timeout_ms=10,
    offsets_topic_num_partitions=4,
)


class MemoryLog:
    """Writer + loader over lists; `gate` holds appends back, `fail_next` makes appends raise."""

    def __init__(self) -> None:
        self.partitions: dict[int, list[Record]] = defaultdict(list)
        self.gate = asyncio.Event()
        self.gate.set()
        self.fail_next = 0
        self.appends = 0

    async def append(self, partition: int, records: list[Record]) -> None:
        await self.gate.wait()
        self.appends += 1
        if self.fail_next:
            self.fail_next -= 1
            raise OSError("disk full")
        self.partitions[partition].extend(records)

    def read(self, partition: int) -> list[Record]:
        return list(self.partitions[partition])


class FutureLog(MemoryLog):
    """The broker's writer shape (group commit, ``CoordinatorLog``): `append` writes at once and returns
    a Future that completes once the records are "durable" (the gate open); `fail_next` fails that
    Future instead (the records are not kept). The runtime chains such writes without a Task each."""

    def __init__(self) -> None:
        super().__init__()
        self._settling: set[asyncio.Task[None]] = set()

    def append(self, partition: int, records: list[Record]) -> asyncio.Future[None]:  # type: ignore[override]
        durable: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        failing = self.fail_next > 0
        self.appends += 1
        if failing:
            self.fail_next -= 1
        else:
            self.partitions[partition].extend(records)

        async def settle() -> None:
            await self.gate.wait()
            if not durable.done():
                if failing:
                    durable.set_exception(OSError("disk full"))
                else:
                    durable.set_result(None)

        task = asyncio.ensure_future(settle())
        self._settling.add(task)
        task.add_done_callback(self._settling.discard)
        return durable


# The runtime's write chain, with a coroutine writer (a Task per write) and with the broker's Future writer.
WRITERS = pytest.mark.parametrize("log_cls", [MemoryLog, FutureLog], ids=["coroutine-writer", "future-writer"])


async def started(log: MemoryLog, config: GroupCoordinatorConfig = CONFIG) -> GroupCoordinatorService:
    rt = GroupCoordinatorService.build(log, log, config)
    for p in range(config.offsets_topic_num_partitions):
        await rt.load_partition(p)
    return rt


def join_req(member_id: str = "", session: int = 10_000, rebalance: int = 10_000) -> JoinGroupRequest:
    return JoinGroupRequest(
        group_id="g",
        session_timeout_ms=session,
        rebalance_timeout_ms=rebalance,
        member_id=member_id,
        protocol_type="consumer",
        protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"sub")],
    )


def commit_req(offset: int, group: str = "g", member_id: str = "", generation: int = -1) -> OffsetCommitRequest:
    TC, PC = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition
    return OffsetCommitRequest(
        group_id=group,
        generation_id_or_member_epoch=generation,
        member_id=member_id,
        topics=[TC(name="t", partitions=[PC(partition_index=0, committed_offset=offset, committed_metadata="")])],
    )


def fetch_req(group: str = "g") -> OffsetFetchRequest:
    T = OffsetFetchRequest.OffsetFetchRequestTopic
    return OffsetFetchRequest(group_id=group, topics=[T(name="t", partition_indexes=[0])])


async def join_member(rt: GroupCoordinatorService, **kw: int) -> str:
    r = await handle(rt.join_group, join_req(**kw), 5, CTX)
    assert r.error_code == E.MEMBER_ID_REQUIRED
    return r.member_id


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


@WRITERS
async def test_b_off_2_commit_acknowledged_only_after_append(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    rt = await started(log)
    log.gate.clear()
    task = asyncio.create_task(handle(rt.offset_commit, commit_req(7), 8, CTX))
    await settle()
    assert not task.done()  # state changed, record not durable: no answer yet
    assert rt.snapshot("g").offsets[("t", 0)].offset == 7
    log.gate.set()
    resp = await asyncio.wait_for(task, 1)
    assert resp.topics[0].partitions[0].error_code == E.NONE
    assert len(log.partitions[rt.partition_for("g")]) == 1
    await rt.close()


@WRITERS
async def test_response_without_records_waits_for_earlier_writes_of_its_partition(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    rt = await started(log)
    log.gate.clear()
    commit = asyncio.create_task(handle(rt.offset_commit, commit_req(1), 8, CTX))
    await settle()
    # A request for the same partition that writes nothing still answers after the commit.
    hb = asyncio.create_task(handle(rt.heartbeat, HeartbeatRequest(group_id="g", member_id="x"), 3, CTX))
    await settle()
    assert not hb.done() and not commit.done()
    log.gate.set()
    await asyncio.wait_for(asyncio.gather(commit, hb), 1)
    assert hb.result().error_code == E.UNKNOWN_MEMBER_ID
    await rt.close()


@WRITERS
async def test_b_sync_2_assignment_released_after_group_is_stored(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    rt = await started(log)
    a, b = await join_member(rt), await join_member(rt)
    ra, rb = await asyncio.gather(
        handle(rt.join_group, join_req(a), 5, CTX), handle(rt.join_group, join_req(b), 5, CTX)
    )
    assert ra.generation_id == rb.generation_id == 1
    leader, follower = (a, b) if ra.leader == a else (b, a)
    SA = SyncGroupRequest.SyncGroupRequestAssignment
    f_sync = asyncio.create_task(
        handle(rt.sync_group, SyncGroupRequest(group_id="g", generation_id=1, member_id=follower), 3, CTX)
    )
    await settle()
    assert not f_sync.done()
    log.gate.clear()
    l_sync = asyncio.create_task(
        handle(rt.sync_group, SyncGroupRequest(
                group_id="g",
                generation_id=1,
                member_id=leader,
                assignments=[SA(member_id=leader, assignment=b"L"), SA(member_id=follower, assignment=b"F")],
            ),
            3,
            CTX,
        )
    )
    await settle()
    assert rt.snapshot("g").state is S.STABLE and not f_sync.done() and not l_sync.done()
    log.gate.set()
    fr, lr = await asyncio.wait_for(asyncio.gather(f_sync, l_sync), 1)
    assert (fr.assignment, lr.assignment) == (b"F", b"L")
    await rt.close()


@WRITERS
async def test_append_failure_fails_the_request_and_reloads_the_partition(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    rt = await started(log)
    assert (await handle(rt.offset_commit, commit_req(1), 8, CTX)).topics[0].partitions[0].error_code == E.NONE
    log.fail_next = 1
    resp = await asyncio.wait_for(handle(rt.offset_commit, commit_req(2), 8, CTX), 1)
    assert resp.topics[0].partitions[0].error_code == E.NOT_COORDINATOR
    await rt.wait_for_group("g", predicate=lambda s: s is not None and s.offsets[("t", 0)].offset == 1, timeout=1)
    fetched = await handle(rt.offset_fetch, fetch_req(), 7, CTX)
    assert fetched.topics[0].partitions[0].committed_offset == 1  # the failed commit is gone
    assert (await handle(rt.offset_commit, commit_req(3), 8, CTX)).topics[0].partitions[0].error_code == E.NONE
    await rt.close()


@WRITERS
async def test_append_failure_fails_parked_joins_of_that_partition(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    config = GroupCoordinatorConfig(
        group_initial_rebalance_delay_ms=5_000, group_min_session_timeout_ms=10, offsets_topic_num_partitions=4
    )
    rt = await started(log, config)
    m = await join_member(rt)
    parked = asyncio.create_task(handle(rt.join_group, join_req(m), 5, CTX))
    await settle()
    assert not parked.done()
    log.fail_next = 1
    commit = await handle(rt.offset_commit, commit_req(1, member_id=m, generation=0), 8, CTX)
    assert commit.topics[0].partitions[0].error_code == E.NOT_COORDINATOR  # the append failed
    resp = await asyncio.wait_for(parked, 1)
    assert resp.error_code == E.NOT_COORDINATOR  # the client rediscovers the coordinator and rejoins
    await rt.close()


async def test_b_find_2_b_log_3_group_apis_wait_while_partition_loads() -> None:
    log = MemoryLog()
    rt = await started(log)
    await handle(rt.offset_commit, commit_req(9), 8, CTX)
    p = rt.partition_for("g")
    release = asyncio.Event()

    async def slow_records() -> AsyncIterator[Record]:
        for i, rec in enumerate(log.read(p)):
            if i == 0:
                await release.wait()
            yield rec

    restarted = GroupCoordinatorService.build(log, log, CONFIG)
    assert restarted.coordinator_error("g") == E.COORDINATOR_NOT_AVAILABLE  # not owned yet
    loading = asyncio.create_task(restarted.load_partition(p, slow_records()))
    await settle()
    assert restarted.coordinator_error("g") == E.COORDINATOR_NOT_AVAILABLE
    busy = await handle(restarted.offset_commit, commit_req(10), 8, CTX)
    assert busy.topics[0].partitions[0].error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    assert (await handle(restarted.join_group, join_req(), 5, CTX)).error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    listed = await handle(restarted.list_groups, ListGroupsRequest(), 4, CTX)
    assert listed.error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    release.set()
    await asyncio.wait_for(loading, 1)
    assert restarted.coordinator_error("g") == E.NONE
    fetched = await handle(restarted.offset_fetch, fetch_req(), 7, CTX)
    assert fetched.topics[0].partitions[0].committed_offset == 9
    await rt.close()
    await restarted.close()


async def test_timers_on_a_real_loop_expire_a_silent_member() -> None:
    log = MemoryLog()
    rt = await started(log)
    m = await join_member(rt, session=100, rebalance=100)
    r = await asyncio.wait_for(handle(rt.join_group, join_req(m, 100, 100), 5, CTX), 1)  # initial-join timer
    assert r.generation_id == 1
    await handle(rt.sync_group, SyncGroupRequest(
            group_id="g",
            generation_id=1,
            member_id=m,
            assignments=[SyncGroupRequest.SyncGroupRequestAssignment(member_id=m, assignment=b"a")],
        ),
        3,
        CTX,
    )
    assert rt.snapshot("g").state is S.STABLE
    hb = await handle(rt.heartbeat, HeartbeatRequest(group_id="g", generation_id=1, member_id=m), 3, CTX)
    assert hb.error_code == E.NONE
    # No more heartbeats: the session (100 ms) runs out and the group empties (B-HB-3).
    snap = await rt.wait_for_group("g", state=S.EMPTY, timeout=1.5)
    assert snap.generation == 2
    history = [str(t.to_state) for t in rt.history("g")]
    assert history[-2:] == ["PreparingRebalance", "Empty"]
    await rt.close()


@WRITERS
async def test_s8_commit_restart_resume(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    rt = await started(log)
    m = await join_member(rt)
    r = await handle(rt.join_group, join_req(m), 5, CTX)
    await handle(rt.sync_group, SyncGroupRequest(group_id="g", generation_id=r.generation_id, member_id=m), 3, CTX)
    c = await handle(rt.offset_commit, commit_req(41, member_id=m, generation=r.generation_id), 8, CTX)
    assert c.topics[0].partitions[0].error_code == E.NONE
    before = rt.snapshot("g")
    await rt.close()
    rt2 = await started(log)  # "restart": a new runtime replays the same log
    assert rt2.snapshot("g") == before
    fetched = await handle(rt2.offset_fetch, fetch_req(), 7, CTX)
    assert fetched.topics[0].partitions[0].committed_offset == 41
    await rt2.close()


async def test_wait_for_group_and_subscribe_without_polling() -> None:
    log = MemoryLog()
    rt = await started(log)
    seen: list[str] = []
    unsubscribe = rt.subscribe(lambda t: seen.append(str(t.to_state)))
    waiter = asyncio.create_task(rt.wait_for_group("g", state="CompletingRebalance", members=2, timeout=1))
    a, b = await join_member(rt), await join_member(rt)
    await asyncio.gather(handle(rt.join_group, join_req(a), 5, CTX), handle(rt.join_group, join_req(b), 5, CTX))
    snap = await waiter
    assert len(snap.members) == 2
    assert seen[:3] == ["Empty", "PreparingRebalance", "CompletingRebalance"]
    unsubscribe()
    with pytest.raises(TimeoutError):
        await rt.wait_for_group("g", state=S.STABLE, timeout=0.05)
    await rt.close()


@WRITERS
async def test_close_answers_parked_requests(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    config = GroupCoordinatorConfig(
        group_initial_rebalance_delay_ms=5_000, group_min_session_timeout_ms=10, offsets_topic_num_partitions=4
    )
    rt = await started(log, config)
    m = await join_member(rt)
    parked = asyncio.create_task(handle(rt.join_group, join_req(m), 5, CTX))
    await settle()
    await rt.close()
    assert (await asyncio.wait_for(parked, 1)).error_code == E.COORDINATOR_NOT_AVAILABLE


async def _stable_member(rt: GroupCoordinatorService, session: int = 10_000) -> str:
    m = await join_member(rt, session=session, rebalance=session)
    r = await handle(rt.join_group, join_req(m, session, session), 5, CTX)
    await handle(rt.sync_group, SyncGroupRequest(group_id="g", generation_id=r.generation_id, member_id=m,
                         assignments=[SyncGroupRequest.SyncGroupRequestAssignment(member_id=m, assignment=b"a")]),
        3, CTX)
    assert rt.snapshot("g").state is S.STABLE
    return m


@WRITERS
async def test_answers_that_need_no_write_come_back_inline_and_writes_stay_awaitable(log_cls: type[MemoryLog]) -> None:
    """`call` returns a heartbeat's answer itself (no Future, no Task); a commit still waits for its
    append (B-OFF-2), and a heartbeat behind an unfinished write of its partition waits for it too: both
    as a Future (no Task), which the connection answers from its done callback."""
    log = log_cls()
    rt = await started(log)
    m = await _stable_member(rt)
    hb = HeartbeatRequest(group_id="g", generation_id=1, member_id=m)
    inline = rt.heartbeat(hb, 3, CTX)
    assert not asyncio.iscoroutine(inline) and inline.error_code == E.NONE
    log.gate.clear()
    commit = rt.offset_commit(commit_req(5, member_id=m, generation=1), 8, CTX)
    assert isinstance(commit, asyncio.Future)
    behind = rt.heartbeat(hb, 3, CTX)  # ordered after the commit's write
    assert isinstance(behind, asyncio.Future)
    pending = asyncio.gather(commit, behind)
    await asyncio.sleep(0.01)
    assert not pending.done()
    log.gate.set()
    committed, hb_answer = await asyncio.wait_for(pending, 1)
    assert committed.topics[0].partitions[0].error_code == E.NONE and hb_answer.error_code == E.NONE
    await rt.close()


async def test_b_hb_1_heartbeats_move_the_deadline_without_rearming_and_expiry_still_follows() -> None:
    """A heartbeat pushes the member's deadline (B-HB-1) but keeps the armed loop handle; when that
    handle fires early it re-arms for the new deadline, and silence still expires the member (B-HB-3)."""
    log = MemoryLog()
    rt = await started(log)
    m = await _stable_member(rt, session=500)  # each 50 ms gap may stretch 9x on a loaded machine
    key = next(k for k in rt.shard.scheduled_timers() if k.startswith("heartbeat-"))
    armed = rt.runtime._handles[key]
    hb = HeartbeatRequest(group_id="g", generation_id=1, member_id=m)
    for _ in range(12):  # 600 ms of heartbeats: past the first deadline, never expired
        await asyncio.sleep(0.05)
        assert rt.heartbeat(hb, 3, CTX).error_code == E.NONE
        assert rt.shard.timer_deadline(key) > armed[1]
    assert rt.snapshot("g").state is S.STABLE
    assert rt.runtime._handles[key] is not armed  # the first handle fired early and re-armed
    snap = await rt.wait_for_group("g", state=S.EMPTY, timeout=5)
    assert snap is not None and snap.generation == 2
    await rt.close()


@WRITERS
async def test_writes_queued_behind_a_failed_append_are_dropped_and_the_partition_reloads(
        log_cls: type[MemoryLog]) -> None:
    """Two commits of one partition in flight, the first append fails: both are answered
    NOT_COORDINATOR (the second's state change was made on state the reload discards), the partition
    is replayed from the log, and the next commit lands."""
    log = log_cls()
    rt = await started(log)
    assert (await handle(rt.offset_commit, commit_req(1), 8, CTX)).topics[0].partitions[0].error_code == E.NONE
    log.gate.clear()
    log.fail_next = 1
    first = asyncio.ensure_future(handle(rt.offset_commit, commit_req(2), 8, CTX))
    second = asyncio.ensure_future(handle(rt.offset_commit, commit_req(3), 8, CTX))
    await settle()
    assert not first.done() and not second.done()
    log.gate.set()
    answers = await asyncio.wait_for(asyncio.gather(first, second), 1)
    assert [a.topics[0].partitions[0].error_code for a in answers] == [E.NOT_COORDINATOR, E.NOT_COORDINATOR]
    await rt.wait_for_group("g", predicate=lambda s: s is not None and s.offsets[("t", 0)].offset in (1, 3),
                            timeout=1)
    assert (await handle(rt.offset_commit, commit_req(4), 8, CTX)).topics[0].partitions[0].error_code == E.NONE
    fetched = await handle(rt.offset_fetch, fetch_req(), 7, CTX)
    assert fetched.topics[0].partitions[0].committed_offset == 4
    await rt.close()


@WRITERS
async def test_close_with_writes_in_flight_answers_them_and_later_durability_is_harmless(
        log_cls: type[MemoryLog]) -> None:
    loop = asyncio.get_running_loop()
    errors: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    try:
        log = log_cls()
        rt = await started(log)
        log.gate.clear()
        commit = asyncio.ensure_future(handle(rt.offset_commit, commit_req(5), 8, CTX))
        await settle()
        await rt.close()
        answer = await asyncio.wait_for(commit, 1)
        assert answer.topics[0].partitions[0].error_code == E.COORDINATOR_NOT_AVAILABLE
        log.gate.set()  # the append becomes durable after the runtime closed
        await settle()
        assert errors == []
    finally:
        loop.set_exception_handler(None)
