"""Generated from Kafka's UserScramCredentialRecord.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>i')


@mypyc_attr(native_class=False)
class UserScramCredentialRecord:
    """UserScramCredentialRecord v0-0 (generated from UserScramCredentialRecord.json)."""

    __slots__ = ('name', 'mechanism', 'salt', 'stored_key', 'server_key', 'iterations')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 11
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0

    def __init__(self, *, name: str = '', mechanism: int = 0, salt: bytes = b'', stored_key: bytes = b'', server_key: bytes = b'', iterations: int = 0) -> None:
        self.name = name
        self.mechanism = mechanism
        self.salt = salt
        self.stored_key = stored_key
        self.server_key = server_key
        self.iterations = iterations

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
        _ENC_UserScramCredentialRecord[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> UserScramCredentialRecord:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[UserScramCredentialRecord, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_UserScramCredentialRecord[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed UserScramCredentialRecord v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'UserScramCredentialRecord v{version} runs past the end of the frame')
        return o, end


UserScramCredentialRecord.FIELD_TYPES = {'name': str, 'mechanism': int, 'salt': bytes, 'stored_key': bytes, 'server_key': bytes, 'iterations': int}


def _dec_UserScramCredentialRecord_0(buf: memoryview, pos: int) -> tuple[UserScramCredentialRecord, int]:
    o = _new(UserScramCredentialRecord)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.mechanism = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.salt, pos = _r_nn_cbytes(buf, pos)
    o.stored_key, pos = _r_nn_cbytes(buf, pos)
    o.server_key, pos = _r_nn_cbytes(buf, pos)
    o.iterations = _S1.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_UserScramCredentialRecord_0(o: UserScramCredentialRecord, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.mechanism))
    _w_cbytes(w, o.salt)
    _w_cbytes(w, o.stored_key)
    _w_cbytes(w, o.server_key)
    w(_S1.pack(o.iterations))
    w(b'\x00')


_DEC_UserScramCredentialRecord: list[Callable[[memoryview, int], tuple[UserScramCredentialRecord, int]]] = [_dec_UserScramCredentialRecord_0]
_ENC_UserScramCredentialRecord: list[Callable[[UserScramCredentialRecord, Writer], None]] = [_enc_UserScramCredentialRecord_0]
