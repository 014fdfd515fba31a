"""The answers of the APIs that span group types (DescribeGroups, ListGroups, and the error-only answers of
DescribeGroups, ListGroups and DeleteGroups the API table and the runtime send)."""

from __future__ import annotations

from collections.abc import Callable

from kaflite.coordinator.context import PartitionStatus, ShardContext
from kaflite.coordinator.group import Group
from kaflite.protocol.authorized_operations import ALL_GROUP
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DeleteGroupsRequest,
    DeleteGroupsResponse,
    DescribeGroupsRequest,
    DescribeGroupsResponse,
    ListGroupsRequest,
    ListGroupsResponse,
)

E = ErrorCode


def list_groups(ctx: ShardContext, request: ListGroupsRequest, version: int) -> ListGroupsResponse:
    """Every group of an active partition, filtered by state (v4+) and type (v5+: classic, consumer, share)."""
    states = {s.lower() for s in request.states_filter} if version >= 4 else set()
    types = {t.lower() for t in request.types_filter} if version >= 5 else set()
    error = E.COORDINATOR_LOAD_IN_PROGRESS if ctx.any_loading() else E.NONE
    LG = ListGroupsResponse.ListedGroup
    listed = []
    for g in ctx.groups.values():
        if types and g.group_type.value not in types:
            continue
        if states and g.state_name().lower() not in states:
            continue
        partition = ctx.partition_for(g.group_id)
        if ctx.partition_status(partition) is not PartitionStatus.ACTIVE or not ctx.coordinated(partition):
            continue
        listed.append(
            LG(
                group_id=g.group_id,
                protocol_type=g.protocol_type or "",
                group_state=g.state_name(),
                group_type=g.group_type.value,
            )
        )
    return ListGroupsResponse(error_code=error, groups=listed)


def describe_groups(ctx: ShardContext, request: DescribeGroupsRequest, version: int,
                    describe: Callable[[Group, int], DescribeGroupsResponse.DescribedGroup]) -> DescribeGroupsResponse:
    """Each group as its type describes it (`describe`: a classic group's members, Dead for the others), Dead for
    an unknown one (v6+: GROUP_ID_NOT_FOUND), the partition's error while it is not active."""
    DG = DescribeGroupsResponse.DescribedGroup
    described = []
    for group_id in request.groups:
        err = ctx.partition_error(group_id)
        group = ctx.groups.get(group_id)
        if err is not None:
            described.append(DG(group_id=group_id, error_code=err))
        elif group is None:
            d = DG(group_id=group_id, group_state="Dead")
            if version >= 6:
                d.error_code = E.GROUP_ID_NOT_FOUND
                d.error_message = f"Group {group_id} not found."
            described.append(d)
        else:
            described.append(describe(group, version))
    if version >= 3 and request.include_authorized_operations:  # without ACLs: all a group supports
        for d in described:
            if d.error_code == E.NONE:
                d.authorized_operations = ALL_GROUP
    return DescribeGroupsResponse(groups=described)


def describe_as_classic(group: Group, version: int) -> DescribeGroupsResponse.DescribedGroup:
    """CG-API-4, SG-API-4: DescribeGroups of a consumer or share group: Dead; v6 adds GROUP_ID_NOT_FOUND."""
    d = DescribeGroupsResponse.DescribedGroup(group_id=group.group_id, group_state="Dead")
    if version >= 6:
        d.error_code = E.GROUP_ID_NOT_FOUND
        d.error_message = f"Group {group.group_id} is not a classic group."
    return d


# ====================================================================== error-only answers (the API table)
def describe_groups_error(req: DescribeGroupsRequest, version: int, error: ErrorCode) -> DescribeGroupsResponse:
    DG = DescribeGroupsResponse.DescribedGroup
    return DescribeGroupsResponse(groups=[DG(group_id=g, error_code=error) for g in req.groups])


def list_groups_error(req: ListGroupsRequest, version: int, error: ErrorCode) -> ListGroupsResponse:
    return ListGroupsResponse(error_code=error)


def delete_groups_error(req: DeleteGroupsRequest, version: int, error: ErrorCode) -> DeleteGroupsResponse:
    R = DeleteGroupsResponse.DeletableGroupResult
    return DeleteGroupsResponse(results=[R(group_id=g, error_code=error) for g in req.groups_names])
