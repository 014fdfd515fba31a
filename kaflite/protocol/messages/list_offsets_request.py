"""Generated from Kafka's ListOffsetsRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class ListOffsetsTopic:
    """A ListOffsetsTopic inside ListOffsetsRequest. (generated from ListOffsetsRequest.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[ListOffsetsPartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListOffsetsPartition:
    """A ListOffsetsPartition inside ListOffsetsRequest. (generated from ListOffsetsRequest.json)."""

    __slots__ = ('partition_index', 'current_leader_epoch', 'timestamp', 'max_num_offsets')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, current_leader_epoch: int = -1, timestamp: int = 0, max_num_offsets: int = 1) -> None:
        self.partition_index = partition_index
        self.current_leader_epoch = current_leader_epoch
        self.timestamp = timestamp
        self.max_num_offsets = max_num_offsets

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListOffsetsRequest:
    """ListOffsetsRequest v1-11 (generated from ListOffsetsRequest.json)."""

    __slots__ = ('replica_id', 'isolation_level', 'topics', 'timeout_ms')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 2
    MIN_VERSION = 1
    MAX_VERSION = 11
    FLEXIBLE_MIN = 6
    ListOffsetsTopic: TypeAlias = ListOffsetsTopic
    ListOffsetsPartition: TypeAlias = ListOffsetsPartition

    def __init__(self, *, replica_id: int = 0, isolation_level: int = 0, topics: list[ListOffsetsTopic] | None = None, timeout_ms: int = 0) -> None:
        self.replica_id = replica_id
        self.isolation_level = isolation_level
        self.topics = [] if topics is None else topics
        self.timeout_ms = timeout_ms

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
        _ENC_ListOffsetsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListOffsetsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListOffsetsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListOffsetsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListOffsetsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListOffsetsRequest v{version} runs past the end of the frame')
        return o, end


ListOffsetsTopic.FIELD_TYPES = {'name': str, 'partitions': list[ListOffsetsPartition] | None}
ListOffsetsPartition.FIELD_TYPES = {'partition_index': int, 'current_leader_epoch': int, 'timestamp': int, 'max_num_offsets': int}
ListOffsetsRequest.FIELD_TYPES = {'replica_id': int, 'isolation_level': int, 'topics': list[ListOffsetsTopic] | None, 'timeout_ms': int}


def _dec_ListOffsetsPartition_0(buf: memoryview, pos: int) -> tuple[ListOffsetsPartition, int]:
    o = _new(ListOffsetsPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = -1
    o.timestamp = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.max_num_offsets = 1
    return o, pos


def _enc_ListOffsetsPartition_0(o: ListOffsetsPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.timestamp))


def _dec_ListOffsetsTopic_0(buf: memoryview, pos: int) -> tuple[ListOffsetsTopic, int]:
    o = _new(ListOffsetsTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_ListOffsetsTopic_0(o: ListOffsetsTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsPartition_0(x0, w)


def _dec_ListOffsetsRequest_0(buf: memoryview, pos: int) -> tuple[ListOffsetsRequest, int]:
    o = _new(ListOffsetsRequest)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = 0
    return o, pos


def _enc_ListOffsetsRequest_0(o: ListOffsetsRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsTopic_0(x0, w)


def _dec_ListOffsetsRequest_1(buf: memoryview, pos: int) -> tuple[ListOffsetsRequest, int]:
    o = _new(ListOffsetsRequest)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S2.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = 0
    return o, pos


def _enc_ListOffsetsRequest_1(o: ListOffsetsRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S2.pack(o.isolation_level))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsTopic_0(x0, w)


def _dec_ListOffsetsPartition_1(buf: memoryview, pos: int) -> tuple[ListOffsetsPartition, int]:
    o = _new(ListOffsetsPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.timestamp = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.max_num_offsets = 1
    return o, pos


def _enc_ListOffsetsPartition_1(o: ListOffsetsPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S0.pack(o.current_leader_epoch))
    w(_S1.pack(o.timestamp))


def _dec_ListOffsetsTopic_1(buf: memoryview, pos: int) -> tuple[ListOffsetsTopic, int]:
    o = _new(ListOffsetsTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 16 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsPartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_ListOffsetsTopic_1(o: ListOffsetsTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsPartition_1(x0, w)


def _dec_ListOffsetsRequest_2(buf: memoryview, pos: int) -> tuple[ListOffsetsRequest, int]:
    o = _new(ListOffsetsRequest)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S2.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = 0
    return o, pos


def _enc_ListOffsetsRequest_2(o: ListOffsetsRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S2.pack(o.isolation_level))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsTopic_1(x0, w)


def _dec_ListOffsetsPartition_2(buf: memoryview, pos: int) -> tuple[ListOffsetsPartition, int]:
    o = _new(ListOffsetsPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.timestamp = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.max_num_offsets = 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListOffsetsPartition_2(o: ListOffsetsPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S0.pack(o.current_leader_epoch))
    w(_S1.pack(o.timestamp))
    w(b'\x00')


def _dec_ListOffsetsTopic_2(buf: memoryview, pos: int) -> tuple[ListOffsetsTopic, int]:
    o = _new(ListOffsetsTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 17 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsPartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListOffsetsTopic_2(o: ListOffsetsTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListOffsetsPartition_2(x0, w)
    w(b'\x00')


def _dec_ListOffsetsRequest_3(buf: memoryview, pos: int) -> tuple[ListOffsetsRequest, int]:
    o = _new(ListOffsetsRequest)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = 0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListOffsetsRequest_3(o: ListOffsetsRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S2.pack(o.isolation_level))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListOffsetsTopic_2(x0, w)
    w(b'\x00')


def _dec_ListOffsetsRequest_4(buf: memoryview, pos: int) -> tuple[ListOffsetsRequest, int]:
    o = _new(ListOffsetsRequest)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListOffsetsRequest_4(o: ListOffsetsRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S2.pack(o.isolation_level))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListOffsetsTopic_2(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(b'\x00')


_DEC_ListOffsetsRequest: list[Callable[[memoryview, int], tuple[ListOffsetsRequest, int]]] = [_unsupported, _dec_ListOffsetsRequest_0, _dec_ListOffsetsRequest_1, _dec_ListOffsetsRequest_1, _dec_ListOffsetsRequest_2, _dec_ListOffsetsRequest_2, _dec_ListOffsetsRequest_3, _dec_ListOffsetsRequest_3, _dec_ListOffsetsRequest_3, _dec_ListOffsetsRequest_3, _dec_ListOffsetsRequest_4, _dec_ListOffsetsRequest_4]
_ENC_ListOffsetsRequest: list[Callable[[ListOffsetsRequest, Writer], None]] = [_unsupported, _enc_ListOffsetsRequest_0, _enc_ListOffsetsRequest_1, _enc_ListOffsetsRequest_1, _enc_ListOffsetsRequest_2, _enc_ListOffsetsRequest_2, _enc_ListOffsetsRequest_3, _enc_ListOffsetsRequest_3, _enc_ListOffsetsRequest_3, _enc_ListOffsetsRequest_3, _enc_ListOffsetsRequest_4, _enc_ListOffsetsRequest_4]
