"""B-LOG-1: `__consumer_offsets` records in Kafka's byte layout, checked against hand-written bytes."""

from __future__ import annotations

import struct
from collections.abc import Callable

import pytest

from kaflite.coordinator.group import OffsetAndMetadata
from kaflite.coordinator.records import (
    GroupMetadataRecordKey,
    OffsetCommitRecordKey,
    decode_group_metadata_value,
    decode_key,
    decode_offset_commit_key,
    decode_offset_commit_value,
    decode_offset_commit_value_fields,
    group_metadata_key,
    group_metadata_value,
    offset_commit_key,
    offset_commit_value,
)
from kaflite.protocol._codec import DecodeError
from kaflite.protocol.messages import GroupMetadataValue, OffsetCommitKey, OffsetCommitValue


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


# ---------------------------------------------------------------------------------------------
# The fast offset-commit decoders (B-LOG-1) against the generated decoders: the same fields, or
# the same error, for every key and value version, and for anything short, null or garbled.

METADATA = ["", "m", "ünïcødé ✓ \U0001f600", "x" * 300]
NAMES = ["", "g", "consumer-app-\u00e9t\u00e9-\U0001f600", "n" * 200]


def _generated_key(key: bytes) -> tuple[str, str, int] | None:
    (version,) = struct.unpack_from(">h", key, 0)
    if version not in (0, 1):
        return None
    k = OffsetCommitKey.decode(memoryview(key)[2:], version)
    return k.group, k.topic, k.partition


def _generated_value(value: bytes) -> tuple[int, int, str, int, int | None]:
    (version,) = struct.unpack_from(">h", value, 0)
    v = OffsetCommitValue.decode(memoryview(value)[2:], version)
    expire = None if v.expire_timestamp == -1 else v.expire_timestamp
    return v.offset, v.leader_epoch, v.metadata, v.commit_timestamp, expire


def _outcome(f: Callable[[bytes], object], buf: bytes) -> object:
    """The result, or the exception's type and message."""
    try:
        return f(buf)
    except Exception as e:  # whatever each decoder raises, compared
        return type(e), str(e)


def _value(version: int, metadata: str, expire: int = 2000) -> bytes:
    v = OffsetCommitValue(offset=2**40 + 7, leader_epoch=12, metadata=metadata, commit_timestamp=1000,
                          expire_timestamp=expire)
    return struct.pack(">h", version) + v.encode(version)


@pytest.mark.parametrize("version", [0, 1])
@pytest.mark.parametrize("name", NAMES)
def test_b_log_1_fast_key_decoder_matches_generated(version: int, name: str) -> None:
    for partition in (0, 7, 2**31 - 1, -1):
        key = struct.pack(">h", version) + OffsetCommitKey(group=name, topic=name[::-1], partition=partition).encode(
            version
        )
        assert decode_offset_commit_key(key) == _generated_key(key) == (name, name[::-1], partition)
        assert decode_offset_commit_key(memoryview(key)) == _generated_key(key)  # any buffer
        assert decode_key(key) == OffsetCommitRecordKey(name, name[::-1], partition)


@pytest.mark.parametrize("version", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("metadata", METADATA)
def test_b_log_1_fast_value_decoder_matches_generated(version: int, metadata: str) -> None:
    for expire in (2000, -1):
        value = _value(version, metadata, expire)
        fields = decode_offset_commit_value_fields(value)
        assert fields == _generated_value(value)
        assert fields[2] == metadata and fields[4] == (expire if version == 1 and expire != -1 else None)
        assert fields[1] == (12 if version >= 3 else -1)
        assert decode_offset_commit_value_fields(memoryview(value)) == fields
        assert decode_offset_commit_value(value) == OffsetCommitValue.decode(value[2:], version)


def test_b_log_1_offset_and_metadata_is_built_from_the_value_fields() -> None:
    o = OffsetAndMetadata._make(decode_offset_commit_value_fields(_value(1, "m")))
    assert o == OffsetAndMetadata(2**40 + 7, -1, "m", 1000, 2000)
    assert (o.offset, o.metadata, o.commit_timestamp_ms, o.expire_timestamp_ms) == (2**40 + 7, "m", 1000, 2000)
    o3 = OffsetAndMetadata._make(decode_offset_commit_value_fields(_value(3, "")))
    assert (o3.leader_epoch, o3.expire_timestamp_ms) == (12, None)


def test_b_log_1_fast_decoders_fail_like_the_generated_ones() -> None:
    keys = [struct.pack(">h", v) + OffsetCommitKey(group="gé", topic="t", partition=3).encode(v) for v in (0, 1)]
    values = [_value(v, "mé") for v in range(5)]
    # Every truncation: the same DecodeError (or struct.error for a missing version) as before.
    for key in keys:
        for n in range(len(key)):
            assert _outcome(decode_offset_commit_key, key[:n]) == _outcome(_generated_key, key[:n]), n
    for value in values:
        for n in range(len(value)):
            assert _outcome(decode_offset_commit_value_fields, value[:n]) == _outcome(_generated_value, value[:n])
    short = _outcome(decode_offset_commit_value_fields, values[3][:14])
    assert short[0] is DecodeError and "malformed OffsetCommitValue v3" in str(short[1])  # type: ignore[index]
    odd = [
        h("0001 ffff 0001 74 00000001"),  # null group: refused, as Kafka's reader refuses it
        h("0000 0001 67 ffff 00000001"),  # null topic
        h("0001 0001 ff 0001 74 00000001"),  # invalid UTF-8
        h("0001 7fff 67"),  # a length past the end
        h("0003"),  # an unknown record kind, too short to hold anything: skipped, as before
    ]
    for key in odd:
        assert _outcome(decode_offset_commit_key, key) == _outcome(_generated_key, key)
    with pytest.raises(DecodeError, match="non-nullable"):  # the group id is not nullable in any version
        decode_offset_commit_key(h("0001 ffff 0001 74 00000001"))
    assert decode_offset_commit_key(h("0002 0001 67")) is None  # group metadata key
    odd_values = [
        h("0003 000000000000002a 00000005 ffff 00000000000003e8"),  # null metadata
        h("0003 000000000000002a 00000005 0001 ff 00000000000003e8"),  # invalid UTF-8
        h("0000 000000000000002a 7fff 00"),
        h("0005 000000000000002a 00000005 0000 00000000000003e8"),  # unknown version
        h("ffff 000000000000002a 00000005 0000 00000000000003e8"),
    ]
    for value in odd_values:
        assert _outcome(decode_offset_commit_value_fields, value) == _outcome(_generated_value, value)
    with pytest.raises(DecodeError, match="non-nullable"):  # kaflite writes "" for a null commit metadata
        decode_offset_commit_value_fields(odd_values[0])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("metadata", METADATA)
def test_b_log_1_fast_encoders_match_generated(name: str, metadata: str) -> None:
    """Every commit's key and value are packed directly: byte for byte what the generated codecs write."""
    for partition in (0, 7, 2**31 - 1):
        assert offset_commit_key(name, name[::-1], partition) == struct.pack(">h", 1) + OffsetCommitKey(
            group=name, topic=name[::-1], partition=partition).encode(1)
    for offset, epoch in ((0, -1), (2**40 + 7, 12), (-1, 0)):
        assert offset_commit_value(offset, epoch, metadata, 1000, None) == struct.pack(">h", 3) + OffsetCommitValue(
            offset=offset, leader_epoch=epoch, metadata=metadata, commit_timestamp=1000).encode(3)
