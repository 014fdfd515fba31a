"""Generated from Kafka's ShareGroupTargetAssignmentMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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
class ShareGroupTargetAssignmentMetadataValue:
    """ShareGroupTargetAssignmentMetadataValue v0-0 (generated from ShareGroupTargetAssignmentMetadataValue.json)."""

    __slots__ = ('assignment_epoch',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 12
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0

    def __init__(self, *, assignment_epoch: int = 0) -> None:
        self.assignment_epoch = assignment_epoch

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
        _ENC_ShareGroupTargetAssignmentMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ShareGroupTargetAssignmentMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ShareGroupTargetAssignmentMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ShareGroupTargetAssignmentMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ShareGroupTargetAssignmentMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ShareGroupTargetAssignmentMetadataValue v{version} runs past the end of the frame')
        return o, end


ShareGroupTargetAssignmentMetadataValue.FIELD_TYPES = {'assignment_epoch': int}


def _dec_ShareGroupTargetAssignmentMetadataValue_0(buf: memoryview, pos: int) -> tuple[ShareGroupTargetAssignmentMetadataValue, int]:
    o = _new(ShareGroupTargetAssignmentMetadataValue)
    o.assignment_epoch = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ShareGroupTargetAssignmentMetadataValue_0(o: ShareGroupTargetAssignmentMetadataValue, w: Writer) -> None:
    w(_S0.pack(o.assignment_epoch))
    w(b'\x00')


_DEC_ShareGroupTargetAssignmentMetadataValue: list[Callable[[memoryview, int], tuple[ShareGroupTargetAssignmentMetadataValue, int]]] = [_dec_ShareGroupTargetAssignmentMetadataValue_0]
_ENC_ShareGroupTargetAssignmentMetadataValue: list[Callable[[ShareGroupTargetAssignmentMetadataValue, Writer], None]] = [_enc_ShareGroupTargetAssignmentMetadataValue_0]
