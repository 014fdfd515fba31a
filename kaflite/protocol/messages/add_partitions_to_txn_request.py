"""Generated from Kafka's AddPartitionsToTxnRequest.json by tools/codegen/generate.py. Do not edit."""

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
_S1 = _struct.Struct('>h')
_S2 = _struct.Struct('>i')
_S3 = _struct.Struct('>?')


@mypyc_attr(native_class=False)
class AddPartitionsToTxnTransaction:
    """A AddPartitionsToTxnTransaction inside AddPartitionsToTxnRequest. (generated from AddPartitionsToTxnRequest.json)."""

    __slots__ = ('transactional_id', 'producer_id', 'producer_epoch', 'verify_only', 'topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, transactional_id: str = '', producer_id: int = 0, producer_epoch: int = 0, verify_only: bool = False, topics: list[AddPartitionsToTxnTopic] | None = None) -> None:
        self.transactional_id = transactional_id
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch
        self.verify_only = verify_only
        self.topics = [] if topics is None else topics

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class AddPartitionsToTxnTopic:
    """A AddPartitionsToTxnTopic inside AddPartitionsToTxnRequest. (generated from AddPartitionsToTxnRequest.json)."""

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
class AddPartitionsToTxnRequest:
    """AddPartitionsToTxnRequest v0-5 (generated from AddPartitionsToTxnRequest.json)."""

    __slots__ = ('transactions', 'v3_and_below_transactional_id', 'v3_and_below_producer_id', 'v3_and_below_producer_epoch', 'v3_and_below_topics')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 24
    MIN_VERSION = 0
    MAX_VERSION = 5
    FLEXIBLE_MIN = 3
    AddPartitionsToTxnTransaction: TypeAlias = AddPartitionsToTxnTransaction
    AddPartitionsToTxnTopic: TypeAlias = AddPartitionsToTxnTopic

    def __init__(self, *, transactions: list[AddPartitionsToTxnTransaction] | None = None, v3_and_below_transactional_id: str = '', v3_and_below_producer_id: int = 0, v3_and_below_producer_epoch: int = 0, v3_and_below_topics: list[AddPartitionsToTxnTopic] | None = None) -> None:
        self.transactions = [] if transactions is None else transactions
        self.v3_and_below_transactional_id = v3_and_below_transactional_id
        self.v3_and_below_producer_id = v3_and_below_producer_id
        self.v3_and_below_producer_epoch = v3_and_below_producer_epoch
        self.v3_and_below_topics = [] if v3_and_below_topics is None else v3_and_below_topics

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
        _ENC_AddPartitionsToTxnRequest[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> AddPartitionsToTxnRequest:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[AddPartitionsToTxnRequest, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_AddPartitionsToTxnRequest[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed AddPartitionsToTxnRequest v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'AddPartitionsToTxnRequest v{version} runs past the end of the frame')
        return o, end


AddPartitionsToTxnTransaction.FIELD_TYPES = {'transactional_id': str, 'producer_id': int, 'producer_epoch': int, 'verify_only': bool, 'topics': list[AddPartitionsToTxnTopic] | None}
AddPartitionsToTxnTopic.FIELD_TYPES = {'name': str, 'partitions': list[int] | None}
AddPartitionsToTxnRequest.FIELD_TYPES = {'transactions': list[AddPartitionsToTxnTransaction] | None, 'v3_and_below_transactional_id': str, 'v3_and_below_producer_id': int, 'v3_and_below_producer_epoch': int, 'v3_and_below_topics': list[AddPartitionsToTxnTopic] | None}


def _dec_AddPartitionsToTxnTopic_0(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnTopic, int]:
    o = _new(AddPartitionsToTxnTopic)
    o.name, pos = _r_nn_str(buf, pos)
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_AddPartitionsToTxnTopic_0(o: AddPartitionsToTxnTopic, w: Writer) -> None:
    _w_str(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_AddPartitionsToTxnRequest_0(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnRequest, int]:
    o = _new(AddPartitionsToTxnRequest)
    o.transactions = []
    o.v3_and_below_transactional_id, pos = _r_nn_str(buf, pos)
    o.v3_and_below_producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.v3_and_below_producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 6 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnTopic_0(buf, pos); ap0(x0)
    o.v3_and_below_topics = a0
    return o, pos


def _enc_AddPartitionsToTxnRequest_0(o: AddPartitionsToTxnRequest, w: Writer) -> None:
    _w_str(w, o.v3_and_below_transactional_id)
    w(_S0.pack(o.v3_and_below_producer_id))
    w(_S1.pack(o.v3_and_below_producer_epoch))
    a0 = o.v3_and_below_topics
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        for x0 in a0:
            _enc_AddPartitionsToTxnTopic_0(x0, w)


def _dec_AddPartitionsToTxnTopic_1(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnTopic, int]:
    o = _new(AddPartitionsToTxnTopic)
    o.name, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partitions = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnTopic_1(o: AddPartitionsToTxnTopic, w: Writer) -> None:
    _w_cstr(w, o.name)
    a0 = o.partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_AddPartitionsToTxnRequest_1(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnRequest, int]:
    o = _new(AddPartitionsToTxnRequest)
    o.transactions = []
    o.v3_and_below_transactional_id, pos = _r_nn_cstr(buf, pos)
    o.v3_and_below_producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.v3_and_below_producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnTopic_1(buf, pos); ap0(x0)
    o.v3_and_below_topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnRequest_1(o: AddPartitionsToTxnRequest, w: Writer) -> None:
    _w_cstr(w, o.v3_and_below_transactional_id)
    w(_S0.pack(o.v3_and_below_producer_id))
    w(_S1.pack(o.v3_and_below_producer_epoch))
    a0 = o.v3_and_below_topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AddPartitionsToTxnTopic_1(x0, w)
    w(b'\x00')


def _dec_AddPartitionsToTxnTransaction_0(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnTransaction, int]:
    o = _new(AddPartitionsToTxnTransaction)
    o.transactional_id, pos = _r_nn_cstr(buf, pos)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.verify_only = _S3.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 3 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnTopic] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnTopic_1(buf, pos); ap0(x0)
    o.topics = a0
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnTransaction_0(o: AddPartitionsToTxnTransaction, w: Writer) -> None:
    _w_cstr(w, o.transactional_id)
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S3.pack(o.verify_only))
    a0 = o.topics
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AddPartitionsToTxnTopic_1(x0, w)
    w(b'\x00')


def _dec_AddPartitionsToTxnRequest_2(buf: memoryview, pos: int) -> tuple[AddPartitionsToTxnRequest, int]:
    o = _new(AddPartitionsToTxnRequest)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 14 > len(buf) - pos:
        _bad_array(n, buf, pos)
    a0: list[AddPartitionsToTxnTransaction] = []; ap0 = a0.append
    for _ in range(n):
        x0, pos = _dec_AddPartitionsToTxnTransaction_0(buf, pos); ap0(x0)
    o.transactions = a0
    o.v3_and_below_transactional_id = ''
    o.v3_and_below_producer_id = 0
    o.v3_and_below_producer_epoch = 0
    o.v3_and_below_topics = []
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_AddPartitionsToTxnRequest_2(o: AddPartitionsToTxnRequest, w: Writer) -> None:
    a0 = o.transactions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_AddPartitionsToTxnTransaction_0(x0, w)
    w(b'\x00')


_DEC_AddPartitionsToTxnRequest: list[Callable[[memoryview, int], tuple[AddPartitionsToTxnRequest, int]]] = [_dec_AddPartitionsToTxnRequest_0, _dec_AddPartitionsToTxnRequest_0, _dec_AddPartitionsToTxnRequest_0, _dec_AddPartitionsToTxnRequest_1, _dec_AddPartitionsToTxnRequest_2, _dec_AddPartitionsToTxnRequest_2]
_ENC_AddPartitionsToTxnRequest: list[Callable[[AddPartitionsToTxnRequest, Writer], None]] = [_enc_AddPartitionsToTxnRequest_0, _enc_AddPartitionsToTxnRequest_0, _enc_AddPartitionsToTxnRequest_0, _enc_AddPartitionsToTxnRequest_1, _enc_AddPartitionsToTxnRequest_2, _enc_AddPartitionsToTxnRequest_2]
