"""The transaction coordinator (issue 12): a pure state machine over `__transaction_state`, like the group
coordinator (no I/O; the broker's runtime appends its records, writes its markers and fires its timers).

Modules: `state` (TX-SM-*), `records` (TX-LOG-*), `config` (TX-CFG-*), `result` (records + responses + markers),
`coordinator` (the shard: InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, timeouts, Describe/List).

Names load on first use (PEP 562 ``__getattr__``): the broker imports the config and records modules at start
and builds the coordinator on the first transactional request (issue 14: start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaflite.lazy_exports import lazy_exports

if TYPE_CHECKING:
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

# Public name -> the module (under this package) that defines it.
_MODULES: dict[str, str] = {
    "ABORT_TIMED_OUT_TIMER": "coordinator",
    "REMOVE_EXPIRED_TIMER": "coordinator",
    "TRANSACTION_STATE_TOPIC": "records",
    "IllegalTransactionTransition": "state",
    "PartitionStatus": "coordinator",
    "TransactionCoordinator": "coordinator",
    "TransactionCoordinatorConfig": "config",
    "TransactionMetadata": "state",
    "TransactionState": "state",
    "TxnResult": "result",
    "WriteTxnMarkers": "result",
    "transaction_state_topic_configs": "records",
}


__getattr__, __dir__ = lazy_exports(__name__, _MODULES, globals())


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
