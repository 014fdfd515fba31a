"""Broker CPU per coordinator request, in process and without sockets: heartbeat, offset commit, offset fetch.

Why: the socket benchmarks (coordinator_heartbeats.py, coordinator_commits.py) measure rate and
latency end to end, but on a shared 2-core machine their "broker CPU per request" moves with the
load. This one drives a real ``Broker`` (every handler, the real codecs, real logs) through
``KafkaConnection`` (``buffer_updated``; ``data_received`` in older checkouts) with an in-memory
transport, K pipelined frames per call as a socket read would deliver them, and counts process CPU
(``time.process_time``) per request. The data directory is on tmpfs (/dev/shm) when there is one,
so a commit's fsync costs little and the number is the Python path the hot-path work is about.
Same script against two checkouts:

    PYTHONPATH=/path/to/checkout python bench/coordinator_cpu.py --rounds 5

Not a test: it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from kaflite.broker.connection import KafkaConnection
from kaflite.broker.server import Broker
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import (
    REQUEST_FLEXIBLE_MIN,
    HeartbeatRequest,
    JoinGroupRequest,
    OffsetCommitRequest,
    OffsetFetchRequest,
    SyncGroupRequest,
)

CLIENT_ID = b"bench"
_HDR = struct.Struct(">ihhih")
HEARTBEAT, JOIN, SYNC, COMMIT, FETCH_OFFSETS = 12, 11, 14, 8, 9


def frame(api_key: int, version: int, correlation_id: int, body: bytes) -> bytes:
    tag = b"\x00" if version >= REQUEST_FLEXIBLE_MIN.get(api_key, 10_000) else b""
    size = 2 + 2 + 4 + 2 + len(CLIENT_ID) + len(tag) + len(body)
    return _HDR.pack(size, api_key, version, correlation_id, len(CLIENT_ID)) + CLIENT_ID + tag + body


class MemoryTransport:
    """What KafkaConnection asks of a transport; answers are counted (and kept for one call). Its own, not
    the tests' NullTransport: this benchmark measures any checkout put first on PYTHONPATH, older ones too."""

    def __init__(self) -> None:
        self.data: list[bytes] = []
        self.writes = 0
        self.answers = 0
        self.closing = False
        self.waiter: asyncio.Future[None] | None = None
        self.want = 0

    def write(self, data: bytes) -> None:
        self.writes += 1
        self._got(data)

    def writelines(self, parts: list[bytes]) -> None:
        self.writes += 1
        self._got(b"".join(parts))

    def _got(self, data: bytes) -> None:
        self.data.append(bytes(data))
        pos = 0
        while pos + 4 <= len(data):  # whole answers only: every answer here is written in one piece
            pos += 4 + struct.unpack_from(">i", data, pos)[0]
            self.answers += 1
        if self.waiter is not None and self.answers >= self.want and not self.waiter.done():
            self.waiter.set_result(None)

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 40000) if name == "peername" else default

    def set_write_buffer_limits(self, high: int, low: int) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return self.closing

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True


class Client:
    def __init__(self, broker: Broker) -> None:
        self.t = MemoryTransport()
        if "after_read" in inspect.signature(KafkaConnection).parameters:  # the server's group-commit flush hook
            self.conn = KafkaConnection(broker.context, broker.router, after_read=broker.context.commits.flush_now)
        else:  # older checkouts: the connection calls the flush itself
            self.conn = KafkaConnection(broker.context, broker.router)
        self.conn.connection_made(self.t)  # type: ignore[arg-type]
        self.corr = 0

    async def send(self, data: bytes, answers: int) -> None:
        """Feed bytes as one socket read; return once `answers` more answers were written."""
        t = self.t
        t.want = t.answers + answers
        t.waiter = asyncio.get_running_loop().create_future()
        conn = self.conn
        if hasattr(conn, "buffer_updated"):  # asyncio.BufferedProtocol: the read lands in its buffer
            pos = 0
            while pos < len(data):
                buf = conn.get_buffer(len(data) - pos)
                n = min(len(buf), len(data) - pos)
                buf[:n] = data[pos:pos + n]
                conn.buffer_updated(n)
                pos += n
        else:
            conn.data_received(data)
        if t.answers < t.want:
            await asyncio.wait_for(t.waiter, 30)
        t.waiter = None

    async def call(self, api_key: int, version: int, body: bytes, response_cls: Any) -> Any:
        self.corr += 1
        self.t.data.clear()
        await self.send(frame(api_key, version, self.corr, body), 1)
        data = b"".join(self.t.data)
        start = 8 + (1 if version >= REQUEST_FLEXIBLE_MIN.get(api_key, 10_000) else 0)
        return response_cls.decode(data[start:], version)


async def form_group(broker: Broker, group: str) -> tuple[Client, str, int]:
    from kaflite.protocol.messages import JoinGroupResponse, SyncGroupResponse
    c = Client(broker)
    join = JoinGroupRequest(group_id=group, session_timeout_ms=30_000, rebalance_timeout_ms=30_000, member_id="",
                            protocol_type="consumer",
                            protocols=[JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"")])
    r = await c.call(JOIN, 5, join.encode(5), JoinGroupResponse)
    if r.member_id and r.error_code:  # MEMBER_ID_REQUIRED: join again with it
        join.member_id = r.member_id
        r = await c.call(JOIN, 5, join.encode(5), JoinGroupResponse)
    assert r.error_code == 0, r
    sync = SyncGroupRequest(group_id=group, generation_id=r.generation_id, member_id=r.member_id,
                            assignments=[SyncGroupRequest.SyncGroupRequestAssignment(member_id=r.member_id,
                                                                                      assignment=b"")])
    s = await c.call(SYNC, 3, sync.encode(3), SyncGroupResponse)
    assert s.error_code == 0, s
    return c, r.member_id, r.generation_id


async def measure(broker: Broker, kind: str, depth: int, windows: int) -> tuple[float, int]:
    """CPU µs per request over `windows` windows of `depth` pipelined requests, and the writes made."""
    group = f"cpu-{kind}"
    if kind == "heartbeat":
        c, member, gen = await form_group(broker, group)
        version, api = 4, HEARTBEAT
        body = HeartbeatRequest(group_id=group, generation_id=gen, member_id=member).encode(version)
    elif kind == "commit":
        c = Client(broker)
        version, api = 8, COMMIT
        topic = OffsetCommitRequest.OffsetCommitRequestTopic(name="cpu-topic", partitions=[
            OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0, committed_offset=42,
                                                             committed_metadata="")])
        body = OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=-1, member_id="",
                                   topics=[topic]).encode(version)
    else:
        c = Client(broker)
        version, api = 8, FETCH_OFFSETS
        # a commit first, so the fetch answers a stored offset
        topic = OffsetCommitRequest.OffsetCommitRequestTopic(name="cpu-topic", partitions=[
            OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=0, committed_offset=42,
                                                             committed_metadata="")])
        await c.send(frame(COMMIT, 8, 0, OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=-1,
                                                             member_id="", topics=[topic]).encode(8)), 1)
        body = OffsetFetchRequest(groups=[OffsetFetchRequest.OffsetFetchRequestGroup(
            group_id=group, topics=[OffsetFetchRequest.OffsetFetchRequestTopics(name="cpu-topic",
                                                                                partition_indexes=[0])])],
            require_stable=True).encode(version)
    window = b"".join(frame(api, version, i, body) for i in range(depth))
    for _ in range(max(1, windows // 10)):  # warm-up
        await c.send(window, depth)
    c.t.data.clear()
    writes0 = c.t.writes
    t0 = time.process_time()
    for i in range(windows):
        await c.send(window, depth)
        if i % 64 == 0:
            c.t.data.clear()
    cpu = time.process_time() - t0
    return cpu / (windows * depth) * 1e6, c.t.writes - writes0


async def run_all(kinds: list[str], depth: int, windows: int, data_dir: Path,
                  stats: bool = False) -> dict[str, tuple[float, int]]:
    config = KafliteConfig(log_dirs=str(data_dir), port=0, group_initial_rebalance_delay_ms=0,
                           group_min_session_timeout_ms=100)
    broker = Broker.open(config)
    if stats:  # what the admin endpoint turns on: /metrics' per-request counting (kaflite.broker.stats)
        from kaflite.broker.stats import BrokerStats

        broker.context.state.stats = BrokerStats()
        if hasattr(broker.router, "count_requests"):
            broker.router.count_requests()
    broker.groups.start()
    broker.context.logs.create_topic("cpu-topic", 1, {})
    out = {}
    try:
        for kind in kinds:
            out[kind] = await measure(broker, kind, depth, windows)
    finally:
        await broker.groups.stop()
        broker.context.logs.close()
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kinds", nargs="+", default=["heartbeat", "commit", "fetch"],
                   choices=["heartbeat", "commit", "fetch"])
    p.add_argument("--depth", type=int, default=16, help="pipelined requests per socket read")
    p.add_argument("--windows", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=3, help="fresh broker per round; the median is printed")
    p.add_argument("--disk", action="store_true", help="data dir on the working disk, not tmpfs")
    p.add_argument("--stats", action="store_true", help="count requests as /metrics does (admin endpoint on)")
    args = p.parse_args(argv)
    import gc
    import logging

    # The collector as `kaflite serve` sets it (GC_YOUNG_THRESHOLD; when the checkout has one), and this
    # process's imports frozen as serve freezes start-up's: otherwise collections over the benchmark's
    # own objects are counted as the broker's.
    import kaflite.broker.server as server_module

    gc.set_threshold(getattr(server_module, "GC_YOUNG_THRESHOLD", gc.get_threshold()[0]), *gc.get_threshold()[1:])
    if hasattr(server_module, "GC_YOUNG_THRESHOLD"):
        gc.freeze()

    import structlog
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    base = None if args.disk or not os.path.isdir("/dev/shm") else "/dev/shm"
    rounds: dict[str, list[float]] = {k: [] for k in args.kinds}
    writes: dict[str, int] = {}
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory(prefix="kaflite-cpu-", dir=base) as d:
            for kind, (us, w) in asyncio.run(run_all(args.kinds, args.depth, args.windows, Path(d),
                                                                           args.stats)).items():
                rounds[kind].append(us)
                writes[kind] = w
    import kaflite
    try:
        from kaflite import compiled
        code = compiled.status()
    except ImportError:  # a checkout from before kaflite/compiled.py
        try:
            from kaflite import native
            code = native.status
        except ImportError:  # a checkout from before the compiled build
            code = "interpreted (no compiled build in this checkout)"
    print(f"kaflite from {Path(kaflite.__file__).parent.parent}, depth {args.depth}, {args.windows} windows, "
          f"load {os.getloadavg()[0]:.2f}, code {code}")
    for kind, values in rounds.items():
        print(f"{kind:>9}: {statistics.median(values):7.1f} µs CPU/request (median of {len(values)}: "
              f"{', '.join(f'{v:.1f}' for v in values)}), {writes[kind] / args.windows:.1f} writes per window")
    return 0


if __name__ == "__main__":
    sys.exit(main())
