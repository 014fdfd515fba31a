"""Generated from Kafka's OffsetFetchResponse.json by tools/codegen/generate.py. Do not edit."""

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
class OffsetFetchResponseTopic:
    """A OffsetFetchResponseTopic inside OffsetFetchResponse. (generated from OffsetFetchResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[OffsetFetchResponsePartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchResponsePartition:
    """A OffsetFetchResponsePartition inside OffsetFetchResponse. (generated from OffsetFetchResponse.json)."""

    __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'metadata', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, committed_offset: int = 0, committed_leader_epoch: int = -1, metadata: str | None = '', error_code: int = 0) -> None:
        self.partition_index = partition_index
        self.committed_offset = committed_offset
        self.committed_leader_epoch = committed_leader_epoch
        self.metadata = metadata
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchResponseGroup:
    """A OffsetFetchResponseGroup inside OffsetFetchResponse. (generated from OffsetFetchResponse.json)."""

    __slots__ = ('group_id', 'topics', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, group_id: str = '', topics: list[OffsetFetchResponseTopics] | None = None, error_code: int = 0) -> None:
        self.group_id = group_id
        self.topics = [] if topics is None else topics
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchResponseTopics:
    """A OffsetFetchResponseTopics inside OffsetFetchResponse. (generated from OffsetFetchResponse.json)."""

    __slots__ = ('name', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', topic_id: bytes = ZERO_UUID, partitions: list[OffsetFetchResponsePartitions] | None = None) -> None:
        self.name = name
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchResponsePartitions:
    """A OffsetFetchResponsePartitions inside OffsetFetchResponse. (generated from OffsetFetchResponse.json)."""

    __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'metadata', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, committed_offset: int = 0, committed_leader_epoch: int = -1, metadata: str | None = '', error_code: int = 0) -> None:
        self.partition_index = partition_index
        self.committed_offset = committed_offset
        self.committed_leader_epoch = committed_leader_epoch
        self.metadata = metadata
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchResponse:
    """OffsetFetchResponse v1-10 (generated from OffsetFetchResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics', 'error_code', 'groups')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 9
    MIN_VERSION = 1
    MAX_VERSION = 10
    FLEXIBLE_MIN = 6
    OffsetFetchResponseTopic: TypeAlias = OffsetFetchResponseTopic
    OffsetFetchResponsePartition: TypeAlias = OffsetFetchResponsePartition
    OffsetFetchResponseGroup: TypeAlias = OffsetFetchResponseGroup
    OffsetFetchResponseTopics: TypeAlias = OffsetFetchResponseTopics
    OffsetFetchResponsePartitions: TypeAlias = OffsetFetchResponsePartitions

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[OffsetFetchResponseTopic] | None = None, error_code: int = 0, groups: list[OffsetFetchResponseGroup] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is None else topics
        self.error_code = error_code
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
        _ENC_OffsetFetchResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetFetchResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetFetchResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetFetchResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetFetchResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetFetchResponse v{version} runs past the end of the frame')
        return o, end


OffsetFetchResponseTopic.FIELD_TYPES = {'name': str, 'partitions': list[OffsetFetchResponsePartition] | None}
OffsetFetchResponsePartition.FIELD_TYPES = {'partition_index': int, 'committed_offset': int, 'committed_leader_epoch': int, 'metadata': str | None, 'error_code': int}
OffsetFetchResponseGroup.FIELD_TYPES = {'group_id': str, 'topics': list[OffsetFetchResponseTopics] | None, 'error_code': int}
OffsetFetchResponseTopics.FIELD_TYPES = {'name': str, 'topic_id': bytes, 'partitions': list[OffsetFetchResponsePartitions] | None}
OffsetFetchResponsePartitions.FIELD_TYPES = {'partition_index': int, 'committed_offset': int, 'committed_leader_epoch': int, 'metadata': str | None, 'error_code': int}
OffsetFetchResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[OffsetFetchResponseTopic] | None, 'error_code': int, 'groups': list[OffsetFetchResponseGroup] | None}


def _dec_OffsetFetchResponsePartition_0(buf: memoryview, pos: int) -> tuple[OffsetFetchResponsePartition, int]:
    o = _new(OffsetFetchResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = -1
    o.metadata, pos = _r_str(buf, pos)
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_OffsetFetchResponsePartition_0(o: OffsetFetchResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.committed_offset))
    _w_str(w, o.metadata)
    w(_S2.pack(o.error_code))


def _dec_OffsetFetchResponseTopic_0(buf: memoryview, pos: int) -> tuple[OffsetFetchResponseTopic, int]:
    o = _new(OffsetFetchResponseTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 16 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetFetchResponseTopic_0(o: OffsetFetchResponseTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchResponsePartition_0(x0, w)


def _dec_OffsetFetchResponse_0(buf: memoryview, pos: int) -> tuple[OffsetFetchResponse, int]:
    o = _new(OffsetFetchResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = 0
    o.groups = []
    return o, pos


def _enc_OffsetFetchResponse_0(o: OffsetFetchResponse, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchResponseTopic_0(x0, w)


def _dec_OffsetFetchResponse_1(buf: memoryview, pos: int) -> tuple[OffsetFetchResponse, int]:
    o = _new(OffsetFetchResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.groups = []
    return o, pos


def _enc_OffsetFetchResponse_1(o: OffsetFetchResponse, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchResponseTopic_0(x0, w)
    w(_S2.pack(o.error_code))


def _dec_OffsetFetchResponse_2(buf: memoryview, pos: int) -> tuple[OffsetFetchResponse, int]:
    o = _new(OffsetFetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.groups = []
    return o, pos


def _enc_OffsetFetchResponse_2(o: OffsetFetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchResponseTopic_0(x0, w)
    w(_S2.pack(o.error_code))


def _dec_OffsetFetchResponsePartition_1(buf: memoryview, pos: int) -> tuple[OffsetFetchResponsePartition, int]:
    o = _new(OffsetFetchResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.metadata, pos = _r_str(buf, pos)
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_OffsetFetchResponsePartition_1(o: OffsetFetchResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.committed_offset))
    w(_S0.pack(o.committed_leader_epoch))
    _w_str(w, o.metadata)
    w(_S2.pack(o.error_code))


def _dec_OffsetFetchResponseTopic_1(buf: memoryview, pos: int) -> tuple[OffsetFetchResponseTopic, int]:
    o = _new(OffsetFetchResponseTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponsePartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetFetchResponseTopic_1(o: OffsetFetchResponseTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchResponsePartition_1(x0, w)


def _dec_OffsetFetchResponse_3(buf: memoryview, pos: int) -> tuple[OffsetFetchResponse, int]:
    o = _new(OffsetFetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.groups = []
    return o, pos


def _enc_OffsetFetchResponse_3(o: OffsetFetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchResponseTopic_1(x0, w)
    w(_S2.pack(o.error_code))


def _dec_OffsetFetchResponsePartition_2(buf: memoryview, pos: int) -> tuple[OffsetFetchResponsePartition, int]:
    o = _new(OffsetFetchResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.metadata, pos = _r_cstr(buf, pos)
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponsePartition_2(o: OffsetFetchResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.committed_offset))
    w(_S0.pack(o.committed_leader_epoch))
    _w_cstr(w, o.metadata)
    w(_S2.pack(o.error_code))
    w(b'\x00')


def _dec_OffsetFetchResponseTopic_2(buf: memoryview, pos: int) -> tuple[OffsetFetchResponseTopic, int]:
    o = _new(OffsetFetchResponseTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponsePartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponseTopic_2(o: OffsetFetchResponseTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponsePartition_2(x0, w)
    w(b'\x00')


def _dec_OffsetFetchResponse_4(buf: memoryview, pos: int) -> tuple[OffsetFetchResponse, int]:
    o = _new(OffsetFetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.groups = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponse_4(o: OffsetFetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponseTopic_2(x0, w)
    w(_S2.pack(o.error_code))
    w(b'\x00')


def _dec_OffsetFetchResponsePartitions_0(buf: memoryview, pos: int) -> tuple[OffsetFetchResponsePartitions, int]:
    o = _new(OffsetFetchResponsePartitions)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.metadata, pos = _r_cstr(buf, pos)
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponsePartitions_0(o: OffsetFetchResponsePartitions, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.committed_offset))
    w(_S0.pack(o.committed_leader_epoch))
    _w_cstr(w, o.metadata)
    w(_S2.pack(o.error_code))
    w(b'\x00')


def _dec_OffsetFetchResponseTopics_0(buf: memoryview, pos: int) -> tuple[OffsetFetchResponseTopics, int]:
    o = _new(OffsetFetchResponseTopics)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponsePartitions] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponsePartitions_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponseTopics_0(o: OffsetFetchResponseTopics, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponsePartitions_0(x0, w)
    w(b'\x00')


def _dec_OffsetFetchResponseGroup_0(buf: memoryview, pos: int) -> tuple[OffsetFetchResponseGroup, int]:
    o = _new(OffsetFetchResponseGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseTopics] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseTopics_0(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponseGroup_0(o: OffsetFetchResponseGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponseTopics_0(x0, w)
    w(_S2.pack(o.error_code))
    w(b'\x00')


def _dec_OffsetFetchResponse_5(buf: memoryview, pos: int) -> tuple[OffsetFetchResponse, int]:
    o = _new(OffsetFetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.topics = []
    o.error_code = 0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponse_5(o: OffsetFetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponseGroup_0(x0, w)
    w(b'\x00')


def _dec_OffsetFetchResponseTopics_1(buf: memoryview, pos: int) -> tuple[OffsetFetchResponseTopics, int]:
    o = _new(OffsetFetchResponseTopics)
    o.name = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponsePartitions] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponsePartitions_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponseTopics_1(o: OffsetFetchResponseTopics, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponsePartitions_0(x0, w)
    w(b'\x00')


def _dec_OffsetFetchResponseGroup_1(buf: memoryview, pos: int) -> tuple[OffsetFetchResponseGroup, int]:
    o = _new(OffsetFetchResponseGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseTopics] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseTopics_1(buf, pos); ap0(x0)
    o.topics = a0
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponseGroup_1(o: OffsetFetchResponseGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponseTopics_1(x0, w)
    w(_S2.pack(o.error_code))
    w(b'\x00')


def _dec_OffsetFetchResponse_6(buf: memoryview, pos: int) -> tuple[OffsetFetchResponse, int]:
    o = _new(OffsetFetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.topics = []
    o.error_code = 0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchResponseGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchResponseGroup_1(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchResponse_6(o: OffsetFetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchResponseGroup_1(x0, w)
    w(b'\x00')


_DEC_OffsetFetchResponse: list[Callable[[memoryview, int], tuple[OffsetFetchResponse, int]]] = [_unsupported, _dec_OffsetFetchResponse_0, _dec_OffsetFetchResponse_1, _dec_OffsetFetchResponse_2, _dec_OffsetFetchResponse_2, _dec_OffsetFetchResponse_3, _dec_OffsetFetchResponse_4, _dec_OffsetFetchResponse_4, _dec_OffsetFetchResponse_5, _dec_OffsetFetchResponse_5, _dec_OffsetFetchResponse_6]
_ENC_OffsetFetchResponse: list[Callable[[OffsetFetchResponse, Writer], None]] = [_unsupported, _enc_OffsetFetchResponse_0, _enc_OffsetFetchResponse_1, _enc_OffsetFetchResponse_2, _enc_OffsetFetchResponse_2, _enc_OffsetFetchResponse_3, _enc_OffsetFetchResponse_4, _enc_OffsetFetchResponse_4, _enc_OffsetFetchResponse_5, _enc_OffsetFetchResponse_5, _enc_OffsetFetchResponse_6]
