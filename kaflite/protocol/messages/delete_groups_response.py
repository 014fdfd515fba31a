"""Generated from Kafka's DeleteGroupsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class DeletableGroupResult:
    """A DeletableGroupResult inside DeleteGroupsResponse. (generated from DeleteGroupsResponse.json)."""

    __slots__ = ('group_id', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, group_id: str = '', error_code: int = 0) -> None:
        self.group_id = group_id
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteGroupsResponse:
    """DeleteGroupsResponse v0-2 (generated from DeleteGroupsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 42
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    DeletableGroupResult: TypeAlias = DeletableGroupResult

    def __init__(self, *, throttle_time_ms: int = 0, results: list[DeletableGroupResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is None else results

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
        _ENC_DeleteGroupsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteGroupsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteGroupsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteGroupsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteGroupsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteGroupsResponse v{version} runs past the end of the frame')
        return o, end


DeletableGroupResult.FIELD_TYPES = {'group_id': str, 'error_code': int}
DeleteGroupsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'results': list[DeletableGroupResult] | None}


def _dec_DeletableGroupResult_0(buf: memoryview, pos: int) -> tuple[DeletableGroupResult, int]:
    o = _new(DeletableGroupResult)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_DeletableGroupResult_0(o: DeletableGroupResult, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S1.pack(o.error_code))


def _dec_DeleteGroupsResponse_0(buf: memoryview, pos: int) -> tuple[DeleteGroupsResponse, int]:
    o = _new(DeleteGroupsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeletableGroupResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeletableGroupResult_0(buf, pos); ap0(x0)
    o.results = a0
    return o, pos


def _enc_DeleteGroupsResponse_0(o: DeleteGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DeletableGroupResult_0(x0, w)


def _dec_DeletableGroupResult_1(buf: memoryview, pos: int) -> tuple[DeletableGroupResult, int]:
    o = _new(DeletableGroupResult)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeletableGroupResult_1(o: DeletableGroupResult, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S1.pack(o.error_code))
    w(b'\x00')


def _dec_DeleteGroupsResponse_1(buf: memoryview, pos: int) -> tuple[DeleteGroupsResponse, int]:
    o = _new(DeleteGroupsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeletableGroupResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeletableGroupResult_1(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteGroupsResponse_1(o: DeleteGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeletableGroupResult_1(x0, w)
    w(b'\x00')


_DEC_DeleteGroupsResponse: list[Callable[[memoryview, int], tuple[DeleteGroupsResponse, int]]] = [_dec_DeleteGroupsResponse_0, _dec_DeleteGroupsResponse_0, _dec_DeleteGroupsResponse_1]
_ENC_DeleteGroupsResponse: list[Callable[[DeleteGroupsResponse, Writer], None]] = [_enc_DeleteGroupsResponse_0, _enc_DeleteGroupsResponse_0, _enc_DeleteGroupsResponse_1]
