"""Generated from Kafka's SaslHandshakeRequest.json by tools/codegen/generate.py. Do not edit."""

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
class SaslHandshakeRequest:
    """SaslHandshakeRequest v0-1 (generated from SaslHandshakeRequest.json)."""

    __slots__ = ('mechanism',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 17
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 10000

    def __init__(self, *, mechanism: str = '') -> None:
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
        _ENC_SaslHandshakeRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> SaslHandshakeRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[SaslHandshakeRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_SaslHandshakeRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed SaslHandshakeRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'SaslHandshakeRequest v{version} runs past the end of the frame')
        return o, end


SaslHandshakeRequest.FIELD_TYPES = {'mechanism': str}


def _dec_SaslHandshakeRequest_0(buf: memoryview, pos: int) -> tuple[SaslHandshakeRequest, int]:
    o = _new(SaslHandshakeRequest)
    o.mechanism, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_SaslHandshakeRequest_0(o: SaslHandshakeRequest, w: Writer) -> None:
    _w_str(w, o.mechanism)


_DEC_SaslHandshakeRequest: list[Callable[[memoryview, int], tuple[SaslHandshakeRequest, int]]] = [_dec_SaslHandshakeRequest_0, _dec_SaslHandshakeRequest_0]
_ENC_SaslHandshakeRequest: list[Callable[[SaslHandshakeRequest, Writer], None]] = [_enc_SaslHandshakeRequest_0, _enc_SaslHandshakeRequest_0]
