"""Generated from Kafka's AlterConfigsResponse.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class AlterConfigsResourceResponse:
    """A AlterConfigsResourceResponse inside AlterConfigsResponse. (generated from AlterConfigsResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'resource_type', 'resource_name')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = '', resource_type: int = 0, resource_name: str = '') -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.resource_type = resource_type
        self.resource_name = resource_name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterConfigsResponse:
    """AlterConfigsResponse v0-2 (generated from AlterConfigsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'responses')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 33
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    AlterConfigsResourceResponse: TypeAlias = AlterConfigsResourceResponse

    def __init__(self, *, throttle_time_ms: int = 0, responses: list[AlterConfigsResourceResponse] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.responses = [] if responses is None else responses

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
        _ENC_AlterConfigsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterConfigsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterConfigsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterConfigsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterConfigsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterConfigsResponse v{version} runs past the end of the frame')
        return o, end


AlterConfigsResourceResponse.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'resource_type': int, 'resource_name': str}
AlterConfigsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'responses': list[AlterConfigsResourceResponse] | None}


def _dec_AlterConfigsResourceResponse_0(buf: memoryview, pos: int) -> tuple[AlterConfigsResourceResponse, int]:
    o = _new(AlterConfigsResourceResponse)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_AlterConfigsResourceResponse_0(o: AlterConfigsResourceResponse, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    w(_S2.pack(o.resource_type))
    _w_str(w, o.resource_name)


def _dec_AlterConfigsResponse_0(buf: memoryview, pos: int) -> tuple[AlterConfigsResponse, int]:
    o = _new(AlterConfigsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterConfigsResourceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterConfigsResourceResponse_0(buf, pos); ap0(x0)
    o.responses = a0
    return o, pos


def _enc_AlterConfigsResponse_0(o: AlterConfigsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AlterConfigsResourceResponse_0(x0, w)


def _dec_AlterConfigsResourceResponse_1(buf: memoryview, pos: int) -> tuple[AlterConfigsResourceResponse, int]:
    o = _new(AlterConfigsResourceResponse)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterConfigsResourceResponse_1(o: AlterConfigsResourceResponse, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S2.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    w(b'\x00')


def _dec_AlterConfigsResponse_1(buf: memoryview, pos: int) -> tuple[AlterConfigsResponse, int]:
    o = _new(AlterConfigsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterConfigsResourceResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterConfigsResourceResponse_1(buf, pos); ap0(x0)
    o.responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterConfigsResponse_1(o: AlterConfigsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterConfigsResourceResponse_1(x0, w)
    w(b'\x00')


_DEC_AlterConfigsResponse: list[Callable[[memoryview, int], tuple[AlterConfigsResponse, int]]] = [_dec_AlterConfigsResponse_0, _dec_AlterConfigsResponse_0, _dec_AlterConfigsResponse_1]
_ENC_AlterConfigsResponse: list[Callable[[AlterConfigsResponse, Writer], None]] = [_enc_AlterConfigsResponse_0, _enc_AlterConfigsResponse_0, _enc_AlterConfigsResponse_1]
