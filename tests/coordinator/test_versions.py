"""Every version real clients send (clients.md) is handled and its answer encodes."""

from __future__ import annotations

import pytest

from kaflite.coordinator import RequestContext
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import (
    DeleteGroupsRequest,
    DescribeGroupsRequest,
    HeartbeatResponse,
    LeaveGroupResponse,
    ListGroupsRequest,
    OffsetCommitResponse,
    OffsetFetchResponse,
    SyncGroupResponse,
)
from tests.coordinator.harness import Harness, wire

CTX = RequestContext()


@pytest.mark.parametrize("version", range(0, 10))
def test_join_group_all_versions(version: int) -> None:
    h = Harness()
    first = h.join(version=version)
    if version >= 4:  # KIP-394: MEMBER_ID_REQUIRED with the new id
        got = wire(h.responses[first], version)
        assert (got.error_code, got.generation_id) == (E.MEMBER_ID_REQUIRED, -1)
        assert got.member_id.startswith("consumer-")
    else:
        assert not h.answered(first)  # parked in the initial delayed join
    t = h.join_new(version=version)
    h.advance(0)
    got = wire(h.responses[t], version)
    member = h.responses[t].member_id
    assert (got.error_code, got.generation_id, got.protocol_name) == (E.NONE, 1, "range")
    assert got.member_id == member and got.member_id.startswith("consumer-")
    assert got.protocol_type == ("consumer" if version >= 7 else None)
    if version >= 4:  # the first id stayed pending; the second member is alone and leads
        assert (got.leader, [m.member_id for m in got.members]) == (member, [member])
    else:  # the parked first join made the first member, the leader: it gets the member list
        leader = wire(h.responses[first], version)
        assert (leader.error_code, leader.generation_id, got.leader) == (E.NONE, 1, leader.member_id)
        assert got.members == [] and sorted(m.member_id for m in leader.members) == sorted([leader.member_id, member])
    err = wire(h.responses[h.join(member_id="ghost", version=version)], version)
    assert (err.error_code, err.member_id, err.generation_id) == (E.UNKNOWN_MEMBER_ID, "ghost", -1)


@pytest.mark.parametrize("version", range(0, 6))
def test_sync_heartbeat_leave_all_versions(version: int) -> None:
    h = Harness()
    ids = h.form_group(2)
    t = h.sync("g", ids[1], 1, version=version)
    assert isinstance(h.responses[t], SyncGroupResponse)
    got = wire(h.responses[t], version)
    assert (got.error_code, got.assignment) == (E.NONE, f"assign-{ids[1]}".encode())
    assert (got.protocol_type, got.protocol_name) == (("consumer", "range") if version >= 5 else (None, None))
    unknown = wire(h.responses[h.sync("g", "nobody", 1, version=version)], version)
    assert (unknown.error_code, unknown.assignment) == (E.UNKNOWN_MEMBER_ID, b"")
    if version <= 4:
        assert h.heartbeat("g", ids[1], 1, version=version) == E.NONE
        resp = h.responses[[k for k in h.responses if k.startswith("hb")][-1]]
        assert isinstance(resp, HeartbeatResponse)
        assert wire(resp, version).error_code == E.NONE
        assert h.heartbeat("g", ids[1], 7, version=version) == E.ILLEGAL_GENERATION
        resp = h.responses[[k for k in h.responses if k.startswith("hb")][-1]]
        assert wire(resp, version).error_code == E.ILLEGAL_GENERATION
    leave = h.leave("g", (ids[1], None), version=version)
    assert isinstance(leave, LeaveGroupResponse)
    got = wire(leave, version)
    assert got.error_code == E.NONE
    # v3+: one answer per member (KIP-345 batch); before, only the top-level error
    expected = [(ids[1], None, E.NONE)] if version >= 3 else []
    assert [(m.member_id, m.group_instance_id, m.error_code) for m in got.members] == expected
    assert [m.member_id for m in h.coord.snapshot("g").members] == [ids[0]]


@pytest.mark.parametrize("version", range(2, 10))
def test_offset_commit_and_fetch_all_versions(version: int) -> None:
    h = Harness()
    assert h.commit("s", {("t", 0): 5}, metadata="m", version=version) == {("t", 0): 0}
    commit = h.responses[[k for k in h.responses if k.startswith("commit")][-1]]
    assert isinstance(commit, OffsetCommitResponse)
    got = wire(commit, version)
    assert [(t.name, [(p.partition_index, p.error_code) for p in t.partitions]) for t in got.topics] == [
        ("t", [(0, E.NONE)])
    ]
    epoch = 3 if version >= 6 else -1  # the harness commits leader epoch 3; stored from v6
    fetch = h.fetch("s", {"t": [0, 1]}, version=version)
    assert isinstance(fetch, OffsetFetchResponse)
    got = wire(fetch, version)
    if version >= 8:
        assert [(g.group_id, g.error_code) for g in got.groups] == [("s", E.NONE)]
        topics = got.groups[0].topics
    else:
        assert got.error_code == E.NONE
        topics = got.topics
    assert [
        (t.name, [(p.partition_index, p.committed_offset, p.metadata, p.error_code) for p in t.partitions])
        for t in topics
    ] == [("t", [(0, 5, "m", E.NONE), (1, -1, "", E.NONE)])]
    if version >= 5:
        assert [p.committed_leader_epoch for p in topics[0].partitions] == [epoch, -1]
    everything = wire(h.fetch("s", None, version=version), version)
    topics = everything.groups[0].topics if version >= 8 else everything.topics
    assert [(t.name, [(p.partition_index, p.committed_offset) for p in t.partitions]) for t in topics] == [
        ("t", [(0, 5)])
    ]


def test_offset_fetch_v1() -> None:
    h = Harness()
    h.commit("s", {("t", 0): 5}, metadata="m")
    got = wire(h.fetch("s", {"t": [0, 1]}, version=1), 1)
    assert [
        (t.name, [(p.partition_index, p.committed_offset, p.metadata, p.error_code) for p in t.partitions])
        for t in got.topics
    ] == [("t", [(0, 5, "m", E.NONE), (1, -1, "", E.NONE)])]


@pytest.mark.parametrize("version", range(0, 6))
def test_describe_and_list_all_versions(version: int) -> None:
    h = Harness()
    (member,) = h.form_group(1)
    d = h.coord.describe_groups(DescribeGroupsRequest(groups=["g", "x"]), version, CTX)
    got = wire(d, version)
    assert [(g.group_id, g.error_code, g.group_state, g.protocol_type, g.protocol_data) for g in got.groups] == [
        ("g", E.NONE, "Stable", "consumer", "range"),
        ("x", E.NONE, "Dead", "", ""),
    ]
    assert [
        (m.member_id, m.client_id, m.client_host, m.member_metadata, m.member_assignment) for m in got.groups[0].members
    ] == [(member, "consumer", "/127.0.0.1", b"sub", f"assign-{member}".encode())]
    assert got.groups[1].members == []
    lg = h.coord.list_groups(ListGroupsRequest(), version, CTX)
    got = wire(lg, version)
    assert got.error_code == E.NONE
    # the state is on the wire from v4 (KIP-518), the type from v5 (KIP-848)
    assert [(g.group_id, g.protocol_type, g.group_state, g.group_type) for g in got.groups] == [
        ("g", "consumer", "Stable" if version >= 4 else "", "classic" if version >= 5 else "")
    ]


@pytest.mark.parametrize("version", range(0, 3))
def test_delete_groups_all_versions(version: int) -> None:
    h = Harness()
    h.commit("s", {("t", 0): 5})
    r = h.coord.delete_groups(DeleteGroupsRequest(groups_names=["s", "x"]), version, CTX, "x").response_for("x")
    got = wire(r, version)
    assert [(res.group_id, res.error_code) for res in got.results] == [("s", E.NONE), ("x", E.GROUP_ID_NOT_FOUND)]
    assert h.coord.snapshot("s") is None


def test_begin_load_keeps_other_partitions_active() -> None:
    h = Harness()
    p = h.coord.partition_for("g")
    other = (p + 1) % h.config.offsets_topic_num_partitions
    h.coord.begin_load(p)
    assert h.coord.partition_status(other).value == "active"
    assert h.coord.partition_status(p).value == "loading"
