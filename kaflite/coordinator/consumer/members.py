"""The steps of a ConsumerGroupHeartbeat that are pure functions of a member and its group: the epoch checks
(CG-EP-1, CG-EP-4), static membership (CG-ST-3), reconciliation (CG-RC-*), the member's records and the answer's
assignment; the request's validation (CG-VAL-1..4) and the heartbeat's error answer. consumer/manager.py runs them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.consumer import records as rec
from kaflite.coordinator.consumer.group import (
    EMPTY_ASSIGNMENT,
    LEAVE_GROUP_MEMBER_EPOCH,
    LEAVE_GROUP_STATIC_MEMBER_EPOCH,
    Assignment,
    ClassicMemberMetadata,
    ConsumerGroup,
    ConsumerGroupMember,
)
from kaflite.coordinator.consumer.reconcile import FencedMemberError, reconcile
from kaflite.coordinator.group import Group
from kaflite.coordinator.records import Record
from kaflite.coordinator.result import RequestContext
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
    ConsumerGroupMemberMetadataValue,
)

E = ErrorCode


class HeartbeatError(Exception):
    """An error answer: code and Kafka's message; nothing of the request is written."""

    def __init__(self, code: ErrorCode, message: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def validate_heartbeat(req: ConsumerGroupHeartbeatRequest, version: int, supported: Sequence[str]) -> None:
    """CG-VAL-1..4, before any lookup (GroupCoordinatorService l.406-441); `supported`: group.consumer.assignors."""
    epoch = req.member_epoch

    def invalid(message: str) -> HeartbeatError:
        return HeartbeatError(E.INVALID_REQUEST, message)

    if (version >= 1 or epoch > 0 or epoch == LEAVE_GROUP_MEMBER_EPOCH) and not req.member_id.strip():
        raise invalid("MemberId can't be empty.")
    if not req.group_id.strip():
        raise invalid("GroupId can't be empty.")
    if req.instance_id is not None and not req.instance_id.strip():
        raise invalid("InstanceId can't be empty.")
    if req.rack_id is not None and not req.rack_id.strip():
        raise invalid("RackId can't be empty.")
    if epoch == 0:
        if req.rebalance_timeout_ms == -1:
            raise invalid("RebalanceTimeoutMs must be provided in first request.")
        if req.topic_partitions is None or req.topic_partitions:
            raise invalid("TopicPartitions must be empty when (re-)joining.")
        if req.subscribed_topic_names is None and req.subscribed_topic_regex is None:
            raise invalid("Either SubscribedTopicNames or SubscribedTopicRegex must be non-null when (re-)joining.")
    elif epoch == LEAVE_GROUP_STATIC_MEMBER_EPOCH:
        if req.instance_id is None:
            raise invalid("InstanceId can't be null.")
    elif epoch < LEAVE_GROUP_STATIC_MEMBER_EPOCH:
        raise invalid("MemberEpoch is invalid.")
    assignor = req.server_assignor
    if assignor is not None and assignor not in supported:
        raise HeartbeatError(E.UNSUPPORTED_ASSIGNOR, f"ServerAssignor {assignor} is not supported. "
                             f"Supported assignors: {', '.join(supported)}.")


def heartbeat_error(req: ConsumerGroupHeartbeatRequest, version: int, error: ErrorCode,
                    message: str | None = None) -> ConsumerGroupHeartbeatResponse:
    """CG-VAL-5: ErrorCode, ErrorMessage, MemberId null, MemberEpoch 0, HeartbeatIntervalMs 0."""
    return ConsumerGroupHeartbeatResponse(error_code=error, error_message=message, member_id=None,
                                          member_epoch=0, heartbeat_interval_ms=0)


def owned_partitions(topic_partitions: list[Any] | None) -> dict[TopicId, frozenset[int]] | None:
    return None if topic_partitions is None else rec.assignment_of(topic_partitions)


def not_a_consumer_group(group: Group, records: list[Record]) -> ConsumerGroup:
    raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Group {group.group_id} is not a consumer group.")


def targets_of(group: ConsumerGroup, member_id: str, instance_id: str | None,
               replaced: ConsumerGroupMember | None) -> Assignment:
    if replaced is not None:
        return group.target.get(replaced.member_id, EMPTY_ASSIGNMENT)
    return group.target_of(member_id, instance_id)


def reconcile_member(group: ConsumerGroup, updated: ConsumerGroupMember, target_epoch: int, target: Assignment,
                     owned: Mapping[TopicId, frozenset[int]] | None) -> ConsumerGroupMember:
    """CG-RC-*: the member's next current assignment (itself when already reconciled)."""
    if updated.is_reconciled_to(target_epoch):
        return updated
    try:
        return reconcile(updated, target_epoch, target, group.current_partition_epoch, owned)
    except FencedMemberError as e:
        raise HeartbeatError(E.FENCED_MEMBER_EPOCH, str(e)) from e


def static_member_of(group: ConsumerGroup, member_id: str, iid: str) -> ConsumerGroupMember:
    """CG-ST-3: the static member the instance id names, which must be the sender."""
    existing = group.static_member(iid)
    if existing is None:
        raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Instance id {iid} is unknown.")
    if existing.member_id != member_id:
        raise HeartbeatError(E.FENCED_INSTANCE_ID, f"Static member {member_id} with instance id {iid} "
                             f"was fenced by member {existing.member_id}.")
    return existing


def check_epoch(member: ConsumerGroupMember, received: int, owned: Mapping[TopicId, frozenset[int]] | None) -> None:
    """CG-EP-1 (with the lost-response tolerance). Epoch 0 from a known member is a rejoin (a fenced member
    starting over with its member id), accepted as Kafka 4.2 accepts it (KAFKA-19233)."""
    if received == 0:
        return
    if received > member.member_epoch:
        raise HeartbeatError(E.FENCED_MEMBER_EPOCH, "The consumer group member has a greater member epoch "
                             f"({received}) than the one known by the group coordinator ({member.member_epoch}). "
                             "The member must abandon all its partitions and rejoin.")
    if received < member.member_epoch and (
            received != member.previous_member_epoch or owned is None or not _subset(owned, member.assigned)):
            raise HeartbeatError(E.FENCED_MEMBER_EPOCH, "The consumer group member has a smaller member epoch "
                                 f"({received}) than the one known by the group coordinator ({member.member_epoch}). "
                                 "The member must abandon all its partitions and rejoin.")


def full_request(req: ConsumerGroupHeartbeatRequest) -> bool:
    """CG-EP-4: what a member sends when it (re)joins or recovers from an error."""
    return req.rebalance_timeout_ms != -1 and req.topic_partitions is not None and (
        req.subscribed_topic_names is not None or req.subscribed_topic_regex is not None)


def unchanged(m: ConsumerGroupMember, req: ConsumerGroupHeartbeatRequest, rctx: RequestContext) -> bool:
    """The heartbeat changes nothing of what record 5 says of the member."""
    return (req.instance_id in (None, m.instance_id) and req.rack_id in (None, m.rack_id)
            and req.rebalance_timeout_ms in (-1, m.rebalance_timeout_ms)
            and req.server_assignor in (None, m.server_assignor)
            and req.subscribed_topic_regex in (None, m.subscribed_topic_regex)
            and (req.subscribed_topic_names is None
                 or tuple(sorted(set(req.subscribed_topic_names))) == m.subscribed_topic_names)
            and rctx.client_id == m.client_id and rctx.client_host == m.client_host and m.classic is None)


def _subset(owned: Mapping[TopicId, frozenset[int]], assigned: Assignment) -> bool:
    return all(ps <= assigned.get(tid, frozenset()) for tid, ps in owned.items())


def same_assignment(a: Assignment, b: Assignment) -> bool:
    return {t: p for t, p in a.items() if p} == {t: p for t, p in b.items() if p}


def member_value(m: ConsumerGroupMember) -> bytes:
    v = ConsumerGroupMemberMetadataValue(
        instance_id=m.instance_id, rack_id=m.rack_id, client_id=m.client_id, client_host=m.client_host,
        subscribed_topic_names=list(m.subscribed_topic_names), subscribed_topic_regex=m.subscribed_topic_regex,
        rebalance_timeout_ms=m.rebalance_timeout_ms, server_assignor=m.server_assignor,
    )
    if m.classic is not None:
        CMM = ConsumerGroupMemberMetadataValue.ClassicMemberMetadata
        CP = ConsumerGroupMemberMetadataValue.ClassicProtocol
        v.classic_member_metadata = CMM(session_timeout_ms=m.classic.session_timeout_ms, supported_protocols=[
            CP(name=name, metadata=metadata) for name, metadata in m.classic.supported_protocols])
    return rec.member_metadata_value(v)


def member_from_value(member_id: str, v: ConsumerGroupMemberMetadataValue) -> ConsumerGroupMember:
    cmm = v.classic_member_metadata
    classic = None  # an absent tag decodes as the generated default, an empty ClassicMemberMetadata
    if cmm is not None and cmm != ConsumerGroupMemberMetadataValue.ClassicMemberMetadata():
        classic = ClassicMemberMetadata(cmm.session_timeout_ms,
                                        tuple((p.name, bytes(p.metadata)) for p in cmm.supported_protocols))
    return ConsumerGroupMember(
        member_id=member_id, instance_id=v.instance_id, rack_id=v.rack_id, client_id=v.client_id,
        client_host=v.client_host, subscribed_topic_names=tuple(sorted(v.subscribed_topic_names)),
        subscribed_topic_regex=v.subscribed_topic_regex or "", rebalance_timeout_ms=v.rebalance_timeout_ms,
        server_assignor=v.server_assignor, classic=classic,
    )


def current_assignment_record(gid: str, m: ConsumerGroupMember) -> Record:
    return (rec.current_assignment_key(gid, m.member_id),
            rec.current_assignment_value(m.member_epoch, m.previous_member_epoch, int(m.state), m.assigned,
                                         m.pending_revocation))


def response_assignment(a: Assignment) -> ConsumerGroupHeartbeatResponse.Assignment:
    R = ConsumerGroupHeartbeatResponse
    return R.Assignment(topic_partitions=[R.TopicPartitions(topic_id=tid, partitions=sorted(ps))
                                          for tid, ps in sorted(a.items()) if ps])
