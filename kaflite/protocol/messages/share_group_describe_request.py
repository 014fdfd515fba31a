"""Generated from Kafka's ShareGroupDescribeRequest.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class ShareGroupDescribeRequest:
    """ShareGroupDescribeRequest v1-1 (generated from ShareGroupDescribeRequest.json)."""

    __slots__ = ('group_ids', 'include_authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 77
    MIN_VERSION = 1
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0

    def __init__(self, *, group_ids: list[str] | None = None, include_authorized_operations: bool = False) -> None:
        self.group_ids = [] if group_ids is None else group_ids
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
        _ENC_ShareGroupDescribeRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupDescribeRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupDescribeRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupDescribeRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupDescribeRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupDescribeRequest v{version} runs past the end of the frame')
        return o, end


ShareGroupDescribeRequest.FIELD_TYPES = {'group_ids': list[str] | None, 'include_authorized_operations': bool}


def _dec_ShareGroupDescribeRequest_0(buf: memoryview, pos: int) -> tuple[ShareGroupDescribeRequest, int]:
    o = _new(ShareGroupDescribeRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.group_ids = a0
    o.include_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupDescribeRequest_0(o: ShareGroupDescribeRequest, w: Writer) -> None:
    a0 = o.group_ids
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(_S0.pack(o.include_authorized_operations))
    w(b'\x00')


_DEC_ShareGroupDescribeRequest: list[Callable[[memoryview, int], tuple[ShareGroupDescribeRequest, int]]] = [_unsupported, _dec_ShareGroupDescribeRequest_0]
_ENC_ShareGroupDescribeRequest: list[Callable[[ShareGroupDescribeRequest, Writer], None]] = [_unsupported, _enc_ShareGroupDescribeRequest_0]
