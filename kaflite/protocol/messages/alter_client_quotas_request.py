"""Generated from Kafka's AlterClientQuotasRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>d')
_S2 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class EntryData:
    """A EntryData inside AlterClientQuotasRequest. (generated from AlterClientQuotasRequest.json)."""

    __slots__ = ('entity', 'ops')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, entity: list[EntityData] | None = None, ops: list[OpData] | None = None) -> None:
        self.entity = [] if entity is None else entity
        self.ops = [] if ops is None else ops

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class EntityData:
    """A EntityData inside AlterClientQuotasRequest. (generated from AlterClientQuotasRequest.json)."""

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
class OpData:
    """A OpData inside AlterClientQuotasRequest. (generated from AlterClientQuotasRequest.json)."""

    __slots__ = ('key', 'value', 'remove')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, key: str = '', value: float = 0.0, remove: bool = False) -> None:
        self.key = key
        self.value = value
        self.remove = remove

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterClientQuotasRequest:
    """AlterClientQuotasRequest v0-1 (generated from AlterClientQuotasRequest.json)."""

    __slots__ = ('entries', 'validate_only')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 49
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 1
    EntryData: TypeAlias = EntryData
    EntityData: TypeAlias = EntityData
    OpData: TypeAlias = OpData

    def __init__(self, *, entries: list[EntryData] | None = None, validate_only: bool = False) -> None:
        self.entries = [] if entries is None else entries
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
        _ENC_AlterClientQuotasRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterClientQuotasRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterClientQuotasRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterClientQuotasRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterClientQuotasRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterClientQuotasRequest v{version} runs past the end of the frame')
        return o, end


EntryData.FIELD_TYPES = {'entity': list[EntityData] | None, 'ops': list[OpData] | None}
EntityData.FIELD_TYPES = {'entity_type': str, 'entity_name': str | None}
OpData.FIELD_TYPES = {'key': str, 'value': float, 'remove': bool}
AlterClientQuotasRequest.FIELD_TYPES = {'entries': list[EntryData] | None, 'validate_only': bool}


def _dec_EntityData_0(buf: memoryview, pos: int) -> tuple[EntityData, int]:
    o = _new(EntityData)
    o.entity_type, pos = _r_nn_str(buf, pos)
    o.entity_name, pos = _r_str(buf, pos)
    return o, pos


def _enc_EntityData_0(o: EntityData, w: Writer) -> None:
    _w_str(w, o.entity_type)
    _w_str(w, o.entity_name)


def _dec_OpData_0(buf: memoryview, pos: int) -> tuple[OpData, int]:
    o = _new(OpData)
    o.key, pos = _r_nn_str(buf, pos)
    o.value = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.remove = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_OpData_0(o: OpData, w: Writer) -> None:
    _w_str(w, o.key)
    w(_S1.pack(o.value))
    w(_S2.pack(o.remove))


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
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[OpData] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_OpData_0(buf, pos); ap1(x1)
    o.ops = a1
    return o, pos


def _enc_EntryData_0(o: EntryData, w: Writer) -> None:
    a0 = o.entity
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_EntityData_0(x0, w)
    a1 = o.ops
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_OpData_0(x1, w)


def _dec_AlterClientQuotasRequest_0(buf: memoryview, pos: int) -> tuple[AlterClientQuotasRequest, int]:
    o = _new(AlterClientQuotasRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntryData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntryData_0(buf, pos); ap0(x0)
    o.entries = a0
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_AlterClientQuotasRequest_0(o: AlterClientQuotasRequest, w: Writer) -> None:
    a0 = o.entries
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_EntryData_0(x0, w)
    w(_S2.pack(o.validate_only))


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


def _dec_OpData_1(buf: memoryview, pos: int) -> tuple[OpData, int]:
    o = _new(OpData)
    o.key, pos = _r_nn_cstr(buf, pos)
    o.value = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.remove = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OpData_1(o: OpData, w: Writer) -> None:
    _w_cstr(w, o.key)
    w(_S1.pack(o.value))
    w(_S2.pack(o.remove))
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
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[OpData] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_OpData_1(buf, pos); ap1(x1)
    o.ops = a1
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
    a1 = o.ops
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_OpData_1(x1, w)
    w(b'\x00')


def _dec_AlterClientQuotasRequest_1(buf: memoryview, pos: int) -> tuple[AlterClientQuotasRequest, int]:
    o = _new(AlterClientQuotasRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EntryData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EntryData_1(buf, pos); ap0(x0)
    o.entries = a0
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterClientQuotasRequest_1(o: AlterClientQuotasRequest, w: Writer) -> None:
    a0 = o.entries
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_EntryData_1(x0, w)
    w(_S2.pack(o.validate_only))
    w(b'\x00')


_DEC_AlterClientQuotasRequest: list[Callable[[memoryview, int], tuple[AlterClientQuotasRequest, int]]] = [_dec_AlterClientQuotasRequest_0, _dec_AlterClientQuotasRequest_1]
_ENC_AlterClientQuotasRequest: list[Callable[[AlterClientQuotasRequest, Writer], None]] = [_enc_AlterClientQuotasRequest_0, _enc_AlterClientQuotasRequest_1]
