"""Hold N idle + N active connections to a `kaflite serve` child: all held, and the broker's RSS per connection.

Why: a test broker beside a connection-leaking client must hold thousands of sockets cheaply. Idle
connections connect and send nothing until the end; active ones send ApiVersions round after round.
At the end every connection, idle ones included, must still answer.

    python bench/torture/connections.py [--idle 500] [--active 500] [--rounds 5] [--max-kib 3]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from kit import Child, raise_fd_limit, rss_kib, verdict

from kaflite.protocol.messages import ApiVersionsRequest
from tests.broker.wire import WireClient

REQUEST = ApiVersionsRequest(client_software_name="torture", client_software_version="1")
CONNECT_BATCH = 100  # connections opened at once (the listen backlog stays small)


async def _answers(c: WireClient) -> bool:
    try:
        return (await c.call(18, 3, REQUEST)).error_code == 0
    except Exception:  # a closed or reset connection: not held
        return False


async def _hold(port: int, pid: int, idle: int, active: int, rounds: int) -> tuple[int, int, int, int]:
    clients: list[WireClient] = []
    for start in range(0, idle + active, CONNECT_BATCH):
        n = min(CONNECT_BATCH, idle + active - start)
        clients += await asyncio.gather(*(WireClient.connect(port) for _ in range(n)))
    idlers, actives = clients[:idle], clients[idle:]
    for _ in range(rounds):
        await asyncio.gather(*(_answers(c) for c in actives))
    await asyncio.sleep(1.0)
    rss_held = rss_kib(pid)
    held_active = sum(await asyncio.gather(*(_answers(c) for c in actives)))
    held_idle = sum(await asyncio.gather(*(_answers(c) for c in idlers)))
    rss_after_all = rss_kib(pid)
    await asyncio.gather(*(c.close() for c in clients))
    return held_idle, held_active, rss_held, rss_after_all


def run(idle: int, active: int, rounds: int, max_kib: float) -> bool:
    raise_fd_limit()
    with tempfile.TemporaryDirectory(prefix="kaflite-conns-") as tmp:
        child = Child(Path(tmp) / "data", Path(tmp) / "broker.log")
        if not child.start():
            return bool(verdict("connections", False, "broker did not start"))
        try:
            with asyncio.Runner() as runner:
                async def warm() -> None:  # the first answers allocate caches: not per-connection cost
                    c = await WireClient.connect(child.port)
                    for _ in range(50):
                        await _answers(c)
                    await c.close()
                runner.run(warm())
                time.sleep(0.5)
                rss_start = rss_kib(child.pid)
                held_idle, held_active, rss_held, rss_end = runner.run(
                    _hold(child.port, child.pid, idle, active, rounds))
            alive = child.alive
            errors = child.error_lines()
        finally:
            child.stop()
    total = idle + active
    per_conn = (rss_held - rss_start) / total if total else 0.0
    ok = alive and not errors and held_idle == idle and held_active == active and per_conn <= max_kib
    verdict("connections", ok, f"{held_idle}/{idle} idle + {held_active}/{active} active held, RSS "
            f"{rss_start / 1024:.1f} -> {rss_held / 1024:.1f} MiB held ({rss_end / 1024:.1f} MiB after every "
            f"connection answered once more), {per_conn:.1f} KiB per connection (limit {max_kib:g}), "
            f"{len(errors)} error log lines, broker {'alive' if alive else 'DEAD'}")
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--idle", type=int, default=500)
    ap.add_argument("--active", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--max-kib", type=float, default=3.0, help="RSS per held connection (issue 13: 3 KB)")
    args = ap.parse_args()
    raise SystemExit(0 if run(args.idle, args.active, args.rounds, args.max_kib) else 1)


if __name__ == "__main__":
    main()
