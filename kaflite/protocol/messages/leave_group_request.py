"""Generated from Kafka's LeaveGroupRequest.json by tools/codegen/generate.py. Do not edit."""

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


@mypyc_attr(native_class=False)
class MemberIdentity:
    """A MemberIdentity inside LeaveGroupRequest. (generated from LeaveGroupRequest.json)."""

    __slots__ = ('member_id', 'group_instance_id', 'reason')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, member_id: str = '', group_instance_id: str | None = None, reason: str | None = None) -> None:
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.reason = reason

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class LeaveGroupRequest:
    """LeaveGroupRequest v0-5 (generated from LeaveGroupRequest.json)."""

    __slots__ = ('group_id', 'member_id', 'members')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 13
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 4
    MemberIdentity: TypeAlias = MemberIdentity

    def __init__(self, *, group_id: str = '', member_id: str = '', members: list[MemberIdentity] | None = None) -> None:
        self.group_id = group_id
        self.member_id = member_id
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
        _ENC_LeaveGroupRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> LeaveGroupRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[LeaveGroupRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_LeaveGroupRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed LeaveGroupRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'LeaveGroupRequest v{version} runs past the end of the frame')
        return o, end


MemberIdentity.FIELD_TYPES = {'member_id': str, 'group_instance_id': str | None, 'reason': str | None}
LeaveGroupRequest.FIELD_TYPES = {'group_id': str, 'member_id': str, 'members': list[MemberIdentity] | None}


def _dec_LeaveGroupRequest_0(buf: memoryview, pos: int) -> tuple[LeaveGroupRequest, int]:
    o = _new(LeaveGroupRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.members = []
    return o, pos


def _enc_LeaveGroupRequest_0(o: LeaveGroupRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    _w_str(w, o.member_id)


def _dec_MemberIdentity_0(buf: memoryview, pos: int) -> tuple[MemberIdentity, int]:
    o = _new(MemberIdentity)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.reason = None
    return o, pos


def _enc_MemberIdentity_0(o: MemberIdentity, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)


def _dec_LeaveGroupRequest_1(buf: memoryview, pos: int) -> tuple[LeaveGroupRequest, int]:
    o = _new(LeaveGroupRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.member_id = ''
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberIdentity] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberIdentity_0(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_LeaveGroupRequest_1(o: LeaveGroupRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MemberIdentity_0(x0, w)


def _dec_MemberIdentity_1(buf: memoryview, pos: int) -> tuple[MemberIdentity, int]:
    o = _new(MemberIdentity)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.reason = None
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MemberIdentity_1(o: MemberIdentity, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    w(b'\x00')


def _dec_LeaveGroupRequest_2(buf: memoryview, pos: int) -> tuple[LeaveGroupRequest, int]:
    o = _new(LeaveGroupRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id = ''
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberIdentity] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberIdentity_1(buf, pos); ap0(x0)
    o.members = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_LeaveGroupRequest_2(o: LeaveGroupRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MemberIdentity_1(x0, w)
    w(b'\x00')


def _dec_MemberIdentity_2(buf: memoryview, pos: int) -> tuple[MemberIdentity, int]:
    o = _new(MemberIdentity)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.reason, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MemberIdentity_2(o: MemberIdentity, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    _w_cstr(w, o.reason)
    w(b'\x00')


def _dec_LeaveGroupRequest_3(buf: memoryview, pos: int) -> tuple[LeaveGroupRequest, int]:
    o = _new(LeaveGroupRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id = ''
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberIdentity] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberIdentity_2(buf, pos); ap0(x0)
    o.members = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_LeaveGroupRequest_3(o: LeaveGroupRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MemberIdentity_2(x0, w)
    w(b'\x00')


_DEC_LeaveGroupRequest: list[Callable[[memoryview, int], tuple[LeaveGroupRequest, int]]] = [_dec_LeaveGroupRequest_0, _dec_LeaveGroupRequest_0, _dec_LeaveGroupRequest_0, _dec_LeaveGroupRequest_1, _dec_LeaveGroupRequest_2, _dec_LeaveGroupRequest_3]
_ENC_LeaveGroupRequest: list[Callable[[LeaveGroupRequest, Writer], None]] = [_enc_LeaveGroupRequest_0, _enc_LeaveGroupRequest_0, _enc_LeaveGroupRequest_0, _enc_LeaveGroupRequest_1, _enc_LeaveGroupRequest_2, _enc_LeaveGroupRequest_3]
