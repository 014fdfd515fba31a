"""Generated from Kafka's DescribeQuorumRequest.json by tools/codegen/generate.py. Do not edit."""

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
class TopicData:
    """A TopicData inside DescribeQuorumRequest. (generated from DescribeQuorumRequest.json)."""

    __slots__ = ('topic_name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '', partitions: list[PartitionData] | None = None) -> None:
        self.topic_name = topic_name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionData:
    """A PartitionData inside DescribeQuorumRequest. (generated from DescribeQuorumRequest.json)."""

    __slots__ = ('partition_index',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0) -> None:
        self.partition_index = partition_index

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeQuorumRequest:
    """DescribeQuorumRequest v0-2 (generated from DescribeQuorumRequest.json)."""

    __slots__ = ('topics',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 55
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0
    TopicData: TypeAlias = TopicData
    PartitionData: TypeAlias = PartitionData

    def __init__(self, *, topics: list[TopicData] | None = None) -> None:
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
        _ENC_DescribeQuorumRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeQuorumRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeQuorumRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeQuorumRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeQuorumRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeQuorumRequest v{version} runs past the end of the frame')
        return o, end


TopicData.FIELD_TYPES = {'topic_name': str, 'partitions': list[PartitionData] | None}
PartitionData.FIELD_TYPES = {'partition_index': int}
DescribeQuorumRequest.FIELD_TYPES = {'topics': list[TopicData] | None}


def _dec_PartitionData_0(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionData_0(o: PartitionData, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(b'\x00')


def _dec_TopicData_0(buf: memoryview, pos: int) -> tuple[TopicData, int]:
    o = _new(TopicData)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicData_0(o: TopicData, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionData_0(x0, w)
    w(b'\x00')


def _dec_DescribeQuorumRequest_0(buf: memoryview, pos: int) -> tuple[DescribeQuorumRequest, int]:
    o = _new(DescribeQuorumRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicData_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeQuorumRequest_0(o: DescribeQuorumRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicData_0(x0, w)
    w(b'\x00')


_DEC_DescribeQuorumRequest: list[Callable[[memoryview, int], tuple[DescribeQuorumRequest, int]]] = [_dec_DescribeQuorumRequest_0, _dec_DescribeQuorumRequest_0, _dec_DescribeQuorumRequest_0]
_ENC_DescribeQuorumRequest: list[Callable[[DescribeQuorumRequest, Writer], None]] = [_enc_DescribeQuorumRequest_0, _enc_DescribeQuorumRequest_0, _enc_DescribeQuorumRequest_0]
