"""Generated from Kafka's ConsumerProtocolSubscription.json by tools/codegen/generate.py. Do not edit."""

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
class TopicPartition:
    """A TopicPartition inside ConsumerProtocolSubscription. (generated from ConsumerProtocolSubscription.json)."""

    __slots__ = ('topic', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partitions: list[int] | None = None) -> None:
        self.topic = topic
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ConsumerProtocolSubscription:
    """ConsumerProtocolSubscription v0-3 (generated from ConsumerProtocolSubscription.json)."""

    __slots__ = ('topics', 'user_data', 'owned_partitions', 'generation_id', 'rack_id')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    MIN_VERSION = 0
    MAX_VERSION = 3
    FLEXIBLE_MIN = 10000
    TopicPartition: TypeAlias = TopicPartition

    def __init__(self, *, topics: list[str] | None = None, user_data: bytes | None = None, owned_partitions: list[TopicPartition] | None = None, generation_id: int = -1, rack_id: str | None = None) -> None:
        self.topics = [] if topics is None else topics
        self.user_data = user_data
        self.owned_partitions = [] if owned_partitions is None else owned_partitions
        self.generation_id = generation_id
        self.rack_id = rack_id

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
        _ENC_ConsumerProtocolSubscription[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerProtocolSubscription:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerProtocolSubscription, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerProtocolSubscription[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerProtocolSubscription v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerProtocolSubscription v{version} runs past the end of the frame')
        return o, end


TopicPartition.FIELD_TYPES = {'topic': str, 'partitions': list[int] | None}
ConsumerProtocolSubscription.FIELD_TYPES = {'topics': list[str] | None, 'user_data': bytes | None, 'owned_partitions': list[TopicPartition] | None, 'generation_id': int, 'rack_id': str | None}


def _dec_ConsumerProtocolSubscription_0(buf: memoryview, pos: int) -> tuple[ConsumerProtocolSubscription, int]:
    o = _new(ConsumerProtocolSubscription)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.topics = a0
    o.user_data, pos = _r_bytes(buf, pos)
    o.owned_partitions = []
    o.generation_id = -1
    o.rack_id = None
    return o, pos


def _enc_ConsumerProtocolSubscription_0(o: ConsumerProtocolSubscription, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)
    _w_bytes(w, o.user_data)


def _dec_TopicPartition_0(buf: memoryview, pos: int) -> tuple[TopicPartition, int]:
    o = _new(TopicPartition)
    o.topic, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_TopicPartition_0(o: TopicPartition, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_ConsumerProtocolSubscription_1(buf: memoryview, pos: int) -> tuple[ConsumerProtocolSubscription, int]:
    o = _new(ConsumerProtocolSubscription)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.topics = a0
    o.user_data, pos = _r_bytes(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[TopicPartition] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_TopicPartition_0(buf, pos); ap1(x1)
    o.owned_partitions = a1
    o.generation_id = -1
    o.rack_id = None
    return o, pos


def _enc_ConsumerProtocolSubscription_1(o: ConsumerProtocolSubscription, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)
    _w_bytes(w, o.user_data)
    a1 = o.owned_partitions
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_TopicPartition_0(x1, w)


def _dec_ConsumerProtocolSubscription_2(buf: memoryview, pos: int) -> tuple[ConsumerProtocolSubscription, int]:
    o = _new(ConsumerProtocolSubscription)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.topics = a0
    o.user_data, pos = _r_bytes(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[TopicPartition] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_TopicPartition_0(buf, pos); ap1(x1)
    o.owned_partitions = a1
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack_id = None
    return o, pos


def _enc_ConsumerProtocolSubscription_2(o: ConsumerProtocolSubscription, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)
    _w_bytes(w, o.user_data)
    a1 = o.owned_partitions
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_TopicPartition_0(x1, w)
    w(_S0.pack(o.generation_id))


def _dec_ConsumerProtocolSubscription_3(buf: memoryview, pos: int) -> tuple[ConsumerProtocolSubscription, int]:
    o = _new(ConsumerProtocolSubscription)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.topics = a0
    o.user_data, pos = _r_bytes(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[TopicPartition] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_TopicPartition_0(buf, pos); ap1(x1)
    o.owned_partitions = a1
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack_id, pos = _r_str(buf, pos)
    return o, pos


def _enc_ConsumerProtocolSubscription_3(o: ConsumerProtocolSubscription, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)
    _w_bytes(w, o.user_data)
    a1 = o.owned_partitions
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_TopicPartition_0(x1, w)
    w(_S0.pack(o.generation_id))
    _w_str(w, o.rack_id)


_DEC_ConsumerProtocolSubscription: list[Callable[[memoryview, int], tuple[ConsumerProtocolSubscription, int]]] = [_dec_ConsumerProtocolSubscription_0, _dec_ConsumerProtocolSubscription_1, _dec_ConsumerProtocolSubscription_2, _dec_ConsumerProtocolSubscription_3]
_ENC_ConsumerProtocolSubscription: list[Callable[[ConsumerProtocolSubscription, Writer], None]] = [_enc_ConsumerProtocolSubscription_0, _enc_ConsumerProtocolSubscription_1, _enc_ConsumerProtocolSubscription_2, _enc_ConsumerProtocolSubscription_3]
