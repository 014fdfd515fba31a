"""`kaflite analyze`'s sources at scale: rows/s per core for `kaflite-log` and `kaflite-offsets` (commits), in
local[2] and on a standalone cluster of two one-core workers, and the driver's peak memory.

Why a generated log: 10 M records and 1 M offset commits through a real broker take tens of minutes here;
the segments this writes are what kaflite writes (kaflite's own batch encoder and PartitionLog, lz4 data
batches of 1000 records, one uncompressed `__consumer_offsets` batch per 8-partition commit, as a group
coordinator appends an OffsetCommit), so the sources read exactly what they read in production.

    python bench/analytics_scale.py generate /tmp/scale --records 10000000 --commits 1000000 [--max-seconds 600]
    python bench/analytics_scale.py run /tmp/scale [--masters local[2],cluster] [--runs 3]

`generate` stops at --max-seconds and says how far it got. `run` prints, per master and source, each run's
rows/s, the best and median per core (the cluster's workers have one core each, local[2] two threads),
and the driver's peak RSS (JVM and Python), which must not grow with the log: compare two scales.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kaflite.coordinator.partitioner import partition_for
from kaflite.coordinator.records import offset_commit_key, offset_commit_value
from kaflite.protocol.compression import LZ4
from kaflite.protocol.records import NewRecord, build_batch
from kaflite.storage import LogConfig, PartitionLog

T0 = 1_767_225_600_000  # 2026-01-01T00:00:00Z
OFFSETS_PARTITIONS = 50
CORES = 2  # local[2]'s threads, and the cluster's 2 workers x 1 core


def generate(data: Path, records: int, commits: int, *, partitions: int = 8, groups: int = 16,
             batch_records: int = 1000, max_seconds: float = 900.0) -> dict[str, Any]:
    """Write `records` data records into topic `orders` and `commits` offset commits into
    `__consumer_offsets`, interleaved in time (one commit batch every `records / commits * 8` records)."""
    cfg = LogConfig.from_dict({"segment.bytes": 128 * 1024 * 1024})
    deadline = time.monotonic() + max_seconds
    logs = {p: PartitionLog.open(data / f"orders-{p}", "orders", p, cfg, now_ms=T0) for p in range(partitions)}
    olog: dict[int, PartitionLog] = {}
    pool = os.urandom(1 << 20).hex().encode()  # values: a counter and 88 bytes of hex from a 2 MiB pool
    written = commits_written = 0
    ts = T0
    next_offset = dict.fromkeys(range(partitions), 0)
    per_commit_batch = max(1, int(records / max(commits, 1) * partitions))
    since_commit = 0
    t0 = time.monotonic()
    while (written < records or commits_written < commits) and time.monotonic() < deadline:
        if written < records:
            p = (written // batch_records) % partitions
            n = min(batch_records, records - written)
            span = len(pool) - 88
            raw = build_batch([NewRecord(b"k%d" % (written + i), b"%010d" % (written + i)
                                         + pool[(j := (written + i) * 7919 % span):j + 88]) for i in range(n)],
                              timestamp_ms=ts, compression=LZ4)
            logs[p].append(raw, leader_epoch=0, now_ms=ts)
            next_offset[p] += n
            written += n
            since_commit += n
            ts += 1
        while commits_written < commits and (since_commit >= per_commit_batch or written >= records):
            since_commit -= per_commit_batch
            k = commits_written // partitions
            group = f"app-{k % groups}"
            n = min(partitions, commits - commits_written)
            batch = build_batch([NewRecord(offset_commit_key(group, "orders", p),
                                           offset_commit_value(max(0, next_offset[p] - 500), 0, "", ts, None))
                                 for p in range(n)], timestamp_ms=ts)
            op = partition_for(group, OFFSETS_PARTITIONS)
            if op not in olog:
                olog[op] = PartitionLog.open(data / f"__consumer_offsets-{op}", "__consumer_offsets", op, cfg,
                                             now_ms=T0)
            olog[op].append(batch, leader_epoch=0, now_ms=ts)
            commits_written += n
            if written < records:
                break
    for plog in [*logs.values(), *olog.values()]:
        plog.flush()
        plog.close()
    size = sum(f.stat().st_size for f in data.rglob("*.log"))
    out = {"records": written, "commits": commits_written, "seconds": round(time.monotonic() - t0, 1),
           "bytes": size, "complete": written == records and commits_written == commits}
    (data / "generated.json").write_text(json.dumps(out))
    return out


def _driver_peak_mib(spark: Any) -> dict[str, float]:
    """Peak resident memory of the driver: its JVM (py4j's child process) and this Python process."""
    out = {"python_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    proc = getattr(spark.sparkContext._gateway, "proc", None)
    if proc is not None:
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                out["jvm_mib"] = int(line.split()[1]) / 1024
    return out


def measure(data: Path, master: str, runs: int) -> dict[str, Any]:
    from pyspark.sql import functions as F

    from kaflite.analytics.session import get_session
    from kaflite.analytics.sources import register

    spark = get_session("kaflite-scale-bench", master=master, conf={"spark.driver.memory": "1g"})
    spark.sparkContext.setLogLevel("ERROR")
    register(spark)
    spark.read.format("kaflite-logend").load(str(data)).count()  # start the Python workers
    queries = {
        "kaflite-log": lambda: spark.read.format("kaflite-log").load(str(data))
        .agg(F.count(F.lit(1)).alias("n"), F.sum(F.length("value")).alias("b")),
        "kaflite-offsets": lambda: spark.read.format("kaflite-offsets").option("kind", "commits").load(str(data))
        .agg(F.count(F.lit(1)).alias("n"), F.sum("offset").alias("b")),
    }
    result: dict[str, Any] = {"master": master}
    for name, query in queries.items():
        rates = []
        for i in range(runs):
            t0 = time.perf_counter()
            row = query().first()
            dt = time.perf_counter() - t0
            rates.append(row["n"] / dt)
            print(f"  {master} {name} run {i + 1}: {row['n']:,} rows in {dt:.2f} s = {row['n'] / dt:,.0f} rows/s "
                  f"({row['n'] / dt / CORES:,.0f} per core)", flush=True)
        result[name] = {"rows": row["n"], "best_per_core": max(rates) / CORES,
                        "median_per_core": statistics.median(rates) / CORES}
    result["driver_peak"] = _driver_peak_mib(spark)
    spark.stop()
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("data_dir")
    g.add_argument("--records", type=int, default=10_000_000)
    g.add_argument("--commits", type=int, default=1_000_000)
    g.add_argument("--max-seconds", type=float, default=900.0)
    g.add_argument("--partitions", type=int, default=8, help="of `orders`: one segment each (the per-segment cost)")
    r = sub.add_parser("run")
    r.add_argument("data_dir")
    r.add_argument("--masters", default="local[2],cluster")
    r.add_argument("--runs", type=int, default=3)
    m = sub.add_parser("measure", help="one master, in this process (run starts one per master)")
    m.add_argument("data_dir")
    m.add_argument("--master", required=True)
    m.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    data = Path(args.data_dir)
    if args.cmd == "generate":
        data.mkdir(parents=True, exist_ok=True)
        print(generate(data, args.records, args.commits, partitions=args.partitions, max_seconds=args.max_seconds))
        return
    if args.cmd == "measure":
        print(json.dumps(measure(data, args.master, args.runs)))
        return
    print("log:", (data / "generated.json").read_text() if (data / "generated.json").exists() else "?", flush=True)
    from kaflite.analytics.cluster import StandaloneCluster, spark_env

    def child(master: str, env: dict[str, str]) -> dict[str, Any]:
        """A driver process per master: its peak memory is its own (a stopped SparkContext keeps its JVM)."""
        out = subprocess.run([sys.executable, __file__, "measure", str(data), "--master", master, "--runs",
                              str(args.runs)], env=env, stdout=subprocess.PIPE, text=True, timeout=1800, check=True)
        lines = out.stdout.strip().splitlines()
        print("\n".join(lines[:-1]), flush=True)
        return dict(json.loads(lines[-1]))

    results = []
    for master in args.masters.split(","):
        if master != "cluster":
            results.append(child(master, dict(os.environ)))
            continue
        with tempfile.TemporaryDirectory(prefix="kaflite-scale-cluster-") as work, \
                StandaloneCluster(Path(work), workers=2, worker_cores=1, worker_memory="2g") as cluster:
            results.append(child(cluster.url, spark_env(Path(work))))
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
