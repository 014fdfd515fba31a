"""KIP-932's `simple` share-group assignor (Kafka's Simple{Homo,Hetero}geneousAssignmentBuilder, SG-AS-*).

Unlike the consumer-group assignors, a partition may go to several members: with P partitions and M members
each partition is shared by at most s = ceil(M/P) of them and member i gets a quota of
ceil(d*(i+1)) - ceil(d*i) partitions, d = s*P/M (quotas differ by at most one). The previous target is kept
where it fits (sticky): partitions of topics no longer subscribed go, members above quota and partitions held by
more than s members are trimmed, then every under-shared partition is given, walking the partitions, to
members under quota not holding it, round-robin. Heterogeneous subscriptions: the same per topic, among that
topic's subscribers (SG-AS-2). Members are walked by member id and partitions by (topic name, index) (SG-AS-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kaflite.coordinator.assignors.api import (
    GroupAssignment,
    GroupSpec,
    MemberSubscriptionAndAssignment,
    SubscriptionType,
    TopicId,
    TopicMetadata,
)

Partition = tuple[TopicId, int]


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _balance(member_ids: Sequence[str], partitions: Sequence[Partition],
             previous: Mapping[str, Sequence[Partition]]) -> dict[str, list[Partition]]:
    """SG-AS-1 over one set of members and partitions (both in walking order)."""
    out: dict[str, list[Partition]] = {m: [] for m in member_ids}
    m_count, p_count = len(member_ids), len(partitions)
    if not m_count or not p_count:
        return out
    sharing = _ceil_div(m_count, p_count)
    total = sharing * p_count  # d = total / m_count
    quota = {m: _ceil_div(total * (i + 1), m_count) - _ceil_div(total * i, m_count)
             for i, m in enumerate(member_ids)}
    valid = set(partitions)
    holders: dict[Partition, list[str]] = {p: [] for p in partitions}
    for m in member_ids:
        for p in previous.get(m, ()):
            # Keep what is still assignable, up to the member's quota and the partition's sharing.
            if p in valid and len(out[m]) < quota[m] and len(holders[p]) < sharing and m not in holders[p]:
                out[m].append(p)
                holders[p].append(m)
    cursor = 0
    for p in partitions:
        tried = 0
        while len(holders[p]) < sharing and tried < m_count:
            m = member_ids[cursor % m_count]
            cursor += 1
            tried += 1
            if len(out[m]) < quota[m] and m not in holders[p]:
                out[m].append(p)
                holders[p].append(m)
                tried = 0
    return out


class SimpleAssignor:
    """`group.share.assignors` = simple: the only share-group assignor."""

    name = "simple"

    def assign(self, group: GroupSpec, topics: Mapping[TopicId, TopicMetadata],
               assignable: Mapping[TopicId, frozenset[int]] | None = None) -> GroupAssignment:
        """Every member's new target. `assignable`: the partitions that may be assigned per topic (a share group's
        initialized ones, SG-INIT-1); None: every partition of `topics`."""

        def partitions_of(tid: TopicId) -> list[Partition]:
            if assignable is not None:
                ps = sorted(assignable.get(tid, ()))
            else:
                ps = list(range(topics[tid].num_partitions))
            return [(tid, p) for p in ps]

        def topic_order(tid: TopicId) -> tuple[str, TopicId]:
            t = topics.get(tid)
            return (t.name if t is not None else "", tid)

        members = group.members
        ids = sorted(members)
        previous = {m: _flatten(members[m]) for m in ids}
        result: GroupAssignment = {m: {} for m in ids}
        if group.subscription_type is SubscriptionType.HOMOGENEOUS and ids:
            tids = sorted((t for t in members[ids[0]].subscribed_topic_ids if t in topics), key=topic_order)
            groups = [(ids, [p for t in tids for p in partitions_of(t)])]
        else:
            subscribed = {t for m in ids for t in members[m].subscribed_topic_ids if t in topics}
            groups = [([m for m in ids if t in members[m].subscribed_topic_ids], partitions_of(t))
                      for t in sorted(subscribed, key=topic_order)]
        for member_ids, partitions in groups:
            for m, ps in _balance(member_ids, partitions, previous).items():
                for tid, p in ps:
                    result[m][tid] = result[m].get(tid, frozenset()) | {p}
        return result


def _flatten(member: MemberSubscriptionAndAssignment) -> list[Partition]:
    return [(t, p) for t, ps in sorted(member.assignment.items()) for p in sorted(ps)]
