"""The pure classic group coordinator: Kafka's GroupMetadataManager/OffsetMetadataManager, sans-I/O.

Every public handler takes a decoded request, its API version, the request context and an opaque
token, and returns a CoordinatorResult (records to append, responses -- possibly for tokens
parked earlier -- and timer operations). Persisted state changes only through `replay`, which
live handlers call on the records they produce and the runtime calls while loading (B-LOG-3).
Nothing here awaits: one call is one atomic state change (B-JOIN-1).
"""

from __future__ import annotations

import logging
import uuid
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import structlog

from kaflite.clock import Clock
from kaflite.coordinator.classic.group import (
    ClassicGroup,
    JoinWaiter,
    Member,
    OffsetAndMetadata,
    Protocol,
    Transition,
    TransitionListener,
)
from kaflite.coordinator.classic.state import GroupState
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.partitioner import partition_for
from kaflite.coordinator.records import (
    GroupMetadataRecordKey,
    decode_group_metadata_value,
    decode_key,
    decode_offset_commit_key,
    decode_offset_commit_value_fields,
    group_metadata_key,
    group_metadata_value,
    offset_commit_key,
    offset_commit_value,
)
from kaflite.coordinator.result import CoordinatorResult, RequestContext, TimerOp, Token
from kaflite.coordinator.snapshot import GroupSnapshot, MemberSnapshot, OffsetSnapshot
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DeleteGroupsRequest,
    DeleteGroupsResponse,
    DescribeGroupsRequest,
    DescribeGroupsResponse,
    GroupMetadataValue,
    HeartbeatRequest,
    HeartbeatResponse,
    JoinGroupRequest,
    JoinGroupResponse,
    LeaveGroupRequest,
    LeaveGroupResponse,
    ListGroupsRequest,
    ListGroupsResponse,
    OffsetCommitRequest,
    OffsetCommitResponse,
    OffsetDeleteRequest,
    OffsetDeleteResponse,
    OffsetFetchRequest,
    OffsetFetchResponse,
    SyncGroupRequest,
    SyncGroupResponse,
)

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
S = GroupState
UNKNOWN_MEMBER_ID = ""
NO_OFFSET = -1


class PartitionStatus(Enum):
    NOT_OWNED = "not-owned"
    LOADING = "loading"
    ACTIVE = "active"


def heartbeat_key(group_id: str, member_id: str) -> str:
    return f"heartbeat-{group_id}-{member_id}"


def join_key(group_id: str) -> str:
    return f"join-{group_id}"


def initial_join_key(group_id: str) -> str:
    return f"initial-join-{group_id}"


def sync_key(group_id: str) -> str:
    return f"sync-{group_id}"


def expire_offsets_key(partition: int) -> str:
    return f"expire-offsets-{partition}"


@dataclass(slots=True)
class _Timer:
    deadline_ms: int
    kind: str
    group_id: str | None
    args: tuple[Any, ...]


def _default_member_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4()}"


class GroupCoordinator:
    """All classic groups and committed offsets of the `__consumer_offsets` partitions this broker owns.

    `partitions=None` means every partition is owned and active (a single broker with nothing to
    load, handy in tests); otherwise partitions start not owned and the runtime loads them.
    """

    def __init__(
        self,
        config: GroupCoordinatorConfig | None = None,
        clock: Clock | None = None,
        *,
        partitions: Iterable[int] | None = None,
        member_id_factory: Callable[[str], str] = _default_member_id,
    ) -> None:
        from kaflite.clock import SystemClock

        self.config = config or GroupCoordinatorConfig()
        self._clock: Clock = clock or SystemClock()
        self._new_member_id = member_id_factory
        self._groups: dict[str, ClassicGroup] = {}
        self._histories: dict[str, deque[Transition]] = {}
        self._timers: dict[str, _Timer] = {}
        self._listeners: list[TransitionListener] = []
        self._all_active = partitions is None
        self._partitions: dict[int, PartitionStatus] = {}
        for p in partitions or ():
            self._partitions[p] = PartitionStatus.ACTIVE
        self._out: CoordinatorResult | None = None

    # ================================================================== partitions and loading
    def partition_for(self, group_id: str) -> int:
        """FindCoordinator's partition function (B-FIND-1)."""
        return partition_for(group_id, self.config.offsets_topic_num_partitions)

    def partition_status(self, partition: int) -> PartitionStatus:
        if self._all_active:
            return PartitionStatus.ACTIVE
        return self._partitions.get(partition, PartitionStatus.NOT_OWNED)

    def begin_load(self, partition: int) -> None:
        """Forget the partition's groups and offsets; group APIs answer LOAD_IN_PROGRESS until loaded."""
        self._drop_partition_state(partition)
        self._own_partitions_explicitly()
        self._partitions[partition] = PartitionStatus.LOADING

    def complete_load(self, partition: int) -> CoordinatorResult:
        """Arm heartbeats of loaded members and the offset-expiry timer (Kafka's onLoaded)."""
        with self._operation() as out:
            self._partitions[partition] = PartitionStatus.ACTIVE
            groups = self._groups_of(partition)
            members = offsets = 0
            for group in groups:
                # Per group at DEBUG only: a partition can hold thousands of groups (one INFO line below).
                log.debug(
                    "group.loaded",
                    group=group.group_id,
                    state=str(group.state),
                    generation=group.generation,
                    members=len(group.members),
                    offsets=len(group.offsets),
                )
                members += len(group.members)
                offsets += len(group.offsets)
                for member in group.members.values():
                    self._schedule_heartbeat(group, member, member.session_timeout_ms)
                if len(group.members) > self.config.group_max_size:
                    self._prepare_rebalance(
                        group, f"freshly-loaded group is over capacity {self.config.group_max_size}"
                    )
            self._schedule(
                expire_offsets_key(partition),
                self.config.offsets_retention_check_interval_ms,
                "expire-offsets",
                None,
                (partition,),
            )
            log.info("groups.loaded", partition=partition, groups=len(groups), members=members, offsets=offsets)
        return out

    def unload(self, partition: int) -> CoordinatorResult:
        """Drop the partition (lost ownership or a failed append); its timers are cancelled."""
        with self._operation() as out:
            self._drop_partition_state(partition)
            self._own_partitions_explicitly()
            self._partitions.pop(partition, None)
        return out

    def _own_partitions_explicitly(self) -> None:
        """Leave the "every partition is active" mode, keeping the others active."""
        if self._all_active:
            self._all_active = False
            for p in range(self.config.offsets_topic_num_partitions):
                self._partitions[p] = PartitionStatus.ACTIVE

    def _drop_partition_state(self, partition: int) -> None:
        for group in self._groups_of(partition):
            del self._groups[group.group_id]
        for key, t in list(self._timers.items()):
            if (t.group_id is not None and self.partition_for(t.group_id) == partition) or (
                t.kind == "expire-offsets" and t.args[0] == partition
            ):
                del self._timers[key]
                if self._out is not None:
                    self._out.timers.append(TimerOp(key, None))

    def _groups_of(self, partition: int) -> list[ClassicGroup]:
        return [g for g in self._groups.values() if self.partition_for(g.group_id) == partition]

    def _partition_error(self, group_id: str) -> ErrorCode | None:
        status = self.partition_status(self.partition_for(group_id))
        if status is PartitionStatus.NOT_OWNED:
            return E.NOT_COORDINATOR
        if status is PartitionStatus.LOADING:
            return E.COORDINATOR_LOAD_IN_PROGRESS
        return None

    # ================================================================== observability
    def add_listener(self, listener: TransitionListener) -> None:
        """Called synchronously on every transition (B-STATE-2); the runtime turns it into events."""
        self._listeners.append(listener)

    def remove_listener(self, listener: TransitionListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def history(self, group_id: str) -> list[Transition]:
        return list(self._histories.get(group_id, ()))

    def group_ids(self) -> list[str]:
        return list(self._groups)

    def snapshot(self, group_id: str) -> GroupSnapshot | None:
        """A read-only view for tools and tests; only what Kafka would persist plus the state."""
        g = self._groups.get(group_id)
        if g is None:
            return None
        members = tuple(
            MemberSnapshot(
                member_id=m.member_id,
                group_instance_id=m.group_instance_id,
                client_id=m.client_id,
                client_host=m.client_host,
                session_timeout_ms=m.session_timeout_ms,
                rebalance_timeout_ms=m.rebalance_timeout_ms,
                subscription=_metadata_or_empty(m, g.protocol_name),
                assignment=bytes(m.assignment),
            )
            for m in sorted(g.members.values(), key=lambda m: m.member_id)
        )
        offsets = {
            tp: OffsetSnapshot(o.offset, o.leader_epoch, o.metadata, o.commit_timestamp_ms, o.expire_timestamp_ms)
            for tp, o in sorted(g.offsets.items())
        }
        return GroupSnapshot(
            group_id=g.group_id,
            state=g.state,
            generation=g.generation,
            leader_id=g.leader_id,
            protocol_type=g.protocol_type,
            protocol_name=g.protocol_name,
            current_state_timestamp_ms=g.current_state_timestamp_ms,
            members=members,
            offsets=offsets,
        )

    # ================================================================== operation plumbing
    class _Op:
        def __init__(self, coord: GroupCoordinator) -> None:
            self.coord = coord

        def __enter__(self) -> CoordinatorResult:
            if self.coord._out is not None:
                raise RuntimeError("coordinator operations do not nest")
            self.coord._out = CoordinatorResult()
            return self.coord._out

        def __exit__(self, *exc: object) -> None:
            self.coord._out = None

    def _operation(self) -> GroupCoordinator._Op:
        return GroupCoordinator._Op(self)

    @property
    def _res(self) -> CoordinatorResult:
        assert self._out is not None, "outside an operation"
        return self._out

    def _now(self) -> int:
        return self._clock.now_ms()

    def _respond(self, token: Token, response: object) -> None:
        self._res.responses.append((token, response))

    def _append(self, group_id: str, key: bytes, value: bytes | None) -> None:
        """Produce a record for the group's partition and apply it through replay."""
        p = self.partition_for(group_id)
        self._res.records.setdefault(p, []).append((key, value))
        self._res.partitions.add(p)
        self.replay(key, value)

    def _touch(self, group_id: str) -> None:
        self._res.partitions.add(self.partition_for(group_id))

    def _schedule(self, key: str, delay_ms: int, kind: str, group_id: str | None, args: tuple[Any, ...]) -> None:
        deadline = self._now() + max(0, delay_ms)
        self._timers[key] = _Timer(deadline, kind, group_id, args)
        self._res.timers.append(TimerOp(key, deadline))

    def _cancel(self, key: str) -> None:
        if self._timers.pop(key, None) is not None and self._out is not None:
            self._out.timers.append(TimerOp(key, None))

    def timer_deadline(self, key: str) -> int | None:
        t = self._timers.get(key)
        return None if t is None else t.deadline_ms

    def scheduled_timers(self) -> dict[str, int]:
        return {k: t.deadline_ms for k, t in self._timers.items()}

    def _transition(self, group: ClassicGroup, to_state: GroupState, reason: str) -> None:
        from_state = group.state
        t = group.transition_to(to_state, self._now(), reason)
        log.info(
            "group.transition",
            group=group.group_id,
            from_state=str(from_state),
            to_state=str(to_state),
            generation=group.generation,
            members=len(group.members),
            reason=reason,
        )
        self._publish(t)

    def _publish(self, t: Transition) -> None:
        for listener in list(self._listeners):
            listener(t)

    def _create_group(self, group_id: str, reason: str) -> ClassicGroup:
        history = self._histories.get(group_id)
        if history is None:
            history = deque(maxlen=self.config.history_size)
            self._histories[group_id] = history
        group = ClassicGroup(group_id=group_id, history=history)
        t = Transition(self._now(), group_id, None, S.EMPTY, 0, 0, reason)
        history.append(t)
        self._groups[group_id] = group
        p = self.partition_for(group_id)
        status = self.partition_status(p)
        # A load creates every group of its partition: DEBUG then (complete_load logs the counts).
        level = logging.DEBUG if status is PartitionStatus.LOADING else logging.INFO
        log.log(level, "group.created", group=group_id, state=str(S.EMPTY), reason=reason)
        self._publish(t)
        if (
            self._out is not None
            and status is PartitionStatus.ACTIVE
            and expire_offsets_key(p) not in self._timers
        ):
            self._schedule(
                expire_offsets_key(p),
                self.config.offsets_retention_check_interval_ms,
                "expire-offsets",
                None,
                (p,),
            )
        return group

    # ================================================================== timers
    def on_timer(self, key: str, now_ms: int | None = None) -> CoordinatorResult:
        """A timer fired: run its expiry unless it is stale (rescheduled, cancelled, or not yet due)."""
        now = self._now() if now_ms is None else now_ms
        with self._operation() as out:
            t = self._timers.get(key)
            if t is None or t.deadline_ms > now:
                return out
            del self._timers[key]
            group = self._groups.get(t.group_id) if t.group_id is not None else None
            if t.kind == "expire-offsets":
                self._cleanup_group_metadata(t.args[0])
            elif group is None:
                pass
            elif t.kind == "heartbeat":
                self._touch(group.group_id)
                self._expire_member_heartbeat(group, t.args[0])
            elif t.kind == "join":
                self._touch(group.group_id)
                if group.is_in(S.PREPARING_REBALANCE):
                    self._complete_join(group)
            elif t.kind == "initial-join":
                self._touch(group.group_id)
                if group.is_in(S.PREPARING_REBALANCE):
                    self._try_complete_initial_rebalance(group, *t.args)
            elif t.kind == "sync":
                self._touch(group.group_id)
                self._expire_pending_sync(group, t.args[0])
        return out

    def tick(self, now_ms: int | None = None, max_fires: int = 10_000) -> CoordinatorResult:
        """Fire every due timer in deadline order (tests and simple drivers); one merged result."""
        now = self._now() if now_ms is None else now_ms
        merged = CoordinatorResult()
        for _ in range(max_fires):
            due = [(t.deadline_ms, k) for k, t in self._timers.items() if t.deadline_ms <= now]
            if not due:
                break
            _, key = min(due)
            merged.merge(self.on_timer(key, now))
        return merged

    def _schedule_heartbeat(self, group: ClassicGroup, member: Member, timeout_ms: int) -> None:
        """Complete the member's current deadline and set the next one (B-HB-1)."""
        self._schedule(
            heartbeat_key(group.group_id, member.member_id),
            timeout_ms,
            "heartbeat",
            group.group_id,
            (member.member_id,),
        )

    # ================================================================== JoinGroup
    def join_group(
        self, request: JoinGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            self._join_group(request, version, ctx, token)
        return out

    def _join_error(self, token: Token, version: int, error: ErrorCode, member_id: str = "") -> None:
        self._respond(token, _join_response(version, error=error, member_id=member_id))

    def _join_group(self, req: JoinGroupRequest, version: int, ctx: RequestContext, token: Token) -> None:
        group_id = req.group_id
        err = self._partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is not None:
            self._join_error(token, version, err, req.member_id)
            return
        self._touch(group_id)
        cfg = self.config
        if not cfg.group_min_session_timeout_ms <= req.session_timeout_ms <= cfg.group_max_session_timeout_ms:
            self._join_error(token, version, E.INVALID_SESSION_TIMEOUT, req.member_id)  # B-JOIN-9
            return
        member_id = req.member_id
        is_unknown = member_id == UNKNOWN_MEMBER_ID
        group = self._groups.get(group_id)
        is_new_group = group is None
        if group is None:
            if not is_unknown:
                self._join_error(token, version, E.UNKNOWN_MEMBER_ID, member_id)
                return
            group = self._create_group(group_id, "JoinGroup for a new group")
        records_before = len(self._res.all_records())

        if not self._accept_joining_member(group, member_id):  # B-JOIN-9 group.max.size
            leaving = group.members.get(member_id)
            if leaving is not None:
                self._drop_member(group, leaving, E.GROUP_MAX_SIZE_REACHED)
            else:
                group.remove(member_id)
            self._join_error(token, version, E.GROUP_MAX_SIZE_REACHED)
        elif is_unknown:
            self._join_new_member(group, req, version, ctx, token)
        else:
            self._join_existing_member(group, req, version, ctx, token)

        self._maybe_complete_join_phase(group)
        if is_new_group and len(self._res.all_records()) == records_before and group_id in self._groups:
            # Kafka commits a brand-new group to the log at once (newEmptyGroupMetadataRecord).
            self._append(group_id, group_metadata_key(group_id), self._group_metadata_record(group, {}))

    def _accept_joining_member(self, group: ClassicGroup, member_id: str) -> bool:
        max_size = self.config.group_max_size
        if group.is_in(S.EMPTY, S.DEAD):
            return True
        if group.is_in(S.PREPARING_REBALANCE):
            m = group.members.get(member_id)
            return (m is not None and m.awaiting_join is not None) or group.num_awaiting_join() < max_size
        return member_id in group.members or len(group.members) < max_size

    @staticmethod
    def _rebalance_timeout(req: JoinGroupRequest, version: int) -> int:
        if version >= 1 and req.rebalance_timeout_ms != -1:
            return req.rebalance_timeout_ms
        return req.session_timeout_ms  # v0 has none: Kafka uses the session timeout

    def _join_new_member(
        self, group: ClassicGroup, req: JoinGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> None:
        names = [p.name for p in req.protocols]
        if not group.supports_protocols(req.protocol_type, names):
            self._join_error(token, version, E.INCONSISTENT_GROUP_PROTOCOL)  # B-JOIN-9
            return
        instance_id = req.group_instance_id if version >= 5 else None
        new_id = self._new_member_id(instance_id if instance_id is not None else ctx.client_id)
        if instance_id is not None:
            existing = group.static_members.get(instance_id)
            if existing is not None:
                log.info(
                    "group.static_member_rejoin",
                    group=group.group_id,
                    instance_id=instance_id,
                    old_member_id=existing,
                    new_member_id=new_id,
                    state=str(group.state),
                )
                self._update_static_member(group, req, version, token, existing, new_id)
            else:
                self._add_member_then_rebalance(group, req, version, ctx, token, new_id)
        elif version >= 4:
            # KIP-394 (B-JOIN-2): hand out the id, expect the member back with it.
            group.pending_members.add(new_id)
            self._schedule(
                heartbeat_key(group.group_id, new_id),
                req.session_timeout_ms,
                "heartbeat",
                group.group_id,
                (new_id,),
            )
            log.info("group.member_id_required", group=group.group_id, member_id=new_id)
            self._join_error(token, version, E.MEMBER_ID_REQUIRED, new_id)
        else:
            self._add_member_then_rebalance(group, req, version, ctx, token, new_id)

    def _join_existing_member(
        self, group: ClassicGroup, req: JoinGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> None:
        member_id = req.member_id
        instance_id = req.group_instance_id if version >= 5 else None
        names = [p.name for p in req.protocols]
        if not group.supports_protocols(req.protocol_type, names):
            self._join_error(token, version, E.INCONSISTENT_GROUP_PROTOCOL, member_id)
            return
        if member_id in group.pending_members and instance_id is None:
            self._add_member_then_rebalance(group, req, version, ctx, token, member_id)
            return
        err = self._validate_member(group, member_id, instance_id)
        if err is not None:
            self._join_error(token, version, err, member_id)
            return
        member = group.members[member_id]
        protocols = _protocols(req)
        waiter = JoinWaiter(token, version)
        if group.is_in(S.PREPARING_REBALANCE):
            self._update_member_then_rebalance(
                group,
                member,
                req,
                version,
                waiter,
                f"member {member_id} is joining group during {group.state}",
            )
        elif group.is_in(S.COMPLETING_REBALANCE):
            if member.matches(protocols):
                # Lost its JoinGroup answer: same generation again, the leader gets members (B-JOIN-8, S5).
                self._respond(token, self._join_success(group, member, version, group.is_leader(member_id)))
            else:
                self._update_member_then_rebalance(
                    group, member, req, version, waiter, f"updating metadata for member {member_id}"
                )  # B-TRIG-2
        elif group.is_in(S.STABLE):
            if group.is_leader(member_id):
                self._update_member_then_rebalance(
                    group, member, req, version, waiter, f"leader {member_id} re-joining group during Stable"
                )
            elif not member.matches(protocols):
                self._update_member_then_rebalance(
                    group, member, req, version, waiter, f"updating metadata for member {member_id}"
                )  # B-TRIG-2
            else:
                self._respond(token, self._join_success(group, member, version, False))  # B-JOIN-8, S4
        else:
            self._join_error(token, version, E.UNKNOWN_MEMBER_ID, member_id)

    def _add_member_then_rebalance(
        self,
        group: ClassicGroup,
        req: JoinGroupRequest,
        version: int,
        ctx: RequestContext,
        token: Token,
        member_id: str,
    ) -> None:
        instance_id = req.group_instance_id if version >= 5 else None
        member = Member(
            member_id=member_id,
            group_instance_id=instance_id,
            client_id=ctx.client_id,
            client_host=ctx.client_host,
            rebalance_timeout_ms=self._rebalance_timeout(req, version),
            session_timeout_ms=req.session_timeout_ms,
            protocol_type=req.protocol_type,
            protocols=_protocols(req),
            is_new=True,
        )
        if group.is_in(S.PREPARING_REBALANCE) and group.previous_state is S.EMPTY:
            group.new_member_added = True  # extends the initial delay (B-JOIN-5)
        group.add(member, JoinWaiter(token, version))
        # A new member cannot heartbeat before its JoinGroup answer; bound how long it may wait.
        self._schedule_heartbeat(group, member, self.config.group_new_member_join_timeout_ms)
        self._maybe_prepare_rebalance_or_complete_join(
            group,
            f"adding new member {member_id} with group instance id {instance_id}; "
            f"client reason: {_join_reason(req, version)}",
        )

    def _update_member(self, member: Member, req: JoinGroupRequest, version: int, waiter: JoinWaiter | None) -> None:
        member.protocols = _protocols(req)
        member.rebalance_timeout_ms = self._rebalance_timeout(req, version)
        member.session_timeout_ms = req.session_timeout_ms
        if waiter is not None and member.awaiting_join is not None and member.awaiting_join.token != waiter.token:
            # A second JoinGroup for the same member: the first one's connection is gone; answer it anyway.
            self._respond(
                member.awaiting_join.token,
                _join_response(member.awaiting_join.version, error=E.REBALANCE_IN_PROGRESS, member_id=member.member_id),
            )
        member.awaiting_join = waiter

    def _update_member_then_rebalance(
        self,
        group: ClassicGroup,
        member: Member,
        req: JoinGroupRequest,
        version: int,
        waiter: JoinWaiter,
        reason: str,
    ) -> None:
        self._update_member(member, req, version, waiter)
        self._maybe_prepare_rebalance_or_complete_join(group, f"{reason}; client reason: {_join_reason(req, version)}")

    def _update_static_member(
        self,
        group: ClassicGroup,
        req: JoinGroupRequest,
        version: int,
        token: Token,
        old_id: str,
        new_id: str,
    ) -> None:
        """A known static member came back with an unknown member id (KIP-345): swap its id in."""
        instance_id = req.group_instance_id
        assert instance_id is not None
        current_leader = group.leader_id
        old = group.members[old_id]
        if old.awaiting_join is not None:
            self._respond(
                old.awaiting_join.token,
                _join_response(old.awaiting_join.version, error=E.FENCED_INSTANCE_ID, member_id=old_id),
            )
            old.awaiting_join = None
        if old.awaiting_sync is not None:
            self._respond(
                old.awaiting_sync.token, _sync_response(old.awaiting_sync.version, error=E.FENCED_INSTANCE_ID)
            )
            old.awaiting_sync = None
        self._cancel(heartbeat_key(group.group_id, old_id))
        member = group.replace_static_member(instance_id, old_id, new_id)
        self._schedule_heartbeat(group, member, member.session_timeout_ms)
        self._update_member(member, req, version, JoinWaiter(token, version))

        if group.is_in(S.STABLE):
            if group.protocol_name == group.select_protocol():
                # Same protocol next generation: persist the new id, no rebalance.
                log.info(
                    "group.static_member_replaced",
                    group=group.group_id,
                    instance_id=instance_id,
                    old_member_id=old_id,
                    new_member_id=new_id,
                )
                assignment = {m.member_id: m.assignment for m in group.members.values()}
                self._append(
                    group.group_id,
                    group_metadata_key(group.group_id),
                    self._group_metadata_record(group, assignment),
                )
                member.awaiting_join = None
                is_leader = group.is_leader(new_id)
                if version >= 9:
                    resp = self._join_success(group, member, version, is_leader, skip_assignment=is_leader)
                else:
                    resp = self._join_success(group, member, version, False)
                    resp.leader = current_leader or ""
                self._respond(token, resp)
            else:
                self._maybe_prepare_rebalance_or_complete_join(
                    group,
                    f"group's selected protocol will change because static member {new_id} "
                    f"with instance id {instance_id} joined with a change of protocol",
                )
        elif group.is_in(S.COMPLETING_REBALANCE):
            # The leader may already be assigning to the old id: rebalance so the new id gets its share.
            self._prepare_rebalance(
                group, f"updating metadata for static member {new_id} with instance id {instance_id}"
            )
        elif group.is_in(S.EMPTY, S.DEAD):
            raise RuntimeError(f"group {group.group_id} cannot be {group.state} with a known static member")
        else:
            self._maybe_complete_join_phase(group)

    def _join_success(
        self,
        group: ClassicGroup,
        member: Member,
        version: int,
        with_members: bool,
        skip_assignment: bool = False,
    ) -> JoinGroupResponse:
        members = self._current_members(group, version) if with_members else []
        return _join_response(
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

    def _current_members(self, group: ClassicGroup, version: int) -> list[Any]:
        Cls = JoinGroupResponse.JoinGroupResponseMember
        return [
            Cls(
                member_id=m.member_id,
                group_instance_id=m.group_instance_id,
                metadata=m.metadata(group.protocol_name),
            )
            for m in group.members.values()
        ]

    # ------------------------------------------------------------------ rebalance machinery
    def _maybe_prepare_rebalance_or_complete_join(self, group: ClassicGroup, reason: str) -> None:
        if group.can_rebalance():
            self._prepare_rebalance(group, reason)
        else:
            self._maybe_complete_join_phase(group)

    def _maybe_complete_join_phase(self, group: ClassicGroup) -> None:
        """Complete the join as soon as everyone rejoined -- but never cut the initial delay short."""
        if (
            group.is_in(S.PREPARING_REBALANCE)
            and group.has_all_members_joined()
            and group.previous_state is not S.EMPTY
        ):
            self._complete_join(group)

    def _prepare_rebalance(self, group: ClassicGroup, reason: str) -> None:
        """Stable/CompletingRebalance/Empty -> PreparingRebalance with one delayed join (B-JOIN-3)."""
        if group.is_in(S.COMPLETING_REBALANCE):
            self._reset_and_propagate_assignment_with_error(group, E.REBALANCE_IN_PROGRESS)
        self._remove_sync_expiration(group)
        is_initial = group.is_in(S.EMPTY)
        if is_initial:
            delay = self.config.group_initial_rebalance_delay_ms  # B-JOIN-5
            remaining = max(group.rebalance_timeout_ms() - delay, 0)
            self._schedule(initial_join_key(group.group_id), delay, "initial-join", group.group_id, (delay, remaining))
        self._transition(group, S.PREPARING_REBALANCE, reason)
        if not is_initial:
            if group.has_all_members_joined():
                self._complete_join(group)
            else:
                self._schedule(join_key(group.group_id), group.rebalance_timeout_ms(), "join", group.group_id, ())

    def _try_complete_initial_rebalance(self, group: ClassicGroup, delay: int, remaining: int) -> None:
        if group.new_member_added and remaining != 0:
            group.new_member_added = False
            new_delay = min(self.config.group_initial_rebalance_delay_ms, remaining)
            new_remaining = max(remaining - delay, 0)
            self._schedule(
                initial_join_key(group.group_id),
                new_delay,
                "initial-join",
                group.group_id,
                (new_delay, new_remaining),
            )
        else:
            self._complete_join(group)

    def _complete_join(self, group: ClassicGroup) -> None:
        """End the join phase: drop dynamic members that did not rejoin, next generation (B-JOIN-4/6)."""
        self._cancel(join_key(group.group_id))
        self._cancel(initial_join_key(group.group_id))
        gone = [m for m in group.not_yet_rejoined() if not m.is_static]
        for m in gone:
            group.remove(m.member_id)
            self._cancel(heartbeat_key(group.group_id, m.member_id))
        if gone:
            log.info(
                "group.removed_members_not_rejoined",
                group=group.group_id,
                members=[m.member_id for m in gone],
            )
        if not group.maybe_elect_new_joined_leader() and group.members:
            log.error("group.no_member_rejoined", group=group.group_id)
            self._schedule(join_key(group.group_id), group.rebalance_timeout_ms(), "join", group.group_id, ())
            return
        self._init_next_generation(group)
        if group.is_in(S.EMPTY):
            self._append(
                group.group_id, group_metadata_key(group.group_id), self._group_metadata_record(group, {})
            )  # B-LOG-2
            return
        for m in group.members.values():
            if m.awaiting_join is not None:
                self._respond(
                    m.awaiting_join.token,
                    self._join_success(group, m, m.awaiting_join.version, group.is_leader(m.member_id)),
                )
                m.awaiting_join = None
            self._schedule_heartbeat(group, m, m.session_timeout_ms)
            m.is_new = False
            group.pending_sync_members.add(m.member_id)
        self._schedule(
            sync_key(group.group_id),
            group.rebalance_timeout_ms(),
            "sync",
            group.group_id,
            (group.generation,),
        )

    def _init_next_generation(self, group: ClassicGroup) -> None:
        group.generation += 1
        group.current_state_timestamp_ms = self._now()
        group.pending_sync_members.clear()
        if group.members:
            try:
                group.protocol_name = group.select_protocol()  # B-JOIN-6 vote
            except ValueError:
                group.protocol_name = None
            self._transition(group, S.COMPLETING_REBALANCE, f"join phase complete with {len(group.members)} members")
        else:
            group.protocol_name = None
            self._transition(group, S.EMPTY, "join phase complete with no members")

    def _reset_and_propagate_assignment_with_error(self, group: ClassicGroup, error: ErrorCode) -> None:
        for m in group.members.values():
            m.assignment = b""
        self._propagate_assignment(group, error)

    def _propagate_assignment(self, group: ClassicGroup, error: ErrorCode) -> None:
        ok = error == E.NONE
        for m in group.members.values():
            if m.awaiting_sync is None:
                continue
            self._respond(
                m.awaiting_sync.token,
                _sync_response(
                    m.awaiting_sync.version,
                    error=error,
                    protocol_type=group.protocol_type if ok else None,
                    protocol_name=group.protocol_name if ok else None,
                    assignment=m.assignment,
                ),
            )
            m.awaiting_sync = None
            self._schedule_heartbeat(group, m, m.session_timeout_ms)

    def _remove_sync_expiration(self, group: ClassicGroup) -> None:
        group.pending_sync_members.clear()
        self._cancel(sync_key(group.group_id))

    def _expire_pending_sync(self, group: ClassicGroup, generation: int) -> None:
        """Members that got a JoinGroup answer but never synced are removed (pending-sync timer)."""
        if generation != group.generation or not group.is_in(S.COMPLETING_REBALANCE, S.STABLE):
            return
        if group.has_received_sync_from_all():
            return
        pending = sorted(group.pending_sync_members)
        for member_id in pending:
            m = group.members.get(member_id)
            if m is not None:
                self._drop_member(group, m, E.UNKNOWN_MEMBER_ID)
        self._prepare_rebalance(group, f"removing {pending} on pending sync request expiration")

    def _drop_member(self, group: ClassicGroup, member: Member, error: ErrorCode) -> None:
        """Remove a member, answering whatever it has parked so no token is left hanging."""
        self._cancel(heartbeat_key(group.group_id, member.member_id))
        if member.awaiting_join is not None:
            self._respond(
                member.awaiting_join.token,
                _join_response(member.awaiting_join.version, error=error, member_id=UNKNOWN_MEMBER_ID),
            )
            member.awaiting_join = None
        if member.awaiting_sync is not None:
            self._respond(member.awaiting_sync.token, _sync_response(member.awaiting_sync.version, error=error))
            member.awaiting_sync = None
        group.remove(member.member_id)

    def _expire_member_heartbeat(self, group: ClassicGroup, member_id: str) -> None:
        if member_id in group.pending_members:
            log.info("group.pending_member_expired", group=group.group_id, member=member_id)
            group.remove(member_id)
            if group.is_in(S.PREPARING_REBALANCE) and group.has_all_members_joined():
                self._complete_join(group)
            return
        member = group.members.get(member_id)
        if member is None or member.has_satisfied_heartbeat():
            return  # B-HB-4: a parked member is not expired
        log.info(
            "group.member_expired",
            group=group.group_id,
            member=member_id,
            session_timeout_ms=member.session_timeout_ms,
        )
        self._remove_member_and_update_group(group, member, f"removing member {member_id} on heartbeat expiration")

    def _remove_member_and_update_group(self, group: ClassicGroup, member: Member, reason: str) -> None:
        """B-HB-3: expiry rebalances Stable/CompletingRebalance, re-checks PreparingRebalance."""
        self._drop_member(group, member, E.UNKNOWN_MEMBER_ID)
        if group.is_in(S.STABLE, S.COMPLETING_REBALANCE):
            self._maybe_prepare_rebalance_or_complete_join(group, reason)
        elif group.is_in(S.PREPARING_REBALANCE) and group.has_all_members_joined():
            self._complete_join(group)

    def _validate_member(self, group: ClassicGroup, member_id: str, instance_id: str | None) -> ErrorCode | None:
        if instance_id is not None:
            existing = group.static_members.get(instance_id)
            if existing is None:
                return E.UNKNOWN_MEMBER_ID
            if existing != member_id:
                log.info(
                    "group.fenced_instance",
                    group=group.group_id,
                    instance_id=instance_id,
                    member_id=member_id,
                    current_member_id=existing,
                )
                return E.FENCED_INSTANCE_ID
            return None
        return None if member_id in group.members else E.UNKNOWN_MEMBER_ID

    def _group_metadata_record(self, group: ClassicGroup, assignment: dict[str, bytes]) -> bytes:
        members = (
            [
                GroupMetadataValue.MemberMetadata(
                    member_id=m.member_id,
                    group_instance_id=m.group_instance_id,
                    client_id=m.client_id,
                    client_host=m.client_host,
                    rebalance_timeout=m.rebalance_timeout_ms,
                    session_timeout=m.session_timeout_ms,
                    subscription=_metadata_or_empty(m, group.protocol_name),
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

    # ================================================================== SyncGroup
    def sync_group(
        self, request: SyncGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            self._sync_group(request, version, token)
        return out

    def _sync_group(self, req: SyncGroupRequest, version: int, token: Token) -> None:
        group_id = req.group_id
        err = self._partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is not None:
            self._respond(token, _sync_response(version, error=err))
            return
        self._touch(group_id)
        group = self._groups.get(group_id)
        if group is None:
            self._respond(token, _sync_response(version, error=E.UNKNOWN_MEMBER_ID))  # B-SYNC-4
            return
        instance_id = req.group_instance_id if version >= 3 else None
        err = self._validate_member(group, req.member_id, instance_id)
        if err is None and req.generation_id != group.generation:
            err = E.ILLEGAL_GENERATION
        if (
            err is None
            and version >= 5
            and (
                _inconsistent(req.protocol_type, group.protocol_type)
                or _inconsistent(req.protocol_name, group.protocol_name)
            )
        ):
            err = E.INCONSISTENT_GROUP_PROTOCOL
        if err is not None:
            self._respond(token, _sync_response(version, error=err))
            return
        if group.is_in(S.EMPTY):
            self._respond(token, _sync_response(version, error=E.UNKNOWN_MEMBER_ID))
        elif group.is_in(S.PREPARING_REBALANCE):
            self._respond(token, _sync_response(version, error=E.REBALANCE_IN_PROGRESS))  # B-SYNC-1, S6
        elif group.is_in(S.COMPLETING_REBALANCE):
            member = group.members[req.member_id]
            if member.awaiting_sync is not None and member.awaiting_sync.token != token:
                self._respond(
                    member.awaiting_sync.token,
                    _sync_response(member.awaiting_sync.version, error=E.REBALANCE_IN_PROGRESS),
                )
            member.awaiting_sync = JoinWaiter(token, version)  # B-SYNC-2: park
            self._remove_pending_sync_member(group, req.member_id)
            if group.is_leader(req.member_id):
                assignment = {a.member_id: bytes(a.assignment) for a in req.assignments}
                missing = [m for m in group.members if m not in assignment]
                for m in missing:
                    assignment[m] = b""
                if missing:
                    log.warning(
                        "group.empty_assignments",
                        group=group_id,
                        members=missing,
                        generation=group.generation,
                    )
                log.info(
                    "group.assignment_received",
                    group=group_id,
                    leader=req.member_id,
                    generation=group.generation,
                    members=len(group.members),
                    static_members=len(group.static_members),
                )
                # replay() stores the assignment; the runtime releases the answers once durable.
                self._append(group_id, group_metadata_key(group_id), self._group_metadata_record(group, assignment))
                self._transition(group, S.STABLE, f"leader {req.member_id} sent the assignment")
                self._propagate_assignment(group, E.NONE)
        elif group.is_in(S.STABLE):
            self._remove_pending_sync_member(group, req.member_id)
            member = group.members[req.member_id]
            self._respond(
                token,
                _sync_response(  # B-SYNC-3
                    version,
                    error=E.NONE,
                    protocol_type=group.protocol_type,
                    protocol_name=group.protocol_name,
                    assignment=member.assignment,
                ),
            )

    def _remove_pending_sync_member(self, group: ClassicGroup, member_id: str) -> None:
        group.pending_sync_members.discard(member_id)
        if not group.is_in(S.COMPLETING_REBALANCE, S.STABLE) or group.has_received_sync_from_all():
            self._cancel(sync_key(group.group_id))

    # ================================================================== Heartbeat
    def heartbeat(
        self, request: HeartbeatRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            self._respond(token, HeartbeatResponse(error_code=self._heartbeat(request, version)))
        return out

    def _heartbeat(self, req: HeartbeatRequest, version: int) -> ErrorCode:
        group_id = req.group_id
        err = self._partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is E.COORDINATOR_LOAD_IN_PROGRESS:
            return E.NONE  # Kafka answers heartbeats blindly while the group loads
        if err is not None:
            return err
        self._touch(group_id)
        group = self._groups.get(group_id)
        if group is None:
            return E.UNKNOWN_MEMBER_ID  # B-HB-2
        instance_id = req.group_instance_id if version >= 3 else None
        err = self._validate_member(group, req.member_id, instance_id)
        if err is not None:
            return err
        if req.generation_id != group.generation:
            return E.ILLEGAL_GENERATION
        if group.is_in(S.EMPTY):
            return E.UNKNOWN_MEMBER_ID
        member = group.members[req.member_id]
        self._schedule_heartbeat(group, member, member.session_timeout_ms)  # B-HB-1
        if group.is_in(S.PREPARING_REBALANCE):
            return E.REBALANCE_IN_PROGRESS
        return E.NONE  # Stable, and (modern) CompletingRebalance

    # ================================================================== LeaveGroup
    def leave_group(
        self, request: LeaveGroupRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            self._respond(token, self._leave_group(request, version))
        return out

    def _leave_group(self, req: LeaveGroupRequest, version: int) -> LeaveGroupResponse:
        MR = LeaveGroupResponse.MemberResponse
        if version >= 3:
            identities = [(m.member_id, m.group_instance_id, m.reason if version >= 5 else None) for m in req.members]
        else:
            identities = [(req.member_id, None, None)]
        group_id = req.group_id
        err = self._partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is not None:
            return LeaveGroupResponse(error_code=err)
        self._touch(group_id)
        group = self._groups.get(group_id)
        responses: list[Any] = []
        if group is None:
            responses = [
                MR(member_id=mid, group_instance_id=iid, error_code=E.UNKNOWN_MEMBER_ID) for mid, iid, _ in identities
            ]
            return _leave_response(version, responses)
        left: list[str] = []
        for member_id, instance_id, reason in identities:
            why = reason if reason is not None else "not provided"
            code = E.NONE
            if member_id == UNKNOWN_MEMBER_ID:
                # Admin removal of a static member by instance id.
                existing = group.static_members.get(instance_id) if instance_id is not None else None
                if existing is not None:
                    self._remove_current_member(group, existing, why)
                    left.append(existing)
                else:
                    code = E.UNKNOWN_MEMBER_ID
            elif member_id in group.pending_members:
                group.remove(member_id)
                self._cancel(heartbeat_key(group_id, member_id))
                log.info("group.member_left", group=group_id, member=member_id, pending=True, reason=why)
                left.append(member_id)
            else:
                v = self._validate_member(group, member_id, instance_id)
                if v is None:
                    self._remove_current_member(group, member_id, why)
                    left.append(member_id)
                else:
                    code = v
            responses.append(MR(member_id=member_id, group_instance_id=instance_id, error_code=code))
        if left:
            reason = f"explicit LeaveGroup request for ({', '.join(left)}) members"
            if group.is_in(S.STABLE, S.COMPLETING_REBALANCE):
                self._maybe_prepare_rebalance_or_complete_join(group, reason)
            elif group.is_in(S.PREPARING_REBALANCE):
                self._maybe_complete_join_phase(group)
        return _leave_response(version, responses)

    def _remove_current_member(self, group: ClassicGroup, member_id: str, reason: str) -> None:
        log.info("group.member_left", group=group.group_id, member=member_id, reason=reason)  # KIP-800
        self._drop_member(group, group.members[member_id], E.UNKNOWN_MEMBER_ID)

    # ================================================================== OffsetCommit
    def offset_commit(
        self, request: OffsetCommitRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            self._respond(token, self._offset_commit(request, version))
        return out

    def _offset_commit(self, req: OffsetCommitRequest, version: int) -> OffsetCommitResponse:
        group_id = req.group_id
        err = self._partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is None and version >= 10:
            err = E.UNSUPPORTED_VERSION  # topic ids need the broker's metadata; not advertised
        if err is None:
            self._touch(group_id)
            generation = req.generation_id_or_member_epoch if version >= 1 else -1
            member_id = req.member_id if version >= 1 else ""
            instance_id = req.group_instance_id if version >= 7 else None
            group = self._groups.get(group_id)
            if group is None:
                if generation < 0:
                    group = self._create_group(group_id, "OffsetCommit from a simple consumer")
                else:
                    err = E.GROUP_ID_NOT_FOUND if version >= 9 else E.ILLEGAL_GENERATION
            if group is not None:
                err = self._validate_offset_commit(group, member_id, instance_id, generation)
        if err is not None:
            return _offset_commit_response(req, lambda _t, _p: err)
        now = self._now()
        expire = None
        if 2 <= version <= 4 and req.retention_time_ms != -1:
            expire = now + req.retention_time_ms
        max_bytes = self.config.offset_metadata_max_bytes

        def commit(topic: str, p: Any) -> ErrorCode:
            metadata = p.committed_metadata if p.committed_metadata is not None else ""
            if len(metadata.encode()) > max_bytes:
                return E.OFFSET_METADATA_TOO_LARGE
            epoch = p.committed_leader_epoch if version >= 6 else -1
            self._append(
                group_id,
                offset_commit_key(group_id, topic, p.partition_index),
                offset_commit_value(p.committed_offset, epoch, metadata, now, expire),
            )
            return E.NONE

        return _offset_commit_response(req, commit)

    def _validate_offset_commit(
        self, group: ClassicGroup, member_id: str, instance_id: str | None, generation: int
    ) -> ErrorCode | None:
        """B-OFF-1 (Kafka's ClassicGroup.validateOffsetCommit)."""
        if generation < 0 and group.is_in(S.EMPTY):
            return None  # simple commit: admin tools and consumers without group management
        if generation >= 0 or member_id or instance_id is not None:
            err = self._validate_member(group, member_id, instance_id)
            if err is not None:
                return err
            if generation != group.generation:
                return E.ILLEGAL_GENERATION
        elif not group.is_in(S.EMPTY):
            return E.UNKNOWN_MEMBER_ID
        if group.is_in(S.COMPLETING_REBALANCE):
            return E.REBALANCE_IN_PROGRESS
        return None  # includes PreparingRebalance with the current generation: B-OFF-5

    # ================================================================== OffsetFetch
    def offset_fetch(
        self, request: OffsetFetchRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            self._respond(token, self._offset_fetch(request, version))
        return out

    def _fetch_group(
        self, group_id: str, topics: list[tuple[str, list[int]]] | None
    ) -> tuple[ErrorCode, list[tuple[str, list[tuple[int, OffsetAndMetadata | None]]]]]:
        err = self._partition_error(group_id)
        if err is not None:
            return err, [(t, [(p, None) for p in ps]) for t, ps in topics or []]
        group = self._groups.get(group_id)
        offsets = group.offsets if group is not None else {}
        if topics is None:
            by_topic: dict[str, list[tuple[int, OffsetAndMetadata | None]]] = {}
            for (t, p), o in sorted(offsets.items()):
                by_topic.setdefault(t, []).append((p, o))
            return E.NONE, list(by_topic.items())
        return E.NONE, [(t, [(p, offsets.get((t, p))) for p in ps]) for t, ps in topics]

    def _offset_fetch(self, req: OffsetFetchRequest, version: int) -> OffsetFetchResponse:
        if version >= 8:
            GroupCls = OffsetFetchResponse.OffsetFetchResponseGroup
            TopicCls = OffsetFetchResponse.OffsetFetchResponseTopics
            PartCls = OffsetFetchResponse.OffsetFetchResponsePartitions
            groups = []
            for g in req.groups:
                topics = None if g.topics is None else [(t.name, list(t.partition_indexes)) for t in g.topics]
                err, found = self._fetch_group(g.group_id, topics)
                if version >= 10 and err == E.NONE and g.topics:
                    err = E.UNSUPPORTED_VERSION
                groups.append(
                    GroupCls(
                        group_id=g.group_id,
                        error_code=err,
                        topics=[]
                        if err != E.NONE
                        else [
                            TopicCls(name=t, partitions=[_fetch_partition(PartCls, p, o, E.NONE) for p, o in ps])
                            for t, ps in found
                        ],
                    )
                )
            return OffsetFetchResponse(groups=groups)
        TopicCls0 = OffsetFetchResponse.OffsetFetchResponseTopic
        PartCls0 = OffsetFetchResponse.OffsetFetchResponsePartition
        topics0 = None if req.topics is None else [(t.name, list(t.partition_indexes)) for t in req.topics]
        err, found = self._fetch_group(req.group_id, topics0)
        part_err = err if version < 2 else E.NONE
        out_topics = (
            []
            if (err != E.NONE and version >= 2)
            else [
                TopicCls0(name=t, partitions=[_fetch_partition(PartCls0, p, o, part_err) for p, o in ps])
                for t, ps in found
            ]
        )
        return OffsetFetchResponse(topics=out_topics, error_code=err if version >= 2 else E.NONE)

    # ================================================================== Describe / List / Delete
    def describe_groups(
        self, request: DescribeGroupsRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            DG = DescribeGroupsResponse.DescribedGroup
            DM = DescribeGroupsResponse.DescribedGroupMember
            described = []
            for group_id in request.groups:
                err = self._partition_error(group_id)
                group = self._groups.get(group_id)
                if err is not None:
                    described.append(DG(group_id=group_id, error_code=err))
                elif group is None:
                    d = DG(group_id=group_id, group_state=str(S.DEAD))
                    if version >= 6:
                        d.error_code = E.GROUP_ID_NOT_FOUND
                        d.error_message = f"Group {group_id} not found."
                    described.append(d)
                else:
                    stable = group.is_in(S.STABLE)
                    members = [
                        DM(
                            member_id=m.member_id,
                            group_instance_id=m.group_instance_id,
                            client_id=m.client_id,
                            client_host=m.client_host,
                            member_metadata=_metadata_or_empty(m, group.protocol_name) if stable else b"",
                            member_assignment=bytes(m.assignment) if stable else b"",
                        )
                        for m in group.members.values()
                    ]
                    described.append(
                        DG(
                            group_id=group_id,
                            group_state=str(group.state),
                            protocol_type=group.protocol_type or "",
                            protocol_data=(group.protocol_name or "") if stable else "",
                            members=members,
                        )
                    )
            self._respond(token, DescribeGroupsResponse(groups=described))
        return out

    def list_groups(
        self, request: ListGroupsRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            states = {s.lower() for s in request.states_filter} if version >= 4 else set()
            types = {t.lower() for t in request.types_filter} if version >= 5 else set()
            error = E.NONE
            if any(s is PartitionStatus.LOADING for s in self._partitions.values()):
                error = E.COORDINATOR_LOAD_IN_PROGRESS
            LG = ListGroupsResponse.ListedGroup
            listed = []
            if not types or "classic" in types:
                for g in self._groups.values():
                    if states and str(g.state).lower() not in states:
                        continue
                    if self.partition_status(self.partition_for(g.group_id)) is not PartitionStatus.ACTIVE:
                        continue
                    listed.append(
                        LG(
                            group_id=g.group_id,
                            protocol_type=g.protocol_type or "",
                            group_state=str(g.state),
                            group_type="classic",
                        )
                    )
            self._respond(token, ListGroupsResponse(error_code=error, groups=listed))
        return out

    def delete_groups(
        self, request: DeleteGroupsRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            R = DeleteGroupsResponse.DeletableGroupResult
            results = []
            for group_id in request.groups_names:
                err = self._partition_error(group_id) if group_id else E.INVALID_GROUP_ID
                group = self._groups.get(group_id)
                if err is None:
                    self._touch(group_id)
                    if group is None:
                        err = E.GROUP_ID_NOT_FOUND
                    elif not group.is_in(S.EMPTY):
                        err = E.NON_EMPTY_GROUP
                if err is None and group is not None:
                    self._delete_group(group, "DeleteGroups")
                results.append(R(group_id=group_id, error_code=err if err is not None else E.NONE))
            self._respond(token, DeleteGroupsResponse(results=results))
        return out

    def _delete_group(self, group: ClassicGroup, reason: str) -> None:
        """Tombstone every offset, then the group itself (B-LOG-2); replay turns it Dead."""
        gid = group.group_id
        for topic, partition in sorted(group.offsets):
            self._append(gid, offset_commit_key(gid, topic, partition), None)
        log.info("group.deleting", group=gid, reason=reason)
        self._append(gid, group_metadata_key(gid), None)

    def offset_delete(
        self, request: OffsetDeleteRequest, version: int, ctx: RequestContext, token: Token
    ) -> CoordinatorResult:
        with self._operation() as out:
            self._respond(token, self._offset_delete(request))
        return out

    def _offset_delete(self, req: OffsetDeleteRequest) -> OffsetDeleteResponse:
        group_id = req.group_id
        err = self._partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        group = self._groups.get(group_id)
        if err is None:
            self._touch(group_id)
            if group is None:
                err = E.GROUP_ID_NOT_FOUND
            elif not group.is_in(S.EMPTY) and group.protocol_type != "consumer":
                err = E.NON_EMPTY_GROUP
        if err is not None or group is None:
            return OffsetDeleteResponse(error_code=err if err is not None else E.NONE)
        subscribed = group.subscribed_topics() if not group.is_in(S.EMPTY) else set()
        TC = OffsetDeleteResponse.OffsetDeleteResponseTopic
        PC = OffsetDeleteResponse.OffsetDeleteResponsePartition
        topics = []
        for t in req.topics:
            parts = []
            is_subscribed = subscribed is not None and t.name in subscribed
            for p in t.partitions:
                if is_subscribed:
                    parts.append(PC(partition_index=p.partition_index, error_code=E.GROUP_SUBSCRIBED_TO_TOPIC))
                    continue
                if (t.name, p.partition_index) in group.offsets:
                    self._append(group_id, offset_commit_key(group_id, t.name, p.partition_index), None)
                parts.append(PC(partition_index=p.partition_index, error_code=E.NONE))
            topics.append(TC(name=t.name, partitions=parts))
        return OffsetDeleteResponse(error_code=E.NONE, topics=topics)

    # ================================================================== offset expiry (KIP-211)
    def cleanup_expired_offsets(self, partition: int) -> CoordinatorResult:
        """The periodic task, callable directly: expire offsets, delete Empty groups left with none."""
        with self._operation() as out:
            self._cleanup_group_metadata(partition)
        return out

    def _cleanup_group_metadata(self, partition: int) -> None:
        now = self._now()
        before = len(self._res.all_records())
        for group in self._groups_of(partition):
            if self._cleanup_offsets(group, now) and group.is_in(S.EMPTY):
                self._delete_group(group, "offsets expired and the group is empty")  # B-OFF-4
        n = len(self._res.all_records()) - before
        if n:
            log.info("offsets.expired", partition=partition, tombstones=n)
        if self.partition_status(partition) is PartitionStatus.ACTIVE:
            self._schedule(
                expire_offsets_key(partition),
                self.config.offsets_retention_check_interval_ms,
                "expire-offsets",
                None,
                (partition,),
            )

    def _cleanup_offsets(self, group: ClassicGroup, now: int) -> bool:
        """Tombstone expired offsets; True if none are left (Kafka's cleanupExpiredOffsets)."""
        if not group.offsets:
            return True
        retention = self.config.offsets_retention_ms
        if group.protocol_type is not None:
            if group.is_in(S.EMPTY):
                # KIP-211: counted from when the group became Empty (else from the commit).
                def base(o: OffsetAndMetadata) -> int:
                    ts = group.current_state_timestamp_ms
                    return ts if ts is not None else o.commit_timestamp_ms

                subscribed: set[str] | None = set()
            elif group.protocol_type == "consumer" and group.is_in(S.STABLE):
                subscribed = group.subscribed_topics()
                if subscribed is None:
                    return False

                def base(o: OffsetAndMetadata) -> int:
                    return o.commit_timestamp_ms
            else:
                return False
        else:
            subscribed = set()

            def base(o: OffsetAndMetadata) -> int:  # commit-only group: from commit time
                return o.commit_timestamp_ms

        all_expired = True
        for (topic, partition), o in sorted(group.offsets.items()):
            if subscribed is not None and topic in subscribed:
                all_expired = False
                continue
            expired = now >= o.expire_timestamp_ms if o.expire_timestamp_ms is not None else now - base(o) >= retention
            if expired:
                self._append(group.group_id, offset_commit_key(group.group_id, topic, partition), None)
            else:
                all_expired = False
        return all_expired

    # ================================================================== replay
    def replay(self, key: bytes, value: bytes | None) -> None:
        """Apply one `__consumer_offsets` record: the only path for persisted state (live and at load)."""
        # Offset commits are nearly every record of a load: decoded to plain tuples, no key objects.
        commit_key = decode_offset_commit_key(key)
        if commit_key is not None:
            group_id, topic, partition = commit_key
            group = self._groups.get(group_id)
            if value is None:
                if group is not None:
                    group.offsets.pop((topic, partition), None)
                return
            committed = OffsetAndMetadata._make(decode_offset_commit_value_fields(value))  # same field order
            if group is None:
                group = self._create_group(group_id, "offset commit replayed")
            group.offsets[(topic, partition)] = committed
            return
        k = decode_key(key)
        if isinstance(k, GroupMetadataRecordKey):
            if value is None:
                self._remove_group(k.group)
            else:
                self._replay_group_metadata(k.group, decode_group_metadata_value(value))

    def _replay_group_metadata(self, group_id: str, v: GroupMetadataValue) -> None:
        group = self._groups.get(group_id)
        loading = self.partition_status(self.partition_for(group_id)) is not PartitionStatus.ACTIVE
        ts = None if v.current_state_timestamp == -1 else v.current_state_timestamp
        if group is not None and not loading:
            # Live: the handler already moved the group; the record stores assignments and timestamps.
            if v.generation != group.generation:
                raise RuntimeError(f"group {group_id}: record generation {v.generation} != {group.generation}")
            group.current_state_timestamp_ms = ts
            for rm in v.members:
                m = group.members.get(rm.member_id)
                if m is not None:
                    m.assignment = bytes(rm.assignment)
            return
        # Loading: rebuild from the record (Kafka's ClassicGroup.fromRecord), keeping loaded offsets.
        offsets = group.offsets if group is not None else {}
        if group is not None:
            del self._groups[group_id]
        rebuilt = self._create_group(group_id, "group metadata loaded from the log")
        rebuilt.offsets = offsets
        rebuilt.generation = v.generation
        rebuilt.protocol_type = v.protocol_type or None
        rebuilt.protocol_name = v.protocol
        rebuilt.current_state_timestamp_ms = ts
        for rm in v.members:
            member = Member(
                member_id=rm.member_id,
                group_instance_id=rm.group_instance_id,
                client_id=rm.client_id,
                client_host=rm.client_host,
                rebalance_timeout_ms=rm.rebalance_timeout if rm.rebalance_timeout != -1 else rm.session_timeout,
                session_timeout_ms=rm.session_timeout,
                protocol_type=v.protocol_type,
                protocols=[Protocol(v.protocol or "", bytes(rm.subscription))],
                assignment=bytes(rm.assignment),
            )
            rebuilt.add(member, None)
        rebuilt.leader_id = v.leader if v.members else None
        if v.members:
            rebuilt.state = S.STABLE
            t = Transition(
                self._now(),
                group_id,
                None,
                S.STABLE,
                rebuilt.generation,
                len(rebuilt.members),
                "loaded from the log",
            )
            rebuilt.history.append(t)
            self._publish(t)

    def _remove_group(self, group_id: str) -> None:
        group = self._groups.get(group_id)
        if group is None:
            return
        self._transition(group, S.DEAD, "group removed")
        del self._groups[group_id]
        for key, t in list(self._timers.items()):
            if t.group_id == group_id:
                self._cancel(key)


# ====================================================================== response builders
def _protocols(req: JoinGroupRequest) -> list[Protocol]:
    return [Protocol(p.name, bytes(p.metadata)) for p in req.protocols]


def _join_reason(req: JoinGroupRequest, version: int) -> str:
    return (req.reason if version >= 8 else None) or "not provided"


def _metadata_or_empty(m: Member, protocol_name: str | None) -> bytes:
    try:
        return bytes(m.metadata(protocol_name))
    except KeyError:
        return b""


def _inconsistent(requested: str | None, current: str | None) -> bool:
    return requested is not None and current is not None and requested != current


def _join_response(
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


def _sync_response(
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


def _leave_response(version: int, members: list[Any]) -> LeaveGroupResponse:
    if version >= 3:
        return LeaveGroupResponse(error_code=E.NONE, members=members)
    first = next((m.error_code for m in members if m.error_code != E.NONE), E.NONE)
    return LeaveGroupResponse(error_code=first)


def _offset_commit_response(
    req: OffsetCommitRequest, per_partition: Callable[[str, Any], ErrorCode]
) -> OffsetCommitResponse:
    TC = OffsetCommitResponse.OffsetCommitResponseTopic
    PC = OffsetCommitResponse.OffsetCommitResponsePartition
    return OffsetCommitResponse(
        topics=[
            TC(
                name=t.name,
                topic_id=t.topic_id,
                partitions=[
                    PC(partition_index=p.partition_index, error_code=per_partition(t.name, p)) for p in t.partitions
                ],
            )
            for t in req.topics
        ]
    )


def _fetch_partition(cls: Any, partition: int, o: OffsetAndMetadata | None, error: ErrorCode) -> Any:
    if o is None:
        return cls(
            partition_index=partition,
            committed_offset=NO_OFFSET,
            committed_leader_epoch=-1,
            metadata="",
            error_code=error,
        )
    return cls(
        partition_index=partition,
        committed_offset=o.offset,
        committed_leader_epoch=o.leader_epoch,
        metadata=o.metadata,
        error_code=error,
    )


def error_response(api: str, request: Any, version: int, error: ErrorCode) -> object:
    """An answer carrying only `error`, for requests the runtime must fail (append failure, unload)."""
    if api == "join_group":
        return _join_response(version, error=error, member_id=request.member_id)
    if api == "sync_group":
        return _sync_response(version, error=error)
    if api == "heartbeat":
        return HeartbeatResponse(error_code=error)
    if api == "leave_group":
        return LeaveGroupResponse(error_code=error)
    if api == "offset_commit":
        return _offset_commit_response(request, lambda _t, _p: error)
    if api == "offset_fetch":
        if version >= 8:
            G = OffsetFetchResponse.OffsetFetchResponseGroup
            return OffsetFetchResponse(groups=[G(group_id=g.group_id, error_code=error) for g in request.groups])
        return OffsetFetchResponse(error_code=error)
    if api == "describe_groups":
        DG = DescribeGroupsResponse.DescribedGroup
        return DescribeGroupsResponse(groups=[DG(group_id=g, error_code=error) for g in request.groups])
    if api == "list_groups":
        return ListGroupsResponse(error_code=error)
    if api == "delete_groups":
        R = DeleteGroupsResponse.DeletableGroupResult
        return DeleteGroupsResponse(results=[R(group_id=g, error_code=error) for g in request.groups_names])
    if api == "offset_delete":
        return OffsetDeleteResponse(error_code=error)
    raise ValueError(f"unknown group API {api!r}")
