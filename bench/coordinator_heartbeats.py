"""Heartbeat throughput: N members of one Stable group, each pipelining K Heartbeat v4 requests.

Why pipelining: a heartbeat is the coordinator's most frequent request and its cheapest; one
client waiting for each answer would measure the round trip, not the broker. Each connection
writes K pre-encoded heartbeats back to back and reads K answers (a broker answers in order per
connection), so the rate shows the broker's per-request cost. Latency is per request, from the
moment its window was written to its answer (it includes queueing behind the window's earlier
requests). The group is formed with raw JoinGroup/SyncGroup first (bench/coordinator_common.py).
Goal: >= 50,000 heartbeats/s on one core, p99 <= 5 ms.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import record
from common import cpu_seconds, fmt, ratio, table, workdir
from coordinator_common import (
    HEARTBEAT,
    HEARTBEAT_VERSION,
    AsyncConn,
    PipelineStats,
    brokers,
    form_group,
    frame,
    load_average,
    pipeline_metrics,
    response_body_start,
    run,
    run_pipelined,
    wait_coordinator,
)

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import HeartbeatRequest, HeartbeatResponse

TARGET_RATE = 50_000.0
TARGET_P99_MS = 5.0
GROUP = "bench-heartbeats"


@dataclass
class Result:
    broker: str
    members: int
    depth: int
    stats: PipelineStats
    load: str
    error: str = ""


def _check(body: bytes) -> str | None:
    r = HeartbeatResponse.decode(body, HEARTBEAT_VERSION)
    return None if r.error_code == ErrorCode.NONE else f"Heartbeat answered {ErrorCode(r.error_code).name}"


async def measure(port: int, pid: int, members: int, depth: int, warmup_s: float, measure_s: float,
                  group: str = GROUP) -> PipelineStats:
    """Form the group, then let every member pipeline heartbeats for its current generation."""
    await wait_coordinator(port, group)
    conns = [await AsyncConn.open(port) for _ in range(members)]
    try:
        formed = await form_group(conns, group, session_ms=30_000)
    finally:
        for c in conns:
            c.close()
    windows = []
    for member_id in formed.members:
        body = HeartbeatRequest(group_id=group, generation_id=formed.generation, member_id=member_id
                                ).encode(HEARTBEAT_VERSION)
        windows.append(b"".join(frame(HEARTBEAT, HEARTBEAT_VERSION, i, body) for i in range(depth)))
    return await run_pipelined(port, windows, depth, response_body_start(HEARTBEAT, HEARTBEAT_VERSION), _check,
                               warmup_s=warmup_s, measure_s=measure_s, broker_pid=pid, cpu_seconds=cpu_seconds)


def run_bench(which: str = "both", members: int = 20, depths: tuple[int, ...] = (1, 16), warmup_s: float = 0.5,
              measure_s: float = 3.0, profile: Path | None = None) -> list[Result]:
    """Each broker in turn (never in parallel), each pipeline depth on a fresh group generation."""
    results: list[Result] = []
    with workdir("kaflite-bench-hb-") as wd:
        for broker in brokers(which, wd):
            with broker:
                for depth in depths:
                    spy = _pyspy(broker.pid, profile, f"{broker.name}-heartbeats-k{depth}", warmup_s + measure_s)
                    try:
                        stats = run(measure(broker.port, broker.pid, members, depth, warmup_s, measure_s))
                        results.append(Result(broker.name, members, depth, stats, load_average()))
                    except Exception as e:  # one broker failing must not hide the other's numbers
                        results.append(Result(broker.name, members, depth, PipelineStats(), load_average(),
                                              f"{type(e).__name__}: {e}"))
                    finally:
                        if spy is not None:
                            spy.wait(timeout=60)
    return results


def _pyspy(pid: int, profile: Path | None, name: str, seconds: float) -> object | None:
    """py-spy record --format raw for the measured interval (needs py-spy in the venv)."""
    if profile is None:
        return None
    import subprocess
    profile.mkdir(parents=True, exist_ok=True)
    spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen([str(spy), "record", "--pid", str(pid), "--format", "raw", "--rate", "200",
                             "--duration", str(max(1, round(seconds))), "--output", str(profile / f"{name}.txt"),
                             "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def report(results: list[Result]) -> str:
    rows = []
    by = {(r.broker, r.depth): r for r in results}
    for r in results:
        s = r.stats
        other = by.get(("tansu", r.depth))
        rows.append([r.broker, str(r.members), str(r.depth), fmt(s.rate, 0), fmt(s.latency_ms(0.5), 2),
                     fmt(s.latency_ms(0.99), 2), fmt(s.broker_cpu_pct, 0), fmt(s.client_cpu_pct, 0),
                     fmt(1e4 * s.broker_cpu_pct / s.rate if s.rate > 0 else None, 0),
                     ratio(s.rate, other.stats.rate) if other and r.broker == "kaflite" else "",
                     str(s.errors) + (f" ({s.first_error})" if s.first_error else ""), r.load, r.error])
    return table(["broker", "members", "K", "heartbeats/s", "p50 ms", "p99 ms", "broker CPU %", "client CPU %",
                  "broker CPU µs/req",
                  "kaflite/tansu rate", "errors", "load avg", "failure"], rows)


def metrics(results: list[Result]) -> list[record.Metric]:
    """Each (broker, depth) run as record metrics (record.py)."""
    out = []
    for r in results:
        out += pipeline_metrics("coordinator_heartbeats", f"{r.members} members x K={r.depth} heartbeats", r.broker,
                                r.stats)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--broker", choices=["both", "kaflite", "tansu"], default="both")
    parser.add_argument("--members", type=int, default=20)
    parser.add_argument("--depth", type=int, nargs="+", default=[1, 16], help="pipeline depths K")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", type=Path, metavar="DIR", help="py-spy record the broker into DIR")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the run as a JSON record (record.py)")
    args = parser.parse_args(argv)
    rec = record.new_record(sys.argv, notes="bench/coordinator_heartbeats.py")
    results = run_bench(args.broker, args.members, tuple(args.depth), measure_s=args.seconds, profile=args.profile)
    print(report(results))
    if args.json:
        record.add_metrics(rec, metrics(results))
        record.finish(rec)
        record.write(rec, args.json)
    print(f"\ngoal: >= {TARGET_RATE:,.0f} heartbeats/s, p99 <= {TARGET_P99_MS} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
