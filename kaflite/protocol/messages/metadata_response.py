"""Generated from Kafka's MetadataResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class MetadataResponseBroker:
    """A MetadataResponseBroker inside MetadataResponse. (generated from MetadataResponse.json)."""

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
class MetadataResponseTopic:
    """A MetadataResponseTopic inside MetadataResponse. (generated from MetadataResponse.json)."""

    __slots__ = ('error_code', 'name', 'topic_id', 'is_internal', 'partitions', 'topic_authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, name: str | None = '', topic_id: bytes = ZERO_UUID, is_internal: bool = False, partitions: list[MetadataResponsePartition] | None = None, topic_authorized_operations: int = -2147483648) -> None:
        self.error_code = error_code
        self.name = name
        self.topic_id = topic_id
        self.is_internal = is_internal
        self.partitions = [] if partitions is None else partitions
        self.topic_authorized_operations = topic_authorized_operations

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class MetadataResponsePartition:
    """A MetadataResponsePartition inside MetadataResponse. (generated from MetadataResponse.json)."""

    __slots__ = ('error_code', 'partition_index', 'leader_id', 'leader_epoch', 'replica_nodes', 'isr_nodes', 'offline_replicas')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, partition_index: int = 0, leader_id: int = 0, leader_epoch: int = -1, replica_nodes: list[int] | None = None, isr_nodes: list[int] | None = None, offline_replicas: list[int] | None = None) -> None:
        self.error_code = error_code
        self.partition_index = partition_index
        self.leader_id = leader_id
        self.leader_epoch = leader_epoch
        self.replica_nodes = [] if replica_nodes is None else replica_nodes
        self.isr_nodes = [] if isr_nodes is None else isr_nodes
        self.offline_replicas = [] if offline_replicas is None else offline_replicas

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class MetadataResponse:
    """MetadataResponse v0-13 (generated from MetadataResponse.json)."""

    __slots__ = ('throttle_time_ms', 'brokers', 'cluster_id', 'controller_id', 'topics', 'cluster_authorized_operations', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 3
    MIN_VERSION = 0
    MAX_VERSION = 13
    FLEXIBLE_MIN = 9
    MetadataResponseBroker: TypeAlias = MetadataResponseBroker
    MetadataResponseTopic: TypeAlias = MetadataResponseTopic
    MetadataResponsePartition: TypeAlias = MetadataResponsePartition

    def __init__(self, *, throttle_time_ms: int = 0, brokers: list[MetadataResponseBroker] | None = None, cluster_id: str | None = None, controller_id: int = -1, topics: list[MetadataResponseTopic] | None = None, cluster_authorized_operations: int = -2147483648, error_code: int = 0) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.brokers = [] if brokers is None else brokers
        self.cluster_id = cluster_id
        self.controller_id = controller_id
        self.topics = [] if topics is None else topics
        self.cluster_authorized_operations = cluster_authorized_operations
        self.error_code = error_code

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
        _ENC_MetadataResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> MetadataResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[MetadataResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_MetadataResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed MetadataResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'MetadataResponse v{version} runs past the end of the frame')
        return o, end


MetadataResponseBroker.FIELD_TYPES = {'node_id': int, 'host': str, 'port': int, 'rack': str | None}
MetadataResponseTopic.FIELD_TYPES = {'error_code': int, 'name': str | None, 'topic_id': bytes, 'is_internal': bool, 'partitions': list[MetadataResponsePartition] | None, 'topic_authorized_operations': int}
MetadataResponsePartition.FIELD_TYPES = {'error_code': int, 'partition_index': int, 'leader_id': int, 'leader_epoch': int, 'replica_nodes': list[int] | None, 'isr_nodes': list[int] | None, 'offline_replicas': list[int] | None}
MetadataResponse.FIELD_TYPES = {'throttle_time_ms': int, 'brokers': list[MetadataResponseBroker] | None, 'cluster_id': str | None, 'controller_id': int, 'topics': list[MetadataResponseTopic] | None, 'cluster_authorized_operations': int, 'error_code': int}


def _dec_MetadataResponseBroker_0(buf: memoryview, pos: int) -> tuple[MetadataResponseBroker, int]:
    o = _new(MetadataResponseBroker)
    o.node_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_str(buf, pos)
    o.port = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack = None
    return o, pos


def _enc_MetadataResponseBroker_0(o: MetadataResponseBroker, w: Writer) -> None:
    w(_S0.pack(o.node_id))
    _w_str(w, o.host)
    w(_S0.pack(o.port))


def _dec_MetadataResponsePartition_0(buf: memoryview, pos: int) -> tuple[MetadataResponsePartition, int]:
    o = _new(MetadataResponsePartition)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.replica_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.isr_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    o.offline_replicas = []
    return o, pos


def _enc_MetadataResponsePartition_0(o: MetadataResponsePartition, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.partition_index))
    w(_S0.pack(o.leader_id))
    a0 = o.replica_nodes
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))
    a1 = o.isr_nodes
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        w(_struct.pack('>%di' % len(a1), *a1))


def _dec_MetadataResponseTopic_0(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    o.is_internal = False
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = -2147483648
    return o, pos


def _enc_MetadataResponseTopic_0(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponsePartition_0(x0, w)


def _dec_MetadataResponse_0(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_0(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id = None
    o.controller_id = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_0(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    return o, pos


def _enc_MetadataResponse_0(o: MetadataResponse, w: Writer) -> None:
    a0 = o.brokers
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponseBroker_0(x0, w)
    a1 = o.topics
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_MetadataResponseTopic_0(x1, w)


def _dec_MetadataResponseBroker_1(buf: memoryview, pos: int) -> tuple[MetadataResponseBroker, int]:
    o = _new(MetadataResponseBroker)
    o.node_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_str(buf, pos)
    o.port = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack, pos = _r_str(buf, pos)
    return o, pos


def _enc_MetadataResponseBroker_1(o: MetadataResponseBroker, w: Writer) -> None:
    w(_S0.pack(o.node_id))
    _w_str(w, o.host)
    w(_S0.pack(o.port))
    _w_str(w, o.rack)


def _dec_MetadataResponseTopic_1(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_0(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = -2147483648
    return o, pos


def _enc_MetadataResponseTopic_1(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.name)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponsePartition_0(x0, w)


def _dec_MetadataResponse_1(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_1(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id = None
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_1(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    return o, pos


def _enc_MetadataResponse_1(o: MetadataResponse, w: Writer) -> None:
    a0 = o.brokers
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponseBroker_1(x0, w)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_MetadataResponseTopic_1(x1, w)


def _dec_MetadataResponse_2(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_1(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_str(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_1(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    return o, pos


def _enc_MetadataResponse_2(o: MetadataResponse, w: Writer) -> None:
    a0 = o.brokers
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponseBroker_1(x0, w)
    _w_str(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_MetadataResponseTopic_1(x1, w)


def _dec_MetadataResponse_3(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_1(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_str(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_1(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    return o, pos


def _enc_MetadataResponse_3(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponseBroker_1(x0, w)
    _w_str(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_MetadataResponseTopic_1(x1, w)


def _dec_MetadataResponsePartition_1(buf: memoryview, pos: int) -> tuple[MetadataResponsePartition, int]:
    o = _new(MetadataResponsePartition)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.replica_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.isr_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.offline_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_MetadataResponsePartition_1(o: MetadataResponsePartition, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.partition_index))
    w(_S0.pack(o.leader_id))
    a0 = o.replica_nodes
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))
    a1 = o.isr_nodes
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        w(_struct.pack('>%di' % len(a1), *a1))
    a2 = o.offline_replicas
    if a2 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a2)))
        w(_struct.pack('>%di' % len(a2), *a2))


def _dec_MetadataResponseTopic_2(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 22 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_1(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = -2147483648
    return o, pos


def _enc_MetadataResponseTopic_2(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.name)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponsePartition_1(x0, w)


def _dec_MetadataResponse_4(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_1(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_str(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_2(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    return o, pos


def _enc_MetadataResponse_4(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponseBroker_1(x0, w)
    _w_str(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_MetadataResponseTopic_2(x1, w)


def _dec_MetadataResponsePartition_2(buf: memoryview, pos: int) -> tuple[MetadataResponsePartition, int]:
    o = _new(MetadataResponsePartition)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.replica_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.isr_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.offline_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_MetadataResponsePartition_2(o: MetadataResponsePartition, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.partition_index))
    w(_S0.pack(o.leader_id))
    w(_S0.pack(o.leader_epoch))
    a0 = o.replica_nodes
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))
    a1 = o.isr_nodes
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        w(_struct.pack('>%di' % len(a1), *a1))
    a2 = o.offline_replicas
    if a2 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a2)))
        w(_struct.pack('>%di' % len(a2), *a2))


def _dec_MetadataResponseTopic_3(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = -2147483648
    return o, pos


def _enc_MetadataResponseTopic_3(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.name)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponsePartition_2(x0, w)


def _dec_MetadataResponse_5(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_1(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_str(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_3(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    return o, pos


def _enc_MetadataResponse_5(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponseBroker_1(x0, w)
    _w_str(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_MetadataResponseTopic_3(x1, w)


def _dec_MetadataResponseTopic_4(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_2(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_MetadataResponseTopic_4(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.name)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponsePartition_2(x0, w)
    w(_S0.pack(o.topic_authorized_operations))


def _dec_MetadataResponse_6(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_1(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_str(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 13 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_4(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    return o, pos


def _enc_MetadataResponse_6(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataResponseBroker_1(x0, w)
    _w_str(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_MetadataResponseTopic_4(x1, w)
    w(_S0.pack(o.cluster_authorized_operations))


def _dec_MetadataResponseBroker_2(buf: memoryview, pos: int) -> tuple[MetadataResponseBroker, int]:
    o = _new(MetadataResponseBroker)
    o.node_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.host, pos = _r_nn_cstr(buf, pos)
    o.port = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponseBroker_2(o: MetadataResponseBroker, w: Writer) -> None:
    w(_S0.pack(o.node_id))
    _w_cstr(w, o.host)
    w(_S0.pack(o.port))
    _w_cstr(w, o.rack)
    w(b'\x00')


def _dec_MetadataResponsePartition_3(buf: memoryview, pos: int) -> tuple[MetadataResponsePartition, int]:
    o = _new(MetadataResponsePartition)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.leader_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.replica_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.isr_nodes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.offline_replicas = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponsePartition_3(o: MetadataResponsePartition, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    w(_S0.pack(o.partition_index))
    w(_S0.pack(o.leader_id))
    w(_S0.pack(o.leader_epoch))
    a0 = o.replica_nodes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    a1 = o.isr_nodes
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        w(_struct.pack('>%di' % len(a1), *a1))
    a2 = o.offline_replicas
    if a2 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a2) + 1))
        w(_struct.pack('>%di' % len(a2), *a2))
    w(b'\x00')


def _dec_MetadataResponseTopic_5(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_3(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponseTopic_5(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.name)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponsePartition_3(x0, w)
    w(_S0.pack(o.topic_authorized_operations))
    w(b'\x00')


def _dec_MetadataResponse_7(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_2(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_5(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponse_7(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponseBroker_2(x0, w)
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_MetadataResponseTopic_5(x1, w)
    w(_S0.pack(o.cluster_authorized_operations))
    w(b'\x00')


def _dec_MetadataResponseTopic_6(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_3(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponseTopic_6(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.name)
    w(o.topic_id)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponsePartition_3(x0, w)
    w(_S0.pack(o.topic_authorized_operations))
    w(b'\x00')


def _dec_MetadataResponse_8(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_2(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_6(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponse_8(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponseBroker_2(x0, w)
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_MetadataResponseTopic_6(x1, w)
    w(_S0.pack(o.cluster_authorized_operations))
    w(b'\x00')


def _dec_MetadataResponse_9(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_2(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_6(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponse_9(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponseBroker_2(x0, w)
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_MetadataResponseTopic_6(x1, w)
    w(b'\x00')


def _dec_MetadataResponseTopic_7(buf: memoryview, pos: int) -> tuple[MetadataResponseTopic, int]:
    o = _new(MetadataResponseTopic)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.name, pos = _r_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.is_internal = _S2.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponsePartition] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponsePartition_3(buf, pos); ap0(x0)
    o.partitions = a0
    o.topic_authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponseTopic_7(o: MetadataResponseTopic, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.name)
    w(o.topic_id)
    w(_S2.pack(o.is_internal))
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponsePartition_3(x0, w)
    w(_S0.pack(o.topic_authorized_operations))
    w(b'\x00')


def _dec_MetadataResponse_10(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_2(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_7(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = 0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponse_10(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponseBroker_2(x0, w)
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_MetadataResponseTopic_7(x1, w)
    w(b'\x00')


def _dec_MetadataResponse_11(buf: memoryview, pos: int) -> tuple[MetadataResponse, int]:
    o = _new(MetadataResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataResponseBroker] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataResponseBroker_2(buf, pos); ap0(x0)
    o.brokers = a0
    o.cluster_id, pos = _r_cstr(buf, pos)
    o.controller_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 26 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[MetadataResponseTopic] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_MetadataResponseTopic_7(buf, pos); ap1(x1)
    o.topics = a1
    o.cluster_authorized_operations = -2147483648
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataResponse_11(o: MetadataResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.brokers
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataResponseBroker_2(x0, w)
    _w_cstr(w, o.cluster_id)
    w(_S0.pack(o.controller_id))
    a1 = o.topics
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_MetadataResponseTopic_7(x1, w)
    w(_S1.pack(o.error_code))
    w(b'\x00')


_DEC_MetadataResponse: list[Callable[[memoryview, int], tuple[MetadataResponse, int]]] = [_dec_MetadataResponse_0, _dec_MetadataResponse_1, _dec_MetadataResponse_2, _dec_MetadataResponse_3, _dec_MetadataResponse_3, _dec_MetadataResponse_4, _dec_MetadataResponse_4, _dec_MetadataResponse_5, _dec_MetadataResponse_6, _dec_MetadataResponse_7, _dec_MetadataResponse_8, _dec_MetadataResponse_9, _dec_MetadataResponse_10, _dec_MetadataResponse_11]
_ENC_MetadataResponse: list[Callable[[MetadataResponse, Writer], None]] = [_enc_MetadataResponse_0, _enc_MetadataResponse_1, _enc_MetadataResponse_2, _enc_MetadataResponse_3, _enc_MetadataResponse_3, _enc_MetadataResponse_4, _enc_MetadataResponse_4, _enc_MetadataResponse_5, _enc_MetadataResponse_6, _enc_MetadataResponse_7, _enc_MetadataResponse_8, _enc_MetadataResponse_9, _enc_MetadataResponse_10, _enc_MetadataResponse_11]
