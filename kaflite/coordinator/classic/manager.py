"""The classic group protocol: JoinGroup, SyncGroup, Heartbeat, LeaveGroup and the rebalance.

Kafka's GroupMetadataManager for classic groups, sans-I/O. The shard opens an operation and calls
one entry point; everything the call decides goes through the `ShardContext` (answers, records,
timers, transitions). Membership and states change here, in the handler, as in Kafka; the group
metadata record this writes carries the assignment and timestamps, and `replay.replay_group_metadata`
applies it (live: assignments only; loading: the whole group, Kafka's `ClassicGroup.fromRecord`).
The rebalance itself (states, generations, timers) is `rebalance.Rebalance`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import structlog

from kaflite.coordinator.classic.group import ClassicGroup, JoinWaiter, Member
from kaflite.coordinator.classic.messages import (
    described_group,
    group_metadata_record,
    join_reason,
    join_response,
    join_success,
    leave_response,
    protocols,
    rebalance_timeout,
    sync_response,
)
from kaflite.coordinator.classic.rebalance import HEARTBEAT, Rebalance, heartbeat_key
from kaflite.coordinator.classic.state import GroupState
from kaflite.coordinator.context import ShardContext
from kaflite.coordinator.records import group_metadata_key
from kaflite.coordinator.result import RequestContext, Token
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    DescribeGroupsResponse,
    HeartbeatRequest,
    JoinGroupRequest,
    LeaveGroupRequest,
    LeaveGroupResponse,
    SyncGroupRequest,
)

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
S = GroupState
UNKNOWN_MEMBER_ID = ""


def default_member_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4()}"


class ClassicGroupManager:
    """Every classic group of the shard (they live in `ctx.groups`, next to other group types)."""

    def __init__(self, ctx: ShardContext, member_id_factory: Callable[[str], str] = default_member_id) -> None:
        self.ctx = ctx
        self._new_member_id = member_id_factory
        self.rebalance = Rebalance(ctx)

    # ================================================================== groups
    def _group(self, group_id: str) -> ClassicGroup | None:
        group = self.ctx.groups.get(group_id)
        return group if isinstance(group, ClassicGroup) else None

    def create_group(self, group_id: str, reason: str) -> ClassicGroup:
        """A new, Empty classic group (also a simple group: offsets only, no protocol type)."""
        group = ClassicGroup(group_id=group_id, history=self.ctx.history_of(group_id))
        self.ctx.add_group(group, S.EMPTY, reason)
        return group

    def describe(self, group: ClassicGroup) -> DescribeGroupsResponse.DescribedGroup:
        return described_group(group)

    def complete_all_waiters(self, group: ClassicGroup, error: ErrorCode) -> None:
        """Answer every parked JoinGroup and SyncGroup with `error` (Kafka's completeAllJoinFutures and
        completeAllSyncFutures; the group is being upgraded, CG-MIG-1)."""
        for m in group.members.values():
            if m.awaiting_join is not None:
                self.ctx.respond(m.awaiting_join.token,
                                 join_response(m.awaiting_join.version, error=error, member_id=m.member_id))
                m.awaiting_join = None
            if m.awaiting_sync is not None:
                self.ctx.respond(m.awaiting_sync.token, sync_response(m.awaiting_sync.version, error=error))
                m.awaiting_sync = None

    def adopt_downgraded_group(self, group_id: str, generation: int, members: list[Member],
                               assignment_of: Callable[[Member, str], bytes], reason: str | None) -> ClassicGroup:
        """CG-MIG-2 (Kafka's ClassicGroup.fromConsumerGroup + convertToClassicGroup): the remaining classic
        members of a consumer group, Stable at its epoch with its target assignments, written as one
        GroupMetadata record, then rebalanced. The consumer group's tombstones are written already."""
        group = ClassicGroup(group_id=group_id, history=self.ctx.history_of(group_id), state=S.STABLE,
                             generation=generation, protocol_type="consumer",
                             current_state_timestamp_ms=self.ctx.now())
        for m in members:
            group.add(m, None)
        group.protocol_name = group.select_protocol()
        self.ctx.add_group(group, S.STABLE, "downgraded from a consumer group")
        assignments = {m.member_id: assignment_of(m, group.protocol_name) for m in members}
        self.ctx.append(group_id, group_metadata_key(group_id), group_metadata_record(group, assignments))
        for m in members:
            self.rebalance.schedule_heartbeat(group, m, m.session_timeout_ms)
        if reason is not None:  # a static member replaced with the same subscription: no rebalance
            self.rebalance.prepare_rebalance(group, reason)
        return group

    # ================================================================== JoinGroup
    def _join_error(self, token: Token, version: int, error: ErrorCode, member_id: str = "") -> None:
        self.ctx.respond(token, join_response(version, error=error, member_id=member_id))

    def join_group(self, req: JoinGroupRequest, version: int, ctx: RequestContext, token: Token) -> None:
        group_id = req.group_id
        err = self.ctx.partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is not None:
            self._join_error(token, version, err, req.member_id)
            return
        self.ctx.touch(group_id)
        cfg = self.ctx.config
        if not cfg.group_min_session_timeout_ms <= req.session_timeout_ms <= cfg.group_max_session_timeout_ms:
            self._join_error(token, version, E.INVALID_SESSION_TIMEOUT, req.member_id)  # B-JOIN-9
            return
        member_id = req.member_id
        is_unknown = member_id == UNKNOWN_MEMBER_ID
        group = self._group(group_id)
        is_new_group = group is None
        if group is None:
            if not is_unknown:
                self._join_error(token, version, E.UNKNOWN_MEMBER_ID, member_id)
                return
            group = self.create_group(group_id, "JoinGroup for a new group")
        records_before = self.ctx.records_so_far()

        if not self._accept_joining_member(group, member_id):  # B-JOIN-9 group.max.size
            leaving = group.members.get(member_id)
            if leaving is not None:
                self.rebalance.drop_member(group, leaving, E.GROUP_MAX_SIZE_REACHED)
            else:
                group.remove(member_id)
            self._join_error(token, version, E.GROUP_MAX_SIZE_REACHED)
        elif is_unknown:
            self._join_new_member(group, req, version, ctx, token)
        else:
            self._join_existing_member(group, req, version, ctx, token)

        self.rebalance.maybe_complete_join_phase(group)
        if is_new_group and self.ctx.records_so_far() == records_before and group_id in self.ctx.groups:
            # Kafka commits a brand-new group to the log at once (newEmptyGroupMetadataRecord).
            self.ctx.append(group_id, group_metadata_key(group_id), group_metadata_record(group, {}))

    def _accept_joining_member(self, group: ClassicGroup, member_id: str) -> bool:
        max_size = self.ctx.config.group_max_size
        if group.is_in(S.EMPTY, S.DEAD):
            return True
        if group.is_in(S.PREPARING_REBALANCE):
            m = group.members.get(member_id)
            return (m is not None and m.awaiting_join is not None) or group.num_awaiting_join() < max_size
        return member_id in group.members or len(group.members) < max_size

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
            self.ctx.schedule(
                heartbeat_key(group.group_id, new_id),
                req.session_timeout_ms,
                HEARTBEAT,
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
        err = group.validate_member(member_id, instance_id)
        if err is not None:
            self._join_error(token, version, err, member_id)
            return
        member = group.members[member_id]
        joined_protocols = protocols(req)
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
            if member.matches(joined_protocols):
                # Lost its JoinGroup answer: same generation again, the leader gets members (B-JOIN-8, S5).
                self.ctx.respond(token, join_success(group, member, version, group.is_leader(member_id)))
            else:
                self._update_member_then_rebalance(
                    group, member, req, version, waiter, f"updating metadata for member {member_id}"
                )  # B-TRIG-2
        elif group.is_in(S.STABLE):
            if group.is_leader(member_id):
                self._update_member_then_rebalance(
                    group, member, req, version, waiter, f"leader {member_id} re-joining group during Stable"
                )
            elif not member.matches(joined_protocols):
                self._update_member_then_rebalance(
                    group, member, req, version, waiter, f"updating metadata for member {member_id}"
                )  # B-TRIG-2
            else:
                self.ctx.respond(token, join_success(group, member, version, False))  # B-JOIN-8, S4
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
            rebalance_timeout_ms=rebalance_timeout(req, version),
            session_timeout_ms=req.session_timeout_ms,
            protocol_type=req.protocol_type,
            protocols=protocols(req),
            is_new=True,
        )
        if group.is_in(S.PREPARING_REBALANCE) and group.previous_state is S.EMPTY:
            group.new_member_added = True  # extends the initial delay (B-JOIN-5)
        group.add(member, JoinWaiter(token, version))
        # A new member cannot heartbeat before its JoinGroup answer; bound how long it may wait.
        self.rebalance.schedule_heartbeat(group, member, self.ctx.config.group_new_member_join_timeout_ms)
        self.rebalance.maybe_prepare_rebalance_or_complete_join(
            group,
            f"adding new member {member_id} with group instance id {instance_id}; "
            f"client reason: {join_reason(req, version)}",
        )

    def _update_member(self, member: Member, req: JoinGroupRequest, version: int, waiter: JoinWaiter | None) -> None:
        member.protocols = protocols(req)
        member.rebalance_timeout_ms = rebalance_timeout(req, version)
        member.session_timeout_ms = req.session_timeout_ms
        if waiter is not None and member.awaiting_join is not None and member.awaiting_join.token != waiter.token:
            # A second JoinGroup for the same member: the first one's connection is gone; answer it anyway.
            self.ctx.respond(
                member.awaiting_join.token,
                join_response(member.awaiting_join.version, error=E.REBALANCE_IN_PROGRESS, member_id=member.member_id),
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
        self.rebalance.maybe_prepare_rebalance_or_complete_join(
            group, f"{reason}; client reason: {join_reason(req, version)}"
        )

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
            self.ctx.respond(
                old.awaiting_join.token,
                join_response(old.awaiting_join.version, error=E.FENCED_INSTANCE_ID, member_id=old_id),
            )
            old.awaiting_join = None
        if old.awaiting_sync is not None:
            self.ctx.respond(
                old.awaiting_sync.token, sync_response(old.awaiting_sync.version, error=E.FENCED_INSTANCE_ID)
            )
            old.awaiting_sync = None
        self.ctx.cancel(heartbeat_key(group.group_id, old_id))
        member = group.replace_static_member(instance_id, old_id, new_id)
        self.rebalance.schedule_heartbeat(group, member, member.session_timeout_ms)
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
                self.ctx.append(
                    group.group_id,
                    group_metadata_key(group.group_id),
                    group_metadata_record(group, assignment),
                )
                member.awaiting_join = None
                is_leader = group.is_leader(new_id)
                if version >= 9:
                    resp = join_success(group, member, version, is_leader, skip_assignment=is_leader)
                else:
                    resp = join_success(group, member, version, False)
                    resp.leader = current_leader or ""
                self.ctx.respond(token, resp)
            else:
                self.rebalance.maybe_prepare_rebalance_or_complete_join(
                    group,
                    f"group's selected protocol will change because static member {new_id} "
                    f"with instance id {instance_id} joined with a change of protocol",
                )
        elif group.is_in(S.COMPLETING_REBALANCE):
            # The leader may already be assigning to the old id: rebalance so the new id gets its share.
            self.rebalance.prepare_rebalance(
                group, f"updating metadata for static member {new_id} with instance id {instance_id}"
            )
        elif group.is_in(S.EMPTY, S.DEAD):
            raise RuntimeError(f"group {group.group_id} cannot be {group.state} with a known static member")
        else:
            self.rebalance.maybe_complete_join_phase(group)

    # ================================================================== SyncGroup
    def sync_group(self, req: SyncGroupRequest, version: int, token: Token) -> None:
        group_id = req.group_id
        err = self.ctx.partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is not None:
            self.ctx.respond(token, sync_response(version, error=err))
            return
        self.ctx.touch(group_id)
        group = self._group(group_id)
        if group is None:
            self.ctx.respond(token, sync_response(version, error=E.UNKNOWN_MEMBER_ID))  # B-SYNC-4
            return
        instance_id = req.group_instance_id if version >= 3 else None
        err = group.validate_member(req.member_id, instance_id)
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
            self.ctx.respond(token, sync_response(version, error=err))
            return
        if group.is_in(S.EMPTY):
            self.ctx.respond(token, sync_response(version, error=E.UNKNOWN_MEMBER_ID))
        elif group.is_in(S.PREPARING_REBALANCE):
            self.ctx.respond(token, sync_response(version, error=E.REBALANCE_IN_PROGRESS))  # B-SYNC-1, S6
        elif group.is_in(S.COMPLETING_REBALANCE):
            member = group.members[req.member_id]
            if member.awaiting_sync is not None and member.awaiting_sync.token != token:
                self.ctx.respond(
                    member.awaiting_sync.token,
                    sync_response(member.awaiting_sync.version, error=E.REBALANCE_IN_PROGRESS),
                )
            member.awaiting_sync = JoinWaiter(token, version)  # B-SYNC-2: park
            self.rebalance.remove_pending_sync_member(group, req.member_id)
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
                self.ctx.append(group_id, group_metadata_key(group_id), group_metadata_record(group, assignment))
                self.rebalance.transition(group, S.STABLE, f"leader {req.member_id} sent the assignment")
                self.ctx.metrics.classic_completed_rebalances += 1
                self.rebalance.propagate_assignment(group, E.NONE)
        elif group.is_in(S.STABLE):
            self.rebalance.remove_pending_sync_member(group, req.member_id)
            member = group.members[req.member_id]
            self.ctx.respond(
                token,
                sync_response(  # B-SYNC-3
                    version,
                    error=E.NONE,
                    protocol_type=group.protocol_type,
                    protocol_name=group.protocol_name,
                    assignment=member.assignment,
                ),
            )

    # ================================================================== Heartbeat
    def heartbeat(self, req: HeartbeatRequest, version: int) -> ErrorCode:
        group_id = req.group_id
        err = self.ctx.partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is E.COORDINATOR_LOAD_IN_PROGRESS:
            return E.NONE  # Kafka answers heartbeats blindly while the group loads
        if err is not None:
            return err
        self.ctx.touch(group_id)
        group = self._group(group_id)
        if group is None:
            return E.UNKNOWN_MEMBER_ID  # B-HB-2
        instance_id = req.group_instance_id if version >= 3 else None
        err = group.validate_member(req.member_id, instance_id)
        if err is not None:
            return err
        if req.generation_id != group.generation:
            return E.ILLEGAL_GENERATION
        if group.is_in(S.EMPTY):
            return E.UNKNOWN_MEMBER_ID
        member = group.members[req.member_id]
        self.rebalance.schedule_heartbeat(group, member, member.session_timeout_ms)  # B-HB-1
        if group.is_in(S.PREPARING_REBALANCE):
            return E.REBALANCE_IN_PROGRESS
        return E.NONE  # Stable, and (modern) CompletingRebalance

    def offset_committed(self, group: ClassicGroup, member_id: str) -> None:
        """A member's valid OffsetCommit is a sign of life: its session is rescheduled, as a heartbeat's
        (Kafka's OffsetMetadataManager.commitOffset, in Stable and PreparingRebalance; testCommitMaintainsSession)."""
        if not group.is_in(S.STABLE, S.PREPARING_REBALANCE):
            return
        member = group.members.get(member_id)
        if member is not None:
            self.rebalance.schedule_heartbeat(group, member, member.session_timeout_ms)

    # ================================================================== LeaveGroup
    def leave_group(self, req: LeaveGroupRequest, version: int) -> LeaveGroupResponse:
        MR = LeaveGroupResponse.MemberResponse
        if version >= 3:
            identities = [(m.member_id, m.group_instance_id, m.reason if version >= 5 else None) for m in req.members]
        else:
            identities = [(req.member_id, None, None)]
        group_id = req.group_id
        err = self.ctx.partition_error(group_id) if group_id else E.INVALID_GROUP_ID
        if err is not None:
            return LeaveGroupResponse(error_code=err)
        self.ctx.touch(group_id)
        group = self._group(group_id)
        responses: list[Any] = []
        if group is None:
            responses = [
                MR(member_id=mid, group_instance_id=iid, error_code=E.UNKNOWN_MEMBER_ID) for mid, iid, _ in identities
            ]
            return leave_response(version, responses)
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
                self.ctx.cancel(heartbeat_key(group_id, member_id))
                log.info("group.member_left", group=group_id, member=member_id, pending=True, reason=why)
                left.append(member_id)
            else:
                v = group.validate_member(member_id, instance_id)
                if v is None:
                    self._remove_current_member(group, member_id, why)
                    left.append(member_id)
                else:
                    code = v
            responses.append(MR(member_id=member_id, group_instance_id=instance_id, error_code=code))
        if left:
            reason = f"explicit LeaveGroup request for ({', '.join(left)}) members"
            if group.is_in(S.STABLE, S.COMPLETING_REBALANCE):
                self.rebalance.maybe_prepare_rebalance_or_complete_join(group, reason)
            elif group.is_in(S.PREPARING_REBALANCE):
                self.rebalance.maybe_complete_join_phase(group)
        return leave_response(version, responses)

    def _remove_current_member(self, group: ClassicGroup, member_id: str, reason: str) -> None:
        log.info("group.member_left", group=group.group_id, member=member_id, reason=reason)  # KIP-800
        self.rebalance.drop_member(group, group.members[member_id], E.UNKNOWN_MEMBER_ID)


def _inconsistent(requested: str | None, current: str | None) -> bool:
    return requested is not None and current is not None and requested != current
