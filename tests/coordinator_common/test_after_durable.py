"""The runtime's after-durable work (what the transaction coordinator's markers use), with a shard of a few lines:
an answer waits for its result's work; the work starts only once the records are durable; work that fails or
is cancelled by close() answers the request with the error answer, never the result's own answer."""

from __future__ import annotations

import asyncio
from typing import Any

from kaflite.coordinator_common.records import LoadedRecord, Record
from kaflite.coordinator_common.result import CoordinatorResult, Token
from kaflite.coordinator_common.runtime import CoordinatorRuntime
from kaflite.protocol.errors import ErrorCode
from tests.coordinator.test_runtime import FutureLog


class Counter:
    """A shard holding one counter per key: `add` writes a record, the record's replay applies it."""

    def __init__(self) -> None:
        self.values: dict[bytes, int] = {}

    def begin_load(self, partition: int) -> None:
        self.values.clear()

    def complete_load(self, partition: int) -> CoordinatorResult:
        return CoordinatorResult()

    def unload(self, partition: int) -> CoordinatorResult:
        return CoordinatorResult()

    def replay(self, key: bytes, value: bytes | None) -> None:
        self.values[key] = int(value or b"0")

    def replay_loaded(self, partition: int, record: LoadedRecord) -> None:
        raise ValueError("plain records only")

    def timer_deadline(self, key: str) -> int | None:
        return None

    def on_timer(self, key: str, now_ms: int | None = None) -> CoordinatorResult:
        return CoordinatorResult()

    def add(self, key: bytes, token: Token) -> CoordinatorResult:
        value = str(self.values.get(key, 0) + 1).encode()
        record: Record = (key, value)
        self.replay(*record)
        return CoordinatorResult(records={0: [record]}, responses=[(token, f"ok {value.decode()}")], partitions={0})


async def runtime(log: FutureLog, work: Any) -> CoordinatorRuntime[Counter]:
    rt = CoordinatorRuntime("counters", Counter, log, log, after_durable=work)
    await rt.load_partition(0)
    return rt


async def until(condition: Any, what: str) -> None:
    """Bounded (5 s): the condition holds after some loop turns."""
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def turns(n: int = 20) -> None:
    """Let the loop run `n` turns (for what must *not* happen meanwhile)."""
    for _ in range(n):
        await asyncio.sleep(0)


def on_error(code: ErrorCode) -> str:
    return f"error {code.name}"


async def test_the_answer_waits_for_the_work_which_starts_once_durable() -> None:
    log = FutureLog()
    started: list[list[Record]] = []
    release: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def work(result: CoordinatorResult) -> asyncio.Future[bool] | None:
        if not result.records:
            return None  # (the load's result): nothing to do after it
        started.append(result.all_records())
        return release

    rt = await runtime(log, work)
    log.gate.clear()
    answer = rt.write("add", 0, lambda shard, token: shard.add(b"k", token), on_error)
    await turns()
    assert started == []  # not durable yet: no work
    log.gate.set()
    await until(lambda: started, "the work starts once durable")
    assert started == [[(b"k", b"1")]] and not answer.done()  # durable: the work runs, the answer waits for it
    release.set_result(True)
    assert await answer == "ok 1"
    await rt.close()


async def test_failed_or_cancelled_work_answers_the_error() -> None:
    log = FutureLog()
    outcomes: list[asyncio.Future[bool]] = []

    def work(result: CoordinatorResult) -> asyncio.Future[bool] | None:
        if not result.records:
            return None
        outcomes.append(asyncio.get_running_loop().create_future())
        return outcomes[-1]

    rt = await runtime(log, work)
    first = rt.write("add", 0, lambda shard, token: shard.add(b"k", token), on_error)
    await until(lambda: outcomes, "the first write's work starts")
    outcomes[0].set_result(False)  # the work failed (a marker could not be written, say)
    assert await first == "error NOT_COORDINATOR"
    second = rt.write("add", 0, lambda shard, token: shard.add(b"k", token), on_error)
    await until(lambda: len(outcomes) == 2, "the second write's work starts")
    await rt.close()  # cancels the work in progress
    assert await second == "error COORDINATOR_NOT_AVAILABLE"


async def test_no_work_answers_as_soon_as_durable() -> None:
    rt = await runtime(FutureLog(), lambda _result: None)
    assert await rt.write("add", 0, lambda shard, token: shard.add(b"k", token), on_error) == "ok 1"
    assert rt.read(lambda shard: shard.values[b"k"], lambda _code: -1) == 1
    await rt.close()
    assert rt.read(lambda shard: shard.values[b"k"], lambda _code: -1) == -1  # closed: the error answer
