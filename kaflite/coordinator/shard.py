"""The group coordinator shard: Kafka's GroupCoordinatorShard, sans-I/O.

It owns the `__consumer_offsets` partitions this broker coordinates and composes the rest: the
classic group manager, the offset store, and the registries that route a fired timer (by kind)
and a replayed record (by key version) to them. It answers the APIs that span group types
(DescribeGroups, ListGroups, DeleteGroups) and the offset-expiry task.

Every public handler takes a decoded request, its API version, the request context and an opaque
token, and returns a CoordinatorResult (records to append, responses -- possibly for tokens parked
earlier -- and timer operations). Handlers change membership and states directly, as Kafka's do;
every record they produce is applied through `replay` at once, the same code a load runs, so what
the log says and what memory holds cannot drift apart (B-LOG-3). Nothing here awaits: one call is
one atomic state change (B-JOIN-1).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar

import structlog

from kaflite.clock import Clock, SystemClock
from kaflite.coordinator.classic.group import ClassicGroup
from kaflite.coordinator.classic.manager import ClassicGroupManager, default_member_id
from kaflite.coordinator.classic.rebalance import HEARTBEAT
from kaflite.coordinator.classic.replay import replay_group_metadata
from kaflite.coordinator.config import GroupConfigs, GroupCoordinatorConfig
from kaflite.coordinator.consumer import records as consumer_records
from kaflite.coordinator.consumer.classic_members import (
    ClassicMembers,
)
from kaflite.coordinator.consumer.group import ConsumerGroup
from kaflite.coordinator.consumer.manager import SESSION_TIMEOUT, ConsumerGroupManager
from kaflite.coordinator.context import EXPIRE_OFFSETS, PartitionStatus, ShardContext, Timer
from kaflite.coordinator.conversions import GroupConversions
from kaflite.coordinator.group import Group, GroupType, Transition, TransitionListener
from kaflite.coordinator.group_answers import describe_as_classic, describe_groups, list_groups
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.offsets import OffsetStore, PartitionExists, TransactionVerifier
from kaflite.coordinator.records import (
    GROUP_METADATA_KEY_VERSION,
    EndTransactionMarker,
    LoadedRecord,
    TransactionalRecord,
    decode_offset_commit_key,
    record_key_version,
)
from kaflite.coordinator.result import CoordinatorResult, RequestContext, Token
from kaflite.coordinator.share import records as share_records
from kaflite.coordinator.share.group import ShareGroup
from kaflite.coordinator.share.manager import SESSION_TIMEOUT as SHARE_SESSION_TIMEOUT
from kaflite.coordinator.share.manager import ShareGroupManager
from kaflite.coordinator.snapshot import GroupSnapshot
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupDescribeResponse,
    ConsumerGroupHeartbeatRequest,
    DeleteGroupsRequest,
    DeleteGroupsResponse,
    DescribeGroupsRequest,
    DescribeGroupsResponse,
    HeartbeatRequest,
    HeartbeatResponse,
    JoinGroupRequest,
    JoinGroupResponse,
    LeaveGroupRequest,
    ListGroupsRequest,
    ListGroupsResponse,
    OffsetCommitRequest,
    OffsetDeleteRequest,
    OffsetFetchRequest,
    OffsetFetchResponse,
    SyncGroupRequest,
    SyncGroupResponse,
    TxnOffsetCommitRequest,
)

log = structlog.get_logger("kaflite.coordinator")
R = TypeVar("R")

E = ErrorCode

# The timer kinds that are a member's session: a timer of one of these kinds with the member id as its
# first argument is that member's session timer (expire_member finds it whatever the group type).
SESSION_TIMER_KINDS = frozenset({HEARTBEAT, SESSION_TIMEOUT, SHARE_SESSION_TIMEOUT})

# Record key versions of `__consumer_offsets` (Kafka's CoordinatorRecordType): 0-1 offset commit,
# 2 classic group metadata; 3-8 and 16 KIP-848 consumer groups; 10-15 share groups; 9 and 17+ (4.0's share
# partition metadata, streams groups) are skipped.


class _GroupTypeHooks(NamedTuple):
    describe: Callable[[Group, int], DescribeGroupsResponse.DescribedGroup]  # (group, DescribeGroups version)
    on_loaded: Callable[[Group], None]
    on_offset_commit: Callable[[Group, str], None]  # a member's commit was accepted (group, member id)


class GroupCoordinator:
    """Every group and committed offset of the `__consumer_offsets` partitions this broker owns.

    `partitions=None` means every partition is owned and active (a single broker with nothing to
    load, handy in tests); otherwise partitions start not owned and the runtime loads them.
    `partition_exists` is the broker's topic metadata (OffsetCommit/OffsetDelete answer
    UNKNOWN_TOPIC_OR_PARTITION for the others); None: every partition exists. `verify_transaction`
    is the transaction coordinator's check of a TxnOffsetCommit (TX-PRD-2); None: none is made.
    """

    def __init__(
        self,
        config: GroupCoordinatorConfig | None = None,
        clock: Clock | None = None,
        *,
        partitions: Iterable[int] | None = None,
        member_id_factory: Callable[[str], str] = default_member_id,
        partition_exists: PartitionExists | None = None,
        metadata: MetadataImage | None = None,
        group_configs: GroupConfigs | None = None,
        verify_transaction: TransactionVerifier | None = None,
    ) -> None:
        self.config = config or GroupCoordinatorConfig()
        self.metadata = metadata if metadata is not None else MetadataImage()
        self.group_configs: GroupConfigs = group_configs or (lambda _group_id: {})
        self.ctx = ShardContext(self.config, clock or SystemClock(), self.replay, partitions,
                                replay_transactional=self.replay_transactional)
        self.classic = ClassicGroupManager(self.ctx, member_id_factory)
        self.conversions = GroupConversions(self.ctx, self.config, self.metadata, self.classic)
        self.consumer = ConsumerGroupManager(
            self.ctx, self.metadata, self.group_configs,
            upgrade_classic_group=self.conversions.upgrade_classic_group,  # CG-MIG-1
            downgrade_to_classic=self.conversions.downgrade_consumer_group,  # CG-MIG-2
            convert_to_classic=self.conversions.convert_to_classic)  # CG-MIG-2, a static member replaced
        self.share = ShareGroupManager(self.ctx, self.metadata, self.group_configs)
        self.classic_in_consumer = ClassicMembers(self.consumer)  # CG-MIX-*: classic APIs on consumer groups
        self.offsets = OffsetStore(self.ctx, self.classic.create_group, self._offset_committed, partition_exists,
                                   verify_transaction)
        self._replay_offset_commit = self.offsets.replay  # bound once: replay's hot path
        # Registries: a timer kind -> its expiry; a record key version -> its replay (Kafka's loader
        # logs record kinds it does not know and goes on; so does `replay`).
        self._timer_kinds: dict[str, Callable[[Timer], None]] = {
            EXPIRE_OFFSETS: self._on_expire_offsets,
            **self.classic.rebalance.timer_kinds(),
            **self.consumer.timer_kinds(),
            **self.classic_in_consumer.timer_kinds(),
            **self.share.timer_kinds(),
        }
        self._record_kinds: dict[int, Callable[[bytes, bytes | None], None]] = {
            GROUP_METADATA_KEY_VERSION: functools.partial(replay_group_metadata, self.ctx),
            **dict.fromkeys(consumer_records.RECORD_TYPES, self.consumer.replay),
            **dict.fromkeys(share_records.RECORD_TYPES, self.share.replay),
        }
        self._unknown_record_kinds: set[int] = set()
        # Markers that reached a partition while it was loading: applied once its load completes.
        self._markers_while_loading: dict[int, list[EndTransactionMarker]] = {}
        # What differs per group type and is not the Group protocol's: its DescribeGroups entry, what
        # it arms once its partition is loaded, and what a member's accepted offset commit does to it.
        self._group_types: dict[GroupType, _GroupTypeHooks] = {
            GroupType.CLASSIC: _GroupTypeHooks(describe=self._describe_classic, on_loaded=self._classic_loaded,
                                               on_offset_commit=self._classic_offset_committed),
            GroupType.CONSUMER: _GroupTypeHooks(describe=describe_as_classic, on_loaded=self._consumer_loaded,
                                                on_offset_commit=lambda _group, _member_id: None),
            GroupType.SHARE: _GroupTypeHooks(describe=describe_as_classic, on_loaded=self._share_loaded,
                                             on_offset_commit=lambda _group, _member_id: None),
        }

    # ================================================================== partitions and loading
    def partition_for(self, group_id: str) -> int:
        """FindCoordinator's partition function (B-FIND-1)."""
        return self.ctx.partition_for(group_id)

    def partition_status(self, partition: int) -> PartitionStatus:
        return self.ctx.partition_status(partition)

    def begin_load(self, partition: int) -> None:
        """Forget the partition's groups and offsets; group APIs answer LOAD_IN_PROGRESS until loaded."""
        self.ctx.drop_partition(partition)
        self._markers_while_loading.pop(partition, None)
        self.ctx.set_partition_status(partition, PartitionStatus.LOADING)

    def complete_load(self, partition: int) -> CoordinatorResult:
        """Arm heartbeats of loaded members and the offset-expiry timer (Kafka's onLoaded)."""
        with self.ctx.operation() as out:
            for marker in self._markers_while_loading.pop(partition, ()):
                # Written after the load had read its end (else applied twice: harmless, TX-OFF-3).
                self.offsets.replay_end_transaction(partition, marker.producer_id, marker.committed)
            self.ctx.set_partition_status(partition, PartitionStatus.ACTIVE)
            groups = self.ctx.groups_of(partition)
            members = offsets = 0
            for group in groups:
                members += group.num_members()
                offsets += len(self.offsets.offsets_of(group.group_id))
                self._group_types[group.group_type].on_loaded(group)
            self.ctx.schedule_expire_offsets(partition)
            # An empty partition (all 50 of a new `__consumer_offsets`) is not worth a line of its own.
            log.log(logging.INFO if groups else logging.DEBUG, "groups.loaded", partition=partition,
                    groups=len(groups), members=members, offsets=offsets)
        return out

    def unload(self, partition: int) -> CoordinatorResult:
        """Drop the partition (lost ownership or a failed append); its timers are cancelled."""
        with self.ctx.operation() as out:
            self.ctx.drop_partition(partition)
            self._markers_while_loading.pop(partition, None)
            self.ctx.set_partition_status(partition, None)
        return out

    # ================================================================== observability
    def add_listener(self, listener: TransitionListener) -> None:
        """Called synchronously on every transition (B-STATE-2); the runtime turns it into events."""
        self.ctx.listeners.append(listener)

    def remove_listener(self, listener: TransitionListener) -> None:
        if listener in self.ctx.listeners:
            self.ctx.listeners.remove(listener)

    def history(self, group_id: str) -> list[Transition]:
        return list(self.ctx.histories.get(group_id, ()))

    def group_ids(self) -> list[str]:
        return list(self.ctx.groups)

    def snapshot(self, group_id: str) -> GroupSnapshot | None:
        """A read-only view for tools and tests; only what Kafka would persist plus the state."""
        group = self.ctx.groups.get(group_id)
        if isinstance(group, (ConsumerGroup, ShareGroup)):
            return group.snapshot(self.offsets.offsets_of(group_id), self.metadata)
        return None if group is None else group.snapshot(self.offsets.offsets_of(group_id))

    # ================================================================== timers
    def on_timer(self, key: str, now_ms: int | None = None) -> CoordinatorResult:
        """A timer fired: run its expiry unless it is stale (rescheduled, cancelled, or not yet due)."""
        now = self.ctx.now() if now_ms is None else now_ms
        with self.ctx.operation() as out:
            t = self.ctx.timers.get(key)
            if t is None or t.deadline_ms > now:
                return out
            del self.ctx.timers[key]
            self._timer_kinds[t.kind](t)
        return out

    def tick(self, now_ms: int | None = None, max_fires: int = 10_000) -> CoordinatorResult:
        """Fire every due timer in deadline order (tests and simple drivers); one merged result."""
        now = self.ctx.now() if now_ms is None else now_ms
        merged = CoordinatorResult()
        for _ in range(max_fires):
            due = [(t.deadline_ms, k) for k, t in self.ctx.timers.items() if t.deadline_ms <= now]
            if not due:
                break
            _, key = min(due)
            merged.merge(self.on_timer(key, now))
        return merged

    def timer_deadline(self, key: str) -> int | None:
        t = self.ctx.timers.get(key)
        return None if t is None else t.deadline_ms

    def scheduled_timers(self) -> dict[str, int]:
        return {k: t.deadline_ms for k, t in self.ctx.timers.items()}

    # ================================================================== faults (the service's tools)
    def session_timer(self, group_id: str, member_id: str) -> str | None:
        """The key of the member's session timer (classic heartbeat expiry, KIP-848 session timeout),
        found in the timer registry whatever the group type; None if it has none."""
        for key, t in self.ctx.timers.items():
            if t.kind in SESSION_TIMER_KINDS and t.group_id == group_id and t.args[:1] == (member_id,):
                return key
        return None

    def is_consumer_group(self, group_id: str) -> bool:
        return isinstance(self.ctx.groups.get(group_id), ConsumerGroup)

    def fence_member(self, group_id: str, member_id: str) -> CoordinatorResult | None:
        """Fence a consumer-group member now, as a session or rebalance timeout would (its next heartbeat
        gets UNKNOWN_MEMBER_ID and it rejoins at epoch 0); None if the group is not a consumer group with
        that member on a loaded partition (a classic member has no fencing of its own)."""
        group = self.ctx.groups.get(group_id)
        if not isinstance(group, ConsumerGroup):
            return None
        member = group.members.get(member_id)
        if member is None or self.ctx.partition_error(group_id) is not None:
            return None
        with self.ctx.operation() as out:
            self.ctx.touch(group_id)
            self.consumer.fence_member(group, member, f"member {member_id} fenced (fault injection)")
        return out

    # ================================================================== classic group APIs
    def join_group(
        self, request: JoinGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out:
            group = self.ctx.groups.get(request.group_id)
            if isinstance(group, ShareGroup) and self.ctx.partition_error(request.group_id) is None:
                self.ctx.touch(request.group_id)  # SG-API-4
                self.ctx.respond(token, JoinGroupResponse(error_code=E.INCONSISTENT_GROUP_PROTOCOL, generation_id=-1,
                                                          member_id=request.member_id,
                                                          protocol_name=None if version >= 7 else ""))
                return out
            if isinstance(group, ConsumerGroup) and self.ctx.partition_error(request.group_id) is None:
                if not group.is_empty():
                    # A classic member inside a consumer group (CG-MIX-1), after the service's checks.
                    self.ctx.touch(request.group_id)
                    cfg = self.config
                    if not cfg.group_min_session_timeout_ms <= request.session_timeout_ms \
                            <= cfg.group_max_session_timeout_ms:
                        self.ctx.respond(token, JoinGroupResponse(error_code=E.INVALID_SESSION_TIMEOUT,
                                                                  generation_id=-1, member_id=request.member_id,
                                                                  protocol_name=None if version >= 7 else ""))
                        return out
                    self.classic_in_consumer.join(group, request, version, ctx, token)
                    return out
                # An empty consumer group converts on the first classic join (CG-MIG-2): its tombstones.
                log.info("group.converting", group=request.group_id, to="classic")
                for key in group.group_tombstone_keys():
                    self.ctx.append(request.group_id, key, None)
            self.classic.join_group(request, version, ctx, token)
        return out

    def sync_group(
        self, request: SyncGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out:
            group = self._consumer_group_for_classic_api(request.group_id)
            if group is None:
                self.classic.sync_group(request, version, token)
            elif group.is_empty():
                self.ctx.respond(token, SyncGroupResponse(error_code=E.UNKNOWN_MEMBER_ID))
            else:
                self.classic_in_consumer.sync(group, request, version, token)
        return out

    def heartbeat(
        self, request: HeartbeatRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out:
            group = self._consumer_group_for_classic_api(request.group_id)
            if group is None:
                error = self.classic.heartbeat(request, version)
            else:
                error = self.classic_in_consumer.heartbeat(group, request, version)
            self.ctx.respond(token, HeartbeatResponse(error_code=error))
        return out

    def leave_group(
        self, request: LeaveGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out:
            group = self._consumer_group_for_classic_api(request.group_id)
            if group is None:
                self.ctx.respond(token, self.classic.leave_group(request, version))
            else:
                self.ctx.respond(token, self.classic_in_consumer.leave(group, request, version))
        return out

    def _consumer_group_for_classic_api(self, group_id: str) -> ConsumerGroup | None:
        """A consumer group a classic API reaches (CG-MIX-2..4); None: the classic code answers."""
        group = self.ctx.groups.get(group_id)
        if not isinstance(group, ConsumerGroup) or self.ctx.partition_error(group_id) is not None:
            return None
        self.ctx.touch(group_id)
        return group

    # ================================================================== KIP-848 consumer group APIs
    def consumer_group_heartbeat(
        self, request: ConsumerGroupHeartbeatRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out:
            before = self.ctx.groups.get(request.group_id)
            self.consumer.heartbeat(request, version, ctx, token)
            after = self.ctx.groups.get(request.group_id)
            if isinstance(before, ClassicGroup) and not before.is_empty() and isinstance(after, ConsumerGroup):
                # CG-MIG-1, once its records are written: pending Join/Sync rejoin; classic sessions go on.
                self.classic.complete_all_waiters(before, E.REBALANCE_IN_PROGRESS)
                for m in after.members.values():
                    if m.classic is not None:
                        self.consumer._schedule_session_timeout(after.group_id, m.member_id,
                                                                m.classic.session_timeout_ms)
                log.info("group.converted", group=after.group_id, to="consumer", members=len(before.members))
        return out

    def consumer_group_describe(
        self, request: ConsumerGroupDescribeRequest, version: int, ctx: RequestContext
    ) -> ConsumerGroupDescribeResponse:
        """A read: answered from memory, nothing written."""
        with self.ctx.operation(), self.ctx.seen_by(ctx):
            return self.consumer.describe(request, version)

    # ================================================================== KIP-932 share groups
    def share_operation(self, op: Callable[[ShareGroupManager], None]) -> CoordinatorResult:
        """One share-group operation (share/manager.py, share/admin.py): its records, answers and timers."""
        with self.ctx.operation() as out:
            op(self.share)
        return out

    def share_read(self, op: Callable[[ShareGroupManager], R]) -> R:
        """A share-group read (ShareGroupDescribe): answered from memory, nothing written."""
        with self.ctx.operation():
            return op(self.share)

    # ================================================================== offsets
    def offset_commit(
        self, request: OffsetCommitRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out:
            self.ctx.respond(token, self.offsets.commit(request, version))
        return out

    def offset_fetch(self, request: OffsetFetchRequest, version: int, ctx: RequestContext) -> OffsetFetchResponse:
        """A read: answered from memory, nothing written."""
        with self.ctx.operation(), self.ctx.seen_by(ctx):
            return self.offsets.fetch(request, version)

    def offset_delete(
        self, request: OffsetDeleteRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out:
            self.ctx.respond(token, self.offsets.delete(request, version))
        return out

    # ================================================================== transactional offsets
    def txn_offset_commit(
        self, request: TxnOffsetCommitRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        """TxnOffsetCommit (TX-OFF-1/2): the result's records are the producer's transactional batch
        (`result.producer`); the offsets stay pending until `complete_transaction`."""
        with self.ctx.operation() as out:
            self.ctx.respond(token, self.offsets.txn_commit(request, version))
        return out

    def complete_transaction(
        self, partition: int, producer_id: int, producer_epoch: int, committed: bool
    ) -> CoordinatorResult:
        """A commit or abort marker of the producer was written to `__consumer_offsets` partition
        `partition` (TX-MK-3, TX-OFF-3): its pending offsets for that partition's groups are committed or
        dropped. Nothing is written: the marker in the log is the record, and a load replays it. On a
        partition being loaded it is applied when the load completes; on one not owned, it is ignored."""
        with self.ctx.operation() as out:
            status = self.ctx.partition_status(partition)
            marker = EndTransactionMarker(producer_id, producer_epoch, committed)
            if status is PartitionStatus.LOADING:
                self._markers_while_loading.setdefault(partition, []).append(marker)
            elif status is PartitionStatus.ACTIVE:
                n = self.offsets.replay_end_transaction(partition, producer_id, committed)
                log.debug("offsets.txn_completed", partition=partition, producer_id=producer_id,
                          producer_epoch=producer_epoch, committed=committed, offsets=n)
        return out

    def on_partitions_deleted(self, partitions: list[tuple[str, int]]) -> CoordinatorResult:
        """A topic was deleted: its partitions' offsets go from every group (tombstones), as Kafka's
        GroupCoordinatorShard.onPartitionsDeleted when the metadata image drops a topic."""
        with self.ctx.operation() as out:
            n = self.offsets.on_partitions_deleted(partitions)
            self.share.on_topics_deleted({t for t, _ in partitions})  # SG-INIT-5
            if n:
                log.info("offsets.deleted_with_topic", topics=sorted({t for t, _ in partitions}), tombstones=n)
        return out

    # ================================================================== Describe / List / Delete
    def describe_groups(
        self, request: DescribeGroupsRequest, version: int, ctx: RequestContext
    ) -> DescribeGroupsResponse:
        """A read: answered from memory, nothing written."""
        with self.ctx.operation(), self.ctx.seen_by(ctx):
            return describe_groups(self.ctx, request, version, self._describe)

    def _describe(self, group: Group, version: int) -> DescribeGroupsResponse.DescribedGroup:
        return self._group_types[group.group_type].describe(group, version)

    def _describe_classic(self, group: Group, version: int) -> DescribeGroupsResponse.DescribedGroup:
        assert isinstance(group, ClassicGroup)
        return self.classic.describe(group)

    def _consumer_loaded(self, group: Group) -> None:
        assert isinstance(group, ConsumerGroup)
        self.consumer.on_loaded(group)

    def _share_loaded(self, group: Group) -> None:
        assert isinstance(group, ShareGroup)
        self.share.on_loaded(group)

    def _classic_loaded(self, group: Group) -> None:
        assert isinstance(group, ClassicGroup)
        self.classic.rebalance.on_loaded(group)

    def _classic_offset_committed(self, group: Group, member_id: str) -> None:
        assert isinstance(group, ClassicGroup)
        self.classic.offset_committed(group, member_id)

    def _offset_committed(self, group: Group, member_id: str) -> None:
        self._group_types[group.group_type].on_offset_commit(group, member_id)

    def list_groups(self, request: ListGroupsRequest, version: int, ctx: RequestContext) -> ListGroupsResponse:
        """A read: answered from memory, nothing written."""
        with self.ctx.operation(), self.ctx.seen_by(ctx):
            return list_groups(self.ctx, request, version)

    def delete_groups(
        self, request: DeleteGroupsRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self.ctx.operation() as out, self.ctx.seen_by(ctx):
            R = DeleteGroupsResponse.DeletableGroupResult
            results = []
            for group_id in request.groups_names:
                # The empty group id is a group here (GroupCoordinatorService.deleteGroups keeps it for
                # backwards compatibility): GROUP_ID_NOT_FOUND unless a simple commit created it.
                err = self.ctx.partition_error(group_id)
                group = self.ctx.groups.get(group_id)
                if err is None:
                    self.ctx.touch(group_id)
                    err = E.GROUP_ID_NOT_FOUND if group is None else group.validate_delete_group()
                if err is None and group is not None:
                    self._delete_group(group, "DeleteGroups")
                results.append(R(group_id=group_id, error_code=err if err is not None else E.NONE))
            self.ctx.respond(token, DeleteGroupsResponse(results=results))
        return out

    def _delete_group(self, group: Group, reason: str) -> None:
        """Tombstone every offset, then the group itself (B-LOG-2); replay turns it Dead."""
        gid = group.group_id
        self.offsets.delete_all(gid)
        log.info("group.deleting", group=gid, reason=reason)
        if isinstance(group, ShareGroup):
            self.share.delete_state(group)  # SA-DEL-1: (15) marks its topics Deleting; the state goes after
        for key in group.group_tombstone_keys():
            self.ctx.append(gid, key, None)

    # ================================================================== offset expiry (KIP-211)
    def cleanup_expired_offsets(self, partition: int) -> CoordinatorResult:
        """The periodic task, callable directly: expire offsets, delete Empty groups left with none."""
        with self.ctx.operation() as out:
            self._cleanup_group_metadata(partition)
        return out

    def _on_expire_offsets(self, t: Timer) -> None:
        self._cleanup_group_metadata(t.args[0])

    def _cleanup_group_metadata(self, partition: int) -> None:
        now = self.ctx.now()
        before = self.ctx.records_so_far()
        for group in self.ctx.groups_of(partition):
            if isinstance(group, ShareGroup):
                continue  # ShareGroup.shouldExpire is false: no offsets of its own, never expired
            if self.offsets.cleanup_expired(group, now) and group.is_empty():
                self._delete_group(group, "offsets expired and the group is empty")  # B-OFF-4
        n = self.ctx.records_so_far() - before
        if n:
            log.info("offsets.expired", partition=partition, tombstones=n)
        if self.ctx.partition_status(partition) is PartitionStatus.ACTIVE:
            self.ctx.schedule_expire_offsets(partition)

    # ================================================================== replay
    def replay(self, key: bytes, value: bytes | None) -> None:
        """Apply one `__consumer_offsets` record, live (every record a handler appends) and at load."""
        # Offset commits are nearly every record of a load: decoded to plain tuples, no key objects.
        commit_key = decode_offset_commit_key(key)
        if commit_key is not None:
            self._replay_offset_commit(commit_key, value)
            return
        version = record_key_version(key)
        handler = self._record_kinds.get(version)
        if handler is not None:
            handler(key, value)
        elif version not in self._unknown_record_kinds:
            self._unknown_record_kinds.add(version)  # once per kind: a log can hold millions
            log.warning("coordinator.unknown_record_kind", key_version=version,
                        action="skipped; it may be left over from a newer broker or an aborted upgrade")

    def replay_transactional(self, key: bytes, value: bytes | None, producer_id: int, producer_epoch: int) -> None:
        """Apply a record of a transactional batch: an offset commit is kept pending for the producer
        (TX-OFF-2); any other record kind is applied as if plain (only offsets are transactional)."""
        commit_key = decode_offset_commit_key(key)
        if commit_key is not None:
            self.offsets.replay_transactional(commit_key, value, producer_id)
        else:
            self.replay(key, value)

    def replay_loaded(self, partition: int, record: LoadedRecord) -> None:
        """Apply what a load of `partition` yields that is not a plain `(key, value)` pair: a
        transactional record or a commit/abort marker, at its position in the log (TX-OFF-3)."""
        if isinstance(record, TransactionalRecord):
            self.replay_transactional(record.key, record.value, record.producer_id, record.producer_epoch)
        elif isinstance(record, EndTransactionMarker):
            self.offsets.replay_end_transaction(partition, record.producer_id, record.committed)
        else:
            self.replay(*record)
