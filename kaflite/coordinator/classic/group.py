"""A classic group and its members: the in-memory model the classic manager and replay share.

Mirrors Kafka's ClassicGroup/ClassicGroupMember, and implements the coordinator's `Group` protocol
(offset-commit validation by generation, subscriptions, emptiness, snapshot). Parked requests are
opaque tokens (sans-I/O): a member "awaiting join" holds the token of its parked JoinGroup,
"awaiting sync" its SyncGroup.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field

import structlog

from kaflite.coordinator.classic.state import GroupState, check_transition
from kaflite.coordinator.group import GroupType, OffsetAndMetadata, OffsetExpirationCondition, Transition
from kaflite.coordinator.records import group_metadata_key
from kaflite.coordinator.result import Token
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot, OffsetSnapshot
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ConsumerProtocolSubscription

log = structlog.get_logger("kaflite.coordinator")



@dataclass(slots=True)
class Protocol:
    """One entry of a member's JoinGroup protocol list (name + subscription metadata)."""

    name: str
    metadata: bytes


@dataclass(slots=True)
class JoinWaiter:
    """A parked JoinGroup: its token and the API version to answer with."""

    token: Token
    version: int


@dataclass(slots=True)
class Member:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    rebalance_timeout_ms: int
    session_timeout_ms: int
    protocol_type: str
    protocols: list[Protocol]
    assignment: bytes = b""
    awaiting_join: JoinWaiter | None = None
    awaiting_sync: JoinWaiter | None = None
    is_new: bool = False

    @property
    def is_static(self) -> bool:
        return self.group_instance_id is not None

    def metadata(self, protocol_name: str | None) -> bytes:
        for p in self.protocols:
            if p.name == protocol_name:
                return p.metadata
        raise KeyError(f"member {self.member_id} does not support protocol {protocol_name}")

    def matches(self, protocols: list[Protocol]) -> bool:
        """Same protocols, same order, same metadata: a rejoin that changes nothing (B-JOIN-8)."""
        return len(protocols) == len(self.protocols) and all(
            a.name == b.name and bytes(a.metadata) == bytes(b.metadata)
            for a, b in zip(protocols, self.protocols, strict=True)
        )

    def metadata_or_empty(self, protocol_name: str | None) -> bytes:
        """The subscription for the selected protocol, or empty when the member has none (views, records)."""
        try:
            return bytes(self.metadata(protocol_name))
        except KeyError:
            return b""

    def vote(self, candidates: set[str]) -> str:
        """The member's most preferred protocol among those every member supports."""
        for p in self.protocols:
            if p.name in candidates:
                return p.name
        raise ValueError(f"member {self.member_id} supports none of {sorted(candidates)}")

    def has_satisfied_heartbeat(self) -> bool:
        """A parked member counts as alive (B-HB-4) -- unless it is new (never got a JoinGroup answer)."""
        if self.is_new:
            return False
        return self.awaiting_join is not None or self.awaiting_sync is not None


@dataclass(slots=True)
class ClassicGroup:
    group_id: str
    history: deque[Transition]
    state: GroupState = GroupState.EMPTY
    previous_state: GroupState | None = None
    generation: int = 0
    protocol_type: str | None = None
    protocol_name: str | None = None
    leader_id: str | None = None
    current_state_timestamp_ms: int | None = None
    members: dict[str, Member] = field(default_factory=dict)
    static_members: dict[str, str] = field(default_factory=dict)  # instance id -> member id
    pending_members: set[str] = field(default_factory=set)  # KIP-394: ids handed out, not yet rejoined
    pending_sync_members: set[str] = field(default_factory=set)
    new_member_added: bool = False

    # -- state ---------------------------------------------------------------------------------
    def transition_to(self, to_state: GroupState, now_ms: int, reason: str) -> Transition:
        """Checked transition (B-STATE-1); the caller logs and publishes the returned record."""
        check_transition(self.group_id, self.state, to_state)
        t = Transition(now_ms, self.group_id, self.state, to_state, self.generation, len(self.members), reason)
        self.previous_state = self.state
        self.state = to_state
        self.history.append(t)
        return t

    def is_in(self, *states: GroupState) -> bool:
        return self.state in states

    def can_rebalance(self) -> bool:
        return self.state in (GroupState.STABLE, GroupState.COMPLETING_REBALANCE, GroupState.EMPTY)

    # -- membership ----------------------------------------------------------------------------
    def add(self, member: Member, waiter: JoinWaiter | None) -> None:
        if not self.members:
            self.protocol_type = member.protocol_type
        self.members[member.member_id] = member
        if member.group_instance_id is not None:
            self.static_members[member.group_instance_id] = member.member_id
        if self.leader_id is None:
            self.leader_id = member.member_id
        member.awaiting_join = waiter
        self.pending_members.discard(member.member_id)

    def remove(self, member_id: str) -> Member | None:
        member = self.members.pop(member_id, None)
        if member is not None and member.group_instance_id is not None:
            self.static_members.pop(member.group_instance_id, None)
        if self.leader_id == member_id:
            self.leader_id = next(iter(self.members), None)
        self.pending_members.discard(member_id)
        self.pending_sync_members.discard(member_id)
        return member

    def replace_static_member(self, instance_id: str, old_id: str, new_id: str) -> Member:
        """Give a known static member its new member id, keeping its place and assignment."""
        member = self.members.pop(old_id)
        member.member_id = new_id
        # Rebuild to keep iteration order (the leader fallback and the member lists use it).
        self.members[new_id] = member
        self.static_members[instance_id] = new_id
        if self.leader_id == old_id:
            self.leader_id = new_id
        if old_id in self.pending_sync_members:
            self.pending_sync_members.discard(old_id)
            self.pending_sync_members.add(new_id)
        return member

    def is_leader(self, member_id: str) -> bool:
        return self.leader_id == member_id

    def num_awaiting_join(self) -> int:
        return sum(1 for m in self.members.values() if m.awaiting_join is not None)

    def has_all_members_joined(self) -> bool:
        return len(self.members) == self.num_awaiting_join() and not self.pending_members

    def not_yet_rejoined(self) -> list[Member]:
        return [m for m in self.members.values() if m.awaiting_join is None]

    def rebalance_timeout_ms(self) -> int:
        """The largest rebalance timeout among members (B-JOIN-4)."""
        return max((m.rebalance_timeout_ms for m in self.members.values()), default=0)

    def supports_protocols(self, protocol_type: str, names: list[str]) -> bool:
        if self.state is GroupState.EMPTY:
            return bool(protocol_type) and bool(names)
        return self.protocol_type == protocol_type and any(
            all(any(p.name == n for p in m.protocols) for m in self.members.values()) for n in names
        )

    def candidate_protocols(self) -> set[str]:
        members = list(self.members.values())
        names = {p.name for p in members[0].protocols}
        for m in members[1:]:
            names &= {p.name for p in m.protocols}
        return names

    def select_protocol(self) -> str:
        """Each member votes for its favourite common protocol; most votes wins, ties by first vote."""
        if not self.members:
            raise RuntimeError(f"cannot select a protocol for empty group {self.group_id}")
        candidates = self.candidate_protocols()
        votes: dict[str, int] = {}
        for m in self.members.values():
            name = m.vote(candidates)
            votes[name] = votes.get(name, 0) + 1
        return max(votes, key=lambda n: votes[n])

    def maybe_elect_new_joined_leader(self) -> bool:
        """Keep the leader if it rejoined, else promote the first rejoined member (B-JOIN-7)."""
        if self.leader_id is None:
            return False
        leader = self.members.get(self.leader_id)
        if leader is not None and leader.awaiting_join is not None:
            return True
        for m in self.members.values():
            if m.awaiting_join is not None:
                self.leader_id = m.member_id
                return True
        return False

    def has_received_sync_from_all(self) -> bool:
        return not self.pending_sync_members

    def subscribed_topics(self) -> set[str] | None:
        """Topics of the consumer members' subscriptions; None when unknown (Kafka's computeSubscribedTopics).

        Each subscription is read as version 0, the prefix of every version (as Kafka does, so a newer
        client's subscription parses too); a negative version or a malformed body makes it unknown.
        """

        if self.protocol_type != "consumer" or self.protocol_name is None or not self.members:
            return None if self.members else set()
        topics: set[str] = set()
        try:
            for m in self.members.values():
                raw = memoryview(m.metadata(self.protocol_name))
                if len(raw) < 2 or int.from_bytes(raw[:2], "big", signed=True) < 0:
                    raise ValueError("no consumer protocol version")
                sub, _ = ConsumerProtocolSubscription.decode_from(raw, 2, 0)
                topics.update(sub.topics)
        except Exception:
            log.debug("group.subscriptions_unknown", group=self.group_id, protocol=self.protocol_name,
                        action="the group counts as subscribed to every topic")
            return None
        return topics

    def validate_member(self, member_id: str, instance_id: str | None) -> ErrorCode | None:
        """A known member, and for a static member the current holder of its instance id (KIP-345)."""
        if instance_id is not None:
            existing = self.static_members.get(instance_id)
            if existing is None:
                return ErrorCode.UNKNOWN_MEMBER_ID
            if existing != member_id:
                log.info(
                    "group.fenced_instance",
                    group=self.group_id,
                    instance_id=instance_id,
                    member_id=member_id,
                    current_member_id=existing,
                )
                return ErrorCode.FENCED_INSTANCE_ID
            return None
        return None if member_id in self.members else ErrorCode.UNKNOWN_MEMBER_ID

    # -- the coordinator's Group protocol --------------------------------------------------------
    @property
    def group_type(self) -> GroupType:
        return GroupType.CLASSIC

    def state_name(self) -> str:
        return self.state.value

    def is_empty(self) -> bool:
        return self.state is GroupState.EMPTY

    def num_members(self) -> int:
        return len(self.members)

    def validate_offset_commit(
        self, member_id: str, group_instance_id: str | None, generation_id_or_member_epoch: int, api_version: int,
        *, transactional: bool = False,
    ) -> ErrorCode | None:
        """B-OFF-1, TX-OFF-1 (Kafka's ClassicGroup.validateOffsetCommit): by generation. A transactional
        commit without member fields (TxnOffsetCommit v0-2) is accepted in any state, and a transactional
        one never gets REBALANCE_IN_PROGRESS: the group's state is not enforced for those."""
        generation = generation_id_or_member_epoch
        if generation < 0 and self.is_in(GroupState.EMPTY):
            return None  # simple commit: admin tools and consumers without group management
        if generation >= 0 or member_id or group_instance_id is not None:
            err = self.validate_member(member_id, group_instance_id)
            if err is not None:
                return err
            if generation != self.generation:
                return ErrorCode.ILLEGAL_GENERATION
        elif not transactional and not self.is_in(GroupState.EMPTY):
            return ErrorCode.UNKNOWN_MEMBER_ID
        if not transactional and self.is_in(GroupState.COMPLETING_REBALANCE):
            return ErrorCode.REBALANCE_IN_PROGRESS
        return None  # includes PreparingRebalance with the current generation: B-OFF-5

    def validate_offset_fetch(self, member_id: str | None, member_epoch: int) -> ErrorCode | None:
        return None  # Kafka's classic groups serve any fetch

    def validate_offset_delete(self) -> ErrorCode | None:
        """Only a consumer-protocol group may lose offsets while it has members (of unsubscribed topics)."""
        if not self.is_in(GroupState.EMPTY) and self.protocol_type != "consumer":
            return ErrorCode.NON_EMPTY_GROUP
        return None

    def validate_delete_group(self) -> ErrorCode | None:
        return None if self.is_in(GroupState.EMPTY) else ErrorCode.NON_EMPTY_GROUP

    def is_subscribed_to_topic(self, topic: str) -> bool:
        """Known subscriptions of a group with members; an Empty group is subscribed to nothing. When
        the subscriptions cannot be known, a consumer-protocol group counts as subscribed to every
        topic, so its offsets are kept (Kafka's ClassicGroup.isSubscribedToTopic:
        `subscribedTopics.map(contains).orElse(usesConsumerGroupProtocol())`)."""
        if self.is_in(GroupState.EMPTY):
            return False
        subscribed = self.subscribed_topics()
        if subscribed is None:
            return self.protocol_type == "consumer"
        return topic in subscribed

    def offset_expiration_condition(self) -> OffsetExpirationCondition | None:
        """Kafka's ClassicGroup.offsetExpirationCondition (KIP-211)."""
        if self.protocol_type is None:
            return _since_commit  # a simple group: from each commit
        if self.is_in(GroupState.EMPTY):
            # From when the group became Empty (else, an old record without the timestamp, from the commit).
            ts = self.current_state_timestamp_ms
            return _since_commit if ts is None else lambda _o: ts
        if self.protocol_type == "consumer" and self.is_in(GroupState.STABLE) and self.subscribed_topics() is not None:
            return _since_commit  # offsets of topics no member subscribes to
        return None

    def group_tombstone_keys(self) -> list[bytes]:
        return [group_metadata_key(self.group_id)]

    def transition_to_dead(self, now_ms: int, reason: str) -> Transition:
        return self.transition_to(GroupState.DEAD, now_ms, reason)

    def snapshot(self, offsets: Mapping[tuple[str, int], OffsetAndMetadata]) -> GroupSnapshot:
        members = tuple(
            MemberSnapshot(
                member_id=m.member_id,
                group_instance_id=m.group_instance_id,
                client_id=m.client_id,
                client_host=m.client_host,
                session_timeout_ms=m.session_timeout_ms,
                rebalance_timeout_ms=m.rebalance_timeout_ms,
                subscription=m.metadata_or_empty(self.protocol_name),
                assignment=bytes(m.assignment),
            )
            for m in sorted(self.members.values(), key=lambda m: m.member_id)
        )
        return GroupSnapshot(
            group_id=self.group_id,
            state=self.state,
            generation=self.generation,
            leader_id=self.leader_id,
            protocol_type=self.protocol_type,
            protocol_name=self.protocol_name,
            current_state_timestamp_ms=self.current_state_timestamp_ms,
            members=members,
            offsets={
                tp: OffsetSnapshot(o.offset, o.leader_epoch, o.metadata, o.commit_timestamp_ms, o.expire_timestamp_ms)
                for tp, o in sorted(offsets.items())
            },
        )


def _since_commit(o: OffsetAndMetadata) -> int:
    return o.commit_timestamp_ms
