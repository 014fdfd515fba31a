"""KIP-848 server assignors: time per assignment, no broker.

Why: the coordinator computes a new target assignment inline on every subscription change, so a big
group's heartbeat waits for it. Cases follow Kafka's `ServerSideAssignorBenchmark` sizes:
uniform homogeneous 1,000 members x 1,000 topics x 50,000 partitions (first assignment, a re-run with
one member added, and a re-run with nothing changed), uniform heterogeneous (members subscribe to
overlapping halves of the topics), and range on the same shapes.
Goal: <= 200 ms for the uniform 1,000 x 1,000 x 50,000 first assignment (Kafka reports 15-20 ms).

    PYTHONPATH=. .venv/bin/python bench/assignors.py [--repeat 5] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import statistics
import time
from collections.abc import Callable

from kaflite.coordinator.assignors import (
    ASSIGNORS,
    GroupAssignment,
    GroupSpec,
    MemberSubscriptionAndAssignment,
    SubscriptionType,
    TopicId,
    TopicMetadata,
)


def make_topics(count: int, partitions: int) -> dict[TopicId, TopicMetadata]:
    per_topic = partitions // count
    topics = {}
    for i in range(count):
        tid = i.to_bytes(16, "big")
        topics[tid] = TopicMetadata(tid, f"topic-{i:05d}", per_topic)
    return topics


def member_id(i: int) -> str:
    return f"member-{i:06d}"


def spec(
    subs: list[frozenset[TopicId]],
    kind: SubscriptionType,
    previous: GroupAssignment | None = None,
    ids: list[str] | None = None,
) -> GroupSpec:
    ids = ids or [member_id(i) for i in range(len(subs))]
    prev = previous or {}
    members = {
        m: MemberSubscriptionAndAssignment(subscribed_topic_ids=s, assignment=prev.get(m, {}))
        for m, s in zip(ids, subs, strict=True)
    }
    return GroupSpec(members=dict(sorted(members.items())), subscription_type=kind)


def timed(fn: Callable[[], GroupAssignment], repeat: int) -> tuple[float, GroupAssignment]:
    samples = []
    out: GroupAssignment = {}
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        out = fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), out


def moved(before: GroupAssignment, after: GroupAssignment) -> int:
    """Partitions whose owner changed (present before, owned by someone else after)."""
    count = 0
    for m, topics in before.items():
        new = after.get(m, {})
        for t, ps in topics.items():
            count += len(ps - new.get(t, frozenset()))
    return count


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--members", type=int, default=1000)
    ap.add_argument("--topics", type=int, default=1000)
    ap.add_argument("--partitions", type=int, default=50_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true", help="cProfile the uniform homogeneous first assignment")
    args = ap.parse_args()
    m, n_topics = args.members, args.topics
    topics = make_topics(n_topics, args.partitions)
    all_ids = frozenset(topics)
    ordered_ids = sorted(topics)
    rows: list[tuple[str, float, str]] = []
    uniform, range_ = ASSIGNORS["uniform"], ASSIGNORS["range"]
    homo = SubscriptionType.HOMOGENEOUS
    hetero = SubscriptionType.HETEROGENEOUS

    shape = f"{m} members x {n_topics} topics x {args.partitions} partitions"
    first_spec = spec([all_ids] * m, homo)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        uniform.assign(first_spec, topics)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)
    ms, first = timed(lambda: uniform.assign(first_spec, topics), args.repeat)
    rows.append((f"uniform homogeneous, first assignment ({shape})", ms, ""))

    same_spec = spec([all_ids] * m, homo, first)
    ms, same = timed(lambda: uniform.assign(same_spec, topics), args.repeat)
    rows.append(("uniform homogeneous, re-run, nothing changed", ms, f"moved {moved(first, same)}"))

    ids_plus = [member_id(i) for i in range(m)] + ["member-000500-new"]
    plus_spec = spec([all_ids] * (m + 1), homo, first, ids_plus)
    ms, plus = timed(lambda: uniform.assign(plus_spec, topics), args.repeat)
    rows.append(("uniform homogeneous, re-run, one member added", ms, f"moved {moved(first, plus)}"))

    # Heterogeneous: member i subscribes to a window of half of the topics starting at i's slot.
    half = n_topics // 2
    windows = [frozenset(ordered_ids[(i * 7 + k) % n_topics] for k in range(half)) for i in range(m)]
    het_spec = spec(windows, hetero)
    ms, het = timed(lambda: uniform.assign(het_spec, topics), max(1, args.repeat // 2))
    loads = [sum(len(p) for p in a.values()) for a in het.values()]
    rows.append((f"uniform heterogeneous, first assignment (half the topics each, {shape})", ms,
                 f"loads {min(loads)}..{max(loads)}"))
    het_again = spec(windows, hetero, het)
    ms, het2 = timed(lambda: uniform.assign(het_again, topics), max(1, args.repeat // 2))
    rows.append(("uniform heterogeneous, re-run, nothing changed", ms, f"moved {moved(het, het2)}"))

    ms, _ = timed(lambda: range_.assign(first_spec, topics), args.repeat)
    rows.append((f"range homogeneous ({shape})", ms, ""))
    ms, _ = timed(lambda: range_.assign(het_spec, topics), args.repeat)
    rows.append(("range heterogeneous (half the topics each)", ms, ""))

    width = max(len(r[0]) for r in rows)
    print(f"{'case':<{width}}  {'ms (median)':>11}  note")
    for name, ms, note in rows:
        print(f"{name:<{width}}  {ms:>11.1f}  {note}")


if __name__ == "__main__":
    main()
