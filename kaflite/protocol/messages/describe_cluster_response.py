"""Generated from Kafka's DescribeClusterResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>b')
_S3 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class DescribeClusterBroker:
    """A DescribeClusterBroker inside DescribeClusterResponse. (generated from DescribeClusterResponse.json)."""

    __slots__ = ('broker_id', 'host', 'port', 'rack', 'is_fenced')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, broker_id: int = 0, host: str = '', port: int = 0, rack: str | None = None, is_fenced: bool = False) -> None:
        self.broker_id = broker_id
        self.host = host
        self.port = port
        self.rack = rack
        self.is_fenced = is_fenced

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeClusterResponse:
    """DescribeClusterResponse v0-2 (generated from DescribeClusterResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'endpoint_type', 'cluster_id', 'controller_id', 'brokers', 'cluster_authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 60
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0
    DescribeClusterBroker: TypeAlias = DescribeClusterBroker

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = None, endpoint_type: int = 1, cluster_id: str = '', controller_id: int = -1, brokers: list[DescribeClusterBroker] | None = None, cluster_authorized_operations: int = -2147483648) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.endpoint_type = endpoint_type
        self.cluster_id = cluster_id
        self.controller_id = controller_id
        self.brokers = [] if brokers is None else brokers
        self.cluster_authorized_operations = cluster_authorized_operations

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
        _ENC_DescribeClusterResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeClusterResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeClusterResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeClusterResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeClusterResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeClusterResponse v{version} runs past the end of the frame')
        return o, end


DescribeClusterBroker.FIELD_TYPES = {'broker_id': int, 'host': str, 'port': int, 'rack': str | None, 'is_fenced': bool}
DescribeClusterResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'endpoint_type': int, 'cluster_id': str, 'controller_id': int, 'brokers': list[DescribeClusterBroker] | None, 'cluster_authorized_operations': int}


def _dec_DescribeClusterBroker_0(buf: memoryview, pos: int) -> tuple[DescribeClusterBroker, int]:
    o = _new(DescribeClusterBroker)
    o.broker_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack, pos = _r_cstr(buf, pos)
    o.is_fenced = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterBroker_0(o: DescribeClusterBroker, w: Writer) -> None:
    w(_S0.pack(o.broker_id))
    _w_cstr(w, o.host)
    w(_S0.pack(o.port))
    _w_cstr(w, o.rack)
    w(b'\x00')


def _dec_DescribeClusterResponse_0(buf: memoryview, pos: int) -> tuple[DescribeClusterResponse, int]:
    o = _new(DescribeClusterResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.endpoint_type = 1
    o.cluster_id, pos = _r_nn_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeClusterBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeClusterBroker_0(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterResponse_0(o: DescribeClusterResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeClusterBroker_0(x0, w)
    w(_S0.pack(o.cluster_authorized_operations))
    w(b'\x00')


def _dec_DescribeClusterResponse_1(buf: memoryview, pos: int) -> tuple[DescribeClusterResponse, int]:
    o = _new(DescribeClusterResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.endpoint_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.cluster_id, pos = _r_nn_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeClusterBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeClusterBroker_0(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterResponse_1(o: DescribeClusterResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S2.pack(o.endpoint_type))
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeClusterBroker_0(x0, w)
    w(_S0.pack(o.cluster_authorized_operations))
    w(b'\x00')


def _dec_DescribeClusterBroker_1(buf: memoryview, pos: int) -> tuple[DescribeClusterBroker, int]:
    o = _new(DescribeClusterBroker)
    o.broker_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack, pos = _r_cstr(buf, pos)
    o.is_fenced = _S3.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterBroker_1(o: DescribeClusterBroker, w: Writer) -> None:
    w(_S0.pack(o.broker_id))
    _w_cstr(w, o.host)
    w(_S0.pack(o.port))
    _w_cstr(w, o.rack)
    w(_S3.pack(o.is_fenced))
    w(b'\x00')


def _dec_DescribeClusterResponse_2(buf: memoryview, pos: int) -> tuple[DescribeClusterResponse, int]:
    o = _new(DescribeClusterResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.endpoint_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.cluster_id, pos = _r_nn_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeClusterBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeClusterBroker_1(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClusterResponse_2(o: DescribeClusterResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S2.pack(o.endpoint_type))
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeClusterBroker_1(x0, w)
    w(_S0.pack(o.cluster_authorized_operations))
    w(b'\x00')


_DEC_DescribeClusterResponse: list[Callable[[memoryview, int], tuple[DescribeClusterResponse, int]]] = [_dec_DescribeClusterResponse_0, _dec_DescribeClusterResponse_1, _dec_DescribeClusterResponse_2]
_ENC_DescribeClusterResponse: list[Callable[[DescribeClusterResponse, Writer], None]] = [_enc_DescribeClusterResponse_0, _enc_DescribeClusterResponse_1, _enc_DescribeClusterResponse_2]
