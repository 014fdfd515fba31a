"""A transactional id's state (TX-SM-*): Kafka's TransactionState.java and TransactionMetadata.scala."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1
SHORT_MAX = 32767


class TransactionState(Enum):
    """TX-SM-1: (id written in TransactionStatus, the name DescribeTransactions/ListTransactions show)."""

    EMPTY = (0, "Empty")
    ONGOING = (1, "Ongoing")
    PREPARE_COMMIT = (2, "PrepareCommit")
    PREPARE_ABORT = (3, "PrepareAbort")
    COMPLETE_COMMIT = (4, "CompleteCommit")
    COMPLETE_ABORT = (5, "CompleteAbort")
    DEAD = (6, "Dead")
    PREPARE_EPOCH_FENCE = (7, "PrepareEpochFence")

    @property
    def id(self) -> int:
        return self.value[0]

    @property
    def state_name(self) -> str:
        return self.value[1]

    @classmethod
    def from_id(cls, state_id: int) -> TransactionState:
        for s in cls:
            if s.id == state_id:
                return s
        raise ValueError(f"unknown transaction state id {state_id}")

    @classmethod
    def from_name(cls, name: str) -> TransactionState | None:
        for s in cls:
            if s.state_name == name:
                return s
        return None

    def __str__(self) -> str:
        return self.state_name


S = TransactionState

# TX-SM-1: the states a transition may come from (TV1; TV2 adds Empty/Complete* -> PrepareAbort).
VALID_PREVIOUS_STATES: dict[TransactionState, frozenset[TransactionState]] = {
    S.EMPTY: frozenset({S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT}),
    S.ONGOING: frozenset({S.ONGOING, S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT}),
    S.PREPARE_COMMIT: frozenset({S.ONGOING}),
    S.PREPARE_ABORT: frozenset({S.ONGOING, S.PREPARE_EPOCH_FENCE}),
    S.COMPLETE_COMMIT: frozenset({S.PREPARE_COMMIT}),
    S.COMPLETE_ABORT: frozenset({S.PREPARE_ABORT}),
    S.DEAD: frozenset({S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT}),
    S.PREPARE_EPOCH_FENCE: frozenset({S.ONGOING}),
}

# Expiry (TX-TO-2) applies to these; so does InitProducerId's plain epoch bump (TX-INIT-3).
COMPLETED_STATES = frozenset({S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT})


class IllegalTransactionTransition(RuntimeError):
    """A transition TX-SM-1 does not allow: a coordinator bug, never a client's error."""


def check_transition(transactional_id: str, old: TransactionState, new: TransactionState) -> None:
    if old not in VALID_PREVIOUS_STATES[new]:
        raise IllegalTransactionTransition(f"transactional id {transactional_id!r}: {old} -> {new} is not allowed")


TopicPartition = tuple[str, int]


@dataclass(slots=True)
class TransactionMetadata:
    """One transactional id. Everything but `last_producer_epoch`/`previous_producer_id` is what the record holds
    (TX-LOG-1, value v0); those two live in memory only and are -1 after a load (TX-LOG-2)."""

    transactional_id: str
    producer_id: int
    producer_epoch: int
    txn_timeout_ms: int
    state: TransactionState
    partitions: set[TopicPartition] = field(default_factory=set)
    txn_start_timestamp_ms: int = -1
    txn_last_update_timestamp_ms: int = -1
    last_producer_epoch: int = NO_PRODUCER_EPOCH
    # The producer id before the last transition (a rotation's retry is recognised by it, TX-INIT-3).
    previous_producer_id: int = NO_PRODUCER_ID
    # The transition decided and not yet complete, e.g. the epoch fence of TX-INIT-4 (TX-SM-3).
    pending_state: TransactionState | None = None

    @property
    def epoch_exhausted(self) -> bool:
        """TM.isEpochExhausted: the epoch cannot be bumped once more and still leave room for a fence."""
        return is_epoch_exhausted(self.producer_epoch)

    def persisted(self) -> tuple[object, ...]:
        """What a replay of the records must rebuild exactly."""
        return (self.transactional_id, self.producer_id, self.producer_epoch, self.txn_timeout_ms, self.state,
                frozenset(self.partitions), self.txn_start_timestamp_ms, self.txn_last_update_timestamp_ms)


def is_epoch_exhausted(epoch: int) -> bool:
    return epoch >= SHORT_MAX - 1
