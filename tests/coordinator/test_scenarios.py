"""Seed scenarios S1-S7 at the state-machine level, asserting the transition history (B-STATE-2),
and replay of the records each scenario produced (B-LOG-3, B-LOG-4)."""

from __future__ import annotations

import pytest
import structlog

from kaflite.coordinator import GroupCoordinator, GroupState
from kaflite.coordinator.records import Record
from kaflite.protocol.errors import ErrorCode as E
from tests.coordinator.harness import Harness

S = GroupState
PARTITIONS = ["t-0", "t-1", "t-2"]


def assign(members: list[str]) -> dict[str, bytes]:
    """A range-like assignor the leader runs client-side: partitions dealt over sorted members."""
    out: dict[str, list[str]] = {m: [] for m in sorted(members)}
    for i, p in enumerate(PARTITIONS):
        out[sorted(members)[i % len(members)]].append(p)
    return {m: ",".join(ps).encode() for m, ps in out.items()}


class Consumer:
    """Scripted client: what a real consumer would send, one step at a time."""

    def __init__(self, h: Harness, name: str) -> None:
        self.h, self.name = h, name
        self.member_id = ""
        self.generation = -1
        self.leader = ""
        self.members: list[str] = []
        self.assignments: list[bytes] = []
        self.join_token: str | None = None
        self.sync_token: str | None = None

    def join(self) -> None:
        t = self.h.join(member_id=self.member_id, client_id=self.name)
        r = self.h.responses.get(t)
        if r is not None and r.error_code == E.MEMBER_ID_REQUIRED:
            self.member_id = r.member_id
            t = self.h.join(member_id=self.member_id, client_id=self.name)
        self.join_token = t

    def joined(self) -> bool:
        r = self.h.responses.get(self.join_token or "")
        if r is None or r.error_code != E.NONE:
            return False
        self.generation, self.leader = r.generation_id, r.leader
        self.members = [m.member_id for m in r.members]
        return True

    def sync(self) -> None:
        assignments = assign(self.members) if self.leader == self.member_id else {}
        self.sync_token = self.h.sync("g", self.member_id, self.generation, assignments)

    def synced(self) -> int | None:
        r = self.h.responses.get(self.sync_token or "")
        if r is None:
            return None
        if r.error_code == E.NONE:
            self.assignments.append(r.assignment)
        return r.error_code

    def heartbeat(self) -> int:
        return self.h.heartbeat("g", self.member_id, self.generation)


def rebalance(h: Harness, consumers: list[Consumer]) -> None:
    """Drive joined consumers through sync (leader last, so followers park) until Stable."""
    assert all(c.joined() for c in consumers)
    for c in sorted(consumers, key=lambda c: c.leader == c.member_id):
        c.sync()
    for c in consumers:
        assert c.synced() == E.NONE
    assert h.state() is S.STABLE


def replayed(h: Harness, records: list[Record]) -> GroupCoordinator:
    fresh = GroupCoordinator(h.config, h.clock, partitions=())
    p = fresh.partition_for("g")
    fresh.begin_load(p)
    for key, value in records:
        fresh.replay(key, value)
    fresh.complete_load(p)
    return fresh


def compacted(records: list[Record]) -> list[Record]:
    """What log compaction leaves: the latest record per key, tombstones included (B-LOG-4)."""
    latest: dict[bytes, Record] = {}
    for key, value in records:
        latest.pop(key, None)
        latest[key] = (key, value)
    return list(latest.values())


def assert_replay_rebuilds(h: Harness) -> None:
    live = h.coord.snapshot("g")
    assert replayed(h, h.records).snapshot("g") == live  # B-LOG-3
    assert replayed(h, compacted(h.records)).snapshot("g") == live  # B-LOG-4


def test_s1_three_consumers_one_rebalance(h: Harness) -> None:
    c1, c2, c3 = (Consumer(h, f"c{i}") for i in (1, 2, 3))
    c1.join()
    h.advance(0)  # initial delay 0: the first member completes the join alone
    assert c1.joined() and c1.generation == 1
    c2.join()
    c3.join()
    c1.sync()  # the leader's assignment comes too late: the group is rebalancing
    assert c1.synced() == E.REBALANCE_IN_PROGRESS
    c1.join()
    rebalance(h, [c1, c2, c3])
    assert h.states() == [
        "Empty",
        "PreparingRebalance",
        "CompletingRebalance",
        "PreparingRebalance",
        "CompletingRebalance",
        "Stable",
    ]
    assert sorted(c.assignments[-1] for c in (c1, c2, c3)) == [b"t-0", b"t-1", b"t-2"]
    assert h.coord.snapshot("g").generation == 2
    assert_replay_rebuilds(h)


def test_s2_three_consumers_two_rebalances(h: Harness) -> None:
    c1, c2, c3 = (Consumer(h, f"c{i}") for i in (1, 2, 3))
    c1.join()
    h.advance(0)
    rebalance(h, [c1])
    assert c1.assignments == [b"t-0,t-1,t-2"]
    c2.join()
    c3.join()
    assert c1.heartbeat() == E.REBALANCE_IN_PROGRESS
    c1.join()
    rebalance(h, [c1, c2, c3])
    assert len(c1.assignments) == 2 and len(c2.assignments) == len(c3.assignments) == 1
    assert sorted(c.assignments[-1] for c in (c1, c2, c3)) == [b"t-0", b"t-1", b"t-2"]
    assert h.states()[1:] == ["PreparingRebalance", "CompletingRebalance", "Stable"] * 2
    assert_replay_rebuilds(h)


def test_s3_three_consumers_three_rebalances(h: Harness) -> None:
    consumers: list[Consumer] = []
    for i in (1, 2, 3):
        c = Consumer(h, f"c{i}")
        c.join()
        if not consumers:
            h.advance(0)
        for old in consumers:
            assert old.heartbeat() == E.REBALANCE_IN_PROGRESS
            old.join()
        consumers.append(c)
        rebalance(h, consumers)
        assert h.coord.snapshot("g").generation == i
    assert h.states()[1:] == ["PreparingRebalance", "CompletingRebalance", "Stable"] * 3
    assert [len(c.assignments) for c in consumers] == [3, 2, 1]
    assert_replay_rebuilds(h)


def test_s4_follower_loses_join_response_and_rejoins_while_stable(h: Harness) -> None:
    c1, c2 = Consumer(h, "c1"), Consumer(h, "c2")
    c1.join()
    c2.join()
    h.advance(0)
    rebalance(h, [c1, c2])
    n = len(h.coord.history("g"))
    c2.join()  # lost its response: asks again with the same metadata
    assert c2.joined() and c2.generation == 1 and c2.members == []
    assert len(h.coord.history("g")) == n and h.state() is S.STABLE


def test_s5_leader_loses_join_response(h: Harness) -> None:
    c1, c2 = Consumer(h, "c1"), Consumer(h, "c2")
    c1.join()
    c2.join()
    h.advance(0)
    assert c2.joined()
    c2.sync()
    assert c2.synced() is None  # parked: the group waits in CompletingRebalance for the leader
    assert h.state() is S.COMPLETING_REBALANCE
    c1.join()  # the leader rejoins: same generation, with the member list
    assert c1.joined() and c1.generation == 1 and len(c1.members) == 2
    c1.sync()
    assert c1.synced() == E.NONE and c2.synced() == E.NONE
    assert h.states()[-3:] == ["PreparingRebalance", "CompletingRebalance", "Stable"]


def test_s6_leader_sync_after_new_member_gets_rebalance_in_progress(h: Harness) -> None:
    c1, c2, c3 = Consumer(h, "c1"), Consumer(h, "c2"), Consumer(h, "c3")
    c1.join()
    c2.join()
    h.advance(0)
    assert c1.joined() and c2.joined()
    c3.join()  # moves the group to PreparingRebalance
    c1.sync()
    assert c1.synced() == E.REBALANCE_IN_PROGRESS
    c1.join()
    c2.join()
    rebalance(h, [c1, c2, c3])
    assert h.coord.snapshot("g").generation == 2


@pytest.mark.parametrize("how", ["close", "kill"])
def test_s7_member_closes_or_is_killed_and_others_take_over(h: Harness, how: str) -> None:
    cs = [Consumer(h, f"c{i}") for i in (1, 2, 3)]
    for c in cs:
        c.join()
    h.advance(0)
    rebalance(h, cs)
    gone, *rest = cs[2], cs[0], cs[1]
    if how == "close":
        h.leave("g", (gone.member_id, None))  # B-TRIG-1
    else:
        for _ in range(2):  # the survivors heartbeat; the killed one is silent
            h.clock.advance(5_000)
            for c in rest:
                c.heartbeat()
            h.advance(0)
    assert h.state() is S.PREPARING_REBALANCE
    for c in rest:
        assert c.heartbeat() == E.REBALANCE_IN_PROGRESS
        c.join()
    rebalance(h, rest)
    mine = sorted(p for c in rest for p in c.assignments[-1].decode().split(","))
    assert mine == PARTITIONS
    assert_replay_rebuilds(h)


def test_replay_after_group_became_empty_and_offsets(h: Harness) -> None:
    ids = h.form_group(2)
    h.commit("g", {("t", 0): 5}, member_id=ids[0], generation=1)
    h.leave("g", (ids[0], None), (ids[1], None))
    assert h.state() is S.EMPTY
    assert_replay_rebuilds(h)


def test_replay_after_delete_leaves_nothing(h: Harness) -> None:
    from kaflite.coordinator import RequestContext
    from kaflite.protocol.messages import DeleteGroupsRequest

    h.commit("g", {("t", 0): 5})
    h.absorb(h.coord.delete_groups(DeleteGroupsRequest(groups_names=["g"]), 2, RequestContext(), "x"))
    assert replayed(h, h.records).snapshot("g") is None
    assert replayed(h, compacted(h.records)).snapshot("g") is None


def test_replayed_stable_group_serves_its_members(h: Harness) -> None:
    ids = h.form_group(2, session_timeout_ms=10_000)
    fresh = replayed(h, h.records)
    from kaflite.coordinator import RequestContext
    from kaflite.protocol.messages import HeartbeatRequest

    hb = HeartbeatRequest(group_id="g", generation_id=1, member_id=ids[1])
    assert fresh.heartbeat(hb, 3, RequestContext(), "h").response_for("h").error_code == E.NONE
    # Loaded members get heartbeat deadlines: a dead member is noticed after a restart.
    assert fresh.timer_deadline(f"heartbeat-g-{ids[0]}") == h.clock.now_ms() + 10_000


def test_b_state_2_transitions_logged_and_kept_in_bounded_history() -> None:
    h = Harness(history_size=4)
    with structlog.testing.capture_logs() as logs:
        ids = h.form_group(1)
    entries = [e for e in logs if e["event"] == "group.transition"]
    assert [(e["from_state"], e["to_state"]) for e in entries] == [
        ("Empty", "PreparingRebalance"),
        ("PreparingRebalance", "CompletingRebalance"),
        ("CompletingRebalance", "Stable"),
    ]
    for e in entries:
        assert {"group", "generation", "members", "reason"} <= e.keys()
    assert entries[1]["generation"] == 1 and entries[1]["members"] == 1
    seen = []
    h.coord.add_listener(seen.append)
    for _ in range(3):
        h.join(member_id=ids[0])  # the leader rejoins: a full rebalance each time
        h.sync("g", ids[0], h.coord.snapshot("g").generation, {})
    history = h.coord.history("g")
    assert len(history) == 4  # bounded
    assert [str(t.to_state) for t in seen] == ["PreparingRebalance", "CompletingRebalance", "Stable"] * 3
    assert all(t.timestamp_ms == h.clock.now_ms() and t.group_id == "g" for t in history)
