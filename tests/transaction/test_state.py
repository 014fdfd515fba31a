"""TX-SM-1: state ids, names, and the allowed-previous-states table."""

from __future__ import annotations

import pytest

from kaflite.transaction.state import (
    VALID_PREVIOUS_STATES,
    IllegalTransactionTransition,
    TransactionState,
    check_transition,
)

S = TransactionState


def test_tx_sm_1_ids_and_names() -> None:
    assert [(s.id, s.state_name) for s in S] == [
        (0, "Empty"), (1, "Ongoing"), (2, "PrepareCommit"), (3, "PrepareAbort"), (4, "CompleteCommit"),
        (5, "CompleteAbort"), (6, "Dead"), (7, "PrepareEpochFence")]
    assert S.from_id(7) is S.PREPARE_EPOCH_FENCE and S.from_name("Ongoing") is S.ONGOING
    assert S.from_name("ongoing") is None


LEGAL = {
    S.EMPTY: {S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT},
    S.ONGOING: {S.ONGOING, S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT},
    S.PREPARE_COMMIT: {S.ONGOING},
    S.PREPARE_ABORT: {S.ONGOING, S.PREPARE_EPOCH_FENCE},
    S.COMPLETE_COMMIT: {S.PREPARE_COMMIT},
    S.COMPLETE_ABORT: {S.PREPARE_ABORT},
    S.DEAD: {S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT},
    S.PREPARE_EPOCH_FENCE: {S.ONGOING},
}


@pytest.mark.parametrize("new", list(S))
@pytest.mark.parametrize("old", list(S))
def test_tx_sm_1_transitions(old: TransactionState, new: TransactionState) -> None:
    assert VALID_PREVIOUS_STATES[new] == LEGAL[new]
    if old in LEGAL[new]:
        check_transition("t", old, new)
    else:
        with pytest.raises(IllegalTransactionTransition):
            check_transition("t", old, new)
