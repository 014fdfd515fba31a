"""Issue 34 item 3 for share groups (KIP-932): ShareFetch and ShareAcknowledge at a broker that does not lead the
partition answer NOT_LEADER_OR_FOLLOWER for it, with the current leader and its endpoint (KIP-951), as KafkaApis
does; at the leader they acquire and acknowledge as with one broker."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaflite.broker.server import Broker
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ShareAcknowledgeRequest as AReq
from tests.broker.share_wire import (
    ACCEPT,
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

pytestmark = pytest.mark.timeout(60)


async def test_share_fetch_and_acknowledge_follow_the_partitions_leader(tmp_path: Path) -> None:
    broker = Broker.open(config(tmp_path / "data", brokers=3))
    await broker.start()
    clients: dict[int, WireClient] = {}
    try:
        tid = make_topic(broker)
        await initialize(broker, tid)
        produce(broker, 3)
        leaders = broker.context.leaders
        leader = leaders.leader("t", 0)
        other = next(n for n in (1, 2, 3) if n != leader)
        for node in (leader, other):
            listener = broker.state.endpoint("PLAINTEXT", node)
            assert listener is not None
            clients[node] = await WireClient.connect(listener.port)
        wrong = await share_fetch(clients[other], fetch_req(tid, 0))
        part = wrong.responses[0].partitions[0]
        assert part.error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER and acquired(wrong) == []
        assert (part.current_leader.leader_id, part.current_leader.leader_epoch) == (leader, 0)
        assert [n.node_id for n in wrong.node_endpoints] == [leader]
        right = await share_fetch(clients[leader], fetch_req(tid, 0))
        assert acquired(right) == [(0, 2, 1)] and right.node_endpoints == []
        await leaders.move_leader("t", 0, other)
        ack = await share_ack(clients[leader], ack_req(tid, 1, [ack_batch(AReq, 0, 2, ACCEPT)]))
        moved = ack.responses[0].partitions[0]
        assert moved.error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER
        assert (moved.current_leader.leader_id, moved.current_leader.leader_epoch) == (other, 1)
        again = await share_fetch(clients[leader], fetch_req(tid, 2))
        assert again.responses[0].partitions[0].error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER
    finally:
        for client in clients.values():
            await client.close()
        await broker.stop()
