"""B-FIND-1: Java's String.hashCode and Kafka's Utils.abs, checked against values computed by a JDK 17."""

from __future__ import annotations

import pytest

from kaflite.coordinator import GroupCoordinator, java_string_hash_code, kafka_abs, partition_for

# (group, String.hashCode(), abs(hash) % 50) printed by `java H` (JDK 17) on this machine.
JAVA_VALUES = [
    ("", 0, 0),
    ("g", 103, 3),
    ("my-group", -1906497762, 12),
    ("console-consumer-12345", 158455506, 6),
    ("test-group", 627841412, 12),
    ("polygenelubricants", -2147483648, 0),  # hashes to Integer.MIN_VALUE
    ("GydZG_", -2147483648, 0),
    ("DESIGNING WORKHOUSES", -2147483648, 0),
    ("\u00e9t\u00e9-groupe", 344087765, 15),  # non-ASCII BMP
    ("\U0001f600emoji", -1233692477, 27),  # a surrogate pair: two UTF-16 code units
    ("kaflite-S1", -1221110803, 3),
]


@pytest.mark.parametrize(("group", "java_hash", "partition"), JAVA_VALUES)
def test_b_find_1_java_hash_code_and_partition(group: str, java_hash: int, partition: int) -> None:
    assert java_string_hash_code(group) == java_hash
    assert partition_for(group, 50) == partition


def test_b_find_1_utils_abs_maps_min_value_to_zero() -> None:
    assert kafka_abs(-(2**31)) == 0
    assert kafka_abs(-5) == 5
    assert kafka_abs(7) == 7


def test_b_find_1_coordinator_uses_configured_partition_count() -> None:
    from kaflite.coordinator import GroupCoordinatorConfig

    coord = GroupCoordinator(GroupCoordinatorConfig(offsets_topic_num_partitions=7))
    assert coord.partition_for("my-group") == abs(-1906497762) % 7


def test_b_find_3_each_key_is_answered_on_its_own() -> None:
    # Batched FindCoordinator (v4+) asks per key; the partition function is per key too.
    keys = ["g", "my-group", "test-group"]
    assert [partition_for(k, 50) for k in keys] == [3, 12, 12]
