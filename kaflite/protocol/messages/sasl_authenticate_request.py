"""Generated from Kafka's SaslAuthenticateRequest.json by tools/codegen/generate.py. Do not edit."""

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



@mypyc_attr(native_class=False)
class SaslAuthenticateRequest:
    """SaslAuthenticateRequest v0-2 (generated from SaslAuthenticateRequest.json)."""

    __slots__ = ('auth_bytes',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 36
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2

    def __init__(self, *, auth_bytes: bytes = b'') -> None:
        self.auth_bytes = auth_bytes

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
        _ENC_SaslAuthenticateRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> SaslAuthenticateRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[SaslAuthenticateRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_SaslAuthenticateRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed SaslAuthenticateRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'SaslAuthenticateRequest v{version} runs past the end of the frame')
        return o, end


SaslAuthenticateRequest.FIELD_TYPES = {'auth_bytes': bytes}


def _dec_SaslAuthenticateRequest_0(buf: memoryview, pos: int) -> tuple[SaslAuthenticateRequest, int]:
    o = _new(SaslAuthenticateRequest)
    o.auth_bytes, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_SaslAuthenticateRequest_0(o: SaslAuthenticateRequest, w: Writer) -> None:
    _w_bytes(w, o.auth_bytes)


def _dec_SaslAuthenticateRequest_1(buf: memoryview, pos: int) -> tuple[SaslAuthenticateRequest, int]:
    o = _new(SaslAuthenticateRequest)
    o.auth_bytes, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SaslAuthenticateRequest_1(o: SaslAuthenticateRequest, w: Writer) -> None:
    _w_cbytes(w, o.auth_bytes)
    w(b'\x00')


_DEC_SaslAuthenticateRequest: list[Callable[[memoryview, int], tuple[SaslAuthenticateRequest, int]]] = [_dec_SaslAuthenticateRequest_0, _dec_SaslAuthenticateRequest_0, _dec_SaslAuthenticateRequest_1]
_ENC_SaslAuthenticateRequest: list[Callable[[SaslAuthenticateRequest, Writer], None]] = [_enc_SaslAuthenticateRequest_0, _enc_SaslAuthenticateRequest_0, _enc_SaslAuthenticateRequest_1]
