"""Wires the group coordinator into the broker: FindCoordinator, the group APIs, `__consumer_offsets`.

The coordinator never touches storage; this module gives its runtime a writer (append a batch
of its records to a `__consumer_offsets` partition, fsync, return) and a loader (replay a
partition from its first offset). The topic is created on first use (B-FIND-2) and, when it
already exists at startup, every partition is replayed in the background while its groups
answer COORDINATOR_LOAD_IN_PROGRESS (B-LOG-3).
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator, Awaitable
from typing import TYPE_CHECKING, Any

import structlog

from kaflite.broker.connection import RequestContext
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.coordinator.apis import error_response
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.result import RequestContext as CoordinatorContext
from kaflite.coordinator.runtime import CoordinatorRuntime
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import FindCoordinatorRequest, FindCoordinatorResponse
from kaflite.protocol.records import NONE as NO_COMPRESSION
from kaflite.protocol.records import build_batch, decode_keys_values, iter_batches
from kaflite.storage.log import PartitionLog

if TYPE_CHECKING:
    from kaflite.broker.server import Broker

log = structlog.get_logger("kaflite.groups")

GROUP_KEY, TRANSACTION_KEY = 0, 1
LOAD_READ_BYTES = 4 * 1024 * 1024
LOAD_YIELD_RECORDS = 2_000  # records read, or keys replayed, between two event-loop turns of a load


class OffsetsTopicLog:
    """The runtime's writer and loader over the `__consumer_offsets` partitions."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self._dirty: set[int] = set()
        self._barrier: asyncio.Future[None] | None = None

    def _log(self, partition: int) -> PartitionLog:
        plog = self.broker.logs.get_log(CONSUMER_OFFSETS, partition)
        if plog is None:
            raise RuntimeError(f"{CONSUMER_OFFSETS}-{partition} does not exist")
        return plog

    def append(self, partition: int, records: list[tuple[bytes, bytes | None]]) -> asyncio.Future[None]:
        """Append one batch now; the future completes once it is fsynced (B-OFF-2).

        Group commit: every append of one event-loop iteration shares one fsync per partition,
        taken after the requests already received have been handled.
        """
        plog = self._log(partition)
        now = self.broker.clock.now_ms()
        batch = build_batch([(k, v, ()) for k, v in records], timestamp_ms=now, compression=NO_COMPRESSION)
        plog.append(batch, leader_epoch=0, now_ms=now)
        self._dirty.add(partition)
        if self._barrier is None:
            loop = asyncio.get_running_loop()
            self._barrier = loop.create_future()
            loop.call_soon(self._flush_dirty)
        return self._barrier

    def _flush_dirty(self) -> None:
        barrier, dirty = self._barrier, self._dirty
        self._barrier, self._dirty = None, set()
        assert barrier is not None
        now = self.broker.clock.now_ms()
        try:
            for p in sorted(dirty):
                self._log(p).flush(now)
        except Exception as exc:
            barrier.set_exception(exc)
        else:
            barrier.set_result(None)

    async def read(self, partition: int) -> AsyncIterator[tuple[bytes, bytes | None]]:
        """Each key once, with its last value (None for a tombstone), ordered by those last positions.

        What compaction would leave of the partition, and what Kafka's loader applies (it keeps the
        last value per key while reading): replay must give the same state on a compacted log, so
        this is the same state, without decoding and replaying every superseded commit. Async only
        to let the event loop in every LOAD_YIELD_RECORDS records, while reading and while replaying.
        """
        plog = self._log(partition)
        offset = plog.log_start_offset
        end = plog.log_end_offset
        latest: dict[bytes, bytes | None] = {}
        forget = latest.pop
        since_yield = 0
        while offset < end:
            data = plog.read(offset, LOAD_READ_BYTES).records
            if not data:
                break
            for h in iter_batches(data, validate=False):
                if h.is_control:
                    offset = h.next_offset
                    continue
                for record_offset, key, value in decode_keys_values(data, h.position):
                    if record_offset >= offset and key is not None:
                        forget(key, None)  # re-insert: dict order is then the order of last positions
                        latest[key] = value
                offset = h.next_offset
                since_yield += h.records_count
                if since_yield >= LOAD_YIELD_RECORDS:
                    since_yield = 0
                    await asyncio.sleep(0)
        for i, record in enumerate(latest.items(), 1):
            yield record
            if i % LOAD_YIELD_RECORDS == 0:
                await asyncio.sleep(0)


class GroupHandler:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        cfg = broker.config
        self.config = GroupCoordinatorConfig(
            group_initial_rebalance_delay_ms=cfg.group_initial_rebalance_delay_ms,
            group_min_session_timeout_ms=cfg.group_min_session_timeout_ms,
            group_max_session_timeout_ms=cfg.group_max_session_timeout_ms,
            group_max_size=cfg.group_max_size,
            offsets_retention_minutes=cfg.offsets_retention_minutes,
            offsets_retention_check_interval_ms=cfg.offsets_retention_check_interval_ms,
            offsets_topic_num_partitions=cfg.offsets_topic_num_partitions,
            offset_metadata_max_bytes=cfg.offset_metadata_max_bytes,
        )
        self.offsets_log = OffsetsTopicLog(broker)
        self.runtime = CoordinatorRuntime(self.offsets_log, self.offsets_log, self.config, clock=broker.clock)
        self._loading: asyncio.Task[None] | None = None

    # -- __consumer_offsets lifecycle -------------------------------------------------------------

    def start(self) -> None:
        """At startup an existing `__consumer_offsets` is replayed in the background (B-LOG-3)."""
        info = self.broker.logs.topic(CONSUMER_OFFSETS)
        if info is not None:
            self._loading = asyncio.create_task(self._load_all(info.partitions))

    def ensure_offsets_topic(self) -> None:
        """Create `__consumer_offsets` on first use (B-FIND-2) and start loading its partitions."""
        if self._loading is not None:
            return
        cfg = self.broker.config
        n = cfg.offsets_topic_num_partitions
        if self.broker.logs.topic(CONSUMER_OFFSETS) is None:
            self.broker.logs.create_topic(CONSUMER_OFFSETS, n, {
                "cleanup.policy": "compact",
                "segment.bytes": str(cfg.offsets_topic_segment_bytes),
                "compression.type": "producer",
            })
            log.info("created the offsets topic", topic=CONSUMER_OFFSETS, partitions=n)
        self._loading = asyncio.create_task(self._load_all(n))

    async def _load_all(self, partitions: int) -> None:
        for p in range(partitions):
            self.runtime.coordinator.begin_load(p)
        for p in range(partitions):
            await self.runtime.load_partition(p)

    async def stop(self) -> None:
        if self._loading is not None and not self._loading.done():
            self._loading.cancel()
            await asyncio.gather(self._loading, return_exceptions=True)
        await self.runtime.close()

    # -- FindCoordinator ---------------------------------------------------------------------------

    def find_coordinator(self, ctx: RequestContext, req: FindCoordinatorRequest) -> FindCoordinatorResponse:
        """Answered per key (B-FIND-3); the node is always us, once the group's partition is loaded."""
        b = self.broker
        self.ensure_offsets_topic()
        keys = req.coordinator_keys if ctx.version >= 4 else [req.key]
        results = []
        for key in keys:
            if req.key_type == GROUP_KEY:
                # A coordinator-error window (fault) stands for a coordinator that moved or is loading:
                # Kafka's FindCoordinator then answers COORDINATOR_NOT_AVAILABLE (B-FIND-2), never the
                # group APIs' NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS.
                moving = b.faults.coordinator_error_for(key) is not None
                error = ErrorCode.COORDINATOR_NOT_AVAILABLE if moving else self.runtime.coordinator_error(key)
            elif req.key_type == TRANSACTION_KEY:
                error = ErrorCode.NONE  # InitProducerId then refuses transactions clearly
            else:
                error = ErrorCode.INVALID_REQUEST
            ok = error == ErrorCode.NONE
            results.append(FindCoordinatorResponse.Coordinator(
                key=key, node_id=b.config.node_id if ok else -1, host=b.advertised_host if ok else "",
                port=b.port if ok else -1, error_code=error,
                error_message=None if ok else error.name))
        if ctx.version >= 4:
            return FindCoordinatorResponse(coordinators=results)
        r = results[0]
        return FindCoordinatorResponse(error_code=r.error_code, error_message=r.error_message,
                                       node_id=r.node_id, host=r.host, port=r.port)

    # -- group APIs --------------------------------------------------------------------------------

    def _call(self, api: str, ctx: RequestContext, req: Any, group: str | None, member: str | None = None) -> Any:
        """Hand the request to the runtime, unless a coordinator-error fault window is open."""
        faults = self.broker.faults
        if faults.coordinator_error is not None:
            error = faults.coordinator_error_for(group)
            if error is not None:
                return error_response(api, req, ctx.version, error)
        if group and member:
            ctx.connection.members.add((group, member))
        cctx = CoordinatorContext(client_id=ctx.client_id, client_host=f"/{ctx.client_host}")
        return self.runtime.call(api, req, ctx.version, cctx)  # the response, or an awaitable of it

    def join_group(self, ctx: RequestContext, req: Any) -> Any:
        self.ensure_offsets_topic()
        result = self._call("join_group", ctx, req, req.group_id)
        if inspect.isawaitable(result):
            return self._joined(ctx, req, result)
        return self._joined_now(ctx, req, result)

    async def _joined(self, ctx: RequestContext, req: Any, pending: Awaitable[Any]) -> Any:
        return self._joined_now(ctx, req, await pending)

    @staticmethod
    def _joined_now(ctx: RequestContext, req: Any, resp: Any) -> Any:
        if resp.member_id:
            ctx.connection.members.add((req.group_id, resp.member_id))  # for drop_member_connections
        return resp

    def sync_group(self, ctx: RequestContext, req: Any) -> Any:
        return self._call("sync_group", ctx, req, req.group_id, req.member_id)

    def heartbeat(self, ctx: RequestContext, req: Any) -> Any:
        return self._call("heartbeat", ctx, req, req.group_id, req.member_id)

    def leave_group(self, ctx: RequestContext, req: Any) -> Any:
        return self._call("leave_group", ctx, req, req.group_id)

    def offset_commit(self, ctx: RequestContext, req: Any) -> Any:
        self.ensure_offsets_topic()
        return self._call("offset_commit", ctx, req, req.group_id, req.member_id)

    def offset_fetch(self, ctx: RequestContext, req: Any) -> Any:
        self.ensure_offsets_topic()
        return self._call("offset_fetch", ctx, req, req.group_id if ctx.version < 8 else None)

    def describe_groups(self, ctx: RequestContext, req: Any) -> Any:
        return self._call("describe_groups", ctx, req, None)

    def list_groups(self, ctx: RequestContext, req: Any) -> Any:
        return self._call("list_groups", ctx, req, None)

    def delete_groups(self, ctx: RequestContext, req: Any) -> Any:
        return self._call("delete_groups", ctx, req, None)

    def offset_delete(self, ctx: RequestContext, req: Any) -> Any:
        return self._call("offset_delete", ctx, req, req.group_id)
