"""The transaction runtime in a real broker, over a real socket: records durable before answers, markers on every
partition (data and `__consumer_offsets`), Produce and TxnOffsetCommit verification, restart and the faults.

Requests are encoded at a client's version and answers decoded as that client reads them (tests/broker/wire.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.broker.transactions import TRANSACTION_STATE, produce_verification_error
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AddOffsetsToTxnRequest,
    AddPartitionsToTxnRequest,
    EndTxnRequest,
    FetchRequest,
    FindCoordinatorRequest,
    InitProducerIdRequest,
    ListOffsetsRequest,
    OffsetFetchRequest,
    ProduceRequest,
    TxnOffsetCommitRequest,
)
from kaflite.protocol.records import iter_batches
from tests.broker.wire import WireClient, connected, serving

E = ErrorCode
TID = "txn-a"
GROUP = "g-txn"


def config(tmp_path: Path, **kw: Any) -> KafliteConfig:
    return KafliteConfig(log_dirs=str(tmp_path / "data"), port=0, transaction_state_log_num_partitions=3,
                         offsets_topic_num_partitions=3, **kw)


async def started(tmp_path: Path, **kw: Any) -> Broker:
    broker = Broker.open(config(tmp_path, **kw))
    await broker.start()
    return broker


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    async with serving(config(tmp_path), t={}) as b:
        yield b


@pytest.fixture
async def client(broker: Broker) -> AsyncIterator[WireClient]:
    async with connected(broker.port) as c:
        yield c


# -- requests as a TV1 client sends them (librdkafka's versions) --------------------------------------------

async def init(c: WireClient, tid: str = TID, timeout_ms: int = 60_000, version: int = 4,
               producer: tuple[int, int] = (-1, -1)) -> Any:
    return await c.call(22, version, InitProducerIdRequest(transactional_id=tid, transaction_timeout_ms=timeout_ms,
                                                            producer_id=producer[0], producer_epoch=producer[1]))


async def add_partitions(c: WireClient, pid: int, epoch: int, *partitions: int, tid: str = TID) -> list[int]:
    T = AddPartitionsToTxnRequest.AddPartitionsToTxnTopic
    resp = await c.call(24, 3, AddPartitionsToTxnRequest(
        v3_and_below_transactional_id=tid, v3_and_below_producer_id=pid, v3_and_below_producer_epoch=epoch,
        v3_and_below_topics=[T(name="t", partitions=list(partitions))]))
    return [p.partition_error_code for t in resp.results_by_topic_v3_and_below for p in t.results_by_partition]


async def produce(c: WireClient, pid: int, epoch: int, partition: int, seq: int, n: int = 3, *,
                  version: int = 9, transactional: bool = True, tid: str | None = TID) -> Any:
    batch = R.build_batch([(b"k%d" % i, b"v%d" % i) for i in range(n)], timestamp_ms=int(time.time() * 1000),
                          producer_id=pid,
                          producer_epoch=epoch, base_sequence=seq, is_transactional=transactional)
    TD, PD = ProduceRequest.TopicProduceData, ProduceRequest.PartitionProduceData
    resp = await c.call(0, version, ProduceRequest(transactional_id=tid, acks=-1, timeout_ms=5000, topic_data=[
        TD(name="t", partition_data=[PD(index=partition, records=batch)])]))
    return resp.responses[0].partition_responses[0]


async def end(c: WireClient, pid: int, epoch: int, commit: bool, tid: str = TID) -> int:
    resp = await c.call(26, 3, EndTxnRequest(transactional_id=tid, producer_id=pid, producer_epoch=epoch,
                                             committed=commit))
    return int(resp.error_code)


async def fetch(c: WireClient, partition: int, isolation: int) -> Any:
    FT, FP = FetchRequest.FetchTopic, FetchRequest.FetchPartition
    resp = await c.call(1, 11, FetchRequest(replica_id=-1, max_wait_ms=0, min_bytes=0, max_bytes=1 << 20,
                                            isolation_level=isolation, topics=[FT(topic="t", partitions=[
                                                FP(partition=partition, fetch_offset=0,
                                                   partition_max_bytes=1 << 20)])]))
    return resp.responses[0].partitions[0]


def batches(records: bytes | None) -> list[Any]:
    return list(iter_batches(records or b""))


def control_types(records: bytes | None) -> list[tuple[int, bool]]:
    """(producer id, committed) of each control batch (marker) in the fetched bytes."""
    out = []
    data = records or b""
    for h in iter_batches(data):
        if h.is_control:
            key = next(k for _, k, _ in R.decode_keys_values(data, h.position))
            assert key is not None
            out.append((h.producer_id, int.from_bytes(key[2:4], "big") == 1))
    return out


async def open_transaction(c: WireClient, *partitions: int) -> tuple[int, int]:
    r = await init(c)
    assert r.error_code == E.NONE
    pid, epoch = r.producer_id, r.producer_epoch
    assert await add_partitions(c, pid, epoch, *partitions) == [E.NONE] * len(partitions)
    for p in partitions:
        assert (await produce(c, pid, epoch, p, 0)).error_code == E.NONE
    return pid, epoch


# -- tests -------------------------------------------------------------------------------------------------

async def test_tx_co_1_find_coordinator_creates_the_state_topic_and_answers_this_node(
        broker: Broker, client: WireClient) -> None:
    resp = await client.call(10, 4, FindCoordinatorRequest(key_type=1, coordinator_keys=[TID]))
    (coordinator,) = resp.coordinators
    assert (coordinator.error_code, coordinator.node_id, coordinator.port) == (E.NONE, 1, broker.port)
    info = broker.logs.topic(TRANSACTION_STATE)
    assert info is not None and info.partitions == 3
    assert broker.logs.topic("__consumer_offsets") is None  # a transactional id's lookup needs no group topic


async def test_tx_end_2_commit_writes_a_marker_per_partition_and_answers_after_complete(
        broker: Broker, client: WireClient) -> None:
    pid, epoch = await open_transaction(client, 0, 1)
    for p in (0, 1):
        part = await fetch(client, p, 1)
        assert part.last_stable_offset == 0 and not batches(part.records)  # read_committed sees nothing yet
    assert await end(client, pid, epoch, commit=True) == E.NONE
    # Answered after CompleteCommit: the next transaction starts at once (no CONCURRENT_TRANSACTIONS).
    assert broker.admin_ops.transaction(TID)["state"] == "CompleteCommit"  # type: ignore[index]
    for p in (0, 1):
        part = await fetch(client, p, 1)
        assert part.last_stable_offset == part.high_watermark == 4
        assert control_types(part.records) == [(pid, True)]
        assert sum(h.records_count for h in batches(part.records) if not h.is_control) == 3
    assert await add_partitions(client, pid, epoch, 0) == [E.NONE]


async def test_tx_rc_abort_hides_the_data_from_read_committed_only(broker: Broker, client: WireClient) -> None:
    pid, epoch = await open_transaction(client, 0)
    assert await end(client, pid, epoch, commit=False) == E.NONE
    committed, uncommitted = await fetch(client, 0, 1), await fetch(client, 0, 0)
    assert [(a.producer_id, a.first_offset) for a in committed.aborted_transactions] == [(pid, 0)]
    assert control_types(committed.records) == [(pid, False)]
    assert sum(h.records_count for h in batches(uncommitted.records) if not h.is_control) == 3
    lo = await client.call(2, 5, ListOffsetsRequest(replica_id=-1, isolation_level=1, topics=[
        ListOffsetsRequest.ListOffsetsTopic(name="t", partitions=[
            ListOffsetsRequest.ListOffsetsPartition(partition_index=0, timestamp=-1)])]))
    assert lo.topics[0].partitions[0].offset == 4


@pytest.mark.parametrize(("version", "error"), [(9, E.INVALID_TXN_STATE), (10, E.INVALID_TXN_STATE),
                                                (11, E.TRANSACTION_ABORTABLE)])
async def test_tx_prd_2_a_partition_not_added_is_refused(client: WireClient, version: int, error: ErrorCode) -> None:
    pid, epoch = await open_transaction(client, 0)
    assert (await produce(client, pid, epoch, 1, 0, version=version)).error_code == error
    # The partition of the transaction takes the producer's next batch without asking again.
    assert (await produce(client, pid, epoch, 0, 3, version=version)).error_code == E.NONE


async def test_tx_prd_2_a_fenced_epoch_is_refused_before_the_log(client: WireClient) -> None:
    pid, epoch = await open_transaction(client, 0)
    r = await init(client)  # a second producer: the open transaction is aborted, then the epoch bumps
    while r.error_code == E.CONCURRENT_TRANSACTIONS:
        r = await init(client)
    assert (r.error_code, r.producer_id, r.producer_epoch) == (E.NONE, pid, epoch + 2)
    assert (await produce(client, pid, epoch, 1, 0)).error_code == E.INVALID_PRODUCER_EPOCH
    part = await fetch(client, 0, 1)
    assert [a.producer_id for a in part.aborted_transactions] == [pid]  # TX-INIT-4: the fence aborted it


def test_tx_prd_2_verification_errors_as_produce_tells_them() -> None:
    assert produce_verification_error(E.TRANSACTION_ABORTABLE, 10) == E.INVALID_TXN_STATE
    assert produce_verification_error(E.TRANSACTION_ABORTABLE, 11) == E.TRANSACTION_ABORTABLE
    assert produce_verification_error(E.PRODUCER_FENCED, 9) == E.INVALID_PRODUCER_EPOCH
    assert produce_verification_error(E.CONCURRENT_TRANSACTIONS, 9) == E.NOT_ENOUGH_REPLICAS
    assert produce_verification_error(E.COORDINATOR_LOAD_IN_PROGRESS, 9) == E.NOT_ENOUGH_REPLICAS
    assert produce_verification_error(E.INVALID_PRODUCER_ID_MAPPING, 9) == E.INVALID_PRODUCER_ID_MAPPING


async def txn_offset_commit(c: WireClient, pid: int, epoch: int, offset: int, version: int = 3) -> int:
    T, P = TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic, TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition
    resp = await c.call(28, version, TxnOffsetCommitRequest(
        transactional_id=TID, group_id=GROUP, producer_id=pid, producer_epoch=epoch, generation_id=-1,
        topics=[T(name="t", partitions=[P(partition_index=0, committed_offset=offset, committed_metadata="")])]))
    return int(resp.topics[0].partitions[0].error_code)


async def committed_offset(c: WireClient, require_stable: bool = False) -> tuple[int, int]:
    T = OffsetFetchRequest.OffsetFetchRequestTopic
    resp = await c.call(9, 7, OffsetFetchRequest(group_id=GROUP, require_stable=require_stable,
                                                 topics=[T(name="t", partition_indexes=[0])]))
    part = resp.topics[0].partitions[0]
    return part.committed_offset, part.error_code


@pytest.mark.parametrize("commit", [True, False])
async def test_tx_off_offsets_move_only_with_the_commit_marker(client: WireClient, commit: bool) -> None:
    pid, epoch = await open_transaction(client, 0)
    # TX-OFF-1: before AddOffsetsToTxn the group's partition is not in the transaction.
    assert await txn_offset_commit(client, pid, epoch, 5, version=3) == E.INVALID_TXN_STATE
    assert await txn_offset_commit(client, pid, epoch, 5, version=4) == E.TRANSACTION_ABORTABLE
    add = await client.call(25, 3, AddOffsetsToTxnRequest(transactional_id=TID, producer_id=pid,
                                                          producer_epoch=epoch, group_id=GROUP))
    assert add.error_code == E.NONE
    assert await txn_offset_commit(client, pid, epoch, 5) == E.NONE
    assert await committed_offset(client) == (-1, E.NONE)  # TX-OFF-2: pending, not visible
    assert await committed_offset(client, require_stable=True) == (-1, E.UNSTABLE_OFFSET_COMMIT)  # TX-OFF-4
    assert await end(client, pid, epoch, commit=commit) == E.NONE
    assert await committed_offset(client, require_stable=True) == ((5 if commit else -1), E.NONE)  # TX-OFF-3


async def test_tx_log_2_an_open_transaction_survives_a_restart(tmp_path: Path) -> None:
    broker = await started(tmp_path)
    broker.logs.create_topic("t", 2, {})
    c = await WireClient.connect(broker.port)
    pid, epoch = await open_transaction(c, 0)
    await c.close()
    await broker.stop()
    broker = await started(tmp_path)
    try:
        c = await WireClient.connect(broker.port)
        r = await end(c, pid, epoch, commit=True)
        while r == E.COORDINATOR_LOAD_IN_PROGRESS:
            r = await end(c, pid, epoch, commit=True)
        assert r == E.NONE
        part = await fetch(c, 0, 1)
        assert part.last_stable_offset == 4 and control_types(part.records) == [(pid, True)]
        await c.close()
    finally:
        await broker.stop()


async def test_an_undecodable_transaction_state_record_is_skipped_by_the_load(tmp_path: Path) -> None:
    """Issue 13: a `__transaction_state` record the coordinator cannot decode is skipped with a warning
    (it made the load fail and left the partition's transactional ids unserved); the others load."""
    from kaflite.protocol.records import build_batch
    from kaflite.transaction.records import transaction_log_key

    broker = await started(tmp_path)
    broker.logs.create_topic("t", 2, {})
    c = await WireClient.connect(broker.port)
    pid, epoch = await open_transaction(c, 0)
    await c.close()
    partition = broker.transactions.service.partition_for(TID)
    state = broker.logs.get_log("__transaction_state", partition)
    assert state is not None
    state.append(build_batch([(transaction_log_key("other"), b"\x00\x01garbage", ())], timestamp_ms=1),
                 leader_epoch=0, now_ms=1)
    await broker.stop()
    broker = await started(tmp_path)
    try:
        c = await WireClient.connect(broker.port)
        for _ in range(500):
            r = await end(c, pid, epoch, commit=True)
            if r != E.COORDINATOR_LOAD_IN_PROGRESS:
                break
            await asyncio.sleep(0.01)
        assert r == E.NONE
        await c.close()
    finally:
        await broker.stop()


async def test_tx_end_3_a_crash_between_prepare_and_complete_is_completed_by_the_load(tmp_path: Path) -> None:
    broker = await started(tmp_path)
    broker.logs.create_topic("t", 2, {})
    c = await WireClient.connect(broker.port)
    pid, epoch = await open_transaction(c, 0, 1)
    broker.admin_ops.hold_txn_markers(TID)
    assert await end(c, pid, epoch, commit=True) == E.NONE  # answered after PrepareCommit, as Kafka's TV1 does
    assert broker.admin_ops.transaction(TID)["state"] == "PrepareCommit"  # type: ignore[index]
    assert (await fetch(c, 0, 1)).last_stable_offset == 0
    await c.close()
    await broker.crash()
    broker = await started(tmp_path)
    try:
        c = await WireClient.connect(broker.port)
        r = await init(c, producer=(pid, epoch), version=4)
        while r.error_code in (E.COORDINATOR_LOAD_IN_PROGRESS, E.CONCURRENT_TRANSACTIONS):
            r = await init(c, producer=(pid, epoch), version=4)
        assert (r.error_code, r.producer_epoch) == (E.NONE, epoch + 1)
        assert broker.admin_ops.transaction(TID)["state"] == "Empty"  # type: ignore[index]
        for p in (0, 1):
            part = await fetch(c, p, 1)
            assert control_types(part.records) == [(pid, True)] and part.last_stable_offset == 4
        await c.close()
    finally:
        await broker.stop()


async def test_clearing_the_faults_writes_held_markers(broker: Broker, client: WireClient) -> None:
    pid, epoch = await open_transaction(client, 0)
    broker.admin_ops.hold_txn_markers()
    assert await end(client, pid, epoch, commit=False) == E.NONE
    assert (await fetch(client, 0, 1)).last_stable_offset == 0
    broker.admin_ops.clear()
    for _ in range(100):
        if broker.admin_ops.transaction(TID)["state"] == "CompleteAbort":  # type: ignore[index]
            break
        assert (await fetch(client, 0, 0)).high_watermark >= 3  # one round trip lets the markers land
    part = await fetch(client, 0, 1)
    assert part.last_stable_offset == 4 and control_types(part.records) == [(pid, False)]


async def test_tx_to_1_time_out_now_fences_and_aborts(broker: Broker, client: WireClient) -> None:
    pid, epoch = await open_transaction(client, 0)
    assert broker.admin_ops.time_out_transaction(TID) is True
    assert broker.admin_ops.time_out_transaction("no-such-id") is False
    for _ in range(100):
        tx = broker.admin_ops.transaction(TID)
        assert tx is not None
        if tx["state"] == "CompleteAbort":
            break
        await fetch(client, 0, 0)
    assert tx is not None and tx["producer_epoch"] == epoch + 1
    assert await end(client, pid, epoch, commit=True) == E.PRODUCER_FENCED  # EndTxn v3 (v<2: 47, TX-API-3)
    part = await fetch(client, 0, 1)
    assert [a.producer_id for a in part.aborted_transactions] == [pid]


async def test_tx_to_1_the_broker_aborts_a_transaction_past_its_timeout(tmp_path: Path) -> None:
    broker = await started(tmp_path, transaction_abort_timed_out_transaction_cleanup_interval_ms=20)
    broker.logs.create_topic("t", 1, {})
    try:
        c = await WireClient.connect(broker.port)
        # A timeout the produce below fits in even on a loaded machine (with 1 ms, the 20 ms check could abort
        # the transaction before its produce arrived: INVALID_PRODUCER_EPOCH, a race of the test's own).
        r = await init(c, timeout_ms=500)
        pid, epoch = r.producer_id, r.producer_epoch
        assert await add_partitions(c, pid, epoch, 0) == [E.NONE]
        assert (await produce(c, pid, epoch, 0, 0)).error_code == E.NONE
        part = await fetch(c, 0, 1)
        for _ in range(500):  # bounded (25 s): the 20 ms check aborts it once its 500 ms timeout passed
            if part.last_stable_offset == 4:
                break
            await asyncio.sleep(0.05)  # a fetch past the end answers at once (OFFSET_OUT_OF_RANGE): wait between
            FT, FP = FetchRequest.FetchTopic, FetchRequest.FetchPartition
            resp = await c.call(1, 11, FetchRequest(replica_id=-1, max_wait_ms=100, min_bytes=1 << 20,
                                                    max_bytes=1 << 20, isolation_level=1, topics=[FT(
                                                        topic="t", partitions=[FP(partition=0, fetch_offset=4,
                                                                                  partition_max_bytes=1 << 20)])]))
            part = resp.responses[0].partitions[0]
        assert part.last_stable_offset == 4
        assert broker.admin_ops.transaction(TID)["state"] == "CompleteAbort"  # type: ignore[index]
        await c.close()
    finally:
        await broker.stop()
