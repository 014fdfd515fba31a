"""Primitives the generated codecs call: Kafka's strings, bytes, varints and tagged fields.

Kept hand-written and small: the generated modules inline fixed-size fields with precompiled
``struct.Struct`` objects and call these only for variable-length values. The nullable readers
(``_r_str``) and the non-nullable ones (``_r_nn_str``, which refuse a null as Kafka's readers do) are
written out in full, alike as they look: they run once per field of every request, so no shared helper.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, Protocol, Self, Union

# The generated classes' marker for the compiled build (kaflite/compiled.py), re-exported for them: a no-op
# interpreted, read by mypyc by its origin's name.
from mypy_extensions import mypyc_attr as mypyc_attr

Buffer = Union[bytes, bytearray, memoryview]  # noqa: UP007 - used in generated annotations at runtime
#: Where an encoder puts its output: ``list.append`` of the parts (records are passed through uncopied).
Writer = Callable[[Buffer], object]

ZERO_UUID = bytes(16)


class ApiMessage(Protocol):
    """What every generated request and response class offers (``REQUESTS``/``RESPONSES`` values)."""

    API_KEY: int
    MIN_VERSION: int
    MAX_VERSION: int
    FLEXIBLE_MIN: int

    def encode(self, version: int) -> bytes: ...

    def encode_parts(self, version: int) -> list[Buffer]: ...

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> Self: ...

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[Self, int]: ...


class _Unset:
    """Default of a nullable array's constructor argument: "not given" (``None`` means null)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "_UNSET"


_UNSET: Any = _Unset()

_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")
_I16_NULL = b"\xff\xff"
_I32_NULL = b"\xff\xff\xff\xff"


class DecodeError(ValueError):
    """A request body that does not match its schema (the connection is closed with a log line)."""


def _unsupported(*_args: Any) -> Any:
    raise DecodeError("unsupported version")


def _new(cls: type[Any]) -> Any:
    # Any, not the class: decoders fill every slot from the wire, which the attribute types trust.
    return object.__new__(cls)


def _r_uvarint(buf: memoryview, pos: int) -> tuple[int, int]:
    """An unsigned varint of at most 5 bytes and 32 bits, as Kafka's ``ByteUtils.readUnsignedVarint``."""
    b = buf[pos]
    if b < 0x80:
        return b, pos + 1
    result = b & 0x7F
    shift = 7
    pos += 1
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            if result > 0xFFFFFFFF:
                raise DecodeError("unsigned varint exceeds 32 bits")
            return result, pos
        shift += 7
        if shift >= 35:
            raise DecodeError("unsigned varint longer than 5 bytes")


def _uvarint(n: int) -> bytes:
    if n < 0x80:
        return bytes((n,))
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _check(buf: memoryview, end: int) -> None:
    if end > len(buf):
        _past_end()


def _past_end() -> Any:
    raise DecodeError("field runs past the end of the frame")


def _null() -> Any:
    """A -1 length where the schema does not allow null at this version (Kafka's readers refuse it)."""
    raise DecodeError("non-nullable field was serialized as null")


def _bad_array(n: int, buf: memoryview, pos: int) -> Any:
    """A negative count for a non-nullable array, or more elements than the bytes left can hold (as
    Kafka's generated readers refuse to allocate "a collection of size n" with fewer bytes remaining)."""
    if n < 0:
        _null()
    raise DecodeError(f"an array of {n} elements with only {len(buf) - pos} bytes left")


def _r_str(buf: memoryview, pos: int) -> tuple[str | None, int]:
    n = _I16.unpack_from(buf, pos)[0]
    pos += 2
    if n < 0:
        return None, pos
    end = pos + n
    _check(buf, end)
    return str(buf[pos:end], "utf-8"), end


def _r_nn_str(buf: memoryview, pos: int) -> tuple[str, int]:
    n = _I16.unpack_from(buf, pos)[0]
    pos += 2
    if n < 0:
        _null()
    end = pos + n
    _check(buf, end)
    return str(buf[pos:end], "utf-8"), end


def _r_cstr(buf: memoryview, pos: int) -> tuple[str | None, int]:
    n = buf[pos]
    if n < 0x80:
        pos += 1
    else:
        n, pos = _r_uvarint(buf, pos)
    if n == 0:
        return None, pos
    if n > 0x8000:
        raise DecodeError(f"string of length {n - 1} exceeds 32767")
    end = pos + n - 1
    if end > len(buf):
        _past_end()
    return str(buf[pos:end], "utf-8"), end


def _r_nn_cstr(buf: memoryview, pos: int) -> tuple[str, int]:
    n = buf[pos]  # the length's varint: one byte for any string under 127 bytes (nearly all), inline
    if n < 0x80:
        pos += 1
    else:
        n, pos = _r_uvarint(buf, pos)
    if n == 0:
        _null()
    if n > 0x8000:
        raise DecodeError(f"string of length {n - 1} exceeds 32767")
    end = pos + n - 1
    if end > len(buf):
        _past_end()
    return str(buf[pos:end], "utf-8"), end


def _r_bytes(buf: memoryview, pos: int) -> tuple[bytes | None, int]:
    n = _I32.unpack_from(buf, pos)[0]
    pos += 4
    if n < 0:
        return None, pos
    end = pos + n
    _check(buf, end)
    return bytes(buf[pos:end]), end


def _r_nn_bytes(buf: memoryview, pos: int) -> tuple[bytes, int]:
    n = _I32.unpack_from(buf, pos)[0]
    pos += 4
    if n < 0:
        _null()
    end = pos + n
    _check(buf, end)
    return bytes(buf[pos:end]), end


def _r_cbytes(buf: memoryview, pos: int) -> tuple[bytes | None, int]:
    n, pos = _r_uvarint(buf, pos)
    if n == 0:
        return None, pos
    end = pos + n - 1
    _check(buf, end)
    return bytes(buf[pos:end]), end


def _r_nn_cbytes(buf: memoryview, pos: int) -> tuple[bytes, int]:
    n, pos = _r_uvarint(buf, pos)
    if n == 0:
        _null()
    end = pos + n - 1
    _check(buf, end)
    return bytes(buf[pos:end]), end


def _r_records(buf: memoryview, pos: int) -> tuple[memoryview | None, int]:
    """Records stay a zero-copy view of the request: produce never copies or decodes them."""
    n = _I32.unpack_from(buf, pos)[0]
    pos += 4
    if n < 0:
        return None, pos
    end = pos + n
    _check(buf, end)
    return buf[pos:end], end


def _r_crecords(buf: memoryview, pos: int) -> tuple[memoryview | None, int]:
    n, pos = _r_uvarint(buf, pos)
    if n == 0:
        return None, pos
    end = pos + n - 1
    _check(buf, end)
    return buf[pos:end], end


def _skip_tags(buf: memoryview, pos: int) -> int:
    """Unknown tagged fields are skipped, as Kafka does."""
    try:
        if buf[pos] == 0:  # no tagged fields: nearly every section
            return pos + 1
        n, pos = _r_uvarint(buf, pos)
        for _ in range(n):
            _, pos = _r_uvarint(buf, pos)
            size, pos = _r_uvarint(buf, pos)
            pos += size
    except IndexError:
        raise DecodeError("tagged fields run past the end of the frame") from None
    _check(buf, pos)
    return pos


def _w_str(w: Writer, s: str | None) -> None:
    if s is None:
        w(_I16_NULL)
        return
    b = s.encode()
    w(_I16.pack(len(b)))
    w(b)


def _w_cstr(w: Writer, s: str | None) -> None:
    if s is None:
        w(b"\x00")
        return
    b = s.encode()
    w(_uvarint(len(b) + 1))
    w(b)


def _w_bytes(w: Writer, b: Buffer | None) -> None:
    if b is None:
        w(_I32_NULL)
        return
    w(_I32.pack(len(b)))
    w(b)


def _w_cbytes(w: Writer, b: Buffer | None) -> None:
    if b is None:
        w(b"\x00")
        return
    w(_uvarint(len(b) + 1))
    w(b)


def _repr(o: Any) -> str:
    fields = ", ".join(f"{k}={getattr(o, k)!r}" for k in o.__slots__)
    return f"{type(o).__name__}({fields})"


def _eq(a: Any, b: Any) -> Any:
    """A bool, or NotImplemented for another type (hence Any: compiled code, kaflite/compiled.py, checks a bool)."""
    if type(a) is not type(b):
        return NotImplemented
    return all(_norm(getattr(a, k)) == _norm(getattr(b, k)) for k in a.__slots__)


def _norm(v: Any) -> Any:
    return bytes(v) if isinstance(v, memoryview) else v
