"""The group coordinator: a pure state machine (no I/O) plus one async runtime module (runtime.py)."""

from kaflite.coordinator.classic.group import Transition
from kaflite.coordinator.classic.state import GroupState, IllegalStateTransition
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.coordinator import GroupCoordinator, PartitionStatus, error_response
from kaflite.coordinator.partitioner import java_string_hash_code, kafka_abs, partition_for
from kaflite.coordinator.result import CoordinatorResult, RequestContext, TimerOp
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot, OffsetSnapshot

__all__ = [
    "CoordinatorResult",
    "GroupCoordinator",
    "GroupCoordinatorConfig",
    "GroupSnapshot",
    "GroupState",
    "IllegalStateTransition",
    "MemberSnapshot",
    "OffsetSnapshot",
    "PartitionStatus",
    "RequestContext",
    "TimerOp",
    "Transition",
    "error_response",
    "java_string_hash_code",
    "kafka_abs",
    "partition_for",
]
