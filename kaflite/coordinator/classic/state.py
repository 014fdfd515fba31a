"""The five classic-group states, how each answers every request, and the transitions between them.

Kafka's `ClassicGroupState` documents each state this way; these notes describe what kaflite's
classic manager does (which is what Kafka's code does; where its old javadoc and its code differ,
the code wins, e.g. heartbeats in CompletingRebalance). `tests/coordinator/test_state_table.py`
checks the answers request by request. Only the transitions in `VALID_PREVIOUS_STATES` are legal
(B-STATE-1); every transition is checked, logged and kept in the group's history (B-STATE-2).

**Empty** -- no members: a new group, a group whose members all left, or a "simple" group that
uses Kafka only to store offsets. It lingers until its offsets expire (KIP-211, B-OFF-4).
  - JoinGroup from a new member (unknown member id): MEMBER_ID_REQUIRED first for v4+ (KIP-394),
    then the member is added and the group rebalances; from a known id: UNKNOWN_MEMBER_ID.
  - SyncGroup, Heartbeat, LeaveGroup: UNKNOWN_MEMBER_ID.
  - OffsetCommit: accepted from simple consumers (generation -1, no member id); with a member
    id or a generation: UNKNOWN_MEMBER_ID.
  - OffsetFetch, DescribeGroups, ListGroups: answered; DeleteGroups and OffsetDelete: allowed.
  - Goes to PreparingRebalance (a member joins; the first rebalance waits
    group.initial.rebalance.delay.ms, B-JOIN-5) or Dead (deleted, or its offsets expired).

**PreparingRebalance** -- waiting for every member to (re)join, up to the largest rebalance
timeout (B-JOIN-3/4).
  - JoinGroup from new or existing members: parked until the join phase completes (B-JOIN-3).
  - SyncGroup: REBALANCE_IN_PROGRESS (B-SYNC-1). Heartbeat: REBALANCE_IN_PROGRESS, and the
    session is renewed (B-HB-1). LeaveGroup: the member is removed.
  - OffsetCommit with the current generation: accepted (B-OFF-5). OffsetFetch: answered.
  - Goes to CompletingRebalance (every member rejoined, or the timeout removed the rest),
    Empty (no member rejoined, or all left) or Dead (its group tombstone is replayed).

**CompletingRebalance** -- the new generation is out; waiting for the leader's assignment.
  - JoinGroup from a member with unchanged metadata: the current generation again (the leader
    gets the members, B-JOIN-8); from a new member or with changed metadata: rebalance (B-TRIG-2).
  - SyncGroup from a follower: parked until the leader's SyncGroup (B-SYNC-2); from the leader:
    the assignment is written, then every parked SyncGroup is answered and the group is Stable.
  - Heartbeat: NONE (a member may heartbeat between its JoinGroup and SyncGroup answers).
  - LeaveGroup or a member's session expiring: rebalance (B-HB-3).
  - OffsetCommit: REBALANCE_IN_PROGRESS. OffsetFetch: answered.
  - Goes to Stable (leader's assignment), PreparingRebalance (a join, leave or expiry, or members
    that never sync within the rebalance timeout) or Dead (its group tombstone is replayed).

**Stable** -- every member has its assignment.
  - Heartbeat: NONE. SyncGroup: the member's current assignment (B-SYNC-3).
  - JoinGroup from a follower with unchanged metadata: the current generation, no rebalance
    (B-JOIN-8); from the leader, a new member, or a member with changed metadata: rebalance
    (B-TRIG-2/3). A static member coming back with a new id is swapped in without one (KIP-345).
  - LeaveGroup or a member's session expiring: rebalance (B-HB-3).
  - OffsetCommit from a member of the current generation: accepted. OffsetFetch: answered.
  - Goes to PreparingRebalance, or Dead (its group tombstone is replayed).

**Dead** -- the group's tombstone was written or replayed. kaflite removes a Dead group at once
(Kafka lets it linger briefly), so every later request sees an unknown group: a JoinGroup with no
member id starts a new Empty group, the others answer UNKNOWN_MEMBER_ID (DescribeGroups shows the
state Dead, v6+ with GROUP_ID_NOT_FOUND). Dead is final.
"""

from __future__ import annotations

from enum import Enum


class GroupState(Enum):
    """Values are Kafka's state names, as DescribeGroups/ListGroups show them."""

    EMPTY = "Empty"
    PREPARING_REBALANCE = "PreparingRebalance"
    COMPLETING_REBALANCE = "CompletingRebalance"
    STABLE = "Stable"
    DEAD = "Dead"

    def __str__(self) -> str:
        return self.value


# target state -> states it may be entered from (ClassicGroupState.validPreviousStates, minus Dead -> Dead:
# the spec lists legal transitions only, and a group is removed once Dead).
VALID_PREVIOUS_STATES: dict[GroupState, frozenset[GroupState]] = {
    GroupState.EMPTY: frozenset({GroupState.PREPARING_REBALANCE}),
    GroupState.PREPARING_REBALANCE: frozenset({GroupState.EMPTY, GroupState.COMPLETING_REBALANCE, GroupState.STABLE}),
    GroupState.COMPLETING_REBALANCE: frozenset({GroupState.PREPARING_REBALANCE}),
    GroupState.STABLE: frozenset({GroupState.COMPLETING_REBALANCE}),
    GroupState.DEAD: frozenset(
        {
            GroupState.EMPTY,
            GroupState.PREPARING_REBALANCE,
            GroupState.COMPLETING_REBALANCE,
            GroupState.STABLE,
        }
    ),
}


class IllegalStateTransition(RuntimeError):
    """A transition outside the table: a coordinator bug, never swallowed (B-STATE-1)."""

    def __init__(self, group_id: str, from_state: GroupState, to_state: GroupState) -> None:
        super().__init__(f"group {group_id!r}: illegal transition {from_state} -> {to_state}")
        self.group_id = group_id
        self.from_state = from_state
        self.to_state = to_state


def check_transition(group_id: str, from_state: GroupState, to_state: GroupState) -> None:
    """Raise unless `from_state -> to_state` is in the table."""
    if from_state not in VALID_PREVIOUS_STATES[to_state]:
        raise IllegalStateTransition(group_id, from_state, to_state)
