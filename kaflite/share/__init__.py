"""KIP-932 share partitions: the pure state machine a share group's fetches and acknowledgements drive.

`SharePartition` (partition.py) keeps one share partition's in-flight records (window.py,
state.py), acquires them for members (acquisition.py) and settles them (acknowledgement.py). It
imports no storage, no event loop, no broker: the broker feeds it fetched log batches, the share
coordinator persists the writes it returns.
"""

from kaflite.share.acquisition import batches_to_send
from kaflite.share.partition import Acknowledgement, Acquisition, SharePartition, reset_start_offset
from kaflite.share.state import (
    AcknowledgementBatch,
    AcknowledgeType,
    AcquiredRecords,
    LogBatch,
    RecordState,
    SharePartitionConfig,
    ShareStateWrite,
    StateBatch,
    StateChange,
)

__all__ = [
    "AcknowledgeType",
    "Acknowledgement",
    "AcknowledgementBatch",
    "AcquiredRecords",
    "Acquisition",
    "LogBatch",
    "RecordState",
    "SharePartition",
    "SharePartitionConfig",
    "ShareStateWrite",
    "StateBatch",
    "StateChange",
    "batches_to_send",
    "reset_start_offset",
]
