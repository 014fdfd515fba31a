"""Generated from Kafka's ShareGroupTargetAssignmentMemberKey.json by tools/codegen/generate.py. Do not edit."""

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
class ShareGroupTargetAssignmentMemberKey:
    """ShareGroupTargetAssignmentMemberKey v0-0 (generated from ShareGroupTargetAssignmentMemberKey.json)."""

    __slots__ = ('group_id', 'member_id')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 13
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
        _ENC_ShareGroupTargetAssignmentMemberKey[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupTargetAssignmentMemberKey:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupTargetAssignmentMemberKey, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupTargetAssignmentMemberKey[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupTargetAssignmentMemberKey v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupTargetAssignmentMemberKey v{version} runs past the end of the frame')
        return o, end


ShareGroupTargetAssignmentMemberKey.FIELD_TYPES = {'group_id': str, 'member_id': str}


def _dec_ShareGroupTargetAssignmentMemberKey_0(buf: memoryview, pos: int) -> tuple[ShareGroupTargetAssignmentMemberKey, int]:
    o = _new(ShareGroupTargetAssignmentMemberKey)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.member_id, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_ShareGroupTargetAssignmentMemberKey_0(o: ShareGroupTargetAssignmentMemberKey, w: Writer) -> None:
    _w_str(w, o.group_id)
    _w_str(w, o.member_id)


_DEC_ShareGroupTargetAssignmentMemberKey: list[Callable[[memoryview, int], tuple[ShareGroupTargetAssignmentMemberKey, int]]] = [_dec_ShareGroupTargetAssignmentMemberKey_0]
_ENC_ShareGroupTargetAssignmentMemberKey: list[Callable[[ShareGroupTargetAssignmentMemberKey, Writer], None]] = [_enc_ShareGroupTargetAssignmentMemberKey_0]
