"""Cluster admin APIs: latency over one raw connection against an in-process kaflite.

Why: DeleteRecords fsyncs the log-start-offset checkpoint before it answers (a crash must never bring
deleted records back), and DescribeTopicPartitions / DescribeLogDirs build one object per partition;
these are the costs a test suite pays per call. Each number is one request's round trip.

Run: .venv/bin/python bench/cluster_admin.py [--runs 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from common import REPO

sys.path.insert(0, str(REPO))
from kaflite.protocol.messages import DeleteRecordsRequest, DescribeLogDirsRequest, DescribeTopicPartitionsRequest
from kaflite.testing.broker import Broker
from tests.integration.test_cluster_admin import Wire, produce  # the raw client of the tests

D, T = DeleteRecordsRequest, DescribeTopicPartitionsRequest
WIDE = 1000  # partitions of the topic DescribeTopicPartitions and DescribeLogDirs describe


def timed(wire: Wire, make: Callable[[], Any], version: int, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        req = make()
        t0 = time.perf_counter()
        wire.call(req, version)
        out.append((time.perf_counter() - t0) * 1000)
    return sorted(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    runs = ap.parse_args().runs
    with Broker() as b:
        b.create_topic("m", 1)
        b.create_topic("wide", WIDE)
        produce(b.bootstrap_servers, "m", 0, runs + 1)
        wire = Wire(b.bootstrap_servers)
        offsets = iter(range(1, runs + 1))
        rows = [
            ("DeleteRecords v2, the start moved by 1 each time", timed(wire, lambda: D(topics=[D.DeleteRecordsTopic(
                name="m", partitions=[D.DeleteRecordsPartition(offset=next(offsets))])], timeout_ms=1000), 2, runs)),
            (f"DescribeTopicPartitions v0, {WIDE} partitions", timed(wire, lambda: T(
                topics=[T.TopicRequest(name="wide")], response_partition_limit=2000), 0, runs // 4)),
            (f"DescribeLogDirs v4, {WIDE + 1} partitions", timed(wire, lambda: DescribeLogDirsRequest(topics=None),
                                                             4, runs // 4)),
        ]
        wire.sock.close()
    for name, ms in rows:
        print(f"{name}: median {statistics.median(ms):.2f} ms, p95 {ms[int(len(ms) * 0.95)]:.2f} ms, n={len(ms)}")


if __name__ == "__main__":
    main()
