"""Generated from Kafka's DeleteTopicsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class DeleteTopicState:
    """A DeleteTopicState inside DeleteTopicsRequest. (generated from DeleteTopicsRequest.json)."""

    __slots__ = ('name', 'topic_id')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str | None = None, topic_id: bytes = ZERO_UUID) -> None:
        self.name = name
        self.topic_id = topic_id

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteTopicsRequest:
    """DeleteTopicsRequest v1-6 (generated from DeleteTopicsRequest.json)."""

    __slots__ = ('topics', 'topic_names', 'timeout_ms')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 20
    MIN_VERSION = 1
    MAX_VERSION = 6
    FLEXIBLE_MIN = 4
    DeleteTopicState: TypeAlias = DeleteTopicState

    def __init__(self, *, topics: list[DeleteTopicState] | None = None, topic_names: list[str] | None = None, timeout_ms: int = 0) -> None:
        self.topics = [] if topics is None else topics
        self.topic_names = [] if topic_names is None else topic_names
        self.timeout_ms = timeout_ms

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
        _ENC_DeleteTopicsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteTopicsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteTopicsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteTopicsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteTopicsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteTopicsRequest v{version} runs past the end of the frame')
        return o, end


DeleteTopicState.FIELD_TYPES = {'name': str | None, 'topic_id': bytes}
DeleteTopicsRequest.FIELD_TYPES = {'topics': list[DeleteTopicState] | None, 'topic_names': list[str] | None, 'timeout_ms': int}


def _dec_DeleteTopicsRequest_0(buf: memoryview, pos: int) -> tuple[DeleteTopicsRequest, int]:
    o = _new(DeleteTopicsRequest)
    o.topics = []
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_str(buf, pos); ap0(x0)
    o.topic_names = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    return o, pos


def _enc_DeleteTopicsRequest_0(o: DeleteTopicsRequest, w: Writer) -> None:
    a0 = o.topic_names
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _w_str(w, x0)
    w(_S0.pack(o.timeout_ms))


def _dec_DeleteTopicsRequest_1(buf: memoryview, pos: int) -> tuple[DeleteTopicsRequest, int]:
    o = _new(DeleteTopicsRequest)
    o.topics = []
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.topic_names = a0
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteTopicsRequest_1(o: DeleteTopicsRequest, w: Writer) -> None:
    a0 = o.topic_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(_S0.pack(o.timeout_ms))
    w(b'\x00')


def _dec_DeleteTopicState_0(buf: memoryview, pos: int) -> tuple[DeleteTopicState, int]:
    o = _new(DeleteTopicState)
    o.name, pos = _r_cstr(buf, pos)
    o.topic_id = bytes(buf[pos:pos + 16]); pos += 16
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteTopicState_0(o: DeleteTopicState, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(o.topic_id)
    w(b'\x00')


def _dec_DeleteTopicsRequest_2(buf: memoryview, pos: int) -> tuple[DeleteTopicsRequest, int]:
    o = _new(DeleteTopicsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 18 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteTopicState] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteTopicState_0(buf, pos); ap0(x0)
    o.topics = a0
    o.topic_names = []
    o.timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteTopicsRequest_2(o: DeleteTopicsRequest, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteTopicState_0(x0, w)
    w(_S0.pack(o.timeout_ms))
    w(b'\x00')


_DEC_DeleteTopicsRequest: list[Callable[[memoryview, int], tuple[DeleteTopicsRequest, int]]] = [_unsupported, _dec_DeleteTopicsRequest_0, _dec_DeleteTopicsRequest_0, _dec_DeleteTopicsRequest_0, _dec_DeleteTopicsRequest_1, _dec_DeleteTopicsRequest_1, _dec_DeleteTopicsRequest_2]
_ENC_DeleteTopicsRequest: list[Callable[[DeleteTopicsRequest, Writer], None]] = [_unsupported, _enc_DeleteTopicsRequest_0, _enc_DeleteTopicsRequest_0, _enc_DeleteTopicsRequest_0, _enc_DeleteTopicsRequest_1, _enc_DeleteTopicsRequest_1, _enc_DeleteTopicsRequest_2]
