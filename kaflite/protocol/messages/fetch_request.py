"""Generated from Kafka's FetchRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>b')
_S2 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class ReplicaState:
    """A ReplicaState inside FetchRequest. (generated from FetchRequest.json)."""

    __slots__ = ('replica_id', 'replica_epoch')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, replica_id: int = -1, replica_epoch: int = -1) -> None:
        self.replica_id = replica_id
        self.replica_epoch = replica_epoch

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class FetchTopic:
    """A FetchTopic inside FetchRequest. (generated from FetchRequest.json)."""

    __slots__ = ('topic', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', topic_id: bytes = ZERO_UUID, partitions: list[FetchPartition] | None = None) -> None:
        self.topic = topic
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class FetchPartition:
    """A FetchPartition inside FetchRequest. (generated from FetchRequest.json)."""

    __slots__ = ('partition', 'current_leader_epoch', 'fetch_offset', 'last_fetched_epoch', 'log_start_offset', 'partition_max_bytes', 'replica_directory_id', 'high_watermark')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition: int = 0, current_leader_epoch: int = -1, fetch_offset: int = 0, last_fetched_epoch: int = -1, log_start_offset: int = -1, partition_max_bytes: int = 0, replica_directory_id: bytes = ZERO_UUID, high_watermark: int = 9223372036854775807) -> None:
        self.partition = partition
        self.current_leader_epoch = current_leader_epoch
        self.fetch_offset = fetch_offset
        self.last_fetched_epoch = last_fetched_epoch
        self.log_start_offset = log_start_offset
        self.partition_max_bytes = partition_max_bytes
        self.replica_directory_id = replica_directory_id
        self.high_watermark = high_watermark

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ForgottenTopic:
    """A ForgottenTopic inside FetchRequest. (generated from FetchRequest.json)."""

    __slots__ = ('topic', 'topic_id', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', topic_id: bytes = ZERO_UUID, partitions: list[int] | None = None) -> None:
        self.topic = topic
        self.topic_id = topic_id
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class FetchRequest:
    """FetchRequest v4-18 (generated from FetchRequest.json)."""

    __slots__ = ('cluster_id', 'replica_id', 'replica_state', 'max_wait_ms', 'min_bytes', 'max_bytes', 'isolation_level', 'session_id', 'session_epoch', 'topics', 'forgotten_topics_data', 'rack_id')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 1
    MIN_VERSION = 4
    MAX_VERSION = 18
    FLEXIBLE_MIN = 12
    ReplicaState: TypeAlias = ReplicaState
    FetchTopic: TypeAlias = FetchTopic
    FetchPartition: TypeAlias = FetchPartition
    ForgottenTopic: TypeAlias = ForgottenTopic

    def __init__(self, *, cluster_id: str | None = None, replica_id: int = -1, replica_state: ReplicaState | None = None, max_wait_ms: int = 0, min_bytes: int = 0, max_bytes: int = 2147483647, isolation_level: int = 0, session_id: int = 0, session_epoch: int = -1, topics: list[FetchTopic] | None = None, forgotten_topics_data: list[ForgottenTopic] | None = None, rack_id: str = '') -> None:
        self.cluster_id = cluster_id
        self.replica_id = replica_id
        self.replica_state = ReplicaState() if replica_state is None else replica_state
        self.max_wait_ms = max_wait_ms
        self.min_bytes = min_bytes
        self.max_bytes = max_bytes
        self.isolation_level = isolation_level
        self.session_id = session_id
        self.session_epoch = session_epoch
        self.topics = [] if topics is None else topics
        self.forgotten_topics_data = [] if forgotten_topics_data is None else forgotten_topics_data
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
        _ENC_FetchRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> FetchRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[FetchRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_FetchRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed FetchRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'FetchRequest v{version} runs past the end of the frame')
        return o, end


ReplicaState.FIELD_TYPES = {'replica_id': int, 'replica_epoch': int}
FetchTopic.FIELD_TYPES = {'topic': str, 'topic_id': bytes, 'partitions': list[FetchPartition] | None}
FetchPartition.FIELD_TYPES = {'partition': int, 'current_leader_epoch': int, 'fetch_offset': int, 'last_fetched_epoch': int, 'log_start_offset': int, 'partition_max_bytes': int, 'replica_directory_id': bytes, 'high_watermark': int}
ForgottenTopic.FIELD_TYPES = {'topic': str, 'topic_id': bytes, 'partitions': list[int] | None}
FetchRequest.FIELD_TYPES = {'cluster_id': str | None, 'replica_id': int, 'replica_state': ReplicaState | None, 'max_wait_ms': int, 'min_bytes': int, 'max_bytes': int, 'isolation_level': int, 'session_id': int, 'session_epoch': int, 'topics': list[FetchTopic] | None, 'forgotten_topics_data': list[ForgottenTopic] | None, 'rack_id': str}


def _dec_FetchPartition_0(buf: memoryview, pos: int) -> tuple[FetchPartition, int]:
    o = _new(FetchPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = -1
    o.fetch_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetched_epoch = -1
    o.log_start_offset = -1
    o.partition_max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.high_watermark = 9223372036854775807
    return o, pos


def _enc_FetchPartition_0(o: FetchPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S2.pack(o.fetch_offset))
    w(_S0.pack(o.partition_max_bytes))


def _dec_FetchTopic_0(buf: memoryview, pos: int) -> tuple[FetchTopic, int]:
    o = _new(FetchTopic)
    o.topic, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 16 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchPartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_FetchTopic_0(o: FetchTopic, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchPartition_0(x0, w)


def _dec_FetchRequest_0(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = 0
    o.session_epoch = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.forgotten_topics_data = []
    o.rack_id = ''
    return o, pos


def _enc_FetchRequest_0(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchTopic_0(x0, w)


def _dec_FetchPartition_1(buf: memoryview, pos: int) -> tuple[FetchPartition, int]:
    o = _new(FetchPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = -1
    o.fetch_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetched_epoch = -1
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.partition_max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.high_watermark = 9223372036854775807
    return o, pos


def _enc_FetchPartition_1(o: FetchPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S2.pack(o.fetch_offset))
    w(_S2.pack(o.log_start_offset))
    w(_S0.pack(o.partition_max_bytes))


def _dec_FetchTopic_1(buf: memoryview, pos: int) -> tuple[FetchTopic, int]:
    o = _new(FetchTopic)
    o.topic, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 24 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchPartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_FetchTopic_1(o: FetchTopic, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchPartition_1(x0, w)


def _dec_FetchRequest_1(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = 0
    o.session_epoch = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.forgotten_topics_data = []
    o.rack_id = ''
    return o, pos


def _enc_FetchRequest_1(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchTopic_1(x0, w)


def _dec_ForgottenTopic_0(buf: memoryview, pos: int) -> tuple[ForgottenTopic, int]:
    o = _new(ForgottenTopic)
    o.topic, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_ForgottenTopic_0(o: ForgottenTopic, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_FetchRequest_2(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_0(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id = ''
    return o, pos


def _enc_FetchRequest_2(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchTopic_1(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_ForgottenTopic_0(x1, w)


def _dec_FetchPartition_2(buf: memoryview, pos: int) -> tuple[FetchPartition, int]:
    o = _new(FetchPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.fetch_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetched_epoch = -1
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.partition_max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.high_watermark = 9223372036854775807
    return o, pos


def _enc_FetchPartition_2(o: FetchPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S0.pack(o.current_leader_epoch))
    w(_S2.pack(o.fetch_offset))
    w(_S2.pack(o.log_start_offset))
    w(_S0.pack(o.partition_max_bytes))


def _dec_FetchTopic_2(buf: memoryview, pos: int) -> tuple[FetchTopic, int]:
    o = _new(FetchTopic)
    o.topic, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 28 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchPartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    return o, pos


def _enc_FetchTopic_2(o: FetchTopic, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchPartition_2(x0, w)


def _dec_FetchRequest_3(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_0(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id = ''
    return o, pos


def _enc_FetchRequest_3(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchTopic_2(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_ForgottenTopic_0(x1, w)


def _dec_FetchRequest_4(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_2(buf, pos); ap0(x0)
    o.topics = a0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_0(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_FetchRequest_4(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_FetchTopic_2(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_ForgottenTopic_0(x1, w)
    _w_str(w, o.rack_id)


def _dec_FetchPartition_3(buf: memoryview, pos: int) -> tuple[FetchPartition, int]:
    o = _new(FetchPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.fetch_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetched_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.partition_max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.high_watermark = 9223372036854775807
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchPartition_3(o: FetchPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S0.pack(o.current_leader_epoch))
    w(_S2.pack(o.fetch_offset))
    w(_S0.pack(o.last_fetched_epoch))
    w(_S2.pack(o.log_start_offset))
    w(_S0.pack(o.partition_max_bytes))
    w(b'\x00')


def _dec_FetchTopic_3(buf: memoryview, pos: int) -> tuple[FetchTopic, int]:
    o = _new(FetchTopic)
    o.topic, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 33 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchPartition_3(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchTopic_3(o: FetchTopic, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchPartition_3(x0, w)
    w(b'\x00')


def _dec_ForgottenTopic_1(buf: memoryview, pos: int) -> tuple[ForgottenTopic, int]:
    o = _new(ForgottenTopic)
    o.topic, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ForgottenTopic_1(o: ForgottenTopic, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_FetchRequest_5(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_3(buf, pos); ap0(x0)
    o.topics = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_1(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id, pos = _r_nn_cstr(buf, pos)
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.cluster_id, pos = _r_cstr(buf, pos)
        pos = end
    return o, pos


def _enc_FetchRequest_5(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchTopic_3(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ForgottenTopic_1(x1, w)
    _w_cstr(w, o.rack_id)
    tags: list[bytes] = []
    if o.cluster_id is not None:
        tb: list[Buffer] = []; tw = tb.append
        _w_cstr(tw, o.cluster_id)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_FetchTopic_4(buf: memoryview, pos: int) -> tuple[FetchTopic, int]:
    o = _new(FetchTopic)
    o.topic = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 33 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchPartition_3(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchTopic_4(o: FetchTopic, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchPartition_3(x0, w)
    w(b'\x00')


def _dec_ForgottenTopic_2(buf: memoryview, pos: int) -> tuple[ForgottenTopic, int]:
    o = _new(ForgottenTopic)
    o.topic = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ForgottenTopic_2(o: ForgottenTopic, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_FetchRequest_6(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_4(buf, pos); ap0(x0)
    o.topics = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_2(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id, pos = _r_nn_cstr(buf, pos)
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.cluster_id, pos = _r_cstr(buf, pos)
        pos = end
    return o, pos


def _enc_FetchRequest_6(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchTopic_4(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ForgottenTopic_2(x1, w)
    _w_cstr(w, o.rack_id)
    tags: list[bytes] = []
    if o.cluster_id is not None:
        tb: list[Buffer] = []; tw = tb.append
        _w_cstr(tw, o.cluster_id)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_ReplicaState_0(buf: memoryview, pos: int) -> tuple[ReplicaState, int]:
    o = _new(ReplicaState)
    o.replica_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_epoch = _S2.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReplicaState_0(o: ReplicaState, w: Writer) -> None:
    w(_S0.pack(o.replica_id))
    w(_S2.pack(o.replica_epoch))
    w(b'\x00')


def _dec_FetchRequest_7(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = -1
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_4(buf, pos); ap0(x0)
    o.topics = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_2(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id, pos = _r_nn_cstr(buf, pos)
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.cluster_id, pos = _r_cstr(buf, pos)
        elif tag == 1:
            o.replica_state, pos = _dec_ReplicaState_0(buf, pos)
        pos = end
    return o, pos


def _enc_FetchRequest_7(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchTopic_4(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ForgottenTopic_2(x1, w)
    _w_cstr(w, o.rack_id)
    tags: list[bytes] = []
    if o.cluster_id is not None:
        tb: list[Buffer] = []; tw = tb.append
        _w_cstr(tw, o.cluster_id)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.replica_state != ReplicaState():
        tb = []; tw = tb.append
        _enc_ReplicaState_0(o.replica_state, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_FetchPartition_4(buf: memoryview, pos: int) -> tuple[FetchPartition, int]:
    o = _new(FetchPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.fetch_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetched_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.partition_max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.high_watermark = 9223372036854775807
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.replica_directory_id = bytes(buf[pos:pos + 16]); pos += 16
        pos = end
    return o, pos


def _enc_FetchPartition_4(o: FetchPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S0.pack(o.current_leader_epoch))
    w(_S2.pack(o.fetch_offset))
    w(_S0.pack(o.last_fetched_epoch))
    w(_S2.pack(o.log_start_offset))
    w(_S0.pack(o.partition_max_bytes))
    tags: list[bytes] = []
    if o.replica_directory_id != ZERO_UUID:
        tb: list[Buffer] = []; tw = tb.append
        tw(o.replica_directory_id)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_FetchTopic_5(buf: memoryview, pos: int) -> tuple[FetchTopic, int]:
    o = _new(FetchTopic)
    o.topic = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 33 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchPartition_4(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchTopic_5(o: FetchTopic, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchPartition_4(x0, w)
    w(b'\x00')


def _dec_FetchRequest_8(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = -1
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_5(buf, pos); ap0(x0)
    o.topics = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_2(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id, pos = _r_nn_cstr(buf, pos)
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.cluster_id, pos = _r_cstr(buf, pos)
        elif tag == 1:
            o.replica_state, pos = _dec_ReplicaState_0(buf, pos)
        pos = end
    return o, pos


def _enc_FetchRequest_8(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchTopic_5(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ForgottenTopic_2(x1, w)
    _w_cstr(w, o.rack_id)
    tags: list[bytes] = []
    if o.cluster_id is not None:
        tb: list[Buffer] = []; tw = tb.append
        _w_cstr(tw, o.cluster_id)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.replica_state != ReplicaState():
        tb = []; tw = tb.append
        _enc_ReplicaState_0(o.replica_state, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_FetchPartition_5(buf: memoryview, pos: int) -> tuple[FetchPartition, int]:
    o = _new(FetchPartition)
    o.partition = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.current_leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.fetch_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.last_fetched_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.log_start_offset = _S2.unpack_from(buf, pos)[0]; pos += 8
    o.partition_max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replica_directory_id = ZERO_UUID
    o.high_watermark = 9223372036854775807
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.replica_directory_id = bytes(buf[pos:pos + 16]); pos += 16
        elif tag == 1:
            o.high_watermark = _S2.unpack_from(buf, pos)[0]; pos += 8
        pos = end
    return o, pos


def _enc_FetchPartition_5(o: FetchPartition, w: Writer) -> None:
    w(_S0.pack(o.partition))
    w(_S0.pack(o.current_leader_epoch))
    w(_S2.pack(o.fetch_offset))
    w(_S0.pack(o.last_fetched_epoch))
    w(_S2.pack(o.log_start_offset))
    w(_S0.pack(o.partition_max_bytes))
    tags: list[bytes] = []
    if o.replica_directory_id != ZERO_UUID:
        tb: list[Buffer] = []; tw = tb.append
        tw(o.replica_directory_id)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.high_watermark != 9223372036854775807:
        tb = []; tw = tb.append
        tw(_S2.pack(o.high_watermark))
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_FetchTopic_6(buf: memoryview, pos: int) -> tuple[FetchTopic, int]:
    o = _new(FetchTopic)
    o.topic = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 33 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchPartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchPartition_5(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FetchTopic_6(o: FetchTopic, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchPartition_5(x0, w)
    w(b'\x00')


def _dec_FetchRequest_9(buf: memoryview, pos: int) -> tuple[FetchRequest, int]:
    o = _new(FetchRequest)
    o.cluster_id = None
    o.replica_id = -1
    o.replica_state = ReplicaState()
    o.max_wait_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.min_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.max_bytes = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.isolation_level = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.session_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[FetchTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_FetchTopic_6(buf, pos); ap0(x0)
    o.topics = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[ForgottenTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_ForgottenTopic_2(buf, pos); ap1(x1)
    o.forgotten_topics_data = a1
    o.rack_id, pos = _r_nn_cstr(buf, pos)
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.cluster_id, pos = _r_cstr(buf, pos)
        elif tag == 1:
            o.replica_state, pos = _dec_ReplicaState_0(buf, pos)
        pos = end
    return o, pos


def _enc_FetchRequest_9(o: FetchRequest, w: Writer) -> None:
    w(_S0.pack(o.max_wait_ms))
    w(_S0.pack(o.min_bytes))
    w(_S0.pack(o.max_bytes))
    w(_S1.pack(o.isolation_level))
    w(_S0.pack(o.session_id))
    w(_S0.pack(o.session_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_FetchTopic_6(x0, w)
    a1 = o.forgotten_topics_data
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_ForgottenTopic_2(x1, w)
    _w_cstr(w, o.rack_id)
    tags: list[bytes] = []
    if o.cluster_id is not None:
        tb: list[Buffer] = []; tw = tb.append
        _w_cstr(tw, o.cluster_id)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.replica_state != ReplicaState():
        tb = []; tw = tb.append
        _enc_ReplicaState_0(o.replica_state, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_FetchRequest: list[Callable[[memoryview, int], tuple[FetchRequest, int]]] = [_unsupported, _unsupported, _unsupported, _unsupported, _dec_FetchRequest_0, _dec_FetchRequest_1, _dec_FetchRequest_1, _dec_FetchRequest_2, _dec_FetchRequest_2, _dec_FetchRequest_3, _dec_FetchRequest_3, _dec_FetchRequest_4, _dec_FetchRequest_5, _dec_FetchRequest_6, _dec_FetchRequest_6, _dec_FetchRequest_7, _dec_FetchRequest_7, _dec_FetchRequest_8, _dec_FetchRequest_9]
_ENC_FetchRequest: list[Callable[[FetchRequest, Writer], None]] = [_unsupported, _unsupported, _unsupported, _unsupported, _enc_FetchRequest_0, _enc_FetchRequest_1, _enc_FetchRequest_1, _enc_FetchRequest_2, _enc_FetchRequest_2, _enc_FetchRequest_3, _enc_FetchRequest_3, _enc_FetchRequest_4, _enc_FetchRequest_5, _enc_FetchRequest_6, _enc_FetchRequest_6, _enc_FetchRequest_7, _enc_FetchRequest_7, _enc_FetchRequest_8, _enc_FetchRequest_9]
