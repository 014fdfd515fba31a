"""Generated from Kafka's ShareGroupMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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
class ShareGroupMetadataValue:
    """ShareGroupMetadataValue v0-0 (generated from ShareGroupMetadataValue.json)."""

    __slots__ = ('epoch', 'metadata_hash')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 11
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
        _ENC_ShareGroupMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupMetadataValue v{version} runs past the end of the frame')
        return o, end


ShareGroupMetadataValue.FIELD_TYPES = {'epoch': int, 'metadata_hash': int}


def _dec_ShareGroupMetadataValue_0(buf: memoryview, pos: int) -> tuple[ShareGroupMetadataValue, int]:
    o = _new(ShareGroupMetadataValue)
    o.epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.metadata_hash = _S1.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupMetadataValue_0(o: ShareGroupMetadataValue, w: Writer) -> None:
    w(_S0.pack(o.epoch))
    w(_S1.pack(o.metadata_hash))
    w(b'\x00')


_DEC_ShareGroupMetadataValue: list[Callable[[memoryview, int], tuple[ShareGroupMetadataValue, int]]] = [_dec_ShareGroupMetadataValue_0]
_ENC_ShareGroupMetadataValue: list[Callable[[ShareGroupMetadataValue, Writer], None]] = [_enc_ShareGroupMetadataValue_0]
