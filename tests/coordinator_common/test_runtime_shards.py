"""The one coordinator runtime, driven through its three services over the same in-memory log: the group coordinator
(an OffsetCommit), the transaction coordinator (a transactional InitProducerId) and the share coordinator (an
InitializeShareGroupState). Each rule holds for all:
an answer waits for its records to be durable (B-OFF-2, TX-CO-3); a failed append answers NOT_COORDINATOR and
reloads the partition from the log, so memory never runs ahead of it; a partition being loaded answers
COORDINATOR_LOAD_IN_PROGRESS; a timer fires as an operation of the shard; a closed runtime answers
COORDINATOR_NOT_AVAILABLE at once."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from kaflite.clock import ManualClock
from kaflite.coordinator import GroupCoordinatorConfig, RequestContext
from kaflite.coordinator.service import GroupCoordinatorService
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import InitProducerIdRequest, OffsetCommitRequest
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.messages import InitializeShareGroupStateRequest
from kaflite.share_coordinator.records import SharePartitionKey
from kaflite.share_coordinator.service import ShareCoordinatorService
from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.service import TransactionCoordinatorService
from tests.coordinator.test_runtime import FutureLog, MemoryLog

CTX = RequestContext("client", "/127.0.0.1")
PARTITIONS = 2


def commit(offset: int) -> OffsetCommitRequest:
    TC, PC = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition
    return OffsetCommitRequest(group_id="g", generation_id_or_member_epoch=-1, member_id="", topics=[
        TC(name="t", partitions=[PC(partition_index=0, committed_offset=offset, committed_metadata="")])])


@dataclass
class Case:
    """One coordinator on the runtime: how to build it, send its write, and read what it holds."""

    build: Callable[[MemoryLog, ManualClock], Any]
    send: Callable[[Any, int], Any]  # (service, n) -> the answer (or an awaitable of it)
    error: Callable[[Any], int]  # the answer's error code
    holds: Callable[[Any, int], bool]  # does the coordinator's memory hold write n?
    partition: Callable[[Any], int]  # the partition the write goes to


def group_case() -> Case:
    def build(log: MemoryLog, clock: ManualClock) -> GroupCoordinatorService:
        return GroupCoordinatorService.build(
            log, log, GroupCoordinatorConfig(offsets_topic_num_partitions=PARTITIONS, group_min_session_timeout_ms=10),
            clock=clock)

    def holds(svc: GroupCoordinatorService, n: int) -> bool:
        snap = svc.snapshot("g")
        return snap is not None and snap.offsets[("t", 0)].offset == n

    return Case(build, lambda svc, n: svc.offset_commit(commit(n), 8, CTX),
                lambda resp: resp.topics[0].partitions[0].error_code, holds, lambda svc: svc.partition_for("g"))


def transaction_case() -> Case:
    def build(log: MemoryLog, clock: ManualClock) -> TransactionCoordinatorService:
        return TransactionCoordinatorService.build(
            log, log, TransactionCoordinatorConfig(transaction_state_log_num_partitions=PARTITIONS), clock=clock)

    def holds(svc: TransactionCoordinatorService, n: int) -> bool:
        md = svc.shard.transaction(f"tx-{n}")
        return md is not None

    return Case(build,
                lambda svc, n: svc.init_producer_id(InitProducerIdRequest(transactional_id=f"tx-{n}",
                                                                          transaction_timeout_ms=60_000), 4),
                lambda resp: resp.error_code, holds, lambda svc: svc.partition_for("tx-1"))


def share_case() -> Case:
    """The share coordinator (SC-*): each write initializes one share-partition key at start offset n."""
    topic = bytes(range(16))

    def build(log: MemoryLog, clock: ManualClock) -> ShareCoordinatorService:
        return ShareCoordinatorService.build(
            log, log, ShareCoordinatorConfig(share_coordinator_state_topic_num_partitions=PARTITIONS),
            topic_partitions={topic: 1}.get, clock=clock)

    def send(svc: ShareCoordinatorService, n: int) -> Any:
        R = InitializeShareGroupStateRequest
        return svc.initialize_state(R("g", [R.InitializeStateData(topic, [R.PartitionData(0, 0, n)])]))

    def holds(svc: ShareCoordinatorService, n: int) -> bool:
        state = svc.shard.state(SharePartitionKey("g", topic, 0))
        return state is not None and state.start_offset == n

    return Case(build, send, lambda resp: resp.results[0].partitions[0].error_code, holds,
                lambda svc: svc.partition_for("g", topic, 0))


SHARDS = pytest.mark.parametrize("case", [group_case(), transaction_case(), share_case()],
                                 ids=["group", "transaction", "share"])
WRITERS = pytest.mark.parametrize("log_cls", [MemoryLog, FutureLog], ids=["coroutine-writer", "future-writer"])


async def answer(x: Any) -> Any:
    return await x if inspect.isawaitable(x) else x


async def started(case: Case, log: MemoryLog, clock: ManualClock | None = None) -> Any:
    svc = case.build(log, clock or ManualClock())
    for p in range(PARTITIONS):
        await svc.load_partition(p)
    return svc


@SHARDS
@WRITERS
async def test_an_answer_waits_for_its_records_to_be_durable(case: Case, log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    svc = await started(case, log)
    log.gate.clear()
    pending = asyncio.ensure_future(answer(case.send(svc, 1)))
    await asyncio.sleep(0.05)
    assert not pending.done()  # appended, not yet durable: not answered
    log.gate.set()
    assert case.error(await asyncio.wait_for(pending, 2)) == E.NONE
    assert log.partitions[case.partition(svc)]  # the records are in the log
    await svc.close()


@SHARDS
@WRITERS
async def test_a_failed_append_answers_not_coordinator_and_reloads_from_the_log(case: Case,
                                                                                log_cls: type[MemoryLog]) -> None:
    log = log_cls()
    svc = await started(case, log)
    assert case.error(await answer(case.send(svc, 1))) == E.NONE
    log.fail_next = 1
    assert case.error(await asyncio.wait_for(answer(case.send(svc, 2)), 2)) == E.NOT_COORDINATOR
    # The reload rebuilt memory from the log: write 1 is there, write 2 is not (it never reached the log).
    for _ in range(100):
        if case.holds(svc, 1):
            break
        await asyncio.sleep(0.01)
    assert case.holds(svc, 1) and not case.holds(svc, 2)
    assert case.error(await answer(case.send(svc, 3))) == E.NONE  # serving again
    await svc.close()


@SHARDS
async def test_a_loading_partition_answers_load_in_progress_then_serves(case: Case) -> None:
    log = MemoryLog()
    svc = await started(case, log)
    assert case.error(await answer(case.send(svc, 1))) == E.NONE
    await svc.close()

    release = asyncio.Event()
    p = case.partition(svc)

    async def slow() -> Any:
        await release.wait()
        for record in log.read(p):
            yield record

    restarted = case.build(log, ManualClock())
    for q in range(PARTITIONS):
        if q != p:
            await restarted.load_partition(q)
    loading = asyncio.ensure_future(restarted.runtime.load_partition(p, slow()))
    await asyncio.sleep(0)
    assert case.error(await answer(case.send(restarted, 1))) == E.COORDINATOR_LOAD_IN_PROGRESS
    release.set()
    await loading
    assert case.holds(restarted, 1)  # replayed: the same state as before the restart
    await restarted.close()


@SHARDS
async def test_a_closed_runtime_answers_coordinator_not_available(case: Case) -> None:
    svc = await started(case, MemoryLog())
    await svc.close()
    assert case.error(await answer(case.send(svc, 1))) == E.COORDINATOR_NOT_AVAILABLE


@SHARDS
async def test_a_timer_fires_as_an_operation_and_a_stale_one_is_ignored(case: Case) -> None:
    """Every shard arms timers (a group's offset expiry, the transaction coordinator's periodic tasks); the
    runtime arms each as a loop handle, and `fire_timer` runs one now through the shard."""
    clock = ManualClock()
    svc = await started(case, MemoryLog(), clock)
    assert case.error(await answer(case.send(svc, 1))) == E.NONE
    runtime = svc.runtime
    armed = dict(runtime._handles)
    assert armed, "the shard armed no timer"
    key = next(iter(armed))
    assert runtime.fire_timer(key)
    assert not runtime.fire_timer("no-such-timer")  # unknown: nothing runs
    # The share coordinator's timer writes (a cold snapshot): let it finish, since closing cancels a write still
    # queued, and a coroutine writer's append that never ran is then a never-awaited coroutine.
    await asyncio.gather(*runtime._tails.values(), return_exceptions=True)
    await svc.close()
    assert not runtime._handles  # closing cancels every handle
