"""Generated from Kafka's CreateAclsResponse.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class AclCreationResult:
    """A AclCreationResult inside CreateAclsResponse. (generated from CreateAclsResponse.json)."""

    __slots__ = ('error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = '') -> None:
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreateAclsResponse:
    """CreateAclsResponse v1-3 (generated from CreateAclsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 30
    MIN_VERSION = 1
    MAX_VERSION = 3
    FLEXIBLE_MIN = 2
    AclCreationResult: TypeAlias = AclCreationResult

    def __init__(self, *, throttle_time_ms: int = 0, results: list[AclCreationResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is None else results

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
        _ENC_CreateAclsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> CreateAclsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[CreateAclsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_CreateAclsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed CreateAclsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'CreateAclsResponse v{version} runs past the end of the frame')
        return o, end


AclCreationResult.FIELD_TYPES = {'error_code': int, 'error_message': str | None}
CreateAclsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'results': list[AclCreationResult] | None}


def _dec_AclCreationResult_0(buf: memoryview, pos: int) -> tuple[AclCreationResult, int]:
    o = _new(AclCreationResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    return o, pos


def _enc_AclCreationResult_0(o: AclCreationResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)


def _dec_CreateAclsResponse_0(buf: memoryview, pos: int) -> tuple[CreateAclsResponse, int]:
    o = _new(CreateAclsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AclCreationResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AclCreationResult_0(buf, pos); ap0(x0)
    o.results = a0
    return o, pos


def _enc_CreateAclsResponse_0(o: CreateAclsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AclCreationResult_0(x0, w)


def _dec_AclCreationResult_1(buf: memoryview, pos: int) -> tuple[AclCreationResult, int]:
    o = _new(AclCreationResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AclCreationResult_1(o: AclCreationResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_CreateAclsResponse_1(buf: memoryview, pos: int) -> tuple[CreateAclsResponse, int]:
    o = _new(CreateAclsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AclCreationResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AclCreationResult_1(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreateAclsResponse_1(o: CreateAclsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AclCreationResult_1(x0, w)
    w(b'\x00')


_DEC_CreateAclsResponse: list[Callable[[memoryview, int], tuple[CreateAclsResponse, int]]] = [_unsupported, _dec_CreateAclsResponse_0, _dec_CreateAclsResponse_1, _dec_CreateAclsResponse_1]
_ENC_CreateAclsResponse: list[Callable[[CreateAclsResponse, Writer], None]] = [_unsupported, _enc_CreateAclsResponse_0, _enc_CreateAclsResponse_1, _enc_CreateAclsResponse_1]
