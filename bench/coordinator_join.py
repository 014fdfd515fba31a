"""Group formation: 3 and 50 consumers join one group on a 50-partition topic at once.

Why two clients: confluent-kafka (librdkafka) is what users run, so its "all assigned" time is
the user-visible number; but it includes librdkafka's own FindCoordinator, JoinGroup retries,
heartbeat-driven rejoins and threads. The raw-protocol client (JoinGroup v5 with the
member-id round trip, SyncGroup v3, Heartbeat v4 every 2 ms while waiting; see
coordinator_common.form_group) isolates the broker's share: its time minus the same
connections doing 3 concurrent ApiVersions round trips (the fewest a member needs: join, join
with member id, sync). Fresh group per round; delay 0 (`group.initial.rebalance.delay.ms=0`),
so members arriving in different event-loop iterations may cause extra generations, and these
are counted. Goal: broker share <= 50 ms beyond the clients' own round trips.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from dataclasses import dataclass, field

from common import fmt, median, ratio, table, workdir
from coordinator_common import (
    AsyncConn,
    brokers,
    concurrent_round_trips,
    form_group,
    load_average,
    run,
    wait_coordinator,
)

TARGET_BROKER_SHARE_MS = 50.0
TOPIC = "bench-join"
PARTITIONS = 50
ROUND_BOUND_S = 60.0


@dataclass
class JoinResult:
    broker: str
    client: str
    consumers: int
    times_ms: list[float] = field(default_factory=list)
    baseline_ms: list[float] = field(default_factory=list)  # raw only: the clients' own round trips
    generations: list[int] = field(default_factory=list)
    load: str = ""
    error: str = ""

    @property
    def median_ms(self) -> float:
        return median(self.times_ms)

    @property
    def broker_share_ms(self) -> float:
        if not self.baseline_ms:
            return float("nan")
        return median([t - b for t, b in zip(self.times_ms, self.baseline_ms, strict=True)])


# ---------------------------------------------------------------------------------------------
# confluent-kafka consumers, one thread each
# ---------------------------------------------------------------------------------------------

CLASSIC_CONFIG: dict[str, object] = {"session.timeout.ms": 6000, "heartbeat.interval.ms": 50,
                                      "partition.assignment.strategy": "range"}


def confluent_round(bootstrap: str, group: str, n: int, bound_s: float = ROUND_BOUND_S, *, topic: str = TOPIC,
                    partitions: int = PARTITIONS, config: dict[str, object] | None = None) -> float:
    """Seconds from `subscribe()` (all threads released together) to every consumer holding its final share.

    `config` replaces the group settings (default: classic, eager `range`); with
    `group.protocol=consumer` (KIP-848) on_assign/on_revoke hand out increments, which are summed.
    """
    from confluent_kafka import Consumer

    group_config = CLASSIC_CONFIG if config is None else config
    incremental = group_config.get("group.protocol") == "consumer"

    lock = threading.Lock()
    assigned: dict[int, tuple[float, frozenset[int]]] = {}
    stop = threading.Event()
    ready = threading.Barrier(n + 1)
    errors: list[str] = []

    def worker(i: int) -> None:
        try:
            c = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "client.id": f"bench-{i}",
                          "enable.auto.commit": False, "auto.offset.reset": "earliest", "log_level": 3,
                          **group_config})
            c.list_topics(topic, timeout=10)  # bootstrap connection and metadata before the clock starts

            def on_assign(_c: object, parts: list) -> None:
                with lock:
                    held = assigned[i][1] if incremental and i in assigned else frozenset()
                    assigned[i] = (time.perf_counter(), held | frozenset(p.partition for p in parts))

            def on_revoke(_c: object, parts: list) -> None:
                with lock:
                    if incremental and i in assigned:
                        assigned[i] = (time.perf_counter(), assigned[i][1] - {p.partition for p in parts})
                    else:
                        assigned.pop(i, None)

            ready.wait(timeout=30)
            c.subscribe([topic], on_assign=on_assign, on_revoke=on_revoke)
            deadline = time.monotonic() + bound_s
            while not stop.is_set() and time.monotonic() < deadline:
                c.poll(0.01)
            c.close()
        except Exception as e:
            errors.append(f"{type(e).__name__}: {e}")

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    ready.wait(timeout=60)
    t0 = time.perf_counter()
    done_at = float("nan")
    deadline = time.monotonic() + bound_s
    while time.monotonic() < deadline and not errors:
        with lock:
            if len(assigned) == n:
                shares = [s for _, s in assigned.values()]
                union = frozenset().union(*shares)
                if len(union) == partitions and sum(map(len, shares)) == partitions and \
                        all(shares[:min(n, partitions)]):
                    done_at = max(t for t, _ in assigned.values())
                    break
        time.sleep(0.001)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    if errors:
        raise RuntimeError(errors[0])
    if done_at != done_at:
        raise TimeoutError(f"{n} consumers not all assigned after {bound_s}s ({len(assigned)} assigned)")
    return done_at - t0


def create_topic(bootstrap: str) -> None:
    from confluent_kafka.admin import AdminClient, NewTopic

    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 3})
    for fut in admin.create_topics([NewTopic(TOPIC, num_partitions=PARTITIONS, replication_factor=1)],
                                   request_timeout=10).values():
        fut.result(timeout=15)


# ---------------------------------------------------------------------------------------------
# raw protocol
# ---------------------------------------------------------------------------------------------

async def raw_round(port: int, group: str, n: int) -> tuple[float, float, int]:
    """(seconds to form, seconds of 3 concurrent round trips on the same connections, generations seen)."""
    await wait_coordinator(port, group)
    conns = [await AsyncConn.open(port) for _ in range(n)]
    try:
        await concurrent_round_trips(conns, 1)  # warm the connections
        baseline = await concurrent_round_trips(conns, 3)
        formed = await form_group(conns, group, topic=TOPIC, partitions=PARTITIONS, timeout=ROUND_BOUND_S)
    finally:
        for c in conns:
            c.close()
    return formed.seconds, baseline, len(formed.generations_seen)


def run_bench(which: str = "both", sizes: tuple[int, ...] = (3, 50), rounds: int = 3,
              clients: tuple[str, ...] = ("confluent", "raw")) -> list[JoinResult]:
    results: list[JoinResult] = []
    with workdir("kaflite-bench-join-") as wd:
        for broker in brokers(which, wd):
            with broker:
                create_topic(broker.bootstrap)
                for client in clients:
                    try:  # untimed warm-up: `__consumer_offsets` creation, first connections, librdkafka backoffs
                        if client == "confluent":
                            confluent_round(broker.bootstrap, f"bench-join-warmup-{client}", 3)
                        else:
                            run(raw_round(broker.port, f"bench-join-warmup-{client}", 3))
                    except Exception as e:
                        print(f"# {broker.name} {client} warm-up failed: {e}", file=sys.stderr)
                    for n in sizes:
                        r = JoinResult(broker.name, client, n)
                        try:
                            for i in range(rounds):
                                group = f"bench-join-{client}-{n}-{i}"
                                if client == "confluent":
                                    r.times_ms.append(1000 * confluent_round(broker.bootstrap, group, n))
                                else:
                                    t, b, g = run(raw_round(broker.port, group, n))
                                    r.times_ms.append(1000 * t)
                                    r.baseline_ms.append(1000 * b)
                                    r.generations.append(g)
                        except Exception as e:  # keep the other numbers
                            r.error = f"{type(e).__name__}: {e}"
                        r.load = load_average()
                        results.append(r)
    return results


def report(results: list[JoinResult]) -> str:
    by = {(r.broker, r.client, r.consumers): r for r in results}
    rows = []
    for r in results:
        other = by.get(("tansu", r.client, r.consumers))
        rows.append([r.broker, r.client, str(r.consumers), fmt(r.median_ms), ", ".join(fmt(t, 0) for t in r.times_ms),
                     fmt(median(r.baseline_ms)) if r.baseline_ms else "", fmt(r.broker_share_ms) if r.baseline_ms
                     else "", ",".join(map(str, r.generations)),
                     ratio(r.median_ms, other.median_ms) if other and r.broker == "kaflite" else "", r.load, r.error])
    return table(["broker", "client", "consumers", "all assigned ms (median)", "rounds ms", "3 RTTs ms",
                  "broker share ms", "generations", "kaflite/tansu", "load avg", "failure"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--broker", choices=["both", "kaflite", "tansu"], default="both")
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 50])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--client", nargs="+", choices=["confluent", "raw"], default=["confluent", "raw"])
    args = parser.parse_args(argv)
    print(report(run_bench(args.broker, tuple(args.sizes), args.rounds, tuple(args.client))))
    print(f"\ngoal: raw broker share <= {TARGET_BROKER_SHARE_MS:.0f} ms beyond the clients' own round trips")
    return 0


if __name__ == "__main__":
    sys.exit(main())
