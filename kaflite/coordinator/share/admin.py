"""The shard's part of the share-group offset admin APIs (SA-OFF-2/3): the checks and the (15) records; the
service runs the share coordinator's part (SC-INIT-1, SC-DEL-1) once they are durable, then the closing (15).

Each operation answers with what it already knows (top-level errors, unknown topics and partitions); the
service completes the answer of the partitions handed to the share coordinator.
"""

from __future__ import annotations

from typing import Any

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.result import Token
from kaflite.coordinator.share import records as rec
from kaflite.coordinator.share.group import ShareGroup
from kaflite.coordinator.share.manager import ShareGroupManager
from kaflite.coordinator.share.members import Deletion, Initialization
from kaflite.coordinator.share.records import StatePartitionMetadata, TopicPartitions
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    AlterShareGroupOffsetsRequest,
    AlterShareGroupOffsetsResponse,
    DeleteShareGroupOffsetsRequest,
    DeleteShareGroupOffsetsResponse,
    DescribeShareGroupOffsetsRequest,
    DescribeShareGroupOffsetsResponse,
)

E = ErrorCode
NOT_HOSTED = "This server does not host this topic-partition."
NO_OFFSETS = "There is no offset information to delete."


def _group_error(share: ShareGroupManager, gid: str, create: bool) -> tuple[ErrorCode, str | None] | None:
    if not gid:
        return E.INVALID_GROUP_ID, None
    err = share.ctx.partition_error(gid)
    if err is not None:
        return err, None
    share.ctx.touch(gid)
    group = share.ctx.groups.get(gid)
    if group is None:
        return None if create else (E.GROUP_ID_NOT_FOUND, f"Group {gid} not found.")
    if not isinstance(group, ShareGroup):
        return E.GROUP_ID_NOT_FOUND, f"Group {gid} is not a share group."
    if group.members:
        return E.NON_EMPTY_GROUP, "The group is not empty."
    return None


def alter_offsets(share: ShareGroupManager, req: AlterShareGroupOffsetsRequest, token: Token) -> None:
    """SA-OFF-2: unknown topics/partitions answered 3; the valid ones (15) Initializing, then (follow-up) SC-INIT-1
    with the requested StartOffset and (15) Initialized. No group: created by its (15) (Empty, epoch 0)."""
    gid = req.group_id
    R = AlterShareGroupOffsetsResponse
    failed = _group_error(share, gid, create=True)
    if failed is not None:
        share.ctx.respond(token, R(error_code=failed[0], error_message=failed[1]))
        return
    image = share.metadata
    topics: list[Any] = []
    valid: dict[TopicId, dict[int, int]] = {}
    names: dict[TopicId, str] = {}
    for t in req.topics:
        meta = image.topic(t.topic_name)
        parts = []
        for pd in t.partitions:
            ok = meta is not None and 0 <= pd.partition_index < meta.num_partitions
            parts.append(R.AlterShareGroupOffsetsResponsePartition(
                partition_index=pd.partition_index, error_code=E.NONE if ok else E.UNKNOWN_TOPIC_OR_PARTITION,
                error_message=None if ok else NOT_HOSTED))
            if ok and meta is not None:
                valid.setdefault(meta.topic_id, {})[pd.partition_index] = pd.start_offset
                names[meta.topic_id] = meta.name
        topics.append(R.AlterShareGroupOffsetsResponseTopic(
            topic_name=t.topic_name, topic_id=meta.topic_id if meta is not None else bytes(16), partitions=parts))
    group = share.ctx.groups.get(gid)
    assert group is None or isinstance(group, ShareGroup)
    if valid:
        initializing = dict(group.initializing) if group is not None else {}
        initialized = dict(group.initialized) if group is not None else {}
        for tid, ps in valid.items():
            old = initializing.get(tid)
            initializing[tid] = TopicPartitions(names[tid], (old.partitions if old else frozenset()) | set(ps))
            done = initialized.get(tid)
            if done is not None:
                rest = done.partitions - set(ps)
                if rest:
                    initialized[tid] = TopicPartitions(done.topic_name, rest)
                else:
                    del initialized[tid]
        deleting = {t: n for t, n in (group.deleting.items() if group is not None else ()) if t not in valid}
        md = StatePartitionMetadata(initializing, initialized, deleting)
        share.ctx.append(gid, rec.state_partition_metadata_key(gid), rec.state_partition_metadata_value(md))
        group = share.ctx.groups[gid]
        assert isinstance(group, ShareGroup)
        now = share.ctx.now()
        for tid, ps in valid.items():
            for p in ps:
                group.initializing_since[(tid, p)] = now
        share.initializations.append(Initialization(gid, group.group_epoch, valid))
    share.ctx.respond(token, R(responses=topics))


def delete_offsets(share: ShareGroupManager, req: DeleteShareGroupOffsetsRequest, token: Token) -> None:
    """SA-OFF-3: unknown topic 3; a topic without initialized state 3 (no offsets); the others (15) Deleting,
    then (follow-up) their state deleted (SC-DEL-1) and (15) without them (`offsets_deleted`)."""
    gid = req.group_id
    R = DeleteShareGroupOffsetsResponse
    failed = _group_error(share, gid, create=False)
    if failed is not None:
        share.ctx.respond(token, R(error_code=failed[0], error_message=failed[1]))
        return
    group = share.ctx.groups[gid]
    assert isinstance(group, ShareGroup)
    out = []
    deleting: dict[TopicId, str] = {}
    for t in req.topics:
        meta = share.metadata.topic(t.topic_name)
        if meta is None:
            out.append(R.DeleteShareGroupOffsetsResponseTopic(topic_name=t.topic_name,
                                                              error_code=E.UNKNOWN_TOPIC_OR_PARTITION,
                                                              error_message=NOT_HOSTED))
        elif meta.topic_id not in group.initialized:
            out.append(R.DeleteShareGroupOffsetsResponseTopic(topic_name=t.topic_name, topic_id=meta.topic_id,
                                                              error_code=E.UNKNOWN_TOPIC_OR_PARTITION,
                                                              error_message=NO_OFFSETS))
        else:
            out.append(R.DeleteShareGroupOffsetsResponseTopic(topic_name=t.topic_name, topic_id=meta.topic_id))
            deleting[meta.topic_id] = meta.name
    if deleting:
        parts = {t: group.initialized_partitions(t) for t in deleting}
        md = StatePartitionMetadata(dict(group.initializing),
                                    {t: tp for t, tp in group.initialized.items() if t not in deleting},
                                    {**group.deleting, **deleting})
        share.ctx.append(gid, rec.state_partition_metadata_key(gid), rec.state_partition_metadata_value(md))
        share.deletions.append(Deletion(gid, parts))
    share.ctx.respond(token, R(responses=out))


def offsets_deleted(share: ShareGroupManager, group_id: str, topic_ids: frozenset[TopicId]) -> None:
    """SA-OFF-3's last step: (15) without the topics whose state was deleted."""
    group = share.ctx.groups.get(group_id)
    if not isinstance(group, ShareGroup) or share.ctx.partition_error(group_id) is not None:
        return
    if not any(t in group.deleting for t in topic_ids):
        return
    share.ctx.touch(group_id)
    md = StatePartitionMetadata(dict(group.initializing), dict(group.initialized),
                                {t: n for t, n in group.deleting.items() if t not in topic_ids})
    share.ctx.append(group_id, rec.state_partition_metadata_key(group_id), rec.state_partition_metadata_value(md))


def initialized_topics(share: ShareGroupManager, group_id: str) -> dict[TopicId, TopicPartitions]:
    """SA-OFF-1 with Topics null: the group's Initialized partitions ({} for no share group)."""
    group = share.ctx.groups.get(group_id)
    return dict(group.initialized) if isinstance(group, ShareGroup) else {}


# ====================================================================== error-only answers (the API table)
def describe_offsets_error(req: DescribeShareGroupOffsetsRequest, version: int,
                           error: ErrorCode) -> DescribeShareGroupOffsetsResponse:
    G = DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseGroup
    return DescribeShareGroupOffsetsResponse(groups=[G(group_id=g.group_id, error_code=error) for g in req.groups])


def alter_offsets_error(req: AlterShareGroupOffsetsRequest, version: int,
                        error: ErrorCode) -> AlterShareGroupOffsetsResponse:
    return AlterShareGroupOffsetsResponse(error_code=error)


def delete_offsets_error(req: DeleteShareGroupOffsetsRequest, version: int,
                         error: ErrorCode) -> DeleteShareGroupOffsetsResponse:
    return DeleteShareGroupOffsetsResponse(error_code=error)
