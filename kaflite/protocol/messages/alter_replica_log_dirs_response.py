"""Generated from Kafka's AlterReplicaLogDirsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class AlterReplicaLogDirTopicResult:
    """A AlterReplicaLogDirTopicResult inside AlterReplicaLogDirsResponse. (generated from AlterReplicaLogDirsResponse.json)."""

    __slots__ = ('topic_name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '', partitions: list[AlterReplicaLogDirPartitionResult] | None = None) -> None:
        self.topic_name = topic_name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterReplicaLogDirPartitionResult:
    """A AlterReplicaLogDirPartitionResult inside AlterReplicaLogDirsResponse. (generated from AlterReplicaLogDirsResponse.json)."""

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
class AlterReplicaLogDirsResponse:
    """AlterReplicaLogDirsResponse v1-2 (generated from AlterReplicaLogDirsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 34
    MIN_VERSION = 1
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    AlterReplicaLogDirTopicResult: TypeAlias = AlterReplicaLogDirTopicResult
    AlterReplicaLogDirPartitionResult: TypeAlias = AlterReplicaLogDirPartitionResult

    def __init__(self, *, throttle_time_ms: int = 0, results: list[AlterReplicaLogDirTopicResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is None else results

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
        _ENC_AlterReplicaLogDirsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterReplicaLogDirsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterReplicaLogDirsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterReplicaLogDirsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterReplicaLogDirsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterReplicaLogDirsResponse v{version} runs past the end of the frame')
        return o, end


AlterReplicaLogDirTopicResult.FIELD_TYPES = {'topic_name': str, 'partitions': list[AlterReplicaLogDirPartitionResult] | None}
AlterReplicaLogDirPartitionResult.FIELD_TYPES = {'partition_index': int, 'error_code': int}
AlterReplicaLogDirsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'results': list[AlterReplicaLogDirTopicResult] | None}


def _dec_AlterReplicaLogDirPartitionResult_0(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirPartitionResult, int]:
    o = _new(AlterReplicaLogDirPartitionResult)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_AlterReplicaLogDirPartitionResult_0(o: AlterReplicaLogDirPartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))


def _dec_AlterReplicaLogDirTopicResult_0(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirTopicResult, int]:
    o = _new(AlterReplicaLogDirTopicResult)
    o.topic_name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDirPartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDirPartitionResult_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_AlterReplicaLogDirTopicResult_0(o: AlterReplicaLogDirTopicResult, w: Writer) -> None:
    _w_str(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AlterReplicaLogDirPartitionResult_0(x0, w)


def _dec_AlterReplicaLogDirsResponse_0(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirsResponse, int]:
    o = _new(AlterReplicaLogDirsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDirTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDirTopicResult_0(buf, pos); ap0(x0)
    o.results = a0
    return o, pos


def _enc_AlterReplicaLogDirsResponse_0(o: AlterReplicaLogDirsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AlterReplicaLogDirTopicResult_0(x0, w)


def _dec_AlterReplicaLogDirPartitionResult_1(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirPartitionResult, int]:
    o = _new(AlterReplicaLogDirPartitionResult)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterReplicaLogDirPartitionResult_1(o: AlterReplicaLogDirPartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(b'\x00')


def _dec_AlterReplicaLogDirTopicResult_1(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirTopicResult, int]:
    o = _new(AlterReplicaLogDirTopicResult)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDirPartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDirPartitionResult_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterReplicaLogDirTopicResult_1(o: AlterReplicaLogDirTopicResult, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterReplicaLogDirPartitionResult_1(x0, w)
    w(b'\x00')


def _dec_AlterReplicaLogDirsResponse_1(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirsResponse, int]:
    o = _new(AlterReplicaLogDirsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDirTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDirTopicResult_1(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterReplicaLogDirsResponse_1(o: AlterReplicaLogDirsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterReplicaLogDirTopicResult_1(x0, w)
    w(b'\x00')


_DEC_AlterReplicaLogDirsResponse: list[Callable[[memoryview, int], tuple[AlterReplicaLogDirsResponse, int]]] = [_unsupported, _dec_AlterReplicaLogDirsResponse_0, _dec_AlterReplicaLogDirsResponse_1]
_ENC_AlterReplicaLogDirsResponse: list[Callable[[AlterReplicaLogDirsResponse, Writer], None]] = [_unsupported, _enc_AlterReplicaLogDirsResponse_0, _enc_AlterReplicaLogDirsResponse_1]
