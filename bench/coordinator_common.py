"""Raw-protocol plumbing for the group-coordinator benchmarks (join, heartbeats, commits).

Why raw frames and not a client library: these benchmarks must show what the *broker's*
coordinator costs. A library adds its own threads, timers and batching; here the client is an
asyncio loop that pre-encodes every request once and, in the pipelined phases, reuses the same
bytes for every window (correlation ids are the index within the window), so the client does
almost nothing per request but count answers and compare bytes.
"""

from __future__ import annotations

import asyncio
import struct
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import record
from common import HOST, Broker, Kaflite, Tansu, machine_busy_seconds, tansu_binary

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    REQUESTS,
    RESPONSES,
    ApiVersionsRequest,
    ConsumerProtocolAssignment,
    ConsumerProtocolSubscription,
    FindCoordinatorRequest,
    HeartbeatRequest,
    JoinGroupRequest,
    SyncGroupRequest,
)

API_VERSIONS, FIND_COORDINATOR, JOIN_GROUP, HEARTBEAT, SYNC_GROUP, OFFSET_COMMIT = 18, 10, 11, 12, 14, 8
JOIN_VERSION, SYNC_VERSION, HEARTBEAT_VERSION, COMMIT_VERSION = 5, 3, 4, 8
CLIENT_ID = b"bench"
_I32 = struct.Struct(">i")
_HDR = struct.Struct(">ihhih")  # size, api key, version, correlation id, client id length
KAFLITE_OVERRIDES = ["group.initial.rebalance.delay.ms=0", "group.min.session.timeout.ms=100"]


def flexible(api_key: int, version: int) -> bool:
    return version >= REQUESTS[api_key].FLEXIBLE_MIN


def frame(api_key: int, version: int, correlation_id: int, body: bytes) -> bytes:
    """Size + request header v1/v2 + body, ready for the socket."""
    tag = b"\x00" if flexible(api_key, version) else b""
    size = 2 + 2 + 4 + 2 + len(CLIENT_ID) + len(tag) + len(body)
    return _HDR.pack(size, api_key, version, correlation_id, len(CLIENT_ID)) + CLIENT_ID + tag + body


def response_body_start(api_key: int, version: int) -> int:
    """Where the body starts in a response payload (after the correlation id and, if flexible, tags)."""
    return 4 + (1 if api_key != API_VERSIONS and flexible(api_key, version) else 0)


def brokers(which: str, workdir_path: Any, overrides: list[str] | None = None) -> list[Broker]:
    """The brokers to measure, kaflite first; Tansu only when installed and asked for."""
    out: list[Broker] = []
    if which in ("both", "kaflite"):
        out.append(Kaflite(workdir_path, overrides=KAFLITE_OVERRIDES + list(overrides or [])))
    binary = tansu_binary()
    if which in ("both", "tansu") and binary is not None:
        out.append(Tansu(workdir_path, binary))
    return out


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[i]


def load_average() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


# ---------------------------------------------------------------------------------------------
# A sequential async connection (setup work: FindCoordinator, Join, Sync)
# ---------------------------------------------------------------------------------------------

class AsyncConn:
    """One connection, one request at a time; decodes responses with the generated codecs."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.correlation_id = 0
        self.requests = 0

    @classmethod
    async def open(cls, port: int, host: str = HOST) -> AsyncConn:
        reader, writer = await asyncio.open_connection(host, port)
        return cls(reader, writer)

    async def call(self, api_key: int, version: int, request: Any, timeout: float = 30.0) -> Any:
        self.correlation_id += 1
        self.requests += 1
        self.writer.write(frame(api_key, version, self.correlation_id, request.encode(version)))
        size_bytes = await asyncio.wait_for(self.reader.readexactly(4), timeout)
        payload = await asyncio.wait_for(self.reader.readexactly(_I32.unpack(size_bytes)[0]), timeout)
        (cid,) = _I32.unpack_from(payload, 0)
        if cid != self.correlation_id:
            raise RuntimeError(f"correlation id {cid} != {self.correlation_id}")
        start = response_body_start(api_key, version)
        return RESPONSES[api_key].decode(memoryview(payload)[start:], version)

    async def api_versions(self) -> Any:
        return await self.call(API_VERSIONS, 0, ApiVersionsRequest())

    def close(self) -> None:
        self.writer.close()


async def wait_coordinator(port: int, group: str, timeout: float = 20.0) -> None:
    """FindCoordinator v3 until NONE: kaflite creates and loads `__consumer_offsets` on first use."""
    conn = await AsyncConn.open(port)
    try:
        deadline = time.monotonic() + timeout
        while True:
            r = await conn.call(FIND_COORDINATOR, 3, FindCoordinatorRequest(key=group, key_type=0))
            if r.error_code == ErrorCode.NONE:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"no coordinator for {group}: {ErrorCode(r.error_code).name}")
            await asyncio.sleep(0.01)
    finally:
        conn.close()


# ---------------------------------------------------------------------------------------------
# Forming a group with raw JoinGroup v5 / SyncGroup v3 / Heartbeat v4
# ---------------------------------------------------------------------------------------------

def subscription(topic: str) -> bytes:
    return struct.pack(">h", 0) + ConsumerProtocolSubscription(topics=[topic]).encode(0)


def range_assignment(member_ids: list[str], topic: str, partitions: int) -> dict[str, bytes]:
    """Kafka's range assignor for one topic: contiguous blocks, the first members get one extra."""
    members = sorted(member_ids)
    per, extra = divmod(partitions, len(members))
    out: dict[str, bytes] = {}
    start = 0
    for i, m in enumerate(members):
        n = per + (1 if i < extra else 0)
        tp = ConsumerProtocolAssignment.TopicPartition(topic=topic, partitions=list(range(start, start + n)))
        out[m] = struct.pack(">h", 0) + ConsumerProtocolAssignment(assigned_partitions=[tp]).encode(0)
        start += n
    return out


@dataclass
class Formed:
    """A Stable group: who is in it at which generation, and what it took to get there."""

    members: list[str] = field(default_factory=list)
    generation: int = -1
    seconds: float = float("nan")
    generations_seen: set[int] = field(default_factory=set)
    max_requests: int = 0  # the most requests any one member sent (its round trips)
    assignments: dict[str, bytes] = field(default_factory=dict)


class _Formation:
    def __init__(self, n: int) -> None:
        self.n = n
        self.synced: dict[str, int] = {}
        self.sizes: dict[int, int] = {}
        self.assign: dict[str, bytes] = {}
        self.done = asyncio.Event()
        self.t_done = 0.0
        self.generation = -1

    def record(self, member: str, generation: int, assignment: bytes) -> None:
        self.synced[member] = generation
        self.assign[member] = assignment
        if self.sizes.get(generation) == self.n and \
                sum(1 for g in self.synced.values() if g == generation) == self.n:
            self.t_done = time.perf_counter()
            self.generation = generation
            self.done.set()


async def _member(conn: AsyncConn, group: str, topic: str, partitions: int, f: _Formation,
                  session_ms: int, rebalance_ms: int, hb_interval_s: float) -> str:
    member_id = ""
    retriable = (ErrorCode.REBALANCE_IN_PROGRESS, ErrorCode.ILLEGAL_GENERATION, ErrorCode.UNKNOWN_MEMBER_ID)
    for _ in range(200):  # bounded: each iteration is one join attempt
        if f.done.is_set():
            return member_id
        join = JoinGroupRequest(group_id=group, session_timeout_ms=session_ms, rebalance_timeout_ms=rebalance_ms,
                                member_id=member_id, protocol_type="consumer",
                                protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range",
                                                                                     metadata=subscription(topic))])
        jr = await conn.call(JOIN_GROUP, JOIN_VERSION, join)
        if jr.error_code == ErrorCode.MEMBER_ID_REQUIRED:
            member_id = jr.member_id
            continue
        if jr.error_code == ErrorCode.UNKNOWN_MEMBER_ID:
            member_id = ""
            continue
        if jr.error_code != ErrorCode.NONE:
            raise RuntimeError(f"JoinGroup: {ErrorCode(jr.error_code).name}")
        member_id, gen = jr.member_id, jr.generation_id
        assignments: list[Any] = []
        if jr.leader == member_id:
            f.sizes[gen] = len(jr.members)
            plan = range_assignment([m.member_id for m in jr.members], topic, partitions)
            assignments = [SyncGroupRequest.SyncGroupRequestAssignment(member_id=m, assignment=a)
                           for m, a in plan.items()]
        sr = await conn.call(SYNC_GROUP, SYNC_VERSION, SyncGroupRequest(
            group_id=group, generation_id=gen, member_id=member_id, assignments=assignments))
        if sr.error_code in retriable:
            continue
        if sr.error_code != ErrorCode.NONE:
            raise RuntimeError(f"SyncGroup: {ErrorCode(sr.error_code).name}")
        f.record(member_id, gen, bytes(sr.assignment))
        for _ in range(100_000):  # heartbeat until the group is complete or a rebalance starts
            try:
                await asyncio.wait_for(f.done.wait(), hb_interval_s)
                return member_id
            except TimeoutError:
                pass
            hr = await conn.call(HEARTBEAT, HEARTBEAT_VERSION, HeartbeatRequest(
                group_id=group, generation_id=gen, member_id=member_id))
            if hr.error_code in retriable:
                break
            if hr.error_code != ErrorCode.NONE:
                raise RuntimeError(f"Heartbeat: {ErrorCode(hr.error_code).name}")
    raise RuntimeError(f"member {member_id} did not settle in 200 joins")


async def form_group(conns: list[AsyncConn], group: str, *, topic: str = "bench-topic", partitions: int = 50,
                     session_ms: int = 30_000, rebalance_ms: int = 30_000, hb_interval_s: float = 0.002,
                     timeout: float = 60.0) -> Formed:
    """Every connection becomes one member; returns once all are synced in one generation of size n.

    The clock starts just before the first JoinGroup is written and stops at the last SyncGroup
    answer of the generation that holds everybody.
    """
    f = _Formation(len(conns))
    for c in conns:
        c.requests = 0
    t0 = time.perf_counter()
    tasks = [asyncio.ensure_future(_member(c, group, topic, partitions, f, session_ms, rebalance_ms, hb_interval_s))
             for c in conns]
    try:
        await asyncio.wait_for(f.done.wait(), timeout)
        members = await asyncio.wait_for(asyncio.gather(*tasks), timeout)
    finally:
        for t in tasks:
            t.cancel()
    return Formed(members=list(members), generation=f.generation, seconds=f.t_done - t0,
                  generations_seen=set(f.sizes), max_requests=max(c.requests for c in conns),
                  assignments=dict(f.assign))


async def concurrent_round_trips(conns: list[AsyncConn], rounds: int) -> float:
    """Seconds for every connection to do `rounds` sequential ApiVersions at once: the clients' own cost."""
    async def one(c: AsyncConn) -> None:
        for _ in range(rounds):
            await c.api_versions()
    t0 = time.perf_counter()
    await asyncio.gather(*(one(c) for c in conns))
    return time.perf_counter() - t0


# ---------------------------------------------------------------------------------------------
# Pipelined load: K identical requests per window, per connection
# ---------------------------------------------------------------------------------------------

@dataclass
class PipelineStats:
    """Answers counted over the measured interval, and per-request latencies (window send → answer)."""

    answered: int = 0
    errors: int = 0
    first_error: str = ""
    latencies: list[float] = field(default_factory=list)
    seconds: float = float("nan")
    broker_cpu_pct: float = float("nan")
    client_cpu_pct: float = float("nan")
    machine_cpu_pct: float = float("nan")  # every CPU's busy time (kernel workers too), in % of one CPU

    @property
    def rate(self) -> float:
        return self.answered / self.seconds if self.seconds > 0 else float("nan")

    def latency_ms(self, q: float) -> float:
        return 1000.0 * percentile(self.latencies, q)


def pipeline_metrics(benchmark: str, name: str, broker: str, stats: PipelineStats) -> list[record.Metric]:
    """A pipelined run as record metrics: rate, p50/p99 latency and broker CPU per request (one sample each)."""
    rate = stats.rate
    cpu_us = 1e4 * stats.broker_cpu_pct / rate if rate > 0 else float("nan")
    return [record.Metric(benchmark, f"{name}: rate", broker, "1/s", "higher", [rate]),
            record.Metric(benchmark, f"{name}: p50 latency", broker, "ms", "lower", [stats.latency_ms(0.5)]),
            record.Metric(benchmark, f"{name}: p99 latency", broker, "ms", "lower", [stats.latency_ms(0.99)]),
            record.Metric(benchmark, f"{name}: broker CPU per request", broker, "µs", "lower", [cpu_us])]


class _Pipeline(asyncio.Protocol):
    """Writes a window of K pre-encoded frames, reads K answers, repeats until told to stop."""

    def __init__(self, window: bytes, k: int, expect: bytes | None, stats: PipelineStats, body_start: int,
                 check: Callable[[bytes], str | None], sample_every: int, same_answers: bool = True) -> None:
        self.window, self.k, self.expect, self.stats = window, k, expect, stats
        self.same_answers = same_answers  # False: answers differ (Produce's offsets), each is checked
        self.body_start, self.check, self.sample_every = body_start, check, sample_every
        self.buf = bytearray()
        self.got = 0
        self.sent_at = 0.0
        self.transport: asyncio.Transport | None = None
        self.stop = False
        self.measuring = False
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.windows = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def start(self) -> None:
        self._send()

    def _send(self) -> None:
        assert self.transport is not None
        self.got = 0
        self.sent_at = time.perf_counter()
        self.transport.write(self.window)

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        pos = 0
        n = len(buf)
        now = 0.0
        while n - pos >= 4:
            size = _I32.unpack_from(buf, pos)[0]
            if n - pos - 4 < size:
                break
            payload = bytes(buf[pos + 4:pos + 4 + size])
            pos += 4 + size
            cid = _I32.unpack_from(payload, 0)[0]
            body = payload[self.body_start:]
            if cid != self.got:
                self._error(f"correlation id {cid}, expected {self.got}")
            elif self.expect is None:
                problem = self.check(body)
                if problem:
                    self._error(problem)
                elif self.same_answers:
                    self.expect = body
            elif body != self.expect:
                problem = self.check(body) or "answer differs from the first one"
                self._error(problem)
            self.got += 1
            if self.measuring:
                self.stats.answered += 1
                if self.windows % self.sample_every == 0:
                    now = now or time.perf_counter()
                    self.stats.latencies.append(now - self.sent_at)
        del buf[:pos]
        if self.got == self.k:
            self.windows += 1
            if self.stop:
                if not self.finished.done():
                    self.finished.set_result(None)
            else:
                self._send()

    def _error(self, text: str) -> None:
        self.stats.errors += 1
        if not self.stats.first_error:
            self.stats.first_error = text

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.finished.done():
            self.finished.set_result(None)
            if not self.stop:
                self._error(f"connection lost: {exc}")


async def run_pipelined(port: int, windows: list[bytes], k: int, body_start: int, check: Callable[[bytes], str | None],
                        *, warmup_s: float, measure_s: float, broker_pid: int | None,
                        cpu_seconds: Callable[[int], float] | None, sample_every: int = 1,
                        same_answers: bool = True) -> PipelineStats:
    """One connection per window (each a distinct member/group); warm up, then measure for `measure_s`."""
    loop = asyncio.get_running_loop()
    stats = PipelineStats()
    protos: list[_Pipeline] = []
    for w in windows:
        _, proto = await loop.create_connection(
            lambda w=w: _Pipeline(w, k, None, stats, body_start, check, sample_every, same_answers),  # type: ignore[misc]
            HOST, port)
        protos.append(proto)
    for p in protos:
        p.start()
    await asyncio.sleep(warmup_s)
    cpu0 = cpu_seconds(broker_pid) if cpu_seconds and broker_pid else float("nan")
    m0 = machine_busy_seconds()
    t0, c0 = time.perf_counter(), time.process_time()
    for p in protos:
        p.measuring = True
    await asyncio.sleep(measure_s)
    for p in protos:
        p.measuring = False
    stats.seconds = time.perf_counter() - t0
    stats.client_cpu_pct = 100.0 * (time.process_time() - c0) / stats.seconds
    cpu1 = cpu_seconds(broker_pid) if cpu_seconds and broker_pid else float("nan")
    stats.broker_cpu_pct = 100.0 * (cpu1 - cpu0) / stats.seconds
    stats.machine_cpu_pct = 100.0 * (machine_busy_seconds() - m0) / stats.seconds
    for p in protos:
        p.stop = True
    await asyncio.wait([asyncio.ensure_future(_wait(p.finished)) for p in protos], timeout=10)
    for p in protos:
        if p.transport is not None:
            p.transport.close()
    stats.latencies.sort()
    return stats


async def _wait(fut: Awaitable[None]) -> None:
    await fut


def run(coro: Awaitable[Any]) -> Any:
    """asyncio.run with uvloop when available (the client must not be the bottleneck)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)  # type: ignore[arg-type]
    return uvloop.run(coro)  # type: ignore[arg-type]
