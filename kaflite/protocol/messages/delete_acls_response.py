"""Generated from Kafka's DeleteAclsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class DeleteAclsFilterResult:
    """A DeleteAclsFilterResult inside DeleteAclsResponse. (generated from DeleteAclsResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'matching_acls')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = '', matching_acls: list[DeleteAclsMatchingAcl] | None = None) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.matching_acls = [] if matching_acls is None else matching_acls

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteAclsMatchingAcl:
    """A DeleteAclsMatchingAcl inside DeleteAclsResponse. (generated from DeleteAclsResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'resource_type', 'resource_name', 'pattern_type', 'principal', 'host', 'operation', 'permission_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = '', resource_type: int = 0, resource_name: str = '', pattern_type: int = 3, principal: str = '', host: str = '', operation: int = 0, permission_type: int = 0) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.resource_type = resource_type
        self.resource_name = resource_name
        self.pattern_type = pattern_type
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
class DeleteAclsResponse:
    """DeleteAclsResponse v1-3 (generated from DeleteAclsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'filter_results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 31
    MIN_VERSION = 1
    MAX_VERSION = 3
    FLEXIBLE_MIN = 2
    DeleteAclsFilterResult: TypeAlias = DeleteAclsFilterResult
    DeleteAclsMatchingAcl: TypeAlias = DeleteAclsMatchingAcl

    def __init__(self, *, throttle_time_ms: int = 0, filter_results: list[DeleteAclsFilterResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.filter_results = [] if filter_results is None else filter_results

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
        _ENC_DeleteAclsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteAclsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteAclsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteAclsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteAclsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteAclsResponse v{version} runs past the end of the frame')
        return o, end


DeleteAclsFilterResult.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'matching_acls': list[DeleteAclsMatchingAcl] | None}
DeleteAclsMatchingAcl.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'resource_type': int, 'resource_name': str, 'pattern_type': int, 'principal': str, 'host': str, 'operation': int, 'permission_type': int}
DeleteAclsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'filter_results': list[DeleteAclsFilterResult] | None}


def _dec_DeleteAclsMatchingAcl_0(buf: memoryview, pos: int) -> tuple[DeleteAclsMatchingAcl, int]:
    o = _new(DeleteAclsMatchingAcl)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    o.pattern_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.principal, pos = _r_nn_str(buf, pos)
    o.host, pos = _r_nn_str(buf, pos)
    o.operation = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DeleteAclsMatchingAcl_0(o: DeleteAclsMatchingAcl, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    w(_S2.pack(o.resource_type))
    _w_str(w, o.resource_name)
    w(_S2.pack(o.pattern_type))
    _w_str(w, o.principal)
    _w_str(w, o.host)
    w(_S2.pack(o.operation))
    w(_S2.pack(o.permission_type))


def _dec_DeleteAclsFilterResult_0(buf: memoryview, pos: int) -> tuple[DeleteAclsFilterResult, int]:
    o = _new(DeleteAclsFilterResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteAclsMatchingAcl] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteAclsMatchingAcl_0(buf, pos); ap0(x0)
    o.matching_acls = a0
    return o, pos


def _enc_DeleteAclsFilterResult_0(o: DeleteAclsFilterResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    a0 = o.matching_acls
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeleteAclsMatchingAcl_0(x0, w)


def _dec_DeleteAclsResponse_0(buf: memoryview, pos: int) -> tuple[DeleteAclsResponse, int]:
    o = _new(DeleteAclsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteAclsFilterResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteAclsFilterResult_0(buf, pos); ap0(x0)
    o.filter_results = a0
    return o, pos


def _enc_DeleteAclsResponse_0(o: DeleteAclsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.filter_results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeleteAclsFilterResult_0(x0, w)


def _dec_DeleteAclsMatchingAcl_1(buf: memoryview, pos: int) -> tuple[DeleteAclsMatchingAcl, int]:
    o = _new(DeleteAclsMatchingAcl)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    o.pattern_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.principal, pos = _r_nn_cstr(buf, pos)
    o.host, pos = _r_nn_cstr(buf, pos)
    o.operation = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteAclsMatchingAcl_1(o: DeleteAclsMatchingAcl, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S2.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    w(_S2.pack(o.pattern_type))
    _w_cstr(w, o.principal)
    _w_cstr(w, o.host)
    w(_S2.pack(o.operation))
    w(_S2.pack(o.permission_type))
    w(b'\x00')


def _dec_DeleteAclsFilterResult_1(buf: memoryview, pos: int) -> tuple[DeleteAclsFilterResult, int]:
    o = _new(DeleteAclsFilterResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteAclsMatchingAcl] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteAclsMatchingAcl_1(buf, pos); ap0(x0)
    o.matching_acls = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteAclsFilterResult_1(o: DeleteAclsFilterResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.matching_acls
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteAclsMatchingAcl_1(x0, w)
    w(b'\x00')


def _dec_DeleteAclsResponse_1(buf: memoryview, pos: int) -> tuple[DeleteAclsResponse, int]:
    o = _new(DeleteAclsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteAclsFilterResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteAclsFilterResult_1(buf, pos); ap0(x0)
    o.filter_results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteAclsResponse_1(o: DeleteAclsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.filter_results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteAclsFilterResult_1(x0, w)
    w(b'\x00')


_DEC_DeleteAclsResponse: list[Callable[[memoryview, int], tuple[DeleteAclsResponse, int]]] = [_unsupported, _dec_DeleteAclsResponse_0, _dec_DeleteAclsResponse_1, _dec_DeleteAclsResponse_1]
_ENC_DeleteAclsResponse: list[Callable[[DeleteAclsResponse, Writer], None]] = [_unsupported, _enc_DeleteAclsResponse_0, _enc_DeleteAclsResponse_1, _enc_DeleteAclsResponse_1]
