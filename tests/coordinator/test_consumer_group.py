"""KIP-848 consumer groups on the pure coordinator, one test per CG-* rule (manual clock)."""

from __future__ import annotations

import pytest

from kaflite.coordinator.consumer.group import ConsumerGroupState, MemberState
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import DescribeGroupsRequest, JoinGroupRequest, ListGroupsRequest
from tests.coordinator.consumer_harness import ConsumerHarness, same_group


@pytest.fixture
def h() -> ConsumerHarness:
    return ConsumerHarness(topics={"foo": 6, "bar": 3})


def join_stable(h: ConsumerHarness, member: str, topics: list[str], **kw: object) -> int:
    r = h.hb(member, 0, topics=topics, **kw)  # type: ignore[arg-type]
    assert r.error_code == 0, r
    return r.member_epoch


# ---------------------------------------------------------------------------------- validation
@pytest.mark.parametrize(("kw", "message"), [
    ({"member_id": " "}, "MemberId can't be empty."),
    ({"group": ""}, "GroupId can't be empty."),
    ({"instance_id": " "}, "InstanceId can't be empty."),
    ({"rack_id": ""}, "RackId can't be empty."),
])
def test_CG_VAL_1_blank_ids(h: ConsumerHarness, kw: dict[str, str], message: str) -> None:
    args = {"member_id": "m1", **kw}
    r = h.hb(args.pop("member_id"), 0, topics=["foo"], **args)  # type: ignore[arg-type]
    assert (r.error_code, r.error_message, r.member_id, r.member_epoch, r.heartbeat_interval_ms) == (
        E.INVALID_REQUEST, message, None, 0, 0)
    assert h.records == []  # CG-VAL-5


def test_CG_VAL_2_first_request_fields(h: ConsumerHarness) -> None:
    r = h.hb("m1", 0, topics=["foo"], rebalance_timeout_ms=-1)
    assert r.error_message == "RebalanceTimeoutMs must be provided in first request."
    r = h.hb("m1", 0, topics=["foo"], owned={"foo": [0]})
    assert r.error_message == "TopicPartitions must be empty when (re-)joining."
    from kaflite.protocol.messages import ConsumerGroupHeartbeatRequest
    req = ConsumerGroupHeartbeatRequest(group_id="g", member_id="m1", member_epoch=0, rebalance_timeout_ms=1,
                                        topic_partitions=[])
    r = h.call("consumer_group_heartbeat", req, 1)
    assert r.error_message == "Either SubscribedTopicNames or SubscribedTopicRegex must be non-null when (re-)joining."
    r = h.hb("m1", -2)
    assert r.error_message == "InstanceId can't be null."
    r = h.hb("m1", -3)
    assert r.error_message == "MemberEpoch is invalid."
    assert h.records == []


def test_CG_VAL_3_unsupported_assignor(h: ConsumerHarness) -> None:
    r = h.hb("m1", 0, topics=["foo"], assignor="sticky")
    assert r.error_code == E.UNSUPPORTED_ASSIGNOR
    assert r.error_message == "ServerAssignor sticky is not supported. Supported assignors: uniform, range."


def test_CG_VAL_4_invalid_regex(h: ConsumerHarness) -> None:
    r = h.hb("m1", 0, regex="[")
    assert r.error_code == E.INVALID_REGULAR_EXPRESSION
    assert r.error_message.startswith("SubscribedTopicRegex `[` is not a valid regular expression: ")
    assert h.records == []


# ---------------------------------------------------------------------------------- lookup
def test_CG_GRP_1_lookup_errors(h: ConsumerHarness) -> None:
    r = h.hb("m1", 1)
    assert (r.error_code, r.error_message) == (E.GROUP_ID_NOT_FOUND, "Consumer group g not found.")
    r = h.hb("m1", -1)
    assert (r.error_code, r.error_message) == (E.GROUP_ID_NOT_FOUND, "Group g not found.")


def test_CG_GRP_2_max_size() -> None:
    h = ConsumerHarness(topics={"foo": 2}, group_consumer_max_size=1)
    join_stable(h, "m1", ["foo"])
    r = h.hb("m2", 0, topics=["foo"])
    assert r.error_code == E.GROUP_MAX_SIZE_REACHED
    assert r.error_message == "The consumer group has reached its maximum capacity of 1 members."


def test_CG_GRP_3_v0_mints_member_id_and_unknown_member(h: ConsumerHarness) -> None:
    r = h.hb("", 0, topics=["foo"], version=0)
    assert r.error_code == 0 and len(r.member_id) == 22
    r = h.hb("nobody", 1)
    assert (r.error_code, r.error_message) == (E.UNKNOWN_MEMBER_ID, "Member nobody is not a member of group g.")


# ---------------------------------------------------------------------------------- epochs
def test_CG_EP_4_first_join_gets_everything(h: ConsumerHarness) -> None:
    r = h.hb("m1", 0, topics=["foo"])
    assert r.member_epoch == 1 and h.assigned(r) == {"foo": [0, 1, 2, 3, 4, 5]}
    assert r.heartbeat_interval_ms == 5000
    assert h.record_types() == ["5", "3", "7", "6", "8"]  # CG-LOG-2
    # A heartbeat with nothing new: no assignment, no record.
    n = len(h.records)
    r = h.hb("m1", 1)
    assert r.member_epoch == 1 and r.assignment is None and len(h.records) == n
    # A full request gets the assignment again.
    r = h.hb("m1", 1, topics=["foo"], rebalance_timeout_ms=30_000, owned={"foo": [0, 1, 2, 3, 4, 5]})
    assert h.assigned(r) == {"foo": [0, 1, 2, 3, 4, 5]}


def test_CG_EP_4_first_join_without_topics(h: ConsumerHarness) -> None:
    r = h.hb("m1", 0, topics=[])
    assert r.member_epoch == 1 and r.assignment is not None and r.assignment.topic_partitions == []


def test_CG_EP_1_fencing_and_lost_response(h: ConsumerHarness) -> None:
    join_stable(h, "m1", ["foo"])
    r = h.hb("m1", 5)
    assert r.error_code == E.FENCED_MEMBER_EPOCH and "greater member epoch (5)" in r.error_message
    h.hb("m2", 0, topics=["foo"])  # epoch 2: m1 must revoke
    r = h.hb("m1", 1, owned={"foo": [0, 1, 2, 3, 4, 5]})
    assert r.member_epoch == 1  # UNREVOKED at the same epoch
    r = h.hb("m1", 1, owned={"foo": [0, 1, 2]})
    assert r.member_epoch == 2
    # The response was lost: the member retries with its previous epoch and a subset: accepted.
    r = h.hb("m1", 1, owned={"foo": [0, 1, 2]})
    assert r.error_code == 0 and r.member_epoch == 2
    r = h.hb("m1", 1, owned={"foo": [0, 1, 2, 3]})
    assert r.error_code == E.FENCED_MEMBER_EPOCH and "smaller member epoch (1)" in r.error_message

def test_CG_EP_1_a_known_member_rejoins_at_epoch_0(h: ConsumerHarness) -> None:
    """Kafka 4.2 (KAFKA-19233): a member that sends epoch 0 with its member id -- fenced on its side, starting
    over -- is taken back as a rejoin at the group's epoch with its assignment, not answered FENCED_MEMBER_EPOCH;
    whether it was STABLE or still revoking (UNREVOKED_PARTITIONS)."""
    join_stable(h, "m1", ["foo"])
    r = h.hb("m1", 0, topics=["foo"])
    assert (r.error_code, r.member_epoch) == (E.NONE, 1) and h.assigned(r) == {"foo": [0, 1, 2, 3, 4, 5]}
    h.hb("m2", 0, topics=["foo"])  # epoch 2: m1 must revoke half
    r = h.hb("m1", 1, owned={"foo": [0, 1, 2, 3, 4, 5]})
    assert r.member_epoch == 1  # UNREVOKED_PARTITIONS
    r = h.hb("m1", 0, topics=["foo"])  # it lost its partitions and starts over
    assert r.error_code == E.NONE and r.member_epoch == 2 and sum(map(len, h.assigned(r).values())) == 3


def test_CG_EP_2_no_bump_for_rack_or_timeout_changes(h: ConsumerHarness) -> None:
    join_stable(h, "m1", ["foo"])
    n = len(h.records)
    r = h.hb("m1", 1, rack_id="r1", rebalance_timeout_ms=5_000)
    assert r.member_epoch == 1 and h.record_types(n) == ["5"]
    r = h.hb("m1", 1, topics=["foo", "bar"])
    assert r.member_epoch == 2 and h.record_types(n + 1) == ["5", "3", "7", "6", "8"]
    assert h.assigned(r) == {"foo": [0, 1, 2, 3, 4, 5], "bar": [0, 1, 2]}


def test_CG_EP_2_topic_created_or_grown_reaches_members(h: ConsumerHarness) -> None:
    r = h.hb("m1", 0, topics=["later"])  # CS2: subscribed before the topic exists
    assert r.member_epoch == 1 and h.assigned(r) == {}
    from tests.coordinator.consumer_harness import topic_id
    h.image.put("later", topic_id("later"), 2)
    r = h.hb("m1", 1)
    assert r.member_epoch == 2 and h.assigned(r) == {"later": [0, 1]}
    h.image.put("later", topic_id("later"), 3)  # CS14: partitions added
    r = h.hb("m1", 2)
    assert r.member_epoch == 3 and h.assigned(r) == {"later": [0, 1, 2]}
    n = len(h.records)
    h.image.put("unrelated", topic_id("unrelated"), 1)
    r = h.hb("m1", 3)
    assert r.member_epoch == 3 and len(h.records) == n  # not subscribed: no bump


# ---------------------------------------------------------------------------------- reconciliation
def test_CG_RC_4_reconciliation_process() -> None:
    h = ConsumerHarness(topics={"foo": 6})
    join_stable(h, "m1", ["foo"])
    r = h.hb("m2", 0, topics=["foo"])
    assert r.member_epoch == 2 and h.assigned(r) == {}  # foo held by m1: UNRELEASED
    g = h.group()
    assert g.members["m2"].state is MemberState.UNRELEASED_PARTITIONS
    assert g.compute_state() is ConsumerGroupState.RECONCILING
    r = h.hb("m1", 1, owned={"foo": [0, 1, 2, 3, 4, 5]})
    assert r.member_epoch == 1 and g.members["m1"].state is MemberState.UNREVOKED_PARTITIONS
    kept = h.assigned(r)["foo"]  # type: ignore[index]
    assert len(kept) == 3
    # m1 still reports everything: still revoking, nothing moves to m2.
    r = h.hb("m2", 2)
    assert h.assigned(r) is None and g.members["m2"].assigned == {}
    r = h.hb("m1", 1, owned={"foo": kept})
    assert r.member_epoch == 2 and g.members["m1"].state is MemberState.STABLE
    r = h.hb("m2", 2)
    got = h.assigned(r)["foo"]  # type: ignore[index]
    assert sorted(got + kept) == [0, 1, 2, 3, 4, 5]
    assert h.group().compute_state() is ConsumerGroupState.STABLE
    assert same_group(h.group(), h.replayed().ctx.groups["g"])  # type: ignore[arg-type]


def test_CG_RC_1_unknown_state_is_fenced_unless_empty(h: ConsumerHarness) -> None:
    join_stable(h, "m1", ["foo"])
    g = h.group()
    g.members["m1"] = g.members["m1"].replace(state=MemberState.UNKNOWN)
    r = h.hb("m1", 1, owned={"foo": [0]})
    assert r.error_code == E.FENCED_MEMBER_EPOCH


# ---------------------------------------------------------------------------------- static members
def test_CG_ST_1_to_4_static_member_lifecycle(h: ConsumerHarness) -> None:
    join_stable(h, "a", ["foo"], instance_id="i1")
    join_stable(h, "b", ["foo"], instance_id="i2")
    h.hb("a", 1, owned={"foo": [0, 1, 2, 3, 4, 5]})
    for _ in range(3):
        for m, e in (("a", h.group().members["a"].member_epoch), ("b", h.group().members["b"].member_epoch)):
            held = {h.image.topic_by_id(t).name: sorted(ps)  # type: ignore[union-attr]
                    for t, ps in h.group().members[m].assigned.items()}
            h.hb(m, e, owned=held, instance_id={"a": "i1", "b": "i2"}[m])
    g = h.group()
    assert g.compute_state() is ConsumerGroupState.STABLE
    epoch, held_a = g.group_epoch, g.members["a"].assigned
    # CG-ST-1: the instance id is owned: a newcomer is refused.
    r = h.hb("a2", 0, topics=["foo"], instance_id="i1")
    assert r.error_code == E.UNRELEASED_INSTANCE_ID
    assert r.error_message == ("Static member a2 with instance id i1 cannot join the group because the instance id "
                               "is owned by a member.")
    # CG-ST-3
    r = h.hb("zz", 3, instance_id="i9")
    assert (r.error_code, r.error_message) == (E.UNKNOWN_MEMBER_ID, "Instance id i9 is unknown.")
    r = h.hb("zz", 3, instance_id="i1")
    assert (r.error_code, r.error_message) == (E.FENCED_INSTANCE_ID,
                                               "Static member zz with instance id i1 was fenced by member a.")
    # CG-ST-4: a temporary leave keeps the partitions, no bump.
    n = len(h.records)
    r = h.hb("a", -2, instance_id="i1")
    assert r.member_epoch == -2 and h.record_types(n) == ["8"] and g.group_epoch == epoch
    # CG-ST-2: the restart gets the same partitions at the same group epoch.
    n = len(h.records)
    r = h.hb("a2", 0, topics=["foo"], instance_id="i1")
    assert r.error_code == 0 and r.member_epoch == epoch
    assert h.group().members["a2"].assigned == held_a and "a" not in h.group().members
    assert h.record_types(n) == ["8T", "7T", "5T", "5", "7", "8", "8"]
    assert h.group().group_epoch == epoch
    assert same_group(h.group(), h.replayed().ctx.groups["g"])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- leaving, timers
def test_CG_LV_1_leave_bumps_and_tombstones(h: ConsumerHarness) -> None:
    join_stable(h, "m1", ["foo"])
    n = len(h.records)
    r = h.hb("m1", -1)
    assert (r.member_id, r.member_epoch, r.heartbeat_interval_ms) == ("m1", -1, 0)
    assert h.record_types(n) == ["8T", "7T", "5T", "3"]
    g = h.group()
    assert g.group_epoch == 2 and g.compute_state() is ConsumerGroupState.EMPTY
    assert h.coord.timer_deadline("session-timeout-g-m1") is None
    assert same_group(g, h.replayed().ctx.groups["g"])  # type: ignore[arg-type]


def test_CG_TM_1_session_timeout_fences() -> None:
    h = ConsumerHarness(topics={"foo": 2}, group_consumer_session_timeout_ms=45_000)
    join_stable(h, "m1", ["foo"])
    h.advance(44_999)
    assert "m1" in h.group().members
    n = len(h.records)
    h.advance(2)
    assert h.record_types(n) == ["8T", "7T", "5T", "3"] and "m1" not in h.group().members
    assert h.hb("m1", 1).error_code == E.UNKNOWN_MEMBER_ID


def test_CG_TM_1_group_config_overrides_session_timeout() -> None:
    h = ConsumerHarness(topics={"foo": 2}, group_configs={"g": {"consumer.session.timeout.ms": "500",
                                                                 "consumer.heartbeat.interval.ms": "100"}})
    r = h.hb("m1", 0, topics=["foo"])
    assert r.heartbeat_interval_ms == 100
    h.advance(501)
    assert "m1" not in h.group().members


def test_CG_TM_2_rebalance_timeout_fences_a_slow_revoker() -> None:
    h = ConsumerHarness(topics={"foo": 4})
    join_stable(h, "m1", ["foo"], rebalance_timeout_ms=1_000)
    h.hb("m2", 0, topics=["foo"])
    r = h.hb("m1", 1, owned={"foo": [0, 1, 2, 3]})
    assert h.group().members["m1"].state is MemberState.UNREVOKED_PARTITIONS
    h.hb("m2", 2)  # keeps m2's session alive
    h.advance(1_001)
    assert "m1" not in h.group().members and r.member_epoch == 1
    r = h.hb("m2", 2)
    assert h.assigned(r) == {"foo": [0, 1, 2, 3]}


def test_CG_TM_4_timers_after_load(h: ConsumerHarness) -> None:
    join_stable(h, "m1", ["foo"])
    other = h.replayed()
    assert other.timer_deadline("session-timeout-g-m1") is not None


# ---------------------------------------------------------------------------------- state, describe, admin
def test_CG_STATE_1_states(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    assert h.group().state_name() == "Stable"
    h.hb("m1", -1)
    assert h.group().state_name() == "Empty"
    history = [(str(t.from_state), str(t.to_state)) for t in h.coord.history("g")]
    assert history == [("None", "Empty"), ("Empty", "Stable"), ("Stable", "Empty")]


def test_CG_DESC_1_2_describe(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    r = h.describe("g", "", "nope")
    g, empty, missing = r.groups
    assert (g.group_state, g.group_epoch, g.assignment_epoch, g.assignor_name) == ("Stable", 1, 1, "uniform")
    m = g.members[0]
    assert (m.member_id, m.member_epoch, m.client_id, m.client_host, m.member_type) == (
        "m1", 1, "client", "/127.0.0.1", 1)
    assert m.assignment.topic_partitions[0].topic_name == "foo"
    assert m.target_assignment.topic_partitions[0].partitions == [0, 1, 2, 3, 4, 5]
    assert empty.error_code == E.INVALID_GROUP_ID
    assert (missing.error_code, missing.error_message) == (E.GROUP_ID_NOT_FOUND, "Group nope not found.")


def test_CG_API_4_describe_groups_of_a_consumer_group(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    d6 = h.call("describe_groups", DescribeGroupsRequest(groups=["g"]), 6).groups[0]
    assert (d6.error_code, d6.error_message, d6.group_state) == (
        E.GROUP_ID_NOT_FOUND, "Group g is not a classic group.", "Dead")
    d5 = h.call("describe_groups", DescribeGroupsRequest(groups=["g"]), 5).groups[0]
    assert (d5.error_code, d5.group_state) == (0, "Dead")


def test_CG_API_3_list_groups_type_filter(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    listed = h.call("list_groups", ListGroupsRequest(types_filter=["CONSUMER"]), 5).groups
    assert [(g.group_id, g.protocol_type, g.group_state, g.group_type) for g in listed] == [
        ("g", "consumer", "Stable", "consumer")]
    assert h.call("list_groups", ListGroupsRequest(types_filter=["classic"]), 5).groups == []


def test_CG_LOG_2_delete_groups(h: ConsumerHarness) -> None:
    from kaflite.protocol.messages import DeleteGroupsRequest
    h.hb("m1", 0, topics=["foo"])
    h.commit("m1", 1, {("foo", 0): 5})
    r = h.call("delete_groups", DeleteGroupsRequest(groups_names=["g"]), 2)
    assert r.results[0].error_code == E.NON_EMPTY_GROUP
    h.hb("m1", -1)
    n = len(h.records)
    r = h.call("delete_groups", DeleteGroupsRequest(groups_names=["g"]), 2)
    assert r.results[0].error_code == 0
    assert h.record_types(n) == ["1T", "6T", "3T"]
    assert "g" not in h.coord.ctx.groups
    assert "g" not in h.replayed().ctx.groups


# ---------------------------------------------------------------------------------- offsets
def test_CG_OFF_1_commit_checks_the_member_epoch(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    assert h.commit("m1", 1, {("foo", 0): 10}) == {("foo", 0): 0}
    assert h.commit("m1", 0, {("foo", 0): 10}) == {("foo", 0): E.STALE_MEMBER_EPOCH}
    assert h.commit("zz", 1, {("foo", 0): 10}) == {("foo", 0): E.UNKNOWN_MEMBER_ID}
    assert h.commit("m1", 1, {("foo", 0): 10}, version=8) == {("foo", 0): E.UNSUPPORTED_VERSION}
    assert h.commit("", -1, {("foo", 0): 10}) == {("foo", 0): E.UNKNOWN_MEMBER_ID}  # not empty
    h.hb("m1", -1)
    assert h.commit("", -1, {("foo", 0): 11}) == {("foo", 0): 0}  # admin commit to an empty group


def test_CG_OFF_2_fetch(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    assert h.fetch_error(None, -1) == 0
    assert h.fetch_error("m1", 1) == 0
    assert h.fetch_error("m1", 0) == E.STALE_MEMBER_EPOCH
    assert h.fetch_error("zz", 1) == E.UNKNOWN_MEMBER_ID


# ---------------------------------------------------------------------------------- conversions
def test_CG_GRP_1_empty_classic_group_converts_and_keeps_offsets(h: ConsumerHarness) -> None:
    assert h.commit("", -1, {("foo", 0): 42}, version=9) == {("foo", 0): 0}  # a simple classic group
    n = len(h.records)
    r = h.hb("m1", 0, topics=["foo"])
    assert r.error_code == 0 and h.record_types(n) == ["2T", "5", "3", "7", "6", "8"]
    assert h.coord.offsets.offsets_of("g")[("foo", 0)].offset == 42
    other = h.replayed()
    assert other.offsets.offsets_of("g")[("foo", 0)].offset == 42
    assert same_group(h.group(), other.ctx.groups["g"])  # type: ignore[arg-type]


def test_CG_MIG_2_empty_consumer_group_converts_on_classic_join(h: ConsumerHarness) -> None:
    h.hb("m1", 0, topics=["foo"])
    JP = JoinGroupRequest.JoinGroupRequestProtocol
    req = JoinGroupRequest(group_id="g", session_timeout_ms=10_000, rebalance_timeout_ms=10_000, member_id="",
                           protocol_type="consumer", protocols=[JP(name="range", metadata=b"")])
    r = h.call("join_group", req, 5)
    assert r.error_code == E.MEMBER_ID_REQUIRED  # a non-empty group: the member joins it (CG-MIX-1)
    h.hb("m1", -1)
    n = len(h.records)
    r = h.call("join_group", req, 5)
    assert h.record_types(n)[:2] == ["6T", "3T"]
    assert h.coord.ctx.groups["g"].group_type.value == "classic"


# ---------------------------------------------------------------------------------- regex
def test_CG_RX_1_regex_subscription_picks_up_new_topics(h: ConsumerHarness) -> None:
    """CG-RX-2: a regex is resolved off the request path (Kafka's maybeUpdateRegularExpressions schedules it): the
    joining heartbeat gets what is resolved (nothing yet), the resolution bumps the group epoch, the next
    heartbeat gets the matched topics. New topics are picked up by the next resolution, at most every
    REGEX_BATCH_REFRESH_INTERVAL_MS."""
    from kaflite.coordinator.consumer.regexes import REGEX_BATCH_REFRESH_INTERVAL_MS
    from tests.coordinator.consumer_harness import topic_id
    r = h.hb("m1", 0, regex="fo.*")
    assert r.member_epoch == 1 and h.assigned(r) == {}  # not resolved yet: nothing to assign
    assert "16" not in h.record_types()
    n = len(h.records)
    h.advance(0)  # the scheduled resolution runs
    assert h.record_types(n) == ["16", "3"] and h.group().group_epoch == 2
    r = h.hb("m1", 1)
    assert r.member_epoch == 2 and h.assigned(r) == {"foo": [0, 1, 2, 3, 4, 5]}
    h.image.put("fox", topic_id("fox"), 1)
    h.image.put("xfoo", topic_id("xfoo"), 1)  # full match only
    n = len(h.records)
    r = h.hb("m1", 2)
    h.advance(0)
    assert r.member_epoch == 2 and "16" not in h.record_types(n)  # within the batch interval: not yet
    h.advance(REGEX_BATCH_REFRESH_INTERVAL_MS + 1)  # Kafka's check: older than the interval, strictly
    h.hb("m1", 2)
    h.advance(0)
    r = h.hb("m1", 2)
    assert r.member_epoch == 3 and h.assigned(r) == {"foo": [0, 1, 2, 3, 4, 5], "fox": [0]}
    n = len(h.records)
    h.hb("m1", -1)
    assert h.record_types(n) == ["8T", "7T", "5T", "16T", "3"]
    assert same_group(h.group(), h.replayed().ctx.groups["g"])  # type: ignore[arg-type]


def test_CG_RX_2_literal_topics_first_then_the_regex_at_a_later_heartbeat() -> None:
    """librdkafka's 0045 (resubscribe with regex): a member subscribed to literal topics that adds a regex keeps
    its literal assignment in the answer; the regex's topics come at a heartbeat after the resolution."""
    from kaflite.coordinator.consumer.regexes import REGEX_BATCH_REFRESH_INTERVAL_MS
    h = ConsumerHarness(topics={"lit": 2, "rx-a": 4, "rx-b": 4})
    r = h.hb("m1", 0, topics=["lit"])
    assert h.assigned(r) == {"lit": [0, 1]}
    h.advance(REGEX_BATCH_REFRESH_INTERVAL_MS + 1)
    r = h.hb("m1", 1, regex="^rx-.*", full=True, owned={"lit": [0, 1]})
    assert h.assigned(r) == {"lit": [0, 1]}  # what is resolved: the literal topics, not 10 partitions at once
    h.advance(0)
    r = h.hb("m1", r.member_epoch, owned={"lit": [0, 1]})
    assert h.assigned(r) == {"lit": [0, 1], "rx-a": [0, 1, 2, 3], "rx-b": [0, 1, 2, 3]}


def test_CG_RX_2_one_resolution_scheduled_at_a_time_per_group() -> None:
    """Two members bringing new regexes in the same turn: one resolution for the group, covering both."""
    from kaflite.coordinator.consumer.regexes import regex_refresh_key
    h = ConsumerHarness(topics={"foo": 2, "bar": 2})
    h.hb("m1", 0, regex="fo.*")
    h.hb("m2", 0, regex="ba.*")
    assert regex_refresh_key("g") in h.coord.ctx.timers
    n = len(h.records)
    h.advance(0)
    assert h.record_types(n) == ["16", "16", "3"]
    assert set(h.group().resolved_regexes) == {"fo.*", "ba.*"}


def test_CG_RX_1_regex_resolves_to_the_topics_the_member_may_describe() -> None:
    """KAFKA-18813: with an authorizer, a regex resolves to the matching topics the heartbeat's principal may
    DESCRIBE; record 16 holds only those. A grant shows after group.consumer.regex.refresh.interval.ms
    (CG-RX-2), not before, and the replay agrees."""
    from dataclasses import replace

    from tests.coordinator.consumer_harness import CTX
    h = ConsumerHarness(topics={"foo": 2, "fox": 1, "bar": 3}, group_consumer_regex_refresh_interval_ms=20_000)
    granted = {"foo", "bar"}
    h.rctx = replace(CTX, may_describe=lambda topic: topic in granted)
    h.hb("m1", 0, regex="fo.*")
    h.advance(0)
    r = h.hb("m1", 1)
    assert r.member_epoch == 2 and h.assigned(r) == {"foo": [0, 1]}
    assert h.group().resolved_regexes["fo.*"].topics == {"foo"}

    granted.add("fox")
    h.advance(19_999)
    r = h.hb("m1", 2)
    h.advance(0)
    assert r.member_epoch == 2 and r.assignment is None  # the steady state: not resolved again yet
    assert h.group().resolved_regexes["fo.*"].topics == {"foo"}
    n = len(h.records)
    h.advance(1)
    h.hb("m1", 2)
    h.advance(0)
    assert h.record_types(n)[:2] == ["16", "3"]
    r = h.hb("m1", 2)
    assert r.member_epoch == 3 and h.assigned(r) == {"foo": [0, 1], "fox": [0]}
    assert same_group(h.group(), h.replayed().ctx.groups["g"])  # type: ignore[arg-type]

    granted.discard("foo")  # a removed ACL: the topic leaves the resolution at the next refresh
    h.advance(20_000)
    h.hb("m1", 3)
    h.advance(0)
    r = h.hb("m1", 3)
    assert h.group().group_epoch == 4 and h.group().resolved_regexes["fo.*"].topics == {"fox"}
    assert h.assigned(r) == {"fox": [0]}  # foo to revoke first (CG-RC-2), then epoch 4


def test_CG_RX_2_a_refresh_that_finds_nothing_new_writes_nothing() -> None:
    """The interval passed and the regex matches what it did: resolved again (the clock restarts), no record."""
    h = ConsumerHarness(topics={"foo": 2}, group_consumer_regex_refresh_interval_ms=20_000)
    h.hb("m1", 0, regex="fo.*")
    h.advance(0)
    h.hb("m1", 1)
    h.advance(20_000)
    n = len(h.records)
    r = h.hb("m1", 2)
    h.advance(0)
    assert (r.error_code, r.member_epoch, h.records[n:]) == (0, 2, [])
    assert h.group().regex_resolved_ms == h.clock.now_ms()


def test_CG_RX_2_a_regex_brought_back_after_its_last_subscriber_left_is_resolved_at_once() -> None:
    """librdkafka's 0045 resubscribe_with_regex (consumer protocol): unsubscribe, then subscribe to the same
    regex and a topic within 10 s. Kafka's lastResolvedRegularExpressionRefreshTimeMs is Long.MIN_VALUE when
    the group has no resolved regex (the leave removed it), so REGEX_BATCH_REFRESH_INTERVAL_MS does not hold the
    new resolution back: the literal topic at the join, the regex's topics right after."""
    h = ConsumerHarness(topics={"lit": 2, "rx-a": 4})
    h.hb("m1", 0, regex="^rx-.*")
    h.advance(0)
    r = h.hb("m1", 1)
    assert h.assigned(r) == {"rx-a": [0, 1, 2, 3]}
    h.hb("m1", -1)
    assert h.group().resolved_regexes == {}
    h.advance(1_000)
    r = h.hb("m1", 0, topics=["lit"], regex="^rx-.*")
    assert h.assigned(r) == {"lit": [0, 1]}
    n = len(h.records)
    h.advance(0)
    assert h.record_types(n)[:2] == ["16", "3"]
    r = h.hb("m1", r.member_epoch, owned={"lit": [0, 1]})
    assert h.assigned(r) == {"lit": [0, 1], "rx-a": [0, 1, 2, 3]}


def test_CG_RX_2_a_regex_left_unresolved_by_the_batch_interval_is_resolved_at_a_later_heartbeat() -> None:
    """A second member brings a new regex within REGEX_BATCH_REFRESH_INTERVAL_MS of the last resolution: not
    resolved then, but (Kafka checks at every heartbeat) at its first heartbeat after the interval, although
    nothing else changed -- not only at the next topic change or group.consumer.regex.refresh.interval.ms."""
    from kaflite.coordinator.consumer.regexes import REGEX_BATCH_REFRESH_INTERVAL_MS
    h = ConsumerHarness(topics={"foo": 2, "bar": 3})
    h.hb("m1", 0, regex="fo.*")
    h.advance(0)
    e1 = h.hb("m1", 1).member_epoch
    h.advance(1_000)
    r = h.hb("m2", 0, regex="ba.*")
    h.advance(0)
    assert "ba.*" not in h.group().resolved_regexes  # within the batch interval: not yet
    e2 = r.member_epoch
    assert h.hb("m1", e1).member_epoch == e2
    h.advance(REGEX_BATCH_REFRESH_INTERVAL_MS)
    r = h.hb("m2", e2)
    assert r.member_epoch == e2 and h.assigned(r) in (None, {})
    n = len(h.records)
    h.advance(0)
    assert h.record_types(n)[:2] == ["16", "3"] and "ba.*" in h.group().resolved_regexes
    r = h.hb("m2", e2)
    assert h.assigned(r) == {"bar": [0, 1, 2]}
