"""Generated from Kafka's ListGroupsResponse.json by tools/codegen/generate.py. Do not edit."""

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
class ListedGroup:
    """A ListedGroup inside ListGroupsResponse. (generated from ListGroupsResponse.json)."""

    __slots__ = ('group_id', 'protocol_type', 'group_state', 'group_type')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, group_id: str = '', protocol_type: str = '', group_state: str = '', group_type: str = '') -> None:
        self.group_id = group_id
        self.protocol_type = protocol_type
        self.group_state = group_state
        self.group_type = group_type

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ListGroupsResponse:
    """ListGroupsResponse v0-5 (generated from ListGroupsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'groups')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 16
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3
    ListedGroup: TypeAlias = ListedGroup

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, groups: list[ListedGroup] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
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
        _ENC_ListGroupsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ListGroupsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ListGroupsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ListGroupsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ListGroupsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ListGroupsResponse v{version} runs past the end of the frame')
        return o, end


ListedGroup.FIELD_TYPES = {'group_id': str, 'protocol_type': str, 'group_state': str, 'group_type': str}
ListGroupsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'groups': list[ListedGroup] | None}


def _dec_ListedGroup_0(buf: memoryview, pos: int) -> tuple[ListedGroup, int]:
    o = _new(ListedGroup)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    o.group_state = ''
    o.group_type = ''
    return o, pos


def _enc_ListedGroup_0(o: ListedGroup, w: Writer) -> None:
    _w_str(w, o.group_id)
    _w_str(w, o.protocol_type)


def _dec_ListGroupsResponse_0(buf: memoryview, pos: int) -> tuple[ListGroupsResponse, int]:
    o = _new(ListGroupsResponse)
    o.throttle_time_ms = 0
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListedGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    return o, pos


def _enc_ListGroupsResponse_0(o: ListGroupsResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_ListedGroup_0(x0, w)


def _dec_ListGroupsResponse_1(buf: memoryview, pos: int) -> tuple[ListGroupsResponse, int]:
    o = _new(ListGroupsResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n = _S1.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListedGroup_0(buf, pos); ap0(x0)
    o.groups = a0
    return o, pos


def _enc_ListGroupsResponse_1(o: ListGroupsResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    a0 = o.groups
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S1.pack(len(a0)))
        for x0 in a0:
            _enc_ListedGroup_0(x0, w)


def _dec_ListedGroup_1(buf: memoryview, pos: int) -> tuple[ListedGroup, int]:
    o = _new(ListedGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    o.group_state = ''
    o.group_type = ''
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListedGroup_1(o: ListedGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.protocol_type)
    w(b'\x00')


def _dec_ListGroupsResponse_2(buf: memoryview, pos: int) -> tuple[ListGroupsResponse, int]:
    o = _new(ListGroupsResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListedGroup_1(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListGroupsResponse_2(o: ListGroupsResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListedGroup_1(x0, w)
    w(b'\x00')


def _dec_ListedGroup_2(buf: memoryview, pos: int) -> tuple[ListedGroup, int]:
    o = _new(ListedGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    o.group_state, pos = _r_nn_cstr(buf, pos)
    o.group_type = ''
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListedGroup_2(o: ListedGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.group_state)
    w(b'\x00')


def _dec_ListGroupsResponse_3(buf: memoryview, pos: int) -> tuple[ListGroupsResponse, int]:
    o = _new(ListGroupsResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListedGroup_2(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListGroupsResponse_3(o: ListGroupsResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListedGroup_2(x0, w)
    w(b'\x00')


def _dec_ListedGroup_3(buf: memoryview, pos: int) -> tuple[ListedGroup, int]:
    o = _new(ListedGroup)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    o.group_state, pos = _r_nn_cstr(buf, pos)
    o.group_type, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListedGroup_3(o: ListedGroup, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.group_state)
    _w_cstr(w, o.group_type)
    w(b'\x00')


def _dec_ListGroupsResponse_4(buf: memoryview, pos: int) -> tuple[ListGroupsResponse, int]:
    o = _new(ListGroupsResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ListedGroup] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ListedGroup_3(buf, pos); ap0(x0)
    o.groups = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ListGroupsResponse_4(o: ListGroupsResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    a0 = o.groups
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ListedGroup_3(x0, w)
    w(b'\x00')


_DEC_ListGroupsResponse: list[Callable[[memoryview, int], tuple[ListGroupsResponse, int]]] = [_dec_ListGroupsResponse_0, _dec_ListGroupsResponse_1, _dec_ListGroupsResponse_1, _dec_ListGroupsResponse_2, _dec_ListGroupsResponse_3, _dec_ListGroupsResponse_4]
_ENC_ListGroupsResponse: list[Callable[[ListGroupsResponse, Writer], None]] = [_enc_ListGroupsResponse_0, _enc_ListGroupsResponse_1, _enc_ListGroupsResponse_1, _enc_ListGroupsResponse_2, _enc_ListGroupsResponse_3, _enc_ListGroupsResponse_4]
