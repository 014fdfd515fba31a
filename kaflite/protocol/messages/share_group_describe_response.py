"""Generated from Kafka's ShareGroupDescribeResponse.json by tools/codegen/generate.py. Do not edit."""

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
    """A DescribedGroup inside ShareGroupDescribeResponse. (generated from ShareGroupDescribeResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'group_id', 'group_state', 'group_epoch', 'assignment_epoch', 'assignor_name', 'members', 'authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = None, group_id: str = '', group_state: str = '', group_epoch: int = 0, assignment_epoch: int = 0, assignor_name: str = '', members: list[Member] | None = None, authorized_operations: int = -2147483648) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.group_id = group_id
        self.group_state = group_state
        self.group_epoch = group_epoch
        self.assignment_epoch = assignment_epoch
        self.assignor_name = assignor_name
        self.members = [] if members is None else members
        self.authorized_operations = authorized_operations

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class Member:
    """A Member inside ShareGroupDescribeResponse. (generated from ShareGroupDescribeResponse.json)."""

    __slots__ = ('member_id', 'rack_id', 'member_epoch', 'client_id', 'client_host', 'subscribed_topic_names', 'assignment')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, member_id: str = '', rack_id: str | None = None, member_epoch: int = 0, client_id: str = '', client_host: str = '', subscribed_topic_names: list[str] | None = None, assignment: Assignment | None = None) -> None:
        self.member_id = member_id
        self.rack_id = rack_id
        self.member_epoch = member_epoch
        self.client_id = client_id
        self.client_host = client_host
        self.subscribed_topic_names = [] if subscribed_topic_names is None else subscribed_topic_names
        self.assignment = Assignment() if assignment is None else assignment

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class Assignment:
    """A Assignment inside ShareGroupDescribeResponse. (generated from ShareGroupDescribeResponse.json)."""

    __slots__ = ('topic_partitions',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_partitions: list[TopicPartitions] | None = None) -> None:
        self.topic_partitions = [] if topic_partitions is None else topic_partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TopicPartitions:
    """A TopicPartitions inside ShareGroupDescribeResponse. (generated from ShareGroupDescribeResponse.json)."""

    __slots__ = ('topic_id', 'topic_name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, topic_name: str = '', partitions: list[int] | None = None) -> None:
        self.topic_id = topic_id
        self.topic_name = topic_name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ShareGroupDescribeResponse:
    """ShareGroupDescribeResponse v1-1 (generated from ShareGroupDescribeResponse.json)."""

    __slots__ = ('throttle_time_ms', 'groups')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 77
    MIN_VERSION = 1
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0
    DescribedGroup: TypeAlias = DescribedGroup
    Member: TypeAlias = Member
    Assignment: TypeAlias = Assignment
    TopicPartitions: TypeAlias = TopicPartitions

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
        _ENC_ShareGroupDescribeResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupDescribeResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupDescribeResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupDescribeResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupDescribeResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupDescribeResponse v{version} runs past the end of the frame')
        return o, end


DescribedGroup.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'group_id': str, 'group_state': str, 'group_epoch': int, 'assignment_epoch': int, 'assignor_name': str, 'members': list[Member] | None, 'authorized_operations': int}
Member.FIELD_TYPES = {'member_id': str, 'rack_id': str | None, 'member_epoch': int, 'client_id': str, 'client_host': str, 'subscribed_topic_names': list[str] | None, 'assignment': Assignment | None}
Assignment.FIELD_TYPES = {'topic_partitions': list[TopicPartitions] | None}
TopicPartitions.FIELD_TYPES = {'topic_id': bytes, 'topic_name': str, 'partitions': list[int] | None}
ShareGroupDescribeResponse.FIELD_TYPES = {'throttle_time_ms': int, 'groups': list[DescribedGroup] | None}


def _dec_TopicPartitions_0(buf: memoryview, pos: int) -> tuple[TopicPartitions, int]:
    o = _new(TopicPartitions)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_TopicPartitions_0(o: TopicPartitions, w: Writer) -> None:
    w(o.topic_id)
    _w_cstr(w, o.topic_name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_Assignment_0(buf: memoryview, pos: int) -> tuple[Assignment, int]:
    o = _new(Assignment)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 19 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[TopicPartitions] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_TopicPartitions_0(buf, pos); ap0(x0)
    o.topic_partitions = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_Assignment_0(o: Assignment, w: Writer) -> None:
    a0 = o.topic_partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_TopicPartitions_0(x0, w)
    w(b'\x00')


def _dec_Member_0(buf: memoryview, pos: int) -> tuple[Member, int]:
    o = _new(Member)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.rack_id, pos = _r_cstr(buf, pos)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.client_id, pos = _r_nn_cstr(buf, pos)
    o.client_host, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.subscribed_topic_names = a0
    o.assignment, pos = _dec_Assignment_0(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_Member_0(o: Member, w: Writer) -> None:
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.rack_id)
    w(_S0.pack(o.member_epoch))
    _w_cstr(w, o.client_id)
    _w_cstr(w, o.client_host)
    a0 = o.subscribed_topic_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    _enc_Assignment_0(o.assignment, w)
    w(b'\x00')


def _dec_DescribedGroup_0(buf: memoryview, pos: int) -> tuple[DescribedGroup, int]:
    o = _new(DescribedGroup)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.group_state, pos = _r_nn_cstr(buf, pos)
    o.group_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.assignment_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.assignor_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[Member] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_Member_0(buf, pos); ap0(x0)
    o.members = a0
    o.authorized_operations = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribedGroup_0(o: DescribedGroup, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.group_state)
    w(_S0.pack(o.group_epoch))
    w(_S0.pack(o.assignment_epoch))
    _w_cstr(w, o.assignor_name)
    a0 = o.members
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_Member_0(x0, w)
    w(_S0.pack(o.authorized_operations))
    w(b'\x00')


def _dec_ShareGroupDescribeResponse_0(buf: memoryview, pos: int) -> tuple[ShareGroupDescribeResponse, int]:
    o = _new(ShareGroupDescribeResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 20 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribedGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupDescribeResponse_0(o: ShareGroupDescribeResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribedGroup_0(x0, w)
    w(b'\x00')


_DEC_ShareGroupDescribeResponse: list[Callable[[memoryview, int], tuple[ShareGroupDescribeResponse, int]]] = [_unsupported, _dec_ShareGroupDescribeResponse_0]
_ENC_ShareGroupDescribeResponse: list[Callable[[ShareGroupDescribeResponse, Writer], None]] = [_unsupported, _enc_ShareGroupDescribeResponse_0]
