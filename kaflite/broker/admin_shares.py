"""Share groups (KIP-932) as the admin endpoint, the test kit, the console and /metrics see them: the share partitions
this broker holds in memory (records in flight by state, who holds what, delivery counts), DescribeShareGroupOffsets
as data, and the test kit's "expire the locks now".

Why a module of its own: the share-fetch path (``shares``/``share_fetch``) serves clients and keeps no views; these
read its state (``ShareHandler.partitions``) at the moment they are asked, so the request path pays nothing.
"""

from __future__ import annotations

import base64
from collections import Counter
from typing import Any

from kaflite.broker.groups import GroupHandler
from kaflite.broker.share_fetch import ShareKey
from kaflite.broker.shares import ShareHandler
from kaflite.coordinator.result import RequestContext
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import DescribeShareGroupOffsetsRequest
from kaflite.share.state import RecordState

#: The record states by Kafka's RecordState names, lower case (the JSON keys and the metrics' ``state`` label).
STATES = tuple(s.name.lower() for s in RecordState)


def share_partition_json(shares: ShareHandler, key: ShareKey, topic: str, sp: Any) -> dict[str, Any]:
    """One loaded share partition: its start and end offsets, records in flight by state, who holds what and
    the delivery counts of the records still in flight (KIP-932's SPSO/SPEO window)."""
    by_state: Counter[str] = Counter()
    holders: Counter[str] = Counter()
    deliveries: Counter[int] = Counter()
    for _offset, s in sp.states():
        by_state[s.state.name.lower()] += 1
        deliveries[s.delivery_count] += 1
        if s.state is RecordState.ACQUIRED:
            holders[s.member_id] += 1
    plog = shares.logs.get_log(topic, key.partition)
    hwm = None if plog is None else plog.high_watermark
    complete = sp.delivery_complete_count()
    topic_id = base64.urlsafe_b64encode(key.topic_id).decode().rstrip("=")  # Kafka's Uuid.toString
    return {"group_id": key.group_id, "topic": topic, "topic_id": topic_id, "partition": key.partition,
            "start_offset": sp.start_offset, "end_offset": sp.end_offset, "in_flight": sp.in_flight_count(),
            "next_fetch_offset": sp.next_fetch_offset(), "high_watermark": hwm,
            "lag": None if hwm is None else max(0, hwm - sp.start_offset - complete),
            "records": {state: by_state.get(state, 0) for state in STATES},
            "acquired_by": dict(sorted(holders.items())),
            "delivery_counts": {str(k): v for k, v in sorted(deliveries.items())}}


def share_partitions(shares: ShareHandler | None, group_id: str | None = None) -> list[dict[str, Any]]:
    """Every share partition loaded here (of ``group_id``, or of every group), by group, topic and partition.

    Loaded means a member fetched it since the group last had no share session on this broker (SP-PERSIST-2):
    a partition nobody fetches is in ``__share_group_state`` only (``share_group_offsets`` reads that)."""
    if shares is None:
        return []
    out = []
    for key, entry in list(shares.partitions.entries.items()):
        if (group_id is None or key.group_id == group_id) and entry.sp is not None:
            out.append(share_partition_json(shares, key, entry.topic, entry.sp))
    return sorted(out, key=lambda d: (d["group_id"], d["topic"], d["partition"]))


async def share_group_offsets(groups: GroupHandler, group_id: str) -> list[dict[str, Any]]:
    """DescribeShareGroupOffsets v1 of the group (every initialized share partition, SA-OFF-1), as the
    coordinator answers it: start offset, leader epoch and lag (None where it answers -1)."""
    req = DescribeShareGroupOffsetsRequest(groups=[
        DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup(group_id=group_id, topics=None)])
    resp = await groups.service.describe_share_group_offsets(req, 1, RequestContext(client_id="kaflite-admin"))
    g = resp.groups[0]
    if g.error_code:
        raise ValueError(f"{ErrorCode(g.error_code).name}: {g.error_message or ''}".rstrip(": "))
    return sorted(({"topic": t.topic_name, "partition": p.partition_index,
                    "start_offset": p.start_offset if p.start_offset >= 0 else None,
                    "leader_epoch": p.leader_epoch if p.start_offset >= 0 else None,
                    "lag": p.lag if p.lag >= 0 else None,
                    "error": ErrorCode(p.error_code).name if p.error_code else None}
                   for t in g.topics for p in t.partitions), key=lambda d: (d["topic"], d["partition"]))


async def expire_share_locks(shares: ShareHandler | None, group_id: str, member_id: str | None = None) -> int:
    """The acquisition locks of the group's records (a member's, or every member's) run out now: each ACQUIRED
    record goes back to AVAILABLE, or to ARCHIVED at the delivery limit, written to the share coordinator as a
    lock timeout's release is (SP-LOCK-1); the same delivery count. Returns how many records were released."""
    if shares is None:
        return 0
    released = 0
    for key, entry in list(shares.partitions.entries.items()):
        if key.group_id != group_id or entry.sp is None:
            continue
        holders = Counter(s.member_id for _, s in entry.sp.states() if s.state is RecordState.ACQUIRED)
        for member, n in holders.items():
            if member_id is None or member == member_id:
                await shares.partitions.release_member(key, member)
                released += n
    return released
