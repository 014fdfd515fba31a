"""Generated from Kafka's OffsetFetchRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class OffsetFetchRequestTopic:
    """A OffsetFetchRequestTopic inside OffsetFetchRequest. (generated from OffsetFetchRequest.json)."""

    __slots__ = ('name', 'partition_indexes')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partition_indexes: list[int] | None = None) -> None:
        self.name = name
        self.partition_indexes = [] if partition_indexes is None else partition_indexes

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchRequestGroup:
    """A OffsetFetchRequestGroup inside OffsetFetchRequest. (generated from OffsetFetchRequest.json)."""

    __slots__ = ('group_id', 'member_id', 'member_epoch', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, group_id: str = '', member_id: str | None = None, member_epoch: int = -1, topics: list[OffsetFetchRequestTopics] | None = _UNSET) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.member_epoch = member_epoch
        self.topics = [] if topics is _UNSET else topics

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchRequestTopics:
    """A OffsetFetchRequestTopics inside OffsetFetchRequest. (generated from OffsetFetchRequest.json)."""

    __slots__ = ('name', 'topic_id', 'partition_indexes')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', topic_id: bytes = ZERO_UUID, partition_indexes: list[int] | None = None) -> None:
        self.name = name
        self.topic_id = topic_id
        self.partition_indexes = [] if partition_indexes is None else partition_indexes

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class OffsetFetchRequest:
    """OffsetFetchRequest v1-10 (generated from OffsetFetchRequest.json)."""

    __slots__ = ('group_id', 'topics', 'groups', 'require_stable')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 9
    MIN_VERSION = 1
    MAX_VERSION = 10
    FLEXIBLE_MIN = 6
    OffsetFetchRequestTopic: TypeAlias = OffsetFetchRequestTopic
    OffsetFetchRequestGroup: TypeAlias = OffsetFetchRequestGroup
    OffsetFetchRequestTopics: TypeAlias = OffsetFetchRequestTopics

    def __init__(self, *, group_id: str = '', topics: list[OffsetFetchRequestTopic] | None = _UNSET, groups: list[OffsetFetchRequestGroup] | None = None, require_stable: bool = False) -> None:
        self.group_id = group_id
        self.topics = [] if topics is _UNSET else topics
        self.groups = [] if groups is None else groups
        self.require_stable = require_stable

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
        _ENC_OffsetFetchRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> OffsetFetchRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[OffsetFetchRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_OffsetFetchRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed OffsetFetchRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'OffsetFetchRequest v{version} runs past the end of the frame')
        return o, end


OffsetFetchRequestTopic.FIELD_TYPES = {'name': str, 'partition_indexes': list[int] | None}
OffsetFetchRequestGroup.FIELD_TYPES = {'group_id': str, 'member_id': str | None, 'member_epoch': int, 'topics': list[OffsetFetchRequestTopics] | None}
OffsetFetchRequestTopics.FIELD_TYPES = {'name': str, 'topic_id': bytes, 'partition_indexes': list[int] | None}
OffsetFetchRequest.FIELD_TYPES = {'group_id': str, 'topics': list[OffsetFetchRequestTopic] | None, 'groups': list[OffsetFetchRequestGroup] | None, 'require_stable': bool}


def _dec_OffsetFetchRequestTopic_0(buf: memoryview, pos: int) -> tuple[OffsetFetchRequestTopic, int]:
    o = _new(OffsetFetchRequestTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_indexes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_OffsetFetchRequestTopic_0(o: OffsetFetchRequestTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partition_indexes
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_OffsetFetchRequest_0(buf: memoryview, pos: int) -> tuple[OffsetFetchRequest, int]:
    o = _new(OffsetFetchRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.groups = []
    o.require_stable = False
    return o, pos


def _enc_OffsetFetchRequest_0(o: OffsetFetchRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchRequestTopic_0(x0, w)


def _dec_OffsetFetchRequest_1(buf: memoryview, pos: int) -> tuple[OffsetFetchRequest, int]:
    o = _new(OffsetFetchRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topics = None
    else:
        if n * 6 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[OffsetFetchRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_OffsetFetchRequestTopic_0(buf, pos); ap0(x0)
        o.topics = a0
    o.groups = []
    o.require_stable = False
    return o, pos


def _enc_OffsetFetchRequest_1(o: OffsetFetchRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_OffsetFetchRequestTopic_0(x0, w)


def _dec_OffsetFetchRequestTopic_1(buf: memoryview, pos: int) -> tuple[OffsetFetchRequestTopic, int]:
    o = _new(OffsetFetchRequestTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_indexes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequestTopic_1(o: OffsetFetchRequestTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_indexes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_OffsetFetchRequest_2(buf: memoryview, pos: int) -> tuple[OffsetFetchRequest, int]:
    o = _new(OffsetFetchRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[OffsetFetchRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_OffsetFetchRequestTopic_1(buf, pos); ap0(x0)
        o.topics = a0
    o.groups = []
    o.require_stable = False
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequest_2(o: OffsetFetchRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestTopic_1(x0, w)
    w(b'\x00')


def _dec_OffsetFetchRequest_3(buf: memoryview, pos: int) -> tuple[OffsetFetchRequest, int]:
    o = _new(OffsetFetchRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[OffsetFetchRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_OffsetFetchRequestTopic_1(buf, pos); ap0(x0)
        o.topics = a0
    o.groups = []
    o.require_stable = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequest_3(o: OffsetFetchRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestTopic_1(x0, w)
    w(_S1.pack(o.require_stable))
    w(b'\x00')


def _dec_OffsetFetchRequestTopics_0(buf: memoryview, pos: int) -> tuple[OffsetFetchRequestTopics, int]:
    o = _new(OffsetFetchRequestTopics)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_indexes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequestTopics_0(o: OffsetFetchRequestTopics, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partition_indexes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_OffsetFetchRequestGroup_0(buf: memoryview, pos: int) -> tuple[OffsetFetchRequestGroup, int]:
    o = _new(OffsetFetchRequestGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id = None
    o.member_epoch = -1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[OffsetFetchRequestTopics] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_OffsetFetchRequestTopics_0(buf, pos); ap0(x0)
        o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequestGroup_0(o: OffsetFetchRequestGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestTopics_0(x0, w)
    w(b'\x00')


def _dec_OffsetFetchRequest_4(buf: memoryview, pos: int) -> tuple[OffsetFetchRequest, int]:
    o = _new(OffsetFetchRequest)
    o.group_id = ''
    o.topics = []
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchRequestGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchRequestGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    o.require_stable = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequest_4(o: OffsetFetchRequest, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestGroup_0(x0, w)
    w(_S1.pack(o.require_stable))
    w(b'\x00')


def _dec_OffsetFetchRequestGroup_1(buf: memoryview, pos: int) -> tuple[OffsetFetchRequestGroup, int]:
    o = _new(OffsetFetchRequestGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id, pos = _r_cstr(buf, pos)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[OffsetFetchRequestTopics] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_OffsetFetchRequestTopics_0(buf, pos); ap0(x0)
        o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequestGroup_1(o: OffsetFetchRequestGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.member_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestTopics_0(x0, w)
    w(b'\x00')


def _dec_OffsetFetchRequest_5(buf: memoryview, pos: int) -> tuple[OffsetFetchRequest, int]:
    o = _new(OffsetFetchRequest)
    o.group_id = ''
    o.topics = []
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchRequestGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchRequestGroup_1(buf, pos); ap0(x0)
    o.groups = a0
    o.require_stable = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequest_5(o: OffsetFetchRequest, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestGroup_1(x0, w)
    w(_S1.pack(o.require_stable))
    w(b'\x00')


def _dec_OffsetFetchRequestTopics_1(buf: memoryview, pos: int) -> tuple[OffsetFetchRequestTopics, int]:
    o = _new(OffsetFetchRequestTopics)
    o.name = ''
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_indexes = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequestTopics_1(o: OffsetFetchRequestTopics, w: Writer) -> None:
    w(o.topic_id)
    a0 = o.partition_indexes
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_OffsetFetchRequestGroup_2(buf: memoryview, pos: int) -> tuple[OffsetFetchRequestGroup, int]:
    o = _new(OffsetFetchRequestGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id, pos = _r_cstr(buf, pos)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 18 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[OffsetFetchRequestTopics] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_OffsetFetchRequestTopics_1(buf, pos); ap0(x0)
        o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequestGroup_2(o: OffsetFetchRequestGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.member_epoch))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestTopics_1(x0, w)
    w(b'\x00')


def _dec_OffsetFetchRequest_6(buf: memoryview, pos: int) -> tuple[OffsetFetchRequest, int]:
    o = _new(OffsetFetchRequest)
    o.group_id = ''
    o.topics = []
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 8 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[OffsetFetchRequestGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_OffsetFetchRequestGroup_2(buf, pos); ap0(x0)
    o.groups = a0
    o.require_stable = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_OffsetFetchRequest_6(o: OffsetFetchRequest, w: Writer) -> None:
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_OffsetFetchRequestGroup_2(x0, w)
    w(_S1.pack(o.require_stable))
    w(b'\x00')


_DEC_OffsetFetchRequest: list[Callable[[memoryview, int], tuple[OffsetFetchRequest, int]]] = [_unsupported, _dec_OffsetFetchRequest_0, _dec_OffsetFetchRequest_1, _dec_OffsetFetchRequest_1, _dec_OffsetFetchRequest_1, _dec_OffsetFetchRequest_1, _dec_OffsetFetchRequest_2, _dec_OffsetFetchRequest_3, _dec_OffsetFetchRequest_4, _dec_OffsetFetchRequest_5, _dec_OffsetFetchRequest_6]
_ENC_OffsetFetchRequest: list[Callable[[OffsetFetchRequest, Writer], None]] = [_unsupported, _enc_OffsetFetchRequest_0, _enc_OffsetFetchRequest_1, _enc_OffsetFetchRequest_1, _enc_OffsetFetchRequest_1, _enc_OffsetFetchRequest_1, _enc_OffsetFetchRequest_2, _enc_OffsetFetchRequest_3, _enc_OffsetFetchRequest_4, _enc_OffsetFetchRequest_5, _enc_OffsetFetchRequest_6]
