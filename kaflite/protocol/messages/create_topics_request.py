"""Generated from Kafka's CreateTopicsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class CreatableTopic:
    """A CreatableTopic inside CreateTopicsRequest. (generated from CreateTopicsRequest.json)."""

    __slots__ = ('name', 'num_partitions', 'replication_factor', 'assignments', 'configs')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', num_partitions: int = 0, replication_factor: int = 0, assignments: list[CreatableReplicaAssignment] | None = None, configs: list[CreatableTopicConfig] | None = None) -> None:
        self.name = name
        self.num_partitions = num_partitions
        self.replication_factor = replication_factor
        self.assignments = [] if assignments is None else assignments
        self.configs = [] if configs is None else configs

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreatableReplicaAssignment:
    """A CreatableReplicaAssignment inside CreateTopicsRequest. (generated from CreateTopicsRequest.json)."""

    __slots__ = ('partition_index', 'broker_ids')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, broker_ids: list[int] | None = None) -> None:
        self.partition_index = partition_index
        self.broker_ids = [] if broker_ids is None else broker_ids

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreatableTopicConfig:
    """A CreatableTopicConfig inside CreateTopicsRequest. (generated from CreateTopicsRequest.json)."""

    __slots__ = ('name', 'value')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', value: str | None = '') -> None:
        self.name = name
        self.value = value

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreateTopicsRequest:
    """CreateTopicsRequest v2-7 (generated from CreateTopicsRequest.json)."""

    __slots__ = ('topics', 'timeout_ms', 'validate_only')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 19
    MIN_VERSION = 2
    MAX_VERSION = 7
    FLEXIBLE_MIN = 5
    CreatableTopic: TypeAlias = CreatableTopic
    CreatableReplicaAssignment: TypeAlias = CreatableReplicaAssignment
    CreatableTopicConfig: TypeAlias = CreatableTopicConfig

    def __init__(self, *, topics: list[CreatableTopic] | None = None, timeout_ms: int = 60000, validate_only: bool = False) -> None:
        self.topics = [] if topics is None else topics
        self.timeout_ms = timeout_ms
        self.validate_only = validate_only

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
        _ENC_CreateTopicsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> CreateTopicsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[CreateTopicsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_CreateTopicsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed CreateTopicsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'CreateTopicsRequest v{version} runs past the end of the frame')
        return o, end


CreatableTopic.FIELD_TYPES = {'name': str, 'num_partitions': int, 'replication_factor': int, 'assignments': list[CreatableReplicaAssignment] | None, 'configs': list[CreatableTopicConfig] | None}
CreatableReplicaAssignment.FIELD_TYPES = {'partition_index': int, 'broker_ids': list[int] | None}
CreatableTopicConfig.FIELD_TYPES = {'name': str, 'value': str | None}
CreateTopicsRequest.FIELD_TYPES = {'topics': list[CreatableTopic] | None, 'timeout_ms': int, 'validate_only': bool}


def _dec_CreatableReplicaAssignment_0(buf: memoryview, pos: int) -> tuple[CreatableReplicaAssignment, int]:
    o = _new(CreatableReplicaAssignment)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.broker_ids = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_CreatableReplicaAssignment_0(o: CreatableReplicaAssignment, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    a0 = o.broker_ids
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_CreatableTopicConfig_0(buf: memoryview, pos: int) -> tuple[CreatableTopicConfig, int]:
    o = _new(CreatableTopicConfig)
    o.name, pos = _r_nn_str(buf, pos)
    o.value, pos = _r_str(buf, pos)
    return o, pos


def _enc_CreatableTopicConfig_0(o: CreatableTopicConfig, w: Writer) -> None:
    _w_str(w, o.name)
    _w_str(w, o.value)


def _dec_CreatableTopic_0(buf: memoryview, pos: int) -> tuple[CreatableTopic, int]:
    o = _new(CreatableTopic)
    o.name, pos = _r_nn_str(buf, pos)
    o.num_partitions = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replication_factor = _S1.unpack_from(buf, pos)[0]; pos += 2
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatableReplicaAssignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatableReplicaAssignment_0(buf, pos); ap0(x0)
    o.assignments = a0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[CreatableTopicConfig] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_CreatableTopicConfig_0(buf, pos); ap1(x1)
    o.configs = a1
    return o, pos


def _enc_CreatableTopic_0(o: CreatableTopic, w: Writer) -> None:
    _w_str(w, o.name)
    w(_S0.pack(o.num_partitions))
    w(_S1.pack(o.replication_factor))
    a0 = o.assignments
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_CreatableReplicaAssignment_0(x0, w)
    a1 = o.configs
    if a1 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a1)))
        for x1 in a1:
            _enc_CreatableTopicConfig_0(x1, w)


def _dec_CreateTopicsRequest_0(buf: memoryview, pos: int) -> tuple[CreateTopicsRequest, int]:
    o = _new(CreateTopicsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 16 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatableTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatableTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_CreateTopicsRequest_0(o: CreateTopicsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_CreatableTopic_0(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(_S2.pack(o.validate_only))


def _dec_CreatableReplicaAssignment_1(buf: memoryview, pos: int) -> tuple[CreatableReplicaAssignment, int]:
    o = _new(CreatableReplicaAssignment)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.broker_ids = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreatableReplicaAssignment_1(o: CreatableReplicaAssignment, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    a0 = o.broker_ids
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_CreatableTopicConfig_1(buf: memoryview, pos: int) -> tuple[CreatableTopicConfig, int]:
    o = _new(CreatableTopicConfig)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.value, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreatableTopicConfig_1(o: CreatableTopicConfig, w: Writer) -> None:
    _w_cstr(w, o.name)
    _w_cstr(w, o.value)
    w(b'\x00')


def _dec_CreatableTopic_1(buf: memoryview, pos: int) -> tuple[CreatableTopic, int]:
    o = _new(CreatableTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.num_partitions = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replication_factor = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatableReplicaAssignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatableReplicaAssignment_1(buf, pos); ap0(x0)
    o.assignments = a0
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a1: list[CreatableTopicConfig] = []; ap1 = a1.append
    for _ in range(n):
        x1, pos = _dec_CreatableTopicConfig_1(buf, pos); ap1(x1)
    o.configs = a1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreatableTopic_1(o: CreatableTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.num_partitions))
    w(_S1.pack(o.replication_factor))
    a0 = o.assignments
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatableReplicaAssignment_1(x0, w)
    a1 = o.configs
    if a1 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a1) + 1))
        for x1 in a1:
            _enc_CreatableTopicConfig_1(x1, w)
    w(b'\x00')


def _dec_CreateTopicsRequest_1(buf: memoryview, pos: int) -> tuple[CreateTopicsRequest, int]:
    o = _new(CreateTopicsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatableTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatableTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.validate_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreateTopicsRequest_1(o: CreateTopicsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatableTopic_1(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(_S2.pack(o.validate_only))
    w(b'\x00')


_DEC_CreateTopicsRequest: list[Callable[[memoryview, int], tuple[CreateTopicsRequest, int]]] = [_unsupported, _unsupported, _dec_CreateTopicsRequest_0, _dec_CreateTopicsRequest_0, _dec_CreateTopicsRequest_0, _dec_CreateTopicsRequest_1, _dec_CreateTopicsRequest_1, _dec_CreateTopicsRequest_1]
_ENC_CreateTopicsRequest: list[Callable[[CreateTopicsRequest, Writer], None]] = [_unsupported, _unsupported, _enc_CreateTopicsRequest_0, _enc_CreateTopicsRequest_0, _enc_CreateTopicsRequest_0, _enc_CreateTopicsRequest_1, _enc_CreateTopicsRequest_1, _enc_CreateTopicsRequest_1]
