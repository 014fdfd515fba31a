"""Generated from Kafka's HeartbeatRequest.json by tools/codegen/generate.py. Do not edit."""

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
class HeartbeatRequest:
    """HeartbeatRequest v0-4 (generated from HeartbeatRequest.json)."""

    __slots__ = ('group_id', 'generation_id', 'member_id', 'group_instance_id')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 12
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4

    def __init__(self, *, group_id: str = '', generation_id: int = 0, member_id: str = '', group_instance_id: str | None = None) -> None:
        self.group_id = group_id
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id

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
        _ENC_HeartbeatRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> HeartbeatRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[HeartbeatRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_HeartbeatRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed HeartbeatRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'HeartbeatRequest v{version} runs past the end of the frame')
        return o, end


HeartbeatRequest.FIELD_TYPES = {'group_id': str, 'generation_id': int, 'member_id': str, 'group_instance_id': str | None}


def _dec_HeartbeatRequest_0(buf: memoryview, pos: int) -> tuple[HeartbeatRequest, int]:
    o = _new(HeartbeatRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id = None
    return o, pos


def _enc_HeartbeatRequest_0(o: HeartbeatRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id))
    _w_str(w, o.member_id)


def _dec_HeartbeatRequest_1(buf: memoryview, pos: int) -> tuple[HeartbeatRequest, int]:
    o = _new(HeartbeatRequest)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_str(buf, pos)
    o.group_instance_id, pos = _r_str(buf, pos)
    return o, pos


def _enc_HeartbeatRequest_1(o: HeartbeatRequest, w: Writer) -> None:
    _w_str(w, o.group_id)
    w(_S0.pack(o.generation_id))
    _w_str(w, o.member_id)
    _w_str(w, o.group_instance_id)


def _dec_HeartbeatRequest_2(buf: memoryview, pos: int) -> tuple[HeartbeatRequest, int]:
    o = _new(HeartbeatRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    o.generation_id = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.member_id, pos = _r_nn_cstr(buf, pos)
    o.group_instance_id, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_HeartbeatRequest_2(o: HeartbeatRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    w(_S0.pack(o.generation_id))
    _w_cstr(w, o.member_id)
    _w_cstr(w, o.group_instance_id)
    w(b'\x00')


_DEC_HeartbeatRequest: list[Callable[[memoryview, int], tuple[HeartbeatRequest, int]]] = [_dec_HeartbeatRequest_0, _dec_HeartbeatRequest_0, _dec_HeartbeatRequest_0, _dec_HeartbeatRequest_1, _dec_HeartbeatRequest_2]
_ENC_HeartbeatRequest: list[Callable[[HeartbeatRequest, Writer], None]] = [_enc_HeartbeatRequest_0, _enc_HeartbeatRequest_0, _enc_HeartbeatRequest_0, _enc_HeartbeatRequest_1, _enc_HeartbeatRequest_2]
