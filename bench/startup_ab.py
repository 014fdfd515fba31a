"""A/B start-up: two kaflite checkouts started alternately, spawn → first ApiVersions and RSS per mode.

    bench/startup_ab.py --a /path/to/old-checkout --b . [--rounds 15] [--modes prefix,installed]

Why alternately: on a shared machine the load moves by the minute; A and B measured in the same
minutes, in alternating order, see the same load, so their ratio means something when their
absolute numbers do not. Modes are common.Kaflite's bytecode modes: "prefix" (a bytecode cache
outside the checkouts), "installed" (bytecode compiled beside the sources, as `make run` does, and
PYTHONDONTWRITEBYTECODE=1), "none" (no bytecode at all). For "installed", both checkouts are compiled
first unless --no-compile (then a checkout without __pycache__ compiles at every start: what
`make run` with PYTHONDONTWRITEBYTECODE=1 cost before it compiled at install time).
Each start is bounded (20 s to answer); everything runs on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import HOST, PYCACHE_DIR, free_port, memory_of, wait_for_api_versions


def env_for(checkout: Path, mode: str, empty_prefix: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(checkout)
    if mode == "prefix":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(PYCACHE_DIR)
    elif mode == "installed":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = str(empty_prefix)
    return env


def one_start(checkout: Path, mode: str, empty_prefix: Path, admin: bool = False) -> tuple[float, float]:
    """(spawn → first ApiVersions answer in ms, RSS then in MiB) for one fresh start."""
    work = Path(tempfile.mkdtemp(prefix="kaflite-ab-"))
    port = free_port()
    cmd = [sys.executable, "-m", "kaflite", "serve", "--host", HOST, "--port", str(port),
           "--data-dir", str(work / "data"), *(["--admin-port", "0"] if admin else [])]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                            env=env_for(checkout, mode, empty_prefix), cwd=work)  # cwd: not a checkout
    try:
        wait_for_api_versions(HOST, port, proc, timeout=20.0)
        elapsed_ms = (time.perf_counter() - t0) * 1000.0
        rss = memory_of(proc.pid).rss_mib
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(work, ignore_errors=True)
    return elapsed_ms, rss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", type=Path, required=True, help="the baseline checkout (has kaflite/)")
    parser.add_argument("--b", type=Path, required=True, help="the checkout compared with it")
    parser.add_argument("--rounds", type=int, default=15, help="starts per checkout and mode (default 15)")
    parser.add_argument("--modes", default="prefix,installed", help="comma-separated: prefix, installed, none")
    parser.add_argument("--admin", action="store_true",
                        help="serve the admin endpoint too (admin.port=0), as `make run`'s broker does")
    parser.add_argument("--no-compile", action="store_true", help="do not compileall the checkouts first")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    if unknown := set(modes) - {"prefix", "installed", "none"}:
        parser.error(f"unknown modes: {', '.join(sorted(unknown))}")
    checkouts = {"A": args.a.resolve(), "B": args.b.resolve()}
    for c in checkouts.values():
        if not (c / "kaflite" / "__init__.py").is_file():
            parser.error(f"{c} has no kaflite/ package")
        if not args.no_compile:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(c / "kaflite")], check=True,
                           stdout=subprocess.DEVNULL)
    samples: dict[tuple[str, str], tuple[list[float], list[float]]] = {
        (k, m): ([], []) for k in checkouts for m in modes}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="kaflite-ab-empty-") as empty:
        for m in modes:  # one unrecorded start each: page cache, bytecode cache
            for c in checkouts.values():
                one_start(c, m, Path(empty), args.admin)
        for i in range(args.rounds):
            for m in modes:
                for k in (("A", "B") if i % 2 == 0 else ("B", "A")):
                    ms, rss = one_start(checkouts[k], m, Path(empty), args.admin)
                    samples[(k, m)][0].append(ms)
                    samples[(k, m)][1].append(rss)
    load_after = os.getloadavg()
    print(f"A = {checkouts['A']}\nB = {checkouts['B']}\n{args.rounds} rounds, alternating; load average "
          f"{'/'.join(f'{x:.2f}' for x in load_before)} before, {'/'.join(f'{x:.2f}' for x in load_after)} after\n")
    print("| mode | A median ms | A min | B median ms | B min | B/A (median) | B/A (min) | RSS MiB A | RSS MiB B |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for m in modes:
        (a, ra), (b, rb) = samples[("A", m)], samples[("B", m)]
        ma, mb = statistics.median(a), statistics.median(b)
        print(f"| {m} | {ma:.1f} | {min(a):.1f} | {mb:.1f} | {min(b):.1f} | {mb / ma:.3f} | {min(b) / min(a):.3f} "
              f"| {statistics.median(ra):.1f} | {statistics.median(rb):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
