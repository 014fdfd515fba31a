"""What every group type is to the coordinator: Kafka's `Group` interface.

The shard, the offset store and the admin APIs (Describe/List/DeleteGroups) see groups only through
this protocol, so a second group type (KIP-848 consumer groups) is a new implementation, not
branches through the classic code. Offsets are not a property of a group type: the offset store
keeps them, and asks the group whether a commit, a fetch or a delete is valid (Kafka's
`OffsetMetadataManager` calling `Group.validateOffsetCommit`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Protocol

from kaflite.protocol.errors import ErrorCode

if TYPE_CHECKING:
    from kaflite.coordinator.snapshot import GroupSnapshot


class GroupType(Enum):
    """Kafka's group types, by the names ListGroups v5 (`types_filter`, `group_type`) uses."""

    CLASSIC = "classic"
    CONSUMER = "consumer"
    SHARE = "share"

    def __str__(self) -> str:
        return self.value


class OffsetAndMetadata(NamedTuple):
    """One committed offset. A NamedTuple, not a frozen dataclass: as immutable, but a load builds
    one per replayed commit and a frozen dataclass pays `object.__setattr__` per field."""

    offset: int
    leader_epoch: int
    metadata: str
    commit_timestamp_ms: int
    expire_timestamp_ms: int | None = None


OffsetExpirationCondition = Callable[[OffsetAndMetadata], int]
"""The timestamp an offset's retention counts from (Kafka's `OffsetExpirationCondition.baseTimestamp`)."""


@dataclass(frozen=True, slots=True)
class Transition:
    """One entry of a group's history (B-STATE-2). from_state None = the group was created/loaded.

    States are the group type's own enum (`GroupState` for classic groups); `str()` gives Kafka's name.
    """

    timestamp_ms: int
    group_id: str
    from_state: Enum | None
    to_state: Enum
    generation: int
    members: int
    reason: str


TransitionListener = Callable[[Transition], None]


class Group(Protocol):
    """A group of any type, as the shard and the offset store use it (Kafka's `Group` interface)."""

    group_id: str

    @property
    def group_type(self) -> GroupType: ...

    @property
    def protocol_type(self) -> str | None:
        """ListGroups' and DescribeGroups' protocol type ("consumer", "connect", ...; None: simple group)."""
        ...

    def state_name(self) -> str:
        """Kafka's name of the current state, as DescribeGroups/ListGroups show it."""
        ...

    def is_empty(self) -> bool: ...

    def num_members(self) -> int: ...

    def validate_offset_commit(
        self, member_id: str, group_instance_id: str | None, generation_id_or_member_epoch: int, api_version: int,
        *, transactional: bool = False,
    ) -> ErrorCode | None:
        """None when the member may commit (B-OFF-1, CG-OFF-1), else the error the commit is answered with.

        `transactional`: a TxnOffsetCommit (TX-OFF-1, Kafka's `isTransactional`): its v0-2 carry no member
        fields, so those are checked only when given, and the group's state is not enforced."""
        ...

    def validate_offset_fetch(self, member_id: str | None, member_epoch: int) -> ErrorCode | None:
        """None when the fetch may read the group's offsets (classic groups never refuse one)."""
        ...

    def validate_offset_delete(self) -> ErrorCode | None:
        """None when OffsetDelete may delete offsets of unsubscribed topics."""
        ...

    def validate_delete_group(self) -> ErrorCode | None:
        """None when DeleteGroups may delete the group."""
        ...

    def is_subscribed_to_topic(self, topic: str) -> bool:
        """A subscribed topic's offsets are neither expired nor deletable."""
        ...

    def offset_expiration_condition(self) -> OffsetExpirationCondition | None:
        """How retention is counted for this group's offsets now; None: none expire (KIP-211)."""
        ...

    def group_tombstone_keys(self) -> list[bytes]:
        """The record keys whose tombstones delete the group itself (its offsets are the store's)."""
        ...

    def transition_to_dead(self, now_ms: int, reason: str) -> Transition:
        """The group is being removed: its last transition, for its history and listeners."""
        ...

    def snapshot(self, offsets: Mapping[tuple[str, int], OffsetAndMetadata]) -> GroupSnapshot:
        """A read-only view for the test kit and the admin endpoint."""
        ...
