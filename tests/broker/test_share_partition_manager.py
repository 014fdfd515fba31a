"""The share-partition manager (broker/share_fetch.py) over real logs, a manual clock and the real share coordinator
shard standing in for `__share_group_state` (share-groups.md SP-LOAD-1, SP-RESET-1, SP-RC-1, SP-LOCK-1,
SP-PERSIST-1, SP-ADV-2)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.context import BrokerContext
from kaflite.broker.share_fetch import ShareConfig, ShareKey, SharePartitionManager, duration_ms
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.share import AcknowledgementBatch, RecordState
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.messages import (
    InitializeShareGroupStateRequest,
    WriteShareGroupStateRequest,
    WriteShareGroupStateResponse,
)
from kaflite.share_coordinator.shard import ShareCoordinatorShard
from kaflite.storage import PartitionLog

T0 = 1_700_000_000_000
ACCEPT, RELEASE = 1, 2
M1, M2 = "member-1", "member-2"


class Store:
    """The share coordinator's shard, answering at once; `fail` makes every write answer that error."""

    def __init__(self, clock: ManualClock, topics: dict[bytes, int]) -> None:
        self.shard = ShareCoordinatorShard(ShareCoordinatorConfig(share_coordinator_state_topic_num_partitions=1),
                                           topics.get, clock, partitions=[0])
        self.fail: ErrorCode | None = None
        self.writes: list[WriteShareGroupStateRequest] = []

    def read_state(self, request: Any) -> Any:
        return self.shard.read_state(request, 0).responses[0][1]

    def write_state(self, request: WriteShareGroupStateRequest) -> Any:
        self.writes.append(request)
        if self.fail is not None:
            W = WriteShareGroupStateResponse
            return W(results=[W.WriteStateResult(topic_id=request.topics[0].topic_id, partitions=[
                W.PartitionResult(partition=request.topics[0].partitions[0].partition, error_code=self.fail)])])
        return self.shard.write_state(request, 0).responses[0][1]

    def initialize(self, topic_id: bytes, start: int, group: str = "g") -> None:
        Init = InitializeShareGroupStateRequest
        resp = self.shard.initialize_state(Init(group, [Init.InitializeStateData(topic_id, [
            Init.PartitionData(0, 0, start)])]), 0).responses[0][1]
        assert resp.results[0].partitions[0].error_code == 0


@pytest.fixture
def context(tmp_path: Path) -> Iterator[BrokerContext]:
    ctx = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0), ManualClock(T0))
    ctx.logs.create_topic("t", 1, {})
    try:
        yield ctx
    finally:
        ctx.logs.close()


def topic_id(context: BrokerContext) -> bytes:
    info = context.logs.topic("t")
    assert info is not None
    return info.topic_id


def plog(context: BrokerContext) -> PartitionLog:
    log = context.logs.get_log("t", 0)
    assert log is not None
    return log


def put(context: BrokerContext, n: int, ts: int = T0, **kw: Any) -> None:
    plog(context).append(R.build_batch([(b"k", b"v")] * n, timestamp_ms=ts, **kw), leader_epoch=0, now_ms=T0)


def manager(context: BrokerContext, store: Store, **cfg: Any) -> SharePartitionManager:
    assert isinstance(context.clock, ManualClock)
    return SharePartitionManager(context.logs, context.clock, ShareConfig(**cfg), lambda: store,
                                 context.group_configs.configs_of)


@pytest.fixture
def store(context: BrokerContext) -> Store:
    assert isinstance(context.clock, ManualClock)
    return Store(context.clock, {topic_id(context): 1})


def key(context: BrokerContext) -> ShareKey:
    return ShareKey("g", topic_id(context), 0)


def take(m: SharePartitionManager, k: ShareKey, member: str = M1, n: int = 500) -> list[tuple[int, int, int]]:
    got = m.acquire(k, member, max_records=n, batch_size=n, acquire_mode=0, max_bytes=1 << 20)
    assert got.error_code == ErrorCode.NONE
    return [(r.first_offset, r.last_offset, r.delivery_count) for r in got.acquired]


def ack(first: int, last: int, t: int) -> list[AcknowledgementBatch]:
    return [AcknowledgementBatch(first, last, (t,))]


async def test_sp_load_1_uninitialized_is_unknown_server_error(context: BrokerContext, store: Store) -> None:
    """SP-LOAD-1: no state for the key -> UNKNOWN_SERVER_ERROR, nothing cached; loaded once initialized."""
    m = manager(context, store)
    k = key(context)
    assert await m.load(k, "t") == ErrorCode.UNKNOWN_SERVER_ERROR
    assert k not in m.entries
    store.initialize(k.topic_id, 0)
    assert await m.load(k, "t") == ErrorCode.NONE
    assert m.loaded(k) is not None


async def test_sp_load_1_acknowledge_never_loads(context: BrokerContext, store: Store) -> None:
    """SP-LOAD-1: an acknowledgement for a share partition not loaded here -> UNKNOWN_TOPIC_OR_PARTITION."""
    m = manager(context, store)
    store.initialize(topic_id(context), 0)
    code, _ = await m.acknowledge(key(context), M1, ack(0, 0, ACCEPT), renew_allowed=False)
    assert code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert key(context) not in m.entries


@pytest.mark.parametrize(("reset", "start"), [(None, 3), ("latest", 3), ("earliest", 0)])
async def test_sp_reset_1_latest_and_earliest(context: BrokerContext, store: Store, reset: str | None,
                                              start: int) -> None:
    """SP-RESET-1: StartOffset -1 is resolved at load time: latest = high watermark (default), earliest = start."""
    put(context, 3)
    if reset is not None:
        context.group_configs.set("g", {"share.auto.offset.reset": reset})
    store.initialize(topic_id(context), -1)
    m = manager(context, store)
    assert await m.load(key(context), "t") == ErrorCode.NONE
    sp = m.loaded(key(context))
    assert sp is not None and sp.start_offset == start


async def test_sp_reset_1_by_duration(context: BrokerContext, store: Store) -> None:
    """SP-RESET-1: by_duration:PT10M starts at the first record at most 10 minutes old; none -> 78, retried."""
    clock = context.clock
    assert isinstance(clock, ManualClock)
    context.group_configs.set("g", {"share.auto.offset.reset": "by_duration:PT10M"})
    store.initialize(topic_id(context), -1)
    m = manager(context, store)
    put(context, 2, ts=T0 - 3_600_000)
    assert await m.load(key(context), "t") == ErrorCode.OFFSET_NOT_AVAILABLE
    put(context, 1, ts=T0 - 60_000)
    assert await m.load(key(context), "t") == ErrorCode.NONE
    sp = m.loaded(key(context))
    assert sp is not None and sp.start_offset == 2


def test_duration_parsing() -> None:
    """SA-CFG-2's PnDTnHnMn.nS."""
    assert duration_ms("PT10M") == 600_000
    assert duration_ms("P1DT1H0.5S") == 90_000_500
    assert duration_ms("PT") is None and duration_ms("10M") is None


async def test_sp_persist_1_failed_write_rolls_back(context: BrokerContext, store: Store) -> None:
    """SP-PERSIST-1, SP-ACK-3: an acknowledgement is answered after its write; a refused write rolls the records
    back to ACQUIRED, so the member can acknowledge them again."""
    put(context, 2)
    store.initialize(topic_id(context), 0)
    m = manager(context, store)
    k = key(context)
    await m.load(k, "t")
    assert take(m, k) == [(0, 1, 1)]
    store.fail = ErrorCode.COORDINATOR_LOAD_IN_PROGRESS
    code, _ = await m.acknowledge(k, M1, ack(0, 1, ACCEPT), renew_allowed=False)
    assert code == ErrorCode.COORDINATOR_NOT_AVAILABLE
    sp = m.loaded(k)
    assert sp is not None and {s.state for _, s in sp.states()} == {RecordState.ACQUIRED}
    store.fail = None
    assert (await m.acknowledge(k, M1, ack(0, 1, ACCEPT), renew_allowed=False))[0] == ErrorCode.NONE
    assert sp.start_offset == 2


async def test_sp_persist_1_restart_never_redelivers_acknowledged(context: BrokerContext, store: Store) -> None:
    """SP-PERSIST-1: a new manager over the same share state (a restart) skips accepted records and delivers
    the released one with its persisted count + 1; acquisitions were never written (count 0 + 1)."""
    for _ in range(4):
        put(context, 1)
    store.initialize(topic_id(context), 0)
    m = manager(context, store)
    k = key(context)
    await m.load(k, "t")
    assert take(m, k) == [(0, 3, 1)]
    assert (await m.acknowledge(k, M1, [AcknowledgementBatch(0, 2, (ACCEPT, RELEASE, ACCEPT))],
                                renew_allowed=False))[0] == ErrorCode.NONE
    await m.close()
    again = manager(context, store)
    await again.load(k, "t")
    assert take(again, k) == [(1, 1, 2), (3, 3, 1)]


async def test_sp_lock_1_expiry_releases_and_persists(context: BrokerContext, store: Store) -> None:
    """SP-LOCK-1: the share partition's timer fires past the deadline: records back to AVAILABLE (count kept),
    one write, the next acquisition gets count 2; the group's lock duration applies."""
    clock = context.clock
    assert isinstance(clock, ManualClock)
    context.group_configs.set("g", {"share.record.lock.duration.ms": "1000"})
    put(context, 2)
    store.initialize(topic_id(context), 0)
    m = manager(context, store)
    k = key(context)
    await m.load(k, "t")
    assert take(m, k) == [(0, 1, 1)]
    sp = m.loaded(k)
    assert sp is not None and sp.lock_deadline() == T0 + 1000
    m.expire_locks(k)  # early: nothing due, armed again
    assert take(m, k, M2) == []
    clock.advance(1000)
    writes = len(store.writes)
    m.expire_locks(k)
    await m.settled()
    assert len(store.writes) == writes + 1
    assert take(m, k, M2) == [(0, 1, 2)]
    await m.close()


async def test_sp_rc_1_read_committed_stops_at_the_lso(context: BrokerContext, store: Store) -> None:
    """SP-RC-1: under read_committed an open transaction's records are not acquired; an aborted one's data is
    archived and left out, its marker delivered (acked as Gap by clients)."""
    context.group_configs.set("g", {"share.isolation.level": "read_committed"})
    put(context, 1)
    put(context, 2, producer_id=7, producer_epoch=0, base_sequence=0, is_transactional=True)
    store.initialize(topic_id(context), 0)
    m = manager(context, store)
    k = key(context)
    await m.load(k, "t")
    assert take(m, k) == [(0, 0, 1)]  # 1-2 are past the LSO
    plog(context).append_end_txn_marker(7, 0, 0, committed=False, leader_epoch=0, now_ms=T0)
    put(context, 1)
    assert take(m, k) == [(3, 4, 1)]  # 1-2 aborted: archived, left out; 3 the marker, 4 new


async def test_sp_adv_2_log_start_moves_past_the_start_offset(context: BrokerContext, store: Store) -> None:
    """SP-ADV-2: DeleteRecords moved the log start past the SPSO: the next fetch starts there."""
    for _ in range(5):
        put(context, 1)
    store.initialize(topic_id(context), 0)
    m = manager(context, store)
    k = key(context)
    await m.load(k, "t")
    plog(context).increment_log_start_offset(3)
    assert take(m, k) == [(3, 4, 1)]


async def test_sp_lock_2_renew_restarts_the_lock(context: BrokerContext, store: Store) -> None:
    """SP-LOCK-2: RENEW (v2 with IsRenewAck) restarts the full lock, writes nothing, changes no count."""
    clock = context.clock
    assert isinstance(clock, ManualClock)
    put(context, 1)
    store.initialize(topic_id(context), 0)
    m = manager(context, store)
    k = key(context)
    await m.load(k, "t")
    assert take(m, k) == [(0, 0, 1)]
    clock.advance(20_000)
    writes = len(store.writes)
    assert (await m.acknowledge(k, M1, ack(0, 0, 4), renew_allowed=True))[0] == ErrorCode.NONE
    assert len(store.writes) == writes
    sp = m.loaded(k)
    assert sp is not None and sp.lock_deadline() == T0 + 50_000
    clock.advance(20_000)
    m.expire_locks(k)
    assert take(m, k, M2) == []  # still M1's
    clock.advance(10_000)
    m.expire_locks(k)
    await m.settled()
    assert take(m, k, M2) == [(0, 0, 2)]
    await m.close()


async def test_sp_acq_read_size_follows_max_records(context: BrokerContext, store: Store,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """SP-ACQ-1: once a read showed the records' size, an acquisition reads about MaxRecords' worth of log, not a
    whole megabyte (bench/share_fetch.py: 500 records of 100 B are ~55 KB), and still hands out whole batches."""
    for _ in range(200):
        plog(context).append(R.build_batch([(None, b"x" * 100)] * 10, timestamp_ms=T0), leader_epoch=0, now_ms=T0)
    store.initialize(topic_id(context), 0)
    m = manager(context, store)
    k = key(context)
    await m.load(k, "t")
    log = plog(context)
    sizes: list[int] = []
    real_read = log.read

    def read(offset: int, max_bytes: int, **kw: Any) -> Any:
        sizes.append(max_bytes)
        return real_read(offset, max_bytes, **kw)

    monkeypatch.setattr(log, "read", read)
    assert take(m, k, n=50) == [(0, 49, 1)]
    assert take(m, k, n=50) == [(50, 99, 1)]
    assert take(m, k, n=500) == [(100, 599, 1)]
    assert sizes[0] == 1 << 20  # nothing known yet: the cap
    assert sizes[1] <= 16 * 1024  # 50 records of ~110 B: the floor
    assert 500 * 100 < sizes[2] < 100 * 1024  # 500 records' worth with slack
