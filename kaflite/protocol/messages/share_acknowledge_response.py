"""Generated from Kafka's ShareAcknowledgeResponse.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class ShareAcknowledgeTopicResponse:
    """A ShareAcknowledgeTopicResponse inside ShareAcknowledgeResponse. (generated from ShareAcknowledgeResponse.json)."""

    __slots__ = ('topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, partitions: list[PartitionData] | None = None) -> None:
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionData:
    """A PartitionData inside ShareAcknowledgeResponse. (generated from ShareAcknowledgeResponse.json)."""

    __slots__ = ('partition_index', 'error_code', 'error_message', 'current_leader')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0, error_message: str | None = None, current_leader: LeaderIdAndEpoch | None = None) -> None:
        self.partition_index = partition_index
        self.error_code = error_code
        self.error_message = error_message
        self.current_leader = LeaderIdAndEpoch() if current_leader is None else current_leader

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class LeaderIdAndEpoch:
    """A LeaderIdAndEpoch inside ShareAcknowledgeResponse. (generated from ShareAcknowledgeResponse.json)."""

    __slots__ = ('leader_id', 'leader_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, leader_id: int = 0, leader_epoch: int = 0) -> None:
        self.leader_id = leader_id
        self.leader_epoch = leader_epoch

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class NodeEndpoint:
    """A NodeEndpoint inside ShareAcknowledgeResponse. (generated from ShareAcknowledgeResponse.json)."""

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
class ShareAcknowledgeResponse:
    """ShareAcknowledgeResponse v1-2 (generated from ShareAcknowledgeResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'acquisition_lock_timeout_ms', 'responses', 'node_endpoints')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 79
    MIN_VERSION = 1
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0
    ShareAcknowledgeTopicResponse: TypeAlias = ShareAcknowledgeTopicResponse
    PartitionData: TypeAlias = PartitionData
    LeaderIdAndEpoch: TypeAlias = LeaderIdAndEpoch
    NodeEndpoint: TypeAlias = NodeEndpoint

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = None, acquisition_lock_timeout_ms: int = 0, responses: list[ShareAcknowledgeTopicResponse] | None = None, node_endpoints: list[NodeEndpoint] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.acquisition_lock_timeout_ms = acquisition_lock_timeout_ms
        self.responses = [] if responses is None else responses
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
        _ENC_ShareAcknowledgeResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareAcknowledgeResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareAcknowledgeResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareAcknowledgeResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareAcknowledgeResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareAcknowledgeResponse v{version} runs past the end of the frame')
        return o, end


ShareAcknowledgeTopicResponse.FIELD_TYPES = {'topic_id': bytes, 'partitions': list[PartitionData] | None}
PartitionData.FIELD_TYPES = {'partition_index': int, 'error_code': int, 'error_message': str | None, 'current_leader': LeaderIdAndEpoch | None}
LeaderIdAndEpoch.FIELD_TYPES = {'leader_id': int, 'leader_epoch': int}
NodeEndpoint.FIELD_TYPES = {'node_id': int, 'host': str, 'port': int, 'rack': str | None}
ShareAcknowledgeResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'acquisition_lock_timeout_ms': int, 'responses': list[ShareAcknowledgeTopicResponse] | None, 'node_endpoints': list[NodeEndpoint] | None}


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


def _dec_PartitionData_0(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.current_leader, pos = _dec_LeaderIdAndEpoch_0(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionData_0(o: PartitionData, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    _enc_LeaderIdAndEpoch_0(o.current_leader, w)
    w(b'\x00')


def _dec_ShareAcknowledgeTopicResponse_0(buf: memoryview, pos: int) -> tuple[ShareAcknowledgeTopicResponse, int]:
    o = _new(ShareAcknowledgeTopicResponse)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 17 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareAcknowledgeTopicResponse_0(o: ShareAcknowledgeTopicResponse, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionData_0(x0, w)
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


def _dec_ShareAcknowledgeResponse_0(buf: memoryview, pos: int) -> tuple[ShareAcknowledgeResponse, int]:
    o = _new(ShareAcknowledgeResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.acquisition_lock_timeout_ms = 0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ShareAcknowledgeTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ShareAcknowledgeTopicResponse_0(buf, pos); ap0(x0)
    o.responses = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[NodeEndpoint] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_NodeEndpoint_0(buf, pos); ap1(x1)
    o.node_endpoints = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareAcknowledgeResponse_0(o: ShareAcknowledgeResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ShareAcknowledgeTopicResponse_0(x0, w)
    a1 = o.node_endpoints
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_NodeEndpoint_0(x1, w)
    w(b'\x00')


def _dec_ShareAcknowledgeResponse_1(buf: memoryview, pos: int) -> tuple[ShareAcknowledgeResponse, int]:
    o = _new(ShareAcknowledgeResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.acquisition_lock_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ShareAcknowledgeTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ShareAcknowledgeTopicResponse_0(buf, pos); ap0(x0)
    o.responses = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[NodeEndpoint] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_NodeEndpoint_0(buf, pos); ap1(x1)
    o.node_endpoints = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareAcknowledgeResponse_1(o: ShareAcknowledgeResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S0.pack(o.acquisition_lock_timeout_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ShareAcknowledgeTopicResponse_0(x0, w)
    a1 = o.node_endpoints
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_NodeEndpoint_0(x1, w)
    w(b'\x00')


_DEC_ShareAcknowledgeResponse: list[Callable[[memoryview, int], tuple[ShareAcknowledgeResponse, int]]] = [_unsupported, _dec_ShareAcknowledgeResponse_0, _dec_ShareAcknowledgeResponse_1]
_ENC_ShareAcknowledgeResponse: list[Callable[[ShareAcknowledgeResponse, Writer], None]] = [_unsupported, _enc_ShareAcknowledgeResponse_0, _enc_ShareAcknowledgeResponse_1]
