"""Generated from Kafka's AlterReplicaLogDirsRequest.json by tools/codegen/generate.py. Do not edit."""

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
class AlterReplicaLogDir:
    """A AlterReplicaLogDir inside AlterReplicaLogDirsRequest. (generated from AlterReplicaLogDirsRequest.json)."""

    __slots__ = ('path', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, path: str = '', topics: list[AlterReplicaLogDirTopic] | None = None) -> None:
        self.path = path
        self.topics = [] if topics is None else topics

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterReplicaLogDirTopic:
    """A AlterReplicaLogDirTopic inside AlterReplicaLogDirsRequest. (generated from AlterReplicaLogDirsRequest.json)."""

    __slots__ = ('name', 'partitions')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', partitions: list[int] | None = None) -> None:
        self.name = name
        self.partitions = [] if partitions is None else partitions

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AlterReplicaLogDirsRequest:
    """AlterReplicaLogDirsRequest v1-2 (generated from AlterReplicaLogDirsRequest.json)."""

    __slots__ = ('dirs',)
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 34
    MIN_VERSION = 1
    MAX_VERSION = 2
    FLEXIBLE_MIN = 2
    AlterReplicaLogDir: TypeAlias = AlterReplicaLogDir
    AlterReplicaLogDirTopic: TypeAlias = AlterReplicaLogDirTopic

    def __init__(self, *, dirs: list[AlterReplicaLogDir] | None = None) -> None:
        self.dirs = [] if dirs is None else dirs

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
        _ENC_AlterReplicaLogDirsRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AlterReplicaLogDirsRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AlterReplicaLogDirsRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AlterReplicaLogDirsRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AlterReplicaLogDirsRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AlterReplicaLogDirsRequest v{version} runs past the end of the frame')
        return o, end


AlterReplicaLogDir.FIELD_TYPES = {'path': str, 'topics': list[AlterReplicaLogDirTopic] | None}
AlterReplicaLogDirTopic.FIELD_TYPES = {'name': str, 'partitions': list[int] | None}
AlterReplicaLogDirsRequest.FIELD_TYPES = {'dirs': list[AlterReplicaLogDir] | None}


def _dec_AlterReplicaLogDirTopic_0(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirTopic, int]:
    o = _new(AlterReplicaLogDirTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_AlterReplicaLogDirTopic_0(o: AlterReplicaLogDirTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_AlterReplicaLogDir_0(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDir, int]:
    o = _new(AlterReplicaLogDir)
    o.path, pos = _r_nn_str(buf, pos)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDirTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDirTopic_0(buf, pos); ap0(x0)
    o.topics = a0
    return o, pos


def _enc_AlterReplicaLogDir_0(o: AlterReplicaLogDir, w: Writer) -> None:
    _w_str(w, o.path)
    a0 = o.topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AlterReplicaLogDirTopic_0(x0, w)


def _dec_AlterReplicaLogDirsRequest_0(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirsRequest, int]:
    o = _new(AlterReplicaLogDirsRequest)
    n = _S0.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDir] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDir_0(buf, pos); ap0(x0)
    o.dirs = a0
    return o, pos


def _enc_AlterReplicaLogDirsRequest_0(o: AlterReplicaLogDirsRequest, w: Writer) -> None:
    a0 = o.dirs
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S0.pack(len(a0)))
        for x0 in a0:
            _enc_AlterReplicaLogDir_0(x0, w)


def _dec_AlterReplicaLogDirTopic_1(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirTopic, int]:
    o = _new(AlterReplicaLogDirTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterReplicaLogDirTopic_1(o: AlterReplicaLogDirTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_AlterReplicaLogDir_1(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDir, int]:
    o = _new(AlterReplicaLogDir)
    o.path, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDirTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDirTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterReplicaLogDir_1(o: AlterReplicaLogDir, w: Writer) -> None:
    _w_cstr(w, o.path)
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterReplicaLogDirTopic_1(x0, w)
    w(b'\x00')


def _dec_AlterReplicaLogDirsRequest_1(buf: memoryview, pos: int) -> tuple[AlterReplicaLogDirsRequest, int]:
    o = _new(AlterReplicaLogDirsRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AlterReplicaLogDir] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AlterReplicaLogDir_1(buf, pos); ap0(x0)
    o.dirs = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AlterReplicaLogDirsRequest_1(o: AlterReplicaLogDirsRequest, w: Writer) -> None:
    a0 = o.dirs
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AlterReplicaLogDir_1(x0, w)
    w(b'\x00')


_DEC_AlterReplicaLogDirsRequest: list[Callable[[memoryview, int], tuple[AlterReplicaLogDirsRequest, int]]] = [_unsupported, _dec_AlterReplicaLogDirsRequest_0, _dec_AlterReplicaLogDirsRequest_1]
_ENC_AlterReplicaLogDirsRequest: list[Callable[[AlterReplicaLogDirsRequest, Writer], None]] = [_unsupported, _enc_AlterReplicaLogDirsRequest_0, _enc_AlterReplicaLogDirsRequest_1]
