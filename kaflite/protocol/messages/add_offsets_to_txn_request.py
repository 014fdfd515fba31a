"""Generated from Kafka's AddOffsetsToTxnRequest.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>q')
_S1 = _struct.Struct('>h')


@mypyc_attr(native_class=False)
class AddOffsetsToTxnRequest:
    """AddOffsetsToTxnRequest v0-4 (generated from AddOffsetsToTxnRequest.json)."""

    __slots__ = ('transactional_id', 'producer_id', 'producer_epoch', 'group_id')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 25
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 3

    def __init__(self, *, transactional_id: str = '', producer_id: int = 0, producer_epoch: int = 0, group_id: str = '') -> None:
        self.transactional_id = transactional_id
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.group_id = group_id

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
        _ENC_AddOffsetsToTxnRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AddOffsetsToTxnRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AddOffsetsToTxnRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AddOffsetsToTxnRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AddOffsetsToTxnRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AddOffsetsToTxnRequest v{version} runs past the end of the frame')
        return o, end


AddOffsetsToTxnRequest.FIELD_TYPES = {'transactional_id': str, 'producer_id': int, 'producer_epoch': int, 'group_id': str}


def _dec_AddOffsetsToTxnRequest_0(buf: memoryview, pos: int) -> tuple[AddOffsetsToTxnRequest, int]:
    o = _new(AddOffsetsToTxnRequest)
    o.transactional_id, pos = _r_nn_str(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.group_id, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_AddOffsetsToTxnRequest_0(o: AddOffsetsToTxnRequest, w: Writer) -> None:
    _w_str(w, o.transactional_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    _w_str(w, o.group_id)


def _dec_AddOffsetsToTxnRequest_1(buf: memoryview, pos: int) -> tuple[AddOffsetsToTxnRequest, int]:
    o = _new(AddOffsetsToTxnRequest)
    o.transactional_id, pos = _r_nn_cstr(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.group_id, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddOffsetsToTxnRequest_1(o: AddOffsetsToTxnRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    _w_cstr(w, o.group_id)
    w(b'\x00')


_DEC_AddOffsetsToTxnRequest: list[Callable[[memoryview, int], tuple[AddOffsetsToTxnRequest, int]]] = [_dec_AddOffsetsToTxnRequest_0, _dec_AddOffsetsToTxnRequest_0, _dec_AddOffsetsToTxnRequest_0, _dec_AddOffsetsToTxnRequest_1, _dec_AddOffsetsToTxnRequest_1]
_ENC_AddOffsetsToTxnRequest: list[Callable[[AddOffsetsToTxnRequest, Writer], None]] = [_enc_AddOffsetsToTxnRequest_0, _enc_AddOffsetsToTxnRequest_0, _enc_AddOffsetsToTxnRequest_0, _enc_AddOffsetsToTxnRequest_1, _enc_AddOffsetsToTxnRequest_1]
