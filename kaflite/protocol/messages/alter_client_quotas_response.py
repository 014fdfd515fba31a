"""Generated from Kafka's AlterClientQuotasResponse.json by tools/codegen/generate.py. Do not edit."""

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
class EntryData:
    """A EntryData inside AlterClientQuotasResponse. (generated from AlterClientQuotasResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'entity')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = '', entity: list[EntityData] | None = None) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.entity = [] if entity is None else entity

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class EntityData:
    """A EntityData inside AlterClientQuotasResponse. (generated from AlterClientQuotasResponse.json)."""

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
class AlterClientQuotasResponse:
    """AlterClientQuotasResponse v0-1 (generated from AlterClientQuotasResponse.json)."""

    __slots__ = ('throttle_time_ms', 'entries')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 49
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 1
    EntryData: TypeAlias = EntryData
    EntityData: TypeAlias = EntityData

    def __init__(self, *, throttle_time_ms: int = 0, entries: list[EntryData] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.entries = [] if entries is None else entries

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
        _ENC_AlterClientQuotasResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterClientQuotasResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterClientQuotasResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterClientQuotasResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterClientQuotasResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterClientQuotasResponse v{version} runs past the end of the frame')
        return o, end


EntryData.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'entity': list[EntityData] | None}
EntityData.FIELD_TYPES = {'entity_type': str, 'entity_name': str | None}
AlterClientQuotasResponse.FIELD_TYPES = {'throttle_time_ms': int, 'entries': list[EntryData] | None}


def _dec_EntityData_0(buf: memoryview, pos: int) -> tuple[EntityData, int]:
    o = _new(EntityData)
    o.entity_type, pos = _r_nn_str(buf, pos)
    o.entity_name, pos = _r_str(buf, pos)
    return o, pos


def _enc_EntityData_0(o: EntityData, w: Writer) -> None:
    _w_str(w, o.entity_type)
    _w_str(w, o.entity_name)


def _dec_EntryData_0(buf: memoryview, pos: int) -> tuple[EntryData, int]:
    o = _new(EntryData)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntityData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntityData_0(buf, pos); ap0(x0)
    o.entity = a0
    return o, pos


def _enc_EntryData_0(o: EntryData, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    a0 = o.entity
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_EntityData_0(x0, w)


def _dec_AlterClientQuotasResponse_0(buf: memoryview, pos: int) -> tuple[AlterClientQuotasResponse, int]:
    o = _new(AlterClientQuotasResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntryData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntryData_0(buf, pos); ap0(x0)
    o.entries = a0
    return o, pos


def _enc_AlterClientQuotasResponse_0(o: AlterClientQuotasResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
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


def _dec_EntryData_1(buf: memoryview, pos: int) -> tuple[EntryData, int]:
    o = _new(EntryData)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntityData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntityData_1(buf, pos); ap0(x0)
    o.entity = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EntryData_1(o: EntryData, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.entity
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_EntityData_1(x0, w)
    w(b'\x00')


def _dec_AlterClientQuotasResponse_1(buf: memoryview, pos: int) -> tuple[AlterClientQuotasResponse, int]:
    o = _new(AlterClientQuotasResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntryData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntryData_1(buf, pos); ap0(x0)
    o.entries = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterClientQuotasResponse_1(o: AlterClientQuotasResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.entries
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_EntryData_1(x0, w)
    w(b'\x00')


_DEC_AlterClientQuotasResponse: list[Callable[[memoryview, int], tuple[AlterClientQuotasResponse, int]]] = [_dec_AlterClientQuotasResponse_0, _dec_AlterClientQuotasResponse_1]
_ENC_AlterClientQuotasResponse: list[Callable[[AlterClientQuotasResponse, Writer], None]] = [_enc_AlterClientQuotasResponse_0, _enc_AlterClientQuotasResponse_1]
