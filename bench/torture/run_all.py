"""Every torture scenario in sequence (never in parallel: 2 cores), one verdict line each; exit 1 on any FAIL.

    python bench/torture/run_all.py                       # the documented run (a few minutes)
    python bench/torture/run_all.py --full                # the issue's sizes (about an hour and more)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import connections
import disk
import fuzz
import kill9
import stuck

SIZES = {
    "default": {"frames": 5_000, "conns": 500, "readers": 10, "mib": 64, "cycles": 20},
    "full": {"frames": 1_000_000, "conns": 1_000, "readers": 10, "mib": 64, "cycles": 100},
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="issue 13's sizes: 1,000,000 frames, 1,000+1,000 "
                                                         "connections, 10 x 64 MiB stuck readers, 100 cycles")
    args = ap.parse_args()
    n = SIZES["full" if args.full else "default"]
    results = [
        fuzz.run(n["frames"], max_seconds=6 * 3600),
        connections.run(n["conns"], n["conns"], rounds=5, max_kib=3.0),
        stuck.run(n["readers"], n["mib"], max_growth_mib=10.0),
        kill9.run(n["cycles"], max_seconds=3600, seed=13),
        disk.run("4m"),
    ]
    print(f"torture: {sum(results)}/{len(results)} scenarios passed")
    raise SystemExit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
