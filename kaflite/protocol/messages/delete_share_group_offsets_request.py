"""Generated from Kafka's DeleteShareGroupOffsetsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class DeleteShareGroupOffsetsRequestTopic:
    """A DeleteShareGroupOffsetsRequestTopic inside DeleteShareGroupOffsetsRequest. (generated from DeleteShareGroupOffsetsRequest.json)."""

    __slots__ = ('topic_name',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic_name: str = '') -> None:
        self.topic_name = topic_name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DeleteShareGroupOffsetsRequest:
    """DeleteShareGroupOffsetsRequest v0-0 (generated from DeleteShareGroupOffsetsRequest.json)."""

    __slots__ = ('group_id', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 92
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    DeleteShareGroupOffsetsRequestTopic: TypeAlias = DeleteShareGroupOffsetsRequestTopic

    def __init__(self, *, group_id: str = '', topics: list[DeleteShareGroupOffsetsRequestTopic] | None = None) -> None:
        self.group_id = group_id
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
        _ENC_DeleteShareGroupOffsetsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DeleteShareGroupOffsetsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DeleteShareGroupOffsetsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DeleteShareGroupOffsetsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DeleteShareGroupOffsetsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DeleteShareGroupOffsetsRequest v{version} runs past the end of the frame')
        return o, end


DeleteShareGroupOffsetsRequestTopic.FIELD_TYPES = {'topic_name': str}
DeleteShareGroupOffsetsRequest.FIELD_TYPES = {'group_id': str, 'topics': list[DeleteShareGroupOffsetsRequestTopic] | None}


def _dec_DeleteShareGroupOffsetsRequestTopic_0(buf: memoryview, pos: int) -> tuple[DeleteShareGroupOffsetsRequestTopic, int]:
    o = _new(DeleteShareGroupOffsetsRequestTopic)
    o.topic_name, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteShareGroupOffsetsRequestTopic_0(o: DeleteShareGroupOffsetsRequestTopic, w: Writer) -> None:
    _w_cstr(w, o.topic_name)
    w(b'\x00')


def _dec_DeleteShareGroupOffsetsRequest_0(buf: memoryview, pos: int) -> tuple[DeleteShareGroupOffsetsRequest, int]:
    o = _new(DeleteShareGroupOffsetsRequest)
    o.group_id, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 2 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[DeleteShareGroupOffsetsRequestTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_DeleteShareGroupOffsetsRequestTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DeleteShareGroupOffsetsRequest_0(o: DeleteShareGroupOffsetsRequest, w: Writer) -> None:
    _w_cstr(w, o.group_id)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_DeleteShareGroupOffsetsRequestTopic_0(x0, w)
    w(b'\x00')


_DEC_DeleteShareGroupOffsetsRequest: list[Callable[[memoryview, int], tuple[DeleteShareGroupOffsetsRequest, int]]] = [_dec_DeleteShareGroupOffsetsRequest_0]
_ENC_DeleteShareGroupOffsetsRequest: list[Callable[[DeleteShareGroupOffsetsRequest, Writer], None]] = [_enc_DeleteShareGroupOffsetsRequest_0]
