"""The classic group APIs' answers and the `GroupMetadataValue` record, built from the group model.

Pure functions: the classic manager decides what to answer and write, these say it in Kafka's
shapes at the request's version (the error-only answers are the API table's error column).
"""

from __future__ import annotations

from typing import Any

from kaflite.coordinator.classic.group import ClassicGroup, Member, Protocol
from kaflite.coordinator.classic.state import GroupState
from kaflite.coordinator.records import group_metadata_value
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DescribeGroupsResponse,
    GroupMetadataValue,
    HeartbeatRequest,
    HeartbeatResponse,
    JoinGroupRequest,
    JoinGroupResponse,
    LeaveGroupRequest,
    LeaveGroupResponse,
    SyncGroupRequest,
    SyncGroupResponse,
)

E = ErrorCode


def protocols(req: JoinGroupRequest) -> list[Protocol]:
    return [Protocol(p.name, bytes(p.metadata)) for p in req.protocols]


def join_reason(req: JoinGroupRequest, version: int) -> str:
    return (req.reason if version >= 8 else None) or "not provided"


def rebalance_timeout(req: JoinGroupRequest, version: int) -> int:
    if version >= 1 and req.rebalance_timeout_ms != -1:
        return req.rebalance_timeout_ms
    return req.session_timeout_ms  # v0 has none: Kafka uses the session timeout


def join_response(
    version: int,
    *,
    error: ErrorCode,
    member_id: str = "",
    generation_id: int = -1,
    protocol_type: str | None = None,
    protocol_name: str | None = None,
    leader: str = "",
    members: list[Any] | None = None,
    skip_assignment: bool = False,
) -> JoinGroupResponse:
    return JoinGroupResponse(
        error_code=error,
        generation_id=generation_id,
        protocol_type=protocol_type,
        # Before v7 the protocol name is not nullable on the wire.
        protocol_name=protocol_name if (protocol_name is not None or version >= 7) else "",
        leader=leader,
        skip_assignment=skip_assignment and version >= 9,
        member_id=member_id,
        members=members or [],
    )


def join_success(
    group: ClassicGroup, member: Member, version: int, with_members: bool, skip_assignment: bool = False
) -> JoinGroupResponse:
    """The current generation; the leader (`with_members`) also gets every member's subscription."""
    Cls = JoinGroupResponse.JoinGroupResponseMember
    members = (
        [
            Cls(member_id=m.member_id, group_instance_id=m.group_instance_id, metadata=m.metadata(group.protocol_name))
            for m in group.members.values()
        ]
        if with_members
        else []
    )
    return join_response(
        version,
        error=E.NONE,
        generation_id=group.generation,
        protocol_type=group.protocol_type,
        protocol_name=group.protocol_name,
        leader=group.leader_id or "",
        member_id=member.member_id,
        members=members,
        skip_assignment=skip_assignment,
    )


def sync_response(
    version: int,
    *,
    error: ErrorCode,
    protocol_type: str | None = None,
    protocol_name: str | None = None,
    assignment: bytes = b"",
) -> SyncGroupResponse:
    return SyncGroupResponse(
        error_code=error,
        protocol_type=protocol_type,
        protocol_name=protocol_name,
        assignment=bytes(assignment),
    )


def leave_response(version: int, members: list[Any]) -> LeaveGroupResponse:
    if version >= 3:
        return LeaveGroupResponse(error_code=E.NONE, members=members)
    first = next((m.error_code for m in members if m.error_code != E.NONE), E.NONE)
    return LeaveGroupResponse(error_code=first)


def described_group(group: ClassicGroup) -> DescribeGroupsResponse.DescribedGroup:
    """DescribeGroups' entry: subscriptions, assignments and the protocol only once Stable."""
    DG = DescribeGroupsResponse.DescribedGroup
    DM = DescribeGroupsResponse.DescribedGroupMember
    stable = group.is_in(GroupState.STABLE)
    members = [
        DM(
            member_id=m.member_id,
            group_instance_id=m.group_instance_id,
            client_id=m.client_id,
            client_host=m.client_host,
            member_metadata=m.metadata_or_empty(group.protocol_name) if stable else b"",
            member_assignment=bytes(m.assignment) if stable else b"",
        )
        for m in group.members.values()
    ]
    return DG(
        group_id=group.group_id,
        group_state=group.state_name(),
        protocol_type=group.protocol_type or "",
        protocol_data=(group.protocol_name or "") if stable else "",
        members=members,
    )


def group_metadata_record(group: ClassicGroup, assignment: dict[str, bytes]) -> bytes:
    """The group's `GroupMetadataValue` (v3) with `assignment` per member (B-LOG-1)."""
    members = (
        [
            GroupMetadataValue.MemberMetadata(
                member_id=m.member_id,
                group_instance_id=m.group_instance_id,
                client_id=m.client_id,
                client_host=m.client_host,
                rebalance_timeout=m.rebalance_timeout_ms,
                session_timeout=m.session_timeout_ms,
                subscription=m.metadata_or_empty(group.protocol_name),
                assignment=bytes(assignment.get(m.member_id, b"")),
            )
            for m in group.members.values()
        ]
        if group.protocol_name is not None
        else []
    )
    ts = group.current_state_timestamp_ms
    value = GroupMetadataValue(
        protocol_type=group.protocol_type or "",
        generation=group.generation,
        protocol=group.protocol_name,
        leader=group.leader_id if members else None,
        current_state_timestamp=-1 if ts is None else ts,
        members=members,
    )
    return group_metadata_value(value)


# ====================================================================== error-only answers (the API table)
def join_group_error(req: JoinGroupRequest, version: int, error: ErrorCode) -> JoinGroupResponse:
    return join_response(version, error=error, member_id=req.member_id)


def sync_group_error(req: SyncGroupRequest, version: int, error: ErrorCode) -> SyncGroupResponse:
    return sync_response(version, error=error)


def heartbeat_error(req: HeartbeatRequest, version: int, error: ErrorCode) -> HeartbeatResponse:
    return HeartbeatResponse(error_code=error)


def leave_group_error(req: LeaveGroupRequest, version: int, error: ErrorCode) -> LeaveGroupResponse:
    return LeaveGroupResponse(error_code=error)
