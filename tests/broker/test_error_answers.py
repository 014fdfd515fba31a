"""A handler that raises is answered with the API's error, and the connection stays open (as on Kafka).

Driven over a raw socket against a real broker: every route of its router, every version it
advertises, with the ``fail_requests`` fault making the handler raise. Only bytes that cannot be
parsed close the connection.
"""

from __future__ import annotations

import itertools
import socket
import struct
from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.broker.connection import error_of
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import is_flexible
from kaflite.protocol.messages import (
    REQUESTS,
    RESPONSES,
    ApiVersionsRequest,
    ApiVersionsResponse,
    CreateTopicsRequest,
    CreateTopicsResponse,
    MetadataRequest,
    MetadataResponse,
    ProduceRequest,
)
from kaflite.storage.errors import InvalidTopicError
from kaflite.testing.broker import Broker
from tests.protocol.test_error_responses import errors_in, sample

TIMEOUT_S = 10.0


class Raw:
    """One connection to the broker; each call sends one request at an explicit version."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT_S)
        self._corr = itertools.count(1)

    def send(self, req: Any, version: int, body: bytes | None = None) -> int:
        corr = next(self._corr)
        header = struct.pack(">hhih", req.API_KEY, version, corr, 4) + b"test"
        if is_flexible(req.API_KEY, version):
            header += b"\x00"
        frame = header + (req.encode(version) if body is None else body)
        self.sock.sendall(struct.pack(">i", len(frame)) + frame)
        return corr

    def _read(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("the broker closed the connection")
            buf += chunk
        return buf

    def recv(self, corr: int, resp_cls: Any, version: int) -> Any:
        frame = self._read(struct.unpack(">i", self._read(4))[0])
        assert struct.unpack_from(">i", frame)[0] == corr
        flexible_header = resp_cls.API_KEY != 18 and is_flexible(resp_cls.API_KEY, version)
        return resp_cls.decode(frame[5 if flexible_header else 4:], version)

    def call(self, req: Any, resp_cls: Any, version: int) -> Any:
        return self.recv(self.send(req, version), resp_cls, version)

    def is_closed(self) -> bool:
        try:
            return self.sock.recv(1) == b""
        except ConnectionError:
            return True

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


@pytest.fixture
def raw(broker: Broker) -> Iterator[Raw]:
    r = Raw(broker.port)
    yield r
    r.close()
    broker.clear_faults()


def still_answers(raw: Raw) -> None:
    av = raw.call(ApiVersionsRequest(client_software_name="t", client_software_version="1"), ApiVersionsResponse, 3)
    assert av.error_code == ErrorCode.NONE and av.api_keys


def failing_request(api_key: int) -> Any:
    req = sample(REQUESTS[api_key])
    if api_key == ProduceRequest.API_KEY:
        req.acks = -1  # acks=0 has no answer: see test_failed_produce_with_acks_0_closes_like_kafka
    return req


def test_every_served_api_and_version_answers_a_failing_handler_with_an_error(broker: Broker, raw: Raw) -> None:
    routes = sorted(broker.server.router.routes.values(), key=lambda r: r.api_key)
    assert len(routes) > 10
    answered = 0
    for route in routes:
        for version in range(route.min_version, route.max_version + 1):
            broker.fail_requests(route.api_key, count=1)
            answer = raw.call(failing_request(route.api_key), route.response_cls, version)
            codes = errors_in(answer)
            assert ErrorCode.UNKNOWN_SERVER_ERROR in codes, f"{route.response_cls.__name__} v{version}: {answer}"
            assert set(codes) <= {ErrorCode.UNKNOWN_SERVER_ERROR, ErrorCode.NONE}
            still_answers(raw)  # the same connection: kept open, the fault used up
            answered += 1
    assert answered == sum(r.max_version - r.min_version + 1 for r in routes)


@pytest.mark.parametrize("version", [2, 5, 7])
def test_awaited_answer_that_raises_is_answered_and_the_request_took_effect(broker: Broker, raw: Raw,
                                                                             version: int) -> None:
    """The awaited path (``_finish``): the handler ran, then its answer raised."""
    topic = f"awaited-{version}"
    broker.fail_requests("CreateTopics", count=1, awaited=True)
    req = CreateTopicsRequest(timeout_ms=5000, topics=[
        CreateTopicsRequest.CreatableTopic(name=topic, num_partitions=2, replication_factor=1)])
    answer = raw.call(req, CreateTopicsResponse, version)
    assert [(t.name, t.error_code) for t in answer.topics] == [(topic, ErrorCode.UNKNOWN_SERVER_ERROR)]
    md = raw.call(MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=topic)]), MetadataResponse, 4)
    assert [(t.name, t.error_code, len(t.partitions)) for t in md.topics] == [(topic, ErrorCode.NONE, 2)]


def test_failed_produce_with_acks_0_closes_like_kafka(broker: Broker, raw: Raw) -> None:
    """acks=0 has no response to carry the error: Kafka closes the connection so the producer notices."""
    broker.fail_requests("Produce", count=1)
    req = failing_request(ProduceRequest.API_KEY)
    req.acks = 0
    raw.send(req, 9)
    assert raw.is_closed()


def test_unparsable_request_still_closes_the_connection(raw: Raw) -> None:
    raw.send(MetadataRequest(), 12, body=b"\x05\xff\xff")
    assert raw.is_closed()


def test_an_unserved_kafka_api_is_answered_unsupported_version(broker: Broker, raw: Raw) -> None:
    served = set(broker.server.router.routes)
    key = next(k for k in sorted(REQUESTS) if k not in served and k != 7)  # 7: ControlledShutdown v0 headers
    version = REQUESTS[key].MAX_VERSION
    answer = raw.call(failing_request(key), RESPONSES[key], version)
    assert ErrorCode.UNSUPPORTED_VERSION in errors_in(answer)
    still_answers(raw)


def test_a_kaflite_error_keeps_its_code_anything_else_is_unknown_server_error() -> None:
    assert error_of(InvalidTopicError("bad name")) == (ErrorCode.INVALID_TOPIC_EXCEPTION, "bad name")
    assert error_of(KeyError("x")) == (ErrorCode.UNKNOWN_SERVER_ERROR, None)
