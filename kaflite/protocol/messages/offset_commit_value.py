"""Generated from Kafka's OffsetCommitValue.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>i')


@mypyc_attr(native_class=False)
class OffsetCommitValue:
    """OffsetCommitValue v0-4 (generated from OffsetCommitValue.json)."""

    __slots__ = ('offset', 'leader_epoch', 'metadata', 'commit_timestamp', 'expire_timestamp')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4

    def __init__(self, *, offset: int = 0, leader_epoch: int = -1, metadata: str = '', commit_timestamp: int = 0, expire_timestamp: int = -1) -> None:
        self.offset = offset
        self.leader_epoch = leader_epoch
        self.metadata = metadata
        self.commit_timestamp = commit_timestamp
        self.expire_timestamp = expire_timestamp

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
        _ENC_OffsetCommitValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetCommitValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetCommitValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetCommitValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetCommitValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetCommitValue v{version} runs past the end of the frame')
        return o, end


OffsetCommitValue.FIELD_TYPES = {'offset': int, 'leader_epoch': int, 'metadata': str, 'commit_timestamp': int, 'expire_timestamp': int}


def _dec_OffsetCommitValue_0(buf: memoryview, pos: int) -> tuple[OffsetCommitValue, int]:
    o = _new(OffsetCommitValue)
    o.offset = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = -1
    o.metadata, pos = _r_nn_str(buf, pos)
    o.commit_timestamp = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.expire_timestamp = -1
    return o, pos


def _enc_OffsetCommitValue_0(o: OffsetCommitValue, w: Writer) -> None:
    w(_S0.pack(o.offset))
    _w_str(w, o.metadata)
    w(_S0.pack(o.commit_timestamp))


def _dec_OffsetCommitValue_1(buf: memoryview, pos: int) -> tuple[OffsetCommitValue, int]:
    o = _new(OffsetCommitValue)
    o.offset = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = -1
    o.metadata, pos = _r_nn_str(buf, pos)
    o.commit_timestamp = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.expire_timestamp = _S0.unpack_from(buf, pos)[0]; pos += 8
    return o, pos


def _enc_OffsetCommitValue_1(o: OffsetCommitValue, w: Writer) -> None:
    w(_S0.pack(o.offset))
    _w_str(w, o.metadata)
    w(_S0.pack(o.commit_timestamp))
    w(_S0.pack(o.expire_timestamp))


def _dec_OffsetCommitValue_2(buf: memoryview, pos: int) -> tuple[OffsetCommitValue, int]:
    o = _new(OffsetCommitValue)
    o.offset = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.metadata, pos = _r_nn_str(buf, pos)
    o.commit_timestamp = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.expire_timestamp = -1
    return o, pos


def _enc_OffsetCommitValue_2(o: OffsetCommitValue, w: Writer) -> None:
    w(_S0.pack(o.offset))
    w(_S1.pack(o.leader_epoch))
    _w_str(w, o.metadata)
    w(_S0.pack(o.commit_timestamp))


def _dec_OffsetCommitValue_3(buf: memoryview, pos: int) -> tuple[OffsetCommitValue, int]:
    o = _new(OffsetCommitValue)
    o.offset = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.leader_epoch = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.metadata, pos = _r_nn_cstr(buf, pos)
    o.commit_timestamp = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.expire_timestamp = -1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetCommitValue_3(o: OffsetCommitValue, w: Writer) -> None:
    w(_S0.pack(o.offset))
    w(_S1.pack(o.leader_epoch))
    _w_cstr(w, o.metadata)
    w(_S0.pack(o.commit_timestamp))
    w(b'\x00')


_DEC_OffsetCommitValue: list[Callable[[memoryview, int], tuple[OffsetCommitValue, int]]] = [_dec_OffsetCommitValue_0, _dec_OffsetCommitValue_1, _dec_OffsetCommitValue_0, _dec_OffsetCommitValue_2, _dec_OffsetCommitValue_3]
_ENC_OffsetCommitValue: list[Callable[[OffsetCommitValue, Writer], None]] = [_enc_OffsetCommitValue_0, _enc_OffsetCommitValue_1, _enc_OffsetCommitValue_0, _enc_OffsetCommitValue_2, _enc_OffsetCommitValue_3]
