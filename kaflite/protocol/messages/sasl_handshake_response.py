"""Generated from Kafka's SaslHandshakeResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>i')


@mypyc_attr(native_class=False)
class SaslHandshakeResponse:
    """SaslHandshakeResponse v0-1 (generated from SaslHandshakeResponse.json)."""

    __slots__ = ('error_code', 'mechanisms')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 17
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 10000

    def __init__(self, *, error_code: int = 0, mechanisms: list[str] | None = None) -> None:
        self.error_code = error_code
        self.mechanisms = [] if mechanisms is None else mechanisms

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
        _ENC_SaslHandshakeResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> SaslHandshakeResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[SaslHandshakeResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_SaslHandshakeResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed SaslHandshakeResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'SaslHandshakeResponse v{version} runs past the end of the frame')
        return o, end


SaslHandshakeResponse.FIELD_TYPES = {'error_code': int, 'mechanisms': list[str] | None}


def _dec_SaslHandshakeResponse_0(buf: memoryview, pos: int) -> tuple[SaslHandshakeResponse, int]:
    o = _new(SaslHandshakeResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.mechanisms = a0
    return o, pos


def _enc_SaslHandshakeResponse_0(o: SaslHandshakeResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    a0 = o.mechanisms
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)


_DEC_SaslHandshakeResponse: list[Callable[[memoryview, int], tuple[SaslHandshakeResponse, int]]] = [_dec_SaslHandshakeResponse_0, _dec_SaslHandshakeResponse_0]
_ENC_SaslHandshakeResponse: list[Callable[[SaslHandshakeResponse, Writer], None]] = [_enc_SaslHandshakeResponse_0, _enc_SaslHandshakeResponse_0]
