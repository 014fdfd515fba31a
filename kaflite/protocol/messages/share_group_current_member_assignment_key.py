"""Generated from Kafka's ShareGroupCurrentMemberAssignmentKey.json by tools/codegen/generate.py. Do not edit."""

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
class ShareGroupCurrentMemberAssignmentKey:
    """ShareGroupCurrentMemberAssignmentKey v0-0 (generated from ShareGroupCurrentMemberAssignmentKey.json)."""

    __slots__ = ('group_id', 'member_id')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 14
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 10000

    def __init__(self, *, group_id: str = '', member_id: str = '') -> None:
        self.group_id = group_id
        self.member_id = member_id

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
        _ENC_ShareGroupCurrentMemberAssignmentKey[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupCurrentMemberAssignmentKey:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupCurrentMemberAssignmentKey, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupCurrentMemberAssignmentKey[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupCurrentMemberAssignmentKey v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupCurrentMemberAssignmentKey v{version} runs past the end of the frame')
        return o, end


ShareGroupCurrentMemberAssignmentKey.FIELD_TYPES = {'group_id': str, 'member_id': str}


def _dec_ShareGroupCurrentMemberAssignmentKey_0(buf: memoryview, pos: int) -> tuple[ShareGroupCurrentMemberAssignmentKey, int]:
    o = _new(ShareGroupCurrentMemberAssignmentKey)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.member_id, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_ShareGroupCurrentMemberAssignmentKey_0(o: ShareGroupCurrentMemberAssignmentKey, w: Writer) -> None:
    _w_str(w, o.group_id)
    _w_str(w, o.member_id)


_DEC_ShareGroupCurrentMemberAssignmentKey: list[Callable[[memoryview, int], tuple[ShareGroupCurrentMemberAssignmentKey, int]]] = [_dec_ShareGroupCurrentMemberAssignmentKey_0]
_ENC_ShareGroupCurrentMemberAssignmentKey: list[Callable[[ShareGroupCurrentMemberAssignmentKey, Writer], None]] = [_enc_ShareGroupCurrentMemberAssignmentKey_0]
