"""The coordinators' logs: one writer and loader per internal topic (`__consumer_offsets`, `__transaction_state`).

A coordinator never touches storage: its runtime appends the records an operation produced through
`CoordinatorLog.append` (durable when the future completes: B-OFF-2, TX-CO-3) and replays a partition through
`CoordinatorLog.read` (B-LOG-3, TX-LOG-2).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Callable, Iterator

import structlog

from kaflite.broker.flush import GroupCommit
from kaflite.broker.offsets_load import LOAD_READ_BYTES, read_folded
from kaflite.clock import Clock
from kaflite.coordinator_common.records import LoadedRecord, ProducerIdAndEpoch
from kaflite.protocol.record_errors import RecordError
from kaflite.protocol.records import BatchHeader, build_keyed_batch, decode_keys_values, iter_batches
from kaflite.storage.log import AppendOrigin, PartitionLog
from kaflite.storage.manager import LogManager

log = structlog.get_logger("kaflite.groups")

# A partition's buffered coordinator records are written early past this much (Kafka's runtime caps its
# batches at the partition's max.message.bytes, 1 MiB by default).
MAX_BUFFERED_BYTES = 256 * 1024


class _Buffered:
    """A partition's records waiting for its next flush: one batch, stamped when its first record came."""

    __slots__ = ("plog", "records", "size", "timestamp_ms")

    def __init__(self, plog: PartitionLog, timestamp_ms: int) -> None:
        self.plog = plog
        self.timestamp_ms = timestamp_ms
        self.records: list[tuple[bytes, bytes | None]] = []
        self.size = 0  # their bytes, roughly: the batch is written early past MAX_BUFFERED_BYTES


class CoordinatorLog:
    """A coordinator's writer and loader over its topic's partitions: `__consumer_offsets` for the group
    coordinator, `__transaction_state` for the transaction coordinator (same layout rules, same folding).
    One per internal topic, built by the server and given to the coordinator that owns the topic."""

    def __init__(self, logs: LogManager, clock: Clock, topic: str, commits: GroupCommit, *,
                 fsync: bool = True) -> None:
        self.logs = logs
        self.clock = clock
        self.topic = topic
        self.commits = commits
        # False (offsets.commit.fsync.enable=false): a write is answered from the page cache, as Kafka's
        # single broker does; the periodic flush (log.flush.interval.ms) makes it durable later.
        self.fsync = fsync
        # Plain records appended since the partition's last write, to go out as one batch just before its
        # next flush (Kafka's coordinator runtime batches a partition's writes the same way).
        self._buffered: dict[int, _Buffered] = {}
        self._writers: dict[int, Callable[[], None]] = {}  # partition -> its `_write_buffered`, made once

    def _durable(self, plog: PartitionLog) -> asyncio.Future[None]:
        if self.fsync:
            return self.commits.dirty(plog)
        done = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    def _log(self, partition: int) -> PartitionLog:
        plog = self.logs.get_log(self.topic, partition)
        if plog is None:
            raise RuntimeError(f"{self.topic}-{partition} does not exist")
        return plog

    def append(self, partition: int, records: list[tuple[bytes, bytes | None]], *,
               producer: ProducerIdAndEpoch | None = None) -> asyncio.Future[None]:
        """Append the records; the future completes once they are fsynced (B-OFF-2).

        Group commit (`flush.GroupCommit`): plain records are buffered per partition and written as one
        batch right before the partition's next fsync, which runs off the event loop (kernel AIO, or a
        flusher thread) while the loop goes on; every append of the turn shares that batch and that fsync.
        With `producer`, the records are that producer's transactional batch (TX-OFF-2: its id and epoch,
        base sequence 0, the transactional bit), written at once (after what is buffered, so the log keeps
        operation order), appended as Kafka's AppendOrigin.COORDINATOR: no client sequence checks (every such
        batch starts at sequence 0), the producer state still records it. Built here, so the log does not
        check its CRC and records again (`trusted`).
        """
        plog = self._log(partition)
        if producer is None and self.fsync:
            buffered = self._buffered.get(partition)
            if buffered is None or buffered.plog is not plog:
                self._write_buffered(partition)
                buffered = self._buffered[partition] = _Buffered(plog, self.clock.now_ms())
            for record in records:
                buffered.records.append(record)
                buffered.size += len(record[0]) + len(record[1] or b"") + 16
            if buffered.size >= MAX_BUFFERED_BYTES:  # a batch stays well under the topic's max.message.bytes
                self._write_buffered(partition)
            write = self._writers.get(partition)
            if write is None:
                write = self._writers[partition] = functools.partial(self._write_buffered, partition)
            return self.commits.dirty(plog, write)
        self._write_buffered(partition)
        now = self.clock.now_ms()
        if producer is None:
            plog.append(build_keyed_batch(records, timestamp_ms=now), leader_epoch=0, now_ms=now,
                        origin=AppendOrigin.COORDINATOR, defer_flush=True)
        else:
            batch = build_keyed_batch(records, timestamp_ms=now, base_offset=plog.log_end_offset,
                                      partition_leader_epoch=0, producer_id=producer.producer_id,
                                      producer_epoch=producer.producer_epoch, base_sequence=0, is_transactional=True)
            # Built at the log end with the producer's fields: written as it is (the coordinator made the checks).
            plog.append(batch, leader_epoch=0, now_ms=now, origin=AppendOrigin.REPLICATION, defer_flush=True)
        return self._durable(plog)

    def _write_buffered(self, partition: int) -> None:
        """Append the partition's buffered records as one batch. A failure (ENOSPC, EIO) fails every append
        waiting on the partition's next flush (they are not in the log) and is raised."""
        buffered = self._buffered.pop(partition, None)
        if buffered is None:
            return
        try:
            batch = build_keyed_batch(buffered.records, timestamp_ms=buffered.timestamp_ms)
            buffered.plog.append(batch, leader_epoch=0, now_ms=self.clock.now_ms(), origin=AppendOrigin.COORDINATOR,
                                 defer_flush=True)
        except Exception as exc:  # StorageError (ENOSPC, EIO) or worse: none of them may be acknowledged
            self.commits.fail(buffered.plog, exc)
            raise

    def append_marker(self, partition: int, producer_id: int, producer_epoch: int, coordinator_epoch: int,
                      committed: bool) -> asyncio.Future[None]:
        """A transaction's COMMIT/ABORT control batch (TX-MK-3); durable with the rest of this turn's writes.
        The caller applies it to the group coordinator in the same event-loop turn."""
        plog = self._log(partition)
        self._write_buffered(partition)
        plog.append_end_txn_marker(producer_id, producer_epoch, coordinator_epoch, committed=committed,
                                   leader_epoch=0, now_ms=self.clock.now_ms(), defer_flush=True)
        return self._durable(plog)

    def sync(self, partition: int) -> asyncio.Future[None]:
        """Ask again for the partition's fsync (after a failed one: what was appended is still in the log)."""
        return self.commits.dirty(self._log(partition))

    def read(self, partition: int) -> AsyncIterator[LoadedRecord]:
        """Each key once, with its last value the coordinator can decode (None for a tombstone), ordered by those
        positions; a damaged record is skipped and its key keeps the value before it (offsets_load.py).

        What compaction would leave of the partition, and what Kafka's loader applies (it keeps the
        last value per key while reading): replay must give the same state on a compacted log, so
        this is the same state, without decoding and replaying every superseded commit. Async only
        to let the event loop in every LOAD_YIELD_RECORDS records, while reading and while replaying.

        Transactional offsets (TX-OFF-3) are not folded: each record of a transactional batch comes as
        a TransactionalRecord and each commit/abort marker as an EndTransactionMarker, at its own
        position among the folded plain records. Folding a plain key to its last position keeps the
        outcome: a commit marker still finds every later plain commit of the key applied after the
        pending offset it supersedes, and a tombstone folded away is followed by the value that
        superseded it.
        """
        return read_folded(self._log(partition), functools.partial(self._skipped, partition))

    def _skipped(self, partition: int, h: BatchHeader, exc: Exception) -> None:
        log.warning("coordinator.load_batch_skipped", topic=self.topic, partition=partition,
                    base_offset=h.base_offset, last_offset=h.last_offset, records=h.records_count, reason=str(exc),
                    action="skipped; the partition loads without it")

    def records(self, partition: int) -> Iterator[tuple[int, int, bytes, bytes | None]]:
        """Every keyed record of the partition in log order: (offset, batch timestamp, key, value).

        For tools only (a group's epoch history): reads the whole partition, on demand, and keeps
        what `read` folds away (superseded values). What is buffered for the next flush is written first,
        so the tools see every record the coordinator has applied."""
        plog = self._log(partition)
        self._write_buffered(partition)
        offset, end = plog.log_start_offset, plog.log_end_offset
        while offset < end:
            data = plog.read(offset, LOAD_READ_BYTES).records
            if not data:
                return
            start = offset
            for h in iter_batches(data, validate=False):
                if not h.is_control:
                    try:
                        pairs = decode_keys_values(data, h.position)
                    except RecordError as exc:
                        self._skipped(partition, h, exc)
                        pairs = []
                    for record_offset, key, value in pairs:
                        if record_offset >= start and key is not None:
                            yield record_offset, h.max_timestamp, key, value
                offset = h.next_offset
            if offset <= start:
                return
