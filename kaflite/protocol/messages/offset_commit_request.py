"""Generated from Kafka's OffsetCommitRequest.json by tools/codegen/generate.py. Do not edit."""

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
class OffsetCommitRequestTopic:
    """A OffsetCommitRequestTopic inside OffsetCommitRequest. (generated from OffsetCommitRequest.json)."""

    __slots__ = ('name', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', topic_id: bytes = ZERO_UUID, partitions: list[OffsetCommitRequestPartition] | None = None) -> None:
        self.name = name
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetCommitRequestPartition:
    """A OffsetCommitRequestPartition inside OffsetCommitRequest. (generated from OffsetCommitRequest.json)."""

    __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'commit_timestamp', 'committed_metadata')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, committed_offset: int = 0, committed_leader_epoch: int = -1, commit_timestamp: int = -1, committed_metadata: str | None = '') -> None:
        self.partition_index = partition_index
        self.committed_offset = committed_offset
        self.committed_leader_epoch = committed_leader_epoch
        self.commit_timestamp = commit_timestamp
        self.committed_metadata = committed_metadata

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetCommitRequest:
    """OffsetCommitRequest v2-10 (generated from OffsetCommitRequest.json)."""

    __slots__ = ('group_id', 'generation_id_or_member_epoch', 'member_id', 'group_instance_id', 'retention_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 8
    MIN_VERSION = 2
    MAX_VERSION = 10
    FLEXIBLE_MIN = 8
    OffsetCommitRequestTopic: TypeAlias = OffsetCommitRequestTopic
    OffsetCommitRequestPartition: TypeAlias = OffsetCommitRequestPartition

    def __init__(self, *, group_id: str = '', generation_id_or_member_epoch: int = -1, member_id: str = '', group_instance_id: str | None = None, retention_time_ms: int = -1, topics: list[OffsetCommitRequestTopic] | None = None) -> None:
        self.group_id = group_id
        self.generation_id_or_member_epoch = generation_id_or_member_epoch
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.retention_time_ms = retention_time_ms
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
        _ENC_OffsetCommitRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetCommitRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetCommitRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetCommitRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetCommitRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetCommitRequest v{version} runs past the end of the frame')
        return o, end


OffsetCommitRequestTopic.FIELD_TYPES = {'name': str, 'topic_id': bytes, 'partitions': list[OffsetCommitRequestPartition] | None}
OffsetCommitRequestPartition.FIELD_TYPES = {'partition_index': int, 'committed_offset': int, 'committed_leader_epoch': int, 'commit_timestamp': int, 'committed_metadata': str | None}
OffsetCommitRequest.FIELD_TYPES = {'group_id': str, 'generation_id_or_member_epoch': int, 'member_id': str, 'group_instance_id': str | None, 'retention_time_ms': int, 'topics': list[OffsetCommitRequestTopic] | None}


def _dec_OffsetCommitRequestPartition_0(buf: memoryview, pos: int) -> tuple[OffsetCommitRequestPartition, int]:
    o = _new(OffsetCommitRequestPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = -1
    o.commit_timestamp = -1
    o.committed_metadata, pos = _r_str(buf, pos)
    return o, pos


def _enc_OffsetCommitRequestPartition_0(o: OffsetCommitRequestPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.committed_offset))
    _w_str(w, o.committed_metadata)


def _dec_OffsetCommitRequestTopic_0(buf: memoryview, pos: int) -> tuple[OffsetCommitRequestTopic, int]:
    o = _new(OffsetCommitRequestTopic)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetCommitRequestTopic_0(o: OffsetCommitRequestTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitRequestPartition_0(x0, w)


def _dec_OffsetCommitRequest_0(buf: memoryview, pos: int) -> tuple[OffsetCommitRequest, int]:
    o = _new(OffsetCommitRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id_or_member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.retention_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 8
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetCommitRequest_0(o: OffsetCommitRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id_or_member_epoch))
    _w_str(w, o.member_id)
    w(_S1.pack(o.retention_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitRequestTopic_0(x0, w)


def _dec_OffsetCommitRequest_1(buf: memoryview, pos: int) -> tuple[OffsetCommitRequest, int]:
    o = _new(OffsetCommitRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id_or_member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.retention_time_ms = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetCommitRequest_1(o: OffsetCommitRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id_or_member_epoch))
    _w_str(w, o.member_id)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitRequestTopic_0(x0, w)


def _dec_OffsetCommitRequestPartition_1(buf: memoryview, pos: int) -> tuple[OffsetCommitRequestPartition, int]:
    o = _new(OffsetCommitRequestPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.commit_timestamp = -1
    o.committed_metadata, pos = _r_str(buf, pos)
    return o, pos


def _enc_OffsetCommitRequestPartition_1(o: OffsetCommitRequestPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.committed_offset))
    w(_S0.pack(o.committed_leader_epoch))
    _w_str(w, o.committed_metadata)


def _dec_OffsetCommitRequestTopic_1(buf: memoryview, pos: int) -> tuple[OffsetCommitRequestTopic, int]:
    o = _new(OffsetCommitRequestTopic)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestPartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetCommitRequestTopic_1(o: OffsetCommitRequestTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitRequestPartition_1(x0, w)


def _dec_OffsetCommitRequest_2(buf: memoryview, pos: int) -> tuple[OffsetCommitRequest, int]:
    o = _new(OffsetCommitRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id_or_member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.retention_time_ms = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetCommitRequest_2(o: OffsetCommitRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id_or_member_epoch))
    _w_str(w, o.member_id)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitRequestTopic_1(x0, w)


def _dec_OffsetCommitRequest_3(buf: memoryview, pos: int) -> tuple[OffsetCommitRequest, int]:
    o = _new(OffsetCommitRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id_or_member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.retention_time_ms = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetCommitRequest_3(o: OffsetCommitRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id_or_member_epoch))
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetCommitRequestTopic_1(x0, w)


def _dec_OffsetCommitRequestPartition_2(buf: memoryview, pos: int) -> tuple[OffsetCommitRequestPartition, int]:
    o = _new(OffsetCommitRequestPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.commit_timestamp = -1
    o.committed_metadata, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitRequestPartition_2(o: OffsetCommitRequestPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.committed_offset))
    w(_S0.pack(o.committed_leader_epoch))
    _w_cstr(w, o.committed_metadata)
    w(b'\x00')


def _dec_OffsetCommitRequestTopic_2(buf: memoryview, pos: int) -> tuple[OffsetCommitRequestTopic, int]:
    o = _new(OffsetCommitRequestTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestPartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitRequestTopic_2(o: OffsetCommitRequestTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitRequestPartition_2(x0, w)
    w(b'\x00')


def _dec_OffsetCommitRequest_4(buf: memoryview, pos: int) -> tuple[OffsetCommitRequest, int]:
    o = _new(OffsetCommitRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.generation_id_or_member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.retention_time_ms = -1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitRequest_4(o: OffsetCommitRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.generation_id_or_member_epoch))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitRequestTopic_2(x0, w)
    w(b'\x00')


def _dec_OffsetCommitRequestTopic_3(buf: memoryview, pos: int) -> tuple[OffsetCommitRequestTopic, int]:
    o = _new(OffsetCommitRequestTopic)
    o.name = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestPartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitRequestTopic_3(o: OffsetCommitRequestTopic, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitRequestPartition_2(x0, w)
    w(b'\x00')


def _dec_OffsetCommitRequest_5(buf: memoryview, pos: int) -> tuple[OffsetCommitRequest, int]:
    o = _new(OffsetCommitRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.generation_id_or_member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.retention_time_ms = -1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetCommitRequestTopic_3(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitRequest_5(o: OffsetCommitRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.generation_id_or_member_epoch))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetCommitRequestTopic_3(x0, w)
    w(b'\x00')


_DEC_OffsetCommitRequest: list[Callable[[memoryview, int], tuple[OffsetCommitRequest, int]]] = [_unsupported, _unsupported, _dec_OffsetCommitRequest_0, _dec_OffsetCommitRequest_0, _dec_OffsetCommitRequest_0, _dec_OffsetCommitRequest_1, _dec_OffsetCommitRequest_2, _dec_OffsetCommitRequest_3, _dec_OffsetCommitRequest_4, _dec_OffsetCommitRequest_4, _dec_OffsetCommitRequest_5]
_ENC_OffsetCommitRequest: list[Callable[[OffsetCommitRequest, Writer], None]] = [_unsupported, _unsupported, _enc_OffsetCommitRequest_0, _enc_OffsetCommitRequest_0, _enc_OffsetCommitRequest_0, _enc_OffsetCommitRequest_1, _enc_OffsetCommitRequest_2, _enc_OffsetCommitRequest_3, _enc_OffsetCommitRequest_4, _enc_OffsetCommitRequest_4, _enc_OffsetCommitRequest_5]
