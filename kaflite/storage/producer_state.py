"""Idempotent-producer state per partition, as Kafka's ProducerStateManager / ProducerAppendInfo.

Per producer id: its epoch and the metadata of its last 5 batches. A retried batch that matches one of
them is a duplicate (answered with the original offsets, not appended); a sequence gap is
OUT_OF_ORDER_SEQUENCE_NUMBER; an older epoch is INVALID_PRODUCER_EPOCH; a new epoch starts at 0.
The state is derived from batch headers only, so recovery rebuilds it by scanning the log.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from kaflite.protocol.records import NO_PRODUCER_EPOCH, NO_SEQUENCE, BatchHeader
from kaflite.storage.errors import InvalidProducerEpochError, OutOfOrderSequenceError

NUM_BATCHES_TO_RETAIN = 5  # Kafka's ProducerStateEntry.NUM_BATCHES_TO_RETAIN
INT_MAX = 2**31 - 1


class BatchMetadata(NamedTuple):
    first_seq: int
    last_seq: int
    first_offset: int
    last_offset: int
    timestamp: int


@dataclass
class ProducerStateEntry:
    producer_id: int
    producer_epoch: int = NO_PRODUCER_EPOCH
    batches: deque[BatchMetadata] = field(default_factory=lambda: deque(maxlen=NUM_BATCHES_TO_RETAIN))
    last_timestamp: int = -1

    @property
    def last_seq(self) -> int:
        return self.batches[-1].last_seq if self.batches else NO_SEQUENCE

    @property
    def last_offset(self) -> int:
        return self.batches[-1].last_offset if self.batches else -1

    def find_duplicate(self, h: BatchHeader) -> BatchMetadata | None:
        if h.producer_epoch != self.producer_epoch:
            return None
        last_seq = h.last_sequence
        for meta in self.batches:
            if meta.first_seq == h.base_sequence and meta.last_seq == last_seq:
                return meta
        return None

    def copy(self) -> ProducerStateEntry:
        return ProducerStateEntry(
            self.producer_id,
            self.producer_epoch,
            deque(self.batches, maxlen=NUM_BATCHES_TO_RETAIN),
            self.last_timestamp,
        )


def _in_sequence(last_seq: int, next_seq: int) -> bool:
    return next_seq == last_seq + 1 or (next_seq == 0 and last_seq == INT_MAX)


class ProducerStateManager:
    """Producer id -> ProducerStateEntry for one partition."""

    def __init__(self) -> None:
        self.producers: dict[int, ProducerStateEntry] = {}

    def find_duplicate(self, headers: Iterable[BatchHeader]) -> BatchMetadata | None:
        """The retained batch one of `headers` repeats, if any (checked before anything is appended)."""
        for h in headers:
            if h.producer_id < 0 or h.base_sequence == NO_SEQUENCE:
                continue
            entry = self.producers.get(h.producer_id)
            if entry is not None:
                dup = entry.find_duplicate(h)
                if dup is not None:
                    return dup
        return None

    def validate(self, headers: Iterable[BatchHeader]) -> None:
        """Check epochs and sequences of a whole append in order, without changing state."""
        pending: dict[int, ProducerStateEntry] = {}
        for h in headers:
            if h.producer_id < 0:
                continue
            current = self.producers.get(h.producer_id)
            entry = pending.get(h.producer_id)
            if entry is None:
                entry = current.copy() if current else ProducerStateEntry(h.producer_id)
                pending[h.producer_id] = entry
            self._check(entry, h, current)
            self._apply(entry, h, h.base_offset)

    @staticmethod
    def _check(entry: ProducerStateEntry, h: BatchHeader, current: ProducerStateEntry | None) -> None:
        if h.producer_epoch < entry.producer_epoch:
            raise InvalidProducerEpochError(
                f"producer {h.producer_id}: epoch {h.producer_epoch} is older than {entry.producer_epoch}"
            )
        if h.base_sequence == NO_SEQUENCE:
            return
        if h.producer_epoch != entry.producer_epoch:
            if h.base_sequence != 0 and entry.producer_epoch != NO_PRODUCER_EPOCH:
                raise OutOfOrderSequenceError(
                    f"producer {h.producer_id}: new epoch {h.producer_epoch} must start at sequence 0, "
                    f"got {h.base_sequence}"
                )
            return
        if not entry.batches:
            return  # producer known but its batches were removed (retention): accept any sequence
        if not _in_sequence(entry.last_seq, h.base_sequence):
            raise OutOfOrderSequenceError(
                f"producer {h.producer_id} epoch {h.producer_epoch}: sequence {h.base_sequence} does not "
                f"follow {entry.last_seq}"
            )

    @staticmethod
    def _apply(entry: ProducerStateEntry, h: BatchHeader, base_offset: int) -> None:
        if h.producer_epoch != entry.producer_epoch:
            entry.producer_epoch = h.producer_epoch
            entry.batches.clear()
        if h.base_sequence != NO_SEQUENCE:
            entry.batches.append(
                BatchMetadata(
                    h.base_sequence,
                    h.last_sequence,
                    base_offset,
                    base_offset + h.last_offset_delta,
                    h.max_timestamp,
                )
            )
        entry.last_timestamp = max(entry.last_timestamp, h.max_timestamp)

    def update(self, h: BatchHeader) -> None:
        """Record an appended batch (offsets assigned); also used to replay the log at recovery."""
        if h.producer_id < 0:
            return
        entry = self.producers.get(h.producer_id)
        if entry is None:
            entry = self.producers[h.producer_id] = ProducerStateEntry(h.producer_id)
        if h.producer_epoch < entry.producer_epoch:
            return  # a fenced batch left in the log; never applied over a newer epoch
        self._apply(entry, h, h.base_offset)

    def truncate_head(self, log_start_offset: int) -> None:
        """Forget producers whose last batch is below the new log start offset (Kafka's truncateHead)."""
        for pid in [
            pid for pid, e in self.producers.items() if e.batches and e.last_offset < log_start_offset
        ]:
            del self.producers[pid]

    def remove_expired(self, now_ms: int, expiration_ms: int) -> list[int]:
        """Drop producers idle for `producer.id.expiration.ms` (Kafka default 1 day)."""
        expired = [pid for pid, e in self.producers.items() if now_ms - e.last_timestamp >= expiration_ms]
        for pid in expired:
            del self.producers[pid]
        return expired

    def clear(self) -> None:
        self.producers.clear()
