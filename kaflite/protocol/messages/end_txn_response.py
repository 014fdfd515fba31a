"""Generated from Kafka's EndTxnResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class EndTxnResponse:
    """EndTxnResponse v0-5 (generated from EndTxnResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'producer_id', 'producer_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 26
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, producer_id: int = -1, producer_epoch: int = -1) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch

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
        _ENC_EndTxnResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> EndTxnResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[EndTxnResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_EndTxnResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed EndTxnResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'EndTxnResponse v{version} runs past the end of the frame')
        return o, end


EndTxnResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'producer_id': int, 'producer_epoch': int}


def _dec_EndTxnResponse_0(buf: memoryview, pos: int) -> tuple[EndTxnResponse, int]:
    o = _new(EndTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.producer_id = -1
    o.producer_epoch = -1
    return o, pos


def _enc_EndTxnResponse_0(o: EndTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))


def _dec_EndTxnResponse_1(buf: memoryview, pos: int) -> tuple[EndTxnResponse, int]:
    o = _new(EndTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.producer_id = -1
    o.producer_epoch = -1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EndTxnResponse_1(o: EndTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(b'\x00')


def _dec_EndTxnResponse_2(buf: memoryview, pos: int) -> tuple[EndTxnResponse, int]:
    o = _new(EndTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EndTxnResponse_2(o: EndTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(b'\x00')


_DEC_EndTxnResponse: list[Callable[[memoryview, int], tuple[EndTxnResponse, int]]] = [_dec_EndTxnResponse_0, _dec_EndTxnResponse_0, _dec_EndTxnResponse_0, _dec_EndTxnResponse_1, _dec_EndTxnResponse_1, _dec_EndTxnResponse_2]
_ENC_EndTxnResponse: list[Callable[[EndTxnResponse, Writer], None]] = [_enc_EndTxnResponse_0, _enc_EndTxnResponse_0, _enc_EndTxnResponse_0, _enc_EndTxnResponse_1, _enc_EndTxnResponse_1, _enc_EndTxnResponse_2]
