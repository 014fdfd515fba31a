"""Generated from Kafka's ShareGroupHeartbeatRequest.json by tools/codegen/generate.py. Do not edit."""

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
class ShareGroupHeartbeatRequest:
    """ShareGroupHeartbeatRequest v1-1 (generated from ShareGroupHeartbeatRequest.json)."""

    __slots__ = ('group_id', 'member_id', 'member_epoch', 'rack_id', 'subscribed_topic_names')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 76
    MIN_VERSION = 1
    MAX_VERSION = 1
    FLEXIBLE_MIN = 0

    def __init__(self, *, group_id: str = '', member_id: str = '', member_epoch: int = 0, rack_id: str | None = None, subscribed_topic_names: list[str] | None = None) -> None:
        self.group_id = group_id
        self.member_id = member_id
        self.member_epoch = member_epoch
        self.rack_id = rack_id
        self.subscribed_topic_names = subscribed_topic_names

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
        _ENC_ShareGroupHeartbeatRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupHeartbeatRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupHeartbeatRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupHeartbeatRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupHeartbeatRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupHeartbeatRequest v{version} runs past the end of the frame')
        return o, end


ShareGroupHeartbeatRequest.FIELD_TYPES = {'group_id': str, 'member_id': str, 'member_epoch': int, 'rack_id': str | None, 'subscribed_topic_names': list[str] | None}


def _dec_ShareGroupHeartbeatRequest_0(buf: memoryview, pos: int) -> tuple[ShareGroupHeartbeatRequest, int]:
    o = _new(ShareGroupHeartbeatRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.member_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.rack_id, pos = _r_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.subscribed_topic_names = None
    else:
        if n > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[str] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
        o.subscribed_topic_names = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupHeartbeatRequest_0(o: ShareGroupHeartbeatRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    _w_cstr(w, o.member_id)
    w(_S0.pack(o.member_epoch))
    _w_cstr(w, o.rack_id)
    a0 = o.subscribed_topic_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(b'\x00')


_DEC_ShareGroupHeartbeatRequest: list[Callable[[memoryview, int], tuple[ShareGroupHeartbeatRequest, int]]] = [_unsupported, _dec_ShareGroupHeartbeatRequest_0]
_ENC_ShareGroupHeartbeatRequest: list[Callable[[ShareGroupHeartbeatRequest, Writer], None]] = [_unsupported, _enc_ShareGroupHeartbeatRequest_0]
