"""Generated from Kafka's DescribeAclsResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class DescribeAclsResource:
    """A DescribeAclsResource inside DescribeAclsResponse. (generated from DescribeAclsResponse.json)."""

    __slots__ = ('resource_type', 'resource_name', 'pattern_type', 'acls')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, resource_type: int = 0, resource_name: str = '', pattern_type: int = 3, acls: list[AclDescription] | None = None) -> None:
        self.resource_type = resource_type
        self.resource_name = resource_name
        self.pattern_type = pattern_type
        self.acls = [] if acls is None else acls

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AclDescription:
    """A AclDescription inside DescribeAclsResponse. (generated from DescribeAclsResponse.json)."""

    __slots__ = ('principal', 'host', 'operation', 'permission_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, principal: str = '', host: str = '', operation: int = 0, permission_type: int = 0) -> None:
        self.principal = principal
        self.host = host
        self.operation = operation
        self.permission_type = permission_type

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeAclsResponse:
    """DescribeAclsResponse v1-3 (generated from DescribeAclsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'resources')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 29
    MIN_VERSION = 1
    MAX_VERSION = 3
    FLEXIBLE_MIN = 2
    DescribeAclsResource: TypeAlias = DescribeAclsResource
    AclDescription: TypeAlias = AclDescription

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = '', resources: list[DescribeAclsResource] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.resources = [] if resources is None else resources

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
        _ENC_DescribeAclsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeAclsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeAclsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeAclsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeAclsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeAclsResponse v{version} runs past the end of the frame')
        return o, end


DescribeAclsResource.FIELD_TYPES = {'resource_type': int, 'resource_name': str, 'pattern_type': int, 'acls': list[AclDescription] | None}
AclDescription.FIELD_TYPES = {'principal': str, 'host': str, 'operation': int, 'permission_type': int}
DescribeAclsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'resources': list[DescribeAclsResource] | None}


def _dec_AclDescription_0(buf: memoryview, pos: int) -> tuple[AclDescription, int]:
    o = _new(AclDescription)
    o.principal, pos = _r_nn_str(buf, pos)
    o.host, pos = _r_nn_str(buf, pos)
    o.operation = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_AclDescription_0(o: AclDescription, w: Writer) -> None:
    _w_str(w, o.principal)
    _w_str(w, o.host)
    w(_S2.pack(o.operation))
    w(_S2.pack(o.permission_type))


def _dec_DescribeAclsResource_0(buf: memoryview, pos: int) -> tuple[DescribeAclsResource, int]:
    o = _new(DescribeAclsResource)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    o.pattern_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AclDescription] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AclDescription_0(buf, pos); ap0(x0)
    o.acls = a0
    return o, pos


def _enc_DescribeAclsResource_0(o: DescribeAclsResource, w: Writer) -> None:
    w(_S2.pack(o.resource_type))
    _w_str(w, o.resource_name)
    w(_S2.pack(o.pattern_type))
    a0 = o.acls
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AclDescription_0(x0, w)


def _dec_DescribeAclsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeAclsResponse, int]:
    o = _new(DescribeAclsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeAclsResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeAclsResource_0(buf, pos); ap0(x0)
    o.resources = a0
    return o, pos


def _enc_DescribeAclsResponse_0(o: DescribeAclsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    a0 = o.resources
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeAclsResource_0(x0, w)


def _dec_AclDescription_1(buf: memoryview, pos: int) -> tuple[AclDescription, int]:
    o = _new(AclDescription)
    o.principal, pos = _r_nn_cstr(buf, pos)
    o.host, pos = _r_nn_cstr(buf, pos)
    o.operation = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AclDescription_1(o: AclDescription, w: Writer) -> None:
    _w_cstr(w, o.principal)
    _w_cstr(w, o.host)
    w(_S2.pack(o.operation))
    w(_S2.pack(o.permission_type))
    w(b'\x00')


def _dec_DescribeAclsResource_1(buf: memoryview, pos: int) -> tuple[DescribeAclsResource, int]:
    o = _new(DescribeAclsResource)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    o.pattern_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AclDescription] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AclDescription_1(buf, pos); ap0(x0)
    o.acls = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeAclsResource_1(o: DescribeAclsResource, w: Writer) -> None:
    w(_S2.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    w(_S2.pack(o.pattern_type))
    a0 = o.acls
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AclDescription_1(x0, w)
    w(b'\x00')


def _dec_DescribeAclsResponse_1(buf: memoryview, pos: int) -> tuple[DescribeAclsResponse, int]:
    o = _new(DescribeAclsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeAclsResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeAclsResource_1(buf, pos); ap0(x0)
    o.resources = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeAclsResponse_1(o: DescribeAclsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.resources
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeAclsResource_1(x0, w)
    w(b'\x00')


_DEC_DescribeAclsResponse: list[Callable[[memoryview, int], tuple[DescribeAclsResponse, int]]] = [_unsupported, _dec_DescribeAclsResponse_0, _dec_DescribeAclsResponse_1, _dec_DescribeAclsResponse_1]
_ENC_DescribeAclsResponse: list[Callable[[DescribeAclsResponse, Writer], None]] = [_unsupported, _enc_DescribeAclsResponse_0, _enc_DescribeAclsResponse_1, _enc_DescribeAclsResponse_1]
