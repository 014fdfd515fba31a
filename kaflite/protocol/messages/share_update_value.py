"""Generated from Kafka's ShareUpdateValue.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>b')
_S3 = _struct.Struct('>h')


@mypyc_attr(native_class=False)
class StateBatch:
    """A StateBatch inside ShareUpdateValue. (generated from ShareUpdateValue.json)."""

    __slots__ = ('first_offset', 'last_offset', 'delivery_state', 'delivery_count')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, first_offset: int = 0, last_offset: int = 0, delivery_state: int = 0, delivery_count: int = 0) -> None:
        self.first_offset = first_offset
        self.last_offset = last_offset
        self.delivery_state = delivery_state
        self.delivery_count = delivery_count

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ShareUpdateValue:
    """ShareUpdateValue v0-0 (generated from ShareUpdateValue.json)."""

    __slots__ = ('snapshot_epoch', 'leader_epoch', 'start_offset', 'delivery_complete_count', 'state_batches')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 1
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    StateBatch: TypeAlias = StateBatch

    def __init__(self, *, snapshot_epoch: int = 0, leader_epoch: int = 0, start_offset: int = 0, delivery_complete_count: int = -1, state_batches: list[StateBatch] | None = None) -> None:
        self.snapshot_epoch = snapshot_epoch
        self.leader_epoch = leader_epoch
        self.start_offset = start_offset
        self.delivery_complete_count = delivery_complete_count
        self.state_batches = [] if state_batches is None else state_batches

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
        _ENC_ShareUpdateValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareUpdateValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareUpdateValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareUpdateValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareUpdateValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareUpdateValue v{version} runs past the end of the frame')
        return o, end


StateBatch.FIELD_TYPES = {'first_offset': int, 'last_offset': int, 'delivery_state': int, 'delivery_count': int}
ShareUpdateValue.FIELD_TYPES = {'snapshot_epoch': int, 'leader_epoch': int, 'start_offset': int, 'delivery_complete_count': int, 'state_batches': list[StateBatch] | None}


def _dec_StateBatch_0(buf: memoryview, pos: int) -> tuple[StateBatch, int]:
    o = _new(StateBatch)
    o.first_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.last_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.delivery_state = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.delivery_count = _S3.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_StateBatch_0(o: StateBatch, w: Writer) -> None:
    w(_S1.pack(o.first_offset))
    w(_S1.pack(o.last_offset))
    w(_S2.pack(o.delivery_state))
    w(_S3.pack(o.delivery_count))
    w(b'\x00')


def _dec_ShareUpdateValue_0(buf: memoryview, pos: int) -> tuple[ShareUpdateValue, int]:
    o = _new(ShareUpdateValue)
    o.snapshot_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.start_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.delivery_complete_count = -1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[StateBatch] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_StateBatch_0(buf, pos); ap0(x0)
    o.state_batches = a0
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.delivery_complete_count = _S0.unpack_from(buf, pos)[0]; pos += 4
        pos = end
    return o, pos


def _enc_ShareUpdateValue_0(o: ShareUpdateValue, w: Writer) -> None:
    w(_S0.pack(o.snapshot_epoch))
    w(_S0.pack(o.leader_epoch))
    w(_S1.pack(o.start_offset))
    a0 = o.state_batches
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_StateBatch_0(x0, w)
    tags: list[bytes] = []
    if o.delivery_complete_count != -1:
        tb: list[Buffer] = []; tw = tb.append
        tw(_S0.pack(o.delivery_complete_count))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_ShareUpdateValue: list[Callable[[memoryview, int], tuple[ShareUpdateValue, int]]] = [_dec_ShareUpdateValue_0]
_ENC_ShareUpdateValue: list[Callable[[ShareUpdateValue, Writer], None]] = [_enc_ShareUpdateValue_0]
