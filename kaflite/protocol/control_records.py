"""Transaction markers: the control batch that ends a transaction on a partition (Kafka's
EndTransactionMarker, written by WriteTxnMarkers), built and read.
"""

from __future__ import annotations

import struct
from typing import NamedTuple

from kaflite.protocol.record_errors import CorruptRecordError
from kaflite.protocol.records import NO_PARTITION_LEADER_EPOCH, Buffer, build_batch, decode_records

CONTROL_TYPE_ABORT = 0  # Kafka's ControlRecordType
CONTROL_TYPE_COMMIT = 1
_CONTROL_KEY = struct.Struct(">hh")  # version 0, type
_MARKER_VALUE = struct.Struct(">hi")  # version 0, coordinator epoch
END_TXN_MARKER_BATCH_SIZE = 78


class EndTxnMarker(NamedTuple):
    """The record of a transaction marker (Kafka's EndTransactionMarker): COMMIT or ABORT, coordinator epoch."""

    committed: bool
    coordinator_epoch: int


def build_end_txn_marker(
    producer_id: int,
    producer_epoch: int,
    marker: EndTxnMarker,
    *,
    timestamp_ms: int,
    base_offset: int = 0,
    partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
) -> bytes:
    """Kafka's 78-byte control batch (TX-MK-1, `MemoryRecords.writeEndTransactionalMarker`): attributes
    0x0030, baseSequence -1, one record with key {0, type} and value {0, coordinator epoch}."""
    key = _CONTROL_KEY.pack(0, CONTROL_TYPE_COMMIT if marker.committed else CONTROL_TYPE_ABORT)
    value = _MARKER_VALUE.pack(0, marker.coordinator_epoch)
    return build_batch(
        [(key, value)],
        timestamp_ms=timestamp_ms,
        base_offset=base_offset,
        producer_id=producer_id,
        producer_epoch=producer_epoch,
        is_transactional=True,
        is_control=True,
        partition_leader_epoch=partition_leader_epoch,
    )


def decode_end_txn_marker(batch: Buffer, pos: int = 0) -> EndTxnMarker | None:
    """The marker of a control batch; None for an empty one (the cleaner left only its header) or a
    control record that is not COMMIT/ABORT (Kafka's LEADER_CHANGE and KRaft types)."""
    records = decode_records(batch, pos)
    if not records:
        return None
    key, value = records[0].key, records[0].value
    if key is None or len(key) < _CONTROL_KEY.size:
        raise CorruptRecordError("control record without a valid key")
    _, kind = _CONTROL_KEY.unpack_from(key)
    if kind not in (CONTROL_TYPE_ABORT, CONTROL_TYPE_COMMIT):
        return None
    if value is None or len(value) < _MARKER_VALUE.size:
        raise CorruptRecordError("transaction marker without a valid value")
    _, coordinator_epoch = _MARKER_VALUE.unpack_from(value)
    return EndTxnMarker(kind == CONTROL_TYPE_COMMIT, coordinator_epoch)
