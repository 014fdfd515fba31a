"""The admin operations the tools are made of, each one request (or one per broker) over tools.client.

Why its own layer: the commands print and parse arguments; these return plain data (dataclasses) that the
``--json`` output and the tests read, so what a table shows and what a script gets come from the same values.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ConsumerGroupDescribeRequest,
    ConsumerProtocolAssignment,
    DeleteGroupsRequest,
    DescribeGroupsRequest,
    ListGroupsRequest,
    ListOffsetsRequest,
    OffsetCommitRequest,
    OffsetDeleteRequest,
    OffsetFetchRequest,
)
from kaflite.tools.client import Client, KafkaError, ToolError

EARLIEST = -2  # ListOffsets' special timestamps (Kafka's ListOffsetsRequest.EARLIEST_TIMESTAMP / LATEST)
LATEST = -1
CONSUMER_GROUP_DESCRIBE = 69

TP = tuple[str, int]

# The states Kafka's ConsumerGroupState knows, in its spelling (--state filters and the STATE column).
GROUP_STATES = ("PreparingRebalance", "CompletingRebalance", "Stable", "Dead", "Empty", "Assigning", "Reconciling")


@dataclass
class GroupListing:
    group_id: str
    protocol_type: str
    state: str  # "" when the broker does not say (ListGroups < v4)
    type: str  # "classic" | "consumer" | "" (ListGroups < v5)


@dataclass
class MemberDescription:
    member_id: str
    group_instance_id: str | None
    client_id: str
    host: str
    assignment: list[TP]
    member_epoch: int | None = None  # consumer (KIP-848) groups
    target_assignment: list[TP] | None = None
    subscribed_topics: list[str] | None = None
    subscribed_topic_regex: str | None = None


@dataclass
class GroupDescription:
    group_id: str
    type: str  # "classic" | "consumer"
    state: str
    protocol_type: str
    assignor: str  # the classic group's protocol (range, cooperative-sticky, ...) or the KIP-848 assignor
    coordinator: tuple[int, str, int]  # id, host, port
    members: list[MemberDescription] = field(default_factory=list)
    group_epoch: int | None = None
    assignment_epoch: int | None = None


def list_groups(client: Client, states: Iterable[str] = (), types: Iterable[str] = ()) -> list[GroupListing]:
    """Every broker's groups (ListGroups is answered per coordinator), filtered by the broker where it can."""
    states, types = list(states), list(types)
    nodes = sorted(client.metadata([]).brokers)
    seen: dict[str, GroupListing] = {}
    for node in nodes:
        resp, version = client.send_versioned(
            lambda v: ListGroupsRequest(states_filter=states, types_filter=types), node=node)
        if resp.error_code:
            raise KafkaError(resp.error_code, "ListGroups")
        for g in resp.groups:
            listing = GroupListing(g.group_id, g.protocol_type, g.group_state, g.group_type)
            if version < 4 and states and listing.state not in states:
                continue
            seen[g.group_id] = listing
    out = sorted(seen.values(), key=lambda g: g.group_id)
    if types:  # brokers before v5 cannot filter by type: a classic group is one with a protocol type
        out = [g for g in out if (g.type or ("classic" if g.protocol_type else "consumer")) in types]
    return out


def list_consumer_groups(client: Client, states: Iterable[str] = ()) -> list[GroupListing]:
    """What kafka-consumer-groups.sh --list shows: groups of the consumer protocol (classic or KIP-848)."""
    return [g for g in list_groups(client, states) if g.protocol_type in ("consumer", "") and g.type != "share"]


def decode_assignment(data: bytes | None) -> list[TP]:
    """The consumer protocol's assignment bytes (int16 version + struct) → sorted (topic, partition)."""
    if not data or len(data) < 2:
        return []
    version = struct.unpack_from(">h", data, 0)[0]
    try:
        a = ConsumerProtocolAssignment.decode(memoryview(data)[2:], min(max(version, 0), 3))
    except ValueError:
        return []
    return sorted((t.topic, p) for t in a.assigned_partitions for p in t.partitions)


def _pairs(assignment: Any) -> list[TP]:
    if assignment is None:
        return []
    return sorted((t.topic_name, p) for t in assignment.topic_partitions for p in t.partitions)


def describe_group(client: Client, group: str) -> GroupDescription:
    """ConsumerGroupDescribe first (KIP-848 groups), DescribeGroups when the group is a classic one or the
    broker does not serve it: what Kafka's admin client does."""
    coordinator = client.coordinator_address(group)
    if CONSUMER_GROUP_DESCRIBE in client.node(coordinator[0]).versions:
        resp = client.to_coordinator(
            group, lambda v: ConsumerGroupDescribeRequest(group_ids=[group]), lambda r: r.groups[0].error_code)
        d = resp.groups[0]
        if d.error_code == 0:
            coordinator = client.coordinator_address(group)
            return GroupDescription(
                group, "consumer", d.group_state, "consumer", d.assignor_name, coordinator,
                [MemberDescription(m.member_id, m.instance_id, m.client_id, m.client_host, _pairs(m.assignment),
                                   m.member_epoch, _pairs(m.target_assignment), list(m.subscribed_topic_names or []),
                                   m.subscribed_topic_regex) for m in d.members],
                d.group_epoch, d.assignment_epoch)
        if d.error_code not in (ErrorCode.GROUP_ID_NOT_FOUND, ErrorCode.UNSUPPORTED_VERSION):
            raise KafkaError(d.error_code, f"ConsumerGroupDescribe of {group!r}", d.error_message)
    resp = client.to_coordinator(group, lambda v: DescribeGroupsRequest(groups=[group]),
                                 lambda r: r.groups[0].error_code)
    g = resp.groups[0]
    if g.error_code == ErrorCode.GROUP_ID_NOT_FOUND:  # DescribeGroups v6 (KIP-1043); older ones answer Dead
        return GroupDescription(group, "classic", "Dead", "", "", client.coordinator_address(group))
    if g.error_code:
        raise KafkaError(g.error_code, f"DescribeGroups of {group!r}", g.error_message)
    consumer = g.protocol_type in ("consumer", "")
    members = [MemberDescription(m.member_id, m.group_instance_id, m.client_id, m.client_host,
                                 decode_assignment(m.member_assignment) if consumer else [])
               for m in g.members]
    return GroupDescription(group, "classic", g.group_state, g.protocol_type, g.protocol_data,
                            client.coordinator_address(group), members)


def committed_offsets(client: Client, group: str) -> dict[TP, int]:
    """Every committed offset of the group (OffsetFetch with all topics), -1 entries left out."""
    def build(version: int) -> OffsetFetchRequest:
        return OffsetFetchRequest(group_id=group, topics=None,
                                  groups=[OffsetFetchRequest.OffsetFetchRequestGroup(group_id=group, topics=None)])

    def error_of(resp: Any) -> int:
        return int(resp.groups[0].error_code if resp.groups else resp.error_code)

    resp = client.to_coordinator(group, build, error_of)
    code = error_of(resp)
    if code:
        raise KafkaError(code, f"OffsetFetch of {group!r}")
    topics = resp.groups[0].topics if resp.groups else resp.topics
    out: dict[TP, int] = {}
    for t in topics:
        for p in t.partitions:
            if p.error_code:
                raise KafkaError(p.error_code, f"OffsetFetch of {group!r} for {t.name}-{p.partition_index}")
            if p.committed_offset >= 0:
                out[(t.name, p.partition_index)] = p.committed_offset
    return out


@dataclass
class ListedOffset:
    offset: int  # -1 when no record matches (a timestamp past the last one)
    timestamp: int
    error: str | None = None


def list_offsets(client: Client, specs: Mapping[TP, int], isolation_level: int = 0) -> dict[TP, ListedOffset]:
    """ListOffsets to each partition's leader: ``spec`` is EARLIEST, LATEST or a timestamp in ms."""
    out: dict[TP, ListedOffset] = {}
    missing: list[TP] = []
    for leader, pairs in client.leaders(specs, missing).items():
        by_topic: dict[str, list[int]] = {}
        for t, p in pairs:
            by_topic.setdefault(t, []).append(p)
        lt, lp = ListOffsetsRequest.ListOffsetsTopic, ListOffsetsRequest.ListOffsetsPartition
        topics = [lt(name=t, partitions=[lp(partition_index=p, timestamp=specs[(t, p)]) for p in ps])
                  for t, ps in by_topic.items()]
        resp = client.send(ListOffsetsRequest(replica_id=-1, isolation_level=isolation_level, topics=topics),
                           node=leader)
        for t in resp.topics:
            for p in t.partitions:
                err = None if p.error_code == 0 else ErrorCode(p.error_code).name
                out[(t.name, p.partition_index)] = ListedOffset(p.offset, p.timestamp, err)
    for tp in missing:  # a deleted topic still in a group's offsets: its log end is unknown ("-")
        out[tp] = ListedOffset(-1, -1, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION.name)
    return out


def offsets_or_fail(client: Client, specs: Mapping[TP, int]) -> dict[TP, int]:
    listed = list_offsets(client, specs)
    for (t, p), lo in listed.items():
        if lo.error:
            raise ToolError(f"ListOffsets of {t}-{p}: {lo.error}")
    return {tp: lo.offset for tp, lo in listed.items()}


def commit_offsets(client: Client, group: str, offsets: Mapping[TP, int]) -> dict[TP, str | None]:
    """OffsetCommit as Kafka's admin alterConsumerGroupOffsets sends it: no member, generation -1 (the group
    must have no active members); returns each partition's error name or None."""
    by_topic: dict[str, list[tuple[int, int]]] = {}
    for (t, p), o in sorted(offsets.items()):
        by_topic.setdefault(t, []).append((p, o))
    ct, cp = OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition

    def build(version: int) -> OffsetCommitRequest:
        return OffsetCommitRequest(
            group_id=group, generation_id_or_member_epoch=-1, member_id="",
            topics=[ct(name=t, partitions=[cp(partition_index=p, committed_offset=o, committed_metadata="")
                                           for p, o in ps]) for t, ps in by_topic.items()])

    def error_of(resp: Any) -> int:
        codes = {p.error_code for t in resp.topics for p in t.partitions}
        return next((c for c in codes if c), 0)

    resp = client.to_coordinator(group, build, error_of)
    return {(t.name, p.partition_index): (ErrorCode(p.error_code).name if p.error_code else None)
            for t in resp.topics for p in t.partitions}


def delete_group(client: Client, group: str) -> str | None:
    """DeleteGroups to the group's coordinator; the error name or None."""
    resp = client.to_coordinator(group, lambda v: DeleteGroupsRequest(groups_names=[group]),
                                 lambda r: r.results[0].error_code)
    code = resp.results[0].error_code
    return ErrorCode(code).name if code else None


def delete_offsets(client: Client, group: str, partitions: Mapping[str, Iterable[int]]
                   ) -> tuple[str | None, dict[TP, str | None]]:
    """OffsetDelete to the group's coordinator (Kafka's admin deleteConsumerGroupOffsets): the top-level error
    name (or None) and each partition's. A top-level error with no partition answered marks every partition."""
    topics = {t: sorted(ps) for t, ps in partitions.items()}

    def build(version: int) -> OffsetDeleteRequest:
        rt, rp = OffsetDeleteRequest.OffsetDeleteRequestTopic, OffsetDeleteRequest.OffsetDeleteRequestPartition
        return OffsetDeleteRequest(group_id=group, topics=[rt(name=t, partitions=[rp(partition_index=p) for p in ps])
                                                           for t, ps in topics.items()])

    resp = client.to_coordinator(group, build, lambda r: r.error_code)
    top = ErrorCode(resp.error_code).name if resp.error_code else None
    out: dict[TP, str | None] = {(t, p): top for t, ps in topics.items() for p in ps}
    for t in resp.topics:
        for p in t.partitions:
            out[(t.name, p.partition_index)] = ErrorCode(p.error_code).name if p.error_code else None
    return top, out
