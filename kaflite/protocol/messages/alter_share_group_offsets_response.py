"""Generated from Kafka's AlterShareGroupOffsetsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class AlterShareGroupOffsetsResponseTopic:
    """A AlterShareGroupOffsetsResponseTopic inside AlterShareGroupOffsetsResponse. (generated from AlterShareGroupOffsetsResponse.json)."""

    __slots__ = ('topic_name', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '', topic_id: bytes = ZERO_UUID, partitions: list[AlterShareGroupOffsetsResponsePartition] | None = None) -> None:
        self.topic_name = topic_name
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterShareGroupOffsetsResponsePartition:
    """A AlterShareGroupOffsetsResponsePartition inside AlterShareGroupOffsetsResponse. (generated from AlterShareGroupOffsetsResponse.json)."""

    __slots__ = ('partition_index', 'error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0, error_message: str | None = None) -> None:
        self.partition_index = partition_index
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterShareGroupOffsetsResponse:
    """AlterShareGroupOffsetsResponse v0-0 (generated from AlterShareGroupOffsetsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'responses')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 91
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    AlterShareGroupOffsetsResponseTopic: TypeAlias = AlterShareGroupOffsetsResponseTopic
    AlterShareGroupOffsetsResponsePartition: TypeAlias = AlterShareGroupOffsetsResponsePartition

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = None, responses: list[AlterShareGroupOffsetsResponseTopic] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
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
        _ENC_AlterShareGroupOffsetsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterShareGroupOffsetsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterShareGroupOffsetsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterShareGroupOffsetsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterShareGroupOffsetsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterShareGroupOffsetsResponse v{version} runs past the end of the frame')
        return o, end


AlterShareGroupOffsetsResponseTopic.FIELD_TYPES = {'topic_name': str, 'topic_id': bytes, 'partitions': list[AlterShareGroupOffsetsResponsePartition] | None}
AlterShareGroupOffsetsResponsePartition.FIELD_TYPES = {'partition_index': int, 'error_code': int, 'error_message': str | None}
AlterShareGroupOffsetsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'responses': list[AlterShareGroupOffsetsResponseTopic] | None}


def _dec_AlterShareGroupOffsetsResponsePartition_0(buf: memoryview, pos: int) -> tuple[AlterShareGroupOffsetsResponsePartition, int]:
    o = _new(AlterShareGroupOffsetsResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterShareGroupOffsetsResponsePartition_0(o: AlterShareGroupOffsetsResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_AlterShareGroupOffsetsResponseTopic_0(buf: memoryview, pos: int) -> tuple[AlterShareGroupOffsetsResponseTopic, int]:
    o = _new(AlterShareGroupOffsetsResponseTopic)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterShareGroupOffsetsResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterShareGroupOffsetsResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterShareGroupOffsetsResponseTopic_0(o: AlterShareGroupOffsetsResponseTopic, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterShareGroupOffsetsResponsePartition_0(x0, w)
    w(b'\x00')


def _dec_AlterShareGroupOffsetsResponse_0(buf: memoryview, pos: int) -> tuple[AlterShareGroupOffsetsResponse, int]:
    o = _new(AlterShareGroupOffsetsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 19 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterShareGroupOffsetsResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterShareGroupOffsetsResponseTopic_0(buf, pos); ap0(x0)
    o.responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterShareGroupOffsetsResponse_0(o: AlterShareGroupOffsetsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterShareGroupOffsetsResponseTopic_0(x0, w)
    w(b'\x00')


_DEC_AlterShareGroupOffsetsResponse: list[Callable[[memoryview, int], tuple[AlterShareGroupOffsetsResponse, int]]] = [_dec_AlterShareGroupOffsetsResponse_0]
_ENC_AlterShareGroupOffsetsResponse: list[Callable[[AlterShareGroupOffsetsResponse, Writer], None]] = [_enc_AlterShareGroupOffsetsResponse_0]
