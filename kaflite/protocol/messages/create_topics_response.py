"""Generated from Kafka's CreateTopicsResponse.json by tools/codegen/generate.py. Do not edit."""

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
_S2 = _struct.Struct('>?')
_S3 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class CreatableTopicResult:
    """A CreatableTopicResult inside CreateTopicsResponse. (generated from CreateTopicsResponse.json)."""

    __slots__ = ('name', 'topic_id', 'error_code', 'error_message', 'topic_config_error_code', 'num_partitions', 'replication_factor', 'configs')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', topic_id: bytes = ZERO_UUID, error_code: int = 0, error_message: str | None = '', topic_config_error_code: int = 0, num_partitions: int = -1, replication_factor: int = -1, configs: list[CreatableTopicConfigs] | None = _UNSET) -> None:
        self.name = name
        self.topic_id = topic_id
        self.error_code = error_code
        self.error_message = error_message
        self.topic_config_error_code = topic_config_error_code
        self.num_partitions = num_partitions
        self.replication_factor = replication_factor
        self.configs = [] if configs is _UNSET else configs

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreatableTopicConfigs:
    """A CreatableTopicConfigs inside CreateTopicsResponse. (generated from CreateTopicsResponse.json)."""

    __slots__ = ('name', 'value', 'read_only', 'config_source', 'is_sensitive')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', value: str | None = '', read_only: bool = False, config_source: int = -1, is_sensitive: bool = False) -> None:
        self.name = name
        self.value = value
        self.read_only = read_only
        self.config_source = config_source
        self.is_sensitive = is_sensitive

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class CreateTopicsResponse:
    """CreateTopicsResponse v2-7 (generated from CreateTopicsResponse.json)."""

    __slots__ = ('throttle_time_ms', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 19
    MIN_VERSION = 2
    MAX_VERSION = 7
    FLEXIBLE_MIN = 5
    CreatableTopicResult: TypeAlias = CreatableTopicResult
    CreatableTopicConfigs: TypeAlias = CreatableTopicConfigs

    def __init__(self, *, throttle_time_ms: int = 0, topics: list[CreatableTopicResult] | None = None) -> None:
        self.throttle_time_ms = throttle_time_ms
        self.topics = [] if topics is None else topics

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
        _ENC_CreateTopicsResponse[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> CreateTopicsResponse:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[CreateTopicsResponse, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_CreateTopicsResponse[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed CreateTopicsResponse v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'CreateTopicsResponse v{version} runs past the end of the frame')
        return o, end


CreatableTopicResult.FIELD_TYPES = {'name': str, 'topic_id': bytes, 'error_code': int, 'error_message': str | None, 'topic_config_error_code': int, 'num_partitions': int, 'replication_factor': int, 'configs': list[CreatableTopicConfigs] | None}
CreatableTopicConfigs.FIELD_TYPES = {'name': str, 'value': str | None, 'read_only': bool, 'config_source': int, 'is_sensitive': bool}
CreateTopicsResponse.FIELD_TYPES = {'throttle_time_ms': int, 'topics': list[CreatableTopicResult] | None}


def _dec_CreatableTopicResult_0(buf: memoryview, pos: int) -> tuple[CreatableTopicResult, int]:
    o = _new(CreatableTopicResult)
    o.name, pos = _r_nn_str(buf, pos)
    o.topic_id = ZERO_UUID
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_str(buf, pos)
    o.topic_config_error_code = 0
    o.num_partitions = -1
    o.replication_factor = -1
    o.configs = []
    return o, pos


def _enc_CreatableTopicResult_0(o: CreatableTopicResult, w: Writer) -> None:
    _w_str(w, o.name)
    w(_S1.pack(o.error_code))
    _w_str(w, o.error_message)


def _dec_CreateTopicsResponse_0(buf: memoryview, pos: int) -> tuple[CreateTopicsResponse, int]:
    o = _new(CreateTopicsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatableTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatableTopicResult_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_CreateTopicsResponse_0(o: CreateTopicsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_CreatableTopicResult_0(x0, w)


def _dec_CreatableTopicConfigs_0(buf: memoryview, pos: int) -> tuple[CreatableTopicConfigs, int]:
    o = _new(CreatableTopicConfigs)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.value, pos = _r_cstr(buf, pos)
    o.read_only = _S2.unpack_from(buf, pos)[0]; pos += 1
    o.config_source = _S3.unpack_from(buf, pos)[0]; pos += 1
    o.is_sensitive = _S2.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreatableTopicConfigs_0(o: CreatableTopicConfigs, w: Writer) -> None:
    _w_cstr(w, o.name)
    _w_cstr(w, o.value)
    w(_S2.pack(o.read_only))
    w(_S3.pack(o.config_source))
    w(_S2.pack(o.is_sensitive))
    w(b'\x00')


def _dec_CreatableTopicResult_1(buf: memoryview, pos: int) -> tuple[CreatableTopicResult, int]:
    o = _new(CreatableTopicResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = ZERO_UUID
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.topic_config_error_code = 0
    o.num_partitions = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replication_factor = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.configs = None
    else:
        if n * 6 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[CreatableTopicConfigs] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_CreatableTopicConfigs_0(buf, pos); ap0(x0)
        o.configs = a0
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.topic_config_error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
        pos = end
    return o, pos


def _enc_CreatableTopicResult_1(o: CreatableTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S0.pack(o.num_partitions))
    w(_S1.pack(o.replication_factor))
    a0 = o.configs
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatableTopicConfigs_0(x0, w)
    tags: list[bytes] = []
    if o.topic_config_error_code != 0:
        tb: list[Buffer] = []; tw = tb.append
        tw(_S1.pack(o.topic_config_error_code))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_CreateTopicsResponse_1(buf: memoryview, pos: int) -> tuple[CreateTopicsResponse, int]:
    o = _new(CreateTopicsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 12 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatableTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatableTopicResult_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreateTopicsResponse_1(o: CreateTopicsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatableTopicResult_1(x0, w)
    w(b'\x00')


def _dec_CreatableTopicResult_2(buf: memoryview, pos: int) -> tuple[CreatableTopicResult, int]:
    o = _new(CreatableTopicResult)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.error_message, pos = _r_cstr(buf, pos)
    o.topic_config_error_code = 0
    o.num_partitions = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.replication_factor = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.configs = None
    else:
        if n * 6 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[CreatableTopicConfigs] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_CreatableTopicConfigs_0(buf, pos); ap0(x0)
        o.configs = a0
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.topic_config_error_code = _S1.unpack_from(buf, pos)[0]; pos += 2
        pos = end
    return o, pos


def _enc_CreatableTopicResult_2(o: CreatableTopicResult, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(o.topic_id)
    w(_S1.pack(o.error_code))
    _w_cstr(w, o.error_message)
    w(_S0.pack(o.num_partitions))
    w(_S1.pack(o.replication_factor))
    a0 = o.configs
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatableTopicConfigs_0(x0, w)
    tags: list[bytes] = []
    if o.topic_config_error_code != 0:
        tb: list[Buffer] = []; tw = tb.append
        tw(_S1.pack(o.topic_config_error_code))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


def _dec_CreateTopicsResponse_2(buf: memoryview, pos: int) -> tuple[CreateTopicsResponse, int]:
    o = _new(CreateTopicsResponse)
    o.throttle_time_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 28 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[CreatableTopicResult] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_CreatableTopicResult_2(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_CreateTopicsResponse_2(o: CreateTopicsResponse, w: Writer) -> None:
    w(_S0.pack(o.throttle_time_ms))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_CreatableTopicResult_2(x0, w)
    w(b'\x00')


_DEC_CreateTopicsResponse: list[Callable[[memoryview, int], tuple[CreateTopicsResponse, int]]] = [_unsupported, _unsupported, _dec_CreateTopicsResponse_0, _dec_CreateTopicsResponse_0, _dec_CreateTopicsResponse_0, _dec_CreateTopicsResponse_1, _dec_CreateTopicsResponse_1, _dec_CreateTopicsResponse_2]
_ENC_CreateTopicsResponse: list[Callable[[CreateTopicsResponse, Writer], None]] = [_unsupported, _unsupported, _enc_CreateTopicsResponse_0, _enc_CreateTopicsResponse_0, _enc_CreateTopicsResponse_0, _enc_CreateTopicsResponse_1, _enc_CreateTopicsResponse_1, _enc_CreateTopicsResponse_2]
