"""Generated from Kafka's AlterClientQuotasRequest.json by tools/codegen/generate.py. Do not edit."""

from __future__ import annotations

import struct as _struct
from collections.abc import Callable
from typing import Any

from kaflite.protocol._codec import (  # noqa: F401
    _UNSET, ZERO_UUID, Buffer, DecodeError, _eq, _new, _r_bytes, _r_cbytes, _r_crecords,
    _r_cstr, _r_records, _r_str, _r_uvarint, _repr, _skip_tags, _unsupported, _uvarint,
    _w_bytes, _w_cbytes, _w_cstr, _w_str,
)

_S0 = _struct.Struct('>i')
_S1 = _struct.Struct('>d')
_S2 = _struct.Struct('>?')


class EntryData:
    """A EntryData inside AlterClientQuotasRequest. (generated from AlterClientQuotasRequest.json)."""

    __slots__ = ('entity', 'ops')

    def __init__(self, *, entity: list[EntityData] | None = None, ops: list[OpData] | None = None) -> None:
        self.entity = [] if entity is None else entity
        self.ops = [] if ops is None else ops

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> bool:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


class EntityData:
    """A EntityData inside AlterClientQuotasRequest. (generated from AlterClientQuotasRequest.json)."""

    __slots__ = ('entity_type', 'entity_name')

    def __init__(self, *, entity_type: str = '', entity_name: str | None = '') -> None:
        self.entity_type = entity_type
        self.entity_name = entity_name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> bool:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


class OpData:
    """A OpData inside AlterClientQuotasRequest. (generated from AlterClientQuotasRequest.json)."""

    __slots__ = ('key', 'value', 'remove')

    def __init__(self, *, key: str = '', value: float = 0.0, remove: bool = False) -> None:
        self.key = key
        self.value = value
        self.remove = remove

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> bool:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


class AlterClientQuotasRequest:
    """AlterClientQuotasRequest v0-1 (generated from AlterClientQuotasRequest.json)."""

    __slots__ = ('entries', 'validate_only')
    API_KEY = 49
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 1
    EntryData: type[EntryData]
    EntityData: type[EntityData]
    OpData: type[OpData]

    def __init__(self, *, entries: list[EntryData] | None = None, validate_only: bool = False) -> None:
        self.entries = [] if entries is None else entries
        self.validate_only = validate_only

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> bool:
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
        except (_struct.error, IndexError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterClientQuotasRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterClientQuotasRequest v{version} runs past the end of the frame')
        return o, end


AlterClientQuotasRequest.EntryData = EntryData  # type: ignore[misc]
AlterClientQuotasRequest.EntityData = EntityData  # type: ignore[misc]
AlterClientQuotasRequest.OpData = OpData  # type: ignore[misc]


def _dec_EntityData_0(buf: memoryview, pos: int) -> tuple[EntityData, int]:
    o = _new(EntityData)
    o.entity_type, pos = _r_str(buf, pos)
    o.entity_name, pos = _r_str(buf, pos)
    return o, pos


def _enc_EntityData_0(o: EntityData, w: Callable[[bytes], object]) -> None:
    _w_str(w, o.entity_type)
    _w_str(w, o.entity_name)


def _dec_OpData_0(buf: memoryview, pos: int) -> tuple[OpData, int]:
    o = _new(OpData)
    o.key, pos = _r_str(buf, pos)
    o.value = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.remove = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_OpData_0(o: OpData, w: Callable[[bytes], object]) -> None:
    _w_str(w, o.key)
    w(_S1.pack(o.value))
    w(_S2.pack(o.remove))


def _dec_EntryData_0(buf: memoryview, pos: int) -> tuple[EntryData, int]:
    o = _new(EntryData)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.entity = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_EntityData_0(buf, pos); ap(x)
        o.entity = a
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.ops = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_OpData_0(buf, pos); ap(x)
        o.ops = a
    return o, pos


def _enc_EntryData_0(o: EntryData, w: Callable[[bytes], object]) -> None:
    a = o.entity
    if a is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a)))
        for x in a:
            _enc_EntityData_0(x, w)
    a = o.ops
    if a is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a)))
        for x in a:
            _enc_OpData_0(x, w)


def _dec_AlterClientQuotasRequest_0(buf: memoryview, pos: int) -> tuple[AlterClientQuotasRequest, int]:
    o = _new(AlterClientQuotasRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.entries = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_EntryData_0(buf, pos); ap(x)
        o.entries = a
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_AlterClientQuotasRequest_0(o: AlterClientQuotasRequest, w: Callable[[bytes], object]) -> None:
    a = o.entries
    if a is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a)))
        for x in a:
            _enc_EntryData_0(x, w)
    w(_S2.pack(o.validate_only))


def _dec_EntityData_1(buf: memoryview, pos: int) -> tuple[EntityData, int]:
    o = _new(EntityData)
    o.entity_type, pos = _r_cstr(buf, pos)
    o.entity_name, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EntityData_1(o: EntityData, w: Callable[[bytes], object]) -> None:
    _w_cstr(w, o.entity_type)
    _w_cstr(w, o.entity_name)
    w(b'\x00')


def _dec_OpData_1(buf: memoryview, pos: int) -> tuple[OpData, int]:
    o = _new(OpData)
    o.key, pos = _r_cstr(buf, pos)
    o.value = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.remove = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OpData_1(o: OpData, w: Callable[[bytes], object]) -> None:
    _w_cstr(w, o.key)
    w(_S1.pack(o.value))
    w(_S2.pack(o.remove))
    w(b'\x00')


def _dec_EntryData_1(buf: memoryview, pos: int) -> tuple[EntryData, int]:
    o = _new(EntryData)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.entity = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_EntityData_1(buf, pos); ap(x)
        o.entity = a
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.ops = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_OpData_1(buf, pos); ap(x)
        o.ops = a
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EntryData_1(o: EntryData, w: Callable[[bytes], object]) -> None:
    a = o.entity
    if a is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a) + 1))
        for x in a:
            _enc_EntityData_1(x, w)
    a = o.ops
    if a is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a) + 1))
        for x in a:
            _enc_OpData_1(x, w)
    w(b'\x00')


def _dec_AlterClientQuotasRequest_1(buf: memoryview, pos: int) -> tuple[AlterClientQuotasRequest, int]:
    o = _new(AlterClientQuotasRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.entries = None
    else:
        a = []; ap = a.append
        for _ in range(n):
            x, pos = _dec_EntryData_1(buf, pos); ap(x)
        o.entries = a
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterClientQuotasRequest_1(o: AlterClientQuotasRequest, w: Callable[[bytes], object]) -> None:
    a = o.entries
    if a is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a) + 1))
        for x in a:
            _enc_EntryData_1(x, w)
    w(_S2.pack(o.validate_only))
    w(b'\x00')


_DEC_AlterClientQuotasRequest: list[Callable[..., Any]] = [_dec_AlterClientQuotasRequest_0, _dec_AlterClientQuotasRequest_1]
_ENC_AlterClientQuotasRequest: list[Callable[..., Any]] = [_enc_AlterClientQuotasRequest_0, _enc_AlterClientQuotasRequest_1]
