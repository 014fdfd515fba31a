"""Generated from Kafka's AddPartitionsToTxnResponse.json by tools/codegen/generate.py. Do not edit."""

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
class AddPartitionsToTxnResult:
    """A AddPartitionsToTxnResult inside AddPartitionsToTxnResponse. (generated from AddPartitionsToTxnResponse.json)."""

    __slots__ = ('transactional_id', 'topic_results')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, transactional_id: str = '', topic_results: list[AddPartitionsToTxnTopicResult] | None = None) -> None:
        self.transactional_id = transactional_id
        self.topic_results = [] if topic_results is None else topic_results

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AddPartitionsToTxnTopicResult:
    """A AddPartitionsToTxnTopicResult inside AddPartitionsToTxnResponse. (generated from AddPartitionsToTxnResponse.json)."""

    __slots__ = ('name', 'results_by_partition')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', results_by_partition: list[AddPartitionsToTxnPartitionResult] | None = None) -> None:
        self.name = name
        self.results_by_partition = [] if results_by_partition is None else results_by_partition

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AddPartitionsToTxnPartitionResult:
    """A AddPartitionsToTxnPartitionResult inside AddPartitionsToTxnResponse. (generated from AddPartitionsToTxnResponse.json)."""

    __slots__ = ('partition_index', 'partition_error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, partition_index: int = 0, partition_error_code: int = 0) -> None:
        self.partition_index = partition_index
        self.partition_error_code = partition_error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AddPartitionsToTxnResponse:
    """AddPartitionsToTxnResponse v0-5 (generated from AddPartitionsToTxnResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'results_by_transaction', 'results_by_topic_v3_and_below')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 24
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3
    AddPartitionsToTxnResult: TypeAlias = AddPartitionsToTxnResult
    AddPartitionsToTxnTopicResult: TypeAlias = AddPartitionsToTxnTopicResult
    AddPartitionsToTxnPartitionResult: TypeAlias = AddPartitionsToTxnPartitionResult

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, results_by_transaction: list[AddPartitionsToTxnResult] | None = None, results_by_topic_v3_and_below: list[AddPartitionsToTxnTopicResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.results_by_transaction = [] if results_by_transaction is None else results_by_transaction
        self.results_by_topic_v3_and_below = [] if results_by_topic_v3_and_below is None else results_by_topic_v3_and_below

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
        _ENC_AddPartitionsToTxnResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AddPartitionsToTxnResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AddPartitionsToTxnResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AddPartitionsToTxnResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AddPartitionsToTxnResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AddPartitionsToTxnResponse v{version} runs past the end of the frame')
        return o, end


AddPartitionsToTxnResult.FIELD_TYPES = {'transactional_id': str, 'topic_results': list[AddPartitionsToTxnTopicResult] | None}
AddPartitionsToTxnTopicResult.FIELD_TYPES = {'name': str, 'results_by_partition': list[AddPartitionsToTxnPartitionResult] | None}
AddPartitionsToTxnPartitionResult.FIELD_TYPES = {'partition_index': int, 'partition_error_code': int}
AddPartitionsToTxnResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'results_by_transaction': list[AddPartitionsToTxnResult] | None, 'results_by_topic_v3_and_below': list[AddPartitionsToTxnTopicResult] | None}


def _dec_AddPartitionsToTxnPartitionResult_0(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnPartitionResult, int]:
    o = _new(AddPartitionsToTxnPartitionResult)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.partition_error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_AddPartitionsToTxnPartitionResult_0(o: AddPartitionsToTxnPartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.partition_error_code))


def _dec_AddPartitionsToTxnTopicResult_0(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnTopicResult, int]:
    o = _new(AddPartitionsToTxnTopicResult)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnPartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnPartitionResult_0(buf, pos); ap0(x0)
    o.results_by_partition = a0
    return o, pos


def _enc_AddPartitionsToTxnTopicResult_0(o: AddPartitionsToTxnTopicResult, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.results_by_partition
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AddPartitionsToTxnPartitionResult_0(x0, w)


def _dec_AddPartitionsToTxnResponse_0(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnResponse, int]:
    o = _new(AddPartitionsToTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    o.results_by_transaction = []
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnTopicResult_0(buf, pos); ap0(x0)
    o.results_by_topic_v3_and_below = a0
    return o, pos


def _enc_AddPartitionsToTxnResponse_0(o: AddPartitionsToTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results_by_topic_v3_and_below
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AddPartitionsToTxnTopicResult_0(x0, w)


def _dec_AddPartitionsToTxnPartitionResult_1(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnPartitionResult, int]:
    o = _new(AddPartitionsToTxnPartitionResult)
    o.partition_index = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.partition_error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnPartitionResult_1(o: AddPartitionsToTxnPartitionResult, w: Writer) -> None:
    w(_S0.pack(o.partition_index))
    w(_S1.pack(o.partition_error_code))
    w(b'\x00')


def _dec_AddPartitionsToTxnTopicResult_1(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnTopicResult, int]:
    o = _new(AddPartitionsToTxnTopicResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnPartitionResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnPartitionResult_1(buf, pos); ap0(x0)
    o.results_by_partition = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnTopicResult_1(o: AddPartitionsToTxnTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.results_by_partition
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AddPartitionsToTxnPartitionResult_1(x0, w)
    w(b'\x00')


def _dec_AddPartitionsToTxnResponse_1(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnResponse, int]:
    o = _new(AddPartitionsToTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = 0
    o.results_by_transaction = []
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnTopicResult_1(buf, pos); ap0(x0)
    o.results_by_topic_v3_and_below = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnResponse_1(o: AddPartitionsToTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results_by_topic_v3_and_below
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AddPartitionsToTxnTopicResult_1(x0, w)
    w(b'\x00')


def _dec_AddPartitionsToTxnResult_0(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnResult, int]:
    o = _new(AddPartitionsToTxnResult)
    o.transactional_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnTopicResult_1(buf, pos); ap0(x0)
    o.topic_results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnResult_0(o: AddPartitionsToTxnResult, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    a0 = o.topic_results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AddPartitionsToTxnTopicResult_1(x0, w)
    w(b'\x00')


def _dec_AddPartitionsToTxnResponse_2(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnResponse, int]:
    o = _new(AddPartitionsToTxnResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnResult_0(buf, pos); ap0(x0)
    o.results_by_transaction = a0
    o.results_by_topic_v3_and_below = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnResponse_2(o: AddPartitionsToTxnResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    w(_S1.pack(o.error_code))
    a0 = o.results_by_transaction
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AddPartitionsToTxnResult_0(x0, w)
    w(b'\x00')


_DEC_AddPartitionsToTxnResponse: list[Callable[[memoryview, int], tuple[AddPartitionsToTxnResponse, int]]] = [_dec_AddPartitionsToTxnResponse_0, _dec_AddPartitionsToTxnResponse_0, _dec_AddPartitionsToTxnResponse_0, _dec_AddPartitionsToTxnResponse_1, _dec_AddPartitionsToTxnResponse_2, _dec_AddPartitionsToTxnResponse_2]
_ENC_AddPartitionsToTxnResponse: list[Callable[[AddPartitionsToTxnResponse, Writer], None]] = [_enc_AddPartitionsToTxnResponse_0, _enc_AddPartitionsToTxnResponse_0, _enc_AddPartitionsToTxnResponse_0, _enc_AddPartitionsToTxnResponse_1, _enc_AddPartitionsToTxnResponse_2, _enc_AddPartitionsToTxnResponse_2]
