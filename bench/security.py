"""What security costs: connection set-up and produce/fetch throughput over PLAINTEXT, SSL and SASL_SSL
(SCRAM-SHA-512), on one kaflite in a child process with the three listeners side by side.

Set-up: a new confluent-kafka client's first Metadata (``list_topics``): TCP connect, TLS handshake, ApiVersions,
SaslHandshake + the SCRAM exchange (two SaslAuthenticate round trips, 4096 PBKDF2 iterations on each side), then
Metadata. Throughput: ``--messages`` values of ``--size`` bytes produced (acks=1, linger.ms=5) then fetched
with assign() from one partition, per listener. Bounded: ``--rounds`` set-ups per listener, and each phase stops
after ``TIME_BOUND_S``. Client and broker share the machine's cores (and, on a shared machine, its neighbours'
load: say so with the numbers).

    python bench/security.py --rounds 20 --messages 100000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import fmt, table
from confluent_kafka import OFFSET_BEGINNING, Consumer, Producer, TopicPartition

from kaflite.testing import ProcessBroker

TIME_BOUND_S = 30.0
USER, PASSWORD = "bench", "bench-secret"


def configs(broker: ProcessBroker) -> dict[str, dict[str, Any]]:
    return {
        "PLAINTEXT": {"bootstrap.servers": broker.bootstrap_servers},
        "SSL": broker.librdkafka_config(),
        "SASL_SSL (SCRAM-SHA-512)": broker.sasl_client_config("librdkafka", USER, "SCRAM-SHA-512"),
    }


def setup_ms(config: dict[str, Any], rounds: int) -> list[float]:
    """Each round: a new client, timed from its creation to its first Metadata answer."""
    out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        producer = Producer({**config, "log_level": 0})
        producer.list_topics(timeout=10)
        out.append((time.perf_counter() - t0) * 1000)
        del producer
    return out


def produce_fetch(config: dict[str, Any], messages: int, size: int) -> tuple[float, float]:
    """(produce MB/s, fetch MB/s) of ``messages`` values of ``size`` bytes; 10^6 bytes of values per MB."""
    topic = f"bench-sec-{uuid.uuid4().hex[:8]}"
    value = b"x" * size
    producer = Producer({**config, "acks": "1", "linger.ms": 5, "batch.size": 1_000_000, "log_level": 0})
    producer.list_topics(topic, timeout=10)  # auto-creates it before the clock starts
    delivered = [0, 0]  # ok, failed

    def report(err: Any, _msg: Any) -> None:
        delivered[err is not None] += 1

    t0 = time.perf_counter()
    sent = 0
    while sent < messages and time.perf_counter() - t0 < TIME_BOUND_S:
        try:
            producer.produce(topic, value, partition=0, on_delivery=report)
            sent += 1
        except BufferError:
            producer.poll(0.01)
    producer.flush(TIME_BOUND_S)
    produce_s = time.perf_counter() - t0
    if delivered[1] or delivered[0] != sent:
        raise RuntimeError(f"{delivered[1]} of {sent} messages failed, {sent - sum(delivered)} unanswered")
    consumer = Consumer({**config, "group.id": f"g-{topic}", "enable.auto.commit": False,
                         "fetch.max.bytes": 52_428_800, "log_level": 0})
    consumer.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
    got = 0
    t1 = time.perf_counter()
    while got < sent and time.perf_counter() - t1 < TIME_BOUND_S:
        for message in consumer.consume(10_000, timeout=1.0):
            if message.error() is None:
                got += 1
    fetch_s = time.perf_counter() - t1  # (the consumer's own connection set-up included)
    if got != sent:
        raise RuntimeError(f"fetched {got} of {sent} messages within {TIME_BOUND_S} s")
    consumer.close()
    return sent * size / 1e6 / produce_s, got * size / 1e6 / fetch_s


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20, help="connection set-ups per listener (default 20)")
    parser.add_argument("--messages", type=int, default=100_000, help="messages per throughput phase")
    parser.add_argument("--size", type=int, default=1024, help="value size in bytes (default 1024)")
    args = parser.parse_args()
    with ProcessBroker(tls=True, sasl="SASL_SSL", users={USER: PASSWORD}) as broker:
        rows = []
        for name, config in configs(broker).items():
            setups = setup_ms(config, args.rounds)
            produce, fetch = produce_fetch(config, args.messages, args.size)
            rows.append([name, fmt(statistics.median(setups), 1), fmt(min(setups), 1), fmt(produce, 1),
                         fmt(fetch, 1)])
        broker.close()
    print(f"{args.rounds} set-ups per listener; {args.messages} x {args.size} B produced then fetched (acks=1)")
    print(table(["listener", "set-up median ms", "set-up min ms", "produce MB/s", "fetch MB/s"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
