"""Generated from Kafka's AlterPartitionReassignmentsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class ReassignableTopicResponse:
    """A ReassignableTopicResponse inside AlterPartitionReassignmentsResponse. (generated from AlterPartitionReassignmentsResponse.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[ReassignablePartitionResponse] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ReassignablePartitionResponse:
    """A ReassignablePartitionResponse inside AlterPartitionReassignmentsResponse. (generated from AlterPartitionReassignmentsResponse.json)."""

    __slots__ = ('partition_index', 'error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, error_code: int = 0, error_message: str | None = '') -> None:
        self.partition_index = partition_index
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterPartitionReassignmentsResponse:
    """AlterPartitionReassignmentsResponse v0-1 (generated from AlterPartitionReassignmentsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'allow_replication_factor_change', 'error_code', 'error_message', 'responses')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 45
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    ReassignableTopicResponse: TypeAlias = ReassignableTopicResponse
    ReassignablePartitionResponse: TypeAlias = ReassignablePartitionResponse

    def __init__(self, *, throttle_time_ms: int = 0, allow_replication_factor_change: bool = True, error_code: int = 0, error_message: str | None = '', responses: list[ReassignableTopicResponse] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.allow_replication_factor_change = allow_replication_factor_change
        self.error_code = error_code
        self.error_message = error_message
        self.responses = [] if responses is None else responses

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
        _ENC_AlterPartitionReassignmentsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterPartitionReassignmentsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterPartitionReassignmentsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterPartitionReassignmentsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterPartitionReassignmentsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterPartitionReassignmentsResponse v{version} runs past the end of the frame')
        return o, end


ReassignableTopicResponse.FIELD_TYPES = {'name': str, 'partitions': list[ReassignablePartitionResponse] | None}
ReassignablePartitionResponse.FIELD_TYPES = {'partition_index': int, 'error_code': int, 'error_message': str | None}
AlterPartitionReassignmentsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'allow_replication_factor_change': bool, 'error_code': int, 'error_message': str | None, 'responses': list[ReassignableTopicResponse] | None}


def _dec_ReassignablePartitionResponse_0(buf: memoryview, pos: int) -> tuple[ReassignablePartitionResponse, int]:
    o = _new(ReassignablePartitionResponse)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReassignablePartitionResponse_0(o: ReassignablePartitionResponse, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_ReassignableTopicResponse_0(buf: memoryview, pos: int) -> tuple[ReassignableTopicResponse, int]:
    o = _new(ReassignableTopicResponse)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReassignablePartitionResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReassignablePartitionResponse_0(buf, pos); ap0(x0)
    o.partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReassignableTopicResponse_0(o: ReassignableTopicResponse, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReassignablePartitionResponse_0(x0, w)
    w(b'\x00')


def _dec_AlterPartitionReassignmentsResponse_0(buf: memoryview, pos: int) -> tuple[AlterPartitionReassignmentsResponse, int]:
    o = _new(AlterPartitionReassignmentsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.allow_replication_factor_change = True
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReassignableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReassignableTopicResponse_0(buf, pos); ap0(x0)
    o.responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterPartitionReassignmentsResponse_0(o: AlterPartitionReassignmentsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReassignableTopicResponse_0(x0, w)
    w(b'\x00')


def _dec_AlterPartitionReassignmentsResponse_1(buf: memoryview, pos: int) -> tuple[AlterPartitionReassignmentsResponse, int]:
    o = _new(AlterPartitionReassignmentsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.allow_replication_factor_change = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReassignableTopicResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReassignableTopicResponse_0(buf, pos); ap0(x0)
    o.responses = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterPartitionReassignmentsResponse_1(o: AlterPartitionReassignmentsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S2.pack(o.allow_replication_factor_change))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    a0 = o.responses
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReassignableTopicResponse_0(x0, w)
    w(b'\x00')


_DEC_AlterPartitionReassignmentsResponse: list[Callable[[memoryview, int], tuple[AlterPartitionReassignmentsResponse, int]]] = [_dec_AlterPartitionReassignmentsResponse_0, _dec_AlterPartitionReassignmentsResponse_1]
_ENC_AlterPartitionReassignmentsResponse: list[Callable[[AlterPartitionReassignmentsResponse, Writer], None]] = [_enc_AlterPartitionReassignmentsResponse_0, _enc_AlterPartitionReassignmentsResponse_1]
