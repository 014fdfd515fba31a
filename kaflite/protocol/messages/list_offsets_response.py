"""Generated from Kafka's ListOffsetsResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class ListOffsetsTopicResponse:
    """A ListOffsetsTopicResponse inside ListOffsetsResponse. (generated from ListOffsetsResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[ListOffsetsPartitionResponse] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListOffsetsPartitionResponse:
    """A ListOffsetsPartitionResponse inside ListOffsetsResponse. (generated from ListOffsetsResponse.json)."""

    __slots__ = ('partition_index', 'error_code', 'old_style_offsets', 'timestamp', 'offset', 'leader_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0, old_style_offsets: list[int] | None = None, timestamp: int = -1, offset: int = -1, leader_epoch: int = -1) -> None:
        self.partition_index = partition_index
        self.error_code = error_code
        self.old_style_offsets = [] if old_style_offsets is None else old_style_offsets
        self.timestamp = timestamp
        self.offset = offset
        self.leader_epoch = leader_epoch

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListOffsetsResponse:
    """ListOffsetsResponse v1-11 (generated from ListOffsetsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 2
    MIN_VERSION = 1
    MAX_VERSION = 11
    FLEXIBLE_MIN = 6
    ListOffsetsTopicResponse: TypeAlias = ListOffsetsTopicResponse
    ListOffsetsPartitionResponse: TypeAlias = ListOffsetsPartitionResponse

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[ListOffsetsTopicResponse] | None = None) -> None:
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
        _ENC_ListOffsetsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListOffsetsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListOffsetsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListOffsetsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListOffsetsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListOffsetsResponse v{version} runs past the end of the frame')
        return o, end


ListOffsetsTopicResponse.FIELD_TYPES = {'name': str, 'partitions': list[ListOffsetsPartitionResponse] | None}
ListOffsetsPartitionResponse.FIELD_TYPES = {'partition_index': int, 'error_code': int, 'old_style_offsets': list[int] | None, 'timestamp': int, 'offset': int, 'leader_epoch': int}
ListOffsetsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[ListOffsetsTopicResponse] | None}


def _dec_ListOffsetsPartitionResponse_0(buf: memoryview, pos: int) -> tuple[ListOffsetsPartitionResponse, int]:
    o = _new(ListOffsetsPartitionResponse)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.old_style_offsets = []
    o.timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = -1
    return o, pos


def _enc_ListOffsetsPartitionResponse_0(o: ListOffsetsPartitionResponse, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.timestamp))
    w(_S2.pack(o.offset))


def _dec_ListOffsetsTopicResponse_0(buf: memoryview, pos: int) -> tuple[ListOffsetsTopicResponse, int]:
    o = _new(ListOffsetsTopicResponse)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 22 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsPartitionResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsPartitionResponse_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_ListOffsetsTopicResponse_0(o: ListOffsetsTopicResponse, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsPartitionResponse_0(x0, w)


def _dec_ListOffsetsResponse_0(buf: memoryview, pos: int) -> tuple[ListOffsetsResponse, int]:
    o = _new(ListOffsetsResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopicResponse_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_ListOffsetsResponse_0(o: ListOffsetsResponse, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsTopicResponse_0(x0, w)


def _dec_ListOffsetsResponse_1(buf: memoryview, pos: int) -> tuple[ListOffsetsResponse, int]:
    o = _new(ListOffsetsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopicResponse_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_ListOffsetsResponse_1(o: ListOffsetsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsTopicResponse_0(x0, w)


def _dec_ListOffsetsPartitionResponse_1(buf: memoryview, pos: int) -> tuple[ListOffsetsPartitionResponse, int]:
    o = _new(ListOffsetsPartitionResponse)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.old_style_offsets = []
    o.timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_ListOffsetsPartitionResponse_1(o: ListOffsetsPartitionResponse, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.timestamp))
    w(_S2.pack(o.offset))
    w(_S0.pack(o.leader_epoch))


def _dec_ListOffsetsTopicResponse_1(buf: memoryview, pos: int) -> tuple[ListOffsetsTopicResponse, int]:
    o = _new(ListOffsetsTopicResponse)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsPartitionResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsPartitionResponse_1(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_ListOffsetsTopicResponse_1(o: ListOffsetsTopicResponse, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsPartitionResponse_1(x0, w)


def _dec_ListOffsetsResponse_2(buf: memoryview, pos: int) -> tuple[ListOffsetsResponse, int]:
    o = _new(ListOffsetsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopicResponse_1(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_ListOffsetsResponse_2(o: ListOffsetsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ListOffsetsTopicResponse_1(x0, w)


def _dec_ListOffsetsPartitionResponse_2(buf: memoryview, pos: int) -> tuple[ListOffsetsPartitionResponse, int]:
    o = _new(ListOffsetsPartitionResponse)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.old_style_offsets = []
    o.timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListOffsetsPartitionResponse_2(o: ListOffsetsPartitionResponse, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.timestamp))
    w(_S2.pack(o.offset))
    w(_S0.pack(o.leader_epoch))
    w(b'\x00')


def _dec_ListOffsetsTopicResponse_2(buf: memoryview, pos: int) -> tuple[ListOffsetsTopicResponse, int]:
    o = _new(ListOffsetsTopicResponse)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 27 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsPartitionResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsPartitionResponse_2(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListOffsetsTopicResponse_2(o: ListOffsetsTopicResponse, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListOffsetsPartitionResponse_2(x0, w)
    w(b'\x00')


def _dec_ListOffsetsResponse_3(buf: memoryview, pos: int) -> tuple[ListOffsetsResponse, int]:
    o = _new(ListOffsetsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListOffsetsTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListOffsetsTopicResponse_2(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListOffsetsResponse_3(o: ListOffsetsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListOffsetsTopicResponse_2(x0, w)
    w(b'\x00')


_DEC_ListOffsetsResponse: list[Callable[[memoryview, int], tuple[ListOffsetsResponse, int]]] = [_unsupported, _dec_ListOffsetsResponse_0, _dec_ListOffsetsResponse_1, _dec_ListOffsetsResponse_1, _dec_ListOffsetsResponse_2, _dec_ListOffsetsResponse_2, _dec_ListOffsetsResponse_3, _dec_ListOffsetsResponse_3, _dec_ListOffsetsResponse_3, _dec_ListOffsetsResponse_3, _dec_ListOffsetsResponse_3, _dec_ListOffsetsResponse_3]
_ENC_ListOffsetsResponse: list[Callable[[ListOffsetsResponse, Writer], None]] = [_unsupported, _enc_ListOffsetsResponse_0, _enc_ListOffsetsResponse_1, _enc_ListOffsetsResponse_1, _enc_ListOffsetsResponse_2, _enc_ListOffsetsResponse_2, _enc_ListOffsetsResponse_3, _enc_ListOffsetsResponse_3, _enc_ListOffsetsResponse_3, _enc_ListOffsetsResponse_3, _enc_ListOffsetsResponse_3, _enc_ListOffsetsResponse_3]
