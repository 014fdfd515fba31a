"""Fixture start → first client connected, in both modes, and reset() time.

"First client connected" = a TCP connect plus an ApiVersions round trip answered by the broker,
the first thing every client does. reset() is timed with three topics and __consumer_offsets
(created by a FindCoordinator, as any group does). Process mode is measured twice: with the spare worker the
plugin keeps pre-spawned (what a test sees after the first one), and cold (a fresh Python start
and imports, what the very first test of a session sees).

    .venv/bin/python bench/fixture_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import struct
import time
from collections.abc import Callable

from kaflite.testing import process
from kaflite.testing.broker import Broker, BrokerAPI
from kaflite.testing.process import ProcessBroker


def request(bootstrap: str, api_key: int, body: bytes = b"") -> bytes:
    """One v0 request on a fresh connection; the response body."""
    host, port = bootstrap.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as s:
        client_id = b"bench"
        frame = struct.pack(">hhih", api_key, 0, 1, len(client_id)) + client_id + body
        s.sendall(struct.pack(">i", len(frame)) + frame)
        size = struct.unpack(">i", s.recv(4, socket.MSG_WAITALL))[0]
        return s.recv(size, socket.MSG_WAITALL)


def api_versions(bootstrap: str) -> None:
    assert struct.unpack(">ih", request(bootstrap, 18)[:6]) == (1, 0)


def find_coordinator(bootstrap: str) -> None:
    """Creates __consumer_offsets (50 partitions), as the first consumer group of a test does."""
    request(bootstrap, 10, struct.pack(">h", 5) + b"group")


def measure(make: Callable[[], BrokerAPI], runs: int, before: Callable[[], None] = lambda: None,
            ) -> tuple[list[float], list[float]]:
    starts, resets = [], []
    for _ in range(runs):
        before()
        b = make()
        t0 = time.perf_counter()
        b.start()
        api_versions(b.bootstrap_servers)
        starts.append((time.perf_counter() - t0) * 1000)
        for i in range(3):
            b.create_topic(f"t{i}", 3)
        find_coordinator(b.bootstrap_servers)
        t0 = time.perf_counter()
        b.reset()
        resets.append((time.perf_counter() - t0) * 1000)
        b.close()
    return starts, resets


def fmt(xs: list[float]) -> str:
    return f"median {statistics.median(xs):7.1f} ms   min {min(xs):7.1f}   max {max(xs):7.1f}   (n={len(xs)})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    runs = ap.parse_args().runs
    warm = Broker()  # the first in-process start also pays the imports: not a fixture cost
    warm.start()
    warm.close()

    t_start, t_reset = measure(Broker, runs)
    print(f"in-process (thread)  start → first client connected: {fmt(t_start)}   goal ≤ 50 ms")
    print(f"in-process (thread)  reset():                         {fmt(t_reset)}")

    def warm_spare() -> None:
        process.prewarm()
        time.sleep(3)  # a benchmark's pause, standing for the time a test suite runs between starts

    p_start, p_reset = measure(ProcessBroker, max(3, runs // 2), before=warm_spare)
    print(f"subprocess (pre-warmed worker) start → connected:     {fmt(p_start)}   goal ≤ 150 ms")
    print(f"subprocess reset() over the admin endpoint:           {fmt(p_reset)}")

    def cold() -> None:
        process.discard_spare()

    c_start, _ = measure(lambda: ProcessBroker(prewarm=False), 3, before=cold)
    print(f"subprocess (cold: python start + imports) → connected: {fmt(c_start)}")


if __name__ == "__main__":
    main()
