"""Wires the group coordinator into the broker: FindCoordinator, the group APIs, `__consumer_offsets`.

The group APIs are the rows of ``kaflite.coordinator.apis.GROUP_APIS``: ``GroupHandler.register``
routes each row (its key and version cap), and every route calls the row's service method
(``api.operation(service, request, version, ctx)``, e.g. ``GroupCoordinatorService.offset_commit``)
unless a coordinator-error fault window is open, when it answers with the row's error answer.

The coordinator never touches storage; its runtime writes and reads `__consumer_offsets` through the
server's `CoordinatorLog` of that topic. When it already exists at startup, every partition is replayed
in the background while its groups answer COORDINATOR_LOAD_IN_PROGRESS (B-LOG-3). Otherwise it is
created by the first group request (FindCoordinator, JoinGroup, OffsetCommit, OffsetFetch), which
waits for its empty partitions to load and is answered like a warm Kafka cluster would answer it:
no COORDINATOR_NOT_AVAILABLE / NOT_COORDINATOR for the client to retry (B-FIND-2).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from enum import Enum
from typing import Any, Protocol

import structlog

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.coordinator_log import CoordinatorLog
from kaflite.broker.coordinator_nodes import CoordinatorNodes
from kaflite.broker.group_configs import share_group_config_of
from kaflite.broker.internal_topic import InternalTopic, partition_count
from kaflite.broker.router import Router
from kaflite.broker.topics import CONSUMER_OFFSETS
from kaflite.coordinator.apis import GROUP_APIS, GroupApi
from kaflite.coordinator.config import GroupCoordinatorConfig, ShareGroupConfig
from kaflite.coordinator.group import Transition
from kaflite.coordinator.offsets import TransactionVerifier
from kaflite.coordinator.result import RequestContext as CoordinatorContext
from kaflite.coordinator.service import GroupCoordinatorService
from kaflite.coordinator.share.persister import SharePersister
from kaflite.coordinator.snapshot import GroupSnapshot
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import FindCoordinatorRequest, FindCoordinatorResponse
from kaflite.security.acl import AclOperation, ResourceType, StandardAuthorizer

log = structlog.get_logger("kaflite.groups")
fault_log = structlog.get_logger("kaflite.faults")

GROUP_KEY, TRANSACTION_KEY, SHARE_KEY = 0, 1, 2
#: FindCoordinator's key types by the names the control surface uses (`POST /cluster/coordinators`' "key_type").
KEY_TYPES = {"group": GROUP_KEY, "transaction": TRANSACTION_KEY, "share": SHARE_KEY}
MAX_CACHED_CONTEXTS = 4_096  # (client id, host) pairs whose coordinator context is kept for their next request


#: Kafka's ``Errors.message()`` for every code FindCoordinator answers here: v0-3 answers carry it, on
#: success too ("NONE": Errors.NONE has no exception, so its message is its name).
_ERROR_MESSAGES: dict[ErrorCode, str] = {
    ErrorCode.NONE: "NONE",
    ErrorCode.COORDINATOR_LOAD_IN_PROGRESS: "The coordinator is loading and hence can't process requests.",
    ErrorCode.COORDINATOR_NOT_AVAILABLE: "The coordinator is not available.",
    ErrorCode.NOT_COORDINATOR: "This is not the correct coordinator.",
    ErrorCode.INVALID_REQUEST: "This most likely occurs because of a request being malformed by the client "
                               "library or the message was sent to an incompatible broker. See the broker logs "
                               "for more details.",
}


def _error_message(code: int) -> str:
    error = ErrorCode(code)
    return _ERROR_MESSAGES.get(error, error.name)


class TransactionCoordinatorFinder(Protocol):
    """What FindCoordinator needs of the transaction handler (which imports this module, not the reverse)."""

    nodes: CoordinatorNodes

    def ensure_state_topic(self) -> asyncio.Task[None] | None: ...

    def coordinator_error(self, transactional_id: str) -> ErrorCode: ...


class ShareCoordinatorFinder(Protocol):
    """What FindCoordinator key type 2 needs of the share handler (SG-API-3)."""

    nodes: CoordinatorNodes

    def ensure_state_topic(self) -> asyncio.Task[None] | None: ...

    def coordinator_error(self, key: str) -> ErrorCode: ...


class GroupHandler:
    """FindCoordinator and the group APIs, over one GroupCoordinatorService (renewed by a reset).

    The service and its runtime are built with the handler; the runtime builds the group shard on first use
    -- a group request, the load of an existing `__consumer_offsets` at start."""

    def __init__(self, context: BrokerContext, offsets_log: CoordinatorLog,
                 authorizer: StandardAuthorizer | None = None, *, share_persister: SharePersister | None = None,
                 share_enabled: bool | None = None, share_config: ShareGroupConfig | None = None,
                 share_state_listeners: Iterable[Callable[[str], None]] = (),
                 share_coordinators: ShareCoordinatorFinder | None = None) -> None:
        self.broker_config = cfg = context.config
        self.clock = context.clock
        self.logs = context.logs
        self.faults = context.faults
        self.state = context.state
        self.metadata = context.metadata
        self.address = context.address  # where a client is told to reach a broker (its listener's name)
        self.group_configs = context.group_configs.configs_of
        self.offsets_log = offsets_log
        offsets_partitions = partition_count(self.logs, CONSUMER_OFFSETS, cfg.offsets_topic_num_partitions)
        self.config = GroupCoordinatorConfig(
            group_initial_rebalance_delay_ms=cfg.group_initial_rebalance_delay_ms,
            group_min_session_timeout_ms=cfg.group_min_session_timeout_ms,
            group_max_session_timeout_ms=cfg.group_max_session_timeout_ms,
            group_max_size=cfg.group_max_size,
            offsets_retention_minutes=cfg.offsets_retention_minutes,
            offsets_retention_check_interval_ms=cfg.offsets_retention_check_interval_ms,
            offsets_topic_num_partitions=offsets_partitions,
            offset_metadata_max_bytes=cfg.offset_metadata_max_bytes,
            group_coordinator_rebalance_protocols=cfg.group_coordinator_rebalance_protocols,
            group_consumer_session_timeout_ms=cfg.group_consumer_session_timeout_ms,
            group_consumer_min_session_timeout_ms=cfg.group_consumer_min_session_timeout_ms,
            group_consumer_max_session_timeout_ms=cfg.group_consumer_max_session_timeout_ms,
            group_consumer_heartbeat_interval_ms=cfg.group_consumer_heartbeat_interval_ms,
            group_consumer_min_heartbeat_interval_ms=cfg.group_consumer_min_heartbeat_interval_ms,
            group_consumer_max_heartbeat_interval_ms=cfg.group_consumer_max_heartbeat_interval_ms,
            group_consumer_max_size=cfg.group_consumer_max_size,
            group_consumer_assignors=cfg.group_consumer_assignors,
            group_consumer_migration_policy=cfg.group_consumer_migration_policy,
            group_consumer_regex_refresh_interval_ms=cfg.group_consumer_regex_refresh_interval_ms,
            share=share_config or share_group_config_of(cfg),
        )
        # KIP-932 (SG-API-1): share groups are served with the share coordinator (`share_persister`, the broker's
        # adapter over ShareCoordinatorService) and `share.version` >= 1 (`share_enabled`; None: "share" in
        # group.coordinator.rebalance.protocols); else their APIs answer UNSUPPORTED_VERSION.
        self.share_persister = share_persister
        self.share_enabled = share_enabled if share_enabled is not None \
            else "share" in cfg.group_coordinator_rebalance_protocols
        # The share-fetch path's listeners of share-state resets (SP-PERSIST-2), kept across a reset's new service.
        self.share_state_listeners: list[Callable[[str], None]] = list(share_state_listeners)
        self.share_coordinators = share_coordinators  # FindCoordinator key type 2
        self.offsets_topic = InternalTopic(self.logs, CONSUMER_OFFSETS, offsets_partitions, {
            "cleanup.policy": "compact",
            "segment.bytes": str(cfg.offsets_topic_segment_bytes),
            "compression.type": "producer",
            # kaflite's, not Kafka's: a commit is fsynced before its answer, and an fsync that overwrites
            # allocated blocks skips the journal commit a growing file needs (storage/segment.py)
            "preallocate": "true",
        }, self._load_all, prepare=lambda: self.service.shard)
        # TxnOffsetCommit's verification (TX-OFF-1): set by the transaction handler, which is built after this one
        # (it writes its markers to `__consumer_offsets` through this handler).
        self.verify_transaction: TransactionVerifier | None = None
        # FindCoordinator key type 1 (TX-CO-1): the transaction handler, set by it.
        self.transactions: TransactionCoordinatorFinder | None = None
        self.service = self._new_service()
        # Which broker coordinates each group (several brokers: the leader of its `__consumer_offsets` partition),
        # and the moves of those partitions between brokers (issue 34).
        self.nodes = CoordinatorNodes(context.leaders, CONSUMER_OFFSETS, lambda key: self.service.partition_for(key),
                                      lambda: self.service, context.faults)
        # With `authorizer.class.name`: the broker's authorizer, whose DESCRIBE decisions a regex subscription
        # resolves through (CG-RX-1).
        self.authorizer = authorizer
        self._contexts: dict[tuple[str | None, str, str, int], CoordinatorContext] = {}

    def _new_service(self) -> GroupCoordinatorService:
        service = GroupCoordinatorService.build(
            self.offsets_log, self.offsets_log, self.config, clock=self.clock, partition_exists=self._partition_exists,
            metadata=self.metadata, group_configs=self.group_configs, verify_transaction=self._verify_transaction,
            share_persister=self.share_persister, share_enabled=self.share_enabled,
            high_watermark=self._high_watermark)
        service.share_state_listeners = self.share_state_listeners
        return service

    def _high_watermark(self, topic: str, partition: int) -> int | None:
        """DescribeShareGroupOffsets v1's Lag (SA-OFF-1): the partition's high watermark (its end offset here)."""
        log_ = self.logs.get_log(topic, partition)
        return None if log_ is None else int(log_.high_watermark)

    def _verify_transaction(self, transactional_id: str, producer_id: int, producer_epoch: int, partition: int,
                            version: int) -> ErrorCode | None:
        verify = self.verify_transaction
        return None if verify is None else verify(transactional_id, producer_id, producer_epoch, partition, version)

    def _partition_exists(self, topic: str, partition: int) -> bool:
        """The coordinator's view of the topics (Kafka's metadata cache): OffsetCommit and OffsetDelete
        answer UNKNOWN_TOPIC_OR_PARTITION for a partition that does not exist."""
        return self.logs.get_log(topic, partition) is not None

    def on_partitions_deleted(self, partitions: list[tuple[str, int]]) -> None:
        """A topic was deleted: the coordinator tombstones its offsets in every group (Kafka's
        onPartitionsDeleted)."""
        self.service.on_partitions_deleted(partitions)

    def register(self, router: Router) -> None:
        """FindCoordinator, and a route per row of the group API table (its key and version cap).

        A row whose rebalance protocol is not in `group.coordinator.rebalance.protocols` is neither
        advertised nor served: clients then keep to the classic protocol, and a request for it gets
        UNSUPPORTED_VERSION, as from Kafka (KafkaApis.handleConsumerGroupHeartbeat)."""
        router.add(10, self.find_coordinator)
        protocols = self.config.group_coordinator_rebalance_protocols
        for api in GROUP_APIS:
            if api.requires_protocol is not None and api.requires_protocol not in protocols:
                router.disable(api.api_key)
                continue
            router.add(api.api_key, self._route(api), max_version=api.max_version)

    def _route(self, api: GroupApi) -> Callable[[RequestContext, Any], Any]:
        return functools.partial(self.call, api)  # bound to this handler, which outlives a reset

    # -- __consumer_offsets lifecycle -------------------------------------------------------------

    def start(self) -> None:
        """At startup an existing `__consumer_offsets` is replayed in the background (B-LOG-3)."""
        self.offsets_topic.start()

    def ensure_offsets_topic(self) -> asyncio.Task[None] | None:
        """Create `__consumer_offsets` on first use (B-FIND-2) and start loading its partitions; the load to
        wait for while it is one created just now (see internal_topic.py)."""
        return self.offsets_topic.ensure()

    async def _load_all(self, partitions: int) -> None:
        service = self.service
        for p in range(partitions):
            service.begin_load(p)
        for p in range(partitions):
            await service.load_partition(p)

    async def unload(self) -> None:
        """Resign as coordinator of every owned partition, as Kafka does when it shuts down: parked
        JoinGroup/SyncGroup (and requests still waiting on a write) are answered NOT_COORDINATOR at
        once, so clients look for the coordinator again instead of waiting out the shutdown."""
        await self.offsets_topic.cancel_loading()
        for p in range(self.offsets_topic.owned):
            await self.service.unload_partition(p)

    async def stop(self) -> None:
        await self.offsets_topic.cancel_loading()
        await self.nodes.stop()
        await self.service.close()

    def renew(self) -> None:
        """After a reset (``stop()``, then every topic deleted): a fresh service (its shard built on first use, as at
        start), nothing loaded; `__consumer_offsets` is created again on first use. The routes stay as they are."""
        self.offsets_topic.renew()
        self.service = self._new_service()

    # -- FindCoordinator ---------------------------------------------------------------------------

    def find_coordinator(self, ctx: RequestContext, req: FindCoordinatorRequest) -> Any:
        """Answered per key (B-FIND-3); the node is always us, once the group's partition is loaded (a
        transactional id's: once `__transaction_state` exists, created by the first such request)."""
        if req.key_type == TRANSACTION_KEY and self.transactions is not None:
            loading = self.transactions.ensure_state_topic()
        elif req.key_type == SHARE_KEY:
            loading = self.share_coordinators.ensure_state_topic() \
                if self.share_coordinators is not None and ctx.version >= 6 else None
        else:
            loading = self.ensure_offsets_topic()
        if loading is not None:
            return after_loading(loading, self._find_coordinator, ctx, req)
        return self._find_coordinator(ctx, req)

    def _find_coordinator(self, ctx: RequestContext, req: FindCoordinatorRequest) -> FindCoordinatorResponse:
        keys = req.coordinator_keys if ctx.version >= 4 else [req.key]
        results = []
        for key in keys:
            error, node, host, port = self._coordinator(ctx, req.key_type, key)
            # v4+: Kafka never sets a key's message, so it goes out as the schema's default "", except when
            # the whole request failed (an unknown key type: FindCoordinatorRequest.getErrorResponse sets
            # Errors.message()); v0-3 always carry Errors.message().
            message = _error_message(error) if error == ErrorCode.INVALID_REQUEST else ""
            results.append(FindCoordinatorResponse.Coordinator(key=key, node_id=node, host=host, port=port,
                                                               error_code=error, error_message=message))
        if ctx.version >= 4:
            return FindCoordinatorResponse(coordinators=results)
        r = results[0]
        return FindCoordinatorResponse(error_code=r.error_code, error_message=_error_message(r.error_code),
                                       node_id=r.node_id, host=r.host, port=r.port)

    def _coordinator(self, ctx: RequestContext, key_type: int, key: str) -> tuple[ErrorCode, int, str, int]:
        """One key's answer: (error, node id, host, port). The coordinator is the leader of the key's partition
        of its internal topic, reached on the listener the request came in on (B-FIND-1); with one broker that
        is always this one, once the key's partition is loaded (B-FIND-2)."""
        nodes: CoordinatorNodes | None = None
        if key_type == GROUP_KEY:
            # A coordinator-error window (fault) stands for a coordinator that moved or is loading:
            # Kafka's FindCoordinator then answers COORDINATOR_NOT_AVAILABLE (B-FIND-2), never the
            # group APIs' NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS.
            moving = self.faults.coordinator_error_for(key) is not None
            nodes = self.nodes
            if moving:
                error = ErrorCode.COORDINATOR_NOT_AVAILABLE
            elif nodes.single:
                error = self.service.coordinator_error(key)
            else:  # several brokers: Kafka's answer is the leader, loaded or not (its group APIs say which)
                error = ErrorCode.NONE
        elif key_type == TRANSACTION_KEY and self.transactions is not None:
            nodes = self.transactions.nodes
            error = self.transactions.coordinator_error(key)
        elif key_type == SHARE_KEY and self.share_coordinators is not None and ctx.version >= 6:
            nodes = self.share_coordinators.nodes
            error = self.share_coordinators.coordinator_error(key)  # v0-5 cannot ask for it: INVALID_REQUEST
        else:
            error = ErrorCode.INVALID_REQUEST
        if error != ErrorCode.NONE or nodes is None:
            return error, -1, "", -1
        if nodes.single:
            host, port = ctx.connection.advertised()
            return error, self.broker_config.node_id, host, port
        node = nodes.coordinator(key)
        if node < 0:  # no live leader (every broker holding it stopped): Kafka's answer
            return ErrorCode.COORDINATOR_NOT_AVAILABLE, -1, "", -1
        host, port = self.address(ctx.connection, node)
        return ErrorCode.NONE, node, host, port

    # -- coordinators across brokers (the control surface: admin endpoint, test kit) -------------------------

    def coordinator_nodes(self, key_type: int) -> CoordinatorNodes:
        """The brokers of the coordinator of a FindCoordinator key type; KeyError: a key type not served here."""
        if key_type == GROUP_KEY:
            return self.nodes
        if key_type == TRANSACTION_KEY and self.transactions is not None:
            return self.transactions.nodes
        if key_type == SHARE_KEY and self.share_coordinators is not None:
            return self.share_coordinators.nodes
        raise KeyError(f"key type {key_type}")

    async def move_coordinator(self, key: str, key_type: int, node_id: int) -> None:
        """Make broker ``node_id`` the coordinator of ``key`` (a group, a transactional id, a share partition's
        ``group:topicId:partition``): the leader of the internal partition holding it moves, hence every key
        there. The internal topic is made first if it is not yet. Returns once the old broker has resigned (the
        new one loads meanwhile: ``wait_coordinator_loaded``). KeyError: unknown key type; UnknownBroker /
        BrokerDown from the controller."""
        nodes = self.coordinator_nodes(key_type)
        loading = self._ensure_internal_topic(key_type)
        if loading is not None:
            await asyncio.wait((loading,))
        await nodes.move_coordinator(key, node_id)

    def coordinator_loaded_on(self, key: str, key_type: int) -> int | None:
        """The broker whose coordinator of ``key`` is loaded and serving; None while it loads or has none (the
        admin endpoint's and the kit's "coordinator of group G is loaded on node N")."""
        return self.coordinator_nodes(key_type).loaded_on(key)

    async def wait_coordinator_loaded(self, key: str, key_type: int, node_id: int, timeout: float) -> None:
        """Until the coordinator of ``key`` is loaded on broker ``node_id``; TimeoutError after ``timeout`` s."""
        await self.coordinator_nodes(key_type).wait_loaded(key, node_id, timeout)

    def _ensure_internal_topic(self, key_type: int) -> asyncio.Task[None] | None:
        if key_type == TRANSACTION_KEY and self.transactions is not None:
            return self.transactions.ensure_state_topic()
        if key_type == SHARE_KEY and self.share_coordinators is not None:
            return self.share_coordinators.ensure_state_topic()
        return self.ensure_offsets_topic()

    # -- group APIs --------------------------------------------------------------------------------

    def call(self, api: GroupApi, ctx: RequestContext, req: Any) -> Any:
        """Hand the request to its service method (the response, or an awaitable of it), unless a
        coordinator-error fault window is open for its group. While `__consumer_offsets` created
        just now loads, every group API waits for it."""
        loading = self.ensure_offsets_topic() if api.creates_offsets_topic else self.offsets_topic.fresh_loading()
        if loading is not None:
            return after_loading(loading, self._call, api, ctx, req)
        return self._call(api, ctx, req)

    def _call(self, api: GroupApi, ctx: RequestContext, req: Any) -> Any:
        version = ctx.version
        group = api.group_of(req, version) if api.group_of is not None else None
        faults = self.faults
        if faults.coordinator_error is not None:
            error = faults.coordinator_error_for(group)
            if error is not None:
                return api.error_answer(req, version, error)
        if group is not None and not self.nodes.serves(ctx.node_id, group):
            return api.error_answer(req, version, ErrorCode.NOT_COORDINATOR)  # several brokers: another's group
        member = api.member_of(req) if api.member_of is not None else None
        if group and member:
            ctx.connection.members.add((group, member))  # for drop_member_connections
        conn = ctx.connection
        who = (ctx.header.client_id, conn.peer_host, conn.principal, conn.node_id)
        cctx = self._contexts.get(who)
        if cctx is None:  # one per client id, host, principal and broker, not one per request
            cctx = self._contexts[who] = self._coordinator_context(ctx)
        result = api.operation(self.service, req, version, cctx)
        if not (api.assigns_member_id and group):
            return result
        if inspect.isawaitable(result):
            return self._remember_assigned_member(ctx, group, result)
        return _remembered(ctx, group, result)

    def _coordinator_context(self, ctx: RequestContext) -> CoordinatorContext:
        """Who sent it, for the coordinator; with an authorizer, also what that principal from that host may
        DESCRIBE, asked live (an ACL change is seen at the next resolution); with several brokers, which
        `__consumer_offsets` partitions the broker it came to coordinates (answers naming several groups)."""
        if len(self._contexts) >= MAX_CACHED_CONTEXTS:
            self._contexts.clear()
        may_describe = None
        if self.authorizer is not None:
            conn = ctx.connection
            may_describe = functools.partial(self.authorizer.authorize, conn.principal, conn.peer_host,
                                             AclOperation.DESCRIBE, ResourceType.TOPIC)
        return CoordinatorContext(client_id=ctx.client_id, client_host=f"/{ctx.client_host}",
                                  may_describe=may_describe, coordinates=self.nodes.coordinated_by(ctx.node_id))

    @staticmethod
    async def _remember_assigned_member(ctx: RequestContext, group: str, pending: Awaitable[Any]) -> Any:
        return _remembered(ctx, group, await pending)

    # -- state for tools and tests (the admin endpoint, kaflite.testing) -------------------------

    def group_ids(self) -> list[str]:
        return sorted(self.service.group_ids())

    def snapshot(self, group_id: str) -> GroupSnapshot | None:
        return self.service.snapshot(group_id)

    def history(self, group_id: str) -> list[Transition]:
        return self.service.history(group_id)

    async def wait_for_group(self, group_id: str, state: Enum | str | None, members: int | None,
                             generation: int | None, timeout: float, *,
                             epoch: int | None = None) -> GroupSnapshot | None:
        """The service's wait (woken by every operation); TimeoutError once ``timeout`` s are over.

        ``state``: Kafka's name in any group type; ``epoch``: a consumer group's group epoch.
        """
        deadline = time.monotonic() + timeout
        while True:
            # A reset renews the service: wait on whichever one is current.
            service = self.service
            try:
                return await service.wait_for_group(group_id, state=state, members=members, generation=generation,
                                                    epoch=epoch, timeout=max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                if service is self.service or time.monotonic() >= deadline:
                    raise

    def group_records(self, group_id: str) -> Iterator[tuple[int, int, bytes, bytes | None]]:
        """The records of the group's `__consumer_offsets` partition, every version (see `records`)."""
        return self.offsets_log.records(self.service.partition_for(group_id))

    def topic_name(self, topic_id: bytes) -> str | None:
        t = self.metadata.topic_by_id(topic_id)
        return None if t is None else t.name

    def expire_member(self, group_id: str, member_id: str) -> bool:
        """A fault: expire the member's session now, instead of waiting its session timeout (classic
        session.timeout.ms, or a consumer group's group.consumer.session.timeout.ms)."""
        expired = self.service.expire_member(group_id, member_id)
        fault_log.info("fault applied", fault="expire-member", group=group_id, member=member_id, expired=expired)
        return expired

    def fence_member(self, group_id: str, member_id: str) -> bool:
        """A fault: fence a consumer-group member now (it must rejoin at epoch 0); classic: expire."""
        fenced = self.service.fence_member(group_id, member_id)
        fault_log.info("fault applied", fault="fence-member", group=group_id, member=member_id, fenced=fenced)
        return fenced


async def after_loading(loading: asyncio.Task[None], answer: Callable[..., Any], *args: Any) -> Any:
    """`answer(*args)` once `loading` is over. asyncio.wait neither raises the load's failure nor
    cancels the load when this request is cancelled (its connection closed): a failed or cancelled
    load leaves the partitions not loaded, and the runtime answers accordingly."""
    await asyncio.wait((loading,))
    result = answer(*args)
    return await result if inspect.isawaitable(result) else result


def _remembered(ctx: RequestContext, group: str, resp: Any) -> Any:
    """The member id an answer handed out, remembered for the connection (drop_member_connections)."""
    if resp.member_id:
        ctx.connection.members.add((group, resp.member_id))
    return resp
