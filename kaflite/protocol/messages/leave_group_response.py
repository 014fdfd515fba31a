"""Generated from Kafka's LeaveGroupResponse.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class MemberResponse:
    """A MemberResponse inside LeaveGroupResponse. (generated from LeaveGroupResponse.json)."""

    __slots__ = ('member_id', 'group_instance_id', 'error_code')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, member_id: str = '', group_instance_id: str | None = '', error_code: int = 0) -> None:
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.error_code = error_code

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class LeaveGroupResponse:
    """LeaveGroupResponse v0-5 (generated from LeaveGroupResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'members')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 13
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 4
    MemberResponse: TypeAlias = MemberResponse

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, members: list[MemberResponse] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.members = [] if members is None else members

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
        _ENC_LeaveGroupResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> LeaveGroupResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[LeaveGroupResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_LeaveGroupResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed LeaveGroupResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'LeaveGroupResponse v{version} runs past the end of the frame')
        return o, end


MemberResponse.FIELD_TYPES = {'member_id': str, 'group_instance_id': str | None, 'error_code': int}
LeaveGroupResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'members': list[MemberResponse] | None}


def _dec_LeaveGroupResponse_0(buf: memoryview, pos: int) -> tuple[LeaveGroupResponse, int]:
    o = _new(LeaveGroupResponse)
    o.throttle_time_ms = 0
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.members = []
    return o, pos


def _enc_LeaveGroupResponse_0(o: LeaveGroupResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))


def _dec_LeaveGroupResponse_1(buf: memoryview, pos: int) -> tuple[LeaveGroupResponse, int]:
    o = _new(LeaveGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.members = []
    return o, pos


def _enc_LeaveGroupResponse_1(o: LeaveGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))


def _dec_MemberResponse_0(buf: memoryview, pos: int) -> tuple[MemberResponse, int]:
    o = _new(MemberResponse)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    return o, pos


def _enc_MemberResponse_0(o: MemberResponse, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)
    w(_S0.pack(o.error_code))


def _dec_LeaveGroupResponse_2(buf: memoryview, pos: int) -> tuple[LeaveGroupResponse, int]:
    o = _new(LeaveGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberResponse_0(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_LeaveGroupResponse_2(o: LeaveGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_MemberResponse_0(x0, w)


def _dec_MemberResponse_1(buf: memoryview, pos: int) -> tuple[MemberResponse, int]:
    o = _new(MemberResponse)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MemberResponse_1(o: MemberResponse, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    w(_S0.pack(o.error_code))
    w(b'\x00')


def _dec_LeaveGroupResponse_3(buf: memoryview, pos: int) -> tuple[LeaveGroupResponse, int]:
    o = _new(LeaveGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberResponse] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberResponse_1(buf, pos); ap0(x0)
    o.members = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_LeaveGroupResponse_3(o: LeaveGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MemberResponse_1(x0, w)
    w(b'\x00')


_DEC_LeaveGroupResponse: list[Callable[[memoryview, int], tuple[LeaveGroupResponse, int]]] = [_dec_LeaveGroupResponse_0, _dec_LeaveGroupResponse_1, _dec_LeaveGroupResponse_1, _dec_LeaveGroupResponse_2, _dec_LeaveGroupResponse_3, _dec_LeaveGroupResponse_3]
_ENC_LeaveGroupResponse: list[Callable[[LeaveGroupResponse, Writer], None]] = [_enc_LeaveGroupResponse_0, _enc_LeaveGroupResponse_1, _enc_LeaveGroupResponse_1, _enc_LeaveGroupResponse_2, _enc_LeaveGroupResponse_3, _enc_LeaveGroupResponse_3]
