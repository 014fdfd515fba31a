"""Generated from Kafka's ConsumerGroupHeartbeatRequest.json by tools/codegen/generate.py. Do not edit."""

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
class TopicPartitions:
    """A TopicPartitions inside ConsumerGroupHeartbeatRequest. (generated from ConsumerGroupHeartbeatRequest.json)."""

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
class ConsumerGroupHeartbeatRequest:
    """ConsumerGroupHeartbeatRequest v0-1 (generated from ConsumerGroupHeartbeatRequest.json)."""

    __slots__ = ('group_id', 'member_id', 'member_epoch', 'instance_id', 'rack_id', 'rebalance_timeout_ms', 'subscribed_topic_names', 'subscribed_topic_regex', 'server_assignor', 'topic_partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 68
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    TopicPartitions: TypeAlias = TopicPartitions

    def __init__(self, *, group_id: str = '', member_id: str = '', member_epoch: int = 0, instance_id: str | None = None, rack_id: str | None = None, rebalance_timeout_ms: int = -1, subscribed_topic_names: list[str] | None = None, subscribed_topic_regex: str | None = None, server_assignor: str | None = None, topic_partitions: list[TopicPartitions] | None = None) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.member_epoch = member_epoch
        self.instance_id = instance_id
        self.rack_id = rack_id
        self.rebalance_timeout_ms = rebalance_timeout_ms
        self.subscribed_topic_names = subscribed_topic_names
        self.subscribed_topic_regex = subscribed_topic_regex
        self.server_assignor = server_assignor
        self.topic_partitions = topic_partitions

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
        _ENC_ConsumerGroupHeartbeatRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerGroupHeartbeatRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerGroupHeartbeatRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerGroupHeartbeatRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerGroupHeartbeatRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerGroupHeartbeatRequest v{version} runs past the end of the frame')
        return o, end


TopicPartitions.FIELD_TYPES = {'topic_id': bytes, 'partitions': list[int] | None}
ConsumerGroupHeartbeatRequest.FIELD_TYPES = {'group_id': str, 'member_id': str, 'member_epoch': int, 'instance_id': str | None, 'rack_id': str | None, 'rebalance_timeout_ms': int, 'subscribed_topic_names': list[str] | None, 'subscribed_topic_regex': str | None, 'server_assignor': str | None, 'topic_partitions': list[TopicPartitions] | None}


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


def _dec_ConsumerGroupHeartbeatRequest_0(buf: memoryview, pos: int) -> tuple[ConsumerGroupHeartbeatRequest, int]:
    o = _new(ConsumerGroupHeartbeatRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.instance_id, pos = _r_cstr(buf, pos)
    o.rack_id, pos = _r_cstr(buf, pos)
    o.rebalance_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.subscribed_topic_names = None
    else:
        if n > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[str] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
        o.subscribed_topic_names = a0
    o.subscribed_topic_regex = None
    o.server_assignor, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topic_partitions = None
    else:
        if n * 18 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a1: list[TopicPartitions] = []; ap1 = a1.append
        for _ in range(n):
            x1, pos = _dec_TopicPartitions_0(buf, pos); ap1(x1)
        o.topic_partitions = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ConsumerGroupHeartbeatRequest_0(o: ConsumerGroupHeartbeatRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.member_epoch))
    _w_cstr(w, o.instance_id)
    _w_cstr(w, o.rack_id)
    w(_S0.pack(o.rebalance_timeout_ms))
    a0 = o.subscribed_topic_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    _w_cstr(w, o.server_assignor)
    a1 = o.topic_partitions
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_TopicPartitions_0(x1, w)
    w(b'\x00')


def _dec_ConsumerGroupHeartbeatRequest_1(buf: memoryview, pos: int) -> tuple[ConsumerGroupHeartbeatRequest, int]:
    o = _new(ConsumerGroupHeartbeatRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.instance_id, pos = _r_cstr(buf, pos)
    o.rack_id, pos = _r_cstr(buf, pos)
    o.rebalance_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.subscribed_topic_names = None
    else:
        if n > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[str] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
        o.subscribed_topic_names = a0
    o.subscribed_topic_regex, pos = _r_cstr(buf, pos)
    o.server_assignor, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topic_partitions = None
    else:
        if n * 18 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a1: list[TopicPartitions] = []; ap1 = a1.append
        for _ in range(n):
            x1, pos = _dec_TopicPartitions_0(buf, pos); ap1(x1)
        o.topic_partitions = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ConsumerGroupHeartbeatRequest_1(o: ConsumerGroupHeartbeatRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.member_epoch))
    _w_cstr(w, o.instance_id)
    _w_cstr(w, o.rack_id)
    w(_S0.pack(o.rebalance_timeout_ms))
    a0 = o.subscribed_topic_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    _w_cstr(w, o.subscribed_topic_regex)
    _w_cstr(w, o.server_assignor)
    a1 = o.topic_partitions
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_TopicPartitions_0(x1, w)
    w(b'\x00')


_DEC_ConsumerGroupHeartbeatRequest: list[Callable[[memoryview, int], tuple[ConsumerGroupHeartbeatRequest, int]]] = [_dec_ConsumerGroupHeartbeatRequest_0, _dec_ConsumerGroupHeartbeatRequest_1]
_ENC_ConsumerGroupHeartbeatRequest: list[Callable[[ConsumerGroupHeartbeatRequest, Writer], None]] = [_enc_ConsumerGroupHeartbeatRequest_0, _enc_ConsumerGroupHeartbeatRequest_1]
