"""Generated from Kafka's TransactionLogValue.json by tools/codegen/generate.py. Do not edit."""

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
_S3 = _struct.Struct('>b')


@mypyc_attr(native_class=False)
class PartitionsSchema:
    """A PartitionsSchema inside TransactionLogValue. (generated from TransactionLogValue.json)."""

    __slots__ = ('topic', 'partition_ids')
    FIELD_TYPES: ClassVar[dict[str, Any]]

    def __init__(self, *, topic: str = '', partition_ids: list[int] | None = None) -> None:
        self.topic = topic
        self.partition_ids = [] if partition_ids is None else partition_ids

    def __repr__(self) -> str:
        return _repr(self)

    def __eq__(self, other: object) -> Any:
        return _eq(self, other)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(native_class=False)
class TransactionLogValue:
    """TransactionLogValue v0-1 (generated from TransactionLogValue.json)."""

    __slots__ = ('producer_id', 'previous_producer_id', 'next_producer_id', 'producer_epoch', 'next_producer_epoch', 'transaction_timeout_ms', 'transaction_status', 'transaction_partitions', 'transaction_last_update_timestamp_ms', 'transaction_start_timestamp_ms', 'client_transaction_version')
    FIELD_TYPES: ClassVar[dict[str, Any]]
    API_KEY = 0
    MIN_VERSION = 0
    MAX_VERSION = 1
    FLEXIBLE_MIN = 1
    PartitionsSchema: TypeAlias = PartitionsSchema

    def __init__(self, *, producer_id: int = 0, previous_producer_id: int = -1, next_producer_id: int = -1, producer_epoch: int = 0, next_producer_epoch: int = -1, transaction_timeout_ms: int = 0, transaction_status: int = 0, transaction_partitions: list[PartitionsSchema] | None = _UNSET, transaction_last_update_timestamp_ms: int = 0, transaction_start_timestamp_ms: int = 0, client_transaction_version: int = 0) -> None:
        self.producer_id = producer_id
        self.previous_producer_id = previous_producer_id
        self.next_producer_id = next_producer_id
        self.producer_epoch = producer_epoch
        self.next_producer_epoch = next_producer_epoch
        self.transaction_timeout_ms = transaction_timeout_ms
        self.transaction_status = transaction_status
        self.transaction_partitions = [] if transaction_partitions is _UNSET else transaction_partitions
        self.transaction_last_update_timestamp_ms = transaction_last_update_timestamp_ms
        self.transaction_start_timestamp_ms = transaction_start_timestamp_ms
        self.client_transaction_version = client_transaction_version

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
        _ENC_TransactionLogValue[version](self, parts.append)
        return parts

    @classmethod
    def decode(cls, buf: Buffer, version: int) -> TransactionLogValue:
        return cls.decode_from(buf, 0, version)[0]

    @classmethod
    def decode_from(cls, buf: Buffer, pos: int, version: int) -> tuple[TransactionLogValue, int]:
        mv = memoryview(buf)
        try:
            o, end = _DEC_TransactionLogValue[version](mv, pos)
        except (DecodeError, _struct.error, IndexError, UnicodeDecodeError) as e:  # a short or garbled body
            raise DecodeError(f'malformed TransactionLogValue v{version}: {e}') from e
        if end > len(mv):
            raise DecodeError(f'TransactionLogValue v{version} runs past the end of the frame')
        return o, end


PartitionsSchema.FIELD_TYPES = {'topic': str, 'partition_ids': list[int] | None}
TransactionLogValue.FIELD_TYPES = {'producer_id': int, 'previous_producer_id': int, 'next_producer_id': int, 'producer_epoch': int, 'next_producer_epoch': int, 'transaction_timeout_ms': int, 'transaction_status': int, 'transaction_partitions': list[PartitionsSchema] | None, 'transaction_last_update_timestamp_ms': int, 'transaction_start_timestamp_ms': int, 'client_transaction_version': int}


def _dec_PartitionsSchema_0(buf: memoryview, pos: int) -> tuple[PartitionsSchema, int]:
    o = _new(PartitionsSchema)
    o.topic, pos = _r_nn_str(buf, pos)
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_ids = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    return o, pos


def _enc_PartitionsSchema_0(o: PartitionsSchema, w: Writer) -> None:
    _w_str(w, o.topic)
    a0 = o.partition_ids
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        w(_struct.pack('>%di' % len(a0), *a0))


def _dec_TransactionLogValue_0(buf: memoryview, pos: int) -> tuple[TransactionLogValue, int]:
    o = _new(TransactionLogValue)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.previous_producer_id = -1
    o.next_producer_id = -1
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.next_producer_epoch = -1
    o.transaction_timeout_ms = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.transaction_status = _S3.unpack_from(buf, pos)[0]; pos += 1
    n = _S2.unpack_from(buf, pos)[0]; pos += 4
    if n < 0:
        o.transaction_partitions = None
    else:
        if n * 6 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[PartitionsSchema] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_PartitionsSchema_0(buf, pos); ap0(x0)
        o.transaction_partitions = a0
    o.transaction_last_update_timestamp_ms = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.transaction_start_timestamp_ms = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.client_transaction_version = 0
    return o, pos


def _enc_TransactionLogValue_0(o: TransactionLogValue, w: Writer) -> None:
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.transaction_timeout_ms))
    w(_S3.pack(o.transaction_status))
    a0 = o.transaction_partitions
    if a0 is None:
        w(b'\xff\xff\xff\xff')
    else:
        w(_S2.pack(len(a0)))
        for x0 in a0:
            _enc_PartitionsSchema_0(x0, w)
    w(_S0.pack(o.transaction_last_update_timestamp_ms))
    w(_S0.pack(o.transaction_start_timestamp_ms))


def _dec_PartitionsSchema_1(buf: memoryview, pos: int) -> tuple[PartitionsSchema, int]:
    o = _new(PartitionsSchema)
    o.topic, pos = _r_nn_cstr(buf, pos)
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0 or n * 4 > len(buf) - pos:
        _bad_array(n, buf, pos)
    o.partition_ids = list(_struct.unpack_from('>%di' % n, buf, pos)); pos += n * 4
    pos = _skip_tags(buf, pos)
    return o, pos


def _enc_PartitionsSchema_1(o: PartitionsSchema, w: Writer) -> None:
    _w_cstr(w, o.topic)
    a0 = o.partition_ids
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        w(_struct.pack('>%di' % len(a0), *a0))
    w(b'\x00')


def _dec_TransactionLogValue_1(buf: memoryview, pos: int) -> tuple[TransactionLogValue, int]:
    o = _new(TransactionLogValue)
    o.producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.previous_producer_id = -1
    o.next_producer_id = -1
    o.producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
    o.next_producer_epoch = -1
    o.transaction_timeout_ms = _S2.unpack_from(buf, pos)[0]; pos += 4
    o.transaction_status = _S3.unpack_from(buf, pos)[0]; pos += 1
    n, pos = _r_uvarint(buf, pos); n -= 1
    if n < 0:
        o.transaction_partitions = None
    else:
        if n * 3 > len(buf) - pos:
            _bad_array(n, buf, pos)
        a0: list[PartitionsSchema] = []; ap0 = a0.append
        for _ in range(n):
            x0, pos = _dec_PartitionsSchema_1(buf, pos); ap0(x0)
        o.transaction_partitions = a0
    o.transaction_last_update_timestamp_ms = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.transaction_start_timestamp_ms = _S0.unpack_from(buf, pos)[0]; pos += 8
    o.client_transaction_version = 0
    nt, pos = _r_uvarint(buf, pos)
    for _ in range(nt):
        tag, pos = _r_uvarint(buf, pos)
        size, pos = _r_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError('a tagged field runs past the end of the frame')
        if tag == 0:
            o.previous_producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
        elif tag == 1:
            o.next_producer_id = _S0.unpack_from(buf, pos)[0]; pos += 8
        elif tag == 3:
            o.next_producer_epoch = _S1.unpack_from(buf, pos)[0]; pos += 2
        elif tag == 2:
            o.client_transaction_version = _S1.unpack_from(buf, pos)[0]; pos += 2
        pos = end
    return o, pos


def _enc_TransactionLogValue_1(o: TransactionLogValue, w: Writer) -> None:
    w(_S0.pack(o.producer_id))
    w(_S1.pack(o.producer_epoch))
    w(_S2.pack(o.transaction_timeout_ms))
    w(_S3.pack(o.transaction_status))
    a0 = o.transaction_partitions
    if a0 is None:
        w(b'\x00')
    else:
        w(_uvarint(len(a0) + 1))
        for x0 in a0:
            _enc_PartitionsSchema_1(x0, w)
    w(_S0.pack(o.transaction_last_update_timestamp_ms))
    w(_S0.pack(o.transaction_start_timestamp_ms))
    tags: list[bytes] = []
    if o.previous_producer_id != -1:
        tb: list[Buffer] = []; tw = tb.append
        tw(_S0.pack(o.previous_producer_id))
        tv = b''.join(tb)
        tags.append(_uvarint(0) + _uvarint(len(tv)) + tv)
    if o.next_producer_id != -1:
        tb = []; tw = tb.append
        tw(_S0.pack(o.next_producer_id))
        tv = b''.join(tb)
        tags.append(_uvarint(1) + _uvarint(len(tv)) + tv)
    if o.client_transaction_version != 0:
        tb = []; tw = tb.append
        tw(_S1.pack(o.client_transaction_version))
        tv = b''.join(tb)
        tags.append(_uvarint(2) + _uvarint(len(tv)) + tv)
    if o.next_producer_epoch != -1:
        tb = []; tw = tb.append
        tw(_S1.pack(o.next_producer_epoch))
        tv = b''.join(tb)
        tags.append(_uvarint(3) + _uvarint(len(tv)) + tv)
    w(_uvarint(len(tags)))
    for t in tags:
        w(t)


_DEC_TransactionLogValue: list[Callable[[memoryview, int], tuple[TransactionLogValue, int]]] = [_dec_TransactionLogValue_0, _dec_TransactionLogValue_1]
_ENC_TransactionLogValue: list[Callable[[TransactionLogValue, Writer], None]] = [_enc_TransactionLogValue_0, _enc_TransactionLogValue_1]
