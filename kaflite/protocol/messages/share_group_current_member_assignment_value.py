"""Generated from Kafka's ShareGroupCurrentMemberAssignmentValue.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class TopicPartitions:
    """A TopicPartitions inside ShareGroupCurrentMemberAssignmentValue. (generated from ShareGroupCurrentMemberAssignmentValue.json)."""

    __slots__ = ('topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, partitions: list[int] | None = None) -> None:
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ShareGroupCurrentMemberAssignmentValue:
    """ShareGroupCurrentMemberAssignmentValue v0-0 (generated from ShareGroupCurrentMemberAssignmentValue.json)."""

    __slots__ = ('member_epoch', 'previous_member_epoch', 'state', 'assigned_partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 14
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TopicPartitions: TypeAlias = TopicPartitions

    def __init__(self, *, member_epoch: int = 0, previous_member_epoch: int = 0, state: int = 0, assigned_partitions: list[TopicPartitions] | None = None) -> None:
        self.member_epoch = member_epoch
        self.previous_member_epoch = previous_member_epoch
        self.state = state
        self.assigned_partitions = [] if assigned_partitions is None else assigned_partitions

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
        _ENC_ShareGroupCurrentMemberAssignmentValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupCurrentMemberAssignmentValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupCurrentMemberAssignmentValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupCurrentMemberAssignmentValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupCurrentMemberAssignmentValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupCurrentMemberAssignmentValue v{version} runs past the end of the frame')
        return o, end


TopicPartitions.FIELD_TYPES = {'topic_id': bytes, 'partitions': list[int] | None}
ShareGroupCurrentMemberAssignmentValue.FIELD_TYPES = {'member_epoch': int, 'previous_member_epoch': int, 'state': int, 'assigned_partitions': list[TopicPartitions] | None}


def _dec_TopicPartitions_0(buf: memoryview, pos: int) -> tuple[TopicPartitions, int]:
    o = _new(TopicPartitions)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicPartitions_0(o: TopicPartitions, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_ShareGroupCurrentMemberAssignmentValue_0(buf: memoryview, pos: int) -> tuple[ShareGroupCurrentMemberAssignmentValue, int]:
    o = _new(ShareGroupCurrentMemberAssignmentValue)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.previous_member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.state = _S1.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicPartitions] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicPartitions_0(buf, pos); ap0(x0)
    o.assigned_partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupCurrentMemberAssignmentValue_0(o: ShareGroupCurrentMemberAssignmentValue, w: Writer) -> None:
    w(_S0.pack(o.member_epoch))
    w(_S0.pack(o.previous_member_epoch))
    w(_S1.pack(o.state))
    a0 = o.assigned_partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicPartitions_0(x0, w)
    w(b'\x00')


_DEC_ShareGroupCurrentMemberAssignmentValue: list[Callable[[memoryview, int], tuple[ShareGroupCurrentMemberAssignmentValue, int]]] = [_dec_ShareGroupCurrentMemberAssignmentValue_0]
_ENC_ShareGroupCurrentMemberAssignmentValue: list[Callable[[ShareGroupCurrentMemberAssignmentValue, Writer], None]] = [_enc_ShareGroupCurrentMemberAssignmentValue_0]
