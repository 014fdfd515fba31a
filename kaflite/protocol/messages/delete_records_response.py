"""Generated from Kafka's DeleteRecordsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class DeleteRecordsTopicResult:
    """A DeleteRecordsTopicResult inside DeleteRecordsResponse. (generated from DeleteRecordsResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[DeleteRecordsPartitionResult] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteRecordsPartitionResult:
    """A DeleteRecordsPartitionResult inside DeleteRecordsResponse. (generated from DeleteRecordsResponse.json)."""

    __slots__ = ('partition_index', 'low_watermark', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, low_watermark: int = 0, error_code: int = 0) -> None:
        self.partition_index = partition_index
        self.low_watermark = low_watermark
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteRecordsResponse:
    """DeleteRecordsResponse v0-2 (generated from DeleteRecordsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 21
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    DeleteRecordsTopicResult: TypeAlias = DeleteRecordsTopicResult
    DeleteRecordsPartitionResult: TypeAlias = DeleteRecordsPartitionResult

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[DeleteRecordsTopicResult] | None = None) -> None:
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
        _ENC_DeleteRecordsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteRecordsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteRecordsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteRecordsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteRecordsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteRecordsResponse v{version} runs past the end of the frame')
        return o, end


DeleteRecordsTopicResult.FIELD_TYPES = {'name': str, 'partitions': list[DeleteRecordsPartitionResult] | None}
DeleteRecordsPartitionResult.FIELD_TYPES = {'partition_index': int, 'low_watermark': int, 'error_code': int}
DeleteRecordsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[DeleteRecordsTopicResult] | None}


def _dec_DeleteRecordsPartitionResult_0(buf: memoryview, pos: int) -> tuple[DeleteRecordsPartitionResult, int]:
    o = _new(DeleteRecordsPartitionResult)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.low_watermark = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_DeleteRecordsPartitionResult_0(o: DeleteRecordsPartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.low_watermark))
    w(_S2.pack(o.error_code))


def _dec_DeleteRecordsTopicResult_0(buf: memoryview, pos: int) -> tuple[DeleteRecordsTopicResult, int]:
    o = _new(DeleteRecordsTopicResult)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsPartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsPartitionResult_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_DeleteRecordsTopicResult_0(o: DeleteRecordsTopicResult, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeleteRecordsPartitionResult_0(x0, w)


def _dec_DeleteRecordsResponse_0(buf: memoryview, pos: int) -> tuple[DeleteRecordsResponse, int]:
    o = _new(DeleteRecordsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsTopicResult_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_DeleteRecordsResponse_0(o: DeleteRecordsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeleteRecordsTopicResult_0(x0, w)


def _dec_DeleteRecordsPartitionResult_1(buf: memoryview, pos: int) -> tuple[DeleteRecordsPartitionResult, int]:
    o = _new(DeleteRecordsPartitionResult)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.low_watermark = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteRecordsPartitionResult_1(o: DeleteRecordsPartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.low_watermark))
    w(_S2.pack(o.error_code))
    w(b'\x00')


def _dec_DeleteRecordsTopicResult_1(buf: memoryview, pos: int) -> tuple[DeleteRecordsTopicResult, int]:
    o = _new(DeleteRecordsTopicResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 15 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsPartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsPartitionResult_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteRecordsTopicResult_1(o: DeleteRecordsTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteRecordsPartitionResult_1(x0, w)
    w(b'\x00')


def _dec_DeleteRecordsResponse_1(buf: memoryview, pos: int) -> tuple[DeleteRecordsResponse, int]:
    o = _new(DeleteRecordsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteRecordsTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteRecordsTopicResult_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteRecordsResponse_1(o: DeleteRecordsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteRecordsTopicResult_1(x0, w)
    w(b'\x00')


_DEC_DeleteRecordsResponse: list[Callable[[memoryview, int], tuple[DeleteRecordsResponse, int]]] = [_dec_DeleteRecordsResponse_0, _dec_DeleteRecordsResponse_0, _dec_DeleteRecordsResponse_1]
_ENC_DeleteRecordsResponse: list[Callable[[DeleteRecordsResponse, Writer], None]] = [_enc_DeleteRecordsResponse_0, _enc_DeleteRecordsResponse_0, _enc_DeleteRecordsResponse_1]
