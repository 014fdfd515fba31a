"""Generated from Kafka's ConsumerGroupPartitionMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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
class TopicMetadata:
    """A TopicMetadata inside ConsumerGroupPartitionMetadataValue. (generated from ConsumerGroupPartitionMetadataValue.json)."""

    __slots__ = ('topic_id', 'topic_name', 'num_partitions', 'partition_metadata')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, topic_name: str = '', num_partitions: int = 0, partition_metadata: list[PartitionMetadata] | None = None) -> None:
        self.topic_id = topic_id
        self.topic_name = topic_name
        self.num_partitions = num_partitions
        self.partition_metadata = [] if partition_metadata is None else partition_metadata

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionMetadata:
    """A PartitionMetadata inside ConsumerGroupPartitionMetadataValue. (generated from ConsumerGroupPartitionMetadataValue.json)."""

    __slots__ = ('partition', 'racks')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition: int = 0, racks: list[str] | None = None) -> None:
        self.partition = partition
        self.racks = [] if racks is None else racks

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ConsumerGroupPartitionMetadataValue:
    """ConsumerGroupPartitionMetadataValue v0-0 (generated from ConsumerGroupPartitionMetadataValue.json)."""

    __slots__ = ('topics',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 4
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TopicMetadata: TypeAlias = TopicMetadata
    PartitionMetadata: TypeAlias = PartitionMetadata

    def __init__(self, *, topics: list[TopicMetadata] | None = None) -> None:
        self.topics = [] if topics is None else topics

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
        _ENC_ConsumerGroupPartitionMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerGroupPartitionMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerGroupPartitionMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerGroupPartitionMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerGroupPartitionMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerGroupPartitionMetadataValue v{version} runs past the end of the frame')
        return o, end


TopicMetadata.FIELD_TYPES = {'topic_id': bytes, 'topic_name': str, 'num_partitions': int, 'partition_metadata': list[PartitionMetadata] | None}
PartitionMetadata.FIELD_TYPES = {'partition': int, 'racks': list[str] | None}
ConsumerGroupPartitionMetadataValue.FIELD_TYPES = {'topics': list[TopicMetadata] | None}


def _dec_PartitionMetadata_0(buf: memoryview, pos: int) -> tuple[PartitionMetadata, int]:
    o = _new(PartitionMetadata)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.racks = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionMetadata_0(o: PartitionMetadata, w: Writer) -> None:
    w(_S0.pack(o.partition))
    a0 = o.racks
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(b'\x00')


def _dec_TopicMetadata_0(buf: memoryview, pos: int) -> tuple[TopicMetadata, int]:
    o = _new(TopicMetadata)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    o.num_partitions = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionMetadata] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionMetadata_0(buf, pos); ap0(x0)
    o.partition_metadata = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicMetadata_0(o: TopicMetadata, w: Writer) -> None:
    w(o.topic_id)
    _w_cstr(w, o.topic_name)
    w(_S0.pack(o.num_partitions))
    a0 = o.partition_metadata
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionMetadata_0(x0, w)
    w(b'\x00')


def _dec_ConsumerGroupPartitionMetadataValue_0(buf: memoryview, pos: int) -> tuple[ConsumerGroupPartitionMetadataValue, int]:
    o = _new(ConsumerGroupPartitionMetadataValue)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 23 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicMetadata] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicMetadata_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ConsumerGroupPartitionMetadataValue_0(o: ConsumerGroupPartitionMetadataValue, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicMetadata_0(x0, w)
    w(b'\x00')


_DEC_ConsumerGroupPartitionMetadataValue: list[Callable[[memoryview, int], tuple[ConsumerGroupPartitionMetadataValue, int]]] = [_dec_ConsumerGroupPartitionMetadataValue_0]
_ENC_ConsumerGroupPartitionMetadataValue: list[Callable[[ConsumerGroupPartitionMetadataValue, Writer], None]] = [_enc_ConsumerGroupPartitionMetadataValue_0]
