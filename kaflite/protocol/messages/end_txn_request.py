"""Generated from Kafka's EndTxnRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class EndTxnRequest:
    """EndTxnRequest v0-5 (generated from EndTxnRequest.json)."""

    __slots__ = ('transactional_id', 'producer_id', 'producer_epoch', 'committed')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 26
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3

    def __init__(self, *, transactional_id: str = '', producer_id: int = 0, producer_epoch: int = 0, committed: bool = False) -> None:
        self.transactional_id = transactional_id
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.committed = committed

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
        _ENC_EndTxnRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> EndTxnRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[EndTxnRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_EndTxnRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed EndTxnRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'EndTxnRequest v{version} runs past the end of the frame')
        return o, end


EndTxnRequest.FIELD_TYPES = {'transactional_id': str, 'producer_id': int, 'producer_epoch': int, 'committed': bool}


def _dec_EndTxnRequest_0(buf: memoryview, pos: int) -> tuple[EndTxnRequest, int]:
    o = _new(EndTxnRequest)
    o.transactional_id, pos = _r_nn_str(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.committed = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_EndTxnRequest_0(o: EndTxnRequest, w: Writer) -> None:
    _w_str(w, o.transactional_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.committed))


def _dec_EndTxnRequest_1(buf: memoryview, pos: int) -> tuple[EndTxnRequest, int]:
    o = _new(EndTxnRequest)
    o.transactional_id, pos = _r_nn_cstr(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.committed = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EndTxnRequest_1(o: EndTxnRequest, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.committed))
    w(b'\x00')


_DEC_EndTxnRequest: list[Callable[[memoryview, int], tuple[EndTxnRequest, int]]] = [_dec_EndTxnRequest_0, _dec_EndTxnRequest_0, _dec_EndTxnRequest_0, _dec_EndTxnRequest_1, _dec_EndTxnRequest_1, _dec_EndTxnRequest_1]
_ENC_EndTxnRequest: list[Callable[[EndTxnRequest, Writer], None]] = [_enc_EndTxnRequest_0, _enc_EndTxnRequest_0, _enc_EndTxnRequest_0, _enc_EndTxnRequest_1, _enc_EndTxnRequest_1, _enc_EndTxnRequest_1]
