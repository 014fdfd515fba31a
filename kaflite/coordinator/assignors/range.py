"""The `range` server assignor (Kafka's `RangeAssignor`, KIP-848; CG-AS-4).

Each topic is cut into contiguous blocks, handed to its subscribers in a fixed member order:
static members first (by instance id), then dynamic ones (by member id). With equal partition
counts, member k gets the same block of every topic (co-partitioning), which is why users pick it.
Previous targets are ignored: stability comes only from the member order.
"""

from __future__ import annotations

from collections.abc import Mapping

from kaflite.coordinator.assignors.api import (
    GroupAssignment,
    GroupSpec,
    MemberSubscriptionAndAssignment,
    PartitionAssignorError,
    SubscriptionType,
    TopicId,
    TopicMetadata,
)


def _java_order(item: tuple[str, MemberSubscriptionAndAssignment]) -> tuple[int, bytes]:
    """Static first; Java `String.compareTo` compares UTF-16 code units, as UTF-16-BE bytes do."""
    member_id, member = item
    if member.instance_id is not None:
        return (0, member.instance_id.encode("utf-16-be", "surrogatepass"))
    return (1, member_id.encode("utf-16-be", "surrogatepass"))


class RangeAssignor:
    """Co-partitioned contiguous ranges (`group.consumer.assignors` = range)."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return "range"

    def assign(self, group: GroupSpec, topics: Mapping[TopicId, TopicMetadata]) -> GroupAssignment:
        if not group.members:
            return {}
        ordered = sorted(group.members.items(), key=_java_order)
        result: GroupAssignment = {member_id: {} for member_id in group.members}
        subscribers: dict[TopicId, list[str]] = {}
        if group.subscription_type is SubscriptionType.HOMOGENEOUS:
            everyone = [member_id for member_id, _ in ordered]
            for topic_id in ordered[0][1].subscribed_topic_ids:
                subscribers[topic_id] = everyone
        else:
            for member_id, member in ordered:
                for topic_id in member.subscribed_topic_ids:
                    subscribers.setdefault(topic_id, []).append(member_id)
        for topic_id, members in subscribers.items():
            meta = topics.get(topic_id)
            if meta is None:
                raise PartitionAssignorError("Member is subscribed to a non-existent topic")
            n = meta.num_partitions
            quota, extra = divmod(n, len(members))
            # Only the first `n` subscribers can get anything: stop there (1,000 members x
            # 1,000 topics of 50 partitions is 50,000 blocks, not a million empty ones).
            start = 0
            for k in range(min(n, len(members))):
                end = start + quota + (1 if k < extra else 0)
                result[members[k]][topic_id] = frozenset(range(start, end))
                start = end
        return result
