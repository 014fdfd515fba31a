"""KIP-848 next to the classic protocol on the same kaflite broker: join, failover, heartbeats.

Why against classic and not Tansu: no other lightweight broker serves ConsumerGroupHeartbeat, so
the useful ratio is what moving a group to `group.protocol=consumer` changes on kaflite itself.

- join: N = 3 and 50 confluent-kafka consumers (one thread each) subscribe to a 50-partition
  topic at once; the clock stops when their on_assign shares partition the topic.
- failover: 3 consumers in separate processes, kill -9 one, time until the survivors own its
  partitions. Both protocols use a 6 s session timeout and 100 ms heartbeats (classic: client
  configs; consumer: the broker's group.consumer.* configs, which is where KIP-848 puts them).
- heartbeats/s: 20 members of one Stable group pipelining K heartbeats each (raw frames, as in
  coordinator_heartbeats.py): Heartbeat v4 for classic, a steady-state ConsumerGroupHeartbeat v1
  (group, member id, epoch; nothing changed) for consumer.

Run: `.venv/bin/python bench/consumer_protocol.py [--rounds N] [--quick]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field

import coordinator_heartbeats
from common import cpu_seconds, fmt, median, table, workdir
from coordinator_common import (
    AsyncConn,
    PipelineStats,
    brokers,
    frame,
    load_average,
    response_body_start,
    run,
    run_pipelined,
    wait_coordinator,
)

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse

TOPIC = "bench-848"
PARTITIONS = 50
SESSION_TIMEOUT_MS = 6000
HEARTBEAT_INTERVAL_MS = 100
BOUND_S = 60.0
CGHB, CGHB_VERSION = 68, 1
OVERRIDES = [f"group.consumer.session.timeout.ms={SESSION_TIMEOUT_MS}",
             f"group.consumer.heartbeat.interval.ms={HEARTBEAT_INTERVAL_MS}",
             "group.consumer.min.session.timeout.ms=100", "group.consumer.min.heartbeat.interval.ms=100"]
PROTOCOLS = ("classic", "consumer")


def consumer_config(bootstrap: str, group: str, client_id: str, protocol: str) -> dict[str, object]:
    conf: dict[str, object] = {"bootstrap.servers": bootstrap, "group.id": group, "client.id": client_id,
                               "enable.auto.commit": False, "auto.offset.reset": "earliest", "log_level": 3}
    if protocol == "consumer":
        conf["group.protocol"] = "consumer"  # session and heartbeat are the broker's (group.consumer.*)
    else:
        conf.update({"session.timeout.ms": SESSION_TIMEOUT_MS, "heartbeat.interval.ms": HEARTBEAT_INTERVAL_MS,
                     "partition.assignment.strategy": "range"})
    return conf


# ---------------------------------------------------------------------------------------------
# join
# ---------------------------------------------------------------------------------------------

def join_round(bootstrap: str, group: str, n: int, protocol: str) -> float:
    """Seconds from `subscribe()` (all threads released together) to the shares partitioning the topic."""
    from confluent_kafka import Consumer

    lock = threading.Lock()
    held: dict[int, tuple[float, frozenset[int]]] = {}
    stop = threading.Event()
    ready = threading.Barrier(n + 1)
    errors: list[str] = []

    def worker(i: int) -> None:
        try:
            c = Consumer(consumer_config(bootstrap, group, f"bench-{i}", protocol))
            c.list_topics(TOPIC, timeout=10)  # bootstrap connection and metadata before the clock starts
            mine: set[int] = set()

            def on_assign(_c: object, parts: list) -> None:  # incremental with KIP-848, whole with eager
                with lock:
                    if protocol == "classic":
                        mine.clear()
                    mine.update(p.partition for p in parts)
                    held[i] = (time.perf_counter(), frozenset(mine))

            def on_revoke(_c: object, parts: list) -> None:
                with lock:
                    mine.difference_update(p.partition for p in parts)
                    if protocol == "classic":
                        mine.clear()
                    held[i] = (time.perf_counter(), frozenset(mine))

            ready.wait(timeout=30)
            c.subscribe([TOPIC], on_assign=on_assign, on_revoke=on_revoke)
            deadline = time.monotonic() + BOUND_S
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
    deadline = time.monotonic() + BOUND_S
    while time.monotonic() < deadline and not errors:
        with lock:
            if len(held) == n:
                shares = [s for _, s in held.values()]
                if sum(map(len, shares)) == PARTITIONS and len(frozenset().union(*shares)) == PARTITIONS \
                        and all(shares[:min(n, PARTITIONS)]):
                    done_at = max(t for t, _ in held.values())
                    break
        time.sleep(0.001)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    if errors:
        raise RuntimeError(errors[0])
    if done_at != done_at:
        raise TimeoutError(f"{n} {protocol} consumers not all assigned after {BOUND_S}s")
    return done_at - t0


# ---------------------------------------------------------------------------------------------
# failover
# ---------------------------------------------------------------------------------------------

def worker_main(bootstrap: str, group: str, index: int, protocol: str) -> int:
    """A consumer process: prints `A <monotonic> <all partitions held>` on every change."""
    from confluent_kafka import Consumer

    mine: set[int] = set()

    def emit() -> None:
        sys.stdout.write(f"A {time.monotonic():.6f} " + ",".join(map(str, sorted(mine))) + "\n")
        sys.stdout.flush()

    def on_assign(_c: object, ps: list) -> None:
        if protocol == "classic":
            mine.clear()
        mine.update(p.partition for p in ps)
        emit()

    def on_revoke(_c: object, ps: list) -> None:
        mine.difference_update(p.partition for p in ps)
        if protocol == "classic":
            mine.clear()
        emit()

    c = Consumer(consumer_config(bootstrap, group, f"failover-{index}", protocol))
    c.subscribe([TOPIC], on_assign=on_assign, on_revoke=on_revoke)
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
            _, _, rest = line.strip().partition(" ")
            ts, _, parts = rest.partition(" ")
            with self.lock:
                self.last = (float(ts), frozenset(int(p) for p in parts.split(",") if p))


def _covered(workers: list[_Worker], since: float) -> float | None:
    states = []
    for w in workers:
        with w.lock:
            if w.last is None:
                return None
            states.append(w.last)
    shares = [s for _, s in states]
    if sum(map(len, shares)) == PARTITIONS and len(frozenset().union(*shares)) == PARTITIONS:
        return max(max(t for t, _ in states), since)
    return None


def failover_round(bootstrap: str, group: str, protocol: str) -> float:
    """Seconds from SIGKILL of one of 3 consumers to the survivors holding every partition."""
    workers = []
    for i in range(3):
        proc = subprocess.Popen([sys.executable, __file__, "--worker", bootstrap, group, str(i), protocol],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=dict(os.environ))
        w = _Worker(proc)
        threading.Thread(target=w.follow, daemon=True).start()
        workers.append(w)
    try:
        deadline = time.monotonic() + BOUND_S
        while _covered(workers, 0.0) is None:
            if time.monotonic() > deadline:
                raise TimeoutError("the 3 consumers never formed a group")
            time.sleep(0.01)
        time.sleep(1.0)
        victim, survivors = workers[0], workers[1:]
        t_kill = time.monotonic()
        victim.proc.send_signal(signal.SIGKILL)
        deadline = t_kill + BOUND_S
        while (done := _covered(survivors, t_kill)) is None or done <= t_kill:
            if time.monotonic() > deadline:
                raise TimeoutError("the survivors were never reassigned")
            time.sleep(0.002)
        return done - t_kill
    finally:
        for w in workers:
            if w.proc.poll() is None:
                w.proc.kill()
            w.proc.wait(timeout=10)


# ---------------------------------------------------------------------------------------------
# heartbeats (raw)
# ---------------------------------------------------------------------------------------------

async def form_consumer_group(port: int, group: str, members: int) -> list[tuple[str, int]]:
    """Join `members` members with ConsumerGroupHeartbeat v1 and heartbeat until all are Stable
    at one epoch with the topic partitioned among them; returns (member id, epoch) pairs."""
    conns = [await AsyncConn.open(port) for _ in range(members)]
    ids = [uuid.uuid4().hex[:22] for _ in range(members)]
    epochs = [0] * members
    owned: list[list[int]] = [[] for _ in range(members)]
    tid = b""
    try:
        for i, c in enumerate(conns):
            r = await c.call(CGHB, CGHB_VERSION, ConsumerGroupHeartbeatRequest(
                group_id=group, member_id=ids[i], member_epoch=0, rebalance_timeout_ms=30_000,
                subscribed_topic_names=[TOPIC], topic_partitions=[]))
            if r.error_code:
                raise RuntimeError(f"join answered {ErrorCode(r.error_code).name}: {r.error_message}")
            epochs[i] = r.member_epoch
        deadline = time.monotonic() + BOUND_S
        while time.monotonic() < deadline:
            for i, c in enumerate(conns):
                TP = ConsumerGroupHeartbeatRequest.TopicPartitions
                r = await c.call(CGHB, CGHB_VERSION, ConsumerGroupHeartbeatRequest(
                    group_id=group, member_id=ids[i], member_epoch=epochs[i],
                    topic_partitions=[TP(topic_id=tid, partitions=owned[i])] if tid else []))
                if r.error_code:
                    raise RuntimeError(f"heartbeat answered {ErrorCode(r.error_code).name}: {r.error_message}")
                epochs[i] = r.member_epoch
                if r.assignment is not None:
                    tps = r.assignment.topic_partitions
                    owned[i] = sorted(p for tp in tps for p in tp.partitions)
                    tid = tps[0].topic_id if tps else tid
            if len(set(epochs)) == 1 and sum(map(len, owned)) == PARTITIONS:
                return list(zip(ids, epochs, strict=True))
        raise TimeoutError("the consumer group never became Stable")
    finally:
        for c in conns:
            c.close()


def _check_cghb(body: bytes) -> str | None:
    r = ConsumerGroupHeartbeatResponse.decode(body, CGHB_VERSION)
    return None if r.error_code == ErrorCode.NONE else f"answered {ErrorCode(r.error_code).name}"


async def consumer_heartbeats(port: int, pid: int, members: int, depth: int, measure_s: float) -> PipelineStats:
    group = f"bench-848-hb-{depth}"
    await wait_coordinator(port, group)
    formed = await form_consumer_group(port, group, members)
    windows = []
    for member_id, epoch in formed:
        body = ConsumerGroupHeartbeatRequest(group_id=group, member_id=member_id, member_epoch=epoch
                                             ).encode(CGHB_VERSION)
        windows.append(b"".join(frame(CGHB, CGHB_VERSION, i, body) for i in range(depth)))
    return await run_pipelined(port, windows, depth, response_body_start(CGHB, CGHB_VERSION), _check_cghb,
                               warmup_s=0.5, measure_s=measure_s, broker_pid=pid, cpu_seconds=cpu_seconds)


# ---------------------------------------------------------------------------------------------

@dataclass
class Row:
    what: str
    classic: list[float] = field(default_factory=list)
    consumer: list[float] = field(default_factory=list)
    unit: str = "ms"
    error: str = ""


def create_topic(bootstrap: str) -> None:
    from confluent_kafka.admin import AdminClient, NewTopic

    admin = AdminClient({"bootstrap.servers": bootstrap, "log_level": 3})
    for fut in admin.create_topics([NewTopic(TOPIC, num_partitions=PARTITIONS, replication_factor=1)],
                                   request_timeout=10).values():
        fut.result(timeout=15)


def run_bench(rounds: int = 3, sizes: tuple[int, ...] = (3, 50), failover_rounds: int = 2,
              measure_s: float = 3.0) -> list[Row]:
    rows: list[Row] = []
    with workdir("kaflite-bench-848-") as wd:
        (broker,) = brokers("kaflite", wd, OVERRIDES)
        with broker:
            create_topic(broker.bootstrap)
            for protocol in PROTOCOLS:  # untimed warm-up: `__consumer_offsets`, first connections
                join_round(broker.bootstrap, f"warmup-{protocol}", 3, protocol)
            for n in sizes:
                row = Row(f"join {n} consumers → all assigned")
                try:
                    for i in range(rounds):
                        for protocol in PROTOCOLS:  # alternated, so load drifts hit both alike
                            getattr(row, protocol).append(1000 * join_round(broker.bootstrap, f"j-{protocol}-{n}-{i}",
                                                                            n, protocol))
                except Exception as e:
                    row.error = f"{type(e).__name__}: {e}"
                rows.append(row)
            row = Row("kill -9 one of 3 → partitions owned again")
            try:
                for i in range(failover_rounds):
                    for protocol in PROTOCOLS:
                        getattr(row, protocol).append(1000 * failover_round(broker.bootstrap, f"f-{protocol}-{i}",
                                                                            protocol))
            except Exception as e:
                row.error = f"{type(e).__name__}: {e}"
            rows.append(row)
            for depth in (1, 16):
                row = Row(f"heartbeats/s, 20 members, K={depth}", unit="/s")
                try:
                    coordinator_heartbeats.GROUP = f"bench-classic-hb-{depth}"
                    s = run(coordinator_heartbeats.measure(broker.port, broker.pid, 20, depth, 0.5, measure_s))
                    row.classic.append(s.rate)
                    s = run(consumer_heartbeats(broker.port, broker.pid, 20, depth, measure_s))
                    row.consumer.append(s.rate)
                    if s.errors:
                        row.error = s.first_error
                except Exception as e:
                    row.error = f"{type(e).__name__}: {e}"
                rows.append(row)
    return rows


def report(rows: list[Row]) -> str:
    out = []
    for r in rows:
        c, k = median(r.classic) if r.classic else float("nan"), median(r.consumer) if r.consumer else float("nan")
        out.append([r.what, f"{fmt(c, 0)} {r.unit}", f"{fmt(k, 0)} {r.unit}", fmt(k / c, 2) if c == c and c else "",
                    ", ".join(fmt(v, 0) for v in r.classic), ", ".join(fmt(v, 0) for v in r.consumer), r.error])
    return table(["measure", "classic (median)", "consumer (median)", "consumer/classic", "classic rounds",
                  "consumer rounds", "failure"], out)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--worker":
        return worker_main(argv[1], argv[2], int(argv[3]), argv[4])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="one round, 3 consumers, short measurements")
    a = ap.parse_args(argv)
    print(f"load avg before: {load_average()}")
    if a.quick:
        rows = run_bench(rounds=1, sizes=(3,), failover_rounds=1, measure_s=1.0)
    else:
        rows = run_bench(rounds=a.rounds)
    print(report(rows))
    print(f"load avg after: {load_average()}")
    return 0 if not any(r.error for r in rows) else 1


if __name__ == "__main__":
    asyncio.set_event_loop_policy(None)
    sys.exit(main())
