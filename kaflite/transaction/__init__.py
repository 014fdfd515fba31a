"""The transaction coordinator (issue 12): a pure shard over `__transaction_state`, like the group coordinator,
and its service on the common runtime (`kaflite.coordinator_common`).

Modules: `state` (TX-SM-*), `records` (TX-LOG-*), `config` (TX-CFG-*), `result` (records + responses + markers),
`coordinator` (the shard: InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, timeouts, Describe/List),
`service` (TransactionCoordinatorService: one method per API, each naming its shard operation).
"""

from kaflite.transaction.config import TransactionCoordinatorConfig
from kaflite.transaction.coordinator import ABORT_TIMED_OUT_TIMER, REMOVE_EXPIRED_TIMER, TransactionCoordinator
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC, transaction_state_topic_configs
from kaflite.transaction.result import TxnResult, WriteTxnMarkers
from kaflite.transaction.state import IllegalTransactionTransition, TransactionMetadata, TransactionState
from kaflite.transaction.state_manager import PartitionStatus

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
