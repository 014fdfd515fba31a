"""SG-API-4 (one group-id namespace), SG-DESC-1/SA-DESC-1 (ShareGroupDescribe), SA-LIST-1 (ListGroups knows share
groups) and SA-DEL-1 (DeleteGroups of a share group), on the pure coordinator."""

from __future__ import annotations

from typing import Any

from kaflite.coordinator.share import records as rec
from kaflite.protocol.authorized_operations import ALL_GROUP
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupHeartbeatRequest,
    DeleteGroupsRequest,
    DescribeGroupsRequest,
    HeartbeatRequest,
    JoinGroupRequest,
    LeaveGroupRequest,
    ListGroupsRequest,
    OffsetCommitRequest,
    OffsetDeleteRequest,
    OffsetFetchRequest,
    SyncGroupRequest,
)
from tests.coordinator.share.harness import CTX, ShareHarness, topic_id

FOO = topic_id("foo")


def call(h: ShareHarness, op: str, req: Any, version: int) -> Any:
    token = f"{op}#x"
    h.absorb(getattr(h.coord, op)(req, version, CTX, token))
    return h.responses[token]


def share_group() -> ShareHarness:
    h = ShareHarness({"foo": 2})
    h.hb("m1", 0)
    h.initialize_all()
    h.hb("m1", 1)
    return h


def test_sg_api_4_classic_apis_on_a_share_group() -> None:
    h = share_group()
    join = call(h, "join_group", JoinGroupRequest(group_id="g", member_id="", protocol_type="consumer",
                                                  session_timeout_ms=10_000, rebalance_timeout_ms=10_000,
                                                  protocols=[JoinGroupRequest.JoinGroupRequestProtocol(
                                                      name="range", metadata=b"")]), 9)
    assert join.error_code == E.INCONSISTENT_GROUP_PROTOCOL
    assert call(h, "sync_group", SyncGroupRequest(group_id="g", member_id="m1", generation_id=1), 5).error_code \
        == E.UNKNOWN_MEMBER_ID
    assert call(h, "heartbeat", HeartbeatRequest(group_id="g", member_id="m1", generation_id=1), 4).error_code \
        == E.UNKNOWN_MEMBER_ID
    leave = call(h, "leave_group", LeaveGroupRequest(group_id="g", members=[
        LeaveGroupRequest.MemberIdentity(member_id="m1")]), 5)
    assert [m.error_code for m in leave.members] == [E.UNKNOWN_MEMBER_ID]
    assert "m1" in h.group().members


def test_sg_api_4_consumer_and_offset_apis_on_a_share_group() -> None:
    h = share_group()
    cg = call(h, "consumer_group_heartbeat", ConsumerGroupHeartbeatRequest(
        group_id="g", member_id="c1", member_epoch=0, rebalance_timeout_ms=1000, subscribed_topic_names=["foo"],
        topic_partitions=[]), 1)
    assert (cg.error_code, cg.error_message) == (E.GROUP_ID_NOT_FOUND, "Group g is not a consumer group.")
    desc = h.coord.consumer_group_describe(ConsumerGroupDescribeRequest(group_ids=["g"]), 1, CTX)
    assert (desc.groups[0].error_code, desc.groups[0].error_message) == (
        E.GROUP_ID_NOT_FOUND, "Group g is not a consumer group.")
    T, P = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition
    commit = call(h, "offset_commit", OffsetCommitRequest(group_id="g", generation_id_or_member_epoch=-1, topics=[
        T(name="foo", partitions=[P(partition_index=0, committed_offset=1)])]), 9)
    assert commit.topics[0].partitions[0].error_code == E.GROUP_ID_NOT_FOUND
    fetch = h.coord.offset_fetch(OffsetFetchRequest(groups=[OffsetFetchRequest.OffsetFetchRequestGroup(
        group_id="g", topics=None)]), 9, CTX)
    assert fetch.groups[0].error_code == E.GROUP_ID_NOT_FOUND
    delete = call(h, "offset_delete", OffsetDeleteRequest(group_id="g", topics=[
        OffsetDeleteRequest.OffsetDeleteRequestTopic(name="foo", partitions=[
            OffsetDeleteRequest.OffsetDeleteRequestPartition(partition_index=0)])]), 0)
    assert delete.error_code == E.GROUP_ID_NOT_FOUND
    described = h.coord.describe_groups(DescribeGroupsRequest(groups=["g"]), 6, CTX).groups[0]
    assert (described.group_state, described.error_code, described.error_message) == (
        "Dead", E.GROUP_ID_NOT_FOUND, "Group g is not a classic group.")


def test_sg_api_4_share_apis_on_other_group_types() -> None:
    h = ShareHarness({"foo": 1})
    call(h, "consumer_group_heartbeat", ConsumerGroupHeartbeatRequest(
        group_id="c", member_id="c1", member_epoch=0, rebalance_timeout_ms=1000, subscribed_topic_names=["foo"],
        topic_partitions=[]), 1)
    resp = h.hb("m1", 0, group="c")
    assert (resp.error_code, resp.error_message) == (E.GROUP_ID_NOT_FOUND, "Group c is not a share group.")
    d = h.describe("c").groups[0]
    assert (d.error_code, d.error_message) == (E.GROUP_ID_NOT_FOUND, "Group c is not a share group.")


def test_sg_desc_1_describe_a_share_group() -> None:
    """SG-DESC-1 / SA-DESC-1: state, epochs, AssignorName simple, members with their current assignment by id and
    name (deleted topics left out); "" INVALID_GROUP_ID; unknown 69."""
    h = share_group()
    h.image.put("bar", topic_id("bar"), 1)
    h.hb("m2", 0, topics=["foo", "bar"], rack_id="r2")
    resp = h.describe("g", "", "missing")
    g, empty, missing = resp.groups
    assert (g.error_code, g.group_state, g.group_epoch, g.assignment_epoch, g.assignor_name) == (
        E.NONE, "Stable", 3, 3, "simple")
    assert g.authorized_operations == -2147483648
    m1, m2 = g.members
    assert (m1.member_id, m1.member_epoch, m1.client_id, m1.client_host, m1.subscribed_topic_names, m1.rack_id) == (
        "m1", 2, "client", "/127.0.0.1", ["foo"], None)
    assert [(tp.topic_id, tp.topic_name, tp.partitions) for tp in m1.assignment.topic_partitions] == [
        (FOO, "foo", [0, 1])]
    assert (m2.rack_id, m2.subscribed_topic_names) == ("r2", ["bar", "foo"])
    assert (empty.group_id, empty.error_code) == ("", E.INVALID_GROUP_ID)
    assert (missing.error_code, missing.error_message) == (E.GROUP_ID_NOT_FOUND, "Group missing not found.")
    assert h.describe("g", include_ops=True).groups[0].authorized_operations == ALL_GROUP
    h.image.remove("foo")
    assert h.describe("g").groups[0].members[0].assignment.topic_partitions == []


def test_sa_list_1_list_groups_shows_share_groups_by_type_and_state() -> None:
    h = share_group()
    listed = h.coord.list_groups(ListGroupsRequest(types_filter=["share"]), 5, CTX).groups
    assert [(g.group_id, g.protocol_type, g.group_type, g.group_state) for g in listed] == [
        ("g", "share", "share", "Stable")]
    assert h.coord.list_groups(ListGroupsRequest(types_filter=["consumer"]), 5, CTX).groups == []
    assert [g.group_id for g in h.coord.list_groups(ListGroupsRequest(states_filter=["Stable"]), 5, CTX).groups] \
        == ["g"]


def test_sa_del_1_delete_groups_of_a_share_group() -> None:
    """Not Empty -> NON_EMPTY_GROUP(68); else (15){[], [], Deleting = its topics}, the tombstones in
    ShareGroup.createGroupTombstoneRecords' order, and (follow-up) the share-partitions' state deleted."""
    h = share_group()
    resp = call(h, "delete_groups", DeleteGroupsRequest(groups_names=["g"]), 2)
    assert [r.error_code for r in resp.results] == [E.NON_EMPTY_GROUP]
    h.hb("m1", -1)
    n = len(h.records)
    resp = call(h, "delete_groups", DeleteGroupsRequest(groups_names=["g"]), 2)
    assert [r.error_code for r in resp.results] == [E.NONE]
    assert h.record_types(n) == [(15, False), (12, True), (15, True), (11, True)]
    md = rec.state_partition_metadata_of(rec.decode_value(15, h.records[n][1]))
    assert (md.initializing, md.initialized, md.deleting) == ({}, {}, {FOO: "foo"})
    assert [(d.group_id, dict(d.partitions)) for d in h.deletions] == [("g", {FOO: frozenset({0, 1})})]
    assert "g" not in h.coord.ctx.groups and "g" not in h.replayed().ctx.groups


def test_sa_del_1_an_empty_share_group_is_never_expired_by_the_offsets_task() -> None:
    """ShareGroup.shouldExpire is false: only DeleteGroups deletes an empty share group."""
    h = share_group()
    h.hb("m1", -1)
    n = len(h.records)
    h.absorb(h.coord.cleanup_expired_offsets(h.coord.partition_for("g")))
    assert h.records[n:] == [] and "g" in h.coord.ctx.groups
