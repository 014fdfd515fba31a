"""Generated from Kafka's AlterPartitionReassignmentsRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class ReassignableTopic:
    """A ReassignableTopic inside AlterPartitionReassignmentsRequest. (generated from AlterPartitionReassignmentsRequest.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[ReassignablePartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ReassignablePartition:
    """A ReassignablePartition inside AlterPartitionReassignmentsRequest. (generated from AlterPartitionReassignmentsRequest.json)."""

    __slots__ = ('partition_index', 'replicas')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, replicas: list[int] | None = None) -> None:
        self.partition_index = partition_index
        self.replicas = replicas

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterPartitionReassignmentsRequest:
    """AlterPartitionReassignmentsRequest v0-1 (generated from AlterPartitionReassignmentsRequest.json)."""

    __slots__ = ('timeout_ms', 'allow_replication_factor_change', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 45
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    ReassignableTopic: TypeAlias = ReassignableTopic
    ReassignablePartition: TypeAlias = ReassignablePartition

    def __init__(self, *, timeout_ms: int = 60000, allow_replication_factor_change: bool = True, topics: list[ReassignableTopic] | None = None) -> None:
        self.timeout_ms = timeout_ms
        self.allow_replication_factor_change = allow_replication_factor_change
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
        _ENC_AlterPartitionReassignmentsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterPartitionReassignmentsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterPartitionReassignmentsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterPartitionReassignmentsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterPartitionReassignmentsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterPartitionReassignmentsRequest v{version} runs past the end of the frame')
        return o, end


ReassignableTopic.FIELD_TYPES = {'name': str, 'partitions': list[ReassignablePartition] | None}
ReassignablePartition.FIELD_TYPES = {'partition_index': int, 'replicas': list[int] | None}
AlterPartitionReassignmentsRequest.FIELD_TYPES = {'timeout_ms': int, 'allow_replication_factor_change': bool, 'topics': list[ReassignableTopic] | None}


def _dec_ReassignablePartition_0(buf: memoryview, pos: int) -> tuple[ReassignablePartition, int]:
    o = _new(ReassignablePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.replicas = None
    else:
        if n * 4 > len(buf) - pos:
            _bad_array(n, buf, pos)
        o.replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReassignablePartition_0(o: ReassignablePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    a0 = o.replicas
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_ReassignableTopic_0(buf: memoryview, pos: int) -> tuple[ReassignableTopic, int]:
    o = _new(ReassignableTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReassignablePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReassignablePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReassignableTopic_0(o: ReassignableTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReassignablePartition_0(x0, w)
    w(b'\x00')


def _dec_AlterPartitionReassignmentsRequest_0(buf: memoryview, pos: int) -> tuple[AlterPartitionReassignmentsRequest, int]:
    o = _new(AlterPartitionReassignmentsRequest)
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.allow_replication_factor_change = True
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReassignableTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReassignableTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterPartitionReassignmentsRequest_0(o: AlterPartitionReassignmentsRequest, w: Writer) -> None:
    w(_S0.pack(o.timeout_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReassignableTopic_0(x0, w)
    w(b'\x00')


def _dec_AlterPartitionReassignmentsRequest_1(buf: memoryview, pos: int) -> tuple[AlterPartitionReassignmentsRequest, int]:
    o = _new(AlterPartitionReassignmentsRequest)
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.allow_replication_factor_change = _S1.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReassignableTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReassignableTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterPartitionReassignmentsRequest_1(o: AlterPartitionReassignmentsRequest, w: Writer) -> None:
    w(_S0.pack(o.timeout_ms))
    w(_S1.pack(o.allow_replication_factor_change))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReassignableTopic_0(x0, w)
    w(b'\x00')


_DEC_AlterPartitionReassignmentsRequest: list[Callable[[memoryview, int], tuple[AlterPartitionReassignmentsRequest, int]]] = [_dec_AlterPartitionReassignmentsRequest_0, _dec_AlterPartitionReassignmentsRequest_1]
_ENC_AlterPartitionReassignmentsRequest: list[Callable[[AlterPartitionReassignmentsRequest, Writer], None]] = [_enc_AlterPartitionReassignmentsRequest_0, _enc_AlterPartitionReassignmentsRequest_1]
