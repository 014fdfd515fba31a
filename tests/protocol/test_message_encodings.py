"""Generated message codecs, byte by byte where it matters: tagged fields (unknown ones skipped at every level,
known ones at their defaults left out, the rest in tag order), nullable structs, records as memoryviews, UTF-8
string lengths, the data schemas' encodings, and truncated request bodies that must raise ``DecodeError``. The
cross-check of every message against kafka-python is test_messages.py.
"""

from __future__ import annotations

import pytest

import kaflite.protocol.messages as M
from kaflite.protocol._codec import DecodeError
from kaflite.protocol.messages import REQUESTS
from tests.protocol.schema_oracle import FLEX_COMBOS, SCHEMAS, combos, from_ours, kp_decode

# ---------------------------------------------------------------------------------------------
# Tagged fields
# ---------------------------------------------------------------------------------------------


def _uvarint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _unknown_tags(*tags: tuple[int, bytes]) -> bytes:
    return b"".join(_uvarint(t) + _uvarint(len(p)) + p for t, p in tags)


@pytest.mark.parametrize(("name", "version"), FLEX_COMBOS, ids=[f"{n}-v{v}" for n, v in FLEX_COMBOS])
def test_unknown_top_level_tags_are_skipped(name: str, version: int) -> None:
    cls = getattr(M, name)
    obj = cls()
    data = obj.encode(version)
    assert data.endswith(b"\x00"), "a default message has an empty top-level tag section"
    unknown = _unknown_tags((90, b"\x01\x02\x03"), (300, b""), (20000, bytes(200)))
    mutated = data[:-1] + _uvarint(3) + unknown + b"TRAILER"
    back, end = cls.decode_from(mutated, 0, version)
    assert end == len(mutated) - len(b"TRAILER")
    assert back == obj


def test_unknown_tags_between_known_tags_are_skipped() -> None:
    # ApiVersionsResponse v3: tags 0 SupportedFeatures, 1 FinalizedFeaturesEpoch, 2 FinalizedFeatures,
    # 3 ZkMigrationReady
    cls = M.ApiVersionsResponse
    body = (b"\x00\x00" + b"\x01" + b"\x00\x00\x00\x00")  # error, no api keys, throttle 0
    tags = (_uvarint(4)
            + _unknown_tags((1, (7).to_bytes(8, "big")))
            + _unknown_tags((3, b"\x01"))
            + _unknown_tags((4, b"\xff\xff"))  # unknown: skipped
            + _unknown_tags((77, b"zz")))  # unknown: skipped
    obj = cls.decode(body + tags, 3)
    assert obj.finalized_features_epoch == 7
    assert obj.zk_migration_ready is True
    assert obj.supported_features == [] and obj.finalized_features == []
    # encoding drops the unknown ones and keeps known ones in tag order
    assert obj.encode(3) == body + _uvarint(2) + _unknown_tags((1, (7).to_bytes(8, "big")), (3, b"\x01"))


def test_unknown_tags_in_nested_struct_are_skipped() -> None:
    # JoinGroupRequest v6 (flexible): a protocol entry carries an unknown tag
    req = M.JoinGroupRequest(group_id="g", session_timeout_ms=10, rebalance_timeout_ms=20, member_id="",
                             protocol_type="consumer",
                             protocols=[M.JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"m")])
    data = req.encode(6)
    entry = b"\x06range" + b"\x02m" + b"\x00"
    assert entry in data
    mutated = data.replace(entry, entry[:-1] + b"\x01" + _unknown_tags((5, b"abc")))
    assert M.JoinGroupRequest.decode(mutated, 6) == req
    # kafka-python agrees the mutated frame means the same thing
    assert kp_decode("JoinGroupRequest", mutated, 6) == from_ours(SCHEMAS["JoinGroupRequest"],
                                                                  SCHEMAS["JoinGroupRequest"].root, req, 6)


def test_tagged_fields_at_default_are_omitted() -> None:
    """ApiVersionsResponse v3 with default tagged fields has an empty tag section (Debian's kcat
    misreads SupportedFeatures/FinalizedFeatures entries)."""
    key = M.ApiVersionsResponse.ApiVersion(api_key=18, min_version=0, max_version=4)
    resp = M.ApiVersionsResponse(error_code=0, api_keys=[key], throttle_time_ms=0,
                                 supported_features=[], finalized_features_epoch=-1,
                                 finalized_features=[], zk_migration_ready=False)
    expected = (b"\x00\x00"                      # error_code
                + b"\x02"                       # compact array of 1
                + b"\x00\x12\x00\x00\x00\x04\x00"  # api key 18, 0..4, empty tags
                + b"\x00\x00\x00\x00"           # throttle_time_ms
                + b"\x00")                      # no tagged fields
    assert resp.encode(3) == expected
    assert resp.encode(4) == expected
    assert M.ApiVersionsResponse(api_keys=[key]).encode(3) == expected
    assert M.ApiVersionsResponse.decode(expected, 3) == resp == M.ApiVersionsResponse.decode(expected, 4)
    # a non-default tagged field is written, in tag order
    resp.zk_migration_ready = True
    resp.finalized_features_epoch = 5
    data = resp.encode(3)
    assert data == expected[:-1] + b"\x02" + b"\x01\x08" + (5).to_bytes(8, "big") + b"\x03\x01\x01"
    assert M.ApiVersionsResponse.decode(data, 3) == resp


def test_nullable_tagged_string_and_struct_defaults_are_omitted() -> None:
    # FetchRequest v15: ClusterId (tag 0, default null) and ReplicaState (tag 1) at defaults
    req = M.FetchRequest(max_wait_ms=1, min_bytes=1, topics=[], forgotten_topics_data=[], rack_id="")
    assert req.encode(15).endswith(b"\x00")
    back = M.FetchRequest.decode(req.encode(15), 15)
    assert back == req and back.cluster_id is None
    data = M.FetchRequest(cluster_id="c").encode(15)
    assert data.endswith(b"\x01" + b"\x00\x02\x02c")
    assert M.FetchRequest.decode(data, 15).cluster_id == "c"
    state = M.FetchRequest.ReplicaState(replica_id=3, replica_epoch=4)
    data = M.FetchRequest(replica_state=state).encode(15)
    assert data.endswith(b"\x01" + b"\x01\x0d" + b"\x00\x00\x00\x03" + (4).to_bytes(8, "big") + b"\x00")
    assert M.FetchRequest.decode(data, 15).replica_state == state


# ---------------------------------------------------------------------------------------------
# Specific encodings and bad input
# ---------------------------------------------------------------------------------------------


def test_records_decode_as_memoryview_and_null() -> None:
    topic = M.ProduceRequest.TopicProduceData(name="t", partition_data=[
        M.ProduceRequest.PartitionProduceData(index=0, records=b"abc"),
        M.ProduceRequest.PartitionProduceData(index=1, records=None),
    ])
    req = M.ProduceRequest(acks=-1, timeout_ms=1000, topic_data=[topic])
    for v in (3, 9):
        back = M.ProduceRequest.decode(req.encode(v), v)
        parts = back.topic_data[0].partition_data
        assert isinstance(parts[0].records, memoryview) and bytes(parts[0].records) == b"abc"
        assert parts[1].records is None


def test_nullable_struct_prefix() -> None:
    # ConsumerGroupHeartbeatResponse.Assignment: int8 -1 when null, 1 then the struct
    empty = M.ConsumerGroupHeartbeatResponse(member_id="m", member_epoch=1)
    assert empty.assignment is None
    data = empty.encode(0)
    assert M.ConsumerGroupHeartbeatResponse.decode(data, 0).assignment is None
    asg = M.ConsumerGroupHeartbeatResponse.Assignment(topic_partitions=[])
    with_asg = M.ConsumerGroupHeartbeatResponse(member_id="m", member_epoch=1, assignment=asg)
    data2 = with_asg.encode(0)
    assert len(data2) == len(data) + 2  # 0x01 prefix instead of 0xff, then empty array 0x01 ... and tags
    assert M.ConsumerGroupHeartbeatResponse.decode(data2, 0).assignment == asg


def test_string_lengths_count_utf8_bytes() -> None:
    for v in (0, 4):
        data = M.HeartbeatRequest(group_id="€", generation_id=1, member_id="ß").encode(v)
        back = M.HeartbeatRequest.decode(data, v)
        assert (back.group_id, back.member_id) == ("€", "ß")
    assert M.HeartbeatRequest(group_id="€").encode(0).startswith(b"\x00\x03\xe2\x82\xac")
    assert M.HeartbeatRequest(group_id="€").encode(4).startswith(b"\x04\xe2\x82\xac")


def test_data_schema_encodings() -> None:
    key = M.OffsetCommitKey(group="g", topic="t", partition=3)
    assert key.encode(1) == b"\x00\x01g\x00\x01t\x00\x00\x00\x03"
    assert M.OffsetCommitKey.decode(b"\x00\x01g\x00\x01t\x00\x00\x00\x03", 1) == key
    assert M.GroupMetadataKey(group="grp").encode(2) == b"\x00\x03grp"
    assert M.GroupMetadataKey.decode(b"\x00\x03grp", 2) == M.GroupMetadataKey(group="grp")
    value = M.OffsetCommitValue(offset=5, leader_epoch=2, metadata="", commit_timestamp=9)
    assert M.OffsetCommitValue.decode(value.encode(3), 3) == value
    # v4 is flexible: compact string and a tag section
    assert value.encode(4).endswith(b"\x01" + (9).to_bytes(8, "big") + b"\x00")
    assert M.OffsetCommitValue.decode(value.encode(4), 4) == value


REQUEST_COMBOS = combos(sorted(c.__name__ for c in REQUESTS.values()))


@pytest.mark.parametrize(("name", "version"), REQUEST_COMBOS, ids=[f"{n}-v{v}" for n, v in REQUEST_COMBOS])
def test_truncated_request_bodies_raise_decode_error(name: str, version: int) -> None:
    """The broker closes the connection on DecodeError (a ValueError); a bare ``struct.error``
    from a short body is neither and escaped its handler."""
    cls = getattr(M, name)
    data = cls().encode(version)
    for cut in range(len(data)):
        with pytest.raises(DecodeError):
            cls.decode_from(data[:cut], 0, version)
