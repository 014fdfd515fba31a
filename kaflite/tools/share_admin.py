"""The share-group (KIP-932) admin operations of ``kaflite share-groups``, each one request over tools.client, as
Kafka's Admin client sends them (SA-LIST-1): ``listGroups`` with type share, ``describeShareGroups`` =
ShareGroupDescribe (77), ``listShareGroupOffsets`` = DescribeShareGroupOffsets (90 v1), ``alterShareGroupOffsets``
= AlterShareGroupOffsets (91), ``deleteShareGroupOffsets`` = DeleteShareGroupOffsets (92), ``deleteShareGroups`` =
DeleteGroups (42).

Plain data back (dataclasses), as tools/admin.py's: the tables and ``--json`` are made from the same values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AlterShareGroupOffsetsRequest,
    DeleteShareGroupOffsetsRequest,
    DescribeShareGroupOffsetsRequest,
    ShareGroupDescribeRequest,
)
from kaflite.tools.admin import TP, GroupListing, list_groups
from kaflite.tools.client import Client, KafkaError

#: GroupState.groupStatesForType(SHARE), in Kafka's spelling.
SHARE_GROUP_STATES = ("Stable", "Dead", "Empty")


@dataclass
class ShareMember:
    member_id: str
    rack_id: str | None
    client_id: str
    host: str
    member_epoch: int
    subscribed_topics: list[str]
    assignment: list[TP]


@dataclass
class ShareGroupDescription:
    group_id: str
    state: str
    group_epoch: int
    assignment_epoch: int
    assignor: str
    coordinator: tuple[int, str, int]  # id, host, port
    members: list[ShareMember] = field(default_factory=list)


@dataclass
class SharePartitionOffset:
    """One partition of DescribeShareGroupOffsets: StartOffset -1 (or an error) means no offset information."""

    topic: str
    partition: int
    start_offset: int | None
    leader_epoch: int | None
    lag: int | None
    error: str | None = None


class ShareGroupError(KafkaError):
    """An error code the broker answered for a group, with its message (Kafka's tool prints the message)."""

    def __init__(self, code: int, context: str, message: str | None) -> None:
        super().__init__(code, context, message)
        self.message = message


def list_share_groups(client: Client, states: Iterable[str] = ()) -> list[GroupListing]:
    """ListGroups with the type filter ``share`` (Kafka's ListGroupsOptions.forShareGroups)."""
    return list_groups(client, states, ["share"])


def describe_share_group(client: Client, group: str) -> ShareGroupDescription:
    """ShareGroupDescribe to the group's coordinator; a group that does not exist (or is no share group) is a
    ShareGroupError with the broker's message (GROUP_ID_NOT_FOUND: ``Group g not found.``)."""
    resp = client.to_coordinator(group, lambda v: ShareGroupDescribeRequest(group_ids=[group]),
                                 lambda r: r.groups[0].error_code)
    d = resp.groups[0]
    if d.error_code:
        raise ShareGroupError(d.error_code, f"ShareGroupDescribe of {group!r}", d.error_message)
    members = []
    for m in d.members:
        pairs = sorted((t.topic_name, p) for t in (m.assignment.topic_partitions or []) for p in t.partitions)
        members.append(ShareMember(m.member_id, m.rack_id, m.client_id, m.client_host, m.member_epoch,
                                   list(m.subscribed_topic_names or []), pairs))
    return ShareGroupDescription(group, d.group_state, d.group_epoch, d.assignment_epoch, d.assignor_name,
                                 client.coordinator_address(group), members)


def share_group_offsets(client: Client, group: str) -> list[SharePartitionOffset]:
    """DescribeShareGroupOffsets of every share partition the group has state for (Topics null), sorted."""
    req_group = DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup

    def build(version: int) -> DescribeShareGroupOffsetsRequest:
        return DescribeShareGroupOffsetsRequest(groups=[req_group(group_id=group, topics=None)])

    resp = client.to_coordinator(group, build, lambda r: r.groups[0].error_code if r.groups else 0)
    g = resp.groups[0]
    if g.error_code:
        raise ShareGroupError(g.error_code, f"DescribeShareGroupOffsets of {group!r}", g.error_message)
    out = []
    for t in g.topics:
        for p in t.partitions:
            err = ErrorCode(p.error_code).name if p.error_code else None
            known = err is None and p.start_offset >= 0
            lag = getattr(p, "lag", -1)
            out.append(SharePartitionOffset(t.topic_name, p.partition_index, p.start_offset if known else None,
                                            p.leader_epoch if known and p.leader_epoch >= 0 else None,
                                            lag if known and lag >= 0 else None, err))
    return sorted(out, key=lambda o: (o.topic, o.partition))


def alter_share_group_offsets(client: Client, group: str, offsets: Mapping[TP, int]
                              ) -> tuple[str | None, str | None, dict[TP, str | None]]:
    """AlterShareGroupOffsets: (top-level error name, its message, each partition's error name or None)."""
    by_topic: dict[str, list[tuple[int, int]]] = {}
    for (t, p), o in sorted(offsets.items()):
        by_topic.setdefault(t, []).append((p, o))
    rt = AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestTopic
    rp = AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestPartition

    def build(version: int) -> AlterShareGroupOffsetsRequest:
        return AlterShareGroupOffsetsRequest(group_id=group, topics=[
            rt(topic_name=t, partitions=[rp(partition_index=p, start_offset=o) for p, o in ps])
            for t, ps in by_topic.items()])

    resp = client.to_coordinator(group, build, lambda r: r.error_code)
    top = ErrorCode(resp.error_code).name if resp.error_code else None
    out: dict[TP, str | None] = dict.fromkeys(offsets, top)
    for t in resp.responses:
        for p in t.partitions:
            out[(t.topic_name, p.partition_index)] = ErrorCode(p.error_code).name if p.error_code else None
    return top, resp.error_message, out


@dataclass
class DeleteOffsetsResult:
    error: str | None  # the top-level error name
    message: str | None
    topics: dict[str, tuple[str | None, str | None]]  # topic -> (error name, message)


def delete_share_group_offsets(client: Client, group: str, topics: Iterable[str]) -> DeleteOffsetsResult:
    """DeleteShareGroupOffsets of whole topics (the API has no partitions)."""
    names = sorted(set(topics))
    rt = DeleteShareGroupOffsetsRequest.DeleteShareGroupOffsetsRequestTopic

    def build(version: int) -> DeleteShareGroupOffsetsRequest:
        return DeleteShareGroupOffsetsRequest(group_id=group, topics=[rt(topic_name=t) for t in names])

    resp = client.to_coordinator(group, build, lambda r: r.error_code)
    top = ErrorCode(resp.error_code).name if resp.error_code else None
    results: dict[str, tuple[str | None, str | None]] = {t: (top, resp.error_message) for t in names}
    for t in resp.responses:
        results[t.topic_name] = (ErrorCode(t.error_code).name if t.error_code else None, t.error_message)
    return DeleteOffsetsResult(top, resp.error_message, results)


def error_text(name: str | None, message: str | None) -> str:
    """An error as Kafka's exception message: the broker's message, else Errors.message() of the code."""
    if message:
        return message
    return _DEFAULT_MESSAGES.get(name or "", name or "")


# Errors.message() of the codes the share admin APIs answer (the message a Java exception carries without one).
_DEFAULT_MESSAGES = {
    "GROUP_ID_NOT_FOUND": "The group id does not exist.",
    "NON_EMPTY_GROUP": "The group is not empty.",
    "INVALID_GROUP_ID": "The configured groupId is invalid.",
    "GROUP_AUTHORIZATION_FAILED": "Not authorized to access group: Group authorization failed.",
    "TOPIC_AUTHORIZATION_FAILED": "Topic authorization failed.",
    "UNKNOWN_TOPIC_OR_PARTITION": "This server does not host this topic-partition.",
    "UNSUPPORTED_VERSION": "The version of API is not supported.",
}

# Kafka's exception class of each code, for "... failed due to org.apache.kafka.common.errors.X: message".
EXCEPTIONS = {
    "GROUP_ID_NOT_FOUND": "GroupIdNotFoundException",
    "NON_EMPTY_GROUP": "GroupNotEmptyException",
    "INVALID_GROUP_ID": "InvalidGroupIdException",
    "GROUP_AUTHORIZATION_FAILED": "GroupAuthorizationException",
    "TOPIC_AUTHORIZATION_FAILED": "TopicAuthorizationException",
    "UNKNOWN_TOPIC_OR_PARTITION": "UnknownTopicOrPartitionException",
    "UNSUPPORTED_VERSION": "UnsupportedVersionException",
    "COORDINATOR_NOT_AVAILABLE": "CoordinatorNotAvailableException",
}


def exception_text(name: str | None, message: str | None) -> str:
    """``org.apache.kafka.common.errors.GroupIdNotFoundException: Group g not found.`` (Throwable.toString)."""
    cls = EXCEPTIONS.get(name or "")
    text = error_text(name, message)
    return f"org.apache.kafka.common.errors.{cls}: {text}" if cls else text

