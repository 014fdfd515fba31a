"""The `uniform` server assignor (Kafka's `UniformAssignor`, KIP-848): sticky and balanced.

Two algorithms, picked by `GroupSpec.subscription_type`:
- homogeneous (CG-AS-2, Kafka 4.1): balance first, then stickiness. Every member gets `P // M`
  partitions; the `P % M` extra slots go to members that already hold that many, and the ones
  nobody claims to the last members in order (4.0 gave them to the first members and so moved
  partitions in balanced groups, KAFKA-18688). A balanced group moves nothing.
- heterogeneous (CG-AS-3): keep what is still subscribed, give each unassigned partition to the
  least-loaded subscriber, then move partitions from the most- to the least-loaded subscribers of
  each topic for a bounded number of rounds.

Written for speed with plain lists/dicts of ints: the group coordinator calls this on every
subscription change, so the 1,000 members x 50,000 partitions case must stay in milliseconds
(bench/assignors.py).
The previous target of each member is sanitised first (partitions out of range or held twice are
dropped), so a corrupt input still yields an assignment where every partition has one owner.
"""

from __future__ import annotations

import heapq
from bisect import insort
from collections.abc import Mapping, Sequence, Set

from kaflite.coordinator.assignors.api import (
    GroupAssignment,
    GroupSpec,
    MemberSubscriptionAndAssignment,
    PartitionAssignorError,
    SubscriptionType,
    TopicId,
    TopicMetadata,
)

# CG-AS-3: the balancing rounds stop after this many passes over the topics even if not converged.
MAX_BALANCE_ROUNDS = 16


class UniformAssignor:
    """Kafka's default server assignor (`group.consumer.assignors` = uniform, range)."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return "uniform"

    def assign(self, group: GroupSpec, topics: Mapping[TopicId, TopicMetadata]) -> GroupAssignment:
        if not group.members:
            return {}
        members = list(group.members.items())
        if group.subscription_type is SubscriptionType.HOMOGENEOUS:
            return _assign_homogeneous(members, topics)
        return _assign_heterogeneous(members, topics)


def _num_partitions(topic_id: TopicId, topics: Mapping[TopicId, TopicMetadata]) -> int:
    meta = topics.get(topic_id)
    if meta is None:
        raise PartitionAssignorError(
            f"Members are subscribed to topic {topic_id.hex()} which doesn't exist in the topic metadata."
        )
    return meta.num_partitions


def _is_clean(parts: Set[int], n: int) -> bool:
    """Every partition of `parts` exists (0 <= p < n)."""
    return not parts or (min(parts) >= 0 and max(parts) < n)


# ---------------------------------------------------------------------------------------------
# Homogeneous (CG-AS-2)
# ---------------------------------------------------------------------------------------------


def _assign_homogeneous(
    members: list[tuple[str, MemberSubscriptionAndAssignment]], topics: Mapping[TopicId, TopicMetadata]
) -> GroupAssignment:
    """Pass 1 keeps each member's partitions up to its quota; pass 2 fills members in order.

    The unassigned partitions are a list of (topic, sequence of partitions) segments, so a
    fresh group of 50,000 partitions allocates a few `range` slices instead of 50,000 tuples.
    """
    subscribed = members[0][1].subscribed_topic_ids
    if not subscribed:
        return {member_id: {} for member_id, _ in members}
    sizes = {t: _num_partitions(t, topics) for t in subscribed}
    # CG-AS-5: kaflite walks topics by name (Kafka: HashSet order), so the output is deterministic.
    order = sorted(subscribed, key=lambda t: (topics[t].name, t))
    num_members = len(members)

    # Who holds what today, per topic, in member order.
    holders: dict[TopicId, list[tuple[int, frozenset[int]]]] = {t: [] for t in order}
    for index, (_, member) in enumerate(members):
        for topic_id, parts in member.assignment.items():
            held = holders.get(topic_id)
            if held is not None and parts:
                # Reused in the output as is, so it must really be immutable.
                held.append((index, parts if type(parts) is frozenset else frozenset(parts)))

    current: list[dict[TopicId, frozenset[int]]] = [{} for _ in range(num_members)]
    unassigned: list[tuple[TopicId, Sequence[int]]] = []
    total = 0
    for topic_id in order:
        n = sizes[topic_id]
        total += n
        held = holders[topic_id]
        if not held:
            if n:
                unassigned.append((topic_id, range(n)))
            continue
        if len(held) == 1:
            owned: Set[int] = held[0][1]
            clean = _is_clean(owned, n)
        else:
            union: set[int] = set()
            count = 0
            for _, parts in held:
                union.update(parts)
                count += len(parts)
            owned = union
            clean = count == len(union) and _is_clean(union, n)
        if not clean:
            held, owned = _sanitise(held, n)
        if len(owned) < n:
            unassigned.append((topic_id, [p for p in range(n) if p not in owned]))
        for index, parts in held:
            current[index][topic_id] = parts

    min_quota, extra = divmod(total, num_members)
    unfilled: list[tuple[int, int]] = []
    targets: list[dict[TopicId, frozenset[int]]] = []
    for index in range(num_members):
        quota = min_quota
        has_extra = extra > 0
        if has_extra:
            quota += 1
        target: dict[TopicId, frozenset[int]] = {}
        for topic_id, parts in current[index].items():
            count = len(parts)
            if count <= quota:
                target[topic_id] = parts
                quota -= count
            else:
                # Over quota: keep the lowest partitions, the rest go back to the pool.
                ordered = sorted(parts)
                if quota:
                    target[topic_id] = frozenset(ordered[:quota])
                unassigned.append((topic_id, ordered[quota:]))
                quota = 0
        if quota > 0 and has_extra and num_members - index > extra:
            # Not yet full: leave the extra slot to a later member that may already hold it,
            # unless only the last `extra` members are left and each must take one.
            quota -= 1
            has_extra = False
        if quota > 0:
            unfilled.append((index, quota))
        if has_extra:
            extra -= 1
        targets.append(target)

    segment, offset, segments = 0, 0, len(unassigned)
    for index, quota in unfilled:
        target = targets[index]
        while quota and segment < segments:
            topic_id, seq = unassigned[segment]
            take = min(quota, len(seq) - offset)
            chunk = frozenset(seq[offset : offset + take])
            have = target.get(topic_id)
            target[topic_id] = have | chunk if have else chunk
            quota -= take
            offset += take
            if offset == len(seq):
                segment += 1
                offset = 0
    if segment < segments:
        raise PartitionAssignorError("Partitions were left unassigned")
    return {member_id: targets[index] for index, (member_id, _) in enumerate(members)}


def _sanitise(
    held: list[tuple[int, frozenset[int]]], n: int
) -> tuple[list[tuple[int, frozenset[int]]], set[int]]:
    """Drop partitions that do not exist or that an earlier member (in walk order) holds."""
    seen: set[int] = set()
    kept: list[tuple[int, frozenset[int]]] = []
    for index, parts in held:
        mine = frozenset(p for p in parts if 0 <= p < n and p not in seen)
        if mine:
            seen.update(mine)
            kept.append((index, mine))
    return kept, seen


# ---------------------------------------------------------------------------------------------
# Heterogeneous (CG-AS-3)
# ---------------------------------------------------------------------------------------------


def _uuid_order(topic_id: TopicId) -> tuple[int, int]:
    """Java `Uuid.compareTo`: the most then least significant 64 bits, as signed longs."""
    return (
        int.from_bytes(topic_id[:8], "big", signed=True),
        int.from_bytes(topic_id[8:], "big", signed=True),
    )


def _assign_heterogeneous(
    members: list[tuple[str, MemberSubscriptionAndAssignment]], topics: Mapping[TopicId, TopicMetadata]
) -> GroupAssignment:
    """Owners are kept per topic as a list of member indices (-1 = nobody), sizes as a list."""
    num_members = len(members)
    subscriptions = [member.subscribed_topic_ids for _, member in members]
    everything: set[TopicId] = set().union(*subscriptions)
    if not everything:
        return {member_id: {} for member_id, _ in members}
    for topic_id in everything:
        _num_partitions(topic_id, topics)
    # members x subscribed topics is the input's size (500,000 in the benchmark): keep this loop bare.
    subscribers: dict[TopicId, list[int]] = {t: [] for t in everything}
    for index, subscribed in enumerate(subscriptions):
        for topic_id in subscribed:
            subscribers[topic_id].append(index)

    owners: dict[TopicId, list[int]] = {t: [-1] * topics[t].num_partitions for t in subscribers}
    loads = [0] * num_members
    # Keep what each member still subscribes to (first holder wins; partitions that no longer exist go).
    for index, (_, member) in enumerate(members):
        subscribed = member.subscribed_topic_ids
        for topic_id, parts in member.assignment.items():
            if topic_id not in subscribed:
                continue
            owner = owners[topic_id]
            n = len(owner)
            got = 0
            for p in parts:
                if 0 <= p < n and owner[p] == -1:
                    owner[p] = index
                    got += 1
            loads[index] += got

    def topic_order(topic_id: TopicId) -> tuple[float, int, tuple[int, int]]:
        count = len(subscribers[topic_id])
        return (-len(owners[topic_id]) / count, count, _uuid_order(topic_id))

    order = sorted(subscribers, key=topic_order)

    # Each unassigned partition goes to the least-loaded subscriber (ties: the lower index).
    # Heap entries are plain ints `load * M + index`: cheaper to build and compare than tuples.
    for topic_id in order:
        owner = owners[topic_id]
        free = [p for p, o in enumerate(owner) if o < 0]
        if not free:
            continue
        heap = [loads[i] * num_members + i for i in subscribers[topic_id]]
        heapq.heapify(heap)
        for p in free:
            entry = heap[0]
            i = entry % num_members
            owner[p] = i
            loads[i] += 1
            heapq.heapreplace(heap, entry + num_members)

    movable = [t for t in order if len(subscribers[t]) >= 2]
    if movable:
        # Stop once every topic was looked at since the last move (or after the round limit).
        quiet = 0
        for step in range(MAX_BALANCE_ROUNDS * len(movable)):
            if step % len(movable) == 0 and max(loads) - min(loads) <= 1:
                break  # no topic can have subscribers more than one apart
            topic_id = movable[step % len(movable)]
            if _balance_topic(owners[topic_id], subscribers[topic_id], loads):
                quiet = 0
            elif step:
                quiet += 1
            if quiet >= len(movable) - 1:
                break

    # Build the output from the owner lists: frozensets only here.
    buckets: list[dict[TopicId, list[int]]] = [{} for _ in range(num_members)]
    for topic_id in order:
        owner = owners[topic_id]
        subs = subscribers[topic_id]
        if len(subs) == 1:
            if owner:
                buckets[subs[0]][topic_id] = list(range(len(owner)))
            continue
        if -1 in owner:
            raise PartitionAssignorError("Partitions were left unassigned")
        for p, o in enumerate(owner):
            bucket = buckets[o].get(topic_id)
            if bucket is None:
                buckets[o][topic_id] = [p]
            else:
                bucket.append(p)
    return {
        member_id: {t: frozenset(ps) for t, ps in buckets[index].items()}
        for index, (member_id, _) in enumerate(members)
    }


def _balance_topic(owner: list[int], subs: list[int], loads: list[int]) -> bool:
    """Move this topic's partitions from the most- to the least-loaded subscribers; True if any moved.

    Donor: the most-loaded subscriber still holding a partition of the topic (ties: higher index),
    which gives up its highest one. Receiver: the least-loaded subscriber (ties: lower index).
    Stops when they differ by <= 1. Heap entries are ints `load * M + index` (donors negated),
    deleted lazily: an entry whose load is no longer the member's is skipped.
    """
    if max(map(loads.__getitem__, subs)) - min(map(loads.__getitem__, subs)) <= 1:
        return False
    m = len(loads)
    held: dict[int, list[int]] = {}  # only the topic's holders: often far fewer than its subscribers
    for p, o in enumerate(owner):
        mine = held.get(o)
        if mine is None:
            held[o] = [p]
        else:
            mine.append(p)
    receivers = [loads[i] * m + i for i in subs]
    heapq.heapify(receivers)
    donors = [-(loads[i] * m + i) for i in held]
    heapq.heapify(donors)
    moved = False
    while donors:
        load, donor = divmod(-donors[0], m)
        if load != loads[donor] or not held.get(donor):
            heapq.heappop(donors)
            continue
        load, receiver = divmod(receivers[0], m)
        while load != loads[receiver]:
            heapq.heappop(receivers)
            load, receiver = divmod(receivers[0], m)
        if loads[donor] - load <= 1:
            break
        p = held[donor].pop()
        owner[p] = receiver
        insort(held.setdefault(receiver, []), p)
        loads[donor] -= 1
        loads[receiver] = load + 1
        heapq.heapreplace(receivers, receivers[0] + m)
        heapq.heappush(receivers, loads[donor] * m + donor)
        if held[donor]:
            heapq.heapreplace(donors, donors[0] + m)  # one partition less: -(entry - m)
        else:
            heapq.heappop(donors)
        heapq.heappush(donors, -(loads[receiver] * m + receiver))
        moved = True
    return moved
