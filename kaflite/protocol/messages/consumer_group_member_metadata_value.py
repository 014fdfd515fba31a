"""Generated from Kafka's ConsumerGroupMemberMetadataValue.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class ClassicMemberMetadata:
    """A ClassicMemberMetadata inside ConsumerGroupMemberMetadataValue. (generated from ConsumerGroupMemberMetadataValue.json)."""

    __slots__ = ('session_timeout_ms', 'supported_protocols')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, session_timeout_ms: int = 0, supported_protocols: list[ClassicProtocol] | None = None) -> None:
        self.session_timeout_ms = session_timeout_ms
        self.supported_protocols = [] if supported_protocols is None else supported_protocols

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ClassicProtocol:
    """A ClassicProtocol inside ConsumerGroupMemberMetadataValue. (generated from ConsumerGroupMemberMetadataValue.json)."""

    __slots__ = ('name', 'metadata')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, name: str = '', metadata: bytes = b'') -> None:
        self.name = name
        self.metadata = metadata

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class ConsumerGroupMemberMetadataValue:
    """ConsumerGroupMemberMetadataValue v0-0 (generated from ConsumerGroupMemberMetadataValue.json)."""

    __slots__ = ('instance_id', 'rack_id', 'client_id', 'client_host', 'subscribed_topic_names', 'subscribed_topic_regex', 'rebalance_timeout_ms', 'server_assignor', 'classic_member_metadata')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 5
    MIN_VERSION = 0
    MAX_VERSION = 0
    FLEXIBLE_MIN = 0
    ClassicMemberMetadata: TypeAlias = ClassicMemberMetadata
    ClassicProtocol: TypeAlias = ClassicProtocol

    def __init__(self, *, instance_id: str | None = '', rack_id: str | None = '', client_id: str = '', client_host: str = '', subscribed_topic_names: list[str] | None = None, subscribed_topic_regex: str | None = '', rebalance_timeout_ms: int = -1, server_assignor: str | None = '', classic_member_metadata: ClassicMemberMetadata | None = _UNSET) -> None:
        self.instance_id = instance_id
        self.rack_id = rack_id
        self.client_id = client_id
        self.client_host = client_host
        self.subscribed_topic_names = [] if subscribed_topic_names is None else subscribed_topic_names
        self.subscribed_topic_regex = subscribed_topic_regex
        self.rebalance_timeout_ms = rebalance_timeout_ms
        self.server_assignor = server_assignor
        self.classic_member_metadata = ClassicMemberMetadata() if classic_member_metadata is _UNSET else classic_member_metadata

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
        _ENC_ConsumerGroupMemberMetadataValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> ConsumerGroupMemberMetadataValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[ConsumerGroupMemberMetadataValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_ConsumerGroupMemberMetadataValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed ConsumerGroupMemberMetadataValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'ConsumerGroupMemberMetadataValue v{version} runs past the end of the frame')
        return o, end


ClassicMemberMetadata.FIELD_TYPES = {'session_timeout_ms': int, 'supported_protocols': list[ClassicProtocol] | None}
ClassicProtocol.FIELD_TYPES = {'name': str, 'metadata': bytes}
ConsumerGroupMemberMetadataValue.FIELD_TYPES = {'instance_id': str | None, 'rack_id': str | None, 'client_id': str, 'client_host': str, 'subscribed_topic_names': list[str] | None, 'subscribed_topic_regex': str | None, 'rebalance_timeout_ms': int, 'server_assignor': str | None, 'classic_member_metadata': ClassicMemberMetadata | None}


def _dec_ClassicProtocol_0(buf: memoryview, pos: int) -> tuple[ClassicProtocol, int]:
    o = _new(ClassicProtocol)
    o.name, pos = _r_nn_cstr(buf, pos)
    o.metadata, pos = _r_nn_cbytes(buf, pos)
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ClassicProtocol_0(o: ClassicProtocol, w: Writer) -> None:
    _w_cstr(w, o.name)
    _w_cbytes(w, o.metadata)
    w(b'\x00')


def _dec_ClassicMemberMetadata_0(buf: memoryview, pos: int) -> tuple[ClassicMemberMetadata, int]:
    o = _new(ClassicMemberMetadata)
    o.session_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[ClassicProtocol] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_ClassicProtocol_0(buf, pos); ap0(x0)
    o.supported_protocols = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_ClassicMemberMetadata_0(o: ClassicMemberMetadata, w: Writer) -> None:
    w(_S0.pack(o.session_timeout_ms))
    a0 = o.supported_protocols
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_ClassicProtocol_0(x0, w)
    w(b'\x00')


def _dec_ConsumerGroupMemberMetadataValue_0(buf: memoryview, pos: int) -> tuple[ConsumerGroupMemberMetadataValue, int]:
    o = _new(ConsumerGroupMemberMetadataValue)
    o.instance_id, pos = _r_cstr(buf, pos)
    o.rack_id, pos = _r_cstr(buf, pos)
    o.client_id, pos = _r_nn_cstr(buf, pos)
    o.client_host, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[str] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _r_nn_cstr(buf, pos); ap0(x0)
    o.subscribed_topic_names = a0
    o.subscribed_topic_regex, pos = _r_cstr(buf, pos)
    o.rebalance_timeout_ms = _S0.unpack_from(buf, pos)[0]; pos += 4
    o.server_assignor, pos = _r_cstr(buf, pos)
    o.classic_member_metadata = ClassicMemberMetadata()
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            if _S1.unpack_from(buf, pos)[0] < 0:
                pos += 1; o.classic_member_metadata = None
            else:
                o.classic_member_metadata, pos = _dec_ClassicMemberMetadata_0(buf, pos + 1)
        pos = end
    return o, pos


def _enc_ConsumerGroupMemberMetadataValue_0(o: ConsumerGroupMemberMetadataValue, w: Writer) -> None:
    _w_cstr(w, o.instance_id)
    _w_cstr(w, o.rack_id)
    _w_cstr(w, o.client_id)
    _w_cstr(w, o.client_host)
    a0 = o.subscribed_topic_names
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _w_cstr(w, x0)
    _w_cstr(w, o.subscribed_topic_regex)
    w(_S0.pack(o.rebalance_timeout_ms))
    _w_cstr(w, o.server_assignor)
    tags: list[bytes] = []
    if o.classic_member_metadata != ClassicMemberMetadata():
        tb: list[Buffer] = []; tw = tb.append
        if o.classic_member_metadata is None:
            tw(b'\xff')
        else:
            tw(b'\x01'); _enc_ClassicMemberMetadata_0(o.classic_member_metadata, tw)
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_ConsumerGroupMemberMetadataValue: list[Callable[[memoryview, int], tuple[ConsumerGroupMemberMetadataValue, int]]] = [_dec_ConsumerGroupMemberMetadataValue_0]
_ENC_ConsumerGroupMemberMetadataValue: list[Callable[[ConsumerGroupMemberMetadataValue, Writer], None]] = [_enc_ConsumerGroupMemberMetadataValue_0]
