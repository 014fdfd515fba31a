"""Generated from Kafka's DescribeUserScramCredentialsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class DescribeUserScramCredentialsResult:
    """A DescribeUserScramCredentialsResult inside DescribeUserScramCredentialsResponse. (generated from DescribeUserScramCredentialsResponse.json)."""

    __slots__ = ('user', 'error_code', 'error_message', 'credential_infos')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, user: str = '', error_code: int = 0, error_message: str | None = '', credential_infos: list[CredentialInfo] | None = None) -> None:
        self.user = user
        self.error_code = error_code
        self.error_message = error_message
        self.credential_infos = [] if credential_infos is None else credential_infos

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CredentialInfo:
    """A CredentialInfo inside DescribeUserScramCredentialsResponse. (generated from DescribeUserScramCredentialsResponse.json)."""

    __slots__ = ('mechanism', 'iterations')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, mechanism: int = 0, iterations: int = 0) -> None:
        self.mechanism = mechanism
        self.iterations = iterations

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeUserScramCredentialsResponse:
    """DescribeUserScramCredentialsResponse v0-0 (generated from DescribeUserScramCredentialsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 50
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    DescribeUserScramCredentialsResult: TypeAlias = DescribeUserScramCredentialsResult
    CredentialInfo: TypeAlias = CredentialInfo

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = '', results: list[DescribeUserScramCredentialsResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
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
        _ENC_DescribeUserScramCredentialsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeUserScramCredentialsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeUserScramCredentialsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeUserScramCredentialsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeUserScramCredentialsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeUserScramCredentialsResponse v{version} runs past the end of the frame')
        return o, end


DescribeUserScramCredentialsResult.FIELD_TYPES = {'user': str, 'error_code': int, 'error_message': str | None, 'credential_infos': list[CredentialInfo] | None}
CredentialInfo.FIELD_TYPES = {'mechanism': int, 'iterations': int}
DescribeUserScramCredentialsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'results': list[DescribeUserScramCredentialsResult] | None}


def _dec_CredentialInfo_0(buf: memoryview, pos: int) -> tuple[CredentialInfo, int]:
    o = _new(CredentialInfo)
    o.mechanism = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.iterations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CredentialInfo_0(o: CredentialInfo, w: Writer) -> None:
    w(_S2.pack(o.mechanism))
    w(_S0.pack(o.iterations))
    w(b'\x00')


def _dec_DescribeUserScramCredentialsResult_0(buf: memoryview, pos: int) -> tuple[DescribeUserScramCredentialsResult, int]:
    o = _new(DescribeUserScramCredentialsResult)
    o.user, pos = _r_nn_cstr(buf, pos)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CredentialInfo] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CredentialInfo_0(buf, pos); ap0(x0)
    o.credential_infos = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeUserScramCredentialsResult_0(o: DescribeUserScramCredentialsResult, w: Writer) -> None:
    _w_cstr(w, o.user)
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.credential_infos
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CredentialInfo_0(x0, w)
    w(b'\x00')


def _dec_DescribeUserScramCredentialsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeUserScramCredentialsResponse, int]:
    o = _new(DescribeUserScramCredentialsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeUserScramCredentialsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeUserScramCredentialsResult_0(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeUserScramCredentialsResponse_0(o: DescribeUserScramCredentialsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeUserScramCredentialsResult_0(x0, w)
    w(b'\x00')


_DEC_DescribeUserScramCredentialsResponse: list[Callable[[memoryview, int], tuple[DescribeUserScramCredentialsResponse, int]]] = [_dec_DescribeUserScramCredentialsResponse_0]
_ENC_DescribeUserScramCredentialsResponse: list[Callable[[DescribeUserScramCredentialsResponse, Writer], None]] = [_enc_DescribeUserScramCredentialsResponse_0]
