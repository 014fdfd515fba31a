"""Generated from Kafka's DescribeGroupsRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class DescribeGroupsRequest:
    """DescribeGroupsRequest v0-6 (generated from DescribeGroupsRequest.json)."""

    __slots__ = ('groups', 'include_authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 15
    MIN_VERSION = 0
    MAX_VERSION = 6
    FLEXIBLE_MIN = 5

    def __init__(self, *, groups: list[str] | None = None, include_authorized_operations: bool = False) -> None:
        self.groups = [] if groups is None else groups
        self.include_authorized_operations = include_authorized_operations

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
        _ENC_DescribeGroupsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeGroupsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeGroupsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeGroupsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeGroupsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeGroupsRequest v{version} runs past the end of the frame')
        return o, end


DescribeGroupsRequest.FIELD_TYPES = {'groups': list[str] | None, 'include_authorized_operations': bool}


def _dec_DescribeGroupsRequest_0(buf: memoryview, pos: int) -> tuple[DescribeGroupsRequest, int]:
    o = _new(DescribeGroupsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.groups = a0
    o.include_authorized_operations = False
    return o, pos


def _enc_DescribeGroupsRequest_0(o: DescribeGroupsRequest, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)


def _dec_DescribeGroupsRequest_1(buf: memoryview, pos: int) -> tuple[DescribeGroupsRequest, int]:
    o = _new(DescribeGroupsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.groups = a0
    o.include_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DescribeGroupsRequest_1(o: DescribeGroupsRequest, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)
    w(_S1.pack(o.include_authorized_operations))


def _dec_DescribeGroupsRequest_2(buf: memoryview, pos: int) -> tuple[DescribeGroupsRequest, int]:
    o = _new(DescribeGroupsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.groups = a0
    o.include_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeGroupsRequest_2(o: DescribeGroupsRequest, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(_S1.pack(o.include_authorized_operations))
    w(b'\x00')


_DEC_DescribeGroupsRequest: list[Callable[[memoryview, int], tuple[DescribeGroupsRequest, int]]] = [_dec_DescribeGroupsRequest_0, _dec_DescribeGroupsRequest_0, _dec_DescribeGroupsRequest_0, _dec_DescribeGroupsRequest_1, _dec_DescribeGroupsRequest_1, _dec_DescribeGroupsRequest_2, _dec_DescribeGroupsRequest_2]
_ENC_DescribeGroupsRequest: list[Callable[[DescribeGroupsRequest, Writer], None]] = [_enc_DescribeGroupsRequest_0, _enc_DescribeGroupsRequest_0, _enc_DescribeGroupsRequest_0, _enc_DescribeGroupsRequest_1, _enc_DescribeGroupsRequest_1, _enc_DescribeGroupsRequest_2, _enc_DescribeGroupsRequest_2]
