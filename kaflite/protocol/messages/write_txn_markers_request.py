"""Generated from Kafka's WriteTxnMarkersRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>h')
_S2 = _struct.Struct('>?')
_S3 = _struct.Struct('>i')
_S4 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class WritableTxnMarker:
    """A WritableTxnMarker inside WriteTxnMarkersRequest. (generated from WriteTxnMarkersRequest.json)."""

    __slots__ = ('producer_id', 'producer_epoch', 'transaction_result', 'topics', 'coordinator_epoch', 'transaction_version')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, producer_id: int = 0, producer_epoch: int = 0, transaction_result: bool = False, topics: list[WritableTxnMarkerTopic] | None = None, coordinator_epoch: int = 0, transaction_version: int = 0) -> None:
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.transaction_result = transaction_result
        self.topics = [] if topics is None else topics
        self.coordinator_epoch = coordinator_epoch
        self.transaction_version = transaction_version

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class WritableTxnMarkerTopic:
    """A WritableTxnMarkerTopic inside WriteTxnMarkersRequest. (generated from WriteTxnMarkersRequest.json)."""

    __slots__ = ('name', 'partition_indexes')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partition_indexes: list[int] | None = None) -> None:
        self.name = name
        self.partition_indexes = [] if partition_indexes is None else partition_indexes

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class WriteTxnMarkersRequest:
    """WriteTxnMarkersRequest v1-2 (generated from WriteTxnMarkersRequest.json)."""

    __slots__ = ('markers',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 27
    MIN_VERSION = 1
    MAX_VERSION = 2
    FLEXIBLE_MIN = 1
    WritableTxnMarker: TypeAlias = WritableTxnMarker
    WritableTxnMarkerTopic: TypeAlias = WritableTxnMarkerTopic

    def __init__(self, *, markers: list[WritableTxnMarker] | None = None) -> None:
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
        _ENC_WriteTxnMarkersRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> WriteTxnMarkersRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[WriteTxnMarkersRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_WriteTxnMarkersRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed WriteTxnMarkersRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'WriteTxnMarkersRequest v{version} runs past the end of the frame')
        return o, end


WritableTxnMarker.FIELD_TYPES = {'producer_id': int, 'producer_epoch': int, 'transaction_result': bool, 'topics': list[WritableTxnMarkerTopic] | None, 'coordinator_epoch': int, 'transaction_version': int}
WritableTxnMarkerTopic.FIELD_TYPES = {'name': str, 'partition_indexes': list[int] | None}
WriteTxnMarkersRequest.FIELD_TYPES = {'markers': list[WritableTxnMarker] | None}


def _dec_WritableTxnMarkerTopic_0(buf: memoryview, pos: int) -> tuple[WritableTxnMarkerTopic, int]:
    o = _new(WritableTxnMarkerTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_indexes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WritableTxnMarkerTopic_0(o: WritableTxnMarkerTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_indexes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_WritableTxnMarker_0(buf: memoryview, pos: int) -> tuple[WritableTxnMarker, int]:
    o = _new(WritableTxnMarker)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.transaction_result = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[WritableTxnMarkerTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_WritableTxnMarkerTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.coordinator_epoch = _S3.unpack_from(buf, pos)[0]; pos += 4
    o.transaction_version = 0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WritableTxnMarker_0(o: WritableTxnMarker, w: Writer) -> None:
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.transaction_result))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_WritableTxnMarkerTopic_0(x0, w)
    w(_S3.pack(o.coordinator_epoch))
    w(b'\x00')


def _dec_WriteTxnMarkersRequest_0(buf: memoryview, pos: int) -> tuple[WriteTxnMarkersRequest, int]:
    o = _new(WriteTxnMarkersRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 17 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[WritableTxnMarker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_WritableTxnMarker_0(buf, pos); ap0(x0)
    o.markers = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WriteTxnMarkersRequest_0(o: WriteTxnMarkersRequest, w: Writer) -> None:
    a0 = o.markers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_WritableTxnMarker_0(x0, w)
    w(b'\x00')


def _dec_WritableTxnMarker_1(buf: memoryview, pos: int) -> tuple[WritableTxnMarker, int]:
    o = _new(WritableTxnMarker)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.transaction_result = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[WritableTxnMarkerTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_WritableTxnMarkerTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.coordinator_epoch = _S3.unpack_from(buf, pos)[0]; pos += 4
    o.transaction_version = _S4.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WritableTxnMarker_1(o: WritableTxnMarker, w: Writer) -> None:
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.transaction_result))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_WritableTxnMarkerTopic_0(x0, w)
    w(_S3.pack(o.coordinator_epoch))
    w(_S4.pack(o.transaction_version))
    w(b'\x00')


def _dec_WriteTxnMarkersRequest_1(buf: memoryview, pos: int) -> tuple[WriteTxnMarkersRequest, int]:
    o = _new(WriteTxnMarkersRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[WritableTxnMarker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_WritableTxnMarker_1(buf, pos); ap0(x0)
    o.markers = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_WriteTxnMarkersRequest_1(o: WriteTxnMarkersRequest, w: Writer) -> None:
    a0 = o.markers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_WritableTxnMarker_1(x0, w)
    w(b'\x00')


_DEC_WriteTxnMarkersRequest: list[Callable[[memoryview, int], tuple[WriteTxnMarkersRequest, int]]] = [_unsupported, _dec_WriteTxnMarkersRequest_0, _dec_WriteTxnMarkersRequest_1]
_ENC_WriteTxnMarkersRequest: list[Callable[[WriteTxnMarkersRequest, Writer], None]] = [_unsupported, _enc_WriteTxnMarkersRequest_0, _enc_WriteTxnMarkersRequest_1]
