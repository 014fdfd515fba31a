"""Generated from Kafka's DescribeGroupsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class DescribedGroup:
    """A DescribedGroup inside DescribeGroupsResponse. (generated from DescribeGroupsResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'group_id', 'group_state', 'protocol_type', 'protocol_data', 'members', 'authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = None, group_id: str = '', group_state: str = '', protocol_type: str = '', protocol_data: str = '', members: list[DescribedGroupMember] | None = None, authorized_operations: int = -2147483648) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.group_id = group_id
        self.group_state = group_state
        self.protocol_type = protocol_type
        self.protocol_data = protocol_data
        self.members = [] if members is None else members
        self.authorized_operations = authorized_operations

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribedGroupMember:
    """A DescribedGroupMember inside DescribeGroupsResponse. (generated from DescribeGroupsResponse.json)."""

    __slots__ = ('member_id', 'group_instance_id', 'client_id', 'client_host', 'member_metadata', 'member_assignment')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, member_id: str = '', group_instance_id: str | None = None, client_id: str = '', client_host: str = '', member_metadata: bytes = b'', member_assignment: bytes = b'') -> None:
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.client_id = client_id
        self.client_host = client_host
        self.member_metadata = member_metadata
        self.member_assignment = member_assignment

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeGroupsResponse:
    """DescribeGroupsResponse v0-6 (generated from DescribeGroupsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'groups')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 15
    MIN_VERSION = 0
    MAX_VERSION = 6
    FLEXIBLE_MIN = 5
    DescribedGroup: TypeAlias = DescribedGroup
    DescribedGroupMember: TypeAlias = DescribedGroupMember

    def __init__(self, *, throttle_time_ms: int = 0, groups: list[DescribedGroup] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.groups = [] if groups is None else groups

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
        _ENC_DescribeGroupsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeGroupsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeGroupsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeGroupsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeGroupsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeGroupsResponse v{version} runs past the end of the frame')
        return o, end


DescribedGroup.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'group_id': str, 'group_state': str, 'protocol_type': str, 'protocol_data': str, 'members': list[DescribedGroupMember] | None, 'authorized_operations': int}
DescribedGroupMember.FIELD_TYPES = {'member_id': str, 'group_instance_id': str | None, 'client_id': str, 'client_host': str, 'member_metadata': bytes, 'member_assignment': bytes}
DescribeGroupsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'groups': list[DescribedGroup] | None}


def _dec_DescribedGroupMember_0(buf: memoryview, pos: int) -> tuple[DescribedGroupMember, int]:
    o = _new(DescribedGroupMember)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.client_id, pos = _r_nn_str(buf, pos)
    o.client_host, pos = _r_nn_str(buf, pos)
    o.member_metadata, pos = _r_nn_bytes(buf, pos)
    o.member_assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_DescribedGroupMember_0(o: DescribedGroupMember, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.client_id)
    _w_str(w, o.client_host)
    _w_bytes(w, o.member_metadata)
    _w_bytes(w, o.member_assignment)


def _dec_DescribedGroup_0(buf: memoryview, pos: int) -> tuple[DescribedGroup, int]:
    o = _new(DescribedGroup)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = None
    o.group_id, pos = _r_nn_str(buf, pos)
    o.group_state, pos = _r_nn_str(buf, pos)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.protocol_data, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroupMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroupMember_0(buf, pos); ap0(x0)
    o.members = a0
    o.authorized_operations = -2147483648
    return o, pos


def _enc_DescribedGroup_0(o: DescribedGroup, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.group_id)
    _w_str(w, o.group_state)
    _w_str(w, o.protocol_type)
    _w_str(w, o.protocol_data)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribedGroupMember_0(x0, w)


def _dec_DescribeGroupsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeGroupsResponse, int]:
    o = _new(DescribeGroupsResponse)
    o.throttle_time_ms = 0
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    return o, pos


def _enc_DescribeGroupsResponse_0(o: DescribeGroupsResponse, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribedGroup_0(x0, w)


def _dec_DescribeGroupsResponse_1(buf: memoryview, pos: int) -> tuple[DescribeGroupsResponse, int]:
    o = _new(DescribeGroupsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    return o, pos


def _enc_DescribeGroupsResponse_1(o: DescribeGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribedGroup_0(x0, w)


def _dec_DescribedGroup_1(buf: memoryview, pos: int) -> tuple[DescribedGroup, int]:
    o = _new(DescribedGroup)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = None
    o.group_id, pos = _r_nn_str(buf, pos)
    o.group_state, pos = _r_nn_str(buf, pos)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.protocol_data, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroupMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroupMember_0(buf, pos); ap0(x0)
    o.members = a0
    o.authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_DescribedGroup_1(o: DescribedGroup, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.group_id)
    _w_str(w, o.group_state)
    _w_str(w, o.protocol_type)
    _w_str(w, o.protocol_data)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribedGroupMember_0(x0, w)
    w(_S0.pack(o.authorized_operations))


def _dec_DescribeGroupsResponse_2(buf: memoryview, pos: int) -> tuple[DescribeGroupsResponse, int]:
    o = _new(DescribeGroupsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroup_1(buf, pos); ap0(x0)
    o.groups = a0
    return o, pos


def _enc_DescribeGroupsResponse_2(o: DescribeGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribedGroup_1(x0, w)


def _dec_DescribedGroupMember_1(buf: memoryview, pos: int) -> tuple[DescribedGroupMember, int]:
    o = _new(DescribedGroupMember)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.client_id, pos = _r_nn_str(buf, pos)
    o.client_host, pos = _r_nn_str(buf, pos)
    o.member_metadata, pos = _r_nn_bytes(buf, pos)
    o.member_assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_DescribedGroupMember_1(o: DescribedGroupMember, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)
    _w_str(w, o.client_id)
    _w_str(w, o.client_host)
    _w_bytes(w, o.member_metadata)
    _w_bytes(w, o.member_assignment)


def _dec_DescribedGroup_2(buf: memoryview, pos: int) -> tuple[DescribedGroup, int]:
    o = _new(DescribedGroup)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = None
    o.group_id, pos = _r_nn_str(buf, pos)
    o.group_state, pos = _r_nn_str(buf, pos)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.protocol_data, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 16 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroupMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroupMember_1(buf, pos); ap0(x0)
    o.members = a0
    o.authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_DescribedGroup_2(o: DescribedGroup, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.group_id)
    _w_str(w, o.group_state)
    _w_str(w, o.protocol_type)
    _w_str(w, o.protocol_data)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribedGroupMember_1(x0, w)
    w(_S0.pack(o.authorized_operations))


def _dec_DescribeGroupsResponse_3(buf: memoryview, pos: int) -> tuple[DescribeGroupsResponse, int]:
    o = _new(DescribeGroupsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroup_2(buf, pos); ap0(x0)
    o.groups = a0
    return o, pos


def _enc_DescribeGroupsResponse_3(o: DescribeGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribedGroup_2(x0, w)


def _dec_DescribedGroupMember_2(buf: memoryview, pos: int) -> tuple[DescribedGroupMember, int]:
    o = _new(DescribedGroupMember)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.client_id, pos = _r_nn_cstr(buf, pos)
    o.client_host, pos = _r_nn_cstr(buf, pos)
    o.member_metadata, pos = _r_nn_cbytes(buf, pos)
    o.member_assignment, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribedGroupMember_2(o: DescribedGroupMember, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    _w_cstr(w, o.client_id)
    _w_cstr(w, o.client_host)
    _w_cbytes(w, o.member_metadata)
    _w_cbytes(w, o.member_assignment)
    w(b'\x00')


def _dec_DescribedGroup_3(buf: memoryview, pos: int) -> tuple[DescribedGroup, int]:
    o = _new(DescribedGroup)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message = None
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.group_state, pos = _r_nn_cstr(buf, pos)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    o.protocol_data, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroupMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroupMember_2(buf, pos); ap0(x0)
    o.members = a0
    o.authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribedGroup_3(o: DescribedGroup, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.group_state)
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.protocol_data)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribedGroupMember_2(x0, w)
    w(_S0.pack(o.authorized_operations))
    w(b'\x00')


def _dec_DescribeGroupsResponse_4(buf: memoryview, pos: int) -> tuple[DescribeGroupsResponse, int]:
    o = _new(DescribeGroupsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroup_3(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeGroupsResponse_4(o: DescribeGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribedGroup_3(x0, w)
    w(b'\x00')


def _dec_DescribedGroup_4(buf: memoryview, pos: int) -> tuple[DescribedGroup, int]:
    o = _new(DescribedGroup)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.group_state, pos = _r_nn_cstr(buf, pos)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    o.protocol_data, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroupMember] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroupMember_2(buf, pos); ap0(x0)
    o.members = a0
    o.authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribedGroup_4(o: DescribedGroup, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.group_state)
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.protocol_data)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribedGroupMember_2(x0, w)
    w(_S0.pack(o.authorized_operations))
    w(b'\x00')


def _dec_DescribeGroupsResponse_5(buf: memoryview, pos: int) -> tuple[DescribeGroupsResponse, int]:
    o = _new(DescribeGroupsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 13 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroup_4(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeGroupsResponse_5(o: DescribeGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribedGroup_4(x0, w)
    w(b'\x00')


_DEC_DescribeGroupsResponse: list[Callable[[memoryview, int], tuple[DescribeGroupsResponse, int]]] = [_dec_DescribeGroupsResponse_0, _dec_DescribeGroupsResponse_1, _dec_DescribeGroupsResponse_1, _dec_DescribeGroupsResponse_2, _dec_DescribeGroupsResponse_3, _dec_DescribeGroupsResponse_4, _dec_DescribeGroupsResponse_5]
_ENC_DescribeGroupsResponse: list[Callable[[DescribeGroupsResponse, Writer], None]] = [_enc_DescribeGroupsResponse_0, _enc_DescribeGroupsResponse_1, _enc_DescribeGroupsResponse_1, _enc_DescribeGroupsResponse_2, _enc_DescribeGroupsResponse_3, _enc_DescribeGroupsResponse_4, _enc_DescribeGroupsResponse_5]
