"""Run every benchmark in sequence (never in parallel: 2 cores) and print one summary table.

Why one table: `make bench` output should answer "where is kaflite against its targets and
against Tansu" at a glance; the per-benchmark tables above it hold the detail. With --json the run
is also kept as a record (record.py) that compare.py and readme_table.py read.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import record
import startup
import throughput
import transactions
from common import fmt, ratio, table, tansu_binary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="startup runs per broker (default 10)")
    parser.add_argument("--repeat", type=int, default=3, help="throughput rounds (default 3)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply throughput message counts")
    parser.add_argument("--profile", type=Path, metavar="DIR", help="py-spy kaflite during throughput")
    parser.add_argument("--coordinator", nargs="?", const="full", choices=("full", "quick"),
                        help="also the group-coordinator section (full: ~3 min; quick: heartbeats and commits "
                             "only, 1.5 s each)")
    parser.add_argument("--json", type=Path, metavar="FILE",
                        help="also write the run as a JSON record (record.py): machine, load before/after, versions "
                             "and every raw number; compare two with compare.py, render with readme_table.py")
    parser.add_argument("--notes", default="", help="free text for the record (e.g. 'noisy: taken under load')")
    parser.add_argument("--transactions", nargs="?", const="full", choices=("full", "quick"),
                        help="also the transactions section, bench/transactions.py (full: ~4 min, --repeat rounds; "
                             "quick: its smoke-run size, ~1 min)")
    args = parser.parse_args(argv)
    rec = record.new_record(sys.argv, notes=args.notes)
    metrics: list[record.Metric] = []

    print(f"# kaflite benchmarks, {datetime.datetime.now().isoformat(timespec='seconds')}, "
          f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"tansu: {tansu_binary() or 'not installed'}\n")
    print("## startup\n")
    s = startup.run(args.runs)
    print(startup.report(s) + "\n")
    metrics += startup.metrics(s)
    print("## throughput\n")
    workloads = [(label, max(1, int(n * args.scale)), size) for label, n, size in throughput.WORKLOADS]
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    t = throughput.run(workloads, args.profile, repeat=args.repeat)
    print(throughput.report(t, workloads) + "\n")
    metrics += throughput.metrics(t, workloads)

    k, r = s["kaflite"], s["tansu"]
    rows = [
        ["spawn → first ApiVersions (ms)", fmt(k.startup_median), fmt(r.startup_median),
         ratio(k.startup_median, r.startup_median), f"≤ {startup.TARGET_STARTUP_MS:.0f}",
         _meets(k.startup_median <= startup.TARGET_STARTUP_MS)],
        ["RSS after start (MiB)", fmt(k.rss_median), fmt(r.rss_median), ratio(k.rss_median, r.rss_median),
         f"≤ {startup.TARGET_RSS_MIB:.0f}", _meets(k.rss_median <= startup.TARGET_RSS_MIB)],
    ]
    tk, tt = t["kaflite"], t["tansu"]
    for label, _n, _size in workloads:
        for phase_name, target in (("produce", throughput.TARGET_PRODUCE_MBS), ("fetch", throughput.TARGET_FETCH_MBS)):
            kp, tp = getattr(tk, phase_name).get(label), getattr(tt, phase_name).get(label)
            kv, tv = (kp.mb_s if kp else None), (tp.mb_s if tp else None)
            is_target = label == "1 KB"
            rows.append([f"{phase_name} {label} (MB/s)", fmt(kv), fmt(tv), ratio(kv, tv),
                         f"≥ {target:.0f}" if is_target else "",
                         _meets(kv is not None and kv >= target) if is_target else ""])
    if tk.memory_end and tt.memory_end:
        rows.append(["broker RSS after throughput (MiB)", fmt(tk.memory_end.rss_mib), fmt(tt.memory_end.rss_mib),
                     ratio(tk.memory_end.rss_mib, tt.memory_end.rss_mib), "", ""])
    if args.transactions:
        print("## transactions\n")
        quick = args.transactions == "quick"
        ts = transactions.Settings.quick() if quick else transactions.Settings()
        tr = transactions.run(ts, 1 if quick else args.repeat)
        print(transactions.report(tr, ts) + "\n")
        metrics += transactions.metrics(tr)
        rows += [[*r, "", ""] for r in transactions.summary_rows(tr)]
    print("## summary\n")
    print(table(["metric", "kaflite", "tansu", "kaflite/tansu", "target", "kaflite meets"], rows))
    if args.coordinator:
        print("\n## group coordinator\n")
        coordinator_all = __import__("coordinator_all")
        if args.coordinator == "quick":
            coordinator_all.run_quick(metrics=metrics)
        else:
            coordinator_all.run_section(metrics=metrics)
    if args.json:
        record.add_metrics(rec, metrics)
        record.finish(rec)
        record.write(rec, args.json)
        print(f"\nrecord: {args.json} ({len(metrics)} metrics; load {rec['load_before']} → {rec['load_after']})")
    return 0


def _meets(ok: bool) -> str:
    return "yes" if ok else "NO"


if __name__ == "__main__":
    sys.exit(main())
