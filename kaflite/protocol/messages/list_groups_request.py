"""Generated from Kafka's ListGroupsRequest.json by tools/codegen/generate.py. Do not edit."""

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



@mypyc_attr(native_class=False)
class ListGroupsRequest:
    """ListGroupsRequest v0-5 (generated from ListGroupsRequest.json)."""

    __slots__ = ('states_filter', 'types_filter')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 16
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3

    def __init__(self, *, states_filter: list[str] | None = None, types_filter: list[str] | None = None) -> None:
        self.states_filter = [] if states_filter is None else states_filter
        self.types_filter = [] if types_filter is None else types_filter

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
        _ENC_ListGroupsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListGroupsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListGroupsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListGroupsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListGroupsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListGroupsRequest v{version} runs past the end of the frame')
        return o, end


ListGroupsRequest.FIELD_TYPES = {'states_filter': list[str] | None, 'types_filter': list[str] | None}


def _dec_ListGroupsRequest_0(buf: memoryview, pos: int) -> tuple[ListGroupsRequest, int]:
    o = _new(ListGroupsRequest)
    o.states_filter = []
    o.types_filter = []
    return o, pos


def _enc_ListGroupsRequest_0(o: ListGroupsRequest, w: Writer) -> None:
    pass


def _dec_ListGroupsRequest_1(buf: memoryview, pos: int) -> tuple[ListGroupsRequest, int]:
    o = _new(ListGroupsRequest)
    o.states_filter = []
    o.types_filter = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListGroupsRequest_1(o: ListGroupsRequest, w: Writer) -> None:
    w(b'\x00')


def _dec_ListGroupsRequest_2(buf: memoryview, pos: int) -> tuple[ListGroupsRequest, int]:
    o = _new(ListGroupsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.states_filter = a0
    o.types_filter = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListGroupsRequest_2(o: ListGroupsRequest, w: Writer) -> None:
    a0 = o.states_filter
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(b'\x00')


def _dec_ListGroupsRequest_3(buf: memoryview, pos: int) -> tuple[ListGroupsRequest, int]:
    o = _new(ListGroupsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.states_filter = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[str] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _r_nn_cstr(buf, pos); ap1(x1)
    o.types_filter = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListGroupsRequest_3(o: ListGroupsRequest, w: Writer) -> None:
    a0 = o.states_filter
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    a1 = o.types_filter
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _w_cstr(w, x1)
    w(b'\x00')


_DEC_ListGroupsRequest: list[Callable[[memoryview, int], tuple[ListGroupsRequest, int]]] = [_dec_ListGroupsRequest_0, _dec_ListGroupsRequest_0, _dec_ListGroupsRequest_0, _dec_ListGroupsRequest_1, _dec_ListGroupsRequest_2, _dec_ListGroupsRequest_3]
_ENC_ListGroupsRequest: list[Callable[[ListGroupsRequest, Writer], None]] = [_enc_ListGroupsRequest_0, _enc_ListGroupsRequest_0, _enc_ListGroupsRequest_0, _enc_ListGroupsRequest_1, _enc_ListGroupsRequest_2, _enc_ListGroupsRequest_3]
