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
    # KIP-848 consumer-group members only (topic name -> partitions).
    member_epoch: int | None = None
    member_state: str | None = None  # STABLE, UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS, UNKNOWN
    subscribed_topic_names: tuple[str, ...] = ()
    subscribed_topic_regex: str = ""
    assigned_partitions: dict[str, tuple[int, ...]] = field(default_factory=dict)
    pending_revocation: dict[str, tuple[int, ...]] = field(default_factory=dict)
    target_assignment: dict[str, tuple[int, ...]] = field(default_factory=dict)


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
    group_type: str = "classic"
    assignment_epoch: int | None = None  # consumer groups: `generation` is the group epoch
