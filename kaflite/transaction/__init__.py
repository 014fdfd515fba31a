"""The transaction coordinator (issue 12): a pure state machine over `__transaction_state`, like the group
coordinator (no I/O; the broker's runtime appends its records, writes its markers and fires its timers).

Modules: `state` (TX-SM-*), `records` (TX-LOG-*), `config` (TX-CFG-*), `result` (records + responses + markers),
`coordinator` (the shard: InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, timeouts, Describe/List).
"""

from __future__ import annotations

from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.coordinator import (
    ABORT_TIMED_OUT_TIMER,
    REMOVE_EXPIRED_TIMER,
    PartitionStatus,
    TransactionCoordinator,
)
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC, transaction_state_topic_configs
from kaflite.transaction.result import TxnResult, WriteTxnMarkers
from kaflite.transaction.state import IllegalTransactionTransition, TransactionMetadata, TransactionState

__all__ = [
    "ABORT_TIMED_OUT_TIMER",
    "REMOVE_EXPIRED_TIMER",
    "TRANSACTION_STATE_TOPIC",
    "IllegalTransactionTransition",
    "PartitionStatus",
    "TransactionCoordinator",
    "TransactionCoordinatorConfig",
    "TransactionMetadata",
    "TransactionState",
    "TxnResult",
    "WriteTxnMarkers",
    "transaction_state_topic_configs",
]
