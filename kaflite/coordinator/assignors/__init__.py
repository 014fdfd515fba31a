"""KIP-848 server-side assignors, by the name a member or `group.consumer.assignors` picks.

Pure functions of (GroupSpec, topic metadata): no records, epochs or time, and only stdlib imports,
so the coordinator can call them inline and tests can drive them without a broker.

The assignors load on first use (PEP 562 ``__getattr__``): the broker's metadata image needs only the
topic types of `api`, and a broker serves no consumer group before the first group request (issue 14).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from kaflite.coordinator.assignors.range import RangeAssignor
    from kaflite.coordinator.assignors.uniform import UniformAssignor

    ASSIGNORS: dict[str, PartitionAssignor]

_MODULES = {"RangeAssignor": "range", "UniformAssignor": "uniform"}


def __getattr__(name: str) -> Any:
    value: Any
    if name == "ASSIGNORS":
        # Name -> assignor; Kafka's default `group.consumer.assignors` order is uniform, range.
        value = {"uniform": __getattr__("UniformAssignor")(), "range": __getattr__("RangeAssignor")()}
    elif name in _MODULES:
        value = getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


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
