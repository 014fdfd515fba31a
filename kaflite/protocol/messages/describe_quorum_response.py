"""Generated from Kafka's DescribeQuorumResponse.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>h')
_S1 = _struct.Struct('>i')
_S2 = _struct.Struct('>q')
_S3 = _struct.Struct('>H')


@mypyc_attr(native_class=False)
class TopicData:
    """A TopicData inside DescribeQuorumResponse. (generated from DescribeQuorumResponse.json)."""

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
    """A PartitionData inside DescribeQuorumResponse. (generated from DescribeQuorumResponse.json)."""

    __slots__ = ('partition_index', 'error_code', 'error_message', 'leader_id', 'leader_epoch', 'high_watermark', 'current_voters', 'observers')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0, error_message: str | None = '', leader_id: int = 0, leader_epoch: int = 0, high_watermark: int = 0, current_voters: list[ReplicaState] | None = None, observers: list[ReplicaState] | None = None) -> None:
        self.partition_index = partition_index
        self.error_code = error_code
        self.error_message = error_message
        self.leader_id = leader_id
        self.leader_epoch = leader_epoch
        self.high_watermark = high_watermark
        self.current_voters = [] if current_voters is None else current_voters
        self.observers = [] if observers is None else observers

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ReplicaState:
    """A ReplicaState inside DescribeQuorumResponse. (generated from DescribeQuorumResponse.json)."""

    __slots__ = ('replica_id', 'replica_directory_id', 'log_end_offset', 'last_fetch_timestamp', 'last_caught_up_timestamp')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, replica_id: int = 0, replica_directory_id: bytes = ZERO_UUID, log_end_offset: int = 0, last_fetch_timestamp: int = -1, last_caught_up_timestamp: int = -1) -> None:
        self.replica_id = replica_id
        self.replica_directory_id = replica_directory_id
        self.log_end_offset = log_end_offset
        self.last_fetch_timestamp = last_fetch_timestamp
        self.last_caught_up_timestamp = last_caught_up_timestamp

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class Node:
    """A Node inside DescribeQuorumResponse. (generated from DescribeQuorumResponse.json)."""

    __slots__ = ('node_id', 'listeners')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, node_id: int = 0, listeners: list[Listener] | None = None) -> None:
        self.node_id = node_id
        self.listeners = [] if listeners is None else listeners

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class Listener:
    """A Listener inside DescribeQuorumResponse. (generated from DescribeQuorumResponse.json)."""

    __slots__ = ('name', 'host', 'port')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', host: str = '', port: int = 0) -> None:
        self.name = name
        self.host = host
        self.port = port

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeQuorumResponse:
    """DescribeQuorumResponse v0-2 (generated from DescribeQuorumResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'topics', 'nodes')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 55
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 0
    TopicData: TypeAlias = TopicData
    PartitionData: TypeAlias = PartitionData
    ReplicaState: TypeAlias = ReplicaState
    Node: TypeAlias = Node
    Listener: TypeAlias = Listener

    def __init__(self, *, error_code: int = 0, error_message: str | None = '', topics: list[TopicData] | None = None, nodes: list[Node] | None = None) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.topics = [] if topics is None else topics
        self.nodes = [] if nodes is None else nodes

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
        _ENC_DescribeQuorumResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeQuorumResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeQuorumResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeQuorumResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeQuorumResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeQuorumResponse v{version} runs past the end of the frame')
        return o, end


TopicData.FIELD_TYPES = {'topic_name': str, 'partitions': list[PartitionData] | None}
PartitionData.FIELD_TYPES = {'partition_index': int, 'error_code': int, 'error_message': str | None, 'leader_id': int, 'leader_epoch': int, 'high_watermark': int, 'current_voters': list[ReplicaState] | None, 'observers': list[ReplicaState] | None}
ReplicaState.FIELD_TYPES = {'replica_id': int, 'replica_directory_id': bytes, 'log_end_offset': int, 'last_fetch_timestamp': int, 'last_caught_up_timestamp': int}
Node.FIELD_TYPES = {'node_id': int, 'listeners': list[Listener] | None}
Listener.FIELD_TYPES = {'name': str, 'host': str, 'port': int}
DescribeQuorumResponse.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'topics': list[TopicData] | None, 'nodes': list[Node] | None}


def _dec_ReplicaState_0(buf: memoryview, pos: int) -> tuple[ReplicaState, int]:
    o = _new(ReplicaState)
    o.replica_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.log_end_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetch_timestamp = -1
    o.last_caught_up_timestamp = -1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReplicaState_0(o: ReplicaState, w: Writer) -> None:
    w(_S1.pack(o.replica_id))
    w(_S2.pack(o.log_end_offset))
    w(b'\x00')


def _dec_PartitionData_0(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = ''
    o.leader_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 13 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReplicaState] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReplicaState_0(buf, pos); ap0(x0)
    o.current_voters = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 13 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ReplicaState] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ReplicaState_0(buf, pos); ap1(x1)
    o.observers = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionData_0(o: PartitionData, w: Writer) -> None:
    w(_S1.pack(o.partition_index))
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.leader_id))
    w(_S1.pack(o.leader_epoch))
    w(_S2.pack(o.high_watermark))
    a0 = o.current_voters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReplicaState_0(x0, w)
    a1 = o.observers
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ReplicaState_0(x1, w)
    w(b'\x00')


def _dec_TopicData_0(buf: memoryview, pos: int) -> tuple[TopicData, int]:
    o = _new(TopicData)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 25 > len(buf) - pos:
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


def _dec_DescribeQuorumResponse_0(buf: memoryview, pos: int) -> tuple[DescribeQuorumResponse, int]:
    o = _new(DescribeQuorumResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = ''
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicData_0(buf, pos); ap0(x0)
    o.topics = a0
    o.nodes = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeQuorumResponse_0(o: DescribeQuorumResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicData_0(x0, w)
    w(b'\x00')


def _dec_ReplicaState_1(buf: memoryview, pos: int) -> tuple[ReplicaState, int]:
    o = _new(ReplicaState)
    o.replica_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.log_end_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetch_timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_caught_up_timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReplicaState_1(o: ReplicaState, w: Writer) -> None:
    w(_S1.pack(o.replica_id))
    w(_S2.pack(o.log_end_offset))
    w(_S2.pack(o.last_fetch_timestamp))
    w(_S2.pack(o.last_caught_up_timestamp))
    w(b'\x00')


def _dec_PartitionData_1(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = ''
    o.leader_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 29 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReplicaState] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReplicaState_1(buf, pos); ap0(x0)
    o.current_voters = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 29 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ReplicaState] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ReplicaState_1(buf, pos); ap1(x1)
    o.observers = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionData_1(o: PartitionData, w: Writer) -> None:
    w(_S1.pack(o.partition_index))
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.leader_id))
    w(_S1.pack(o.leader_epoch))
    w(_S2.pack(o.high_watermark))
    a0 = o.current_voters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReplicaState_1(x0, w)
    a1 = o.observers
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ReplicaState_1(x1, w)
    w(b'\x00')


def _dec_TopicData_1(buf: memoryview, pos: int) -> tuple[TopicData, int]:
    o = _new(TopicData)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 25 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_1(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicData_1(o: TopicData, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionData_1(x0, w)
    w(b'\x00')


def _dec_DescribeQuorumResponse_1(buf: memoryview, pos: int) -> tuple[DescribeQuorumResponse, int]:
    o = _new(DescribeQuorumResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = ''
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicData_1(buf, pos); ap0(x0)
    o.topics = a0
    o.nodes = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeQuorumResponse_1(o: DescribeQuorumResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicData_1(x0, w)
    w(b'\x00')


def _dec_ReplicaState_2(buf: memoryview, pos: int) -> tuple[ReplicaState, int]:
    o = _new(ReplicaState)
    o.replica_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = bytes(buf[pos:pos + 16]); pos += 16
    o.log_end_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetch_timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_caught_up_timestamp = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReplicaState_2(o: ReplicaState, w: Writer) -> None:
    w(_S1.pack(o.replica_id))
    w(o.replica_directory_id)
    w(_S2.pack(o.log_end_offset))
    w(_S2.pack(o.last_fetch_timestamp))
    w(_S2.pack(o.last_caught_up_timestamp))
    w(b'\x00')


def _dec_PartitionData_2(buf: memoryview, pos: int) -> tuple[PartitionData, int]:
    o = _new(PartitionData)
    o.partition_index = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.leader_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 45 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReplicaState] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReplicaState_2(buf, pos); ap0(x0)
    o.current_voters = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 45 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ReplicaState] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ReplicaState_2(buf, pos); ap1(x1)
    o.observers = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionData_2(o: PartitionData, w: Writer) -> None:
    w(_S1.pack(o.partition_index))
    w(_S0.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S1.pack(o.leader_id))
    w(_S1.pack(o.leader_epoch))
    w(_S2.pack(o.high_watermark))
    a0 = o.current_voters
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReplicaState_2(x0, w)
    a1 = o.observers
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ReplicaState_2(x1, w)
    w(b'\x00')


def _dec_TopicData_2(buf: memoryview, pos: int) -> tuple[TopicData, int]:
    o = _new(TopicData)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionData_2(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicData_2(o: TopicData, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionData_2(x0, w)
    w(b'\x00')


def _dec_Listener_0(buf: memoryview, pos: int) -> tuple[Listener, int]:
    o = _new(Listener)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S3.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_Listener_0(o: Listener, w: Writer) -> None:
    _w_cstr(w, o.name)
    _w_cstr(w, o.host)
    w(_S3.pack(o.port))
    w(b'\x00')


def _dec_Node_0(buf: memoryview, pos: int) -> tuple[Node, int]:
    o = _new(Node)
    o.node_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[Listener] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_Listener_0(buf, pos); ap0(x0)
    o.listeners = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_Node_0(o: Node, w: Writer) -> None:
    w(_S1.pack(o.node_id))
    a0 = o.listeners
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_Listener_0(x0, w)
    w(b'\x00')


def _dec_DescribeQuorumResponse_2(buf: memoryview, pos: int) -> tuple[DescribeQuorumResponse, int]:
    o = _new(DescribeQuorumResponse)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicData] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicData_2(buf, pos); ap0(x0)
    o.topics = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[Node] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_Node_0(buf, pos); ap1(x1)
    o.nodes = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeQuorumResponse_2(o: DescribeQuorumResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicData_2(x0, w)
    a1 = o.nodes
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_Node_0(x1, w)
    w(b'\x00')


_DEC_DescribeQuorumResponse: list[Callable[[memoryview, int], tuple[DescribeQuorumResponse, int]]] = [_dec_DescribeQuorumResponse_0, _dec_DescribeQuorumResponse_1, _dec_DescribeQuorumResponse_2]
_ENC_DescribeQuorumResponse: list[Callable[[DescribeQuorumResponse, Writer], None]] = [_enc_DescribeQuorumResponse_0, _enc_DescribeQuorumResponse_1, _enc_DescribeQuorumResponse_2]
