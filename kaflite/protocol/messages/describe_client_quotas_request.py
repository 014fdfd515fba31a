"""Generated from Kafka's DescribeClientQuotasRequest.json by tools/codegen/generate.py. Do not edit."""

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
class ComponentData:
    """A ComponentData inside DescribeClientQuotasRequest. (generated from DescribeClientQuotasRequest.json)."""

    __slots__ = ('entity_type', 'match_type', 'match')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, entity_type: str = '', match_type: int = 0, match: str | None = '') -> None:
        self.entity_type = entity_type
        self.match_type = match_type
        self.match = match

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeClientQuotasRequest:
    """DescribeClientQuotasRequest v0-1 (generated from DescribeClientQuotasRequest.json)."""

    __slots__ = ('components', 'strict')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 48
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 1
    ComponentData: TypeAlias = ComponentData

    def __init__(self, *, components: list[ComponentData] | None = None, strict: bool = False) -> None:
        self.components = [] if components is None else components
        self.strict = strict

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
        _ENC_DescribeClientQuotasRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeClientQuotasRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeClientQuotasRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeClientQuotasRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeClientQuotasRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeClientQuotasRequest v{version} runs past the end of the frame')
        return o, end


ComponentData.FIELD_TYPES = {'entity_type': str, 'match_type': int, 'match': str | None}
DescribeClientQuotasRequest.FIELD_TYPES = {'components': list[ComponentData] | None, 'strict': bool}


def _dec_ComponentData_0(buf: memoryview, pos: int) -> tuple[ComponentData, int]:
    o = _new(ComponentData)
    o.entity_type, pos = _r_nn_str(buf, pos)
    o.match_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.match, pos = _r_str(buf, pos)
    return o, pos


def _enc_ComponentData_0(o: ComponentData, w: Writer) -> None:
    _w_str(w, o.entity_type)
    w(_S1.pack(o.match_type))
    _w_str(w, o.match)


def _dec_DescribeClientQuotasRequest_0(buf: memoryview, pos: int) -> tuple[DescribeClientQuotasRequest, int]:
    o = _new(DescribeClientQuotasRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ComponentData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ComponentData_0(buf, pos); ap0(x0)
    o.components = a0
    o.strict = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DescribeClientQuotasRequest_0(o: DescribeClientQuotasRequest, w: Writer) -> None:
    a0 = o.components
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ComponentData_0(x0, w)
    w(_S2.pack(o.strict))


def _dec_ComponentData_1(buf: memoryview, pos: int) -> tuple[ComponentData, int]:
    o = _new(ComponentData)
    o.entity_type, pos = _r_nn_cstr(buf, pos)
    o.match_type = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.match, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ComponentData_1(o: ComponentData, w: Writer) -> None:
    _w_cstr(w, o.entity_type)
    w(_S1.pack(o.match_type))
    _w_cstr(w, o.match)
    w(b'\x00')


def _dec_DescribeClientQuotasRequest_1(buf: memoryview, pos: int) -> tuple[DescribeClientQuotasRequest, int]:
    o = _new(DescribeClientQuotasRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ComponentData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ComponentData_1(buf, pos); ap0(x0)
    o.components = a0
    o.strict = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClientQuotasRequest_1(o: DescribeClientQuotasRequest, w: Writer) -> None:
    a0 = o.components
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ComponentData_1(x0, w)
    w(_S2.pack(o.strict))
    w(b'\x00')


_DEC_DescribeClientQuotasRequest: list[Callable[[memoryview, int], tuple[DescribeClientQuotasRequest, int]]] = [_dec_DescribeClientQuotasRequest_0, _dec_DescribeClientQuotasRequest_1]
_ENC_DescribeClientQuotasRequest: list[Callable[[DescribeClientQuotasRequest, Writer], None]] = [_enc_DescribeClientQuotasRequest_0, _enc_DescribeClientQuotasRequest_1]
