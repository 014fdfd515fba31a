"""Generated from Kafka's SaslAuthenticateResponse.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>h')
_S1 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class SaslAuthenticateResponse:
    """SaslAuthenticateResponse v0-2 (generated from SaslAuthenticateResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'auth_bytes', 'session_lifetime_ms')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 36
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2

    def __init__(self, *, error_code: int = 0, error_message: str | None = '', auth_bytes: bytes = b'', session_lifetime_ms: int = 0) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.auth_bytes = auth_bytes
        self.session_lifetime_ms = session_lifetime_ms

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
        _ENC_SaslAuthenticateResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> SaslAuthenticateResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[SaslAuthenticateResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_SaslAuthenticateResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed SaslAuthenticateResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'SaslAuthenticateResponse v{version} runs past the end of the frame')
        return o, end


SaslAuthenticateResponse.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'auth_bytes': bytes, 'session_lifetime_ms': int}


def _dec_SaslAuthenticateResponse_0(buf: memoryview, pos: int) -> tuple[SaslAuthenticateResponse, int]:
    o = _new(SaslAuthenticateResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.auth_bytes, pos = _r_nn_bytes(buf, pos)
    o.session_lifetime_ms = 0
    return o, pos


def _enc_SaslAuthenticateResponse_0(o: SaslAuthenticateResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    _w_str(w, o.error_message)
    _w_bytes(w, o.auth_bytes)


def _dec_SaslAuthenticateResponse_1(buf: memoryview, pos: int) -> tuple[SaslAuthenticateResponse, int]:
    o = _new(SaslAuthenticateResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.auth_bytes, pos = _r_nn_bytes(buf, pos)
    o.session_lifetime_ms = _S1.unpack_from(buf, pos)[0]; pos += 8
    return o, pos


def _enc_SaslAuthenticateResponse_1(o: SaslAuthenticateResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    _w_str(w, o.error_message)
    _w_bytes(w, o.auth_bytes)
    w(_S1.pack(o.session_lifetime_ms))


def _dec_SaslAuthenticateResponse_2(buf: memoryview, pos: int) -> tuple[SaslAuthenticateResponse, int]:
    o = _new(SaslAuthenticateResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.auth_bytes, pos = _r_nn_cbytes(buf, pos)
    o.session_lifetime_ms = _S1.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SaslAuthenticateResponse_2(o: SaslAuthenticateResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    _w_cstr(w, o.error_message)
    _w_cbytes(w, o.auth_bytes)
    w(_S1.pack(o.session_lifetime_ms))
    w(b'\x00')


_DEC_SaslAuthenticateResponse: list[Callable[[memoryview, int], tuple[SaslAuthenticateResponse, int]]] = [_dec_SaslAuthenticateResponse_0, _dec_SaslAuthenticateResponse_1, _dec_SaslAuthenticateResponse_2]
_ENC_SaslAuthenticateResponse: list[Callable[[SaslAuthenticateResponse, Writer], None]] = [_enc_SaslAuthenticateResponse_0, _enc_SaslAuthenticateResponse_1, _enc_SaslAuthenticateResponse_2]
