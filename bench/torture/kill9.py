"""kill -9 under load for N cycles: every acknowledged record and commit survives, every restart succeeds.

Why: CI kills processes at random; a test broker must come back with everything it acknowledged. Per
cycle a `kaflite serve` child (same data dir, same port) serves an idempotent acks=all producer
(confluent-kafka) and a consumer committing ever larger offsets synchronously for group "torture";
after a random 0.3-1.5 s it is SIGKILLed mid-load and started again. After each restart: every
acknowledged record is read back at its offset with its value, and the committed offset is the last
acknowledged commit or later. Failed restarts are counted (the run stops at the first one).

    python bench/torture/kill9.py [--cycles 20] [--max-seconds 1800] [--seed 13]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
import time
from pathlib import Path

from confluent_kafka import Consumer, KafkaError, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic
from kit import HOST, Child, free_port, verdict

TOPIC, GROUP = "torture", "torture"


class Load:
    """Produce and commit in two threads until stopped; remember what the broker acknowledged."""

    def __init__(self, bootstrap: str, cycle: int, acked: dict[int, bytes], commits: list[int]) -> None:
        self.bootstrap, self.cycle, self.acked, self.commits = bootstrap, cycle, acked, commits
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._produce), threading.Thread(target=self._commit)]

    def __enter__(self) -> Load:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=60)

    def stopping(self) -> None:
        """Stop adding load (the broker is restarted before the threads are joined, so they end quickly)."""
        self.stop.set()

    def _produce(self) -> None:
        p = Producer({"bootstrap.servers": self.bootstrap, "enable.idempotence": True, "acks": "all", "log_level": 0,
                      "linger.ms": 2, "message.timeout.ms": 4000, "socket.timeout.ms": 2000})

        def delivered(err: KafkaError | None, msg: object) -> None:
            if err is None:
                self.acked[msg.offset()] = msg.value()  # type: ignore[attr-defined]

        i = 0
        while not self.stop.is_set():
            try:
                p.produce(TOPIC, value=b"c%d-%d" % (self.cycle, i), partition=0, on_delivery=delivered)
                i += 1
            except BufferError:
                pass
            p.poll(0.001 if i % 50 else 0.01)
        p.flush(5)
        p.purge()
        p.poll(0)

    def _commit(self) -> None:
        c = Consumer({"bootstrap.servers": self.bootstrap, "group.id": GROUP, "enable.auto.commit": False,
                      "socket.timeout.ms": 2000, "log_level": 0})
        try:
            while not self.stop.is_set():
                offset = (self.commits[-1] if self.commits else 0) + 1
                try:
                    c.commit(offsets=[TopicPartition(TOPIC, 0, offset)], asynchronous=False)
                    self.commits.append(offset)
                except Exception:  # the broker died mid-commit: not acknowledged
                    time.sleep(0.05)
        finally:
            c.close()


def check(bootstrap: str, acked: dict[int, bytes], commits: list[int]) -> tuple[int, int]:
    """(acknowledged records missing or changed, 1 if the committed offset is behind the last acknowledged)."""
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": GROUP, "enable.auto.commit": False,
                  "auto.offset.reset": "earliest", "log_level": 0})  # assigned, never subscribed: no join
    try:
        _, high = c.get_watermark_offsets(TopicPartition(TOPIC, 0), timeout=10)
        c.assign([TopicPartition(TOPIC, 0, 0)])
        seen: dict[int, bytes] = {}
        deadline = time.monotonic() + 60
        while len(seen) < high and time.monotonic() < deadline:
            for m in c.consume(1000, timeout=1):
                if m.error() is None:
                    seen[m.offset()] = m.value()
        lost = sum(1 for off, value in acked.items() if seen.get(off) != value)
        tp = c.committed([TopicPartition(TOPIC, 0)], timeout=10)[0]
        behind = int(bool(commits) and tp.offset < commits[-1])
        return lost, behind
    finally:
        c.close()


def run(cycles: int, max_seconds: float, seed: int) -> bool:
    rng = random.Random(seed)
    acked: dict[int, bytes] = {}
    commits: list[int] = []
    lost = behind = failed = done = 0
    deadline = time.monotonic() + max_seconds
    with tempfile.TemporaryDirectory(prefix="kaflite-kill9-") as tmp:
        child = Child(Path(tmp) / "data", Path(tmp) / "broker.log", port=free_port(),
                      overrides={"offsets.topic.num.partitions": "1"})
        bootstrap = f"{HOST}:{child.port}"
        if not child.start():
            return bool(verdict("kill -9", False, "broker did not start"))
        admin = AdminClient({"bootstrap.servers": bootstrap})  # kept alive until its future resolves
        admin.create_topics([NewTopic(TOPIC, 1)])[TOPIC].result(30)
        try:
            while done < cycles and time.monotonic() < deadline:
                with Load(bootstrap, done, acked, commits) as load:
                    time.sleep(rng.uniform(0.3, 1.5))
                    child.kill()
                    load.stopping()
                    restarted = child.start()
                done += 1
                if not restarted:
                    failed += 1
                    break
                cycle_lost, cycle_behind = check(bootstrap, acked, commits)
                lost, behind = max(lost, cycle_lost), behind + cycle_behind
        finally:
            child.stop()
    ok = failed == 0 and lost == 0 and behind == 0 and done == cycles
    verdict("kill -9", ok, f"{done}/{cycles} cycles, {len(acked)} acknowledged records ({lost} lost or changed), "
            f"{len(commits)} acknowledged commits (last {commits[-1] if commits else '-'}; committed offset behind "
            f"it after {behind} restarts), {failed} failed restarts")
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=int, default=20)
    ap.add_argument("--max-seconds", type=float, default=1800)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    raise SystemExit(0 if run(args.cycles, args.max_seconds, args.seed) else 1)


if __name__ == "__main__":
    main()
