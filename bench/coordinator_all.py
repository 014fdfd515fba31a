"""The group-coordinator section of `bench/run_all.py --coordinator` (or run alone), ~3 minutes.

Why a separate module: run_all.py stays a list of sections; this one runs the five coordinator
benchmarks one after another with settings short enough for `make bench` (one round where a round
costs a session timeout) and prints their tables plus one summary against the goals.
"""

from __future__ import annotations

import sys

import coordinator_commits
import coordinator_failover
import coordinator_heartbeats
import coordinator_join
import coordinator_replay
import record
from common import fmt, table
from coordinator_common import load_average


def run_section(which: str = "both", metrics: list[record.Metric] | None = None) -> str:
    """Run everything once; returns the printed summary table. The commits and heartbeats runs are
    appended to ``metrics`` as record metrics when it is given (run_all.py --json)."""
    print(f"### join (load avg {load_average()})\n")
    join = coordinator_join.run_bench(which, (3, 50), rounds=2)
    print(coordinator_join.report(join) + "\n")
    print(f"### failover (load avg {load_average()})\n")
    fail = coordinator_failover.run_bench(which, rounds=1)
    print(coordinator_failover.report(fail) + "\n")
    print(f"### heartbeats (load avg {load_average()})\n")
    hb = coordinator_heartbeats.run_bench(which, 20, (1, 16), measure_s=2.0)
    print(coordinator_heartbeats.report(hb) + "\n")
    print(f"### commits (load avg {load_average()})\n")
    cm = coordinator_commits.run_bench(which, measure_s=2.0)
    print(coordinator_commits.report(cm) + "\n")
    # Issue 14's own cases: 8 connections x 16 pipelined, 1-partition commits over groups spread on the
    # partitions; 8 members x 16 pipelined heartbeats.
    print(f"### issue 14's cases (load avg {load_average()})\n")
    cm14 = coordinator_commits.run_bench(which, connections=8, depth=16, partitions=1, layouts=("spread",),
                                         measure_s=3.0)
    print(coordinator_commits.report(cm14) + "\n")
    hb14 = coordinator_heartbeats.run_bench(which, 8, (16,), measure_s=2.0)
    print(coordinator_heartbeats.report(hb14) + "\n")
    if metrics is not None:
        metrics += (coordinator_heartbeats.metrics(hb) + coordinator_commits.metrics(cm)
                    + coordinator_commits.metrics(cm14) + coordinator_heartbeats.metrics(hb14))
    print(f"### replay (load avg {load_average()})\n")
    rep, rst, mem, load = coordinator_replay.run_bench()
    print(coordinator_replay.report(rep, rst, mem, load) + "\n")

    rows = []
    raw50 = next((r for r in join if r.broker == "kaflite" and r.client == "raw" and r.consumers == 50), None)
    if raw50:
        rows.append(["join 50 raw: broker share (ms)", fmt(raw50.broker_share_ms),
                     f"≤ {coordinator_join.TARGET_BROKER_SHARE_MS:.0f}",
                     _meets(raw50.broker_share_ms <= coordinator_join.TARGET_BROKER_SHARE_MS)])
    kf = next((r for r in fail if r.broker == "kaflite"), None)
    if kf:
        excess = kf.median_ms - coordinator_failover.SESSION_TIMEOUT_MS
        rows.append(["failover beyond session timeout (ms)", fmt(excess),
                     f"≤ {coordinator_failover.TARGET_EXCESS_MS:.0f}",
                     _meets(excess <= coordinator_failover.TARGET_EXCESS_MS)])
    for r in hb:
        if r.broker == "kaflite":
            s = r.stats
            ok = (s.rate >= coordinator_heartbeats.TARGET_RATE
                  and s.latency_ms(0.99) <= coordinator_heartbeats.TARGET_P99_MS)
            rows.append([f"heartbeats/s, K={r.depth} (p99 ms)", f"{fmt(s.rate, 0)} ({fmt(s.latency_ms(0.99), 2)})",
                         "≥ 50,000 (≤ 5)", _meets(ok)])
    for c in cm:
        if c.broker == "kaflite":
            rows.append([f"commits/s, groups {c.layout} (p99 ms)",
                         f"{fmt(c.stats.rate, 0)} ({fmt(c.stats.latency_ms(0.99))})", "≥ 20,000",
                         _meets(c.stats.rate >= coordinator_commits.TARGET_RATE)])
    rows += _issue14_rows(cm14, hb14)
    rows.append(["replay 1,000,000 records (s)", fmt(rep.replay_s, 2), "≤ 2", _meets(rep.replay_s <= 2.0)])
    summary = table(["coordinator metric (kaflite)", "measured", "goal", "meets"], rows)
    print("### coordinator summary\n\n" + summary)
    return summary


def run_quick(which: str = "both", metrics: list[record.Metric] | None = None) -> None:
    """Only heartbeats and commits, 1.5 s each (about half a minute): run_all.py --coordinator quick."""
    print(f"### heartbeats (load avg {load_average()})\n")
    hb = coordinator_heartbeats.run_bench(which, 20, (16,), measure_s=1.5)
    print(coordinator_heartbeats.report(hb) + "\n")
    print(f"### commits (load avg {load_average()})\n")
    cm = coordinator_commits.run_bench(which, layouts=("spread",), measure_s=1.5)
    print(coordinator_commits.report(cm) + "\n")
    if metrics is not None:
        metrics += coordinator_heartbeats.metrics(hb) + coordinator_commits.metrics(cm)


def _issue14_rows(commits: list[coordinator_commits.Result],
                  heartbeats: list[coordinator_heartbeats.Result]) -> list[list[str]]:
    """Issue 14's goals: commits >= 20,000/s and >= 2x Tansu, p99 <= 10 ms, <= 60 us broker CPU each;
    heartbeats >= 30,000/s and >= 2x Tansu, p99 <= 5 ms, <= 30 us each (the ratio only when Tansu ran)."""
    rows = []
    for results, label, floor, p99, cpu in ((commits, "commits/s, 8 x 16 x 1, spread", 20_000, 10.0, 60.0),
                                            (heartbeats, "heartbeats/s, 8 x 16", 30_000, 5.0, 30.0)):
        k = next((r for r in results if r.broker == "kaflite"), None)
        t = next((r for r in results if r.broker == "tansu"), None)
        if k is None:
            continue
        s = k.stats
        us = 1e4 * s.broker_cpu_pct / s.rate if s.rate > 0 else float("nan")
        times = s.rate / t.stats.rate if t is not None and t.stats.rate > 0 else None
        ok = s.rate >= floor and s.latency_ms(0.99) <= p99 and us <= cpu and (times is None or times >= 2.0)
        measured = f"{fmt(s.rate, 0)} ({fmt(s.latency_ms(0.99))} ms, {fmt(us, 0)} µs" + (
            f", {times:.2f}x Tansu)" if times is not None else ")")
        rows.append([f"{label} (p99, CPU each)", measured, f"≥ {floor:,}, ≥ 2x Tansu (≤ {p99:g} ms, ≤ {cpu:g} µs)",
                     _meets(ok)])
    return rows


def _meets(ok: bool) -> str:
    return "yes" if ok else "NO"


if __name__ == "__main__":
    run_section(sys.argv[1] if len(sys.argv) > 1 else "both")
