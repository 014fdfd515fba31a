"""Generated from Kafka's OffsetCommitKey.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class OffsetCommitKey:
    """OffsetCommitKey v0-1 (generated from OffsetCommitKey.json)."""

    __slots__ = ('group', 'topic', 'partition')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 10000

    def __init__(self, *, group: str = '', topic: str = '', partition: int = 0) -> None:
        self.group = group
        self.topic = topic
        self.partition = partition

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
        _ENC_OffsetCommitKey[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetCommitKey:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetCommitKey, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetCommitKey[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetCommitKey v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetCommitKey v{version} runs past the end of the frame')
        return o, end


OffsetCommitKey.FIELD_TYPES = {'group': str, 'topic': str, 'partition': int}


def _dec_OffsetCommitKey_0(buf: memoryview, pos: int) -> tuple[OffsetCommitKey, int]:
    o = _new(OffsetCommitKey)
    o.group, pos = _r_nn_str(buf, pos)
    o.topic, pos = _r_nn_str(buf, pos)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_OffsetCommitKey_0(o: OffsetCommitKey, w: Writer) -> None:
    _w_str(w, o.group)
    _w_str(w, o.topic)
    w(_S0.pack(o.partition))


_DEC_OffsetCommitKey: list[Callable[[memoryview, int], tuple[OffsetCommitKey, int]]] = [_dec_OffsetCommitKey_0, _dec_OffsetCommitKey_0]
_ENC_OffsetCommitKey: list[Callable[[OffsetCommitKey, Writer], None]] = [_enc_OffsetCommitKey_0, _enc_OffsetCommitKey_0]
