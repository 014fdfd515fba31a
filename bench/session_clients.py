"""The two clients the session's tests drive (bench/session_suite.py), reduced to what the tests use:
``produce`` with confluent-kafka or kafka-python, every record acknowledged, and ``Consumer`` over either client.
Every wait is bounded by ``DEADLINE_S``.
"""

from __future__ import annotations

import itertools
import time
import uuid
from typing import Any

N = 100
DEADLINE_S = 30.0  # every wait below is bounded by this

_names = itertools.count(1)


def unique(prefix: str) -> str:
    return f"{prefix}-{next(_names)}-{uuid.uuid4().hex[:8]}"


def produce(client: str, bootstrap: str, topic: str, n: int = N, *, keyed: bool = False, sync: bool = False,
            compression: str = "none", headers: bool = False, **conf: Any) -> None:
    """``n`` records (value ``v<i>``; key ``k<i % 10>`` if keyed), every one acknowledged before returning."""
    def key(i: int) -> bytes | None:
        return f"k{i % 10}".encode() if keyed else None

    def hdrs(i: int) -> list[tuple[str, bytes]] | None:
        return [("i", str(i).encode())] if headers else None

    if client == "confluent":
        from confluent_kafka import Producer
        errors: list[Any] = []
        p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5, "compression.type": compression, **conf})
        for i in range(n):
            p.produce(topic, f"v{i}".encode(), key(i), headers=hdrs(i),
                      on_delivery=lambda err, _m: err is not None and errors.append(err))
            if sync:
                p.flush(DEADLINE_S)
        assert p.flush(DEADLINE_S) == 0, "records left unsent"
        assert not errors, errors[:3]
        return
    from kafka import KafkaProducer
    kp = KafkaProducer(bootstrap_servers=bootstrap, linger_ms=5,
                       compression_type=None if compression == "none" else compression, **conf)
    try:
        futures = []
        for i in range(n):
            f = kp.send(topic, f"v{i}".encode(), key(i), headers=hdrs(i))
            if sync:
                f.get(DEADLINE_S)
            futures.append(f)
        kp.flush(DEADLINE_S)
        for f in futures:
            f.get(DEADLINE_S)
    finally:
        kp.close(5)


class Consumer:
    """One consumer of either client, reduced to what the tests use. ``poll`` returns (partition, offset,
    key, value, headers) tuples."""

    def __init__(self, client: str, bootstrap: str, group: str | None = None, **conf: Any) -> None:
        self.client = client
        if client == "confluent":
            from confluent_kafka import Consumer as CK
            base = {"bootstrap.servers": bootstrap, "group.id": group or unique("nogroup"),
                    "auto.offset.reset": "earliest", "enable.auto.commit": False}
            self.c: Any = CK({**base, **conf})
        else:
            from kafka import KafkaConsumer
            base = {"bootstrap_servers": bootstrap, "group_id": group, "auto_offset_reset": "earliest",
                    "enable_auto_commit": False}
            self.c = KafkaConsumer(**{**base, **conf})

    def subscribe(self, topic: str) -> None:
        self.c.subscribe([topic])

    def assign(self, topic: str, partitions: int = 1, offset: int | None = None) -> None:
        if self.client == "confluent":
            from confluent_kafka import OFFSET_BEGINNING, TopicPartition
            self.c.assign([TopicPartition(topic, p, OFFSET_BEGINNING if offset is None else offset)
                           for p in range(partitions)])
        else:
            from kafka import TopicPartition as KTP
            tps = [KTP(topic, p) for p in range(partitions)]
            self.c.assign(tps)
            for tp in tps:
                if offset is None:
                    self.c.seek_to_beginning(tp)
                else:
                    self.c.seek(tp, offset)

    def poll(self, timeout: float = 0.1) -> list[tuple[int, int, bytes | None, bytes | None, Any]]:
        if self.client == "confluent":
            out = []
            for m in self.c.consume(500, timeout):
                if m.error() is None:
                    out.append((m.partition(), m.offset(), m.key(), m.value(), m.headers()))
            return out
        got = self.c.poll(timeout_ms=int(timeout * 1000))
        return [(r.partition, r.offset, r.key, r.value, r.headers) for recs in got.values() for r in recs]

    def read(self, n: int, deadline_s: float = DEADLINE_S) -> list[tuple[int, int, bytes | None, bytes | None, Any]]:
        out: list[Any] = []
        end = time.monotonic() + deadline_s
        while len(out) < n and time.monotonic() < end:
            out += self.poll()
        assert len(out) == n, f"read {len(out)} of {n} records"
        return out

    def assigned(self) -> list[int]:
        parts = self.c.assignment()
        return sorted(tp.partition for tp in parts)

    def commit(self, topic: str, offsets: dict[int, int]) -> None:
        if self.client == "confluent":
            from confluent_kafka import TopicPartition
            self.c.commit(offsets=[TopicPartition(topic, p, o) for p, o in offsets.items()], asynchronous=False)
        else:
            from kafka import OffsetAndMetadata
            from kafka import TopicPartition as KTP
            self.c.commit({KTP(topic, p): OffsetAndMetadata(o, "", -1) for p, o in offsets.items()})

    def committed(self, topic: str, partitions: int) -> dict[int, int]:
        if self.client == "confluent":
            from confluent_kafka import TopicPartition
            tps = self.c.committed([TopicPartition(topic, p) for p in range(partitions)], timeout=DEADLINE_S)
            return {tp.partition: tp.offset for tp in tps}
        from kafka import TopicPartition as KTP
        return {p: self.c.committed(KTP(topic, p)) for p in range(partitions)}

    def close(self) -> None:
        self.c.close()


def values(records: list[Any]) -> list[bytes]:
    return [r[3] for r in records]

