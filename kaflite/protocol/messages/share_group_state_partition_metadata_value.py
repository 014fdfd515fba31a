"""Generated from Kafka's ShareGroupStatePartitionMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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
class TopicPartitionsInfo:
    """A TopicPartitionsInfo inside ShareGroupStatePartitionMetadataValue. (generated from ShareGroupStatePartitionMetadataValue.json)."""

    __slots__ = ('topic_id', 'topic_name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, topic_name: str = '', partitions: list[int] | None = None) -> None:
        self.topic_id = topic_id
        self.topic_name = topic_name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TopicInfo:
    """A TopicInfo inside ShareGroupStatePartitionMetadataValue. (generated from ShareGroupStatePartitionMetadataValue.json)."""

    __slots__ = ('topic_id', 'topic_name')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, topic_name: str = '') -> None:
        self.topic_id = topic_id
        self.topic_name = topic_name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ShareGroupStatePartitionMetadataValue:
    """ShareGroupStatePartitionMetadataValue v0-0 (generated from ShareGroupStatePartitionMetadataValue.json)."""

    __slots__ = ('initializing_topics', 'initialized_topics', 'deleting_topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 15
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    TopicPartitionsInfo: TypeAlias = TopicPartitionsInfo
    TopicInfo: TypeAlias = TopicInfo

    def __init__(self, *, initializing_topics: list[TopicPartitionsInfo] | None = None, initialized_topics: list[TopicPartitionsInfo] | None = None, deleting_topics: list[TopicInfo] | None = None) -> None:
        self.initializing_topics = [] if initializing_topics is None else initializing_topics
        self.initialized_topics = [] if initialized_topics is None else initialized_topics
        self.deleting_topics = [] if deleting_topics is None else deleting_topics

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
        _ENC_ShareGroupStatePartitionMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupStatePartitionMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupStatePartitionMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupStatePartitionMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupStatePartitionMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupStatePartitionMetadataValue v{version} runs past the end of the frame')
        return o, end


TopicPartitionsInfo.FIELD_TYPES = {'topic_id': bytes, 'topic_name': str, 'partitions': list[int] | None}
TopicInfo.FIELD_TYPES = {'topic_id': bytes, 'topic_name': str}
ShareGroupStatePartitionMetadataValue.FIELD_TYPES = {'initializing_topics': list[TopicPartitionsInfo] | None, 'initialized_topics': list[TopicPartitionsInfo] | None, 'deleting_topics': list[TopicInfo] | None}


def _dec_TopicPartitionsInfo_0(buf: memoryview, pos: int) -> tuple[TopicPartitionsInfo, int]:
    o = _new(TopicPartitionsInfo)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicPartitionsInfo_0(o: TopicPartitionsInfo, w: Writer) -> None:
    w(o.topic_id)
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_TopicInfo_0(buf: memoryview, pos: int) -> tuple[TopicInfo, int]:
    o = _new(TopicInfo)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicInfo_0(o: TopicInfo, w: Writer) -> None:
    w(o.topic_id)
    _w_cstr(w, o.topic_name)
    w(b'\x00')


def _dec_ShareGroupStatePartitionMetadataValue_0(buf: memoryview, pos: int) -> tuple[ShareGroupStatePartitionMetadataValue, int]:
    o = _new(ShareGroupStatePartitionMetadataValue)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 19 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicPartitionsInfo] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicPartitionsInfo_0(buf, pos); ap0(x0)
    o.initializing_topics = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 19 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[TopicPartitionsInfo] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_TopicPartitionsInfo_0(buf, pos); ap1(x1)
    o.initialized_topics = a1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a2: list[TopicInfo] = []; ap2 = a2.append
    for _ in range(n):
        x2, pos = _dec_TopicInfo_0(buf, pos); ap2(x2)
    o.deleting_topics = a2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupStatePartitionMetadataValue_0(o: ShareGroupStatePartitionMetadataValue, w: Writer) -> None:
    a0 = o.initializing_topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicPartitionsInfo_0(x0, w)
    a1 = o.initialized_topics
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_TopicPartitionsInfo_0(x1, w)
    a2 = o.deleting_topics
    if a2 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a2) + 1))
        for x2 in a2:
            _enc_TopicInfo_0(x2, w)
    w(b'\x00')


_DEC_ShareGroupStatePartitionMetadataValue: list[Callable[[memoryview, int], tuple[ShareGroupStatePartitionMetadataValue, int]]] = [_dec_ShareGroupStatePartitionMetadataValue_0]
_ENC_ShareGroupStatePartitionMetadataValue: list[Callable[[ShareGroupStatePartitionMetadataValue, Writer], None]] = [_enc_ShareGroupStatePartitionMetadataValue_0]
