"""Generated from Kafka's OffsetDeleteResponse.json by tools/codegen/generate.py. Do not edit."""

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
class OffsetDeleteResponseTopic:
    """A OffsetDeleteResponseTopic inside OffsetDeleteResponse. (generated from OffsetDeleteResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[OffsetDeleteResponsePartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetDeleteResponsePartition:
    """A OffsetDeleteResponsePartition inside OffsetDeleteResponse. (generated from OffsetDeleteResponse.json)."""

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
class OffsetDeleteResponse:
    """OffsetDeleteResponse v0-0 (generated from OffsetDeleteResponse.json)."""

    __slots__ = ('error_code', 'throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 47
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 10000
    OffsetDeleteResponseTopic: TypeAlias = OffsetDeleteResponseTopic
    OffsetDeleteResponsePartition: TypeAlias = OffsetDeleteResponsePartition

    def __init__(self, *, error_code: int = 0, throttle_time_ms: int = 0, topics: list[OffsetDeleteResponseTopic] | None = None) -> None:
        self.error_code = error_code
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
        _ENC_OffsetDeleteResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetDeleteResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetDeleteResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetDeleteResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetDeleteResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetDeleteResponse v{version} runs past the end of the frame')
        return o, end


OffsetDeleteResponseTopic.FIELD_TYPES = {'name': str, 'partitions': list[OffsetDeleteResponsePartition] | None}
OffsetDeleteResponsePartition.FIELD_TYPES = {'partition_index': int, 'error_code': int}
OffsetDeleteResponse.FIELD_TYPES = {'error_code': int, 'throttle_time_ms': int, 'topics': list[OffsetDeleteResponseTopic] | None}


def _dec_OffsetDeleteResponsePartition_0(buf: memoryview, pos: int) -> tuple[OffsetDeleteResponsePartition, int]:
    o = _new(OffsetDeleteResponsePartition)
    o.partition_index = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_OffsetDeleteResponsePartition_0(o: OffsetDeleteResponsePartition, w: Writer) -> None:
    w(_S1.pack(o.partition_index))
    w(_S0.pack(o.error_code))


def _dec_OffsetDeleteResponseTopic_0(buf: memoryview, pos: int) -> tuple[OffsetDeleteResponseTopic, int]:
    o = _new(OffsetDeleteResponseTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetDeleteResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetDeleteResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetDeleteResponseTopic_0(o: OffsetDeleteResponseTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetDeleteResponsePartition_0(x0, w)


def _dec_OffsetDeleteResponse_0(buf: memoryview, pos: int) -> tuple[OffsetDeleteResponse, int]:
    o = _new(OffsetDeleteResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetDeleteResponseTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetDeleteResponseTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetDeleteResponse_0(o: OffsetDeleteResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetDeleteResponseTopic_0(x0, w)


_DEC_OffsetDeleteResponse: list[Callable[[memoryview, int], tuple[OffsetDeleteResponse, int]]] = [_dec_OffsetDeleteResponse_0]
_ENC_OffsetDeleteResponse: list[Callable[[OffsetDeleteResponse, Writer], None]] = [_enc_OffsetDeleteResponse_0]
