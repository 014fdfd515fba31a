"""Generated from Kafka's ElectLeadersResponse.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class ReplicaElectionResult:
    """A ReplicaElectionResult inside ElectLeadersResponse. (generated from ElectLeadersResponse.json)."""

    __slots__ = ('topic', 'partition_result')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partition_result: list[PartitionResult] | None = None) -> None:
        self.topic = topic
        self.partition_result = [] if partition_result is None else partition_result

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class PartitionResult:
    """A PartitionResult inside ElectLeadersResponse. (generated from ElectLeadersResponse.json)."""

    __slots__ = ('partition_id', 'error_code', 'error_message')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_id: int = 0, error_code: int = 0, error_message: str | None = '') -> None:
        self.partition_id = partition_id
        self.error_code = error_code
        self.error_message = error_message

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ElectLeadersResponse:
    """ElectLeadersResponse v0-2 (generated from ElectLeadersResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'replica_election_results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 43
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    ReplicaElectionResult: TypeAlias = ReplicaElectionResult
    PartitionResult: TypeAlias = PartitionResult

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, replica_election_results: list[ReplicaElectionResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.replica_election_results = [] if replica_election_results is None else replica_election_results

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
        _ENC_ElectLeadersResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ElectLeadersResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ElectLeadersResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ElectLeadersResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ElectLeadersResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ElectLeadersResponse v{version} runs past the end of the frame')
        return o, end


ReplicaElectionResult.FIELD_TYPES = {'topic': str, 'partition_result': list[PartitionResult] | None}
PartitionResult.FIELD_TYPES = {'partition_id': int, 'error_code': int, 'error_message': str | None}
ElectLeadersResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'replica_election_results': list[ReplicaElectionResult] | None}


def _dec_PartitionResult_0(buf: memoryview, pos: int) -> tuple[PartitionResult, int]:
    o = _new(PartitionResult)
    o.partition_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    return o, pos


def _enc_PartitionResult_0(o: PartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_id))
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)


def _dec_ReplicaElectionResult_0(buf: memoryview, pos: int) -> tuple[ReplicaElectionResult, int]:
    o = _new(ReplicaElectionResult)
    o.topic, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionResult_0(buf, pos); ap0(x0)
    o.partition_result = a0
    return o, pos


def _enc_ReplicaElectionResult_0(o: ReplicaElectionResult, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partition_result
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionResult_0(x0, w)


def _dec_ElectLeadersResponse_0(buf: memoryview, pos: int) -> tuple[ElectLeadersResponse, int]:
    o = _new(ElectLeadersResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReplicaElectionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReplicaElectionResult_0(buf, pos); ap0(x0)
    o.replica_election_results = a0
    return o, pos


def _enc_ElectLeadersResponse_0(o: ElectLeadersResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.replica_election_results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ReplicaElectionResult_0(x0, w)


def _dec_ElectLeadersResponse_1(buf: memoryview, pos: int) -> tuple[ElectLeadersResponse, int]:
    o = _new(ElectLeadersResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReplicaElectionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReplicaElectionResult_0(buf, pos); ap0(x0)
    o.replica_election_results = a0
    return o, pos


def _enc_ElectLeadersResponse_1(o: ElectLeadersResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.replica_election_results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_ReplicaElectionResult_0(x0, w)


def _dec_PartitionResult_1(buf: memoryview, pos: int) -> tuple[PartitionResult, int]:
    o = _new(PartitionResult)
    o.partition_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionResult_1(o: PartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_id))
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(b'\x00')


def _dec_ReplicaElectionResult_1(buf: memoryview, pos: int) -> tuple[ReplicaElectionResult, int]:
    o = _new(ReplicaElectionResult)
    o.topic, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[PartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_PartitionResult_1(buf, pos); ap0(x0)
    o.partition_result = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ReplicaElectionResult_1(o: ReplicaElectionResult, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partition_result
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionResult_1(x0, w)
    w(b'\x00')


def _dec_ElectLeadersResponse_2(buf: memoryview, pos: int) -> tuple[ElectLeadersResponse, int]:
    o = _new(ElectLeadersResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ReplicaElectionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ReplicaElectionResult_1(buf, pos); ap0(x0)
    o.replica_election_results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ElectLeadersResponse_2(o: ElectLeadersResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.replica_election_results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ReplicaElectionResult_1(x0, w)
    w(b'\x00')


_DEC_ElectLeadersResponse: list[Callable[[memoryview, int], tuple[ElectLeadersResponse, int]]] = [_dec_ElectLeadersResponse_0, _dec_ElectLeadersResponse_1, _dec_ElectLeadersResponse_2]
_ENC_ElectLeadersResponse: list[Callable[[ElectLeadersResponse, Writer], None]] = [_enc_ElectLeadersResponse_0, _enc_ElectLeadersResponse_1, _enc_ElectLeadersResponse_2]
