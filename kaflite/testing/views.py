"""What a test reads of a broker: its groups (members, transitions, committed offsets), a consumer group's epoch
history and its transactions, as the admin operations return them (``from_json``), and the assertion that
lines a group's rebalances up with the expected ones. The same for the in-process ``Broker`` and the
child-process ``ProcessBroker``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kaflite.broker.admin_ops import decode_assignment as _decode_assignment
from kaflite.coordinator.snapshot import OffsetSnapshot

Offset = OffsetSnapshot

TopicPartition = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Member:
    """A member; the fields after ``assignment`` are a KIP-848 consumer-group member's (None/empty else).

    ``assignment`` is what the member owns: a classic member's decoded consumer-protocol assignment,
    a consumer-group member's assigned partitions (without those pending revocation).
    """

    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    assignment: tuple[TopicPartition, ...]
    member_epoch: int | None = None
    member_state: str | None = None  # STABLE, UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS
    subscribed_topic_names: tuple[str, ...] = ()
    subscribed_topic_regex: str | None = None
    pending_revocation: tuple[TopicPartition, ...] = ()
    target_assignment: tuple[TopicPartition, ...] = ()

    @classmethod
    def from_json(cls, m: Mapping[str, Any]) -> Member:
        def pairs(key: str) -> tuple[TopicPartition, ...]:
            return tuple((t, p) for t, p in m.get(key) or ())

        return cls(m["member_id"], m["group_instance_id"], m["client_id"], m["client_host"], pairs("assignment"),
                   m.get("member_epoch"), m.get("member_state"), tuple(m.get("subscribed_topic_names") or ()),
                   m.get("subscribed_topic_regex"), pairs("pending_revocation"), pairs("target_assignment"))


@dataclass(frozen=True, slots=True)
class ShareOffset:
    """A share partition's offsets as DescribeShareGroupOffsets answers them (None where it answers -1)."""

    start_offset: int | None
    leader_epoch: int | None
    lag: int | None


@dataclass(frozen=True, slots=True)
class SharePartitionState:
    """A share partition in the broker's memory: its window [start_offset, end_offset], its records in flight by
    state (``records["acquired"]``, "available", "acknowledged", "archived"), how many each member holds
    (``acquired_by``) and how many records were delivered how often (``delivery_counts``: count -> records)."""

    start_offset: int
    end_offset: int
    in_flight: int
    lag: int | None
    records: Mapping[str, int]
    acquired_by: Mapping[str, int]
    delivery_counts: Mapping[int, int]

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SharePartitionState:
        return cls(d["start_offset"], d["end_offset"], d["in_flight"], d["lag"], dict(d["records"]),
                   dict(d["acquired_by"]), {int(k): v for k, v in d["delivery_counts"].items()})


@dataclass(frozen=True, slots=True)
class Transition:
    """One state change of a group, states as Kafka's names (so classic and consumer groups alike).

    ``generation`` is the group's generation, or a consumer group's group epoch at the change.
    """

    timestamp_ms: int
    group_id: str
    from_state: str | None  # None: the group was created (or loaded)
    to_state: str
    generation: int
    members: int
    reason: str

    @property
    def epoch(self) -> int:
        return self.generation


@dataclass(frozen=True, slots=True)
class Group:
    """A group as the coordinator saw it at one moment, with Kafka's state names.

    ``group_type`` is "classic", "consumer" (KIP-848) or "share" (KIP-932); a consumer or share group's
    ``epoch`` is its group epoch (the same number as ``generation``) and ``assignment_epoch`` the epoch of
    its target assignment: the group has settled when every member's ``member_epoch`` reached it. A share
    group's states are Empty, Stable and Dead; its members' ``assignment`` is what the simple assignor gave.
    """

    group_id: str
    state: str
    generation: int
    leader: str | None
    protocol_type: str | None
    protocol: str | None
    members: tuple[Member, ...]
    offsets: Mapping[tuple[str, int], OffsetSnapshot]
    history: tuple[Transition, ...]
    group_type: str = "classic"
    epoch: int | None = None
    assignment_epoch: int | None = None

    @property
    def states(self) -> list[str]:
        """The states the group went through, oldest first (from its transition history)."""
        out = [self.history[0].from_state] if self.history and self.history[0].from_state else []
        return out + [t.to_state for t in self.history]

    @property
    def epochs(self) -> list[int]:
        """The generations / group epochs the group went through, oldest first (no repeats)."""
        out: list[int] = []
        for t in self.history:
            if not out or out[-1] != t.generation:
                out.append(t.generation)
        return out

    def member(self, member_id: str) -> Member:
        """The member with this id (KeyError if it is not in the group)."""
        for m in self.members:
            if m.member_id == member_id:
                return m
        raise KeyError(f"no member {member_id!r} in group {self.group_id!r}; members: {self.member_ids}")

    @property
    def member_ids(self) -> list[str]:
        return [m.member_id for m in self.members]

    def assignments(self) -> dict[str, tuple[tuple[str, int], ...]]:
        return {m.member_id: m.assignment for m in self.members}

    def committed(self, topic: str, partition: int) -> int | None:
        """The committed offset of one partition, or None."""
        o = self.offsets.get((topic, partition))
        return None if o is None else o.offset

    def target_assignments(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """Each consumer-group member's target assignment (where the group is heading)."""
        return {m.member_id: m.target_assignment for m in self.members}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Group:
        """From the admin endpoint's JSON (``kaflite.broker.admin_ops.group_json``)."""
        return cls(
            group_id=d["group_id"], state=d["state"], generation=d["generation"], leader=d["leader"],
            protocol_type=d["protocol_type"], protocol=d["protocol"],
            members=tuple(Member.from_json(m) for m in d["members"]),
            offsets={(o["topic"], o["partition"]): OffsetSnapshot(o["offset"], o["leader_epoch"], o["metadata"],
                                                                  o["commit_timestamp_ms"],
                                                                  o["expire_timestamp_ms"])
                     for o in d["offsets"]},
            history=tuple(Transition(h["timestamp_ms"], d["group_id"], h["from_state"], h["to_state"],
                                     h["generation"], h["members"], h["reason"]) for h in d["history"]),
            group_type=d.get("group_type", "classic"), epoch=d.get("epoch"),
            assignment_epoch=d.get("assignment_epoch"))


@dataclass(frozen=True, slots=True)
class EpochEvent:
    """One consumer-group record as an event (``kaflite.broker.admin_ops.consumer_group_events``).

    ``event``: group-epoch, member-joined, member-updated, member-left, target-assignment,
    member-target, member-assignment, regex-resolved, regex-removed, group-deleted, ...
    """

    offset: int
    timestamp_ms: int
    event: str
    record_type: int
    member_id: str | None = None
    group_epoch: int | None = None
    assignment_epoch: int | None = None
    member_epoch: int | None = None
    previous_member_epoch: int | None = None
    member_state: str | None = None
    assignment: tuple[TopicPartition, ...] = ()
    pending_revocation: tuple[TopicPartition, ...] = ()
    target_assignment: tuple[TopicPartition, ...] = ()
    subscribed_topic_names: tuple[str, ...] = ()
    subscribed_topic_regex: str | None = None
    regex: str | None = None
    topics: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, e: Mapping[str, Any]) -> EpochEvent:
        def pairs(key: str) -> tuple[TopicPartition, ...]:
            return tuple((t, p) for t, p in e.get(key) or ())

        return cls(e["offset"], e["timestamp_ms"], e["event"], e["record_type"], e.get("member_id"),
                   e.get("group_epoch"), e.get("assignment_epoch"), e.get("member_epoch"),
                   e.get("previous_member_epoch"), e.get("member_state"), pairs("assignment"),
                   pairs("pending_revocation"), pairs("target_assignment"),
                   tuple(e.get("subscribed_topic_names") or ()), e.get("subscribed_topic_regex"), e.get("regex"),
                   tuple(e.get("topics") or ()))


@dataclass(frozen=True, slots=True)
class EpochHistory:
    """A KIP-848 consumer group's every step, from its records: what ``Group`` (one moment) and its
    state transitions leave out -- each target assignment, and each member's epochs and states."""

    group_id: str
    events: tuple[EpochEvent, ...]

    def of(self, *events: str) -> list[EpochEvent]:
        return [e for e in self.events if e.event in events]

    @property
    def group_epochs(self) -> list[int]:
        """Every group epoch, in order (record 3)."""
        return [e.group_epoch for e in self.of("group-epoch") if e.group_epoch is not None]

    @property
    def assignment_epochs(self) -> list[int]:
        """Every epoch the target assignment was computed for (record 6)."""
        return [e.assignment_epoch for e in self.of("target-assignment") if e.assignment_epoch is not None]

    @property
    def joined(self) -> list[str]:
        return [e.member_id for e in self.of("member-joined") if e.member_id is not None]

    @property
    def left(self) -> list[str]:
        """Members removed: left, fenced or timed out."""
        return [e.member_id for e in self.of("member-left") if e.member_id is not None]

    def member_states(self, member_id: str) -> list[tuple[int | None, str | None]]:
        """The member's (member epoch, state) after each of its assignment records, in order:
        e.g. [(1, "STABLE"), (1, "UNREVOKED_PARTITIONS"), (2, "STABLE")]."""
        return [(e.member_epoch, e.member_state) for e in self.of("member-assignment") if e.member_id == member_id]

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> EpochHistory:
        return cls(d["group_id"], tuple(EpochEvent.from_json(e) for e in d["events"]))


@dataclass(frozen=True, slots=True)
class Transaction:
    """A transactional id as the transaction coordinator holds it (what DescribeTransactions shows)."""

    transactional_id: str
    state: str  # Kafka's name: Empty, Ongoing, PrepareCommit, PrepareAbort, CompleteCommit, CompleteAbort...
    producer_id: int
    producer_epoch: int
    timeout_ms: int
    start_ms: int  # -1 outside a transaction
    last_update_ms: int
    partitions: tuple[TopicPartition, ...]

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Transaction:
        return cls(d["transactional_id"], d["state"], d["producer_id"], d["producer_epoch"], d["timeout_ms"],
                   d["start_ms"], d["last_update_ms"], tuple((t, p) for t, p in d["partitions"]))


class GroupWaitTimeout(TimeoutError):
    """``wait_for_group`` gave up; ``last`` is the group as it was then (None: no such group)."""

    def __init__(self, message: str, last: Group | None) -> None:
        super().__init__(message + (f"; last seen: {last.state} generation {last.generation} with "
                                    f"{len(last.members)} member(s), states {last.states}" if last else
                                    "; the group does not exist"))
        self.last = last


def decode_assignment(data: bytes) -> tuple[tuple[str, int], ...]:
    """The consumer protocol's assignment bytes → sorted (topic, partition) pairs."""
    return tuple(_decode_assignment(data))


def assert_rebalances(group: Group, expected_states: Sequence[str], *, tail: bool = False) -> Group:
    """Assert the group went through exactly ``expected_states`` (``tail``: its last ones).

    The failure message lines the two sequences up and lists the recorded transitions with
    their reasons, which is usually enough to see why a rebalance happened.
    """
    actual = group.states
    compared = actual[-len(expected_states):] if tail and expected_states else actual
    if list(compared) == list(expected_states):
        return group
    width = max([len("expected"), *(len(s) for s in expected_states)])
    rows = [f"  {'#':>2}  {'expected':<{width}}  actual"]
    for i in range(max(len(expected_states), len(compared))):
        e = expected_states[i] if i < len(expected_states) else "-"
        a = compared[i] if i < len(compared) else "-"
        rows.append(f"{'  ' if e == a else '≠ '}{i:>2}  {e:<{width}}  {a}")
    history = [f"    {t.from_state or '(new)'} -> {t.to_state} gen={t.generation} members={t.members}: {t.reason}"
               for t in group.history]
    raise AssertionError(f"group {group.group_id!r} went through other states than expected"
                         f"{' (last ' + str(len(expected_states)) + ')' if tail else ''}:\n"
                         + "\n".join(rows) + "\n  transitions:\n" + "\n".join(history))
