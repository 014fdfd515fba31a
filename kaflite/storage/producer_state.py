"""Producer state per partition, as Kafka's ProducerStateManager / ProducerAppendInfo.

Per producer id: its epoch and the metadata of its last 5 batches. A retried batch that matches one of
them is a duplicate (answered with the original offsets, not appended); a sequence gap is
OUT_OF_ORDER_SEQUENCE_NUMBER; an older epoch is INVALID_PRODUCER_EPOCH; a new epoch starts at 0.

Transactions (TX-PRD-*, TX-MK-2): the first transactional batch of a producer opens its transaction on
the partition (`current_txn_first_offset`); a commit/abort marker closes it (a `CompletedTxn`), sets the
producer's epoch and coordinator epoch. The oldest open transaction bounds the last stable offset.
The state is derived from batch headers (and the 78-byte marker batches) only, so recovery rebuilds it by
scanning the log: kaflite writes no `.snapshot` files.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from kaflite.protocol.control_records import EndTxnMarker
from kaflite.protocol.records import NO_PRODUCER_EPOCH, NO_SEQUENCE, BatchHeader
from kaflite.storage.errors import (
    InvalidProducerEpochError,
    InvalidTxnStateError,
    OutOfOrderSequenceError,
    TransactionCoordinatorFencedError,
)
from kaflite.storage.txn_index import AbortedTxn

NUM_BATCHES_TO_RETAIN = 5  # Kafka's ProducerStateEntry.NUM_BATCHES_TO_RETAIN
INT_MAX = 2**31 - 1


class BatchMetadata(NamedTuple):
    first_seq: int
    last_seq: int
    first_offset: int
    last_offset: int
    timestamp: int


class CompletedTxn(NamedTuple):
    """A transaction a marker closed on this partition: its data spans [first_offset, last_offset]
    (last_offset is the marker's offset)."""

    producer_id: int
    first_offset: int
    last_offset: int
    is_aborted: bool


@dataclass
class ProducerStateEntry:
    producer_id: int
    producer_epoch: int = NO_PRODUCER_EPOCH
    batches: deque[BatchMetadata] = field(default_factory=lambda: deque(maxlen=NUM_BATCHES_TO_RETAIN))
    last_timestamp: int = -1  # max timestamp of the last batch or marker (DescribeProducers, expiry)
    coordinator_epoch: int = -1  # of the last marker (DescribeProducers; older coordinators are fenced)
    current_txn_first_offset: int = -1  # first offset of the open transaction, -1 when none

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
            self.coordinator_epoch,
            self.current_txn_first_offset,
        )


def _in_sequence(last_seq: int, next_seq: int) -> bool:
    return next_seq == last_seq + 1 or (next_seq == 0 and last_seq == INT_MAX)


class ProducerStateManager:
    """Producer id -> ProducerStateEntry for one partition."""

    def __init__(self) -> None:
        self.producers: dict[int, ProducerStateEntry] = {}
        # Producers that ever wrote a transactional batch here (a superset of those with an open
        # transaction): every fetch asks for the last stable offset, and a partition written only by
        # idempotent producers must answer it without walking them all.
        self._transactional: set[int] = set()

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
        ProducerStateManager._check_sequence(entry, h)
        if entry.current_txn_first_offset >= 0 and not h.is_transactional:
            raise InvalidTxnStateError(
                f"Expected transactional write from producer {h.producer_id}: it has a transaction open at "
                f"offset {entry.current_txn_first_offset}"
            )

    @staticmethod
    def _check_sequence(entry: ProducerStateEntry, h: BatchHeader) -> None:
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
        entry.last_timestamp = h.max_timestamp  # the last batch's, as Kafka's addBatch (not the largest seen)
        if h.is_transactional and entry.current_txn_first_offset < 0:
            entry.current_txn_first_offset = base_offset  # TX-PRD-3: the batch opens the transaction

    def update(self, h: BatchHeader) -> None:
        """Record an appended data batch (offsets assigned); also used to replay the log at recovery.
        Control batches go through `apply_marker`."""
        if h.producer_id < 0 or h.is_control:
            return
        entry = self.producers.get(h.producer_id)
        if entry is None:
            entry = self.producers[h.producer_id] = ProducerStateEntry(h.producer_id)
        if h.producer_epoch < entry.producer_epoch:
            return  # a fenced batch left in the log; never applied over a newer epoch
        if h.is_transactional:
            self._transactional.add(h.producer_id)
        self._apply(entry, h, h.base_offset)

    # -- transactions ---------------------------------------------------------------------------------

    def validate_marker(self, producer_id: int, producer_epoch: int, marker: EndTxnMarker) -> None:
        """Kafka's appendEndTxnMarker checks (TX-MK-2), without changing state: an epoch older than the
        producer's is INVALID_PRODUCER_EPOCH, an older coordinator epoch TRANSACTION_COORDINATOR_FENCED."""
        entry = self.producers.get(producer_id)
        if entry is None:
            return
        if producer_epoch < entry.producer_epoch:
            raise InvalidProducerEpochError(
                f"producer {producer_id}: marker epoch {producer_epoch} is older than {entry.producer_epoch}"
            )
        if entry.coordinator_epoch > marker.coordinator_epoch:
            raise TransactionCoordinatorFencedError(
                f"producer {producer_id}: coordinator epoch {marker.coordinator_epoch} (zombie) is older than "
                f"{entry.coordinator_epoch} (current)"
            )

    def apply_marker(
        self, producer_id: int, producer_epoch: int, marker: EndTxnMarker, offset: int, timestamp: int
    ) -> CompletedTxn | None:
        """A marker written at `offset`: close the producer's open transaction (the CompletedTxn, None
        when it had none: such a marker only moves the epochs, so a duplicate after recovery is harmless)."""
        entry = self.producers.get(producer_id)
        if entry is None:
            entry = self.producers[producer_id] = ProducerStateEntry(producer_id)
        completed = None
        if entry.current_txn_first_offset >= 0:
            completed = CompletedTxn(producer_id, entry.current_txn_first_offset, offset, not marker.committed)
        if producer_epoch != entry.producer_epoch:
            entry.producer_epoch = producer_epoch
            entry.batches.clear()
        entry.coordinator_epoch = marker.coordinator_epoch
        entry.current_txn_first_offset = -1
        entry.last_timestamp = timestamp
        return completed

    def ongoing_txns(self) -> list[tuple[int, int]]:
        """(first offset, producer id) of every open transaction, oldest first (Kafka's ongoingTxns)."""
        return sorted((first, pid) for pid, first in self._open_txns())

    def _open_txns(self) -> Iterator[tuple[int, int]]:
        """(producer id, first offset) of each open transaction, in no order."""
        gone = []
        for pid in self._transactional:
            e = self.producers.get(pid)
            if e is None:
                gone.append(pid)  # expired or truncated away: forget it here too
            elif e.current_txn_first_offset >= 0:
                yield pid, e.current_txn_first_offset
        self._transactional.difference_update(gone)

    def first_unstable_offset(self) -> int | None:
        """The first offset of the oldest open transaction: the last stable offset when there is one."""
        if not self._transactional:
            return None
        return min((first for _, first in self._open_txns()), default=None)

    def last_stable_offset_for(self, completed: CompletedTxn) -> int:
        """The `lastStableOffset` of a `.txnindex` entry (PSM.lastStableOffset): the first offset of the
        oldest open transaction of another producer, else the offset after the marker."""
        for first, pid in self.ongoing_txns():
            if pid != completed.producer_id:
                return first
        return completed.last_offset + 1

    def aborted_txn(self, completed: CompletedTxn) -> AbortedTxn:
        """The `.txnindex` entry of a transaction an abort marker closed."""
        return AbortedTxn(completed.producer_id, completed.first_offset, completed.last_offset,
                          self.last_stable_offset_for(completed))

    # -- expiry ---------------------------------------------------------------------------------------

    def truncate_head(self, log_start_offset: int) -> None:
        """Forget producers whose last batch is below the new log start offset (Kafka's truncateHead).
        A producer with an open transaction stays: it still holds the last stable offset until its marker."""
        for pid in [
            pid
            for pid, e in self.producers.items()
            if e.batches and e.last_offset < log_start_offset and e.current_txn_first_offset < 0
        ]:
            del self.producers[pid]

    def remove_expired(self, now_ms: int, expiration_ms: int) -> list[int]:
        """Drop producers idle for `producer.id.expiration.ms` (Kafka default 1 day), never one with an
        open transaction (TX-TO-3)."""
        expired = [
            pid
            for pid, e in self.producers.items()
            if now_ms - e.last_timestamp >= expiration_ms and e.current_txn_first_offset < 0
        ]
        for pid in expired:
            del self.producers[pid]
        return expired

    def clear(self) -> None:
        self.producers.clear()
        self._transactional.clear()
