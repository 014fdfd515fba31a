"""Coordinator load: replaying `__consumer_offsets` in memory, a real broker restart, and group RSS.

Why three parts: (1) `GroupCoordinator.replay` over 1,000,000 offset-commit records (1,000 groups x
50 topic-partitions x 20 commits, Kafka's record layouts from kaflite.coordinator.records) is the
pure cost of rebuilding state, no I/O; (2) a broker restart over the same records written into a
data dir with the storage layer adds reading segments, batch decoding and the runtime, which is
what a user waits for (ready = FindCoordinator v4 answers NONE for one group key per
`__consumer_offsets` partition); (3) RSS of 10,000 Stable groups x 10 members (GroupMetadataValue
records with consumer-protocol subscription/assignment bytes), replayed in a fresh process, is
the coordinator's memory per group. Tansu cannot run any of these (they use kaflite internals or
kaflite's on-disk layout; Tansu's memory storage does not survive a restart).
Goal: replay of 1,000,000 records <= 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import re
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from common import REPO, Kaflite, fmt, memory_of, table, workdir
from coordinator_common import FIND_COORDINATOR, AsyncConn, load_average, run

from kaflite.coordinator import GroupCoordinator, GroupCoordinatorConfig, partition_for
from kaflite.coordinator.records import (
    decode_key,
    group_metadata_key,
    group_metadata_value,
    offset_commit_key,
    offset_commit_value,
)
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ConsumerProtocolAssignment,
    ConsumerProtocolSubscription,
    FindCoordinatorRequest,
    GroupMetadataValue,
)

TARGET_REPLAY_S = 2.0
OFFSETS_PARTITIONS = 50
BOUND_S = 120.0


# ---------------------------------------------------------------------------------------------
# 1. the record stream and the in-memory replay
# ---------------------------------------------------------------------------------------------

def commit_records(groups: int = 1000, topic_partitions: int = 50, commits: int = 20) -> list[tuple[bytes, bytes]]:
    """Commit round by round (as a log of periodic auto-commits looks): group x (topic, partition)."""
    tps = [(f"orders-{i // 10}", i % 10) for i in range(topic_partitions)]
    keys = [[offset_commit_key(f"app-{g}", t, p) for t, p in tps] for g in range(groups)]
    base_ts = 1_700_000_000_000
    out: list[tuple[bytes, bytes]] = []
    for c in range(commits):
        value = offset_commit_value(1000 * (c + 1), 5, "", base_ts + 5000 * c, None)  # same bytes, decoded each time
        for g in range(groups):
            out.extend((k, value) for k in keys[g])
    return out


@dataclass
class ReplayResult:
    records: int
    replay_s: float
    complete_load_s: float
    groups: int

    @property
    def records_per_s(self) -> float:
        return self.records / self.replay_s


def replay_in_memory(records: list[tuple[bytes, bytes]]) -> ReplayResult:
    """begin_load all partitions, replay every record, complete_load: what the runtime does, minus I/O."""
    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))  # no per-group INFO lines
    coord = GroupCoordinator(GroupCoordinatorConfig(), partitions=())
    for p in range(OFFSETS_PARTITIONS):
        coord.begin_load(p)
    gc.collect()
    t0 = time.perf_counter()
    replay = coord.replay
    for k, v in records:
        replay(k, v)
    t1 = time.perf_counter()
    for p in range(OFFSETS_PARTITIONS):
        coord.complete_load(p)
    t2 = time.perf_counter()
    return ReplayResult(len(records), t1 - t0, t2 - t1, len(coord.group_ids()))


# ---------------------------------------------------------------------------------------------
# 2. a real restart
# ---------------------------------------------------------------------------------------------

def write_data_dir(data_dir: Path, records: list[tuple[bytes, bytes]], batch_records: int = 500) -> int:
    """`__consumer_offsets` as the broker creates it, records appended per partition in batches; returns bytes."""
    from kaflite.config import KafliteConfig
    from kaflite.protocol.compression import NONE
    from kaflite.protocol.records import build_batch
    from kaflite.storage.config import LogConfig
    from kaflite.storage.manager import LogManager

    cfg = KafliteConfig()
    now = int(time.time() * 1000)
    logs = LogManager(data_dir, LogConfig.from_dict(cfg.topic_log_defaults()), lambda: now)
    logs.create_topic("__consumer_offsets", OFFSETS_PARTITIONS, {
        "cleanup.policy": "compact", "segment.bytes": str(cfg.offsets_topic_segment_bytes),
        "compression.type": "producer"})
    group_of_key: dict[bytes, int] = {}
    per_partition: dict[int, list[tuple[bytes, bytes]]] = {p: [] for p in range(OFFSETS_PARTITIONS)}
    for k, v in records:
        p = group_of_key.get(k)
        if p is None:
            dk = decode_key(k)
            assert dk is not None
            p = group_of_key[k] = partition_for(dk.group, OFFSETS_PARTITIONS)
        per_partition[p].append((k, v))
    written = 0
    for p, recs in per_partition.items():
        plog = logs.get_log("__consumer_offsets", p)
        assert plog is not None
        for i in range(0, len(recs), batch_records):
            batch = build_batch([(k, v, ()) for k, v in recs[i:i + batch_records]], timestamp_ms=now, compression=NONE)
            plog.append(batch, leader_epoch=0, now_ms=now)
            written += len(batch)
        plog.flush(now)
    logs.close()
    return written


def one_group_per_partition() -> list[str]:
    keys: dict[int, str] = {}
    i = 0
    while len(keys) < OFFSETS_PARTITIONS and i < 1_000_000:
        g = f"probe-{i}"
        keys.setdefault(partition_for(g, OFFSETS_PARTITIONS), g)
        i += 1
    return [keys[p] for p in sorted(keys)]


async def _wait_all_loaded(port: int, keys: list[str], deadline: float) -> float:
    """perf_counter time at which FindCoordinator v4 first answered NONE for every key."""
    conn = await AsyncConn.open(port)
    try:
        while time.perf_counter() < deadline:
            r = await conn.call(FIND_COORDINATOR, 4, FindCoordinatorRequest(key_type=0, coordinator_keys=keys))
            if all(c.error_code == ErrorCode.NONE for c in r.coordinators):
                return time.perf_counter()
            await asyncio.sleep(0.002)
    finally:
        conn.close()
    raise TimeoutError("not every __consumer_offsets partition loaded in time")


@dataclass
class RestartResult:
    records: int
    bytes_on_disk: int
    ready_ms: float  # spawn → first ApiVersions
    loaded_ms: float  # spawn → every partition loaded
    log_load_ms: float  # sum of the broker's own per-partition `coordinator.loaded ms=`
    rss_mib: float
    load: str


def restart(records: list[tuple[bytes, bytes]]) -> RestartResult:
    with workdir("kaflite-bench-replay-") as wd:
        data = wd / "data"
        size = write_data_dir(data, records)
        broker = Kaflite(wd, data_dir=data)
        keys = one_group_per_partition()
        # Start by hand: the clock runs from spawn, and we poll FindCoordinator right after ApiVersions.
        t0 = time.perf_counter()
        broker.start()
        try:
            ready_ms = broker.startup_s * 1000
            loaded_at = run(_wait_all_loaded(broker.port, keys, t0 + BOUND_S))
            rss = broker.memory().rss_mib
        finally:
            broker.stop()
        text = broker.log_path.read_text(errors="replace")
        log_ms = sum(int(m) for m in re.findall(r"coordinator\.loaded.*?\bms=(\d+)", text))
        return RestartResult(len(records), size, ready_ms, 1000 * (loaded_at - t0), float(log_ms) if log_ms else
                             float("nan"), rss, load_average())


# ---------------------------------------------------------------------------------------------
# 3. RSS of 10,000 Stable groups x 10 members, in a fresh process
# ---------------------------------------------------------------------------------------------

def _group_value(g: int, members: int) -> bytes:
    """A realistic Stable group: 2 topics x 12 partitions, cooperative-sticky, per-member subscription/assignment."""
    topics = [f"orders-{g % 97}", f"payments-{g % 89}"]
    ids = [f"consumer-app-{g}-{m}-{uuid.uuid4()}" for m in range(members)]
    mm = []
    for m, member_id in enumerate(ids):
        owned = [ConsumerProtocolSubscription.TopicPartition(topic=t, partitions=[m, m + members]) for t in topics]
        sub = b"\x00\x01" + ConsumerProtocolSubscription(topics=topics, owned_partitions=owned).encode(1)
        assign = b"\x00\x01" + ConsumerProtocolAssignment(assigned_partitions=[
            ConsumerProtocolAssignment.TopicPartition(topic=t, partitions=[m, m + members]) for t in topics]).encode(1)
        mm.append(GroupMetadataValue.MemberMetadata(
            member_id=member_id, group_instance_id=None, client_id=f"consumer-app-{g}-{m}",
            client_host=f"/10.0.{m}.{g % 250}", rebalance_timeout=300_000, session_timeout=45_000,
            subscription=sub, assignment=assign))
    return group_metadata_value(GroupMetadataValue(protocol_type="consumer", generation=7,
                                                   protocol="cooperative-sticky", leader=ids[0],
                                                   current_state_timestamp=1_700_000_000_000, members=mm))


def rss_worker(groups: int, members: int) -> dict[str, float]:
    """Runs in a fresh interpreter: RSS before and after loading the groups (records built one at a time)."""
    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
    coord = GroupCoordinator(GroupCoordinatorConfig(), partitions=())
    for p in range(OFFSETS_PARTITIONS):
        coord.begin_load(p)
    _group_value(0, members)  # import and warm the codecs before the first reading
    gc.collect()
    before = memory_of(_pid()).rss_mib
    value_bytes = 0
    for g in range(groups):
        value = _group_value(g, members)
        value_bytes += len(value)
        coord.replay(group_metadata_key(f"app-{g}"), value)
    for p in range(OFFSETS_PARTITIONS):
        coord.complete_load(p)  # arms one heartbeat timer per member, as the broker does
    gc.collect()
    after = memory_of(_pid()).rss_mib
    return {"groups": groups, "members": members, "rss_before_mib": before, "rss_after_mib": after,
            "record_mib": value_bytes / 2**20, "loaded_groups": len(coord.group_ids())}


def _pid() -> int:
    import os
    return os.getpid()


def rss(groups: int = 10_000, members: int = 10) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--rss-worker", str(groups), str(members)], capture_output=True,
                         text=True, timeout=BOUND_S, cwd=REPO)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


# ---------------------------------------------------------------------------------------------

def run_bench(groups: int = 1000, commits: int = 20, rss_groups: int = 10_000, rss_members: int = 10,
              do_restart: bool = True) -> tuple[ReplayResult, RestartResult | None, dict[str, float], str]:
    records = commit_records(groups, 50, commits)
    load = load_average()
    rep = replay_in_memory(records)
    rst = restart(records) if do_restart else None
    mem = rss(rss_groups, rss_members)
    return rep, rst, mem, load


def report(rep: ReplayResult, rst: RestartResult | None, mem: dict[str, float], load: str) -> str:
    rows = [["GroupCoordinator.replay, offset commits", f"{rep.records:,}", fmt(rep.replay_s, 2) + " s",
             f"{rep.records_per_s:,.0f} records/s", f"≤ {TARGET_REPLAY_S:.0f} s",
             "yes" if rep.replay_s <= TARGET_REPLAY_S else "NO", load],
            ["complete_load (50 partitions)", f"{rep.groups:,} groups", fmt(1000 * rep.complete_load_s, 1) + " ms", "",
             "", "", load]]
    if rst is not None:
        rows += [
            ["restart: spawn → ApiVersions", f"{rst.records:,} ({rst.bytes_on_disk / 2**20:.0f} MiB)",
             fmt(rst.ready_ms, 0) + " ms", "", "", "", rst.load],
            ["restart: spawn → all 50 partitions loaded", "", fmt(rst.loaded_ms, 0) + " ms",
             f"{rst.records / (rst.loaded_ms - rst.ready_ms) * 1000:,.0f} records/s after ready", "", "", rst.load],
            ["restart: broker's own load time (Σ coordinator.loaded ms)", "", fmt(rst.log_load_ms, 0) + " ms", "", "",
             "", rst.load],
            ["restart: broker RSS after load", "", fmt(rst.rss_mib) + " MiB", "", "", "", rst.load]]
    delta = mem["rss_after_mib"] - mem["rss_before_mib"]
    n = mem["groups"] * mem["members"]
    rows.append([f"RSS, {int(mem['groups']):,} Stable groups x {int(mem['members'])} members",
                 f"{mem['record_mib']:.0f} MiB of records", fmt(delta) + " MiB delta",
                 f"{delta * 2**20 / mem['groups'] / 1024:.1f} KiB/group, {delta * 2**20 / n:,.0f} B/member", "", "",
                 load])
    return table(["measurement", "input", "result", "rate / per unit", "goal", "meets", "load avg"], rows) + \
        "\n\nTansu: n/a (kaflite internals and on-disk layout; Tansu's memory storage does not survive a restart)"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--rss-worker":
        print(json.dumps(rss_worker(int(argv[1]), int(argv[2]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, default=1000, help="commit groups (x 50 partitions x --commits)")
    parser.add_argument("--commits", type=int, default=20)
    parser.add_argument("--rss-groups", type=int, default=10_000)
    parser.add_argument("--rss-members", type=int, default=10)
    parser.add_argument("--no-restart", action="store_true")
    args = parser.parse_args(argv)
    print(report(*run_bench(args.groups, args.commits, args.rss_groups, args.rss_members, not args.no_restart)))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
