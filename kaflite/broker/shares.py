"""Wires share fetching into the broker (KIP-932): ShareFetch (78) and ShareAcknowledge (79), share sessions, and
the share coordinator on `__share_group_state`.

The share coordinator (``kaflite.share_coordinator``, a sans-I/O shard on the common runtime) keeps every share
partition's state in `__share_group_state`, written and replayed through the server's `CoordinatorLog` of that
topic, as the group coordinator does `__consumer_offsets`. The topic is created on first use; an existing one is
replayed at start, and every share operation waits for that replay (the state is loaded before it is served).
`ShareHandler.share_coordinator` is what the rest of the broker calls (the group coordinator's share-partition
initialization, SG-INIT-2): the service's five operations behind that wait.

The requests: SS-VAL-1 checks, the session (SS-EP-1/2, share_sessions.py), the piggybacked acknowledgements
(persisted before anything else, SS-FETCH-2), then the fetch across the session's partitions (share_fetch.py),
parked up to MaxWaitMs until records become acquirable (woken by produce, acknowledgement, release, expiry).
A session ends with epoch -1 or when the connection that opened it closes: its member's records are released
(SS-CL-1).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from typing import Any

import structlog

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.coordinator_log import CoordinatorLog
from kaflite.broker.coordinator_nodes import CoordinatorNodes
from kaflite.broker.internal_topic import InternalTopic, partition_count
from kaflite.broker.router import Router
from kaflite.broker.share_fetch import (
    FetchedPartition,
    ShareConfig,
    ShareKey,
    SharePartitionManager,
    resolved,
    with_leaders,
)
from kaflite.broker.share_sessions import FINAL_EPOCH, INITIAL_EPOCH, ShareSession, ShareSessionCache, next_epoch
from kaflite.config import KafliteConfig
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ShareAcknowledgeRequest,
    ShareAcknowledgeResponse,
    ShareFetchRequest,
    ShareFetchResponse,
)
from kaflite.share import AcknowledgementBatch
from kaflite.share_coordinator.records import SHARE_GROUP_STATE_TOPIC, SharePartitionKey
from kaflite.share_coordinator.service import ShareCoordinatorService
from kaflite.storage.manager import topic_id_from_str

log = structlog.get_logger("kaflite.share")
E = ErrorCode
FR = ShareFetchResponse
AR = ShareAcknowledgeResponse
MAX_MEMBER_ID_LENGTH = 36


def share_config_of(config: KafliteConfig) -> ShareConfig:
    """The broker's share configs (SA-CFG-1, SA-CFG-3); Kafka's defaults for what kaflite has no setting for
    (`share.coordinator.cold.partition.snapshot.interval.ms`, `fetch.max.bytes`)."""
    return ShareConfig(
        group_share_delivery_count_limit=config.group_share_delivery_count_limit,
        group_share_record_lock_duration_ms=config.group_share_record_lock_duration_ms,
        group_share_partition_max_record_locks=config.group_share_partition_max_record_locks,
        group_share_max_share_sessions=config.group_share_max_share_sessions,
        share_coordinator_state_topic_num_partitions=config.share_coordinator_state_topic_num_partitions,
        share_coordinator_state_topic_segment_bytes=config.share_coordinator_state_topic_segment_bytes,
        share_coordinator_snapshot_update_records_per_snapshot=(
            config.share_coordinator_snapshot_update_records_per_snapshot))


class ShareCoordinator:
    """The share coordinator as the broker calls it (InitializeShareGroupState and the rest, in-process): the
    service, once `__share_group_state` exists (created on first use) and is loaded. Each operation returns
    the response, or an awaitable of it."""

    def __init__(self, handler: ShareHandler) -> None:
        self._handler = handler

    @property
    def service(self) -> ShareCoordinatorService:
        return self._handler.service

    def _call(self, op: Callable[[ShareCoordinatorService], Any]) -> Any:
        """The operation now, or once `__share_group_state` is made and loaded -- and, several brokers, once the
        partitions moved between them are loaded again (the broker's persister waits, as Kafka's retries)."""
        loading = self._handler.ensure_state_topic()
        moved = self._handler.nodes.loading()
        if loading is None and not moved:
            return op(self._handler.service)

        async def later() -> Any:
            await asyncio.wait([*moved, *(() if loading is None else (loading,))])
            return await resolved(op(self._handler.service))

        return later()

    def initialize_state(self, request: Any) -> Any:
        return self._call(lambda s: s.initialize_state(request))

    def read_state(self, request: Any) -> Any:
        return self._call(lambda s: s.read_state(request))

    def write_state(self, request: Any) -> Any:
        return self._call(lambda s: s.write_state(request))

    def read_state_summary(self, request: Any) -> Any:
        return self._call(lambda s: s.read_state_summary(request))

    def delete_state(self, request: Any) -> Any:
        return self._call(lambda s: s.delete_state(request))

    def partition_for(self, group_id: str, topic_id: bytes | None, partition: int) -> int:
        return self._handler.service.partition_for(group_id, topic_id, partition)


_UUID_TEXT = re.compile(r"[A-Za-z0-9_-]{22}(==)?")
_JAVA_INT = re.compile(r"[+-]?[0-9]+")


def parse_share_coordinator_key(key: str) -> SharePartitionKey | None:
    """SG-API-3: FindCoordinator key type 2, `group:topicId:partition`, parsed from the right so that a group id may
    contain ':' (Kafka's SharePartitionKey.getInstance, KAFKA-20183); None when malformed (INVALID_REQUEST)."""
    tokens = key.split(":")
    while tokens and tokens[-1] == "":  # Java's String.split drops trailing empty strings
        tokens.pop()
    if len(tokens) < 3 or not ":".join(tokens[:-2]).strip():
        return None
    topic_text, partition_text = tokens[-2], tokens[-1]
    if not _UUID_TEXT.fullmatch(topic_text) or not _JAVA_INT.fullmatch(partition_text) \
            or not -2**31 <= int(partition_text) < 2**31:
        return None
    return SharePartitionKey(":".join(tokens[:-2]), topic_id_from_str(topic_text[:22]), int(partition_text))


class ShareStateLoader:
    """SC-RP-1: a `__share_group_state` partition's every record, in log order.

    ShareUpdate records are deltas of their key's ShareSnapshot: the load must replay each of them. The loader of
    `__consumer_offsets` and `__transaction_state` folds each key to its last value (what compaction would leave
    there); here that would keep only a key's last ShareUpdate and forget the acknowledgements of the others
    (`__share_group_state` is never compacted, for the same reason)."""

    def __init__(self, state_log: CoordinatorLog) -> None:
        self.state_log = state_log

    def read(self, partition: int) -> Iterator[tuple[bytes, bytes | None]]:
        return ((key, value) for _offset, _ts, key, value in self.state_log.records(partition))


class ShareHandler:
    """ShareFetch and ShareAcknowledge over the share-partition manager, the share sessions and the share
    coordinator (renewed by a reset)."""

    def __init__(self, context: BrokerContext, state_log: CoordinatorLog, config: ShareConfig | None = None) -> None:
        self.context = context
        self.config = config if config is not None else ShareConfig()
        self.clock = context.clock
        self.logs = context.logs
        self.metadata = context.metadata
        self.state_log = state_log
        self.state_partitions = partition_count(self.logs, SHARE_GROUP_STATE_TOPIC,
                                                self.config.share_coordinator_state_topic_num_partitions)
        self.coordinator_config = self.config.coordinator_config(self.state_partitions)
        self.service = self._new_service()
        self.state_topic = InternalTopic(self.logs, SHARE_GROUP_STATE_TOPIC, self.state_partitions,
                                         self.service.topic_configs(), self._load_all,
                                         prepare=lambda: self.service.shard)
        self.share_coordinator = ShareCoordinator(self)
        # Which broker coordinates each share partition's state (several brokers: the leader of its
        # `__share_group_state` partition), and the moves of those partitions (issue 34).
        self.nodes = CoordinatorNodes(context.leaders, SHARE_GROUP_STATE_TOPIC, self._partition_of_key,
                                      lambda: self.service, context.faults)
        self.sessions = ShareSessionCache(self.config.group_share_max_share_sessions)
        self.stopping = False
        self.partitions = SharePartitionManager(self.logs, self.clock, self.config, lambda: self.share_coordinator,
                                                context.group_configs.configs_of)
        self._topic_ids = {name: info.topic_id for name, info in self.logs.topics().items()}
        self.logs.add_topic_listener(self._topic_changed)

    def _new_service(self) -> ShareCoordinatorService:
        return ShareCoordinatorService.build(self.state_log, ShareStateLoader(self.state_log), self.coordinator_config,
                                             topic_partitions=self._topic_partitions, clock=self.clock)

    def _topic_partitions(self, topic_id: bytes) -> int | None:
        t = self.metadata.topic_by_id(topic_id)
        return None if t is None else t.num_partitions

    def register(self, router: Router) -> None:
        router.add(78, self.share_fetch)
        router.add(79, self.share_acknowledge)

    # -- `__share_group_state` lifecycle ------------------------------------------------------------------

    def start(self) -> None:
        """An existing `__share_group_state` is replayed in the background; share operations wait for it."""
        self.state_topic.start()

    def _partition_of_key(self, key: str) -> int:
        """FindCoordinator key type 2's partition of `__share_group_state` (a malformed key: 0; it is answered
        INVALID_REQUEST before this is asked)."""
        spk = parse_share_coordinator_key(key)
        return 0 if spk is None else self.service.partition_for(spk.group_id, spk.topic_id, spk.partition)

    def coordinator_error(self, key: str) -> ErrorCode:
        """FindCoordinator key type 2 (SG-API-3): this node once `__share_group_state` exists (its partitions answer
        COORDINATOR_LOAD_IN_PROGRESS themselves while they load); INVALID_REQUEST for a malformed key."""
        if parse_share_coordinator_key(key) is None:
            return ErrorCode.INVALID_REQUEST
        return ErrorCode.NONE if self.logs.topic(SHARE_GROUP_STATE_TOPIC) is not None else \
            ErrorCode.COORDINATOR_NOT_AVAILABLE

    def ensure_state_topic(self) -> asyncio.Task[None] | None:
        """Create `__share_group_state` on first use (SC-TOP-1); the load to wait for, while one is under way."""
        loading = self.state_topic.ensure()
        if loading is not None:
            return loading
        current = self.state_topic.loading
        return current if current is not None and not current.done() else None

    async def _load_all(self, partitions: int) -> None:
        service = self.service
        for p in range(partitions):
            service.begin_load(p)
        for p in range(partitions):
            await service.load_partition(p)

    def on_append(self, tp: tuple[str, int]) -> None:
        self.partitions.on_append(tp)

    def _topic_changed(self, name: str, info: Any) -> None:
        """SG-INIT-5, SC-DEL-2: a deleted topic's share partitions leave memory and its `__share_group_state` keys
        are tombstoned (a topic created again under the name has a new id: fresh state)."""
        if info is not None:
            self._topic_ids[name] = info.topic_id
            return
        topic_id = self._topic_ids.pop(name, None)
        if topic_id is None or name == SHARE_GROUP_STATE_TOPIC:
            return
        self.partitions.evict([k for k in self.partitions.entries if k.topic_id == topic_id])
        if self.service.runtime.closed or self.logs.topic(SHARE_GROUP_STATE_TOPIC) is None:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a tool deleting topics offline): nothing is loaded to tombstone
            return
        self.service.on_topics_deleted([topic_id])

    def unpark(self) -> None:
        """Shutdown: parked share fetches answer with what they have now; no new one parks."""
        self.stopping = True
        self.partitions.wake_all()

    async def stop(self) -> None:
        """Timers, background writes, sessions and parked fetches end; nothing more is written."""
        self.unpark()
        await self.partitions.close()
        self.sessions.clear()
        await self.state_topic.cancel_loading()
        await self.nodes.stop()
        await self.service.close()

    def renew(self) -> None:
        """After a reset (``stop()``, then every topic deleted): a fresh service, nothing loaded, no session."""
        self.state_topic.renew()
        self.sessions.clear()
        self.stopping = False
        self.service = self._new_service()

    # -- sessions ending -------------------------------------------------------------------------------

    def on_connection_closed(self, connection: Any) -> None:
        """SS-CL-1: the sessions this connection opened end; their members' records are released. SP-PERSIST-2:
        then a group left without any share session here has its share partitions dropped from memory (reloaded
        from the share coordinator by its next fetch)."""
        ended = self.sessions.of_connection(connection)
        for session in ended:
            self.sessions.close(session)  # at once: a request of that session now finds none
        if ended and not self.stopping:
            self.partitions.spawn(self._ended(ended))

    async def _ended(self, sessions: list[ShareSession]) -> None:
        await asyncio.gather(*(self._release(s) for s in sessions))
        for group in {s.group_id for s in sessions}:
            if not self.sessions.group_has_sessions(group) and not self.stopping:
                self.partitions.evict_group(group)

    async def _release(self, session: ShareSession) -> None:
        self.sessions.close(session)
        await asyncio.gather(*(self.partitions.release_member(ShareKey(session.group_id, tid, p), session.member_id)
                               for tid, p in session.partitions))

    def evict_group(self, group_id: str) -> None:
        """SP-PERSIST-2: forget the group's share partitions (after AlterShareGroupOffsets, DeleteShareGroupOffsets,
        DeleteGroups rewrote its state): the next fetch loads them again."""
        self.partitions.evict_group(group_id)

    # -- helpers -----------------------------------------------------------------------------------------

    def _topic_error(self, topic_id: bytes, partition: int, node_id: int) -> tuple[str | None, ErrorCode]:
        """SS-FETCH-1: (topic name, NONE), or UNKNOWN_TOPIC_ID / UNKNOWN_TOPIC_OR_PARTITION; NOT_LEADER_OR_FOLLOWER
        at a broker (``node_id``) that does not lead the partition (issue 34: several brokers)."""
        t = self.metadata.topic_by_id(topic_id)
        if t is None:
            return None, E.UNKNOWN_TOPIC_ID
        if partition < 0 or partition >= t.num_partitions:
            return t.name, E.UNKNOWN_TOPIC_OR_PARTITION
        if not self.context.leaders.leads(node_id, t.name, partition):
            return t.name, E.NOT_LEADER_OR_FOLLOWER
        return t.name, E.NONE

    async def _acknowledge_all(self, group: str, member: str, acks: dict[tuple[bytes, int], list[Any]],
                               renew_allowed: bool,
                               node_id: int) -> dict[tuple[bytes, int], tuple[ErrorCode, str | None]]:
        """SS-ACK-1: each partition's acknowledgements, all persisted before this returns."""

        async def one(tp: tuple[bytes, int], batches: list[Any]) -> tuple[ErrorCode, str | None]:
            _name, error = self._topic_error(*tp, node_id)
            if error != E.NONE:
                return error, None
            ack = [AcknowledgementBatch(b.first_offset, b.last_offset, tuple(b.acknowledge_types)) for b in batches]
            return await self.partitions.acknowledge(ShareKey(group, tp[0], tp[1]), member, ack,
                                                     renew_allowed=renew_allowed)

        items = list(acks.items())
        answers = await asyncio.gather(*(one(tp, batches) for tp, batches in items))
        return {tp: a for (tp, _), a in zip(items, answers, strict=True)}

    async def _await_state(self) -> None:
        loading = self.ensure_state_topic()
        if loading is not None:
            await asyncio.wait((loading,))

    # -- ShareFetch ----------------------------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """SG-API-1: `share` in `group.coordinator.rebalance.protocols` (kaflite's `share.version` switch)."""
        return "share" in self.context.config.group_coordinator_rebalance_protocols

    async def share_fetch(self, ctx: RequestContext, req: ShareFetchRequest) -> ShareFetchResponse:
        if not self.enabled:  # SG-API-1: still listed, as Kafka does, every other field default
            return FR(error_code=E.UNSUPPORTED_VERSION)
        member = req.member_id or ""
        group = req.group_id or ""
        if not member or len(member) > MAX_MEMBER_ID_LENGTH:
            return FR(error_code=E.INVALID_REQUEST)  # SS-VAL-1
        renew = ctx.version >= 2 and req.is_renew_ack
        if renew and (req.max_bytes or req.min_bytes or req.max_records or req.max_wait_ms):
            return FR(error_code=E.INVALID_REQUEST)
        if req.share_acquire_mode not in (0, 1):
            return FR(error_code=E.UNKNOWN_SERVER_ERROR)  # SP-ACQ-3: Kafka throws on another mode
        await self._await_state()
        requested: list[tuple[bytes, int]] = []  # SS-FETCH-1: a topic listed twice is merged
        acks: dict[tuple[bytes, int], list[Any]] = {}
        for t in req.topics:
            for p in t.partitions:
                tp = (t.topic_id, p.partition_index)
                if tp not in requested:
                    requested.append(tp)
                if p.acknowledgement_batches:
                    acks.setdefault(tp, []).extend(p.acknowledgement_batches)
        epoch = req.share_session_epoch
        errors: dict[tuple[bytes, int], ErrorCode] = {}
        valid = []
        for tp in requested:
            _name, error = self._topic_error(*tp, ctx.node_id)
            if error != E.NONE:
                errors[tp] = error
            else:
                valid.append(tp)
        added: list[tuple[bytes, int]] = []
        if epoch == INITIAL_EPOCH:
            if acks:
                return FR(error_code=E.INVALID_REQUEST)  # SS-EP-1
            session = self.sessions.open(group, member, ctx.connection)
            if session is None:
                if req.max_wait_ms > 0:
                    await asyncio.sleep(req.max_wait_ms / 1000)
                return FR(error_code=E.SHARE_SESSION_LIMIT_REACHED)
            ctx.connection.members.add((group, member))  # the drop-member-connections fault finds it
            added = session.add(valid)
        else:
            error, found = self.sessions.check(group, member, epoch)
            if found is None:
                return FR(error_code=error)
            session = found
            if epoch != FINAL_EPOCH:
                added = session.add(valid)
                session.forget([(f.topic_id, p) for f in req.forgotten_topics_data for p in f.partitions])
                session.epoch = next_epoch(epoch)
        lock_ms = self.partitions.lock_duration_ms(group)
        ack_results = await self._acknowledge_all(group, member, acks, renew, ctx.node_id) if acks else {}
        if epoch == FINAL_EPOCH:
            await self._release(session)
            return with_leaders(self.context, ctx.connection, FR(
                acquisition_lock_timeout_ms=lock_ms, responses=_fetch_topics([], {}, errors, ack_results,
                                                                              list(ack_results))))
        fetched: dict[tuple[bytes, int], FetchedPartition] = {}
        if not renew:
            fetched = await self._fetch(ctx, req, session, group, member, epoch)
        listed = (list(session.partitions) if epoch == INITIAL_EPOCH else
                  [tp for tp in session.partitions if tp in added or tp in ack_results
                   or (tp in fetched and (fetched[tp].acquired or fetched[tp].error_code))])
        return with_leaders(self.context, ctx.connection, FR(
            acquisition_lock_timeout_ms=lock_ms, responses=_fetch_topics(listed, fetched, errors, ack_results,
                                                                          requested)))

    async def _fetch(self, ctx: RequestContext, req: ShareFetchRequest, session: ShareSession, group: str,
                     member: str, epoch: int) -> dict[tuple[bytes, int], FetchedPartition]:
        """SS-FETCH-2: acquire across the session's partitions (SP-ACQ-2's rotation), waiting up to MaxWaitMs
        for records when none is acquirable now."""
        order = session.rotated(epoch)
        out: dict[tuple[bytes, int], FetchedPartition] = {}
        max_bytes = min(req.max_bytes, self.config.fetch_max_bytes)
        if req.max_records <= 0 or max_bytes <= 0 or not order:
            return out
        keys = {tp: ShareKey(group, tp[0], tp[1]) for tp in order}
        names = {tp: self._topic_error(*tp, ctx.node_id) for tp in order}
        known = [tp for tp in order if names[tp][1] == E.NONE]
        for tp in order:
            if names[tp][1] != E.NONE:  # deleted since it joined the session
                out[tp] = FetchedPartition(names[tp][1])
        loads = await asyncio.gather(*(self.partitions.load(keys[tp], names[tp][0] or "") for tp in known))
        ready = []
        for tp, error in zip(known, loads, strict=True):
            if error != E.NONE:
                out[tp] = FetchedPartition(error)
            else:
                ready.append(tp)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(0, req.max_wait_ms) / 1000
        while True:
            if self.stopping or ctx.connection.closed or self.sessions.get(group, member) is not session:
                return out  # nobody to hand records to: acquiring now would lock them for a member that is gone
            acquired = 0
            remaining_bytes = max_bytes
            for tp in ready:
                part = self.partitions.acquire(keys[tp], member, max_records=req.max_records - acquired,
                                               batch_size=req.batch_size if req.batch_size > 0 else req.max_records,
                                               acquire_mode=req.share_acquire_mode if ctx.version >= 2 else 0,
                                               max_bytes=remaining_bytes)
                out[tp] = part
                acquired += sum(r.last_offset - r.first_offset + 1 for r in part.acquired)
                remaining_bytes = max(0, remaining_bytes - len(part.records))
            wait = deadline - loop.time()
            failed = any(part.error_code != E.NONE for part in out.values())  # answered at once, as Fetch's errors
            if acquired or failed or wait <= 0 or not ready:
                return out
            waiter = self.partitions.waiter(ready)
            try:
                await asyncio.wait_for(waiter, wait)
            except TimeoutError:
                pass
            finally:
                waiter.cancel()

    # -- ShareAcknowledge ----------------------------------------------------------------------------------

    async def share_acknowledge(self, ctx: RequestContext, req: ShareAcknowledgeRequest) -> ShareAcknowledgeResponse:
        if not self.enabled:
            return AR(error_code=E.UNSUPPORTED_VERSION)
        member = req.member_id or ""
        group = req.group_id or ""
        if not member or len(member) > MAX_MEMBER_ID_LENGTH:
            return AR(error_code=E.INVALID_REQUEST)  # SS-VAL-1
        epoch = req.share_session_epoch
        if epoch == INITIAL_EPOCH:
            return AR(error_code=E.INVALID_SHARE_SESSION_EPOCH)  # SS-EP-2
        await self._await_state()
        error, session = self.sessions.check(group, member, epoch)
        if session is None:
            return AR(error_code=error)
        if epoch != FINAL_EPOCH:
            session.epoch = next_epoch(epoch)
        acks: dict[tuple[bytes, int], list[Any]] = {}
        order: list[tuple[bytes, int]] = []
        for t in req.topics:
            for p in t.partitions:
                tp = (t.topic_id, p.partition_index)
                if tp not in acks:
                    order.append(tp)
                acks.setdefault(tp, []).extend(p.acknowledgement_batches)
        renew = ctx.version >= 2 and req.is_renew_ack
        results = await self._acknowledge_all(group, member, acks, renew, ctx.node_id)
        if epoch == FINAL_EPOCH:
            await self._release(session)
        topics: dict[bytes, list[Any]] = {}
        for tp in order:
            code, message = results[tp]
            topics.setdefault(tp[0], []).append(AR.PartitionData(
                partition_index=tp[1], error_code=code, error_message=message,
                current_leader=AR.LeaderIdAndEpoch()))
        return with_leaders(self.context, ctx.connection, AR(
            acquisition_lock_timeout_ms=self.partitions.lock_duration_ms(group),
            responses=[AR.ShareAcknowledgeTopicResponse(topic_id=tid, partitions=parts)
                       for tid, parts in topics.items()]))


def _fetch_topics(listed: list[tuple[bytes, int]], fetched: dict[tuple[bytes, int], FetchedPartition],
                  errors: dict[tuple[bytes, int], ErrorCode],
                  acks: dict[tuple[bytes, int], tuple[ErrorCode, str | None]],
                  requested: list[tuple[bytes, int]]) -> list[Any]:
    """SS-FETCH-3, SS-ACK-1: the answered partitions grouped by topic, then the erroneous and ack-only ones."""
    order = list(listed)
    for tp in requested:
        if (tp in errors or tp in acks) and tp not in order:
            order.append(tp)
    topics: dict[bytes, list[Any]] = {}
    for tp in order:
        part = fetched.get(tp, FetchedPartition())
        code = errors.get(tp, part.error_code)
        ack_code, ack_message = acks.get(tp, (E.NONE, None))
        topics.setdefault(tp[0], []).append(FR.PartitionData(
            partition_index=tp[1], error_code=code, acknowledge_error_code=ack_code,
            acknowledge_error_message=ack_message, current_leader=FR.LeaderIdAndEpoch(),
            records=part.records, acquired_records=[
                FR.AcquiredRecords(first_offset=r.first_offset, last_offset=r.last_offset,
                                   delivery_count=r.delivery_count) for r in part.acquired]))
    return [FR.ShareFetchableTopicResponse(topic_id=tid, partitions=parts) for tid, parts in topics.items()]

