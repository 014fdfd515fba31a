"""The group APIs, one row each: static facts and the service method that answers each.

A row says which `GroupCoordinatorService` method answers the API, which one group (if any) the request
names -- fault windows and the connection's member bookkeeping match on it --, which member it speaks for,
the version cap where kaflite serves less than the schema, whether it creates `__consumer_offsets` on first
use, the rebalance protocol it needs, and the error-only answer the fault injector sends in a
coordinator-error window. The broker's group handler routes every row (kaflite.broker.groups), so adding a
group API is one service method and one row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kaflite.coordinator.classic.messages import heartbeat_error, join_group_error, leave_group_error, sync_group_error
from kaflite.coordinator.consumer.describe import describe_error as consumer_group_describe_error
from kaflite.coordinator.consumer.members import heartbeat_error as consumer_group_heartbeat_error
from kaflite.coordinator.group_answers import delete_groups_error, describe_groups_error, list_groups_error
from kaflite.coordinator.offset_answers import (
    offset_commit_error,
    offset_delete_error,
    offset_fetch_error,
    txn_offset_commit_error,
)
from kaflite.coordinator.result import RequestContext
from kaflite.coordinator.service import GroupCoordinatorService
from kaflite.coordinator.share.admin import alter_offsets_error, delete_offsets_error, describe_offsets_error
from kaflite.coordinator.share.describe import describe_error as share_group_describe_error
from kaflite.coordinator.share.members import heartbeat_error as share_group_heartbeat_error
from kaflite.protocol.errors import ErrorCode

ServiceMethod = Callable[[GroupCoordinatorService, Any, int, RequestContext], Any]
ErrorAnswer = Callable[[Any, int, ErrorCode], object]


def _group_id(request: Any, version: int) -> str | None:
    return str(request.group_id)


def _single_group_id(request: Any, version: int) -> str | None:
    """OffsetFetch v8+ names several groups: none is the request's one group."""
    return str(request.group_id) if version < 8 else None


def _member_id(request: Any) -> str | None:
    return str(request.member_id) or None


@dataclass(frozen=True, slots=True)
class GroupApi:
    api_key: int
    # The service method that answers the API: called as `operation(service, request, version, ctx)`.
    operation: ServiceMethod
    # The error-only answer (a coordinator-error fault window).
    error_answer: ErrorAnswer
    # The one group the request names (None: several or none), e.g. for fault windows.
    group_of: Callable[[Any, int], str | None] | None = None
    # The member the request speaks for (the broker remembers it per connection for fault injection).
    member_of: Callable[[Any], str | None] | None = None
    # Serve up to this version only (None: the schema's whole range); the row says why.
    max_version: int | None = None
    # The broker creates `__consumer_offsets` on first use by this API (as on FindCoordinator).
    creates_offsets_topic: bool = False
    # The answer hands out a member id (JoinGroup): the broker remembers it for the connection too.
    assigns_member_id: bool = False
    # Served only when this rebalance protocol is in `group.coordinator.rebalance.protocols`
    # (KIP-848's ConsumerGroupHeartbeat/Describe need "consumer"); otherwise not advertised.
    requires_protocol: str | None = None


S = GroupCoordinatorService

GROUP_APIS: tuple[GroupApi, ...] = (
    GroupApi(11, S.join_group, join_group_error, _group_id, creates_offsets_topic=True, assigns_member_id=True),
    GroupApi(14, S.sync_group, sync_group_error, _group_id, _member_id),
    GroupApi(12, S.heartbeat, heartbeat_error, _group_id, _member_id),
    GroupApi(13, S.leave_group, leave_group_error, _group_id),
    # OffsetCommit/OffsetFetch v10 name topics by id only; v9 is what Java 3.9 and librdkafka send.
    GroupApi(8, S.offset_commit, offset_commit_error, _group_id, _member_id, max_version=9,
             creates_offsets_topic=True),
    GroupApi(9, S.offset_fetch, offset_fetch_error, _single_group_id, max_version=9, creates_offsets_topic=True),
    GroupApi(15, S.describe_groups, describe_groups_error),
    GroupApi(16, S.list_groups, list_groups_error),
    GroupApi(42, S.delete_groups, delete_groups_error),
    GroupApi(47, S.offset_delete, offset_delete_error, _group_id),
    # TxnOffsetCommit v5 means transaction.version 2 (implicit AddOffsetsToTxn), not finalized here (TX-API-1).
    GroupApi(28, S.txn_offset_commit, txn_offset_commit_error, _group_id, max_version=4, creates_offsets_topic=True),
    # KIP-848 (CG-API-1): served only with "consumer" in group.coordinator.rebalance.protocols.
    GroupApi(68, S.consumer_group_heartbeat, consumer_group_heartbeat_error, _group_id, _member_id,
             creates_offsets_topic=True, requires_protocol="consumer"),
    GroupApi(69, S.consumer_group_describe, consumer_group_describe_error, requires_protocol="consumer"),
    # KIP-932 share groups (SG-API-1): always advertised; switched off they answer UNSUPPORTED_VERSION.
    GroupApi(76, S.share_group_heartbeat, share_group_heartbeat_error, _group_id, _member_id,
             creates_offsets_topic=True),
    GroupApi(77, S.share_group_describe, share_group_describe_error),
    GroupApi(90, S.describe_share_group_offsets, describe_offsets_error),
    GroupApi(91, S.alter_share_group_offsets, alter_offsets_error, _group_id),
    GroupApi(92, S.delete_share_group_offsets, delete_offsets_error, _group_id),
)

BY_KEY: dict[int, GroupApi] = {api.api_key: api for api in GROUP_APIS}
