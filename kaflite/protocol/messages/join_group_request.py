"""Generated from Kafka's JoinGroupRequest.json by tools/codegen/generate.py. Do not edit."""

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
class JoinGroupRequestProtocol:
    """A JoinGroupRequestProtocol inside JoinGroupRequest. (generated from JoinGroupRequest.json)."""

    __slots__ = ('name', 'metadata')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', metadata: bytes = b'') -> None:
        self.name = name
        self.metadata = metadata

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class JoinGroupRequest:
    """JoinGroupRequest v0-9 (generated from JoinGroupRequest.json)."""

    __slots__ = ('group_id', 'session_timeout_ms', 'rebalance_timeout_ms', 'member_id', 'group_instance_id', 'protocol_type', 'protocols', 'reason')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 11
    MIN_VERSION = 0
    MAX_VERSION = 9
    FLEXIBLE_MIN = 6
    JoinGroupRequestProtocol: TypeAlias = JoinGroupRequestProtocol

    def __init__(self, *, group_id: str = '', session_timeout_ms: int = 0, rebalance_timeout_ms: int = -1, member_id: str = '', group_instance_id: str | None = None, protocol_type: str = '', protocols: list[JoinGroupRequestProtocol] | None = None, reason: str | None = None) -> None:
        self.group_id = group_id
        self.session_timeout_ms = session_timeout_ms
        self.rebalance_timeout_ms = rebalance_timeout_ms
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.protocol_type = protocol_type
        self.protocols = [] if protocols is None else protocols
        self.reason = reason

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
        _ENC_JoinGroupRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> JoinGroupRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[JoinGroupRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_JoinGroupRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed JoinGroupRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'JoinGroupRequest v{version} runs past the end of the frame')
        return o, end


JoinGroupRequestProtocol.FIELD_TYPES = {'name': str, 'metadata': bytes}
JoinGroupRequest.FIELD_TYPES = {'group_id': str, 'session_timeout_ms': int, 'rebalance_timeout_ms': int, 'member_id': str, 'group_instance_id': str | None, 'protocol_type': str, 'protocols': list[JoinGroupRequestProtocol] | None, 'reason': str | None}


def _dec_JoinGroupRequestProtocol_0(buf: memoryview, pos: int) -> tuple[JoinGroupRequestProtocol, int]:
    o = _new(JoinGroupRequestProtocol)
    o.name, pos = _r_nn_str(buf, pos)
    o.metadata, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_JoinGroupRequestProtocol_0(o: JoinGroupRequestProtocol, w: Writer) -> None:
    _w_str(w, o.name)
    _w_bytes(w, o.metadata)


def _dec_JoinGroupRequest_0(buf: memoryview, pos: int) -> tuple[JoinGroupRequest, int]:
    o = _new(JoinGroupRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.session_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rebalance_timeout_ms = -1
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.protocol_type, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupRequestProtocol] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupRequestProtocol_0(buf, pos); ap0(x0)
    o.protocols = a0
    o.reason = None
    return o, pos


def _enc_JoinGroupRequest_0(o: JoinGroupRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.session_timeout_ms))
    _w_str(w, o.member_id)
    _w_str(w, o.protocol_type)
    a0 = o.protocols
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_JoinGroupRequestProtocol_0(x0, w)


def _dec_JoinGroupRequest_1(buf: memoryview, pos: int) -> tuple[JoinGroupRequest, int]:
    o = _new(JoinGroupRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.session_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rebalance_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    o.protocol_type, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupRequestProtocol] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupRequestProtocol_0(buf, pos); ap0(x0)
    o.protocols = a0
    o.reason = None
    return o, pos


def _enc_JoinGroupRequest_1(o: JoinGroupRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.session_timeout_ms))
    w(_S0.pack(o.rebalance_timeout_ms))
    _w_str(w, o.member_id)
    _w_str(w, o.protocol_type)
    a0 = o.protocols
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_JoinGroupRequestProtocol_0(x0, w)


def _dec_JoinGroupRequest_2(buf: memoryview, pos: int) -> tuple[JoinGroupRequest, int]:
    o = _new(JoinGroupRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.session_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rebalance_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    o.protocol_type, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupRequestProtocol] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupRequestProtocol_0(buf, pos); ap0(x0)
    o.protocols = a0
    o.reason = None
    return o, pos


def _enc_JoinGroupRequest_2(o: JoinGroupRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.session_timeout_ms))
    w(_S0.pack(o.rebalance_timeout_ms))
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)
    _w_str(w, o.protocol_type)
    a0 = o.protocols
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_JoinGroupRequestProtocol_0(x0, w)


def _dec_JoinGroupRequestProtocol_1(buf: memoryview, pos: int) -> tuple[JoinGroupRequestProtocol, int]:
    o = _new(JoinGroupRequestProtocol)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.metadata, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_JoinGroupRequestProtocol_1(o: JoinGroupRequestProtocol, w: Writer) -> None:
    _w_cstr(w, o.name)
    _w_cbytes(w, o.metadata)
    w(b'\x00')


def _dec_JoinGroupRequest_3(buf: memoryview, pos: int) -> tuple[JoinGroupRequest, int]:
    o = _new(JoinGroupRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.session_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rebalance_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupRequestProtocol] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupRequestProtocol_1(buf, pos); ap0(x0)
    o.protocols = a0
    o.reason = None
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_JoinGroupRequest_3(o: JoinGroupRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.session_timeout_ms))
    w(_S0.pack(o.rebalance_timeout_ms))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    _w_cstr(w, o.protocol_type)
    a0 = o.protocols
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_JoinGroupRequestProtocol_1(x0, w)
    w(b'\x00')


def _dec_JoinGroupRequest_4(buf: memoryview, pos: int) -> tuple[JoinGroupRequest, int]:
    o = _new(JoinGroupRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.session_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rebalance_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    o.protocol_type, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[JoinGroupRequestProtocol] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_JoinGroupRequestProtocol_1(buf, pos); ap0(x0)
    o.protocols = a0
    o.reason, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_JoinGroupRequest_4(o: JoinGroupRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.session_timeout_ms))
    w(_S0.pack(o.rebalance_timeout_ms))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    _w_cstr(w, o.protocol_type)
    a0 = o.protocols
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_JoinGroupRequestProtocol_1(x0, w)
    _w_cstr(w, o.reason)
    w(b'\x00')


_DEC_JoinGroupRequest: list[Callable[[memoryview, int], tuple[JoinGroupRequest, int]]] = [_dec_JoinGroupRequest_0, _dec_JoinGroupRequest_1, _dec_JoinGroupRequest_1, _dec_JoinGroupRequest_1, _dec_JoinGroupRequest_1, _dec_JoinGroupRequest_2, _dec_JoinGroupRequest_3, _dec_JoinGroupRequest_3, _dec_JoinGroupRequest_4, _dec_JoinGroupRequest_4]
_ENC_JoinGroupRequest: list[Callable[[JoinGroupRequest, Writer], None]] = [_enc_JoinGroupRequest_0, _enc_JoinGroupRequest_1, _enc_JoinGroupRequest_1, _enc_JoinGroupRequest_1, _enc_JoinGroupRequest_1, _enc_JoinGroupRequest_2, _enc_JoinGroupRequest_3, _enc_JoinGroupRequest_3, _enc_JoinGroupRequest_4, _enc_JoinGroupRequest_4]
