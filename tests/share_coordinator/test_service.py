"""ShareCoordinatorService on the coordinator runtime, over the in-memory logs of tests/coordinator/test_runtime.py:
an answer waits for its record to be durable (SC-LOG-1), a failed append answers NOT_COORDINATOR and reloads the
partition from the log (SC-RP-1), multi-key requests are split per key and gathered, reads wait for earlier
writes, topic deletion tombstones (SC-DEL-2), the cold-snapshot task runs as a runtime timer (SC-HK-1)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import pytest

from kaflite.clock import ManualClock
from kaflite.protocol.errors import ErrorCode as E
from kaflite.share_coordinator.batches import StateBatch as B
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.messages import (
    DeleteShareGroupStateRequest,
    InitializeShareGroupStateRequest,
    ReadShareGroupStateRequest,
    ReadShareGroupStateSummaryRequest,
    WriteShareGroupStateRequest,
)
from kaflite.share_coordinator.records import SharePartitionKey, decode_record
from kaflite.share_coordinator.service import ShareCoordinatorService
from kaflite.share_coordinator.shard import COLD_SNAPSHOT_TIMER
from tests.coordinator.test_runtime import FutureLog, MemoryLog
from tests.share_coordinator.harness import T1, T2, TOPICS, init_req, read_req, write_req

PARTITIONS = 3
WRITERS = pytest.mark.parametrize("log_cls", [MemoryLog, FutureLog], ids=["coroutine-writer", "future-writer"])


async def answer(x: Any) -> Any:
    return await x if inspect.isawaitable(x) else x


def build(log: MemoryLog, clock: ManualClock | None = None, **config: int) -> ShareCoordinatorService:
    cfg = ShareCoordinatorConfig(share_coordinator_state_topic_num_partitions=PARTITIONS, **config)
    return ShareCoordinatorService.build(log, log, cfg, topic_partitions=TOPICS.get, clock=clock or ManualClock())


async def started(log: MemoryLog, clock: ManualClock | None = None, **config: int) -> ShareCoordinatorService:
    svc = build(log, clock, **config)
    for p in range(PARTITIONS):
        await svc.load_partition(p)
    return svc


def first(resp: Any) -> Any:
    return resp.results[0].partitions[0]


def start_offset(svc: ShareCoordinatorService, key: SharePartitionKey) -> int | None:
    s = svc.shard.state(key)
    return None if s is None else s.start_offset


KEY = SharePartitionKey("g", T1, 0)


@WRITERS
async def test_sc_log_1_an_answer_waits_for_its_record_to_be_durable(log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    svc = await started(log)
    log.gate.clear()
    pending = asyncio.ensure_future(answer(svc.initialize_state(init_req(start_offset=5))))
    await asyncio.sleep(0.05)
    assert not pending.done()  # appended (or queued), not durable: not answered
    log.gate.set()
    assert first(await asyncio.wait_for(pending, 5)).error_code == E.NONE
    records = log.partitions[svc.partition_for("g", T1, 0)]
    assert [decode_record(*r)[1] for r in records] == [KEY]
    await svc.close()


@WRITERS
async def test_sc_rp_1_a_failed_append_answers_not_coordinator_and_reloads_from_the_log(
        log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    svc = await started(log)
    assert first(await answer(svc.initialize_state(init_req(start_offset=1)))).error_code == E.NONE
    log.fail_next = 1
    part = first(await asyncio.wait_for(answer(svc.write_state(write_req(start_offset=2))), 5))
    assert part.error_code == E.NOT_COORDINATOR
    assert part.error_message == "Unable to write share group state: This is not the correct coordinator."
    # memory ran ahead of the log: the reload rebuilt it, start offset 1 is there, 2 is not
    await svc.runtime.wait_for(lambda: start_offset(svc, KEY) == 1, 5)
    assert first(await answer(svc.write_state(write_req(start_offset=3)))).error_code == E.NONE
    assert start_offset(svc, KEY) == 3
    await svc.close()


async def test_a_request_is_split_per_key_and_gathered_by_topic_in_request_order() -> None:
    log = FutureLog()
    svc = await started(log)
    R = InitializeShareGroupStateRequest
    req = R("g", [R.InitializeStateData(T1, [R.PartitionData(p, 0, 10 * p) for p in range(4)]),
                  R.InitializeStateData(T2, [R.PartitionData(1, 0, 7), R.PartitionData(5, 0, 0)])])
    resp = await answer(svc.initialize_state(req))
    assert [(r.topic_id, [(p.partition, p.error_code) for p in r.partitions]) for r in resp.results] == [
        (T1, [(0, E.NONE), (1, E.NONE), (2, E.NONE), (3, E.NONE)]),
        (T2, [(1, E.NONE), (5, E.UNKNOWN_TOPIC_OR_PARTITION)])]  # T2 has 2 partitions
    used = {p for p, records in log.partitions.items() if records}
    assert used == {svc.partition_for("g", t, p) for t, p in [(T1, 0), (T1, 1), (T1, 2), (T1, 3), (T2, 1)]}
    W = WriteShareGroupStateRequest
    resp = await answer(svc.write_state(W("g", [W.WriteStateData(T1, [
        W.PartitionData(0, 0, 0, -1, 2, [B(0, 3, 2, 1)]), W.PartitionData(3, 0, 0, -1, -1, [])])])))
    assert [p.error_code for p in resp.results[0].partitions] == [E.NONE, E.NONE]
    Rd = ReadShareGroupStateRequest
    resp = await answer(svc.read_state(Rd("g", [Rd.ReadStateData(T1, [Rd.PartitionData(0, 0), Rd.PartitionData(3, 0)]),
                                                Rd.ReadStateData(T2, [Rd.PartitionData(0, 0)])])))
    assert [[(p.error_code, p.start_offset, p.state_batches) for p in r.partitions] for r in resp.results] == [
        [(E.NONE, 0, [B(0, 3, 2, 1)]), (E.NONE, 30, [])],
        [(E.INVALID_REQUEST, 0, [])]]  # never initialized
    S = ReadShareGroupStateSummaryRequest
    resp = await answer(svc.read_state_summary(S("g", [S.ReadStateSummaryData(T1, [S.PartitionData(0, 0)])])))
    assert (first(resp).start_offset, first(resp).delivery_complete_count) == (0, 2)
    D = DeleteShareGroupStateRequest
    resp = await answer(svc.delete_state(D("g", [D.DeleteStateData(T1, [D.PartitionData(0), D.PartitionData(1)])])))
    assert [p.error_code for p in resp.results[0].partitions] == [E.NONE, E.NONE]
    assert svc.shard.state(KEY) is None and svc.shard.state(SharePartitionKey("g", T1, 2)) is not None
    await svc.close()


async def test_empty_requests_get_empty_answers_and_a_closed_coordinator_is_not_available() -> None:
    svc = await started(MemoryLog())
    W = WriteShareGroupStateRequest
    for req in (W("", [W.WriteStateData(T1, [W.PartitionData(0)])]), W("g", []), W("g", [W.WriteStateData(T1, [])])):
        assert (await answer(svc.write_state(req))).results == []
    R = InitializeShareGroupStateRequest  # Initialize alone lets a topic without partitions through (and drops it)
    resp = await answer(svc.initialize_state(R("g", [R.InitializeStateData(T1, []),
                                                     R.InitializeStateData(T2, [R.PartitionData(0, 0, 0)])])))
    assert [r.topic_id for r in resp.results] == [T2]
    await svc.close()
    resp = await answer(svc.read_state(read_req()))
    assert (first(resp).error_code, first(resp).error_message) == (E.COORDINATOR_NOT_AVAILABLE,
                                                                   "Share coordinator is not available.")
    assert (await answer(svc.write_state(W("", [W.WriteStateData(T1, [W.PartitionData(0)])])))).results == []
    D = DeleteShareGroupStateRequest  # Initialize, ReadSummary and Delete check the coordinator first
    resp = await answer(svc.delete_state(D("", [D.DeleteStateData(T1, [D.PartitionData(2)])])))
    assert (first(resp).partition, first(resp).error_code) == (2, E.COORDINATOR_NOT_AVAILABLE)
    assert svc.topic_configs()["cleanup.policy"] == "delete"


async def test_a_read_waits_for_the_earlier_writes_of_its_partition() -> None:
    """Reads run as writes (SC-READ-1): an answer never reports state the log does not hold yet."""
    log = FutureLog()
    svc = await started(log)
    await answer(svc.initialize_state(init_req(start_offset=0)))
    log.gate.clear()
    write = asyncio.ensure_future(answer(svc.write_state(write_req(start_offset=4))))
    read = asyncio.ensure_future(answer(svc.read_state(read_req())))
    await asyncio.sleep(0.05)
    assert not write.done() and not read.done()
    log.gate.set()
    assert first(await asyncio.wait_for(write, 5)).error_code == E.NONE
    assert first(await asyncio.wait_for(read, 5)).start_offset == 4
    await svc.close()


async def test_sc_rp_1_a_loading_partition_answers_load_in_progress_and_a_restart_replays_the_log() -> None:
    log = MemoryLog()
    config = {"share_coordinator_snapshot_update_records_per_snapshot": 1}
    svc = await started(log, **config)
    await answer(svc.initialize_state(init_req(state_epoch=2, start_offset=0)))
    for i in range(4):  # S1, S1, S0, S1 ...
        await answer(svc.write_state(write_req(state_epoch=2, start_offset=i, batches=[B(i, i + 5, 2, 1)])))
    before = svc.shard.state_snapshot()
    await svc.close()

    release = asyncio.Event()
    p = svc.partition_for("g", T1, 0)

    async def slow() -> Any:
        await release.wait()
        for record in log.read(p):
            yield record

    restarted = build(log, **config)
    for q in range(PARTITIONS):
        if q != p:
            await restarted.load_partition(q)
    loading = asyncio.ensure_future(restarted.runtime.load_partition(p, slow()))
    await asyncio.sleep(0)
    assert first(await answer(restarted.read_state(read_req()))).error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    release.set()
    await loading
    assert restarted.shard.state_snapshot() == before
    await restarted.close()


async def test_sc_del_2_deleted_topics_are_tombstoned_durably() -> None:
    log = FutureLog()
    svc = await started(log)
    for t, p in [(T1, 0), (T1, 1), (T2, 0)]:
        await answer(svc.initialize_state(init_req(topic=t, partition=p)))
    assert await asyncio.wait_for(svc.on_topics_deleted([T1]), 5)
    assert {k.topic_id for k in svc.shard.keys} == {T2}
    tombstones = [decode_record(*r)[1] for records in log.partitions.values() for r in records if r[1] is None]
    assert sorted(k.partition for k in tombstones) == [0, 1]
    await svc.close()


async def test_sc_hk_1_the_cold_snapshot_task_is_a_runtime_timer() -> None:
    clock = ManualClock()
    log = MemoryLog()
    svc = await started(log, clock, share_coordinator_cold_partition_snapshot_interval_ms=1_000)
    await answer(svc.initialize_state(init_req()))
    assert COLD_SNAPSHOT_TIMER in svc.runtime._handles
    clock.advance(1_000)
    n = sum(len(r) for r in log.partitions.values())
    assert svc.runtime.fire_timer(COLD_SNAPSHOT_TIMER)
    await svc.runtime.wait_for(lambda: sum(len(r) for r in log.partitions.values()) == n + 1, 5)
    state = svc.shard.state(KEY)
    assert state is not None and state.snapshot_epoch == 1 and state.write_timestamp == clock.now_ms()
    await svc.close()
