"""Generated from Kafka's ListPartitionReassignmentsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class OngoingTopicReassignment:
    """A OngoingTopicReassignment inside ListPartitionReassignmentsResponse. (generated from ListPartitionReassignmentsResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[OngoingPartitionReassignment] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OngoingPartitionReassignment:
    """A OngoingPartitionReassignment inside ListPartitionReassignmentsResponse. (generated from ListPartitionReassignmentsResponse.json)."""

    __slots__ = ('partition_index', 'replicas', 'adding_replicas', 'removing_replicas')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, replicas: list[int] | None = None, adding_replicas: list[int] | None = None, removing_replicas: list[int] | None = None) -> None:
        self.partition_index = partition_index
        self.replicas = [] if replicas is None else replicas
        self.adding_replicas = [] if adding_replicas is None else adding_replicas
        self.removing_replicas = [] if removing_replicas is None else removing_replicas

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListPartitionReassignmentsResponse:
    """ListPartitionReassignmentsResponse v0-0 (generated from ListPartitionReassignmentsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 46
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    OngoingTopicReassignment: TypeAlias = OngoingTopicReassignment
    OngoingPartitionReassignment: TypeAlias = OngoingPartitionReassignment

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = '', topics: list[OngoingTopicReassignment] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
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
        _ENC_ListPartitionReassignmentsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListPartitionReassignmentsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListPartitionReassignmentsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListPartitionReassignmentsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListPartitionReassignmentsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListPartitionReassignmentsResponse v{version} runs past the end of the frame')
        return o, end


OngoingTopicReassignment.FIELD_TYPES = {'name': str, 'partitions': list[OngoingPartitionReassignment] | None}
OngoingPartitionReassignment.FIELD_TYPES = {'partition_index': int, 'replicas': list[int] | None, 'adding_replicas': list[int] | None, 'removing_replicas': list[int] | None}
ListPartitionReassignmentsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'topics': list[OngoingTopicReassignment] | None}


def _dec_OngoingPartitionReassignment_0(buf: memoryview, pos: int) -> tuple[OngoingPartitionReassignment, int]:
    o = _new(OngoingPartitionReassignment)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.adding_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.removing_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OngoingPartitionReassignment_0(o: OngoingPartitionReassignment, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    a0 = o.replicas
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    a1 = o.adding_replicas
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        w(_struct.pack('>%di' % len(a1), *a1))
    a2 = o.removing_replicas
    if a2 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a2) + 1))
        w(_struct.pack('>%di' % len(a2), *a2))
    w(b'\x00')


def _dec_OngoingTopicReassignment_0(buf: memoryview, pos: int) -> tuple[OngoingTopicReassignment, int]:
    o = _new(OngoingTopicReassignment)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OngoingPartitionReassignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OngoingPartitionReassignment_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OngoingTopicReassignment_0(o: OngoingTopicReassignment, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OngoingPartitionReassignment_0(x0, w)
    w(b'\x00')


def _dec_ListPartitionReassignmentsResponse_0(buf: memoryview, pos: int) -> tuple[ListPartitionReassignmentsResponse, int]:
    o = _new(ListPartitionReassignmentsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OngoingTopicReassignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OngoingTopicReassignment_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListPartitionReassignmentsResponse_0(o: ListPartitionReassignmentsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OngoingTopicReassignment_0(x0, w)
    w(b'\x00')


_DEC_ListPartitionReassignmentsResponse: list[Callable[[memoryview, int], tuple[ListPartitionReassignmentsResponse, int]]] = [_dec_ListPartitionReassignmentsResponse_0]
_ENC_ListPartitionReassignmentsResponse: list[Callable[[ListPartitionReassignmentsResponse, Writer], None]] = [_enc_ListPartitionReassignmentsResponse_0]
