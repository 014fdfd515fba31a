"""Generated from Kafka's ElectLeadersRequest.json by tools/codegen/generate.py. Do not edit."""

from __future__ import annotations

import struct as _struct
from collections.abc import Callable
from typing import Any

from kaflite.protocol._codec import (  # noqa: F401
    _UNSET, ZERO_UUID, Buffer, DecodeError, _eq, _new, _r_bytes, _r_cbytes, _r_crecords,
    _r_cstr, _r_records, _r_str, _r_uvarint, _repr, _skip_tags, _unsupported, _uvarint,
    _w_bytes, _w_cbytes, _w_cstr, _w_str,
)

_S0 = _struct.Struct('>i')
_S1 = _struct.Struct('>b')


class TopicPartitions:
    """A TopicPartitions inside ElectLeadersRequest. (generated from ElectLeadersRequest.json)."""

    __slots__ = ('topic', 'partitions')

    def __init__(self, *, topic: str = '', partitions: list[int] | None = None) -> None:
        self.topic = topic
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> bool:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


class ElectLeadersRequest:
    """ElectLeadersRequest v0-2 (generated from ElectLeadersRequest.json)."""

    __slots__ = ('election_type', 'topic_partitions', 'timeout_ms')
    API_KEY = 43
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    TopicPartitions: type[TopicPartitions]

    def __init__(self, *, election_type: int = 0, topic_partitions: list[TopicPartitions] | None = _UNSET, timeout_ms: int = 60000) -> None:
        self.election_type = election_type
        self.topic_partitions = [] if topic_partitions is _UNSET else topic_partitions
        self.timeout_ms = timeout_ms

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> bool:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]

    def encode(self, version: int) -> bytes:
        return b''.join(self.encode_parts(version))

    def encode_parts(self, version: int) -> list[Buffer]:
        """The encoding as a list of buffers: large payloads (records) are not copied."""
        parts: list[Buffer] = []
        _ENC_ElectLeadersRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ElectLeadersRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ElectLeadersRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ElectLeadersRequest[version](mv, pos)
        except (_struct.error, IndexError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ElectLeadersRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ElectLeadersRequest v{version} runs past the end of the frame')
        return o, end


ElectLeadersRequest.TopicPartitions = TopicPartitions  # type: ignore[misc]


def _dec_TopicPartitions_0(buf: memoryview, pos: int) -> tuple[TopicPartitions, int]:
    o = _new(TopicPartitions)
    o.topic, pos = _r_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.partitions = None
    else:
        o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_TopicPartitions_0(o: TopicPartitions, w: Callable[[bytes], object]) -> None:
    _w_str(w, o.topic)
    a = o.partitions
    if a is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a)))
        w(_struct.pack('>%di' % len(a), *a))


def _dec_ElectLeadersRequest_0(buf: memoryview, pos: int) -> tuple[ElectLeadersRequest, int]:
    o = _new(ElectLeadersRequest)
    o.election_type = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topic_partitions = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_TopicPartitions_0(buf, pos); ap(x)
        o.topic_partitions = a
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_ElectLeadersRequest_0(o: ElectLeadersRequest, w: Callable[[bytes], object]) -> None:
    a = o.topic_partitions
    if a is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a)))
        for x in a:
            _enc_TopicPartitions_0(x, w)
    w(_S0.pack(o.timeout_ms))


def _dec_ElectLeadersRequest_1(buf: memoryview, pos: int) -> tuple[ElectLeadersRequest, int]:
    o = _new(ElectLeadersRequest)
    o.election_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topic_partitions = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_TopicPartitions_0(buf, pos); ap(x)
        o.topic_partitions = a
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_ElectLeadersRequest_1(o: ElectLeadersRequest, w: Callable[[bytes], object]) -> None:
    w(_S1.pack(o.election_type))
    a = o.topic_partitions
    if a is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a)))
        for x in a:
            _enc_TopicPartitions_0(x, w)
    w(_S0.pack(o.timeout_ms))


def _dec_TopicPartitions_1(buf: memoryview, pos: int) -> tuple[TopicPartitions, int]:
    o = _new(TopicPartitions)
    o.topic, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.partitions = None
    else:
        o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicPartitions_1(o: TopicPartitions, w: Callable[[bytes], object]) -> None:
    _w_cstr(w, o.topic)
    a = o.partitions
    if a is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a) + 1))
        w(_struct.pack('>%di' % len(a), *a))
    w(b'\x00')


def _dec_ElectLeadersRequest_2(buf: memoryview, pos: int) -> tuple[ElectLeadersRequest, int]:
    o = _new(ElectLeadersRequest)
    o.election_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topic_partitions = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_TopicPartitions_1(buf, pos); ap(x)
        o.topic_partitions = a
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ElectLeadersRequest_2(o: ElectLeadersRequest, w: Callable[[bytes], object]) -> None:
    w(_S1.pack(o.election_type))
    a = o.topic_partitions
    if a is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a) + 1))
        for x in a:
            _enc_TopicPartitions_1(x, w)
    w(_S0.pack(o.timeout_ms))
    w(b'\x00')


_DEC_ElectLeadersRequest: list[Callable[..., Any]] = [_dec_ElectLeadersRequest_0, _dec_ElectLeadersRequest_1, _dec_ElectLeadersRequest_2]
_ENC_ElectLeadersRequest: list[Callable[..., Any]] = [_enc_ElectLeadersRequest_0, _enc_ElectLeadersRequest_1, _enc_ElectLeadersRequest_2]
