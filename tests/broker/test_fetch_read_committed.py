"""Fetch and ListOffsets with isolation levels (transactions.md TX-RC-1..4) over real logs holding
transactions written through the storage marker API, each answer encoded and decoded as a client reads it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.fetch import FetchHandler
from kaflite.broker.router import Router
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import FetchRequest, FetchResponse, ListOffsetsRequest, ListOffsetsResponse
from kaflite.storage import PartitionLog

T0 = 1_700_000_000_000
P1, P2 = 1000, 2000
READ_UNCOMMITTED, READ_COMMITTED = 0, 1


@pytest.fixture
def context(tmp_path: Path) -> Iterator[BrokerContext]:
    ctx = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0), ManualClock(T0))
    ctx.logs.create_topic("t", 1, {})
    try:
        yield ctx
    finally:
        ctx.logs.close()


def plog(context: BrokerContext) -> PartitionLog:
    log = context.logs.get_log("t", 0)
    assert log is not None
    return log


def txn(pid: int, seq: int, n: int = 2) -> bytes:
    return R.build_batch([(b"k%d" % i, b"v") for i in range(n)], timestamp_ms=T0, producer_id=pid,
                         producer_epoch=0, base_sequence=seq, is_transactional=True)


def plain(n: int = 2) -> bytes:
    return R.build_batch([(b"p%d" % i, b"v") for i in range(n)], timestamp_ms=T0)


def put(context: BrokerContext, data: bytes) -> None:
    plog(context).append(data, leader_epoch=0, now_ms=T0)


def marker(context: BrokerContext, pid: int, *, commit: bool) -> None:
    plog(context).append_end_txn_marker(pid, 0, 0, committed=commit, leader_epoch=0, now_ms=T0)


def request_ctx(context: BrokerContext, api_key: int, version: int) -> RequestContext:
    return RequestContext(RequestHeader(api_key, version, 7, "c", 0), KafkaConnection(context, Router()))


def fetch_request(isolation: int, version: int, offset: int = 0, **kw: Any) -> FetchRequest:
    part = FetchRequest.FetchPartition(partition=0, fetch_offset=offset, partition_max_bytes=1 << 20)
    req = FetchRequest(isolation_level=isolation, max_bytes=1 << 20,
                       topics=[FetchRequest.FetchTopic(topic="t", partitions=[part])], **kw)
    return FetchRequest.decode(req.encode(version), version)


def fetch(context: BrokerContext, isolation: int, version: int = 11, offset: int = 0) -> Any:
    handler = FetchHandler(context)
    resp = handler.fetch(request_ctx(context, 1, version), fetch_request(isolation, version, offset))
    # records are FileRecords slices (the connection streams them); bytes() reads one as a client would
    wire = b"".join(bytes(p) for p in resp.encode_parts(version))
    decoded = FetchResponse.decode(wire, version)
    return decoded.responses[0].partitions[0]


def offsets_of(records: Any) -> list[tuple[int, bool]]:
    return [(h.base_offset, h.is_control) for h in R.iter_batches(bytes(records or b""))]


def aborted(part: Any) -> list[tuple[int, int]] | None:
    if part.aborted_transactions is None:
        return None
    return [(a.producer_id, a.first_offset) for a in part.aborted_transactions]


@pytest.mark.parametrize("version", [4, 11, 12])
def test_tx_rc_2_read_committed_fetch_returns_aborted_transactions(context: BrokerContext, version: int) -> None:
    """TS2 on the wire: data of an aborted transaction, its marker, then a committed one."""
    put(context, txn(P1, 0))  # 0..1
    marker(context, P1, commit=False)  # 2
    put(context, txn(P2, 0))  # 3..4
    marker(context, P2, commit=True)  # 5
    part = fetch(context, READ_COMMITTED, version)
    assert (part.high_watermark, part.last_stable_offset) == (6, 6)
    assert offsets_of(part.records) == [(0, False), (2, True), (3, False), (5, True)]
    assert aborted(part) == [(P1, 0)]
    assert aborted(fetch(context, READ_COMMITTED, version, offset=3)) == []


def test_tx_rc_2_read_committed_stops_at_the_open_transaction(context: BrokerContext) -> None:
    """TS7: two producers interleaved; the LSO is held by the oldest open transaction."""
    put(context, plain())  # 0..1
    put(context, txn(P1, 0))  # 2..3
    put(context, txn(P2, 0))  # 4..5
    marker(context, P2, commit=False)  # 6
    committed = fetch(context, READ_COMMITTED)
    assert (committed.high_watermark, committed.last_stable_offset) == (7, 2)
    assert offsets_of(committed.records) == [(0, False)]
    assert aborted(committed) == []
    uncommitted = fetch(context, READ_UNCOMMITTED)
    assert uncommitted.last_stable_offset == 2
    assert offsets_of(uncommitted.records) == [(0, False), (2, False), (4, False), (6, True)]
    marker(context, P1, commit=False)  # 7
    after = fetch(context, READ_COMMITTED)
    assert after.last_stable_offset == 8
    assert aborted(after) == [(P2, 4), (P1, 2)]  # in `.txnindex` order: by marker offset, as Kafka


def test_without_transactions_both_levels_answer_as_before(context: BrokerContext) -> None:
    """No transactional producer yet: LSO == HW, and read_committed reads what read_uncommitted reads."""
    put(context, plain(3))
    put(context, plain(2))
    for version in (4, 11):
        a, b = fetch(context, READ_UNCOMMITTED, version), fetch(context, READ_COMMITTED, version)
        assert a.last_stable_offset == a.high_watermark == 5
        assert (bytes(a.records), a.high_watermark, a.last_stable_offset) == \
               (bytes(b.records), b.high_watermark, b.last_stable_offset)
        # Kafka's bytes: null (-1) for read_uncommitted, an empty list for read_committed.
        assert a.aborted_transactions is None and b.aborted_transactions == []


def list_latest(context: BrokerContext, isolation: int, timestamp: int = -1, version: int = 5) -> Any:
    handler = FetchHandler(context)
    P = ListOffsetsRequest.ListOffsetsPartition
    req = ListOffsetsRequest(replica_id=-1, isolation_level=isolation, topics=[
        ListOffsetsRequest.ListOffsetsTopic(name="t", partitions=[P(partition_index=0, timestamp=timestamp)])])
    req = ListOffsetsRequest.decode(req.encode(version), version)
    resp = handler.list_offsets(request_ctx(context, 2, version), req)
    return ListOffsetsResponse.decode(resp.encode(version), version).topics[0].partitions[0]


def test_tx_rc_3_list_offsets_latest_read_committed_is_the_lso(context: BrokerContext) -> None:
    put(context, plain())
    put(context, txn(P1, 0))
    put(context, plain())
    assert list_latest(context, READ_UNCOMMITTED).offset == 6
    assert list_latest(context, READ_COMMITTED).offset == 2
    # by timestamp: a record at or past the LSO is not fetchable by a read_committed reader
    assert list_latest(context, READ_COMMITTED, timestamp=T0).offset == 0
    marker(context, P1, commit=True)
    assert list_latest(context, READ_COMMITTED).offset == list_latest(context, READ_UNCOMMITTED).offset == 7


async def test_tx_rc_4_parked_read_committed_fetch_wakes_when_the_lso_moves(context: BrokerContext) -> None:
    """TS13: a read_committed consumer at the LSO waits on the open transaction; the commit marker (and
    the `on_append` its writer calls) completes it without waiting for max_wait_ms."""
    put(context, txn(P1, 0))
    handler = FetchHandler(context)
    req = fetch_request(READ_COMMITTED, 11, min_bytes=1, max_wait_ms=60_000)
    pending = handler.fetch(request_ctx(context, 1, 11), req)
    assert isinstance(pending, asyncio.Future) and not pending.done()
    put(context, txn(P1, 2))  # more undecided data: still nothing below the LSO
    handler.on_append(("t", 0))
    assert not pending.done()
    marker(context, P1, commit=True)
    handler.on_append(("t", 0))
    assert pending.done()
    part = pending.result().responses[0].partitions[0]
    assert part.last_stable_offset == 5
    assert offsets_of(part.records) == [(0, False), (2, False), (4, True)]
    assert handler.waiting == {}
