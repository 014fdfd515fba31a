"""SG-AS-1..3: the `simple` share-group assignor, by its properties (Kafka's order is HashMap order)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from kaflite.coordinator.assignors.api import (
    GroupSpec,
    MemberSubscriptionAndAssignment,
    SubscriptionType,
    TopicMetadata,
)
from kaflite.coordinator.assignors.simple import SimpleAssignor

A, B = b"\1" * 16, b"\2" * 16
TOPICS = {A: TopicMetadata(A, "a", 6), B: TopicMetadata(B, "b", 2)}


def spec(subs: dict[str, set[bytes]], previous: dict[str, dict[bytes, frozenset[int]]] | None = None,
         kind: SubscriptionType = SubscriptionType.HOMOGENEOUS) -> GroupSpec:
    previous = previous or {}
    return GroupSpec(members={m: MemberSubscriptionAndAssignment(frozenset(t), previous.get(m, {}))
                              for m, t in subs.items()}, subscription_type=kind)


def holders(result: dict[str, dict[bytes, frozenset[int]]]) -> Counter[tuple[bytes, int]]:
    return Counter((t, p) for a in result.values() for t, ps in a.items() for p in ps)


@pytest.mark.parametrize(("members", "partitions"), [(1, 6), (2, 6), (4, 6), (6, 6), (7, 6), (12, 6), (13, 6),
                                                     (3, 1), (5, 2), (2, 3)])
def test_sg_as_1_homogeneous_counts(members: int, partitions: int) -> None:
    """Quotas differ by <=1; P >= M: each partition exactly once; M > P: every member >=1, a partition <= ceil(M/P)."""
    topics = {A: TopicMetadata(A, "a", partitions)}
    result = SimpleAssignor().assign(spec({f"m{i:02}": {A} for i in range(members)}), topics)
    sizes = [sum(len(ps) for ps in a.values()) for a in result.values()]
    assert max(sizes) - min(sizes) <= 1
    counts = holders(result)
    assert set(counts) == {(A, p) for p in range(partitions)}  # every partition held at least once
    if partitions >= members:
        assert set(counts.values()) == {1}
    else:
        sharing = -(-members // partitions)
        assert min(sizes) >= 1 and max(counts.values()) <= sharing


def test_sg_as_1_one_partition_three_members_all_share_it() -> None:
    result = SimpleAssignor().assign(spec({"m1": {A}, "m2": {A}, "m3": {A}}), {A: TopicMetadata(A, "a", 1)})
    assert result == {m: {A: frozenset({0})} for m in ("m1", "m2", "m3")}


def test_sg_as_1_sticky_no_move_when_already_balanced_and_minimal_moves_on_join() -> None:
    first = SimpleAssignor().assign(spec({"m1": {A}, "m2": {A}}), TOPICS)
    again = SimpleAssignor().assign(spec({"m1": {A}, "m2": {A}}, first), TOPICS)
    assert again == first
    third = SimpleAssignor().assign(spec({"m1": {A}, "m2": {A}, "m3": {A}}, first), TOPICS)
    assert all(third[m][A] <= first[m][A] for m in ("m1", "m2"))  # existing members only give partitions up
    assert [len(third[m][A]) for m in ("m1", "m2", "m3")] == [2, 2, 2]


def test_sg_as_1_previous_partitions_of_unsubscribed_topics_are_dropped() -> None:
    previous = {"m1": {A: frozenset({0, 1, 2}), B: frozenset({0})}}
    result = SimpleAssignor().assign(spec({"m1": {A}}, previous), TOPICS)
    assert result == {"m1": {A: frozenset(range(6))}}


def test_sg_as_1_only_the_assignable_partitions_are_given() -> None:
    result = SimpleAssignor().assign(spec({"m1": {A}, "m2": {A}}), TOPICS, assignable={A: frozenset({1, 4})})
    assert holders(result) == Counter({(A, 1): 1, (A, 4): 1})


def test_sg_as_2_heterogeneous_balances_per_topic_among_its_subscribers() -> None:
    subs = {"m1": {A, B}, "m2": {A}, "m3": {B}}
    result = SimpleAssignor().assign(spec(subs, kind=SubscriptionType.HETEROGENEOUS), TOPICS)
    assert sorted(len(result[m].get(A, ())) for m in ("m1", "m2")) == [3, 3]
    assert sorted(len(result[m].get(B, ())) for m in ("m1", "m3")) == [1, 1]
    assert B not in result["m2"] and A not in result["m3"]


def test_sg_as_3_members_by_id_partitions_by_topic_name_and_index() -> None:
    """Deterministic: the same spec in any insertion order gives the same result."""
    subs = {"m2": {A, B}, "m1": {A, B}, "m3": {A, B}}
    results = [SimpleAssignor().assign(spec(dict(order)), TOPICS)
               for order in itertools.permutations(subs.items())]
    assert all(r == results[0] for r in results)
    # Walking a0..a5, b0, b1 round-robin over m1, m2, m3.
    assert results[0] == {"m1": {A: frozenset({0, 3}), B: frozenset({0})},
                          "m2": {A: frozenset({1, 4}), B: frozenset({1})},
                          "m3": {A: frozenset({2, 5})}}
