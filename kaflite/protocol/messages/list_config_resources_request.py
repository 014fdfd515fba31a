"""Generated from Kafka's ListConfigResourcesRequest.json by tools/codegen/generate.py. Do not edit."""

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
class ListConfigResourcesRequest:
    """ListConfigResourcesRequest v0-1 (generated from ListConfigResourcesRequest.json)."""

    __slots__ = ('resource_types',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 74
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0

    def __init__(self, *, resource_types: list[int] | None = None) -> None:
        self.resource_types = [] if resource_types is None else resource_types

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
        _ENC_ListConfigResourcesRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListConfigResourcesRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListConfigResourcesRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListConfigResourcesRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListConfigResourcesRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListConfigResourcesRequest v{version} runs past the end of the frame')
        return o, end


ListConfigResourcesRequest.FIELD_TYPES = {'resource_types': list[int] | None}


def _dec_ListConfigResourcesRequest_0(buf: memoryview, pos: int) -> tuple[ListConfigResourcesRequest, int]:
    o = _new(ListConfigResourcesRequest)
    o.resource_types = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListConfigResourcesRequest_0(o: ListConfigResourcesRequest, w: Writer) -> None:
    w(b'\x00')


def _dec_ListConfigResourcesRequest_1(buf: memoryview, pos: int) -> tuple[ListConfigResourcesRequest, int]:
    o = _new(ListConfigResourcesRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.resource_types = list(_struct.unpack_from('>%db' % n, buf, pos)); pos += n * 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListConfigResourcesRequest_1(o: ListConfigResourcesRequest, w: Writer) -> None:
    a0 = o.resource_types
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%db' % len(a0), *a0))
    w(b'\x00')


_DEC_ListConfigResourcesRequest: list[Callable[[memoryview, int], tuple[ListConfigResourcesRequest, int]]] = [_dec_ListConfigResourcesRequest_0, _dec_ListConfigResourcesRequest_1]
_ENC_ListConfigResourcesRequest: list[Callable[[ListConfigResourcesRequest, Writer], None]] = [_enc_ListConfigResourcesRequest_0, _enc_ListConfigResourcesRequest_1]
