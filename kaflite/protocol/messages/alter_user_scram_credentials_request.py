"""Generated from Kafka's AlterUserScramCredentialsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class ScramCredentialDeletion:
    """A ScramCredentialDeletion inside AlterUserScramCredentialsRequest. (generated from AlterUserScramCredentialsRequest.json)."""

    __slots__ = ('name', 'mechanism')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', mechanism: int = 0) -> None:
        self.name = name
        self.mechanism = mechanism

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ScramCredentialUpsertion:
    """A ScramCredentialUpsertion inside AlterUserScramCredentialsRequest. (generated from AlterUserScramCredentialsRequest.json)."""

    __slots__ = ('name', 'mechanism', 'iterations', 'salt', 'salted_password')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', mechanism: int = 0, iterations: int = 0, salt: bytes = b'', salted_password: bytes = b'') -> None:
        self.name = name
        self.mechanism = mechanism
        self.iterations = iterations
        self.salt = salt
        self.salted_password = salted_password

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterUserScramCredentialsRequest:
    """AlterUserScramCredentialsRequest v0-0 (generated from AlterUserScramCredentialsRequest.json)."""

    __slots__ = ('deletions', 'upsertions')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 51
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    ScramCredentialDeletion: TypeAlias = ScramCredentialDeletion
    ScramCredentialUpsertion: TypeAlias = ScramCredentialUpsertion

    def __init__(self, *, deletions: list[ScramCredentialDeletion] | None = None, upsertions: list[ScramCredentialUpsertion] | None = None) -> None:
        self.deletions = [] if deletions is None else deletions
        self.upsertions = [] if upsertions is None else upsertions

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
        _ENC_AlterUserScramCredentialsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterUserScramCredentialsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterUserScramCredentialsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterUserScramCredentialsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterUserScramCredentialsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterUserScramCredentialsRequest v{version} runs past the end of the frame')
        return o, end


ScramCredentialDeletion.FIELD_TYPES = {'name': str, 'mechanism': int}
ScramCredentialUpsertion.FIELD_TYPES = {'name': str, 'mechanism': int, 'iterations': int, 'salt': bytes, 'salted_password': bytes}
AlterUserScramCredentialsRequest.FIELD_TYPES = {'deletions': list[ScramCredentialDeletion] | None, 'upsertions': list[ScramCredentialUpsertion] | None}


def _dec_ScramCredentialDeletion_0(buf: memoryview, pos: int) -> tuple[ScramCredentialDeletion, int]:
    o = _new(ScramCredentialDeletion)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.mechanism = _S0.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ScramCredentialDeletion_0(o: ScramCredentialDeletion, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.mechanism))
    w(b'\x00')


def _dec_ScramCredentialUpsertion_0(buf: memoryview, pos: int) -> tuple[ScramCredentialUpsertion, int]:
    o = _new(ScramCredentialUpsertion)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.mechanism = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.iterations = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.salt, pos = _r_nn_cbytes(buf, pos)
    o.salted_password, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ScramCredentialUpsertion_0(o: ScramCredentialUpsertion, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.mechanism))
    w(_S1.pack(o.iterations))
    _w_cbytes(w, o.salt)
    _w_cbytes(w, o.salted_password)
    w(b'\x00')


def _dec_AlterUserScramCredentialsRequest_0(buf: memoryview, pos: int) -> tuple[AlterUserScramCredentialsRequest, int]:
    o = _new(AlterUserScramCredentialsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ScramCredentialDeletion] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ScramCredentialDeletion_0(buf, pos); ap0(x0)
    o.deletions = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ScramCredentialUpsertion] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ScramCredentialUpsertion_0(buf, pos); ap1(x1)
    o.upsertions = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterUserScramCredentialsRequest_0(o: AlterUserScramCredentialsRequest, w: Writer) -> None:
    a0 = o.deletions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ScramCredentialDeletion_0(x0, w)
    a1 = o.upsertions
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ScramCredentialUpsertion_0(x1, w)
    w(b'\x00')


_DEC_AlterUserScramCredentialsRequest: list[Callable[[memoryview, int], tuple[AlterUserScramCredentialsRequest, int]]] = [_dec_AlterUserScramCredentialsRequest_0]
_ENC_AlterUserScramCredentialsRequest: list[Callable[[AlterUserScramCredentialsRequest, Writer], None]] = [_enc_AlterUserScramCredentialsRequest_0]
