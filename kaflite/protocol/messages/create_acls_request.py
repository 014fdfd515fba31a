"""Generated from Kafka's CreateAclsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class AclCreation:
    """A AclCreation inside CreateAclsRequest. (generated from CreateAclsRequest.json)."""

    __slots__ = ('resource_type', 'resource_name', 'resource_pattern_type', 'principal', 'host', 'operation', 'permission_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, resource_type: int = 0, resource_name: str = '', resource_pattern_type: int = 3, principal: str = '', host: str = '', operation: int = 0, permission_type: int = 0) -> None:
        self.resource_type = resource_type
        self.resource_name = resource_name
        self.resource_pattern_type = resource_pattern_type
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
class CreateAclsRequest:
    """CreateAclsRequest v1-3 (generated from CreateAclsRequest.json)."""

    __slots__ = ('creations',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 30
    MIN_VERSION = 1
    MAX_VERSION = 3
    FLEXIBLE_MIN = 2
    AclCreation: TypeAlias = AclCreation

    def __init__(self, *, creations: list[AclCreation] | None = None) -> None:
        self.creations = [] if creations is None else creations

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
        _ENC_CreateAclsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> CreateAclsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[CreateAclsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_CreateAclsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed CreateAclsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'CreateAclsRequest v{version} runs past the end of the frame')
        return o, end


AclCreation.FIELD_TYPES = {'resource_type': int, 'resource_name': str, 'resource_pattern_type': int, 'principal': str, 'host': str, 'operation': int, 'permission_type': int}
CreateAclsRequest.FIELD_TYPES = {'creations': list[AclCreation] | None}


def _dec_AclCreation_0(buf: memoryview, pos: int) -> tuple[AclCreation, int]:
    o = _new(AclCreation)
    o.resource_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    o.resource_pattern_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.principal, pos = _r_nn_str(buf, pos)
    o.host, pos = _r_nn_str(buf, pos)
    o.operation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_AclCreation_0(o: AclCreation, w: Writer) -> None:
    w(_S1.pack(o.resource_type))
    _w_str(w, o.resource_name)
    w(_S1.pack(o.resource_pattern_type))
    _w_str(w, o.principal)
    _w_str(w, o.host)
    w(_S1.pack(o.operation))
    w(_S1.pack(o.permission_type))


def _dec_CreateAclsRequest_0(buf: memoryview, pos: int) -> tuple[CreateAclsRequest, int]:
    o = _new(CreateAclsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AclCreation] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AclCreation_0(buf, pos); ap0(x0)
    o.creations = a0
    return o, pos


def _enc_CreateAclsRequest_0(o: CreateAclsRequest, w: Writer) -> None:
    a0 = o.creations
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AclCreation_0(x0, w)


def _dec_AclCreation_1(buf: memoryview, pos: int) -> tuple[AclCreation, int]:
    o = _new(AclCreation)
    o.resource_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    o.resource_pattern_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.principal, pos = _r_nn_cstr(buf, pos)
    o.host, pos = _r_nn_cstr(buf, pos)
    o.operation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AclCreation_1(o: AclCreation, w: Writer) -> None:
    w(_S1.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    w(_S1.pack(o.resource_pattern_type))
    _w_cstr(w, o.principal)
    _w_cstr(w, o.host)
    w(_S1.pack(o.operation))
    w(_S1.pack(o.permission_type))
    w(b'\x00')


def _dec_CreateAclsRequest_1(buf: memoryview, pos: int) -> tuple[CreateAclsRequest, int]:
    o = _new(CreateAclsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AclCreation] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AclCreation_1(buf, pos); ap0(x0)
    o.creations = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreateAclsRequest_1(o: CreateAclsRequest, w: Writer) -> None:
    a0 = o.creations
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AclCreation_1(x0, w)
    w(b'\x00')


_DEC_CreateAclsRequest: list[Callable[[memoryview, int], tuple[CreateAclsRequest, int]]] = [_unsupported, _dec_CreateAclsRequest_0, _dec_CreateAclsRequest_1, _dec_CreateAclsRequest_1]
_ENC_CreateAclsRequest: list[Callable[[CreateAclsRequest, Writer], None]] = [_unsupported, _enc_CreateAclsRequest_0, _enc_CreateAclsRequest_1, _enc_CreateAclsRequest_1]
