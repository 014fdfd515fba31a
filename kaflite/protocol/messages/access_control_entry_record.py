"""Generated from Kafka's AccessControlEntryRecord.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class AccessControlEntryRecord:
    """AccessControlEntryRecord v0-0 (generated from AccessControlEntryRecord.json)."""

    __slots__ = ('id', 'resource_type', 'resource_name', 'pattern_type', 'principal', 'host', 'operation', 'permission_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 18
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0

    def __init__(self, *, id: bytes = ZERO_UUID, resource_type: int = 0, resource_name: str = '', pattern_type: int = 0, principal: str = '', host: str = '', operation: int = 0, permission_type: int = 0) -> None:
        self.id = id
        self.resource_type = resource_type
        self.resource_name = resource_name
        self.pattern_type = pattern_type
        self.principal = principal
        self.host = host
        self.operation = operation
        self.permission_type = permission_type

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
        _ENC_AccessControlEntryRecord[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AccessControlEntryRecord:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AccessControlEntryRecord, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AccessControlEntryRecord[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AccessControlEntryRecord v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AccessControlEntryRecord v{version} runs past the end of the frame')
        return o, end


AccessControlEntryRecord.FIELD_TYPES = {'id': bytes, 'resource_type': int, 'resource_name': str, 'pattern_type': int, 'principal': str, 'host': str, 'operation': int, 'permission_type': int}


def _dec_AccessControlEntryRecord_0(buf: memoryview, pos: int) -> tuple[AccessControlEntryRecord, int]:
    o = _new(AccessControlEntryRecord)
    o.id = bytes(buf[pos:pos + 16]); pos += 16
    o.resource_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    o.pattern_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.principal, pos = _r_nn_cstr(buf, pos)
    o.host, pos = _r_nn_cstr(buf, pos)
    o.operation = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.permission_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AccessControlEntryRecord_0(o: AccessControlEntryRecord, w: Writer) -> None:
    w(o.id)
    w(_S0.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    w(_S0.pack(o.pattern_type))
    _w_cstr(w, o.principal)
    _w_cstr(w, o.host)
    w(_S0.pack(o.operation))
    w(_S0.pack(o.permission_type))
    w(b'\x00')


_DEC_AccessControlEntryRecord: list[Callable[[memoryview, int], tuple[AccessControlEntryRecord, int]]] = [_dec_AccessControlEntryRecord_0]
_ENC_AccessControlEntryRecord: list[Callable[[AccessControlEntryRecord, Writer], None]] = [_enc_AccessControlEntryRecord_0]
