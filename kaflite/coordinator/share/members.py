"""The pieces of a ShareGroupHeartbeat that are plain functions of their inputs: validation (SG-VAL-2), the epoch
check (SG-EP-1), the answers, and the follow-up work a heartbeat hands to the service (SG-INIT-2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.share.group import Assignment, ShareGroupMember
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse

E = ErrorCode
MAX_MEMBER_ID_LENGTH = 36


class HeartbeatError(Exception):
    """A ShareGroupHeartbeat answered with an error (and nothing written)."""

    def __init__(self, code: ErrorCode, message: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Initialization:
    """Share-partitions a group must initialize in the share coordinator (SC-INIT-1), after the records that
    marked them Initializing are durable (SG-INIT-2, SA-OFF-2). `start_offsets`: partition -> StartOffset
    (-1: resolved by `share.auto.offset.reset` at load)."""

    group_id: str
    state_epoch: int
    start_offsets: Mapping[TopicId, Mapping[int, int]]


@dataclass(frozen=True, slots=True)
class Deletion:
    """Share-partitions whose state the share coordinator must delete (SC-DEL-1): deleted topics (SG-INIT-5),
    DeleteShareGroupOffsets (SA-OFF-3), DeleteGroups (SA-DEL-1)."""

    group_id: str
    partitions: Mapping[TopicId, frozenset[int]] = field(default_factory=dict)


def heartbeat_error(req: ShareGroupHeartbeatRequest, version: int, code: ErrorCode,
                    message: str | None = None) -> ShareGroupHeartbeatResponse:
    """SG-VAL-3: ErrorCode, ErrorMessage; MemberId null, epoch 0, interval 0, Assignment null."""
    return ShareGroupHeartbeatResponse(error_code=code, error_message=message)


def request_error(req: ShareGroupHeartbeatRequest, share_enabled: bool) -> ErrorCode | None:
    """SG-VAL-1, answered before the coordinator (no message): share groups off, or a member id the client
    could not have made."""
    if not share_enabled:
        return E.UNSUPPORTED_VERSION
    if not req.member_id or len(req.member_id) > MAX_MEMBER_ID_LENGTH:
        return E.INVALID_REQUEST
    return None


def validate(req: ShareGroupHeartbeatRequest) -> None:
    """SG-VAL-2 (GroupCoordinatorService l.641), in Kafka's order."""
    def invalid(message: str) -> HeartbeatError:
        return HeartbeatError(E.INVALID_REQUEST, message)

    if not req.member_id.strip():
        raise invalid("MemberId can't be empty.")
    if not req.group_id.strip():
        raise invalid("GroupId can't be empty.")
    if req.rack_id is not None and not req.rack_id.strip():
        raise invalid("RackId can't be empty.")
    if req.member_epoch == 0 and not req.subscribed_topic_names:
        raise invalid("SubscribedTopicNames must be set in first request.")
    if req.member_epoch < -1:
        raise invalid("MemberEpoch is invalid.")


def check_epoch(member: ShareGroupMember, received: int) -> None:
    """SG-EP-1: epoch 0 always (re)joins; the stored epoch or the previous one is accepted; else fenced."""
    stored = member.member_epoch
    if received == 0 or received == stored:
        return
    if received > stored:
        raise HeartbeatError(E.FENCED_MEMBER_EPOCH, f"The share group member has a greater member epoch "
                             f"({received}) than the one known by the group coordinator ({stored}). The member "
                             "must abandon all its partitions and rejoin.")
    if received != member.previous_member_epoch:
        raise HeartbeatError(E.FENCED_MEMBER_EPOCH, f"The share group member has a smaller member epoch "
                             f"({received}) than the one known by the group coordinator ({stored}), and it does "
                             f"not match the previous member epoch ({member.previous_member_epoch}). The member "
                             "must abandon all its partitions and rejoin.")


def response_assignment(assigned: Assignment) -> ShareGroupHeartbeatResponse.Assignment:
    TP = ShareGroupHeartbeatResponse.TopicPartitions
    return ShareGroupHeartbeatResponse.Assignment(
        topic_partitions=[TP(topic_id=t, partitions=sorted(ps)) for t, ps in sorted(assigned.items()) if ps])
