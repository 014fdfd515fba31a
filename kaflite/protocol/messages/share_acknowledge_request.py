"""Generated from Kafka's ShareAcknowledgeRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class AcknowledgeTopic:
    """A AcknowledgeTopic inside ShareAcknowledgeRequest. (generated from ShareAcknowledgeRequest.json)."""

    __slots__ = ('topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, partitions: list[AcknowledgePartition] | None = None) -> None:
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AcknowledgePartition:
    """A AcknowledgePartition inside ShareAcknowledgeRequest. (generated from ShareAcknowledgeRequest.json)."""

    __slots__ = ('partition_index', 'acknowledgement_batches')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, acknowledgement_batches: list[AcknowledgementBatch] | None = None) -> None:
        self.partition_index = partition_index
        self.acknowledgement_batches = [] if acknowledgement_batches is None else acknowledgement_batches

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AcknowledgementBatch:
    """A AcknowledgementBatch inside ShareAcknowledgeRequest. (generated from ShareAcknowledgeRequest.json)."""

    __slots__ = ('first_offset', 'last_offset', 'acknowledge_types')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, first_offset: int = 0, last_offset: int = 0, acknowledge_types: list[int] | None = None) -> None:
        self.first_offset = first_offset
        self.last_offset = last_offset
        self.acknowledge_types = [] if acknowledge_types is None else acknowledge_types

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ShareAcknowledgeRequest:
    """ShareAcknowledgeRequest v1-2 (generated from ShareAcknowledgeRequest.json)."""

    __slots__ = ('group_id', 'member_id', 'share_session_epoch', 'is_renew_ack', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 79
    MIN_VERSION = 1
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0
    AcknowledgeTopic: TypeAlias = AcknowledgeTopic
    AcknowledgePartition: TypeAlias = AcknowledgePartition
    AcknowledgementBatch: TypeAlias = AcknowledgementBatch

    def __init__(self, *, group_id: str | None = None, member_id: str | None = '', share_session_epoch: int = 0, is_renew_ack: bool = False, topics: list[AcknowledgeTopic] | None = None) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.share_session_epoch = share_session_epoch
        self.is_renew_ack = is_renew_ack
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
        _ENC_ShareAcknowledgeRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareAcknowledgeRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareAcknowledgeRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareAcknowledgeRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareAcknowledgeRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareAcknowledgeRequest v{version} runs past the end of the frame')
        return o, end


AcknowledgeTopic.FIELD_TYPES = {'topic_id': bytes, 'partitions': list[AcknowledgePartition] | None}
AcknowledgePartition.FIELD_TYPES = {'partition_index': int, 'acknowledgement_batches': list[AcknowledgementBatch] | None}
AcknowledgementBatch.FIELD_TYPES = {'first_offset': int, 'last_offset': int, 'acknowledge_types': list[int] | None}
ShareAcknowledgeRequest.FIELD_TYPES = {'group_id': str | None, 'member_id': str | None, 'share_session_epoch': int, 'is_renew_ack': bool, 'topics': list[AcknowledgeTopic] | None}


def _dec_AcknowledgementBatch_0(buf: memoryview, pos: int) -> tuple[AcknowledgementBatch, int]:
    o = _new(AcknowledgementBatch)
    o.first_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    o.last_offset = _S1.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.acknowledge_types = list(_struct.unpack_from('>%db' % n, buf, pos)); pos += n * 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AcknowledgementBatch_0(o: AcknowledgementBatch, w: Writer) -> None:
    w(_S1.pack(o.first_offset))
    w(_S1.pack(o.last_offset))
    a0 = o.acknowledge_types
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%db' % len(a0), *a0))
    w(b'\x00')


def _dec_AcknowledgePartition_0(buf: memoryview, pos: int) -> tuple[AcknowledgePartition, int]:
    o = _new(AcknowledgePartition)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AcknowledgementBatch] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AcknowledgementBatch_0(buf, pos); ap0(x0)
    o.acknowledgement_batches = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AcknowledgePartition_0(o: AcknowledgePartition, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    a0 = o.acknowledgement_batches
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AcknowledgementBatch_0(x0, w)
    w(b'\x00')


def _dec_AcknowledgeTopic_0(buf: memoryview, pos: int) -> tuple[AcknowledgeTopic, int]:
    o = _new(AcknowledgeTopic)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AcknowledgePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AcknowledgePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AcknowledgeTopic_0(o: AcknowledgeTopic, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AcknowledgePartition_0(x0, w)
    w(b'\x00')


def _dec_ShareAcknowledgeRequest_0(buf: memoryview, pos: int) -> tuple[ShareAcknowledgeRequest, int]:
    o = _new(ShareAcknowledgeRequest)
    o.group_id, pos = _r_cstr(buf, pos)
    o.member_id, pos = _r_cstr(buf, pos)
    o.share_session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.is_renew_ack = False
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AcknowledgeTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AcknowledgeTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareAcknowledgeRequest_0(o: ShareAcknowledgeRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.share_session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AcknowledgeTopic_0(x0, w)
    w(b'\x00')


def _dec_ShareAcknowledgeRequest_1(buf: memoryview, pos: int) -> tuple[ShareAcknowledgeRequest, int]:
    o = _new(ShareAcknowledgeRequest)
    o.group_id, pos = _r_cstr(buf, pos)
    o.member_id, pos = _r_cstr(buf, pos)
    o.share_session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.is_renew_ack = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AcknowledgeTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AcknowledgeTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareAcknowledgeRequest_1(o: ShareAcknowledgeRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.share_session_epoch))
    w(_S2.pack(o.is_renew_ack))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AcknowledgeTopic_0(x0, w)
    w(b'\x00')


_DEC_ShareAcknowledgeRequest: list[Callable[[memoryview, int], tuple[ShareAcknowledgeRequest, int]]] = [_unsupported, _dec_ShareAcknowledgeRequest_0, _dec_ShareAcknowledgeRequest_1]
_ENC_ShareAcknowledgeRequest: list[Callable[[ShareAcknowledgeRequest, Writer], None]] = [_unsupported, _enc_ShareAcknowledgeRequest_0, _enc_ShareAcknowledgeRequest_1]
