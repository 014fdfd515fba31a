"""B-STATE-1: the transition table, and every transition outside it raises."""

from __future__ import annotations

import itertools

import pytest

from kaflite.coordinator import GroupState, IllegalStateTransition
from kaflite.coordinator.classic.group import ClassicGroup
from kaflite.coordinator.classic.state import VALID_PREVIOUS_STATES, check_transition

S = GroupState
LEGAL = {
    (S.EMPTY, S.PREPARING_REBALANCE),
    (S.EMPTY, S.DEAD),
    (S.PREPARING_REBALANCE, S.COMPLETING_REBALANCE),
    (S.PREPARING_REBALANCE, S.EMPTY),
    (S.PREPARING_REBALANCE, S.DEAD),
    (S.COMPLETING_REBALANCE, S.STABLE),
    (S.COMPLETING_REBALANCE, S.PREPARING_REBALANCE),
    (S.COMPLETING_REBALANCE, S.DEAD),
    (S.STABLE, S.PREPARING_REBALANCE),
    (S.STABLE, S.DEAD),
}
ALL_PAIRS = list(itertools.product(S, S))


def test_b_state_1_table_is_exactly_the_spec() -> None:
    table = {(f, t) for t, froms in VALID_PREVIOUS_STATES.items() for f in froms}
    assert table == LEGAL


@pytest.mark.parametrize(("from_state", "to_state"), sorted(LEGAL, key=str))
def test_b_state_1_legal_transition_passes(from_state: GroupState, to_state: GroupState) -> None:
    check_transition("g", from_state, to_state)


@pytest.mark.parametrize(("from_state", "to_state"), [p for p in ALL_PAIRS if p not in LEGAL], ids=lambda s: str(s))
def test_b_state_1_every_invalid_transition_raises(from_state: GroupState, to_state: GroupState) -> None:
    from collections import deque

    group = ClassicGroup(group_id="g", history=deque())
    group.state = from_state
    with pytest.raises(IllegalStateTransition):
        group.transition_to(to_state, 0, "test")
    assert group.state is from_state  # nothing happened silently
    assert not group.history
