"""The group APIs, one row each: the only place that names them.

A row says which shard operation answers the API, which one group (if any) the request names --
its `__consumer_offsets` partition orders the request's writes and answers, and fault windows
and the connection's member bookkeeping match on it --, the version cap where kaflite serves less
than the schema, and the error-only answer the runtime sends when it must fail the request (an
append failed, the partition was unloaded, the coordinator is closing) and the fault injector
sends in a coordinator-error window. The runtime, the broker's group handler and its routes, and
the fault injector all read this table (Kafka's GroupCoordinatorService maps each API to one shard
operation the same way), so adding a group API -- ConsumerGroupHeartbeat, say -- is one row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kaflite.coordinator.classic.messages import heartbeat_error, join_group_error, leave_group_error, sync_group_error
from kaflite.coordinator.consumer.manager import describe_error as consumer_group_describe_error
from kaflite.coordinator.consumer.manager import heartbeat_error as consumer_group_heartbeat_error
from kaflite.coordinator.offsets import (
    offset_commit_error,
    offset_delete_error,
    offset_fetch_error,
    txn_offset_commit_error,
)
from kaflite.coordinator.result import CoordinatorResult, RequestContext, Token
from kaflite.coordinator.shard import GroupCoordinator, delete_groups_error, describe_groups_error, list_groups_error
from kaflite.protocol.errors import ErrorCode

Handler = Callable[[GroupCoordinator, Any, int, RequestContext, Token], CoordinatorResult]
ErrorAnswer = Callable[[Any, int, ErrorCode], object]


def _group_id(request: Any, version: int) -> str | None:
    return str(request.group_id)


def _member_id(request: Any) -> str | None:
    return str(request.member_id) or None


@dataclass(frozen=True, slots=True)
class GroupApi:
    api_key: int
    name: str
    handler: Handler
    error_answer: ErrorAnswer
    # The one group the request names (None: several or none), e.g. for ordering and fault windows.
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


GROUP_APIS: tuple[GroupApi, ...] = (
    GroupApi(11, "join_group", GroupCoordinator.join_group, join_group_error, _group_id,
             creates_offsets_topic=True, assigns_member_id=True),
    GroupApi(14, "sync_group", GroupCoordinator.sync_group, sync_group_error, _group_id, _member_id),
    GroupApi(12, "heartbeat", GroupCoordinator.heartbeat, heartbeat_error, _group_id, _member_id),
    GroupApi(13, "leave_group", GroupCoordinator.leave_group, leave_group_error, _group_id),
    # OffsetCommit/OffsetFetch v10 name topics by id only; v9 is what Java 3.9 and librdkafka send.
    GroupApi(8, "offset_commit", GroupCoordinator.offset_commit, offset_commit_error, _group_id, _member_id,
             max_version=9, creates_offsets_topic=True),
    GroupApi(9, "offset_fetch", GroupCoordinator.offset_fetch, offset_fetch_error,
             lambda req, version: str(req.group_id) if version < 8 else None,  # v8+: several groups
             max_version=9, creates_offsets_topic=True),
    GroupApi(15, "describe_groups", GroupCoordinator.describe_groups, describe_groups_error),
    GroupApi(16, "list_groups", GroupCoordinator.list_groups, list_groups_error),
    GroupApi(42, "delete_groups", GroupCoordinator.delete_groups, delete_groups_error),
    GroupApi(47, "offset_delete", GroupCoordinator.offset_delete, offset_delete_error, _group_id),
    # TxnOffsetCommit v5 means transaction.version 2 (implicit AddOffsetsToTxn), not finalized here (TX-API-1).
    GroupApi(28, "txn_offset_commit", GroupCoordinator.txn_offset_commit, txn_offset_commit_error, _group_id,
             max_version=4, creates_offsets_topic=True),
    # KIP-848 (CG-API-1): served only with "consumer" in group.coordinator.rebalance.protocols.
    GroupApi(68, "consumer_group_heartbeat", GroupCoordinator.consumer_group_heartbeat,
             consumer_group_heartbeat_error, _group_id, _member_id, creates_offsets_topic=True,
             requires_protocol="consumer"),
    GroupApi(69, "consumer_group_describe", GroupCoordinator.consumer_group_describe,
             consumer_group_describe_error, requires_protocol="consumer"),
)

BY_NAME: dict[str, GroupApi] = {api.name: api for api in GROUP_APIS}
BY_KEY: dict[int, GroupApi] = {api.api_key: api for api in GROUP_APIS}


def error_response(api: str, request: Any, version: int, error: ErrorCode) -> object:
    """An answer carrying only `error`, for requests the runtime or a fault must fail."""
    return BY_NAME[api].error_answer(request, version, error)
