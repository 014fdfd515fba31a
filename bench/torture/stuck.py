"""Stuck readers: a verdict around bench/stuck_readers.py (which does the work), PASS when the broker lives
and its RSS grew no more than the limit (issue 13: 10 stuck readers of 64 MiB fetches, growth <= 10 MB).

    python bench/torture/stuck.py [--readers 10] [--mib 64] [--max-growth-mib 10]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

from kit import REPO, verdict


def run(readers: int, mib: int, max_growth_mib: float) -> bool:
    try:
        out = subprocess.run([sys.executable, str(REPO / "bench" / "stuck_readers.py"), "--readers", str(readers),
                              "--mib", str(mib)], capture_output=True, text=True, timeout=600, cwd=REPO)
    except subprocess.TimeoutExpired:
        return bool(verdict("stuck readers", False, "bench/stuck_readers.py did not finish in 600 s"))
    line = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr.strip()[-300:]
    growth = re.search(r"growth (-?[\d.]+) MiB", line)
    ok = out.returncode == 0 and growth is not None and float(growth[1]) <= max_growth_mib and "alive" in line
    return bool(verdict("stuck readers", ok, f"{line.removeprefix('stuck readers: ')} (limit {max_growth_mib:g} MiB)"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readers", type=int, default=10)
    ap.add_argument("--mib", type=int, default=64)
    ap.add_argument("--max-growth-mib", type=float, default=10.0)
    args = ap.parse_args()
    raise SystemExit(0 if run(args.readers, args.mib, args.max_growth_mib) else 1)


if __name__ == "__main__":
    main()
