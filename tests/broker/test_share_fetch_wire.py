"""ShareFetch (78) and ShareAcknowledge (79) over a real socket against an in-process broker, the share session
(share-groups.md SS-*, SGS17's raw cases, SG-API-1, SG-V-1): its epochs, what a later epoch lists, forgotten
partitions, the session limit, request validation, long polls, closed connections and which versions are served.
What happens to the records (acquisition, acknowledgements, locks, persistence) is test_share_fetch_records.py;
the requests and set-up are share_wire.py."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.protocol.errors import ErrorCode
from kaflite.share_coordinator.records import SharePartitionKey
from tests.broker.share_wire import (
    ACCEPT,
    MEMBER,
    OTHER,
    SA,
    SF,
    AReq,
    FReq,
    ack_batch,
    ack_req,
    acquired,
    config,
    fetch_req,
    initialize,
    make_topic,
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


# -------------------------------------------------------------------------------------------------- SGS17 raw cases

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



# -------------------------------------------------- session epochs and validation (SS-FETCH, SS-EP, SS-VAL, SS-ACK)

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



# -------------------------------------------------------------------------------------------------------- long poll

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



# ------------------------------------------------------------------------------------- closed connections (SS-CL-1)

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



# --------------------------------------------------------------------- which versions are served (SG-API-1, SG-V-1)

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
