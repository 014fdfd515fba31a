"""The Produce handler's answers at the edges, as Kafka's KafkaApis/ReplicaManager/LogValidator give them:
per-record errors (KIP-467), one batch per partition, which errors carry a message and a log start offset.

Each answer is encoded at the request's version and decoded back, as a client would read it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.broker.connection import KafkaConnection
from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.produce import ProduceHandler, request_records_error
from kaflite.broker.router import Router
from kaflite.clock import ManualClock
from kaflite.config import KafliteConfig
from kaflite.protocol import records as R
from kaflite.protocol.compression import LZ4
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import RequestHeader
from kaflite.protocol.messages import ApiVersionsRequest, ProduceRequest, ProduceResponse

T0 = 1_700_000_000_000
TD = ProduceRequest.TopicProduceData
PD = ProduceRequest.PartitionProduceData


@pytest.fixture
def context(tmp_path: Path) -> Iterator[BrokerContext]:
    ctx = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path / "data"), port=0), ManualClock(T0))
    ctx.logs.create_topic("plain", 1, {})
    ctx.logs.create_topic("compacted", 1, {"cleanup.policy": "compact,delete"})
    try:
        yield ctx
    finally:
        ctx.logs.close()


def produce(context: BrokerContext, version: int, topic: str, records: bytes | None) -> Any:
    """The partition's answer, as a client decodes it."""
    handler = ProduceHandler(context, on_append=lambda tp: None)
    conn = KafkaConnection(context, Router())
    info = context.logs.topic(topic)
    assert info is not None
    td = TD(name=topic, topic_id=info.topic_id, partition_data=[PD(index=0, records=records)])
    req = ProduceRequest(acks=-1, timeout_ms=1000, topic_data=[td])
    req = ProduceRequest.decode(req.encode(version), version)
    resp = handler.produce(RequestContext(RequestHeader(0, version, 7, "t", 0), conn), req)
    decoded = ProduceResponse.decode(resp.encode(version), version)
    return decoded.responses[0].partition_responses[0]


KEYLESS = [(b"a", b"1"), (None, b"2"), (b"c", b"3")]


@pytest.mark.parametrize("version", range(8, 14))
def test_kip_467_keyless_record_to_compacted_topic_names_the_record(context: BrokerContext, version: int) -> None:
    """LogValidator.validateKey: INVALID_RECORD, the record's batch index and why, a summary in
    error_message (the only produce error whose message Kafka sends), the log start offset; nothing written."""
    out = produce(context, version, "compacted", R.build_batch(KEYLESS, timestamp_ms=T0, compression=LZ4))
    why = "Compacted topic cannot accept message without key in topic partition compacted-0"
    assert out.error_code == ErrorCode.INVALID_RECORD
    assert [(e.batch_index, e.batch_index_error_message) for e in out.record_errors] == [(1, why)]
    assert out.error_message == (
        "One or more records have been rejected due to 1 record errors in total, and only showing the first "
        f"three errors at most: [RecordError(batchIndex=1, message='{why}')]")
    assert (out.base_offset, out.log_append_time_ms, out.log_start_offset) == (-1, -1, 0)
    plog = context.logs.get_log("compacted", 0)
    assert plog is not None and plog.log_end_offset == 0


def test_before_v8_the_answer_has_no_record_errors(context: BrokerContext) -> None:
    out = produce(context, 7, "compacted", R.build_batch(KEYLESS, timestamp_ms=T0))
    assert out.error_code == ErrorCode.INVALID_RECORD
    assert out.record_errors == [] and out.error_message is None


def test_timestamp_errors_name_each_record(context: BrokerContext) -> None:
    context.logs.create_topic("strict", 1, {"message.timestamp.after.max.ms": "1000"})
    recs = [R.NewRecord(b"a", b"1", timestamp_ms=T0), R.NewRecord(b"b", b"2", timestamp_ms=T0 + 60_000)]
    out = produce(context, 11, "strict", R.build_batch(recs, timestamp_ms=T0))
    assert out.error_code == ErrorCode.INVALID_TIMESTAMP
    assert out.error_message == "One or more records have been rejected due to invalid timestamp"
    assert [e.batch_index for e in out.record_errors] == [1]
    assert out.record_errors[0].batch_index_error_message.startswith(f"Timestamp {T0 + 60_000} of message")


def test_success_leaves_the_nullable_strings_null(context: BrokerContext) -> None:
    out = produce(context, 13, "plain", R.build_batch([(None, b"v")], timestamp_ms=T0))
    assert (out.error_code, out.base_offset, out.error_message, out.record_errors) == (0, 0, None, [])


@pytest.mark.parametrize("version", [8, 9, 13])
def test_batch_level_errors_carry_no_message(context: BrokerContext, version: int) -> None:
    """ReplicaManager sends a message only for RecordValidationException: a batch-level InvalidRecord
    (a control batch from a client) answers INVALID_RECORD with error_message null and the log start
    offset; CORRUPT_MESSAGE answers the log start offset -1, as UNKNOWN_LOG_APPEND_INFO."""
    control = R.build_batch([(b"k", b"v")], timestamp_ms=T0, is_control=True)
    out = produce(context, version, "plain", control)
    assert (out.error_code, out.error_message, out.record_errors, out.log_start_offset) == (
        ErrorCode.INVALID_RECORD, None, [], 0)
    corrupt = bytearray(R.build_batch([(b"k", b"v")], timestamp_ms=T0))
    corrupt[-1] ^= 1
    out = produce(context, version, "plain", bytes(corrupt))
    assert (out.error_code, out.error_message, out.log_start_offset) == (ErrorCode.CORRUPT_MESSAGE, None, -1)


def test_exactly_one_batch_per_partition(context: BrokerContext) -> None:
    """ProduceRequest.validateRecords (v3+): two batches, no batch, or a v0/v1 message set is
    INVALID_RECORD; ZSTD before v7 is UNSUPPORTED_COMPRESSION_TYPE. Nothing is written."""
    one = R.build_batch([(b"k", b"v")], timestamp_ms=T0)
    for records in (one + one, b"", None):
        out = produce(context, 9, "plain", records)
        assert (out.error_code, out.error_message, out.log_start_offset) == (ErrorCode.INVALID_RECORD, None, -1)
    plog = context.logs.get_log("plain", 0)
    assert plog is not None and plog.log_end_offset == 0
    legacy = bytearray(one)
    legacy[16] = 1  # magic v1
    assert request_records_error(9, bytes(legacy)) == ErrorCode.INVALID_RECORD
    zstd = R.build_batch([(b"k", b"v")], timestamp_ms=T0, compression=R.ZSTD)
    assert request_records_error(6, zstd) == ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
    assert request_records_error(7, zstd) is None
    assert request_records_error(9, one + one[:20]) is None  # a trailing fragment is not a batch (Kafka's reader)
    bad_length = bytearray(one)
    bad_length[8:12] = (5).to_bytes(4, "big")
    assert request_records_error(9, bytes(bad_length)) == ErrorCode.CORRUPT_MESSAGE


def test_internal_topic_answers_without_a_message(context: BrokerContext) -> None:
    context.logs.create_topic("__consumer_offsets", 1, {"cleanup.policy": "compact"})
    out = produce(context, 9, "__consumer_offsets", R.build_batch([(b"k", b"v")], timestamp_ms=T0))
    assert (out.error_code, out.error_message) == (ErrorCode.INVALID_TOPIC_EXCEPTION, None)


async def test_acks_0_failure_closes_the_connection(tmp_path: Path) -> None:
    """Kafka answers no acks=0 produce; when one fails it closes the connection instead, so the
    producer notices (KafkaApis.handleProduceRequest). A successful one leaves it open."""
    from kaflite.broker.server import Broker
    from tests.broker.wire import WireClient

    broker = Broker.open(KafliteConfig(log_dirs=str(tmp_path / "acks0"), port=0))
    await broker.start()
    broker.logs.create_topic("compacted", 1, {"cleanup.policy": "compact"})
    client = await WireClient.connect(broker.port)
    try:
        def request(records: bytes) -> ProduceRequest:
            return ProduceRequest(acks=0, timeout_ms=1000, topic_data=[TD(name="compacted", partition_data=[
                PD(index=0, records=records)])])

        await client.send_only(0, 9, request(R.build_batch([(b"k", b"v")], timestamp_ms=T0)))
        assert (await client.call(18, 3, ApiVersionsRequest(client_software_name="t",
                                                             client_software_version="1"))).error_code == 0
        await client.send_only(0, 9, request(R.build_batch(KEYLESS, timestamp_ms=T0)))
        assert await client.closed_by_peer()
        plog = broker.logs.get_log("compacted", 0)
        assert plog is not None and plog.log_end_offset == 1
    finally:
        await client.close()
        await broker.stop()
