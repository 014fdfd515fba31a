"""Generated from Kafka's DescribeTopicPartitionsResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')
_S3 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class DescribeTopicPartitionsResponseTopic:
    """A DescribeTopicPartitionsResponseTopic inside DescribeTopicPartitionsResponse. (generated from DescribeTopicPartitionsResponse.json)."""

    __slots__ = ('error_code', 'name', 'topic_id', 'is_internal', 'partitions', 'topic_authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, name: str | None = '', topic_id: bytes = ZERO_UUID, is_internal: bool = False, partitions: list[DescribeTopicPartitionsResponsePartition] | None = None, topic_authorized_operations: int = -2147483648) -> None:
        self.error_code = error_code
        self.name = name
        self.topic_id = topic_id
        self.is_internal = is_internal
        self.partitions = [] if partitions is None else partitions
        self.topic_authorized_operations = topic_authorized_operations

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeTopicPartitionsResponsePartition:
    """A DescribeTopicPartitionsResponsePartition inside DescribeTopicPartitionsResponse. (generated from DescribeTopicPartitionsResponse.json)."""

    __slots__ = ('error_code', 'partition_index', 'leader_id', 'leader_epoch', 'replica_nodes', 'isr_nodes', 'eligible_leader_replicas', 'last_known_elr', 'offline_replicas')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, partition_index: int = 0, leader_id: int = 0, leader_epoch: int = -1, replica_nodes: list[int] | None = None, isr_nodes: list[int] | None = None, eligible_leader_replicas: list[int] | None = None, last_known_elr: list[int] | None = None, offline_replicas: list[int] | None = None) -> None:
        self.error_code = error_code
        self.partition_index = partition_index
        self.leader_id = leader_id
        self.leader_epoch = leader_epoch
        self.replica_nodes = [] if replica_nodes is None else replica_nodes
        self.isr_nodes = [] if isr_nodes is None else isr_nodes
        self.eligible_leader_replicas = eligible_leader_replicas
        self.last_known_elr = last_known_elr
        self.offline_replicas = [] if offline_replicas is None else offline_replicas

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class Cursor:
    """A Cursor inside DescribeTopicPartitionsResponse. (generated from DescribeTopicPartitionsResponse.json)."""

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
class DescribeTopicPartitionsResponse:
    """DescribeTopicPartitionsResponse v0-0 (generated from DescribeTopicPartitionsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics', 'next_cursor')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 75
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    DescribeTopicPartitionsResponseTopic: TypeAlias = DescribeTopicPartitionsResponseTopic
    DescribeTopicPartitionsResponsePartition: TypeAlias = DescribeTopicPartitionsResponsePartition
    Cursor: TypeAlias = Cursor

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[DescribeTopicPartitionsResponseTopic] | None = None, next_cursor: Cursor | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is None else topics
        self.next_cursor = next_cursor

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
        _ENC_DescribeTopicPartitionsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeTopicPartitionsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeTopicPartitionsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeTopicPartitionsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeTopicPartitionsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeTopicPartitionsResponse v{version} runs past the end of the frame')
        return o, end


DescribeTopicPartitionsResponseTopic.FIELD_TYPES = {'error_code': int, 'name': str | None, 'topic_id': bytes, 'is_internal': bool, 'partitions': list[DescribeTopicPartitionsResponsePartition] | None, 'topic_authorized_operations': int}
DescribeTopicPartitionsResponsePartition.FIELD_TYPES = {'error_code': int, 'partition_index': int, 'leader_id': int, 'leader_epoch': int, 'replica_nodes': list[int] | None, 'isr_nodes': list[int] | None, 'eligible_leader_replicas': list[int] | None, 'last_known_elr': list[int] | None, 'offline_replicas': list[int] | None}
Cursor.FIELD_TYPES = {'topic_name': str, 'partition_index': int}
DescribeTopicPartitionsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[DescribeTopicPartitionsResponseTopic] | None, 'next_cursor': Cursor | None}


def _dec_DescribeTopicPartitionsResponsePartition_0(buf: memoryview, pos: int) -> tuple[DescribeTopicPartitionsResponsePartition, int]:
    o = _new(DescribeTopicPartitionsResponsePartition)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.replica_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.isr_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.eligible_leader_replicas = None
    else:
        if n * 4 > len(buf) - pos:
            _bad_array(n, buf, pos)
        o.eligible_leader_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.last_known_elr = None
    else:
        if n * 4 > len(buf) - pos:
            _bad_array(n, buf, pos)
        o.last_known_elr = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.offline_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeTopicPartitionsResponsePartition_0(o: DescribeTopicPartitionsResponsePartition, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.partition_index))
    w(_S0.pack(o.leader_id))
    w(_S0.pack(o.leader_epoch))
    a0 = o.replica_nodes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    a1 = o.isr_nodes
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        w(_struct.pack('>%di' % len(a1), *a1))
    a2 = o.eligible_leader_replicas
    if a2 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a2) + 1))
        w(_struct.pack('>%di' % len(a2), *a2))
    a3 = o.last_known_elr
    if a3 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a3) + 1))
        w(_struct.pack('>%di' % len(a3), *a3))
    a4 = o.offline_replicas
    if a4 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a4) + 1))
        w(_struct.pack('>%di' % len(a4), *a4))
    w(b'\x00')


def _dec_DescribeTopicPartitionsResponseTopic_0(buf: memoryview, pos: int) -> tuple[DescribeTopicPartitionsResponseTopic, int]:
    o = _new(DescribeTopicPartitionsResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeTopicPartitionsResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeTopicPartitionsResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeTopicPartitionsResponseTopic_0(o: DescribeTopicPartitionsResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.name)
    w(o.topic_id)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeTopicPartitionsResponsePartition_0(x0, w)
    w(_S0.pack(o.topic_authorized_operations))
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


def _dec_DescribeTopicPartitionsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeTopicPartitionsResponse, int]:
    o = _new(DescribeTopicPartitionsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeTopicPartitionsResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeTopicPartitionsResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    if _S3.unpack_from(buf, pos)[0] < 0:
        pos += 1; o.next_cursor = None
    else:
        o.next_cursor, pos = _dec_Cursor_0(buf, pos + 1)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeTopicPartitionsResponse_0(o: DescribeTopicPartitionsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeTopicPartitionsResponseTopic_0(x0, w)
    if o.next_cursor is None:
        w(b'\xff')
    else:
        w(b'\x01'); _enc_Cursor_0(o.next_cursor, w)
    w(b'\x00')


_DEC_DescribeTopicPartitionsResponse: list[Callable[[memoryview, int], tuple[DescribeTopicPartitionsResponse, int]]] = [_dec_DescribeTopicPartitionsResponse_0]
_ENC_DescribeTopicPartitionsResponse: list[Callable[[DescribeTopicPartitionsResponse, Writer], None]] = [_enc_DescribeTopicPartitionsResponse_0]
