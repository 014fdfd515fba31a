"""The group coordinator: a pure state machine (no I/O) plus one async runtime module (runtime.py).

The public surface; the modules behind it: `shard` (partitions, loading, registries, the APIs across
group types), `offsets` (one offset store), `group` (the Group protocol), `classic/` (classic groups),
`apis` (the table of group APIs), `runtime` (the asyncio side).

Names load on first use (PEP 562 ``__getattr__``): the broker imports light modules of this package
(the metadata image, the API table's static facts) at start, and a fresh broker must not pay for the
group machinery (`shard` and all it imports) until the first group request needs it (issue 14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaflite.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from kaflite.coordinator.classic.state import GroupState, IllegalStateTransition
    from kaflite.coordinator.config import GroupCoordinatorConfig
    from kaflite.coordinator.context import PartitionStatus
    from kaflite.coordinator.group import GroupType, Transition
    from kaflite.coordinator.partitioner import java_string_hash_code, kafka_abs, partition_for
    from kaflite.coordinator.result import CoordinatorResult, RequestContext, TimerOp
    from kaflite.coordinator.shard import GroupCoordinator
    from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot, OffsetSnapshot

# Public name -> the module (under this package) that defines it.
_MODULES: dict[str, str] = {
    "CoordinatorResult": "result",
    "GroupCoordinator": "shard",
    "GroupCoordinatorConfig": "config",
    "GroupSnapshot": "snapshot",
    "GroupState": "classic.state",
    "GroupType": "group",
    "IllegalStateTransition": "classic.state",
    "MemberSnapshot": "snapshot",
    "OffsetSnapshot": "snapshot",
    "PartitionStatus": "context",
    "RequestContext": "result",
    "TimerOp": "result",
    "Transition": "group",
    "java_string_hash_code": "partitioner",
    "kafka_abs": "partitioner",
    "partition_for": "partitioner",
}


__getattr__, __dir__ = lazy_exports(__name__, _MODULES, globals())


__all__ = [
    "CoordinatorResult",
    "GroupCoordinator",
    "GroupCoordinatorConfig",
    "GroupSnapshot",
    "GroupState",
    "GroupType",
    "IllegalStateTransition",
    "MemberSnapshot",
    "OffsetSnapshot",
    "PartitionStatus",
    "RequestContext",
    "TimerOp",
    "Transition",
    "java_string_hash_code",
    "kafka_abs",
    "partition_for",
]
