"""The errors a record batch can raise, each carrying the Kafka error code a produce answer gives for it.

Apart from records.py so that the codecs (compression.py) raise the same errors without importing the batch layout.
"""

from __future__ import annotations

from typing import ClassVar

from kaflite.protocol.errors import ErrorCode


class RecordError(Exception):
    """A produced or stored batch the broker cannot accept; carries the Kafka error code to answer."""

    error_code: ClassVar[ErrorCode] = ErrorCode.CORRUPT_MESSAGE  # each subclass's (ClassVar: kaflite/compiled.py)


class CorruptRecordError(RecordError):
    """Truncated, garbled or CRC-failing bytes (CORRUPT_MESSAGE)."""

    error_code = ErrorCode.CORRUPT_MESSAGE


class UnsupportedMagicError(RecordError):
    """A v0/v1 message set: kaflite stores RecordBatch v2 only (UNSUPPORTED_FOR_MESSAGE_FORMAT)."""

    error_code = ErrorCode.UNSUPPORTED_FOR_MESSAGE_FORMAT

    def __init__(self, magic: int, position: int = 0) -> None:
        super().__init__(f"record batch at position {position} has magic {magic}; only magic 2 is supported")
        self.magic = magic


class InvalidRecordError(RecordError):
    """A well-formed batch that breaks the producer rules (INVALID_RECORD), as Kafka's LogValidator."""

    error_code = ErrorCode.INVALID_RECORD
