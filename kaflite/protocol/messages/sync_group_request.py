"""Generated from Kafka's SyncGroupRequest.json by tools/codegen/generate.py. Do not edit."""

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
class SyncGroupRequestAssignment:
    """A SyncGroupRequestAssignment inside SyncGroupRequest. (generated from SyncGroupRequest.json)."""

    __slots__ = ('member_id', 'assignment')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, member_id: str = '', assignment: bytes = b'') -> None:
        self.member_id = member_id
        self.assignment = assignment

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class SyncGroupRequest:
    """SyncGroupRequest v0-5 (generated from SyncGroupRequest.json)."""

    __slots__ = ('group_id', 'generation_id', 'member_id', 'group_instance_id', 'protocol_type', 'protocol_name', 'assignments')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 14
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 4
    SyncGroupRequestAssignment: TypeAlias = SyncGroupRequestAssignment

    def __init__(self, *, group_id: str = '', generation_id: int = 0, member_id: str = '', group_instance_id: str | None = None, protocol_type: str | None = None, protocol_name: str | None = None, assignments: list[SyncGroupRequestAssignment] | None = None) -> None:
        self.group_id = group_id
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.protocol_type = protocol_type
        self.protocol_name = protocol_name
        self.assignments = [] if assignments is None else assignments

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
        _ENC_SyncGroupRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> SyncGroupRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[SyncGroupRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_SyncGroupRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed SyncGroupRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'SyncGroupRequest v{version} runs past the end of the frame')
        return o, end


SyncGroupRequestAssignment.FIELD_TYPES = {'member_id': str, 'assignment': bytes}
SyncGroupRequest.FIELD_TYPES = {'group_id': str, 'generation_id': int, 'member_id': str, 'group_instance_id': str | None, 'protocol_type': str | None, 'protocol_name': str | None, 'assignments': list[SyncGroupRequestAssignment] | None}


def _dec_SyncGroupRequestAssignment_0(buf: memoryview, pos: int) -> tuple[SyncGroupRequestAssignment, int]:
    o = _new(SyncGroupRequestAssignment)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_SyncGroupRequestAssignment_0(o: SyncGroupRequestAssignment, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_bytes(w, o.assignment)


def _dec_SyncGroupRequest_0(buf: memoryview, pos: int) -> tuple[SyncGroupRequest, int]:
    o = _new(SyncGroupRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.protocol_type = None
    o.protocol_name = None
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[SyncGroupRequestAssignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_SyncGroupRequestAssignment_0(buf, pos); ap0(x0)
    o.assignments = a0
    return o, pos


def _enc_SyncGroupRequest_0(o: SyncGroupRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id))
    _w_str(w, o.member_id)
    a0 = o.assignments
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_SyncGroupRequestAssignment_0(x0, w)


def _dec_SyncGroupRequest_1(buf: memoryview, pos: int) -> tuple[SyncGroupRequest, int]:
    o = _new(SyncGroupRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.protocol_type = None
    o.protocol_name = None
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[SyncGroupRequestAssignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_SyncGroupRequestAssignment_0(buf, pos); ap0(x0)
    o.assignments = a0
    return o, pos


def _enc_SyncGroupRequest_1(o: SyncGroupRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id))
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)
    a0 = o.assignments
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_SyncGroupRequestAssignment_0(x0, w)


def _dec_SyncGroupRequestAssignment_1(buf: memoryview, pos: int) -> tuple[SyncGroupRequestAssignment, int]:
    o = _new(SyncGroupRequestAssignment)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.assignment, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SyncGroupRequestAssignment_1(o: SyncGroupRequestAssignment, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cbytes(w, o.assignment)
    w(b'\x00')


def _dec_SyncGroupRequest_2(buf: memoryview, pos: int) -> tuple[SyncGroupRequest, int]:
    o = _new(SyncGroupRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.protocol_type = None
    o.protocol_name = None
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[SyncGroupRequestAssignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_SyncGroupRequestAssignment_1(buf, pos); ap0(x0)
    o.assignments = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SyncGroupRequest_2(o: SyncGroupRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.generation_id))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    a0 = o.assignments
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_SyncGroupRequestAssignment_1(x0, w)
    w(b'\x00')


def _dec_SyncGroupRequest_3(buf: memoryview, pos: int) -> tuple[SyncGroupRequest, int]:
    o = _new(SyncGroupRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.protocol_type, pos = _r_cstr(buf, pos)
    o.protocol_name, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[SyncGroupRequestAssignment] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_SyncGroupRequestAssignment_1(buf, pos); ap0(x0)
    o.assignments = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SyncGroupRequest_3(o: SyncGroupRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.generation_id))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.protocol_name)
    a0 = o.assignments
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_SyncGroupRequestAssignment_1(x0, w)
    w(b'\x00')


_DEC_SyncGroupRequest: list[Callable[[memoryview, int], tuple[SyncGroupRequest, int]]] = [_dec_SyncGroupRequest_0, _dec_SyncGroupRequest_0, _dec_SyncGroupRequest_0, _dec_SyncGroupRequest_1, _dec_SyncGroupRequest_2, _dec_SyncGroupRequest_3]
_ENC_SyncGroupRequest: list[Callable[[SyncGroupRequest, Writer], None]] = [_enc_SyncGroupRequest_0, _enc_SyncGroupRequest_0, _enc_SyncGroupRequest_0, _enc_SyncGroupRequest_1, _enc_SyncGroupRequest_2, _enc_SyncGroupRequest_3]
