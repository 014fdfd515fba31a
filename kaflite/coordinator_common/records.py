"""What a coordinator writes to its internal topic and reads back from it (sans-I/O)."""

from __future__ import annotations

from typing import NamedTuple

Record = tuple[bytes, bytes | None]
"""A keyed record: (key, value), value None for a tombstone."""


class ProducerIdAndEpoch(NamedTuple):
    """The transactional producer whose batch a coordinator write is (TX-OFF-2)."""

    producer_id: int
    producer_epoch: int


class TransactionalRecord(NamedTuple):
    """A record of a transactional batch (the batch's producer id and epoch), as a load yields it.

    A plain record is a bare `(key, value)` 2-tuple; the loader yields this 4-tuple for records of a
    batch with the transactional bit (TX-OFF-2), in its log position, never folded with plain ones."""

    key: bytes
    value: bytes | None
    producer_id: int
    producer_epoch: int


class EndTransactionMarker(NamedTuple):
    """A control batch (commit/abort marker) of a coordinator topic, as a load yields it (TX-OFF-3)."""

    producer_id: int
    producer_epoch: int
    committed: bool


LoadedRecord = Record | TransactionalRecord | EndTransactionMarker
"""What a load replays, in log order: plain records (2-tuples), transactional records, markers."""
