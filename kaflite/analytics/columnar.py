"""Vectorised `kaflite-log` decoding: segment bytes → Arrow RecordBatches with numpy, not per-record Python.

Why: the per-record Python decoder (`kaflite.analytics.decode`) costs 2-3 µs a row, which alone keeps a
2-core Spark scan under 400k rows/s. Here Python touches each record once, to follow the chain of record
lengths (a byte or two read and an add); every other field is decoded with numpy over a whole chunk of
batches, and keys, values and headers become Arrow binary arrays sliced straight out of the
decompressed bytes (no `bytes` object per value).

Exactness: whatever this path does not decode itself (a corrupt or odd batch: bad lengths, varints
longer than Kafka's, stray bytes, null header keys, overflowing values) goes through the reference
decoder (`decode.decode_batch_columns`), so rows and errors are the reference's; the tests compare both
on every codec, with headers, nulls and bounds.
"""

from __future__ import annotations

import logging
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa

from kaflite.analytics.arrow import log_batch
from kaflite.analytics.decode import (
    Bounds,
    Buffer,
    LogColumns,
    batches_to_read,
    decode_batch_columns,
    open_segment,
)
from kaflite.analytics.layout import CONSUMER_OFFSETS as CONSUMER_OFFSETS_TOPIC
from kaflite.coordinator.records import decode_offset_commit_key, decode_offset_commit_value_fields
from kaflite.protocol.compression import CODEC_NAMES, decompress
from kaflite.protocol.record_errors import CorruptRecordError
from kaflite.protocol.records import HEADER_SIZE, LOG_APPEND_TIME, BatchHeader, decode_varint, validate_batch

log = logging.getLogger("kaflite.analytics")

#: Cap on the decompressed bytes of one chunk: keeps Arrow's int32 binary offsets (and memory) in range.
CHUNK_BYTES = 64 << 20
#: Zero bytes after a chunk's data: field reads that run past a malformed last record stay in bounds.
_ZEROS = bytes(64)
_U7 = np.uint8(0x7F)


class _Unusual(Exception):
    """Something the vectorised path leaves to the reference decoder."""


def _walk(body: bytes, count: int, starts: list[int]) -> None:
    """Append each record's start (its length varint) to `starts`; checks the chain ends at the body's end.

    The only per-record Python: lengths are read as 1- or 2-byte varints inline (records under 8 KiB),
    longer ones with `decode_varint`. Signs and zero lengths are checked later, vectorised.
    """
    append = starts.append
    p = 0
    for _ in range(count):
        append(p)
        b = body[p]
        if b < 0x80:
            p += 1 + (b >> 1)
        else:
            b2 = body[p + 1]
            if b2 < 0x80:
                p += 2 + (((b & 0x7F) | (b2 << 7)) >> 1)
            else:
                n, q = decode_varint(body, p)
                if n < 1:
                    raise _Unusual
                p = q + n
    if p != len(body):
        raise _Unusual


def _varints(u8: np.ndarray, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Zigzag varints at `pos`: (values int64, sizes in bytes).

    Byte k is read for every position while at least a quarter still continue (no index bookkeeping),
    then only for those that do. Like `decode_varint`, at most 10 bytes; a value of 2^63 or more before
    the zigzag (a 10th byte other than 0) is left to the reference decoder, so everything fits int64.
    """
    b = u8[pos]
    val = (b & _U7).astype(np.int64)
    cont = b >> 7
    size = np.ones(pos.shape, np.int64)
    k = 1
    while (m := np.count_nonzero(cont)) * 4 >= len(pos) and k < 9:
        b = u8[pos + k]
        val |= ((b & _U7) * cont).astype(np.int64) << (7 * k)
        size += cont
        cont &= b >> 7
        k += 1
    if m:
        idx = np.flatnonzero(cont)
        while idx.size:
            b = u8[pos[idx] + k]
            if k == 9:  # the 10th byte: only 0 keeps the value below 2^63 (and ends the varint)
                if b.any():
                    raise _Unusual
                size[idx] += 1
                break
            val[idx] |= (b & _U7).astype(np.int64) << (7 * k)
            size[idx] += 1
            idx = idx[b >= 0x80]
            k += 1
    return (val >> 1) ^ -(val & 1), size


def _binary(data: pa.Buffer, starts: np.ndarray, lengths: np.ndarray, nulls: np.ndarray | None) -> pa.Array:
    """Binary array of data[starts[i] : starts[i] + lengths[i]] (null where `nulls`); ranges ascending.

    The ranges, with the gaps between them, are the consecutive elements of one zero-copy binary array
    over `data`; `take` of every other element copies just the ranges, in C++.
    """
    n = len(starts)
    if n == 0:
        return pa.array([], pa.binary())
    bounds = np.empty(2 * n, np.int32)
    bounds[0::2] = starts
    bounds[1::2] = starts + lengths
    whole = pa.Array.from_buffers(pa.binary(), 2 * n - 1, [None, pa.py_buffer(bounds), data])
    idx = np.arange(0, 2 * n, 2, dtype=np.int32)
    return whole.take(pa.array(idx, mask=nulls) if nulls is not None and nulls.any() else pa.array(idx))


def _add_checked(a: np.ndarray, b: np.ndarray, where: np.ndarray | None = None) -> np.ndarray:
    """a + b in int64; overflow (Python ints would not wrap; Arrow would refuse them) → reference path."""
    r = a + b
    over = ((a ^ r) & (b ^ r)) < 0
    if where is not None:
        over &= where
    if over.any():
        raise _Unusual
    return r


@dataclass
class _Chunk:
    """Decompressed bodies of consecutive batches of one segment, with each record's start."""

    headers: list[BatchHeader] = field(default_factory=list)
    bodies: list[bytes] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    rows: int = 0
    size: int = 0

    def add(self, h: BatchHeader, body: bytes) -> bool:
        """Walk and keep the batch; False (nothing kept) when the walk meets something unusual."""
        mark = len(self.starts)
        try:
            _walk(body, h.records_count, self.starts)
        except (_Unusual, IndexError, CorruptRecordError):
            del self.starts[mark:]
            return False
        self.headers.append(h)
        self.bodies.append(body)
        self.rows += h.records_count
        self.size += len(body)
        return True


def _headers_column(u8: np.ndarray, data: pa.Buffer, pos: np.ndarray, ends: np.ndarray, counts: np.ndarray,
                    type_: pa.ListType) -> pa.Array:
    """list<struct<key string, value binary>> for records whose header count is in `counts`; advances `pos`.

    Counts ≤ 0 are empty lists (the reference loops `range(count)`). Headers are read round by round:
    round h reads the h-th header of every record that has more than h.
    """
    n = len(pos)
    per_row = np.maximum(counts, 0)
    offsets = np.zeros(n + 1, np.int64)
    np.cumsum(per_row, out=offsets[1:])
    total = int(offsets[-1])
    if total == 0:
        values = pa.StructArray.from_arrays([pa.array([], pa.string()), pa.array([], pa.binary())],
                                            fields=list(type_.value_type))
        return pa.ListArray.from_arrays(pa.array(np.zeros(n + 1, np.int32)), values, type=type_)
    rows = np.flatnonzero(per_row)
    if (per_row[rows] > (ends[rows] - pos[rows]) // 2).any():  # each header takes at least 2 bytes
        raise _Unusual
    k_start = np.empty(total, np.int64)
    k_len = np.empty(total, np.int64)
    v_start = np.empty(total, np.int64)
    v_len = np.empty(total, np.int64)
    v_null = np.empty(total, bool)
    active = rows
    p = pos[rows]
    h = 0
    while active.size:
        end = ends[active]
        slot = offsets[active] + h
        kl, size = _varints(u8, p)
        p = p + size
        if (kl < 0).any() or (kl > end - p).any():  # a null header key: the reference raises
            raise _Unusual
        k_start[slot], k_len[slot] = p, kl
        p = p + kl
        vl, size = _varints(u8, p)
        p = p + size
        null = vl < 0
        vl = np.where(null, 0, vl)
        if (vl > end - p).any():
            raise _Unusual
        v_start[slot], v_len[slot], v_null[slot] = p, vl, null
        p = p + vl
        pos[active] = p
        h += 1
        more = per_row[active] > h
        active, p = active[more], p[more]
    try:
        keys = _binary(data, k_start, k_len, None).cast(pa.string())
    except pa.ArrowInvalid:  # not UTF-8: the reference's error
        raise _Unusual from None
    values = pa.StructArray.from_arrays([keys, _binary(data, v_start, v_len, v_null)], fields=list(type_.value_type))
    return pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), values, type=type_)


def _repeat(values: list[object], counts: np.ndarray, dtype: type) -> np.ndarray:
    return np.repeat(np.asarray(values, dtype=dtype), counts)


def chunk_batch(chunk: _Chunk, topic: str, partition: int, bounds: Bounds | None, schema: pa.Schema) -> pa.RecordBatch:
    """The `kaflite-log` RecordBatch of a chunk (rows inside `bounds`); raises _Unusual to defer."""
    hs = chunk.headers
    n = chunk.rows
    counts = np.fromiter((h.records_count for h in hs), np.int64, len(hs))
    lengths = np.fromiter((len(b) for b in chunk.bodies), np.int64, len(hs))
    body_base = np.zeros(len(hs), np.int64)
    np.cumsum(lengths[:-1], out=body_base[1:])
    total = int(lengths.sum())
    if total >= 1 << 31:  # one huge batch: Arrow's int32 offsets cannot slice it
        raise _Unusual
    raw = b"".join([*chunk.bodies, _ZEROS])
    data = pa.py_buffer(raw)
    u8 = np.frombuffer(raw, np.uint8)

    starts = np.fromiter(chunk.starts, np.int64, n) + np.repeat(body_base, counts)
    ends = np.empty(n, np.int64)
    ends[:-1] = starts[1:]
    ends[-1:] = total
    try:
        rec_len, size = _varints(u8, starts)
        if (rec_len < 1).any() or (starts + size + rec_len != ends).any():
            raise _Unusual
        p = starts + size + 1  # skip the attributes byte
        ts_delta, size = _varints(u8, p)
        p += size
        off_delta, size = _varints(u8, p)
        p += size
        cols = []
        for _field in ("key", "value"):
            length, size = _varints(u8, p)
            p += size
            null = length < 0
            length = np.where(null, 0, length)
            if (length > ends - p).any():
                raise _Unusual
            cols.append((p.copy(), length, null))
            p += length
        n_headers, size = _varints(u8, p)
        p += size
        headers = _headers_column(u8, data, p, ends, n_headers, schema.field("headers").type)
        if (p != ends).any():
            raise _Unusual
    except IndexError:
        raise _Unusual from None

    base_offset = _repeat([h.base_offset for h in hs], counts, np.int64)
    offsets = _add_checked(base_offset, off_delta)
    log_append = _repeat([h.timestamp_type == LOG_APPEND_TIME for h in hs], counts, bool)
    ts = _add_checked(_repeat([h.base_timestamp for h in hs], counts, np.int64), ts_delta, ~log_append)
    if log_append.any():
        ts = np.where(log_append, _repeat([h.max_timestamp for h in hs], counts, np.int64), ts)
    base_seq = _repeat([h.base_sequence for h in hs], counts, np.int64)
    seq = np.where(base_seq < 0, -1, (base_seq + off_delta) & 0x7FFFFFFF).astype(np.int32)
    codec_idx = pa.array(np.repeat(np.arange(len(hs), dtype=np.int32), counts))
    codecs = pa.array([CODEC_NAMES.get(h.compression, str(h.compression)) for h in hs], pa.string()).take(codec_idx)

    (k_start, k_len, k_null), (v_start, v_len, v_null) = cols
    arrays = [
        pa.repeat(pa.scalar(topic, pa.string()), n),
        pa.repeat(pa.scalar(partition, pa.int32()), n),
        pa.array(offsets, pa.int64()),
        pa.array(ts * 1000, schema.field("timestamp").type),
        pa.array(_repeat([h.timestamp_type for h in hs], counts, np.int32), pa.int32()),
        _binary(data, k_start, k_len, k_null),
        _binary(data, v_start, v_len, v_null),
        headers,
        pa.array(_repeat([h.producer_id for h in hs], counts, np.int64), pa.int64()),
        pa.array(_repeat([h.producer_epoch for h in hs], counts, np.int16), pa.int16()),
        pa.array(seq, pa.int32()),
        pa.array(base_offset, pa.int64()),
        codecs,
    ]
    batch = pa.RecordBatch.from_arrays(arrays, schema=schema)
    if bounds is not None and bounds.filters_rows:
        keep = np.ones(n, bool)
        if bounds.start_offset is not None:
            keep &= offsets >= bounds.start_offset
        if bounds.end_offset is not None:
            keep &= offsets < bounds.end_offset
        if bounds.start_time is not None:
            keep &= ts >= bounds.start_time
        if bounds.end_time is not None:
            keep &= ts <= bounds.end_time
        if not keep.all():
            batch = batch.filter(pa.array(keep))
    return batch


def _reference(buf: Buffer, hs: list[BatchHeader], topic: str, partition: int, bounds: Bounds | None,
               schema: pa.Schema, path: str) -> tuple[pa.RecordBatch | None, bool]:
    """The reference decoder over these batches: (their rows or None, whether a corrupt batch ended the read)."""
    cols = LogColumns(topic, partition)
    corrupt = False
    for h in hs:
        decoded = decode_batch_columns(buf, h)
        if decoded is None:
            log.warning("%s: stopping at the corrupt batch at offset %d", path, h.base_offset)
            corrupt = True
            break
        cols.add(h, decoded, bounds)
    return (log_batch(cols, schema) if len(cols) else None), corrupt


def _finish(buf: Buffer, chunk: _Chunk, topic: str, partition: int, bounds: Bounds | None, schema: pa.Schema,
            path: str) -> tuple[pa.RecordBatch | None, bool]:
    """A chunk's RecordBatch, vectorised or else by the reference decoder: (batch or None, read ended)."""
    if not chunk.rows:
        return None, False
    try:
        return chunk_batch(chunk, topic, partition, bounds, schema), False
    except _Unusual:
        return _reference(buf, chunk.headers, topic, partition, bounds, schema, path)


def iter_log_batches(path: str, topic: str, partition: int, bounds: Bounds | None, schema: pa.Schema,
                     batch_rows: int = 65536, include_control: bool = False) -> Iterator[pa.RecordBatch]:
    """One segment as `kaflite-log` RecordBatches of about `batch_rows` rows: the rows of
    `decode.iter_log_columns`, in the same order; a corrupt batch ends the read there, as it does."""
    with open_segment(path) as buf:
        chunk = _Chunk()
        for h in batches_to_read(buf, path, bounds, include_control):
            try:
                validate_batch(buf, h.position)
                body = decompress(h.compression,
                                  memoryview(buf)[h.position + HEADER_SIZE : h.position + h.size_in_bytes])
            except CorruptRecordError as exc:
                log.warning("%s: batch at offset %d: %s; stopping at this batch", path, h.base_offset, exc)
                break
            odd = not chunk.add(h, body)
            if odd or chunk.rows >= batch_rows or chunk.size >= CHUNK_BYTES:
                batch, corrupt = _finish(buf, chunk, topic, partition, bounds, schema, path)
                chunk = _Chunk()
                if batch is not None and batch.num_rows:
                    yield batch
                if corrupt:
                    return
            if odd:
                batch, corrupt = _reference(buf, [h], topic, partition, bounds, schema, path)
                if batch is not None and batch.num_rows:
                    yield batch
                if corrupt:
                    return
        batch, _ = _finish(buf, chunk, topic, partition, bounds, schema, path)
        if batch is not None and batch.num_rows:
            yield batch


# --------------------------------------------------------------------------------------------------------
# kaflite-offsets kind=commits

_KEY_HEAD = struct.Struct(">hh")
_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")


def _commit_key(key: bytes) -> tuple[str, str, int] | None:
    """An offset-commit key (v0/v1: group, topic, partition) read with struct; None for other record kinds.
    Anything unusual goes to the generated decoder, which raises as the reference path does."""
    version, n = _KEY_HEAD.unpack_from(key, 0)
    if version != 0 and version != 1:
        return None
    try:
        if n >= 0:
            p = 4 + n
            (m,) = _I16.unpack_from(key, p)
            if m >= 0:
                q = p + 2 + m
                (partition,) = _I32.unpack_from(key, q)
                if q + 4 == len(key):
                    return key[4:p].decode(), key[p + 2:q].decode(), partition
    except (struct.error, UnicodeDecodeError):
        pass
    return decode_offset_commit_key(key)


def iter_commit_batches(path: str, log_partition: int, schema: pa.Schema, log_schema: pa.Schema,
                        batch_rows: int = 65536) -> Iterator[pa.RecordBatch]:
    """One ``__consumer_offsets`` segment as `kind=commits` RecordBatches: the rows of
    `internal_topics.iter_offsets_rows(..., "commits")`, in the same order, at a fraction of the cost.

    Why: that path builds a record object, a key object and a row tuple per commit (~4 µs); a segment of
    commits is mostly that. Here the records come from the vectorised `kaflite-log` decoder (keys and
    values as Arrow slices, offsets and timestamps as arrays) and only the key and value fields are read in
    Python, with struct, into column lists."""
    group: list[str] = []
    topic: list[str] = []
    partition: list[int] = []
    offset: list[int | None] = []
    leader_epoch: list[int | None] = []
    metadata: list[str | None] = []
    commit_ts: list[int | None] = []
    expire_ts: list[int | None] = []
    tombstone: list[bool] = []
    version: list[int | None] = []
    for batch in iter_log_batches(path, CONSUMER_OFFSETS_TOPIC, log_partition, None, log_schema, batch_rows):
        keys = batch.column(batch.schema.get_field_index("key")).to_pylist()
        values = batch.column(batch.schema.get_field_index("value")).to_pylist()
        take: list[int] = []
        for i, (key, value) in enumerate(zip(keys, values, strict=True)):
            if key is None or len(key) < 2:
                continue
            k = _commit_key(key)
            if k is None:
                continue
            take.append(i)
            group.append(k[0])
            topic.append(k[1])
            partition.append(k[2])
            tombstone.append(value is None)
            if value is None:
                offset.append(None)
                leader_epoch.append(None)
                metadata.append(None)
                commit_ts.append(None)
                expire_ts.append(None)
                version.append(None)
                continue
            o, e, m, c, x = decode_offset_commit_value_fields(value)
            offset.append(o)
            leader_epoch.append(e)
            metadata.append(m)
            commit_ts.append(None if c is None or c < 0 else c)
            expire_ts.append(None if x is None or x < 0 else x)
            version.append(_I16.unpack_from(value, 0)[0])
        if take:
            idx = pa.array(take, pa.int32())
            log_offsets = batch.column(batch.schema.get_field_index("offset")).take(idx)
            log_times = batch.column(batch.schema.get_field_index("timestamp")).take(idx)
            ts_type = schema.field("commit_timestamp").type
            arrays = [
                pa.array(group, pa.string()), pa.array(topic, pa.string()), pa.array(partition, pa.int32()),
                pa.array(offset, pa.int64()), pa.array(leader_epoch, pa.int32()), pa.array(metadata, pa.string()),
                _ms_timestamps(commit_ts, ts_type), _ms_timestamps(expire_ts, ts_type),
                pa.array(tombstone, pa.bool_()), pa.array(version, pa.int16()),
                pa.repeat(pa.scalar(log_partition, pa.int32()), len(take)), log_offsets,
                log_times.cast(schema.field("log_timestamp").type),
            ]
            yield pa.RecordBatch.from_arrays(
                [a.cast(f.type) if a.type != f.type else a for a, f in zip(arrays, schema, strict=True)],
                schema=schema)
            for col in (group, topic, partition, offset, leader_epoch, metadata, commit_ts, expire_ts, tombstone,
                        version):
                col.clear()


def _ms_timestamps(ms: list[int | None], type_: pa.DataType) -> pa.Array:
    return pa.array(ms, pa.int64()).cast(pa.timestamp("ms", tz="UTC")).cast(type_)
