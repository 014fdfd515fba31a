"""Generated from Kafka's UpdateFeaturesRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')
_S3 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class FeatureUpdateKey:
    """A FeatureUpdateKey inside UpdateFeaturesRequest. (generated from UpdateFeaturesRequest.json)."""

    __slots__ = ('feature', 'max_version_level', 'allow_downgrade', 'upgrade_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, feature: str = '', max_version_level: int = 0, allow_downgrade: bool = False, upgrade_type: int = 1) -> None:
        self.feature = feature
        self.max_version_level = max_version_level
        self.allow_downgrade = allow_downgrade
        self.upgrade_type = upgrade_type

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class UpdateFeaturesRequest:
    """UpdateFeaturesRequest v0-2 (generated from UpdateFeaturesRequest.json)."""

    __slots__ = ('timeout_ms', 'feature_updates', 'validate_only')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 57
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0
    FeatureUpdateKey: TypeAlias = FeatureUpdateKey

    def __init__(self, *, timeout_ms: int = 60000, feature_updates: list[FeatureUpdateKey] | None = None, validate_only: bool = False) -> None:
        self.timeout_ms = timeout_ms
        self.feature_updates = [] if feature_updates is None else feature_updates
        self.validate_only = validate_only

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
        _ENC_UpdateFeaturesRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> UpdateFeaturesRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[UpdateFeaturesRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_UpdateFeaturesRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed UpdateFeaturesRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'UpdateFeaturesRequest v{version} runs past the end of the frame')
        return o, end


FeatureUpdateKey.FIELD_TYPES = {'feature': str, 'max_version_level': int, 'allow_downgrade': bool, 'upgrade_type': int}
UpdateFeaturesRequest.FIELD_TYPES = {'timeout_ms': int, 'feature_updates': list[FeatureUpdateKey] | None, 'validate_only': bool}


def _dec_FeatureUpdateKey_0(buf: memoryview, pos: int) -> tuple[FeatureUpdateKey, int]:
    o = _new(FeatureUpdateKey)
    o.feature, pos = _r_nn_cstr(buf, pos)
    o.max_version_level = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.allow_downgrade = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.upgrade_type = 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FeatureUpdateKey_0(o: FeatureUpdateKey, w: Writer) -> None:
    _w_cstr(w, o.feature)
    w(_S1.pack(o.max_version_level))
    w(_S2.pack(o.allow_downgrade))
    w(b'\x00')


def _dec_UpdateFeaturesRequest_0(buf: memoryview, pos: int) -> tuple[UpdateFeaturesRequest, int]:
    o = _new(UpdateFeaturesRequest)
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FeatureUpdateKey] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FeatureUpdateKey_0(buf, pos); ap0(x0)
    o.feature_updates = a0
    o.validate_only = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_UpdateFeaturesRequest_0(o: UpdateFeaturesRequest, w: Writer) -> None:
    w(_S0.pack(o.timeout_ms))
    a0 = o.feature_updates
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FeatureUpdateKey_0(x0, w)
    w(b'\x00')


def _dec_FeatureUpdateKey_1(buf: memoryview, pos: int) -> tuple[FeatureUpdateKey, int]:
    o = _new(FeatureUpdateKey)
    o.feature, pos = _r_nn_cstr(buf, pos)
    o.max_version_level = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.allow_downgrade = False
    o.upgrade_type = _S3.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FeatureUpdateKey_1(o: FeatureUpdateKey, w: Writer) -> None:
    _w_cstr(w, o.feature)
    w(_S1.pack(o.max_version_level))
    w(_S3.pack(o.upgrade_type))
    w(b'\x00')


def _dec_UpdateFeaturesRequest_1(buf: memoryview, pos: int) -> tuple[UpdateFeaturesRequest, int]:
    o = _new(UpdateFeaturesRequest)
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FeatureUpdateKey] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FeatureUpdateKey_1(buf, pos); ap0(x0)
    o.feature_updates = a0
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_UpdateFeaturesRequest_1(o: UpdateFeaturesRequest, w: Writer) -> None:
    w(_S0.pack(o.timeout_ms))
    a0 = o.feature_updates
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FeatureUpdateKey_1(x0, w)
    w(_S2.pack(o.validate_only))
    w(b'\x00')


_DEC_UpdateFeaturesRequest: list[Callable[[memoryview, int], tuple[UpdateFeaturesRequest, int]]] = [_dec_UpdateFeaturesRequest_0, _dec_UpdateFeaturesRequest_1, _dec_UpdateFeaturesRequest_1]
_ENC_UpdateFeaturesRequest: list[Callable[[UpdateFeaturesRequest, Writer], None]] = [_enc_UpdateFeaturesRequest_0, _enc_UpdateFeaturesRequest_1, _enc_UpdateFeaturesRequest_1]
