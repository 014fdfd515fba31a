"""Generated from Kafka's ApiVersionsResponse.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>h')
_S1 = _struct.Struct('>i')
_S2 = _struct.Struct('>q')
_S3 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class ApiVersion:
    """A ApiVersion inside ApiVersionsResponse. (generated from ApiVersionsResponse.json)."""

    __slots__ = ('api_key', 'min_version', 'max_version')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, api_key: int = 0, min_version: int = 0, max_version: int = 0) -> None:
        self.api_key = api_key
        self.min_version = min_version
        self.max_version = max_version

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class SupportedFeatureKey:
    """A SupportedFeatureKey inside ApiVersionsResponse. (generated from ApiVersionsResponse.json)."""

    __slots__ = ('name', 'min_version', 'max_version')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', min_version: int = 0, max_version: int = 0) -> None:
        self.name = name
        self.min_version = min_version
        self.max_version = max_version

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class FinalizedFeatureKey:
    """A FinalizedFeatureKey inside ApiVersionsResponse. (generated from ApiVersionsResponse.json)."""

    __slots__ = ('name', 'max_version_level', 'min_version_level')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', max_version_level: int = 0, min_version_level: int = 0) -> None:
        self.name = name
        self.max_version_level = max_version_level
        self.min_version_level = min_version_level

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ApiVersionsResponse:
    """ApiVersionsResponse v0-4 (generated from ApiVersionsResponse.json)."""

    __slots__ = ('error_code', 'api_keys', 'throttle_time_ms', 'supported_features', 'finalized_features_epoch', 'finalized_features', 'zk_migration_ready')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 18
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 3
    ApiVersion: TypeAlias = ApiVersion
    SupportedFeatureKey: TypeAlias = SupportedFeatureKey
    FinalizedFeatureKey: TypeAlias = FinalizedFeatureKey

    def __init__(self, *, error_code: int = 0, api_keys: list[ApiVersion] | None = None, throttle_time_ms: int = 0, supported_features: list[SupportedFeatureKey] | None = None, finalized_features_epoch: int = -1, finalized_features: list[FinalizedFeatureKey] | None = None, zk_migration_ready: bool = False) -> None:
        self.error_code = error_code
        self.api_keys = [] if api_keys is None else api_keys
        self.throttle_time_ms = throttle_time_ms
        self.supported_features = [] if supported_features is None else supported_features
        self.finalized_features_epoch = finalized_features_epoch
        self.finalized_features = [] if finalized_features is None else finalized_features
        self.zk_migration_ready = zk_migration_ready

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
        _ENC_ApiVersionsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ApiVersionsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ApiVersionsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ApiVersionsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ApiVersionsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ApiVersionsResponse v{version} runs past the end of the frame')
        return o, end


ApiVersion.FIELD_TYPES = {'api_key': int, 'min_version': int, 'max_version': int}
SupportedFeatureKey.FIELD_TYPES = {'name': str, 'min_version': int, 'max_version': int}
FinalizedFeatureKey.FIELD_TYPES = {'name': str, 'max_version_level': int, 'min_version_level': int}
ApiVersionsResponse.FIELD_TYPES = {'error_code': int, 'api_keys': list[ApiVersion] | None, 'throttle_time_ms': int, 'supported_features': list[SupportedFeatureKey] | None, 'finalized_features_epoch': int, 'finalized_features': list[FinalizedFeatureKey] | None, 'zk_migration_ready': bool}


def _dec_ApiVersion_0(buf: memoryview, pos: int) -> tuple[ApiVersion, int]:
    o = _new(ApiVersion)
    o.api_key = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.min_version = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.max_version = _S0.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_ApiVersion_0(o: ApiVersion, w: Writer) -> None:
    w(_S0.pack(o.api_key))
    w(_S0.pack(o.min_version))
    w(_S0.pack(o.max_version))


def _dec_ApiVersionsResponse_0(buf: memoryview, pos: int) -> tuple[ApiVersionsResponse, int]:
    o = _new(ApiVersionsResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ApiVersion] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ApiVersion_0(buf, pos); ap0(x0)
    o.api_keys = a0
    o.throttle_time_ms = 0
    o.supported_features = []
    o.finalized_features_epoch = -1
    o.finalized_features = []
    o.zk_migration_ready = False
    return o, pos


def _enc_ApiVersionsResponse_0(o: ApiVersionsResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    a0 = o.api_keys
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_ApiVersion_0(x0, w)


def _dec_ApiVersionsResponse_1(buf: memoryview, pos: int) -> tuple[ApiVersionsResponse, int]:
    o = _new(ApiVersionsResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ApiVersion] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ApiVersion_0(buf, pos); ap0(x0)
    o.api_keys = a0
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.supported_features = []
    o.finalized_features_epoch = -1
    o.finalized_features = []
    o.zk_migration_ready = False
    return o, pos


def _enc_ApiVersionsResponse_1(o: ApiVersionsResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    a0 = o.api_keys
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_ApiVersion_0(x0, w)
    w(_S1.pack(o.throttle_time_ms))


def _dec_ApiVersion_1(buf: memoryview, pos: int) -> tuple[ApiVersion, int]:
    o = _new(ApiVersion)
    o.api_key = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.min_version = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.max_version = _S0.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ApiVersion_1(o: ApiVersion, w: Writer) -> None:
    w(_S0.pack(o.api_key))
    w(_S0.pack(o.min_version))
    w(_S0.pack(o.max_version))
    w(b'\x00')


def _dec_SupportedFeatureKey_0(buf: memoryview, pos: int) -> tuple[SupportedFeatureKey, int]:
    o = _new(SupportedFeatureKey)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.min_version = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.max_version = _S0.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SupportedFeatureKey_0(o: SupportedFeatureKey, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.min_version))
    w(_S0.pack(o.max_version))
    w(b'\x00')


def _dec_FinalizedFeatureKey_0(buf: memoryview, pos: int) -> tuple[FinalizedFeatureKey, int]:
    o = _new(FinalizedFeatureKey)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.max_version_level = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.min_version_level = _S0.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FinalizedFeatureKey_0(o: FinalizedFeatureKey, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.max_version_level))
    w(_S0.pack(o.min_version_level))
    w(b'\x00')


def _dec_ApiVersionsResponse_2(buf: memoryview, pos: int) -> tuple[ApiVersionsResponse, int]:
    o = _new(ApiVersionsResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ApiVersion] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ApiVersion_1(buf, pos); ap0(x0)
    o.api_keys = a0
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.supported_features = []
    o.finalized_features_epoch = -1
    o.finalized_features = []
    o.zk_migration_ready = False
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0 or n * 6 > len(buf) - pos:
                _bad_array(n, buf, pos)
            a1: list[SupportedFeatureKey] = []; ap1 = a1.append
            for _ in range(n):
                x1, pos = _dec_SupportedFeatureKey_0(buf, pos); ap1(x1)
            o.supported_features = a1
        elif tag == 1:
            o.finalized_features_epoch = _S2.unpack_from(buf, pos)[0]; pos += 8
        elif tag == 2:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0 or n * 6 > len(buf) - pos:
                _bad_array(n, buf, pos)
            a2: list[FinalizedFeatureKey] = []; ap2 = a2.append
            for _ in range(n):
                x2, pos = _dec_FinalizedFeatureKey_0(buf, pos); ap2(x2)
            o.finalized_features = a2
        elif tag == 3:
            o.zk_migration_ready = _S3.unpack_from(buf, pos)[0]; pos += 1
        pos = end
    return o, pos


def _enc_ApiVersionsResponse_2(o: ApiVersionsResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    a0 = o.api_keys
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ApiVersion_1(x0, w)
    w(_S1.pack(o.throttle_time_ms))
    tags: list[bytes] = []
    if o.supported_features:
        tb: list[Buffer] = []; tw = tb.append
        a1 = o.supported_features
        if a1 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a1) + 1))
            for x1 in a1:
                _enc_SupportedFeatureKey_0(x1, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.finalized_features_epoch != -1:
        tb = []; tw = tb.append
        tw(_S2.pack(o.finalized_features_epoch))
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    if o.finalized_features:
        tb = []; tw = tb.append
        a2 = o.finalized_features
        if a2 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a2) + 1))
            for x2 in a2:
                _enc_FinalizedFeatureKey_0(x2, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(2) + _uvarint(len(tv)) + tv)
    if o.zk_migration_ready != False:
        tb = []; tw = tb.append
        tw(_S3.pack(o.zk_migration_ready))
        tv = b''.join(tb)
        tags.append(_uvarint(3) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_ApiVersionsResponse: list[Callable[[memoryview, int], tuple[ApiVersionsResponse, int]]] = [_dec_ApiVersionsResponse_0, _dec_ApiVersionsResponse_1, _dec_ApiVersionsResponse_1, _dec_ApiVersionsResponse_2, _dec_ApiVersionsResponse_2]
_ENC_ApiVersionsResponse: list[Callable[[ApiVersionsResponse, Writer], None]] = [_enc_ApiVersionsResponse_0, _enc_ApiVersionsResponse_1, _enc_ApiVersionsResponse_1, _enc_ApiVersionsResponse_2, _enc_ApiVersionsResponse_2]
