"""Generated from Kafka's InitProducerIdResponse.json by tools/codegen/generate.py. Do not edit."""

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
class InitProducerIdResponse:
    """InitProducerIdResponse v0-6 (generated from InitProducerIdResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'producer_id', 'producer_epoch', 'ongoing_txn_producer_id', 'ongoing_txn_producer_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 22
    MIN_VERSION = 0
    MAX_VERSION = 6
    FLEXIBLE_MIN = 2

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, producer_id: int = -1, producer_epoch: int = 0, ongoing_txn_producer_id: int = -1, ongoing_txn_producer_epoch: int = -1) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.ongoing_txn_producer_id = ongoing_txn_producer_id
        self.ongoing_txn_producer_epoch = ongoing_txn_producer_epoch

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
        _ENC_InitProducerIdResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> InitProducerIdResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[InitProducerIdResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_InitProducerIdResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed InitProducerIdResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'InitProducerIdResponse v{version} runs past the end of the frame')
        return o, end


InitProducerIdResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'producer_id': int, 'producer_epoch': int, 'ongoing_txn_producer_id': int, 'ongoing_txn_producer_epoch': int}


def _dec_InitProducerIdResponse_0(buf: memoryview, pos: int) -> tuple[InitProducerIdResponse, int]:
    o = _new(InitProducerIdResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.ongoing_txn_producer_id = -1
    o.ongoing_txn_producer_epoch = -1
    return o, pos


def _enc_InitProducerIdResponse_0(o: InitProducerIdResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))


def _dec_InitProducerIdResponse_1(buf: memoryview, pos: int) -> tuple[InitProducerIdResponse, int]:
    o = _new(InitProducerIdResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.ongoing_txn_producer_id = -1
    o.ongoing_txn_producer_epoch = -1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_InitProducerIdResponse_1(o: InitProducerIdResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(b'\x00')


def _dec_InitProducerIdResponse_2(buf: memoryview, pos: int) -> tuple[InitProducerIdResponse, int]:
    o = _new(InitProducerIdResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.ongoing_txn_producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.ongoing_txn_producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_InitProducerIdResponse_2(o: InitProducerIdResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.ongoing_txn_producer_id))
    w(_S1.pack(o.ongoing_txn_producer_epoch))
    w(b'\x00')


_DEC_InitProducerIdResponse: list[Callable[[memoryview, int], tuple[InitProducerIdResponse, int]]] = [_dec_InitProducerIdResponse_0, _dec_InitProducerIdResponse_0, _dec_InitProducerIdResponse_1, _dec_InitProducerIdResponse_1, _dec_InitProducerIdResponse_1, _dec_InitProducerIdResponse_1, _dec_InitProducerIdResponse_2]
_ENC_InitProducerIdResponse: list[Callable[[InitProducerIdResponse, Writer], None]] = [_enc_InitProducerIdResponse_0, _enc_InitProducerIdResponse_0, _enc_InitProducerIdResponse_1, _enc_InitProducerIdResponse_1, _enc_InitProducerIdResponse_1, _enc_InitProducerIdResponse_1, _enc_InitProducerIdResponse_2]
