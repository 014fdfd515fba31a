"""Generated from Kafka's GroupMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class MemberMetadata:
    """A MemberMetadata inside GroupMetadataValue. (generated from GroupMetadataValue.json)."""

    __slots__ = ('member_id', 'group_instance_id', 'client_id', 'client_host', 'rebalance_timeout', 'session_timeout', 'subscription', 'assignment')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, member_id: str = '', group_instance_id: str | None = None, client_id: str = '', client_host: str = '', rebalance_timeout: int = -1, session_timeout: int = 0, subscription: bytes = b'', assignment: bytes = b'') -> None:
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.client_id = client_id
        self.client_host = client_host
        self.rebalance_timeout = rebalance_timeout
        self.session_timeout = session_timeout
        self.subscription = subscription
        self.assignment = assignment

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class GroupMetadataValue:
    """GroupMetadataValue v0-4 (generated from GroupMetadataValue.json)."""

    __slots__ = ('protocol_type', 'generation', 'protocol', 'leader', 'current_state_timestamp', 'members')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4
    MemberMetadata: TypeAlias = MemberMetadata

    def __init__(self, *, protocol_type: str = '', generation: int = 0, protocol: str | None = '', leader: str | None = '', current_state_timestamp: int = -1, members: list[MemberMetadata] | None = None) -> None:
        self.protocol_type = protocol_type
        self.generation = generation
        self.protocol = protocol
        self.leader = leader
        self.current_state_timestamp = current_state_timestamp
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
        _ENC_GroupMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> GroupMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[GroupMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_GroupMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed GroupMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'GroupMetadataValue v{version} runs past the end of the frame')
        return o, end


MemberMetadata.FIELD_TYPES = {'member_id': str, 'group_instance_id': str | None, 'client_id': str, 'client_host': str, 'rebalance_timeout': int, 'session_timeout': int, 'subscription': bytes, 'assignment': bytes}
GroupMetadataValue.FIELD_TYPES = {'protocol_type': str, 'generation': int, 'protocol': str | None, 'leader': str | None, 'current_state_timestamp': int, 'members': list[MemberMetadata] | None}


def _dec_MemberMetadata_0(buf: memoryview, pos: int) -> tuple[MemberMetadata, int]:
    o = _new(MemberMetadata)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.client_id, pos = _r_nn_str(buf, pos)
    o.client_host, pos = _r_nn_str(buf, pos)
    o.rebalance_timeout = -1
    o.session_timeout = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.subscription, pos = _r_nn_bytes(buf, pos)
    o.assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_MemberMetadata_0(o: MemberMetadata, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.client_id)
    _w_str(w, o.client_host)
    w(_S0.pack(o.session_timeout))
    _w_bytes(w, o.subscription)
    _w_bytes(w, o.assignment)


def _dec_GroupMetadataValue_0(buf: memoryview, pos: int) -> tuple[GroupMetadataValue, int]:
    o = _new(GroupMetadataValue)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.generation = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.protocol, pos = _r_str(buf, pos)
    o.leader, pos = _r_str(buf, pos)
    o.current_state_timestamp = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberMetadata] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberMetadata_0(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_GroupMetadataValue_0(o: GroupMetadataValue, w: Writer) -> None:
    _w_str(w, o.protocol_type)
    w(_S0.pack(o.generation))
    _w_str(w, o.protocol)
    _w_str(w, o.leader)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MemberMetadata_0(x0, w)


def _dec_MemberMetadata_1(buf: memoryview, pos: int) -> tuple[MemberMetadata, int]:
    o = _new(MemberMetadata)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.client_id, pos = _r_nn_str(buf, pos)
    o.client_host, pos = _r_nn_str(buf, pos)
    o.rebalance_timeout = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_timeout = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.subscription, pos = _r_nn_bytes(buf, pos)
    o.assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_MemberMetadata_1(o: MemberMetadata, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.client_id)
    _w_str(w, o.client_host)
    w(_S0.pack(o.rebalance_timeout))
    w(_S0.pack(o.session_timeout))
    _w_bytes(w, o.subscription)
    _w_bytes(w, o.assignment)


def _dec_GroupMetadataValue_1(buf: memoryview, pos: int) -> tuple[GroupMetadataValue, int]:
    o = _new(GroupMetadataValue)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.generation = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.protocol, pos = _r_str(buf, pos)
    o.leader, pos = _r_str(buf, pos)
    o.current_state_timestamp = -1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 22 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberMetadata] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberMetadata_1(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_GroupMetadataValue_1(o: GroupMetadataValue, w: Writer) -> None:
    _w_str(w, o.protocol_type)
    w(_S0.pack(o.generation))
    _w_str(w, o.protocol)
    _w_str(w, o.leader)
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MemberMetadata_1(x0, w)


def _dec_GroupMetadataValue_2(buf: memoryview, pos: int) -> tuple[GroupMetadataValue, int]:
    o = _new(GroupMetadataValue)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.generation = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.protocol, pos = _r_str(buf, pos)
    o.leader, pos = _r_str(buf, pos)
    o.current_state_timestamp = _S1.unpack_from(buf, pos)[0]; pos += 8
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 22 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberMetadata] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberMetadata_1(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_GroupMetadataValue_2(o: GroupMetadataValue, w: Writer) -> None:
    _w_str(w, o.protocol_type)
    w(_S0.pack(o.generation))
    _w_str(w, o.protocol)
    _w_str(w, o.leader)
    w(_S1.pack(o.current_state_timestamp))
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MemberMetadata_1(x0, w)


def _dec_MemberMetadata_2(buf: memoryview, pos: int) -> tuple[MemberMetadata, int]:
    o = _new(MemberMetadata)
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.client_id, pos = _r_nn_str(buf, pos)
    o.client_host, pos = _r_nn_str(buf, pos)
    o.rebalance_timeout = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_timeout = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.subscription, pos = _r_nn_bytes(buf, pos)
    o.assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_MemberMetadata_2(o: MemberMetadata, w: Writer) -> None:
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)
    _w_str(w, o.client_id)
    _w_str(w, o.client_host)
    w(_S0.pack(o.rebalance_timeout))
    w(_S0.pack(o.session_timeout))
    _w_bytes(w, o.subscription)
    _w_bytes(w, o.assignment)


def _dec_GroupMetadataValue_3(buf: memoryview, pos: int) -> tuple[GroupMetadataValue, int]:
    o = _new(GroupMetadataValue)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.generation = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.protocol, pos = _r_str(buf, pos)
    o.leader, pos = _r_str(buf, pos)
    o.current_state_timestamp = _S1.unpack_from(buf, pos)[0]; pos += 8
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 24 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberMetadata] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberMetadata_2(buf, pos); ap0(x0)
    o.members = a0
    return o, pos


def _enc_GroupMetadataValue_3(o: GroupMetadataValue, w: Writer) -> None:
    _w_str(w, o.protocol_type)
    w(_S0.pack(o.generation))
    _w_str(w, o.protocol)
    _w_str(w, o.leader)
    w(_S1.pack(o.current_state_timestamp))
    a0 = o.members
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MemberMetadata_2(x0, w)


def _dec_MemberMetadata_3(buf: memoryview, pos: int) -> tuple[MemberMetadata, int]:
    o = _new(MemberMetadata)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.client_id, pos = _r_nn_cstr(buf, pos)
    o.client_host, pos = _r_nn_cstr(buf, pos)
    o.rebalance_timeout = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.session_timeout = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.subscription, pos = _r_nn_cbytes(buf, pos)
    o.assignment, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MemberMetadata_3(o: MemberMetadata, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    _w_cstr(w, o.client_id)
    _w_cstr(w, o.client_host)
    w(_S0.pack(o.rebalance_timeout))
    w(_S0.pack(o.session_timeout))
    _w_cbytes(w, o.subscription)
    _w_cbytes(w, o.assignment)
    w(b'\x00')


def _dec_GroupMetadataValue_4(buf: memoryview, pos: int) -> tuple[GroupMetadataValue, int]:
    o = _new(GroupMetadataValue)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    o.generation = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.protocol, pos = _r_cstr(buf, pos)
    o.leader, pos = _r_cstr(buf, pos)
    o.current_state_timestamp = _S1.unpack_from(buf, pos)[0]; pos += 8
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 15 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MemberMetadata] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MemberMetadata_3(buf, pos); ap0(x0)
    o.members = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_GroupMetadataValue_4(o: GroupMetadataValue, w: Writer) -> None:
    _w_cstr(w, o.protocol_type)
    w(_S0.pack(o.generation))
    _w_cstr(w, o.protocol)
    _w_cstr(w, o.leader)
    w(_S1.pack(o.current_state_timestamp))
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MemberMetadata_3(x0, w)
    w(b'\x00')


_DEC_GroupMetadataValue: list[Callable[[memoryview, int], tuple[GroupMetadataValue, int]]] = [_dec_GroupMetadataValue_0, _dec_GroupMetadataValue_1, _dec_GroupMetadataValue_2, _dec_GroupMetadataValue_3, _dec_GroupMetadataValue_4]
_ENC_GroupMetadataValue: list[Callable[[GroupMetadataValue, Writer], None]] = [_enc_GroupMetadataValue_0, _enc_GroupMetadataValue_1, _enc_GroupMetadataValue_2, _enc_GroupMetadataValue_3, _enc_GroupMetadataValue_4]
