"""Real-client workloads against a kaflite broker, returning what the clients did (for exact assertions).

Also used by the benchmark in docs/analytics.md (`python -m tests.analytics.workload`). Every loop is
bounded in count and time.
"""

from __future__ import annotations

import argparse
import contextlib
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from confluent_kafka import Consumer, Producer, TopicPartition

#: Broker settings for the workloads' brokers: a KIP-848 member learns of a revocation or a new assignment at its
#: next heartbeat, and at Kafka's 5 s (`group.consumer.heartbeat.interval.ms`) `consumer_protocol_group` took ~10 s
#: where it now takes ~1 s, writing the same records.
BROKER_CONFIG: dict[str, object] = {"group.consumer.heartbeat.interval.ms": 250}


@dataclass
class Produced:
    per_partition: dict[int, int] = field(default_factory=dict)  # partition -> records delivered
    values: dict[tuple[int, int], bytes] = field(default_factory=dict)  # (partition, offset) -> value (if kept)
    headers: dict[tuple[int, int], list[tuple[str, bytes]]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.per_partition.values())


def produce(bootstrap: str, topic: str, n: int, *, value_size: int = 100, compression: str = "none",
            keep: bool = False, headers_every: int = 0, linger_ms: int = 5, timeout: float = 120.0) -> Produced:
    """Produce `n` records (key k<i>, value of `value_size` bytes) with confluent-kafka; count deliveries."""
    out = Produced()
    errors: list[Any] = []
    p = Producer({"bootstrap.servers": bootstrap, "compression.type": compression, "linger.ms": linger_ms,
                  "batch.num.messages": 10000, "queue.buffering.max.messages": 500000, "acks": "all",
                  "enable.idempotence": True})

    def on_delivery(err: Any, msg: Any) -> None:
        if err is not None:
            errors.append(err)
            return
        out.per_partition[msg.partition()] = out.per_partition.get(msg.partition(), 0) + 1
        if keep:
            out.values[(msg.partition(), msg.offset())] = msg.value()
            i = int(msg.value()[:12])  # delivery reports carry no headers: rebuild them from the index
            if headers_every and i % headers_every == 0:
                out.headers[(msg.partition(), msg.offset())] = [("h", str(i).encode())]

    pad = b"x" * max(0, value_size - 12)
    deadline = time.monotonic() + timeout
    for i in range(n):
        hdrs = [("h", str(i).encode())] if headers_every and i % headers_every == 0 else None
        while time.monotonic() < deadline:
            try:
                p.produce(topic, key=b"k%d" % i, value=b"%012d" % i + pad, headers=hdrs, on_delivery=on_delivery)
                break
            except BufferError:
                p.poll(0.05)
        if i % 10000 == 0:
            p.poll(0)
    remaining = p.flush(max(1.0, deadline - time.monotonic()))
    assert remaining == 0 and not errors, f"{remaining} undelivered, errors {errors[:3]}"
    return out


@dataclass
class Commits:
    """Every offset commit the clients made: (group, topic, partition, offset) in order."""

    records: list[tuple[str, str, int, int]] = field(default_factory=list)


def _consumer(bootstrap: str, group: str, client_id: str) -> Consumer:
    return Consumer({"bootstrap.servers": bootstrap, "group.id": group, "client.id": client_id,
                     "enable.auto.commit": False, "auto.offset.reset": "earliest",
                     "session.timeout.ms": 6000, "heartbeat.interval.ms": 200,
                     "partition.assignment.strategy": "range"})


def _poll_until(consumers: list[Consumer], cond: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for c in consumers:
            c.poll(0.05)
        if cond():
            return
    raise TimeoutError("consumer group did not settle")


def rebalancing_group(bootstrap: str, broker: Any, topic: str, group: str, partitions: int,
                      rounds: int = 3) -> Commits:
    """Two consumers: A alone (gen 1), A+B (gen 2), A alone again after B leaves (gen 3); each generation
    commits explicit offsets for its assignment `rounds` times (synchronously, so every commit is written)."""
    commits = Commits()
    a = _consumer(bootstrap, group, "client-a")
    b = _consumer(bootstrap, group, "client-b")

    def commit_assigned(c: Consumer, base: int) -> None:
        for r in range(rounds):
            tps = [TopicPartition(topic, tp.partition, base + r) for tp in c.assignment()]
            if tps:
                c.commit(offsets=tps, asynchronous=False)
                commits.records.extend((group, topic, tp.partition, tp.offset) for tp in tps)

    try:
        a.subscribe([topic])
        _poll_until([a], lambda: len(a.assignment()) == partitions)
        broker.wait_for_group(group, "Stable", members=1)
        commit_assigned(a, 10)
        b.subscribe([topic])
        _poll_until([a, b], lambda: a.assignment() and b.assignment()
                    and len(a.assignment()) + len(b.assignment()) == partitions)
        broker.wait_for_group(group, "Stable", members=2)
        commit_assigned(a, 20)
        commit_assigned(b, 20)
        b.close()
        _poll_until([a], lambda: len(a.assignment()) == partitions)
        broker.wait_for_group(group, "Stable", members=1)
        commit_assigned(a, 30)
    finally:
        a.close()
    return commits


def consumer_protocol_group(bootstrap: str, broker: Any, topic: str, group: str, partitions: int) -> list[str]:
    """A KIP-848 group (librdkafka's group.protocol=consumer): A alone (epoch 1), A+B (epoch 2, A revokes
    half), B leaves (epoch 3), A leaves on close (epoch 4). Returns the member ids [A, B]; their records
    3-8 land in the log."""
    def consumer(client_id: str) -> Consumer:
        return Consumer({"bootstrap.servers": bootstrap, "group.id": group, "client.id": client_id,
                         "group.protocol": "consumer", "enable.auto.commit": False,
                         "auto.offset.reset": "earliest"})

    def settled(members: int) -> bool:
        g = broker.group(group)
        return bool(g and g.state == "Stable" and len(g.members) == members
                    and all(m.member_epoch == g.assignment_epoch == g.epoch for m in g.members))

    a, b = consumer("cg-client-a"), consumer("cg-client-b")
    try:
        a.subscribe([topic])
        _poll_until([a], lambda: len(a.assignment()) == partitions and settled(1))
        ids = [broker.group(group).members[0].member_id]
        b.subscribe([topic])
        _poll_until([a, b], lambda: settled(2))
        ids += [m.member_id for m in broker.group(group).members if m.member_id != ids[0]]
        b.close()
        _poll_until([a], lambda: len(a.assignment()) == partitions and settled(1))
    finally:
        a.close()
    return ids


def transactions(bootstrap: str, topic: str, transactional_id: str,
                 plan: tuple[tuple[dict[int, int], bool], ...] = (({0: 3, 1: 2}, True), ({0: 4}, False))) -> None:
    """librdkafka's transactional producer: per step, `{partition: records}` in one transaction, then
    commit (True) or abort (False). Writes `__transaction_state`, transactional batches and markers."""
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": transactional_id, "linger.ms": 0})
    p.init_transactions(15)
    for partitions, commit in plan:
        p.begin_transaction()
        for partition, n in partitions.items():
            for i in range(n):
                p.produce(topic, value=b"v%d" % i, partition=partition)
        assert p.flush(15) == 0
        if commit:
            p.commit_transaction(15)
        else:
            p.abort_transaction(15)


def commit_storm(bootstrap: str, topic: str, partitions: int, group: str, n_commits: int,
                 offsets_of: Any, pace: float = 0.0, timeout: float = 600.0) -> int:
    """Raw async commits of all partitions (offsets from `offsets_of()`), `n_commits` records in total."""
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "enable.auto.commit": False,
                  "client.id": group})
    done = 0
    deadline = time.monotonic() + timeout
    try:
        while done < n_commits and time.monotonic() < deadline:
            offs = offsets_of()
            tps = [TopicPartition(topic, p, offs[p]) for p in range(partitions)][: n_commits - done]
            try:
                c.commit(offsets=tps, asynchronous=True)
            except Exception:  # local queue full: let callbacks drain
                c.poll(0.05)
                continue
            done += len(tps)
            c.poll(0)
            if pace:
                time.sleep(pace)
        c.poll(1.0)
    finally:
        c.close()
    return done


def benchmark_workload(bootstrap: str, broker: Any, *, records: int = 1_000_000, commits: int = 100_000,
                       partitions: int = 8, committers: int = 4, topic: str = "orders") -> dict[str, Any]:
    """The docs' measurement: `records` produced while a rebalancing group consumes and `committers`
    raw committers write `commits` offset commits that trail the producer (so lag is visible)."""
    broker.create_topic(topic, partitions)
    progress = {p: 0 for p in range(partitions)}
    stop = threading.Event()
    produced: list[Produced] = []

    def producer() -> None:
        produced.append(produce(bootstrap, topic, records, value_size=100, compression="lz4", timeout=900))
        stop.set()

    t0 = time.monotonic()
    pt = threading.Thread(target=producer)
    pt.start()

    def offsets_of() -> dict[int, int]:
        return dict(progress)

    # a consumer group that really consumes; its positions drive the committers' offsets
    leave = threading.Event()

    def consume(idx: int) -> None:
        c = _consumer(bootstrap, "orders-app", f"app-{idx}")
        c.subscribe([topic])
        deadline = time.monotonic() + 900
        while time.monotonic() < deadline and not (stop.is_set() and sum(progress.values()) >= records):
            msgs = c.consume(1000, 0.2)
            for m in msgs:
                if not m.error():
                    progress[m.partition()] = max(progress[m.partition()], m.offset() + 1)
            if msgs:
                with contextlib.suppress(Exception):
                    c.commit(asynchronous=True)
            if idx == 0 and leave.is_set():
                break
        c.close()

    threads = [threading.Thread(target=consume, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    per = commits // committers
    pace = 0.004 * records / 1_000_000  # spread the commits over roughly the production time
    ct = [threading.Thread(target=commit_storm,
                           args=(bootstrap, topic, partitions, f"audit-{i}", per, offsets_of, pace))
          for i in range(committers)]
    for t in ct:
        t.start()
    time.sleep(5)
    extra = threading.Thread(target=consume, args=(2,))  # a third member joins: a rebalance
    extra.start()
    time.sleep(5)
    leave.set()  # the first member leaves: another rebalance
    pt.join()
    for t in [*ct, *threads, extra]:
        t.join(timeout=900)
    return {"records": produced[0].total if produced else 0, "seconds": time.monotonic() - t0,
            "commits": per * committers}


def main() -> None:
    """Run the benchmark workload into DATA_DIR with an in-process kaflite."""
    from kaflite.testing.broker import Broker

    ap = argparse.ArgumentParser()
    ap.add_argument("data_dir")
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--commits", type=int, default=100_000)
    args = ap.parse_args()
    with Broker(args.data_dir, config={"log.flush.interval.ms": 1000}) as b:
        print(benchmark_workload(b.bootstrap_servers, b, records=args.records, commits=args.commits))
        b.stop()


if __name__ == "__main__":
    main()
