"""Generated from Kafka's OffsetForLeaderEpochResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class OffsetForLeaderTopicResult:
    """A OffsetForLeaderTopicResult inside OffsetForLeaderEpochResponse. (generated from OffsetForLeaderEpochResponse.json)."""

    __slots__ = ('topic', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partitions: list[EpochEndOffset] | None = None) -> None:
        self.topic = topic
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class EpochEndOffset:
    """A EpochEndOffset inside OffsetForLeaderEpochResponse. (generated from OffsetForLeaderEpochResponse.json)."""

    __slots__ = ('error_code', 'partition', 'leader_epoch', 'end_offset')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, partition: int = 0, leader_epoch: int = -1, end_offset: int = -1) -> None:
        self.error_code = error_code
        self.partition = partition
        self.leader_epoch = leader_epoch
        self.end_offset = end_offset

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetForLeaderEpochResponse:
    """OffsetForLeaderEpochResponse v2-4 (generated from OffsetForLeaderEpochResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 23
    MIN_VERSION = 2
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4
    OffsetForLeaderTopicResult: TypeAlias = OffsetForLeaderTopicResult
    EpochEndOffset: TypeAlias = EpochEndOffset

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[OffsetForLeaderTopicResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
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
        _ENC_OffsetForLeaderEpochResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetForLeaderEpochResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetForLeaderEpochResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetForLeaderEpochResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetForLeaderEpochResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetForLeaderEpochResponse v{version} runs past the end of the frame')
        return o, end


OffsetForLeaderTopicResult.FIELD_TYPES = {'topic': str, 'partitions': list[EpochEndOffset] | None}
EpochEndOffset.FIELD_TYPES = {'error_code': int, 'partition': int, 'leader_epoch': int, 'end_offset': int}
OffsetForLeaderEpochResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[OffsetForLeaderTopicResult] | None}


def _dec_EpochEndOffset_0(buf: memoryview, pos: int) -> tuple[EpochEndOffset, int]:
    o = _new(EpochEndOffset)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.end_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    return o, pos


def _enc_EpochEndOffset_0(o: EpochEndOffset, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.partition))
    w(_S0.pack(o.leader_epoch))
    w(_S2.pack(o.end_offset))


def _dec_OffsetForLeaderTopicResult_0(buf: memoryview, pos: int) -> tuple[OffsetForLeaderTopicResult, int]:
    o = _new(OffsetForLeaderTopicResult)
    o.topic, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EpochEndOffset] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EpochEndOffset_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_OffsetForLeaderTopicResult_0(o: OffsetForLeaderTopicResult, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_EpochEndOffset_0(x0, w)


def _dec_OffsetForLeaderEpochResponse_0(buf: memoryview, pos: int) -> tuple[OffsetForLeaderEpochResponse, int]:
    o = _new(OffsetForLeaderEpochResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetForLeaderTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetForLeaderTopicResult_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_OffsetForLeaderEpochResponse_0(o: OffsetForLeaderEpochResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetForLeaderTopicResult_0(x0, w)


def _dec_EpochEndOffset_1(buf: memoryview, pos: int) -> tuple[EpochEndOffset, int]:
    o = _new(EpochEndOffset)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.end_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EpochEndOffset_1(o: EpochEndOffset, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.partition))
    w(_S0.pack(o.leader_epoch))
    w(_S2.pack(o.end_offset))
    w(b'\x00')


def _dec_OffsetForLeaderTopicResult_1(buf: memoryview, pos: int) -> tuple[OffsetForLeaderTopicResult, int]:
    o = _new(OffsetForLeaderTopicResult)
    o.topic, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 19 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[EpochEndOffset] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_EpochEndOffset_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetForLeaderTopicResult_1(o: OffsetForLeaderTopicResult, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_EpochEndOffset_1(x0, w)
    w(b'\x00')


def _dec_OffsetForLeaderEpochResponse_1(buf: memoryview, pos: int) -> tuple[OffsetForLeaderEpochResponse, int]:
    o = _new(OffsetForLeaderEpochResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetForLeaderTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetForLeaderTopicResult_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetForLeaderEpochResponse_1(o: OffsetForLeaderEpochResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetForLeaderTopicResult_1(x0, w)
    w(b'\x00')


_DEC_OffsetForLeaderEpochResponse: list[Callable[[memoryview, int], tuple[OffsetForLeaderEpochResponse, int]]] = [_unsupported, _unsupported, _dec_OffsetForLeaderEpochResponse_0, _dec_OffsetForLeaderEpochResponse_0, _dec_OffsetForLeaderEpochResponse_1]
_ENC_OffsetForLeaderEpochResponse: list[Callable[[OffsetForLeaderEpochResponse, Writer], None]] = [_unsupported, _unsupported, _enc_OffsetForLeaderEpochResponse_0, _enc_OffsetForLeaderEpochResponse_0, _enc_OffsetForLeaderEpochResponse_1]
