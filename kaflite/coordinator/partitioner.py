"""Which `__consumer_offsets` partition owns a group: Kafka's exact arithmetic (B-FIND-1)."""

from __future__ import annotations

_INT_MIN = -(2**31)


def java_string_hash_code(s: str) -> int:
    """Java's String.hashCode: s[0]*31^(n-1) + ... over UTF-16 code units, wrapped to a signed int32."""
    data = s.encode("utf-16-be")
    h = 0
    for i in range(0, len(data), 2):
        h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def kafka_abs(n: int) -> int:
    """Kafka's Utils.abs: like Math.abs, but Integer.MIN_VALUE maps to 0 instead of staying negative."""
    return 0 if n == _INT_MIN else abs(n)


def partition_for(group_id: str, num_partitions: int) -> int:
    """`abs(hashCode(group)) % offsets.topic.num.partitions`, as Kafka's partitionFor."""
    return kafka_abs(java_string_hash_code(group_id)) % num_partitions
