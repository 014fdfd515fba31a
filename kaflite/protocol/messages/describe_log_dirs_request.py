"""Generated from Kafka's DescribeLogDirsRequest.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class DescribableLogDirTopic:
    """A DescribableLogDirTopic inside DescribeLogDirsRequest. (generated from DescribeLogDirsRequest.json)."""

    __slots__ = ('topic', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partitions: list[int] | None = None) -> None:
        self.topic = topic
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeLogDirsRequest:
    """DescribeLogDirsRequest v1-5 (generated from DescribeLogDirsRequest.json)."""

    __slots__ = ('topics',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 35
    MIN_VERSION = 1
    MAX_VERSION = 5
    FLEXIBLE_MIN = 2
    DescribableLogDirTopic: TypeAlias = DescribableLogDirTopic

    def __init__(self, *, topics: list[DescribableLogDirTopic] | None = _UNSET) -> None:
        self.topics = [] if topics is _UNSET else topics

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
        _ENC_DescribeLogDirsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeLogDirsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeLogDirsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeLogDirsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeLogDirsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeLogDirsRequest v{version} runs past the end of the frame')
        return o, end


DescribableLogDirTopic.FIELD_TYPES = {'topic': str, 'partitions': list[int] | None}
DescribeLogDirsRequest.FIELD_TYPES = {'topics': list[DescribableLogDirTopic] | None}


def _dec_DescribableLogDirTopic_0(buf: memoryview, pos: int) -> tuple[DescribableLogDirTopic, int]:
    o = _new(DescribableLogDirTopic)
    o.topic, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_DescribableLogDirTopic_0(o: DescribableLogDirTopic, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_DescribeLogDirsRequest_0(buf: memoryview, pos: int) -> tuple[DescribeLogDirsRequest, int]:
    o = _new(DescribeLogDirsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topics = None
    else:
        if n * 6 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[DescribableLogDirTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_DescribableLogDirTopic_0(buf, pos); ap0(x0)
        o.topics = a0
    return o, pos


def _enc_DescribeLogDirsRequest_0(o: DescribeLogDirsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribableLogDirTopic_0(x0, w)


def _dec_DescribableLogDirTopic_1(buf: memoryview, pos: int) -> tuple[DescribableLogDirTopic, int]:
    o = _new(DescribableLogDirTopic)
    o.topic, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribableLogDirTopic_1(o: DescribableLogDirTopic, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_DescribeLogDirsRequest_1(buf: memoryview, pos: int) -> tuple[DescribeLogDirsRequest, int]:
    o = _new(DescribeLogDirsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[DescribableLogDirTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_DescribableLogDirTopic_1(buf, pos); ap0(x0)
        o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsRequest_1(o: DescribeLogDirsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribableLogDirTopic_1(x0, w)
    w(b'\x00')


_DEC_DescribeLogDirsRequest: list[Callable[[memoryview, int], tuple[DescribeLogDirsRequest, int]]] = [_unsupported, _dec_DescribeLogDirsRequest_0, _dec_DescribeLogDirsRequest_1, _dec_DescribeLogDirsRequest_1, _dec_DescribeLogDirsRequest_1, _dec_DescribeLogDirsRequest_1]
_ENC_DescribeLogDirsRequest: list[Callable[[DescribeLogDirsRequest, Writer], None]] = [_unsupported, _enc_DescribeLogDirsRequest_0, _enc_DescribeLogDirsRequest_1, _enc_DescribeLogDirsRequest_1, _enc_DescribeLogDirsRequest_1, _enc_DescribeLogDirsRequest_1]
