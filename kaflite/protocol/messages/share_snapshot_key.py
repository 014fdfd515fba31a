"""Generated from Kafka's ShareSnapshotKey.json by tools/codegen/generate.py. Do not edit."""

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
class ShareSnapshotKey:
    """ShareSnapshotKey v0-0 (generated from ShareSnapshotKey.json)."""

    __slots__ = ('group_id', 'topic_id', 'partition')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 0
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 10000

    def __init__(self, *, group_id: str = '', topic_id: bytes = ZERO_UUID, partition: int = 0) -> None:
        self.group_id = group_id
        self.topic_id = topic_id
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
        _ENC_ShareSnapshotKey[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareSnapshotKey:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareSnapshotKey, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareSnapshotKey[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareSnapshotKey v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareSnapshotKey v{version} runs past the end of the frame')
        return o, end


ShareSnapshotKey.FIELD_TYPES = {'group_id': str, 'topic_id': bytes, 'partition': int}


def _dec_ShareSnapshotKey_0(buf: memoryview, pos: int) -> tuple[ShareSnapshotKey, int]:
    o = _new(ShareSnapshotKey)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_ShareSnapshotKey_0(o: ShareSnapshotKey, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(o.topic_id)
    w(_S0.pack(o.partition))


_DEC_ShareSnapshotKey: list[Callable[[memoryview, int], tuple[ShareSnapshotKey, int]]] = [_dec_ShareSnapshotKey_0]
_ENC_ShareSnapshotKey: list[Callable[[ShareSnapshotKey, Writer], None]] = [_enc_ShareSnapshotKey_0]
