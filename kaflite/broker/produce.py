"""Produce and InitProducerId: batches go to the log as they came, never decoded record by record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import structlog

from kaflite.broker.context import NO_RESPONSE, BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.broker.topics import is_internal, topic_by_id
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import InitProducerIdRequest, InitProducerIdResponse, ProduceRequest, ProduceResponse
from kaflite.protocol.records import RecordError, UnsupportedMagicError
from kaflite.storage.errors import StorageError

log = structlog.get_logger("kaflite.produce")

PR = ProduceResponse.PartitionProduceResponse
TR = ProduceResponse.TopicProduceResponse


class ProduceHandler:
    """``on_append((topic, partition))`` is told of every partition a request appended to (so parked
    fetches of that partition complete)."""

    def __init__(self, context: BrokerContext, on_append: Callable[[tuple[str, int]], None]) -> None:
        self.logs = context.logs
        self.clock = context.clock
        self.producer_ids = context.producer_ids
        self.on_append = on_append

    def register(self, router: Router) -> None:
        router.add(0, self.produce)
        router.add(22, self.init_producer_id)

    def produce(self, ctx: RequestContext, req: ProduceRequest) -> Any:
        logs = self.logs
        now = self.clock.now_ms()
        topics_out = []
        appended: list[tuple[str, int]] = []
        if req.transactional_id is not None:
            # Transactions are not implemented: refuse clearly instead of half-supporting them.
            return self._all_failed(req, ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
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
                if is_internal(info.name):
                    out.error_code = ErrorCode.INVALID_TOPIC_EXCEPTION
                    out.error_message = f"cannot append to internal topic {info.name}"
                    continue
                if p.records is None or len(p.records) == 0:
                    out.error_code = ErrorCode.CORRUPT_MESSAGE
                    continue
                try:
                    res = plog.append(p.records, leader_epoch=0, now_ms=now)
                except UnsupportedMagicError as e:
                    out.error_code = ErrorCode.UNSUPPORTED_FOR_MESSAGE_FORMAT
                    out.error_message = str(e)
                    continue
                except RecordError as e:
                    out.error_code = e.error_code
                    out.error_message = str(e)
                    continue
                except StorageError as e:
                    out.error_code = e.error_code
                    out.error_message = str(e)
                    continue
                # A retried duplicate (DUPLICATE_SEQUENCE_NUMBER) is answered, as Kafka does, with
                # success and the offset it was first written at.
                out.base_offset = res.first_offset
                out.log_append_time_ms = res.log_append_time_ms
                out.log_start_offset = res.log_start_offset
                if res.error_code == ErrorCode.NONE:
                    appended.append((info.name, p.index))
            topics_out.append(TR(name=t.name, topic_id=t.topic_id, partition_responses=parts))
        for tp in appended:
            self.on_append(tp)
        if req.acks == 0:
            return NO_RESPONSE
        return ProduceResponse(responses=topics_out)

    @staticmethod
    def _all_failed(req: ProduceRequest, code: ErrorCode) -> ProduceResponse:
        return ProduceResponse(responses=[
            TR(name=t.name, topic_id=t.topic_id, partition_responses=[
                PR(index=p.index, error_code=code, base_offset=-1, log_append_time_ms=-1, log_start_offset=-1)
                for p in t.partition_data])
            for t in req.topic_data])

    def init_producer_id(self, ctx: RequestContext, req: InitProducerIdRequest) -> InitProducerIdResponse:
        if req.transactional_id is not None:
            return InitProducerIdResponse(error_code=ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED,
                                          producer_id=-1, producer_epoch=-1)
        if req.producer_id >= 0:
            # KIP-360: an idempotent producer bumps its epoch after an error and keeps its id.
            if req.producer_epoch >= 32766:
                return InitProducerIdResponse(producer_id=self.producer_ids.allocate(), producer_epoch=0)
            return InitProducerIdResponse(producer_id=req.producer_id, producer_epoch=req.producer_epoch + 1)
        return InitProducerIdResponse(producer_id=self.producer_ids.allocate(), producer_epoch=0)
