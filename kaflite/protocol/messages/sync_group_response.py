"""Generated from Kafka's SyncGroupResponse.json by tools/codegen/generate.py. Do not edit."""

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
class SyncGroupResponse:
    """SyncGroupResponse v0-5 (generated from SyncGroupResponse.json)."""

    __slots__ = ('throttle_time_ms', 'error_code', 'protocol_type', 'protocol_name', 'assignment')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 14
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 4

    def __init__(self, *, throttle_time_ms: int = 0, error_code: int = 0, protocol_type: str | None = None, protocol_name: str | None = None, assignment: bytes = b'') -> None:
        self.throttle_time_ms = throttle_time_ms
        self.error_code = error_code
        self.protocol_type = protocol_type
        self.protocol_name = protocol_name
        self.assignment = assignment

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
        _ENC_SyncGroupResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> SyncGroupResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[SyncGroupResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_SyncGroupResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed SyncGroupResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'SyncGroupResponse v{version} runs past the end of the frame')
        return o, end


SyncGroupResponse.FIELD_TYPES = {'throttle_time_ms': int, 'error_code': int, 'protocol_type': str | None, 'protocol_name': str | None, 'assignment': bytes}


def _dec_SyncGroupResponse_0(buf: memoryview, pos: int) -> tuple[SyncGroupResponse, int]:
    o = _new(SyncGroupResponse)
    o.throttle_time_ms = 0
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.protocol_type = None
    o.protocol_name = None
    o.assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_SyncGroupResponse_0(o: SyncGroupResponse, w: Writer) -> None:
    w(_S0.pack(o.error_code))
    _w_bytes(w, o.assignment)


def _dec_SyncGroupResponse_1(buf: memoryview, pos: int) -> tuple[SyncGroupResponse, int]:
    o = _new(SyncGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.protocol_type = None
    o.protocol_name = None
    o.assignment, pos = _r_nn_bytes(buf, pos)
    return o, pos


def _enc_SyncGroupResponse_1(o: SyncGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    _w_bytes(w, o.assignment)


def _dec_SyncGroupResponse_2(buf: memoryview, pos: int) -> tuple[SyncGroupResponse, int]:
    o = _new(SyncGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.protocol_type = None
    o.protocol_name = None
    o.assignment, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SyncGroupResponse_2(o: SyncGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    _w_cbytes(w, o.assignment)
    w(b'\x00')


def _dec_SyncGroupResponse_3(buf: memoryview, pos: int) -> tuple[SyncGroupResponse, int]:
    o = _new(SyncGroupResponse)
    o.throttle_time_ms = _S1.unpack_from(buf, pos)[0]; pos += 4
    o.error_code = _S0.unpack_from(buf, pos)[0]; pos += 2
    o.protocol_type, pos = _r_cstr(buf, pos)
    o.protocol_name, pos = _r_cstr(buf, pos)
    o.assignment, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_SyncGroupResponse_3(o: SyncGroupResponse, w: Writer) -> None:
    w(_S1.pack(o.throttle_time_ms))
    w(_S0.pack(o.error_code))
    _w_cstr(w, o.protocol_type)
    _w_cstr(w, o.protocol_name)
    _w_cbytes(w, o.assignment)
    w(b'\x00')


_DEC_SyncGroupResponse: list[Callable[[memoryview, int], tuple[SyncGroupResponse, int]]] = [_dec_SyncGroupResponse_0, _dec_SyncGroupResponse_1, _dec_SyncGroupResponse_1, _dec_SyncGroupResponse_1, _dec_SyncGroupResponse_2, _dec_SyncGroupResponse_3]
_ENC_SyncGroupResponse: list[Callable[[SyncGroupResponse, Writer], None]] = [_enc_SyncGroupResponse_0, _enc_SyncGroupResponse_1, _enc_SyncGroupResponse_1, _enc_SyncGroupResponse_1, _enc_SyncGroupResponse_2, _enc_SyncGroupResponse_3]
