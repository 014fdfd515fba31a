"""Generated from Kafka's DeleteTopicsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class DeletableTopicResult:
    """A DeletableTopicResult inside DeleteTopicsResponse. (generated from DeleteTopicsResponse.json)."""

    __slots__ = ('name', 'topic_id', 'error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str | None = '', topic_id: bytes = ZERO_UUID, error_code: int = 0, error_message: str | None = None) -> None:
        self.name = name
        self.topic_id = topic_id
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteTopicsResponse:
    """DeleteTopicsResponse v1-6 (generated from DeleteTopicsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'responses')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 20
    MIN_VERSION = 1
    MAX_VERSION = 6
    FLEXIBLE_MIN = 4
    DeletableTopicResult: TypeAlias = DeletableTopicResult

    def __init__(self, *, throttle_time_ms: int = 0, responses: list[DeletableTopicResult] | None = None) -> None:
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
        _ENC_DeleteTopicsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteTopicsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteTopicsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteTopicsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteTopicsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteTopicsResponse v{version} runs past the end of the frame')
        return o, end


DeletableTopicResult.FIELD_TYPES = {'name': str | None, 'topic_id': bytes, 'error_code': int, 'error_message': str | None}
DeleteTopicsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'responses': list[DeletableTopicResult] | None}


def _dec_DeletableTopicResult_0(buf: memoryview, pos: int) -> tuple[DeletableTopicResult, int]:
    o = _new(DeletableTopicResult)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = None
    return o, pos


def _enc_DeletableTopicResult_0(o: DeletableTopicResult, w: Writer) -> None:
    _w_str(w, o.name)
    w(_S1.pack(o.error_code))


def _dec_DeleteTopicsResponse_0(buf: memoryview, pos: int) -> tuple[DeleteTopicsResponse, int]:
    o = _new(DeleteTopicsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeletableTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeletableTopicResult_0(buf, pos); ap0(x0)
    o.responses = a0
    return o, pos


def _enc_DeleteTopicsResponse_0(o: DeleteTopicsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeletableTopicResult_0(x0, w)


def _dec_DeletableTopicResult_1(buf: memoryview, pos: int) -> tuple[DeletableTopicResult, int]:
    o = _new(DeletableTopicResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = None
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeletableTopicResult_1(o: DeletableTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S1.pack(o.error_code))
    w(b'\x00')


def _dec_DeleteTopicsResponse_1(buf: memoryview, pos: int) -> tuple[DeleteTopicsResponse, int]:
    o = _new(DeleteTopicsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeletableTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeletableTopicResult_1(buf, pos); ap0(x0)
    o.responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteTopicsResponse_1(o: DeleteTopicsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeletableTopicResult_1(x0, w)
    w(b'\x00')


def _dec_DeletableTopicResult_2(buf: memoryview, pos: int) -> tuple[DeletableTopicResult, int]:
    o = _new(DeletableTopicResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeletableTopicResult_2(o: DeletableTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_DeleteTopicsResponse_2(buf: memoryview, pos: int) -> tuple[DeleteTopicsResponse, int]:
    o = _new(DeleteTopicsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeletableTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeletableTopicResult_2(buf, pos); ap0(x0)
    o.responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteTopicsResponse_2(o: DeleteTopicsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeletableTopicResult_2(x0, w)
    w(b'\x00')


def _dec_DeletableTopicResult_3(buf: memoryview, pos: int) -> tuple[DeletableTopicResult, int]:
    o = _new(DeletableTopicResult)
    o.name, pos = _r_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeletableTopicResult_3(o: DeletableTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(o.topic_id)
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_DeleteTopicsResponse_3(buf: memoryview, pos: int) -> tuple[DeleteTopicsResponse, int]:
    o = _new(DeleteTopicsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 21 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeletableTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeletableTopicResult_3(buf, pos); ap0(x0)
    o.responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteTopicsResponse_3(o: DeleteTopicsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeletableTopicResult_3(x0, w)
    w(b'\x00')


_DEC_DeleteTopicsResponse: list[Callable[[memoryview, int], tuple[DeleteTopicsResponse, int]]] = [_unsupported, _dec_DeleteTopicsResponse_0, _dec_DeleteTopicsResponse_0, _dec_DeleteTopicsResponse_0, _dec_DeleteTopicsResponse_1, _dec_DeleteTopicsResponse_2, _dec_DeleteTopicsResponse_3]
_ENC_DeleteTopicsResponse: list[Callable[[DeleteTopicsResponse, Writer], None]] = [_unsupported, _enc_DeleteTopicsResponse_0, _enc_DeleteTopicsResponse_0, _enc_DeleteTopicsResponse_0, _enc_DeleteTopicsResponse_1, _enc_DeleteTopicsResponse_2, _enc_DeleteTopicsResponse_3]
