"""The share-partition manager (Kafka's SharePartitionManager, KIP-932 `SP-*`): the broker side of share fetches.

One `SharePartition` (kaflite.share, pure) per (group, topic id, partition), created by the first ShareFetch
naming it and loaded from the share coordinator's Read (SP-LOAD-1; a key the group never initialized cannot be
fetched). This module does what the pure state machine leaves to its caller: it reads the log from the next
fetch offset (up to the LSO under read_committed) and slices the records sent (SP-ACQ-6), persists every
acknowledgement, release and lock expiry through the share coordinator's Write before the answer
(SP-PERSIST-1: a kill -9 never redelivers an acknowledged record), arms the one acquisition-lock timer per
share partition on the event loop (SP-LOCK-1), and wakes parked share fetches when records may have become
acquirable (produce, acknowledgement, release, expiry).
"""

from __future__ import annotations

import asyncio
import inspect
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

import structlog

from kaflite.clock import Clock
from kaflite.coordinator_common.result import TimerOp
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.records import CorruptRecordError, iter_batches
from kaflite.share import (
    AcknowledgementBatch,
    AcquiredRecords,
    LogBatch,
    RecordState,
    SharePartition,
    SharePartitionConfig,
    StateChange,
    batches_to_send,
    reset_start_offset,
)
from kaflite.share import StateBatch as ShareStateBatch
from kaflite.share_coordinator.batches import StateBatch as PersistedBatch
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.messages import ReadShareGroupStateRequest, WriteShareGroupStateRequest
from kaflite.storage.errors import OffsetOutOfRangeError
from kaflite.storage.manager import LogManager

log = structlog.get_logger("kaflite.share")
E = ErrorCode

# Per-group configs (SA-CFG-2), read by name from the group config store with Kafka's defaults.
SHARE_RECORD_LOCK_DURATION_MS = "share.record.lock.duration.ms"
SHARE_AUTO_OFFSET_RESET = "share.auto.offset.reset"
SHARE_ISOLATION_LEVEL = "share.isolation.level"
READ_COMMITTED = "read_committed"
LEADER_EPOCH = 0  # one node: every partition's leader epoch is 0 forever
ACQUIRE_MODE_RECORD_LIMIT = 1
# The most one partition's log read takes into memory per acquisition (the first batch comes whole past it):
# a fetch hands out MaxRecords (500 by default), not MaxBytes (50 MiB), and the rest would be read for nothing.
SHARE_READ_BYTES = 1 << 20
# Once a read showed the log's bytes per record, a read takes about MaxRecords' worth (with slack, at least this
# much) instead of the whole megabyte: ~500 records of 100 B are ~55 KB, and a 1 MiB read of them was copied and
# its ~60 batch headers walked for every fetch.
SHARE_READ_MIN_BYTES = 16 * 1024
SHARE_READ_SLACK = 1.25


@dataclass(frozen=True, slots=True)
class ShareConfig:
    """The broker configs share fetches obey (SA-CFG-1, SA-CFG-3), Kafka's defaults."""

    group_share_delivery_count_limit: int = 5
    group_share_record_lock_duration_ms: int = 30_000
    group_share_partition_max_record_locks: int = 2000
    group_share_max_share_sessions: int = 2000
    share_coordinator_state_topic_num_partitions: int = 50
    share_coordinator_state_topic_segment_bytes: int = 104_857_600
    share_coordinator_snapshot_update_records_per_snapshot: int = 500
    share_coordinator_cold_partition_snapshot_interval_ms: int = 300_000
    fetch_max_bytes: int = 57_671_680  # `fetch.max.bytes`: caps a ShareFetch's MaxBytes (SS-FETCH-2)

    def partition_config(self) -> SharePartitionConfig:
        return SharePartitionConfig(delivery_count_limit=self.group_share_delivery_count_limit,
                                    max_record_locks=self.group_share_partition_max_record_locks,
                                    record_lock_duration_ms=self.group_share_record_lock_duration_ms)

    def coordinator_config(self, num_partitions: int | None = None) -> ShareCoordinatorConfig:
        return ShareCoordinatorConfig(
            share_coordinator_state_topic_num_partitions=(
                num_partitions if num_partitions is not None else self.share_coordinator_state_topic_num_partitions),
            share_coordinator_state_topic_segment_bytes=self.share_coordinator_state_topic_segment_bytes,
            share_coordinator_snapshot_update_records_per_snapshot=(
                self.share_coordinator_snapshot_update_records_per_snapshot),
            share_coordinator_cold_partition_snapshot_interval_ms=(
                self.share_coordinator_cold_partition_snapshot_interval_ms))


class ShareKey(NamedTuple):
    """A share partition: (group, topic id, partition)."""

    group_id: str
    topic_id: bytes
    partition: int


@dataclass(slots=True)
class FetchedPartition:
    """One partition's part of a ShareFetch answer (before the wire shape)."""

    error_code: ErrorCode = E.NONE
    records: bytes = b""
    acquired: tuple[AcquiredRecords, ...] = ()


class StateStore(Protocol):
    """What the manager needs of the share coordinator: Read and Write (each the response or an awaitable)."""

    def read_state(self, request: ReadShareGroupStateRequest) -> Any: ...

    def write_state(self, request: WriteShareGroupStateRequest) -> Any: ...


async def resolved(answer: Any) -> Any:
    return await answer if inspect.isawaitable(answer) else answer


def with_leaders(context: Any, connection: Any, response: Any) -> Any:
    """KafkaApis' ShareFetch and ShareAcknowledge answers: each partition refused with NOT_LEADER_OR_FOLLOWER or
    FENCED_LEADER_EPOCH names the current leader and its epoch, and the answer carries those leaders' endpoints
    at the request's listener (KIP-951; ``context`` a BrokerContext)."""
    endpoints: dict[int, Any] = {}
    for topic in response.responses:
        for part in topic.partitions:
            if part.error_code not in (ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.FENCED_LEADER_EPOCH):
                continue
            known = context.metadata.topic_by_id(topic.topic_id)
            if known is None:
                continue
            leader, epoch, address = context.current_leader(connection, known.name, part.partition_index)
            part.current_leader = type(response).LeaderIdAndEpoch(leader_id=leader, leader_epoch=epoch)
            if address is not None:
                endpoints[leader] = type(response).NodeEndpoint(node_id=leader, host=address[0], port=address[1])
    response.node_endpoints = list(endpoints.values())
    return response


def persister_error(code: int) -> ErrorCode:
    """Kafka's SharePartition.fetchPersisterError: the share coordinator's answer as the fetch reports it."""
    error = ErrorCode(code)
    if error in (E.NOT_COORDINATOR, E.COORDINATOR_NOT_AVAILABLE, E.COORDINATOR_LOAD_IN_PROGRESS):
        return E.COORDINATOR_NOT_AVAILABLE
    if error in (E.GROUP_ID_NOT_FOUND, E.UNKNOWN_TOPIC_OR_PARTITION):
        return error
    if error in (E.FENCED_LEADER_EPOCH, E.FENCED_STATE_EPOCH):
        return E.NOT_LEADER_OR_FOLLOWER
    return E.UNKNOWN_SERVER_ERROR  # INVALID_REQUEST: a key the group never initialized (SP-LOAD-1)


# SP-PERSIST-2: a write answered so means the state here is not the coordinator's: drop it, reload on next fetch.
EVICTING = frozenset({E.FENCED_STATE_EPOCH, E.FENCED_LEADER_EPOCH, E.UNKNOWN_TOPIC_OR_PARTITION, E.GROUP_ID_NOT_FOUND})

_DURATION = re.compile(r"^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


def duration_ms(iso: str) -> int | None:
    """`PnDTnHnMn.nS` (java.time.Duration's format, as `share.auto.offset.reset=by_duration:` takes it) in ms."""
    m = _DURATION.match(iso.strip().upper())
    if m is None or iso.strip().upper() in ("P", "PT"):
        return None
    d, h, mi, s = m.groups()
    return int((int(d or 0) * 86400 + int(h or 0) * 3600 + int(mi or 0) * 60 + float(s or 0)) * 1000)


def read_size(bytes_per_record: float, max_records: int, max_bytes: int) -> int:
    """How much of the log one acquisition reads: MaxBytes capped at SHARE_READ_BYTES and, once the record size
    is known, at MaxRecords' worth with slack (the first batch comes whole past any limit, as in a fetch)."""
    size = min(max_bytes, SHARE_READ_BYTES)
    if bytes_per_record > 0:
        size = min(size, max(SHARE_READ_MIN_BYTES, int(bytes_per_record * max_records * SHARE_READ_SLACK)))
    return max(size, 1)


class _Entry:
    """A cached share partition: loaded (`sp` set), loading (`loading` set), and its lock timer."""

    __slots__ = ("bytes_per_record", "key", "loading", "sp", "state_epoch", "timer", "topic")

    def __init__(self, key: ShareKey, topic: str) -> None:
        self.key = key
        self.topic = topic
        self.sp: SharePartition | None = None
        self.loading: asyncio.Future[ErrorCode] | None = None
        self.state_epoch = 0
        self.timer: asyncio.TimerHandle | None = None
        self.bytes_per_record = 0.0  # of the last read: sizes the next one (0: unknown, read SHARE_READ_BYTES)


class SharePartitionManager:
    """Every share partition this broker leads, for every share group."""

    def __init__(self, logs: LogManager, clock: Clock, config: ShareConfig, store: Callable[[], StateStore],
                 group_configs: Callable[[str], dict[str, str]]) -> None:
        self.logs = logs
        self.clock = clock
        self.config = config
        self.partition_config = config.partition_config()
        self.store = store  # the share coordinator (renewed by a reset: asked each time)
        self.group_configs = group_configs
        self.entries: dict[ShareKey, _Entry] = {}
        self._waiters: dict[tuple[bytes, int], set[asyncio.Future[None]]] = {}
        self._background: set[asyncio.Task[Any]] = set()

    # ---------------------------------------------------------------------------------- group configs
    def lock_duration_ms(self, group_id: str) -> int:
        """SP-LOCK-1: the group's `share.record.lock.duration.ms`, else the broker's."""
        value = self.group_configs(group_id).get(SHARE_RECORD_LOCK_DURATION_MS)
        try:
            return int(value) if value is not None else self.config.group_share_record_lock_duration_ms
        except ValueError:
            return self.config.group_share_record_lock_duration_ms

    def read_committed(self, group_id: str) -> bool:
        """SP-RC-1: the group's `share.isolation.level` (read_uncommitted by default)."""
        return self.group_configs(group_id).get(SHARE_ISOLATION_LEVEL, "read_uncommitted") == READ_COMMITTED

    def reset_strategy(self, group_id: str) -> str:
        """SP-RESET-1: the group's `share.auto.offset.reset` (latest by default)."""
        return self.group_configs(group_id).get(SHARE_AUTO_OFFSET_RESET, "latest").strip().lower()

    # ------------------------------------------------------------------------------------- loading
    def loaded(self, key: ShareKey) -> SharePartition | None:
        entry = self.entries.get(key)
        return None if entry is None else entry.sp

    async def load(self, key: ShareKey, topic: str) -> ErrorCode:
        """SP-LOAD-1: the share partition from the share coordinator's Read, once; NONE when it can be fetched.
        A failed load drops it: the next fetch tries again."""
        entry = self.entries.get(key)
        if entry is not None and entry.sp is not None:
            return E.NONE
        if entry is None:
            entry = self.entries[key] = _Entry(key, topic)
        if entry.loading is None:
            entry.loading = asyncio.ensure_future(self._load(entry))
        loading = entry.loading
        return await asyncio.shield(loading)

    async def _load(self, entry: _Entry) -> ErrorCode:
        key = entry.key
        try:
            read = ReadShareGroupStateRequest
            request = read(group_id=key.group_id, topics=[read.ReadStateData(
                topic_id=key.topic_id, partitions=[read.PartitionData(partition=key.partition,
                                                                      leader_epoch=LEADER_EPOCH)])])
            response = await resolved(self.store().read_state(request))
            pr = response.results[0].partitions[0]
            if pr.error_code != E.NONE:
                log.info("share partition not loaded", group=key.group_id, topic=entry.topic,
                         partition=key.partition, error=ErrorCode(pr.error_code).name, message=pr.error_message)
                return self._drop_failed(entry, persister_error(pr.error_code))
            start = pr.start_offset
            if start < 0:
                start, error = self._reset_start(key.group_id, entry.topic, key.partition)
                if error != E.NONE:
                    return self._drop_failed(entry, error)
            batches = [ShareStateBatch(b.first_offset, b.last_offset, RecordState(b.delivery_state), b.delivery_count)
                       for b in pr.state_batches]
            entry.sp = SharePartition(start, batches, config=self.partition_config, clock=self.clock,
                                      timer_key=f"share-lock-{key.group_id}-{key.topic_id.hex()}-{key.partition}")
            entry.state_epoch = pr.state_epoch
            entry.loading = None
            return E.NONE
        except Exception:
            log.exception("share partition load failed", group=key.group_id, partition=key.partition)
            return self._drop_failed(entry, E.UNKNOWN_SERVER_ERROR)

    def _drop_failed(self, entry: _Entry, error: ErrorCode) -> ErrorCode:
        if self.entries.get(entry.key) is entry:
            del self.entries[entry.key]
        entry.loading = None
        return error

    def _reset_start(self, group_id: str, topic: str, partition: int) -> tuple[int, ErrorCode]:
        """SP-RESET-1 at load time: latest = the high watermark, earliest = the log start, by_duration:<d> =
        the first offset with a timestamp at or after now - d (OFFSET_NOT_AVAILABLE when there is none)."""
        plog = self.logs.get_log(topic, partition)
        if plog is None:
            return -1, E.UNKNOWN_TOPIC_OR_PARTITION
        strategy = self.reset_strategy(group_id)
        found: int | None = None
        if strategy.startswith("by_duration:"):
            ms = duration_ms(strategy.split(":", 1)[1])
            if ms is None:
                strategy = "latest"
            else:
                hit = plog.offset_for_timestamp(self.clock.now_ms() - ms)
                found = None if hit is None else hit[0]
        elif strategy not in ("latest", "earliest"):
            strategy = "latest"
        return reset_start_offset(strategy, log_start_offset=plog.log_start_offset,
                                  high_watermark=plog.high_watermark, offset_for_duration=found)

    def evict(self, keys: Iterable[ShareKey]) -> None:
        """SP-PERSIST-2: forget share partitions (reloaded from the share coordinator by the next fetch)."""
        for key in list(keys):
            entry = self.entries.pop(key, None)
            if entry is not None and entry.timer is not None:
                entry.timer.cancel()
                entry.timer = None

    def evict_group(self, group_id: str) -> None:
        self.evict(k for k in self.entries if k.group_id == group_id)

    # ----------------------------------------------------------------------------------- acquiring
    def acquire(self, key: ShareKey, member_id: str, *, max_records: int, batch_size: int, acquire_mode: int,
                max_bytes: int) -> FetchedPartition:
        """SP-ACQ-1..6 on a loaded share partition: read the log from its next fetch offset, acquire, slice."""
        entry = self.entries.get(key)
        sp = None if entry is None else entry.sp
        if entry is None or sp is None:
            return FetchedPartition(E.UNKNOWN_TOPIC_OR_PARTITION)
        plog = self.logs.get_log(entry.topic, key.partition)
        if plog is None:
            return FetchedPartition(E.UNKNOWN_TOPIC_OR_PARTITION)
        committed = self.read_committed(key.group_id)
        if sp.next_fetch_offset() < plog.log_start_offset:
            self._apply(entry, sp.update_log_start(plog.log_start_offset))  # SP-ADV-2
        offset = sp.next_fetch_offset()
        limit = plog.last_stable_offset if committed else plog.high_watermark
        if offset >= limit or max_records <= 0:
            return FetchedPartition()
        try:
            result = plog.read(offset, read_size(entry.bytes_per_record, max_records, max_bytes),
                               read_committed=committed)
        except OffsetOutOfRangeError:
            self._apply(entry, sp.update_log_start(plog.log_start_offset))
            return FetchedPartition()
        data = bytes(result.records)
        try:
            headers = list(iter_batches(data, validate=False))
        except CorruptRecordError:
            log.warning("share fetch read a damaged batch", topic=entry.topic, partition=key.partition, offset=offset)
            return FetchedPartition(E.CORRUPT_MESSAGE)
        batches = [LogBatch(h.base_offset, h.last_offset, h.producer_id, h.is_transactional, h.is_control)
                   for h in headers]
        if headers:
            entry.bytes_per_record = len(data) / (headers[-1].last_offset - headers[0].base_offset + 1)
        aborted = None
        if committed and result.aborted_transactions is not None:
            aborted = [(a.producer_id, a.first_offset) for a in result.aborted_transactions]
        acquisition = sp.acquire(member_id, batches, max_records=max_records, batch_size=batch_size,
                                 record_limit_mode=acquire_mode == ACQUIRE_MODE_RECORD_LIMIT,
                                 lock_duration_ms=self.lock_duration_ms(key.group_id),
                                 aborted_transactions=aborted, now_ms=self.clock.now_ms())
        self._apply_timers(entry, acquisition.timers)
        if not acquisition.records:
            return FetchedPartition()
        sent = {lb.base_offset for lb in batches_to_send(batches, acquisition.records)}
        chosen = [h for h in headers if h.base_offset in sent]
        start = chosen[0].position
        end = chosen[-1].position + chosen[-1].size_in_bytes
        return FetchedPartition(E.NONE, data[start:end], acquisition.records)

    # ------------------------------------------------------------------------ acknowledging, releasing
    async def acknowledge(self, key: ShareKey, member_id: str, batches: list[AcknowledgementBatch], *,
                          renew_allowed: bool) -> tuple[ErrorCode, str | None]:
        """SP-ACK-1..3, SP-LOCK-2: settle a member's records, persisted before this returns (SP-PERSIST-1)."""
        entry = self.entries.get(key)
        sp = None if entry is None else entry.sp
        if entry is None or sp is None:
            return E.UNKNOWN_TOPIC_OR_PARTITION, None  # SP-LOAD-1: an acknowledgement never loads
        ack = sp.acknowledge(member_id, batches, renew_allowed=renew_allowed,
                             lock_duration_ms=self.lock_duration_ms(key.group_id), now_ms=self.clock.now_ms())
        if ack.error_code != E.NONE:
            return ack.error_code, ack.error_message
        error = await self.persist(entry, ack.change)
        if error != E.NONE:
            return persister_error(error), None
        return E.NONE, None

    async def release_member(self, key: ShareKey, member_id: str) -> None:
        """SS-CL-1: the member's share session ended: its ACQUIRED records go back (count unchanged)."""
        entry = self.entries.get(key)
        if entry is None or entry.sp is None:
            return
        await self.persist(entry, entry.sp.release_member(member_id))

    def spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def persist(self, entry: _Entry, change: StateChange) -> ErrorCode:
        """SP-PERSIST-1: write the change through the share coordinator, then commit or roll it back.
        The share coordinator's error code (NONE once durable)."""
        sp = entry.sp
        self._apply_timers(entry, change.timers)
        write = change.write
        if sp is None or write is None:
            self.wake(entry.key)
            return E.NONE
        key = entry.key
        request = WriteShareGroupStateRequest(group_id=key.group_id, topics=[WriteShareGroupStateRequest.WriteStateData(
            topic_id=key.topic_id, partitions=[WriteShareGroupStateRequest.PartitionData(
                partition=key.partition, state_epoch=entry.state_epoch, leader_epoch=LEADER_EPOCH,
                start_offset=write.start_offset, delivery_complete_count=write.delivery_complete_count,
                state_batches=[PersistedBatch(b.first_offset, b.last_offset, int(b.delivery_state), b.delivery_count)
                               for b in write.state_batches])])])
        try:
            response = await resolved(self.store().write_state(request))
            error = ErrorCode(response.results[0].partitions[0].error_code)
        except Exception:
            log.exception("share state write failed", group=key.group_id, partition=key.partition)
            error = E.UNKNOWN_SERVER_ERROR
        if error != E.NONE:
            log.warning("share state write refused", group=key.group_id, partition=key.partition, error=error.name)
        if self.entries.get(key) is entry and entry.sp is sp:
            after = sp.complete_write(write.write_id, error == E.NONE, self.clock.now_ms())
            self._apply(entry, after)
            if error in EVICTING:
                self.evict([key])
        self.wake(key)
        return error

    def _apply(self, entry: _Entry, change: StateChange) -> None:
        """A change whose write (if any) goes out in the background (lock expiry, a rollback's expiry)."""
        if change.write is not None:
            self.spawn(self.persist(entry, change))
        else:
            self._apply_timers(entry, change.timers)

    # ------------------------------------------------------------------------------------------ locks
    def _apply_timers(self, entry: _Entry, timers: tuple[TimerOp, ...]) -> None:
        for op in timers:
            self._arm(entry, op.deadline_ms)

    def _arm(self, entry: _Entry, deadline_ms: int | None) -> None:
        if entry.timer is not None:
            entry.timer.cancel()
            entry.timer = None
        if deadline_ms is None:
            return
        delay = max(0.0, (deadline_ms - self.clock.now_ms()) / 1000)
        entry.timer = asyncio.get_running_loop().call_later(delay, self.expire_locks, entry.key)

    def expire_locks(self, key: ShareKey) -> None:
        """SP-LOCK-1: the share partition's lock timer fired: release what ran out, persist, wake fetches."""
        entry = self.entries.get(key)
        if entry is None or entry.sp is None:
            return
        entry.timer = None
        sp = entry.sp
        change = sp.expire_locks(self.clock.now_ms())
        if change.write is not None:
            self.spawn(self.persist(entry, change))
        else:
            self._apply_timers(entry, change.timers)
        if entry.timer is None and self.entries.get(key) is entry:
            deadline = sp.lock_deadline()
            if deadline is not None:  # not due yet by the broker's clock (a manual clock): armed again
                self._arm(entry, deadline)
        self.wake(key)

    # --------------------------------------------------------------------------------------- waking
    def waiter(self, parts: Iterable[tuple[bytes, int]]) -> asyncio.Future[None]:
        """A future done when any of these partitions may have acquirable records (the caller cancels it)."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        keys = list(parts)
        for tp in keys:
            self._waiters.setdefault(tp, set()).add(fut)

        def done(_f: asyncio.Future[None]) -> None:
            for tp in keys:
                waiting = self._waiters.get(tp)
                if waiting is not None:
                    waiting.discard(fut)
                    if not waiting:
                        del self._waiters[tp]

        fut.add_done_callback(done)
        return fut

    def wake_partition(self, topic_id: bytes, partition: int) -> None:
        for fut in list(self._waiters.get((topic_id, partition), ())):
            if not fut.done():
                fut.set_result(None)

    def wake_all(self) -> None:
        for waiting in list(self._waiters.values()):
            for fut in list(waiting):
                if not fut.done():
                    fut.set_result(None)

    def wake(self, key: ShareKey) -> None:
        self.wake_partition(key.topic_id, key.partition)

    def on_append(self, tp: tuple[str, int]) -> None:
        """A produce (or a transaction marker) grew a partition: parked share fetches on it try again."""
        if not self._waiters:
            return
        info = self.logs.topic(tp[0])
        if info is not None:
            self.wake_partition(info.topic_id, tp[1])

    # ------------------------------------------------------------------------------------- lifecycle
    async def settled(self) -> None:
        """Wait until the background writes (lock expiry, releases) are done."""
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    async def close(self) -> None:
        """Cancel every timer and background write; forget every share partition (a reset, a stop)."""
        for entry in self.entries.values():
            if entry.timer is not None:
                entry.timer.cancel()
        self.entries.clear()
        self.wake_all()
        tasks = [t for t in self._background if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
