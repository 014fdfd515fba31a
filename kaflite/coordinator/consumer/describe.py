"""ConsumerGroupDescribe (CG-DESC-1/2): a read of the shard's consumer groups, built for the wire."""

from __future__ import annotations

from typing import Any

from kaflite.coordinator.consumer.group import EMPTY_ASSIGNMENT, Assignment, ConsumerGroup
from kaflite.coordinator.consumer.target import preferred_assignor
from kaflite.coordinator.context import ShardContext
from kaflite.coordinator.metadata import MetadataImage
from kaflite.protocol.authorized_operations import ALL_GROUP, OMITTED
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse

E = ErrorCode


def describe_consumer_groups(req: ConsumerGroupDescribeRequest, ctx: ShardContext,
                             metadata: MetadataImage) -> ConsumerGroupDescribeResponse:
    """Each requested group: the partition's error, not found, not a consumer group, or the group described."""
    DG = ConsumerGroupDescribeResponse.DescribedGroup
    out = []
    for gid in req.group_ids:
        if not gid:
            out.append(DG(group_id=gid, error_code=E.INVALID_GROUP_ID))
            continue
        err = ctx.partition_error(gid)
        group = ctx.groups.get(gid)
        if err is not None:
            out.append(DG(group_id=gid, error_code=err))
        elif group is None:
            out.append(DG(group_id=gid, error_code=E.GROUP_ID_NOT_FOUND, error_message=f"Group {gid} not found."))
        elif not isinstance(group, ConsumerGroup):
            out.append(DG(group_id=gid, error_code=E.GROUP_ID_NOT_FOUND,
                          error_message=f"Group {gid} is not a consumer group."))
        else:
            out.append(_describe_group(group, req.include_authorized_operations, ctx, metadata))
    return ConsumerGroupDescribeResponse(groups=out)


def _describe_group(group: ConsumerGroup, authorized: bool, ctx: ShardContext,
                    metadata: MetadataImage) -> ConsumerGroupDescribeResponse.DescribedGroup:
    R = ConsumerGroupDescribeResponse
    members = []
    for m in sorted(group.members.values(), key=lambda m: m.member_id):
        members.append(R.Member(
            member_id=m.member_id, instance_id=m.instance_id, rack_id=m.rack_id, member_epoch=m.member_epoch,
            client_id=m.client_id, client_host=m.client_host,
            subscribed_topic_names=list(m.subscribed_topic_names),
            subscribed_topic_regex=m.subscribed_topic_regex or None,
            assignment=R.Assignment(topic_partitions=_describe_partitions(m.assigned, metadata)),
            target_assignment=R.Assignment(topic_partitions=_describe_partitions(
                group.target.get(m.member_id, EMPTY_ASSIGNMENT), metadata)),
            member_type=0 if m.use_classic_protocol else 1,
        ))
    return R.DescribedGroup(
        group_id=group.group_id, group_state=group.state.value, group_epoch=group.group_epoch,
        assignment_epoch=group.assignment_epoch,
        assignor_name=preferred_assignor(group.members.values(), ctx.config.group_consumer_assignors),
        members=members,
        authorized_operations=ALL_GROUP if authorized else OMITTED,  # (kaflite.broker.authz: with ACLs)
    )


def _describe_partitions(a: Assignment, metadata: MetadataImage) -> list[Any]:
    TP = ConsumerGroupDescribeResponse.TopicPartitions
    out = []
    for tid, ps in a.items():
        t = metadata.topic_by_id(tid)
        if t is not None and ps:  # deleted topics are left out
            out.append(TP(topic_id=tid, topic_name=t.name, partitions=sorted(ps)))
    out.sort(key=lambda tp: tp.topic_name)
    return out


def describe_error(req: ConsumerGroupDescribeRequest, version: int, error: ErrorCode) -> ConsumerGroupDescribeResponse:
    DG = ConsumerGroupDescribeResponse.DescribedGroup
    return ConsumerGroupDescribeResponse(groups=[DG(group_id=g, error_code=error) for g in req.group_ids])
