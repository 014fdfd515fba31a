"""The target assignment of a consumer group (Kafka's `TargetAssignmentBuilder`, CG-EP-3, CG-AS-1).

Pure: the members as they will be after the operation, the topics they subscribe to and the
assignor in; every member's new target out. Also the group-level facts the heartbeat needs: the
subscription type, the preferred server assignor and the subscribed topics' metadata hash.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from kaflite.coordinator.assignors.api import (
    GroupAssignment,
    GroupSpec,
    MemberSubscriptionAndAssignment,
    PartitionAssignor,
    SubscriptionType,
    TopicId,
    TopicMetadata,
)
from kaflite.coordinator.consumer.group import Assignment, ConsumerGroupMember, ResolvedRegex
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.metadata import metadata_hash as metadata_hash


def member_topics(member: ConsumerGroupMember, regexes: Mapping[str, ResolvedRegex]) -> set[str]:
    """The topic names a member subscribes to: its names and what its regex resolved to."""
    names = set(member.subscribed_topic_names)
    if member.subscribed_topic_regex:
        resolved = regexes.get(member.subscribed_topic_regex)
        if resolved is not None:
            names |= resolved.topics
    return names


def subscription_type(members: Iterable[ConsumerGroupMember]) -> SubscriptionType:
    """CG-AS-1 (Kafka's ModernGroup.subscriptionType)."""
    members = list(members)
    names: Counter[str] = Counter()
    regexes: Counter[str] = Counter()
    for m in members:
        names.update(m.subscribed_topic_names)
        if m.subscribed_topic_regex:
            regexes[m.subscribed_topic_regex] += 1
    n = len(members)
    if not regexes:
        homogeneous = all(c == n for c in names.values())
    else:
        homogeneous = len(regexes) == 1 and next(iter(regexes.values())) == n and not names
    return SubscriptionType.HOMOGENEOUS if homogeneous else SubscriptionType.HETEROGENEOUS


def preferred_assignor(members: Iterable[ConsumerGroupMember], configured: tuple[str, ...]) -> str:
    """The ServerAssignor most members name; a tie goes to the configured order; else the default."""
    counts = Counter(m.server_assignor for m in members if m.server_assignor)
    if not counts:
        return configured[0]
    order = {name: i for i, name in enumerate(configured)}
    return max(counts, key=lambda a: (counts[a], -order.get(a, len(order))))


def compute_target(
    members: Mapping[str, ConsumerGroupMember],
    current_targets: Mapping[str, Assignment],
    regexes: Mapping[str, ResolvedRegex],
    image: MetadataImage,
    assignor: PartitionAssignor,
) -> GroupAssignment:
    """Every member's new target (CG-EP-3): members in member-id order (CG-AS-5), subscriptions
    resolved to existing topics' ids, stickiness against each member's current target."""
    topics: dict[TopicId, TopicMetadata] = {}
    spec_members: dict[str, MemberSubscriptionAndAssignment] = {}
    for member_id in sorted(members):
        m = members[member_id]
        ids = set()
        for name in member_topics(m, regexes):
            t = image.topic(name)
            if t is not None:
                ids.add(t.topic_id)
                topics[t.topic_id] = t
        current = current_targets.get(member_id, {})
        spec_members[member_id] = MemberSubscriptionAndAssignment(
            subscribed_topic_ids=frozenset(ids),
            assignment={tid: ps for tid, ps in current.items() if tid in topics or image.topic_by_id(tid)},
            instance_id=m.instance_id,
            rack_id=m.rack_id,
        )
    spec = GroupSpec(members=spec_members, subscription_type=subscription_type(members.values()))
    return assignor.assign(spec, topics)
