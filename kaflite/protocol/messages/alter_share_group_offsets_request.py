"""Generated from Kafka's AlterShareGroupOffsetsRequest.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class AlterShareGroupOffsetsRequestTopic:
    """A AlterShareGroupOffsetsRequestTopic inside AlterShareGroupOffsetsRequest. (generated from AlterShareGroupOffsetsRequest.json)."""

    __slots__ = ('topic_name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '', partitions: list[AlterShareGroupOffsetsRequestPartition] | None = None) -> None:
        self.topic_name = topic_name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterShareGroupOffsetsRequestPartition:
    """A AlterShareGroupOffsetsRequestPartition inside AlterShareGroupOffsetsRequest. (generated from AlterShareGroupOffsetsRequest.json)."""

    __slots__ = ('partition_index', 'start_offset')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, start_offset: int = 0) -> None:
        self.partition_index = partition_index
        self.start_offset = start_offset

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterShareGroupOffsetsRequest:
    """AlterShareGroupOffsetsRequest v0-0 (generated from AlterShareGroupOffsetsRequest.json)."""

    __slots__ = ('group_id', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 91
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    AlterShareGroupOffsetsRequestTopic: TypeAlias = AlterShareGroupOffsetsRequestTopic
    AlterShareGroupOffsetsRequestPartition: TypeAlias = AlterShareGroupOffsetsRequestPartition

    def __init__(self, *, group_id: str = '', topics: list[AlterShareGroupOffsetsRequestTopic] | None = None) -> None:
        self.group_id = group_id
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
        _ENC_AlterShareGroupOffsetsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterShareGroupOffsetsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterShareGroupOffsetsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterShareGroupOffsetsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterShareGroupOffsetsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterShareGroupOffsetsRequest v{version} runs past the end of the frame')
        return o, end


AlterShareGroupOffsetsRequestTopic.FIELD_TYPES = {'topic_name': str, 'partitions': list[AlterShareGroupOffsetsRequestPartition] | None}
AlterShareGroupOffsetsRequestPartition.FIELD_TYPES = {'partition_index': int, 'start_offset': int}
AlterShareGroupOffsetsRequest.FIELD_TYPES = {'group_id': str, 'topics': list[AlterShareGroupOffsetsRequestTopic] | None}


def _dec_AlterShareGroupOffsetsRequestPartition_0(buf: memoryview, pos: int) -> tuple[AlterShareGroupOffsetsRequestPartition, int]:
    o = _new(AlterShareGroupOffsetsRequestPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.start_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterShareGroupOffsetsRequestPartition_0(o: AlterShareGroupOffsetsRequestPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.start_offset))
    w(b'\x00')


def _dec_AlterShareGroupOffsetsRequestTopic_0(buf: memoryview, pos: int) -> tuple[AlterShareGroupOffsetsRequestTopic, int]:
    o = _new(AlterShareGroupOffsetsRequestTopic)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 13 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterShareGroupOffsetsRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterShareGroupOffsetsRequestPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterShareGroupOffsetsRequestTopic_0(o: AlterShareGroupOffsetsRequestTopic, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterShareGroupOffsetsRequestPartition_0(x0, w)
    w(b'\x00')


def _dec_AlterShareGroupOffsetsRequest_0(buf: memoryview, pos: int) -> tuple[AlterShareGroupOffsetsRequest, int]:
    o = _new(AlterShareGroupOffsetsRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterShareGroupOffsetsRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterShareGroupOffsetsRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterShareGroupOffsetsRequest_0(o: AlterShareGroupOffsetsRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterShareGroupOffsetsRequestTopic_0(x0, w)
    w(b'\x00')


_DEC_AlterShareGroupOffsetsRequest: list[Callable[[memoryview, int], tuple[AlterShareGroupOffsetsRequest, int]]] = [_dec_AlterShareGroupOffsetsRequest_0]
_ENC_AlterShareGroupOffsetsRequest: list[Callable[[AlterShareGroupOffsetsRequest, Writer], None]] = [_enc_AlterShareGroupOffsetsRequest_0]
