"""Generated from Kafka's FindCoordinatorResponse.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>h')
_S1 = _struct.Struct('>i')


@mypyc_attr(native_class=False)
class Coordinator:
    """A Coordinator inside FindCoordinatorResponse. (generated from FindCoordinatorResponse.json)."""

    __slots__ = ('key', 'node_id', 'host', 'port', 'error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, key: str = '', node_id: int = 0, host: str = '', port: int = 0, error_code: int = 0, error_message: str | None = '') -> None:
        self.key = key
        self.node_id = node_id
        self.host = host
        self.port = port
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class FindCoordinatorResponse:
    """FindCoordinatorResponse v0-6 (generated from FindCoordinatorResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'node_id', 'host', 'port', 'coordinators')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 10
    MIN_VERSION = 0
    MAX_VERSION = 6
    FLEXIBLE_MIN = 3
    Coordinator: TypeAlias = Coordinator

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = '', node_id: int = 0, host: str = '', port: int = 0, coordinators: list[Coordinator] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.node_id = node_id
        self.host = host
        self.port = port
        self.coordinators = [] if coordinators is None else coordinators

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
        _ENC_FindCoordinatorResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> FindCoordinatorResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[FindCoordinatorResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_FindCoordinatorResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed FindCoordinatorResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'FindCoordinatorResponse v{version} runs past the end of the frame')
        return o, end


Coordinator.FIELD_TYPES = {'key': str, 'node_id': int, 'host': str, 'port': int, 'error_code': int, 'error_message': str | None}
FindCoordinatorResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'node_id': int, 'host': str, 'port': int, 'coordinators': list[Coordinator] | None}


def _dec_FindCoordinatorResponse_0(buf: memoryview, pos: int) -> tuple[FindCoordinatorResponse, int]:
    o = _new(FindCoordinatorResponse)
    o.throttle_time_ms = 0
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = ''
    o.node_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_str(buf, pos)
    o.port = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.coordinators = []
    return o, pos


def _enc_FindCoordinatorResponse_0(o: FindCoordinatorResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.node_id))
    _w_str(w, o.host)
    w(_S1.pack(o.port))


def _dec_FindCoordinatorResponse_1(buf: memoryview, pos: int) -> tuple[FindCoordinatorResponse, int]:
    o = _new(FindCoordinatorResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.node_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_str(buf, pos)
    o.port = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.coordinators = []
    return o, pos


def _enc_FindCoordinatorResponse_1(o: FindCoordinatorResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    _w_str(w, o.error_message)
    w(_S1.pack(o.node_id))
    _w_str(w, o.host)
    w(_S1.pack(o.port))


def _dec_FindCoordinatorResponse_2(buf: memoryview, pos: int) -> tuple[FindCoordinatorResponse, int]:
    o = _new(FindCoordinatorResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.node_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.coordinators = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FindCoordinatorResponse_2(o: FindCoordinatorResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S1.pack(o.node_id))
    _w_cstr(w, o.host)
    w(_S1.pack(o.port))
    w(b'\x00')


def _dec_Coordinator_0(buf: memoryview, pos: int) -> tuple[Coordinator, int]:
    o = _new(Coordinator)
    o.key, pos = _r_nn_cstr(buf, pos)
    o.node_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_Coordinator_0(o: Coordinator, w: Writer) -> None:
    _w_cstr(w, o.key)
    w(_S1.pack(o.node_id))
    _w_cstr(w, o.host)
    w(_S1.pack(o.port))
    w(_S0.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_FindCoordinatorResponse_3(buf: memoryview, pos: int) -> tuple[FindCoordinatorResponse, int]:
    o = _new(FindCoordinatorResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    o.error_message = ''
    o.node_id = 0
    o.host = ''
    o.port = 0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[Coordinator] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_Coordinator_0(buf, pos); ap0(x0)
    o.coordinators = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FindCoordinatorResponse_3(o: FindCoordinatorResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    a0 = o.coordinators
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_Coordinator_0(x0, w)
    w(b'\x00')


_DEC_FindCoordinatorResponse: list[Callable[[memoryview, int], tuple[FindCoordinatorResponse, int]]] = [_dec_FindCoordinatorResponse_0, _dec_FindCoordinatorResponse_1, _dec_FindCoordinatorResponse_1, _dec_FindCoordinatorResponse_2, _dec_FindCoordinatorResponse_3, _dec_FindCoordinatorResponse_3, _dec_FindCoordinatorResponse_3]
_ENC_FindCoordinatorResponse: list[Callable[[FindCoordinatorResponse, Writer], None]] = [_enc_FindCoordinatorResponse_0, _enc_FindCoordinatorResponse_1, _enc_FindCoordinatorResponse_1, _enc_FindCoordinatorResponse_2, _enc_FindCoordinatorResponse_3, _enc_FindCoordinatorResponse_3, _enc_FindCoordinatorResponse_3]
