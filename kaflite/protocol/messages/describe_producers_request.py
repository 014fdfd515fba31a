"""Generated from Kafka's DescribeProducersRequest.json by tools/codegen/generate.py. Do not edit."""

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



@mypyc_attr(native_class=False)
class TopicRequest:
    """A TopicRequest inside DescribeProducersRequest. (generated from DescribeProducersRequest.json)."""

    __slots__ = ('name', 'partition_indexes')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partition_indexes: list[int] | None = None) -> None:
        self.name = name
        self.partition_indexes = [] if partition_indexes is None else partition_indexes

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeProducersRequest:
    """DescribeProducersRequest v0-0 (generated from DescribeProducersRequest.json)."""

    __slots__ = ('topics',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 61
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TopicRequest: TypeAlias = TopicRequest

    def __init__(self, *, topics: list[TopicRequest] | None = None) -> None:
        self.topics = [] if topics is None else topics

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
        _ENC_DescribeProducersRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeProducersRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeProducersRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeProducersRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeProducersRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeProducersRequest v{version} runs past the end of the frame')
        return o, end


TopicRequest.FIELD_TYPES = {'name': str, 'partition_indexes': list[int] | None}
DescribeProducersRequest.FIELD_TYPES = {'topics': list[TopicRequest] | None}


def _dec_TopicRequest_0(buf: memoryview, pos: int) -> tuple[TopicRequest, int]:
    o = _new(TopicRequest)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_indexes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicRequest_0(o: TopicRequest, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_indexes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_DescribeProducersRequest_0(buf: memoryview, pos: int) -> tuple[DescribeProducersRequest, int]:
    o = _new(DescribeProducersRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicRequest] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicRequest_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeProducersRequest_0(o: DescribeProducersRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicRequest_0(x0, w)
    w(b'\x00')


_DEC_DescribeProducersRequest: list[Callable[[memoryview, int], tuple[DescribeProducersRequest, int]]] = [_dec_DescribeProducersRequest_0]
_ENC_DescribeProducersRequest: list[Callable[[DescribeProducersRequest, Writer], None]] = [_enc_DescribeProducersRequest_0]
