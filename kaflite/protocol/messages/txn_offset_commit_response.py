"""Generated from Kafka's TxnOffsetCommitResponse.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class TxnOffsetCommitResponseTopic:
    """A TxnOffsetCommitResponseTopic inside TxnOffsetCommitResponse. (generated from TxnOffsetCommitResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[TxnOffsetCommitResponsePartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TxnOffsetCommitResponsePartition:
    """A TxnOffsetCommitResponsePartition inside TxnOffsetCommitResponse. (generated from TxnOffsetCommitResponse.json)."""

    __slots__ = ('partition_index', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0) -> None:
        self.partition_index = partition_index
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TxnOffsetCommitResponse:
    """TxnOffsetCommitResponse v0-5 (generated from TxnOffsetCommitResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 28
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3
    TxnOffsetCommitResponseTopic: TypeAlias = TxnOffsetCommitResponseTopic
    TxnOffsetCommitResponsePartition: TypeAlias = TxnOffsetCommitResponsePartition

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[TxnOffsetCommitResponseTopic] | None = None) -> None:
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
        _ENC_TxnOffsetCommitResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> TxnOffsetCommitResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[TxnOffsetCommitResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_TxnOffsetCommitResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed TxnOffsetCommitResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'TxnOffsetCommitResponse v{version} runs past the end of the frame')
        return o, end


TxnOffsetCommitResponseTopic.FIELD_TYPES = {'name': str, 'partitions': list[TxnOffsetCommitResponsePartition] | None}
TxnOffsetCommitResponsePartition.FIELD_TYPES = {'partition_index': int, 'error_code': int}
TxnOffsetCommitResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[TxnOffsetCommitResponseTopic] | None}


def _dec_TxnOffsetCommitResponsePartition_0(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitResponsePartition, int]:
    o = _new(TxnOffsetCommitResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_TxnOffsetCommitResponsePartition_0(o: TxnOffsetCommitResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))


def _dec_TxnOffsetCommitResponseTopic_0(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitResponseTopic, int]:
    o = _new(TxnOffsetCommitResponseTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_TxnOffsetCommitResponseTopic_0(o: TxnOffsetCommitResponseTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TxnOffsetCommitResponsePartition_0(x0, w)


def _dec_TxnOffsetCommitResponse_0(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitResponse, int]:
    o = _new(TxnOffsetCommitResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_TxnOffsetCommitResponse_0(o: TxnOffsetCommitResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TxnOffsetCommitResponseTopic_0(x0, w)


def _dec_TxnOffsetCommitResponsePartition_1(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitResponsePartition, int]:
    o = _new(TxnOffsetCommitResponsePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitResponsePartition_1(o: TxnOffsetCommitResponsePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(b'\x00')


def _dec_TxnOffsetCommitResponseTopic_1(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitResponseTopic, int]:
    o = _new(TxnOffsetCommitResponseTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitResponsePartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitResponseTopic_1(o: TxnOffsetCommitResponseTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TxnOffsetCommitResponsePartition_1(x0, w)
    w(b'\x00')


def _dec_TxnOffsetCommitResponse_1(buf: memoryview, pos: int) -> tuple[TxnOffsetCommitResponse, int]:
    o = _new(TxnOffsetCommitResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TxnOffsetCommitResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TxnOffsetCommitResponseTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TxnOffsetCommitResponse_1(o: TxnOffsetCommitResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TxnOffsetCommitResponseTopic_1(x0, w)
    w(b'\x00')


_DEC_TxnOffsetCommitResponse: list[Callable[[memoryview, int], tuple[TxnOffsetCommitResponse, int]]] = [_dec_TxnOffsetCommitResponse_0, _dec_TxnOffsetCommitResponse_0, _dec_TxnOffsetCommitResponse_0, _dec_TxnOffsetCommitResponse_1, _dec_TxnOffsetCommitResponse_1, _dec_TxnOffsetCommitResponse_1]
_ENC_TxnOffsetCommitResponse: list[Callable[[TxnOffsetCommitResponse, Writer], None]] = [_enc_TxnOffsetCommitResponse_0, _enc_TxnOffsetCommitResponse_0, _enc_TxnOffsetCommitResponse_0, _enc_TxnOffsetCommitResponse_1, _enc_TxnOffsetCommitResponse_1, _enc_TxnOffsetCommitResponse_1]
