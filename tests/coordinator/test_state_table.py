"""Request x classic group state -> answer, as a table (Kafka's ClassicGroupState.java documentation).

Each row: in STATE, REQUEST -> ANSWER (an error code, or PARKED: no answer yet) and the state the
group is in afterwards (None: no group). The expectations come from the spec (ids in the rows) and
from Kafka's GroupMetadataManager (trunk, 2024-10: classicGroupJoinToClassicGroup,
classicGroupJoinExistingMember, classicGroupSyncToClassicGroup + validateSyncGroup,
classicGroupHeartbeatToClassicGroup + validateClassicGroupHeartbeat,
classicGroupLeaveToClassicGroup, describeGroups), OffsetMetadataManager.validateOffsetCommit /
fetchOffsets and ClassicGroup.validateOffsetCommit.

The group under test is "g"; symbolic members: L (leader), F (follower), N (a third member that
joined to start a rebalance). In Empty/Dead, L and F are former members, in a never-existing group
they are made-up ids. Every live setup first commits orders-0 = 7 as a simple commit (the group is
created as a commit-only Empty group, then members join), so OffsetFetch has something to return.

Dead: kaflite removes a group at once when it dies (kaflite/coordinator/README.md, "Dead groups are
removed at once"), so a Dead group answers like a group that never existed; Kafka's in-memory Dead
group (a transient state before removal) would answer COORDINATOR_NOT_AVAILABLE instead. Every Dead
row runs twice: on a group deleted with DeleteGroups, and on a group id never seen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pytest

from kaflite.coordinator import GroupState, RequestContext
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import DeleteGroupsRequest, DescribeGroupsRequest
from tests.coordinator.harness import Harness

S = GroupState
E = ErrorCode
TP = ("orders", 0)
COMMITTED = 7
SUB = b"sub"  # the harness's default ("range", b"sub") protocol metadata
PARKED = "PARKED"


# ------------------------------------------------------------------------------------------ setups
@dataclass
class Ctx:
    h: Harness
    group: str
    generation: int
    ids: dict[str, str] = field(default_factory=dict)  # symbol -> member id

    def symbol(self, member_id: str) -> str:
        for sym, mid in self.ids.items():
            if mid == member_id:
                return sym
        return member_id


def _simple_commit_first(h: Harness) -> None:
    assert h.commit("g", {TP: COMMITTED}) == {TP: E.NONE}


def _two_members_joined(h: Harness) -> tuple[str, str, int]:
    """L and F join together; the join phase completes: CompletingRebalance, leader first."""
    tokens = [h.join_new("g"), h.join_new("g")]
    h.advance(0)
    resp = [h.responses[t] for t in tokens]
    assert [r.error_code for r in resp] == [E.NONE, E.NONE]
    leader = resp[0].leader
    follower = next(r.member_id for r in resp if r.member_id != leader)
    return leader, follower, resp[0].generation_id


def setup_empty() -> Ctx:
    h = Harness()
    _simple_commit_first(h)
    ids = h.form_group(2)
    r = h.leave("g", (ids[0], None), (ids[1], None))
    assert [m.error_code for m in r.members] == [E.NONE, E.NONE]
    assert h.state() is S.EMPTY
    return Ctx(h, "g", h.coord.snapshot("g").generation, {"L": ids[0], "F": ids[1]})


def setup_preparing_rebalance() -> Ctx:
    h = Harness()
    _simple_commit_first(h)
    ids = h.form_group(2)
    t = h.join_new("g")  # N joins: Stable -> PreparingRebalance; L and F have not rejoined
    assert not h.answered(t) and h.state() is S.PREPARING_REBALANCE
    n = next(m.member_id for m in h.coord.snapshot("g").members if m.member_id not in ids)
    return Ctx(h, "g", 1, {"L": ids[0], "F": ids[1], "N": n})


def setup_completing_rebalance() -> Ctx:
    h = Harness()
    _simple_commit_first(h)
    leader, follower, gen = _two_members_joined(h)
    assert h.state() is S.COMPLETING_REBALANCE
    return Ctx(h, "g", gen, {"L": leader, "F": follower})


def setup_stable() -> Ctx:
    h = Harness()
    _simple_commit_first(h)
    ids = h.form_group(2)
    return Ctx(h, "g", 1, {"L": ids[0], "F": ids[1]})


def setup_dead_deleted() -> Ctx:
    ctx = setup_empty()
    h = ctx.h
    res = h.absorb(h.coord.delete_groups(DeleteGroupsRequest(groups_names=["g"]), 2, RequestContext(), "delete"))
    assert [(r.group_id, r.error_code) for r in res.response_for("delete").results] == [("g", E.NONE)]
    assert h.state() is None and h.states()[-1] == "Dead"
    return ctx


def setup_never_existed() -> Ctx:
    return Ctx(Harness(), "g", 1, {"L": "consumer-ghost-leader", "F": "consumer-ghost"})


SETUPS: dict[str, list[Callable[[], Ctx]]] = {
    "Empty": [setup_empty],
    "PreparingRebalance": [setup_preparing_rebalance],
    "CompletingRebalance": [setup_completing_rebalance],
    "Stable": [setup_stable],
    "Dead": [setup_dead_deleted, setup_never_existed],
}


# ---------------------------------------------------------------------------------------- requests
Answer = tuple[Any, dict[str, Any]]  # (ErrorCode | PARKED, salient fields of the answer)


def _join_answer(c: Ctx, token: str) -> Answer:
    if not c.h.answered(token):
        return PARKED, {}
    r = c.h.responses[token]
    return E(r.error_code), {
        "generation": r.generation_id,
        "leader": c.symbol(r.leader),
        "members": sorted(c.symbol(m.member_id) for m in r.members),
        "member_id": c.symbol(r.member_id),
    }


def _sync_answer(c: Ctx, token: str) -> Answer:
    if not c.h.answered(token):
        return PARKED, {}
    r = c.h.responses[token]
    assignment = bytes(r.assignment)
    for sym, mid in sorted(c.ids.items(), key=lambda kv: -len(kv[1])):  # form_group assigns b"assign-<id>"
        assignment = assignment.replace(mid.encode(), sym.encode())
    return E(r.error_code), {"assignment": assignment}


def join_new_v5(c: Ctx) -> Answer:
    a, f = _join_answer(c, c.h.join(c.group, version=5))
    f["member_id"] = f.get("member_id", "").startswith("consumer-")  # a fresh id: clientId-uuid
    return a, f


def join_new_v3(c: Ctx) -> Answer:
    return _join_answer(c, c.h.join(c.group, version=3))


def join_follower(c: Ctx) -> Answer:
    return _join_answer(c, c.h.join(c.group, c.ids["F"]))


def join_leader(c: Ctx) -> Answer:
    return _join_answer(c, c.h.join(c.group, c.ids["L"]))


def join_follower_new_metadata(c: Ctx) -> Answer:
    return _join_answer(c, c.h.join(c.group, c.ids["F"], protocols=[("range", b"another-subscription")]))


def sync_follower(c: Ctx) -> Answer:
    return _sync_answer(c, c.h.sync(c.group, c.ids["F"], c.generation))


def sync_leader(c: Ctx) -> Answer:
    assignment = {c.ids["L"]: b"assign-L", c.ids["F"]: b"assign-F"}
    return _sync_answer(c, c.h.sync(c.group, c.ids["L"], c.generation, assignment))


def sync_wrong_generation(c: Ctx) -> Answer:
    return _sync_answer(c, c.h.sync(c.group, c.ids["F"], c.generation + 5))


def heartbeat(c: Ctx) -> Answer:
    return E(c.h.heartbeat(c.group, c.ids["F"], c.generation)), {}


def heartbeat_wrong_generation(c: Ctx) -> Answer:
    return E(c.h.heartbeat(c.group, c.ids["F"], c.generation + 5)), {}


def leave_follower(c: Ctx) -> Answer:
    r = c.h.leave(c.group, (c.ids["F"], None))
    (member,) = r.members
    return E(member.error_code), {"top_level": E(r.error_code)}


def commit_member(c: Ctx) -> Answer:
    (code,) = c.h.commit(c.group, {TP: 99}, member_id=c.ids["F"], generation=c.generation).values()
    return E(code), {}


def commit_member_v9(c: Ctx) -> Answer:
    (code,) = c.h.commit(c.group, {TP: 99}, member_id=c.ids["F"], generation=c.generation, version=9).values()
    return E(code), {}


def commit_simple(c: Ctx) -> Answer:
    (code,) = c.h.commit(c.group, {TP: 99}).values()
    return E(code), {}


def fetch(c: Ctx) -> Answer:
    r = c.h.fetch(c.group, {"orders": [0]}, version=7)
    (topic,) = r.topics
    (p,) = topic.partitions
    return E(r.error_code), {"offset": p.committed_offset}


def describe(c: Ctx) -> Answer:
    (g,) = c.h.coord.describe_groups(DescribeGroupsRequest(groups=[c.group]), 5, RequestContext()).groups
    return E(g.error_code), {"state": g.group_state, "members": sorted(c.symbol(m.member_id) for m in g.members)}


REQUESTS: dict[str, Callable[[Ctx], Answer]] = {
    "join with unknown member id (v5)": join_new_v5,
    "join with unknown member id (v3, before KIP-394)": join_new_v3,
    "join from follower with same metadata": join_follower,
    "join from leader with same metadata": join_leader,
    "join from follower with new metadata": join_follower_new_metadata,
    "sync from follower (current generation)": sync_follower,
    "sync from leader with assignment (current generation)": sync_leader,
    "sync with wrong generation": sync_wrong_generation,
    "heartbeat (current generation)": heartbeat,
    "heartbeat with wrong generation": heartbeat_wrong_generation,
    "leave from follower": leave_follower,
    "commit with member's generation": commit_member,
    "commit with member's generation (v9)": commit_member_v9,
    "simple commit (generation -1, no member)": commit_simple,
    "offset fetch": fetch,
    "describe (v5)": describe,
}


# ------------------------------------------------------------------------------------------- table
class Row(NamedTuple):
    state: str
    request: str
    answer: Any  # ErrorCode or PARKED
    after: GroupState | None
    spec: str
    fields: dict[str, Any] | None = None  # expected salient fields of the answer
    xfail: str | None = None  # the Kafka reference, where kaflite differs without a README entry


NONE, UNKNOWN, ILLEGAL, RIP = E.NONE, E.UNKNOWN_MEMBER_ID, E.ILLEGAL_GENERATION, E.REBALANCE_IN_PROGRESS
MIR = E.MEMBER_ID_REQUIRED
EMPTY, PREP, COMPL, STABLE = S.EMPTY, S.PREPARING_REBALANCE, S.COMPLETING_REBALANCE, S.STABLE
OFFSET_KEPT = {"offset": COMMITTED}
NEW_ID = {"member_id": True, "generation": -1, "leader": "", "members": []}
ECHO_F = {"member_id": "F", "generation": -1}
ECHO_L = {"member_id": "L", "generation": -1}

# fmt: off
TABLE: list[Row] = [
    # Empty: "respond normally to join group from new members; respond to sync group, heartbeat,
    # leave group and offset commit with UNKNOWN_MEMBER_ID; allow offset fetch requests".
    Row("Empty", "join with unknown member id (v5)", MIR, EMPTY, "B-JOIN-2", NEW_ID),
    Row("Empty", "join with unknown member id (v3, before KIP-394)", PARKED, PREP, "B-JOIN-5"),
    Row("Empty", "join from follower with same metadata", UNKNOWN, EMPTY, "B-JOIN-2", ECHO_F),
    Row("Empty", "join from leader with same metadata", UNKNOWN, EMPTY, "B-JOIN-2", ECHO_L),
    Row("Empty", "join from follower with new metadata", UNKNOWN, EMPTY, "B-JOIN-2", ECHO_F),
    Row("Empty", "sync from follower (current generation)", UNKNOWN, EMPTY, "B-SYNC-4"),
    Row("Empty", "sync from leader with assignment (current generation)", UNKNOWN, EMPTY, "B-SYNC-4"),
    Row("Empty", "sync with wrong generation", UNKNOWN, EMPTY, "B-SYNC-4"),
    Row("Empty", "heartbeat (current generation)", UNKNOWN, EMPTY, "B-HB-2"),
    Row("Empty", "heartbeat with wrong generation", UNKNOWN, EMPTY, "B-HB-2"),
    Row("Empty", "leave from follower", UNKNOWN, EMPTY, "B-LEAVE-1", {"top_level": NONE}),
    Row("Empty", "commit with member's generation", UNKNOWN, EMPTY, "B-OFF-1"),
    Row("Empty", "commit with member's generation (v9)", UNKNOWN, EMPTY, "B-OFF-1"),
    Row("Empty", "simple commit (generation -1, no member)", NONE, EMPTY, "B-OFF-1"),
    Row("Empty", "offset fetch", NONE, EMPTY, "B-OFF-3", OFFSET_KEPT),
    Row("Empty", "describe (v5)", NONE, EMPTY, "B-STATE-2", {"state": "Empty", "members": []}),

    # PreparingRebalance: "respond to heartbeats with REBALANCE_IN_PROGRESS; respond to sync group
    # with REBALANCE_IN_PROGRESS; remove member on leave group request; park join group requests
    # from new or existing members until all expected members have joined; allow offset commits
    # from previous generation; allow offset fetch requests".
    Row("PreparingRebalance", "join with unknown member id (v5)", MIR, PREP, "B-JOIN-2", NEW_ID),
    Row("PreparingRebalance", "join with unknown member id (v3, before KIP-394)", PARKED, PREP, "B-JOIN-3"),
    Row("PreparingRebalance", "join from follower with same metadata", PARKED, PREP, "B-JOIN-3 B-JOIN-4"),
    Row("PreparingRebalance", "join from leader with same metadata", PARKED, PREP, "B-JOIN-3 B-JOIN-4"),
    Row("PreparingRebalance", "join from follower with new metadata", PARKED, PREP, "B-JOIN-3 B-TRIG-2"),
    Row("PreparingRebalance", "sync from follower (current generation)", RIP, PREP, "B-SYNC-1"),
    Row("PreparingRebalance", "sync from leader with assignment (current generation)", RIP, PREP, "B-SYNC-1 S6"),
    Row("PreparingRebalance", "sync with wrong generation", ILLEGAL, PREP, "B-SYNC-4"),
    Row("PreparingRebalance", "heartbeat (current generation)", RIP, PREP, "B-HB-2"),
    Row("PreparingRebalance", "heartbeat with wrong generation", ILLEGAL, PREP, "B-HB-2"),
    # L has not rejoined yet, so the delayed join is re-checked but cannot complete.
    Row("PreparingRebalance", "leave from follower", NONE, PREP, "B-LEAVE-1", {"top_level": NONE}),
    Row("PreparingRebalance", "commit with member's generation", NONE, PREP, "B-OFF-1 B-OFF-5"),
    Row("PreparingRebalance", "commit with member's generation (v9)", NONE, PREP, "B-OFF-1 B-OFF-5"),
    Row("PreparingRebalance", "simple commit (generation -1, no member)", UNKNOWN, PREP, "B-OFF-1"),
    Row("PreparingRebalance", "offset fetch", NONE, PREP, "B-OFF-3", OFFSET_KEPT),
    Row("PreparingRebalance", "describe (v5)", NONE, PREP, "B-STATE-2",
        {"state": "PreparingRebalance", "members": ["F", "L", "N"]}),

    # CompletingRebalance: "respond to heartbeats with REBALANCE_IN_PROGRESS [modern Kafka: NONE];
    # respond to offset commits with REBALANCE_IN_PROGRESS; park sync group requests from followers
    # until transition to STABLE; allow offset fetch requests". Transitions: sync group with state
    # assignment from leader => STABLE; join group from new member or existing member with updated
    # metadata => PREPARING_REBALANCE; leave group from existing member => PREPARING_REBALANCE.
    Row("CompletingRebalance", "join with unknown member id (v5)", MIR, COMPL, "B-JOIN-2", NEW_ID),
    Row("CompletingRebalance", "join with unknown member id (v3, before KIP-394)", PARKED, PREP, "B-JOIN-3"),
    Row("CompletingRebalance", "join from follower with same metadata", NONE, COMPL, "B-JOIN-8",
        {"generation": 1, "leader": "L", "members": [], "member_id": "F"}),
    Row("CompletingRebalance", "join from leader with same metadata", NONE, COMPL, "B-JOIN-8 S5",
        {"generation": 1, "leader": "L", "members": ["F", "L"], "member_id": "L"}),
    Row("CompletingRebalance", "join from follower with new metadata", PARKED, PREP, "B-JOIN-3 B-TRIG-2"),
    Row("CompletingRebalance", "sync from follower (current generation)", PARKED, COMPL, "B-SYNC-2"),
    Row("CompletingRebalance", "sync from leader with assignment (current generation)", NONE, STABLE, "B-SYNC-2",
        {"assignment": b"assign-L"}),
    Row("CompletingRebalance", "sync with wrong generation", ILLEGAL, COMPL, "B-SYNC-4"),
    Row("CompletingRebalance", "heartbeat (current generation)", NONE, COMPL, "B-HB-2 (modern)"),
    Row("CompletingRebalance", "heartbeat with wrong generation", ILLEGAL, COMPL, "B-HB-2"),
    Row("CompletingRebalance", "leave from follower", NONE, PREP, "B-LEAVE-1", {"top_level": NONE}),
    Row("CompletingRebalance", "commit with member's generation", RIP, COMPL, "B-OFF-1"),
    Row("CompletingRebalance", "commit with member's generation (v9)", RIP, COMPL, "B-OFF-1"),
    Row("CompletingRebalance", "simple commit (generation -1, no member)", UNKNOWN, COMPL, "B-OFF-1"),
    Row("CompletingRebalance", "offset fetch", NONE, COMPL, "B-OFF-3", OFFSET_KEPT),
    Row("CompletingRebalance", "describe (v5)", NONE, COMPL, "B-STATE-2",
        {"state": "CompletingRebalance", "members": ["F", "L"]}),

    # Stable: "respond to member heartbeats normally; respond to sync group from any member with
    # current assignment; respond to join group from followers with matching metadata with current
    # group metadata; allow offset commits from member of current generation". Transitions: leave
    # group => PREPARING_REBALANCE; leader join-group => PREPARING_REBALANCE; follower join-group
    # with new metadata => PREPARING_REBALANCE.
    Row("Stable", "join with unknown member id (v5)", MIR, STABLE, "B-JOIN-2", NEW_ID),
    Row("Stable", "join with unknown member id (v3, before KIP-394)", PARKED, PREP, "B-JOIN-3 B-TRIG-1"),
    Row("Stable", "join from follower with same metadata", NONE, STABLE, "B-JOIN-8 S4",
        {"generation": 1, "leader": "L", "members": [], "member_id": "F"}),
    Row("Stable", "join from leader with same metadata", PARKED, PREP, "B-TRIG-3"),
    Row("Stable", "join from follower with new metadata", PARKED, PREP, "B-JOIN-3 B-TRIG-2"),
    Row("Stable", "sync from follower (current generation)", NONE, STABLE, "B-SYNC-3",
        {"assignment": b"assign-F"}),
    Row("Stable", "sync from leader with assignment (current generation)", NONE, STABLE, "B-SYNC-3",
        {"assignment": b"assign-L"}),
    Row("Stable", "sync with wrong generation", ILLEGAL, STABLE, "B-SYNC-4"),
    Row("Stable", "heartbeat (current generation)", NONE, STABLE, "B-HB-2"),
    Row("Stable", "heartbeat with wrong generation", ILLEGAL, STABLE, "B-HB-2"),
    Row("Stable", "leave from follower", NONE, PREP, "B-LEAVE-1 S7", {"top_level": NONE}),
    Row("Stable", "commit with member's generation", NONE, STABLE, "B-OFF-1"),
    Row("Stable", "commit with member's generation (v9)", NONE, STABLE, "B-OFF-1"),
    Row("Stable", "simple commit (generation -1, no member)", UNKNOWN, STABLE, "B-OFF-1"),
    Row("Stable", "offset fetch", NONE, STABLE, "B-OFF-3", OFFSET_KEPT),
    Row("Stable", "describe (v5)", NONE, STABLE, "B-STATE-2", {"state": "Stable", "members": ["F", "L"]}),

    # Dead / no such group (kaflite removes Dead groups at once: README). Kafka: a JoinGroup with an
    # empty member id creates the group (getOrMaybeCreateClassicGroup), any other member id gets
    # UNKNOWN_MEMBER_ID; sync/heartbeat/leave of an unknown group -> UNKNOWN_MEMBER_ID (leave v3+:
    # per member); OffsetCommit with a generation -> ILLEGAL_GENERATION (< v9) / GROUP_ID_NOT_FOUND
    # (v9+), a simple commit creates a commit-only group; fetch answers -1; describe says "Dead".
    Row("Dead", "join with unknown member id (v5)", MIR, EMPTY, "B-JOIN-2", NEW_ID),
    Row("Dead", "join with unknown member id (v3, before KIP-394)", PARKED, PREP, "B-JOIN-2 B-JOIN-5"),
    Row("Dead", "join from follower with same metadata", UNKNOWN, None, "B-JOIN-2", ECHO_F),
    Row("Dead", "join from leader with same metadata", UNKNOWN, None, "B-JOIN-2", ECHO_L),
    Row("Dead", "join from follower with new metadata", UNKNOWN, None, "B-JOIN-2", ECHO_F),
    Row("Dead", "sync from follower (current generation)", UNKNOWN, None, "B-SYNC-4"),
    Row("Dead", "sync from leader with assignment (current generation)", UNKNOWN, None, "B-SYNC-4"),
    Row("Dead", "sync with wrong generation", UNKNOWN, None, "B-SYNC-4"),
    Row("Dead", "heartbeat (current generation)", UNKNOWN, None, "B-HB-2"),
    Row("Dead", "heartbeat with wrong generation", UNKNOWN, None, "B-HB-2"),
    Row("Dead", "leave from follower", UNKNOWN, None, "B-LEAVE-1", {"top_level": NONE}),
    Row("Dead", "commit with member's generation", ILLEGAL, None, "B-OFF-1"),
    Row("Dead", "commit with member's generation (v9)", E.GROUP_ID_NOT_FOUND, None, "B-OFF-1"),
    Row("Dead", "simple commit (generation -1, no member)", NONE, EMPTY, "B-OFF-1"),
    Row("Dead", "offset fetch", NONE, None, "B-OFF-3", {"offset": -1}),
    Row("Dead", "describe (v5)", NONE, None, "B-STATE-2", {"state": "Dead", "members": []}),
]
# fmt: on


def _row_id(row: Row) -> str:
    answer = row.answer if row.answer == PARKED else ErrorCode(row.answer).name
    after = "no group" if row.after is None else str(row.after)
    verb = "stays" if after == row.state else "->"
    return f"{row.state}: {row.request} -> {answer} ({verb} {after}) [{row.spec}]"


def _params() -> list[Any]:
    params = []
    for row in TABLE:
        marks = [pytest.mark.xfail(strict=True, reason=row.xfail)] if row.xfail else []
        for setup in SETUPS[row.state]:
            suffix = f" <{setup.__name__.removeprefix('setup_')}>" if len(SETUPS[row.state]) > 1 else ""
            params.append(pytest.param(row, setup, id=_row_id(row) + suffix, marks=marks))
    return params


def test_table_is_complete() -> None:
    """Every state meets every request exactly once."""
    cells = [(r.state, r.request) for r in TABLE]
    assert len(cells) == len(set(cells))
    assert set(cells) == {(s, q) for s in SETUPS for q in REQUESTS}


@pytest.mark.parametrize(("row", "setup"), _params())
def test_request_in_state(row: Row, setup: Callable[[], Ctx]) -> None:
    c = setup()
    before = c.h.state(c.group)
    assert (str(before) if before is not None else "Dead") == row.state
    history_before = len(c.h.coord.history(c.group))

    answer, fields = REQUESTS[row.request](c)

    assert answer == row.answer, f"answered {answer!r}, Kafka answers {row.answer!r}"
    if row.fields is not None:
        assert {k: fields.get(k) for k in row.fields} == row.fields
    assert c.h.state(c.group) is row.after
    if row.after is not None and row.after is before:
        # "stays": not even a round trip through another state
        assert len(c.h.coord.history(c.group)) == history_before
