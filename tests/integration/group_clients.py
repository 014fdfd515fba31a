"""Shared helpers for the group integration tests: real consumers on their own threads, and a raw
protocol client that speaks JoinGroup/SyncGroup/Heartbeat over a plain socket.

``GroupConsumer(kind, ...)`` wraps kafka-python, aiokafka or confluent-kafka behind one interface:
the client lives entirely on one thread that keeps polling (that is where the clients heartbeat
and rebalance), records every assignment its rebalance listener saw and every message it
processed, and runs commands (commit) on that thread.
"""

from __future__ import annotations

import asyncio
import itertools
import queue
import socket
import struct
import threading
import time
from collections.abc import Iterable
from concurrent.futures import Future
from typing import Any

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.headers import is_flexible
from kaflite.protocol.messages import (
    RESPONSES,
    ConsumerProtocolAssignment,
    ConsumerProtocolSubscription,
    FindCoordinatorRequest,
    FindCoordinatorResponse,
    HeartbeatRequest,
    HeartbeatResponse,
    JoinGroupRequest,
    JoinGroupResponse,
    LeaveGroupRequest,
    LeaveGroupResponse,
    OffsetCommitRequest,
    OffsetCommitResponse,
    OffsetFetchRequest,
    OffsetFetchResponse,
    SyncGroupRequest,
    SyncGroupResponse,
)
from tests.waits import wait_until

CLIENTS = ["kafka-python", "aiokafka", "confluent-kafka"]
API_VERSIONS = 18
# How long a commit waits for a rebalance in flight to end before it commits what the consumer owns.
REBALANCE_GRACE_S = 5.0
WAIT_S = 20.0

TP = tuple[str, int]
Msg = tuple[str, int, int, bytes | None, bytes | None]  # topic, partition, offset, key, value


class GroupConsumer:
    """One subscribed consumer of ``kind`` on its own polling thread."""

    def __init__(self, kind: str, bootstrap: str, group: str, topics: Iterable[str], *,
                 session_timeout_ms: int = 6000, heartbeat_interval_ms: int = 500,
                 instance_id: str | None = None, client_id: str | None = None,
                 max_messages: int | None = None, assignor: str | None = None,
                 auto_commit: bool = False, protocol: str = "classic",
                 extra_conf: dict[str, Any] | None = None) -> None:
        assert kind in CLIENTS, kind
        # protocol="consumer": KIP-848 (ConsumerGroupHeartbeat), confluent-kafka only; the broker then owns
        # the session timeout, the heartbeat interval and the assignor (``group.remote.assignor`` in
        # extra_conf), and the rebalance callbacks are incremental.
        assert protocol in ("classic", "consumer"), protocol
        assert protocol == "classic" or kind == "confluent-kafka", f"{kind} has no group.protocol=consumer"
        assert extra_conf is None or kind == "confluent-kafka", "extra_conf: librdkafka settings only"
        self.kind = kind
        self.bootstrap = bootstrap
        self.group = group
        self.topics = list(topics)
        self.session_timeout_ms = session_timeout_ms
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.instance_id = instance_id
        self.client_id = client_id or f"{kind}-{group}"
        self.max_messages = max_messages
        self.assignor = assignor
        self.auto_commit = auto_commit
        self.protocol = protocol
        self.extra_conf = dict(extra_conf or {})
        self.cooperative = assignor == "cooperative-sticky" or protocol == "consumer"

        self.assignments: list[tuple[TP, ...]] = []  # what each on_assign callback was given
        self.revocations: list[tuple[TP, ...]] = []
        self._current: set[TP] = set()
        self.messages: list[Msg] = []
        self.positions: dict[TP, int] = {}  # next offset after the last processed message
        self.error: BaseException | None = None
        self.client_errors: list[str] = []  # errors the client reported without failing (confluent-kafka)
        self._lock = threading.Lock()
        self._cmds: queue.Queue[tuple[str, Future[Any]]] = queue.Queue()
        self._stop = threading.Event()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"{kind}-{group}", daemon=True)

    # -- public ----------------------------------------------------------------------------------

    def start(self) -> GroupConsumer:
        self._thread.start()
        return self

    @property
    def current(self) -> tuple[TP, ...]:
        with self._lock:
            return tuple(sorted(self._current))

    def commit(self, timeout: float = WAIT_S) -> dict[TP, int]:
        """Synchronously commit the positions of the processed messages in the partitions it owns
        (from the poll thread); returns what was committed."""
        fut: Future[Any] = Future()
        self._cmds.put(("commit", fut))
        return fut.result(timeout)

    def wait_assigned(self, n: int = 1, timeout: float = WAIT_S) -> tuple[TP, ...]:
        wait_until(lambda: len(self.assignments) >= n or self.error, timeout, f"{self.kind} assignment #{n}")
        self.check()
        return self.assignments[n - 1]

    def wait_messages(self, n: int, timeout: float = WAIT_S) -> list[Msg]:
        wait_until(lambda: len(self.messages) >= n or self.error, timeout, f"{self.kind}: {n} messages")
        self.check()
        return list(self.messages)

    def check(self) -> None:
        if self.error is not None:
            raise AssertionError(f"{self.kind} consumer failed: {self.error!r}") from self.error

    def close(self, timeout: float = WAIT_S) -> None:
        """Stop polling and close the client (a dynamic member sends LeaveGroup on close)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
            assert not self._thread.is_alive(), f"{self.kind} consumer did not close within {timeout}s"

    def __enter__(self) -> GroupConsumer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- callbacks ---------------------------------------------------------------------------------

    def _on_assign(self, parts: Iterable[TP]) -> None:
        got = tuple(sorted(parts))
        with self._lock:
            if self.cooperative:
                self._current |= set(got)
            else:
                self._current = set(got)
            self.assignments.append(got)

    def _on_revoke(self, parts: Iterable[TP]) -> None:
        got = tuple(sorted(parts))
        with self._lock:
            self._current -= set(got)
            self.revocations.append(got)

    def _client_error(self, err: Any) -> None:
        if len(self.client_errors) < 200:  # bounded: a client may repeat one error for ever
            self.client_errors.append(str(err))

    def _committable(self) -> dict[TP, int]:
        """Positions of processed messages in the partitions this consumer owns right now."""
        with self._lock:
            return {tp: o for tp, o in self.positions.items() if tp in self._current}

    def _process(self, topic: str, partition: int, offset: int, key: bytes | None, value: bytes | None) -> None:
        if self.max_messages is not None and len(self.messages) >= self.max_messages:
            return  # not processed: its offset is never committed
        with self._lock:
            self.messages.append((topic, partition, offset, key, value))
            self.positions[(topic, partition)] = offset + 1

    # -- the polling threads -------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            if self.kind == "kafka-python":
                self._run_kafka_python()
            elif self.kind == "confluent-kafka":
                self._run_confluent()
            else:
                asyncio.run(self._run_aiokafka())
        except BaseException as e:  # surfaced by check()
            self.error = e
        finally:
            while not self._cmds.empty():
                _, fut = self._cmds.get_nowait()
                fut.set_exception(RuntimeError("consumer stopped"))

    def _pending(self) -> list[tuple[str, Future[Any]]]:
        out = []
        while not self._cmds.empty():
            out.append(self._cmds.get_nowait())
        return out

    def _run_kafka_python(self) -> None:
        from kafka import ConsumerRebalanceListener, KafkaConsumer, TopicPartition
        from kafka.structs import OffsetAndMetadata

        outer = self

        class Listener(ConsumerRebalanceListener):
            def on_partitions_revoked(self, revoked: Any) -> None:
                outer._on_revoke((tp.topic, tp.partition) for tp in revoked)

            def on_partitions_assigned(self, assigned: Any) -> None:
                outer._on_assign((tp.topic, tp.partition) for tp in assigned)

        cfg: dict[str, Any] = dict(
            bootstrap_servers=self.bootstrap, group_id=self.group, client_id=self.client_id,
            enable_auto_commit=self.auto_commit, auto_offset_reset="earliest",
            session_timeout_ms=self.session_timeout_ms, heartbeat_interval_ms=self.heartbeat_interval_ms,
            request_timeout_ms=max(30_000, self.session_timeout_ms + 5000), retry_backoff_ms=50,
            max_poll_records=50)
        if self.instance_id:
            cfg["group_instance_id"] = self.instance_id
        c = KafkaConsumer(**cfg)
        deferred: list[tuple[float, Future[Any]]] = []  # commits waiting for a rebalance to end
        try:
            c.subscribe(self.topics, listener=Listener())
            # Load the subscribed topics' metadata before the first poll() joins: kafka-python takes
            # the snapshot its leader assigns from only when a metadata answer arrives *after*
            # subscribe() (loading it before, as this did, left the snapshot empty). A join that
            # beats that answer assigns from nothing and the leader rejoins when it lands: an
            # extra, client-made generation, a rejoin kafka-python 3.0.12 loses when poll() times out
            # between its JoinGroup and SyncGroup answers (no heartbeats, no assignment; a CI run saw
            # an empty commit; docs/testing.md, the kafka-python pitfalls). topics() always asks.
            known = c.topics()
            assert set(self.topics) <= known, f"kafka-python: no metadata for {set(self.topics) - known}"
            while not self._stop.is_set():
                waiting = deferred + [(time.monotonic() + REBALANCE_GRACE_S, fut) for _op, fut in self._pending()]
                deferred, ready = [], []
                for deadline, fut in waiting:
                    # Mid-rebalance (kafka-python's leader rejoins on its own when its metadata changed
                    # after it assigned) it owns nothing for a moment: commit once it owns its
                    # partitions again rather than commit nothing, for a bounded while.
                    if not self._committable() and self.positions and time.monotonic() < deadline:
                        deferred.append((deadline, fut))
                    else:
                        ready.append(fut)
                for fut in ready:
                    try:
                        offs = self._committable()
                        if offs:
                            c.commit({TopicPartition(t, p): OffsetAndMetadata(o, "", -1) for (t, p), o in offs.items()})
                        fut.set_result(offs)
                    except BaseException as e:
                        fut.set_exception(e)
                # 500, not less: a poll() that times out mid-rebalance loses kafka-python 3.0.12's rejoin
                # (see tests/testing/clients.py); poll() returns as soon as records come.
                for tp, recs in c.poll(timeout_ms=500).items():
                    for r in recs:
                        self._process(tp.topic, tp.partition, r.offset, r.key, r.value)
        finally:
            for _, fut in deferred:
                fut.set_exception(RuntimeError("consumer stopped"))
            c.close(autocommit=False)

    def _run_confluent(self) -> None:
        from confluent_kafka import Consumer, TopicPartition

        conf: dict[str, Any] = {
            "bootstrap.servers": self.bootstrap, "group.id": self.group, "client.id": self.client_id,
            "enable.auto.commit": self.auto_commit, "auto.offset.reset": "earliest",
            "session.timeout.ms": self.session_timeout_ms, "heartbeat.interval.ms": self.heartbeat_interval_ms,
            "enable.partition.eof": False, "topic.metadata.refresh.interval.ms": 5000,
            "reconnect.backoff.ms": 20, "reconnect.backoff.max.ms": 200, "retry.backoff.ms": 20,
            "error_cb": self._client_error,
        }
        if self.protocol == "consumer":
            # librdkafka refuses these with group.protocol=consumer: the broker decides them.
            del conf["session.timeout.ms"], conf["heartbeat.interval.ms"]
            conf["group.protocol"] = "consumer"
            assert not self.assignor, "group.protocol=consumer: pass group.remote.assignor in extra_conf"
        if self.instance_id:
            conf["group.instance.id"] = self.instance_id
        if self.assignor:
            conf["partition.assignment.strategy"] = self.assignor
        conf.update(self.extra_conf)
        c = Consumer(conf)

        def on_assign(_c: Any, parts: list[Any]) -> None:
            self._on_assign((tp.topic, tp.partition) for tp in parts)

        def on_revoke(_c: Any, parts: list[Any]) -> None:
            self._on_revoke((tp.topic, tp.partition) for tp in parts)

        try:
            c.subscribe(self.topics, on_assign=on_assign, on_revoke=on_revoke)
            while not self._stop.is_set():
                for _op, fut in self._pending():
                    try:
                        offs = self._committable()
                        res = c.commit(offsets=[TopicPartition(t, p, o) for (t, p), o in offs.items()],
                                       asynchronous=False) if offs else []
                        bad = [tp for tp in res or [] if tp.error is not None]
                        if bad:
                            raise RuntimeError(f"commit errors: {bad}")
                        fut.set_result(offs)
                    except BaseException as e:
                        fut.set_exception(e)
                for m in c.consume(num_messages=50, timeout=0.05):
                    if m.error() is not None:
                        self._client_error(m.error())
                        continue  # transient errors (e.g. the broker restarting) are retried by librdkafka
                    self._process(m.topic(), m.partition(), m.offset(), m.key(), m.value())
        finally:
            c.close()  # a dynamic member leaves the group; a static member does not (all three clients)

    async def _run_aiokafka(self) -> None:
        from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener, TopicPartition

        outer = self

        class Listener(ConsumerRebalanceListener):
            def on_partitions_revoked(self, revoked: Any) -> None:
                outer._on_revoke((tp.topic, tp.partition) for tp in revoked)

            def on_partitions_assigned(self, assigned: Any) -> None:
                outer._on_assign((tp.topic, tp.partition) for tp in assigned)

        kw: dict[str, Any] = dict(
            bootstrap_servers=self.bootstrap, group_id=self.group, client_id=self.client_id,
            enable_auto_commit=self.auto_commit, auto_offset_reset="earliest",
            session_timeout_ms=self.session_timeout_ms, heartbeat_interval_ms=self.heartbeat_interval_ms,
            retry_backoff_ms=50, request_timeout_ms=max(40_000, self.session_timeout_ms + 5000))
        if self.instance_id:
            kw["group_instance_id"] = self.instance_id
        c = AIOKafkaConsumer(**kw)
        c.subscribe(self.topics, listener=Listener())
        await c.start()
        try:
            while not self._stop.is_set():
                for _op, fut in self._pending():
                    try:
                        offs = self._committable()
                        if offs:
                            await c.commit({TopicPartition(t, p): o for (t, p), o in offs.items()})
                        fut.set_result(offs)
                    except BaseException as e:
                        fut.set_exception(e)
                batches = await c.getmany(timeout_ms=50, max_records=50)
                for tp, recs in batches.items():
                    for r in recs:
                        self._process(tp.topic, tp.partition, r.offset, r.key, r.value)
        finally:
            await c.stop()


def start_together(consumers: list[GroupConsumer]) -> list[GroupConsumer]:
    for c in consumers:
        c.start()
    return consumers


def close_all(consumers: Iterable[GroupConsumer]) -> None:
    errors = []
    for c in consumers:
        try:
            c.close()
        except BaseException as e:  # close the others anyway
            errors.append(e)
    if errors:
        raise errors[0]


def produce(bootstrap: str, topic: str, msgs: list[tuple[bytes, bytes]], partitions: int | None = None) -> None:
    """Produce keyed messages with confluent-kafka (acks=all), partition = index % partitions if given."""
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bootstrap, "acks": "all", "linger.ms": 5})
    failed: list[Any] = []
    for i, (k, v) in enumerate(msgs):
        kw: dict[str, Any] = {} if partitions is None else {"partition": i % partitions}
        p.produce(topic, value=v, key=k, on_delivery=lambda err, _m: failed.append(err) if err else None, **kw)
    left = p.flush(30)
    assert left == 0 and not failed, f"produce: {left} undelivered, errors {failed[:3]}"


# -- states ------------------------------------------------------------------------------------------

LEGAL = {
    "Empty": {"PreparingRebalance", "Dead"},
    "PreparingRebalance": {"CompletingRebalance", "Empty", "Dead"},
    "CompletingRebalance": {"Stable", "PreparingRebalance", "Dead"},
    "Stable": {"PreparingRebalance", "Dead"},
}


def assert_legal_history(states: list[str]) -> None:
    """Every step of a group's state history is one of the legal transitions (B-STATE-1)."""
    assert states, "no history"
    for a, b in itertools.pairwise(states):
        assert b in LEGAL.get(a, set()), f"illegal transition {a} -> {b} in {states}"


# -- raw protocol client -------------------------------------------------------------------------------

def subscription(topics: list[str]) -> bytes:
    """Consumer protocol subscription v0, prefixed with its int16 version."""
    return struct.pack(">h", 0) + ConsumerProtocolSubscription(topics=topics).encode(0)


def assignment(parts: dict[str, list[int]]) -> bytes:
    a = ConsumerProtocolAssignment(assigned_partitions=[
        ConsumerProtocolAssignment.TopicPartition(topic=t, partitions=ps) for t, ps in parts.items()])
    return struct.pack(">h", 0) + a.encode(0)


class RawClient:
    """One TCP connection; requests are pipelined (send now, receive later, in order)."""

    VERSIONS = {JoinGroupRequest: 5, SyncGroupRequest: 3, HeartbeatRequest: 3, LeaveGroupRequest: 3,
                FindCoordinatorRequest: 2, OffsetCommitRequest: 3, OffsetFetchRequest: 3}
    RESPONSES = {JoinGroupRequest: JoinGroupResponse, SyncGroupRequest: SyncGroupResponse,
                 HeartbeatRequest: HeartbeatResponse, LeaveGroupRequest: LeaveGroupResponse,
                 FindCoordinatorRequest: FindCoordinatorResponse, OffsetCommitRequest: OffsetCommitResponse,
                 OffsetFetchRequest: OffsetFetchResponse}

    def __init__(self, bootstrap: str, client_id: str = "raw", timeout: float = WAIT_S) -> None:
        host, port = bootstrap.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        self.client_id = client_id
        self._corr = itertools.count(1)
        self._inflight: list[tuple[int, type, int]] = []

    def send(self, req: Any, version: int | None = None) -> int:
        return self.send_many([req], version)[0]

    def send_many(self, reqs: list[Any], version: int | None = None) -> list[int]:
        """Every request in one write: the broker sees them as one pipelined burst. Each at `version`,
        or at the version this client uses for its type (VERSIONS); any API can be sent."""
        frames, corrs = [], []
        for req in reqs:
            v = self.VERSIONS[type(req)] if version is None else version
            corr = next(self._corr)
            cid = self.client_id.encode()
            header = struct.pack(">hhih", req.API_KEY, v, corr, len(cid)) + cid
            if is_flexible(req.API_KEY, v):
                header += b"\x00"
            body = header + req.encode(v)
            frames.append(struct.pack(">i", len(body)) + body)
            self._inflight.append((corr, self.RESPONSES.get(type(req)) or RESPONSES[req.API_KEY], v))
            corrs.append(corr)
        self.sock.sendall(b"".join(frames))
        return corrs

    def _read(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("broker closed the connection")
            buf += chunk
        return buf

    def recv(self, timeout: float | None = None) -> Any:
        """The next response in order; socket.timeout if none arrives within ``timeout``."""
        old = self.sock.gettimeout()
        if timeout is not None:
            self.sock.settimeout(timeout)
        try:
            size = struct.unpack(">i", self._read(4))[0]
            frame = self._read(size)
        finally:
            self.sock.settimeout(old)
        corr, cls, version = self._inflight.pop(0)
        got = struct.unpack_from(">i", frame)[0]
        assert got == corr, f"correlation id {got}, expected {corr}"
        # ApiVersions always answers with response header v0 (no tagged fields), whatever its version.
        pos = 4 + (1 if is_flexible(cls.API_KEY, version) and cls.API_KEY != API_VERSIONS else 0)
        return cls.decode(frame[pos:], version)

    def call(self, req: Any, timeout: float | None = None, version: int | None = None) -> Any:
        self.send(req, version)
        return self.recv(timeout)

    def wait_coordinator(self, group: str, timeout: float = WAIT_S) -> None:
        """FindCoordinator until the group's __consumer_offsets partition is loaded (B-FIND-2)."""
        deadline = time.monotonic() + timeout
        while True:
            r = self.call(FindCoordinatorRequest(key=group, key_type=0))
            if r.error_code == ErrorCode.NONE:
                return
            assert r.error_code == ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode(r.error_code)
            assert time.monotonic() < deadline, "coordinator never became available"
            time.sleep(0.02)

    def close(self) -> None:
        self.sock.close()


class RawMember:
    """A consumer-protocol group member driven request by request over its own connection."""

    def __init__(self, bootstrap: str, group: str, topics: list[str], name: str,
                 session_timeout_ms: int = 10_000, rebalance_timeout_ms: int = 10_000) -> None:
        self.client = RawClient(bootstrap, client_id=name)
        self.group = group
        self.topics = topics
        self.member_id = ""
        self.generation = -1
        self.session_timeout_ms = session_timeout_ms
        self.rebalance_timeout_ms = rebalance_timeout_ms

    def join_request(self) -> JoinGroupRequest:
        return JoinGroupRequest(
            group_id=self.group, session_timeout_ms=self.session_timeout_ms,
            rebalance_timeout_ms=self.rebalance_timeout_ms, member_id=self.member_id, group_instance_id=None,
            protocol_type="consumer",
            protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=subscription(self.topics))])

    def get_member_id(self) -> str:
        """The KIP-394 round trip: an empty member id is answered MEMBER_ID_REQUIRED with the new id."""
        r = self.client.call(self.join_request())
        assert r.error_code == ErrorCode.MEMBER_ID_REQUIRED, ErrorCode(r.error_code)
        assert r.member_id.startswith(self.client.client_id + "-"), r.member_id  # B-JOIN-2
        self.member_id = r.member_id
        return self.member_id

    def send_join(self) -> None:
        self.client.send(self.join_request())

    def recv_join(self, timeout: float | None = WAIT_S) -> JoinGroupResponse:
        r = self.client.recv(timeout)
        if r.error_code == ErrorCode.NONE:
            self.generation = r.generation_id
        return r

    def send_sync(self, assignments: dict[str, bytes] | None = None, generation: int | None = None) -> None:
        self.client.send(SyncGroupRequest(
            group_id=self.group, generation_id=self.generation if generation is None else generation,
            member_id=self.member_id, group_instance_id=None,
            assignments=[SyncGroupRequest.SyncGroupRequestAssignment(member_id=m, assignment=a)
                         for m, a in (assignments or {}).items()]))

    def recv_sync(self, timeout: float | None = WAIT_S) -> SyncGroupResponse:
        return self.client.recv(timeout)

    def heartbeat(self) -> HeartbeatResponse:
        return self.client.call(HeartbeatRequest(group_id=self.group, generation_id=self.generation,
                                                 member_id=self.member_id, group_instance_id=None))

    def leave(self) -> LeaveGroupResponse:
        return self.client.call(LeaveGroupRequest(
            group_id=self.group, member_id="",
            members=[LeaveGroupRequest.MemberIdentity(member_id=self.member_id, group_instance_id=None)]))

    def close(self) -> None:
        self.client.close()
