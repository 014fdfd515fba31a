"""Generated from Kafka's ListTransactionsRequest.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class ListTransactionsRequest:
    """ListTransactionsRequest v0-2 (generated from ListTransactionsRequest.json)."""

    __slots__ = ('state_filters', 'producer_id_filters', 'duration_filter', 'transactional_id_pattern')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 66
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0

    def __init__(self, *, state_filters: list[str] | None = None, producer_id_filters: list[int] | None = None, duration_filter: int = -1, transactional_id_pattern: str | None = None) -> None:
        self.state_filters = [] if state_filters is None else state_filters
        self.producer_id_filters = [] if producer_id_filters is None else producer_id_filters
        self.duration_filter = duration_filter
        self.transactional_id_pattern = transactional_id_pattern

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
        _ENC_ListTransactionsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListTransactionsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListTransactionsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListTransactionsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListTransactionsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListTransactionsRequest v{version} runs past the end of the frame')
        return o, end


ListTransactionsRequest.FIELD_TYPES = {'state_filters': list[str] | None, 'producer_id_filters': list[int] | None, 'duration_filter': int, 'transactional_id_pattern': str | None}


def _dec_ListTransactionsRequest_0(buf: memoryview, pos: int) -> tuple[ListTransactionsRequest, int]:
    o = _new(ListTransactionsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.state_filters = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.producer_id_filters = list(_struct.unpack_from('>%dq' % n, buf, pos)); pos += n * 8
    o.duration_filter = -1
    o.transactional_id_pattern = None
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListTransactionsRequest_0(o: ListTransactionsRequest, w: Writer) -> None:
    a0 = o.state_filters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    a1 = o.producer_id_filters
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        w(_struct.pack('>%dq' % len(a1), *a1))
    w(b'\x00')


def _dec_ListTransactionsRequest_1(buf: memoryview, pos: int) -> tuple[ListTransactionsRequest, int]:
    o = _new(ListTransactionsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.state_filters = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.producer_id_filters = list(_struct.unpack_from('>%dq' % n, buf, pos)); pos += n * 8
    o.duration_filter = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.transactional_id_pattern = None
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListTransactionsRequest_1(o: ListTransactionsRequest, w: Writer) -> None:
    a0 = o.state_filters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    a1 = o.producer_id_filters
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        w(_struct.pack('>%dq' % len(a1), *a1))
    w(_S0.pack(o.duration_filter))
    w(b'\x00')


def _dec_ListTransactionsRequest_2(buf: memoryview, pos: int) -> tuple[ListTransactionsRequest, int]:
    o = _new(ListTransactionsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.state_filters = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.producer_id_filters = list(_struct.unpack_from('>%dq' % n, buf, pos)); pos += n * 8
    o.duration_filter = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.transactional_id_pattern, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListTransactionsRequest_2(o: ListTransactionsRequest, w: Writer) -> None:
    a0 = o.state_filters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    a1 = o.producer_id_filters
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        w(_struct.pack('>%dq' % len(a1), *a1))
    w(_S0.pack(o.duration_filter))
    _w_cstr(w, o.transactional_id_pattern)
    w(b'\x00')


_DEC_ListTransactionsRequest: list[Callable[[memoryview, int], tuple[ListTransactionsRequest, int]]] = [_dec_ListTransactionsRequest_0, _dec_ListTransactionsRequest_1, _dec_ListTransactionsRequest_2]
_ENC_ListTransactionsRequest: list[Callable[[ListTransactionsRequest, Writer], None]] = [_enc_ListTransactionsRequest_0, _enc_ListTransactionsRequest_1, _enc_ListTransactionsRequest_2]
