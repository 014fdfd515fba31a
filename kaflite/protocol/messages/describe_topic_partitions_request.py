"""Generated from Kafka's DescribeTopicPartitionsRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class TopicRequest:
    """A TopicRequest inside DescribeTopicPartitionsRequest. (generated from DescribeTopicPartitionsRequest.json)."""

    __slots__ = ('name',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '') -> None:
        self.name = name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class Cursor:
    """A Cursor inside DescribeTopicPartitionsRequest. (generated from DescribeTopicPartitionsRequest.json)."""

    __slots__ = ('topic_name', 'partition_index')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '', partition_index: int = 0) -> None:
        self.topic_name = topic_name
        self.partition_index = partition_index

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeTopicPartitionsRequest:
    """DescribeTopicPartitionsRequest v0-0 (generated from DescribeTopicPartitionsRequest.json)."""

    __slots__ = ('topics', 'response_partition_limit', 'cursor')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 75
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TopicRequest: TypeAlias = TopicRequest
    Cursor: TypeAlias = Cursor

    def __init__(self, *, topics: list[TopicRequest] | None = None, response_partition_limit: int = 2000, cursor: Cursor | None = None) -> None:
        self.topics = [] if topics is None else topics
        self.response_partition_limit = response_partition_limit
        self.cursor = cursor

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
        _ENC_DescribeTopicPartitionsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeTopicPartitionsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeTopicPartitionsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeTopicPartitionsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeTopicPartitionsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeTopicPartitionsRequest v{version} runs past the end of the frame')
        return o, end


TopicRequest.FIELD_TYPES = {'name': str}
Cursor.FIELD_TYPES = {'topic_name': str, 'partition_index': int}
DescribeTopicPartitionsRequest.FIELD_TYPES = {'topics': list[TopicRequest] | None, 'response_partition_limit': int, 'cursor': Cursor | None}


def _dec_TopicRequest_0(buf: memoryview, pos: int) -> tuple[TopicRequest, int]:
    o = _new(TopicRequest)
    o.name, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicRequest_0(o: TopicRequest, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(b'\x00')


def _dec_Cursor_0(buf: memoryview, pos: int) -> tuple[Cursor, int]:
    o = _new(Cursor)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_Cursor_0(o: Cursor, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    w(_S0.pack(o.partition_index))
    w(b'\x00')


def _dec_DescribeTopicPartitionsRequest_0(buf: memoryview, pos: int) -> tuple[DescribeTopicPartitionsRequest, int]:
    o = _new(DescribeTopicPartitionsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicRequest] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicRequest_0(buf, pos); ap0(x0)
    o.topics = a0
    o.response_partition_limit = _S0.unpack_from(buf, pos)[0]; pos += 4
    if _S1.unpack_from(buf, pos)[0] < 0:
        pos += 1; o.cursor = None
    else:
        o.cursor, pos = _dec_Cursor_0(buf, pos + 1)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeTopicPartitionsRequest_0(o: DescribeTopicPartitionsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicRequest_0(x0, w)
    w(_S0.pack(o.response_partition_limit))
    if o.cursor is None:
        w(b'\xff')
    else:
        w(b'\x01'); _enc_Cursor_0(o.cursor, w)
    w(b'\x00')


_DEC_DescribeTopicPartitionsRequest: list[Callable[[memoryview, int], tuple[DescribeTopicPartitionsRequest, int]]] = [_dec_DescribeTopicPartitionsRequest_0]
_ENC_DescribeTopicPartitionsRequest: list[Callable[[DescribeTopicPartitionsRequest, Writer], None]] = [_enc_DescribeTopicPartitionsRequest_0]
