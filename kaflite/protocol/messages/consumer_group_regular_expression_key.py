"""Generated from Kafka's ConsumerGroupRegularExpressionKey.json by tools/codegen/generate.py. Do not edit."""

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
class ConsumerGroupRegularExpressionKey:
    """ConsumerGroupRegularExpressionKey v0-0 (generated from ConsumerGroupRegularExpressionKey.json)."""

    __slots__ = ('group_id', 'regular_expression')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 16
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 10000

    def __init__(self, *, group_id: str = '', regular_expression: str = '') -> None:
        self.group_id = group_id
        self.regular_expression = regular_expression

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
        _ENC_ConsumerGroupRegularExpressionKey[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerGroupRegularExpressionKey:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerGroupRegularExpressionKey, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerGroupRegularExpressionKey[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerGroupRegularExpressionKey v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerGroupRegularExpressionKey v{version} runs past the end of the frame')
        return o, end


ConsumerGroupRegularExpressionKey.FIELD_TYPES = {'group_id': str, 'regular_expression': str}


def _dec_ConsumerGroupRegularExpressionKey_0(buf: memoryview, pos: int) -> tuple[ConsumerGroupRegularExpressionKey, int]:
    o = _new(ConsumerGroupRegularExpressionKey)
    o.group_id, pos = _r_nn_str(buf, pos)
    o.regular_expression, pos = _r_nn_str(buf, pos)
    return o, pos


def _enc_ConsumerGroupRegularExpressionKey_0(o: ConsumerGroupRegularExpressionKey, w: Writer) -> None:
    _w_str(w, o.group_id)
    _w_str(w, o.regular_expression)


_DEC_ConsumerGroupRegularExpressionKey: list[Callable[[memoryview, int], tuple[ConsumerGroupRegularExpressionKey, int]]] = [_dec_ConsumerGroupRegularExpressionKey_0]
_ENC_ConsumerGroupRegularExpressionKey: list[Callable[[ConsumerGroupRegularExpressionKey, Writer], None]] = [_enc_ConsumerGroupRegularExpressionKey_0]
