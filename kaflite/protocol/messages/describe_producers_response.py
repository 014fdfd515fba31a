"""Generated from Kafka's DescribeProducersResponse.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class TopicResponse:
    """A TopicResponse inside DescribeProducersResponse. (generated from DescribeProducersResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[PartitionResponse] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionResponse:
    """A PartitionResponse inside DescribeProducersResponse. (generated from DescribeProducersResponse.json)."""

    __slots__ = ('partition_index', 'error_code', 'error_message', 'active_producers')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0, error_message: str | None = None, active_producers: list[ProducerState] | None = None) -> None:
        self.partition_index = partition_index
        self.error_code = error_code
        self.error_message = error_message
        self.active_producers = [] if active_producers is None else active_producers

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ProducerState:
    """A ProducerState inside DescribeProducersResponse. (generated from DescribeProducersResponse.json)."""

    __slots__ = ('producer_id', 'producer_epoch', 'last_sequence', 'last_timestamp', 'coordinator_epoch', 'current_txn_start_offset')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, producer_id: int = 0, producer_epoch: int = 0, last_sequence: int = -1, last_timestamp: int = -1, coordinator_epoch: int = 0, current_txn_start_offset: int = -1) -> None:
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.last_sequence = last_sequence
        self.last_timestamp = last_timestamp
        self.coordinator_epoch = coordinator_epoch
        self.current_txn_start_offset = current_txn_start_offset

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeProducersResponse:
    """DescribeProducersResponse v0-0 (generated from DescribeProducersResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 61
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TopicResponse: TypeAlias = TopicResponse
    PartitionResponse: TypeAlias = PartitionResponse
    ProducerState: TypeAlias = ProducerState

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[TopicResponse] | None = None) -> None:
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
        _ENC_DescribeProducersResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeProducersResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeProducersResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeProducersResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeProducersResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeProducersResponse v{version} runs past the end of the frame')
        return o, end


TopicResponse.FIELD_TYPES = {'name': str, 'partitions': list[PartitionResponse] | None}
PartitionResponse.FIELD_TYPES = {'partition_index': int, 'error_code': int, 'error_message': str | None, 'active_producers': list[ProducerState] | None}
ProducerState.FIELD_TYPES = {'producer_id': int, 'producer_epoch': int, 'last_sequence': int, 'last_timestamp': int, 'coordinator_epoch': int, 'current_txn_start_offset': int}
DescribeProducersResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[TopicResponse] | None}


def _dec_ProducerState_0(buf: memoryview, pos: int) -> tuple[ProducerState, int]:
    o = _new(ProducerState)
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.last_sequence = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.last_timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.coordinator_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_txn_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ProducerState_0(o: ProducerState, w: Writer) -> None:
    w(_S2.pack(o.producer_id))
    w(_S0.pack(o.producer_epoch))
    w(_S0.pack(o.last_sequence))
    w(_S2.pack(o.last_timestamp))
    w(_S0.pack(o.coordinator_epoch))
    w(_S2.pack(o.current_txn_start_offset))
    w(b'\x00')


def _dec_PartitionResponse_0(buf: memoryview, pos: int) -> tuple[PartitionResponse, int]:
    o = _new(PartitionResponse)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 37 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ProducerState] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ProducerState_0(buf, pos); ap0(x0)
    o.active_producers = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionResponse_0(o: PartitionResponse, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.active_producers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ProducerState_0(x0, w)
    w(b'\x00')


def _dec_TopicResponse_0(buf: memoryview, pos: int) -> tuple[TopicResponse, int]:
    o = _new(TopicResponse)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionResponse_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicResponse_0(o: TopicResponse, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionResponse_0(x0, w)
    w(b'\x00')


def _dec_DescribeProducersResponse_0(buf: memoryview, pos: int) -> tuple[DescribeProducersResponse, int]:
    o = _new(DescribeProducersResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicResponse_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeProducersResponse_0(o: DescribeProducersResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicResponse_0(x0, w)
    w(b'\x00')


_DEC_DescribeProducersResponse: list[Callable[[memoryview, int], tuple[DescribeProducersResponse, int]]] = [_dec_DescribeProducersResponse_0]
_ENC_DescribeProducersResponse: list[Callable[[DescribeProducersResponse, Writer], None]] = [_enc_DescribeProducersResponse_0]
