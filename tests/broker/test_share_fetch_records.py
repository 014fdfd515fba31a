"""ShareFetch (78) and ShareAcknowledge (79) over a real socket against an in-process broker, the records of a
share partition (share-groups.md SP-*, SC-RP-1, SC-DEL-2): acquisition by MaxRecords, BatchSize and record-limit
mode, acknowledgements persisted before the answer, lock expiry and renewal, delivery counts, and the share state
replayed after a crash or a stop. The share session itself is test_share_fetch_wire.py; the requests and set-up
are share_wire.py."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.protocol.errors import ErrorCode
from kaflite.share_coordinator.records import SHARE_GROUP_STATE_TOPIC, SharePartitionKey
from tests.broker.share_wire import (
    ACCEPT,
    OTHER,
    RELEASE,
    AReq,
    FReq,
    ack_batch,
    ack_req,
    acquired,
    acquired_of,
    config,
    fetch_req,
    initialize,
    make_topic,
    offsets_in,
    produce,
    share_ack,
    share_fetch,
)
from tests.broker.wire import WireClient


@pytest.fixture
async def broker(tmp_path: Path) -> AsyncIterator[Broker]:
    b = Broker.open(config(tmp_path / "data"))
    await b.start()
    try:
        yield b
    finally:
        await b.stop()


@pytest.fixture
async def client(broker: Broker) -> AsyncIterator[WireClient]:
    c = await WireClient.connect(broker.port)
    try:
        yield c
    finally:
        await c.close()


# -------------------------------------------------------------------------------------------- fetch and acknowledge

async def test_fetch_acquires_then_accept_is_persisted_before_the_answer(broker: Broker, client: WireClient) -> None:
    """SP-ACQ-1, SP-ST-2, SP-LOCK-1 (AcquisitionLockTimeoutMs), SP-PERSIST-1: an Accept is answered once its
    share state is durable in `__share_group_state`."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 5)
    resp = await share_fetch(client, fetch_req(tid, 0))
    assert resp.error_code == 0 and resp.acquisition_lock_timeout_ms == 30_000
    assert acquired(resp) == [(0, 4, 1)]
    part = resp.responses[0].partitions[0]
    assert offsets_in(part.records) == [0, 1, 2, 3, 4]
    before = broker.logs.get_log(SHARE_GROUP_STATE_TOPIC, 0)
    assert before is not None
    end_before = before.log_end_offset
    ack = await share_ack(client, ack_req(tid, 1, [ack_batch(AReq, 0, 4, ACCEPT)]))
    assert ack.error_code == 0
    assert [(p.partition_index, p.error_code) for t in ack.responses for p in t.partitions] == [(0, 0)]
    assert before.log_end_offset > end_before  # the write is in the log before the answer
    state = broker.shares.service.shard.state(SharePartitionKey("g", tid, 0))
    # SP-PERSIST-1: StartOffset is the SPSO before this write's advance; the batch says what became of 0-4.
    assert state is not None and state.delivery_complete_count == 5
    assert [tuple(b) for b in state.state_batches] == [(0, 4, 2, 1)]


async def test_max_records_one_batch_size_one(broker: Broker, client: WireClient) -> None:
    """SGS17 / SP-ACQ-2: ten 1-record batches, MaxRecords 1, BatchSize 1 -> [{0,0,1}]."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 10)
    resp = await share_fetch(client, fetch_req(tid, 0, max_records=1, batch_size=1))
    assert acquired(resp) == [(0, 0, 1)]


async def test_batch_size_cuts_at_log_batch_starts(broker: Broker, client: WireClient) -> None:
    """SP-ACQ-2 (SFAT …MultipleBatchesWithMaxRecordsAndBatchSize): MaxRecords 5, BatchSize 1 -> five entries."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 10)
    resp = await share_fetch(client, fetch_req(tid, 0, max_records=5, batch_size=1))
    assert acquired(resp) == [(i, i, 1) for i in range(5)]


async def test_release_redelivers_with_count_two(broker: Broker, client: WireClient) -> None:
    """SP-ACK-3, SP-ST-2 (SGS5): a released record comes back at the next fetch with delivery count 2."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 3, per_batch=3)
    assert acquired(await share_fetch(client, fetch_req(tid, 0))) == [(0, 2, 1)]
    resp = await share_fetch(client, fetch_req(tid, 1, acks=[ack_batch(FReq, 0, 2, RELEASE)]))
    part = resp.responses[0].partitions[0]
    assert part.acknowledge_error_code == 0
    assert acquired(resp) == [(0, 2, 2)]


async def test_acks_of_another_member_are_refused(broker: Broker, client: WireClient) -> None:
    """SP-ACK-2: a member cannot settle records another member holds (121 with Kafka's message)."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 2, per_batch=2)
    assert acquired(await share_fetch(client, fetch_req(tid, 0))) == [(0, 1, 1)]
    other = await WireClient.connect(broker.port)
    try:
        resp = await share_fetch(other, fetch_req(tid, 0, member=OTHER))
        assert acquired(resp) == []  # SGS3: nothing acquirable for the second member
        ack = await share_ack(other, ack_req(tid, 1, [ack_batch(AReq, 0, 1, ACCEPT)], member=OTHER))
        p = ack.responses[0].partitions[0]
        assert p.error_code == ErrorCode.INVALID_RECORD_STATE
        assert p.error_message == "Member is not the owner of batch record"
    finally:
        await other.close()



# --------------------------------------------------------------------------------------------- acquisition (SP-ACQ)

async def test_sp_acq_2_max_records_rotate_across_partitions(broker: Broker, client: WireClient) -> None:
    """SP-ACQ-2: MaxRecords counts across the session's partitions, rotated left by epoch % n."""
    tid = make_topic(broker, partitions=2)
    for p in (0, 1):
        await initialize(broker, tid, partition=p)
        produce(broker, 3, partition=p)
    first = await share_fetch(client, fetch_req(tid, 0, max_records=1, batch_size=1, partitions=(0, 1)))
    assert [(p.partition_index, acquired_of(p)) for t in first.responses for p in t.partitions] == [
        (0, [(0, 0, 1)]), (1, [])]
    second = await share_fetch(client, fetch_req(tid, 1, max_records=1, batch_size=1, partitions=()))
    # epoch 1: [1, 0]; partition 1 takes the one record; partition 0 is not listed (SS-FETCH-3)
    assert [(p.partition_index, acquired_of(p)) for t in second.responses for p in t.partitions] == [
        (1, [(0, 0, 1)])]


async def test_sp_acq_3_record_limit_mode(broker: Broker, client: WireClient) -> None:
    """SP-ACQ-3 (SGS15): v2 ShareAcquireMode 1 acquires exactly MaxRecords inside a 10-record batch (the batch is
    sent whole, the rest stays available); mode 0 takes the whole batch; another mode -> -1."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 10, per_batch=10)
    req = fetch_req(tid, 0, max_records=3, batch_size=3)
    req.share_acquire_mode = 1
    resp = await share_fetch(client, req, version=2)
    assert acquired(resp) == [(0, 2, 1)]
    assert offsets_in(resp.responses[0].partitions[0].records) == list(range(10))
    rest = await share_fetch(client, fetch_req(tid, 1, max_records=3, batch_size=3), version=2)
    assert acquired(rest) == [(o, o, 1) for o in range(3, 10)]  # mode 0: the per-offset rest, whole
    bad = fetch_req(tid, 2)
    bad.share_acquire_mode = 2
    assert (await share_fetch(client, bad, version=2)).error_code == ErrorCode.UNKNOWN_SERVER_ERROR



# --------------------------------------------- acknowledgements, locks and delivery counts (SP-ACK, SP-LOCK, SP-ST)

async def test_sp_ack_1_bad_batches_are_invalid_request(broker: Broker, client: WireClient) -> None:
    """SP-ACK-1: FirstOffset > LastOffset, or a type outside 0-3 in v1 -> that partition 42, nothing applied."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 2, per_batch=2)
    await share_fetch(client, fetch_req(tid, 0))
    bad = await share_ack(client, ack_req(tid, 1, [ack_batch(AReq, 1, 0, ACCEPT)]))
    assert bad.responses[0].partitions[0].error_code == ErrorCode.INVALID_REQUEST
    renew = await share_ack(client, ack_req(tid, 2, [ack_batch(AReq, 0, 1, 4)]))
    assert renew.responses[0].partitions[0].error_code == ErrorCode.INVALID_REQUEST
    ok = await share_ack(client, ack_req(tid, 3, [ack_batch(AReq, 0, 1, ACCEPT)]))
    assert ok.responses[0].partitions[0].error_code == 0


async def test_lock_expiry_makes_records_available_again(broker: Broker, client: WireClient) -> None:
    """SP-LOCK-1 (SGS7): records still acquired when the lock runs out go back, the next fetch gets count 2."""
    tid = make_topic(broker)
    broker.context.group_configs.set("g", {"share.record.lock.duration.ms": "200"})
    await initialize(broker, tid)
    produce(broker, 1)
    resp = await share_fetch(client, fetch_req(tid, 0))
    assert resp.acquisition_lock_timeout_ms == 200 and acquired(resp) == [(0, 0, 1)]
    again = await share_fetch(client, fetch_req(tid, 1, max_wait_ms=10_000))
    assert acquired(again) == [(0, 0, 2)]


async def test_sp_lock_2_renew_in_v2(broker: Broker, client: WireClient) -> None:
    """SP-LOCK-2, SS-VAL-1: ShareFetch v2 IsRenewAck with MaxRecords set -> 42; with zero limits it renews the
    lock and skips the fetch; the records stay the member's (accepted afterwards)."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 1)
    await share_fetch(client, fetch_req(tid, 0), version=2)
    req = fetch_req(tid, 1, acks=[ack_batch(FReq, 0, 0, 4)])
    req.is_renew_ack = True
    assert (await share_fetch(client, req, version=2)).error_code == ErrorCode.INVALID_REQUEST
    req.max_records = req.max_bytes = req.batch_size = req.min_bytes = 0
    resp = await share_fetch(client, req, version=2)
    assert resp.error_code == 0 and acquired(resp) == []
    assert resp.responses[0].partitions[0].acknowledge_error_code == 0
    ok = await share_ack(client, ack_req(tid, 2, [ack_batch(AReq, 0, 0, ACCEPT)]), version=2)
    assert ok.responses[0].partitions[0].error_code == 0 and ok.acquisition_lock_timeout_ms == 30_000


async def test_sp_st_2_delivery_count_limit_archives(tmp_path: Path) -> None:
    """SP-ST-2 (SGS6): with `group.share.delivery.count.limit=2`, a record released twice is archived: never
    delivered again, and the next fetch gets only the new record."""
    b = Broker.open(config(tmp_path / "data", group_share_delivery_count_limit=2))
    await b.start()
    try:
        tid = make_topic(b)
        await initialize(b, tid)
        produce(b, 1)
        c = await WireClient.connect(b.port)
        try:
            assert acquired(await share_fetch(c, fetch_req(tid, 0))) == [(0, 0, 1)]
            again = await share_fetch(c, fetch_req(tid, 1, acks=[ack_batch(FReq, 0, 0, RELEASE)]))
            assert acquired(again) == [(0, 0, 2)]
            last = await share_fetch(c, fetch_req(tid, 2, acks=[ack_batch(FReq, 0, 0, RELEASE)]))
            assert acquired(last) == []
            produce(b, 1)
            assert acquired(await share_fetch(c, fetch_req(tid, 3))) == [(1, 1, 1)]
        finally:
            await c.close()
    finally:
        await b.stop()



# -------------------------------------------------------------------------- persistence (SP-PERSIST, SC-RP, SC-DEL)

async def test_acknowledged_records_survive_a_crash(tmp_path: Path) -> None:
    """SP-PERSIST-1, SC-RP-1 (SGS11): after kill -9, accepted records are never redelivered, acquired-unacked
    ones come back with their last persisted count + 1, and `__share_group_state` is replayed before serving."""
    data = tmp_path / "data"
    b = Broker.open(config(data))
    await b.start()
    tid = make_topic(b)
    await initialize(b, tid)
    produce(b, 4)
    c = await WireClient.connect(b.port)
    assert acquired(await share_fetch(c, fetch_req(tid, 0))) == [(0, 3, 1)]
    ack = await share_ack(c, ack_req(tid, 1, [ack_batch(AReq, 0, 1, ACCEPT)]))
    assert ack.responses[0].partitions[0].error_code == 0
    await c.close()
    await b.crash()
    b2 = Broker.open(config(data))
    await b2.start()
    try:
        c2 = await WireClient.connect(b2.port)
        try:
            resp = await share_fetch(c2, fetch_req(tid, 0))
            assert acquired(resp) == [(2, 3, 1)]  # 0-1 accepted before the crash; 2-3 were never written
        finally:
            await c2.close()
    finally:
        await b2.stop()


@pytest.mark.parametrize("how", ["crash", "stop"])
async def test_sc_rp_1_every_share_update_is_replayed(tmp_path: Path, how: str) -> None:
    """SC-RP-1, SP-PERSIST-1: ShareUpdate records are deltas of one key: the load replays each of them, not only
    the key's last one (as `__consumer_offsets`' folding loader would). Two accepts not at the start offset, a
    restart, and neither is delivered again."""
    data = tmp_path / "data"
    b = Broker.open(config(data))
    await b.start()
    tid = make_topic(b)
    await initialize(b, tid)
    produce(b, 4)
    c = await WireClient.connect(b.port)
    assert acquired(await share_fetch(c, fetch_req(tid, 0))) == [(0, 3, 1)]
    for i, offset in enumerate((1, 3)):
        ack = await share_ack(c, ack_req(tid, 1 + i, [ack_batch(AReq, offset, offset, ACCEPT)]))
        assert ack.responses[0].partitions[0].error_code == 0
    await c.close()
    await (b.crash() if how == "crash" else b.stop())
    b2 = Broker.open(config(data))
    await b2.start()
    try:
        c2 = await WireClient.connect(b2.port)
        try:
            assert acquired(await share_fetch(c2, fetch_req(tid, 0))) == [(0, 0, 1), (2, 2, 1)]
        finally:
            await c2.close()
    finally:
        await b2.stop()


async def test_sp_persist_2_group_without_sessions_leaves_memory(broker: Broker) -> None:
    """SP-PERSIST-2: the last share session of a group ends with its connection: after the release is written,
    the group's share partitions leave memory and the next fetch reloads them (the release persisted)."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 1)
    c = await WireClient.connect(broker.port)
    assert acquired(await share_fetch(c, fetch_req(tid, 0))) == [(0, 0, 1)]
    await c.close()
    for _ in range(200):
        if not broker.shares.partitions.entries:
            break
        await asyncio.sleep(0.01)
    assert not broker.shares.partitions.entries
    c2 = await WireClient.connect(broker.port)
    try:
        assert acquired(await share_fetch(c2, fetch_req(tid, 0, member=OTHER))) == [(0, 0, 2)]
    finally:
        await c2.close()


async def test_sg_init_5_topic_deletion_tombstones_share_state(broker: Broker, client: WireClient) -> None:
    """SC-DEL-2: deleting a topic tombstones its `__share_group_state` keys and drops its share partitions."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    await share_fetch(client, fetch_req(tid, 0))
    assert broker.shares.partitions.entries
    broker.logs.delete_topic("t")
    key = SharePartitionKey("g", tid, 0)
    for _ in range(500):  # the tombstone is written in the background: wait (bounded) for it
        if broker.shares.service.shard.state(key) is None:
            break
        await asyncio.sleep(0.01)
    assert not broker.shares.partitions.entries
    assert broker.shares.service.shard.state(key) is None
