"""Generated from Kafka's ProduceRequest.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>h')
_S1 = _struct.Struct('>i')


@mypyc_attr(native_class=False)
class TopicProduceData:
    """A TopicProduceData inside ProduceRequest. (generated from ProduceRequest.json)."""

    __slots__ = ('name', 'topic_id', 'partition_data')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', topic_id: bytes = ZERO_UUID, partition_data: list[PartitionProduceData] | None = None) -> None:
        self.name = name
        self.topic_id = topic_id
        self.partition_data = [] if partition_data is None else partition_data

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionProduceData:
    """A PartitionProduceData inside ProduceRequest. (generated from ProduceRequest.json)."""

    __slots__ = ('index', 'records')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, index: int = 0, records: Buffer | None = None) -> None:
        self.index = index
        self.records = records

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ProduceRequest:
    """ProduceRequest v3-13 (generated from ProduceRequest.json)."""

    __slots__ = ('transactional_id', 'acks', 'timeout_ms', 'topic_data')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 0
    MIN_VERSION = 3
    MAX_VERSION = 13
    FLEXIBLE_MIN = 9
    TopicProduceData: TypeAlias = TopicProduceData
    PartitionProduceData: TypeAlias = PartitionProduceData

    def __init__(self, *, transactional_id: str | None = None, acks: int = 0, timeout_ms: int = 0, topic_data: list[TopicProduceData] | None = None) -> None:
        self.transactional_id = transactional_id
        self.acks = acks
        self.timeout_ms = timeout_ms
        self.topic_data = [] if topic_data is None else topic_data

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
        _ENC_ProduceRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ProduceRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ProduceRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ProduceRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ProduceRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ProduceRequest v{version} runs past the end of the frame')
        return o, end


TopicProduceData.FIELD_TYPES = {'name': str, 'topic_id': bytes, 'partition_data': list[PartitionProduceData] | None}
PartitionProduceData.FIELD_TYPES = {'index': int, 'records': Buffer | None}
ProduceRequest.FIELD_TYPES = {'transactional_id': str | None, 'acks': int, 'timeout_ms': int, 'topic_data': list[TopicProduceData] | None}


def _dec_PartitionProduceData_0(buf: memoryview, pos: int) -> tuple[PartitionProduceData, int]:
    o = _new(PartitionProduceData)
    o.index = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.records, pos = _r_records(buf, pos)
    return o, pos


def _enc_PartitionProduceData_0(o: PartitionProduceData, w: Writer) -> None:
    w(_S1.pack(o.index))
    _w_bytes(w, o.records)


def _dec_TopicProduceData_0(buf: memoryview, pos: int) -> tuple[TopicProduceData, int]:
    o = _new(TopicProduceData)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceData_0(buf, pos); ap0(x0)
    o.partition_data = a0
    return o, pos


def _enc_TopicProduceData_0(o: TopicProduceData, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partition_data
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionProduceData_0(x0, w)


def _dec_ProduceRequest_0(buf: memoryview, pos: int) -> tuple[ProduceRequest, int]:
    o = _new(ProduceRequest)
    o.transactional_id, pos = _r_str(buf, pos)
    o.acks = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.timeout_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceData_0(buf, pos); ap0(x0)
    o.topic_data = a0
    return o, pos


def _enc_ProduceRequest_0(o: ProduceRequest, w: Writer) -> None:
    _w_str(w, o.transactional_id)
    w(_S0.pack(o.acks))
    w(_S1.pack(o.timeout_ms))
    a0 = o.topic_data
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_TopicProduceData_0(x0, w)


def _dec_PartitionProduceData_1(buf: memoryview, pos: int) -> tuple[PartitionProduceData, int]:
    o = _new(PartitionProduceData)
    o.index = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.records, pos = _r_crecords(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionProduceData_1(o: PartitionProduceData, w: Writer) -> None:
    w(_S1.pack(o.index))
    _w_cbytes(w, o.records)
    w(b'\x00')


def _dec_TopicProduceData_1(buf: memoryview, pos: int) -> tuple[TopicProduceData, int]:
    o = _new(TopicProduceData)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceData_1(buf, pos); ap0(x0)
    o.partition_data = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicProduceData_1(o: TopicProduceData, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_data
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionProduceData_1(x0, w)
    w(b'\x00')


def _dec_ProduceRequest_1(buf: memoryview, pos: int) -> tuple[ProduceRequest, int]:
    o = _new(ProduceRequest)
    o.transactional_id, pos = _r_cstr(buf, pos)
    o.acks = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.timeout_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceData_1(buf, pos); ap0(x0)
    o.topic_data = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ProduceRequest_1(o: ProduceRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.acks))
    w(_S1.pack(o.timeout_ms))
    a0 = o.topic_data
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicProduceData_1(x0, w)
    w(b'\x00')


def _dec_TopicProduceData_2(buf: memoryview, pos: int) -> tuple[TopicProduceData, int]:
    o = _new(TopicProduceData)
    o.name = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionProduceData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionProduceData_1(buf, pos); ap0(x0)
    o.partition_data = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicProduceData_2(o: TopicProduceData, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partition_data
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionProduceData_1(x0, w)
    w(b'\x00')


def _dec_ProduceRequest_2(buf: memoryview, pos: int) -> tuple[ProduceRequest, int]:
    o = _new(ProduceRequest)
    o.transactional_id, pos = _r_cstr(buf, pos)
    o.acks = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.timeout_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicProduceData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicProduceData_2(buf, pos); ap0(x0)
    o.topic_data = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ProduceRequest_2(o: ProduceRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.acks))
    w(_S1.pack(o.timeout_ms))
    a0 = o.topic_data
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicProduceData_2(x0, w)
    w(b'\x00')


_DEC_ProduceRequest: list[Callable[[memoryview, int], tuple[ProduceRequest, int]]] = [_unsupported, _unsupported, _unsupported, _dec_ProduceRequest_0, _dec_ProduceRequest_0, _dec_ProduceRequest_0, _dec_ProduceRequest_0, _dec_ProduceRequest_0, _dec_ProduceRequest_0, _dec_ProduceRequest_1, _dec_ProduceRequest_1, _dec_ProduceRequest_1, _dec_ProduceRequest_1, _dec_ProduceRequest_2]
_ENC_ProduceRequest: list[Callable[[ProduceRequest, Writer], None]] = [_unsupported, _unsupported, _unsupported, _enc_ProduceRequest_0, _enc_ProduceRequest_0, _enc_ProduceRequest_0, _enc_ProduceRequest_0, _enc_ProduceRequest_0, _enc_ProduceRequest_0, _enc_ProduceRequest_1, _enc_ProduceRequest_1, _enc_ProduceRequest_1, _enc_ProduceRequest_1, _enc_ProduceRequest_2]
