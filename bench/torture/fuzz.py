"""Fuzz N frames at a `kaflite serve` child: unhandled exceptions in its log, crashes, RSS start and end.

Why outside the process: the in-process fuzz test (tests/broker/test_fuzz_frames.py) proves the decoders
and handlers; this run proves the process a client talks to — its RSS over a long run and that it never
dies. The frames are that test's Hypothesis strategies (valid, mutated, random; one frame per connection).

    python bench/torture/fuzz.py [--frames 50000] [--max-seconds 1800]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import struct
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from kit import Child, rss_kib, verdict

from kaflite.protocol.headers import is_flexible
from kaflite.protocol.messages import REQUESTS, ApiVersionsRequest, ListGroupsRequest, MetadataRequest
from tests.broker.test_fuzz_frames import NOT_FUZZED, _api_versions, _exchange, _tame, frames
from tests.broker.wire import connected
from tests.protocol.test_schema_true_decoding import populated

CHECK_EVERY = 100  # frames between "does it still serve?" checks
#: The broker's settings for the run (``--override`` changes them). Valid frames create state a Kafka broker
#: keeps too: topics (auto-created by Metadata/Produce with random names), groups with offsets, transactional
#: ids. Auto-creation is off and Kafka's retention of the rest made short, so that state expires as Kafka
#: would expire it and the RSS verdict measures the broker's own growth (docs/reliability.md).
BROKER_SETTINGS = {
    "num.partitions": "2",
    "auto.create.topics.enable": "false",
    "offsets.retention.minutes": "1",
    "offsets.retention.check.interval.ms": "10000",
    "transactional.id.expiration.ms": "60000",
    "transaction.remove.expired.transaction.cleanup.interval.ms": "10000",
}


async def _routes(port: int) -> list[tuple[int, int]]:
    async with connected(port) as c:
        resp = await c.call(18, 3, ApiVersionsRequest(client_software_name="torture", client_software_version="1"))
    return [(k.api_key, v) for k in resp.api_keys if k.api_key not in NOT_FUZZED
            for v in range(k.min_version, k.max_version + 1)]


async def _state(port: int) -> str:
    """What the frames made the broker keep (auto-created topics, groups): state, not a leak, in the RSS."""
    async with connected(port) as c:
        md = await c.call(3, 1, MetadataRequest(topics=None))
        groups = await c.call(16, 0, ListGroupsRequest())
    partitions = sum(len(t.partitions) for t in md.topics)
    return f"{len(md.topics)} topics / {partitions} partitions and {len(groups.groups)} groups created"


def _warm_up(runner: asyncio.Runner, port: int, routes: list[tuple[int, int]]) -> None:
    """Every route served once with a whole valid request, before the RSS baseline: the first request of an
    API imports its lazily loaded modules and fills the interpreter's caches once (a cost of the first
    request, not growth over frames), and the baseline should be a broker that has served each API."""
    for api_key, version in routes:
        header = struct.pack(">hhih", api_key, version, 7, 4) + b"warm"
        header += b"\x00" if is_flexible(api_key, version) else b""
        with contextlib.suppress(OSError):
            runner.run(_exchange(port, header + _tame(populated(REQUESTS[api_key].__name__, version)).encode(version)))
    for _ in range(200):
        runner.run(_api_versions(port))


def _anon_kib(pid: int) -> int:
    """Anonymous memory (heap, arenas) as opposed to mapped files: what a leak or fragmentation grows."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Anonymous:"):
            return int(line.split()[1])
    return 0


def run(frames_n: int, max_seconds: float, overrides: dict[str, str] | None = None, progress: int = 0) -> bool:
    outcomes = {"answered": 0, "closed": 0, "silent": 0}
    crashes = failed_checks = 0
    with tempfile.TemporaryDirectory(prefix="kaflite-fuzz-") as tmp, asyncio.Runner() as runner:
        child = Child(Path(tmp) / "data", Path(tmp) / "broker.log",
                      overrides={**BROKER_SETTINGS, **(overrides or {})})
        if not child.start():
            return bool(verdict("fuzz", False, "broker did not start"))
        routes = runner.run(_routes(child.port))
        _warm_up(runner, child.port, routes)
        rss_start = rss_kib(child.pid)
        deadline = time.monotonic() + max_seconds
        sent = 0

        @settings(max_examples=frames_n, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(data=st.data())
        def one_frame(data: st.DataObject) -> None:
            nonlocal sent, crashes, failed_checks
            if time.monotonic() > deadline:
                return
            api_key, version = data.draw(st.sampled_from(routes))
            frame = data.draw(frames(api_key, version))
            try:
                outcomes[runner.run(_exchange(child.port, frame))] += 1
            except OSError:
                outcomes["closed"] += 1
            sent += 1
            if progress and sent % progress == 0 and child.alive:
                print(f"  {sent} frames: RSS {rss_kib(child.pid) / 1024:.1f} MiB, anonymous "
                      f"{_anon_kib(child.pid) / 1024:.1f} MiB", flush=True)
            if sent % CHECK_EVERY == 0 or not child.alive:
                if not child.alive:
                    crashes += 1
                    child.start()
                    return
                try:
                    if runner.run(_api_versions(child.port)) != 0:
                        failed_checks += 1
                except (OSError, TimeoutError, asyncio.IncompleteReadError):
                    failed_checks += 1

        one_frame()
        alive = child.alive
        rss_end = rss_kib(child.pid) if alive else 0
        state = runner.run(_state(child.port)) if alive else "state unknown"
        errors = child.error_lines()
        child.stop()
    growth = (rss_end - rss_start) / rss_start * 100 if rss_start else 0.0
    ok = not errors and crashes == 0 and failed_checks == 0 and alive and growth <= 10
    verdict("fuzz", ok, f"{sent} frames ({outcomes['answered']} answered, {outcomes['closed']} closed, "
            f"{outcomes['silent']} silent), {len(errors)} unhandled exceptions, {crashes} crashes, "
            f"{failed_checks} failed still-serving checks, RSS {rss_start / 1024:.1f} -> {rss_end / 1024:.1f} MiB "
            f"({growth:+.1f} %; {state})")
    for line in errors[:5]:
        print("  ", line[:400])
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=50_000)
    ap.add_argument("--max-seconds", type=float, default=1800)
    ap.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                    help="a broker setting over BROKER_SETTINGS, e.g. auto.create.topics.enable=true (frames then "
                         "create topics, whose files and indexes the RSS then includes)")
    ap.add_argument("--progress", type=int, default=0, metavar="N", help="print the broker's RSS every N frames")
    args = ap.parse_args()
    overrides = dict(o.split("=", 1) for o in args.override)
    raise SystemExit(0 if run(args.frames, args.max_seconds, overrides, args.progress) else 1)


if __name__ == "__main__":
    main()
