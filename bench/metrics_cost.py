"""What /metrics costs: heartbeat and produce throughput with the admin endpoint (and /metrics) on vs off.

Why A/B interleaved rounds on two live brokers: this machine is shared, so a slow minute must hit
both arms alike. Two kaflite processes run side by side, "off" (no admin.port: the request path skips
all counting) and "on" (admin.port set, so every request is timed and counted, and a scraper reads
/metrics every ``--scrape-interval`` seconds, 1 s by default: 15x Prometheus' usual rate, to make the
scrape's own cost visible). Each round runs the same load against one arm then the other, alternating
which goes first (ABBA), and the report gives each arm's median and the on/off ratio.

The loads are pipelined raw requests (bench/coordinator_common.py), so the broker, not a client
library, is what is measured: N members of a Stable group heartbeating (Heartbeat v4, K in flight per
connection), and C connections producing pre-encoded batches (Produce v9, acks=1, R records of S bytes
each, K in flight). Besides the rates, the broker's CPU per request is reported: it is steadier than a
rate when the machine is shared. Goal: <= 3 % cost.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field

from common import Kaflite, cpu_seconds, fmt, free_port, table, workdir
from coordinator_common import (
    HEARTBEAT_VERSION,
    KAFLITE_OVERRIDES,
    PipelineStats,
    frame,
    response_body_start,
    run,
    run_pipelined,
)
from coordinator_heartbeats import measure as measure_heartbeats

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import HeartbeatResponse, ProduceRequest, ProduceResponse
from kaflite.protocol.records import NewRecord, build_batch

PRODUCE, PRODUCE_VERSION = 0, 9
TOPIC = "bench-metrics-cost"
GOAL_PCT = 3.0


@dataclass
class Arm:
    """One broker (metrics on or off) and what each round measured against it."""

    name: str
    broker: Kaflite
    admin_port: int | None = None
    samples: dict[str, list[PipelineStats]] = field(default_factory=dict)
    scrapes: list[float] = field(default_factory=list)  # seconds per /metrics scrape
    scrape_bytes: int = 0


def _ok_heartbeat(body: bytes) -> str | None:
    r = HeartbeatResponse.decode(body, HEARTBEAT_VERSION)
    return None if r.error_code == ErrorCode.NONE else f"Heartbeat answered {ErrorCode(r.error_code).name}"


def _ok_produce(body: bytes) -> str | None:
    r = ProduceResponse.decode(body, PRODUCE_VERSION)
    code = r.responses[0].partition_responses[0].error_code
    return None if code == ErrorCode.NONE else f"Produce answered {ErrorCode(code).name}"


async def heartbeats(port: int, pid: int, members: int, depth: int, seconds: float) -> PipelineStats:
    """coordinator_heartbeats.py's load (a formed group, every member pipelining heartbeats), its own group."""
    return await measure_heartbeats(port, pid, members, depth, warmup_s=0.5, measure_s=seconds,
                                    group="bench-metrics-cost")


async def produces(port: int, pid: int, connections: int, depth: int, records: int, size: int,
                   seconds: float) -> PipelineStats:
    batch = build_batch([NewRecord(key=None, value=b"x" * size) for _ in range(records)],
                        timestamp_ms=int(time.time() * 1000))
    body = ProduceRequest(acks=1, timeout_ms=30_000, topic_data=[ProduceRequest.TopicProduceData(
        name=TOPIC, partition_data=[ProduceRequest.PartitionProduceData(index=0, records=batch)])]
    ).encode(PRODUCE_VERSION)
    window = b"".join(frame(PRODUCE, PRODUCE_VERSION, i, body) for i in range(depth))
    return await run_pipelined(port, [window] * connections, depth, response_body_start(PRODUCE, PRODUCE_VERSION),
                               _ok_produce, warmup_s=0.5, measure_s=seconds, broker_pid=pid,
                               cpu_seconds=cpu_seconds, same_answers=False)


def create_topic(bootstrap: str) -> None:
    from confluent_kafka.admin import AdminClient, NewTopic

    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 4})
    for fut in admin.create_topics([NewTopic(TOPIC, num_partitions=1, replication_factor=1)]).values():
        fut.result(timeout=15)


class Scraper(threading.Thread):
    """GET /metrics every ``interval`` seconds until stopped; records each scrape's duration."""

    def __init__(self, arm: Arm, interval: float) -> None:
        super().__init__(daemon=True, name="scraper")
        self.arm, self.interval, self.done = arm, interval, threading.Event()

    def run(self) -> None:
        url = f"http://127.0.0.1:{self.arm.admin_port}/metrics"
        while not self.done.wait(self.interval):
            t0 = time.perf_counter()
            with urllib.request.urlopen(url, timeout=10) as r:
                self.arm.scrape_bytes = len(r.read())
            self.arm.scrapes.append(time.perf_counter() - t0)


def cpu_us(s: PipelineStats) -> float:
    return 1e4 * s.broker_cpu_pct / s.rate if s.rate > 0 else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="A/B rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=3.0, help="measured seconds per load and arm (default 3)")
    parser.add_argument("--members", type=int, default=20, help="heartbeating members (default 20)")
    parser.add_argument("--depth", type=int, default=16, help="requests in flight per connection (default 16)")
    parser.add_argument("--connections", type=int, default=4, help="producing connections (default 4)")
    parser.add_argument("--records", type=int, default=100, help="records per produce batch (default 100)")
    parser.add_argument("--size", type=int, default=100, help="record value bytes (default 100)")
    parser.add_argument("--scrape-interval", type=float, default=1.0, help="seconds between scrapes (default 1)")
    args = parser.parse_args(argv)
    loads: dict[str, Callable[[Arm], PipelineStats]] = {
        "heartbeats": lambda arm: run(heartbeats(arm.broker.port, arm.broker.pid, args.members, args.depth,
                                                 args.seconds)),
        "produce": lambda arm: run(produces(arm.broker.port, arm.broker.pid, args.connections, args.depth,
                                            args.records, args.size, args.seconds)),
    }
    with workdir("kaflite-bench-metrics-") as wd:
        admin_port = free_port()
        (wd / "off").mkdir()
        (wd / "on").mkdir()
        off = Arm("off", Kaflite(wd / "off", overrides=KAFLITE_OVERRIDES))
        on = Arm("on", Kaflite(wd / "on", overrides=[*KAFLITE_OVERRIDES, f"admin.port={admin_port}"]), admin_port)
        with off.broker, on.broker:
            for arm in (off, on):
                create_topic(arm.broker.bootstrap)
            scraper = Scraper(on, args.scrape_interval)
            scraper.start()
            try:
                for rnd in range(args.rounds):
                    order = (off, on) if rnd % 2 == 0 else (on, off)
                    for load, fn in loads.items():
                        for arm in order:
                            s = fn(arm)
                            if s.errors:
                                raise SystemExit(f"{arm.name}/{load}: {s.errors} errors ({s.first_error})")
                            arm.samples.setdefault(load, []).append(s)
                            print(f"round {rnd + 1} {load:10} {arm.name:3}: {s.rate:10,.0f}/s, "
                                  f"broker {cpu_us(s):5.1f} µs CPU/req", flush=True)
            finally:
                scraper.done.set()
                scraper.join(15)
    rows = []
    for load in loads:
        rate_off = statistics.median(s.rate for s in off.samples[load])
        rate_on = statistics.median(s.rate for s in on.samples[load])
        cpu_off = statistics.median(cpu_us(s) for s in off.samples[load])
        cpu_on = statistics.median(cpu_us(s) for s in on.samples[load])
        p99_off = statistics.median(s.latency_ms(0.99) for s in off.samples[load])
        p99_on = statistics.median(s.latency_ms(0.99) for s in on.samples[load])
        rows.append([load, fmt(rate_off, 0), fmt(rate_on, 0), f"{rate_on / rate_off:.3f}",
                     fmt(cpu_off, 2), fmt(cpu_on, 2), f"{cpu_on / cpu_off:.3f}", fmt(p99_off, 2), fmt(p99_on, 2)])
    print()
    print(table(["load", "off /s", "on /s", "on/off rate", "off µs CPU/req", "on µs CPU/req", "on/off CPU",
                 "off p99 ms", "on p99 ms"], rows))
    if on.scrapes:
        print(f"\n/metrics: {len(on.scrapes)} scrapes every {args.scrape_interval} s, median "
              f"{statistics.median(on.scrapes) * 1000:.1f} ms, {on.scrape_bytes:,} bytes")
    print(f"rounds: {args.rounds} (ABBA order), {args.seconds} s per load and arm; goal: <= {GOAL_PCT} % cost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
