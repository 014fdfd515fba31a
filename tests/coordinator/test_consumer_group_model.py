"""Random runs of a consumer group (members joining, heartbeating what they hold, leaving, expiring,
static members bouncing, topics growing) checked after every step against the invariants Kafka's
coordinator keeps, and at the end against a replay of every record written (CG-RP-1, CG-RC-3)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaflite.coordinator.consumer.group import ConsumerGroup, MemberState
from tests.coordinator.consumer_harness import ConsumerHarness, same_group, topic_id

TOPICS = {"a": 4, "b": 3}
STEP = st.one_of(
    st.tuples(st.just("join"), st.integers(0, 5), st.sampled_from([["a"], ["b"], ["a", "b"]]), st.booleans()),
    st.tuples(st.just("beat"), st.integers(0, 5)),
    st.tuples(st.just("beat_all"), st.just(0)),
    st.tuples(st.just("leave"), st.integers(0, 5)),
    st.tuples(st.just("static_leave"), st.integers(0, 5)),
    st.tuples(st.just("expire"), st.integers(0, 5)),
    st.tuples(st.just("grow"), st.sampled_from(["a", "b"])),
    st.tuples(st.just("new_topic"), st.just("c")),
)


def held(h: ConsumerHarness, member_id: str) -> dict[str, list[int]]:
    m = h.group().members[member_id]
    names = {topic_id(n): n for n in h.image.names()}
    return {names[t]: sorted(ps) for t, ps in m.assigned.items() if t in names}


def check_invariants(g: ConsumerGroup) -> None:
    owners: dict[tuple[bytes, int], str] = {}
    for m in g.members.values():
        for a in (m.assigned, m.pending_revocation):
            for t, ps in a.items():
                for p in ps:
                    assert (t, p) not in owners, f"{t.hex()}-{p} owned by {owners[(t, p)]} and {m.member_id}"
                    owners[(t, p)] = m.member_id
                    assert g.current_partition_epoch(t, p) == m.member_epoch
        if m.state is MemberState.UNREVOKED_PARTITIONS and m.member_epoch != -2:  # -2 drops them (CG-ST-4)
            assert m.pending_revocation
        assert m.member_epoch <= g.group_epoch
    targets: dict[tuple[bytes, int], str] = {}
    for mid, a in g.target.items():
        for t, ps in a.items():
            for p in ps:
                assert (t, p) not in targets, "a partition in two targets"
                targets[(t, p)] = mid
    assert g.assignment_epoch <= g.group_epoch


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEP, min_size=1, max_size=40))
def test_CG_RP_1_random_runs_keep_invariants_and_replay_identically(steps: list[tuple]) -> None:
    h = ConsumerHarness(topics=dict(TOPICS))
    instance = {i: f"static-{i}" for i in (4, 5)}  # members 4 and 5 are static
    generation: dict[int, int] = {}
    for step in steps:
        kind, arg = step[0], step[1]
        g = h.coord.ctx.groups.get("g")
        members = g.members if isinstance(g, ConsumerGroup) else {}
        if kind == "join":
            i, topics = arg, step[2]
            generation[i] = generation.get(i, 0) + 1
            mid = f"m{i}-{generation[i]}"
            h.hb(mid, 0, topics=topics, instance_id=instance.get(i))
        elif kind == "beat" and members:
            mid = sorted(members)[arg % len(members)]
            m = members[mid]
            if m.member_epoch >= 0:
                r = h.hb(mid, m.member_epoch, owned=held(h, mid), instance_id=m.instance_id)
                assert r.error_code == 0, (r.error_code, r.error_message)
        elif kind == "beat_all":
            for mid in sorted(members):
                m = members.get(mid)
                if m is not None and m.member_epoch >= 0:
                    h.hb(mid, m.member_epoch, owned=held(h, mid), instance_id=m.instance_id)
        elif kind == "leave" and members:
            mid = sorted(members)[arg % len(members)]
            m = members[mid]
            r = h.hb(mid, -1, instance_id=m.instance_id)
            assert r.error_code == 0, r.error_message
        elif kind == "static_leave" and members:
            statics = sorted(mid for mid, m in members.items() if m.instance_id and m.member_epoch >= 0)
            if statics:
                mid = statics[arg % len(statics)]
                assert h.hb(mid, -2, instance_id=members[mid].instance_id).error_code == 0
        elif kind == "expire" and members:
            mid = sorted(members)[arg % len(members)]
            deadline = h.coord.timer_deadline(f"session-timeout-g-{mid}")
            if deadline is not None:
                h.absorb(h.coord.on_timer(f"session-timeout-g-{mid}", deadline))
        elif kind == "grow":
            t = h.image.topic(arg)
            assert t is not None
            h.image.put(arg, t.topic_id, t.num_partitions + 1)
        elif kind == "new_topic" and h.image.topic(arg) is None:
            h.image.put(arg, topic_id(arg), 2)
        g = h.coord.ctx.groups.get("g")
        if isinstance(g, ConsumerGroup):
            check_invariants(g)
    g = h.coord.ctx.groups.get("g")
    if isinstance(g, ConsumerGroup):
        other = h.replayed().ctx.groups.get("g")
        assert isinstance(other, ConsumerGroup)
        assert same_group(g, other)


def test_CG_RC_3_a_group_converges_once_everyone_heartbeats() -> None:
    """Five members join one by one; heartbeating what they hold, they converge to Stable, balanced."""
    h = ConsumerHarness(topics={"a": 10})
    for i in range(5):
        h.hb(f"m{i}", 0, topics=["a"])
    for _ in range(6):
        for mid in sorted(h.group().members):
            m = h.group().members[mid]
            h.hb(mid, m.member_epoch, owned=held(h, mid))
    g = h.group()
    assert g.compute_state().value == "Stable"
    sizes = sorted(len(held(h, mid).get("a", [])) for mid in g.members)
    assert sizes == [2, 2, 2, 2, 2]
