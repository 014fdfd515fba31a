"""Generated from Kafka's ConsumerGroupRegularExpressionValue.json by tools/codegen/generate.py. Do not edit."""

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

_S0 = _struct.Struct('>q')


@mypyc_attr(native_class=False)
class ConsumerGroupRegularExpressionValue:
    """ConsumerGroupRegularExpressionValue v0-0 (generated from ConsumerGroupRegularExpressionValue.json)."""

    __slots__ = ('topics', 'version', 'timestamp')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 16
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0

    def __init__(self, *, topics: list[str] | None = None, version: int = 0, timestamp: int = 0) -> None:
        self.topics = [] if topics is None else topics
        self.version = version
        self.timestamp = timestamp

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
        _ENC_ConsumerGroupRegularExpressionValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerGroupRegularExpressionValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerGroupRegularExpressionValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerGroupRegularExpressionValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerGroupRegularExpressionValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerGroupRegularExpressionValue v{version} runs past the end of the frame')
        return o, end


ConsumerGroupRegularExpressionValue.FIELD_TYPES = {'topics': list[str] | None, 'version': int, 'timestamp': int}


def _dec_ConsumerGroupRegularExpressionValue_0(buf: memoryview, pos: int) -> tuple[ConsumerGroupRegularExpressionValue, int]:
    o = _new(ConsumerGroupRegularExpressionValue)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.topics = a0
    o.version = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.timestamp = _S0.unpack_from(buf, pos)[0]; pos += 8
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ConsumerGroupRegularExpressionValue_0(o: ConsumerGroupRegularExpressionValue, w: Writer) -> None:
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    w(_S0.pack(o.version))
    w(_S0.pack(o.timestamp))
    w(b'\x00')


_DEC_ConsumerGroupRegularExpressionValue: list[Callable[[memoryview, int], tuple[ConsumerGroupRegularExpressionValue, int]]] = [_dec_ConsumerGroupRegularExpressionValue_0]
_ENC_ConsumerGroupRegularExpressionValue: list[Callable[[ConsumerGroupRegularExpressionValue, Writer], None]] = [_enc_ConsumerGroupRegularExpressionValue_0]
