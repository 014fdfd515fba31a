"""SG-LOG-1/2 and SG-RP-1: the share-group records of `__consumer_offsets` in Kafka 4.2's bytes, their order,
and the replay that rebuilds the group from them."""

from __future__ import annotations

import pytest

from kaflite.coordinator.share import records as rec
from kaflite.coordinator.share.group import ShareGroup, ShareGroupState
from kaflite.coordinator.share.records import StatePartitionMetadata, TopicPartitions
from tests.coordinator.share.harness import ShareHarness, topic_id

T = bytes(range(16))


def h(s: str) -> bytes:
    return bytes.fromhex(s.replace(" ", ""))


def test_sg_log_1_keys_are_the_type_then_the_key_struct() -> None:
    assert rec.member_metadata_key("g", "m") == h("000a 0001 67 0001 6d")
    assert rec.group_metadata_key("g") == h("000b 0001 67")
    assert rec.target_assignment_metadata_key("g") == h("000c 0001 67")
    assert rec.target_assignment_member_key("g", "m") == h("000d 0001 67 0001 6d")
    assert rec.current_assignment_key("g", "m") == h("000e 0001 67 0001 6d")
    assert rec.state_partition_metadata_key("g") == h("000f 0001 67")


def test_sg_log_1_values_are_version_0_then_the_flexible_struct() -> None:
    # (10) {RackId null, ClientId "c", ClientHost "/h", SubscribedTopicNames sorted}
    assert rec.member_metadata_value(None, "c", "/h", ["foo", "bar"]) == h(
        "0000 00 02 63 03 2f68 03 04 626172 04 666f6f 00")
    # (11) {Epoch, MetadataHash int64, not tagged}
    assert rec.group_metadata_value(1, -2) == h("0000 00000001 fffffffffffffffe 00")
    # (12) {AssignmentEpoch}
    assert rec.target_assignment_metadata_value(7) == h("0000 00000007 00")
    # (13) {TopicPartitions [{TopicId, Partitions}]}
    assert rec.target_assignment_member_value({T: frozenset({2, 0})}) == h(
        "0000 02" + T.hex() + "03 00000000 00000002 00 00")
    # (14) {MemberEpoch, PreviousMemberEpoch, State int8 0, AssignedPartitions}
    assert rec.current_assignment_value(2, 1, {}) == h("0000 00000002 00000001 00 01 00")
    # (15) {InitializingTopics, InitializedTopics [{TopicId, TopicName, Partitions}], DeletingTopics [{TopicId,
    # TopicName}]}
    md = StatePartitionMetadata({T: TopicPartitions("foo", frozenset({0}))}, {}, {T: "foo"})
    assert rec.state_partition_metadata_value(md) == h(
        "0000 02" + T.hex() + "04 666f6f 02 00000000 00 01 02" + T.hex() + "04 666f6f 00 00")


def test_sg_log_1_values_decode_back() -> None:
    md = StatePartitionMetadata({T: TopicPartitions("foo", frozenset({0, 1}))}, {b"\1" * 16: TopicPartitions(
        "bar", frozenset({3}))}, {b"\2" * 16: "baz"})
    v = rec.decode_value(rec.STATE_PARTITION_METADATA, rec.state_partition_metadata_value(md))
    assert rec.state_partition_metadata_of(v) == md
    with pytest.raises(ValueError, match="unknown value version 1"):
        rec.decode_value(rec.GROUP_METADATA, h("0001 00000001 0000000000000000 00"))


def test_sg_log_2_first_join_writes_kafkas_order_then_the_initialization() -> None:
    """(10),(11){1},(13),(12){1},(14){1, prev 0, []},(15){Initializing}; after the share coordinator
    answered, (15){Initialized}; the next heartbeat (11){2},(13),(12){2},(14){2, prev 1}."""
    h_ = ShareHarness({"foo": 2})
    h_.hb("m1", 0)
    assert h_.record_types() == [(10, False), (11, False), (13, False), (12, False), (14, False), (15, False)]
    assert h_.records[3][1] == rec.target_assignment_metadata_value(1)
    assert h_.records[4][1] == rec.current_assignment_value(1, 0, {})
    n = len(h_.records)
    h_.initialize_all()
    assert h_.record_types(n) == [(15, False)]
    n = len(h_.records)
    h_.hb("m1", 1)
    assert h_.record_types(n) == [(11, False), (13, False), (12, False), (14, False)]
    assert h_.records[-1][1] == rec.current_assignment_value(2, 1, {topic_id("foo"): frozenset({0, 1})})


def test_sg_rp_1_replay_rebuilds_the_group_a_load_sees() -> None:
    h_ = ShareHarness({"foo": 3, "bar": 1})
    h_.hb("m1", 0, topics=["foo", "bar"])
    h_.initialize_all()
    h_.hb("m1", 1)
    h_.hb("m2", 0, topics=["foo"])
    live = h_.group()
    loaded = h_.replayed().ctx.groups["g"]
    assert isinstance(loaded, ShareGroup)
    assert (loaded.group_epoch, loaded.assignment_epoch, loaded.metadata_hash) == (
        live.group_epoch, live.assignment_epoch, live.metadata_hash)
    assert loaded.members == live.members and loaded.target == live.target
    assert (loaded.initialized, loaded.initializing, loaded.deleting) == (
        live.initialized, live.initializing, live.deleting)
    assert loaded.state is ShareGroupState.STABLE


def test_sg_rp_1_tombstones_remove_members_and_the_group() -> None:
    h_ = ShareHarness({"foo": 1})
    h_.hb("m1", 0)
    h_.hb("m1", -1)
    assert h_.group().members == {} and h_.group().state is ShareGroupState.EMPTY
    for key in h_.group().group_tombstone_keys():
        h_.records.append((key, None))
    assert "g" not in h_.replayed().ctx.groups
    # A tombstone for a group that is gone is ignored; the group tombstone while members remain is an error.
    other = ShareHarness({"foo": 1})
    other.hb("m1", 0)
    other.coord.replay(rec.current_assignment_key("gone", "m"), None)
    with pytest.raises(RuntimeError, match="still has 1 members"):
        other.coord.replay(rec.group_metadata_key("g"), None)


def test_sg_log_1_type_9_and_unknown_versions() -> None:
    """Type 9 (4.0's ShareGroupPartitionMetadata) is skipped as unknown; a value version other than 0 fails."""
    h_ = ShareHarness()
    h_.coord.replay(h("0009 0001 67"), h("0000 00"))  # skipped, logged once
    assert "g" not in h_.coord.ctx.groups
    with pytest.raises(ValueError, match="unknown value version"):
        h_.coord.replay(rec.group_metadata_key("g"), h("0003 00000001 0000000000000000 00"))
