"""Classic members inside a KIP-848 consumer group (CG-MIX-1..4, CG-TM-3), sans-I/O.

A consumer that still speaks JoinGroup/SyncGroup/Heartbeat/LeaveGroup may join a non-empty
consumer group; it is driven by the group's own target assignment and reconciliation (Kafka's
GroupMetadataManager.classicGroup*ToConsumerGroup): its generation is its member epoch, its
JoinGroup carries the subscription and owned partitions in a ConsumerProtocolSubscription, and
its SyncGroup answer is its current assignment as a ConsumerProtocolAssignment. Everything is
written through the consumer manager's records, so a load rebuilds the same members.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

import structlog

from kaflite.coordinator.assignors.api import TopicId
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.consumer.group import (
    EMPTY_ASSIGNMENT,
    Assignment,
    ClassicMemberMetadata,
    ConsumerGroup,
    ConsumerGroupMember,
    MemberState,
)
from kaflite.coordinator.consumer.manager import ConsumerGroupManager, join_timeout_key, sync_timeout_key
from kaflite.coordinator.consumer.members import (
    HeartbeatError,
    current_assignment_record,
    reconcile_member,
    static_member_of,
)
from kaflite.coordinator.context import Timer
from kaflite.coordinator.records import Record
from kaflite.coordinator.result import RequestContext, Token
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ConsumerProtocolAssignment,
    ConsumerProtocolSubscription,
    HeartbeatRequest,
    JoinGroupRequest,
    JoinGroupResponse,
    LeaveGroupRequest,
    LeaveGroupResponse,
    SyncGroupRequest,
    SyncGroupResponse,
)

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
PROTOCOL_TYPE = "consumer"
JOIN_TIMEOUT = "consumer-classic-join-timeout"
SYNC_TIMEOUT = "consumer-classic-sync-timeout"
UNKNOWN_MEMBER_ID = ""
_I16 = struct.Struct(">h")


def downgrade_enabled(config: GroupCoordinatorConfig) -> bool:
    """`group.consumer.migration.policy` allows a consumer group to become classic (CG-MIG-2)."""
    return config.group_consumer_migration_policy.lower() in ("downgrade", "bidirectional")


def upgrade_enabled(config: GroupCoordinatorConfig) -> bool:
    """... and a classic group to become a consumer group (CG-MIG-1)."""
    return config.group_consumer_migration_policy.lower() in ("upgrade", "bidirectional")


def supports_classic_protocols(group: ConsumerGroup, protocol_type: str | None, names: list[str]) -> bool:
    """Kafka's ConsumerGroup.supportsClassicProtocols: type `consumer` and a protocol every classic member has."""
    if protocol_type != PROTOCOL_TYPE:
        return False
    if not group.members:
        return bool(names)
    classic = [m.classic for m in group.members.values() if m.classic is not None]
    return any(all(any(n == name for n, _ in c.supported_protocols) for c in classic) for name in names)


def decode_subscription(metadata: bytes) -> ConsumerProtocolSubscription:
    """A JoinGroup protocol's metadata: int16 version, then the subscription (newer versions read as ours)."""
    (version,) = _I16.unpack_from(metadata, 0)
    if version < 0:
        raise ValueError(f"negative consumer protocol version {version}")
    return ConsumerProtocolSubscription.decode(memoryview(metadata)[2:],
                                               min(version, ConsumerProtocolSubscription.MAX_VERSION))


def encode_assignment(assigned: Assignment, names: Callable[[TopicId], str | None], version: int) -> bytes:
    """Kafka's ConsumerProtocol.serializeAssignment, by topic NAME, in the subscription's version (capped)."""
    TPA = ConsumerProtocolAssignment.TopicPartition
    tps = []
    for tid, ps in assigned.items():
        name = names(tid)
        if name is not None and ps:  # a deleted topic is left out
            tps.append(TPA(topic=name, partitions=sorted(ps)))
    tps.sort(key=lambda tp: tp.topic)
    v = max(0, min(version, ConsumerProtocolAssignment.MAX_VERSION))
    return _I16.pack(v) + ConsumerProtocolAssignment(assigned_partitions=tps).encode(v)


class ClassicMembers:
    """JoinGroup, SyncGroup, Heartbeat and LeaveGroup of classic members in consumer groups."""

    def __init__(self, manager: ConsumerGroupManager) -> None:
        self.manager = manager
        self.ctx = manager.ctx

    def timer_kinds(self) -> dict[str, Callable[[Timer], None]]:
        return {JOIN_TIMEOUT: self._on_join_timeout, SYNC_TIMEOUT: self._on_sync_timeout}

    # ================================================================== JoinGroup (CG-MIX-1)
    def join(self, group: ConsumerGroup, req: JoinGroupRequest, version: int, rctx: RequestContext,
             token: Token) -> None:
        try:
            response = self._join(group, req, version, rctx)
        except HeartbeatError as e:
            response = JoinGroupResponse(error_code=e.code, generation_id=-1, member_id=req.member_id,
                                         protocol_name=None if version >= 7 else "")
            log.info("consumer_group.classic_join_failed", group=group.group_id, member=req.member_id,
                     error=e.code.name, message=e.message)
        self.ctx.respond(token, response)

    def _join(self, group: ConsumerGroup, req: JoinGroupRequest, version: int,
              rctx: RequestContext) -> JoinGroupResponse:
        ctx, cfg, m = self.ctx, self.ctx.config, self.manager
        gid = group.group_id
        iid = req.group_instance_id if version >= 5 else None
        unknown = req.member_id == UNKNOWN_MEMBER_ID
        member_id = m._new_member_id() if unknown else req.member_id
        if group.num_members() >= cfg.group_consumer_max_size and member_id not in group.members:
            raise HeartbeatError(E.GROUP_MAX_SIZE_REACHED, "The consumer group has reached its maximum capacity "
                                 f"of {cfg.group_consumer_max_size} members.")
        protocols = [(p.name, bytes(p.metadata)) for p in req.protocols]
        if not protocols or not supports_classic_protocols(group, req.protocol_type, [n for n, _ in protocols]):
            raise HeartbeatError(E.INCONSISTENT_GROUP_PROTOCOL, f"Member {member_id}'s protocols are not supported.")
        if unknown and iid is None and version >= 4:
            # KIP-394: hand out the id; nothing is written until the member comes back with it.
            log.info("consumer_group.classic_member_id_required", group=gid, member=member_id)
            return JoinGroupResponse(error_code=E.MEMBER_ID_REQUIRED, generation_id=-1, member_id=member_id,
                                     protocol_name=None if version >= 7 else "")
        try:
            subscription = decode_subscription(protocols[0][1])
        except Exception as e:
            raise HeartbeatError(E.UNKNOWN_SERVER_ERROR,
                                 "Malformed embedded consumer protocol in subscription deserialization.") from e

        # JoinGroup v0 has no rebalance timeout: Kafka's JoinGroupRequest uses the session timeout.
        rebalance_timeout_ms = req.rebalance_timeout_ms if version >= 1 and req.rebalance_timeout_ms != -1 \
            else req.session_timeout_ms
        records: list[Record] = []
        replaced: ConsumerGroupMember | None = None
        if iid is None:
            member = group.members.get(member_id) or ConsumerGroupMember(member_id)
        else:
            existing = group.static_member(iid)
            if unknown:
                if existing is None:
                    member = group.members.get(member_id) or ConsumerGroupMember(member_id)
                else:  # CG-ST-2, classic side: the new instance replaces the old one, whatever its epoch
                    replaced = existing
                    member = existing.replace(member_id=member_id, member_epoch=0, previous_member_epoch=0)
            else:
                member = static_member_of(group, member_id, iid)

        updated = member.replace(
            instance_id=iid if iid is not None else member.instance_id,
            rack_id=subscription.rack_id if subscription.rack_id else member.rack_id,
            rebalance_timeout_ms=rebalance_timeout_ms,
            subscribed_topic_names=tuple(sorted(set(subscription.topics))),
            client_id=rctx.client_id,
            client_host=rctx.client_host,
            classic=ClassicMemberMetadata(req.session_timeout_ms, tuple(protocols)),
        )
        member_records, members, subscription_changed = m.subscription_records(group, member, updated, replaced)
        records += member_records
        # The subscribed topics' metadata (CG-EP-2), as a consumer heartbeat checks it.
        group_epoch, _, epoch_records = m.epoch_records(group, members, group.resolved_regexes, subscription_changed)
        records += epoch_records

        static = group.static_member(iid)
        if static is not None and self._may_downgrade_replacing(group, static):
            return self._join_downgrading(group, updated, records, subscription_changed, owned=self._owned(
                subscription), protocol_name=protocols[0][0], iid=iid)

        # The target assignment (CG-EP-3), then reconciliation (CG-RC-*) from the partitions the
        # subscription says the member owns.
        target_epoch, target, target_records = m.target_records(group, members, group.resolved_regexes, group_epoch,
                                                                updated, replaced)
        records += target_records
        reconciled = reconcile_member(group, updated, target_epoch, target, self._owned(subscription))
        if not reconciled.assignment_equals(member):
            records.append(current_assignment_record(gid, reconciled))

        joined = member_id not in group.members
        for key, value in records:
            ctx.append(gid, key, value)
        group = m._group(gid)
        group.metadata_version_checked = m.metadata.version
        if replaced is not None:
            ctx.cancel(join_timeout_key(gid, replaced.member_id))
            ctx.cancel(sync_timeout_key(gid, replaced.member_id))
            log.info("consumer_group.static_member_replaced", group=gid, instance_id=iid, member=member_id,
                     replaced=replaced.member_id, protocol="classic")
        elif joined:
            log.info("consumer_group.member_joined", group=gid, member=member_id, instance_id=iid,
                     protocol="classic")
        ctx.cancel(join_timeout_key(gid, member_id))
        m._schedule_session_timeout(gid, member_id, req.session_timeout_ms)
        self._schedule_sync_timeout(gid, member_id, rebalance_timeout_ms)
        m._update_state(group, "classic member joined")
        return JoinGroupResponse(error_code=E.NONE, generation_id=reconciled.member_epoch, member_id=member_id,
                                 protocol_type=PROTOCOL_TYPE, protocol_name=protocols[0][0], leader="", members=[])

    def _may_downgrade_replacing(self, group: ConsumerGroup, static: ConsumerGroupMember) -> bool:
        """Kafka's validateOnlineDowngradeWithReplacedMember: the static member this join replaces is the
        last one using the consumer protocol (CG-MIG-2)."""
        if static.classic is not None or any(
                x.classic is None for x in group.members.values() if x.member_id != static.member_id):
            return False
        if not downgrade_enabled(self.ctx.config):
            log.info("group.downgrade_refused", group=group.group_id, reason="online downgrade is disabled")
            return False
        if group.num_members() > self.ctx.config.group_max_size:
            log.info("group.downgrade_refused", group=group.group_id, reason="group size greater than group.max.size")
            return False
        return True

    def _join_downgrading(self, group: ConsumerGroup, updated: ConsumerGroupMember, records: list[Record],
                          subscription_changed: bool, *, owned: dict[TopicId, frozenset[int]], protocol_name: str,
                          iid: str | None) -> JoinGroupResponse:
        """CG-MIG-2 through a classic static member replacing the last consumer-protocol one: its records,
        reconciled to the current target unless its subscription changed, then the group goes classic
        at its current epoch (a changed subscription rebalances it)."""
        gid, generation = group.group_id, group.group_epoch
        reconciled = updated
        if not subscription_changed:
            target = group.target.get(group.static_members.get(iid or "", ""), EMPTY_ASSIGNMENT)
            reconciled = reconcile_member(group, updated, group.assignment_epoch, target, owned)
            if not reconciled.assignment_equals(updated):
                records.append(current_assignment_record(gid, reconciled))
        for key, value in records:
            self.ctx.append(gid, key, value)
        group = self.manager._group(gid)
        targets = {mid: group.target.get(mid, EMPTY_ASSIGNMENT) for mid in group.members}
        self.manager.convert_to_classic(
            group, generation, targets,
            f"Downgrade group {gid} from consumer to classic for static member replacement with different "
            "subscription." if subscription_changed else None)
        log.info("group.converted", group=gid, to="classic", reason="static member replaced", member=updated.member_id)
        return JoinGroupResponse(error_code=E.NONE, generation_id=reconciled.member_epoch, member_id=updated.member_id,
                                 protocol_type=PROTOCOL_TYPE, protocol_name=protocol_name, leader="", members=[])

    def _owned(self, subscription: ConsumerProtocolSubscription) -> dict[TopicId, frozenset[int]]:
        """The subscription's owned partitions by topic id (unknown topics dropped); never None."""
        out: dict[TopicId, frozenset[int]] = {}
        for tp in subscription.owned_partitions or []:
            t = self.manager.metadata.topic(tp.topic)
            if t is not None and tp.partitions:
                out[t.topic_id] = out.get(t.topic_id, frozenset()) | frozenset(tp.partitions)
        return out

    # ================================================================== SyncGroup (CG-MIX-2)
    def sync(self, group: ConsumerGroup, req: SyncGroupRequest, version: int, token: Token) -> None:
        try:
            response = self._sync(group, req, version)
        except HeartbeatError as e:
            response = SyncGroupResponse(error_code=e.code)
        self.ctx.respond(token, response)

    def _sync(self, group: ConsumerGroup, req: SyncGroupRequest, version: int) -> SyncGroupResponse:
        gid, mid = group.group_id, req.member_id
        member = self._classic_member(group, mid, req.group_instance_id if version >= 3 else None)
        _check_generation(member, req.generation_id)
        assert member.classic is not None
        protocol_name = member.classic.protocol_name
        if req.protocol_type is not None and req.protocol_type != PROTOCOL_TYPE:
            raise HeartbeatError(E.INCONSISTENT_GROUP_PROTOCOL, f"The protocol type {req.protocol_type} from member "
                                 f"{mid} request is not equal to the group protocol type {PROTOCOL_TYPE}.")
        if req.protocol_name is not None and req.protocol_name != protocol_name:
            raise HeartbeatError(E.INCONSISTENT_GROUP_PROTOCOL, f"The protocol name {req.protocol_name} from member "
                                 f"{mid} request is not equal to the protocol name {protocol_name} returned in "
                                 "the join response.")
        if group.group_epoch > member.member_epoch and member.state is not MemberState.UNREVOKED_PARTITIONS:
            self._schedule_join_timeout_if_absent(gid, member)
            raise HeartbeatError(E.REBALANCE_IN_PROGRESS, f"A new rebalance is triggered in group {gid} and member "
                                 f"{mid} should rejoin to catch up.")
        self.ctx.cancel(sync_timeout_key(gid, member.member_id))
        self.manager._schedule_session_timeout(gid, member.member_id, member.classic.session_timeout_ms)
        (sub_version,) = _I16.unpack_from(member.classic.supported_protocols[0][1], 0)
        assignment = encode_assignment(member.assigned, self._topic_name, sub_version)
        return SyncGroupResponse(error_code=E.NONE, protocol_type=req.protocol_type, protocol_name=req.protocol_name,
                                 assignment=assignment)

    def _topic_name(self, tid: TopicId) -> str | None:
        t = self.manager.metadata.topic_by_id(tid)
        return None if t is None else t.name

    # ================================================================== Heartbeat (CG-MIX-3)
    def heartbeat(self, group: ConsumerGroup, req: HeartbeatRequest, version: int) -> ErrorCode:
        gid = group.group_id
        try:
            member = self._classic_member(group, req.member_id, req.group_instance_id if version >= 3 else None)
            _check_generation(member, req.generation_id)
        except HeartbeatError as e:
            return e.code
        assert member.classic is not None
        self.manager._schedule_session_timeout(gid, member.member_id, member.classic.session_timeout_ms)
        if member.member_epoch < group.group_epoch or member.state is MemberState.UNREVOKED_PARTITIONS or (
                member.state is MemberState.UNRELEASED_PARTITIONS and not _waiting_on_unreleased(group, member)):
            self._schedule_join_timeout_if_absent(gid, member)
            return E.REBALANCE_IN_PROGRESS
        return E.NONE

    # ================================================================== LeaveGroup (CG-MIX-4)
    def leave(self, group: ConsumerGroup, req: LeaveGroupRequest, version: int) -> LeaveGroupResponse:
        """Members by id and/or instance id ("" = admin removal); consumer-protocol members too; one bump."""
        MR = LeaveGroupResponse.MemberResponse
        if version >= 3:
            identities = [(x.member_id, x.group_instance_id, x.reason if version >= 5 else None) for x in req.members]
        else:
            identities = [(req.member_id, None, None)]
        responses: list[Any] = []
        leaving: dict[str, ConsumerGroupMember] = {}
        for member_id, iid, reason in identities:
            code = E.NONE
            if iid is None:
                member = group.members.get(member_id)
                if member is None:
                    code = E.UNKNOWN_MEMBER_ID
            else:
                member = group.static_member(iid)
                if member is None:
                    code = E.UNKNOWN_MEMBER_ID
                elif member_id != UNKNOWN_MEMBER_ID and member.member_id != member_id:
                    code = E.FENCED_INSTANCE_ID
            if code is E.NONE and member is not None:
                leaving[member.member_id] = member
                log.info("consumer_group.member_left", group=group.group_id, member=member.member_id,
                         instance_id=iid, reason=reason if reason is not None else "not provided", api="LeaveGroup")
            responses.append(MR(member_id=member_id, group_instance_id=iid, error_code=code))
        if leaving:
            self.manager.fence_members(group, list(leaving.values()),
                                       f"explicit LeaveGroup request for ({', '.join(leaving)}) members")
        if version >= 3:
            return LeaveGroupResponse(error_code=E.NONE, members=responses)
        return LeaveGroupResponse(error_code=next((r.error_code for r in responses if r.error_code), E.NONE))

    # ================================================================== lookups and timers
    def _classic_member(self, group: ConsumerGroup, member_id: str, iid: str | None) -> ConsumerGroupMember:
        """Kafka's validateConsumerGroupMember + throwIfMemberDoesNotUseClassicProtocol."""
        if iid is None:
            member = group.members.get(member_id)
            if member is None:
                raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Member {member_id} is not a member of group "
                                     f"{group.group_id}.")
        else:
            member = group.static_member(iid)
            if member is None:
                raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Member with instance id {iid} is not a member of group "
                                     f"{group.group_id}.")
            if member.member_id != member_id:
                raise HeartbeatError(E.FENCED_INSTANCE_ID, f"Static member {member_id} with instance id {iid} "
                                     f"was fenced by member {member.member_id}.")
        if member.classic is None:
            raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Member {member.member_id} does not use the classic protocol.")
        return member

    def _schedule_join_timeout_if_absent(self, gid: str, member: ConsumerGroupMember) -> None:
        key = join_timeout_key(gid, member.member_id)
        if key not in self.ctx.timers:
            self.ctx.schedule(key, member.rebalance_timeout_ms, JOIN_TIMEOUT, gid, (member.member_id,))

    def _schedule_sync_timeout(self, gid: str, member_id: str, timeout_ms: int) -> None:
        self.ctx.schedule(sync_timeout_key(gid, member_id), timeout_ms, SYNC_TIMEOUT, gid, (member_id,))

    def _on_join_timeout(self, t: Timer) -> None:
        self._fence(t, "the classic member failed to join within the rebalance timeout")

    def _on_sync_timeout(self, t: Timer) -> None:
        self._fence(t, "the member failed to sync within timeout")

    def _fence(self, t: Timer, why: str) -> None:
        """CG-TM-3: expiry fences the member (Kafka's consumerGroupFenceMemberOperation)."""
        group = self.ctx.groups.get(t.group_id or "")
        if not isinstance(group, ConsumerGroup):
            return
        member = group.members.get(t.args[0])
        if member is None:
            return
        self.ctx.touch(group.group_id)
        log.info("consumer_group.classic_member_timeout", group=group.group_id, member=member.member_id, reason=why)
        self.manager.fence_member(group, member, f"member {member.member_id}: {why}")


def _check_generation(member: ConsumerGroupMember, generation_id: int) -> None:
    if generation_id != member.member_epoch:
        raise HeartbeatError(E.ILLEGAL_GENERATION, f"The request generation id {generation_id} is not equal to the "
                             f"member epoch {member.member_epoch} of member {member.member_id}.")


def _waiting_on_unreleased(group: ConsumerGroup, member: ConsumerGroupMember) -> bool:
    """Kafka's ConsumerGroup.waitingOnUnreleasedPartition: a target partition is still held by another."""
    if member.state is not MemberState.UNRELEASED_PARTITIONS:
        return False
    for tid, ps in group.target.get(member.member_id, EMPTY_ASSIGNMENT).items():
        mine = member.assigned.get(tid, frozenset())
        if any(p not in mine and group.current_partition_epoch(tid, p) != -1 for p in ps):
            return True
    return False
