"""Generated from Kafka's ListTransactionsResponse.json by tools/codegen/generate.py. Do not edit."""

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
    """A TransactionState inside ListTransactionsResponse. (generated from ListTransactionsResponse.json)."""

    __slots__ = ('transactional_id', 'producer_id', 'transaction_state')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, transactional_id: str = '', producer_id: int = 0, transaction_state: str = '') -> None:
        self.transactional_id = transactional_id
        self.producer_id = producer_id
        self.transaction_state = transaction_state

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListTransactionsResponse:
    """ListTransactionsResponse v0-2 (generated from ListTransactionsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'unknown_state_filters', 'transaction_states')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 66
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0
    TransactionState: TypeAlias = TransactionState

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, unknown_state_filters: list[str] | None = None, transaction_states: list[TransactionState] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.unknown_state_filters = [] if unknown_state_filters is None else unknown_state_filters
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
        _ENC_ListTransactionsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListTransactionsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListTransactionsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListTransactionsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListTransactionsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListTransactionsResponse v{version} runs past the end of the frame')
        return o, end


TransactionState.FIELD_TYPES = {'transactional_id': str, 'producer_id': int, 'transaction_state': str}
ListTransactionsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'unknown_state_filters': list[str] | None, 'transaction_states': list[TransactionState] | None}


def _dec_TransactionState_0(buf: memoryview, pos: int) -> tuple[TransactionState, int]:
    o = _new(TransactionState)
    o.transactional_id, pos = _r_nn_cstr(buf, pos)
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.transaction_state, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TransactionState_0(o: TransactionState, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S2.pack(o.producer_id))
    _w_cstr(w, o.transaction_state)
    w(b'\x00')


def _dec_ListTransactionsResponse_0(buf: memoryview, pos: int) -> tuple[ListTransactionsResponse, int]:
    o = _new(ListTransactionsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.unknown_state_filters = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[TransactionState] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_TransactionState_0(buf, pos); ap1(x1)
    o.transaction_states = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListTransactionsResponse_0(o: ListTransactionsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.unknown_state_filters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    a1 = o.transaction_states
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_TransactionState_0(x1, w)
    w(b'\x00')


_DEC_ListTransactionsResponse: list[Callable[[memoryview, int], tuple[ListTransactionsResponse, int]]] = [_dec_ListTransactionsResponse_0, _dec_ListTransactionsResponse_0, _dec_ListTransactionsResponse_0]
_ENC_ListTransactionsResponse: list[Callable[[ListTransactionsResponse, Writer], None]] = [_enc_ListTransactionsResponse_0, _enc_ListTransactionsResponse_0, _enc_ListTransactionsResponse_0]
