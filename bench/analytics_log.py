"""Measure `kaflite-log` throughput in Spark: ``python bench/analytics_log.py DATA_DIR [--master local[2]]``.

Warm-up first (Python workers start once and are reused), then full scans that touch every value, so
each run decodes every record. Prints rows/s per run: wall time of the Spark job, driver included.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pyspark.sql import functions as F

from kaflite.analytics.session import get_session
from kaflite.analytics.sources import register


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data_dir")
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    spark = get_session("kaflite-bench", master=args.master)
    spark.sparkContext.setLogLevel("ERROR")
    register(spark)
    spark.read.format("kaflite-logend").load(args.data_dir).count()  # start the Python workers
    rates = []
    for i in range(args.runs):
        t0 = time.perf_counter()
        row = (spark.read.format("kaflite-log").load(args.data_dir)
               .agg(F.count(F.lit(1)).alias("n"), F.sum(F.length("value")).alias("b")).first())
        dt = time.perf_counter() - t0
        rates.append(row["n"] / dt)
        print(f"run {i + 1}: {row['n']} rows, {row['b'] / 2**20:.1f} MiB of values in {dt:.2f} s "
              f"= {row['n'] / dt:,.0f} rows/s")
    print(f"best {max(rates):,.0f} rows/s, median {statistics.median(rates):,.0f} rows/s ({args.master})")
    spark.stop()


if __name__ == "__main__":
    main()
