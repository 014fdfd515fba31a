"""Storage errors, each carrying the Kafka error code the broker answers with."""

from __future__ import annotations

from kaflite.protocol.errors import ErrorCode


class StorageError(Exception):
    """Base of every storage failure the broker turns into a partition error code."""

    error_code: ErrorCode = ErrorCode.KAFKA_STORAGE_ERROR

    def __init__(self, message: str, error_code: ErrorCode | None = None) -> None:
        super().__init__(message)
        if error_code is not None:
            self.error_code = error_code


class ConfigError(StorageError, ValueError):
    """An unknown topic config name or a bad value (INVALID_CONFIG)."""

    error_code = ErrorCode.INVALID_CONFIG


class InvalidTopicError(StorageError, ValueError):
    """A topic name Kafka would refuse (INVALID_TOPIC_EXCEPTION)."""

    error_code = ErrorCode.INVALID_TOPIC


class OffsetOutOfRangeError(StorageError):
    """A fetch offset outside [log_start_offset, log_end_offset]; carries both bounds for the answer."""

    error_code = ErrorCode.OFFSET_OUT_OF_RANGE

    def __init__(self, offset: int, log_start_offset: int, log_end_offset: int) -> None:
        super().__init__(f"offset {offset} is out of range [{log_start_offset}, {log_end_offset}]")
        self.offset = offset
        self.log_start_offset = log_start_offset
        self.log_end_offset = log_end_offset


class RecordValidationError(StorageError):
    """Records of a batch that Kafka's LogValidator refuses one by one (KIP-467).

    ``record_errors`` pairs each bad record's index in its batch with why, so a client can tell the
    bad record from the innocent ones; the message summarises them in Kafka's words
    (RecordValidationException), and it is the only produce error whose message Kafka sends.
    INVALID_TIMESTAMP if any record failed on its timestamp, INVALID_RECORD otherwise.
    """

    def __init__(self, record_errors: list[tuple[int, str, ErrorCode]]) -> None:
        self.record_errors = [(index, message) for index, message, _ in record_errors]
        if any(code == ErrorCode.INVALID_TIMESTAMP for _, _, code in record_errors):
            code = ErrorCode.INVALID_TIMESTAMP
            summary = "One or more records have been rejected due to invalid timestamp"
        else:
            code = ErrorCode.INVALID_RECORD
            shown = ", ".join(f"RecordError(batchIndex={i}, message='{m}')" for i, m in self.record_errors[:3])
            summary = (f"One or more records have been rejected due to {len(self.record_errors)} record errors "
                       f"in total, and only showing the first three errors at most: [{shown}]")
        super().__init__(summary, code)


class RecordTooLargeError(StorageError):
    """A batch bigger than `max.message.bytes` (MESSAGE_TOO_LARGE)."""

    error_code = ErrorCode.MESSAGE_SIZE_TOO_LARGE


class ProducerStateError(StorageError):
    """A producer-state check failed: OUT_OF_ORDER_SEQUENCE_NUMBER, INVALID_PRODUCER_EPOCH,
    INVALID_TXN_STATE or TRANSACTION_COORDINATOR_FENCED."""


class OutOfOrderSequenceError(ProducerStateError):
    error_code = ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER


class InvalidProducerEpochError(ProducerStateError):
    error_code = ErrorCode.INVALID_PRODUCER_EPOCH


class InvalidTxnStateError(ProducerStateError):
    """A non-transactional batch from a producer with an open transaction on the partition (TX-PRD-1)."""

    error_code = ErrorCode.INVALID_TXN_STATE


class TransactionCoordinatorFencedError(ProducerStateError):
    """A marker whose coordinator epoch is older than the one last seen for the producer (TX-MK-2)."""

    error_code = ErrorCode.TRANSACTION_COORDINATOR_FENCED


class StartupError(Exception):
    """Why the broker cannot start, as one line naming the file and the fix: `kaflite serve` prints it
    and exits non-zero, with no traceback (a bad data directory is an operator's problem, not a bug)."""
