"""Failover: 3 consumers in separate processes, kill -9 one, time until the survivors own its partitions.

Why separate processes and SIGKILL: a crashed consumer sends no LeaveGroup, so only the
coordinator's session timer (session.timeout.ms=6000) can notice; this measures that timer and
the rebalance behind it. The survivors learn of the rebalance at their next heartbeat
(heartbeat.interval.ms=100) and rejoin; the clock stops at the later survivor's on_assign that
together covers all 50 partitions. The victim's last heartbeat was up to one interval before the
kill, so the ideal is 5.9-6.0 s. Workers print assignment events with CLOCK_MONOTONIC times
(one clock for all processes on Linux). Goal: session timeout + <= 100 ms.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from common import fmt, median, ratio, table, workdir
from coordinator_common import brokers, load_average

SESSION_TIMEOUT_MS = 6000
HEARTBEAT_INTERVAL_MS = 100
TARGET_EXCESS_MS = 100.0
TOPIC = "bench-failover"
PARTITIONS = 50
CONSUMERS = 3
BOUND_S = 40.0


def worker(bootstrap: str, group: str, index: int, protocol: str = "classic", topic: str = TOPIC) -> int:
    """A consumer process: prints `A <monotonic> <partitions held>` on every assign, and on revoke
    `R <monotonic>` (classic, eager: everything goes) or `A` with what is left (KIP-848: increments)."""
    from confluent_kafka import Consumer

    held: set[int] = set()

    def emit(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def on_assign(_c: object, ps: list) -> None:
        if protocol == "classic":
            held.clear()
        held.update(p.partition for p in ps)
        emit(f"A {time.monotonic():.6f} " + ",".join(map(str, sorted(held))))

    def on_revoke(_c: object, ps: list) -> None:
        if protocol == "classic":
            emit(f"R {time.monotonic():.6f}")
            return
        held.difference_update(p.partition for p in ps)
        emit(f"A {time.monotonic():.6f} " + ",".join(map(str, sorted(held))))

    conf: dict[str, object] = {"bootstrap.servers": bootstrap, "group.id": group, "client.id": f"failover-{index}",
                               "enable.auto.commit": False, "log_level": 3}
    if protocol == "consumer":
        conf["group.protocol"] = "consumer"  # session and heartbeat are the broker's group.consumer.* configs
    else:
        conf.update({"session.timeout.ms": SESSION_TIMEOUT_MS, "heartbeat.interval.ms": HEARTBEAT_INTERVAL_MS,
                     "partition.assignment.strategy": "range"})
    c = Consumer(conf)
    c.subscribe([topic], on_assign=on_assign, on_revoke=on_revoke)
    deadline = time.monotonic() + BOUND_S * 2
    while time.monotonic() < deadline:
        c.poll(0.05)
    c.close()
    return 0


@dataclass
class _Worker:
    proc: subprocess.Popen[str]
    last: tuple[float, frozenset[int]] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def follow(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            kind, _, rest = line.strip().partition(" ")
            ts, _, parts = rest.partition(" ")
            with self.lock:
                if kind == "A":
                    self.last = (float(ts), frozenset(int(p) for p in parts.split(",") if p))
                elif kind == "R":
                    self.last = None


def _covered(workers: list[_Worker], since: float, partitions: int = PARTITIONS) -> float | None:
    """Time of the latest assign if these workers' current shares partition the topic, else None."""
    states = []
    for w in workers:
        with w.lock:
            if w.last is None or w.last[0] < since:
                return None
            states.append(w.last)
    shares = [s for _, s in states]
    if sum(map(len, shares)) == partitions and len(frozenset().union(*shares)) == partitions:
        return max(t for t, _ in states)
    return None


def failover_round(bootstrap: str, group: str, protocol: str = "classic", topic: str = TOPIC,
                   partitions: int = PARTITIONS) -> float:
    """Seconds from SIGKILL of one consumer to the survivors holding all partitions."""
    env = dict(os.environ)
    workers = []
    for i in range(CONSUMERS):
        proc = subprocess.Popen([sys.executable, __file__, "--worker", bootstrap, group, str(i), protocol, topic],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        w = _Worker(proc)
        threading.Thread(target=w.follow, daemon=True).start()
        workers.append(w)
    try:
        deadline = time.monotonic() + BOUND_S
        while _covered(workers, 0.0, partitions) is None:
            if time.monotonic() > deadline:
                raise TimeoutError("the 3 consumers never formed a group")
            time.sleep(0.01)
        time.sleep(1.0)  # steady heartbeats
        victim, survivors = workers[0], workers[1:]
        t_kill = time.monotonic()
        victim.proc.send_signal(signal.SIGKILL)
        deadline = t_kill + BOUND_S
        while (done := _covered(survivors, t_kill, partitions)) is None:
            if time.monotonic() > deadline:
                raise TimeoutError("the survivors were never reassigned")
            time.sleep(0.002)
        return done - t_kill
    finally:
        for w in workers:
            if w.proc.poll() is None:
                w.proc.kill()
            w.proc.wait(timeout=10)


def create_topic(bootstrap: str) -> None:
    from confluent_kafka.admin import AdminClient, NewTopic

    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 3})
    for fut in admin.create_topics([NewTopic(TOPIC, num_partitions=PARTITIONS, replication_factor=1)],
                                   request_timeout=10).values():
        fut.result(timeout=15)


@dataclass
class Result:
    broker: str
    times_ms: list[float] = field(default_factory=list)
    load: str = ""
    error: str = ""

    @property
    def median_ms(self) -> float:
        return median(self.times_ms)


def run_bench(which: str = "both", rounds: int = 2) -> list[Result]:
    results = []
    with workdir("kaflite-bench-failover-") as wd:
        for broker in brokers(which, wd):
            with broker:
                create_topic(broker.bootstrap)
                r = Result(broker.name)
                try:
                    for i in range(rounds):
                        r.times_ms.append(1000 * failover_round(broker.bootstrap, f"bench-failover-{i}"))
                except Exception as e:  # keep the other broker's numbers
                    r.error = f"{type(e).__name__}: {e}"
                r.load = load_average()
                results.append(r)
    return results


def report(results: list[Result]) -> str:
    tansu = next((r for r in results if r.broker == "tansu"), None)
    rows = [[r.broker, fmt(r.median_ms), fmt(r.median_ms - SESSION_TIMEOUT_MS),
             ", ".join(fmt(t, 0) for t in r.times_ms),
             ratio(r.median_ms, tansu.median_ms) if tansu and r.broker == "kaflite" else "", r.load, r.error]
            for r in results]
    return table(["broker", "kill → reassigned ms (median)", "beyond session timeout ms", "rounds ms",
                  "kaflite/tansu", "load avg", "failure"], rows)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--worker":
        return worker(argv[1], argv[2], int(argv[3]), *argv[4:6])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--broker", choices=["both", "kaflite", "tansu"], default="both")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    print(report(run_bench(args.broker, args.rounds)))
    print(f"\nsession.timeout.ms={SESSION_TIMEOUT_MS}, heartbeat.interval.ms={HEARTBEAT_INTERVAL_MS}; "
          f"goal: <= session timeout + {TARGET_EXCESS_MS:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
