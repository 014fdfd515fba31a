"""Generated from Kafka's AddOffsetsToTxnResponse.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>i')
_S1 = _struct.Struct('>h')


@mypyc_attr(native_class=False)
class AddOffsetsToTxnResponse:
    """AddOffsetsToTxnResponse v0-4 (generated from AddOffsetsToTxnResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 25
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 3

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
        _ENC_AddOffsetsToTxnResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AddOffsetsToTxnResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AddOffsetsToTxnResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AddOffsetsToTxnResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AddOffsetsToTxnResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AddOffsetsToTxnResponse v{version} runs past the end of the frame')
        return o, end


AddOffsetsToTxnResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int}


def _dec_AddOffsetsToTxnResponse_0(buf: memoryview, pos: int) -> tuple[AddOffsetsToTxnResponse, int]:
    o = _new(AddOffsetsToTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_AddOffsetsToTxnResponse_0(o: AddOffsetsToTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))


def _dec_AddOffsetsToTxnResponse_1(buf: memoryview, pos: int) -> tuple[AddOffsetsToTxnResponse, int]:
    o = _new(AddOffsetsToTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddOffsetsToTxnResponse_1(o: AddOffsetsToTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(b'\x00')


_DEC_AddOffsetsToTxnResponse: list[Callable[[memoryview, int], tuple[AddOffsetsToTxnResponse, int]]] = [_dec_AddOffsetsToTxnResponse_0, _dec_AddOffsetsToTxnResponse_0, _dec_AddOffsetsToTxnResponse_0, _dec_AddOffsetsToTxnResponse_1, _dec_AddOffsetsToTxnResponse_1]
_ENC_AddOffsetsToTxnResponse: list[Callable[[AddOffsetsToTxnResponse, Writer], None]] = [_enc_AddOffsetsToTxnResponse_0, _enc_AddOffsetsToTxnResponse_0, _enc_AddOffsetsToTxnResponse_0, _enc_AddOffsetsToTxnResponse_1, _enc_AddOffsetsToTxnResponse_1]
