"""Generated from Kafka's DescribeClientQuotasResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>d')


@mypyc_attr(native_class=False)
class EntryData:
    """A EntryData inside DescribeClientQuotasResponse. (generated from DescribeClientQuotasResponse.json)."""

    __slots__ = ('entity', 'values')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, entity: list[EntityData] | None = None, values: list[ValueData] | None = None) -> None:
        self.entity = [] if entity is None else entity
        self.values = [] if values is None else values

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class EntityData:
    """A EntityData inside DescribeClientQuotasResponse. (generated from DescribeClientQuotasResponse.json)."""

    __slots__ = ('entity_type', 'entity_name')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, entity_type: str = '', entity_name: str | None = '') -> None:
        self.entity_type = entity_type
        self.entity_name = entity_name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ValueData:
    """A ValueData inside DescribeClientQuotasResponse. (generated from DescribeClientQuotasResponse.json)."""

    __slots__ = ('key', 'value')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, key: str = '', value: float = 0.0) -> None:
        self.key = key
        self.value = value

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeClientQuotasResponse:
    """DescribeClientQuotasResponse v0-1 (generated from DescribeClientQuotasResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'entries')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 48
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 1
    EntryData: TypeAlias = EntryData
    EntityData: TypeAlias = EntityData
    ValueData: TypeAlias = ValueData

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = '', entries: list[EntryData] | None = _UNSET) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.entries = [] if entries is _UNSET else entries

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
        _ENC_DescribeClientQuotasResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeClientQuotasResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeClientQuotasResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeClientQuotasResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeClientQuotasResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeClientQuotasResponse v{version} runs past the end of the frame')
        return o, end


EntryData.FIELD_TYPES = {'entity': list[EntityData] | None, 'values': list[ValueData] | None}
EntityData.FIELD_TYPES = {'entity_type': str, 'entity_name': str | None}
ValueData.FIELD_TYPES = {'key': str, 'value': float}
DescribeClientQuotasResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'entries': list[EntryData] | None}


def _dec_EntityData_0(buf: memoryview, pos: int) -> tuple[EntityData, int]:
    o = _new(EntityData)
    o.entity_type, pos = _r_nn_str(buf, pos)
    o.entity_name, pos = _r_str(buf, pos)
    return o, pos


def _enc_EntityData_0(o: EntityData, w: Writer) -> None:
    _w_str(w, o.entity_type)
    _w_str(w, o.entity_name)


def _dec_ValueData_0(buf: memoryview, pos: int) -> tuple[ValueData, int]:
    o = _new(ValueData)
    o.key, pos = _r_nn_str(buf, pos)
    o.value = _S2.unpack_from(buf, pos)[0]; pos += 8
    return o, pos


def _enc_ValueData_0(o: ValueData, w: Writer) -> None:
    _w_str(w, o.key)
    w(_S2.pack(o.value))


def _dec_EntryData_0(buf: memoryview, pos: int) -> tuple[EntryData, int]:
    o = _new(EntryData)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntityData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntityData_0(buf, pos); ap0(x0)
    o.entity = a0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ValueData] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ValueData_0(buf, pos); ap1(x1)
    o.values = a1
    return o, pos


def _enc_EntryData_0(o: EntryData, w: Writer) -> None:
    a0 = o.entity
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_EntityData_0(x0, w)
    a1 = o.values
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_ValueData_0(x1, w)


def _dec_DescribeClientQuotasResponse_0(buf: memoryview, pos: int) -> tuple[DescribeClientQuotasResponse, int]:
    o = _new(DescribeClientQuotasResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.entries = None
    else:
        if n * 8 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[EntryData] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_EntryData_0(buf, pos); ap0(x0)
        o.entries = a0
    return o, pos


def _enc_DescribeClientQuotasResponse_0(o: DescribeClientQuotasResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    a0 = o.entries
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_EntryData_0(x0, w)


def _dec_EntityData_1(buf: memoryview, pos: int) -> tuple[EntityData, int]:
    o = _new(EntityData)
    o.entity_type, pos = _r_nn_cstr(buf, pos)
    o.entity_name, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EntityData_1(o: EntityData, w: Writer) -> None:
    _w_cstr(w, o.entity_type)
    _w_cstr(w, o.entity_name)
    w(b'\x00')


def _dec_ValueData_1(buf: memoryview, pos: int) -> tuple[ValueData, int]:
    o = _new(ValueData)
    o.key, pos = _r_nn_cstr(buf, pos)
    o.value = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ValueData_1(o: ValueData, w: Writer) -> None:
    _w_cstr(w, o.key)
    w(_S2.pack(o.value))
    w(b'\x00')


def _dec_EntryData_1(buf: memoryview, pos: int) -> tuple[EntryData, int]:
    o = _new(EntryData)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntityData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntityData_1(buf, pos); ap0(x0)
    o.entity = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ValueData] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ValueData_1(buf, pos); ap1(x1)
    o.values = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EntryData_1(o: EntryData, w: Writer) -> None:
    a0 = o.entity
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_EntityData_1(x0, w)
    a1 = o.values
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ValueData_1(x1, w)
    w(b'\x00')


def _dec_DescribeClientQuotasResponse_1(buf: memoryview, pos: int) -> tuple[DescribeClientQuotasResponse, int]:
    o = _new(DescribeClientQuotasResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.entries = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[EntryData] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_EntryData_1(buf, pos); ap0(x0)
        o.entries = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeClientQuotasResponse_1(o: DescribeClientQuotasResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.entries
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_EntryData_1(x0, w)
    w(b'\x00')


_DEC_DescribeClientQuotasResponse: list[Callable[[memoryview, int], tuple[DescribeClientQuotasResponse, int]]] = [_dec_DescribeClientQuotasResponse_0, _dec_DescribeClientQuotasResponse_1]
_ENC_DescribeClientQuotasResponse: list[Callable[[DescribeClientQuotasResponse, Writer], None]] = [_enc_DescribeClientQuotasResponse_0, _enc_DescribeClientQuotasResponse_1]
