"""Generated from Kafka's GroupMetadataKey.json by tools/codegen/generate.py. Do not edit."""

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
class GroupMetadataKey:
    """GroupMetadataKey v2-2 (generated from GroupMetadataKey.json)."""

    __slots__ = ('group',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    MIN_VERSION = 2
    MAX_VERSION = 2
    FLEXIBLE_MIN = 10000

    def __init__(self, *, group: str = '') -> None:
        self.group = group

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
        _ENC_GroupMetadataKey[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> GroupMetadataKey:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[GroupMetadataKey, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_GroupMetadataKey[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed GroupMetadataKey v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'GroupMetadataKey v{version} runs past the end of the frame')
        return o, end


GroupMetadataKey.FIELD_TYPES = {'group': str}


def _dec_GroupMetadataKey_0(buf: memoryview, pos: int) -> tuple[GroupMetadataKey, int]:
    o = _new(GroupMetadataKey)
    o.group, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_GroupMetadataKey_0(o: GroupMetadataKey, w: Writer) -> None:
    _w_str(w, o.group)


_DEC_GroupMetadataKey: list[Callable[[memoryview, int], tuple[GroupMetadataKey, int]]] = [_unsupported, _unsupported, _dec_GroupMetadataKey_0]
_ENC_GroupMetadataKey: list[Callable[[GroupMetadataKey, Writer], None]] = [_unsupported, _unsupported, _enc_GroupMetadataKey_0]
