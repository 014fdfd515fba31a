"""Generated from Kafka's MetadataRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class MetadataRequestTopic:
    """A MetadataRequestTopic inside MetadataRequest. (generated from MetadataRequest.json)."""

    __slots__ = ('topic_id', 'name')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_id: bytes = ZERO_UUID, name: str | None = '') -> None:
        self.topic_id = topic_id
        self.name = name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class MetadataRequest:
    """MetadataRequest v0-13 (generated from MetadataRequest.json)."""

    __slots__ = ('topics', 'allow_auto_topic_creation', 'include_cluster_authorized_operations', 'include_topic_authorized_operations')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 3
    MIN_VERSION = 0
    MAX_VERSION = 13
    FLEXIBLE_MIN = 9
    MetadataRequestTopic: TypeAlias = MetadataRequestTopic

    def __init__(self, *, topics: list[MetadataRequestTopic] | None = _UNSET, allow_auto_topic_creation: bool = True, include_cluster_authorized_operations: bool = False, include_topic_authorized_operations: bool = False) -> None:
        self.topics = [] if topics is _UNSET else topics
        self.allow_auto_topic_creation = allow_auto_topic_creation
        self.include_cluster_authorized_operations = include_cluster_authorized_operations
        self.include_topic_authorized_operations = include_topic_authorized_operations

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
        _ENC_MetadataRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> MetadataRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[MetadataRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_MetadataRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed MetadataRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'MetadataRequest v{version} runs past the end of the frame')
        return o, end


MetadataRequestTopic.FIELD_TYPES = {'topic_id': bytes, 'name': str | None}
MetadataRequest.FIELD_TYPES = {'topics': list[MetadataRequestTopic] | None, 'allow_auto_topic_creation': bool, 'include_cluster_authorized_operations': bool, 'include_topic_authorized_operations': bool}


def _dec_MetadataRequestTopic_0(buf: memoryview, pos: int) -> tuple[MetadataRequestTopic, int]:
    o = _new(MetadataRequestTopic)
    o.topic_id = ZERO_UUID
    o.name, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_MetadataRequestTopic_0(o: MetadataRequestTopic, w: Writer) -> None:
    _w_str(w, o.name)


def _dec_MetadataRequest_0(buf: memoryview, pos: int) -> tuple[MetadataRequest, int]:
    o = _new(MetadataRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[MetadataRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_MetadataRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    o.allow_auto_topic_creation = True
    o.include_cluster_authorized_operations = False
    o.include_topic_authorized_operations = False
    return o, pos


def _enc_MetadataRequest_0(o: MetadataRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataRequestTopic_0(x0, w)


def _dec_MetadataRequest_1(buf: memoryview, pos: int) -> tuple[MetadataRequest, int]:
    o = _new(MetadataRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topics = None
    else:
        if n * 2 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[MetadataRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_MetadataRequestTopic_0(buf, pos); ap0(x0)
        o.topics = a0
    o.allow_auto_topic_creation = True
    o.include_cluster_authorized_operations = False
    o.include_topic_authorized_operations = False
    return o, pos


def _enc_MetadataRequest_1(o: MetadataRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataRequestTopic_0(x0, w)


def _dec_MetadataRequest_2(buf: memoryview, pos: int) -> tuple[MetadataRequest, int]:
    o = _new(MetadataRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topics = None
    else:
        if n * 2 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[MetadataRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_MetadataRequestTopic_0(buf, pos); ap0(x0)
        o.topics = a0
    o.allow_auto_topic_creation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_cluster_authorized_operations = False
    o.include_topic_authorized_operations = False
    return o, pos


def _enc_MetadataRequest_2(o: MetadataRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataRequestTopic_0(x0, w)
    w(_S1.pack(o.allow_auto_topic_creation))


def _dec_MetadataRequest_3(buf: memoryview, pos: int) -> tuple[MetadataRequest, int]:
    o = _new(MetadataRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.topics = None
    else:
        if n * 2 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[MetadataRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_MetadataRequestTopic_0(buf, pos); ap0(x0)
        o.topics = a0
    o.allow_auto_topic_creation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_cluster_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_topic_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    return o, pos


def _enc_MetadataRequest_3(o: MetadataRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_MetadataRequestTopic_0(x0, w)
    w(_S1.pack(o.allow_auto_topic_creation))
    w(_S1.pack(o.include_cluster_authorized_operations))
    w(_S1.pack(o.include_topic_authorized_operations))


def _dec_MetadataRequestTopic_1(buf: memoryview, pos: int) -> tuple[MetadataRequestTopic, int]:
    o = _new(MetadataRequestTopic)
    o.topic_id = ZERO_UUID
    o.name, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataRequestTopic_1(o: MetadataRequestTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(b'\x00')


def _dec_MetadataRequest_4(buf: memoryview, pos: int) -> tuple[MetadataRequest, int]:
    o = _new(MetadataRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 2 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[MetadataRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_MetadataRequestTopic_1(buf, pos); ap0(x0)
        o.topics = a0
    o.allow_auto_topic_creation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_cluster_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_topic_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataRequest_4(o: MetadataRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataRequestTopic_1(x0, w)
    w(_S1.pack(o.allow_auto_topic_creation))
    w(_S1.pack(o.include_cluster_authorized_operations))
    w(_S1.pack(o.include_topic_authorized_operations))
    w(b'\x00')


def _dec_MetadataRequestTopic_2(buf: memoryview, pos: int) -> tuple[MetadataRequestTopic, int]:
    o = _new(MetadataRequestTopic)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    o.name, pos = _r_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataRequestTopic_2(o: MetadataRequestTopic, w: Writer) -> None:
    w(o.topic_id)
    _w_cstr(w, o.name)
    w(b'\x00')


def _dec_MetadataRequest_5(buf: memoryview, pos: int) -> tuple[MetadataRequest, int]:
    o = _new(MetadataRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 18 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[MetadataRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_MetadataRequestTopic_2(buf, pos); ap0(x0)
        o.topics = a0
    o.allow_auto_topic_creation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_cluster_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_topic_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataRequest_5(o: MetadataRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataRequestTopic_2(x0, w)
    w(_S1.pack(o.allow_auto_topic_creation))
    w(_S1.pack(o.include_cluster_authorized_operations))
    w(_S1.pack(o.include_topic_authorized_operations))
    w(b'\x00')


def _dec_MetadataRequest_6(buf: memoryview, pos: int) -> tuple[MetadataRequest, int]:
    o = _new(MetadataRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.topics = None
    else:
        if n * 18 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[MetadataRequestTopic] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_MetadataRequestTopic_2(buf, pos); ap0(x0)
        o.topics = a0
    o.allow_auto_topic_creation = _S1.unpack_from(buf, pos)[0]; pos += 1
    o.include_cluster_authorized_operations = False
    o.include_topic_authorized_operations = _S1.unpack_from(buf, pos)[0]; pos += 1
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_MetadataRequest_6(o: MetadataRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_MetadataRequestTopic_2(x0, w)
    w(_S1.pack(o.allow_auto_topic_creation))
    w(_S1.pack(o.include_topic_authorized_operations))
    w(b'\x00')


_DEC_MetadataRequest: list[Callable[[memoryview, int], tuple[MetadataRequest, int]]] = [_dec_MetadataRequest_0, _dec_MetadataRequest_1, _dec_MetadataRequest_1, _dec_MetadataRequest_1, _dec_MetadataRequest_2, _dec_MetadataRequest_2, _dec_MetadataRequest_2, _dec_MetadataRequest_2, _dec_MetadataRequest_3, _dec_MetadataRequest_4, _dec_MetadataRequest_5, _dec_MetadataRequest_6, _dec_MetadataRequest_6, _dec_MetadataRequest_6]
_ENC_MetadataRequest: list[Callable[[MetadataRequest, Writer], None]] = [_enc_MetadataRequest_0, _enc_MetadataRequest_1, _enc_MetadataRequest_1, _enc_MetadataRequest_1, _enc_MetadataRequest_2, _enc_MetadataRequest_2, _enc_MetadataRequest_2, _enc_MetadataRequest_2, _enc_MetadataRequest_3, _enc_MetadataRequest_4, _enc_MetadataRequest_5, _enc_MetadataRequest_6, _enc_MetadataRequest_6, _enc_MetadataRequest_6]
