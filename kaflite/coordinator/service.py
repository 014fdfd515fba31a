"""GroupCoordinatorService: the group coordinator's API, one method per group API (Kafka's GroupCoordinatorService).

Each method names its shard operation directly and hands it to the runtime (`kaflite.coordinator_common`):
`write` for the APIs that change state or must see every earlier write of the group's partition (they are
ordered per `__consumer_offsets` partition and answered once their records are durable), `read` for those
answered from memory (OffsetFetch, DescribeGroups, ListGroups, ConsumerGroupDescribe). The `on_error`
answer of each is what the runtime sends when it must fail the request. The tools of the test kit and the
admin endpoint (expire, fence, wait, snapshot, history) are here too, not in the runtime.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from kaflite.clock import Clock
from kaflite.coordinator.classic.messages import heartbeat_error, join_group_error, leave_group_error, sync_group_error
from kaflite.coordinator.classic.state import GroupState
from kaflite.coordinator.config import GroupConfigs, GroupCoordinatorConfig
from kaflite.coordinator.consumer.describe import describe_error as consumer_group_describe_error
from kaflite.coordinator.consumer.group import ConsumerGroupState
from kaflite.coordinator.consumer.members import heartbeat_error as consumer_group_heartbeat_error
from kaflite.coordinator.context import PartitionStatus
from kaflite.coordinator.group import Transition, TransitionListener
from kaflite.coordinator.group_answers import delete_groups_error, describe_groups_error, list_groups_error
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.offset_answers import (
    offset_commit_error,
    offset_delete_error,
    offset_fetch_error,
    txn_offset_commit_error,
)
from kaflite.coordinator.offsets import PartitionExists, TransactionVerifier
from kaflite.coordinator.partitioner import partition_for
from kaflite.coordinator.records import CONSUMER_OFFSETS
from kaflite.coordinator.result import RequestContext
from kaflite.coordinator.shard import GroupCoordinator
from kaflite.coordinator.share import admin as share_admin
from kaflite.coordinator.share.describe import describe_error as share_group_describe_error
from kaflite.coordinator.share.describe import describe_share_groups
from kaflite.coordinator.share.group import ShareGroupState
from kaflite.coordinator.share.members import Initialization, request_error
from kaflite.coordinator.share.members import heartbeat_error as share_group_heartbeat_error
from kaflite.coordinator.share.persister import Key, PartitionSummary, SharePersister
from kaflite.coordinator.snapshot import GroupSnapshot
from kaflite.coordinator_common.log import CoordinatorLoader, CoordinatorWriter, RecordSource
from kaflite.coordinator_common.runtime import CoordinatorRuntime
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import AlterShareGroupOffsetsRequest as AlterShareOffsetsRequest
from kaflite.protocol.messages import AlterShareGroupOffsetsResponse as AlterShareOffsetsResponse
from kaflite.protocol.messages import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupHeartbeatRequest,
    DeleteGroupsRequest,
    DescribeGroupsRequest,
    HeartbeatRequest,
    JoinGroupRequest,
    LeaveGroupRequest,
    ListGroupsRequest,
    OffsetCommitRequest,
    OffsetDeleteRequest,
    OffsetFetchRequest,
    ShareGroupDescribeRequest,
    ShareGroupHeartbeatRequest,
    SyncGroupRequest,
    TxnOffsetCommitRequest,
)
from kaflite.protocol.messages import DeleteShareGroupOffsetsRequest as DeleteShareOffsetsRequest
from kaflite.protocol.messages import DeleteShareGroupOffsetsResponse as DeleteShareOffsetsResponse
from kaflite.protocol.messages import DescribeShareGroupOffsetsRequest as DescribeShareOffsetsRequest
from kaflite.protocol.messages import DescribeShareGroupOffsetsResponse as DescribeShareOffsetsResponse

# Kafka's state names of every group type: a misspelt state fails a wait at once instead of timing out.
STATE_NAMES = frozenset(s.value for s in (*GroupState, *ConsumerGroupState, *ShareGroupState))
HighWatermark = Callable[[str, int], int | None]
"""A partition's high watermark (topic name, partition), None if unknown: DescribeShareGroupOffsets v1's Lag."""



class GroupCoordinatorService:
    """The group APIs over one runtime of the group shard (every owned `__consumer_offsets` partition).

    Build it with `GroupCoordinatorService.build(writer, loader, config, ...)`: the runtime builds the
    shard on first use (the first group request, or the load of an existing `__consumer_offsets`)."""

    def __init__(self, runtime: CoordinatorRuntime[GroupCoordinator], config: GroupCoordinatorConfig, *,
                 share_persister: SharePersister | None = None, share_enabled: bool = True,
                 high_watermark: HighWatermark | None = None) -> None:
        self.runtime = runtime
        self.config = config
        # SG-API-1: share groups need the share coordinator; without one (or switched off) their APIs answer
        # UNSUPPORTED_VERSION (they stay advertised, as in Kafka).
        self.share_persister = share_persister
        self.share_enabled = share_enabled and share_persister is not None
        self.high_watermark = high_watermark
        # Called with a group id once its share-partitions' state was reset or deleted by the group coordinator
        # (Alter/DeleteShareGroupOffsets, DeleteGroups): the share-fetch path drops the group's loaded
        # share-partitions so they reload (SP-PERSIST-2, kaflite's eviction).
        self.share_state_listeners: list[Callable[[str], None]] = []

    @classmethod
    def build(
        cls,
        writer: CoordinatorWriter,
        loader: CoordinatorLoader,
        config: GroupCoordinatorConfig | None = None,
        *,
        clock: Clock | None = None,
        member_id_factory: Callable[[str], str] | None = None,
        load_batch: int = 1_000,
        partition_exists: PartitionExists | None = None,
        metadata: MetadataImage | None = None,
        group_configs: GroupConfigs | None = None,
        verify_transaction: TransactionVerifier | None = None,
        share_persister: SharePersister | None = None,
        share_enabled: bool = True,
        high_watermark: HighWatermark | None = None,
    ) -> GroupCoordinatorService:
        """The service over a new runtime of `__consumer_offsets` (see GroupCoordinator for the arguments):
        its partitions start not owned, and `load_partition` loads them."""
        cfg = config or GroupCoordinatorConfig()

        def shard() -> GroupCoordinator:
            extra: dict[str, Any] = {} if member_id_factory is None else {"member_id_factory": member_id_factory}
            return GroupCoordinator(cfg, clock, partitions=(), partition_exists=partition_exists, metadata=metadata,
                                    group_configs=group_configs, verify_transaction=verify_transaction, **extra)

        return cls(CoordinatorRuntime(CONSUMER_OFFSETS, shard, writer, loader, clock=clock, load_batch=load_batch),
                   cfg, share_persister=share_persister, share_enabled=share_enabled, high_watermark=high_watermark)

    @property
    def shard(self) -> GroupCoordinator:
        return self.runtime.shard

    def partition_for(self, group_id: str) -> int:
        """`abs(javaStringHashCode(group_id)) % offsets.topic.num.partitions` (B-FIND-1)."""
        return partition_for(group_id, self.config.offsets_topic_num_partitions)

    # ================================================================== classic groups
    def join_group(self, request: JoinGroupRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.write(
            "join-group", self.partition_for(request.group_id),
            lambda shard, token: shard.join_group(request, version, ctx, token),
            lambda error: join_group_error(request, version, error))

    def sync_group(self, request: SyncGroupRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.write(
            "sync-group", self.partition_for(request.group_id),
            lambda shard, token: shard.sync_group(request, version, ctx, token),
            lambda error: sync_group_error(request, version, error))

    def heartbeat(self, request: HeartbeatRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.write(
            "heartbeat", self.partition_for(request.group_id),
            lambda shard, token: shard.heartbeat(request, version, ctx, token),
            lambda error: heartbeat_error(request, version, error))

    def leave_group(self, request: LeaveGroupRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.write(
            "leave-group", self.partition_for(request.group_id),
            lambda shard, token: shard.leave_group(request, version, ctx, token),
            lambda error: leave_group_error(request, version, error))

    # ================================================================== KIP-848 consumer groups
    def consumer_group_heartbeat(self, request: ConsumerGroupHeartbeatRequest, version: int,
                                 ctx: RequestContext) -> Any:
        return self.runtime.write(
            "consumer-group-heartbeat", self.partition_for(request.group_id),
            lambda shard, token: shard.consumer_group_heartbeat(request, version, ctx, token),
            lambda error: consumer_group_heartbeat_error(request, version, error))

    def consumer_group_describe(self, request: ConsumerGroupDescribeRequest, version: int,
                                ctx: RequestContext) -> Any:
        return self.runtime.read(
            lambda shard: shard.consumer_group_describe(request, version, ctx),
            lambda error: consumer_group_describe_error(request, version, error))

    # ================================================================== offsets
    def offset_commit(self, request: OffsetCommitRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.write(
            "commit-offset", self.partition_for(request.group_id),
            lambda shard, token: shard.offset_commit(request, version, ctx, token),
            lambda error: offset_commit_error(request, version, error))

    def offset_fetch(self, request: OffsetFetchRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.read(
            lambda shard: shard.offset_fetch(request, version, ctx),
            lambda error: offset_fetch_error(request, version, error))

    def offset_delete(self, request: OffsetDeleteRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.write(
            "delete-offsets", self.partition_for(request.group_id),
            lambda shard, token: shard.offset_delete(request, version, ctx, token),
            lambda error: offset_delete_error(request, version, error))

    def txn_offset_commit(self, request: TxnOffsetCommitRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.write(
            "txn-commit-offset", self.partition_for(request.group_id),
            lambda shard, token: shard.txn_offset_commit(request, version, ctx, token),
            lambda error: txn_offset_commit_error(request, version, error))

    # ================================================================== across group types
    def describe_groups(self, request: DescribeGroupsRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.read(
            lambda shard: shard.describe_groups(request, version, ctx),
            lambda error: describe_groups_error(request, version, error))

    def list_groups(self, request: ListGroupsRequest, version: int, ctx: RequestContext) -> Any:
        return self.runtime.read(
            lambda shard: shard.list_groups(request, version, ctx),
            lambda error: list_groups_error(request, version, error))

    def delete_groups(self, request: DeleteGroupsRequest, version: int, ctx: RequestContext) -> Any:
        answer = self.runtime.write(
            "delete-groups", None,
            lambda shard, token: shard.delete_groups(request, version, ctx, token),
            lambda error: delete_groups_error(request, version, error))
        self._follow_up(answer)  # SA-DEL-1: a deleted share group's state
        return answer

    # ================================================================== KIP-932 share groups
    def share_group_heartbeat(self, request: ShareGroupHeartbeatRequest, version: int, ctx: RequestContext) -> Any:
        """SG-VAL-1 here, before the coordinator; then the heartbeat, whose share-partition initialization runs
        once its records are durable and its answer released (SG-INIT-4)."""
        error = request_error(request, self.share_enabled)
        if error is not None:
            return share_group_heartbeat_error(request, version, error)
        answer = self.runtime.write(
            "share-group-heartbeat", self.partition_for(request.group_id),
            lambda shard, token: shard.share_operation(lambda share: share.heartbeat(request, version, ctx, token)),
            lambda error: share_group_heartbeat_error(request, version, error))
        self._follow_up(answer)
        return answer

    def share_group_describe(self, request: ShareGroupDescribeRequest, version: int, ctx: RequestContext) -> Any:
        if not self.share_enabled:
            return share_group_describe_error(request, version, ErrorCode.UNSUPPORTED_VERSION)
        def describe(shard: GroupCoordinator) -> Any:
            with shard.ctx.seen_by(ctx):
                return shard.share_read(lambda share: describe_share_groups(request, share.ctx, share.metadata))

        return self.runtime.read(describe, lambda error: share_group_describe_error(request, version, error))

    async def describe_share_group_offsets(self, request: DescribeShareOffsetsRequest, version: int,
                                           ctx: RequestContext) -> DescribeShareOffsetsResponse:
        """SA-OFF-1: per group, from the share coordinator's summaries (SC-SUM-1); no existence check."""
        R = DescribeShareOffsetsResponse
        groups = []
        for g in request.groups:
            gid = g.group_id
            err = None if self.share_enabled else ErrorCode.UNSUPPORTED_VERSION
            if err is None and not self.runtime.closed:
                with self.shard.ctx.seen_by(ctx):
                    err = self.shard.ctx.partition_error(gid)
            elif err is None:
                err = ErrorCode.COORDINATOR_NOT_AVAILABLE
            if err is not None:
                groups.append(R.DescribeShareGroupOffsetsResponseGroup(group_id=gid, error_code=err))
                continue
            image = self.shard.metadata
            wanted: list[tuple[str, bytes | None, list[int]]] = []
            if g.topics is None:
                for tid, tp in sorted(share_admin.initialized_topics(self.shard.share, gid).items(),
                                      key=lambda kv: kv[1].topic_name):
                    wanted.append((tp.topic_name, tid, sorted(tp.partitions)))
            else:
                for t in g.topics:
                    meta = image.topic(t.topic_name)
                    wanted.append((t.topic_name, meta.topic_id if meta is not None else None, list(t.partitions)))
            known: dict[bytes, list[int]] = {tid: ps for _, tid, ps in wanted if tid is not None and ps}
            summaries: dict[Key, PartitionSummary] = {}
            if known:
                assert self.share_persister is not None
                summaries = dict(await self.share_persister.read_summary(gid, known))
            topics = []
            for name, topic_id, ps in wanted:
                parts = []
                for p in ps:
                    s = summaries.get((topic_id, p), PartitionSummary()) if topic_id is not None \
                        else PartitionSummary()
                    hw = self.high_watermark(name, p) if self.high_watermark is not None and topic_id is not None \
                        else None
                    lag = -1
                    if s.error == ErrorCode.NONE and hw is not None and s.start_offset != -1 \
                            and s.delivery_complete_count != -1:
                        lag = hw - s.start_offset - s.delivery_complete_count
                    parts.append(R.DescribeShareGroupOffsetsResponsePartition(
                        partition_index=p, start_offset=s.start_offset, leader_epoch=s.leader_epoch, lag=lag,
                        error_code=s.error, error_message=s.error_message))
                topics.append(R.DescribeShareGroupOffsetsResponseTopic(topic_name=name, topic_id=topic_id or bytes(16),
                                                                       partitions=parts))
            groups.append(R.DescribeShareGroupOffsetsResponseGroup(group_id=gid, topics=topics))
        return R(groups=groups)

    async def alter_share_group_offsets(self, request: AlterShareOffsetsRequest, version: int,
                                        ctx: RequestContext) -> AlterShareOffsetsResponse:
        """SA-OFF-2: the shard's checks and (15) Initializing; then SC-INIT-1 with the requested offsets and the
        (15) that marks them Initialized; each partition answered NONE or its initialization's error."""
        R = AlterShareOffsetsResponse
        if not self.share_enabled:
            return R(error_code=ErrorCode.UNSUPPORTED_VERSION)
        answer = self.runtime.write(
            "alter-share-group-offsets", self.partition_for(request.group_id),
            lambda shard, token: shard.share_operation(lambda share: share_admin.alter_offsets(share, request, token)),
            lambda error: R(error_code=error))
        inits, _ = self.shard.share.take_follow_ups()
        response: AlterShareOffsetsResponse = await _settled(answer)
        if response.error_code != ErrorCode.NONE or not inits:
            return response
        results: dict[Key, ErrorCode] = {}
        for init in inits:
            results.update(await self._initialize(init))
        self._share_state_reset(request.group_id)
        for t in response.responses:
            for p in t.partitions:
                err = results.get((t.topic_id, p.partition_index))
                if p.error_code == ErrorCode.NONE and err is not None and err != ErrorCode.NONE:
                    p.error_code, p.error_message = err, None
        return response

    async def delete_share_group_offsets(self, request: DeleteShareOffsetsRequest, version: int,
                                         ctx: RequestContext) -> DeleteShareOffsetsResponse:
        """SA-OFF-3: the shard's checks and (15) Deleting; then SC-DEL-1 and the (15) without the topics."""
        R = DeleteShareOffsetsResponse
        if not self.share_enabled:
            return R(error_code=ErrorCode.UNSUPPORTED_VERSION)
        answer = self.runtime.write(
            "delete-share-group-offsets", self.partition_for(request.group_id),
            lambda shard, token: shard.share_operation(lambda share: share_admin.delete_offsets(share, request,
                                                                                                 token)),
            lambda error: R(error_code=error))
        _, dels = self.shard.share.take_follow_ups()
        response: DeleteShareOffsetsResponse = await _settled(answer)
        if response.error_code != ErrorCode.NONE or not dels:
            return response
        errors: dict[bytes, ErrorCode] = {}
        for d in dels:
            assert self.share_persister is not None
            deleted: dict[Key, ErrorCode] = dict(await self.share_persister.delete(d.group_id, d.partitions))
            for (tid, _p), err in deleted.items():
                if err != ErrorCode.NONE:
                    errors[tid] = err
            await self.runtime.schedule("share-offsets-deleted", _offsets_deleted(
                d.group_id, frozenset(t for t in d.partitions if t not in errors)))
        self._share_state_reset(request.group_id)
        for t in response.responses:
            if t.error_code == ErrorCode.NONE and t.topic_id in errors:
                t.error_code = errors[t.topic_id]
        return response

    def _reset_when_done(self, group_id: str) -> Callable[[Any], None]:
        return lambda _done: self._share_state_reset(group_id)

    def _share_state_reset(self, group_id: str) -> None:
        for listener in list(self.share_state_listeners):
            listener(group_id)

    def _follow_up(self, answer: Any) -> None:
        """Run the share coordinator's part of the operation just run (SG-INIT-4) once its answer is released:
        initializations, then the closing (15) of each; deletions of share-partition state."""
        inits, dels = self.shard.share.take_follow_ups()
        if not inits and not dels:
            return

        def run(_answer: Any = None) -> None:
            if _answer is not None and (_answer.cancelled() or _answer.exception() is not None
                                        or _failed(_answer.result())):
                return
            for init in inits:
                self._initialize(init)
            for d in dels:
                if self.share_persister is not None:
                    self.share_persister.delete(d.group_id, d.partitions).add_done_callback(
                        self._reset_when_done(d.group_id))

        if hasattr(answer, "add_done_callback"):
            answer.add_done_callback(run)
        elif not _failed(answer):
            run()

    def _initialize(self, init: Initialization) -> Any:
        """SC-INIT-1 for the partitions, then (15) moving them Initialized (or out of Initializing on an error);
        a future of the per-partition errors once that (15) is written."""
        persister = self.share_persister
        assert persister is not None
        keys = [(t, p) for t, ps in init.start_offsets.items() for p in ps]
        initializing = persister.initialize(init.group_id, init.state_epoch, init.start_offsets)
        done = initializing.get_loop().create_future()

        def initialized(f: Any) -> None:
            failed = f.cancelled() or f.exception() is not None
            results: dict[Key, ErrorCode] = dict.fromkeys(keys, ErrorCode.UNKNOWN_SERVER_ERROR) if failed \
                else dict(f.result())
            written = self.runtime.schedule("share-partitions-initialized", lambda shard: shard.share_operation(
                lambda share: share.initialized(init.group_id, results)))
            written.add_done_callback(lambda _w: done.done() or done.set_result(results))

        initializing.add_done_callback(initialized)
        return done

    # ================================================================== FindCoordinator
    def partition_status(self, partition: int) -> PartitionStatus:
        return self.shard.partition_status(partition)

    def coordinator_error(self, group_id: str) -> ErrorCode:
        """FindCoordinator's answer for a group here: NONE once its partition is loaded (B-FIND-2)."""
        status = self.shard.partition_status(self.partition_for(group_id))
        return ErrorCode.NONE if status is PartitionStatus.ACTIVE else ErrorCode.COORDINATOR_NOT_AVAILABLE

    # ================================================================== what the broker tells the coordinator
    def complete_transaction(self, partition: int, producer_id: int, producer_epoch: int, committed: bool) -> ErrorCode:
        """The broker wrote a commit/abort marker of the producer to `__consumer_offsets` partition
        `partition` (TX-MK-3): apply it now (TX-OFF-3). Call it in the same event-loop turn as that
        append, so no coordinator write lands between the marker and its effect. NONE once applied
        (or, while the partition loads, applied when the load completes); NOT_COORDINATOR if the
        partition is not ours: whoever loads it replays the marker from the log."""
        status = self.shard.partition_status(partition)
        self.runtime.schedule(
            "complete-transaction",
            lambda shard: shard.complete_transaction(partition, producer_id, producer_epoch, committed))
        return ErrorCode.NOT_COORDINATOR if status is PartitionStatus.NOT_OWNED else ErrorCode.NONE

    def on_partitions_deleted(self, partitions: list[tuple[str, int]]) -> None:
        """A topic was deleted (DeleteTopics): tombstone its offsets in every group, as Kafka's coordinator
        does when its metadata image loses the topic. Not awaited, as in Kafka (the deletion is answered
        at once); the tombstones are written like any operation's records. Share groups drop the topic from
        their (15) and, once that is durable, its share-partitions' state goes (SG-INIT-5)."""
        if not self.runtime.closed and partitions:
            done = self.runtime.schedule("on-partitions-deleted", lambda shard: shard.on_partitions_deleted(partitions))
            self._follow_up(done)

    # ================================================================== loading
    async def load_partition(self, partition: int, records: RecordSource | None = None) -> None:
        """Replay the partition (from `records`, or its log), then serve its groups (B-LOG-3)."""
        await self.runtime.load_partition(partition, records)

    def begin_load(self, partition: int) -> None:
        self.runtime.begin_load(partition)

    async def unload_partition(self, partition: int) -> None:
        await self.runtime.unload_partition(partition)

    async def close(self) -> None:
        await self.runtime.close()

    # ================================================================== tools (admin endpoint, test kit)
    def group_ids(self) -> list[str]:
        return self.shard.group_ids()

    def snapshot(self, group_id: str) -> GroupSnapshot | None:
        return self.shard.snapshot(group_id)

    def history(self, group_id: str) -> list[Transition]:
        return self.shard.history(group_id)

    def subscribe(self, callback: TransitionListener) -> Callable[[], None]:
        """Call `callback` synchronously on every transition; returns an unsubscribe function."""
        shard = self.shard
        shard.add_listener(callback)
        return lambda: shard.remove_listener(callback)

    def expire_member(self, group_id: str, member_id: str) -> bool:
        """Run the member's session expiry now (fault injection): as if its deadline had passed.

        Classic members leave through their heartbeat expiry, consumer-group members are fenced by
        their session timeout (group epoch + 1); False if the member has no session timer.
        """
        key = self.shard.session_timer(group_id, member_id)
        return key is not None and self.runtime.fire_timer(key)

    def fence_member(self, group_id: str, member_id: str) -> bool:
        """Fence a member now (fault injection): a consumer-group member is removed as a session or
        rebalance timeout would (its next heartbeat gets UNKNOWN_MEMBER_ID and it rejoins at epoch 0);
        a classic member has no fencing of its own, so it is expired. False if there is no such member."""
        if not self.shard.is_consumer_group(group_id):
            return self.expire_member(group_id, member_id)
        result = self.shard.fence_member(group_id, member_id)
        if result is None:
            return False
        self.runtime.dispatch("fence-member", result)
        return True

    async def wait_for_group(
        self,
        group_id: str,
        *,
        state: Enum | str | None = None,
        members: int | None = None,
        generation: int | None = None,
        epoch: int | None = None,
        predicate: Callable[[GroupSnapshot | None], bool] | None = None,
        timeout: float = 10.0,
    ) -> GroupSnapshot | None:
        """Wait, without polling, until the group matches; raises TimeoutError after `timeout` s.

        `state` is Kafka's state name of any group type ("Stable", "Reconciling", "CompletingRebalance")
        or a state enum value (GroupState, ConsumerGroupState): compared by name, so one wait works for
        both group types. `epoch` is a consumer group's group epoch, the same number as `generation`.
        """
        if generation is not None and epoch is not None and generation != epoch:
            raise ValueError(f"generation={generation} and epoch={epoch} name the same number")
        want_gen = generation if generation is not None else epoch
        want_state = None if state is None else str(state)
        if want_state is not None and want_state not in STATE_NAMES:
            raise ValueError(f"unknown group state {state!r}; one of {', '.join(sorted(STATE_NAMES))}")

        def matches() -> bool:
            snap = self.shard.snapshot(group_id)
            if predicate is not None:
                return predicate(snap)
            if snap is None:
                return want_state == "Dead"
            return (
                (want_state is None or str(snap.state) == want_state)
                and (members is None or len(snap.members) == members)
                and (want_gen is None or snap.generation == want_gen)
            )

        try:
            await self.runtime.wait_for(matches, timeout)
        except TimeoutError:
            raise TimeoutError(f"group {group_id!r} did not reach the expected state; "
                               f"last: {self.snapshot(group_id)}") from None
        return self.snapshot(group_id)


def _failed(response: Any) -> bool:
    """The runtime failed the operation (its records are not durable): no follow-up work. `response` is the
    request's answer, or a scheduled operation's True (durable) / False."""
    if response is False or getattr(response, "error_code", 0) == ErrorCode.NOT_COORDINATOR:
        return True
    results = getattr(response, "results", None) or []
    return bool(results) and all(r.error_code == ErrorCode.NOT_COORDINATOR for r in results)


async def _settled(answer: Any) -> Any:
    """The runtime's answer: the response itself, or a future of it."""
    return await answer if hasattr(answer, "add_done_callback") else answer


def _offsets_deleted(group_id: str, topic_ids: frozenset[bytes]) -> Callable[[GroupCoordinator], Any]:
    return lambda shard: shard.share_operation(lambda share: share_admin.offsets_deleted(share, group_id, topic_ids))
