"""GroupCoordinatorService's share-group APIs over the runtime, with a real ShareCoordinatorService (in-memory
logs) behind the broker's SharePersister adapter: the gate (SG-API-1), the request-level checks (SG-VAL-1),
initialization after the answer (SG-INIT-4), the offset admin APIs (SA-OFF-1/2/3) and DeleteGroups (SA-DEL-1)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

from kaflite.broker.share_persister import ShareCoordinatorPersister
from kaflite.clock import ManualClock
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.result import CoordinatorResult, RequestContext
from kaflite.coordinator.service import GroupCoordinatorService
from kaflite.coordinator.share.group import ShareGroup
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import (
    AlterShareGroupOffsetsRequest,
    ConsumerGroupHeartbeatRequest,
    DeleteGroupsRequest,
    DeleteShareGroupOffsetsRequest,
    DescribeShareGroupOffsetsRequest,
    ShareGroupDescribeRequest,
    ShareGroupHeartbeatRequest,
)
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.records import SharePartitionKey
from kaflite.share_coordinator.service import ShareCoordinatorService
from tests.coordinator.share.harness import topic_id
from tests.coordinator.test_runtime import MemoryLog
from tests.share_coordinator.harness import write_req

FOO, BAR = topic_id("foo"), topic_id("bar")
CTX = RequestContext(client_id="client", client_host="/127.0.0.1")


async def answer(x: Any) -> Any:
    return await x if inspect.isawaitable(x) else x


class Node:
    """A group coordinator and a share coordinator, one partition each, over in-memory logs."""

    def __init__(self, *, enabled: bool = True, with_persister: bool = True) -> None:
        self.clock = ManualClock(1_000_000)
        self.image = MetadataImage()
        self.image.put("foo", FOO, 2)
        self.image.put("bar", BAR, 1)
        self.offsets_log, self.state_log = MemoryLog(), MemoryLog()
        self.hw: dict[tuple[str, int], int] = {}

        def partitions(tid: bytes) -> int | None:
            t = self.image.topic_by_id(tid)
            return None if t is None else t.num_partitions

        self.share = ShareCoordinatorService.build(
            self.state_log, self.state_log, ShareCoordinatorConfig(share_coordinator_state_topic_num_partitions=1),
            topic_partitions=partitions, clock=self.clock)
        self.groups = GroupCoordinatorService.build(
            self.offsets_log, self.offsets_log, GroupCoordinatorConfig(offsets_topic_num_partitions=1),
            clock=self.clock, metadata=self.image,
            share_persister=ShareCoordinatorPersister(self.share) if with_persister else None,
            share_enabled=enabled, high_watermark=lambda t, p: self.hw.get((t, p)))

    async def start(self) -> Node:
        await self.share.load_partition(0)
        await self.groups.load_partition(0)
        return self

    async def hb(self, member: str, epoch: int, topics: list[str] | None = None, group: str = "g") -> Any:
        if topics is None and epoch == 0:
            topics = ["foo"]
        return await answer(self.groups.share_group_heartbeat(ShareGroupHeartbeatRequest(
            group_id=group, member_id=member, member_epoch=epoch, subscribed_topic_names=topics), 1, CTX))

    def group(self, gid: str = "g") -> ShareGroup:
        g = self.groups.shard.ctx.groups[gid]
        assert isinstance(g, ShareGroup)
        return g

    async def initialized(self, gid: str = "g", topic: bytes = FOO) -> None:
        await self.groups.runtime.wait_for(lambda: topic in self.group(gid).initialized, 10.0)

    def state_start_offset(self, gid: str, tid: bytes, p: int) -> int | None:
        s = self.share.shard.state(SharePartitionKey(gid, tid, p))
        return None if s is None else s.start_offset

    async def describe_offsets(self, version: int = 1, topics: list[tuple[str, list[int]]] | None = None,
                               group: str = "g") -> Any:
        G, T = DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup, \
            DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestTopic
        req = DescribeShareGroupOffsetsRequest(groups=[G(group_id=group, topics=None if topics is None else [
            T(topic_name=n, partitions=ps) for n, ps in topics])])
        return (await answer(self.groups.describe_share_group_offsets(req, version, CTX))).groups[0]

    async def alter(self, offsets: dict[str, dict[int, int]], group: str = "g") -> Any:
        R = AlterShareGroupOffsetsRequest
        req = R(group_id=group, topics=[R.AlterShareGroupOffsetsRequestTopic(topic_name=n, partitions=[
            R.AlterShareGroupOffsetsRequestPartition(partition_index=p, start_offset=o) for p, o in ps.items()])
            for n, ps in offsets.items()])
        return await answer(self.groups.alter_share_group_offsets(req, 0, CTX))

    async def delete_offsets(self, topics: list[str], group: str = "g") -> Any:
        R = DeleteShareGroupOffsetsRequest
        req = R(group_id=group, topics=[R.DeleteShareGroupOffsetsRequestTopic(topic_name=n) for n in topics])
        return await answer(self.groups.delete_share_group_offsets(req, 0, CTX))

    async def close(self) -> None:
        """Once every initialization under way is done (its share-coordinator write is not left pending)."""
        groups = self.groups.shard.ctx.groups
        await self.groups.runtime.wait_for(lambda: not any(
            isinstance(g, ShareGroup) and g.initializing for g in groups.values()), 10.0)
        # ... and their closing (15) is durable: an operation that touches the partition waits for its writes.
        await self.groups.runtime.schedule("barrier", lambda _shard: CoordinatorResult(partitions={0}))
        await self.share.runtime.schedule("barrier", lambda _shard: CoordinatorResult(partitions={0}))
        await self.groups.close()
        await self.share.close()


async def test_sg_api_1_share_groups_off_answer_unsupported_version() -> None:
    for node in (Node(enabled=False), Node(with_persister=False)):
        await node.start()
        hb = await node.hb("m1", 0)
        assert (hb.error_code, hb.error_message, hb.member_id) == (E.UNSUPPORTED_VERSION, None, None)
        d = node.groups.share_group_describe(ShareGroupDescribeRequest(group_ids=["g"]), 1, CTX)
        assert d.groups[0].error_code == E.UNSUPPORTED_VERSION
        assert (await node.describe_offsets()).error_code == E.UNSUPPORTED_VERSION
        assert (await node.alter({"foo": {0: 1}})).error_code == E.UNSUPPORTED_VERSION
        assert (await node.delete_offsets(["foo"])).error_code == E.UNSUPPORTED_VERSION
        assert node.offsets_log.partitions[0] == []
        await node.close()


async def test_sg_val_1_member_ids_the_client_cannot_have_made_are_refused_before_the_coordinator() -> None:
    node = await Node().start()
    for member in ("", "x" * 37):
        resp = await node.hb(member, 0)
        assert (resp.error_code, resp.error_message) == (E.INVALID_REQUEST, None)
    assert (await node.hb("x" * 36, 0)).error_code == E.NONE
    await node.initialized()
    await node.close()


async def test_sg_init_4_initialization_runs_after_the_answer_and_the_next_heartbeat_is_assigned() -> None:
    node = await Node().start()
    state_records_at_answer: list[int] = []
    first = node.groups.share_group_heartbeat(ShareGroupHeartbeatRequest(
        group_id="g", member_id="m1", member_epoch=0, subscribed_topic_names=["foo"]), 1, CTX)
    first.add_done_callback(lambda _f: state_records_at_answer.append(len(node.state_log.partitions[0])))
    resp = await first
    assert (resp.member_epoch, resp.assignment.topic_partitions) == (1, [])
    assert state_records_at_answer == [0]  # the answer went before any share-partition state was written
    await node.initialized()
    assert [node.state_start_offset("g", FOO, p) for p in (0, 1)] == [-1, -1]
    assert node.share.shard.state(SharePartitionKey("g", FOO, 0)).state_epoch == 1  # the group epoch
    second = await node.hb("m1", 1)
    assert (second.member_epoch, [(tp.topic_id, tp.partitions) for tp in second.assignment.topic_partitions]) == (
        2, [(FOO, [0, 1])])
    await node.close()


async def test_sa_off_1_describe_share_group_offsets() -> None:
    node = await Node().start()
    await node.hb("m1", 0)
    await node.initialized()
    node.hw[("foo", 0)] = 10
    await answer(node.share.write_state(write_req("g", FOO, 0, state_epoch=1, start_offset=4, dcc=2)))
    everything = await node.describe_offsets()  # Topics null: every Initialized partition
    assert everything.error_code == E.NONE
    [foo] = everything.topics
    assert (foo.topic_name, foo.topic_id) == ("foo", FOO)
    assert [(p.partition_index, p.start_offset, p.leader_epoch, p.lag, p.error_code) for p in foo.partitions] == [
        (0, 4, 0, 10 - 4 - 2, E.NONE), (1, -1, 0, -1, E.NONE)]
    assert (await node.describe_offsets(topics=[])).topics == []
    unknown = await node.describe_offsets(topics=[("nope", [0, 1])])
    assert [(t.topic_id, [(p.start_offset, p.leader_epoch, p.lag, p.error_code) for p in t.partitions])
            for t in unknown.topics] == [(bytes(16), [(-1, 0, -1, E.NONE)] * 2)]
    other = await node.describe_offsets(group="nobody")  # no existence check
    assert (other.error_code, other.topics) == (E.NONE, [])
    listed = await node.describe_offsets(topics=[("bar", [0])], group="nobody")
    assert [(p.start_offset, p.lag) for p in listed.topics[0].partitions] == [(-1, -1)]
    await node.close()


async def test_sa_off_2_alter_share_group_offsets() -> None:
    node = await Node().start()
    created = await node.alter({"foo": {0: 7, 5: 1}, "nope": {0: 1}}, group="new")  # no group: created
    assert created.error_code == E.NONE
    by_topic = {t.topic_name: (t.topic_id, [(p.partition_index, p.error_code) for p in t.partitions])
                for t in created.responses}
    assert by_topic == {"foo": (FOO, [(0, E.NONE), (5, E.UNKNOWN_TOPIC_OR_PARTITION)]),
                        "nope": (bytes(16), [(0, E.UNKNOWN_TOPIC_OR_PARTITION)])}
    g = node.group("new")
    assert (g.group_epoch, g.state_name(), set(g.initialized[FOO].partitions), g.initializing) == (
        0, "Empty", {0}, {})
    assert node.state_start_offset("new", FOO, 0) == 7
    await node.hb("m1", 0)
    busy = await node.alter({"foo": {0: 1}})
    assert (busy.error_code, busy.error_message) == (E.NON_EMPTY_GROUP, "The group is not empty.")
    assert (await node.alter({"foo": {0: 1}}, group="")).error_code == E.INVALID_GROUP_ID
    await answer(node.groups.consumer_group_heartbeat(ConsumerGroupHeartbeatRequest(
        group_id="c", member_id="c1", member_epoch=0, rebalance_timeout_ms=1000, subscribed_topic_names=["foo"],
        topic_partitions=[]), 1, CTX))
    other = await node.alter({"foo": {0: 1}}, group="c")
    assert (other.error_code, other.error_message) == (E.GROUP_ID_NOT_FOUND, "Group c is not a share group.")
    await node.close()


async def test_sa_off_3_delete_share_group_offsets() -> None:
    node = await Node().start()
    missing = await node.delete_offsets(["foo"])
    assert (missing.error_code, missing.error_message) == (E.GROUP_ID_NOT_FOUND, "Group g not found.")
    await node.hb("m1", 0)
    await node.initialized()
    busy = await node.delete_offsets(["foo"])
    assert (busy.error_code, busy.error_message) == (E.NON_EMPTY_GROUP, "The group is not empty.")
    await node.hb("m1", -1)
    resp = await node.delete_offsets(["foo", "bar", "nope"])
    assert resp.error_code == E.NONE
    assert [(t.topic_name, t.topic_id, t.error_code, t.error_message) for t in resp.responses] == [
        ("foo", FOO, E.NONE, None),
        ("bar", BAR, E.UNKNOWN_TOPIC_OR_PARTITION, "There is no offset information to delete."),
        ("nope", bytes(16), E.UNKNOWN_TOPIC_OR_PARTITION, "This server does not host this topic-partition.")]
    g = node.group()
    assert (g.initialized, g.deleting) == ({}, {})
    assert [node.state_start_offset("g", FOO, p) for p in (0, 1)] == [None, None]  # tombstoned
    # A later member re-initializes it.
    await node.hb("m2", 0)
    await node.initialized()
    await node.close()


async def test_sa_del_1_delete_groups_deletes_the_share_partitions_state() -> None:
    node = await Node().start()
    await node.hb("m1", 0)
    await node.initialized()
    await node.hb("m1", -1)
    resp = await answer(node.groups.delete_groups(DeleteGroupsRequest(groups_names=["g"]), 2, CTX))
    assert [r.error_code for r in resp.results] == [E.NONE]
    assert "g" not in node.groups.shard.ctx.groups

    def gone() -> bool:
        return all(node.state_start_offset("g", FOO, p) is None for p in (0, 1))

    await node.share.runtime.wait_for(gone, 10.0)
    await node.close()


async def test_sg_init_5_a_deleted_topic_leaves_the_group_and_its_state_goes() -> None:
    """The group drops the topic from its (15); the share coordinator, told of the deletion as the server tells
    it (SC-DEL-2), tombstones the keys; a later heartbeat bumps the epoch and assigns nothing of it."""
    node = await Node().start()
    await node.hb("m1", 0)
    await node.initialized()
    node.image.remove("foo")
    node.groups.on_partitions_deleted([("foo", 0), ("foo", 1)])
    await node.groups.runtime.wait_for(lambda: FOO not in node.group().initialized, 10.0)
    await node.share.on_topics_deleted([FOO])
    assert all(node.state_start_offset("g", FOO, p) is None for p in (0, 1))
    resp = await node.hb("m1", 1)
    assert (resp.member_epoch, resp.assignment) == (2, None)
    await node.close()


async def test_sp_persist_2_the_share_fetch_path_hears_of_state_resets() -> None:
    """kaflite's eviction (SP-PERSIST-2): Alter/DeleteShareGroupOffsets and DeleteGroups tell the listeners the
    group whose share-partition state they reset or deleted, once done."""
    node = await Node().start()
    heard: list[str] = []
    node.groups.share_state_listeners.append(heard.append)
    await node.alter({"foo": {0: 3}})
    assert heard == ["g"]
    await node.delete_offsets(["foo"])
    assert heard == ["g", "g"]
    await answer(node.groups.delete_groups(DeleteGroupsRequest(groups_names=["g"]), 2, CTX))
    assert heard == ["g", "g"]  # nothing initialized was left: no deletion
    await node.alter({"foo": {1: 3}}, group="h")
    await answer(node.groups.delete_groups(DeleteGroupsRequest(groups_names=["h"]), 2, CTX))
    for _ in range(200):  # the deletion's future settles a few loop turns later
        if len(heard) == 4:
            break
        await asyncio.sleep(0.005)
    assert heard == ["g", "g", "h", "h"]
    await node.close()
