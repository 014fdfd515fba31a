"""Generated from Kafka's HeartbeatResponse.json by tools/codegen/generate.py. Do not edit."""

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
class HeartbeatResponse:
    """HeartbeatResponse v0-4 (generated from HeartbeatResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 12
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code

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
        _ENC_HeartbeatResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> HeartbeatResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[HeartbeatResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_HeartbeatResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed HeartbeatResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'HeartbeatResponse v{version} runs past the end of the frame')
        return o, end


HeartbeatResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int}


def _dec_HeartbeatResponse_0(buf: memoryview, pos: int) -> tuple[HeartbeatResponse, int]:
    o = _new(HeartbeatResponse)
    o.throttle_time_ms = 0
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_HeartbeatResponse_0(o: HeartbeatResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))


def _dec_HeartbeatResponse_1(buf: memoryview, pos: int) -> tuple[HeartbeatResponse, int]:
    o = _new(HeartbeatResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_HeartbeatResponse_1(o: HeartbeatResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))


def _dec_HeartbeatResponse_2(buf: memoryview, pos: int) -> tuple[HeartbeatResponse, int]:
    o = _new(HeartbeatResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_HeartbeatResponse_2(o: HeartbeatResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    w(b'\x00')


_DEC_HeartbeatResponse: list[Callable[[memoryview, int], tuple[HeartbeatResponse, int]]] = [_dec_HeartbeatResponse_0, _dec_HeartbeatResponse_1, _dec_HeartbeatResponse_1, _dec_HeartbeatResponse_1, _dec_HeartbeatResponse_2]
_ENC_HeartbeatResponse: list[Callable[[HeartbeatResponse, Writer], None]] = [_enc_HeartbeatResponse_0, _enc_HeartbeatResponse_1, _enc_HeartbeatResponse_1, _enc_HeartbeatResponse_1, _enc_HeartbeatResponse_2]
