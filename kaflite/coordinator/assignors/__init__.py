"""KIP-848 server-side assignors, by the name a member or `group.consumer.assignors` picks.

Pure functions of (GroupSpec, topic metadata): no records, epochs or time, and only stdlib imports,
so the coordinator can call them inline and tests can drive them without a broker.
"""

from __future__ import annotations

from kaflite.coordinator.assignors.api import (
    GroupAssignment,
    GroupSpec,
    MemberAssignment,
    MemberSubscriptionAndAssignment,
    PartitionAssignor,
    PartitionAssignorError,
    SubscriptionType,
    TopicId,
    TopicMetadata,
)
from kaflite.coordinator.assignors.range import RangeAssignor
from kaflite.coordinator.assignors.uniform import UniformAssignor

# Name -> assignor; Kafka's default `group.consumer.assignors` order is uniform, range.
ASSIGNORS: dict[str, PartitionAssignor] = {"uniform": UniformAssignor(), "range": RangeAssignor()}


__all__ = [
    "ASSIGNORS",
    "GroupAssignment",
    "GroupSpec",
    "MemberAssignment",
    "MemberSubscriptionAndAssignment",
    "PartitionAssignor",
    "PartitionAssignorError",
    "RangeAssignor",
    "SubscriptionType",
    "TopicId",
    "TopicMetadata",
    "UniformAssignor",
]
