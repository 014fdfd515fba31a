"""Reconciliation: a member's next current assignment towards its target (Kafka's
`CurrentAssignmentBuilder`, CG-RC-1/2). Pure: member, target and partition epochs in, member out.

Partitions are revoked first, at the same epoch (UNREVOKED_PARTITIONS); only once the member no
longer reports them does it move to the target epoch; a partition still held by anyone (its
partition epoch is not -1) is held back (UNRELEASED_PARTITIONS) so it never has two owners.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.consumer.group import Assignment, ConsumerGroupMember, MemberState

CurrentPartitionEpoch = Callable[[TopicId, int], int]


class FencedMemberError(Exception):
    """FENCED_MEMBER_EPOCH: the member is in an unknown state and must rejoin (CG-RC-1)."""


def reconcile(
    member: ConsumerGroupMember,
    target_epoch: int,
    target: Assignment,
    current_partition_epoch: CurrentPartitionEpoch,
    owned: Mapping[TopicId, frozenset[int]] | None,
) -> ConsumerGroupMember:
    """CG-RC-1. `owned` is the request's TopicPartitions (None: not sent)."""
    state = member.state
    if state is MemberState.STABLE:
        if member.member_epoch != target_epoch:
            return _next(member, member.member_epoch, target_epoch, target, current_partition_epoch, owned)
        return member
    if state is MemberState.UNREVOKED_PARTITIONS:
        if _owns_any(owned, member.pending_revocation):
            return member
        return _next(member, member.member_epoch + 1, target_epoch, target, current_partition_epoch, owned)
    if state is MemberState.UNRELEASED_PARTITIONS:
        return _next(member, member.member_epoch, target_epoch, target, current_partition_epoch, owned)
    if owned is None or owned:
        raise FencedMemberError("The consumer group member is in a unknown state. "
                                "The member must abandon all its partitions and rejoin.")
    return _next(member, target_epoch, target_epoch, target, current_partition_epoch, owned)


def _owns_any(owned: Mapping[TopicId, frozenset[int]] | None, partitions: Assignment) -> bool:
    """Whether the member still reports one of `partitions` (not reporting counts as owning)."""
    if owned is None:
        return True
    return any(owned_ps & partitions.get(tid, frozenset()) for tid, owned_ps in owned.items())


def _next(
    member: ConsumerGroupMember,
    epoch: int,
    target_epoch: int,
    target: Assignment,
    current_partition_epoch: CurrentPartitionEpoch,
    owned: Mapping[TopicId, frozenset[int]] | None,
) -> ConsumerGroupMember:
    """CG-RC-2."""
    unreleased = False
    assigned: dict[TopicId, frozenset[int]] = {}
    revoke: dict[TopicId, frozenset[int]] = {}
    pending_assignment: dict[TopicId, frozenset[int]] = {}
    empty: frozenset[int] = frozenset()
    for tid in target.keys() | member.assigned.keys():
        tgt = target.get(tid, empty)
        cur = member.assigned.get(tid, empty)
        keep = cur & tgt
        gone = cur - keep
        add = tgt - keep
        if add:
            free = frozenset(p for p in add if current_partition_epoch(tid, p) == -1)
            if len(free) != len(add):
                unreleased = True
            add = free
        if keep:
            assigned[tid] = keep
        if gone:
            revoke[tid] = gone
        if add:
            pending_assignment[tid] = add
    # Kafka's Builder.updateMemberEpoch: the previous epoch becomes the current one on every update.
    previous = member.member_epoch
    if revoke and _owns_any(owned, revoke):
        return member.replace(state=MemberState.UNREVOKED_PARTITIONS, member_epoch=epoch,
                              previous_member_epoch=previous, assigned=assigned, pending_revocation=revoke)
    for tid, ps in pending_assignment.items():
        assigned[tid] = assigned[tid] | ps if tid in assigned else ps
    state = MemberState.UNRELEASED_PARTITIONS if unreleased else MemberState.STABLE
    return member.replace(state=state, member_epoch=target_epoch, previous_member_epoch=previous,
                          assigned=assigned, pending_revocation={})
