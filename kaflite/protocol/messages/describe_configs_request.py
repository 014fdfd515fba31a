"""Generated from Kafka's DescribeConfigsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class DescribeConfigsResource:
    """A DescribeConfigsResource inside DescribeConfigsRequest. (generated from DescribeConfigsRequest.json)."""

    __slots__ = ('resource_type', 'resource_name', 'configuration_keys')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, resource_type: int = 0, resource_name: str = '', configuration_keys: list[str] | None = _UNSET) -> None:
        self.resource_type = resource_type
        self.resource_name = resource_name
        self.configuration_keys = [] if configuration_keys is _UNSET else configuration_keys

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeConfigsRequest:
    """DescribeConfigsRequest v1-4 (generated from DescribeConfigsRequest.json)."""

    __slots__ = ('resources', 'include_synonyms', 'include_documentation')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 32
    MIN_VERSION = 1
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4
    DescribeConfigsResource: TypeAlias = DescribeConfigsResource

    def __init__(self, *, resources: list[DescribeConfigsResource] | None = None, include_synonyms: bool = False, include_documentation: bool = False) -> None:
        self.resources = [] if resources is None else resources
        self.include_synonyms = include_synonyms
        self.include_documentation = include_documentation

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
        _ENC_DescribeConfigsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeConfigsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeConfigsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeConfigsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeConfigsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeConfigsRequest v{version} runs past the end of the frame')
        return o, end


DescribeConfigsResource.FIELD_TYPES = {'resource_type': int, 'resource_name': str, 'configuration_keys': list[str] | None}
DescribeConfigsRequest.FIELD_TYPES = {'resources': list[DescribeConfigsResource] | None, 'include_synonyms': bool, 'include_documentation': bool}


def _dec_DescribeConfigsResource_0(buf: memoryview, pos: int) -> tuple[DescribeConfigsResource, int]:
    o = _new(DescribeConfigsResource)
    o.resource_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.configuration_keys = None
    else:
        if n * 2 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[str] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _r_nn_str(buf, pos); ap0(x0)
        o.configuration_keys = a0
    return o, pos


def _enc_DescribeConfigsResource_0(o: DescribeConfigsResource, w: Writer) -> None:
    w(_S1.pack(o.resource_type))
    _w_str(w, o.resource_name)
    a0 = o.configuration_keys
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)


def _dec_DescribeConfigsRequest_0(buf: memoryview, pos: int) -> tuple[DescribeConfigsRequest, int]:
    o = _new(DescribeConfigsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResource_0(buf, pos); ap0(x0)
    o.resources = a0
    o.include_synonyms = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.include_documentation = False
    return o, pos


def _enc_DescribeConfigsRequest_0(o: DescribeConfigsRequest, w: Writer) -> None:
    a0 = o.resources
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsResource_0(x0, w)
    w(_S2.pack(o.include_synonyms))


def _dec_DescribeConfigsRequest_1(buf: memoryview, pos: int) -> tuple[DescribeConfigsRequest, int]:
    o = _new(DescribeConfigsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResource_0(buf, pos); ap0(x0)
    o.resources = a0
    o.include_synonyms = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.include_documentation = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DescribeConfigsRequest_1(o: DescribeConfigsRequest, w: Writer) -> None:
    a0 = o.resources
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsResource_0(x0, w)
    w(_S2.pack(o.include_synonyms))
    w(_S2.pack(o.include_documentation))


def _dec_DescribeConfigsResource_1(buf: memoryview, pos: int) -> tuple[DescribeConfigsResource, int]:
    o = _new(DescribeConfigsResource)
    o.resource_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.configuration_keys = None
    else:
        if n > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[str] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
        o.configuration_keys = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeConfigsResource_1(o: DescribeConfigsResource, w: Writer) -> None:
    w(_S1.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    a0 = o.configuration_keys
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(b'\x00')


def _dec_DescribeConfigsRequest_2(buf: memoryview, pos: int) -> tuple[DescribeConfigsRequest, int]:
    o = _new(DescribeConfigsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResource] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResource_1(buf, pos); ap0(x0)
    o.resources = a0
    o.include_synonyms = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.include_documentation = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeConfigsRequest_2(o: DescribeConfigsRequest, w: Writer) -> None:
    a0 = o.resources
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeConfigsResource_1(x0, w)
    w(_S2.pack(o.include_synonyms))
    w(_S2.pack(o.include_documentation))
    w(b'\x00')


_DEC_DescribeConfigsRequest: list[Callable[[memoryview, int], tuple[DescribeConfigsRequest, int]]] = [_unsupported, _dec_DescribeConfigsRequest_0, _dec_DescribeConfigsRequest_0, _dec_DescribeConfigsRequest_1, _dec_DescribeConfigsRequest_2]
_ENC_DescribeConfigsRequest: list[Callable[[DescribeConfigsRequest, Writer], None]] = [_unsupported, _enc_DescribeConfigsRequest_0, _enc_DescribeConfigsRequest_0, _enc_DescribeConfigsRequest_1, _enc_DescribeConfigsRequest_2]
