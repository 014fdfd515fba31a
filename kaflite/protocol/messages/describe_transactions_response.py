"""Generated from Kafka's DescribeTransactionsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class TransactionState:
    """A TransactionState inside DescribeTransactionsResponse. (generated from DescribeTransactionsResponse.json)."""

    __slots__ = ('error_code', 'transactional_id', 'transaction_state', 'transaction_timeout_ms', 'transaction_start_time_ms', 'producer_id', 'producer_epoch', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, transactional_id: str = '', transaction_state: str = '', transaction_timeout_ms: int = 0, transaction_start_time_ms: int = 0, producer_id: int = 0, producer_epoch: int = 0, topics: list[TopicData] | None = None) -> None:
        self.error_code = error_code
        self.transactional_id = transactional_id
        self.transaction_state = transaction_state
        self.transaction_timeout_ms = transaction_timeout_ms
        self.transaction_start_time_ms = transaction_start_time_ms
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.topics = [] if topics is None else topics

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TopicData:
    """A TopicData inside DescribeTransactionsResponse. (generated from DescribeTransactionsResponse.json)."""

    __slots__ = ('topic', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partitions: list[int] | None = None) -> None:
        self.topic = topic
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeTransactionsResponse:
    """DescribeTransactionsResponse v0-0 (generated from DescribeTransactionsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'transaction_states')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 65
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TransactionState: TypeAlias = TransactionState
    TopicData: TypeAlias = TopicData

    def __init__(self, *, throttle_time_ms: int = 0, transaction_states: list[TransactionState] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.transaction_states = [] if transaction_states is None else transaction_states

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
        _ENC_DescribeTransactionsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeTransactionsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeTransactionsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeTransactionsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeTransactionsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeTransactionsResponse v{version} runs past the end of the frame')
        return o, end


TransactionState.FIELD_TYPES = {'error_code': int, 'transactional_id': str, 'transaction_state': str, 'transaction_timeout_ms': int, 'transaction_start_time_ms': int, 'producer_id': int, 'producer_epoch': int, 'topics': list[TopicData] | None}
TopicData.FIELD_TYPES = {'topic': str, 'partitions': list[int] | None}
DescribeTransactionsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'transaction_states': list[TransactionState] | None}


def _dec_TopicData_0(buf: memoryview, pos: int) -> tuple[TopicData, int]:
    o = _new(TopicData)
    o.topic, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicData_0(o: TopicData, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_TransactionState_0(buf: memoryview, pos: int) -> tuple[TransactionState, int]:
    o = _new(TransactionState)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.transactional_id, pos = _r_nn_cstr(buf, pos)
    o.transaction_state, pos = _r_nn_cstr(buf, pos)
    o.transaction_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.transaction_start_time_ms = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicData_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TransactionState_0(o: TransactionState, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.transactional_id)
    _w_cstr(w, o.transaction_state)
    w(_S0.pack(o.transaction_timeout_ms))
    w(_S2.pack(o.transaction_start_time_ms))
    w(_S2.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicData_0(x0, w)
    w(b'\x00')


def _dec_DescribeTransactionsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeTransactionsResponse, int]:
    o = _new(DescribeTransactionsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 28 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TransactionState] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TransactionState_0(buf, pos); ap0(x0)
    o.transaction_states = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeTransactionsResponse_0(o: DescribeTransactionsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.transaction_states
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TransactionState_0(x0, w)
    w(b'\x00')


_DEC_DescribeTransactionsResponse: list[Callable[[memoryview, int], tuple[DescribeTransactionsResponse, int]]] = [_dec_DescribeTransactionsResponse_0]
_ENC_DescribeTransactionsResponse: list[Callable[[DescribeTransactionsResponse, Writer], None]] = [_enc_DescribeTransactionsResponse_0]
