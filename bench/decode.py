"""Decode cost of the hot requests (Produce, Fetch, OffsetCommit, Metadata, JoinGroup), in µs each.

Why: the generated readers run on every request, so a check added to them (nullability, bounds)
must be measured, not assumed cheap. Pure CPU, no broker: ``python bench/decode.py [--number N]``.
"""

from __future__ import annotations

import argparse
import functools
import sys
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kaflite.protocol import records as R
from kaflite.protocol.messages import (
    FetchRequest,
    JoinGroupRequest,
    MetadataRequest,
    OffsetCommitRequest,
    ProduceRequest,
)


def samples() -> list[tuple[str, Any, int]]:
    """(label, request, version): realistic shapes, as clients send them."""
    batch = R.build_batch([R.NewRecord(key=b"k%d" % i, value=b"v" * 100) for i in range(10)],
                          timestamp_ms=1_700_000_000_000)
    produce = ProduceRequest(acks=-1, timeout_ms=30000, topic_data=[
        ProduceRequest.TopicProduceData(name=f"topic-{t}", partition_data=[
            ProduceRequest.PartitionProduceData(index=p, records=batch) for p in range(4)])
        for t in range(2)])
    fetch = FetchRequest(max_wait_ms=500, min_bytes=1, max_bytes=52428800, topics=[
        FetchRequest.FetchTopic(topic=f"topic-{t}", topic_id=bytes(16), partitions=[
            FetchRequest.FetchPartition(partition=p, fetch_offset=1000, partition_max_bytes=1048576)
            for p in range(8)]) for t in range(4)])
    commit = OffsetCommitRequest(group_id="group", generation_id_or_member_epoch=3, member_id="member-1",
                                 topics=[OffsetCommitRequest.OffsetCommitRequestTopic(name=f"topic-{t}", partitions=[
                                     OffsetCommitRequest.OffsetCommitRequestPartition(
                                         partition_index=p, committed_offset=1000, committed_metadata="")
                                     for p in range(8)]) for t in range(2)])
    metadata = MetadataRequest(topics=[MetadataRequest.MetadataRequestTopic(name=f"topic-{t}") for t in range(10)])
    join = JoinGroupRequest(group_id="group", session_timeout_ms=10000, rebalance_timeout_ms=30000,
                            member_id="", protocol_type="consumer", protocols=[
                                JoinGroupRequest.JoinGroupRequestProtocol(name="range", metadata=b"x" * 40)])
    return [("Produce v9 (8 batches)", produce, 9), ("Produce v3 (8 batches)", produce, 3),
            ("Fetch v12 (32 partitions)", fetch, 12), ("Fetch v4 (32 partitions)", fetch, 4),
            ("OffsetCommit v8 (16 partitions)", commit, 8), ("OffsetCommit v2 (16 partitions)", commit, 2),
            ("Metadata v12 (10 topics)", metadata, 12), ("Metadata v1 (10 topics)", metadata, 1),
            ("JoinGroup v9", join, 9), ("JoinGroup v5", join, 5)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--number", type=int, default=20000, help="decodes per timing (default 20000)")
    ap.add_argument("--repeat", type=int, default=5, help="timings per request; the best counts (default 5)")
    args = ap.parse_args(argv)
    print(f"{'request':34} {'bytes':>6} {'µs/decode':>10}")
    for label, request, version in samples():
        frame = request.encode(version)
        decode = functools.partial(type(request).decode, frame, version)
        best = min(timeit.repeat(decode, number=args.number, repeat=args.repeat))
        print(f"{label:34} {len(frame):6d} {best / args.number * 1e6:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
