"""Generated from Kafka's ElectLeadersRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class TopicPartitions:
    """A TopicPartitions inside ElectLeadersRequest. (generated from ElectLeadersRequest.json)."""

    __slots__ = ('topic', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partitions: list[int] | None = None) -> None:
        self.topic = topic
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ElectLeadersRequest:
    """ElectLeadersRequest v0-2 (generated from ElectLeadersRequest.json)."""

    __slots__ = ('election_type', 'topic_partitions', 'timeout_ms')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 43
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    TopicPartitions: TypeAlias = TopicPartitions

    def __init__(self, *, election_type: int = 0, topic_partitions: list[TopicPartitions] | None = _UNSET, timeout_ms: int = 60000) -> None:
        self.election_type = election_type
        self.topic_partitions = [] if topic_partitions is _UNSET else topic_partitions
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
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ElectLeadersRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ElectLeadersRequest v{version} runs past the end of the frame')
        return o, end


TopicPartitions.FIELD_TYPES = {'topic': str, 'partitions': list[int] | None}
ElectLeadersRequest.FIELD_TYPES = {'election_type': int, 'topic_partitions': list[TopicPartitions] | None, 'timeout_ms': int}


def _dec_TopicPartitions_0(buf: memoryview, pos: int) -> tuple[TopicPartitions, int]:
    o = _new(TopicPartitions)
    o.topic, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_TopicPartitions_0(o: TopicPartitions, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_ElectLeadersRequest_0(buf: memoryview, pos: int) -> tuple[ElectLeadersRequest, int]:
    o = _new(ElectLeadersRequest)
    o.election_type = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topic_partitions = None
    else:
        if n * 6 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[TopicPartitions] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_TopicPartitions_0(buf, pos); ap0(x0)
        o.topic_partitions = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_ElectLeadersRequest_0(o: ElectLeadersRequest, w: Writer) -> None:
    a0 = o.topic_partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TopicPartitions_0(x0, w)
    w(_S0.pack(o.timeout_ms))


def _dec_ElectLeadersRequest_1(buf: memoryview, pos: int) -> tuple[ElectLeadersRequest, int]:
    o = _new(ElectLeadersRequest)
    o.election_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topic_partitions = None
    else:
        if n * 6 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[TopicPartitions] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_TopicPartitions_0(buf, pos); ap0(x0)
        o.topic_partitions = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_ElectLeadersRequest_1(o: ElectLeadersRequest, w: Writer) -> None:
    w(_S1.pack(o.election_type))
    a0 = o.topic_partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TopicPartitions_0(x0, w)
    w(_S0.pack(o.timeout_ms))


def _dec_TopicPartitions_1(buf: memoryview, pos: int) -> tuple[TopicPartitions, int]:
    o = _new(TopicPartitions)
    o.topic, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicPartitions_1(o: TopicPartitions, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_ElectLeadersRequest_2(buf: memoryview, pos: int) -> tuple[ElectLeadersRequest, int]:
    o = _new(ElectLeadersRequest)
    o.election_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topic_partitions = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[TopicPartitions] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_TopicPartitions_1(buf, pos); ap0(x0)
        o.topic_partitions = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ElectLeadersRequest_2(o: ElectLeadersRequest, w: Writer) -> None:
    w(_S1.pack(o.election_type))
    a0 = o.topic_partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicPartitions_1(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(b'\x00')


_DEC_ElectLeadersRequest: list[Callable[[memoryview, int], tuple[ElectLeadersRequest, int]]] = [_dec_ElectLeadersRequest_0, _dec_ElectLeadersRequest_1, _dec_ElectLeadersRequest_2]
_ENC_ElectLeadersRequest: list[Callable[[ElectLeadersRequest, Writer], None]] = [_enc_ElectLeadersRequest_0, _enc_ElectLeadersRequest_1, _enc_ElectLeadersRequest_2]
