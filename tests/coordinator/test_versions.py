"""Every version real clients send (clients.md) is handled and its answer encodes."""

from __future__ import annotations

import pytest

from kaflite.coordinator import RequestContext
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
from tests.coordinator.harness import Harness

CTX = RequestContext()


@pytest.mark.parametrize("version", range(0, 10))
def test_join_group_all_versions(version: int) -> None:
    h = Harness()
    first = h.join(version=version)
    if h.answered(first):
        h.responses[first].encode(version)  # MEMBER_ID_REQUIRED (v4+)
    t = h.join_new(version=version)
    h.advance(0)
    r = h.responses[t]
    assert r.error_code == 0
    r.encode(version)
    err = h.join(member_id="ghost", version=version)
    h.responses[err].encode(version)


@pytest.mark.parametrize("version", range(0, 6))
def test_sync_heartbeat_leave_all_versions(version: int) -> None:
    h = Harness()
    ids = h.form_group(2)
    t = h.sync("g", ids[1], 1, version=version)
    assert isinstance(h.responses[t], SyncGroupResponse)
    h.responses[t].encode(version)
    h.responses[h.sync("g", "nobody", 1, version=version)].encode(version)
    if version <= 4:
        h.heartbeat("g", ids[1], 1, version=version)
        resp = h.responses[[k for k in h.responses if k.startswith("hb")][-1]]
        assert isinstance(resp, HeartbeatResponse)
        resp.encode(version)
    leave = h.leave("g", (ids[1], None), version=version)
    assert isinstance(leave, LeaveGroupResponse) and leave.error_code == 0
    leave.encode(version)


@pytest.mark.parametrize("version", range(2, 10))
def test_offset_commit_and_fetch_all_versions(version: int) -> None:
    h = Harness()
    assert h.commit("s", {("t", 0): 5}, version=version) == {("t", 0): 0}
    h.responses[[k for k in h.responses if k.startswith("commit")][-1]].encode(version)
    fetch = h.fetch("s", {"t": [0, 1]}, version=version)
    assert isinstance(fetch, OffsetFetchResponse)
    fetch.encode(version)
    parts = (fetch.groups[0].topics if version >= 8 else fetch.topics)[0].partitions
    assert [p.committed_offset for p in parts] == [5, -1]
    all_offsets = h.fetch("s", None, version=version)
    all_offsets.encode(version)
    assert isinstance(h.responses[[k for k in h.responses if k.startswith("commit")][-1]], OffsetCommitResponse)


def test_offset_fetch_v1() -> None:
    h = Harness()
    h.commit("s", {("t", 0): 5})
    h.fetch("s", {"t": [0]}, version=1).encode(1)


@pytest.mark.parametrize("version", range(0, 6))
def test_describe_and_list_all_versions(version: int) -> None:
    h = Harness()
    h.form_group(1)
    d = h.coord.describe_groups(DescribeGroupsRequest(groups=["g", "x"]), version, CTX, "d").response_for("d")
    d.encode(version)
    lg = h.coord.list_groups(ListGroupsRequest(), version, CTX, "l").response_for("l")
    lg.encode(version)


@pytest.mark.parametrize("version", range(0, 3))
def test_delete_groups_all_versions(version: int) -> None:
    h = Harness()
    h.commit("s", {("t", 0): 5})
    r = h.coord.delete_groups(DeleteGroupsRequest(groups_names=["s"]), version, CTX, "x").response_for("x")
    assert r.results[0].error_code == 0
    r.encode(version)


def test_begin_load_keeps_other_partitions_active() -> None:
    h = Harness()
    p = h.coord.partition_for("g")
    other = (p + 1) % h.config.offsets_topic_num_partitions
    h.coord.begin_load(p)
    assert h.coord.partition_status(other).value == "active"
    assert h.coord.partition_status(p).value == "loading"
