"""Generated from Kafka's InitProducerIdRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>q')
_S2 = _struct.Struct('>h')
_S3 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class InitProducerIdRequest:
    """InitProducerIdRequest v0-6 (generated from InitProducerIdRequest.json)."""

    __slots__ = ('transactional_id', 'transaction_timeout_ms', 'producer_id', 'producer_epoch', 'enable2_pc', 'keep_prepared_txn')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 22
    MIN_VERSION = 0
    MAX_VERSION = 6
    FLEXIBLE_MIN = 2

    def __init__(self, *, transactional_id: str | None = '', transaction_timeout_ms: int = 0, producer_id: int = -1, producer_epoch: int = -1, enable2_pc: bool = False, keep_prepared_txn: bool = False) -> None:
        self.transactional_id = transactional_id
        self.transaction_timeout_ms = transaction_timeout_ms
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.enable2_pc = enable2_pc
        self.keep_prepared_txn = keep_prepared_txn

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
        _ENC_InitProducerIdRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> InitProducerIdRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[InitProducerIdRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_InitProducerIdRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed InitProducerIdRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'InitProducerIdRequest v{version} runs past the end of the frame')
        return o, end


InitProducerIdRequest.FIELD_TYPES = {'transactional_id': str | None, 'transaction_timeout_ms': int, 'producer_id': int, 'producer_epoch': int, 'enable2_pc': bool, 'keep_prepared_txn': bool}


def _dec_InitProducerIdRequest_0(buf: memoryview, pos: int) -> tuple[InitProducerIdRequest, int]:
    o = _new(InitProducerIdRequest)
    o.transactional_id, pos = _r_str(buf, pos)
    o.transaction_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.producer_id = -1
    o.producer_epoch = -1
    o.enable2_pc = False
    o.keep_prepared_txn = False
    return o, pos


def _enc_InitProducerIdRequest_0(o: InitProducerIdRequest, w: Writer) -> None:
    _w_str(w, o.transactional_id)
    w(_S0.pack(o.transaction_timeout_ms))


def _dec_InitProducerIdRequest_1(buf: memoryview, pos: int) -> tuple[InitProducerIdRequest, int]:
    o = _new(InitProducerIdRequest)
    o.transactional_id, pos = _r_cstr(buf, pos)
    o.transaction_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.producer_id = -1
    o.producer_epoch = -1
    o.enable2_pc = False
    o.keep_prepared_txn = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_InitProducerIdRequest_1(o: InitProducerIdRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.transaction_timeout_ms))
    w(b'\x00')


def _dec_InitProducerIdRequest_2(buf: memoryview, pos: int) -> tuple[InitProducerIdRequest, int]:
    o = _new(InitProducerIdRequest)
    o.transactional_id, pos = _r_cstr(buf, pos)
    o.transaction_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.producer_id = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.enable2_pc = False
    o.keep_prepared_txn = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_InitProducerIdRequest_2(o: InitProducerIdRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.transaction_timeout_ms))
    w(_S1.pack(o.producer_id))
    w(_S2.pack(o.producer_epoch))
    w(b'\x00')


def _dec_InitProducerIdRequest_3(buf: memoryview, pos: int) -> tuple[InitProducerIdRequest, int]:
    o = _new(InitProducerIdRequest)
    o.transactional_id, pos = _r_cstr(buf, pos)
    o.transaction_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.producer_id = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S2.unpack_from(buf, pos)[0]; pos += 2
    o.enable2_pc = _S3.unpack_from(buf, pos)[0]; pos += 1
    o.keep_prepared_txn = _S3.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_InitProducerIdRequest_3(o: InitProducerIdRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.transaction_timeout_ms))
    w(_S1.pack(o.producer_id))
    w(_S2.pack(o.producer_epoch))
    w(_S3.pack(o.enable2_pc))
    w(_S3.pack(o.keep_prepared_txn))
    w(b'\x00')


_DEC_InitProducerIdRequest: list[Callable[[memoryview, int], tuple[InitProducerIdRequest, int]]] = [_dec_InitProducerIdRequest_0, _dec_InitProducerIdRequest_0, _dec_InitProducerIdRequest_1, _dec_InitProducerIdRequest_2, _dec_InitProducerIdRequest_2, _dec_InitProducerIdRequest_2, _dec_InitProducerIdRequest_3]
_ENC_InitProducerIdRequest: list[Callable[[InitProducerIdRequest, Writer], None]] = [_enc_InitProducerIdRequest_0, _enc_InitProducerIdRequest_0, _enc_InitProducerIdRequest_1, _enc_InitProducerIdRequest_2, _enc_InitProducerIdRequest_2, _enc_InitProducerIdRequest_2, _enc_InitProducerIdRequest_3]
