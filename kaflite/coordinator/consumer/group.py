"""A KIP-848 consumer group and its members (Kafka's `ConsumerGroup`, `ConsumerGroupMember`).

The group is only ever changed by replaying its records (`consumer/manager.py` appends them
through the shard context, which replays each at once), so a load rebuilds exactly what live
operation built. What is derived -- the state, the partition epochs, the subscribed topic names,
the static-member index -- is kept up to date by those same replays.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import TYPE_CHECKING

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.consumer import records as rec
from kaflite.coordinator.group import GroupType, OffsetAndMetadata, OffsetExpirationCondition, Transition
from kaflite.coordinator.metadata import assignment_by_name
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot, OffsetSnapshot
from kaflite.protocol.errors import ErrorCode

if TYPE_CHECKING:
    from kaflite.coordinator.metadata import MetadataImage

Assignment = Mapping[TopicId, frozenset[int]]
EMPTY_ASSIGNMENT: Assignment = {}

LEAVE_GROUP_MEMBER_EPOCH = -1
LEAVE_GROUP_STATIC_MEMBER_EPOCH = -2


class MemberState(IntEnum):
    """Where a member is in reconciling towards its target (CAB; the int8 of record 8)."""

    STABLE = 0
    UNREVOKED_PARTITIONS = 1
    UNRELEASED_PARTITIONS = 2
    UNKNOWN = 127

    @classmethod
    def of(cls, value: int) -> MemberState:
        try:
            return cls(value)
        except ValueError:
            return cls.UNKNOWN


class ConsumerGroupState(Enum):
    """CG-STATE-1: derived from the members and epochs, never stored."""

    EMPTY = "Empty"
    ASSIGNING = "Assigning"
    RECONCILING = "Reconciling"
    STABLE = "Stable"
    DEAD = "Dead"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class ClassicMemberMetadata:
    """What a classic member (JoinGroup inside a consumer group) adds: record 5's tagged field 0."""

    session_timeout_ms: int
    supported_protocols: tuple[tuple[str, bytes], ...]  # (name, ConsumerProtocolSubscription), in request order

    @property
    def protocol_name(self) -> str:
        """The protocol its JoinGroup answer names: the first one it offered (Kafka's choice)."""
        return self.supported_protocols[0][0]


@dataclass(frozen=True, slots=True, eq=True)
class ConsumerGroupMember:
    """One member: what record 5 (subscription) and record 8 (current assignment) say of it."""

    member_id: str
    member_epoch: int = 0
    previous_member_epoch: int = -1
    state: MemberState = MemberState.STABLE
    instance_id: str | None = None
    rack_id: str | None = None
    client_id: str = ""
    client_host: str = ""
    subscribed_topic_names: tuple[str, ...] = ()  # sorted
    subscribed_topic_regex: str = ""  # "" = none (CG-RX-1)
    rebalance_timeout_ms: int = -1
    server_assignor: str | None = None
    assigned: Assignment = field(default_factory=dict)
    pending_revocation: Assignment = field(default_factory=dict)
    classic: ClassicMemberMetadata | None = None  # set: the member speaks JoinGroup/SyncGroup (CG-MIX-*)

    __hash__ = None  # type: ignore[assignment]

    def replace(self, **changes: object) -> ConsumerGroupMember:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def use_classic_protocol(self) -> bool:
        return self.classic is not None

    def is_reconciled_to(self, assignment_epoch: int) -> bool:
        return self.state is MemberState.STABLE and self.member_epoch == assignment_epoch

    def subscription_equals(self, other: ConsumerGroupMember) -> bool:
        return (self.subscribed_topic_names == other.subscribed_topic_names
                and self.subscribed_topic_regex == other.subscribed_topic_regex)

    def metadata_equals(self, other: ConsumerGroupMember) -> bool:
        """What record 5 carries is the same (no need to write it again)."""
        return (self.instance_id == other.instance_id and self.rack_id == other.rack_id
                and self.client_id == other.client_id and self.client_host == other.client_host
                and self.subscription_equals(other) and self.rebalance_timeout_ms == other.rebalance_timeout_ms
                and self.server_assignor == other.server_assignor and self.classic == other.classic)

    def assignment_equals(self, other: ConsumerGroupMember) -> bool:
        """What record 8 carries is the same."""
        return (self.member_epoch == other.member_epoch and self.previous_member_epoch == other.previous_member_epoch
                and self.state is other.state and _same(self.assigned, other.assigned)
                and _same(self.pending_revocation, other.pending_revocation))


def _same(a: Assignment, b: Assignment) -> bool:
    return {t: p for t, p in a.items() if p} == {t: p for t, p in b.items() if p}


@dataclass(slots=True)
class ResolvedRegex:
    """Record 16: the topics a regular expression matched, at which metadata version and when."""

    topics: frozenset[str]
    version: int
    timestamp_ms: int


class ConsumerGroup:
    """A consumer group (implements `kaflite.coordinator.group.Group`)."""

    def __init__(self, group_id: str) -> None:
        self.group_id = group_id
        self.group_epoch = 0
        self.metadata_hash = 0
        self.assignment_epoch = 0
        self.members: dict[str, ConsumerGroupMember] = {}
        self.target: dict[str, Assignment] = {}
        self.static_members: dict[str, str] = {}  # instance id -> member id
        self.resolved_regexes: dict[str, ResolvedRegex] = {}
        self.has_legacy_partition_metadata = False  # a Kafka 4.0 record 4 exists (CG-LOG-3)
        # Derived by replay.
        self.partition_epochs: dict[TopicId, dict[int, int]] = {}
        self.subscribed_names: Counter[str] = Counter()
        self.regex_subscribers: Counter[str] = Counter()
        # Not persisted: bookkeeping of the live coordinator.
        self.state = ConsumerGroupState.EMPTY
        self.state_timestamp_ms: int | None = None
        self.metadata_version_checked = -1  # the MetadataImage version the hash was last checked at
        self.regex_version_checked = -1  # ... and the regexes were last resolved at
        self.regex_resolved_ms: int | None = None  # when they were last resolved (None: not since the load)
        self.history: deque[Transition] = deque()  # the shard's history of this group id (add_group)

    # ------------------------------------------------------------------ the Group protocol
    @property
    def group_type(self) -> GroupType:
        return GroupType.CONSUMER

    @property
    def protocol_type(self) -> str | None:
        return "consumer"

    def state_name(self) -> str:
        return self.state.value

    def is_empty(self) -> bool:
        return not self.members

    def num_members(self) -> int:
        return len(self.members)

    def compute_state(self) -> ConsumerGroupState:
        """CG-STATE-1 (Kafka's ConsumerGroup.maybeUpdateGroupState)."""
        if not self.members:
            return ConsumerGroupState.EMPTY
        if self.group_epoch > self.assignment_epoch:
            return ConsumerGroupState.ASSIGNING
        for m in self.members.values():
            if not m.is_reconciled_to(self.assignment_epoch):
                return ConsumerGroupState.RECONCILING
        return ConsumerGroupState.STABLE

    def validate_offset_commit(
        self, member_id: str, group_instance_id: str | None, generation_id_or_member_epoch: int, api_version: int,
        *, transactional: bool = False,
    ) -> ErrorCode | None:
        """CG-OFF-1, TX-OFF-1 (Kafka's ConsumerGroup.validateOffsetCommit). A transactional commit
        with no member fields at all (TxnOffsetCommit v0-2, or a producer without group metadata) is
        accepted; one with them is checked, at any API version."""
        epoch = generation_id_or_member_epoch
        if epoch < 0 and not self.members:
            return None  # the admin client, or a consumer without group management
        if transactional and epoch == -1 and member_id == "" and group_instance_id is None:
            return None
        member = self.members.get(member_id)
        if member is None:
            return ErrorCode.UNKNOWN_MEMBER_ID
        if member.classic is not None:  # a classic member's generation is its member epoch
            return None if epoch == member.member_epoch else ErrorCode.ILLEGAL_GENERATION
        if not transactional and api_version < 9:
            return ErrorCode.UNSUPPORTED_VERSION
        if epoch != member.member_epoch:
            return ErrorCode.STALE_MEMBER_EPOCH
        return None

    def validate_offset_fetch(self, member_id: str | None, member_epoch: int) -> ErrorCode | None:
        """CG-OFF-2: without a member id and epoch (admin, librdkafka) any fetch is served."""
        if member_epoch < 0 and member_id is None:
            return None
        member = self.members.get(member_id or "")
        if member is None:
            return ErrorCode.UNKNOWN_MEMBER_ID
        if member_epoch != member.member_epoch:
            return ErrorCode.ILLEGAL_GENERATION if member.classic is not None else ErrorCode.STALE_MEMBER_EPOCH
        return None

    def validate_offset_delete(self) -> ErrorCode | None:
        return None  # subscribed topics answer GROUP_SUBSCRIBED_TO_TOPIC per partition (CG-OFF-3)

    def validate_delete_group(self) -> ErrorCode | None:
        return None if not self.members else ErrorCode.NON_EMPTY_GROUP

    def is_subscribed_to_topic(self, topic: str) -> bool:
        if self.subscribed_names.get(topic):
            return True
        return any(topic in r.topics for r in self.resolved_regexes.values())

    def offset_expiration_condition(self) -> OffsetExpirationCondition | None:
        """CG-OFF-4: an unsubscribed topic's offsets expire from their commit, in any state."""
        return _since_commit

    def group_tombstone_keys(self) -> list[bytes]:
        """CG-LOG-2's DeleteGroups order after the offsets (the group is Empty: no member records)."""
        gid = self.group_id
        keys = [rec.target_assignment_metadata_key(gid)]
        keys += [rec.regular_expression_key(gid, r) for r in sorted(self.resolved_regexes)]
        if self.has_legacy_partition_metadata:
            keys.append(rec.partition_metadata_key(gid))
        keys.append(rec.group_metadata_key(gid))
        return keys

    def downgrade_tombstone_keys(self) -> list[bytes]:
        """CG-MIG-2: every record of the group, in Kafka 4.1's order (ConsumerGroup.createGroupTombstoneRecords)."""
        gid = self.group_id
        keys = [rec.current_assignment_key(gid, m) for m in self.members]
        keys += [rec.target_assignment_member_key(gid, m) for m in self.members]
        keys.append(rec.target_assignment_metadata_key(gid))
        keys += [rec.member_metadata_key(gid, m) for m in self.members]
        keys += [rec.regular_expression_key(gid, r) for r in sorted(self.resolved_regexes)]
        keys.append(rec.partition_metadata_key(gid))
        keys.append(rec.group_metadata_key(gid))
        return keys

    def transition_to_dead(self, now_ms: int, reason: str) -> Transition:
        t = Transition(now_ms, self.group_id, self.state, ConsumerGroupState.DEAD, self.group_epoch, 0, reason)
        self.history.append(t)
        self.state = ConsumerGroupState.DEAD
        self.state_timestamp_ms = now_ms
        return t

    def snapshot(self, offsets: Mapping[tuple[str, int], OffsetAndMetadata],
                 metadata: MetadataImage | None = None) -> GroupSnapshot:
        def names(a: Assignment) -> dict[str, tuple[int, ...]]:
            return assignment_by_name(a, metadata)

        members = tuple(
            MemberSnapshot(
                member_id=m.member_id, group_instance_id=m.instance_id, client_id=m.client_id,
                client_host=m.client_host, rebalance_timeout_ms=m.rebalance_timeout_ms,
                session_timeout_ms=m.classic.session_timeout_ms if m.classic is not None else -1,
                subscription=b"", assignment=b"", member_epoch=m.member_epoch, member_state=m.state.name,
                subscribed_topic_names=m.subscribed_topic_names, subscribed_topic_regex=m.subscribed_topic_regex,
                assigned_partitions=names(m.assigned), pending_revocation=names(m.pending_revocation),
                target_assignment=names(self.target.get(m.member_id, EMPTY_ASSIGNMENT)),
            )
            for m in sorted(self.members.values(), key=lambda m: m.member_id)
        )
        return GroupSnapshot(
            group_id=self.group_id, state=self.state, generation=self.group_epoch, leader_id=None,
            protocol_type="consumer", protocol_name=None, current_state_timestamp_ms=self.state_timestamp_ms,
            members=members,
            offsets={tp: OffsetSnapshot(o.offset, o.leader_epoch, o.metadata, o.commit_timestamp_ms,
                                        o.expire_timestamp_ms) for tp, o in offsets.items()},
            group_type="consumer", assignment_epoch=self.assignment_epoch,
        )

    # ------------------------------------------------------------------ lookups
    def static_member(self, instance_id: str | None) -> ConsumerGroupMember | None:
        if instance_id is None:
            return None
        member_id = self.static_members.get(instance_id)
        return None if member_id is None else self.members.get(member_id)

    def current_partition_epoch(self, topic_id: TopicId, partition: int) -> int:
        """The epoch of the member holding the partition (assigned or pending revocation), else -1."""
        return self.partition_epochs.get(topic_id, {}).get(partition, -1)

    def target_of(self, member_id: str, instance_id: str | None) -> Assignment:
        """A member's target; a static member's replacement inherits its predecessor's (CG-EP-3)."""
        target = self.target.get(member_id)
        if target is None and instance_id is not None:
            previous = self.static_members.get(instance_id)
            if previous is not None:
                target = self.target.get(previous)
        return target if target is not None else EMPTY_ASSIGNMENT

    def subscribed_topic_names(self, image: MetadataImage | None = None) -> set[str]:
        """Every topic some member subscribes to, by name or through a resolved regex."""
        names = {n for n, c in self.subscribed_names.items() if c > 0}
        for regex, resolved in self.resolved_regexes.items():
            if self.regex_subscribers.get(regex):
                names |= resolved.topics
        return names

    # ------------------------------------------------------------------ replay (the only writers)
    def replay_member_metadata(self, member: ConsumerGroupMember) -> None:
        """Record 5: upsert the member's subscription (its assignment part is kept)."""
        old = self.members.get(member.member_id)
        if old is not None:
            member = member.replace(member_epoch=old.member_epoch, previous_member_epoch=old.previous_member_epoch,
                                    state=old.state, assigned=old.assigned,
                                    pending_revocation=old.pending_revocation)
            self._unindex_subscription(old)
        self._index_subscription(member)
        self.members[member.member_id] = member

    def replay_member_tombstone(self, member_id: str) -> None:
        """Record 5 tombstone: the member is gone (its record-8 tombstone released its partitions)."""
        old = self.members.pop(member_id, None)
        if old is None:
            return
        self._unindex_subscription(old)
        self._remove_partition_epochs(old)

    def replay_current_assignment(self, member_id: str, epoch: int, previous: int, state: MemberState,
                                  assigned: Assignment, pending: Assignment) -> None:
        """Record 8 (a tombstone is epoch -1 and nothing held): the member's current assignment."""
        old = self.members.get(member_id)
        if old is None:
            old = ConsumerGroupMember(member_id)
            self.members[member_id] = old
        new = old.replace(member_epoch=epoch, previous_member_epoch=previous, state=state,
                          assigned=assigned, pending_revocation=pending)
        self._remove_partition_epochs(old)
        self._add_partition_epochs(new)
        self.members[member_id] = new

    def replay_target(self, member_id: str, assignment: Assignment | None) -> None:
        if assignment is None:
            self.target.pop(member_id, None)
        else:
            self.target[member_id] = assignment

    # ------------------------------------------------------------------ derived indexes
    def _index_subscription(self, m: ConsumerGroupMember) -> None:
        self.subscribed_names.update(m.subscribed_topic_names)
        if m.subscribed_topic_regex:
            self.regex_subscribers[m.subscribed_topic_regex] += 1
        if m.instance_id is not None:
            self.static_members[m.instance_id] = m.member_id

    def _unindex_subscription(self, m: ConsumerGroupMember) -> None:
        self.subscribed_names.subtract(m.subscribed_topic_names)
        for n in m.subscribed_topic_names:
            if self.subscribed_names[n] <= 0:
                del self.subscribed_names[n]
        if m.subscribed_topic_regex:
            self.regex_subscribers[m.subscribed_topic_regex] -= 1
            if self.regex_subscribers[m.subscribed_topic_regex] <= 0:
                del self.regex_subscribers[m.subscribed_topic_regex]
        if m.instance_id is not None and self.static_members.get(m.instance_id) == m.member_id:
            del self.static_members[m.instance_id]

    def _add_partition_epochs(self, m: ConsumerGroupMember) -> None:
        for a in (m.assigned, m.pending_revocation):
            for tid, ps in a.items():
                epochs = self.partition_epochs.setdefault(tid, {})
                for p in ps:
                    if p in epochs:
                        raise RuntimeError(f"Cannot set the epoch of {tid.hex()}-{p} to {m.member_epoch} because "
                                           f"the partition is still owned at epoch {epochs[p]} (group "
                                           f"{self.group_id}, member {m.member_id})")
                    epochs[p] = m.member_epoch

    def _remove_partition_epochs(self, m: ConsumerGroupMember) -> None:
        for a in (m.assigned, m.pending_revocation):
            for tid, ps in a.items():
                epochs = self.partition_epochs.get(tid)
                if epochs is None:
                    continue
                for p in ps:
                    if epochs.get(p) == m.member_epoch:
                        del epochs[p]
                if not epochs:
                    del self.partition_epochs[tid]


def _since_commit(o: OffsetAndMetadata) -> int:
    return o.commit_timestamp_ms
