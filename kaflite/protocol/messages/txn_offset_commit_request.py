"""Generated from Kafka's TxnOffsetCommitRequest.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>q')
_S1 = _struct.Struct('>h')
_S2 = _struct.Struct('>i')


@mypyc_attr(native_class=False)
class TxnOffsetCommitRequestTopic:
    """A TxnOffsetCommitRequestTopic inside TxnOffsetCommitRequest. (generated from TxnOffsetCommitRequest.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[TxnOffsetCommitRequestPartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TxnOffsetCommitRequestPartition:
    """A TxnOffsetCommitRequestPartition inside TxnOffsetCommitRequest. (generated from TxnOffsetCommitRequest.json)."""

    __slots__ = ('partition_index', 'committed_offset', 'committed_leader_epoch', 'committed_metadata')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, committed_offset: int = 0, committed_leader_epoch: int = -1, committed_metadata: str | None = '') -> None:
        self.partition_index = partition_index
        self.committed_offset = committed_offset
        self.committed_leader_epoch = committed_leader_epoch
        self.committed_metadata = committed_metadata

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TxnOffsetCommitRequest:
    """TxnOffsetCommitRequest v0-5 (generated from TxnOffsetCommitRequest.json)."""

    __slots__ = ('transactional_id', 'group_id', 'producer_id', 'producer_epoch', 'generation_id', 'member_id', 'group_instance_id', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 28
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3
    TxnOffsetCommitRequestTopic: TypeAlias = TxnOffsetCommitRequestTopic
    TxnOffsetCommitRequestPartition: TypeAlias = TxnOffsetCommitRequestPartition

    def __init__(self, *, transactional_id: str = '', group_id: str = '', producer_id: int = 0, producer_epoch: int = 0, generation_id: int = -1, member_id: str = '', group_instance_id: str | None = None, topics: list[TxnOffsetCommitRequestTopic] | None = None) -> None:
        self.transactional_id = transactional_id
        self.group_id = group_id
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id
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
        _ENC_TxnOffsetCommitRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> TxnOffsetCommitRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[TxnOffsetCommitRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_TxnOffsetCommitRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed TxnOffsetCommitRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'TxnOffsetCommitRequest v{version} runs past the end of the frame')
        return o, end


TxnOffsetCommitRequestTopic.FIELD_TYPES = {'name': str, 'partitions': list[TxnOffsetCommitRequestPartition] | None}
TxnOffsetCommitRequestPartition.FIELD_TYPES = {'partition_index': int, 'committed_offset': int, 'committed_leader_epoch': int, 'committed_metadata': str | None}
TxnOffsetCommitRequest.FIELD_TYPES = {'transactional_id': str, 'group_id': str, 'producer_id': int, 'producer_epoch': int, 'generation_id': int, 'member_id': str, 'group_instance_id': str | None, 'topics': list[TxnOffsetCommitRequestTopic] | None}


def _dec_TxnOffsetCommitRequestPartition_0(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequestPartition, int]:
    o = _new(TxnOffsetCommitRequestPartition)
    o.partition_index = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = -1
    o.committed_metadata, pos = _r_str(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitRequestPartition_0(o: TxnOffsetCommitRequestPartition, w: Writer) -> None:
    w(_S2.pack(o.partition_index))
    w(_S0.pack(o.committed_offset))
    _w_str(w, o.committed_metadata)


def _dec_TxnOffsetCommitRequestTopic_0(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequestTopic, int]:
    o = _new(TxnOffsetCommitRequestTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitRequestPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_TxnOffsetCommitRequestTopic_0(o: TxnOffsetCommitRequestTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        for x0 in a0:
            _enc_TxnOffsetCommitRequestPartition_0(x0, w)


def _dec_TxnOffsetCommitRequest_0(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequest, int]:
    o = _new(TxnOffsetCommitRequest)
    o.transactional_id, pos = _r_nn_str(buf, pos)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = -1
    o.member_id = ''
    o.group_instance_id = None
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_TxnOffsetCommitRequest_0(o: TxnOffsetCommitRequest, w: Writer) -> None:
    _w_str(w, o.transactional_id)
    _w_str(w, o.group_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        for x0 in a0:
            _enc_TxnOffsetCommitRequestTopic_0(x0, w)


def _dec_TxnOffsetCommitRequestPartition_1(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequestPartition, int]:
    o = _new(TxnOffsetCommitRequestPartition)
    o.partition_index = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.committed_metadata, pos = _r_str(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitRequestPartition_1(o: TxnOffsetCommitRequestPartition, w: Writer) -> None:
    w(_S2.pack(o.partition_index))
    w(_S0.pack(o.committed_offset))
    w(_S2.pack(o.committed_leader_epoch))
    _w_str(w, o.committed_metadata)


def _dec_TxnOffsetCommitRequestTopic_1(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequestTopic, int]:
    o = _new(TxnOffsetCommitRequestTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitRequestPartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_TxnOffsetCommitRequestTopic_1(o: TxnOffsetCommitRequestTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        for x0 in a0:
            _enc_TxnOffsetCommitRequestPartition_1(x0, w)


def _dec_TxnOffsetCommitRequest_1(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequest, int]:
    o = _new(TxnOffsetCommitRequest)
    o.transactional_id, pos = _r_nn_str(buf, pos)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = -1
    o.member_id = ''
    o.group_instance_id = None
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitRequestTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_TxnOffsetCommitRequest_1(o: TxnOffsetCommitRequest, w: Writer) -> None:
    _w_str(w, o.transactional_id)
    _w_str(w, o.group_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        for x0 in a0:
            _enc_TxnOffsetCommitRequestTopic_1(x0, w)


def _dec_TxnOffsetCommitRequestPartition_2(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequestPartition, int]:
    o = _new(TxnOffsetCommitRequestPartition)
    o.partition_index = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.committed_offset = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.committed_leader_epoch = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.committed_metadata, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitRequestPartition_2(o: TxnOffsetCommitRequestPartition, w: Writer) -> None:
    w(_S2.pack(o.partition_index))
    w(_S0.pack(o.committed_offset))
    w(_S2.pack(o.committed_leader_epoch))
    _w_cstr(w, o.committed_metadata)
    w(b'\x00')


def _dec_TxnOffsetCommitRequestTopic_2(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequestTopic, int]:
    o = _new(TxnOffsetCommitRequestTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitRequestPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitRequestPartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitRequestTopic_2(o: TxnOffsetCommitRequestTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TxnOffsetCommitRequestPartition_2(x0, w)
    w(b'\x00')


def _dec_TxnOffsetCommitRequest_2(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitRequest, int]:
    o = _new(TxnOffsetCommitRequest)
    o.transactional_id, pos = _r_nn_cstr(buf, pos)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitRequestTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitRequest_2(o: TxnOffsetCommitRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.generation_id))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TxnOffsetCommitRequestTopic_2(x0, w)
    w(b'\x00')


_DEC_TxnOffsetCommitRequest: list[Callable[[memoryview, int], tuple[TxnOffsetCommitRequest, int]]] = [_dec_TxnOffsetCommitRequest_0, _dec_TxnOffsetCommitRequest_0, _dec_TxnOffsetCommitRequest_1, _dec_TxnOffsetCommitRequest_2, _dec_TxnOffsetCommitRequest_2, _dec_TxnOffsetCommitRequest_2]
_ENC_TxnOffsetCommitRequest: list[Callable[[TxnOffsetCommitRequest, Writer], None]] = [_enc_TxnOffsetCommitRequest_0, _enc_TxnOffsetCommitRequest_0, _enc_TxnOffsetCommitRequest_1, _enc_TxnOffsetCommitRequest_2, _enc_TxnOffsetCommitRequest_2, _enc_TxnOffsetCommitRequest_2]
