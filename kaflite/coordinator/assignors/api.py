"""What a server-side assignor sees and returns (Kafka's `ConsumerGroupPartitionAssignor`, KIP-848).

An assignor is a pure function: the group's members (their subscriptions and current *target*
assignments) and the metadata of the topics they subscribe to in, the new target assignment out.
Topics are named by id (the 16 raw bytes of Kafka's Uuid), as the records and the heartbeat
response name them. Nothing here knows records, epochs or time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

TopicId = bytes
"""A topic's Uuid as its 16 raw bytes."""

MemberAssignment = Mapping[TopicId, frozenset[int]]
"""Topic id -> partitions; a topic with no partitions is left out."""


class SubscriptionType(Enum):
    """CG-AS-1: every member subscribes to the same topics (HOMOGENEOUS) or not."""

    HOMOGENEOUS = "homogeneous"
    HETEROGENEOUS = "heterogeneous"


@dataclass(frozen=True, slots=True)
class MemberSubscriptionAndAssignment:
    """One member as the assignor sees it (Kafka's `MemberSubscriptionAndAssignmentImpl`)."""

    subscribed_topic_ids: frozenset[TopicId]
    # The member's current target assignment (stickiness is measured against it).
    assignment: MemberAssignment = field(default_factory=dict)
    instance_id: str | None = None
    rack_id: str | None = None


@dataclass(frozen=True, slots=True)
class TopicMetadata:
    topic_id: TopicId
    name: str
    num_partitions: int


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """The members, in the order the assignor walks them (kaflite: by member id, CG-AS-5).

    Every subscribed topic id is a key of the `topics` mapping passed along with the spec.
    """

    members: Mapping[str, MemberSubscriptionAndAssignment]
    subscription_type: SubscriptionType


GroupAssignment = dict[str, dict[TopicId, frozenset[int]]]
"""Member id -> its new target: every member of the spec has an entry (possibly empty)."""


class PartitionAssignorError(Exception):
    """The assignor could not compute an assignment (Kafka's `PartitionAssignorException`)."""


class PartitionAssignor(Protocol):
    """A server-side assignor, chosen by name (`ServerAssignor`, `group.consumer.assignors`)."""

    @property
    def name(self) -> str: ...

    def assign(self, group: GroupSpec, topics: Mapping[TopicId, TopicMetadata]) -> GroupAssignment: ...
