"""Which `__consumer_offsets` partition owns a group: Kafka's exact arithmetic (B-FIND-1)."""

from __future__ import annotations

import struct
from functools import lru_cache

_INT_MIN = -(2**31)

# Group ids repeat forever (every request, every replayed record) and a hash walks the whole id
# in Python (~2 us for 20 characters): remember the answers for this many distinct (id, partition count)
# pairs, group and transactional ids alike. Each entry keeps its id alive (~200 bytes with it): the
# torture fuzz run's random ids filled 8,192 of them (1.6 MiB) and they were two thirds of the broker's
# growth over frames (tracemalloc, issue 13); 1,024 (~200 KiB) still hold every group and transactional
# id of a development or test broker, and a miss past that costs one hash.
PARTITION_CACHE_SIZE = 1 << 10


def java_string_hash_code(s: str) -> int:
    """Java's String.hashCode: s[0]*31^(n-1) + ... over UTF-16 code units, wrapped to a signed int32."""
    data = s.encode("utf-16-be")
    h = 0
    for unit in struct.unpack(f">{len(data) // 2}H", data):
        h = (31 * h + unit) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def kafka_abs(n: int) -> int:
    """Kafka's Utils.abs: like Math.abs, but Integer.MIN_VALUE maps to 0 instead of staying negative."""
    return 0 if n == _INT_MIN else abs(n)


@lru_cache(maxsize=PARTITION_CACHE_SIZE)
def partition_for(group_id: str, num_partitions: int) -> int:
    """`abs(hashCode(group)) % offsets.topic.num.partitions`, as Kafka's partitionFor (cached: it is pure)."""
    return kafka_abs(java_string_hash_code(group_id)) % num_partitions
