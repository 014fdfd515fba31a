"""Generated from Kafka's CreatePartitionsRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class CreatePartitionsTopic:
    """A CreatePartitionsTopic inside CreatePartitionsRequest. (generated from CreatePartitionsRequest.json)."""

    __slots__ = ('name', 'count', 'assignments')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', count: int = 0, assignments: list[CreatePartitionsAssignment] | None = _UNSET) -> None:
        self.name = name
        self.count = count
        self.assignments = [] if assignments is _UNSET else assignments

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreatePartitionsAssignment:
    """A CreatePartitionsAssignment inside CreatePartitionsRequest. (generated from CreatePartitionsRequest.json)."""

    __slots__ = ('broker_ids',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, broker_ids: list[int] | None = None) -> None:
        self.broker_ids = [] if broker_ids is None else broker_ids

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreatePartitionsRequest:
    """CreatePartitionsRequest v0-3 (generated from CreatePartitionsRequest.json)."""

    __slots__ = ('topics', 'timeout_ms', 'validate_only')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 37
    MIN_VERSION = 0
    MAX_VERSION = 3
    FLEXIBLE_MIN = 2
    CreatePartitionsTopic: TypeAlias = CreatePartitionsTopic
    CreatePartitionsAssignment: TypeAlias = CreatePartitionsAssignment

    def __init__(self, *, topics: list[CreatePartitionsTopic] | None = None, timeout_ms: int = 0, validate_only: bool = False) -> None:
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
        _ENC_CreatePartitionsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> CreatePartitionsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[CreatePartitionsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_CreatePartitionsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed CreatePartitionsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'CreatePartitionsRequest v{version} runs past the end of the frame')
        return o, end


CreatePartitionsTopic.FIELD_TYPES = {'name': str, 'count': int, 'assignments': list[CreatePartitionsAssignment] | None}
CreatePartitionsAssignment.FIELD_TYPES = {'broker_ids': list[int] | None}
CreatePartitionsRequest.FIELD_TYPES = {'topics': list[CreatePartitionsTopic] | None, 'timeout_ms': int, 'validate_only': bool}


def _dec_CreatePartitionsAssignment_0(buf: memoryview, pos: int) -> tuple[CreatePartitionsAssignment, int]:
    o = _new(CreatePartitionsAssignment)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.broker_ids = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_CreatePartitionsAssignment_0(o: CreatePartitionsAssignment, w: Writer) -> None:
    a0 = o.broker_ids
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_CreatePartitionsTopic_0(buf: memoryview, pos: int) -> tuple[CreatePartitionsTopic, int]:
    o = _new(CreatePartitionsTopic)
    o.name, pos = _r_nn_str(buf, pos)
    o.count = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.assignments = None
    else:
        if n * 4 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[CreatePartitionsAssignment] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_CreatePartitionsAssignment_0(buf, pos); ap0(x0)
        o.assignments = a0
    return o, pos


def _enc_CreatePartitionsTopic_0(o: CreatePartitionsTopic, w: Writer) -> None:
    _w_str(w, o.name)
    w(_S0.pack(o.count))
    a0 = o.assignments
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_CreatePartitionsAssignment_0(x0, w)


def _dec_CreatePartitionsRequest_0(buf: memoryview, pos: int) -> tuple[CreatePartitionsRequest, int]:
    o = _new(CreatePartitionsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 10 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatePartitionsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatePartitionsTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.validate_only = _S1.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_CreatePartitionsRequest_0(o: CreatePartitionsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_CreatePartitionsTopic_0(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(_S1.pack(o.validate_only))


def _dec_CreatePartitionsAssignment_1(buf: memoryview, pos: int) -> tuple[CreatePartitionsAssignment, int]:
    o = _new(CreatePartitionsAssignment)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.broker_ids = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreatePartitionsAssignment_1(o: CreatePartitionsAssignment, w: Writer) -> None:
    a0 = o.broker_ids
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_CreatePartitionsTopic_1(buf: memoryview, pos: int) -> tuple[CreatePartitionsTopic, int]:
    o = _new(CreatePartitionsTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.count = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.assignments = None
    else:
        if n * 2 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[CreatePartitionsAssignment] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_CreatePartitionsAssignment_1(buf, pos); ap0(x0)
        o.assignments = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreatePartitionsTopic_1(o: CreatePartitionsTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S0.pack(o.count))
    a0 = o.assignments
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatePartitionsAssignment_1(x0, w)
    w(b'\x00')


def _dec_CreatePartitionsRequest_1(buf: memoryview, pos: int) -> tuple[CreatePartitionsRequest, int]:
    o = _new(CreatePartitionsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatePartitionsTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatePartitionsTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.validate_only = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreatePartitionsRequest_1(o: CreatePartitionsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatePartitionsTopic_1(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(_S1.pack(o.validate_only))
    w(b'\x00')


_DEC_CreatePartitionsRequest: list[Callable[[memoryview, int], tuple[CreatePartitionsRequest, int]]] = [_dec_CreatePartitionsRequest_0, _dec_CreatePartitionsRequest_0, _dec_CreatePartitionsRequest_1, _dec_CreatePartitionsRequest_1]
_ENC_CreatePartitionsRequest: list[Callable[[CreatePartitionsRequest, Writer], None]] = [_enc_CreatePartitionsRequest_0, _enc_CreatePartitionsRequest_0, _enc_CreatePartitionsRequest_1, _enc_CreatePartitionsRequest_1]
