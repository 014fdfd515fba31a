"""Generated from Kafka's ConsumerGroupMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class ConsumerGroupMetadataValue:
    """ConsumerGroupMetadataValue v0-0 (generated from ConsumerGroupMetadataValue.json)."""

    __slots__ = ('epoch', 'metadata_hash')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 3
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0

    def __init__(self, *, epoch: int = 0, metadata_hash: int = 0) -> None:
        self.epoch = epoch
        self.metadata_hash = metadata_hash

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
        _ENC_ConsumerGroupMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerGroupMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerGroupMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerGroupMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerGroupMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerGroupMetadataValue v{version} runs past the end of the frame')
        return o, end


ConsumerGroupMetadataValue.FIELD_TYPES = {'epoch': int, 'metadata_hash': int}


def _dec_ConsumerGroupMetadataValue_0(buf: memoryview, pos: int) -> tuple[ConsumerGroupMetadataValue, int]:
    o = _new(ConsumerGroupMetadataValue)
    o.epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.metadata_hash = 0
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.metadata_hash = _S1.unpack_from(buf, pos)[0]; pos += 8
        pos = end
    return o, pos


def _enc_ConsumerGroupMetadataValue_0(o: ConsumerGroupMetadataValue, w: Writer) -> None:
    w(_S0.pack(o.epoch))
    tags: list[bytes] = []
    if o.metadata_hash != 0:
        tb: list[Buffer] = []; tw = tb.append
        tw(_S1.pack(o.metadata_hash))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_ConsumerGroupMetadataValue: list[Callable[[memoryview, int], tuple[ConsumerGroupMetadataValue, int]]] = [_dec_ConsumerGroupMetadataValue_0]
_ENC_ConsumerGroupMetadataValue: list[Callable[[ConsumerGroupMetadataValue, Writer], None]] = [_enc_ConsumerGroupMetadataValue_0]
