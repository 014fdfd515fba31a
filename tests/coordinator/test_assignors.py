"""KIP-848 server assignors (CG-AS-1..5): properties with hypothesis, and examples named after the spec.

Kafka's exact uniform output depends on Java HashMap order (CG-AS-5), so the uniform tests assert
properties; the examples pin kaflite's own deterministic order (members as given, topics by name).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaflite.coordinator.assignors import (
    ASSIGNORS,
    GroupAssignment,
    GroupSpec,
    MemberSubscriptionAndAssignment,
    PartitionAssignorError,
    RangeAssignor,
    SubscriptionType,
    TopicId,
    TopicMetadata,
    UniformAssignor,
)
from kaflite.coordinator.assignors.uniform import _uuid_order

HOMO = SubscriptionType.HOMOGENEOUS
HETERO = SubscriptionType.HETEROGENEOUS
UNIFORM = UniformAssignor()
RANGE = RangeAssignor()

Topics = dict[TopicId, TopicMetadata]


def tid(i: int) -> TopicId:
    return i.to_bytes(16, "big")


def make_topics(counts: list[int]) -> Topics:
    return {tid(i): TopicMetadata(tid(i), f"t{i}", n) for i, n in enumerate(counts)}


def spec(
    subs: Mapping[str, frozenset[TopicId]],
    kind: SubscriptionType,
    previous: GroupAssignment | None = None,
    instance_ids: Mapping[str, str] | None = None,
) -> GroupSpec:
    prev = previous or {}
    inst = instance_ids or {}
    return GroupSpec(
        members={
            m: MemberSubscriptionAndAssignment(
                subscribed_topic_ids=s, assignment=prev.get(m, {}), instance_id=inst.get(m)
            )
            for m, s in sorted(subs.items())
        },
        subscription_type=kind,
    )


def owners(result: GroupAssignment) -> dict[tuple[TopicId, int], list[str]]:
    out: dict[tuple[TopicId, int], list[str]] = {}
    for m, assignment in result.items():
        for t, parts in assignment.items():
            assert isinstance(parts, frozenset)
            assert parts, "a topic with no partitions is left out"
            for p in parts:
                out.setdefault((t, p), []).append(m)
    return out


def size(assignment: Mapping[TopicId, frozenset[int]]) -> int:
    return sum(len(p) for p in assignment.values())


def check_valid(group: GroupSpec, topics: Topics, result: GroupAssignment) -> None:
    """Every subscribed partition exactly once, only to a subscriber; every member has an entry."""
    assert set(result) == set(group.members)
    subscribed = set().union(*(m.subscribed_topic_ids for m in group.members.values()))
    expected = {(t, p) for t in subscribed for p in range(topics[t].num_partitions)}
    got = owners(result)
    assert set(got) == expected
    for (t, _), holders in got.items():
        assert len(holders) == 1
        assert t in group.members[holders[0]].subscribed_topic_ids


def moved(before: GroupAssignment, after: GroupAssignment) -> int:
    """Partitions some member held before and no longer holds (a removed member's count too)."""
    return sum(len(ps - after.get(m, {}).get(t, frozenset())) for m, a in before.items() for t, ps in a.items())


def minimum_moves(before: GroupAssignment, members: list[str], total: int) -> int:
    """Fewest owner changes that reach a balanced assignment from `before` (homogeneous group).

    The `total % M` bigger slots go to the members holding the most; what nobody may keep must move.
    """
    base, extra = divmod(total, len(members))
    held = sorted((size(before.get(m, {})) for m in members), reverse=True)
    caps = [base + 1] * extra + [base] * (len(members) - extra)
    gone = sum(size(a) for m, a in before.items() if m not in members)
    return gone + sum(max(0, h - c) for h, c in zip(held, caps, strict=True))


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

partition_counts = st.lists(st.integers(0, 12), min_size=1, max_size=6)
member_names = st.lists(st.text("abcdefgh", min_size=1, max_size=4), min_size=1, max_size=8, unique=True)


@st.composite
def homogeneous_case(draw: st.DrawFn) -> tuple[Topics, dict[str, frozenset[TopicId]]]:
    topics = make_topics(draw(partition_counts))
    chosen = frozenset(draw(st.lists(st.sampled_from(sorted(topics)), unique=True)))
    return topics, {m: chosen for m in draw(member_names)}


@st.composite
def heterogeneous_case(draw: st.DrawFn) -> tuple[Topics, dict[str, frozenset[TopicId]]]:
    topics = make_topics(draw(partition_counts))
    ids = sorted(topics)
    return topics, {m: frozenset(draw(st.lists(st.sampled_from(ids), unique=True))) for m in draw(member_names)}


@st.composite
def garbage_assignment(draw: st.DrawFn, topics: Topics, members: list[str]) -> GroupAssignment:
    """Any previous target: overlaps, partitions that do not exist, unsubscribed topics."""
    ids = sorted(topics)
    out: GroupAssignment = {}
    for m in members:
        picked = draw(st.dictionaries(st.sampled_from(ids), st.frozensets(st.integers(-1, 14), min_size=1), max_size=3))
        out[m] = picked
    return out


# ---------------------------------------------------------------------------------------------
# uniform, homogeneous (CG-AS-2)
# ---------------------------------------------------------------------------------------------


@FAST
@given(homogeneous_case(), st.data())
def test_uniform_homogeneous_properties(
    case: tuple[Topics, dict[str, frozenset[TopicId]]], data: st.DataObject
) -> None:
    topics, subs = case
    first = UNIFORM.assign(spec(subs, HOMO), topics)
    check_valid(spec(subs, HOMO), topics, first)
    sizes = [size(a) for a in first.values()]
    assert max(sizes) - min(sizes) <= 1

    # Stickiness: the previous output as input moves nothing.
    assert UNIFORM.assign(spec(subs, HOMO, first), topics) == first

    total = sum(topics[t].num_partitions for t in next(iter(subs.values())))
    chosen = next(iter(subs.values()))
    # One member joins: exactly the minimum moves.
    joined = dict(subs)
    joined[data.draw(st.text("xyz", min_size=1, max_size=3))] = chosen
    after = UNIFORM.assign(spec(joined, HOMO, first), topics)
    check_valid(spec(joined, HOMO), topics, after)
    sizes = [size(a) for a in after.values()]
    assert max(sizes) - min(sizes) <= 1
    assert moved(first, after) == minimum_moves(first, list(joined), total)

    # One member leaves: its partitions move, plus only what balance needs.
    if len(subs) > 1:
        leaving = data.draw(st.sampled_from(sorted(subs)))
        left = {m: s for m, s in subs.items() if m != leaving}
        after = UNIFORM.assign(spec(left, HOMO, first), topics)
        check_valid(spec(left, HOMO), topics, after)
        sizes = [size(a) for a in after.values()]
        assert max(sizes) - min(sizes) <= 1
        assert moved(first, after) == minimum_moves(first, list(left), total)


@FAST
@given(homogeneous_case(), st.data())
def test_uniform_homogeneous_survives_any_previous_target(
    case: tuple[Topics, dict[str, frozenset[TopicId]]], data: st.DataObject
) -> None:
    topics, subs = case
    previous = data.draw(garbage_assignment(topics, sorted(subs)))
    result = UNIFORM.assign(spec(subs, HOMO, previous), topics)
    check_valid(spec(subs, HOMO), topics, result)
    sizes = [size(a) for a in result.values()]
    assert max(sizes) - min(sizes) <= 1
    assert UNIFORM.assign(spec(subs, HOMO, result), topics) == result


def test_CG_AS_2_fresh_group_gives_the_extra_slots_to_the_last_members() -> None:
    """4.1: a member without partitions gives its extra slot up while later members can take it."""
    topics = make_topics([7])
    subs = {m: frozenset(topics) for m in ("a", "b", "c")}
    result = UNIFORM.assign(spec(subs, HOMO), topics)
    assert result == {
        "a": {tid(0): frozenset({0, 1})},
        "b": {tid(0): frozenset({2, 3})},
        "c": {tid(0): frozenset({4, 5, 6})},
    }


def test_CG_AS_2_balanced_group_moves_nothing_even_if_the_first_member_is_short() -> None:
    """KAFKA-18688: 4.0 handed extra slots to the first members and moved partitions; 4.1 does not."""
    topics = make_topics([7])
    subs = {m: frozenset(topics) for m in ("a", "b", "c")}
    previous: GroupAssignment = {
        "a": {tid(0): frozenset({0, 1})},
        "b": {tid(0): frozenset({2, 3, 4})},
        "c": {tid(0): frozenset({5, 6})},
    }
    assert UNIFORM.assign(spec(subs, HOMO, previous), topics) == previous


def test_CG_AS_2_over_quota_and_unsubscribed_partitions_are_revoked() -> None:
    topics = make_topics([4, 2])
    subs = {m: frozenset({tid(0)}) for m in ("a", "b")}
    previous: GroupAssignment = {"a": {tid(0): frozenset({0, 1, 2, 3}), tid(1): frozenset({0, 1})}}
    result = UNIFORM.assign(spec(subs, HOMO, previous), topics)
    # a keeps its lowest two partitions of t0; t1 is gone; b gets the rest.
    assert result == {"a": {tid(0): frozenset({0, 1})}, "b": {tid(0): frozenset({2, 3})}}


def test_CG_AS_5_topics_are_walked_by_name() -> None:
    topics = {tid(1): TopicMetadata(tid(1), "b", 1), tid(2): TopicMetadata(tid(2), "a", 1)}
    subs = {m: frozenset(topics) for m in ("m1", "m2")}
    result = UNIFORM.assign(spec(subs, HOMO), topics)
    assert result == {"m1": {tid(2): frozenset({0})}, "m2": {tid(1): frozenset({0})}}


def test_uniform_unknown_topic_raises() -> None:
    subs = {"a": frozenset({tid(9)})}
    with pytest.raises(PartitionAssignorError, match="doesn't exist in the topic metadata"):
        UNIFORM.assign(spec(subs, HOMO), make_topics([1]))
    with pytest.raises(PartitionAssignorError):
        UNIFORM.assign(spec(subs, HETERO), make_topics([1]))


def test_empty_groups_and_empty_subscriptions() -> None:
    topics = make_topics([3])
    for assignor in ASSIGNORS.values():
        assert assignor.assign(GroupSpec(members={}, subscription_type=HOMO), topics) == {}
        for kind in (HOMO, HETERO):
            assert assignor.assign(spec({"a": frozenset(), "b": frozenset()}, kind), topics) == {"a": {}, "b": {}}


# ---------------------------------------------------------------------------------------------
# uniform, heterogeneous (CG-AS-3)
# ---------------------------------------------------------------------------------------------


@FAST
@given(heterogeneous_case(), st.data())
def test_uniform_heterogeneous_properties(
    case: tuple[Topics, dict[str, frozenset[TopicId]]], data: st.DataObject
) -> None:
    topics, subs = case
    group = spec(subs, HETERO)
    first = UNIFORM.assign(group, topics)
    check_valid(group, topics, first)
    assert UNIFORM.assign(spec(subs, HETERO, first), topics) == first

    # From any previous target: still valid, and stable when re-run.
    previous = data.draw(garbage_assignment(topics, sorted(subs)))
    result = UNIFORM.assign(spec(subs, HETERO, previous), topics)
    check_valid(group, topics, result)
    assert UNIFORM.assign(spec(subs, HETERO, result), topics) == result

    # A member leaves: what the others kept in their subscriptions stays put.
    if len(subs) > 1:
        leaving = data.draw(st.sampled_from(sorted(subs)))
        left = {m: s for m, s in subs.items() if m != leaving}
        after = UNIFORM.assign(spec(left, HETERO, first), topics)
        check_valid(spec(left, HETERO), topics, after)


@FAST
@given(homogeneous_case())
def test_uniform_heterogeneous_balances_identical_subscriptions(
    case: tuple[Topics, dict[str, frozenset[TopicId]]],
) -> None:
    """The heterogeneous algorithm reaches sizes within one when all subscriptions are equal."""
    topics, subs = case
    result = UNIFORM.assign(spec(subs, HETERO), topics)
    check_valid(spec(subs, HETERO), topics, result)
    sizes = [size(a) for a in result.values()]
    assert max(sizes) - min(sizes) <= 1


def test_CG_AS_3_least_loaded_subscriber_gets_each_partition() -> None:
    topics = make_topics([3, 3])
    subs = {"a": frozenset({tid(0)}), "b": frozenset({tid(0), tid(1)}), "c": frozenset({tid(1)})}
    result = UNIFORM.assign(spec(subs, HETERO), topics)
    assert result == {
        "a": {tid(0): frozenset({0, 2})},
        "b": {tid(0): frozenset({1}), tid(1): frozenset({1})},
        "c": {tid(1): frozenset({0, 2})},
    }


def test_CG_AS_3_balancing_moves_the_most_loaded_members_highest_partition() -> None:
    topics = make_topics([6])
    subs = {"a": frozenset({tid(0)}), "b": frozenset({tid(0)}), "c": frozenset({tid(0)})}
    previous: GroupAssignment = {"a": {tid(0): frozenset(range(6))}}
    # Heterogeneous path (e.g. a regex group): a keeps 0-1, gives 5 then 4 ... by load.
    result = UNIFORM.assign(spec(subs, HETERO, previous), topics)
    check_valid(spec(subs, HETERO), topics, result)
    assert result["a"] == {tid(0): frozenset({0, 1})}
    assert {size(result["b"]), size(result["c"])} == {2}


def test_CG_AS_3_topic_ids_order_as_java_signed_longs() -> None:
    high = bytes([0x80]) + bytes(15)  # negative most significant long: sorts first in Java
    low = bytes(15) + b"\x01"
    assert sorted([low, high], key=_uuid_order) == [high, low]


# ---------------------------------------------------------------------------------------------
# range (CG-AS-4)
# ---------------------------------------------------------------------------------------------


def expected_blocks(n: int, members: int) -> list[frozenset[int]]:
    base, extra = divmod(n, members)
    blocks, start = [], 0
    for k in range(members):
        end = start + base + (1 if k < extra else 0)
        blocks.append(frozenset(range(start, end)))
        start = end
    return blocks


@FAST
@given(homogeneous_case())
def test_range_homogeneous_exact_blocks(case: tuple[Topics, dict[str, frozenset[TopicId]]]) -> None:
    topics, subs = case
    group = spec(subs, HOMO)
    result = RANGE.assign(group, topics)
    check_valid(group, topics, result)
    order = sorted(subs)
    for t in next(iter(subs.values())):
        blocks = expected_blocks(topics[t].num_partitions, len(order))
        for m, block in zip(order, blocks, strict=True):
            assert result[m].get(t, frozenset()) == block
    # Co-partitioning: topics with equal counts give each member the same partition numbers.
    by_count: dict[int, list[TopicId]] = {}
    for t in next(iter(subs.values())):
        by_count.setdefault(topics[t].num_partitions, []).append(t)
    for same in by_count.values():
        for m in order:
            assert len({result[m].get(t, frozenset()) for t in same}) == 1
    # Previous targets are ignored.
    assert RANGE.assign(spec(subs, HOMO, result), topics) == result


@FAST
@given(heterogeneous_case())
def test_range_heterogeneous_exact_blocks(case: tuple[Topics, dict[str, frozenset[TopicId]]]) -> None:
    topics, subs = case
    group = spec(subs, HETERO)
    result = RANGE.assign(group, topics)
    check_valid(group, topics, result)
    for t in topics:
        subscribers = sorted(m for m, s in subs.items() if t in s)
        if not subscribers:
            continue
        for m, block in zip(subscribers, expected_blocks(topics[t].num_partitions, len(subscribers)), strict=True):
            assert result[m].get(t, frozenset()) == block


def test_CG_AS_4_static_members_first_by_instance_id() -> None:
    topics = make_topics([4])
    subs = {m: frozenset(topics) for m in ("a", "b", "c", "d")}
    result = RANGE.assign(spec(subs, HOMO, instance_ids={"d": "i1", "c": "i2"}), topics)
    assert [result[m][tid(0)] for m in ("d", "c", "a", "b")] == [frozenset({p}) for p in range(4)]


def test_CG_AS_4_member_ids_compare_as_java_utf16() -> None:
    """U+1F600 sorts after U+FF5E in Python (code points) but before it in Java (its UTF-16 surrogates)."""
    topics = make_topics([2])
    subs = {"\U0001f600": frozenset(topics), "\uff5e": frozenset(topics)}
    result = RANGE.assign(spec(subs, HOMO), topics)
    assert result["\U0001f600"] == {tid(0): frozenset({0})}
    assert result["\uff5e"] == {tid(0): frozenset({1})}


def test_CG_AS_4_more_members_than_partitions() -> None:
    topics = make_topics([2, 2])
    subs = {m: frozenset(topics) for m in ("a", "b", "c")}
    result = RANGE.assign(spec(subs, HOMO), topics)
    assert result == {
        "a": {tid(0): frozenset({0}), tid(1): frozenset({0})},
        "b": {tid(0): frozenset({1}), tid(1): frozenset({1})},
        "c": {},
    }


def test_assignors_table() -> None:
    assert {name: a.name for name, a in ASSIGNORS.items()} == {"uniform": "uniform", "range": "range"}


def test_uniform_output_is_frozen_even_if_the_previous_target_was_not() -> None:
    topics = make_topics([4])
    subs = {m: frozenset(topics) for m in ("a", "b")}
    previous = {"a": {tid(0): {0, 1}}, "b": {tid(0): {2, 3}}}
    for kind in (HOMO, HETERO):
        result = UNIFORM.assign(spec(subs, kind, previous), topics)  # type: ignore[arg-type]
        assert result == {"a": {tid(0): frozenset({0, 1})}, "b": {tid(0): frozenset({2, 3})}}
        assert all(type(ps) is frozenset for a in result.values() for ps in a.values())
