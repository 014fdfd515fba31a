"""Generated from Kafka's FetchResponse.json by tools/codegen/generate.py. Do not edit."""

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
class FetchableTopicResponse:
    """A FetchableTopicResponse inside FetchResponse. (generated from FetchResponse.json)."""

    __slots__ = ('topic', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', topic_id: bytes = ZERO_UUID, partitions: list[PartitionData] | None = None) -> None:
        self.topic = topic
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionData:
    """A PartitionData inside FetchResponse. (generated from FetchResponse.json)."""

    __slots__ = ('partition_index', 'error_code', 'high_watermark', 'last_stable_offset', 'log_start_offset', 'diverging_epoch', 'current_leader', 'snapshot_id', 'aborted_transactions', 'preferred_read_replica', 'records')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0, high_watermark: int = 0, last_stable_offset: int = -1, log_start_offset: int = -1, diverging_epoch: EpochEndOffset | None = None, current_leader: LeaderIdAndEpoch | None = None, snapshot_id: SnapshotId | None = None, aborted_transactions: list[AbortedTransaction] | None = _UNSET, preferred_read_replica: int = -1, records: Buffer | None = None) -> None:
        self.partition_index = partition_index
        self.error_code = error_code
        self.high_watermark = high_watermark
        self.last_stable_offset = last_stable_offset
        self.log_start_offset = log_start_offset
        self.diverging_epoch = EpochEndOffset() if diverging_epoch is None else diverging_epoch
        self.current_leader = LeaderIdAndEpoch() if current_leader is None else current_leader
        self.snapshot_id = SnapshotId() if snapshot_id is None else snapshot_id
        self.aborted_transactions = [] if aborted_transactions is _UNSET else aborted_transactions
        self.preferred_read_replica = preferred_read_replica
        self.records = records

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class EpochEndOffset:
    """A EpochEndOffset inside FetchResponse. (generated from FetchResponse.json)."""

    __slots__ = ('epoch', 'end_offset')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, epoch: int = -1, end_offset: int = -1) -> None:
        self.epoch = epoch
        self.end_offset = end_offset

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class LeaderIdAndEpoch:
    """A LeaderIdAndEpoch inside FetchResponse. (generated from FetchResponse.json)."""

    __slots__ = ('leader_id', 'leader_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, leader_id: int = -1, leader_epoch: int = -1) -> None:
        self.leader_id = leader_id
        self.leader_epoch = leader_epoch

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class SnapshotId:
    """A SnapshotId inside FetchResponse. (generated from FetchResponse.json)."""

    __slots__ = ('end_offset', 'epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, end_offset: int = -1, epoch: int = -1) -> None:
        self.end_offset = end_offset
        self.epoch = epoch

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AbortedTransaction:
    """A AbortedTransaction inside FetchResponse. (generated from FetchResponse.json)."""

    __slots__ = ('producer_id', 'first_offset')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, producer_id: int = 0, first_offset: int = 0) -> None:
        self.producer_id = producer_id
        self.first_offset = first_offset

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class NodeEndpoint:
    """A NodeEndpoint inside FetchResponse. (generated from FetchResponse.json)."""

    __slots__ = ('node_id', 'host', 'port', 'rack')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, node_id: int = 0, host: str = '', port: int = 0, rack: str | None = None) -> None:
        self.node_id = node_id
        self.host = host
        self.port = port
        self.rack = rack

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class FetchResponse:
    """FetchResponse v4-18 (generated from FetchResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'session_id', 'responses', 'node_endpoints')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 1
    MIN_VERSION = 4
    MAX_VERSION = 18
    FLEXIBLE_MIN = 12
    FetchableTopicResponse: TypeAlias = FetchableTopicResponse
    PartitionData: TypeAlias = PartitionData
    EpochEndOffset: TypeAlias = EpochEndOffset
    LeaderIdAndEpoch: TypeAlias = LeaderIdAndEpoch
    SnapshotId: TypeAlias = SnapshotId
    AbortedTransaction: TypeAlias = AbortedTransaction
    NodeEndpoint: TypeAlias = NodeEndpoint

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, session_id: int = 0, responses: list[FetchableTopicResponse] | None = None, node_endpoints: list[NodeEndpoint] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.session_id = session_id
        self.responses = [] if responses is None else responses
        self.node_endpoints = [] if node_endpoints is None else node_endpoints

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
        _ENC_FetchResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> FetchResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[FetchResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_FetchResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed FetchResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'FetchResponse v{version} runs past the end of the frame')
        return o, end


FetchableTopicResponse.FIELD_TYPES = {'topic': str, 'topic_id': bytes, 'partitions': list[PartitionData] | None}
PartitionData.FIELD_TYPES = {'partition_index': int, 'error_code': int, 'high_watermark': int, 'last_stable_offset': int, 'log_start_offset': int, 'diverging_epoch': EpochEndOffset | None, 'current_leader': LeaderIdAndEpoch | None, 'snapshot_id': SnapshotId | None, 'aborted_transactions': list[AbortedTransaction] | None, 'preferred_read_replica': int, 'records': Buffer | None}
EpochEndOffset.FIELD_TYPES = {'epoch': int, 'end_offset': int}
LeaderIdAndEpoch.FIELD_TYPES = {'leader_id': int, 'leader_epoch': int}
SnapshotId.FIELD_TYPES = {'end_offset': int, 'epoch': int}
AbortedTransaction.FIELD_TYPES = {'producer_id': int, 'first_offset': int}
NodeEndpoint.FIELD_TYPES = {'node_id': int, 'host': str, 'port': int, 'rack': str | None}
FetchResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'session_id': int, 'responses': list[FetchableTopicResponse] | None, 'node_endpoints': list[NodeEndpoint] | None}


def _dec_AbortedTransaction_0(buf: memoryview, pos: int) -> tuple[AbortedTransaction, int]:
    o = _new(AbortedTransaction)
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.first_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    return o, pos


def _enc_AbortedTransaction_0(o: AbortedTransaction, w: Writer) -> None:
    w(_S2.pack(o.producer_id))
    w(_S2.pack(o.first_offset))


def _dec_PartitionData_0(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_stable_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = -1
    o.diverging_epoch = EpochEndOffset()
    o.current_leader = LeaderIdAndEpoch()
    o.snapshot_id = SnapshotId()
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.aborted_transactions = None
    else:
        if n * 16 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[AbortedTransaction] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_AbortedTransaction_0(buf, pos); ap0(x0)
        o.aborted_transactions = a0
    o.preferred_read_replica = -1
    o.records, pos = _r_records(buf, pos)
    return o, pos


def _enc_PartitionData_0(o: PartitionData, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.high_watermark))
    w(_S2.pack(o.last_stable_offset))
    a0 = o.aborted_transactions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AbortedTransaction_0(x0, w)
    _w_bytes(w, o.records)


def _dec_FetchableTopicResponse_0(buf: memoryview, pos: int) -> tuple[FetchableTopicResponse, int]:
    o = _new(FetchableTopicResponse)
    o.topic, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 30 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_FetchableTopicResponse_0(o: FetchableTopicResponse, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionData_0(x0, w)


def _dec_FetchResponse_0(buf: memoryview, pos: int) -> tuple[FetchResponse, int]:
    o = _new(FetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    o.session_id = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchableTopicResponse_0(buf, pos); ap0(x0)
    o.responses = a0
    o.node_endpoints = []
    return o, pos


def _enc_FetchResponse_0(o: FetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchableTopicResponse_0(x0, w)


def _dec_PartitionData_1(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_stable_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.diverging_epoch = EpochEndOffset()
    o.current_leader = LeaderIdAndEpoch()
    o.snapshot_id = SnapshotId()
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.aborted_transactions = None
    else:
        if n * 16 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[AbortedTransaction] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_AbortedTransaction_0(buf, pos); ap0(x0)
        o.aborted_transactions = a0
    o.preferred_read_replica = -1
    o.records, pos = _r_records(buf, pos)
    return o, pos


def _enc_PartitionData_1(o: PartitionData, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.high_watermark))
    w(_S2.pack(o.last_stable_offset))
    w(_S2.pack(o.log_start_offset))
    a0 = o.aborted_transactions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AbortedTransaction_0(x0, w)
    _w_bytes(w, o.records)


def _dec_FetchableTopicResponse_1(buf: memoryview, pos: int) -> tuple[FetchableTopicResponse, int]:
    o = _new(FetchableTopicResponse)
    o.topic, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 38 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_1(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_FetchableTopicResponse_1(o: FetchableTopicResponse, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionData_1(x0, w)


def _dec_FetchResponse_1(buf: memoryview, pos: int) -> tuple[FetchResponse, int]:
    o = _new(FetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    o.session_id = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchableTopicResponse_1(buf, pos); ap0(x0)
    o.responses = a0
    o.node_endpoints = []
    return o, pos


def _enc_FetchResponse_1(o: FetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchableTopicResponse_1(x0, w)


def _dec_FetchResponse_2(buf: memoryview, pos: int) -> tuple[FetchResponse, int]:
    o = _new(FetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchableTopicResponse_1(buf, pos); ap0(x0)
    o.responses = a0
    o.node_endpoints = []
    return o, pos


def _enc_FetchResponse_2(o: FetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.session_id))
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchableTopicResponse_1(x0, w)


def _dec_PartitionData_2(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_stable_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.diverging_epoch = EpochEndOffset()
    o.current_leader = LeaderIdAndEpoch()
    o.snapshot_id = SnapshotId()
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.aborted_transactions = None
    else:
        if n * 16 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[AbortedTransaction] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_AbortedTransaction_0(buf, pos); ap0(x0)
        o.aborted_transactions = a0
    o.preferred_read_replica = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.records, pos = _r_records(buf, pos)
    return o, pos


def _enc_PartitionData_2(o: PartitionData, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.high_watermark))
    w(_S2.pack(o.last_stable_offset))
    w(_S2.pack(o.log_start_offset))
    a0 = o.aborted_transactions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AbortedTransaction_0(x0, w)
    w(_S0.pack(o.preferred_read_replica))
    _w_bytes(w, o.records)


def _dec_FetchableTopicResponse_2(buf: memoryview, pos: int) -> tuple[FetchableTopicResponse, int]:
    o = _new(FetchableTopicResponse)
    o.topic, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 42 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_2(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_FetchableTopicResponse_2(o: FetchableTopicResponse, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionData_2(x0, w)


def _dec_FetchResponse_3(buf: memoryview, pos: int) -> tuple[FetchResponse, int]:
    o = _new(FetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchableTopicResponse_2(buf, pos); ap0(x0)
    o.responses = a0
    o.node_endpoints = []
    return o, pos


def _enc_FetchResponse_3(o: FetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.session_id))
    a0 = o.responses
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchableTopicResponse_2(x0, w)


def _dec_AbortedTransaction_1(buf: memoryview, pos: int) -> tuple[AbortedTransaction, int]:
    o = _new(AbortedTransaction)
    o.producer_id = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.first_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AbortedTransaction_1(o: AbortedTransaction, w: Writer) -> None:
    w(_S2.pack(o.producer_id))
    w(_S2.pack(o.first_offset))
    w(b'\x00')


def _dec_EpochEndOffset_0(buf: memoryview, pos: int) -> tuple[EpochEndOffset, int]:
    o = _new(EpochEndOffset)
    o.epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.end_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_EpochEndOffset_0(o: EpochEndOffset, w: Writer) -> None:
    w(_S0.pack(o.epoch))
    w(_S2.pack(o.end_offset))
    w(b'\x00')


def _dec_LeaderIdAndEpoch_0(buf: memoryview, pos: int) -> tuple[LeaderIdAndEpoch, int]:
    o = _new(LeaderIdAndEpoch)
    o.leader_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_LeaderIdAndEpoch_0(o: LeaderIdAndEpoch, w: Writer) -> None:
    w(_S0.pack(o.leader_id))
    w(_S0.pack(o.leader_epoch))
    w(b'\x00')


def _dec_SnapshotId_0(buf: memoryview, pos: int) -> tuple[SnapshotId, int]:
    o = _new(SnapshotId)
    o.end_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SnapshotId_0(o: SnapshotId, w: Writer) -> None:
    w(_S2.pack(o.end_offset))
    w(_S0.pack(o.epoch))
    w(b'\x00')


def _dec_PartitionData_3(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_stable_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.diverging_epoch = EpochEndOffset()
    o.current_leader = LeaderIdAndEpoch()
    o.snapshot_id = SnapshotId()
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.aborted_transactions = None
    else:
        if n * 17 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[AbortedTransaction] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_AbortedTransaction_1(buf, pos); ap0(x0)
        o.aborted_transactions = a0
    o.preferred_read_replica = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.records, pos = _r_crecords(buf, pos)
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.diverging_epoch, pos = _dec_EpochEndOffset_0(buf, pos)
        elif tag == 1:
            o.current_leader, pos = _dec_LeaderIdAndEpoch_0(buf, pos)
        elif tag == 2:
            o.snapshot_id, pos = _dec_SnapshotId_0(buf, pos)
        pos = end
    return o, pos


def _enc_PartitionData_3(o: PartitionData, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    w(_S2.pack(o.high_watermark))
    w(_S2.pack(o.last_stable_offset))
    w(_S2.pack(o.log_start_offset))
    a0 = o.aborted_transactions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AbortedTransaction_1(x0, w)
    w(_S0.pack(o.preferred_read_replica))
    _w_cbytes(w, o.records)
    tags: list[bytes] = []
    if o.diverging_epoch != EpochEndOffset():
        tb: list[Buffer] = []; tw = tb.append
        _enc_EpochEndOffset_0(o.diverging_epoch, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.current_leader != LeaderIdAndEpoch():
        tb = []; tw = tb.append
        _enc_LeaderIdAndEpoch_0(o.current_leader, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    if o.snapshot_id != SnapshotId():
        tb = []; tw = tb.append
        _enc_SnapshotId_0(o.snapshot_id, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(2) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_FetchableTopicResponse_3(buf: memoryview, pos: int) -> tuple[FetchableTopicResponse, int]:
    o = _new(FetchableTopicResponse)
    o.topic, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 37 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_3(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchableTopicResponse_3(o: FetchableTopicResponse, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionData_3(x0, w)
    w(b'\x00')


def _dec_FetchResponse_4(buf: memoryview, pos: int) -> tuple[FetchResponse, int]:
    o = _new(FetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchableTopicResponse_3(buf, pos); ap0(x0)
    o.responses = a0
    o.node_endpoints = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchResponse_4(o: FetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.session_id))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchableTopicResponse_3(x0, w)
    w(b'\x00')


def _dec_FetchableTopicResponse_4(buf: memoryview, pos: int) -> tuple[FetchableTopicResponse, int]:
    o = _new(FetchableTopicResponse)
    o.topic = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 37 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_3(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchableTopicResponse_4(o: FetchableTopicResponse, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionData_3(x0, w)
    w(b'\x00')


def _dec_FetchResponse_5(buf: memoryview, pos: int) -> tuple[FetchResponse, int]:
    o = _new(FetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchableTopicResponse_4(buf, pos); ap0(x0)
    o.responses = a0
    o.node_endpoints = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchResponse_5(o: FetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.session_id))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchableTopicResponse_4(x0, w)
    w(b'\x00')


def _dec_NodeEndpoint_0(buf: memoryview, pos: int) -> tuple[NodeEndpoint, int]:
    o = _new(NodeEndpoint)
    o.node_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_NodeEndpoint_0(o: NodeEndpoint, w: Writer) -> None:
    w(_S0.pack(o.node_id))
    _w_cstr(w, o.host)
    w(_S0.pack(o.port))
    _w_cstr(w, o.rack)
    w(b'\x00')


def _dec_FetchResponse_6(buf: memoryview, pos: int) -> tuple[FetchResponse, int]:
    o = _new(FetchResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchableTopicResponse_4(buf, pos); ap0(x0)
    o.responses = a0
    o.node_endpoints = []
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            n, pos = _r_uvarint(buf, pos); n -= 1
            if n < 0 or n * 11 > len(buf) - pos:
                _bad_array(n, buf, pos)
            a1: list[NodeEndpoint] = []; ap1 = a1.append
            for _ in range(n):
                x1, pos = _dec_NodeEndpoint_0(buf, pos); ap1(x1)
            o.node_endpoints = a1
        pos = end
    return o, pos


def _enc_FetchResponse_6(o: FetchResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.session_id))
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchableTopicResponse_4(x0, w)
    tags: list[bytes] = []
    if o.node_endpoints:
        tb: list[Buffer] = []; tw = tb.append
        a1 = o.node_endpoints
        if a1 is None:
            tw(b'\x00')
        else:
            tw(_uvarint(len(a1) + 1))
            for x1 in a1:
                _enc_NodeEndpoint_0(x1, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_FetchResponse: list[Callable[[memoryview, int], tuple[FetchResponse, int]]] = [_unsupported, _unsupported, _unsupported, _unsupported, _dec_FetchResponse_0, _dec_FetchResponse_1, _dec_FetchResponse_1, _dec_FetchResponse_2, _dec_FetchResponse_2, _dec_FetchResponse_2, _dec_FetchResponse_2, _dec_FetchResponse_3, _dec_FetchResponse_4, _dec_FetchResponse_5, _dec_FetchResponse_5, _dec_FetchResponse_5, _dec_FetchResponse_6, _dec_FetchResponse_6, _dec_FetchResponse_6]
_ENC_FetchResponse: list[Callable[[FetchResponse, Writer], None]] = [_unsupported, _unsupported, _unsupported, _unsupported, _enc_FetchResponse_0, _enc_FetchResponse_1, _enc_FetchResponse_1, _enc_FetchResponse_2, _enc_FetchResponse_2, _enc_FetchResponse_2, _enc_FetchResponse_2, _enc_FetchResponse_3, _enc_FetchResponse_4, _enc_FetchResponse_5, _enc_FetchResponse_5, _enc_FetchResponse_5, _enc_FetchResponse_6, _enc_FetchResponse_6, _enc_FetchResponse_6]
