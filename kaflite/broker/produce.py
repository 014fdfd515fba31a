"""Produce: batches go to the log as they came; records are decoded only where a
per-record check can fail (a compacted topic, a timestamp past its bounds: KIP-467 names each bad record)."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable
from typing import Any

import structlog

from kaflite.broker.context import NO_RESPONSE, BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.broker.stats import BYTES_IN, FAILED_PRODUCE, MESSAGES_IN, PRODUCE_REQUESTS
from kaflite.broker.topics import is_internal, topic_by_id
from kaflite.protocol.compression import ZSTD
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ProduceRequest, ProduceResponse
from kaflite.protocol.record_errors import RecordError
from kaflite.protocol.records import (
    ATTRIBUTES_OFFSET,
    COMPRESSION_MASK,
    HEADER_SIZE,
    LOG_OVERHEAD,
    MAGIC_OFFSET,
    MAGIC_V2,
)
from kaflite.storage.errors import RecordValidationError, StorageError
from kaflite.storage.log import PartitionLog

log = structlog.get_logger("kaflite.produce")
_INT32 = struct.Struct(">i")
_INT16 = struct.Struct(">h")

PR = ProduceResponse.PartitionProduceResponse
TR = ProduceResponse.TopicProduceResponse
RE = ProduceResponse.BatchIndexAndErrorMessage

#: Errors Kafka's ReplicaManager answers without the log start offset (LogAppendInfo.UNKNOWN_LOG_APPEND_INFO);
#: every other append error carries it. Only RecordValidationError carries a message (error_message):
#: Kafka leaves it null for the rest, whatever the exception said.
_NO_LOG_START_OFFSET = frozenset({
    ErrorCode.CORRUPT_MESSAGE, ErrorCode.MESSAGE_SIZE_TOO_LARGE, ErrorCode.RECORD_LIST_TOO_LARGE,
    ErrorCode.KAFKA_STORAGE_ERROR, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
})

_HEADER_SIZE_UP_TO_MAGIC = LOG_OVERHEAD + 5
_RECORD_OVERHEAD_V0 = 14  # LegacyRecord.RECORD_OVERHEAD_V0: the smallest length Kafka's batch reader accepts


def request_records_error(version: int, records: bytes | bytearray | memoryview | None) -> ErrorCode | None:
    """Kafka's ProduceRequest.validateRecords (v3+), checked before anything is appended: exactly one
    complete RecordBatch v2 per partition (INVALID_RECORD), no ZSTD before v7
    (UNSUPPORTED_COMPRESSION_TYPE). Counts batches as Kafka's reader does: an incomplete trailing
    fragment is not a batch (storage refuses it later as CORRUPT_MESSAGE)."""
    if records is None:
        return ErrorCode.INVALID_RECORD
    size = len(records)
    # What every producer sends: one whole v2 batch. Two unpacks, then the general walk for the rest.
    if size >= HEADER_SIZE and _INT32.unpack_from(records, 8)[0] + LOG_OVERHEAD == size \
            and records[MAGIC_OFFSET] == MAGIC_V2:
        if version < 7 and _INT16.unpack_from(records, ATTRIBUTES_OFFSET)[0] & COMPRESSION_MASK == ZSTD:
            return ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
        return None
    pos = 0
    batches = 0
    first_magic = first_attributes = 0
    while size - pos >= LOG_OVERHEAD:
        length = _INT32.unpack_from(records, pos + 8)[0]
        if length < _RECORD_OVERHEAD_V0:
            return ErrorCode.CORRUPT_MESSAGE
        if size - pos < _HEADER_SIZE_UP_TO_MAGIC:
            break
        magic = records[pos + MAGIC_OFFSET]
        if magic > MAGIC_V2:
            return ErrorCode.CORRUPT_MESSAGE
        if size - pos < length + LOG_OVERHEAD:
            break
        if batches == 0:
            first_magic = magic
            if magic == MAGIC_V2 and size - pos >= HEADER_SIZE:
                first_attributes = _INT16.unpack_from(records, pos + ATTRIBUTES_OFFSET)[0]
        batches += 1
        pos += length + LOG_OVERHEAD
    if batches == 0 or first_magic != MAGIC_V2:
        return ErrorCode.INVALID_RECORD
    if version < 7 and first_attributes & COMPRESSION_MASK == ZSTD:
        return ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
    if batches > 1:
        return ErrorCode.INVALID_RECORD
    return None


ProduceVerifier = Callable[[str, str, int, PartitionLog, Any, int], "ErrorCode | None"]
"""(transactional id, topic, partition, its log, the batch, Produce version) -> None to append, else the error."""


class ProduceHandler:
    """``on_append((topic, partition))`` is told of every partition a request appended to (so parked
    fetches of that partition complete)."""

    def __init__(self, context: BrokerContext, on_append: Callable[[tuple[str, int]], None],
                 verify_transaction: ProduceVerifier | None = None) -> None:
        self.context = context
        self.logs = context.logs
        self.leaders = context.leaders
        self.clock = context.clock
        self.commits = context.commits
        self.state = context.state
        self.on_append = on_append
        # TX-PRD-2: the transaction handler's check of a transactional batch (set by it; None: no check).
        self.verify_transaction = verify_transaction

    def register(self, router: Router) -> None:
        router.add(0, self.produce)

    def produce(self, ctx: RequestContext, req: ProduceRequest) -> Any:
        logs = self.logs
        now = self.clock.now_ms()
        topics_out = []
        appended: list[tuple[str, int]] = []
        durable: list[tuple[PartitionLog, PR, asyncio.Future[None]]] = []
        transactional_id = req.transactional_id
        verify = self.verify_transaction if transactional_id is not None else None
        stats = self.state.stats
        endpoints: dict[int, ProduceResponse.NodeEndpoint] = {}  # KIP-951: the leaders named in the answer
        for t in req.topic_data:
            info = topic_by_id(logs, t.topic_id) if ctx.version >= 13 else logs.topic(t.name)
            parts = []
            for p in t.partition_data:
                out = PR(index=p.index, base_offset=-1, log_append_time_ms=-1, log_start_offset=-1)
                parts.append(out)
                if info is None:
                    out.error_code = ErrorCode.UNKNOWN_TOPIC_ID if ctx.version >= 13 else \
                        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                    continue
                plog = logs.get_log(info.name, p.index)
                if plog is None:
                    out.error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                    continue
                invalid = request_records_error(ctx.version, p.records)
                if invalid is not None:
                    out.error_code = invalid
                    continue
                if is_internal(info.name):
                    out.error_code = ErrorCode.INVALID_TOPIC_EXCEPTION
                    continue
                if not self.leaders.single and not self.leaders.leads(ctx.node_id, info.name, p.index):
                    self._not_leader(ctx, info.name, out, endpoints)
                    continue
                assert p.records is not None  # request_records_error saw exactly one batch
                if verify is not None and transactional_id is not None:
                    refused = verify(transactional_id, info.name, p.index, plog, p.records, ctx.version)
                    if refused is not None:
                        out.error_code = refused
                        out.log_start_offset = plog.log_start_offset
                        continue
                try:
                    res = plog.append(p.records, leader_epoch=plog.leader_epoch, now_ms=now, defer_flush=True)
                except RecordValidationError as e:
                    # KIP-467: the one produce error Kafka answers with its message and the bad records.
                    out.error_code = e.error_code
                    out.error_message = str(e)
                    out.record_errors = [RE(batch_index=i, batch_index_error_message=m) for i, m in e.record_errors]
                    out.log_start_offset = plog.log_start_offset
                    continue
                except (RecordError, StorageError) as e:
                    out.error_code = e.error_code
                    if e.error_code not in _NO_LOG_START_OFFSET:
                        out.log_start_offset = plog.log_start_offset
                    ctx.log.debug("produce refused", topic=info.name, partition=p.index, error=str(e))
                    continue
                # A retried duplicate (DUPLICATE_SEQUENCE_NUMBER) is answered, as Kafka does, with
                # success and the offset it was first written at.
                out.base_offset = res.first_offset
                out.log_append_time_ms = res.log_append_time_ms
                out.log_start_offset = res.log_start_offset
                if res.error_code == ErrorCode.NONE:
                    appended.append((info.name, p.index))
                    if stats is not None:
                        cell = stats.topic(info.name)
                        cell[BYTES_IN] += len(p.records)
                        cell[MESSAGES_IN] += res.records_count
                    if plog.flush_messages_reached:
                        durable.append((plog, out, self.commits.dirty(plog)))
            if stats is not None and info is not None:  # Kafka's Total/FailedProduceRequestsPerSec: per partition
                cell = stats.topic(info.name)
                cell[PRODUCE_REQUESTS] += len(parts)
                cell[FAILED_PRODUCE] += sum(1 for out in parts if out.error_code)
            topics_out.append(TR(name=t.name, topic_id=t.topic_id, partition_responses=parts))
        for tp in appended:
            self.on_append(tp)
        resp = ProduceResponse(responses=topics_out, node_endpoints=list(endpoints.values()))
        if durable:
            return self._answer_when_flushed(ctx, req, resp, durable)
        return self._answer(ctx, req, resp)

    def _not_leader(self, ctx: RequestContext, topic: str, out: PR,
                    endpoints: dict[int, ProduceResponse.NodeEndpoint]) -> None:
        """NOT_LEADER_OR_FOLLOWER (no log start offset: Kafka's UNKNOWN_LOG_APPEND_INFO); from v10 with the
        current leader and its endpoint (KIP-951), so the producer retries there without a metadata round."""
        out.error_code = ErrorCode.NOT_LEADER_OR_FOLLOWER
        if ctx.version < 10:
            return
        leader, epoch, address = self.context.current_leader(ctx.connection, topic, out.index)
        out.current_leader = ProduceResponse.LeaderIdAndEpoch(leader_id=leader, leader_epoch=epoch)
        if address is not None:
            endpoints[leader] = ProduceResponse.NodeEndpoint(node_id=leader, host=address[0], port=address[1])

    async def _answer_when_flushed(self, ctx: RequestContext, req: ProduceRequest, resp: ProduceResponse,
                                   durable: list[tuple[PartitionLog, PR, asyncio.Future[None]]]) -> Any:
        """`flush.messages` reached (`log.flush.interval.messages`, e.g. 1 for a fsync per produce): answered
        once fsynced by the flusher, off the event loop; a failed fsync is that partition's
        KAFKA_STORAGE_ERROR (the records stay in the log, readable, as Kafka leaves them)."""
        await asyncio.wait([fut for _, _, fut in durable])
        for plog, out, fut in durable:
            exc = fut.exception() if not fut.cancelled() else None
            if isinstance(exc, OSError):
                out.error_code = plog.flush_failed(exc).error_code
                out.base_offset = -1
            elif exc is not None or fut.cancelled():
                out.error_code = ErrorCode.UNKNOWN_SERVER_ERROR
                out.base_offset = -1
        return self._answer(ctx, req, resp)

    @staticmethod
    def _answer(ctx: RequestContext, req: ProduceRequest, resp: ProduceResponse) -> Any:
        """acks=0 is never answered; if anything failed, Kafka closes the connection instead
        (KafkaApis.handleProduceRequest, ProduceRequest.getErrorResponse): a producer that gets no
        answers learns of the error from the disconnect and refreshes its metadata."""
        if req.acks != 0:
            return resp
        failed = sorted({ErrorCode(p.error_code).name for t in resp.responses for p in t.partition_responses
                         if p.error_code})
        if failed:
            ctx.log.info("closing the connection after a failed acks=0 produce", errors=failed)
            ctx.connection.stop_reading()
            ctx.connection.close_gracefully()
        return NO_RESPONSE
