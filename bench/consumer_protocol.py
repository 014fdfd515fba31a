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
import sys
import time
import uuid
from dataclasses import dataclass, field

import coordinator_failover
import coordinator_heartbeats
import coordinator_join
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


def group_config(protocol: str) -> dict[str, object]:
    """The consumer settings of each protocol: KIP-848 takes session and heartbeat from the broker."""
    if protocol == "consumer":
        return {"group.protocol": "consumer"}
    return {"session.timeout.ms": SESSION_TIMEOUT_MS, "heartbeat.interval.ms": HEARTBEAT_INTERVAL_MS,
            "partition.assignment.strategy": "range"}


def join_round(bootstrap: str, group: str, n: int, protocol: str) -> float:
    """coordinator_join's round (n confluent-kafka consumers → their shares partition the topic)."""
    return coordinator_join.confluent_round(bootstrap, group, n, BOUND_S, topic=TOPIC, partitions=PARTITIONS,
                                            config=group_config(protocol))


def failover_round(bootstrap: str, group: str, protocol: str) -> float:
    """coordinator_failover's round (kill -9 one of 3 consumer processes → survivors own everything)."""
    return coordinator_failover.failover_round(bootstrap, group, protocol, TOPIC, PARTITIONS)


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
