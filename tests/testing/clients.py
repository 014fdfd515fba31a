"""Real consumers for the fault tests, each on its own thread, behind one small interface.

``Consumer(kind, ...)`` wraps kafka-python, aiokafka or confluent-kafka: the client lives on one
thread that keeps polling (where clients heartbeat and rebalance), records what its rebalance
listener was given and which messages it processed, and commits on that thread. ``freeze()``
stops that thread dead without closing anything — a hung process: no heartbeat, no reconnect.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from typing import Any

from tests.waits import wait_until

CLIENTS = ("kafka-python", "aiokafka", "confluent-kafka")
WAIT_S = 20.0
TP = tuple[str, int]


class Consumer:
    def __init__(self, kind: str, bootstrap: str, group: str, topics: Iterable[str], **config: Any) -> None:
        assert kind in CLIENTS, kind
        self.kind, self.bootstrap, self.group, self.topics = kind, bootstrap, group, list(topics)
        self.config = config  # client-specific settings, in the client's own spelling
        self.assignments: list[tuple[TP, ...]] = []
        self.messages: list[tuple[str, int, int, bytes]] = []
        self.positions: dict[TP, int] = {}
        self.error: BaseException | None = None
        self._lock = threading.Lock()
        self._cmds: queue.Queue[tuple[str, Future[Any]]] = queue.Queue()
        self._stop = threading.Event()
        self._frozen = threading.Event()
        self._thaw = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"{kind}-{group}", daemon=True)

    def start(self) -> Consumer:
        self._thread.start()
        return self

    def __enter__(self) -> Consumer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self, timeout: float = WAIT_S) -> None:
        self._thaw.set()
        self._stop.set()
        self._thread.join(timeout)
        assert not self._thread.is_alive(), f"{self.kind} did not close within {timeout}s"

    @property
    def current(self) -> tuple[TP, ...]:
        with self._lock:
            return self.assignments[-1] if self.assignments else ()

    def wait_assigned(self, want: Callable[[tuple[TP, ...]], bool] = bool, timeout: float = WAIT_S,
                      ) -> tuple[TP, ...]:
        """Wait until the latest assignment satisfies ``want`` (default: not empty)."""
        wait_until(lambda: self.error or (self.assignments and want(self.current)), timeout,
                   f"{self.kind} assignment")
        self.check()
        return self.current

    def wait_messages(self, n: int, timeout: float = WAIT_S) -> list[tuple[str, int, int, bytes]]:
        wait_until(lambda: self.error or len(self.messages) >= n, timeout, f"{self.kind}: {n} messages")
        self.check()
        with self._lock:
            return list(self.messages)

    def commit(self, timeout: float = WAIT_S) -> None:
        """Commit the positions after the processed messages, synchronously, on the client thread."""
        fut: Future[Any] = Future()
        self._cmds.put(("commit", fut))
        fut.result(timeout)

    def freeze(self) -> None:
        """Hang the client thread (as a stuck process would); ``close()`` releases it."""
        self._cmds.put(("freeze", Future()))
        wait_until(self._frozen.is_set, WAIT_S, f"{self.kind} frozen")

    def check(self) -> None:
        if self.error is not None:
            raise AssertionError(f"{self.kind} consumer failed: {self.error!r}") from self.error

    # -- on the client thread ------------------------------------------------------------------

    def _assigned(self, tps: Iterable[TP]) -> None:
        with self._lock:
            self.assignments.append(tuple(sorted(tps)))

    def _got(self, topic: str, partition: int, offset: int, value: bytes) -> None:
        with self._lock:
            self.messages.append((topic, partition, offset, value))
            self.positions[(topic, partition)] = offset + 1

    def _commands(self, commit: Callable[[dict[TP, int]], None]) -> None:
        while not self._cmds.empty():
            cmd, fut = self._cmds.get_nowait()
            if cmd == "freeze":
                self._frozen.set()
                self._thaw.wait()  # blocks everything this client does
                continue
            try:
                with self._lock:
                    positions = dict(self.positions)
                commit(positions)
                fut.set_result(None)
            except BaseException as e:
                fut.set_exception(e)

    def _run(self) -> None:
        try:
            if self.kind == "kafka-python":
                self._run_kafka_python()
            elif self.kind == "confluent-kafka":
                self._run_confluent()
            else:
                asyncio.run(self._run_aiokafka())
        except BaseException as e:
            self.error = e
        finally:
            while not self._cmds.empty():
                self._cmds.get_nowait()[1].set_exception(RuntimeError("consumer stopped"))

    def _run_kafka_python(self) -> None:
        from kafka import ConsumerRebalanceListener, KafkaConsumer, TopicPartition
        from kafka.structs import OffsetAndMetadata

        outer = self

        class Listener(ConsumerRebalanceListener):
            def on_partitions_revoked(self, revoked: Any) -> None:
                pass

            def on_partitions_assigned(self, assigned: Any) -> None:
                outer._assigned((tp.topic, tp.partition) for tp in assigned)

        c = KafkaConsumer(bootstrap_servers=self.bootstrap, group_id=self.group, enable_auto_commit=False,
                          auto_offset_reset="earliest", **{"heartbeat_interval_ms": 100, **self.config})
        c.subscribe(self.topics, listener=Listener())
        try:
            c.topics()  # the leader's metadata snapshot before the join (see tests/integration/group_clients.py)
            while not self._stop.is_set():
                # Not shorter: kafka-python 3.0.12 loses a rejoin that a metadata change started (the
                # leader assigned before it knew the topic) when poll() times out mid JoinGroup/
                # SyncGroup: the answer lands, need_rejoin() turns False, and the completion that
                # re-enables heartbeats never runs, so the session expires (seen on a loaded 2-core
                # machine; Java fixed the same hole in KAFKA-9815). poll() returns as soon as records come.
                for tp, records in c.poll(timeout_ms=500).items():
                    for r in records:
                        self._got(tp.topic, tp.partition, r.offset, r.value)
                self._commands(lambda pos: c.commit({TopicPartition(t, p): OffsetAndMetadata(o, "", -1)
                                                     for (t, p), o in pos.items()}))
        finally:
            c.close()

    def _run_confluent(self) -> None:
        from confluent_kafka import Consumer as CK
        from confluent_kafka import TopicPartition

        # KIP-848 (group.protocol=consumer): the broker sets the heartbeat interval; librdkafka refuses it.
        classic = self.config.get("group.protocol", "classic") == "classic"
        c = CK({"bootstrap.servers": self.bootstrap, "group.id": self.group, "enable.auto.commit": False,
                "auto.offset.reset": "earliest", **({"heartbeat.interval.ms": 100} if classic else {}),
                **self.config})

        def on_assign(_: Any, parts: list[Any]) -> None:
            self._assigned((p.topic, p.partition) for p in parts)

        c.subscribe(self.topics, on_assign=on_assign)
        try:
            while not self._stop.is_set():
                m = c.poll(0.05)
                if m is not None and m.error() is None:
                    self._got(m.topic(), m.partition(), m.offset(), m.value())
                self._commands(lambda pos: c.commit(offsets=[TopicPartition(t, p, o) for (t, p), o in pos.items()],
                                                    asynchronous=False))
        finally:
            c.close()

    async def _run_aiokafka(self) -> None:
        from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener, TopicPartition

        outer = self

        class Listener(ConsumerRebalanceListener):
            async def on_partitions_revoked(self, revoked: Any) -> None:
                pass

            async def on_partitions_assigned(self, assigned: Any) -> None:
                outer._assigned((tp.topic, tp.partition) for tp in assigned)

        c = AIOKafkaConsumer(bootstrap_servers=self.bootstrap, group_id=self.group, enable_auto_commit=False,
                             auto_offset_reset="earliest", **{"heartbeat_interval_ms": 100, **self.config})
        await c.start()
        c.subscribe(self.topics, listener=Listener())
        try:
            while not self._stop.is_set():
                for tp, records in (await c.getmany(timeout_ms=50)).items():
                    for r in records:
                        self._got(tp.topic, tp.partition, r.offset, r.value)
                while not self._cmds.empty():  # as _commands, but the commit is awaited on this loop
                    cmd, fut = self._cmds.get_nowait()
                    if cmd == "freeze":
                        self._frozen.set()
                        self._thaw.wait()
                        continue
                    try:
                        with self._lock:
                            positions = dict(self.positions)
                        await c.commit({TopicPartition(t, p): o for (t, p), o in positions.items()})
                        fut.set_result(None)
                    except BaseException as e:
                        fut.set_exception(e)
        finally:
            await c.stop()


def produce(bootstrap: str, topic: str, values: Iterable[bytes], partition: int | None = None) -> None:
    """Produce and wait for every acknowledgement (kafka-python, acks=all)."""
    from kafka import KafkaProducer

    p = KafkaProducer(bootstrap_servers=bootstrap, acks="all")
    try:
        for fut in [p.send(topic, v, partition=partition) for v in values]:
            fut.get(timeout=WAIT_S)
    finally:
        p.close()
