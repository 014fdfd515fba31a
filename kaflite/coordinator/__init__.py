"""The group coordinator: a pure shard (no I/O) and its service on the common runtime.

The public surface; the modules behind it: `service` (GroupCoordinatorService, one method per group
API, on `kaflite.coordinator_common`'s runtime), `apis` (the table of group APIs), `shard` (partitions,
loading, registries, the APIs across group types), `offsets` (one offset store), `group` (the Group
protocol), `classic/`, `consumer/` and `share/` (the group types).
"""

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
