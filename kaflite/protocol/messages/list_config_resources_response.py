"""Generated from Kafka's ListConfigResourcesResponse.json by tools/codegen/generate.py. Do not edit."""

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
class ConfigResource:
    """A ConfigResource inside ListConfigResourcesResponse. (generated from ListConfigResourcesResponse.json)."""

    __slots__ = ('resource_name', 'resource_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, resource_name: str = '', resource_type: int = 16) -> None:
        self.resource_name = resource_name
        self.resource_type = resource_type

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListConfigResourcesResponse:
    """ListConfigResourcesResponse v0-1 (generated from ListConfigResourcesResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'config_resources')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 74
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    ConfigResource: TypeAlias = ConfigResource

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, config_resources: list[ConfigResource] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.config_resources = [] if config_resources is None else config_resources

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
        _ENC_ListConfigResourcesResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListConfigResourcesResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListConfigResourcesResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListConfigResourcesResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListConfigResourcesResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListConfigResourcesResponse v{version} runs past the end of the frame')
        return o, end


ConfigResource.FIELD_TYPES = {'resource_name': str, 'resource_type': int}
ListConfigResourcesResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'config_resources': list[ConfigResource] | None}


def _dec_ConfigResource_0(buf: memoryview, pos: int) -> tuple[ConfigResource, int]:
    o = _new(ConfigResource)
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    o.resource_type = 16
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ConfigResource_0(o: ConfigResource, w: Writer) -> None:
    _w_cstr(w, o.resource_name)
    w(b'\x00')


def _dec_ListConfigResourcesResponse_0(buf: memoryview, pos: int) -> tuple[ListConfigResourcesResponse, int]:
    o = _new(ListConfigResourcesResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ConfigResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ConfigResource_0(buf, pos); ap0(x0)
    o.config_resources = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListConfigResourcesResponse_0(o: ListConfigResourcesResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.config_resources
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ConfigResource_0(x0, w)
    w(b'\x00')


def _dec_ConfigResource_1(buf: memoryview, pos: int) -> tuple[ConfigResource, int]:
    o = _new(ConfigResource)
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ConfigResource_1(o: ConfigResource, w: Writer) -> None:
    _w_cstr(w, o.resource_name)
    w(_S2.pack(o.resource_type))
    w(b'\x00')


def _dec_ListConfigResourcesResponse_1(buf: memoryview, pos: int) -> tuple[ListConfigResourcesResponse, int]:
    o = _new(ListConfigResourcesResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ConfigResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ConfigResource_1(buf, pos); ap0(x0)
    o.config_resources = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListConfigResourcesResponse_1(o: ListConfigResourcesResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.config_resources
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ConfigResource_1(x0, w)
    w(b'\x00')


_DEC_ListConfigResourcesResponse: list[Callable[[memoryview, int], tuple[ListConfigResourcesResponse, int]]] = [_dec_ListConfigResourcesResponse_0, _dec_ListConfigResourcesResponse_1]
_ENC_ListConfigResourcesResponse: list[Callable[[ListConfigResourcesResponse, Writer], None]] = [_enc_ListConfigResourcesResponse_0, _enc_ListConfigResourcesResponse_1]
