"""RecordBatch v2, exactly Kafka's `DefaultRecordBatch` layout.

The broker keeps batches as the producer sent them: it reads the 61-byte header, checks the CRC and
patches the base offset and partition leader epoch in place (the CRC does not cover them, which is why
Kafka put them first). Records are decoded only where they must be read: compaction, the coordinator's
own `__consumer_offsets` records, tests.

Batch header (big-endian)::

    0 base_offset int64 | 8 batch_length int32 | 12 partition_leader_epoch int32 | 16 magic int8
    17 crc uint32 | 21 attributes int16 | 23 last_offset_delta int32 | 27 base_timestamp int64
    35 max_timestamp int64 | 43 producer_id int64 | 51 producer_epoch int16 | 53 base_sequence int32
    57 records_count int32 | 61 records...

`batch_length` counts from byte 12 to the end; the CRC32C covers byte 21 (attributes) to the end.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Sequence
from mmap import mmap
from typing import Any, NamedTuple

from fastcrc import crc32 as _fastcrc32

from kaflite.protocol.compression import NONE, ZSTD, compress, decompress

# The errors this module's functions raise, named here too (explicitly re-exported): a caller catches what the
# function it called raises, from the module it called.
from kaflite.protocol.record_errors import CorruptRecordError as CorruptRecordError
from kaflite.protocol.record_errors import InvalidRecordError as InvalidRecordError
from kaflite.protocol.record_errors import RecordError as RecordError
from kaflite.protocol.record_errors import UnsupportedMagicError as UnsupportedMagicError

Buffer = bytes | bytearray | memoryview

# fastcrc 0.5 names CRC32C by its catalogue name, CRC-32/ISCSI (Castagnoli polynomial 0x1EDC6F41).
crc32c = _fastcrc32.iscsi

MAGIC_V2 = 2
LOG_OVERHEAD = 12  # base_offset + batch_length: the bytes not counted in batch_length
HEADER_SIZE = 61  # RECORD_BATCH_OVERHEAD
MIN_BATCH_LENGTH = HEADER_SIZE - LOG_OVERHEAD
MAGIC_OFFSET = 16
CRC_OFFSET = 17
ATTRIBUTES_OFFSET = 21
MAX_TIMESTAMP_OFFSET = 35

NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1
NO_SEQUENCE = -1
NO_PARTITION_LEADER_EPOCH = -1
NO_TIMESTAMP = -1

CREATE_TIME = 0
LOG_APPEND_TIME = 1

COMPRESSION_MASK = 0x07
TIMESTAMP_TYPE_MASK = 0x08
TRANSACTIONAL_MASK = 0x10
CONTROL_MASK = 0x20
DELETE_HORIZON_MASK = 0x40

_HEADER = struct.Struct(">qiibIhiqqqhii")
_INT64 = struct.Struct(">q")
_INT32 = struct.Struct(">i")
_UINT32 = struct.Struct(">I")
_INT16 = struct.Struct(">h")
_LENGTH_AND_MAGIC = struct.Struct(">qiib")  # base_offset, batch_length, leader_epoch, magic



class BatchHeader(NamedTuple):
    """The fixed 61-byte header of one batch, plus where it starts in the buffer it was read from."""

    base_offset: int
    batch_length: int
    partition_leader_epoch: int
    magic: int
    crc: int
    attributes: int
    last_offset_delta: int
    base_timestamp: int
    max_timestamp: int
    producer_id: int
    producer_epoch: int
    base_sequence: int
    records_count: int
    position: int = 0

    @property
    def size_in_bytes(self) -> int:
        return self.batch_length + LOG_OVERHEAD

    @property
    def last_offset(self) -> int:
        return self.base_offset + self.last_offset_delta

    @property
    def next_offset(self) -> int:
        return self.base_offset + self.last_offset_delta + 1

    @property
    def compression(self) -> int:
        return self.attributes & COMPRESSION_MASK

    @property
    def timestamp_type(self) -> int:
        return LOG_APPEND_TIME if self.attributes & TIMESTAMP_TYPE_MASK else CREATE_TIME

    @property
    def is_transactional(self) -> bool:
        return bool(self.attributes & TRANSACTIONAL_MASK)

    @property
    def is_control(self) -> bool:
        return bool(self.attributes & CONTROL_MASK)

    @property
    def has_producer_id(self) -> bool:
        return self.producer_id >= 0

    @property
    def last_sequence(self) -> int:
        """The sequence of the last record; wraps at 2^31 as Kafka's `DefaultRecordBatch.lastSequence`."""
        if self.base_sequence == NO_SEQUENCE:
            return NO_SEQUENCE
        return (self.base_sequence + self.last_offset_delta) % 0x80000000


class Record(NamedTuple):
    """One decoded record with its absolute offset and timestamp."""

    offset: int
    timestamp: int
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes | None]]


class NewRecord(NamedTuple):
    """A record to build: timestamp defaults to the batch's, offset delta to its index in the batch."""

    key: bytes | None
    value: bytes | None
    headers: Sequence[tuple[str, bytes | None]] = ()
    timestamp_ms: int | None = None
    offset_delta: int | None = None


# --------------------------------------------------------------------------------------------------------
# header view, validation, iteration


def read_header(buf: Buffer | mmap, pos: int = 0) -> BatchHeader:
    """The header at `pos`, unchecked: one precompiled unpack, so it is cheap per produced batch."""
    if len(buf) - pos < HEADER_SIZE:
        raise CorruptRecordError(f"record batch header at position {pos} is truncated")
    return BatchHeader._make((*_HEADER.unpack_from(buf, pos), pos))


def batch_size_at(buf: Buffer, pos: int) -> int:
    """Total size of the batch at `pos` from its length field (no other check)."""
    batch_length: int = _INT32.unpack_from(buf, pos + 8)[0]
    return batch_length + LOG_OVERHEAD


def validate_batch(buf: Buffer | mmap, pos: int = 0) -> BatchHeader:
    """Check magic, length and CRC32C of the batch at `pos`; returns its header.

    Raises UnsupportedMagicError for v0/v1 message sets and CorruptRecordError for anything else.
    """
    available = len(buf) - pos
    if available < LOG_OVERHEAD + 5:
        raise CorruptRecordError(f"record batch at position {pos} is truncated ({available} bytes)")
    _, batch_length, _, magic = _LENGTH_AND_MAGIC.unpack_from(buf, pos)
    if magic != MAGIC_V2:
        if magic in (0, 1):
            raise UnsupportedMagicError(magic, pos)
        raise CorruptRecordError(f"record batch at position {pos} has invalid magic {magic}")
    if batch_length < MIN_BATCH_LENGTH:
        raise CorruptRecordError(
            f"record batch at position {pos} has length {batch_length} < minimum {MIN_BATCH_LENGTH}"
        )
    end = pos + LOG_OVERHEAD + batch_length
    if end > len(buf):
        raise CorruptRecordError(
            f"record batch at position {pos} declares {batch_length + LOG_OVERHEAD} bytes "
            f"but only {available} remain"
        )
    header = BatchHeader._make((*_HEADER.unpack_from(buf, pos), pos))
    mv = buf if isinstance(buf, memoryview) else memoryview(buf)
    computed = crc32c(mv[pos + ATTRIBUTES_OFFSET : end])
    if computed != header.crc:
        raise CorruptRecordError(
            f"record batch at position {pos} (base offset {header.base_offset}) has CRC "
            f"{header.crc:#010x}, computed {computed:#010x}"
        )
    if header.records_count < 0 or header.last_offset_delta < 0:
        raise CorruptRecordError(f"record batch at position {pos} has a negative count or offset delta")
    return header


def validate_client_batch(header: BatchHeader) -> None:
    """The extra rules Kafka's LogValidator applies to batches coming from a producer."""
    if header.is_control:
        raise InvalidRecordError("clients are not allowed to write control records")
    if header.records_count <= 0:
        raise InvalidRecordError("a produced record batch must hold at least one record")
    if header.records_count != header.last_offset_delta + 1:
        raise InvalidRecordError(
            f"inconsistent batch offset range ({header.last_offset_delta + 1}) "
            f"and record count ({header.records_count})"
        )
    if header.has_producer_id and header.base_sequence < 0:
        raise InvalidRecordError(
            f"invalid sequence number {header.base_sequence} in record batch with producerId {header.producer_id}"
        )
    if header.compression > ZSTD:
        raise InvalidRecordError(f"unknown compression codec {header.compression}")


def iter_batches(buf: Buffer, *, validate: bool = True) -> Iterator[BatchHeader]:
    """The batches of a records blob, in order; a truncated or garbled blob raises CorruptRecordError."""
    pos = 0
    end = len(buf)
    while pos < end:
        if validate:
            header = validate_batch(buf, pos)
        else:
            header = read_header(buf, pos)
            if header.batch_length < MIN_BATCH_LENGTH or pos + header.size_in_bytes > end:
                raise CorruptRecordError(f"record batch at position {pos} is truncated or garbled")
        yield header
        pos += header.size_in_bytes


# --------------------------------------------------------------------------------------------------------
# in-place patches


def set_base_offset(buf: bytearray | memoryview, pos: int, base_offset: int) -> None:
    """Assign the batch's offsets; the CRC does not cover this field, so it stays valid."""
    _INT64.pack_into(buf, pos, base_offset)


def set_partition_leader_epoch(buf: bytearray | memoryview, pos: int, epoch: int) -> None:
    """Stamp the leader epoch; not covered by the CRC either."""
    _INT32.pack_into(buf, pos + 12, epoch)


def set_log_append_time(buf: bytearray | memoryview, pos: int, timestamp_ms: int) -> None:
    """Switch a batch to LogAppendTime with `timestamp_ms` as max timestamp; these are CRC-covered,
    so the CRC is recomputed (as Kafka's `DefaultRecordBatch.setMaxTimestamp`)."""
    header = read_header(buf, pos)
    _INT16.pack_into(buf, pos + ATTRIBUTES_OFFSET, header.attributes | TIMESTAMP_TYPE_MASK)
    _INT64.pack_into(buf, pos + MAX_TIMESTAMP_OFFSET, timestamp_ms)
    mv = buf if isinstance(buf, memoryview) else memoryview(buf)
    _UINT32.pack_into(buf, pos + CRC_OFFSET, crc32c(mv[pos + ATTRIBUTES_OFFSET : pos + header.size_in_bytes]))


# --------------------------------------------------------------------------------------------------------
# varints (zigzag, as Kafka's ByteUtils.writeVarint / writeVarlong)


def encode_varint(value: int, out: bytearray) -> None:
    """Append the zigzag varint of `value` (fits int64) to `out`."""
    v = (value << 1) ^ (value >> 63)
    v &= 0xFFFFFFFFFFFFFFFF
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def decode_varint(buf: Buffer, pos: int) -> tuple[int, int]:
    """Read a zigzag varint at `pos`; returns (value, next position)."""
    result = 0
    shift = 0
    try:
        while True:
            b = buf[pos]
            pos += 1
            result |= (b & 0x7F) << shift
            if not b & 0x80:
                break
            shift += 7
            if shift > 63:
                raise CorruptRecordError("varint longer than 10 bytes")
    except IndexError:
        raise CorruptRecordError("truncated varint") from None
    return (result >> 1) ^ -(result & 1), pos


def size_of_varint(value: int) -> int:
    """Encoded size of a zigzag varint."""
    v = ((value << 1) ^ (value >> 63)) & 0xFFFFFFFFFFFFFFFF
    n = 1
    while v >= 0x80:
        v >>= 7
        n += 1
    return n


# --------------------------------------------------------------------------------------------------------
# building


def _encode_record(out: bytearray, offset_delta: int, timestamp_delta: int, key: bytes | None,
                   value: bytes | None, headers: Iterable[tuple[str, bytes | None]]) -> None:
    body = bytearray(b"\x00")  # record attributes: unused
    encode_varint(timestamp_delta, body)
    encode_varint(offset_delta, body)
    _encode_nullable_bytes(key, body)
    _encode_nullable_bytes(value, body)
    headers = list(headers)
    encode_varint(len(headers), body)
    for h_key, h_value in headers:
        raw = h_key.encode("utf-8")
        encode_varint(len(raw), body)
        body += raw
        _encode_nullable_bytes(h_value, body)
    encode_varint(len(body), out)
    out += body


def _encode_nullable_bytes(data: bytes | None, out: bytearray) -> None:
    """A record's key, value or header value: varint length then the bytes, or length -1 for null."""
    if data is None:
        out.append(1)  # zigzag(-1)
    else:
        encode_varint(len(data), out)
        out += data


def build_batch(
    records: Iterable[NewRecord | tuple[Any, ...]],
    *,
    timestamp_ms: int,
    base_offset: int = 0,
    producer_id: int = NO_PRODUCER_ID,
    producer_epoch: int = NO_PRODUCER_EPOCH,
    base_sequence: int = NO_SEQUENCE,
    compression: int = NONE,
    is_transactional: bool = False,
    is_control: bool = False,
    partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
    timestamp_type: int = CREATE_TIME,
    last_offset_delta: int | None = None,
) -> bytes:
    """Encode one RecordBatch v2.

    `records` are NewRecord or plain tuples (key, value[, headers[, timestamp_ms[, offset_delta]]]).
    `last_offset_delta` overrides the computed one: the cleaner keeps a batch's original last offset so
    the producer's last sequence survives compaction (Kafka's `overrideLastOffset`).
    """
    recs = [r if isinstance(r, NewRecord) else NewRecord(*r) for r in records]
    first_ts = timestamp_ms
    if recs and recs[0].timestamp_ms is not None:
        first_ts = recs[0].timestamp_ms
    max_ts = NO_TIMESTAMP if not recs else first_ts
    payload = bytearray()
    max_delta = -1
    for index, rec in enumerate(recs):
        ts = timestamp_ms if rec.timestamp_ms is None else rec.timestamp_ms
        delta = index if rec.offset_delta is None else rec.offset_delta
        max_delta = max(max_delta, delta)
        max_ts = max(max_ts, ts)
        _encode_record(payload, delta, ts - first_ts, rec.key, rec.value, rec.headers)
    if last_offset_delta is None:
        last_offset_delta = max(max_delta, 0)
    body = compress(compression, bytes(payload))
    attributes = compression & COMPRESSION_MASK
    if timestamp_type == LOG_APPEND_TIME:
        attributes |= TIMESTAMP_TYPE_MASK
    if is_transactional:
        attributes |= TRANSACTIONAL_MASK
    if is_control:
        attributes |= CONTROL_MASK
    batch_length = HEADER_SIZE - LOG_OVERHEAD + len(body)
    out = bytearray(
        _HEADER.pack(
            base_offset, batch_length, partition_leader_epoch, MAGIC_V2, 0, attributes, last_offset_delta,
            first_ts, max_ts, producer_id, producer_epoch, base_sequence, len(recs),
        )
    )
    out += body
    _UINT32.pack_into(out, CRC_OFFSET, crc32c(memoryview(out)[ATTRIBUTES_OFFSET:]))
    return bytes(out)


_ONE_BYTE_VARINTS = [bytes((v,)) for v in range(0, 0x80, 2)]  # zigzag(n) = 2n for n in 0..63


def _small_varint(n: int) -> bytes:
    """The zigzag varint of `n` >= 0 (a length or an offset delta): one or two bytes inline, else the loop."""
    if n < 0x40:
        return _ONE_BYTE_VARINTS[n]
    v = n << 1
    if v < 0x4000:
        return bytes(((v & 0x7F) | 0x80, v >> 7))
    out = bytearray()
    encode_varint(n, out)
    return bytes(out)


def build_keyed_batch(
    records: Sequence[tuple[bytes | None, bytes | None]],
    *,
    timestamp_ms: int,
    base_offset: int = 0,
    producer_id: int = NO_PRODUCER_ID,
    producer_epoch: int = NO_PRODUCER_EPOCH,
    base_sequence: int = NO_SEQUENCE,
    is_transactional: bool = False,
    partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
) -> bytearray:
    """`build_batch` for what the coordinators write on every commit: uncompressed (key, value) records
    without headers, all at `timestamp_ms`. The same bytes, built in place without per-record objects;
    a bytearray, so the log patches its offsets without copying it again."""
    out = bytearray(HEADER_SIZE)
    zz = _small_varint
    for delta, (key, value) in enumerate(records):
        # attributes (unused), timestamp delta zigzag(0), offset delta, key, value, no headers
        record = b"".join((b"\x00\x00", zz(delta), b"\x01" if key is None else zz(len(key)), key or b"",
                           b"\x01" if value is None else zz(len(value)), value or b"", b"\x00"))
        out += zz(len(record))
        out += record
    count = len(records)
    _HEADER.pack_into(
        out, 0, base_offset, len(out) - LOG_OVERHEAD, partition_leader_epoch, MAGIC_V2, 0,
        TRANSACTIONAL_MASK if is_transactional else 0, max(count - 1, 0), timestamp_ms,
        timestamp_ms if count else NO_TIMESTAMP, producer_id, producer_epoch, base_sequence, count,
    )
    _UINT32.pack_into(out, CRC_OFFSET, crc32c(memoryview(out)[ATTRIBUTES_OFFSET:]))
    return out


# --------------------------------------------------------------------------------------------------------
# decoding


def _read_bytes(buf: bytes, pos: int) -> tuple[bytes | None, int]:
    n, pos = decode_varint(buf, pos)
    if n < 0:
        return None, pos
    end = pos + n
    if end > len(buf):
        raise CorruptRecordError("record field runs past the end of the batch")
    return buf[pos:end], end


def decode_records(batch: Buffer, pos: int = 0) -> list[Record]:
    """Decode every record of the batch at `pos` (decompressing as needed); validates the CRC first."""
    header = validate_batch(batch, pos)
    mv = batch if isinstance(batch, memoryview) else memoryview(batch)
    body = decompress(header.compression, mv[pos + HEADER_SIZE : pos + header.size_in_bytes])
    base_offset = header.base_offset
    log_append = header.timestamp_type == LOG_APPEND_TIME
    out: list[Record] = []
    p = 0
    for _ in range(header.records_count):
        length, p = decode_varint(body, p)
        end = p + length
        if length < 1 or end > len(body):
            raise CorruptRecordError(f"record in batch at offset {base_offset} is truncated")
        p += 1  # attributes
        ts_delta, p = decode_varint(body, p)
        off_delta, p = decode_varint(body, p)
        key, p = _read_bytes(body, p)
        value, p = _read_bytes(body, p)
        n_headers, p = decode_varint(body, p)
        headers: list[tuple[str, bytes | None]] = []
        for _h in range(n_headers):
            h_key, p = _read_bytes(body, p)
            h_value, p = _read_bytes(body, p)
            if h_key is None:
                raise CorruptRecordError("record header with a null key")
            headers.append((h_key.decode("utf-8"), h_value))
        if p != end:
            raise CorruptRecordError(f"record in batch at offset {base_offset} has {end - p} stray bytes")
        ts = header.max_timestamp if log_append else header.base_timestamp + ts_delta
        out.append(Record(base_offset + off_delta, ts, key, value, headers))
    if p != len(body):
        raise CorruptRecordError(f"batch at offset {base_offset} has bytes after its last record")
    return out


class _Unusual(Exception):
    """Internal: `decode_keys_values` met something its fast path does not handle."""


def decode_keys_values(batch: Buffer, pos: int = 0) -> list[tuple[int, bytes | None, bytes | None]]:
    """(offset, key, value) of every record of the batch at `pos`; validates the CRC first.

    For readers that replay a whole log by key (the coordinator's load): `decode_records` without the
    timestamps, headers and per-record objects, and with one- and two-byte varints (nearly all of
    them: lengths and offset deltas below 8192) read inline. Records with headers, or anything
    malformed, go through `decode_records`, so the result and every error are exactly its own.
    """
    header = validate_batch(batch, pos)
    mv = batch if isinstance(batch, memoryview) else memoryview(batch)
    body = decompress(header.compression, mv[pos + HEADER_SIZE : pos + header.size_in_bytes])
    base_offset = header.base_offset
    size = len(body)
    out: list[tuple[int, bytes | None, bytes | None]] = []
    append = out.append
    p = 0
    try:
        for _ in range(header.records_count):
            # Each varint: one byte, two bytes (u: the unsigned value), or decode_varint; then zigzag.
            u = body[p]
            if u < 0x80:
                length, p = (u >> 1) ^ -(u & 1), p + 1
            elif body[p + 1] < 0x80:
                u = (u & 0x7F) | (body[p + 1] << 7)
                length, p = (u >> 1) ^ -(u & 1), p + 2
            else:
                length, p = decode_varint(body, p)
            end = p + length
            if length < 1 or end > size:
                raise _Unusual
            p += 1  # attributes
            if body[p] < 0x80:  # timestamp delta: not needed, only skipped
                p += 1
            else:
                _, p = decode_varint(body, p)
            u = body[p]
            if u < 0x80:
                delta, p = (u >> 1) ^ -(u & 1), p + 1
            elif body[p + 1] < 0x80:
                u = (u & 0x7F) | (body[p + 1] << 7)
                delta, p = (u >> 1) ^ -(u & 1), p + 2
            else:
                delta, p = decode_varint(body, p)
            u = body[p]
            if u < 0x80:
                n, p = (u >> 1) ^ -(u & 1), p + 1
            elif body[p + 1] < 0x80:
                u = (u & 0x7F) | (body[p + 1] << 7)
                n, p = (u >> 1) ^ -(u & 1), p + 2
            else:
                n, p = decode_varint(body, p)
            if n < 0:
                key = None
            elif p + n > end:
                raise _Unusual
            else:
                key, p = body[p : p + n], p + n
            u = body[p]
            if u < 0x80:
                n, p = (u >> 1) ^ -(u & 1), p + 1
            elif body[p + 1] < 0x80:
                u = (u & 0x7F) | (body[p + 1] << 7)
                n, p = (u >> 1) ^ -(u & 1), p + 2
            else:
                n, p = decode_varint(body, p)
            if n < 0:
                value = None
            elif p + n > end:
                raise _Unusual
            else:
                value, p = body[p : p + n], p + n
            if body[p] != 0 or p + 1 != end:  # headers (count 0 is the single byte 0), or stray bytes
                raise _Unusual
            p = end
            append((base_offset + delta, key, value))
        if p != size:
            raise _Unusual
    except (_Unusual, IndexError, CorruptRecordError):
        return [(r.offset, r.key, r.value) for r in decode_records(batch, pos)]
    return out
