"""The five classic-group states and the only transitions allowed between them (B-STATE-1)."""

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
