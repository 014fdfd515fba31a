"""Generated from Kafka's ApiVersionsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class ApiVersionsRequest:
    """ApiVersionsRequest v0-4 (generated from ApiVersionsRequest.json)."""

    __slots__ = ('client_software_name', 'client_software_version')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 18
    MIN_VERSION = 0
    MAX_VERSION = 4
    FLEXIBLE_MIN = 3

    def __init__(self, *, client_software_name: str = '', client_software_version: str = '') -> None:
        self.client_software_name = client_software_name
        self.client_software_version = client_software_version

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
        _ENC_ApiVersionsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ApiVersionsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ApiVersionsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ApiVersionsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ApiVersionsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ApiVersionsRequest v{version} runs past the end of the frame')
        return o, end


ApiVersionsRequest.FIELD_TYPES = {'client_software_name': str, 'client_software_version': str}


def _dec_ApiVersionsRequest_0(buf: memoryview, pos: int) -> tuple[ApiVersionsRequest, int]:
    o = _new(ApiVersionsRequest)
    o.client_software_name = ''
    o.client_software_version = ''
    return o, pos


def _enc_ApiVersionsRequest_0(o: ApiVersionsRequest, w: Writer) -> None:
    pass


def _dec_ApiVersionsRequest_1(buf: memoryview, pos: int) -> tuple[ApiVersionsRequest, int]:
    o = _new(ApiVersionsRequest)
    o.client_software_name, pos = _r_nn_cstr(buf, pos)
    o.client_software_version, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ApiVersionsRequest_1(o: ApiVersionsRequest, w: Writer) -> None:
    _w_cstr(w, o.client_software_name)
    _w_cstr(w, o.client_software_version)
    w(b'\x00')


_DEC_ApiVersionsRequest: list[Callable[[memoryview, int], tuple[ApiVersionsRequest, int]]] = [_dec_ApiVersionsRequest_0, _dec_ApiVersionsRequest_0, _dec_ApiVersionsRequest_0, _dec_ApiVersionsRequest_1, _dec_ApiVersionsRequest_1]
_ENC_ApiVersionsRequest: list[Callable[[ApiVersionsRequest, Writer], None]] = [_enc_ApiVersionsRequest_0, _enc_ApiVersionsRequest_0, _enc_ApiVersionsRequest_0, _enc_ApiVersionsRequest_1, _enc_ApiVersionsRequest_1]
