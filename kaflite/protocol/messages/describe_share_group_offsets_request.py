"""Generated from Kafka's DescribeShareGroupOffsetsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class DescribeShareGroupOffsetsRequestGroup:
    """A DescribeShareGroupOffsetsRequestGroup inside DescribeShareGroupOffsetsRequest. (generated from DescribeShareGroupOffsetsRequest.json)."""

    __slots__ = ('group_id', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, group_id: str = '', topics: list[DescribeShareGroupOffsetsRequestTopic] | None = _UNSET) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _UNSET else topics

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeShareGroupOffsetsRequestTopic:
    """A DescribeShareGroupOffsetsRequestTopic inside DescribeShareGroupOffsetsRequest. (generated from DescribeShareGroupOffsetsRequest.json)."""

    __slots__ = ('topic_name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '', partitions: list[int] | None = None) -> None:
        self.topic_name = topic_name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeShareGroupOffsetsRequest:
    """DescribeShareGroupOffsetsRequest v0-1 (generated from DescribeShareGroupOffsetsRequest.json)."""

    __slots__ = ('groups',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 90
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    DescribeShareGroupOffsetsRequestGroup: TypeAlias = DescribeShareGroupOffsetsRequestGroup
    DescribeShareGroupOffsetsRequestTopic: TypeAlias = DescribeShareGroupOffsetsRequestTopic

    def __init__(self, *, groups: list[DescribeShareGroupOffsetsRequestGroup] | None = None) -> None:
        self.groups = [] if groups is None else groups

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
        _ENC_DescribeShareGroupOffsetsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeShareGroupOffsetsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeShareGroupOffsetsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeShareGroupOffsetsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeShareGroupOffsetsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeShareGroupOffsetsRequest v{version} runs past the end of the frame')
        return o, end


DescribeShareGroupOffsetsRequestGroup.FIELD_TYPES = {'group_id': str, 'topics': list[DescribeShareGroupOffsetsRequestTopic] | None}
DescribeShareGroupOffsetsRequestTopic.FIELD_TYPES = {'topic_name': str, 'partitions': list[int] | None}
DescribeShareGroupOffsetsRequest.FIELD_TYPES = {'groups': list[DescribeShareGroupOffsetsRequestGroup] | None}


def _dec_DescribeShareGroupOffsetsRequestTopic_0(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsRequestTopic, int]:
    o = _new(DescribeShareGroupOffsetsRequestTopic)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsRequestTopic_0(o: DescribeShareGroupOffsetsRequestTopic, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsRequestGroup_0(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsRequestGroup, int]:
    o = _new(DescribeShareGroupOffsetsRequestGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[DescribeShareGroupOffsetsRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_DescribeShareGroupOffsetsRequestTopic_0(buf, pos); ap0(x0)
        o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsRequestGroup_0(o: DescribeShareGroupOffsetsRequestGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsRequestTopic_0(x0, w)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsRequest_0(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsRequest, int]:
    o = _new(DescribeShareGroupOffsetsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeShareGroupOffsetsRequestGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeShareGroupOffsetsRequestGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsRequest_0(o: DescribeShareGroupOffsetsRequest, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsRequestGroup_0(x0, w)
    w(b'\x00')


_DEC_DescribeShareGroupOffsetsRequest: list[Callable[[memoryview, int], tuple[DescribeShareGroupOffsetsRequest, int]]] = [_dec_DescribeShareGroupOffsetsRequest_0, _dec_DescribeShareGroupOffsetsRequest_0]
_ENC_DescribeShareGroupOffsetsRequest: list[Callable[[DescribeShareGroupOffsetsRequest, Writer], None]] = [_enc_DescribeShareGroupOffsetsRequest_0, _enc_DescribeShareGroupOffsetsRequest_0]
