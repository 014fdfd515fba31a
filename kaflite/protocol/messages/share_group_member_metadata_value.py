"""Generated from Kafka's ShareGroupMemberMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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



@mypyc_attr(native_class=False)
class ShareGroupMemberMetadataValue:
    """ShareGroupMemberMetadataValue v0-0 (generated from ShareGroupMemberMetadataValue.json)."""

    __slots__ = ('rack_id', 'client_id', 'client_host', 'subscribed_topic_names')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 10
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0

    def __init__(self, *, rack_id: str | None = '', client_id: str = '', client_host: str = '', subscribed_topic_names: list[str] | None = None) -> None:
        self.rack_id = rack_id
        self.client_id = client_id
        self.client_host = client_host
        self.subscribed_topic_names = [] if subscribed_topic_names is None else subscribed_topic_names

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
        _ENC_ShareGroupMemberMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupMemberMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupMemberMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupMemberMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupMemberMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupMemberMetadataValue v{version} runs past the end of the frame')
        return o, end


ShareGroupMemberMetadataValue.FIELD_TYPES = {'rack_id': str | None, 'client_id': str, 'client_host': str, 'subscribed_topic_names': list[str] | None}


def _dec_ShareGroupMemberMetadataValue_0(buf: memoryview, pos: int) -> tuple[ShareGroupMemberMetadataValue, int]:
    o = _new(ShareGroupMemberMetadataValue)
    o.rack_id, pos = _r_cstr(buf, pos)
    o.client_id, pos = _r_nn_cstr(buf, pos)
    o.client_host, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.subscribed_topic_names = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupMemberMetadataValue_0(o: ShareGroupMemberMetadataValue, w: Writer) -> None:
    _w_cstr(w, o.rack_id)
    _w_cstr(w, o.client_id)
    _w_cstr(w, o.client_host)
    a0 = o.subscribed_topic_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(b'\x00')


_DEC_ShareGroupMemberMetadataValue: list[Callable[[memoryview, int], tuple[ShareGroupMemberMetadataValue, int]]] = [_dec_ShareGroupMemberMetadataValue_0]
_ENC_ShareGroupMemberMetadataValue: list[Callable[[ShareGroupMemberMetadataValue, Writer], None]] = [_enc_ShareGroupMemberMetadataValue_0]
