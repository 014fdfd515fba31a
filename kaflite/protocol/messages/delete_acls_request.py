"""Generated from Kafka's DeleteAclsRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class DeleteAclsFilter:
    """A DeleteAclsFilter inside DeleteAclsRequest. (generated from DeleteAclsRequest.json)."""

    __slots__ = ('resource_type_filter', 'resource_name_filter', 'pattern_type_filter', 'principal_filter', 'host_filter', 'operation', 'permission_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, resource_type_filter: int = 0, resource_name_filter: str | None = '', pattern_type_filter: int = 3, principal_filter: str | None = '', host_filter: str | None = '', operation: int = 0, permission_type: int = 0) -> None:
        self.resource_type_filter = resource_type_filter
        self.resource_name_filter = resource_name_filter
        self.pattern_type_filter = pattern_type_filter
        self.principal_filter = principal_filter
        self.host_filter = host_filter
        self.operation = operation
        self.permission_type = permission_type

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteAclsRequest:
    """DeleteAclsRequest v1-3 (generated from DeleteAclsRequest.json)."""

    __slots__ = ('filters',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 31
    MIN_VERSION = 1
    MAX_VERSION = 3
    FLEXIBLE_MIN = 2
    DeleteAclsFilter: TypeAlias = DeleteAclsFilter

    def __init__(self, *, filters: list[DeleteAclsFilter] | None = None) -> None:
        self.filters = [] if filters is None else filters

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
        _ENC_DeleteAclsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteAclsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteAclsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteAclsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteAclsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteAclsRequest v{version} runs past the end of the frame')
        return o, end


DeleteAclsFilter.FIELD_TYPES = {'resource_type_filter': int, 'resource_name_filter': str | None, 'pattern_type_filter': int, 'principal_filter': str | None, 'host_filter': str | None, 'operation': int, 'permission_type': int}
DeleteAclsRequest.FIELD_TYPES = {'filters': list[DeleteAclsFilter] | None}


def _dec_DeleteAclsFilter_0(buf: memoryview, pos: int) -> tuple[DeleteAclsFilter, int]:
    o = _new(DeleteAclsFilter)
    o.resource_type_filter = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name_filter, pos = _r_str(buf, pos)
    o.pattern_type_filter = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.principal_filter, pos = _r_str(buf, pos)
    o.host_filter, pos = _r_str(buf, pos)
    o.operation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DeleteAclsFilter_0(o: DeleteAclsFilter, w: Writer) -> None:
    w(_S1.pack(o.resource_type_filter))
    _w_str(w, o.resource_name_filter)
    w(_S1.pack(o.pattern_type_filter))
    _w_str(w, o.principal_filter)
    _w_str(w, o.host_filter)
    w(_S1.pack(o.operation))
    w(_S1.pack(o.permission_type))


def _dec_DeleteAclsRequest_0(buf: memoryview, pos: int) -> tuple[DeleteAclsRequest, int]:
    o = _new(DeleteAclsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteAclsFilter] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteAclsFilter_0(buf, pos); ap0(x0)
    o.filters = a0
    return o, pos


def _enc_DeleteAclsRequest_0(o: DeleteAclsRequest, w: Writer) -> None:
    a0 = o.filters
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeleteAclsFilter_0(x0, w)


def _dec_DeleteAclsFilter_1(buf: memoryview, pos: int) -> tuple[DeleteAclsFilter, int]:
    o = _new(DeleteAclsFilter)
    o.resource_type_filter = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name_filter, pos = _r_cstr(buf, pos)
    o.pattern_type_filter = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.principal_filter, pos = _r_cstr(buf, pos)
    o.host_filter, pos = _r_cstr(buf, pos)
    o.operation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteAclsFilter_1(o: DeleteAclsFilter, w: Writer) -> None:
    w(_S1.pack(o.resource_type_filter))
    _w_cstr(w, o.resource_name_filter)
    w(_S1.pack(o.pattern_type_filter))
    _w_cstr(w, o.principal_filter)
    _w_cstr(w, o.host_filter)
    w(_S1.pack(o.operation))
    w(_S1.pack(o.permission_type))
    w(b'\x00')


def _dec_DeleteAclsRequest_1(buf: memoryview, pos: int) -> tuple[DeleteAclsRequest, int]:
    o = _new(DeleteAclsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteAclsFilter] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteAclsFilter_1(buf, pos); ap0(x0)
    o.filters = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteAclsRequest_1(o: DeleteAclsRequest, w: Writer) -> None:
    a0 = o.filters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteAclsFilter_1(x0, w)
    w(b'\x00')


_DEC_DeleteAclsRequest: list[Callable[[memoryview, int], tuple[DeleteAclsRequest, int]]] = [_unsupported, _dec_DeleteAclsRequest_0, _dec_DeleteAclsRequest_1, _dec_DeleteAclsRequest_1]
_ENC_DeleteAclsRequest: list[Callable[[DeleteAclsRequest, Writer], None]] = [_unsupported, _enc_DeleteAclsRequest_0, _enc_DeleteAclsRequest_1, _enc_DeleteAclsRequest_1]
