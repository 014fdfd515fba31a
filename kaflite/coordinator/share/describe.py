"""ShareGroupDescribe (SG-DESC-1, GCS l.1241, GMM l.673): answered from memory."""

from __future__ import annotations

from kaflite.coordinator.context import ShardContext
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.share.group import ASSIGNOR_NAME, ShareGroup
from kaflite.protocol.authorized_operations import ALL_GROUP
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ShareGroupDescribeRequest, ShareGroupDescribeResponse

E = ErrorCode
DG = ShareGroupDescribeResponse.DescribedGroup


def describe_share_groups(req: ShareGroupDescribeRequest, ctx: ShardContext,
                          image: MetadataImage) -> ShareGroupDescribeResponse:
    """Each requested group: "" INVALID_GROUP_ID, the partition's error, not found, not a share group, or described
    (members with their current assignment by topic id and name; deleted topics left out)."""
    out = []
    for gid in req.group_ids:
        err = ctx.partition_error(gid) if gid else E.INVALID_GROUP_ID
        group = ctx.groups.get(gid)
        if err is not None:
            out.append(DG(group_id=gid, error_code=err))
        elif group is None:
            out.append(DG(group_id=gid, error_code=E.GROUP_ID_NOT_FOUND, error_message=f"Group {gid} not found."))
        elif not isinstance(group, ShareGroup):
            out.append(DG(group_id=gid, error_code=E.GROUP_ID_NOT_FOUND,
                          error_message=f"Group {gid} is not a share group."))
        else:
            out.append(described(group, image, req.include_authorized_operations))
    return ShareGroupDescribeResponse(groups=out)


def described(group: ShareGroup, image: MetadataImage, include_authorized_operations: bool) -> DG:
    R = ShareGroupDescribeResponse
    members = []
    for m in sorted(group.members.values(), key=lambda m: m.member_id):
        tps = []
        for tid, ps in sorted(m.assigned.items()):
            t = image.topic_by_id(tid)
            if t is not None and ps:
                tps.append(R.TopicPartitions(topic_id=tid, topic_name=t.name, partitions=sorted(ps)))
        members.append(R.Member(member_id=m.member_id, rack_id=m.rack_id, member_epoch=m.member_epoch,
                                client_id=m.client_id, client_host=m.client_host,
                                subscribed_topic_names=list(m.subscribed_topic_names),
                                assignment=R.Assignment(topic_partitions=tps)))
    d = DG(group_id=group.group_id, group_state=group.state_name(), group_epoch=group.group_epoch,
           assignment_epoch=group.assignment_epoch, assignor_name=ASSIGNOR_NAME, members=members)
    if include_authorized_operations:  # without ACLs: all a group supports
        d.authorized_operations = ALL_GROUP
    return d


def describe_error(req: ShareGroupDescribeRequest, version: int, error: ErrorCode) -> ShareGroupDescribeResponse:
    return ShareGroupDescribeResponse(groups=[DG(group_id=g, error_code=error) for g in req.group_ids])
