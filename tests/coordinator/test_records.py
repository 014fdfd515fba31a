"""B-LOG-1: `__consumer_offsets` records in Kafka's byte layout, checked against hand-written bytes."""

from __future__ import annotations

from kaflite.coordinator.records import (
    GroupMetadataRecordKey,
    OffsetCommitRecordKey,
    decode_group_metadata_value,
    decode_key,
    decode_offset_commit_value,
    group_metadata_key,
    group_metadata_value,
    offset_commit_key,
    offset_commit_value,
)
from kaflite.protocol.messages import GroupMetadataValue


def h(s: str) -> bytes:
    return bytes.fromhex(s.replace(" ", ""))


def test_b_log_1_offset_commit_key_v1() -> None:
    # int16 version 1 | string group | string topic | int32 partition
    expected = h("0001 0001 67 0001 74 00000002")
    assert offset_commit_key("g", "t", 2) == expected
    assert decode_key(expected) == OffsetCommitRecordKey("g", "t", 2)


def test_b_log_1_offset_commit_value_v3() -> None:
    # int16 version 3 | int64 offset | int32 leader epoch | string metadata | int64 commit timestamp
    expected = h("0003 000000000000002a 00000005 0001 6d 00000000000003e8")
    assert offset_commit_value(42, 5, "m", 1000, None) == expected
    v = decode_offset_commit_value(expected)
    assert (v.offset, v.leader_epoch, v.metadata, v.commit_timestamp) == (42, 5, "m", 1000)


def test_b_log_1_offset_commit_value_v1_carries_expire_timestamp() -> None:
    # int16 version 1 | int64 offset | string metadata | int64 commit ts | int64 expire ts
    expected = h("0001 000000000000002a 0000 00000000000003e8 00000000000007d0")
    assert offset_commit_value(42, 5, "", 1000, 2000) == expected
    v = decode_offset_commit_value(expected)
    assert (v.offset, v.leader_epoch, v.expire_timestamp) == (42, -1, 2000)


def test_b_log_1_group_metadata_key_v2() -> None:
    expected = h("0002 0001 67")
    assert group_metadata_key("g") == expected
    assert decode_key(expected) == GroupMetadataRecordKey("g")


def test_b_log_1_group_metadata_value_v3() -> None:
    value = GroupMetadataValue(
        protocol_type="consumer",
        generation=3,
        protocol="range",
        leader="m1",
        current_state_timestamp=1000,
        members=[
            GroupMetadataValue.MemberMetadata(
                member_id="m1",
                group_instance_id=None,
                client_id="c",
                client_host="h",
                rebalance_timeout=30000,
                session_timeout=10000,
                subscription=b"\x01",
                assignment=b"\x02\x03",
            )
        ],
    )
    expected = h(
        "0003"  # value version
        "0008 636f6e73756d6572"  # protocolType "consumer"
        "00000003"  # generation
        "0005 72616e6765"  # protocol "range"
        "0002 6d31"  # leader "m1"
        "00000000000003e8"  # currentStateTimestamp (v2+)
        "00000001"  # one member
        "0002 6d31"  # memberId
        "ffff"  # groupInstanceId null (v3+)
        "0001 63"  # clientId
        "0001 68"  # clientHost
        "00007530"  # rebalanceTimeout 30000 (v1+)
        "00002710"  # sessionTimeout 10000
        "00000001 01"  # subscription
        "00000002 0203"  # assignment
    )
    assert group_metadata_value(value) == expected
    assert decode_group_metadata_value(expected) == value


def test_b_log_1_older_group_metadata_value_versions_decode() -> None:
    # v0 (no rebalance timeout, no state timestamp, no instance id), as written by Kafka < 0.10.1.
    v0 = h("0000 0008 636f6e73756d6572 00000001 0005 72616e6765 0002 6d31 00000000")
    value = decode_group_metadata_value(v0)
    assert (value.generation, value.protocol, value.current_state_timestamp, value.members) == (
        1,
        "range",
        -1,
        [],
    )


def test_b_log_1_unknown_record_kinds_are_skipped() -> None:
    assert decode_key(h("0003 0001 67")) is None  # KIP-848 consumer-group records
