"""The record codecs Kafka's batches name in their attributes (bits 0-2): gzip, snappy (xerial-framed, as Java's
SnappyOutputStream and librdkafka write it), LZ4 (frames of independent blocks) and zstd, through cramjam.
"""

from __future__ import annotations

import struct

import cramjam

from kaflite.protocol.record_errors import CorruptRecordError, InvalidRecordError

Buffer = bytes | bytearray | memoryview

# Compression codecs (attributes bits 0-2), Kafka's ids.
NONE = 0
GZIP = 1
SNAPPY = 2
LZ4 = 3
ZSTD = 4
CODEC_NAMES = {NONE: "none", GZIP: "gzip", SNAPPY: "snappy", LZ4: "lz4", ZSTD: "zstd"}

_INT32 = struct.Struct(">i")
_XERIAL_MAGIC = b"\x82SNAPPY\x00"
_XERIAL_HEADER = struct.Struct(">8sii")


def compress(codec: int, data: bytes) -> bytes:
    """Compress a records payload as Kafka producers do (xerial snappy, LZ4 frame with independent blocks)."""
    if codec == NONE:
        return data
    if codec == GZIP:
        return bytes(cramjam.gzip.compress(data))
    if codec == SNAPPY:
        return _xerial_snappy_encode(data)
    if codec == LZ4:
        # Java's KafkaLZ4BlockInputStream refuses dependent blocks: independent blocks, no checksums.
        compressor = cramjam.lz4.Compressor(block_linked=False, content_checksum=False)
        compressor.compress(data)
        return bytes(compressor.finish())
    if codec == ZSTD:
        return bytes(cramjam.zstd.compress(data, level=3))
    raise InvalidRecordError(f"unknown compression codec {codec}")


def decompress(codec: int, data: Buffer) -> bytes:
    """Decompress a records payload; garbage raises CorruptRecordError."""
    if codec == NONE:
        return bytes(data)
    try:
        if codec == GZIP:
            return bytes(cramjam.gzip.decompress(bytes(data)))
        if codec == SNAPPY:
            return _snappy_decode(bytes(data))
        if codec == LZ4:
            return bytes(cramjam.lz4.decompress(bytes(data)))
        if codec == ZSTD:
            return bytes(cramjam.zstd.decompress(bytes(data)))
    except cramjam.DecompressionError as exc:
        raise CorruptRecordError(f"cannot decompress {CODEC_NAMES[codec]} records: {exc}") from exc
    raise CorruptRecordError(f"unknown compression codec {codec}")


_XERIAL_BLOCK = 32 * 1024


def _xerial_snappy_encode(data: bytes) -> bytes:
    """xerial-framed snappy, what Java's SnappyOutputStream and librdkafka write: header + [len][block]*."""
    out = bytearray(_XERIAL_HEADER.pack(_XERIAL_MAGIC, 1, 1))
    for start in range(0, len(data), _XERIAL_BLOCK):
        block = bytes(cramjam.snappy.compress_raw(data[start : start + _XERIAL_BLOCK]))
        out += _INT32.pack(len(block))
        out += block
    return bytes(out)


def _snappy_decode(data: bytes) -> bytes:
    if not data.startswith(_XERIAL_MAGIC):
        return bytes(cramjam.snappy.decompress_raw(data))
    pos = _XERIAL_HEADER.size
    out = bytearray()
    while pos < len(data):
        if pos + 4 > len(data):
            raise CorruptRecordError("truncated xerial snappy block length")
        (n,) = _INT32.unpack_from(data, pos)
        pos += 4
        if n < 0 or pos + n > len(data):
            raise CorruptRecordError("truncated xerial snappy block")
        out += cramjam.snappy.decompress_raw(data[pos : pos + n])
        pos += n
    return bytes(out)
