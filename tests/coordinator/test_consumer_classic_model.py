"""Random runs of a group that mixes consumer-protocol and classic members (CG-MIX-*), upgrades and
downgrades (CG-MIG-*): no step raises, a consumer group keeps Kafka's invariants after every step,
and whatever the group is at the end, a replay of every record written rebuilds it."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaflite.coordinator.classic.group import ClassicGroup
from kaflite.coordinator.consumer.group import ConsumerGroup
from kaflite.protocol.errors import ErrorCode as E
from kaflite.protocol.messages import JoinGroupRequest
from tests.coordinator.consumer_harness import CTX, ConsumerHarness, same_group, topic_id
from tests.coordinator.test_consumer_group_model import check_invariants

TOPICS = {"a": 4, "b": 3}
SUBS = st.sampled_from([["a"], ["b"], ["a", "b"]])
STEP = st.one_of(
    st.tuples(st.just("join"), st.integers(0, 3), SUBS),
    st.tuples(st.just("beat"), st.integers(0, 3), st.just(None)),
    st.tuples(st.just("leave"), st.integers(0, 3), st.just(None)),
    st.tuples(st.just("cjoin"), st.integers(0, 3), SUBS),
    st.tuples(st.just("csync"), st.integers(0, 3), st.just(None)),
    st.tuples(st.just("chb"), st.integers(0, 3), st.just(None)),
    st.tuples(st.just("cleave"), st.integers(0, 3), st.just(None)),
    st.tuples(st.just("advance"), st.sampled_from([1_000, 12_000, 31_000, 46_000]), st.just(None)),
)


def held(h: ConsumerHarness, member_id: str) -> dict[str, list[int]]:
    g = h.coord.ctx.groups.get("g")
    if not isinstance(g, ConsumerGroup) or member_id not in g.members:
        return {}
    names = {topic_id(n): n for n in h.image.names()}
    return {names[t]: sorted(ps) for t, ps in g.members[member_id].assigned.items() if t in names}


def classic_id(h: ConsumerHarness, iid: str) -> str | None:
    """The member id of the classic (static) member with instance id `iid`, in either group type."""
    g = h.coord.ctx.groups.get("g")
    if isinstance(g, ConsumerGroup):
        m = g.static_member(iid)
        return m.member_id if m is not None else None
    if isinstance(g, ClassicGroup):
        return g.static_members.get(iid)
    return None


def classic_join(h: ConsumerHarness, iid: str, topics: list[str], tokens: list[str]) -> None:
    """A static member's JoinGroup v5 (its known id, else ""); in a classic group the answer may be parked."""
    mid = classic_id(h, iid) or ""
    JP = JoinGroupRequest.JoinGroupRequestProtocol
    req = JoinGroupRequest(group_id="g", session_timeout_ms=10_000, rebalance_timeout_ms=30_000, member_id=mid,
                           group_instance_id=iid, protocol_type="consumer",
                           protocols=[JP(name="range", metadata=h.subscription(topics, held(h, mid)))])
    token = f"join#{len(tokens)}"
    tokens.append(token)
    h.absorb(h.coord.join_group(req, 5, CTX, token))


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEP, min_size=8, max_size=40))
def test_CG_MIX_MIG_random_mixed_runs(steps: list[tuple[Any, ...]]) -> None:
    h = ConsumerHarness(topics=dict(TOPICS), group_initial_rebalance_delay_ms=0)
    tokens: list[str] = []
    for kind, arg, topics in steps:
        g = h.coord.ctx.groups.get("g")
        consumer = g if isinstance(g, ConsumerGroup) else None
        cid = classic_id(h, f"c{arg}")
        if kind == "join":
            m = consumer.members.get(f"m{arg}") if consumer else None
            if m is None:
                r = h.hb(f"m{arg}", 0, topics=topics)
                assert r.error_code == 0, (r.error_code, r.error_message)
        elif kind == "beat" and consumer and f"m{arg}" in consumer.members:
            m = consumer.members[f"m{arg}"]
            r = h.hb(m.member_id, m.member_epoch, owned=held(h, m.member_id))
            assert r.error_code == 0, (r.error_code, r.error_message)
        elif kind == "leave" and consumer and f"m{arg}" in consumer.members:
            assert h.hb(f"m{arg}", -1).error_code == 0
        elif kind == "cjoin":
            classic_join(h, f"c{arg}", topics, tokens)
        elif kind == "csync" and cid is not None:
            gen = consumer.members[cid].member_epoch if consumer else g.generation  # type: ignore[union-attr]
            if consumer:
                r = h.csync(cid, gen, instance_id=f"c{arg}")
                assert r.error_code in (E.NONE, E.REBALANCE_IN_PROGRESS), r
        elif kind == "chb" and cid is not None:
            gen = consumer.members[cid].member_epoch if consumer else g.generation  # type: ignore[union-attr]
            code = h.chb(cid, gen, instance_id=f"c{arg}")
            if consumer:
                assert code in (E.NONE, E.REBALANCE_IN_PROGRESS)
        elif kind == "cleave" and cid is not None:
            assert h.cleave((cid, f"c{arg}")).members[0].error_code == 0
        elif kind == "advance":
            h.advance(arg)
        g = h.coord.ctx.groups.get("g")
        if isinstance(g, ConsumerGroup):
            check_invariants(g)
            assert all((m.instance_id is not None) == (m.classic is not None) for m in g.members.values())
    g = h.coord.ctx.groups.get("g")
    other = h.replayed()
    if isinstance(g, ConsumerGroup):
        o = other.ctx.groups.get("g")
        assert isinstance(o, ConsumerGroup) and same_group(g, o)
    elif isinstance(g, ClassicGroup) and g.state.value == "Stable":  # mid-rebalance is not in the log yet
        o = other.ctx.groups.get("g")
        assert isinstance(o, ClassicGroup) and o.generation == g.generation
