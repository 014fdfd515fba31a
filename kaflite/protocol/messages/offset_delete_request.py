"""Generated from Kafka's OffsetDeleteRequest.json by tools/codegen/generate.py. Do not edit."""

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
class OffsetDeleteRequestTopic:
    """A OffsetDeleteRequestTopic inside OffsetDeleteRequest. (generated from OffsetDeleteRequest.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[OffsetDeleteRequestPartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetDeleteRequestPartition:
    """A OffsetDeleteRequestPartition inside OffsetDeleteRequest. (generated from OffsetDeleteRequest.json)."""

    __slots__ = ('partition_index',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0) -> None:
        self.partition_index = partition_index

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetDeleteRequest:
    """OffsetDeleteRequest v0-0 (generated from OffsetDeleteRequest.json)."""

    __slots__ = ('group_id', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 47
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 10000
    OffsetDeleteRequestTopic: TypeAlias = OffsetDeleteRequestTopic
    OffsetDeleteRequestPartition: TypeAlias = OffsetDeleteRequestPartition

    def __init__(self, *, group_id: str = '', topics: list[OffsetDeleteRequestTopic] | None = None) -> None:
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
        _ENC_OffsetDeleteRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetDeleteRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetDeleteRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetDeleteRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetDeleteRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetDeleteRequest v{version} runs past the end of the frame')
        return o, end


OffsetDeleteRequestTopic.FIELD_TYPES = {'name': str, 'partitions': list[OffsetDeleteRequestPartition] | None}
OffsetDeleteRequestPartition.FIELD_TYPES = {'partition_index': int}
OffsetDeleteRequest.FIELD_TYPES = {'group_id': str, 'topics': list[OffsetDeleteRequestTopic] | None}


def _dec_OffsetDeleteRequestPartition_0(buf: memoryview, pos: int) -> tuple[OffsetDeleteRequestPartition, int]:
    o = _new(OffsetDeleteRequestPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_OffsetDeleteRequestPartition_0(o: OffsetDeleteRequestPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))


def _dec_OffsetDeleteRequestTopic_0(buf: memoryview, pos: int) -> tuple[OffsetDeleteRequestTopic, int]:
    o = _new(OffsetDeleteRequestTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetDeleteRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetDeleteRequestPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetDeleteRequestTopic_0(o: OffsetDeleteRequestTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetDeleteRequestPartition_0(x0, w)


def _dec_OffsetDeleteRequest_0(buf: memoryview, pos: int) -> tuple[OffsetDeleteRequest, int]:
    o = _new(OffsetDeleteRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetDeleteRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetDeleteRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetDeleteRequest_0(o: OffsetDeleteRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetDeleteRequestTopic_0(x0, w)


_DEC_OffsetDeleteRequest: list[Callable[[memoryview, int], tuple[OffsetDeleteRequest, int]]] = [_dec_OffsetDeleteRequest_0]
_ENC_OffsetDeleteRequest: list[Callable[[OffsetDeleteRequest, Writer], None]] = [_enc_OffsetDeleteRequest_0]
