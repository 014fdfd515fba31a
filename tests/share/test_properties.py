"""Property tests: random produce / acquire / acknowledge / expire / depart sequences against a model.

The model is the spec in miniature (SP-ST-1/2, SP-LOCK-1/2, SP-ACK-3, SS-CL-1): per offset, its
delivery count, its holder and lock deadline, and its final state. After every step the share
partition must agree with it, and:
- no record is ever handed to a member while another holds it, nor after it became final;
- an acknowledgement that succeeds only ever settles records its member holds, and one that fails
  changes nothing (SP-ACK-2);
- the SPSO never passes a record that is not final (SP-ADV-1);
- reloading from what the share coordinator holds (the successful writes, SP-PERSIST-1) gives the
  same window, acquisitions forgotten (SP-LOAD-1), and a run may go on from such a reload;
and at the end, draining the partition leaves every offset acknowledged or archived exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaflite.protocol.errors import ErrorCode
from kaflite.share import LogBatch, RecordState, SharePartition, ShareStateWrite
from tests.share.helpers import LOCK, NOW, A, K, Q, Store, X, ack, make

MEMBERS = ("m1", "m2", "m3")
NEW_STATE = {0: X, 1: K, 3: X}  # Gap, Accept, Reject; Release depends on the count


@dataclass
class Model:
    limit: int
    count: dict[int, int] = field(default_factory=dict)
    holder: dict[int, str] = field(default_factory=dict)
    deadline: dict[int, int] = field(default_factory=dict)
    final: dict[int, RecordState] = field(default_factory=dict)

    def finalize(self, o: int, state: RecordState) -> None:
        assert o not in self.final, f"offset {o} settled twice"
        self.final[o] = state

    def release(self, o: int) -> None:
        del self.holder[o]
        del self.deadline[o]
        if self.count[o] >= self.limit:
            self.finalize(o, X)

    def expire(self, now: int) -> None:
        for o in [o for o, d in self.deadline.items() if d <= now]:
            self.release(o)


@dataclass
class Run:
    sp: SharePartition
    model: Model
    store: Store
    locks: int = 2000
    log: list[LogBatch] = field(default_factory=list)
    now: int = NOW

    @property
    def log_end(self) -> int:
        return self.log[-1].last_offset + 1 if self.log else 0

    def persist(self, write: ShareStateWrite | None, ok: bool = True) -> None:
        if write is None:
            return
        if ok:
            self.store.apply(write)
        ch = self.sp.complete_write(write.write_id, ok, now_ms=self.now)
        if not ok:
            self.model.expire(self.now)  # rolled back to ACQUIRED; an expired lock is released at once
            if ch.write is not None:
                self.store.apply(ch.write)

    def read(self, max_batches: int) -> list[LogBatch]:
        nfo = self.sp.next_fetch_offset()
        return [b for b in self.log if b.last_offset >= nfo][:max_batches]

    def snapshot(self) -> list[tuple[int, RecordState, int, str, int | None]]:
        return [(o, s.state, s.delivery_count, s.member_id, s.deadline_ms) for o, s in self.sp.states()]


# ------------------------------------------------------------------------------------------ steps
def produce(run: Run, n: int) -> None:
    run.log.append(LogBatch(run.log_end, run.log_end + n - 1))


def acquire(run: Run, member: str, max_records: int, record_mode: bool, batch_size: int, nbatches: int) -> None:
    m = run.model
    a = run.sp.acquire(
        member,
        run.read(nbatches),
        max_records=max_records,
        batch_size=batch_size,
        record_limit_mode=record_mode,
        now_ms=run.now,
    )
    got = [o for r in a.records for o in range(r.first_offset, r.last_offset + 1)]
    assert len(got) == len(set(got)) == a.count
    if record_mode:
        assert a.count <= max_records
    for r in a.records:
        for o in range(r.first_offset, r.last_offset + 1):
            assert o < run.log_end
            assert o not in m.holder, f"offset {o} handed to {member} while {m.holder.get(o)} holds it"
            assert o not in m.final, f"offset {o} handed out after it was settled"
            m.count[o] = m.count.get(o, 0) + 1
            assert r.delivery_count == m.count[o]
            assert m.count[o] <= m.limit
            m.holder[o] = member
            m.deadline[o] = run.now + LOCK


def _pick_range(run: Run, member: str, pick: int, span: int) -> tuple[int, int]:
    m = run.model
    held = sorted(o for o, h in m.holder.items() if h == member)
    if held and pick % 4:
        first = held[pick % len(held)]
        last = first
        while last + 1 in m.holder and m.holder[last + 1] == member and last - first + 1 < span:
            last += 1
        return first, last
    first = pick % (run.log_end + 2)  # sometimes a range nobody owns, to see refusals change nothing
    return first, first + span - 1


def acknowledge(
    run: Run, member: str, picks: list[tuple[int, int]], types: list[int], other: str | None, ok: bool
) -> None:
    """One request of 1-2 batches (the second maybe from another member's records, to fail late)."""
    m = run.model
    batches = []
    for i, (pick, span) in enumerate(picks):
        first, last = _pick_range(run, other if (i == 1 and other) else member, pick, span)
        if batches and first <= batches[-1][1]:
            break
        n = last - first + 1
        kinds = types[:1] if len(types) == 1 or n == 1 else (types * n)[:n]
        batches.append((first, last, kinds))
    before = run.snapshot()
    held_before = {o: (c, d) for o, _, c, _, d in before}
    spso = run.sp.start_offset
    request = [ack(first, last, *kinds) for first, last, kinds in batches]
    res = run.sp.acknowledge(member, request, now_ms=run.now, renew_allowed=True)
    if res.error_code != ErrorCode.NONE:
        assert res.change.write is None
        assert run.snapshot() == before, "a refused acknowledgement changed the partition"
        return
    settled = []
    for first, last, kinds in batches:
        for o in range(max(first, spso), last + 1):
            if o >= run.log_end and o not in m.count:
                continue
            assert m.holder.get(o) == member, f"{member} settled offset {o} held by {m.holder.get(o)}"
            t = kinds[0] if len(kinds) == 1 else kinds[o - first]
            if t == 4:
                m.deadline[o] = run.now + LOCK
                continue
            settled.append(o)
            if t == 2:
                m.release(o)
            else:
                del m.holder[o]
                del m.deadline[o]
                m.finalize(o, NEW_STATE[t])
    if not ok:
        # The write failed: every change rolls back (the renewals stay).
        for o in settled:
            m.final.pop(o, None)
            m.holder[o] = member
            count, deadline = held_before[o]
            assert deadline is not None
            m.count[o], m.deadline[o] = count, deadline
    run.persist(res.change.write, ok)


def tick(run: Run, ms: int) -> None:
    run.now += ms
    ch = run.sp.expire_locks(run.now)
    run.model.expire(run.now)
    if ch.write is not None:
        run.store.apply(ch.write)


def depart(run: Run, member: str, ok: bool) -> None:
    m = run.model
    held = [o for o, h in m.holder.items() if h == member]
    before = {o: (m.count[o], m.deadline[o]) for o in held}
    ch = run.sp.release_member(member)
    assert (ch.write is None) == (not held)
    for o in held:
        m.release(o)
    if not ok:
        for o in held:
            m.final.pop(o, None)
            m.holder[o] = member
            m.count[o], m.deadline[o] = before[o]
    run.persist(ch.write, ok)


def restart(run: Run) -> None:
    """The broker restarts: the share partition is loaded again from the share coordinator (SP-LOAD-1).

    Acquisitions are forgotten: a held record comes back AVAILABLE with its last written count,
    or as a gap to deliver as new if it was never written (SP-PERSIST-1).
    """
    m = run.model
    run.sp = run.store.reload(delivery_count_limit=m.limit, max_record_locks=run.locks)
    for o in list(m.holder):
        m.count[o] -= 1
        del m.holder[o]
        del m.deadline[o]


# ------------------------------------------------------------------------------------- invariants
def check(run: Run) -> None:
    m, sp = run.model, run.sp
    spso = sp.start_offset
    for o in range(spso):
        if o < run.log_end:
            assert o in m.final, f"SPSO {spso} passed offset {o}, which is not final"
    cached = dict(sp.states())
    for o in range(spso, run.log_end):
        s = cached.get(o)
        if s is None:
            assert m.count.get(o, 0) == 0 and o not in m.final, f"offset {o} lost"
            continue
        if o in m.final:
            assert s.state is m.final[o] and o not in m.holder
        elif o in m.holder:
            assert (s.state, s.member_id, s.deadline_ms) == (Q, m.holder[o], m.deadline[o])
        else:
            assert s.state is A
        assert s.delivery_count == m.count.get(o, 0)
    assert sp.lock_deadline() == (min(m.deadline.values()) if m.deadline else None)


def check_reload(run: Run) -> None:
    """SP-LOAD-1 + SP-PERSIST-1: the reloaded window is the live one with every acquisition forgotten."""
    sp = run.sp
    re = run.store.reload(delivery_count_limit=run.model.limit)
    assert re.start_offset == sp.start_offset
    live = dict(sp.states())
    loaded = dict(re.states())

    def norm_live(o: int) -> tuple[RecordState, int] | None:
        s = live.get(o)
        if s is None:
            return None
        if s.state is Q:
            return (A, s.delivery_count - 1) if s.delivery_count > 1 else None
        if s.state is A and s.delivery_count == 0:
            return None
        return (s.state, s.delivery_count)

    for o in range(sp.start_offset, run.log_end):
        s = loaded.get(o)
        assert norm_live(o) == (None if s is None else (s.state, s.delivery_count)), o


def drain(run: Run) -> None:
    """Let every lock run out, then acquire and accept everything left, until the window is empty."""
    for _ in range(2 * run.log_end + 20):
        tick(run, LOCK)
        if run.sp.start_offset >= run.log_end:
            break
        a = run.sp.acquire("drain", run.read(1000), max_records=10_000, now_ms=run.now)
        for r in a.records:
            res = run.sp.acknowledge("drain", [ack(r.first_offset, r.last_offset, 1)], now_ms=run.now)
            assert res.error_code == ErrorCode.NONE
            for o in range(r.first_offset, r.last_offset + 1):
                run.model.finalize(o, K)
            run.persist(res.change.write)
    assert run.sp.start_offset == run.log_end
    assert sorted(run.model.final) == list(range(run.log_end)), "an offset never settled"
    assert run.sp.in_flight_count() == 0 and list(run.sp.states()) == []


MEMBER = st.sampled_from(MEMBERS)
STEP = st.one_of(
    st.tuples(st.just("produce"), st.integers(1, 6)),
    st.tuples(st.just("acquire"), MEMBER, st.integers(1, 12), st.booleans(), st.integers(1, 8), st.integers(1, 4)),
    st.tuples(
        st.just("ack"),
        MEMBER,
        st.lists(st.tuples(st.integers(0, 60), st.integers(1, 8)), min_size=1, max_size=2),
        st.lists(st.sampled_from([0, 1, 2, 3, 4]), min_size=1, max_size=3),
        st.none() | MEMBER,
        st.booleans() | st.just(True),
    ),
    st.tuples(st.just("tick"), st.sampled_from([1, LOCK // 3, LOCK])),
    st.tuples(st.just("depart"), MEMBER, st.booleans() | st.just(True)),
    st.tuples(st.just("restart")),
)
STEPS: dict[str, Any] = {
    "produce": produce,
    "acquire": acquire,
    "ack": acknowledge,
    "tick": tick,
    "depart": depart,
    "restart": restart,
}


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([2, 3, 5]),
    st.sampled_from([4, 12, 2000]),
    st.lists(STEP, min_size=1, max_size=45),
)
def test_share_partition_against_the_model(limit: int, locks: int, steps: list[tuple[Any, ...]]) -> None:
    run = Run(make(delivery_count_limit=limit, max_record_locks=locks), Model(limit), Store(0), locks)
    for step in steps:
        STEPS[step[0]](run, *step[1:])
        check(run)
        check_reload(run)
    drain(run)
    check(run)
