"""Wires the group coordinator into the broker: FindCoordinator, the group APIs, `__consumer_offsets`.

The group APIs are the rows of ``kaflite.coordinator.apis.GROUP_APIS``: ``GroupHandler.register``
routes each row (its key and version cap), and every route hands its request to the coordinator
runtime (``runtime.call(row, request, version, ctx)``) unless a coordinator-error fault window is
open, when it answers with the row's error answer.

The coordinator never touches storage; this module gives its runtime a writer (append a batch
of its records to a `__consumer_offsets` partition, fsync, return) and a loader (replay a
partition from its first offset). When it already exists at startup, every partition is replayed
in the background while its groups answer COORDINATOR_LOAD_IN_PROGRESS (B-LOG-3). Otherwise it is
created by the first group request (FindCoordinator, JoinGroup, OffsetCommit, OffsetFetch), which
waits for its empty partitions to load and is answered like a warm Kafka cluster would answer it:
no COORDINATOR_NOT_AVAILABLE / NOT_COORDINATOR for the client to retry (B-FIND-2).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

import structlog

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.flush import GroupCommit
from kaflite.broker.internal_topic import InternalTopic, partition_count
from kaflite.broker.offsets_load import LOAD_READ_BYTES, read_folded
from kaflite.broker.router import Router
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.clock import Clock
from kaflite.coordinator.apis import GROUP_APIS, GroupApi
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.runtime import CoordinatorRuntime
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import FindCoordinatorRequest, FindCoordinatorResponse
from kaflite.protocol.records import BatchHeader, RecordError, build_keyed_batch, decode_keys_values, iter_batches
from kaflite.storage.log import PartitionLog
from kaflite.storage.manager import LogManager

# The group machinery loads with the first runtime (GroupHandler.runtime), not with this module (issue 14: start-up).
if TYPE_CHECKING:
    from kaflite.coordinator.group import Transition
    from kaflite.coordinator.offsets import TransactionVerifier
    from kaflite.coordinator.records import LoadedRecord, ProducerIdAndEpoch
    from kaflite.coordinator.result import RequestContext as CoordinatorContext
    from kaflite.coordinator.snapshot import GroupSnapshot
    from kaflite.security.acl import StandardAuthorizer

log = structlog.get_logger("kaflite.groups")
fault_log = structlog.get_logger("kaflite.faults")

GROUP_KEY, TRANSACTION_KEY = 0, 1
# A partition's buffered coordinator records are written early past this much (Kafka's runtime caps its
# batches at the partition's max.message.bytes, 1 MiB by default).
MAX_BUFFERED_BYTES = 256 * 1024
MAX_CACHED_CONTEXTS = 4_096  # (client id, host) pairs whose coordinator context is kept for their next request


#: Kafka's ``Errors.message()`` for every code FindCoordinator answers here: v0-3 answers carry it, on
#: success too ("NONE": Errors.NONE has no exception, so its message is its name).
_ERROR_MESSAGES: dict[ErrorCode, str] = {
    ErrorCode.NONE: "NONE",
    ErrorCode.COORDINATOR_LOAD_IN_PROGRESS: "The coordinator is loading and hence can't process requests.",
    ErrorCode.COORDINATOR_NOT_AVAILABLE: "The coordinator is not available.",
    ErrorCode.NOT_COORDINATOR: "This is not the correct coordinator.",
    ErrorCode.INVALID_REQUEST: "This most likely occurs because of a request being malformed by the client "
                               "library or the message was sent to an incompatible broker. See the broker logs "
                               "for more details.",
}


def _error_message(code: int) -> str:
    error = ErrorCode(code)
    return _ERROR_MESSAGES.get(error, error.name)


class TransactionCoordinatorFinder(Protocol):
    """What FindCoordinator needs of the transaction handler (which imports this module, not the reverse)."""

    def ensure_state_topic(self) -> asyncio.Task[None] | None: ...

    def coordinator_error(self, transactional_id: str) -> ErrorCode: ...


class _Buffered:
    """A partition's records waiting for its next flush: one batch, stamped when its first record came."""

    __slots__ = ("plog", "records", "size", "timestamp_ms")

    def __init__(self, plog: PartitionLog, timestamp_ms: int) -> None:
        self.plog = plog
        self.timestamp_ms = timestamp_ms
        self.records: list[tuple[bytes, bytes | None]] = []
        self.size = 0  # their bytes, roughly: the batch is written early past MAX_BUFFERED_BYTES


class OffsetsTopicLog:
    """A coordinator's writer and loader over its topic's partitions: `__consumer_offsets` for the group
    runtime, `__transaction_state` for the transaction runtime (same layout rules, same folding)."""

    def __init__(self, logs: LogManager, clock: Clock, topic: str = CONSUMER_OFFSETS,
                 commits: GroupCommit | None = None, *, fsync: bool = True) -> None:
        self.logs = logs
        self.clock = clock
        self.topic = topic
        self.commits = commits or GroupCommit(clock)
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
            plog.append(build_keyed_batch(records, timestamp_ms=now), leader_epoch=0, now_ms=now, defer_flush=True,
                        trusted=True)
        else:
            batch = build_keyed_batch(records, timestamp_ms=now, base_offset=plog.log_end_offset,
                                      partition_leader_epoch=0, producer_id=producer.producer_id,
                                      producer_epoch=producer.producer_epoch, base_sequence=0, is_transactional=True)
            plog.append(batch, leader_epoch=0, now_ms=now, assign_offsets=False, defer_flush=True, trusted=True)
        return self._durable(plog)

    def _write_buffered(self, partition: int) -> None:
        """Append the partition's buffered records as one batch. A failure (ENOSPC, EIO) fails every append
        waiting on the partition's next flush (they are not in the log) and is raised."""
        buffered = self._buffered.pop(partition, None)
        if buffered is None:
            return
        try:
            batch = build_keyed_batch(buffered.records, timestamp_ms=buffered.timestamp_ms)
            buffered.plog.append(batch, leader_epoch=0, now_ms=self.clock.now_ms(), defer_flush=True, trusted=True)
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
        """Each key once, with its last value (None for a tombstone), ordered by those last positions.

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


class GroupHandler:
    """FindCoordinator and the group APIs, over one coordinator runtime (renewed by a reset).

    The runtime is built by the first thing that needs it -- a group request, the load of an existing
    `__consumer_offsets` at start --, not with the handler: the group coordinator is the biggest import
    of the broker, and a fresh broker that only produces and fetches never needs it (issue 14: start-up).
    """

    def __init__(self, context: BrokerContext) -> None:
        self.broker_config = cfg = context.config
        self.clock = context.clock
        self.logs = context.logs
        self.faults = context.faults
        self.state = context.state
        self.metadata = context.metadata
        self.group_configs = context.group_configs.configs_of
        self.commits = context.commits
        offsets_partitions = partition_count(self.logs, CONSUMER_OFFSETS, cfg.offsets_topic_num_partitions)
        self.config = GroupCoordinatorConfig(
            group_initial_rebalance_delay_ms=cfg.group_initial_rebalance_delay_ms,
            group_min_session_timeout_ms=cfg.group_min_session_timeout_ms,
            group_max_session_timeout_ms=cfg.group_max_session_timeout_ms,
            group_max_size=cfg.group_max_size,
            offsets_retention_minutes=cfg.offsets_retention_minutes,
            offsets_retention_check_interval_ms=cfg.offsets_retention_check_interval_ms,
            offsets_topic_num_partitions=offsets_partitions,
            offset_metadata_max_bytes=cfg.offset_metadata_max_bytes,
            group_coordinator_rebalance_protocols=cfg.group_coordinator_rebalance_protocols,
            group_consumer_session_timeout_ms=cfg.group_consumer_session_timeout_ms,
            group_consumer_min_session_timeout_ms=cfg.group_consumer_min_session_timeout_ms,
            group_consumer_max_session_timeout_ms=cfg.group_consumer_max_session_timeout_ms,
            group_consumer_heartbeat_interval_ms=cfg.group_consumer_heartbeat_interval_ms,
            group_consumer_min_heartbeat_interval_ms=cfg.group_consumer_min_heartbeat_interval_ms,
            group_consumer_max_heartbeat_interval_ms=cfg.group_consumer_max_heartbeat_interval_ms,
            group_consumer_max_size=cfg.group_consumer_max_size,
            group_consumer_assignors=cfg.group_consumer_assignors,
            group_consumer_migration_policy=cfg.group_consumer_migration_policy,
            group_consumer_regex_refresh_interval_ms=cfg.group_consumer_regex_refresh_interval_ms,
        )
        self.offsets_topic = InternalTopic(self.logs, CONSUMER_OFFSETS, offsets_partitions, {
            "cleanup.policy": "compact",
            "segment.bytes": str(cfg.offsets_topic_segment_bytes),
            "compression.type": "producer",
            # kaflite's, not Kafka's: a commit is fsynced before its answer, and an fsync that overwrites
            # allocated blocks skips the journal commit a growing file needs (storage/segment.py)
            "preallocate": "true",
        }, self._load_all, prepare=lambda: self.runtime)
        # TxnOffsetCommit's verification (TX-OFF-1): set by the transaction handler, which is built after this one.
        self.verify_transaction: TransactionVerifier | None = None
        # FindCoordinator key type 1 (TX-CO-1): the transaction handler, set by it.
        self.transactions: TransactionCoordinatorFinder | None = None
        self._runtime: CoordinatorRuntime | None = None
        self._offsets_log: OffsetsTopicLog | None = None
        # With `authorizer.class.name`: the broker's authorizer (set by it), whose DESCRIBE decisions a regex
        # subscription resolves through (CG-RX-1).
        self.authorizer: StandardAuthorizer | None = None
        self._contexts: dict[tuple[str | None, str, str], CoordinatorContext] = {}

    @property
    def runtime(self) -> CoordinatorRuntime:
        """The coordinator runtime; built (synchronously, importing the group machinery) on first use."""
        runtime = self._runtime
        if runtime is None:
            runtime = self._new_runtime()
        return runtime

    @property
    def offsets_log(self) -> OffsetsTopicLog:
        """The runtime's writer and loader over `__consumer_offsets` (built with it)."""
        offsets_log = self._offsets_log
        if offsets_log is None:
            self._new_runtime()
            offsets_log = self._offsets_log
            assert offsets_log is not None
        return offsets_log

    def _new_runtime(self) -> CoordinatorRuntime:
        offsets_log = OffsetsTopicLog(self.logs, self.clock, commits=self.commits,
                                     fsync=self.broker_config.offsets_commit_fsync_enable)
        self._offsets_log = offsets_log
        self._runtime = runtime = CoordinatorRuntime(
            offsets_log, offsets_log, self.config, clock=self.clock, partition_exists=self._partition_exists,
            metadata=self.metadata, group_configs=self.group_configs, verify_transaction=self._verify_transaction)
        return runtime

    def _verify_transaction(self, transactional_id: str, producer_id: int, producer_epoch: int, partition: int,
                            version: int) -> ErrorCode | None:
        verify = self.verify_transaction
        return None if verify is None else verify(transactional_id, producer_id, producer_epoch, partition, version)

    def _partition_exists(self, topic: str, partition: int) -> bool:
        """The coordinator's view of the topics (Kafka's metadata cache): OffsetCommit and OffsetDelete
        answer UNKNOWN_TOPIC_OR_PARTITION for a partition that does not exist."""
        return self.logs.get_log(topic, partition) is not None

    def on_partitions_deleted(self, partitions: list[tuple[str, int]]) -> None:
        """A topic was deleted: the coordinator tombstones its offsets in every group (Kafka's
        onPartitionsDeleted). No runtime yet: no group request was served and nothing was loaded, so no
        group has offsets to tombstone."""
        if self._runtime is not None:
            self._runtime.on_partitions_deleted(partitions)

    def register(self, router: Router) -> None:
        """FindCoordinator, and a route per row of the group API table (its key and version cap).

        A row whose rebalance protocol is not in `group.coordinator.rebalance.protocols` is neither
        advertised nor served: clients then keep to the classic protocol, and a request for it gets
        UNSUPPORTED_VERSION, as from Kafka (KafkaApis.handleConsumerGroupHeartbeat)."""
        router.add(10, self.find_coordinator)
        protocols = self.config.group_coordinator_rebalance_protocols
        for api in GROUP_APIS:
            if api.requires_protocol is not None and api.requires_protocol not in protocols:
                router.disable(api.api_key)
                continue
            router.add(api.api_key, self._route(api), max_version=api.max_version)

    def _route(self, api: GroupApi) -> Callable[[RequestContext, Any], Any]:
        return functools.partial(self.call, api)  # bound to this handler, which outlives a reset

    # -- __consumer_offsets lifecycle -------------------------------------------------------------

    def start(self) -> None:
        """At startup an existing `__consumer_offsets` is replayed in the background (B-LOG-3): its runtime is
        built now, to load it (a fresh data directory leaves that to the first group request)."""
        if self.logs.topic(CONSUMER_OFFSETS) is not None and self._runtime is None:
            self._new_runtime()
        self.offsets_topic.start()

    def ensure_offsets_topic(self) -> asyncio.Task[None] | None:
        """Create `__consumer_offsets` on first use (B-FIND-2) and start loading its partitions; the load to
        wait for while it is one created just now (see internal_topic.py)."""
        return self.offsets_topic.ensure()

    async def _load_all(self, partitions: int) -> None:
        for p in range(partitions):
            self.runtime.begin_load(p)
        for p in range(partitions):
            await self.runtime.load_partition(p)

    async def unload(self) -> None:
        """Resign as coordinator of every owned partition, as Kafka does when it shuts down: parked
        JoinGroup/SyncGroup (and requests still waiting on a write) are answered NOT_COORDINATOR at
        once, so clients look for the coordinator again instead of waiting out the shutdown."""
        await self.offsets_topic.cancel_loading()
        for p in range(self.offsets_topic.owned):
            await self.runtime.unload_partition(p)

    async def stop(self) -> None:
        await self.offsets_topic.cancel_loading()
        if self._runtime is not None:  # never built: nothing parked, no timers, nothing to close
            await self._runtime.close()

    def renew(self) -> None:
        """After a reset (``stop()``, then every topic deleted): a fresh runtime (built on first use, as at
        start), nothing loaded; `__consumer_offsets` is created again on first use. The routes stay as they are."""
        self.offsets_topic.renew()
        self._runtime = self._offsets_log = None

    # -- FindCoordinator ---------------------------------------------------------------------------

    def find_coordinator(self, ctx: RequestContext, req: FindCoordinatorRequest) -> Any:
        """Answered per key (B-FIND-3); the node is always us, once the group's partition is loaded (a
        transactional id's: once `__transaction_state` exists, created by the first such request)."""
        if req.key_type == TRANSACTION_KEY and self.transactions is not None:
            loading = self.transactions.ensure_state_topic()
        else:
            loading = self.ensure_offsets_topic()
        if loading is not None:
            return _after(loading, self._find_coordinator, ctx, req)
        return self._find_coordinator(ctx, req)

    def _find_coordinator(self, ctx: RequestContext, req: FindCoordinatorRequest) -> FindCoordinatorResponse:
        node = self.broker_config.node_id
        host, port = ctx.connection.advertised()
        keys = req.coordinator_keys if ctx.version >= 4 else [req.key]
        results = []
        for key in keys:
            if req.key_type == GROUP_KEY:
                # A coordinator-error window (fault) stands for a coordinator that moved or is loading:
                # Kafka's FindCoordinator then answers COORDINATOR_NOT_AVAILABLE (B-FIND-2), never the
                # group APIs' NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS.
                moving = self.faults.coordinator_error_for(key) is not None
                error = ErrorCode.COORDINATOR_NOT_AVAILABLE if moving else self.runtime.coordinator_error(key)
            elif req.key_type == TRANSACTION_KEY and self.transactions is not None:
                error = self.transactions.coordinator_error(key)
            else:
                error = ErrorCode.INVALID_REQUEST
            ok = error == ErrorCode.NONE
            # v4+: Kafka never sets a key's message, so it goes out as the schema's default "", except when
            # the whole request failed (an unknown key type: FindCoordinatorRequest.getErrorResponse sets
            # Errors.message()); v0-3 always carry Errors.message().
            message = _error_message(error) if error == ErrorCode.INVALID_REQUEST else ""
            results.append(FindCoordinatorResponse.Coordinator(
                key=key, node_id=node if ok else -1, host=host if ok else "",
                port=port if ok else -1, error_code=error, error_message=message))
        if ctx.version >= 4:
            return FindCoordinatorResponse(coordinators=results)
        r = results[0]
        return FindCoordinatorResponse(error_code=r.error_code, error_message=_error_message(r.error_code),
                                       node_id=r.node_id, host=r.host, port=r.port)

    # -- group APIs --------------------------------------------------------------------------------

    def call(self, api: GroupApi, ctx: RequestContext, req: Any) -> Any:
        """Hand the request to the runtime (the response, or an awaitable of it), unless a
        coordinator-error fault window is open for its group. While `__consumer_offsets` created
        just now loads, every group API waits for it."""
        loading = self.ensure_offsets_topic() if api.creates_offsets_topic else self.offsets_topic.fresh_loading()
        if loading is not None:
            return _after(loading, self._call, api, ctx, req)
        return self._call(api, ctx, req)

    def _call(self, api: GroupApi, ctx: RequestContext, req: Any) -> Any:
        version = ctx.version
        group = api.group_of(req, version) if api.group_of is not None else None
        faults = self.faults
        if faults.coordinator_error is not None:
            error = faults.coordinator_error_for(group)
            if error is not None:
                return api.error_answer(req, version, error)
        member = api.member_of(req) if api.member_of is not None else None
        if group and member:
            ctx.connection.members.add((group, member))  # for drop_member_connections
        conn = ctx.connection
        who = (ctx.header.client_id, conn.peer_host, conn.principal)
        cctx = self._contexts.get(who)
        if cctx is None:  # one per client id, host and principal, not one per request
            cctx = self._contexts[who] = self._coordinator_context(ctx)
        runtime = self._runtime if self._runtime is not None else self._new_runtime()  # (`runtime`, inlined)
        result = runtime.call(api, req, version, cctx)
        if not (api.assigns_member_id and group):
            return result
        if inspect.isawaitable(result):
            return self._remember_assigned_member(ctx, group, result)
        return _remembered(ctx, group, result)

    def _coordinator_context(self, ctx: RequestContext) -> CoordinatorContext:
        """Who sent it, for the coordinator; with an authorizer, also what that principal from that host may
        DESCRIBE, asked live (an ACL change is seen at the next resolution)."""
        from kaflite.coordinator.result import RequestContext as CoordinatorContext

        if len(self._contexts) >= MAX_CACHED_CONTEXTS:
            self._contexts.clear()
        may_describe = None
        if self.authorizer is not None:
            from kaflite.security.acl import AclOperation, ResourceType

            conn = ctx.connection
            may_describe = functools.partial(self.authorizer.authorize, conn.principal, conn.peer_host,
                                             AclOperation.DESCRIBE, ResourceType.TOPIC)
        return CoordinatorContext(client_id=ctx.client_id, client_host=f"/{ctx.client_host}",
                                  may_describe=may_describe)

    @staticmethod
    async def _remember_assigned_member(ctx: RequestContext, group: str, pending: Awaitable[Any]) -> Any:
        return _remembered(ctx, group, await pending)

    # -- state for tools and tests (the admin endpoint, kaflite.testing) -------------------------

    def group_ids(self) -> list[str]:
        return sorted(self.runtime.group_ids())

    def snapshot(self, group_id: str) -> GroupSnapshot | None:
        return self.runtime.snapshot(group_id)

    def history(self, group_id: str) -> list[Transition]:
        return self.runtime.history(group_id)

    async def wait_for_group(self, group_id: str, state: Enum | str | None, members: int | None,
                             generation: int | None, timeout: float, *,
                             epoch: int | None = None) -> GroupSnapshot | None:
        """The runtime's wait (driven by transitions); TimeoutError once ``timeout`` s are over.

        ``state``: Kafka's name in any group type; ``epoch``: a consumer group's group epoch.
        """
        deadline = time.monotonic() + timeout
        while True:
            # A reset renews the runtime: wait on whichever one is current.
            runtime = self.runtime
            try:
                return await runtime.wait_for_group(group_id, state=state, members=members, generation=generation,
                                                    epoch=epoch, timeout=max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                if runtime is self.runtime or time.monotonic() >= deadline:
                    raise

    def group_records(self, group_id: str) -> Iterator[tuple[int, int, bytes, bytes | None]]:
        """The records of the group's `__consumer_offsets` partition, every version (see `records`)."""
        return self.offsets_log.records(self.runtime.find_coordinator_partition(group_id))

    def topic_name(self, topic_id: bytes) -> str | None:
        t = self.metadata.topic_by_id(topic_id)
        return None if t is None else t.name

    def expire_member(self, group_id: str, member_id: str) -> bool:
        """A fault: expire the member's session now, instead of waiting its session timeout (classic
        session.timeout.ms, or a consumer group's group.consumer.session.timeout.ms)."""
        expired = self.runtime.expire_member(group_id, member_id)
        fault_log.info("fault applied", fault="expire-member", group=group_id, member=member_id, expired=expired)
        return expired

    def fence_member(self, group_id: str, member_id: str) -> bool:
        """A fault: fence a consumer-group member now (it must rejoin at epoch 0); classic: expire."""
        fenced = self.runtime.fence_member(group_id, member_id)
        fault_log.info("fault applied", fault="fence-member", group=group_id, member=member_id, fenced=fenced)
        return fenced


async def _after(loading: asyncio.Task[None], answer: Callable[..., Any], *args: Any) -> Any:
    """`answer(*args)` once `loading` is over. asyncio.wait neither raises the load's failure nor
    cancels the load when this request is cancelled (its connection closed): a failed or cancelled
    load leaves the partitions not loaded, and the runtime answers accordingly."""
    await asyncio.wait((loading,))
    result = answer(*args)
    return await result if inspect.isawaitable(result) else result


def _remembered(ctx: RequestContext, group: str, resp: Any) -> Any:
    """The member id an answer handed out, remembered for the connection (drop_member_connections)."""
    if resp.member_id:
        ctx.connection.members.add((group, resp.member_id))
    return resp
