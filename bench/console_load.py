"""Web console page load with 1,000 groups, in Debian's headless Chromium (issue 15's closing note).

Why these numbers: the console must stay usable on a broker with many groups, so the groups list is
paged on the server (snapshots only for the page shown). A `kaflite serve` child gets --groups
simple-commit groups (OffsetCommit with generation -1 over raw frames, each committing --partitions
offsets: Empty groups with offsets and lag) plus --live groups of --members raw JoinGroup/SyncGroup
members each (Stable, with assignments). Then, each run a fresh page:

  * "groups page": navigation start → the first page of the groups table drawn (50 rows);
  * "group page": navigation start → a live group's members, lag and timeline drawn;
  * "next page": click on Next → the table shows the next 50 groups;
  * DOMContentLoaded and load from the Navigation Timing entry, and /api/groups?limit=50 itself.

Nothing is asserted (benchmarks are never tests). Run:  .venv/bin/python bench/console_load.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import record
from common import Kaflite, free_port, workdir
from coordinator_common import (
    COMMIT_VERSION,
    KAFLITE_OVERRIDES,
    OFFSET_COMMIT,
    AsyncConn,
    form_group,
    run,
    wait_coordinator,
)

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import OffsetCommitRequest
from tests.console.browser import available, chromium_context

TOPIC = "bench-console"
# The console marks each drawing (performance.mark("kaflite:groups"), "kaflite:group"): times are read in
# the page, from navigation start, not from when Playwright's polling noticed.
FIRST_MARK = """(name) => { const m = performance.getEntriesByName("kaflite:" + name);
  return m.length ? m[0].startTime : null; }"""
NAVIGATION = """() => { const e = performance.getEntriesByType("navigation")[0];
  return {dcl: e.domContentLoadedEventEnd, load: e.loadEventEnd}; }"""
CLICK_NEXT = """() => { const b = [...document.querySelectorAll("button")].find(x => x.textContent.startsWith("Next"));
  const t = performance.now(); b.click(); return t; }"""
MARK_AFTER = """([name, t]) => { const m = performance.getEntriesByName("kaflite:" + name).filter(e => e.startTime > t);
  return m.length ? m[0].startTime - t : null; }"""


def admin_post(admin: str, path: str, body: dict[str, object], timeout: float = 20.0) -> None:
    """POST to the admin endpoint, which listens a moment after the Kafka port answers: retried, bounded."""
    deadline = time.monotonic() + timeout
    while True:
        req = urllib.request.Request(f"http://{admin}{path}", json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                r.read()
                return
        except urllib.error.URLError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


async def populate(port: int, groups: int, partitions: int, live: int, members: int) -> list[str]:
    """Simple-commit groups over 8 connections, then `live` formed groups; their members stay Stable for
    the session timeout (60 s), long enough for the measurement, without heartbeating."""
    await wait_coordinator(port, "bench-console-0")
    conns = [await AsyncConn.open(port) for _ in range(8)]

    async def commit(conn: AsyncConn, ids: list[str]) -> None:
        for g in ids:
            parts = [OffsetCommitRequest.OffsetCommitRequestPartition(partition_index=p, committed_offset=p,
                                                                        committed_leader_epoch=0)
                     for p in range(partitions)]
            r = await conn.call(OFFSET_COMMIT, COMMIT_VERSION, OffsetCommitRequest(
                group_id=g, generation_id_or_member_epoch=-1, member_id="",
                topics=[OffsetCommitRequest.OffsetCommitRequestTopic(name=TOPIC, partitions=parts)]))
            errors = {p.error_code for t in r.topics for p in t.partitions}
            if errors != {ErrorCode.NONE}:
                raise RuntimeError(f"OffsetCommit {g}: {errors}")

    ids = [f"bench-console-{i:04d}" for i in range(groups)]
    await asyncio.gather(*(commit(c, ids[i::len(conns)]) for i, c in enumerate(conns)))
    for c in conns:
        c.close()
    formed = []
    for i in range(live):
        member_conns = [await AsyncConn.open(port) for _ in range(members)]
        g = f"bench-console-live-{i:02d}"
        await form_group(member_conns, g, topic=TOPIC, partitions=partitions, session_ms=60_000,
                         rebalance_ms=10_000, hb_interval_s=0.05)
        formed.append(g)
        # The connections stay open (closing them would not leave the group, but keep it simple).
    return formed


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def measure(url: str, live_group: str, runs: int, total: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {k: [] for k in ("groups page", "groups DOMContentLoaded", "groups load",
                                                  "group page", "next page", "api groups")}
    with chromium_context() as context:
        for _ in range(runs):
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"{url}/#/groups", wait_until="commit")
            page.wait_for_function(f"document.querySelectorAll('#groups tbody tr').length === {min(50, total)}")
            out["groups page"].append(page.evaluate(FIRST_MARK, "groups"))
            nav = page.evaluate(NAVIGATION)
            out["groups DOMContentLoaded"].append(nav["dcl"])
            out["groups load"].append(nav["load"])
            if total > 50:
                first = page.locator("#groups tbody tr").first.inner_text()
                t0 = page.evaluate(CLICK_NEXT)
                page.wait_for_function("(first) => { const r = document.querySelector('#groups tbody tr');"
                                       " return r && r.innerText !== first; }", arg=first)
                out["next page"].append(page.evaluate(MARK_AFTER, ["groups", t0]))
            page.close()
            page = context.new_page()
            page.goto(f"{url}/#/groups/{live_group}", wait_until="commit")
            page.wait_for_function("document.querySelector('#members-table tbody tr') &&"
                                   " document.querySelector('#lag-table') &&"
                                   " document.querySelector('#timeline svg rect.band')")
            out["group page"].append(page.evaluate(FIRST_MARK, "group"))
            page.close()
            t1 = time.perf_counter()
            with urllib.request.urlopen(f"{url}/api/groups?limit=50", timeout=30) as r:
                r.read()
            out["api groups"].append((time.perf_counter() - t1) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--groups", type=int, default=1000)
    ap.add_argument("--live", type=int, default=20, help="formed groups with members (default 20)")
    ap.add_argument("--members", type=int, default=3)
    ap.add_argument("--partitions", type=int, default=4)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", type=Path, help="write a bench record (bench/record.py) here")
    args = ap.parse_args()
    if (why := available()) is not None:
        print(f"cannot run: {why}")
        return 2
    rec = record.new_record(sys.argv, notes=f"{args.groups} simple-commit groups + {args.live} live groups")
    with workdir("kaflite-bench-console-") as wd:
        admin_port = free_port()
        broker = Kaflite(wd, overrides=[*KAFLITE_OVERRIDES, f"admin.port={admin_port}"])
        with broker:
            admin = f"127.0.0.1:{admin_port}"
            admin_post(admin, "/topics", {"name": TOPIC, "partitions": args.partitions})
            t0 = time.perf_counter()
            live = run(populate(broker.port, args.groups, args.partitions, args.live, args.members))
            with urllib.request.urlopen(f"http://{admin}/api/overview", timeout=30) as r:
                groups = json.loads(r.read())["groups"]
            print(f"{groups} groups ({args.live} live with {args.members} members) in "
                  f"{time.perf_counter() - t0:.1f} s; measuring {args.runs} runs")
            samples = measure(f"http://{admin}", live[0] if live else "bench-console-0000", args.runs, groups)
            rss = broker.memory()
    metrics = [record.Metric("console", f"{name} ({groups} groups)", "kaflite", "ms", "lower", v)
               for name, v in samples.items() if v]
    print(f"{'what':38} {'median ms':>10}  samples")
    for m in metrics:
        print(f"{m.name:38} {m.value:10.1f}  {', '.join(f'{s:.0f}' for s in m.samples)}")
    print(f"broker RSS after: {rss}")
    if args.json:
        record.add_metrics(rec, metrics)
        record.finish(rec)
        record.write(rec, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
