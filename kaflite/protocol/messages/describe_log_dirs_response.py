"""Generated from Kafka's DescribeLogDirsResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>q')
_S3 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class DescribeLogDirsResult:
    """A DescribeLogDirsResult inside DescribeLogDirsResponse. (generated from DescribeLogDirsResponse.json)."""

    __slots__ = ('error_code', 'log_dir', 'topics', 'total_bytes', 'usable_bytes', 'is_cordoned')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, log_dir: str = '', topics: list[DescribeLogDirsTopic] | None = None, total_bytes: int = -1, usable_bytes: int = -1, is_cordoned: bool = False) -> None:
        self.error_code = error_code
        self.log_dir = log_dir
        self.topics = [] if topics is None else topics
        self.total_bytes = total_bytes
        self.usable_bytes = usable_bytes
        self.is_cordoned = is_cordoned

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeLogDirsTopic:
    """A DescribeLogDirsTopic inside DescribeLogDirsResponse. (generated from DescribeLogDirsResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[DescribeLogDirsPartition] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeLogDirsPartition:
    """A DescribeLogDirsPartition inside DescribeLogDirsResponse. (generated from DescribeLogDirsResponse.json)."""

    __slots__ = ('partition_index', 'partition_size', 'offset_lag', 'is_future_key')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, partition_size: int = 0, offset_lag: int = 0, is_future_key: bool = False) -> None:
        self.partition_index = partition_index
        self.partition_size = partition_size
        self.offset_lag = offset_lag
        self.is_future_key = is_future_key

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeLogDirsResponse:
    """DescribeLogDirsResponse v1-5 (generated from DescribeLogDirsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 35
    MIN_VERSION = 1
    MAX_VERSION = 5
    FLEXIBLE_MIN = 2
    DescribeLogDirsResult: TypeAlias = DescribeLogDirsResult
    DescribeLogDirsTopic: TypeAlias = DescribeLogDirsTopic
    DescribeLogDirsPartition: TypeAlias = DescribeLogDirsPartition

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, results: list[DescribeLogDirsResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
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
        _ENC_DescribeLogDirsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeLogDirsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeLogDirsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeLogDirsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeLogDirsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeLogDirsResponse v{version} runs past the end of the frame')
        return o, end


DescribeLogDirsResult.FIELD_TYPES = {'error_code': int, 'log_dir': str, 'topics': list[DescribeLogDirsTopic] | None, 'total_bytes': int, 'usable_bytes': int, 'is_cordoned': bool}
DescribeLogDirsTopic.FIELD_TYPES = {'name': str, 'partitions': list[DescribeLogDirsPartition] | None}
DescribeLogDirsPartition.FIELD_TYPES = {'partition_index': int, 'partition_size': int, 'offset_lag': int, 'is_future_key': bool}
DescribeLogDirsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'results': list[DescribeLogDirsResult] | None}


def _dec_DescribeLogDirsPartition_0(buf: memoryview, pos: int) -> tuple[DescribeLogDirsPartition, int]:
    o = _new(DescribeLogDirsPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.partition_size = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.offset_lag = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.is_future_key = _S3.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DescribeLogDirsPartition_0(o: DescribeLogDirsPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S2.pack(o.partition_size))
    w(_S2.pack(o.offset_lag))
    w(_S3.pack(o.is_future_key))


def _dec_DescribeLogDirsTopic_0(buf: memoryview, pos: int) -> tuple[DescribeLogDirsTopic, int]:
    o = _new(DescribeLogDirsTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 21 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_DescribeLogDirsTopic_0(o: DescribeLogDirsTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeLogDirsPartition_0(x0, w)


def _dec_DescribeLogDirsResult_0(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResult, int]:
    o = _new(DescribeLogDirsResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.log_dir, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.total_bytes = -1
    o.usable_bytes = -1
    o.is_cordoned = False
    return o, pos


def _enc_DescribeLogDirsResult_0(o: DescribeLogDirsResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.log_dir)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeLogDirsTopic_0(x0, w)


def _dec_DescribeLogDirsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResponse, int]:
    o = _new(DescribeLogDirsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsResult_0(buf, pos); ap0(x0)
    o.results = a0
    return o, pos


def _enc_DescribeLogDirsResponse_0(o: DescribeLogDirsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeLogDirsResult_0(x0, w)


def _dec_DescribeLogDirsPartition_1(buf: memoryview, pos: int) -> tuple[DescribeLogDirsPartition, int]:
    o = _new(DescribeLogDirsPartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.partition_size = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.offset_lag = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.is_future_key = _S3.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsPartition_1(o: DescribeLogDirsPartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S2.pack(o.partition_size))
    w(_S2.pack(o.offset_lag))
    w(_S3.pack(o.is_future_key))
    w(b'\x00')


def _dec_DescribeLogDirsTopic_1(buf: memoryview, pos: int) -> tuple[DescribeLogDirsTopic, int]:
    o = _new(DescribeLogDirsTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 22 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsPartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsTopic_1(o: DescribeLogDirsTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsPartition_1(x0, w)
    w(b'\x00')


def _dec_DescribeLogDirsResult_1(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResult, int]:
    o = _new(DescribeLogDirsResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.log_dir, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.total_bytes = -1
    o.usable_bytes = -1
    o.is_cordoned = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsResult_1(o: DescribeLogDirsResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.log_dir)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsTopic_1(x0, w)
    w(b'\x00')


def _dec_DescribeLogDirsResponse_1(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResponse, int]:
    o = _new(DescribeLogDirsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsResult_1(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsResponse_1(o: DescribeLogDirsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsResult_1(x0, w)
    w(b'\x00')


def _dec_DescribeLogDirsResponse_2(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResponse, int]:
    o = _new(DescribeLogDirsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsResult_1(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsResponse_2(o: DescribeLogDirsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsResult_1(x0, w)
    w(b'\x00')


def _dec_DescribeLogDirsResult_2(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResult, int]:
    o = _new(DescribeLogDirsResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.log_dir, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.total_bytes = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.usable_bytes = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.is_cordoned = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsResult_2(o: DescribeLogDirsResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.log_dir)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsTopic_1(x0, w)
    w(_S2.pack(o.total_bytes))
    w(_S2.pack(o.usable_bytes))
    w(b'\x00')


def _dec_DescribeLogDirsResponse_3(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResponse, int]:
    o = _new(DescribeLogDirsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 21 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsResult_2(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsResponse_3(o: DescribeLogDirsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsResult_2(x0, w)
    w(b'\x00')


def _dec_DescribeLogDirsResult_3(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResult, int]:
    o = _new(DescribeLogDirsResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.log_dir, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.total_bytes = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.usable_bytes = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.is_cordoned = _S3.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsResult_3(o: DescribeLogDirsResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.log_dir)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsTopic_1(x0, w)
    w(_S2.pack(o.total_bytes))
    w(_S2.pack(o.usable_bytes))
    w(_S3.pack(o.is_cordoned))
    w(b'\x00')


def _dec_DescribeLogDirsResponse_4(buf: memoryview, pos: int) -> tuple[DescribeLogDirsResponse, int]:
    o = _new(DescribeLogDirsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 22 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeLogDirsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeLogDirsResult_3(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeLogDirsResponse_4(o: DescribeLogDirsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeLogDirsResult_3(x0, w)
    w(b'\x00')


_DEC_DescribeLogDirsResponse: list[Callable[[memoryview, int], tuple[DescribeLogDirsResponse, int]]] = [_unsupported, _dec_DescribeLogDirsResponse_0, _dec_DescribeLogDirsResponse_1, _dec_DescribeLogDirsResponse_2, _dec_DescribeLogDirsResponse_3, _dec_DescribeLogDirsResponse_4]
_ENC_DescribeLogDirsResponse: list[Callable[[DescribeLogDirsResponse, Writer], None]] = [_unsupported, _enc_DescribeLogDirsResponse_0, _enc_DescribeLogDirsResponse_1, _enc_DescribeLogDirsResponse_2, _enc_DescribeLogDirsResponse_3, _enc_DescribeLogDirsResponse_4]
