"""DescribeGroups, ListGroups, DeleteGroups, OffsetDelete, partition ownership (B-FIND-2, B-LOG-3)."""

from __future__ import annotations

from kaflite.clock import ManualClock
from kaflite.coordinator import GroupCoordinator, GroupCoordinatorConfig, GroupState, RequestContext
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import (
    ConsumerProtocolSubscription,
    DeleteGroupsRequest,
    DescribeGroupsRequest,
    HeartbeatRequest,
    JoinGroupRequest,
    ListGroupsRequest,
    OffsetDeleteRequest,
)
from tests.coordinator.harness import Harness, wire

S = GroupState
CTX = RequestContext()


def describe(h: Harness, *groups: str, version: int = 5):
    return {g.group_id: g for g in h.coord.describe_groups(DescribeGroupsRequest(groups=list(groups)), version,
                                                            CTX).groups}


def list_groups(h: Harness, version: int = 5, states=(), types=()):
    req = ListGroupsRequest(states_filter=list(states), types_filter=list(types))
    resp = h.coord.list_groups(req, version, CTX)
    return wire(resp, version)  # what the client reads at that version


def delete(h: Harness, *groups: str):
    t = h.token("delete")
    res = h.absorb(h.coord.delete_groups(DeleteGroupsRequest(groups_names=list(groups)), 2, CTX, t))
    return {r.group_id: r.error_code for r in res.response_for(t).results}


def test_describe_groups_stable_shows_metadata_and_assignment(h: Harness) -> None:
    ids = h.form_group(2)
    d = describe(h, "g", "nogroup")
    g = d["g"]
    assert (g.error_code, g.group_state, g.protocol_type, g.protocol_data) == (E.NONE, "Stable", "consumer", "range")
    assert {(m.member_id, m.client_id, m.client_host, m.member_metadata, m.member_assignment) for m in g.members} == {
        (m, "consumer", "/127.0.0.1", b"sub", f"assign-{m}".encode()) for m in ids
    }
    assert (d["nogroup"].error_code, d["nogroup"].group_state) == (E.NONE, "Dead")
    h.join_new()
    g = describe(h, "g")["g"]
    assert g.group_state == "PreparingRebalance" and g.protocol_data == ""
    assert all(m.member_metadata == b"" and m.member_assignment == b"" for m in g.members)
    assert describe(h, "nogroup", version=6)["nogroup"].error_code == E.GROUP_ID_NOT_FOUND


def test_list_groups_with_state_and_type_filters(h: Harness) -> None:
    h.form_group(1)
    h.commit("simple", {("t", 0): 1})
    assert {(g.group_id, g.group_state, g.protocol_type) for g in list_groups(h).groups} == {
        ("g", "Stable", "consumer"),
        ("simple", "Empty", ""),
    }
    assert [g.group_id for g in list_groups(h, states=["stable"]).groups] == ["g"]
    assert [g.group_id for g in list_groups(h, states=["Empty"]).groups] == ["simple"]
    assert {g.group_type for g in list_groups(h, types=["classic"]).groups} == {"classic"}
    assert list_groups(h, types=["consumer"]).groups == []
    assert {(g.group_id, g.protocol_type, g.group_state) for g in list_groups(h, version=0).groups} == {
        ("g", "consumer", ""),  # no state on the wire before v4
        ("simple", "", ""),
    }


def test_delete_groups_only_empty(h: Harness) -> None:
    h.form_group(1)
    h.commit("simple", {("t", 0): 1, ("t", 1): 2})
    n = len(h.records)
    assert delete(h, "g", "simple", "nogroup") == {
        "g": E.NON_EMPTY_GROUP,
        "simple": E.NONE,
        "nogroup": E.GROUP_ID_NOT_FOUND,
    }
    assert h.coord.snapshot("simple") is None
    assert [v for _, v in h.records[n:]] == [None, None, None]  # two offsets + the group: B-LOG-2
    assert h.states("simple")[-1] == "Dead"


def test_offset_delete(h: Harness) -> None:
    sub = b"\x00\x01" + ConsumerProtocolSubscription(topics=["orders"]).encode(1)
    ids = h.form_group(1, protocols=[("range", sub)])
    h.commit("g", {("orders", 0): 1, ("old", 0): 2}, member_id=ids[0], generation=1)
    T = OffsetDeleteRequest.OffsetDeleteRequestTopic
    P = OffsetDeleteRequest.OffsetDeleteRequestPartition
    req = OffsetDeleteRequest(
        group_id="g",
        topics=[T(name="orders", partitions=[P(partition_index=0)]), T(name="old", partitions=[P(partition_index=0)])],
    )
    resp = h.absorb(h.coord.offset_delete(req, 0, CTX, "o")).response_for("o")
    errors = {t.name: t.partitions[0].error_code for t in resp.topics}
    assert errors == {"orders": E.GROUP_SUBSCRIBED_TO_TOPIC, "old": E.NONE}
    assert set(h.coord.snapshot("g").offsets) == {("orders", 0)}
    missing = h.coord.offset_delete(OffsetDeleteRequest(group_id="nogroup"), 0, CTX, "m").response_for("m")
    assert missing.error_code == E.GROUP_ID_NOT_FOUND


def test_b_find_2_b_log_3_not_owned_and_loading_partitions() -> None:
    coord = GroupCoordinator(GroupCoordinatorConfig(), ManualClock(), partitions=())
    p = coord.partition_for("g")
    join = JoinGroupRequest(
        group_id="g",
        session_timeout_ms=10_000,
        protocol_type="consumer",
        protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"")],
    )
    assert coord.join_group(join, 5, CTX, "a").response_for("a").error_code == E.NOT_COORDINATOR
    coord.begin_load(p)
    assert coord.join_group(join, 5, CTX, "b").response_for("b").error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    describe_resp = coord.describe_groups(DescribeGroupsRequest(groups=["g"]), 5, CTX)
    assert describe_resp.groups[0].error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    lg = coord.list_groups(ListGroupsRequest(), 4, CTX)
    assert lg.error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    # Kafka answers heartbeats blindly while loading, so members do not give up their generation.
    hb = HeartbeatRequest(group_id="g", generation_id=1, member_id="m")
    assert coord.heartbeat(hb, 3, CTX, "h").response_for("h").error_code == E.NONE
    result = coord.complete_load(p)
    assert f"expire-offsets-{p}" in {t.key for t in result.timers}
    assert coord.join_group(join, 5, CTX, "d").response_for("d").error_code == E.MEMBER_ID_REQUIRED
    unloaded = coord.unload(p)
    assert coord.snapshot("g") is None and all(t.deadline_ms is None for t in unloaded.timers)


# ---------------------------------------------------------------------- the empty group id
def test_empty_group_id_is_a_group_for_offsets_describe_and_delete(h: Harness) -> None:
    """Kafka keeps "" as a group for backwards compatibility: GroupCoordinatorService.commitOffsets,
    fetchOffsets, describeGroups and deleteGroups refuse only a null id (isGroupIdNotEmpty guards
    the membership APIs and OffsetDelete)."""
    TP = ("orders", 0)
    # A commit with a generation to a group that does not exist (OffsetMetadataManager.validateOffsetCommit).
    assert h.commit("", {TP: 1}, member_id="m", generation=1, version=8) == {TP: E.ILLEGAL_GENERATION}
    assert h.commit("", {TP: 1}, member_id="m", generation=1, version=9) == {TP: E.GROUP_ID_NOT_FOUND}
    assert delete(h, "") == {"": E.GROUP_ID_NOT_FOUND}
    assert describe(h, "", version=6)[""].error_code == E.GROUP_ID_NOT_FOUND
    # A simple commit creates it, as for any group id; OffsetFetch and DescribeGroups see it.
    assert h.commit("", {TP: 5}) == {TP: E.NONE}
    fetched = h.fetch("", {"orders": [0]}, version=7)
    assert (fetched.error_code, fetched.topics[0].partitions[0].committed_offset) == (E.NONE, 5)
    v8 = h.fetch("", None, version=8).groups[0]
    assert (v8.group_id, v8.error_code, v8.topics[0].partitions[0].committed_offset) == ("", E.NONE, 5)
    d = describe(h, "")[""]
    assert (d.error_code, d.group_state, d.protocol_type) == (E.NONE, "Empty", "")
    assert delete(h, "") == {"": E.NONE}
    assert h.coord.snapshot("") is None


def test_empty_group_id_is_invalid_for_membership_and_offset_delete(h: Harness) -> None:
    """JoinGroup, SyncGroup, Heartbeat, LeaveGroup and OffsetDelete answer INVALID_GROUP_ID for ""
    (GroupCoordinatorService: `if (!isGroupIdNotEmpty(request.groupId()))`)."""
    t = h.join("")
    assert h.responses[t].error_code == E.INVALID_GROUP_ID
    t = h.sync("", "m", 1)
    assert h.responses[t].error_code == E.INVALID_GROUP_ID
    assert h.heartbeat("", "m", 1) == E.INVALID_GROUP_ID
    assert h.leave("", ("m", None)).error_code == E.INVALID_GROUP_ID
    h.commit("", {("orders", 0): 5})  # the group exists: still refused
    resp = h.coord.offset_delete(OffsetDeleteRequest(group_id=""), 0, CTX, "o").response_for("o")
    assert (resp.error_code, resp.topics) == (E.INVALID_GROUP_ID, [])


# ---------------------------------------------------------------------- OffsetDelete and subscriptions
def _offset_delete(h: Harness, group: str, topics: dict[str, list[int]]) -> dict[tuple[str, int], int]:
    T = OffsetDeleteRequest.OffsetDeleteRequestTopic
    P = OffsetDeleteRequest.OffsetDeleteRequestPartition
    req = OffsetDeleteRequest(
        group_id=group, topics=[T(name=t, partitions=[P(partition_index=p) for p in ps]) for t, ps in topics.items()]
    )
    t = h.token("offset-delete")
    resp = h.absorb(h.coord.offset_delete(req, 0, CTX, t)).response_for(t)
    assert resp.error_code == E.NONE, resp
    return {(t.name, p.partition_index): p.error_code for t in resp.topics for p in t.partitions}


def test_offset_delete_unparseable_subscriptions_count_as_every_topic(h: Harness) -> None:
    """Kafka's ClassicGroup.isSubscribedToTopic: when computeSubscribedTopics cannot parse a member's
    subscription, a consumer-protocol group counts as subscribed to every topic, so OffsetDelete
    answers GROUP_SUBSCRIBED_TO_TOPIC and keeps its offsets."""
    ids = h.form_group(1, protocols=[("range", b"\x00\x01not-a-subscription")])
    h.commit("g", {("orders", 0): 1, ("old", 0): 2}, member_id=ids[0], generation=1)
    assert _offset_delete(h, "g", {"orders": [0], "old": [0]}) == {
        ("orders", 0): E.GROUP_SUBSCRIBED_TO_TOPIC,
        ("old", 0): E.GROUP_SUBSCRIBED_TO_TOPIC,
    }
    assert set(h.coord.snapshot("g").offsets) == {("orders", 0), ("old", 0)}


def test_offset_delete_reads_a_newer_subscription_as_its_version_0_prefix(h: Harness) -> None:
    """Kafka parses every subscription as version 0, the prefix of all versions; a v3 one with
    owned partitions and a rack parses, so only its topics count as subscribed."""
    P = ConsumerProtocolSubscription.TopicPartition
    sub = b"\x00\x03" + ConsumerProtocolSubscription(
        topics=["orders"], owned_partitions=[P(topic="orders", partitions=[0])], generation_id=1, rack_id="r1"
    ).encode(3)
    ids = h.form_group(1, protocols=[("range", sub)])
    h.commit("g", {("orders", 0): 1, ("old", 0): 2}, member_id=ids[0], generation=1)
    assert _offset_delete(h, "g", {"orders": [0], "old": [0]}) == {
        ("orders", 0): E.GROUP_SUBSCRIBED_TO_TOPIC,
        ("old", 0): E.NONE,
    }
    assert set(h.coord.snapshot("g").offsets) == {("orders", 0)}


def test_offset_delete_of_a_partition_that_does_not_exist_answers_unknown_topic_or_partition() -> None:
    """KafkaApis.handleOffsetDeleteRequest checks the metadata cache first: unknown partitions answer
    UNKNOWN_TOPIC_OR_PARTITION (listed first), the others are deleted; a group error replaces the whole
    answer (OffsetDeleteResponse.Builder.merge), since the coordinator is always asked."""
    h = Harness(topics={"orders": 2})
    h.commit("s", {("orders", 0): 1, ("orders", 1): 2})
    T = OffsetDeleteRequest.OffsetDeleteRequestTopic
    P = OffsetDeleteRequest.OffsetDeleteRequestPartition
    req = OffsetDeleteRequest(group_id="s", topics=[
        T(name="orders", partitions=[P(partition_index=0), P(partition_index=7)]),
        T(name="nope", partitions=[P(partition_index=0)]),
    ])
    resp = h.absorb(h.coord.offset_delete(req, 0, CTX, "o")).response_for("o")
    assert resp.error_code == E.NONE
    assert [(t.name, [(p.partition_index, p.error_code) for p in t.partitions]) for t in resp.topics] == [
        ("orders", [(7, E.UNKNOWN_TOPIC_OR_PARTITION), (0, E.NONE)]),
        ("nope", [(0, E.UNKNOWN_TOPIC_OR_PARTITION)]),
    ]
    assert set(h.coord.snapshot("s").offsets) == {("orders", 1)}
    req.group_id = "nogroup"
    missing = h.absorb(h.coord.offset_delete(req, 0, CTX, "m")).response_for("m")
    assert (missing.error_code, missing.topics) == (E.GROUP_ID_NOT_FOUND, [])
