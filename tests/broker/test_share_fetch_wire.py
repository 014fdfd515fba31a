"""ShareFetch (78) and ShareAcknowledge (79) over a real socket against an in-process broker (share-groups.md SS-*,
SP-*, SGS17's raw cases). The share-partition state is initialized by calling the share coordinator's Initialize
directly, as the group coordinator does after a ShareGroupHeartbeat (SG-INIT-2)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.server import Broker
from kaflite.broker.share_fetch import resolved
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ShareAcknowledgeRequest,
    ShareAcknowledgeResponse,
    ShareFetchRequest,
    ShareFetchResponse,
)
from kaflite.share_coordinator.messages import InitializeShareGroupStateRequest
from kaflite.share_coordinator.records import SHARE_GROUP_STATE_TOPIC, SharePartitionKey
from tests.broker.wire import WireClient

SF, SA = 78, 79
FReq, AReq = ShareFetchRequest, ShareAcknowledgeRequest
GAP, ACCEPT, RELEASE, REJECT = 0, 1, 2, 3
MEMBER = "AAAAAAAAAAAAAAAAAAAAAA"
OTHER = "BBBBBBBBBBBBBBBBBBBBBB"


def config(data: Path, **settings: Any) -> KafliteConfig:
    """One `__share_group_state` partition (SA-CFG-4's test profile)."""
    return KafliteConfig(log_dirs=str(data), port=0, share_coordinator_state_topic_num_partitions=1, **settings)


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


def make_topic(broker: Broker, name: str = "t", partitions: int = 1) -> bytes:
    broker.logs.create_topic(name, partitions, {})
    info = broker.logs.topic(name)
    assert info is not None
    return info.topic_id


async def initialize(broker: Broker, topic_id: bytes, partition: int = 0, start: int = 0, group: str = "g") -> None:
    Init = InitializeShareGroupStateRequest
    resp = await resolved(broker.shares.share_coordinator.initialize_state(Init(group_id=group, topics=[
        Init.InitializeStateData(topic_id=topic_id, partitions=[Init.PartitionData(partition=partition, state_epoch=0,
                                                                             start_offset=start)])])))
    assert resp.results[0].partitions[0].error_code == 0, resp


def produce(broker: Broker, n: int, name: str = "t", partition: int = 0, per_batch: int = 1) -> None:
    plog = broker.logs.get_log(name, partition)
    assert plog is not None
    for i in range(0, n, per_batch):
        batch = R.build_batch([(b"k", b"v%d" % j) for j in range(i, min(n, i + per_batch))], timestamp_ms=1)
        plog.append(batch, leader_epoch=0, now_ms=1)
    broker.fetches.on_append((name, partition))


def fetch_req(topic_id: bytes | None, epoch: int, *, member: str = MEMBER, acks: list[Any] | None = None,
              max_records: int = 500, batch_size: int = 500, max_wait_ms: int = 0, partitions: tuple[int, ...] = (0,),
              forgotten: list[Any] | None = None) -> ShareFetchRequest:
    topics = [] if topic_id is None else [FReq.FetchTopic(topic_id=topic_id, partitions=[
        FReq.FetchPartition(partition_index=p, acknowledgement_batches=acks or []) for p in partitions])]
    return FReq(group_id="g", member_id=member, share_session_epoch=epoch, max_wait_ms=max_wait_ms, min_bytes=1,
                max_bytes=1 << 20, max_records=max_records, batch_size=batch_size, topics=topics,
                forgotten_topics_data=forgotten or [])


def ack_batch(cls: Any, first: int, last: int, *types: int) -> Any:
    return cls.AcknowledgementBatch(first_offset=first, last_offset=last, acknowledge_types=list(types))


def ack_req(topic_id: bytes, epoch: int, batches: list[Any], *, member: str = MEMBER) -> ShareAcknowledgeRequest:
    return AReq(group_id="g", member_id=member, share_session_epoch=epoch, topics=[AReq.AcknowledgeTopic(
        topic_id=topic_id, partitions=[AReq.AcknowledgePartition(partition_index=0, acknowledgement_batches=batches)])])


async def share_fetch(c: WireClient, req: ShareFetchRequest, version: int = 1) -> ShareFetchResponse:
    resp: ShareFetchResponse = await c.call(SF, version, req)
    return resp


async def share_ack(c: WireClient, req: ShareAcknowledgeRequest, version: int = 1) -> ShareAcknowledgeResponse:
    resp: ShareAcknowledgeResponse = await c.call(SA, version, req)
    return resp


def acquired(resp: ShareFetchResponse) -> list[tuple[int, int, int]]:
    return [(a.first_offset, a.last_offset, a.delivery_count)
            for t in resp.responses for p in t.partitions for a in p.acquired_records]


def offsets_in(records: Any) -> list[int]:
    """The offsets of the records sent (every batch's range)."""
    data = bytes(records or b"")
    return [o for h in R.iter_batches(data) for o in range(h.base_offset, h.last_offset + 1)]


# -------------------------------------------------------------------------------- fetch and acknowledge

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


# ------------------------------------------------------------------------------------------ SGS17 raw cases

async def test_sgs17_initial_epoch_with_acks_is_invalid_request(broker: Broker, client: WireClient) -> None:
    """SS-EP-1: ShareFetch epoch 0 with acknowledgements -> 42."""
    tid = make_topic(broker)
    resp = await share_fetch(client, fetch_req(tid, 0, acks=[ack_batch(FReq, 0, 0, ACCEPT)]))
    assert resp.error_code == ErrorCode.INVALID_REQUEST and resp.responses == []


async def test_sgs17_share_acknowledge_epoch_zero(broker: Broker, client: WireClient) -> None:
    """SS-EP-2: ShareAcknowledge epoch 0 -> 123."""
    tid = make_topic(broker)
    resp = await share_ack(client, ack_req(tid, 0, [ack_batch(AReq, 0, 0, ACCEPT)]))
    assert resp.error_code == ErrorCode.INVALID_SHARE_SESSION_EPOCH


async def test_sgs17_wrong_epoch_and_unknown_session(broker: Broker, client: WireClient) -> None:
    """SS-EP-1/2: epoch 2 after 0 -> 123; another MemberId at epoch 1 -> 122."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    assert (await share_fetch(client, fetch_req(tid, 0))).error_code == 0
    assert (await share_fetch(client, fetch_req(tid, 2))).error_code == ErrorCode.INVALID_SHARE_SESSION_EPOCH
    assert (await share_ack(client, ack_req(tid, 2, []))).error_code == ErrorCode.INVALID_SHARE_SESSION_EPOCH
    assert (await share_fetch(client, fetch_req(tid, 1, member=OTHER))).error_code == ErrorCode.SHARE_SESSION_NOT_FOUND
    assert (await share_ack(client, ack_req(tid, 1, [], member=OTHER))).error_code == ErrorCode.SHARE_SESSION_NOT_FOUND


async def test_sgs17_unknown_topic_id(broker: Broker, client: WireClient) -> None:
    """SS-FETCH-1: an unknown topic id -> partition UNKNOWN_TOPIC_ID(100)."""
    resp = await share_fetch(client, fetch_req(b"\x01" * 16, 0))
    assert resp.error_code == 0
    assert [(p.partition_index, p.error_code) for t in resp.responses for p in t.partitions] == [(0, 100)]


async def test_sgs17_uninitialized_partition_is_unknown_server_error(broker: Broker, client: WireClient) -> None:
    """SP-LOAD-1: fetching a share partition the group never initialized -> partition -1 (answered at once, not
    after MaxWaitMs: the client's answer timeout is shorter), retried by the next fetch."""
    tid = make_topic(broker)
    resp = await share_fetch(client, fetch_req(tid, 0, max_wait_ms=60_000))
    assert [(p.partition_index, p.error_code) for t in resp.responses for p in t.partitions] == [(0, -1)]
    await initialize(broker, tid)
    produce(broker, 1)
    assert acquired(await share_fetch(client, fetch_req(tid, 1))) == [(0, 0, 1)]


async def test_sgs17_final_epoch_closes_the_session(broker: Broker, client: WireClient) -> None:
    """SS-EP-1, SS-CL-1: ShareFetch -1 answers Responses [] and ends the session (next epoch 1 -> 122); the
    member's records are released (count unchanged) and go to the next member with count 2."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 2, per_batch=2)
    assert acquired(await share_fetch(client, fetch_req(tid, 0))) == [(0, 1, 1)]
    closing = await share_fetch(client, fetch_req(None, -1))
    assert closing.error_code == 0 and closing.responses == []
    assert (await share_fetch(client, fetch_req(tid, 1))).error_code == ErrorCode.SHARE_SESSION_NOT_FOUND
    assert acquired(await share_fetch(client, fetch_req(tid, 0, member=OTHER))) == [(0, 1, 2)]


async def test_connection_close_releases_the_members_records(broker: Broker) -> None:
    """SS-CL-1 (SGS8): the connection that opened a session closes -> its records are released at once."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    produce(broker, 2, per_batch=2)
    first = await WireClient.connect(broker.port)
    assert acquired(await share_fetch(first, fetch_req(tid, 0))) == [(0, 1, 1)]
    await first.close()
    second = await WireClient.connect(broker.port)
    try:
        resp = await share_fetch(second, fetch_req(tid, 0, member=OTHER, max_wait_ms=5_000))
        assert acquired(resp) == [(0, 1, 2)]
    finally:
        await second.close()


# ------------------------------------------------------------------------------------------ long poll, locks

async def test_parked_fetch_is_woken_by_produce(broker: Broker, client: WireClient) -> None:
    """SS-FETCH-2: a fetch waits up to MaxWaitMs and is answered as soon as a produce makes records acquirable."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    pending = asyncio.ensure_future(share_fetch(client, fetch_req(tid, 0, max_wait_ms=30_000)))
    await asyncio.sleep(0.2)
    assert not pending.done()
    produce(broker, 1)
    resp = await asyncio.wait_for(pending, 10)
    assert acquired(resp) == [(0, 0, 1)]


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


# ------------------------------------------------------------------------------------------ persistence

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


# ------------------------------------------------------------------------------------------ more SS / SP cases

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


def acquired_of(p: Any) -> list[tuple[int, int, int]]:
    return [(a.first_offset, a.last_offset, a.delivery_count) for a in p.acquired_records]


async def test_ss_fetch_3_later_epochs_list_only_news(broker: Broker, client: WireClient) -> None:
    """SS-FETCH-3: epoch 0 lists every partition; later epochs only those with records, an error, an ack or new."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    resp = await share_fetch(client, fetch_req(tid, 0))
    assert [p.partition_index for t in resp.responses for p in t.partitions] == [0]
    assert (await share_fetch(client, fetch_req(tid, 1, partitions=()))).responses == []
    produce(broker, 1)
    resp = await share_fetch(client, fetch_req(tid, 2, partitions=()))
    assert acquired(resp) == [(0, 0, 1)]


async def test_ss_fetch_1_forgotten_partitions_leave_the_session(broker: Broker, client: WireClient) -> None:
    """SS-EP-1: ForgottenTopicsData removes partitions from the session: they are fetched no more."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    await share_fetch(client, fetch_req(tid, 0))
    forget = [FReq.ForgottenTopic(topic_id=tid, partitions=[0])]
    await share_fetch(client, fetch_req(None, 1, forgotten=forget))
    produce(broker, 1)
    assert acquired(await share_fetch(client, fetch_req(None, 2))) == []


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


async def test_ss_val_1_member_id(broker: Broker, client: WireClient) -> None:
    """SS-VAL-1: MemberId empty or longer than 36 characters -> 42 (no membership check otherwise)."""
    tid = make_topic(broker)
    assert (await share_fetch(client, fetch_req(tid, 0, member=""))).error_code == ErrorCode.INVALID_REQUEST
    assert (await share_fetch(client, fetch_req(tid, 0, member="x" * 37))).error_code == ErrorCode.INVALID_REQUEST
    assert (await share_ack(client, ack_req(tid, 1, [], member=""))).error_code == ErrorCode.INVALID_REQUEST


async def test_ss_ep_1_session_limit_reached(tmp_path: Path) -> None:
    """SS-EP-1: with `group.share.max.share.sessions` sessions open, a new one waits MaxWaitMs, then 133."""
    b = Broker.open(config(tmp_path / "data", group_share_max_share_sessions=1, group_share_max_size=1))
    await b.start()
    try:
        tid = make_topic(b)
        c = await WireClient.connect(b.port)
        try:
            assert (await share_fetch(c, fetch_req(tid, 0))).error_code == 0
            full = await share_fetch(c, fetch_req(tid, 0, member=OTHER, max_wait_ms=50))
            assert full.error_code == ErrorCode.SHARE_SESSION_LIMIT_REACHED
        finally:
            await c.close()
    finally:
        await b.stop()


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


async def test_sg_api_1_share_disabled_answers_unsupported_version(tmp_path: Path) -> None:
    """SG-API-1: without `share` in group.coordinator.rebalance.protocols (share.version 0), 78/79 stay listed and
    answer UNSUPPORTED_VERSION with every other field default."""
    b = Broker.open(config(tmp_path / "data", group_coordinator_rebalance_protocols=("classic", "consumer")))
    await b.start()
    try:
        assert b.router.get(SF) is not None and b.router.get(SA) is not None
        c = await WireClient.connect(b.port)
        try:
            resp = await share_fetch(c, fetch_req(b"\x01" * 16, 0))
            assert resp.error_code == ErrorCode.UNSUPPORTED_VERSION and resp.responses == []
            assert resp.acquisition_lock_timeout_ms == 0
            ack = await share_ack(c, ack_req(b"\x01" * 16, 1, []))
            assert ack.error_code == ErrorCode.UNSUPPORTED_VERSION
        finally:
            await c.close()
    finally:
        await b.stop()


async def test_ss_cl_1_parked_fetch_of_a_closed_connection_acquires_nothing(broker: Broker) -> None:
    """SS-CL-1: a fetch parked when its connection closes never acquires records for the member that is gone:
    a produce after the close goes to the other member (whose session keeps the group's share partitions
    loaded) at delivery count 1."""
    tid = make_topic(broker)
    await initialize(broker, tid)
    c2 = await WireClient.connect(broker.port)
    c = await WireClient.connect(broker.port)
    try:
        assert acquired(await share_fetch(c2, fetch_req(tid, 0, member=OTHER))) == []
        assert acquired(await share_fetch(c, fetch_req(tid, 0))) == []
        await c.send_only(SF, 1, fetch_req(tid, 1, max_wait_ms=30_000))
        for _ in range(200):
            if broker.shares.partitions._waiters:
                break
            await asyncio.sleep(0.01)
        await c.close()
        for _ in range(200):
            if broker.shares.sessions.get("g", MEMBER) is None:
                break
            await asyncio.sleep(0.01)
        produce(broker, 1)
        assert acquired(await share_fetch(c2, fetch_req(tid, 1, member=OTHER, max_wait_ms=5_000))) == [(0, 0, 1)]
    finally:
        await c2.close()


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


# -------------------------------------------------------------------------------- SS-ACK-1, SG-V-1

async def test_ss_ack_1_piggybacked_ack_of_a_partition_not_fetched(broker: Broker, client: WireClient) -> None:
    """SS-ACK-1: acks for a partition absent from the fetch result come back appended as {ErrorCode 0, empty Records,
    AcknowledgeErrorCode}; a partition listed without acks gets AcknowledgeErrorCode 0."""
    tid = make_topic(broker, partitions=2)
    await initialize(broker, tid, 0)
    await initialize(broker, tid, 1)
    produce(broker, 3, partition=0)
    first = await share_fetch(client, fetch_req(tid, 0, partitions=(0, 1)))
    assert acquired(first) == [(0, 2, 1)]
    # Epoch 1: acks for partition 0 only; the session lists both partitions, and nothing new is acquirable.
    req = fetch_req(tid, 1, partitions=(0,), acks=[ack_batch(FReq, 0, 2, ACCEPT)])
    resp = await share_fetch(client, req)
    parts = {p.partition_index: p for t in resp.responses for p in t.partitions}
    assert parts[0].acknowledge_error_code == 0 and parts[0].error_code == 0
    assert bytes(parts[0].records or b"") == b"" and parts[0].acquired_records == []
    state = broker.shares.service.shard.state(SharePartitionKey("g", tid, 0))
    assert state is not None and state.delivery_complete_count == 3  # the piggybacked accept was persisted


async def test_sg_v_1_version_0_of_the_share_apis_is_not_served(broker: Broker) -> None:
    """SG-V-1: v0 of the share APIs was Kafka 4.0's early access and is gone (Kafka 4.2's schemas start at v1):
    ApiVersions advertises 76 from v1 and 78/79 v1-2, as Kafka 4.2."""
    from kaflite.protocol.messages import ApiVersionsRequest

    c = await WireClient.connect(broker.port)
    try:
        av = await c.call(18, 3, ApiVersionsRequest(client_software_name="t", client_software_version="1"))
        versions = {a.api_key: (a.min_version, a.max_version) for a in av.api_keys}
        assert versions[SF] == (1, 2) and versions[SA] == (1, 2) and versions[76] == (1, 1)
    finally:
        await c.close()
