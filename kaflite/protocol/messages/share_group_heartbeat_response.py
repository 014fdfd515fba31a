"""Generated from Kafka's ShareGroupHeartbeatResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>h')
_S2 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class Assignment:
    """A Assignment inside ShareGroupHeartbeatResponse. (generated from ShareGroupHeartbeatResponse.json)."""

    __slots__ = ('topic_partitions',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_partitions: list[TopicPartitions] | None = None) -> None:
        self.topic_partitions = [] if topic_partitions is None else topic_partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TopicPartitions:
    """A TopicPartitions inside ShareGroupHeartbeatResponse. (generated from ShareGroupHeartbeatResponse.json)."""

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
class ShareGroupHeartbeatResponse:
    """ShareGroupHeartbeatResponse v1-1 (generated from ShareGroupHeartbeatResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'error_message', 'member_id', 'member_epoch', 'heartbeat_interval_ms', 'assignment')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 76
    MIN_VERSION = 1
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    Assignment: TypeAlias = Assignment
    TopicPartitions: TypeAlias = TopicPartitions

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, error_message: str | None = None, member_id: str | None = None, member_epoch: int = 0, heartbeat_interval_ms: int = 0, assignment: Assignment | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.error_message = error_message
        self.member_id = member_id
        self.member_epoch = member_epoch
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.assignment = assignment

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
        _ENC_ShareGroupHeartbeatResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupHeartbeatResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupHeartbeatResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupHeartbeatResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupHeartbeatResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupHeartbeatResponse v{version} runs past the end of the frame')
        return o, end


Assignment.FIELD_TYPES = {'topic_partitions': list[TopicPartitions] | None}
TopicPartitions.FIELD_TYPES = {'topic_id': bytes, 'partitions': list[int] | None}
ShareGroupHeartbeatResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'error_message': str | None, 'member_id': str | None, 'member_epoch': int, 'heartbeat_interval_ms': int, 'assignment': Assignment | None}


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


def _dec_Assignment_0(buf: memoryview, pos: int) -> tuple[Assignment, int]:
    o = _new(Assignment)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicPartitions] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicPartitions_0(buf, pos); ap0(x0)
    o.topic_partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_Assignment_0(o: Assignment, w: Writer) -> None:
    a0 = o.topic_partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicPartitions_0(x0, w)
    w(b'\x00')


def _dec_ShareGroupHeartbeatResponse_0(buf: memoryview, pos: int) -> tuple[ShareGroupHeartbeatResponse, int]:
    o = _new(ShareGroupHeartbeatResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.member_id, pos = _r_cstr(buf, pos)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.heartbeat_interval_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    if _S2.unpack_from(buf, pos)[0] < 0:
        pos += 1; o.assignment = None
    else:
        o.assignment, pos = _dec_Assignment_0(buf, pos + 1)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupHeartbeatResponse_0(o: ShareGroupHeartbeatResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.member_epoch))
    w(_S0.pack(o.heartbeat_interval_ms))
    if o.assignment is None:
        w(b'\xff')
    else:
        w(b'\x01'); _enc_Assignment_0(o.assignment, w)
    w(b'\x00')


_DEC_ShareGroupHeartbeatResponse: list[Callable[[memoryview, int], tuple[ShareGroupHeartbeatResponse, int]]] = [_unsupported, _dec_ShareGroupHeartbeatResponse_0]
_ENC_ShareGroupHeartbeatResponse: list[Callable[[ShareGroupHeartbeatResponse, Writer], None]] = [_unsupported, _enc_ShareGroupHeartbeatResponse_0]
