"""Fetch as a delayed operation, plus ListOffsets and OffsetForLeaderEpoch.

A fetch that cannot be satisfied at once (fewer than ``min_bytes`` available) waits until an
append to one of its partitions completes it or ``max_wait_ms`` expires it — Kafka's
``DelayedFetch``. On one event loop no locks are needed: ``on_append`` re-checks the waiters
of that partition synchronously, and each waiter completes exactly once.

read_committed (isolation level 1, TX-RC-2..4): data stops at the last stable offset and each partition
lists the aborted transactions in range; whoever appends a transaction marker calls ``on_append`` for
that partition, so a parked read_committed fetch wakes when the LSO moves. Without transactional
producers the LSO is the high watermark and both levels read the same.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any, cast

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.broker.stats import BYTES_OUT, FAILED_FETCH, FETCH_REQUESTS
from kaflite.broker.topics import topic_by_id
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    FetchRequest,
    FetchResponse,
    ListOffsetsRequest,
    ListOffsetsResponse,
    OffsetForLeaderEpochRequest,
    OffsetForLeaderEpochResponse,
)
from kaflite.storage.errors import OffsetOutOfRangeError

PD = FetchResponse.PartitionData
AT = FetchResponse.AbortedTransaction
READ_COMMITTED = 1
TD = FetchResponse.FetchableTopicResponse

LATEST, EARLIEST, MAX_TIMESTAMP, EARLIEST_LOCAL, LATEST_TIERED = -1, -2, -3, -4, -5


class DelayedFetch:
    """One parked fetch request; ``try_complete`` is re-run whenever one of its partitions grows."""

    __slots__ = ("ctx", "future", "handler", "partitions", "req", "timer")

    def __init__(self, handler: FetchHandler, ctx: RequestContext, req: FetchRequest,
                 partitions: list[tuple[str, int]]) -> None:
        self.handler = handler
        self.ctx = ctx
        self.req = req
        self.partitions = partitions
        self.future: asyncio.Future[FetchResponse] = asyncio.get_running_loop().create_future()
        self.timer: asyncio.TimerHandle | None = None

    def try_complete(self, force: bool = False) -> bool:
        if self.future.done():
            return True
        resp, size, errors = self.handler.read(self.ctx, self.req)
        if force or errors or size >= self.req.min_bytes or self.ctx.connection.closed:
            self.complete(resp)
            return True
        return False

    def complete(self, resp: FetchResponse) -> None:
        if self.future.done():
            return
        if self.timer is not None:
            self.timer.cancel()
        self.handler.unpark(self)
        self.handler.count_out(self.ctx, resp)
        self.future.set_result(resp)


class FetchHandler:
    def __init__(self, context: BrokerContext,
                 append_listeners: Iterable[Callable[[tuple[str, int]], None]] = ()) -> None:
        self.context = context
        self.logs = context.logs
        self.leaders = context.leaders
        self.state = context.state
        context.leaders.on_leader_moved(self._leader_moved)
        self.waiting: dict[tuple[str, int], set[DelayedFetch]] = defaultdict(set)
        # Told of every append too (parked share fetches, kaflite.broker.shares).
        self.append_listeners = tuple(append_listeners)

    def register(self, router: Router) -> None:
        router.add(1, self.fetch)
        router.add(2, self.list_offsets)
        router.add(23, self.offset_for_leader_epoch)

    # -- Fetch ------------------------------------------------------------------------------------

    def fetch(self, ctx: RequestContext, req: FetchRequest) -> Any:
        resp, size, errors = self.read(ctx, req)
        if req.max_wait_ms <= 0 or size >= req.min_bytes or errors or not req.topics:
            self.count_out(ctx, resp)
            return resp
        tps = [(self._topic_name(ctx, t) or "", p.partition) for t in req.topics for p in t.partitions]
        op = DelayedFetch(self, ctx, req, tps)
        for tp in tps:
            self.waiting[tp].add(op)
        loop = asyncio.get_running_loop()
        op.timer = loop.call_later(req.max_wait_ms / 1000, op.try_complete, True)
        return op.future

    def count_out(self, ctx: RequestContext, resp: FetchResponse) -> None:
        """BrokerTopicMetrics for an answered fetch (/metrics on): bytes out, fetches and failed ones
        per partition, as Kafka's BytesOutPerSec and Total/FailedFetchRequestsPerSec."""
        stats = self.state.stats
        if stats is None:
            return
        for t in resp.responses:
            name = self._topic_name(ctx, t)
            if name is None:
                continue
            cell = stats.topic(name)
            for p in t.partitions:
                cell[FETCH_REQUESTS] += 1
                if p.error_code:
                    cell[FAILED_FETCH] += 1
                elif p.records is not None:
                    cell[BYTES_OUT] += len(p.records)

    def on_append(self, tp: tuple[str, int]) -> None:
        for listener in self.append_listeners:
            listener(tp)
        ops = self.waiting.get(tp)
        if ops:
            for op in list(ops):
                op.try_complete()

    async def _leader_moved(self, topic: str, partition: int, old: int, new: int) -> None:
        """A fetch parked on the partition is answered now: at its broker the partition is led elsewhere, or
        at a new epoch (Kafka completes delayed fetches when leadership changes)."""
        for op in list(self.waiting.get((topic, partition), ())):
            op.try_complete()

    def unpark(self, op: DelayedFetch) -> None:
        for tp in op.partitions:
            ops = self.waiting.get(tp)
            if ops is not None:
                ops.discard(op)
                if not ops:
                    del self.waiting[tp]

    def cancel_all(self) -> None:
        """Shutdown and reset: answer every parked fetch with what is there now."""
        for ops in list(self.waiting.values()):
            for op in list(ops):
                op.try_complete(force=True)

    def _topic_name(self, ctx: RequestContext, t: Any) -> str | None:
        if ctx.version >= 13:
            info = topic_by_id(self.logs, t.topic_id)
            return info.name if info else None
        return t.topic

    def read(self, ctx: RequestContext, req: FetchRequest) -> tuple[FetchResponse, int, bool]:
        """Read what is available now: (response, bytes of records, any partition error)."""
        logs = self.logs
        remaining = req.max_bytes if req.max_bytes > 0 else 0x7FFFFFFF
        total = 0
        errors = False
        committed = req.isolation_level == READ_COMMITTED
        leaders, several = self.leaders, not self.leaders.single
        topics = []
        endpoints: dict[int, FetchResponse.NodeEndpoint] = {}  # KIP-951 (v16+): the leaders named
        for t in req.topics:
            name = self._topic_name(ctx, t)
            info = logs.topic(name) if name is not None else None
            parts = []
            for p in t.partitions:
                out = PD(partition_index=p.partition, high_watermark=-1, last_stable_offset=-1,
                         log_start_offset=-1, records=b"")
                parts.append(out)
                plog = logs.get_log(info.name, p.partition) if info is not None else None
                if plog is None:
                    out.error_code = (ErrorCode.UNKNOWN_TOPIC_ID if ctx.version >= 13
                                      else ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
                    errors = True
                    continue
                if several or p.current_leader_epoch >= 0:
                    refused = leaders.check(ctx.node_id, plog.topic, p.partition, p.current_leader_epoch)
                    if refused != ErrorCode.NONE:
                        self._not_leader(ctx, plog.topic, out, refused, endpoints)
                        errors = True
                        continue
                hw = plog.log_end_offset
                out.high_watermark = hw
                out.last_stable_offset = plog.last_stable_offset
                out.log_start_offset = plog.log_start_offset
                limit = min(p.partition_max_bytes, remaining)
                if limit <= 0 and total > 0:
                    continue
                try:
                    # The first batch of the response is returned whole even past the limits (KIP-74).
                    result = plog.read_file_records(p.fetch_offset, max(limit, 1), min_one_batch=(total == 0),
                                                    read_committed=committed)
                except OffsetOutOfRangeError:
                    out.error_code = ErrorCode.OFFSET_OUT_OF_RANGE
                    errors = True
                    continue
                data = result.records
                # A slice of the segment, not its bytes: the codec passes it through by length and the
                # connection reads it as the socket drains (KafkaConnection._stream).
                out.records = cast("bytes", data)
                # Kafka's KafkaApis: null for read_uncommitted (abortedTransactions.orElse(null)), the list
                # (possibly empty) for read_committed.
                out.aborted_transactions = None if result.aborted_transactions is None else [
                    AT(producer_id=a.producer_id, first_offset=a.first_offset) for a in result.aborted_transactions]
                total += len(data)
                remaining -= len(data)
            topics.append(TD(topic=t.topic, topic_id=t.topic_id, partitions=parts))
        return FetchResponse(responses=topics, session_id=0, node_endpoints=list(endpoints.values())), total, errors

    def _not_leader(self, ctx: RequestContext, topic: str, out: PD, error: ErrorCode,
                    endpoints: dict[int, FetchResponse.NodeEndpoint]) -> None:
        """The partition refused (KafkaApis.handleFetchRequest): NOT_LEADER_OR_FOLLOWER and FENCED_LEADER_EPOCH
        carry the current leader and its endpoint from v16 (KIP-951)."""
        out.error_code = error
        if ctx.version < 16 or error not in (ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.FENCED_LEADER_EPOCH):
            return
        leader, epoch, address = self.context.current_leader(ctx.connection, topic, out.partition_index)
        out.current_leader = FetchResponse.LeaderIdAndEpoch(leader_id=leader, leader_epoch=epoch)
        if address is not None:
            endpoints[leader] = FetchResponse.NodeEndpoint(node_id=leader, host=address[0], port=address[1])

    # -- ListOffsets ------------------------------------------------------------------------------

    def list_offsets(self, ctx: RequestContext, req: ListOffsetsRequest) -> ListOffsetsResponse:
        logs = self.logs
        topics = []
        for t in req.topics:
            info = logs.topic(t.name)
            parts = []
            for p in t.partitions:
                out = ListOffsetsResponse.ListOffsetsPartitionResponse(
                    partition_index=p.partition_index, timestamp=-1, offset=-1, leader_epoch=-1)
                parts.append(out)
                plog = logs.get_log(t.name, p.partition_index) if info is not None else None
                if plog is None:
                    out.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                    continue
                refused = self.leaders.check(ctx.node_id, t.name, p.partition_index,
                                             p.current_leader_epoch if ctx.version >= 4 else -1)
                if refused != ErrorCode.NONE:
                    out.error_code = refused
                    continue
                ts = p.timestamp
                out.leader_epoch = 0
                # Partition.fetchOffsetForTimestamp: what a reader of this isolation level may fetch
                fetchable = plog.last_stable_offset if req.isolation_level == READ_COMMITTED \
                    else plog.high_watermark
                if ts == LATEST:
                    out.offset = fetchable  # TX-RC-3
                elif ts in (EARLIEST, EARLIEST_LOCAL):
                    out.offset = plog.log_start_offset
                elif ts == LATEST_TIERED:
                    out.offset = plog.log_start_offset - 1  # nothing is tiered
                elif ts == MAX_TIMESTAMP:
                    latest = plog.max_timestamp_offset()
                    if latest is not None:
                        out.offset, out.timestamp = latest
                elif ts < 0:
                    out.error_code = ErrorCode.INVALID_REQUEST
                else:
                    found = plog.offset_for_timestamp(ts)
                    if found is not None and found[0] < fetchable:
                        out.offset, out.timestamp = found
                    else:
                        out.leader_epoch = -1
                # UnifiedLog.fetchOffsetByTimestamp: the latest epoch for the log end, else the epoch the offset was
                # written in (one broker: 0).
                if out.offset >= 0 and out.leader_epoch >= 0:
                    out.leader_epoch = plog.leader_epoch if ts == LATEST else plog.epochs.epoch_for(out.offset)
            topics.append(ListOffsetsResponse.ListOffsetsTopicResponse(name=t.name, partitions=parts))
        return ListOffsetsResponse(topics=topics)

    # -- OffsetForLeaderEpoch ---------------------------------------------------------------------

    def offset_for_leader_epoch(self, ctx: RequestContext,
                                req: OffsetForLeaderEpochRequest) -> OffsetForLeaderEpochResponse:
        """Partition.lastOffsetForLeaderEpoch at the leader: the request's current leader epoch (v2+) checked,
        then where the asked epoch ended, from the log's leader-epoch checkpoint (an epoch newer than every
        one known: -1/-1, no error)."""
        R = OffsetForLeaderEpochResponse
        logs = self.logs
        topics = []
        for t in req.topics:
            parts = []
            for p in t.partitions:
                plog = logs.get_log(t.topic, p.partition)
                if plog is None:
                    parts.append(R.EpochEndOffset(partition=p.partition, leader_epoch=-1, end_offset=-1,
                                                  error_code=ErrorCode.UNKNOWN_TOPIC_OR_PARTITION))
                    continue
                refused = self.leaders.check(ctx.node_id, t.topic, p.partition,
                                             p.current_leader_epoch if ctx.version >= 2 else -1)
                if refused != ErrorCode.NONE:
                    parts.append(R.EpochEndOffset(partition=p.partition, leader_epoch=-1, end_offset=-1,
                                                  error_code=refused))
                    continue
                epoch, end = plog.epochs.end_offset_for(p.leader_epoch, plog.log_end_offset)
                parts.append(R.EpochEndOffset(partition=p.partition, leader_epoch=epoch, end_offset=end))
            topics.append(R.OffsetForLeaderTopicResult(topic=t.topic, partitions=parts))
        return R(topics=topics)
