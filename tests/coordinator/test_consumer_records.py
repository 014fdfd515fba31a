"""CG-LOG-1: the consumer-group records in Kafka 4.1's bytes (key = record type + key struct v0,
value = version 0 + flexible struct), pinned byte for byte."""

from __future__ import annotations

from kaflite.coordinator.consumer import records as rec

TID = bytes(range(16))


def test_CG_LOG_1_keys_start_with_the_record_type() -> None:
    assert rec.group_metadata_key("g") == bytes.fromhex("0003" "0001") + b"g"
    assert rec.partition_metadata_key("g") == bytes.fromhex("0004" "0001") + b"g"
    assert rec.member_metadata_key("g", "m") == bytes.fromhex("0005" "0001") + b"g" + bytes.fromhex("0001") + b"m"
    assert rec.target_assignment_metadata_key("g") == bytes.fromhex("0006" "0001") + b"g"
    assert rec.target_assignment_member_key("g", "m")[:2] == bytes.fromhex("0007")
    assert rec.current_assignment_key("g", "m")[:2] == bytes.fromhex("0008")
    key = rec.regular_expression_key("g", "t.*")
    assert key == bytes.fromhex("0010" "0001") + b"g" + bytes.fromhex("0003") + b"t.*"
    assert rec.decode_key(rec.member_metadata_key("g", "m"))[0] == rec.MEMBER_METADATA


def test_CG_LOG_1_values() -> None:
    # (3) epoch 1, hash 0: the tagged MetadataHash is left out at its default.
    assert rec.group_metadata_value(1, 0) == bytes.fromhex("0000" "00000001" "00")
    # ... and written as tag 0 (8 bytes) otherwise.
    assert rec.group_metadata_value(2, 1) == bytes.fromhex("0000" "00000002" "01" "00" "08" "0000000000000001")
    assert rec.target_assignment_metadata_value(5) == bytes.fromhex("0000" "00000005" "00")
    assert rec.target_assignment_member_value({TID: frozenset({1, 0})}) == (
        bytes.fromhex("0000" "02") + TID + bytes.fromhex("03" "00000000" "00000001" "00" "00"))
    assert rec.current_assignment_value(3, 2, 1, {TID: frozenset({0})}, {}) == (
        bytes.fromhex("0000" "00000003" "00000002" "01" "02") + TID + bytes.fromhex("02" "00000000" "00" "01" "00"))
    assert rec.regular_expression_value(["b", "a"], 7, 9) == bytes.fromhex(
        "0000" "03" "0261" "0262" "0000000000000007" "0000000000000009" "00")


def test_CG_RP_2_unknown_value_version_fails_the_load() -> None:
    import pytest

    from kaflite.protocol.messages import ConsumerGroupMetadataValue
    with pytest.raises(ValueError, match="unknown value version 1"):
        rec.decode_value(ConsumerGroupMetadataValue, bytes.fromhex("0001" "00000001" "00"))
