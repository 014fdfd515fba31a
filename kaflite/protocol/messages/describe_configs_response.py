"""Generated from Kafka's DescribeConfigsResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>h')
_S2 = _struct.Struct('>b')
_S3 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class DescribeConfigsResult:
    """A DescribeConfigsResult inside DescribeConfigsResponse. (generated from DescribeConfigsResponse.json)."""

    __slots__ = ('error_code', 'error_message', 'resource_type', 'resource_name', 'configs')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, error_code: int = 0, error_message: str | None = '', resource_type: int = 0, resource_name: str = '', configs: list[DescribeConfigsResourceResult] | None = None) -> None:
        self.error_code = error_code
        self.error_message = error_message
        self.resource_type = resource_type
        self.resource_name = resource_name
        self.configs = [] if configs is None else configs

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeConfigsResourceResult:
    """A DescribeConfigsResourceResult inside DescribeConfigsResponse. (generated from DescribeConfigsResponse.json)."""

    __slots__ = ('name', 'value', 'read_only', 'config_source', 'is_default', 'is_sensitive', 'synonyms', 'config_type', 'documentation')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', value: str | None = '', read_only: bool = False, config_source: int = -1, is_default: bool = False, is_sensitive: bool = False, synonyms: list[DescribeConfigsSynonym] | None = None, config_type: int = 0, documentation: str | None = '') -> None:
        self.name = name
        self.value = value
        self.read_only = read_only
        self.config_source = config_source
        self.is_default = is_default
        self.is_sensitive = is_sensitive
        self.synonyms = [] if synonyms is None else synonyms
        self.config_type = config_type
        self.documentation = documentation

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeConfigsSynonym:
    """A DescribeConfigsSynonym inside DescribeConfigsResponse. (generated from DescribeConfigsResponse.json)."""

    __slots__ = ('name', 'value', 'source')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', value: str | None = '', source: int = 0) -> None:
        self.name = name
        self.value = value
        self.source = source

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeConfigsResponse:
    """DescribeConfigsResponse v1-4 (generated from DescribeConfigsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'results')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 32
    MIN_VERSION = 1
    MAX_VERSION = 4
    FLEXIBLE_MIN = 4
    DescribeConfigsResult: TypeAlias = DescribeConfigsResult
    DescribeConfigsResourceResult: TypeAlias = DescribeConfigsResourceResult
    DescribeConfigsSynonym: TypeAlias = DescribeConfigsSynonym

    def __init__(self, *, throttle_time_ms: int = 0, results: list[DescribeConfigsResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.results = [] if results is None else results

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
        _ENC_DescribeConfigsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeConfigsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeConfigsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeConfigsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeConfigsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeConfigsResponse v{version} runs past the end of the frame')
        return o, end


DescribeConfigsResult.FIELD_TYPES = {'error_code': int, 'error_message': str | None, 'resource_type': int, 'resource_name': str, 'configs': list[DescribeConfigsResourceResult] | None}
DescribeConfigsResourceResult.FIELD_TYPES = {'name': str, 'value': str | None, 'read_only': bool, 'config_source': int, 'is_default': bool, 'is_sensitive': bool, 'synonyms': list[DescribeConfigsSynonym] | None, 'config_type': int, 'documentation': str | None}
DescribeConfigsSynonym.FIELD_TYPES = {'name': str, 'value': str | None, 'source': int}
DescribeConfigsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'results': list[DescribeConfigsResult] | None}


def _dec_DescribeConfigsSynonym_0(buf: memoryview, pos: int) -> tuple[DescribeConfigsSynonym, int]:
    o = _new(DescribeConfigsSynonym)
    o.name, pos = _r_nn_str(buf, pos)
    o.value, pos = _r_str(buf, pos)
    o.source = _S2.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_DescribeConfigsSynonym_0(o: DescribeConfigsSynonym, w: Writer) -> None:
    _w_str(w, o.name)
    _w_str(w, o.value)
    w(_S2.pack(o.source))


def _dec_DescribeConfigsResourceResult_0(buf: memoryview, pos: int) -> tuple[DescribeConfigsResourceResult, int]:
    o = _new(DescribeConfigsResourceResult)
    o.name, pos = _r_nn_str(buf, pos)
    o.value, pos = _r_str(buf, pos)
    o.read_only = _S3.unpack_from(buf, pos)[0]; pos += 1
    o.config_source = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.is_default = False
    o.is_sensitive = _S3.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsSynonym] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsSynonym_0(buf, pos); ap0(x0)
    o.synonyms = a0
    o.config_type = 0
    o.documentation = ''
    return o, pos


def _enc_DescribeConfigsResourceResult_0(o: DescribeConfigsResourceResult, w: Writer) -> None:
    _w_str(w, o.name)
    _w_str(w, o.value)
    w(_S3.pack(o.read_only))
    w(_S2.pack(o.config_source))
    w(_S3.pack(o.is_sensitive))
    a0 = o.synonyms
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsSynonym_0(x0, w)


def _dec_DescribeConfigsResult_0(buf: memoryview, pos: int) -> tuple[DescribeConfigsResult, int]:
    o = _new(DescribeConfigsResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResourceResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResourceResult_0(buf, pos); ap0(x0)
    o.configs = a0
    return o, pos


def _enc_DescribeConfigsResult_0(o: DescribeConfigsResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    w(_S2.pack(o.resource_type))
    _w_str(w, o.resource_name)
    a0 = o.configs
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsResourceResult_0(x0, w)


def _dec_DescribeConfigsResponse_0(buf: memoryview, pos: int) -> tuple[DescribeConfigsResponse, int]:
    o = _new(DescribeConfigsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResult_0(buf, pos); ap0(x0)
    o.results = a0
    return o, pos


def _enc_DescribeConfigsResponse_0(o: DescribeConfigsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsResult_0(x0, w)


def _dec_DescribeConfigsResourceResult_1(buf: memoryview, pos: int) -> tuple[DescribeConfigsResourceResult, int]:
    o = _new(DescribeConfigsResourceResult)
    o.name, pos = _r_nn_str(buf, pos)
    o.value, pos = _r_str(buf, pos)
    o.read_only = _S3.unpack_from(buf, pos)[0]; pos += 1
    o.config_source = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.is_default = False
    o.is_sensitive = _S3.unpack_from(buf, pos)[0]; pos += 1
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 5 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsSynonym] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsSynonym_0(buf, pos); ap0(x0)
    o.synonyms = a0
    o.config_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.documentation, pos = _r_str(buf, pos)
    return o, pos


def _enc_DescribeConfigsResourceResult_1(o: DescribeConfigsResourceResult, w: Writer) -> None:
    _w_str(w, o.name)
    _w_str(w, o.value)
    w(_S3.pack(o.read_only))
    w(_S2.pack(o.config_source))
    w(_S3.pack(o.is_sensitive))
    a0 = o.synonyms
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsSynonym_0(x0, w)
    w(_S2.pack(o.config_type))
    _w_str(w, o.documentation)


def _dec_DescribeConfigsResult_1(buf: memoryview, pos: int) -> tuple[DescribeConfigsResult, int]:
    o = _new(DescribeConfigsResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResourceResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResourceResult_1(buf, pos); ap0(x0)
    o.configs = a0
    return o, pos


def _enc_DescribeConfigsResult_1(o: DescribeConfigsResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)
    w(_S2.pack(o.resource_type))
    _w_str(w, o.resource_name)
    a0 = o.configs
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsResourceResult_1(x0, w)


def _dec_DescribeConfigsResponse_1(buf: memoryview, pos: int) -> tuple[DescribeConfigsResponse, int]:
    o = _new(DescribeConfigsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 11 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResult_1(buf, pos); ap0(x0)
    o.results = a0
    return o, pos


def _enc_DescribeConfigsResponse_1(o: DescribeConfigsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_DescribeConfigsResult_1(x0, w)


def _dec_DescribeConfigsSynonym_1(buf: memoryview, pos: int) -> tuple[DescribeConfigsSynonym, int]:
    o = _new(DescribeConfigsSynonym)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.value, pos = _r_cstr(buf, pos)
    o.source = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeConfigsSynonym_1(o: DescribeConfigsSynonym, w: Writer) -> None:
    _w_cstr(w, o.name)
    _w_cstr(w, o.value)
    w(_S2.pack(o.source))
    w(b'\x00')


def _dec_DescribeConfigsResourceResult_2(buf: memoryview, pos: int) -> tuple[DescribeConfigsResourceResult, int]:
    o = _new(DescribeConfigsResourceResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.value, pos = _r_cstr(buf, pos)
    o.read_only = _S3.unpack_from(buf, pos)[0]; pos += 1
    o.config_source = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.is_default = False
    o.is_sensitive = _S3.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsSynonym] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsSynonym_1(buf, pos); ap0(x0)
    o.synonyms = a0
    o.config_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.documentation, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeConfigsResourceResult_2(o: DescribeConfigsResourceResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    _w_cstr(w, o.value)
    w(_S3.pack(o.read_only))
    w(_S2.pack(o.config_source))
    w(_S3.pack(o.is_sensitive))
    a0 = o.synonyms
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeConfigsSynonym_1(x0, w)
    w(_S2.pack(o.config_type))
    _w_cstr(w, o.documentation)
    w(b'\x00')


def _dec_DescribeConfigsResult_2(buf: memoryview, pos: int) -> tuple[DescribeConfigsResult, int]:
    o = _new(DescribeConfigsResult)
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.resource_type = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.resource_name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 9 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResourceResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResourceResult_2(buf, pos); ap0(x0)
    o.configs = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeConfigsResult_2(o: DescribeConfigsResult, w: Writer) -> None:
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S2.pack(o.resource_type))
    _w_cstr(w, o.resource_name)
    a0 = o.configs
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeConfigsResourceResult_2(x0, w)
    w(b'\x00')


def _dec_DescribeConfigsResponse_2(buf: memoryview, pos: int) -> tuple[DescribeConfigsResponse, int]:
    o = _new(DescribeConfigsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 7 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DescribeConfigsResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DescribeConfigsResult_2(buf, pos); ap0(x0)
    o.results = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeConfigsResponse_2(o: DescribeConfigsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.results
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DescribeConfigsResult_2(x0, w)
    w(b'\x00')


_DEC_DescribeConfigsResponse: list[Callable[[memoryview, int], tuple[DescribeConfigsResponse, int]]] = [_unsupported, _dec_DescribeConfigsResponse_0, _dec_DescribeConfigsResponse_0, _dec_DescribeConfigsResponse_1, _dec_DescribeConfigsResponse_2]
_ENC_DescribeConfigsResponse: list[Callable[[DescribeConfigsResponse, Writer], None]] = [_unsupported, _enc_DescribeConfigsResponse_0, _enc_DescribeConfigsResponse_0, _enc_DescribeConfigsResponse_1, _enc_DescribeConfigsResponse_2]
