"""Read-only views of a group for admin tools and tests (B-STATE-2): plain frozen values."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


@dataclass(frozen=True, slots=True)
class MemberSnapshot:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    session_timeout_ms: int
    rebalance_timeout_ms: int
    subscription: bytes
    assignment: bytes


@dataclass(frozen=True, slots=True)
class OffsetSnapshot:
    offset: int
    leader_epoch: int
    metadata: str
    commit_timestamp_ms: int
    expire_timestamp_ms: int | None


@dataclass(frozen=True, slots=True)
class GroupSnapshot:
    group_id: str
    state: Enum  # the group type's state (GroupState for classic groups); str() is Kafka's name
    generation: int
    leader_id: str | None
    protocol_type: str | None
    protocol_name: str | None
    current_state_timestamp_ms: int | None
    members: tuple[MemberSnapshot, ...] = ()
    offsets: dict[tuple[str, int], OffsetSnapshot] = field(default_factory=dict)
