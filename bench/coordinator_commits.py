"""Durable offset commits: many simple-commit groups, each connection pipelining OffsetCommit v8.

Why simple-commit groups (generation -1, empty member id): that is what `assign()` consumers and
tools send, it is accepted for an Empty/unknown group, and it isolates the commit path (append to
`__consumer_offsets`, fsync, answer) from group membership. Each connection is its own group and
writes K identical pre-encoded requests back to back; kaflite answers a commit only once it is
fsynced (one fsync per dirty `__consumer_offsets` partition per event-loop iteration: a group
commit), so the rate shows how well that amortises. Two layouts: groups spread over the 50
`__consumer_offsets` partitions (many fsyncs per iteration) and all groups on one partition (one).
Tansu runs with memory storage (no fsync at all), so its column is a ceiling, not a peer.
Goal: >= 20,000 commits/s (a commit = one OffsetCommit request), p99 reported.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import record
from common import cpu_seconds, fmt, ratio, table, workdir
from coordinator_common import (
    COMMIT_VERSION,
    OFFSET_COMMIT,
    PipelineStats,
    brokers,
    frame,
    load_average,
    pipeline_metrics,
    response_body_start,
    run,
    run_pipelined,
    wait_coordinator,
)
from coordinator_heartbeats import _pyspy

from kaflite.coordinator import partition_for
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import OffsetCommitRequest, OffsetCommitResponse

TARGET_RATE = 20_000.0
TOPIC = "bench-commits"
TOPIC_PARTITIONS = 10
OFFSETS_PARTITIONS = 50


@dataclass
class Result:
    broker: str
    layout: str
    connections: int
    depth: int
    partitions_per_commit: int
    stats: PipelineStats
    load: str
    error: str = ""

    @property
    def offsets_per_s(self) -> float:
        return self.stats.rate * self.partitions_per_commit


def group_ids(n: int, layout: str) -> list[str]:
    """`spread`: consecutive names (hash over all partitions); `one`: names that all map to partition 0."""
    if layout == "spread":
        return [f"bench-commit-{i}" for i in range(n)]
    out: list[str] = []
    i = 0
    while len(out) < n and i < 1_000_000:
        g = f"bench-commit-{i}"
        if partition_for(g, OFFSETS_PARTITIONS) == 0:
            out.append(g)
        i += 1
    return out


def _check(body: bytes) -> str | None:
    r = OffsetCommitResponse.decode(body, COMMIT_VERSION)
    for t in r.topics:
        for p in t.partitions:
            if p.error_code != ErrorCode.NONE:
                return f"OffsetCommit {t.name}-{p.partition_index}: {ErrorCode(p.error_code).name}"
    return None


def commit_window(group: str, depth: int, partitions: int) -> bytes:
    parts = [OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=p, committed_offset=1000 + p,
                                                                committed_leader_epoch=0)
             for p in range(partitions)]
    body = OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=-1, member_id="", topics=[
        OffsetCommitRequest.OffsetCommitRequestTopic(name=TOPIC, partitions=parts)]).encode(COMMIT_VERSION)
    return b"".join(frame(OFFSET_COMMIT, COMMIT_VERSION, i, body) for i in range(depth))


async def measure(port: int, pid: int, groups: list[str], depth: int, partitions: int, warmup_s: float,
                  measure_s: float) -> PipelineStats:
    await wait_coordinator(port, groups[0])
    windows = [commit_window(g, depth, partitions) for g in groups]
    return await run_pipelined(port, windows, depth, response_body_start(OFFSET_COMMIT, COMMIT_VERSION), _check,
                               warmup_s=warmup_s, measure_s=measure_s, broker_pid=pid, cpu_seconds=cpu_seconds)


def run_bench(which: str = "both", connections: int = 64, depth: int = 4, partitions: int = 5,
              layouts: tuple[str, ...] = ("spread", "one"), warmup_s: float = 0.5, measure_s: float = 3.0,
              profile: Path | None = None) -> list[Result]:
    results: list[Result] = []
    with workdir("kaflite-bench-commit-") as wd:
        for broker in brokers(which, wd):
            with broker:
                create_topic(broker.bootstrap)
                for layout in layouts:
                    groups = group_ids(connections, layout)
                    spy = _pyspy(broker.pid, profile, f"{broker.name}-commits-{layout}", warmup_s + measure_s)
                    try:
                        stats = run(measure(broker.port, broker.pid, groups, depth, partitions, warmup_s, measure_s))
                        results.append(Result(broker.name, layout, connections, depth, partitions, stats,
                                              load_average()))
                    except Exception as e:  # one broker failing must not hide the other's numbers
                        results.append(Result(broker.name, layout, connections, depth, partitions, PipelineStats(),
                                              load_average(), f"{type(e).__name__}: {e}"))
                    finally:
                        if spy is not None:
                            spy.wait(timeout=60)  # type: ignore[attr-defined]
    return results


def create_topic(bootstrap: str) -> None:
    """The committed topic must exist (Kafka answers UNKNOWN_TOPIC_OR_PARTITION otherwise)."""
    from confluent_kafka.admin import AdminClient, NewTopic

    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 4})
    for fut in admin.create_topics([NewTopic(TOPIC, num_partitions=TOPIC_PARTITIONS, replication_factor=1)],
                                   request_timeout=10).values():
        fut.result(timeout=15)


def report(results: list[Result]) -> str:
    by = {(r.broker, r.layout): r for r in results}
    rows = []
    for r in results:
        s = r.stats
        other = by.get(("tansu", r.layout))
        rows.append([r.broker, r.layout, str(r.connections), str(r.depth), str(r.partitions_per_commit),
                     fmt(s.rate, 0), fmt(r.offsets_per_s, 0), fmt(s.latency_ms(0.5), 1), fmt(s.latency_ms(0.99), 1),
                     fmt(s.broker_cpu_pct, 0), fmt(s.client_cpu_pct, 0), fmt(s.machine_cpu_pct, 0),
                     fmt(1e4 * s.broker_cpu_pct / s.rate if s.rate > 0 else None, 0),
                     ratio(s.rate, other.stats.rate) if other and r.broker == "kaflite" else "",
                     str(s.errors) + (f" ({s.first_error})" if s.first_error else ""), r.load, r.error])
    return table(["broker", "groups on", "conns", "K", "partitions/commit", "commits/s", "offsets/s", "p50 ms",
                  "p99 ms", "broker CPU %", "client CPU %", "machine CPU %",
                  "broker CPU µs/req", "kaflite/tansu", "errors", "load avg", "failure"], rows)


def metrics(results: list[Result]) -> list[record.Metric]:
    """Each (broker, layout) run as record metrics (record.py)."""
    out = []
    for r in results:
        out += pipeline_metrics("coordinator_commits", f"{r.connections} conns x K={r.depth}, "
                                f"{r.partitions_per_commit} partitions/commit, groups on {r.layout}: commits",
                                r.broker, r.stats)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--broker", choices=["both", "kaflite", "tansu"], default="both")
    parser.add_argument("--connections", type=int, default=64, help="connections = simple-commit groups")
    parser.add_argument("--depth", type=int, default=4, help="pipeline depth K per connection")
    parser.add_argument("--partitions", type=int, default=5, help="partitions per OffsetCommit (1-10)")
    parser.add_argument("--layout", nargs="+", choices=["spread", "one"], default=["spread", "one"])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", type=Path, metavar="DIR", help="py-spy record the broker into DIR")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the run as a JSON record (record.py)")
    args = parser.parse_args(argv)
    rec = record.new_record(sys.argv, notes="bench/coordinator_commits.py")
    results = run_bench(args.broker, args.connections, args.depth, max(1, min(10, args.partitions)),
                        tuple(args.layout), measure_s=args.seconds, profile=args.profile)
    print(report(results))
    if args.json:
        record.add_metrics(rec, metrics(results))
        record.finish(rec)
        record.write(rec, args.json)
    print(f"\ngoal: >= {TARGET_RATE:,.0f} commits/s (OffsetCommit requests, each durable before its answer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
