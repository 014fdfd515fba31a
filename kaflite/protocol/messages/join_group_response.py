"""Generated from Kafka's JoinGroupResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class JoinGroupResponseMember:
    """A JoinGroupResponseMember inside JoinGroupResponse. (generated from JoinGroupResponse.json)."""

    __slots__ = ('member_id', 'group_instance_id', 'metadata')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, member_id: str = '', group_instance_id: str | None = None, metadata: bytes = b'') -> None:
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.metadata = metadata

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class JoinGroupResponse:
    """JoinGroupResponse v0-9 (generated from JoinGroupResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'generation_id', 'protocol_type', 'protocol_name', 'leader', 'skip_assignment', 'member_id', 'members')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 11
    MIN_VERSION = 0
    MAX_VERSION = 9
    FLEXIBLE_MIN = 6
    JoinGroupResponseMember: TypeAlias = JoinGroupResponseMember

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, generation_id: int = -1, protocol_type: str | None = None, protocol_name: str | None = '', leader: str = '', skip_assignment: bool = False, member_id: str = '', members: list[JoinGroupResponseMember] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.generation_id = generation_id
        self.protocol_type = protocol_type
        self.protocol_name = protocol_name
        self.leader = leader
        self.skip_assignment = skip_assignment
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
        _ENC_JoinGroupResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> JoinGroupResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[JoinGroupResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_JoinGroupResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed JoinGroupResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'JoinGroupResponse v{version} runs past the end of the frame')
        return o, end


JoinGroupResponseMember.FIELD_TYPES = {'member_id': str, 'group_instance_id': str | None, 'metadata': bytes}
JoinGroupResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'generation_id': int, 'protocol_type': str | None, 'protocol_name': str | None, 'leader': str, 'skip_assignment': bool, 'member_id': str, 'members': list[JoinGroupResponseMember] | None}


def _dec_JoinGroupResponseMember_0(buf: memoryview, pos: int) -> tuple[JoinGroupResponseMember, int]:
    o = _new(JoinGroupResponseMember)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.metadata, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_JoinGroupResponseMember_0(o: JoinGroupResponseMember, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_bytes(w, o.metadata)


def _dec_JoinGroupResponse_0(buf: memoryview, pos: int) -> tuple[JoinGroupResponse, int]:
    o = _new(JoinGroupResponse)
    o.throttle_time_ms = 0
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.protocol_type = None
    o.protocol_name, pos = _r_nn_str(buf, pos)
    o.leader, pos = _r_nn_str(buf, pos)
    o.skip_assignment = False
    o.member_id, pos = _r_nn_str(buf, pos)
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupResponseMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupResponseMember_0(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_JoinGroupResponse_0(o: JoinGroupResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.generation_id))
    _w_str(w, o.protocol_name)
    _w_str(w, o.leader)
    _w_str(w, o.member_id)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_JoinGroupResponseMember_0(x0, w)


def _dec_JoinGroupResponse_1(buf: memoryview, pos: int) -> tuple[JoinGroupResponse, int]:
    o = _new(JoinGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.protocol_type = None
    o.protocol_name, pos = _r_nn_str(buf, pos)
    o.leader, pos = _r_nn_str(buf, pos)
    o.skip_assignment = False
    o.member_id, pos = _r_nn_str(buf, pos)
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupResponseMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupResponseMember_0(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_JoinGroupResponse_1(o: JoinGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.generation_id))
    _w_str(w, o.protocol_name)
    _w_str(w, o.leader)
    _w_str(w, o.member_id)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_JoinGroupResponseMember_0(x0, w)


def _dec_JoinGroupResponseMember_1(buf: memoryview, pos: int) -> tuple[JoinGroupResponseMember, int]:
    o = _new(JoinGroupResponseMember)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.metadata, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_JoinGroupResponseMember_1(o: JoinGroupResponseMember, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)
    _w_bytes(w, o.metadata)


def _dec_JoinGroupResponse_2(buf: memoryview, pos: int) -> tuple[JoinGroupResponse, int]:
    o = _new(JoinGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.protocol_type = None
    o.protocol_name, pos = _r_nn_str(buf, pos)
    o.leader, pos = _r_nn_str(buf, pos)
    o.skip_assignment = False
    o.member_id, pos = _r_nn_str(buf, pos)
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupResponseMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupResponseMember_1(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_JoinGroupResponse_2(o: JoinGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.generation_id))
    _w_str(w, o.protocol_name)
    _w_str(w, o.leader)
    _w_str(w, o.member_id)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_JoinGroupResponseMember_1(x0, w)


def _dec_JoinGroupResponseMember_2(buf: memoryview, pos: int) -> tuple[JoinGroupResponseMember, int]:
    o = _new(JoinGroupResponseMember)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.metadata, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_JoinGroupResponseMember_2(o: JoinGroupResponseMember, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    _w_cbytes(w, o.metadata)
    w(b'\x00')


def _dec_JoinGroupResponse_3(buf: memoryview, pos: int) -> tuple[JoinGroupResponse, int]:
    o = _new(JoinGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.protocol_type = None
    o.protocol_name, pos = _r_nn_cstr(buf, pos)
    o.leader, pos = _r_nn_cstr(buf, pos)
    o.skip_assignment = False
    o.member_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupResponseMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupResponseMember_2(buf, pos); ap0(x0)
    o.members = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_JoinGroupResponse_3(o: JoinGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.generation_id))
    _w_cstr(w, o.protocol_name)
    _w_cstr(w, o.leader)
    _w_cstr(w, o.member_id)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_JoinGroupResponseMember_2(x0, w)
    w(b'\x00')


def _dec_JoinGroupResponse_4(buf: memoryview, pos: int) -> tuple[JoinGroupResponse, int]:
    o = _new(JoinGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.protocol_type, pos = _r_cstr(buf, pos)
    o.protocol_name, pos = _r_cstr(buf, pos)
    o.leader, pos = _r_nn_cstr(buf, pos)
    o.skip_assignment = False
    o.member_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupResponseMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupResponseMember_2(buf, pos); ap0(x0)
    o.members = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_JoinGroupResponse_4(o: JoinGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.generation_id))
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.protocol_name)
    _w_cstr(w, o.leader)
    _w_cstr(w, o.member_id)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_JoinGroupResponseMember_2(x0, w)
    w(b'\x00')


def _dec_JoinGroupResponse_5(buf: memoryview, pos: int) -> tuple[JoinGroupResponse, int]:
    o = _new(JoinGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.generation_id = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.protocol_type, pos = _r_cstr(buf, pos)
    o.protocol_name, pos = _r_cstr(buf, pos)
    o.leader, pos = _r_nn_cstr(buf, pos)
    o.skip_assignment = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.member_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupResponseMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupResponseMember_2(buf, pos); ap0(x0)
    o.members = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_JoinGroupResponse_5(o: JoinGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    w(_S1.pack(o.generation_id))
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.protocol_name)
    _w_cstr(w, o.leader)
    w(_S2.pack(o.skip_assignment))
    _w_cstr(w, o.member_id)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_JoinGroupResponseMember_2(x0, w)
    w(b'\x00')


_DEC_JoinGroupResponse: list[Callable[[memoryview, int], tuple[JoinGroupResponse, int]]] = [_dec_JoinGroupResponse_0, _dec_JoinGroupResponse_0, _dec_JoinGroupResponse_1, _dec_JoinGroupResponse_1, _dec_JoinGroupResponse_1, _dec_JoinGroupResponse_2, _dec_JoinGroupResponse_3, _dec_JoinGroupResponse_4, _dec_JoinGroupResponse_4, _dec_JoinGroupResponse_5]
_ENC_JoinGroupResponse: list[Callable[[JoinGroupResponse, Writer], None]] = [_enc_JoinGroupResponse_0, _enc_JoinGroupResponse_0, _enc_JoinGroupResponse_1, _enc_JoinGroupResponse_1, _enc_JoinGroupResponse_1, _enc_JoinGroupResponse_2, _enc_JoinGroupResponse_3, _enc_JoinGroupResponse_4, _enc_JoinGroupResponse_4, _enc_JoinGroupResponse_5]
