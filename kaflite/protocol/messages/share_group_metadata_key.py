"""Generated from Kafka's ShareGroupMetadataKey.json by tools/codegen/generate.py. Do not edit."""

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
class ShareGroupMetadataKey:
    """ShareGroupMetadataKey v0-0 (generated from ShareGroupMetadataKey.json)."""

    __slots__ = ('group_id',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 11
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 10000

    def __init__(self, *, group_id: str = '') -> None:
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
        _ENC_ShareGroupMetadataKey[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupMetadataKey:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupMetadataKey, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupMetadataKey[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupMetadataKey v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupMetadataKey v{version} runs past the end of the frame')
        return o, end


ShareGroupMetadataKey.FIELD_TYPES = {'group_id': str}


def _dec_ShareGroupMetadataKey_0(buf: memoryview, pos: int) -> tuple[ShareGroupMetadataKey, int]:
    o = _new(ShareGroupMetadataKey)
    o.group_id, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_ShareGroupMetadataKey_0(o: ShareGroupMetadataKey, w: Writer) -> None:
    _w_str(w, o.group_id)


_DEC_ShareGroupMetadataKey: list[Callable[[memoryview, int], tuple[ShareGroupMetadataKey, int]]] = [_dec_ShareGroupMetadataKey_0]
_ENC_ShareGroupMetadataKey: list[Callable[[ShareGroupMetadataKey, Writer], None]] = [_enc_ShareGroupMetadataKey_0]
