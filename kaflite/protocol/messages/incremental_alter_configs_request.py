"""Generated from Kafka's IncrementalAlterConfigsRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class AlterConfigsResource:
    """A AlterConfigsResource inside IncrementalAlterConfigsRequest. (generated from IncrementalAlterConfigsRequest.json)."""

    __slots__ = ('resource_type', 'resource_name', 'configs')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, resource_type: int = 0, resource_name: str = '', configs: list[AlterableConfig] | None = None) -> None:
        self.resource_type = resource_type
        self.resource_name = resource_name
        self.configs = [] if configs is None else configs

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterableConfig:
    """A AlterableConfig inside IncrementalAlterConfigsRequest. (generated from IncrementalAlterConfigsRequest.json)."""

    __slots__ = ('name', 'config_operation', 'value')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', config_operation: int = 0, value: str | None = '') -> None:
        self.name = name
        self.config_operation = config_operation
        self.value = value

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class IncrementalAlterConfigsRequest:
    """IncrementalAlterConfigsRequest v0-1 (generated from IncrementalAlterConfigsRequest.json)."""

    __slots__ = ('resources', 'validate_only')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 44
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 1
    AlterConfigsResource: TypeAlias = AlterConfigsResource
    AlterableConfig: TypeAlias = AlterableConfig

    def __init__(self, *, resources: list[AlterConfigsResource] | None = None, validate_only: bool = False) -> None:
        self.resources = [] if resources is None else resources
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
        _ENC_IncrementalAlterConfigsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> IncrementalAlterConfigsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[IncrementalAlterConfigsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_IncrementalAlterConfigsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed IncrementalAlterConfigsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'IncrementalAlterConfigsRequest v{version} runs past the end of the frame')
        return o, end


AlterConfigsResource.FIELD_TYPES = {'resource_type': int, 'resource_name': str, 'configs': list[AlterableConfig] | None}
AlterableConfig.FIELD_TYPES = {'name': str, 'config_operation': int, 'value': str | None}
IncrementalAlterConfigsRequest.FIELD_TYPES = {'resources': list[AlterConfigsResource] | None, 'validate_only': bool}


def _dec_AlterableConfig_0(buf: memoryview, pos: int) -> tuple[AlterableConfig, int]:
    o = _new(AlterableConfig)
    o.name, pos = _r_nn_str(buf, pos)
    o.config_operation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.value, pos = _r_str(buf, pos)
    return o, pos


def _enc_AlterableConfig_0(o: AlterableConfig, w: Writer) -> None:
    _w_str(w, o.name)
    w(_S1.pack(o.config_operation))
    _w_str(w, o.value)


def _dec_AlterConfigsResource_0(buf: memoryview, pos: int) -> tuple[AlterConfigsResource, int]:
    o = _new(AlterConfigsResource)
    o.resource_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterableConfig] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterableConfig_0(buf, pos); ap0(x0)
    o.configs = a0
    return o, pos


def _enc_AlterConfigsResource_0(o: AlterConfigsResource, w: Writer) -> None:
    w(_S1.pack(o.resource_type))
    _w_str(w, o.resource_name)
    a0 = o.configs
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AlterableConfig_0(x0, w)


def _dec_IncrementalAlterConfigsRequest_0(buf: memoryview, pos: int) -> tuple[IncrementalAlterConfigsRequest, int]:
    o = _new(IncrementalAlterConfigsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterConfigsResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterConfigsResource_0(buf, pos); ap0(x0)
    o.resources = a0
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_IncrementalAlterConfigsRequest_0(o: IncrementalAlterConfigsRequest, w: Writer) -> None:
    a0 = o.resources
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AlterConfigsResource_0(x0, w)
    w(_S2.pack(o.validate_only))


def _dec_AlterableConfig_1(buf: memoryview, pos: int) -> tuple[AlterableConfig, int]:
    o = _new(AlterableConfig)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.config_operation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.value, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterableConfig_1(o: AlterableConfig, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S1.pack(o.config_operation))
    _w_cstr(w, o.value)
    w(b'\x00')


def _dec_AlterConfigsResource_1(buf: memoryview, pos: int) -> tuple[AlterConfigsResource, int]:
    o = _new(AlterConfigsResource)
    o.resource_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterableConfig] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterableConfig_1(buf, pos); ap0(x0)
    o.configs = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterConfigsResource_1(o: AlterConfigsResource, w: Writer) -> None:
    w(_S1.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    a0 = o.configs
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterableConfig_1(x0, w)
    w(b'\x00')


def _dec_IncrementalAlterConfigsRequest_1(buf: memoryview, pos: int) -> tuple[IncrementalAlterConfigsRequest, int]:
    o = _new(IncrementalAlterConfigsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterConfigsResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterConfigsResource_1(buf, pos); ap0(x0)
    o.resources = a0
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_IncrementalAlterConfigsRequest_1(o: IncrementalAlterConfigsRequest, w: Writer) -> None:
    a0 = o.resources
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterConfigsResource_1(x0, w)
    w(_S2.pack(o.validate_only))
    w(b'\x00')


_DEC_IncrementalAlterConfigsRequest: list[Callable[[memoryview, int], tuple[IncrementalAlterConfigsRequest, int]]] = [_dec_IncrementalAlterConfigsRequest_0, _dec_IncrementalAlterConfigsRequest_1]
_ENC_IncrementalAlterConfigsRequest: list[Callable[[IncrementalAlterConfigsRequest, Writer], None]] = [_enc_IncrementalAlterConfigsRequest_0, _enc_IncrementalAlterConfigsRequest_1]
