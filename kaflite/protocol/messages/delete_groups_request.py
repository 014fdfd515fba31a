"""Generated from Kafka's DeleteGroupsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class DeleteGroupsRequest:
    """DeleteGroupsRequest v0-2 (generated from DeleteGroupsRequest.json)."""

    __slots__ = ('groups_names',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 42
    MIN_VERSION = 0
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2

    def __init__(self, *, groups_names: list[str] | None = None) -> None:
        self.groups_names = [] if groups_names is None else groups_names

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
        _ENC_DeleteGroupsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteGroupsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteGroupsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteGroupsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteGroupsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteGroupsRequest v{version} runs past the end of the frame')
        return o, end


DeleteGroupsRequest.FIELD_TYPES = {'groups_names': list[str] | None}


def _dec_DeleteGroupsRequest_0(buf: memoryview, pos: int) -> tuple[DeleteGroupsRequest, int]:
    o = _new(DeleteGroupsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.groups_names = a0
    return o, pos


def _enc_DeleteGroupsRequest_0(o: DeleteGroupsRequest, w: Writer) -> None:
    a0 = o.groups_names
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)


def _dec_DeleteGroupsRequest_1(buf: memoryview, pos: int) -> tuple[DeleteGroupsRequest, int]:
    o = _new(DeleteGroupsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.groups_names = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteGroupsRequest_1(o: DeleteGroupsRequest, w: Writer) -> None:
    a0 = o.groups_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(b'\x00')


_DEC_DeleteGroupsRequest: list[Callable[[memoryview, int], tuple[DeleteGroupsRequest, int]]] = [_dec_DeleteGroupsRequest_0, _dec_DeleteGroupsRequest_0, _dec_DeleteGroupsRequest_1]
_ENC_DeleteGroupsRequest: list[Callable[[DeleteGroupsRequest, Writer], None]] = [_enc_DeleteGroupsRequest_0, _enc_DeleteGroupsRequest_0, _enc_DeleteGroupsRequest_1]
