"""Generated from Kafka's OffsetForLeaderEpochRequest.json by tools/codegen/generate.py. Do not edit."""

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
class OffsetForLeaderTopic:
    """A OffsetForLeaderTopic inside OffsetForLeaderEpochRequest. (generated from OffsetForLeaderEpochRequest.json)."""

    __slots__ = ('topic', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partitions: list[OffsetForLeaderPartition] | None = None) -> None:
        self.topic = topic
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetForLeaderPartition:
    """A OffsetForLeaderPartition inside OffsetForLeaderEpochRequest. (generated from OffsetForLeaderEpochRequest.json)."""

    __slots__ = ('partition', 'current_leader_epoch', 'leader_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition: int = 0, current_leader_epoch: int = -1, leader_epoch: int = 0) -> None:
        self.partition = partition
        self.current_leader_epoch = current_leader_epoch
        self.leader_epoch = leader_epoch

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetForLeaderEpochRequest:
    """OffsetForLeaderEpochRequest v2-4 (generated from OffsetForLeaderEpochRequest.json)."""

    __slots__ = ('replica_id', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 23
    MIN_VERSION = 2
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4
    OffsetForLeaderTopic: TypeAlias = OffsetForLeaderTopic
    OffsetForLeaderPartition: TypeAlias = OffsetForLeaderPartition

    def __init__(self, *, replica_id: int = -2, topics: list[OffsetForLeaderTopic] | None = None) -> None:
        self.replica_id = replica_id
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
        _ENC_OffsetForLeaderEpochRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetForLeaderEpochRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetForLeaderEpochRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetForLeaderEpochRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetForLeaderEpochRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetForLeaderEpochRequest v{version} runs past the end of the frame')
        return o, end


OffsetForLeaderTopic.FIELD_TYPES = {'topic': str, 'partitions': list[OffsetForLeaderPartition] | None}
OffsetForLeaderPartition.FIELD_TYPES = {'partition': int, 'current_leader_epoch': int, 'leader_epoch': int}
OffsetForLeaderEpochRequest.FIELD_TYPES = {'replica_id': int, 'topics': list[OffsetForLeaderTopic] | None}


def _dec_OffsetForLeaderPartition_0(buf: memoryview, pos: int) -> tuple[OffsetForLeaderPartition, int]:
    o = _new(OffsetForLeaderPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_OffsetForLeaderPartition_0(o: OffsetForLeaderPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S0.pack(o.current_leader_epoch))
    w(_S0.pack(o.leader_epoch))


def _dec_OffsetForLeaderTopic_0(buf: memoryview, pos: int) -> tuple[OffsetForLeaderTopic, int]:
    o = _new(OffsetForLeaderTopic)
    o.topic, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetForLeaderPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetForLeaderPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetForLeaderTopic_0(o: OffsetForLeaderTopic, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetForLeaderPartition_0(x0, w)


def _dec_OffsetForLeaderEpochRequest_0(buf: memoryview, pos: int) -> tuple[OffsetForLeaderEpochRequest, int]:
    o = _new(OffsetForLeaderEpochRequest)
    o.replica_id = -2
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetForLeaderTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetForLeaderTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetForLeaderEpochRequest_0(o: OffsetForLeaderEpochRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetForLeaderTopic_0(x0, w)


def _dec_OffsetForLeaderEpochRequest_1(buf: memoryview, pos: int) -> tuple[OffsetForLeaderEpochRequest, int]:
    o = _new(OffsetForLeaderEpochRequest)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetForLeaderTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetForLeaderTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetForLeaderEpochRequest_1(o: OffsetForLeaderEpochRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetForLeaderTopic_0(x0, w)


def _dec_OffsetForLeaderPartition_1(buf: memoryview, pos: int) -> tuple[OffsetForLeaderPartition, int]:
    o = _new(OffsetForLeaderPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetForLeaderPartition_1(o: OffsetForLeaderPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S0.pack(o.current_leader_epoch))
    w(_S0.pack(o.leader_epoch))
    w(b'\x00')


def _dec_OffsetForLeaderTopic_1(buf: memoryview, pos: int) -> tuple[OffsetForLeaderTopic, int]:
    o = _new(OffsetForLeaderTopic)
    o.topic, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 13 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetForLeaderPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetForLeaderPartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetForLeaderTopic_1(o: OffsetForLeaderTopic, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetForLeaderPartition_1(x0, w)
    w(b'\x00')


def _dec_OffsetForLeaderEpochRequest_2(buf: memoryview, pos: int) -> tuple[OffsetForLeaderEpochRequest, int]:
    o = _new(OffsetForLeaderEpochRequest)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetForLeaderTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetForLeaderTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetForLeaderEpochRequest_2(o: OffsetForLeaderEpochRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetForLeaderTopic_1(x0, w)
    w(b'\x00')


_DEC_OffsetForLeaderEpochRequest: list[Callable[[memoryview, int], tuple[OffsetForLeaderEpochRequest, int]]] = [_unsupported, _unsupported, _dec_OffsetForLeaderEpochRequest_0, _dec_OffsetForLeaderEpochRequest_1, _dec_OffsetForLeaderEpochRequest_2]
_ENC_OffsetForLeaderEpochRequest: list[Callable[[OffsetForLeaderEpochRequest, Writer], None]] = [_unsupported, _unsupported, _enc_OffsetForLeaderEpochRequest_0, _enc_OffsetForLeaderEpochRequest_1, _enc_OffsetForLeaderEpochRequest_2]
