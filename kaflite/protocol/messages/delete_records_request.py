"""Generated from Kafka's DeleteRecordsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class DeleteRecordsTopic:
    """A DeleteRecordsTopic inside DeleteRecordsRequest. (generated from DeleteRecordsRequest.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[DeleteRecordsPartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteRecordsPartition:
    """A DeleteRecordsPartition inside DeleteRecordsRequest. (generated from DeleteRecordsRequest.json)."""

    __slots__ = ('partition_index', 'offset')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, offset: int = 0) -> None:
        self.partition_index = partition_index
        self.offset = offset

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteRecordsRequest:
    """DeleteRecordsRequest v0-2 (generated from DeleteRecordsRequest.json)."""

    __slots__ = ('topics', 'timeout_ms')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 21
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    DeleteRecordsTopic: TypeAlias = DeleteRecordsTopic
    DeleteRecordsPartition: TypeAlias = DeleteRecordsPartition

    def __init__(self, *, topics: list[DeleteRecordsTopic] | None = None, timeout_ms: int = 0) -> None:
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
        _ENC_DeleteRecordsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteRecordsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteRecordsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteRecordsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteRecordsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteRecordsRequest v{version} runs past the end of the frame')
        return o, end


DeleteRecordsTopic.FIELD_TYPES = {'name': str, 'partitions': list[DeleteRecordsPartition] | None}
DeleteRecordsPartition.FIELD_TYPES = {'partition_index': int, 'offset': int}
DeleteRecordsRequest.FIELD_TYPES = {'topics': list[DeleteRecordsTopic] | None, 'timeout_ms': int}


def _dec_DeleteRecordsPartition_0(buf: memoryview, pos: int) -> tuple[DeleteRecordsPartition, int]:
    o = _new(DeleteRecordsPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    return o, pos


def _enc_DeleteRecordsPartition_0(o: DeleteRecordsPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.offset))


def _dec_DeleteRecordsTopic_0(buf: memoryview, pos: int) -> tuple[DeleteRecordsTopic, int]:
    o = _new(DeleteRecordsTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_DeleteRecordsTopic_0(o: DeleteRecordsTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeleteRecordsPartition_0(x0, w)


def _dec_DeleteRecordsRequest_0(buf: memoryview, pos: int) -> tuple[DeleteRecordsRequest, int]:
    o = _new(DeleteRecordsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_DeleteRecordsRequest_0(o: DeleteRecordsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeleteRecordsTopic_0(x0, w)
    w(_S0.pack(o.timeout_ms))


def _dec_DeleteRecordsPartition_1(buf: memoryview, pos: int) -> tuple[DeleteRecordsPartition, int]:
    o = _new(DeleteRecordsPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteRecordsPartition_1(o: DeleteRecordsPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.offset))
    w(b'\x00')


def _dec_DeleteRecordsTopic_1(buf: memoryview, pos: int) -> tuple[DeleteRecordsTopic, int]:
    o = _new(DeleteRecordsTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 13 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsPartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteRecordsTopic_1(o: DeleteRecordsTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteRecordsPartition_1(x0, w)
    w(b'\x00')


def _dec_DeleteRecordsRequest_1(buf: memoryview, pos: int) -> tuple[DeleteRecordsRequest, int]:
    o = _new(DeleteRecordsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteRecordsRequest_1(o: DeleteRecordsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteRecordsTopic_1(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(b'\x00')


_DEC_DeleteRecordsRequest: list[Callable[[memoryview, int], tuple[DeleteRecordsRequest, int]]] = [_dec_DeleteRecordsRequest_0, _dec_DeleteRecordsRequest_0, _dec_DeleteRecordsRequest_1]
_ENC_DeleteRecordsRequest: list[Callable[[DeleteRecordsRequest, Writer], None]] = [_enc_DeleteRecordsRequest_0, _enc_DeleteRecordsRequest_0, _enc_DeleteRecordsRequest_1]
