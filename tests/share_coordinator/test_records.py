"""`__share_group_state` records against hand-computed bytes (SC-LOG-1) and the key -> partition rule (SC-TOP-1)."""

from __future__ import annotations

import pytest

from kaflite.share_coordinator.batches import StateBatch
from kaflite.share_coordinator.records import (
    SHARE_SNAPSHOT,
    SHARE_UPDATE,
    ShareGroupOffset,
    SharePartitionKey,
    ShareUpdate,
    UnknownRecord,
    decode_record,
    share_group_state_topic_configs,
    share_snapshot_key,
    share_snapshot_value,
    share_update_key,
    share_update_value,
    snapshot_record,
    tombstone,
    update_record,
)
from kaflite.share_coordinator.shard import share_partition_for

TOPIC = bytes(range(16))
KEY = SharePartitionKey("g", TOPIC, 3)
# int16 type, then GroupId (int16 length + UTF-8), TopicId (16 raw bytes), Partition int32
KEY_BODY = "0001" + "67" + TOPIC.hex() + "00000003"


def test_sc_log_1_keys_are_the_type_then_the_version_0_key_struct() -> None:
    assert share_snapshot_key(KEY).hex() == "0000" + KEY_BODY
    assert share_update_key(KEY).hex() == "0001" + KEY_BODY


def test_sc_log_1_snapshot_value_omits_delivery_complete_count_when_minus_one() -> None:
    v = ShareGroupOffset(snapshot_epoch=1, state_epoch=2, leader_epoch=3, start_offset=4, delivery_complete_count=-1,
                         state_batches=(StateBatch(5, 6, 2, 1),), create_timestamp=7, write_timestamp=8)
    expected = (
        "0000"  # value version 0
        "00000001" "00000002" "00000003"  # SnapshotEpoch, StateEpoch, LeaderEpoch
        "0000000000000004"  # StartOffset
        "0000000000000007" "0000000000000008"  # CreateTimestamp, WriteTimestamp
        "02"  # compact array: 1 batch
        "0000000000000005" "0000000000000006" "02" "0001" "00"  # First, Last, State, Count, no tags
        "00"  # no tagged fields: DeliveryCompleteCount -1 is left out
    )
    assert share_snapshot_value(v).hex() == expected


def test_sc_log_1_snapshot_value_carries_delivery_complete_count_as_tag_0() -> None:
    v = ShareGroupOffset(1, 2, 3, 4, 9, (), 7, 8)
    expected = ("0000" "00000001" "00000002" "00000003" "0000000000000004" "0000000000000007" "0000000000000008"
                "01"  # no batches
                "01" "00" "04" "00000009")  # one tagged field: tag 0, 4 bytes, 9
    assert share_snapshot_value(v).hex() == expected


def test_sc_log_1_update_value_has_no_state_epoch_nor_timestamps() -> None:
    u = ShareUpdate(snapshot_epoch=1, leader_epoch=3, start_offset=-1, delivery_complete_count=-1,
                    state_batches=(StateBatch(5, 6, 0, 1),))
    expected = ("0000" "00000001" "00000003" "ffffffffffffffff"
                "02" "0000000000000005" "0000000000000006" "00" "0001" "00"
                "00")
    assert share_update_value(u).hex() == expected
    u2 = ShareUpdate(1, 3, 10, 12, ())
    assert share_update_value(u2).hex() == ("0000" "00000001" "00000003" "000000000000000a" "01"
                                            "01" "00" "04" "0000000c")


def test_sc_log_1_records_decode_back_and_the_tombstone_is_a_snapshot_key_with_null_value() -> None:
    snap = ShareGroupOffset(1, 2, 3, 4, 9, (StateBatch(5, 6, 2, 1), StateBatch(7, 9, 0, 3)), 7, 8)
    assert decode_record(*snapshot_record(KEY, snap)) == (SHARE_SNAPSHOT, KEY, snap)
    upd = ShareUpdate(1, -1, -1, -1, (StateBatch(5, 6, 4, 5),))
    assert decode_record(*update_record(KEY, upd)) == (SHARE_UPDATE, KEY, upd)
    key, value = tombstone(KEY)
    assert key == share_snapshot_key(KEY) and value is None
    assert decode_record(key, value) == (SHARE_SNAPSHOT, KEY, None)


def test_sc_rp_1_unknown_types_and_value_versions_are_refused() -> None:
    key, value = snapshot_record(KEY, ShareGroupOffset(0, 0, 0, 0, -1, (), 0, 0))
    with pytest.raises(UnknownRecord):
        decode_record(b"\x00\x07" + key[2:], value)
    assert value is not None
    with pytest.raises(UnknownRecord):
        decode_record(key, b"\x00\x01" + value[2:])


def _java_hash(s: str) -> int:
    h = 0
    for ch in s:  # ASCII: one UTF-16 unit each
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def test_sc_top_1_coordinator_key_and_partition() -> None:
    """`group:topicId:partition` with the topic id as Kafka prints a Uuid (base64url, no padding, 22 chars)."""
    assert KEY.coordinator_key() == "g:AAECAwQFBgcICQoLDA0ODw:3"
    tid = bytes.fromhex("fb" * 16)
    key = SharePartitionKey("share-group", tid, 17)
    assert key.coordinator_key() == "share-group:-_v7-_v7-_v7-_v7-_v7-w:17"  # url-safe alphabet
    for k in (KEY, key, SharePartitionKey("g:with:colons", tid, 0)):
        assert share_partition_for(k, 50) == abs(_java_hash(k.coordinator_key())) % 50
        assert share_partition_for(k, 1) == 0


def test_sc_top_1_topic_configs() -> None:
    cfg = share_group_state_topic_configs()
    assert cfg["cleanup.policy"] == "delete" and cfg["retention.ms"] == "-1"
    assert cfg["compression.type"] == "producer" and cfg["segment.bytes"] == "104857600"
    assert cfg["min.insync.replicas"] == "1"
