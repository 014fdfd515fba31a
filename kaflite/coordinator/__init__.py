"""The group coordinator: a pure state machine (no I/O) plus one async runtime module (runtime.py).

The public surface; the modules behind it: `shard` (partitions, loading, registries, the APIs across
group types), `offsets` (one offset store), `group` (the Group protocol), `classic/` (classic groups),
`apis` (the table of group APIs), `runtime` (the asyncio side).
"""

from __future__ import annotations

from kaflite.coordinator.classic.state import GroupState, IllegalStateTransition
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.context import PartitionStatus
from kaflite.coordinator.group import GroupType, Transition
from kaflite.coordinator.partitioner import java_string_hash_code, kafka_abs, partition_for
from kaflite.coordinator.result import CoordinatorResult, RequestContext, TimerOp
from kaflite.coordinator.shard import GroupCoordinator
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot, OffsetSnapshot

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
