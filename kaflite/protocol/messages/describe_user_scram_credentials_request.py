"""Generated from Kafka's DescribeUserScramCredentialsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class UserName:
    """A UserName inside DescribeUserScramCredentialsRequest. (generated from DescribeUserScramCredentialsRequest.json)."""

    __slots__ = ('name',)
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '') -> None:
        self.name = name

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class DescribeUserScramCredentialsRequest:
    """DescribeUserScramCredentialsRequest v0-0 (generated from DescribeUserScramCredentialsRequest.json)."""

    __slots__ = ('users',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 50
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    UserName: TypeAlias = UserName

    def __init__(self, *, users: list[UserName] | None = _UNSET) -> None:
        self.users = [] if users is _UNSET else users

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
        _ENC_DescribeUserScramCredentialsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> DescribeUserScramCredentialsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[DescribeUserScramCredentialsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_DescribeUserScramCredentialsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed DescribeUserScramCredentialsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'DescribeUserScramCredentialsRequest v{version} runs past the end of the frame')
        return o, end


UserName.FIELD_TYPES = {'name': str}
DescribeUserScramCredentialsRequest.FIELD_TYPES = {'users': list[UserName] | None}


def _dec_UserName_0(buf: memoryview, pos: int) -> tuple[UserName, int]:
    o = _new(UserName)
    o.name, pos = _r_nn_cstr(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_UserName_0(o: UserName, w: Writer) -> None:
    _w_cstr(w, o.name)
    w(b'\x00')


def _dec_DescribeUserScramCredentialsRequest_0(buf: memoryview, pos: int) -> tuple[DescribeUserScramCredentialsRequest, int]:
    o = _new(DescribeUserScramCredentialsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.users = None
    else:
        if n * 2 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[UserName] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_UserName_0(buf, pos); ap0(x0)
        o.users = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_DescribeUserScramCredentialsRequest_0(o: DescribeUserScramCredentialsRequest, w: Writer) -> None:
    a0 = o.users
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_UserName_0(x0, w)
    w(b'\x00')


_DEC_DescribeUserScramCredentialsRequest: list[Callable[[memoryview, int], tuple[DescribeUserScramCredentialsRequest, int]]] = [_dec_DescribeUserScramCredentialsRequest_0]
_ENC_DescribeUserScramCredentialsRequest: list[Callable[[DescribeUserScramCredentialsRequest, Writer], None]] = [_enc_DescribeUserScramCredentialsRequest_0]
