"""Generated from Kafka's WriteTxnMarkersResponse.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>q')
_S1 = _struct.Struct('>i')
_S2 = _struct.Struct('>h')


@mypyc_attr(native_class=False)
class WritableTxnMarkerResult:
    """A WritableTxnMarkerResult inside WriteTxnMarkersResponse. (generated from WriteTxnMarkersResponse.json)."""

    __slots__ = ('producer_id', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, producer_id: int = 0, topics: list[WritableTxnMarkerTopicResult] | None = None) -> None:
        self.producer_id = producer_id
        self.topics = [] if topics is None else topics

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class WritableTxnMarkerTopicResult:
    """A WritableTxnMarkerTopicResult inside WriteTxnMarkersResponse. (generated from WriteTxnMarkersResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[WritableTxnMarkerPartitionResult] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class WritableTxnMarkerPartitionResult:
    """A WritableTxnMarkerPartitionResult inside WriteTxnMarkersResponse. (generated from WriteTxnMarkersResponse.json)."""

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
class WriteTxnMarkersResponse:
    """WriteTxnMarkersResponse v1-2 (generated from WriteTxnMarkersResponse.json)."""

    __slots__ = ('markers',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 27
    MIN_VERSION = 1
    MAX_VERSION = 2
    FLEXIBLE_MIN = 1
    WritableTxnMarkerResult: TypeAlias = WritableTxnMarkerResult
    WritableTxnMarkerTopicResult: TypeAlias = WritableTxnMarkerTopicResult
    WritableTxnMarkerPartitionResult: TypeAlias = WritableTxnMarkerPartitionResult

    def __init__(self, *, markers: list[WritableTxnMarkerResult] | None = None) -> None:
        self.markers = [] if markers is None else markers

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
        _ENC_WriteTxnMarkersResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> WriteTxnMarkersResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[WriteTxnMarkersResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_WriteTxnMarkersResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed WriteTxnMarkersResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'WriteTxnMarkersResponse v{version} runs past the end of the frame')
        return o, end


WritableTxnMarkerResult.FIELD_TYPES = {'producer_id': int, 'topics': list[WritableTxnMarkerTopicResult] | None}
WritableTxnMarkerTopicResult.FIELD_TYPES = {'name': str, 'partitions': list[WritableTxnMarkerPartitionResult] | None}
WritableTxnMarkerPartitionResult.FIELD_TYPES = {'partition_index': int, 'error_code': int}
WriteTxnMarkersResponse.FIELD_TYPES = {'markers': list[WritableTxnMarkerResult] | None}


def _dec_WritableTxnMarkerPartitionResult_0(buf: memoryview, pos: int) -> tuple[WritableTxnMarkerPartitionResult, int]:
    o = _new(WritableTxnMarkerPartitionResult)
    o.partition_index = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S2.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WritableTxnMarkerPartitionResult_0(o: WritableTxnMarkerPartitionResult, w: Writer) -> None:
    w(_S1.pack(o.partition_index))
    w(_S2.pack(o.error_code))
    w(b'\x00')


def _dec_WritableTxnMarkerTopicResult_0(buf: memoryview, pos: int) -> tuple[WritableTxnMarkerTopicResult, int]:
    o = _new(WritableTxnMarkerTopicResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[WritableTxnMarkerPartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_WritableTxnMarkerPartitionResult_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WritableTxnMarkerTopicResult_0(o: WritableTxnMarkerTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_WritableTxnMarkerPartitionResult_0(x0, w)
    w(b'\x00')


def _dec_WritableTxnMarkerResult_0(buf: memoryview, pos: int) -> tuple[WritableTxnMarkerResult, int]:
    o = _new(WritableTxnMarkerResult)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[WritableTxnMarkerTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_WritableTxnMarkerTopicResult_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WritableTxnMarkerResult_0(o: WritableTxnMarkerResult, w: Writer) -> None:
    w(_S0.pack(o.producer_id))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_WritableTxnMarkerTopicResult_0(x0, w)
    w(b'\x00')


def _dec_WriteTxnMarkersResponse_0(buf: memoryview, pos: int) -> tuple[WriteTxnMarkersResponse, int]:
    o = _new(WriteTxnMarkersResponse)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[WritableTxnMarkerResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_WritableTxnMarkerResult_0(buf, pos); ap0(x0)
    o.markers = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WriteTxnMarkersResponse_0(o: WriteTxnMarkersResponse, w: Writer) -> None:
    a0 = o.markers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_WritableTxnMarkerResult_0(x0, w)
    w(b'\x00')


_DEC_WriteTxnMarkersResponse: list[Callable[[memoryview, int], tuple[WriteTxnMarkersResponse, int]]] = [_unsupported, _dec_WriteTxnMarkersResponse_0, _dec_WriteTxnMarkersResponse_0]
_ENC_WriteTxnMarkersResponse: list[Callable[[WriteTxnMarkersResponse, Writer], None]] = [_unsupported, _enc_WriteTxnMarkersResponse_0, _enc_WriteTxnMarkersResponse_0]
