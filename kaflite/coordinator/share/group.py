"""A KIP-932 share group and its members (Kafka's `ShareGroup`, `ShareGroupMember`).

Changed only by replaying its records (share/replay.py), live and at load. Unlike a consumer group a partition
may be assigned to several members at once and nothing is revoked: a member's assignment is its target,
restricted to the topics it subscribes to (SG-EP-4). The state is derived: Empty or Stable (SG-STATE-1).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.group import GroupType, OffsetAndMetadata, OffsetExpirationCondition, Transition
from kaflite.coordinator.metadata import assignment_by_name
from kaflite.coordinator.share import records as rec
from kaflite.coordinator.share.records import TopicPartitions
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot
from kaflite.protocol.errors import ErrorCode

if TYPE_CHECKING:
    from kaflite.coordinator.metadata import MetadataImage

Assignment = Mapping[TopicId, frozenset[int]]
EMPTY_ASSIGNMENT: Assignment = {}
LEAVE_GROUP_MEMBER_EPOCH = -1
ASSIGNOR_NAME = "simple"


class ShareGroupState(Enum):
    """SG-STATE-1: derived from the members, never stored."""

    EMPTY = "Empty"
    STABLE = "Stable"
    DEAD = "Dead"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, eq=True)
class ShareGroupMember:
    """One member: what record 10 (subscription) and record 14 (current assignment) say of it."""

    member_id: str
    member_epoch: int = 0
    previous_member_epoch: int = 0
    rack_id: str | None = None
    client_id: str = ""
    client_host: str = ""
    subscribed_topic_names: tuple[str, ...] = ()  # sorted
    assigned: Assignment = field(default_factory=dict)

    __hash__ = None  # type: ignore[assignment]

    def replace(self, **changes: object) -> ShareGroupMember:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def metadata_equals(self, other: ShareGroupMember) -> bool:
        """What record 10 carries is the same."""
        return (self.rack_id == other.rack_id and self.client_id == other.client_id
                and self.client_host == other.client_host
                and self.subscribed_topic_names == other.subscribed_topic_names)

    def assignment_equals(self, other: ShareGroupMember) -> bool:
        """What record 14 carries is the same."""
        return (self.member_epoch == other.member_epoch and self.previous_member_epoch == other.previous_member_epoch
                and same_assignment(self.assigned, other.assigned))


def same_assignment(a: Assignment, b: Assignment) -> bool:
    return {t: p for t, p in a.items() if p} == {t: p for t, p in b.items() if p}


class ShareGroup:
    """A share group (implements `kaflite.coordinator.group.Group`)."""

    def __init__(self, group_id: str) -> None:
        self.group_id = group_id
        self.group_epoch = 0
        self.metadata_hash = 0
        self.assignment_epoch = 0
        self.members: dict[str, ShareGroupMember] = {}
        self.target: dict[str, Assignment] = {}
        # Record 15 (SG-INIT-1); `initializing_since` is when each initializing partition was started
        # (live: the heartbeat that started it; at load: the load's time), for SG-INIT-2's retry interval.
        self.has_state_metadata = False
        self.initializing: dict[TopicId, TopicPartitions] = {}
        self.initialized: dict[TopicId, TopicPartitions] = {}
        self.deleting: dict[TopicId, str] = {}
        self.initializing_since: dict[tuple[TopicId, int], int] = {}
        # Not persisted: bookkeeping of the live coordinator.
        self.state = ShareGroupState.EMPTY
        self.state_timestamp_ms: int | None = None
        self.metadata_version_checked = -1  # the MetadataImage version the hash was last checked at
        self.history: deque[Transition] = deque()

    # ------------------------------------------------------------------ the Group protocol
    @property
    def group_type(self) -> GroupType:
        return GroupType.SHARE

    @property
    def protocol_type(self) -> str | None:
        return "share"

    def state_name(self) -> str:
        return self.state.value

    def is_empty(self) -> bool:
        return not self.members

    def num_members(self) -> int:
        return len(self.members)

    def compute_state(self) -> ShareGroupState:
        return ShareGroupState.STABLE if self.members else ShareGroupState.EMPTY

    # A share group has no committed offsets: the offset APIs answer "not a consumer group" (SG-API-4).
    def validate_offset_commit(
        self, member_id: str, group_instance_id: str | None, generation_id_or_member_epoch: int, api_version: int,
        *, transactional: bool = False,
    ) -> ErrorCode | None:
        return ErrorCode.GROUP_ID_NOT_FOUND

    def validate_offset_fetch(self, member_id: str | None, member_epoch: int) -> ErrorCode | None:
        return ErrorCode.GROUP_ID_NOT_FOUND

    def validate_offset_delete(self) -> ErrorCode | None:
        return ErrorCode.GROUP_ID_NOT_FOUND

    def validate_delete_group(self) -> ErrorCode | None:
        return None if not self.members else ErrorCode.NON_EMPTY_GROUP

    def is_subscribed_to_topic(self, topic: str) -> bool:
        return any(topic in m.subscribed_topic_names for m in self.members.values())

    def offset_expiration_condition(self) -> OffsetExpirationCondition | None:
        return None

    def group_tombstone_keys(self) -> list[bytes]:
        """SA-DEL-1 (ShareGroup.createGroupTombstoneRecords): (14)T..., (13)T..., (12)T, (10)T..., (15)T, (11)T."""
        gid = self.group_id
        keys = [rec.current_assignment_key(gid, m) for m in sorted(self.members)]
        keys += [rec.target_assignment_member_key(gid, m) for m in sorted(self.target)]
        keys.append(rec.target_assignment_metadata_key(gid))
        keys += [rec.member_metadata_key(gid, m) for m in sorted(self.members)]
        keys.append(rec.state_partition_metadata_key(gid))
        keys.append(rec.group_metadata_key(gid))
        return keys

    def transition_to_dead(self, now_ms: int, reason: str) -> Transition:
        t = Transition(now_ms, self.group_id, self.state, ShareGroupState.DEAD, self.group_epoch, 0, reason)
        self.history.append(t)
        self.state = ShareGroupState.DEAD
        self.state_timestamp_ms = now_ms
        return t

    def snapshot(self, offsets: Mapping[tuple[str, int], OffsetAndMetadata],
                 metadata: MetadataImage | None = None) -> GroupSnapshot:
        def names(a: Assignment) -> dict[str, tuple[int, ...]]:
            return assignment_by_name(a, metadata)

        members = tuple(
            MemberSnapshot(
                member_id=m.member_id, group_instance_id=None, client_id=m.client_id, client_host=m.client_host,
                session_timeout_ms=-1, rebalance_timeout_ms=-1, subscription=b"", assignment=b"",
                member_epoch=m.member_epoch, member_state="STABLE", subscribed_topic_names=m.subscribed_topic_names,
                assigned_partitions=names(m.assigned),
                target_assignment=names(self.target.get(m.member_id, EMPTY_ASSIGNMENT)),
            )
            for m in sorted(self.members.values(), key=lambda m: m.member_id)
        )
        return GroupSnapshot(
            group_id=self.group_id, state=self.state, generation=self.group_epoch, leader_id=None,
            protocol_type="share", protocol_name=None, current_state_timestamp_ms=self.state_timestamp_ms,
            members=members, group_type="share", assignment_epoch=self.assignment_epoch,
        )

    # ------------------------------------------------------------------ views the heartbeat uses
    def state_metadata(self) -> rec.StatePartitionMetadata:
        return rec.StatePartitionMetadata(dict(self.initializing), dict(self.initialized), dict(self.deleting))

    def initialized_partitions(self, topic_id: TopicId) -> frozenset[int]:
        tp = self.initialized.get(topic_id)
        return tp.partitions if tp is not None else frozenset()

    def targeted_partitions(self, topic_id: TopicId) -> frozenset[int]:
        """The union of every member's target for the topic (SG-INIT-3)."""
        out: set[int] = set()
        for a in self.target.values():
            out |= a.get(topic_id, frozenset())
        return frozenset(out)
