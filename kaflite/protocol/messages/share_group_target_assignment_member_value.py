"""Generated from Kafka's ShareGroupTargetAssignmentMemberValue.json by tools/codegen/generate.py. Do not edit."""

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
class TopicPartition:
    """A TopicPartition inside ShareGroupTargetAssignmentMemberValue. (generated from ShareGroupTargetAssignmentMemberValue.json)."""

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
class ShareGroupTargetAssignmentMemberValue:
    """ShareGroupTargetAssignmentMemberValue v0-0 (generated from ShareGroupTargetAssignmentMemberValue.json)."""

    __slots__ = ('topic_partitions',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 13
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TopicPartition: TypeAlias = TopicPartition

    def __init__(self, *, topic_partitions: list[TopicPartition] | None = None) -> None:
        self.topic_partitions = [] if topic_partitions is None else topic_partitions

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
        _ENC_ShareGroupTargetAssignmentMemberValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupTargetAssignmentMemberValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupTargetAssignmentMemberValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupTargetAssignmentMemberValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupTargetAssignmentMemberValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupTargetAssignmentMemberValue v{version} runs past the end of the frame')
        return o, end


TopicPartition.FIELD_TYPES = {'topic_id': bytes, 'partitions': list[int] | None}
ShareGroupTargetAssignmentMemberValue.FIELD_TYPES = {'topic_partitions': list[TopicPartition] | None}


def _dec_TopicPartition_0(buf: memoryview, pos: int) -> tuple[TopicPartition, int]:
    o = _new(TopicPartition)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicPartition_0(o: TopicPartition, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_ShareGroupTargetAssignmentMemberValue_0(buf: memoryview, pos: int) -> tuple[ShareGroupTargetAssignmentMemberValue, int]:
    o = _new(ShareGroupTargetAssignmentMemberValue)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicPartition_0(buf, pos); ap0(x0)
    o.topic_partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupTargetAssignmentMemberValue_0(o: ShareGroupTargetAssignmentMemberValue, w: Writer) -> None:
    a0 = o.topic_partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicPartition_0(x0, w)
    w(b'\x00')


_DEC_ShareGroupTargetAssignmentMemberValue: list[Callable[[memoryview, int], tuple[ShareGroupTargetAssignmentMemberValue, int]]] = [_dec_ShareGroupTargetAssignmentMemberValue_0]
_ENC_ShareGroupTargetAssignmentMemberValue: list[Callable[[ShareGroupTargetAssignmentMemberValue, Writer], None]] = [_enc_ShareGroupTargetAssignmentMemberValue_0]
