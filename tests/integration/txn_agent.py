"""A transactional producer (and the consumers a scenario needs) in its own process, driven line by line.

The transaction scenarios (test_transactions*.py) run the same steps through four clients; each client is
a process speaking one protocol, so a test can run two of them at once (fencing, a parked consumer), let a
broker restart under one, and never leave a hung client thread in pytest:

- ``java``: ``java/TxnAgent.java`` (kafka-clients 3.9.1); its header documents the commands and answers;
- ``confluent-kafka``, ``aiokafka``, ``kafka-python``: this module run as
  ``python -m tests.integration.txn_agent <kind> <bootstrap>``.

Not every client has every command: a KIP-848 member (``consume ... consumer``) is Java's and confluent-kafka's,
the transaction admin calls (``list_txns``, ``describe_txns``, ``describe_producers``) Java's and kafka-python's
(confluent-kafka 2.16 and aiokafka 0.14 have none); a missing one answers ``{"ok": false, "error":
"AttributeError"}``.

``Agent`` is the test side: ``call`` sends one command and returns its answer (a dict with ``ok``),
``start_call``/``finish_call`` split that for a command that must overlap another agent's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from tests.integration.agent_process import AgentProcess

KINDS = ["java", "confluent-kafka", "aiokafka", "kafka-python"]
WAIT_S = 20.0  # every client-side wait (KafkaProducer max.block.ms, flush, a read's default deadline)
CALL_S = 45.0  # the test side's bound on one command; the agent is killed past it
MAX_SECONDS = 150  # an agent ends by itself after this


# -- the test side ----------------------------------------------------------------------------------------

class Agent(AgentProcess):
    """One agent process of ``kind``; commands are answered in order."""

    def __init__(self, kind: str, bootstrap: str, *, name: str, log_dir: Path,
                 java_cmd: Sequence[str] | None = None) -> None:
        assert kind in KINDS, kind
        assert kind != "java" or java_cmd, "java agents need the compiled TxnAgent (java_cmd)"
        self.kind = kind
        cmd = ([*(java_cmd or []), bootstrap] if kind == "java"
               else [sys.executable, "-m", "tests.integration.txn_agent", kind, bootstrap])
        super().__init__(cmd, name, log_dir / f"{name}.stderr")
        self._answers: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()

    def start(self) -> Agent:
        self.spawn(f"txn-agent-{self.name}")
        return self

    def on_event(self, event: dict[str, Any]) -> None:
        if "event" in event:
            self.events.put(event)
        else:
            self._answers.put(event)

    def on_exit(self) -> None:
        self._answers.put(None)  # the process ended

    def start_call(self, *words: object) -> None:
        self.send(" ".join(str(w) for w in words))

    def finish_call(self, what: str, timeout: float = CALL_S) -> dict[str, Any]:
        try:
            answer = self._answers.get(timeout=timeout)
        except queue.Empty:
            self.kill()
            raise AssertionError(f"{self.name}: no answer to {what!r} in {timeout}s\n{self.describe()}") from None
        if answer is None:
            raise AssertionError(f"{self.name} exited during {what!r}\n{self.describe()}")
        return answer

    def call(self, *words: object, timeout: float = CALL_S) -> dict[str, Any]:
        """The answer, ``{"ok": True, ...}`` or ``{"ok": False, "error": ..., ...}``."""
        self.start_call(*words)
        return self.finish_call(str(words[0]), timeout)

    def ok(self, *words: object, timeout: float = CALL_S) -> dict[str, Any]:
        """The answer of a command that must succeed."""
        answer = self.call(*words, timeout=timeout)
        assert answer["ok"], f"{self.name}: {' '.join(map(str, words))} -> {answer}\n{self.describe()}"
        return answer

    def wait_event(self, name: str, timeout: float = CALL_S) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            try:
                ev = self.events.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"{self.name}: no {name!r} event in {timeout}s\n{self.describe()}") from None
            if ev["event"] == name:
                return ev

    def stop(self, grace_s: float = 10.0) -> None:
        """Close politely for a moment (end of input), then kill."""
        super().stop(grace_s)

    def describe(self) -> str:
        stderr = self.stderr_tail(3000)
        return f"[{self.kind} {self.name} rc={self.returncode}]" + (f"\n  stderr: {stderr}" if stderr.strip() else "")


# -- the Python agents (this module as a program) -------------------------------------------------------------

def _emit(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def _error(e: BaseException) -> dict[str, Any]:
    if isinstance(e, SystemError) and e.__cause__ is not None:  # confluent-kafka: a callback met a fatal error
        e = e.__cause__
    out: dict[str, Any] = {"ok": False, "error": type(e).__name__, "message": str(e)}
    cause = e.__cause__ or e.__context__
    out["cause"] = type(cause).__name__ if cause is not None else out["error"]
    if e.args and hasattr(e.args[0], "name") and callable(e.args[0].name):  # confluent_kafka.KafkaError
        err = e.args[0]
        out.update(code=err.name(), fatal=err.fatal(), retriable=err.retriable(),
                   abortable=err.txn_requires_abort(), message=err.str())
    return out


class _Read:
    """The stop rule of ``read``: the sentinel seen on every partition (unless "-") and ``count`` records."""

    def __init__(self, partitions: int, sentinel: str, count: int) -> None:
        self.sentinel, self.count = sentinel, count
        self.waiting = set() if sentinel == "-" else set(range(partitions))
        self.records: list[list[Any]] = []

    def add(self, partition: int, offset: int, value: bytes | None) -> None:
        text = (value or b"").decode()
        self.records.append([partition, offset, text])
        if text == self.sentinel:
            self.waiting.discard(partition)

    @property
    def done(self) -> bool:
        return not self.waiting and len(self.records) >= self.count

    def poll_until_done(self, poll: Callable[[], Iterable[tuple[int, int, bytes | None]]], deadline_ms: str,
                        polling: Callable[[], bool] = lambda: True) -> dict[str, Any]:
        """``read``'s loop for a client with a blocking poll: records in until done or the deadline; the "polling"
        event once ``polling()`` says the client has started fetching."""
        deadline = time.monotonic() + int(deadline_ms) / 1000
        announced = False
        while time.monotonic() < deadline:
            for partition, offset, value in poll():
                self.add(partition, offset, value)
            if not announced and (self.records or polling()):
                _emit({"event": "polling"})
                announced = True
            if self.done:
                return {"ok": True, "records": self.records}
        return {"ok": False, "error": "ReadTimeout", "records": self.records}


class ConfluentAgent:
    def __init__(self, bootstrap: str) -> None:
        import confluent_kafka as ck

        self.ck, self.bootstrap = ck, bootstrap
        self.producer: Any = None
        self.idempotent_producer: Any = None
        self.member: Any = None
        self.saved: Any = None

    def init(self, txn_id: str, timeout_ms: str) -> dict[str, Any]:
        self.producer = self.ck.Producer({
            "bootstrap.servers": self.bootstrap, "transactional.id": txn_id,
            "transaction.timeout.ms": int(timeout_ms), "linger.ms": 0, "retry.backoff.ms": 50,
            "reconnect.backoff.ms": 20, "reconnect.backoff.max.ms": 200})
        self.producer.init_transactions(WAIT_S)
        return {"ok": True}

    def begin(self) -> dict[str, Any]:
        self.producer.begin_transaction()
        return {"ok": True}

    def commit(self) -> dict[str, Any]:
        self.producer.commit_transaction(WAIT_S)
        return {"ok": True}

    def abort(self) -> dict[str, Any]:
        self.producer.abort_transaction(WAIT_S)
        return {"ok": True}

    def send(self, topic: str, partition: str, prefix: str, count: str, producer: Any = None) -> dict[str, Any]:
        producer = producer or self.producer
        acks: list[Any] = []
        for i in range(int(count)):
            producer.produce(topic, value=f"{prefix}-{i}".encode(), key=prefix.encode(),
                             partition=int(partition), on_delivery=lambda err, msg: acks.append((err, msg)))
        left = producer.flush(WAIT_S)
        errors = [err for err, _ in acks if err is not None]
        if left or errors:
            raise self.ck.KafkaException(errors[0]) if errors else TimeoutError(f"{left} not delivered")
        return {"ok": True, "offsets": [msg.offset() for _, msg in acks]}

    def idempotent(self, topic: str, partition: str, prefix: str, count: str) -> dict[str, Any]:
        if self.idempotent_producer is None:
            self.idempotent_producer = self.ck.Producer({
                "bootstrap.servers": self.bootstrap, "enable.idempotence": True, "linger.ms": 0})
        return self.send(topic, partition, prefix, count, self.idempotent_producer)

    def consume(self, group: str, topic: str, count: str, protocol: str = "classic") -> dict[str, Any]:
        if self.member is None:
            self.member = self.ck.Consumer({
                "bootstrap.servers": self.bootstrap, "group.id": group, "auto.offset.reset": "earliest",
                "enable.auto.commit": False, "isolation.level": "read_committed", "group.protocol": protocol})
            self.member.subscribe([topic])
        recs: list[list[Any]] = []
        deadline = time.monotonic() + WAIT_S
        while len(recs) < int(count) and time.monotonic() < deadline:
            msg = self.member.poll(0.1)
            if msg is not None and msg.error() is None:
                recs.append([msg.partition(), msg.offset(), msg.value().decode()])
        if len(recs) < int(count):
            raise TimeoutError(f"consumed {len(recs)} of {count}")
        return {"ok": True, "records": recs}

    def poll(self, ms: str) -> dict[str, Any]:
        """The member polls for ``ms`` (what it must do to serve a rebalance); the records it got."""
        recs: list[list[Any]] = []
        deadline = time.monotonic() + int(ms) / 1000
        while time.monotonic() < deadline:
            msg = self.member.poll(0.05)
            if msg is not None and msg.error() is None:
                recs.append([msg.partition(), msg.offset(), msg.value().decode()])
        return {"ok": True, "records": recs}

    def save_metadata(self) -> dict[str, Any]:
        """A copy (librdkafka's rd_kafka_consumer_group_metadata): opaque, so no member id or epoch shown."""
        self.saved = self.member.consumer_group_metadata()
        return {"ok": True}

    def send_offsets(self, group: str, which: str = "current") -> dict[str, Any]:
        positions = self.member.position(self.member.assignment())
        metadata = self.saved if which == "saved" else self.member.consumer_group_metadata()
        self.producer.send_offsets_to_transaction(positions, metadata, WAIT_S)
        return {"ok": True, "offsets": {f"{tp.topic}:{tp.partition}": tp.offset for tp in positions}}

    def read(self, topic: str, partitions: str, isolation: str, sentinel: str, count: str, fetch_wait_ms: str,
             deadline_ms: str) -> dict[str, Any]:
        state = _Read(int(partitions), sentinel, int(count))
        fetches_sent = []

        def stats(text: str) -> None:  # librdkafka fetches from its own thread: its counters say when it did
            brokers = json.loads(text).get("brokers", {}).values()
            fetches_sent.append(sum(b.get("req", {}).get("Fetch", 0) for b in brokers))

        c = self.ck.Consumer({
            "bootstrap.servers": self.bootstrap, "group.id": f"reader-{uuid.uuid4().hex[:8]}",
            "enable.auto.commit": False, "isolation.level": isolation, "fetch.wait.max.ms": int(fetch_wait_ms),
            "socket.timeout.ms": max(60_000, int(fetch_wait_ms) + 10_000), "reconnect.backoff.ms": 20,
            "reconnect.backoff.max.ms": 200, "statistics.interval.ms": 100, "stats_cb": stats})
        try:
            c.assign([self.ck.TopicPartition(topic, p, self.ck.OFFSET_BEGINNING) for p in range(int(partitions))])

            def poll() -> list[tuple[int, int, bytes | None]]:
                msg = c.poll(0.1)
                return [] if msg is None or msg.error() is not None else [(msg.partition(), msg.offset(), msg.value())]

            return state.poll_until_done(poll, deadline_ms, lambda: any(fetches_sent))
        finally:
            c.close()

    def close(self) -> None:
        if self.member is not None:
            self.member.close()
        for producer in (self.producer, self.idempotent_producer):
            if producer is not None:
                producer.flush(5)


class KafkaPythonAgent:
    def __init__(self, bootstrap: str) -> None:
        import kafka

        self.kafka, self.bootstrap = kafka, bootstrap
        self.producer: Any = None
        self.idempotent_producer: Any = None
        self.member: Any = None
        self.saved: Any = None
        self.admin_client: Any = None

    def _producer(self, **conf: Any) -> Any:
        return self.kafka.KafkaProducer(
            bootstrap_servers=self.bootstrap, linger_ms=0, max_block_ms=int(WAIT_S * 1000), request_timeout_ms=5000,
            retry_backoff_ms=50, reconnect_backoff_ms=20, reconnect_backoff_max_ms=200, **conf)

    def init(self, txn_id: str, timeout_ms: str) -> dict[str, Any]:
        self.producer = self._producer(transactional_id=txn_id, transaction_timeout_ms=int(timeout_ms))
        self.producer.init_transactions()
        return {"ok": True}

    def begin(self) -> dict[str, Any]:
        self.producer.begin_transaction()
        return {"ok": True}

    def commit(self) -> dict[str, Any]:
        self.producer.commit_transaction()
        return {"ok": True}

    def abort(self) -> dict[str, Any]:
        self.producer.abort_transaction()
        return {"ok": True}

    def send(self, topic: str, partition: str, prefix: str, count: str, producer: Any = None) -> dict[str, Any]:
        producer = producer or self.producer
        futures = [producer.send(topic, value=f"{prefix}-{i}".encode(), key=prefix.encode(),
                                 partition=int(partition)) for i in range(int(count))]
        producer.flush(timeout=WAIT_S)
        return {"ok": True, "offsets": [f.get(timeout=WAIT_S).offset for f in futures]}

    def idempotent(self, topic: str, partition: str, prefix: str, count: str) -> dict[str, Any]:
        if self.idempotent_producer is None:
            self.idempotent_producer = self._producer(enable_idempotence=True)
        return self.send(topic, partition, prefix, count, self.idempotent_producer)

    def consume(self, group: str, topic: str, count: str) -> dict[str, Any]:
        if self.member is None:
            self.member = self.kafka.KafkaConsumer(
                bootstrap_servers=self.bootstrap, group_id=group, auto_offset_reset="earliest",
                enable_auto_commit=False, isolation_level="read_committed", retry_backoff_ms=50)
            self.member.subscribe([topic])
            self.member.topics()  # the leader's metadata snapshot before the join (tests/integration/group_clients.py)
        recs: list[list[Any]] = []
        deadline = time.monotonic() + WAIT_S
        while len(recs) < int(count) and time.monotonic() < deadline:
            # Not shorter: kafka-python 3.0.12 loses a rejoin when poll() times out mid JoinGroup/SyncGroup (seen
            # here once: no assignment for 20 s; tests/testing/clients.py). poll() returns as soon as records come.
            for msgs in self.member.poll(timeout_ms=500, max_records=int(count) - len(recs)).values():
                recs += [[m.partition, m.offset, m.value.decode()] for m in msgs]
        if len(recs) < int(count):
            raise TimeoutError(f"consumed {len(recs)} of {count}")
        return {"ok": True, "records": recs}

    def send_offsets(self, group: str) -> dict[str, Any]:
        offsets = {tp: self.kafka.OffsetAndMetadata(self.member.position(tp), "", -1)
                   for tp in self.member.assignment()}
        self.producer.send_offsets_to_transaction(offsets, self.member.group_metadata())
        return {"ok": True, "offsets": {f"{tp.topic}:{tp.partition}": om.offset for tp, om in offsets.items()}}

    def admin(self) -> Any:
        if self.admin_client is None:
            from kafka.admin import KafkaAdminClient

            self.admin_client = KafkaAdminClient(bootstrap_servers=self.bootstrap, request_timeout_ms=5000,
                                                 retry_backoff_ms=50)
        return self.admin_client

    def list_txns(self, states: str, producer_ids: str) -> dict[str, Any]:
        by_node = self.admin().list_transactions(
            state_filters=None if states == "-" else states.split(","),
            producer_id_filters=None if producer_ids == "-" else [int(p) for p in producer_ids.split(",")])
        return {"ok": True, "transactions": [
            {"transactional_id": t.transactional_id, "producer_id": t.producer_id, "state": str(t.state.value)}
            for listings in by_node.values() for t in listings]}

    def describe_txns(self, txn_id: str) -> dict[str, Any]:
        d = self.admin().describe_transactions([txn_id])[txn_id]
        return {"ok": True, "state": str(d.state.value), "producer_id": d.producer_id,
                "producer_epoch": d.producer_epoch, "timeout_ms": d.transaction_timeout_ms,
                "start_ms": d.transaction_start_time_ms, "coordinator_id": d.coordinator_id,
                "partitions": sorted(f"{tp.topic}:{tp.partition}" for tp in d.topic_partitions)}

    def describe_producers(self, topic: str, partitions: str) -> dict[str, Any]:
        tps = [self.kafka.TopicPartition(topic, p) for p in range(int(partitions))]
        states = self.admin().describe_producers(tps)
        return {"ok": True, "partitions": {f"{tp.topic}:{tp.partition}": [
            {"producer_id": ps.producer_id, "producer_epoch": ps.producer_epoch, "last_sequence": ps.last_sequence,
             "coordinator_epoch": ps.coordinator_epoch, "txn_start_offset": ps.current_transaction_start_offset}
            for ps in states[tp].active_producers] for tp in tps}}

    def read(self, topic: str, partitions: str, isolation: str, sentinel: str, count: str, fetch_wait_ms: str,
             deadline_ms: str) -> dict[str, Any]:
        state = _Read(int(partitions), sentinel, int(count))
        c = self.kafka.KafkaConsumer(
            bootstrap_servers=self.bootstrap, group_id=None, enable_auto_commit=False, isolation_level=isolation,
            fetch_max_wait_ms=int(fetch_wait_ms), request_timeout_ms=int(fetch_wait_ms) + 10_000,
            retry_backoff_ms=50, reconnect_backoff_ms=20, reconnect_backoff_max_ms=200)
        try:
            tps = [self.kafka.TopicPartition(topic, p) for p in range(int(partitions))]
            c.assign(tps)
            c.seek_to_beginning(*tps)
            for tp in tps:
                c.position(tp)  # offsets resolved: the next poll fetches
            return state.poll_until_done(
                lambda: [(m.partition, m.offset, m.value) for msgs in c.poll(timeout_ms=100).values() for m in msgs],
                deadline_ms)
        finally:
            c.close()

    def close(self) -> None:
        if self.member is not None:
            self.member.close()
        for producer in (self.producer, self.idempotent_producer):
            if producer is not None:
                producer.close(timeout=5)
        if self.admin_client is not None:
            self.admin_client.close()


class AiokafkaAgent:
    """Every command is a coroutine on one loop that keeps running between commands (heartbeats, sender)."""

    def __init__(self, bootstrap: str) -> None:
        import aiokafka

        self.aiokafka, self.bootstrap = aiokafka, bootstrap
        self.producer: Any = None
        self.idempotent_producer: Any = None
        self.member: Any = None

    async def init(self, txn_id: str, timeout_ms: str) -> dict[str, Any]:
        self.producer = self.aiokafka.AIOKafkaProducer(
            bootstrap_servers=self.bootstrap, transactional_id=txn_id, transaction_timeout_ms=int(timeout_ms),
            linger_ms=0, request_timeout_ms=5000, retry_backoff_ms=50)
        await self.producer.start()  # InitProducerId happens here
        return {"ok": True}

    async def begin(self) -> dict[str, Any]:
        await self.producer.begin_transaction()
        return {"ok": True}

    async def commit(self) -> dict[str, Any]:
        await self.producer.commit_transaction()
        return {"ok": True}

    async def abort(self) -> dict[str, Any]:
        await self.producer.abort_transaction()
        return {"ok": True}

    async def send(self, topic: str, partition: str, prefix: str, count: str,
                   producer: Any = None) -> dict[str, Any]:
        producer = producer or self.producer
        futures = [await producer.send(topic, value=f"{prefix}-{i}".encode(), key=prefix.encode(),
                                       partition=int(partition)) for i in range(int(count))]
        await producer.flush()
        return {"ok": True, "offsets": [(await f).offset for f in futures]}

    async def idempotent(self, topic: str, partition: str, prefix: str, count: str) -> dict[str, Any]:
        if self.idempotent_producer is None:
            self.idempotent_producer = self.aiokafka.AIOKafkaProducer(
                bootstrap_servers=self.bootstrap, enable_idempotence=True, linger_ms=0, request_timeout_ms=5000,
                retry_backoff_ms=50)
            await self.idempotent_producer.start()
        return await self.send(topic, partition, prefix, count, self.idempotent_producer)

    async def consume(self, group: str, topic: str, count: str) -> dict[str, Any]:
        if self.member is None:
            self.member = self.aiokafka.AIOKafkaConsumer(
                topic, bootstrap_servers=self.bootstrap, group_id=group, auto_offset_reset="earliest",
                enable_auto_commit=False, isolation_level="read_committed", retry_backoff_ms=50)
            await self.member.start()
        recs: list[list[Any]] = []
        deadline = time.monotonic() + WAIT_S
        while len(recs) < int(count) and time.monotonic() < deadline:
            for msgs in (await self.member.getmany(timeout_ms=100, max_records=int(count) - len(recs))).values():
                recs += [[m.partition, m.offset, m.value.decode()] for m in msgs]
        if len(recs) < int(count):
            raise TimeoutError(f"consumed {len(recs)} of {count}")
        return {"ok": True, "records": recs}

    async def send_offsets(self, group: str) -> dict[str, Any]:
        offsets = {tp: await self.member.position(tp) for tp in self.member.assignment()}
        await self.producer.send_offsets_to_transaction(offsets, group)
        return {"ok": True, "offsets": {f"{tp.topic}:{tp.partition}": o for tp, o in offsets.items()}}

    async def read(self, topic: str, partitions: str, isolation: str, sentinel: str, count: str,
                   fetch_wait_ms: str, deadline_ms: str) -> dict[str, Any]:
        state = _Read(int(partitions), sentinel, int(count))
        c = self.aiokafka.AIOKafkaConsumer(
            bootstrap_servers=self.bootstrap, group_id=None, enable_auto_commit=False, isolation_level=isolation,
            fetch_max_wait_ms=int(fetch_wait_ms), request_timeout_ms=int(fetch_wait_ms) + 10_000,
            retry_backoff_ms=50)
        await c.start()
        try:
            tps = [self.aiokafka.TopicPartition(topic, p) for p in range(int(partitions))]
            c.assign(tps)
            await c.seek_to_beginning(*tps)
            for tp in tps:
                await c.position(tp)  # offsets resolved: the fetcher fetches next
            deadline = time.monotonic() + int(deadline_ms) / 1000
            announced = False
            while time.monotonic() < deadline:
                for msgs in (await c.getmany(timeout_ms=100)).values():
                    for m in msgs:
                        state.add(m.partition, m.offset, m.value)
                if not announced:
                    _emit({"event": "polling"})
                    announced = True
                if state.done:
                    return {"ok": True, "records": state.records}
        finally:
            await c.stop()
        return {"ok": False, "error": "ReadTimeout", "records": state.records}

    async def close(self) -> None:
        if self.member is not None:
            await self.member.stop()
        for producer in (self.producer, self.idempotent_producer):
            if producer is not None:
                await producer.stop()


AGENTS: dict[str, Any] = {"confluent-kafka": ConfluentAgent, "kafka-python": KafkaPythonAgent,
                          "aiokafka": AiokafkaAgent}


async def _serve(kind: str, bootstrap: str) -> None:
    agent = AGENTS[kind](bootstrap)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        words = line.split()
        if not words or words[0] == "close":
            break
        try:
            result = getattr(agent, words[0])(*words[1:])
            if asyncio.iscoroutine(result):
                result = await asyncio.wait_for(result, WAIT_S * 2)
        except Exception as e:  # every failure is an answer the test judges
            result = _error(e)
        _emit(result)
    with contextlib.suppress(Exception):
        closing = agent.close()
        if asyncio.iscoroutine(closing):
            await asyncio.wait_for(closing, 10)
    _emit({"ok": True, "closed": True})


def main(argv: list[str]) -> int:
    watchdog = threading.Timer(MAX_SECONDS, lambda: os._exit(3))  # never left behind
    watchdog.daemon = True
    watchdog.start()
    asyncio.run(_serve(argv[0], argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
