"""kaflite.storage: Kafka's on-disk log layout, synchronous file code (no event loop here)."""

from kaflite.storage.checkpoint import read_offset_checkpoint, write_atomic, write_offset_checkpoint
from kaflite.storage.cleaner import CleanerStats, LogCleaner
from kaflite.storage.config import LogConfig
from kaflite.storage.errors import (
    ConfigError,
    InvalidProducerEpochError,
    InvalidTopicError,
    InvalidTxnStateError,
    OffsetOutOfRangeError,
    OutOfOrderSequenceError,
    ProducerStateError,
    RecordTooLargeError,
    StorageError,
    TransactionCoordinatorFencedError,
)
from kaflite.storage.log import AppendResult, PartitionLog
from kaflite.storage.log_read import ReadResult
from kaflite.storage.manager import LogManager, TopicInfo, validate_topic_name

__all__ = [
    "AppendResult",
    "CleanerStats",
    "ConfigError",
    "InvalidProducerEpochError",
    "InvalidTopicError",
    "InvalidTxnStateError",
    "LogCleaner",
    "LogConfig",
    "LogManager",
    "OffsetOutOfRangeError",
    "OutOfOrderSequenceError",
    "PartitionLog",
    "ProducerStateError",
    "ReadResult",
    "RecordTooLargeError",
    "StorageError",
    "TopicInfo",
    "TransactionCoordinatorFencedError",
    "read_offset_checkpoint",
    "validate_topic_name",
    "write_atomic",
    "write_offset_checkpoint",
]
