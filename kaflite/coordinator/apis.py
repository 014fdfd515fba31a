"""The group APIs, one row each: the only place that names them.

A row says which shard operation answers the API (the GroupCoordinator method of the row's name),
which one group (if any) the request names -- its `__consumer_offsets` partition orders the
request's writes and answers, and fault windows and the connection's member bookkeeping match on
it --, the version cap where kaflite serves less than the schema, and the error-only answer the
runtime sends when it must fail the request (an append failed, the partition was unloaded, the
coordinator is closing) and the fault injector sends in a coordinator-error window. The runtime,
the broker's group handler and its routes, and the fault injector all read this table (Kafka's
GroupCoordinatorService maps each API to one shard operation the same way), so adding a group API
-- ConsumerGroupHeartbeat, say -- is one row.

The broker routes the rows at start, but a fresh broker must not import the group machinery for
that (issue 14: start-up): a row's static facts are plain values here, and its handler and error
answer (which live in `shard` and the modules it imports) are looked up the first time either is
read, once the first group request has built the coordinator.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kaflite.protocol.errors import ErrorCode

if TYPE_CHECKING:
    from kaflite.coordinator.result import CoordinatorResult, RequestContext, Token
    from kaflite.coordinator.shard import GroupCoordinator

    Handler = Callable[[GroupCoordinator, Any, int, RequestContext, Token], CoordinatorResult]
    ErrorAnswer = Callable[[Any, int, ErrorCode], object]


def _group_id(request: Any, version: int) -> str | None:
    return str(request.group_id)


def _member_id(request: Any) -> str | None:
    return str(request.member_id) or None


@dataclass(frozen=True, slots=True)
class GroupApi:
    api_key: int
    # The API's name, and the GroupCoordinator operation that answers it.
    name: str
    # The error-only answer, as "module:function" under kaflite.coordinator (see `error_answer`).
    error_answer_in: str
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
    # GroupCoordinator.<name> and the error answer: set on first read (`__getattr__`), then plain slots.
    handler: Handler = field(init=False, repr=False, compare=False)
    error_answer: ErrorAnswer = field(init=False, repr=False, compare=False)

    def __getattr__(self, attr: str) -> Any:
        """Called only while `handler` / `error_answer` are unset: importing them is importing the whole
        group coordinator, which a broker that never sees a group request does without."""
        if attr not in ("handler", "error_answer"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {attr!r}")
        from kaflite.coordinator.shard import GroupCoordinator

        module, _, function = self.error_answer_in.partition(":")
        object.__setattr__(self, "handler", getattr(GroupCoordinator, self.name))
        object.__setattr__(self, "error_answer", getattr(importlib.import_module(f"{__package__}.{module}"), function))
        return object.__getattribute__(self, attr)


GROUP_APIS: tuple[GroupApi, ...] = (
    GroupApi(11, "join_group", "classic.messages:join_group_error", _group_id,
             creates_offsets_topic=True, assigns_member_id=True),
    GroupApi(14, "sync_group", "classic.messages:sync_group_error", _group_id, _member_id),
    GroupApi(12, "heartbeat", "classic.messages:heartbeat_error", _group_id, _member_id),
    GroupApi(13, "leave_group", "classic.messages:leave_group_error", _group_id),
    # OffsetCommit/OffsetFetch v10 name topics by id only; v9 is what Java 3.9 and librdkafka send.
    GroupApi(8, "offset_commit", "offsets:offset_commit_error", _group_id, _member_id,
             max_version=9, creates_offsets_topic=True),
    GroupApi(9, "offset_fetch", "offsets:offset_fetch_error",
             lambda req, version: str(req.group_id) if version < 8 else None,  # v8+: several groups
             max_version=9, creates_offsets_topic=True),
    GroupApi(15, "describe_groups", "shard:describe_groups_error"),
    GroupApi(16, "list_groups", "shard:list_groups_error"),
    GroupApi(42, "delete_groups", "shard:delete_groups_error"),
    GroupApi(47, "offset_delete", "offsets:offset_delete_error", _group_id),
    # TxnOffsetCommit v5 means transaction.version 2 (implicit AddOffsetsToTxn), not finalized here (TX-API-1).
    GroupApi(28, "txn_offset_commit", "offsets:txn_offset_commit_error", _group_id,
             max_version=4, creates_offsets_topic=True),
    # KIP-848 (CG-API-1): served only with "consumer" in group.coordinator.rebalance.protocols.
    GroupApi(68, "consumer_group_heartbeat", "consumer.manager:heartbeat_error", _group_id, _member_id,
             creates_offsets_topic=True, requires_protocol="consumer"),
    GroupApi(69, "consumer_group_describe", "consumer.manager:describe_error", requires_protocol="consumer"),
)

BY_NAME: dict[str, GroupApi] = {api.name: api for api in GROUP_APIS}
BY_KEY: dict[int, GroupApi] = {api.api_key: api for api in GROUP_APIS}


def error_response(api: str, request: Any, version: int, error: ErrorCode) -> object:
    """An answer carrying only `error`, for requests the runtime or a fault must fail."""
    return BY_NAME[api].error_answer(request, version, error)
