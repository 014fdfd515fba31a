"""Generated from Kafka's OffsetCommitResponse.json by tools/codegen/generate.py. Do not edit."""

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
class OffsetCommitResponseTopic:
    """A OffsetCommitResponseTopic inside OffsetCommitResponse. (generated from OffsetCommitResponse.json)."""

    __slots__ = ('name', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', topic_id: bytes = ZERO_UUID, partitions: list[OffsetCommitResponsePartition] | None = None) -> None:
        self.name = name
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetCommitResponsePartition:
    """A OffsetCommitResponsePartition inside OffsetCommitResponse. (generated from OffsetCommitResponse.json)."""

    __slots__ = ('partition_index', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0) -> None:
        self.partition_index = partition_index
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetCommitResponse:
    """OffsetCommitResponse v2-10 (generated from OffsetCommitResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 8
    MIN_VERSION = 2
    MAX_VERSION = 10
    FLEXIBLE_MIN = 8
    OffsetCommitResponseTopic: TypeAlias = OffsetCommitResponseTopic
    OffsetCommitResponsePartition: TypeAlias = OffsetCommitResponsePartition

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[OffsetCommitResponseTopic] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
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
        _ENC_OffsetCommitResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetCommitResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetCommitResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetCommitResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetCommitResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetCommitResponse v{version} runs past the end of the frame')
        return o, end


OffsetCommitResponseTopic.FIELD_TYPES = {'name': str, 'topic_id': bytes, 'partitions': list[OffsetCommitResponsePartition] | None}
OffsetCommitResponsePartition.FIELD_TYPES = {'partition_index': int, 'error_code': int}
OffsetCommitResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[OffsetCommitResponseTopic] | None}


def _dec_OffsetCommitResponsePartition_0(buf: memoryview, pos: int) -> tuple[OffsetCommitResponsePartition, int]:
    o = _new(OffsetCommitResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_OffsetCommitResponsePartition_0(o: OffsetCommitResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))


def _dec_OffsetCommitResponseTopic_0(buf: memoryview, pos: int) -> tuple[OffsetCommitResponseTopic, int]:
    o = _new(OffsetCommitResponseTopic)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetCommitResponseTopic_0(o: OffsetCommitResponseTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitResponsePartition_0(x0, w)


def _dec_OffsetCommitResponse_0(buf: memoryview, pos: int) -> tuple[OffsetCommitResponse, int]:
    o = _new(OffsetCommitResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetCommitResponse_0(o: OffsetCommitResponse, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitResponseTopic_0(x0, w)


def _dec_OffsetCommitResponse_1(buf: memoryview, pos: int) -> tuple[OffsetCommitResponse, int]:
    o = _new(OffsetCommitResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetCommitResponse_1(o: OffsetCommitResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitResponseTopic_0(x0, w)


def _dec_OffsetCommitResponsePartition_1(buf: memoryview, pos: int) -> tuple[OffsetCommitResponsePartition, int]:
    o = _new(OffsetCommitResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitResponsePartition_1(o: OffsetCommitResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(b'\x00')


def _dec_OffsetCommitResponseTopic_1(buf: memoryview, pos: int) -> tuple[OffsetCommitResponseTopic, int]:
    o = _new(OffsetCommitResponseTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitResponsePartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitResponseTopic_1(o: OffsetCommitResponseTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitResponsePartition_1(x0, w)
    w(b'\x00')


def _dec_OffsetCommitResponse_2(buf: memoryview, pos: int) -> tuple[OffsetCommitResponse, int]:
    o = _new(OffsetCommitResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitResponseTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitResponse_2(o: OffsetCommitResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitResponseTopic_1(x0, w)
    w(b'\x00')


def _dec_OffsetCommitResponseTopic_2(buf: memoryview, pos: int) -> tuple[OffsetCommitResponseTopic, int]:
    o = _new(OffsetCommitResponseTopic)
    o.name = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitResponsePartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitResponseTopic_2(o: OffsetCommitResponseTopic, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitResponsePartition_1(x0, w)
    w(b'\x00')


def _dec_OffsetCommitResponse_3(buf: memoryview, pos: int) -> tuple[OffsetCommitResponse, int]:
    o = _new(OffsetCommitResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitResponseTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitResponse_3(o: OffsetCommitResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitResponseTopic_2(x0, w)
    w(b'\x00')


_DEC_OffsetCommitResponse: list[Callable[[memoryview, int], tuple[OffsetCommitResponse, int]]] = [_unsupported, _unsupported, _dec_OffsetCommitResponse_0, _dec_OffsetCommitResponse_1, _dec_OffsetCommitResponse_1, _dec_OffsetCommitResponse_1, _dec_OffsetCommitResponse_1, _dec_OffsetCommitResponse_1, _dec_OffsetCommitResponse_2, _dec_OffsetCommitResponse_2, _dec_OffsetCommitResponse_3]
_ENC_OffsetCommitResponse: list[Callable[[OffsetCommitResponse, Writer], None]] = [_unsupported, _unsupported, _enc_OffsetCommitResponse_0, _enc_OffsetCommitResponse_1, _enc_OffsetCommitResponse_1, _enc_OffsetCommitResponse_1, _enc_OffsetCommitResponse_1, _enc_OffsetCommitResponse_1, _enc_OffsetCommitResponse_2, _enc_OffsetCommitResponse_2, _enc_OffsetCommitResponse_3]
