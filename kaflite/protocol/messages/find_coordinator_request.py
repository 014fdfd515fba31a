"""Generated from Kafka's FindCoordinatorRequest.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class FindCoordinatorRequest:
    """FindCoordinatorRequest v0-6 (generated from FindCoordinatorRequest.json)."""

    __slots__ = ('key', 'key_type', 'coordinator_keys')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 10
    MIN_VERSION = 0
    MAX_VERSION = 6
    FLEXIBLE_MIN = 3

    def __init__(self, *, key: str = '', key_type: int = 0, coordinator_keys: list[str] | None = None) -> None:
        self.key = key
        self.key_type = key_type
        self.coordinator_keys = [] if coordinator_keys is None else coordinator_keys

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
        _ENC_FindCoordinatorRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> FindCoordinatorRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[FindCoordinatorRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_FindCoordinatorRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed FindCoordinatorRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'FindCoordinatorRequest v{version} runs past the end of the frame')
        return o, end


FindCoordinatorRequest.FIELD_TYPES = {'key': str, 'key_type': int, 'coordinator_keys': list[str] | None}


def _dec_FindCoordinatorRequest_0(buf: memoryview, pos: int) -> tuple[FindCoordinatorRequest, int]:
    o = _new(FindCoordinatorRequest)
    o.key, pos = _r_nn_str(buf, pos)
    o.key_type = 0
    o.coordinator_keys = []
    return o, pos


def _enc_FindCoordinatorRequest_0(o: FindCoordinatorRequest, w: Writer) -> None:
    _w_str(w, o.key)


def _dec_FindCoordinatorRequest_1(buf: memoryview, pos: int) -> tuple[FindCoordinatorRequest, int]:
    o = _new(FindCoordinatorRequest)
    o.key, pos = _r_nn_str(buf, pos)
    o.key_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.coordinator_keys = []
    return o, pos


def _enc_FindCoordinatorRequest_1(o: FindCoordinatorRequest, w: Writer) -> None:
    _w_str(w, o.key)
    w(_S0.pack(o.key_type))


def _dec_FindCoordinatorRequest_2(buf: memoryview, pos: int) -> tuple[FindCoordinatorRequest, int]:
    o = _new(FindCoordinatorRequest)
    o.key, pos = _r_nn_cstr(buf, pos)
    o.key_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    o.coordinator_keys = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FindCoordinatorRequest_2(o: FindCoordinatorRequest, w: Writer) -> None:
    _w_cstr(w, o.key)
    w(_S0.pack(o.key_type))
    w(b'\x00')


def _dec_FindCoordinatorRequest_3(buf: memoryview, pos: int) -> tuple[FindCoordinatorRequest, int]:
    o = _new(FindCoordinatorRequest)
    o.key = ''
    o.key_type = _S0.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.coordinator_keys = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_FindCoordinatorRequest_3(o: FindCoordinatorRequest, w: Writer) -> None:
    w(_S0.pack(o.key_type))
    a0 = o.coordinator_keys
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(b'\x00')


_DEC_FindCoordinatorRequest: list[Callable[[memoryview, int], tuple[FindCoordinatorRequest, int]]] = [_dec_FindCoordinatorRequest_0, _dec_FindCoordinatorRequest_1, _dec_FindCoordinatorRequest_1, _dec_FindCoordinatorRequest_2, _dec_FindCoordinatorRequest_3, _dec_FindCoordinatorRequest_3, _dec_FindCoordinatorRequest_3]
_ENC_FindCoordinatorRequest: list[Callable[[FindCoordinatorRequest, Writer], None]] = [_enc_FindCoordinatorRequest_0, _enc_FindCoordinatorRequest_1, _enc_FindCoordinatorRequest_1, _enc_FindCoordinatorRequest_2, _enc_FindCoordinatorRequest_3, _enc_FindCoordinatorRequest_3, _enc_FindCoordinatorRequest_3]
