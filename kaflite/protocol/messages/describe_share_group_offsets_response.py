"""Generated from Kafka's DescribeShareGroupOffsetsResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>q')
_S2 = _struct.Struct('>h')


@mypyc_attr(native_class=False)
class DescribeShareGroupOffsetsResponseGroup:
    """A DescribeShareGroupOffsetsResponseGroup inside DescribeShareGroupOffsetsResponse. (generated from DescribeShareGroupOffsetsResponse.json)."""

    __slots__ = ('group_id', 'topics', 'error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, group_id: str = '', topics: list[DescribeShareGroupOffsetsResponseTopic] | None = None, error_code: int = 0, error_message: str | None = None) -> None:
        self.group_id = group_id
        self.topics = [] if topics is None else topics
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeShareGroupOffsetsResponseTopic:
    """A DescribeShareGroupOffsetsResponseTopic inside DescribeShareGroupOffsetsResponse. (generated from DescribeShareGroupOffsetsResponse.json)."""

    __slots__ = ('topic_name', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '', topic_id: bytes = ZERO_UUID, partitions: list[DescribeShareGroupOffsetsResponsePartition] | None = None) -> None:
        self.topic_name = topic_name
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeShareGroupOffsetsResponsePartition:
    """A DescribeShareGroupOffsetsResponsePartition inside DescribeShareGroupOffsetsResponse. (generated from DescribeShareGroupOffsetsResponse.json)."""

    __slots__ = ('partition_index', 'start_offset', 'leader_epoch', 'lag', 'error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, start_offset: int = 0, leader_epoch: int = 0, lag: int = -1, error_code: int = 0, error_message: str | None = None) -> None:
        self.partition_index = partition_index
        self.start_offset = start_offset
        self.leader_epoch = leader_epoch
        self.lag = lag
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeShareGroupOffsetsResponse:
    """DescribeShareGroupOffsetsResponse v0-1 (generated from DescribeShareGroupOffsetsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'groups')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 90
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    DescribeShareGroupOffsetsResponseGroup: TypeAlias = DescribeShareGroupOffsetsResponseGroup
    DescribeShareGroupOffsetsResponseTopic: TypeAlias = DescribeShareGroupOffsetsResponseTopic
    DescribeShareGroupOffsetsResponsePartition: TypeAlias = DescribeShareGroupOffsetsResponsePartition

    def __init__(self, *, throttle_time_ms: int = 0, groups: list[DescribeShareGroupOffsetsResponseGroup] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
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
        _ENC_DescribeShareGroupOffsetsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeShareGroupOffsetsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeShareGroupOffsetsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeShareGroupOffsetsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeShareGroupOffsetsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeShareGroupOffsetsResponse v{version} runs past the end of the frame')
        return o, end


DescribeShareGroupOffsetsResponseGroup.FIELD_TYPES = {'group_id': str, 'topics': list[DescribeShareGroupOffsetsResponseTopic] | None, 'error_code': int, 'error_message': str | None}
DescribeShareGroupOffsetsResponseTopic.FIELD_TYPES = {'topic_name': str, 'topic_id': bytes, 'partitions': list[DescribeShareGroupOffsetsResponsePartition] | None}
DescribeShareGroupOffsetsResponsePartition.FIELD_TYPES = {'partition_index': int, 'start_offset': int, 'leader_epoch': int, 'lag': int, 'error_code': int, 'error_message': str | None}
DescribeShareGroupOffsetsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'groups': list[DescribeShareGroupOffsetsResponseGroup] | None}


def _dec_DescribeShareGroupOffsetsResponsePartition_0(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponsePartition, int]:
    o = _new(DescribeShareGroupOffsetsResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.start_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.lag = -1
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponsePartition_0(o: DescribeShareGroupOffsetsResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.start_offset))
    w(_S0.pack(o.leader_epoch))
    w(_S2.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsResponseTopic_0(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponseTopic, int]:
    o = _new(DescribeShareGroupOffsetsResponseTopic)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeShareGroupOffsetsResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeShareGroupOffsetsResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponseTopic_0(o: DescribeShareGroupOffsetsResponseTopic, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsResponsePartition_0(x0, w)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsResponseGroup_0(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponseGroup, int]:
    o = _new(DescribeShareGroupOffsetsResponseGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 19 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeShareGroupOffsetsResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeShareGroupOffsetsResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponseGroup_0(o: DescribeShareGroupOffsetsResponseGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsResponseTopic_0(x0, w)
    w(_S2.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponse, int]:
    o = _new(DescribeShareGroupOffsetsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeShareGroupOffsetsResponseGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeShareGroupOffsetsResponseGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponse_0(o: DescribeShareGroupOffsetsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsResponseGroup_0(x0, w)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsResponsePartition_1(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponsePartition, int]:
    o = _new(DescribeShareGroupOffsetsResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.start_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.lag = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponsePartition_1(o: DescribeShareGroupOffsetsResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.start_offset))
    w(_S0.pack(o.leader_epoch))
    w(_S1.pack(o.lag))
    w(_S2.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsResponseTopic_1(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponseTopic, int]:
    o = _new(DescribeShareGroupOffsetsResponseTopic)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 28 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeShareGroupOffsetsResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeShareGroupOffsetsResponsePartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponseTopic_1(o: DescribeShareGroupOffsetsResponseTopic, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsResponsePartition_1(x0, w)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsResponseGroup_1(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponseGroup, int]:
    o = _new(DescribeShareGroupOffsetsResponseGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 19 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeShareGroupOffsetsResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeShareGroupOffsetsResponseTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponseGroup_1(o: DescribeShareGroupOffsetsResponseGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsResponseTopic_1(x0, w)
    w(_S2.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_DescribeShareGroupOffsetsResponse_1(buf: memoryview, pos: int) -> tuple[DescribeShareGroupOffsetsResponse, int]:
    o = _new(DescribeShareGroupOffsetsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeShareGroupOffsetsResponseGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeShareGroupOffsetsResponseGroup_1(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeShareGroupOffsetsResponse_1(o: DescribeShareGroupOffsetsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeShareGroupOffsetsResponseGroup_1(x0, w)
    w(b'\x00')


_DEC_DescribeShareGroupOffsetsResponse: list[Callable[[memoryview, int], tuple[DescribeShareGroupOffsetsResponse, int]]] = [_dec_DescribeShareGroupOffsetsResponse_0, _dec_DescribeShareGroupOffsetsResponse_1]
_ENC_DescribeShareGroupOffsetsResponse: list[Callable[[DescribeShareGroupOffsetsResponse, Writer], None]] = [_enc_DescribeShareGroupOffsetsResponse_0, _enc_DescribeShareGroupOffsetsResponse_1]
