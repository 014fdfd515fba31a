"""`kaflite dump-log --share-group-state-decoder`: `__share_group_state` records (SC-LOG-1) and the share groups'
`__consumer_offsets` record types (SG-LOG-1) decode with Kafka's schemas, as kafka-dump-log.sh prints them."""

from __future__ import annotations

import json

from kaflite.protocol.messages import ShareGroupMetadataKey, ShareGroupMetadataValue
from kaflite.share.state import StateBatch
from kaflite.share_coordinator.records import (
    ShareGroupOffset,
    SharePartitionKey,
    ShareUpdate,
    snapshot_record,
    tombstone,
    update_record,
)
from kaflite.tools.dump_log import OFFSETS_RECORD_TYPES, SHARE_STATE_RECORD_TYPES, decode_coordinator_record

TOPIC_ID = bytes(range(16))


def test_share_snapshot_update_and_tombstone_decode() -> None:
    key = SharePartitionKey("g1", TOPIC_ID, 3)
    snap = ShareGroupOffset(snapshot_epoch=0, state_epoch=1, leader_epoch=0, start_offset=10,
                            delivery_complete_count=-1, state_batches=(StateBatch(10, 12, 2, 1),),
                            create_timestamp=5, write_timestamp=6)
    k, v = snapshot_record(key, snap)
    key_text, payload = decode_coordinator_record(k, v, SHARE_STATE_RECORD_TYPES, 0)
    assert json.loads(key_text) == {"type": "0", "data": {"groupId": "g1", "topicId": "AAECAwQFBgcICQoLDA0ODw==",
                                                          "partition": 3}}
    data = json.loads(payload or "")["data"]
    assert data["startOffset"] == 10 and data["stateEpoch"] == 1
    assert data["stateBatches"] == [{"firstOffset": 10, "lastOffset": 12, "deliveryState": 2, "deliveryCount": 1}]

    k, v = update_record(key, ShareUpdate(snapshot_epoch=0, leader_epoch=-1, start_offset=13,
                                          delivery_complete_count=0, state_batches=()))
    key_text, payload = decode_coordinator_record(k, v, SHARE_STATE_RECORD_TYPES, 1)
    assert json.loads(key_text)["type"] == "1" and json.loads(payload or "")["data"]["startOffset"] == 13

    k, v = tombstone(key)
    assert decode_coordinator_record(k, v, SHARE_STATE_RECORD_TYPES, 2)[1] == "<DELETE>"


def test_share_group_records_in_consumer_offsets_decode() -> None:
    key = b"\x00\x0b" + ShareGroupMetadataKey(group_id="sg").encode(0)
    value = b"\x00\x00" + ShareGroupMetadataValue(epoch=3, metadata_hash=7).encode(0)
    key_text, payload = decode_coordinator_record(key, value, OFFSETS_RECORD_TYPES, 0)
    assert json.loads(key_text) == {"type": "11", "data": {"groupId": "sg"}}
    assert json.loads(payload or "")["data"]["epoch"] == 3
