"""KIP-932 ShareGroupHeartbeat and ShareGroupDescribe over the wire against the kit's broker (SGHT-like): the gate
while share groups are off (SG-API-1), then a member that joins, is assigned the topic's partitions once they are
initialized (SG-INIT-3/4: epoch 1 with [], epoch 2 with all), is described, and leaves.
"""

from __future__ import annotations

import base64
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    MetadataRequest,
    ShareGroupDescribeRequest,
    ShareGroupHeartbeatRequest,
)
from kaflite.share_coordinator.records import SharePartitionKey
from kaflite.testing.broker import Broker
from tests.integration.group_clients import RawClient

TOPIC = "sg-hb"
WAIT_S = 20.0


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        b.create_topic(TOPIC, 3)
        yield b


def state_start_offsets(broker: Broker, group: str, topic_id: bytes, partitions: int) -> list[int | None]:
    async def read() -> list[int | None]:
        shard = broker.server.shares.service.shard
        states = [shard.state(SharePartitionKey(group, topic_id, p)) for p in range(partitions)]
        return [None if s is None else s.start_offset for s in states]

    return broker.call(read())


def member_id() -> str:
    """What Java, franz-go and librdkafka send: a 22-character base64url Uuid (SG-GRP-3)."""
    return base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")


def heartbeat(client: RawClient, group: str, member: str, epoch: int, topics: list[str] | None = None) -> Any:
    return client.call(ShareGroupHeartbeatRequest(group_id=group, member_id=member, member_epoch=epoch,
                                                  subscribed_topic_names=topics), version=1)


def test_sg_api_1_share_groups_off_answer_unsupported_version(broker: Broker) -> None:
    """Listed in ApiVersions and answered UNSUPPORTED_VERSION(35), every other field default (SGHT
    testShareGroupHeartbeatIsInAccessibleWhenConfigsDisabled): a broker without `share` in
    group.coordinator.rebalance.protocols (share.version 0)."""
    with Broker(config={"group.coordinator.rebalance.protocols": "classic,consumer"}) as off:
        client = RawClient(off.bootstrap_servers)
        try:
            resp = heartbeat(client, "sg-off", member_id(), 0, [TOPIC])
            assert (resp.error_code, resp.error_message, resp.member_id, resp.member_epoch, resp.assignment) == (
                ErrorCode.UNSUPPORTED_VERSION, None, None, 0, None)
        finally:
            client.close()


def test_sg_init_4_join_is_assigned_after_initialization_then_describe_and_leave(broker: Broker) -> None:
    group, member = "sg-join", member_id()
    client = RawClient(broker.bootstrap_servers, client_id="share-raw")
    try:
        client.wait_coordinator(group)
        topic_id = client.call(MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=TOPIC)]),
                               version=12).topics[0].topic_id
        first = heartbeat(client, group, member, 0, [TOPIC])
        assert (first.error_code, first.member_id, first.member_epoch) == (ErrorCode.NONE, member, 1)
        assert first.assignment is not None and first.assignment.topic_partitions == []
        # Initialized after the answer (SG-INIT-4); the next heartbeat brings the partitions (SG-INIT-3).
        deadline = time.monotonic() + WAIT_S
        epoch, assigned = first.member_epoch, None
        while assigned is None:
            assert time.monotonic() < deadline, "the partitions were never assigned"
            time.sleep(0.05)
            resp = heartbeat(client, group, member, epoch)
            assert resp.error_code == ErrorCode.NONE
            epoch = resp.member_epoch
            if resp.assignment is not None and resp.assignment.topic_partitions:
                assigned = [(tp.topic_id, tp.partitions) for tp in resp.assignment.topic_partitions]
        assert (epoch, assigned) == (2, [(topic_id, [0, 1, 2])])
        assert state_start_offsets(broker, group, topic_id, 3) == [-1, -1, -1]  # SC-INIT-1, StartOffset -1
        snap = broker.wait_for_group(group, "Stable", members=1, timeout=WAIT_S)
        assert (snap.group_type, snap.epoch, snap.assignment_epoch) == ("share", 2, 2)

        described = client.call(ShareGroupDescribeRequest(group_ids=[group]), version=1).groups[0]
        assert (described.error_code, described.group_state, described.group_epoch, described.assignor_name) == (
            ErrorCode.NONE, "Stable", 2, "simple")
        [m] = described.members
        assert (m.member_id, m.member_epoch, m.client_id, m.client_host, m.subscribed_topic_names) == (
            member, 2, "share-raw", "/127.0.0.1", [TOPIC])
        assert [(tp.topic_name, tp.partitions) for tp in m.assignment.topic_partitions] == [(TOPIC, [0, 1, 2])]

        # The kit's tools know share groups: a second member, expired at once (SG-TM-1), leaves the first alone.
        other = member_id()
        assert heartbeat(client, group, other, 0, [TOPIC]).member_epoch == 3
        assert broker.wait_for_group(group, "Stable", members=2, timeout=WAIT_S).epoch == 3
        assert broker.expire_member(group, other)
        after = broker.wait_for_group(group, "Stable", members=1, timeout=WAIT_S)
        assert [m.member_id for m in after.members] == [member] and after.epoch == 4
        assert heartbeat(client, group, other, 3).error_code == ErrorCode.UNKNOWN_MEMBER_ID

        left = heartbeat(client, group, member, -1)
        assert (left.error_code, left.member_id, left.member_epoch, left.heartbeat_interval_ms) == (
            ErrorCode.NONE, member, -1, 0)
        assert broker.wait_for_group(group, "Empty", members=0, timeout=WAIT_S).epoch == 5
    finally:
        client.close()
