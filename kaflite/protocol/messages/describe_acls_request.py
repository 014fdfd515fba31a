"""Generated from Kafka's DescribeAclsRequest.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class DescribeAclsRequest:
    """DescribeAclsRequest v1-3 (generated from DescribeAclsRequest.json)."""

    __slots__ = ('resource_type_filter', 'resource_name_filter', 'pattern_type_filter', 'principal_filter', 'host_filter', 'operation', 'permission_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 29
    MIN_VERSION = 1
    MAX_VERSION = 3
    FLEXIBLE_MIN = 2

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

    def encode(self, version: int) -> bytes:
        return b''.join(self.encode_parts(version))

    def encode_parts(self, version: int) -> list[Buffer]:
        """The encoding as a list of buffers: large payloads (records) are not copied."""
        parts: list[Buffer] = []
        _ENC_DescribeAclsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeAclsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeAclsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeAclsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeAclsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeAclsRequest v{version} runs past the end of the frame')
        return o, end


DescribeAclsRequest.FIELD_TYPES = {'resource_type_filter': int, 'resource_name_filter': str | None, 'pattern_type_filter': int, 'principal_filter': str | None, 'host_filter': str | None, 'operation': int, 'permission_type': int}


def _dec_DescribeAclsRequest_0(buf: memoryview, pos: int) -> tuple[DescribeAclsRequest, int]:
    o = _new(DescribeAclsRequest)
    o.resource_type_filter = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name_filter, pos = _r_str(buf, pos)
    o.pattern_type_filter = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.principal_filter, pos = _r_str(buf, pos)
    o.host_filter, pos = _r_str(buf, pos)
    o.operation = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DescribeAclsRequest_0(o: DescribeAclsRequest, w: Writer) -> None:
    w(_S0.pack(o.resource_type_filter))
    _w_str(w, o.resource_name_filter)
    w(_S0.pack(o.pattern_type_filter))
    _w_str(w, o.principal_filter)
    _w_str(w, o.host_filter)
    w(_S0.pack(o.operation))
    w(_S0.pack(o.permission_type))


def _dec_DescribeAclsRequest_1(buf: memoryview, pos: int) -> tuple[DescribeAclsRequest, int]:
    o = _new(DescribeAclsRequest)
    o.resource_type_filter = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name_filter, pos = _r_cstr(buf, pos)
    o.pattern_type_filter = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.principal_filter, pos = _r_cstr(buf, pos)
    o.host_filter, pos = _r_cstr(buf, pos)
    o.operation = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeAclsRequest_1(o: DescribeAclsRequest, w: Writer) -> None:
    w(_S0.pack(o.resource_type_filter))
    _w_cstr(w, o.resource_name_filter)
    w(_S0.pack(o.pattern_type_filter))
    _w_cstr(w, o.principal_filter)
    _w_cstr(w, o.host_filter)
    w(_S0.pack(o.operation))
    w(_S0.pack(o.permission_type))
    w(b'\x00')


_DEC_DescribeAclsRequest: list[Callable[[memoryview, int], tuple[DescribeAclsRequest, int]]] = [_unsupported, _dec_DescribeAclsRequest_0, _dec_DescribeAclsRequest_1, _dec_DescribeAclsRequest_1]
_ENC_DescribeAclsRequest: list[Callable[[DescribeAclsRequest, Writer], None]] = [_unsupported, _enc_DescribeAclsRequest_0, _enc_DescribeAclsRequest_1, _enc_DescribeAclsRequest_1]
