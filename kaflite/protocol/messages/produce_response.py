"""Generated from Kafka's ProduceResponse.json by tools/codegen/generate.py. Do not edit."""

from __future__ import annotations

import struct as _struct
from collections.abc import Callable
from typing import Any, ClassVar, TypeAlias

from kaflite.protocol._codec import (  # noqa: F401
    _UNSET, ZERO_UUID, Buffer, DecodeError, _bad_array, _eq, _new, _null, _r_bytes, _r_cbytes,
    _r_crecords, _r_cstr, _r_nn_bytes, _r_nn_cbytes, _r_nn_cstr, _r_nn_str, _r_records, _r_str,
    _r_uvarint, _repr, _skip_tags, _unsupported, _uvarint,
    Writer, _w_bytes, _w_cbytes, _w_cstr, _w_str, mypyc_attr,
)

_S0 = _struct.Struct('>i')
_S1 = _struct.Struct('>h')
_S2 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class TopicProduceResponse:
    """A TopicProduceResponse inside ProduceResponse. (generated from ProduceResponse.json)."""

    __slots__ = ('name', 'topic_id', 'partition_responses')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', topic_id: bytes = ZERO_UUID, partition_responses: list[PartitionProduceResponse] | None = None) -> None:
        self.name = name
        self.topic_id = topic_id
        self.partition_responses = [] if partition_responses is None else partition_responses

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionProduceResponse:
    """A PartitionProduceResponse inside ProduceResponse. (generated from ProduceResponse.json)."""

    __slots__ = ('index', 'error_code', 'base_offset', 'log_append_time_ms', 'log_start_offset', 'record_errors', 'error_message', 'current_leader')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, index: int = 0, error_code: int = 0, base_offset: int = 0, log_append_time_ms: int = -1, log_start_offset: int = -1, record_errors: list[BatchIndexAndErrorMessage] | None = None, error_message: str | None = None, current_leader: LeaderIdAndEpoch | None = None) -> None:
        self.index = index
        self.error_code = error_code
        self.base_offset = base_offset
        self.log_append_time_ms = log_append_time_ms
        self.log_start_offset = log_start_offset
        self.record_errors = [] if record_errors is None else record_errors
        self.error_message = error_message
        self.current_leader = LeaderIdAndEpoch() if current_leader is None else current_leader

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class BatchIndexAndErrorMessage:
    """A BatchIndexAndErrorMessage inside ProduceResponse. (generated from ProduceResponse.json)."""

    __slots__ = ('batch_index', 'batch_index_error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, batch_index: int = 0, batch_index_error_message: str | None = None) -> None:
        self.batch_index = batch_index
        self.batch_index_error_message = batch_index_error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class LeaderIdAndEpoch:
    """A LeaderIdAndEpoch inside ProduceResponse. (generated from ProduceResponse.json)."""

    __slots__ = ('leader_id', 'leader_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, leader_id: int = -1, leader_epoch: int = -1) -> None:
        self.leader_id = leader_id
        self.leader_epoch = leader_epoch

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class NodeEndpoint:
    """A NodeEndpoint inside ProduceResponse. (generated from ProduceResponse.json)."""

    __slots__ = ('node_id', 'host', 'port', 'rack')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, node_id: int = 0, host: str = '', port: int = 0, rack: str | None = None) -> None:
        self.node_id = node_id
        self.host = host
        self.port = port
        self.rack = rack

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ProduceResponse:
    """ProduceResponse v3-13 (generated from ProduceResponse.json)."""

    __slots__ = ('responses', 'throttle_time_ms', 'node_endpoints')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 0
    MIN_VERSION = 3
    MAX_VERSION = 13
    FLEXIBLE_MIN = 9
    TopicProduceResponse: TypeAlias = TopicProduceResponse
    PartitionProduceResponse: TypeAlias = PartitionProduceResponse
    BatchIndexAndErrorMessage: TypeAlias = BatchIndexAndErrorMessage
    LeaderIdAndEpoch: TypeAlias = LeaderIdAndEpoch
    NodeEndpoint: TypeAlias = NodeEndpoint

    def __init__(self, *, responses: list[TopicProduceResponse] | None = None, throttle_time_ms: int = 0, node_endpoints: list[NodeEndpoint] | None = None) -> None:
        self.responses = [] if responses is None else responses
        self.throttle_time_ms = throttle_time_ms
        self.node_endpoints = [] if node_endpoints is None else node_endpoints

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]

    def encode(self, version: int) -> bytes:
        return b''.join(self.encode_parts(version))

    def encode_parts(self, version: int) -> list[Buffer]:
        """The encoding as a list of buffers: large payloads (records) are not copied."""
        parts: list[Buffer] = []
        _ENC_ProduceResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ProduceResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ProduceResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ProduceResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ProduceResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ProduceResponse v{version} runs past the end of the frame')
        return o, end


TopicProduceResponse.FIELD_TYPES = {'name': str, 'topic_id': bytes, 'partition_responses': list[PartitionProduceResponse] | None}
PartitionProduceResponse.FIELD_TYPES = {'index': int, 'error_code': int, 'base_offset': int, 'log_append_time_ms': int, 'log_start_offset': int, 'record_errors': list[BatchIndexAndErrorMessage] | None, 'error_message': str | None, 'current_leader': LeaderIdAndEpoch | None}
BatchIndexAndErrorMessage.FIELD_TYPES = {'batch_index': int, 'batch_index_error_message': str | None}
LeaderIdAndEpoch.FIELD_TYPES = {'leader_id': int, 'leader_epoch': int}
NodeEndpoint.FIELD_TYPES = {'node_id': int, 'host': str, 'port': int, 'rack': str | None}
ProduceResponse.FIELD_TYPES = {'responses': list[TopicProduceResponse] | None, 'throttle_time_ms': int, 'node_endpoints': list[NodeEndpoint] | None}


def _dec_PartitionProduceResponse_0(buf: memoryview, pos: int) -> tuple[PartitionProduceResponse, int]:
    o = _new(PartitionProduceResponse)
    o.index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.base_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_append_time_ms = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = -1
    o.record_errors = []
    o.error_message = None
    o.current_leader = LeaderIdAndEpoch()
    return o, pos


def _enc_PartitionProduceResponse_0(o: PartitionProduceResponse, w: Writer) -> None:
    w(_S0.pack(o.index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.base_offset))
    w(_S2.pack(o.log_append_time_ms))


def _dec_TopicProduceResponse_0(buf: memoryview, pos: int) -> tuple[TopicProduceResponse, int]:
    o = _new(TopicProduceResponse)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 22 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceResponse_0(buf, pos); ap0(x0)
    o.partition_responses = a0
    return o, pos


def _enc_TopicProduceResponse_0(o: TopicProduceResponse, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partition_responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionProduceResponse_0(x0, w)


def _dec_ProduceResponse_0(buf: memoryview, pos: int) -> tuple[ProduceResponse, int]:
    o = _new(ProduceResponse)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceResponse_0(buf, pos); ap0(x0)
    o.responses = a0
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.node_endpoints = []
    return o, pos


def _enc_ProduceResponse_0(o: ProduceResponse, w: Writer) -> None:
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TopicProduceResponse_0(x0, w)
    w(_S0.pack(o.throttle_time_ms))


def _dec_PartitionProduceResponse_1(buf: memoryview, pos: int) -> tuple[PartitionProduceResponse, int]:
    o = _new(PartitionProduceResponse)
    o.index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.base_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_append_time_ms = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.record_errors = []
    o.error_message = None
    o.current_leader = LeaderIdAndEpoch()
    return o, pos


def _enc_PartitionProduceResponse_1(o: PartitionProduceResponse, w: Writer) -> None:
    w(_S0.pack(o.index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.base_offset))
    w(_S2.pack(o.log_append_time_ms))
    w(_S2.pack(o.log_start_offset))


def _dec_TopicProduceResponse_1(buf: memoryview, pos: int) -> tuple[TopicProduceResponse, int]:
    o = _new(TopicProduceResponse)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 30 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceResponse_1(buf, pos); ap0(x0)
    o.partition_responses = a0
    return o, pos


def _enc_TopicProduceResponse_1(o: TopicProduceResponse, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partition_responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionProduceResponse_1(x0, w)


def _dec_ProduceResponse_1(buf: memoryview, pos: int) -> tuple[ProduceResponse, int]:
    o = _new(ProduceResponse)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceResponse_1(buf, pos); ap0(x0)
    o.responses = a0
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.node_endpoints = []
    return o, pos


def _enc_ProduceResponse_1(o: ProduceResponse, w: Writer) -> None:
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TopicProduceResponse_1(x0, w)
    w(_S0.pack(o.throttle_time_ms))


def _dec_BatchIndexAndErrorMessage_0(buf: memoryview, pos: int) -> tuple[BatchIndexAndErrorMessage, int]:
    o = _new(BatchIndexAndErrorMessage)
    o.batch_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.batch_index_error_message, pos = _r_str(buf, pos)
    return o, pos


def _enc_BatchIndexAndErrorMessage_0(o: BatchIndexAndErrorMessage, w: Writer) -> None:
    w(_S0.pack(o.batch_index))
    _w_str(w, o.batch_index_error_message)


def _dec_PartitionProduceResponse_2(buf: memoryview, pos: int) -> tuple[PartitionProduceResponse, int]:
    o = _new(PartitionProduceResponse)
    o.index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.base_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_append_time_ms = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[BatchIndexAndErrorMessage] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_BatchIndexAndErrorMessage_0(buf, pos); ap0(x0)
    o.record_errors = a0
    o.error_message, pos = _r_str(buf, pos)
    o.current_leader = LeaderIdAndEpoch()
    return o, pos


def _enc_PartitionProduceResponse_2(o: PartitionProduceResponse, w: Writer) -> None:
    w(_S0.pack(o.index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.base_offset))
    w(_S2.pack(o.log_append_time_ms))
    w(_S2.pack(o.log_start_offset))
    a0 = o.record_errors
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_BatchIndexAndErrorMessage_0(x0, w)
    _w_str(w, o.error_message)


def _dec_TopicProduceResponse_2(buf: memoryview, pos: int) -> tuple[TopicProduceResponse, int]:
    o = _new(TopicProduceResponse)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 36 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceResponse_2(buf, pos); ap0(x0)
    o.partition_responses = a0
    return o, pos


def _enc_TopicProduceResponse_2(o: TopicProduceResponse, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partition_responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionProduceResponse_2(x0, w)


def _dec_ProduceResponse_2(buf: memoryview, pos: int) -> tuple[ProduceResponse, int]:
    o = _new(ProduceResponse)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceResponse_2(buf, pos); ap0(x0)
    o.responses = a0
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.node_endpoints = []
    return o, pos


def _enc_ProduceResponse_2(o: ProduceResponse, w: Writer) -> None:
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TopicProduceResponse_2(x0, w)
    w(_S0.pack(o.throttle_time_ms))


def _dec_BatchIndexAndErrorMessage_1(buf: memoryview, pos: int) -> tuple[BatchIndexAndErrorMessage, int]:
    o = _new(BatchIndexAndErrorMessage)
    o.batch_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.batch_index_error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_BatchIndexAndErrorMessage_1(o: BatchIndexAndErrorMessage, w: Writer) -> None:
    w(_S0.pack(o.batch_index))
    _w_cstr(w, o.batch_index_error_message)
    w(b'\x00')


def _dec_PartitionProduceResponse_3(buf: memoryview, pos: int) -> tuple[PartitionProduceResponse, int]:
    o = _new(PartitionProduceResponse)
    o.index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.base_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_append_time_ms = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[BatchIndexAndErrorMessage] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_BatchIndexAndErrorMessage_1(buf, pos); ap0(x0)
    o.record_errors = a0
    o.error_message, pos = _r_cstr(buf, pos)
    o.current_leader = LeaderIdAndEpoch()
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionProduceResponse_3(o: PartitionProduceResponse, w: Writer) -> None:
    w(_S0.pack(o.index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.base_offset))
    w(_S2.pack(o.log_append_time_ms))
    w(_S2.pack(o.log_start_offset))
    a0 = o.record_errors
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_BatchIndexAndErrorMessage_1(x0, w)
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_TopicProduceResponse_3(buf: memoryview, pos: int) -> tuple[TopicProduceResponse, int]:
    o = _new(TopicProduceResponse)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 33 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceResponse_3(buf, pos); ap0(x0)
    o.partition_responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicProduceResponse_3(o: TopicProduceResponse, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionProduceResponse_3(x0, w)
    w(b'\x00')


def _dec_ProduceResponse_3(buf: memoryview, pos: int) -> tuple[ProduceResponse, int]:
    o = _new(ProduceResponse)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceResponse_3(buf, pos); ap0(x0)
    o.responses = a0
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.node_endpoints = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ProduceResponse_3(o: ProduceResponse, w: Writer) -> None:
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicProduceResponse_3(x0, w)
    w(_S0.pack(o.throttle_time_ms))
    w(b'\x00')


def _dec_LeaderIdAndEpoch_0(buf: memoryview, pos: int) -> tuple[LeaderIdAndEpoch, int]:
    o = _new(LeaderIdAndEpoch)
    o.leader_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_LeaderIdAndEpoch_0(o: LeaderIdAndEpoch, w: Writer) -> None:
    w(_S0.pack(o.leader_id))
    w(_S0.pack(o.leader_epoch))
    w(b'\x00')


def _dec_PartitionProduceResponse_4(buf: memoryview, pos: int) -> tuple[PartitionProduceResponse, int]:
    o = _new(PartitionProduceResponse)
    o.index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.base_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_append_time_ms = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[BatchIndexAndErrorMessage] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_BatchIndexAndErrorMessage_1(buf, pos); ap0(x0)
    o.record_errors = a0
    o.error_message, pos = _r_cstr(buf, pos)
    o.current_leader = LeaderIdAndEpoch()
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.current_leader, pos = _dec_LeaderIdAndEpoch_0(buf, pos)
        pos = end
    return o, pos


def _enc_PartitionProduceResponse_4(o: PartitionProduceResponse, w: Writer) -> None:
    w(_S0.pack(o.index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.base_offset))
    w(_S2.pack(o.log_append_time_ms))
    w(_S2.pack(o.log_start_offset))
    a0 = o.record_errors
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_BatchIndexAndErrorMessage_1(x0, w)
    _w_cstr(w, o.error_message)
    tags: list[bytes] = []
    if o.current_leader != LeaderIdAndEpoch():
        tb: list[Buffer] = []; tw = tb.append
        _enc_LeaderIdAndEpoch_0(o.current_leader, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_TopicProduceResponse_4(buf: memoryview, pos: int) -> tuple[TopicProduceResponse, int]:
    o = _new(TopicProduceResponse)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 33 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceResponse_4(buf, pos); ap0(x0)
    o.partition_responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicProduceResponse_4(o: TopicProduceResponse, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionProduceResponse_4(x0, w)
    w(b'\x00')


def _dec_NodeEndpoint_0(buf: memoryview, pos: int) -> tuple[NodeEndpoint, int]:
    o = _new(NodeEndpoint)
    o.node_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_NodeEndpoint_0(o: NodeEndpoint, w: Writer) -> None:
    w(_S0.pack(o.node_id))
    _w_cstr(w, o.host)
    w(_S0.pack(o.port))
    _w_cstr(w, o.rack)
    w(b'\x00')


def _dec_ProduceResponse_4(buf: memoryview, pos: int) -> tuple[ProduceResponse, int]:
    o = _new(ProduceResponse)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceResponse_4(buf, pos); ap0(x0)
    o.responses = a0
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.node_endpoints = []
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0 or n * 11 > len(buf) - pos:
                _bad_array(n, buf, pos)
            a1: list[NodeEndpoint] = []; ap1 = a1.append
            for _ in range(n):
                x1, pos = _dec_NodeEndpoint_0(buf, pos); ap1(x1)
            o.node_endpoints = a1
        pos = end
    return o, pos


def _enc_ProduceResponse_4(o: ProduceResponse, w: Writer) -> None:
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicProduceResponse_4(x0, w)
    w(_S0.pack(o.throttle_time_ms))
    tags: list[bytes] = []
    if o.node_endpoints:
        tb: list[Buffer] = []; tw = tb.append
        a1 = o.node_endpoints
        if a1 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a1) + 1))
            for x1 in a1:
                _enc_NodeEndpoint_0(x1, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_TopicProduceResponse_5(buf: memoryview, pos: int) -> tuple[TopicProduceResponse, int]:
    o = _new(TopicProduceResponse)
    o.name = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 33 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceResponse_4(buf, pos); ap0(x0)
    o.partition_responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicProduceResponse_5(o: TopicProduceResponse, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partition_responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionProduceResponse_4(x0, w)
    w(b'\x00')


def _dec_ProduceResponse_5(buf: memoryview, pos: int) -> tuple[ProduceResponse, int]:
    o = _new(ProduceResponse)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceResponse_5(buf, pos); ap0(x0)
    o.responses = a0
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.node_endpoints = []
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0 or n * 11 > len(buf) - pos:
                _bad_array(n, buf, pos)
            a1: list[NodeEndpoint] = []; ap1 = a1.append
            for _ in range(n):
                x1, pos = _dec_NodeEndpoint_0(buf, pos); ap1(x1)
            o.node_endpoints = a1
        pos = end
    return o, pos


def _enc_ProduceResponse_5(o: ProduceResponse, w: Writer) -> None:
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicProduceResponse_5(x0, w)
    w(_S0.pack(o.throttle_time_ms))
    tags: list[bytes] = []
    if o.node_endpoints:
        tb: list[Buffer] = []; tw = tb.append
        a1 = o.node_endpoints
        if a1 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a1) + 1))
            for x1 in a1:
                _enc_NodeEndpoint_0(x1, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_ProduceResponse: list[Callable[[memoryview, int], tuple[ProduceResponse, int]]] = [_unsupported, _unsupported, _unsupported, _dec_ProduceResponse_0, _dec_ProduceResponse_0, _dec_ProduceResponse_1, _dec_ProduceResponse_1, _dec_ProduceResponse_1, _dec_ProduceResponse_2, _dec_ProduceResponse_3, _dec_ProduceResponse_4, _dec_ProduceResponse_4, _dec_ProduceResponse_4, _dec_ProduceResponse_5]
_ENC_ProduceResponse: list[Callable[[ProduceResponse, Writer], None]] = [_unsupported, _unsupported, _unsupported, _enc_ProduceResponse_0, _enc_ProduceResponse_0, _enc_ProduceResponse_1, _enc_ProduceResponse_1, _enc_ProduceResponse_1, _enc_ProduceResponse_2, _enc_ProduceResponse_3, _enc_ProduceResponse_4, _enc_ProduceResponse_4, _enc_ProduceResponse_4, _enc_ProduceResponse_5]
