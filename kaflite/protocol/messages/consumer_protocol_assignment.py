"""Generated from Kafka's ConsumerProtocolAssignment.json by tools/codegen/generate.py. Do not edit."""

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
    """A TopicPartition inside ConsumerProtocolAssignment. (generated from ConsumerProtocolAssignment.json)."""

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
class ConsumerProtocolAssignment:
    """ConsumerProtocolAssignment v0-3 (generated from ConsumerProtocolAssignment.json)."""

    __slots__ = ('assigned_partitions', 'user_data')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    MIN_VERSION = 0
    MAX_VERSION = 3
    FLEXIBLE_MIN = 10000
    TopicPartition: TypeAlias = TopicPartition

    def __init__(self, *, assigned_partitions: list[TopicPartition] | None = None, user_data: bytes | None = None) -> None:
        self.assigned_partitions = [] if assigned_partitions is None else assigned_partitions
        self.user_data = user_data

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
        _ENC_ConsumerProtocolAssignment[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerProtocolAssignment:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerProtocolAssignment, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerProtocolAssignment[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerProtocolAssignment v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerProtocolAssignment v{version} runs past the end of the frame')
        return o, end


TopicPartition.FIELD_TYPES = {'topic': str, 'partitions': list[int] | None}
ConsumerProtocolAssignment.FIELD_TYPES = {'assigned_partitions': list[TopicPartition] | None, 'user_data': bytes | None}


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


def _dec_ConsumerProtocolAssignment_0(buf: memoryview, pos: int) -> tuple[ConsumerProtocolAssignment, int]:
    o = _new(ConsumerProtocolAssignment)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicPartition_0(buf, pos); ap0(x0)
    o.assigned_partitions = a0
    o.user_data, pos = _r_bytes(buf, pos)
    return o, pos


def _enc_ConsumerProtocolAssignment_0(o: ConsumerProtocolAssignment, w: Writer) -> None:
    a0 = o.assigned_partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_TopicPartition_0(x0, w)
    _w_bytes(w, o.user_data)


_DEC_ConsumerProtocolAssignment: list[Callable[[memoryview, int], tuple[ConsumerProtocolAssignment, int]]] = [_dec_ConsumerProtocolAssignment_0, _dec_ConsumerProtocolAssignment_0, _dec_ConsumerProtocolAssignment_0, _dec_ConsumerProtocolAssignment_0]
_ENC_ConsumerProtocolAssignment: list[Callable[[ConsumerProtocolAssignment, Writer], None]] = [_enc_ConsumerProtocolAssignment_0, _enc_ConsumerProtocolAssignment_0, _enc_ConsumerProtocolAssignment_0, _enc_ConsumerProtocolAssignment_0]
