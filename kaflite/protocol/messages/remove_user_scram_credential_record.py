"""Generated from Kafka's RemoveUserScramCredentialRecord.json by tools/codegen/generate.py. Do not edit."""

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
class RemoveUserScramCredentialRecord:
    """RemoveUserScramCredentialRecord v0-0 (generated from RemoveUserScramCredentialRecord.json)."""

    __slots__ = ('name', 'mechanism')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 22
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0

    def __init__(self, *, name: str = '', mechanism: int = 0) -> None:
        self.name = name
        self.mechanism = mechanism

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
        _ENC_RemoveUserScramCredentialRecord[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> RemoveUserScramCredentialRecord:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[RemoveUserScramCredentialRecord, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_RemoveUserScramCredentialRecord[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed RemoveUserScramCredentialRecord v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'RemoveUserScramCredentialRecord v{version} runs past the end of the frame')
        return o, end


RemoveUserScramCredentialRecord.FIELD_TYPES = {'name': str, 'mechanism': int}


def _dec_RemoveUserScramCredentialRecord_0(buf: memoryview, pos: int) -> tuple[RemoveUserScramCredentialRecord, int]:
    o = _new(RemoveUserScramCredentialRecord)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.mechanism = _S0.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_RemoveUserScramCredentialRecord_0(o: RemoveUserScramCredentialRecord, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.mechanism))
    w(b'\x00')


_DEC_RemoveUserScramCredentialRecord: list[Callable[[memoryview, int], tuple[RemoveUserScramCredentialRecord, int]]] = [_dec_RemoveUserScramCredentialRecord_0]
_ENC_RemoveUserScramCredentialRecord: list[Callable[[RemoveUserScramCredentialRecord, Writer], None]] = [_enc_RemoveUserScramCredentialRecord_0]
