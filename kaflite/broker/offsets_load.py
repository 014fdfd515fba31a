"""Loading a `__consumer_offsets` partition: each key once, with its last value (`OffsetsTopicLog.read`).

Apart from groups.py since the compiled build compiled groups.py (it could not compile an async generator); the
compiled build compiles no broker module any more, so this may go back into groups.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

from kaflite.coordinator.records import EndTransactionMarker, LoadedRecord, TransactionalRecord
from kaflite.protocol.records import BatchHeader, RecordError, decode_keys_values, iter_batches
from kaflite.storage.log import PartitionLog

LOAD_READ_BYTES = 4 * 1024 * 1024
LOAD_YIELD_RECORDS = 2_000  # records read, or keys replayed, between two event-loop turns of a load


async def read_folded(plog: PartitionLog, skipped: Callable[[BatchHeader, Exception], None]
                      ) -> AsyncIterator[LoadedRecord]:
    """`OffsetsTopicLog.read` (which says what it yields); `skipped` is told of each batch that cannot be read."""
    offset = plog.log_start_offset
    end = plog.log_end_offset
    # Plain keys (bytes) and, by their offset (int), transactional records and markers.
    latest: dict[bytes | int, Any] = {}
    forget = latest.pop
    since_yield = 0
    transactional = False
    while offset < end:
        data = plog.read(offset, LOAD_READ_BYTES).records
        if not data:
            break
        for h in iter_batches(data, validate=False):
            try:
                if h.is_control or h.is_transactional:
                    if h.next_offset > offset and h.producer_id >= 0:
                        transactional = True
                        _read_transactional(data, h, offset, latest)
                    offset = h.next_offset
                    continue
                pairs = decode_keys_values(data, h.position)
            except RecordError as exc:
                # A batch that cannot be read (CRC damage, garbled records): skipped, as Kafka's loader
                # skips what it cannot deserialize; one bad commit must not take every group of the
                # partition down for good. Decoded whole first, so nothing of it was applied.
                skipped(h, exc)
                offset = h.next_offset
                continue
            for record_offset, key, value in pairs:
                if record_offset >= offset and key is not None:
                    forget(key, None)  # re-insert: dict order is then the order of last positions
                    latest[key] = value
            offset = h.next_offset
            since_yield += h.records_count
            if since_yield >= LOAD_YIELD_RECORDS:
                since_yield = 0
                await asyncio.sleep(0)
    if not transactional:
        for i, record in enumerate(latest.items(), 1):
            yield record  # type: ignore[misc]  # only bytes keys: plain (key, value) pairs
            if i % LOAD_YIELD_RECORDS == 0:
                await asyncio.sleep(0)
        return
    for i, (where, loaded) in enumerate(latest.items(), 1):
        yield (where, loaded) if type(where) is bytes else loaded
        if i % LOAD_YIELD_RECORDS == 0:
            await asyncio.sleep(0)


def _read_transactional(data: bytes, h: Any, offset: int, out: dict[bytes | int, Any]) -> None:
    """A transactional batch's records or a control batch's marker, keyed by offset (never folded)."""
    for record_offset, key, value in decode_keys_values(data, h.position):
        if record_offset < offset:
            continue
        if not h.is_control:
            if key is not None:
                out[record_offset] = TransactionalRecord(key, value, h.producer_id, h.producer_epoch)
        elif key is not None and len(key) >= 4:
            # EndTransactionMarker key: version int16, type int16 (ABORT 0, COMMIT 1).
            control_type = int.from_bytes(key[2:4], "big", signed=True)
            if control_type in (0, 1):
                out[record_offset] = EndTransactionMarker(h.producer_id, h.producer_epoch, control_type == 1)
