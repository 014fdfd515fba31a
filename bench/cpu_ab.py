#!/usr/bin/env python3
"""A/B broker CPU per coordinator request: two checkouts measured at the same time, each on a core of its own.

    bench/cpu_ab.py --a /path/to/old-checkout --b . [--pairs 6] [--kinds commit heartbeat] [--rounds 3]

Why at the same time: on a shared VM the CPU a request costs moves ±15 % from minute to minute (the host's
other guests), more than most changes are worth; `coordinator_cpu.py` run for A, then B, then A, cannot tell
5 % from that. Two runs at once, each pinned to its own core, live through the same minute; the cores swap
every pair, so a faster core favours neither. Each run is this checkout's `bench/coordinator_cpu.py` (in
process, no sockets) with PYTHONPATH set to the checkout measured, so both are measured by the same code.
Prints each pair, then per kind the median of the pairs' B/A ratios and how many pairs B was cheaper in.

Needs Linux (sched_setaffinity) and 2 cores; each run is bounded by --timeout.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULT = re.compile(r"^\s*(\w+):\s+([\d.]+) µs CPU/request", re.MULTILINE)
HEADER = re.compile(r"^kaflite from (\S+),.*code (.*)$", re.MULTILINE)


def start(checkout: Path, core: int, kinds: list[str], rounds: int, windows: int) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    cmd = [sys.executable, str(HERE / "coordinator_cpu.py"), "--kinds", *kinds, "--rounds", str(rounds),
           "--windows", str(windows)]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            stdin=subprocess.DEVNULL, preexec_fn=lambda: os.sched_setaffinity(0, {core}))


def finish(proc: subprocess.Popen[str], checkout: Path, timeout: float) -> tuple[dict[str, float], str]:
    """The run's µs per request by kind, and its code line; fails loudly if it measured another checkout."""
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise SystemExit(f"a run of {checkout} took longer than {timeout:.0f} s") from None
    header = HEADER.search(out)
    if proc.returncode != 0 or header is None:
        raise SystemExit(f"a run of {checkout} failed (exit {proc.returncode}):\n{out[-2000:]}")
    if Path(header.group(1)).resolve() != checkout:
        raise SystemExit(f"asked for {checkout}, measured {header.group(1)} (an installed kaflite shadows it?)")
    return {kind: float(us) for kind, us in RESULT.findall(out)}, header.group(2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", type=Path, required=True, help="the baseline checkout (has kaflite/)")
    parser.add_argument("--b", type=Path, required=True, help="the checkout compared with it")
    parser.add_argument("--pairs", type=int, default=6, help="runs of each, side by side (default 6)")
    parser.add_argument("--kinds", nargs="+", default=["commit", "heartbeat"], choices=["heartbeat", "commit", "fetch"])
    parser.add_argument("--rounds", type=int, default=3, help="coordinator_cpu.py's --rounds per run (default 3)")
    parser.add_argument("--windows", type=int, default=2000, help="coordinator_cpu.py's --windows (default 2000)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per run before it is killed")
    args = parser.parse_args(argv)
    checkouts = {"A": args.a.resolve(), "B": args.b.resolve()}
    for c in checkouts.values():
        if not (c / "kaflite" / "__init__.py").is_file():
            parser.error(f"{c} has no kaflite/ package")
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        parser.error("needs two cores to run A and B side by side")
    load_before = os.getloadavg()
    ratios: dict[str, list[float]] = {k: [] for k in args.kinds}
    codes: dict[str, str] = {}
    print(f"A = {checkouts['A']}\nB = {checkouts['B']}\n")
    print("| pair | A core | " + " | ".join(f"{k} A µs | {k} B µs | B/A" for k in args.kinds) + " |")
    print("|--:|--:|" + "--:|--:|--:|" * len(args.kinds))
    for pair in range(args.pairs):
        core_a, core_b = (cores[0], cores[1]) if pair % 2 == 0 else (cores[1], cores[0])
        runs = {"A": start(checkouts["A"], core_a, args.kinds, args.rounds, args.windows),
                "B": start(checkouts["B"], core_b, args.kinds, args.rounds, args.windows)}
        results = {}
        for name, proc in runs.items():
            results[name], codes[name] = finish(proc, checkouts[name], args.timeout)
        cells = []
        for k in args.kinds:
            a, b = results["A"][k], results["B"][k]
            ratios[k].append(b / a)
            cells.append(f"{a:.1f} | {b:.1f} | {b / a:.3f}")
        print(f"| {pair + 1} | {core_a} | " + " | ".join(cells) + " |", flush=True)
    load_after = os.getloadavg()
    print(f"\ncode: A {codes['A']}; B {codes['B']}")
    print(f"load average {'/'.join(f'{x:.2f}' for x in load_before)} before, "
          f"{'/'.join(f'{x:.2f}' for x in load_after)} after")
    for k, rs in ratios.items():
        cheaper = sum(r < 1 for r in rs)
        print(f"{k}: B/A median {statistics.median(rs):.3f} (min {min(rs):.3f}, max {max(rs):.3f}); "
              f"B cheaper in {cheaper} of {len(rs)} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
