"""ShareFetch (78) and ShareAcknowledge (79) over a real socket against an in-process broker: the requests, the
calls and the set-up the share-fetch tests share (test_share_fetch_wire.py, test_share_fetch_records.py,
test_brokers_share.py). A share partition is initialized by calling the share coordinator's Initialize directly,
as the group coordinator does after a ShareGroupHeartbeat (SG-INIT-2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kaflite.broker.server import Broker
from kaflite.broker.share_fetch import resolved
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.messages import (
    ShareAcknowledgeRequest,
    ShareAcknowledgeResponse,
    ShareFetchRequest,
    ShareFetchResponse,
)
from kaflite.share_coordinator.messages import InitializeShareGroupStateRequest
from tests.broker.wire import WireClient

SF, SA = 78, 79
FReq, AReq = ShareFetchRequest, ShareAcknowledgeRequest
GAP, ACCEPT, RELEASE, REJECT = 0, 1, 2, 3
MEMBER = "AAAAAAAAAAAAAAAAAAAAAA"
OTHER = "BBBBBBBBBBBBBBBBBBBBBB"


def config(data: Path, **settings: Any) -> KafliteConfig:
    """One `__share_group_state` partition (SA-CFG-4's test profile)."""
    return KafliteConfig(log_dirs=str(data), port=0, share_coordinator_state_topic_num_partitions=1, **settings)


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


def acquired_of(p: Any) -> list[tuple[int, int, int]]:
    return [(a.first_offset, a.last_offset, a.delivery_count) for a in p.acquired_records]


def offsets_in(records: Any) -> list[int]:
    """The offsets of the records sent (every batch's range)."""
    data = bytes(records or b"")
    return [o for h in R.iter_batches(data) for o in range(h.base_offset, h.last_offset + 1)]
