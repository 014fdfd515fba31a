"""Generated from Kafka's ListPartitionReassignmentsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class ListPartitionReassignmentsTopics:
    """A ListPartitionReassignmentsTopics inside ListPartitionReassignmentsRequest. (generated from ListPartitionReassignmentsRequest.json)."""

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
class ListPartitionReassignmentsRequest:
    """ListPartitionReassignmentsRequest v0-0 (generated from ListPartitionReassignmentsRequest.json)."""

    __slots__ = ('timeout_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 46
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    ListPartitionReassignmentsTopics: TypeAlias = ListPartitionReassignmentsTopics

    def __init__(self, *, timeout_ms: int = 60000, topics: list[ListPartitionReassignmentsTopics] | None = None) -> None:
        self.timeout_ms = timeout_ms
        self.topics = topics

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
        _ENC_ListPartitionReassignmentsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListPartitionReassignmentsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListPartitionReassignmentsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListPartitionReassignmentsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListPartitionReassignmentsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListPartitionReassignmentsRequest v{version} runs past the end of the frame')
        return o, end


ListPartitionReassignmentsTopics.FIELD_TYPES = {'name': str, 'partition_indexes': list[int] | None}
ListPartitionReassignmentsRequest.FIELD_TYPES = {'timeout_ms': int, 'topics': list[ListPartitionReassignmentsTopics] | None}


def _dec_ListPartitionReassignmentsTopics_0(buf: memoryview, pos: int) -> tuple[ListPartitionReassignmentsTopics, int]:
    o = _new(ListPartitionReassignmentsTopics)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_indexes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListPartitionReassignmentsTopics_0(o: ListPartitionReassignmentsTopics, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_indexes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_ListPartitionReassignmentsRequest_0(buf: memoryview, pos: int) -> tuple[ListPartitionReassignmentsRequest, int]:
    o = _new(ListPartitionReassignmentsRequest)
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[ListPartitionReassignmentsTopics] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_ListPartitionReassignmentsTopics_0(buf, pos); ap0(x0)
        o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListPartitionReassignmentsRequest_0(o: ListPartitionReassignmentsRequest, w: Writer) -> None:
    w(_S0.pack(o.timeout_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListPartitionReassignmentsTopics_0(x0, w)
    w(b'\x00')


_DEC_ListPartitionReassignmentsRequest: list[Callable[[memoryview, int], tuple[ListPartitionReassignmentsRequest, int]]] = [_dec_ListPartitionReassignmentsRequest_0]
_ENC_ListPartitionReassignmentsRequest: list[Callable[[ListPartitionReassignmentsRequest, Writer], None]] = [_enc_ListPartitionReassignmentsRequest_0]
