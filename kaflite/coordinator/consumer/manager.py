"""ConsumerGroupHeartbeat, ConsumerGroupDescribe, the consumer-group timers and record replay
(Kafka's GroupMetadataManager for KIP-848 groups), sans-I/O.

A heartbeat first computes every record it implies against the group as it is -- member
subscription (5), regex resolutions (16), group epoch (3), target assignment (7)...(6), the
member's reconciled assignment (8) -- and only then appends them, in Kafka 4.1's order, through the
shard context, which replays each at once. An error therefore writes nothing (CG-VAL-5), and the
group in memory is only ever what its records say, live or loaded.
"""

from __future__ import annotations

import base64
import uuid
from collections import Counter
from collections.abc import Callable, Mapping

import structlog

from kaflite.coordinator.assignors import ASSIGNORS
from kaflite.coordinator.assignors.api import PartitionAssignorError
from kaflite.coordinator.config import GroupConfigs
from kaflite.coordinator.consumer import records as rec
from kaflite.coordinator.consumer.describe import describe_consumer_groups
from kaflite.coordinator.consumer.group import (
    EMPTY_ASSIGNMENT,
    LEAVE_GROUP_MEMBER_EPOCH,
    LEAVE_GROUP_STATIC_MEMBER_EPOCH,
    Assignment,
    ConsumerGroup,
    ConsumerGroupMember,
    MemberState,
    ResolvedRegex,
)
from kaflite.coordinator.consumer.members import (
    HeartbeatError,
    check_epoch,
    current_assignment_record,
    full_request,
    heartbeat_error,
    member_value,
    not_a_consumer_group,
    owned_partitions,
    reconcile_member,
    response_assignment,
    same_assignment,
    static_member_of,
    targets_of,
    unchanged,
    validate_heartbeat,
)
from kaflite.coordinator.consumer.regexes import (
    REGEX_REFRESH,
    refresh_needed,
    regex_refresh_key,
    resolution_records,
)
from kaflite.coordinator.consumer.replay import replay_record
from kaflite.coordinator.consumer.target import compute_target, member_topics, metadata_hash, preferred_assignor
from kaflite.coordinator.context import ShardContext, Timer
from kaflite.coordinator.group import Group, GroupType, Transition
from kaflite.coordinator.metadata import MetadataImage
from kaflite.coordinator.records import Record, group_metadata_key
from kaflite.coordinator.result import RequestContext, Token
from kaflite.coordinator.topic_regex import InvalidRegularExpression, compile_topic_regex
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupDescribeResponse,
    ConsumerGroupHeartbeatRequest,
    ConsumerGroupHeartbeatResponse,
)

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
SESSION_TIMEOUT = "consumer-session-timeout"
REBALANCE_TIMEOUT = "consumer-rebalance-timeout"


def session_timeout_key(group_id: str, member_id: str) -> str:
    return f"session-timeout-{group_id}-{member_id}"


def rebalance_timeout_key(group_id: str, member_id: str) -> str:
    return f"rebalance-timeout-{group_id}-{member_id}"


def join_timeout_key(group_id: str, member_id: str) -> str:
    """A classic member told to rejoin (CG-TM-3)."""
    return f"join-{group_id}-{member_id}"


def sync_timeout_key(group_id: str, member_id: str) -> str:
    """A classic member between its JoinGroup answer and its SyncGroup (CG-TM-3)."""
    return f"sync-{group_id}-{member_id}"


def new_member_id() -> str:
    """Kafka's `Uuid.randomUuid().toString()`: 22 base64url characters (CG-GRP-3)."""
    while True:
        s = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        if not s.startswith("-"):  # Kafka's Uuid never starts with '-'
            return s


class ConsumerGroupManager:
    """Every consumer group of the shard: its heartbeat, describe, timers and replay."""

    def __init__(
        self,
        ctx: ShardContext,
        metadata: MetadataImage,
        group_configs: GroupConfigs,
        member_id_factory: Callable[[], str] = new_member_id,
        *,
        upgrade_classic_group: Callable[[Group, list[Record]], ConsumerGroup] | None = None,
        downgrade_to_classic: Callable[[ConsumerGroup, list[ConsumerGroupMember], str], bool] | None = None,
        convert_to_classic: Callable[[ConsumerGroup, int, dict[str, Assignment], str | None], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.metadata = metadata
        self.group_configs = group_configs
        self._new_member_id = member_id_factory
        # The shard's hooks (it knows classic groups; this package does not). CG-MIG-1: convert a non-empty
        # classic group, or refuse (None: refuse).
        self.upgrade_classic_group = upgrade_classic_group or not_a_consumer_group
        # CG-MIG-2: convert the group when only classic members remain; False: it did not (None: never).
        self.downgrade_to_classic = downgrade_to_classic or (lambda _group, _fenced, _reason: False)
        # ... and write the classic group of the group's members: (group, generation, targets, rebalance reason).
        self.convert_to_classic = convert_to_classic or (lambda _group, _generation, _targets, _reason: None)

    # ================================================================== configuration
    def session_timeout_ms(self, group_id: str) -> int:
        return self._group_config(group_id, "consumer.session.timeout.ms",
                                  self.ctx.config.group_consumer_session_timeout_ms)

    def heartbeat_interval_ms(self, group_id: str) -> int:
        return self._group_config(group_id, "consumer.heartbeat.interval.ms",
                                  self.ctx.config.group_consumer_heartbeat_interval_ms)

    def _group_config(self, group_id: str, name: str, default: int) -> int:
        value = self.group_configs(group_id).get(name)
        try:
            return int(value) if value is not None else default
        except ValueError:
            return default

    def timer_kinds(self) -> dict[str, Callable[[Timer], None]]:
        return {SESSION_TIMEOUT: self._on_session_timeout, REBALANCE_TIMEOUT: self._on_rebalance_timeout,
                REGEX_REFRESH: self._on_regex_refresh}

    # ================================================================== ConsumerGroupHeartbeat
    def heartbeat(self, req: ConsumerGroupHeartbeatRequest, version: int, rctx: RequestContext, token: Token) -> None:
        try:
            response = self._heartbeat(req, version, rctx)
        except HeartbeatError as e:
            response = heartbeat_error(req, version, e.code, e.message)
        self.ctx.respond(token, response)

    def _heartbeat(self, req: ConsumerGroupHeartbeatRequest, version: int,
                   rctx: RequestContext) -> ConsumerGroupHeartbeatResponse:
        validate_heartbeat(req, version, self.ctx.config.group_consumer_assignors)
        err = self.ctx.partition_error(req.group_id)
        if err is not None:
            raise HeartbeatError(err)
        self.ctx.touch(req.group_id)
        if req.member_epoch in (LEAVE_GROUP_MEMBER_EPOCH, LEAVE_GROUP_STATIC_MEMBER_EPOCH):
            return self._leave(req)
        return self._join_or_heartbeat(req, rctx)

    def _consumer_group(self, group_id: str, create: bool, records: list[Record]) -> ConsumerGroup:
        """CG-GRP-1: the group, or a new (not yet registered) one when joining; records its replay builds."""
        group = self.ctx.groups.get(group_id)
        if group is None:
            if not create:
                raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Consumer group {group_id} not found.")
            return ConsumerGroup(group_id)
        if isinstance(group, ConsumerGroup):
            return group
        if create and group.group_type is GroupType.CLASSIC and group.is_empty():
            # An empty classic group converts on the first consumer-protocol join: its tombstone first.
            records.append((group_metadata_key(group_id), None))
            return ConsumerGroup(group_id)
        if create and group.group_type is GroupType.CLASSIC:
            return self.upgrade_classic_group(group, records)  # CG-MIG-1
        raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Group {group_id} is not a consumer group.")

    def _join_or_heartbeat(self, req: ConsumerGroupHeartbeatRequest,
                           rctx: RequestContext) -> ConsumerGroupHeartbeatResponse:
        ctx, cfg = self.ctx, self.ctx.config
        gid, epoch, iid = req.group_id, req.member_epoch, req.instance_id
        now = ctx.now()
        records: list[Record] = []
        joining = epoch == 0
        group = self._consumer_group(gid, joining, records)
        member_id = req.member_id or self._new_member_id()  # v0 joins with "" (CG-GRP-3)
        if group.num_members() >= cfg.group_consumer_max_size and (
                not req.member_id or member_id not in group.members):
            raise HeartbeatError(E.GROUP_MAX_SIZE_REACHED, "The consumer group has reached its maximum capacity "
                                 f"of {cfg.group_consumer_max_size} members.")
        owned = owned_partitions(req.topic_partitions)

        # The member: new, existing, or a static member replacing its released predecessor.
        replaced: ConsumerGroupMember | None = None
        if iid is None:
            member = group.members.get(member_id)
            if member is None:
                if not joining:
                    raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Member {member_id} is not a member of group {gid}.")
                member = ConsumerGroupMember(member_id)
            check_epoch(member, epoch, owned)
        else:
            existing = group.static_member(iid)
            if joining:
                if existing is None:
                    member = group.members.get(member_id) or ConsumerGroupMember(member_id)
                    check_epoch(member, epoch, owned)
                else:
                    if existing.member_epoch != LEAVE_GROUP_STATIC_MEMBER_EPOCH and existing.classic is None:
                        raise HeartbeatError(E.UNRELEASED_INSTANCE_ID, f"Static member {member_id} with instance id "
                                             f"{iid} cannot join the group because the instance id is owned by "
                                             f"{existing.member_id} member.")
                    replaced = existing
                    member = existing.replace(member_id=member_id, member_epoch=0, previous_member_epoch=0)
            else:
                member = static_member_of(group, member_id, iid)
                check_epoch(member, epoch, owned)

        if replaced is None and not joining and epoch == member.member_epoch and unchanged(member, req, rctx) \
                and member.is_reconciled_to(group.assignment_epoch) and group.group_epoch == group.assignment_epoch \
                and group.metadata_version_checked == self.metadata.version \
                and not (group.regex_subscribers
                         and self._regex_refresh_needed(group, set(group.regex_subscribers), now)):
            # The steady state -- nothing to write, nothing to reconcile: most heartbeats stop here.
            self._schedule_session_timeout(gid, member_id)
            response = ConsumerGroupHeartbeatResponse(member_id=member_id, member_epoch=epoch,
                                                      heartbeat_interval_ms=self.heartbeat_interval_ms(gid))
            if full_request(req):
                response.assignment = response_assignment(member.assigned)
            return response

        updated = member.replace(
            instance_id=iid if iid is not None else member.instance_id,
            rack_id=req.rack_id if req.rack_id is not None else member.rack_id,
            rebalance_timeout_ms=req.rebalance_timeout_ms if req.rebalance_timeout_ms != -1
            else member.rebalance_timeout_ms,
            server_assignor=req.server_assignor if req.server_assignor is not None else member.server_assignor,
            subscribed_topic_names=tuple(sorted(set(req.subscribed_topic_names)))
            if req.subscribed_topic_names is not None else member.subscribed_topic_names,
            subscribed_topic_regex=req.subscribed_topic_regex if req.subscribed_topic_regex is not None
            else member.subscribed_topic_regex,
            client_id=rctx.client_id,
            client_host=rctx.client_host,
            classic=None,  # a consumer-protocol heartbeat: the member no longer speaks JoinGroup
        )
        regex = updated.subscribed_topic_regex
        if regex and regex not in group.resolved_regexes:
            try:
                compile_topic_regex(regex)  # CG-VAL-4: only a regex new to the group is checked
            except InvalidRegularExpression as e:
                raise HeartbeatError(E.INVALID_REGULAR_EXPRESSION,
                                     f"SubscribedTopicRegex `{regex}` is not a valid regular expression: {e}.") from e

        # The member set after this request, as the assignor and the epoch checks must see it.
        before = group.members
        member_records, members, bump = self.subscription_records(group, member, updated, replaced)
        records += member_records
        bump = bump or group.group_epoch == 0

        # Regex subscriptions (CG-RX-2): resolved off the request path, as Kafka's maybeUpdateRegularExpressions
        # schedules them: this heartbeat assigns what is resolved already (literal topics first); a refresh, when
        # one is due, runs as an operation of its own (`_on_regex_refresh`) and bumps the group epoch if the
        # topics changed, so a later heartbeat brings the matched topics. One nobody uses any more goes now.
        counts = Counter(group.regex_subscribers)
        previous = replaced if replaced is not None else group.members.get(member_id)
        old_regex = previous.subscribed_topic_regex if previous is not None else ""
        if old_regex:
            counts[old_regex] -= 1
        new_regex = updated.subscribed_topic_regex
        if new_regex:
            counts[new_regex] += 1
        live = {r for r, c in counts.items() if c > 0}
        regexes = dict(group.resolved_regexes)
        for gone in sorted(set(regexes) - live):
            del regexes[gone]
            records.append((rec.regular_expression_key(gid, gone), None))
        if new_regex and new_regex != old_regex and group.regex_subscribers.get(new_regex) and new_regex in regexes:
            bump = True  # a regex the group already resolved: a rebalance now (Kafka bumps the epoch)
        self._maybe_refresh_regexes(group, live, member_id, rctx, now)

        # The subscribed topics' metadata (CG-EP-2), the target assignment (CG-EP-3), reconciliation.
        group_epoch, checked_version, epoch_records = self.epoch_records(group, members, regexes, bump)
        records += epoch_records
        target_epoch, target, target_records = self.target_records(group, members, regexes, group_epoch, updated,
                                                                   replaced)
        records += target_records
        reconciled = reconcile_member(group, updated, target_epoch, target, owned)
        assignment_changed = not reconciled.assignment_equals(member)
        if assignment_changed:
            records.append(current_assignment_record(gid, reconciled))

        # Write (the replay of each record updates the group), then the timers and the state.
        for key, value in records:
            ctx.append(gid, key, value)
        group = self._group(gid)
        group.metadata_version_checked = checked_version
        if replaced is not None:
            log.info("consumer_group.static_member_replaced", group=gid, instance_id=iid,
                     member=member_id, replaced=replaced.member_id)
        elif member_id not in before:
            log.info("consumer_group.member_joined", group=gid, member=member_id, instance_id=iid)
        if assignment_changed:  # CG-RC-3: UNREVOKED (re)arms the rebalance timer, leaving it cancels it
            if reconciled.state is MemberState.UNREVOKED_PARTITIONS:
                self._schedule_rebalance_timeout(gid, member_id, reconciled.member_epoch,
                                                 reconciled.rebalance_timeout_ms)
            else:
                ctx.cancel(rebalance_timeout_key(gid, member_id))
        self._schedule_session_timeout(gid, member_id)
        self._update_state(group, "heartbeat" if not joining else "member joined")

        response = ConsumerGroupHeartbeatResponse(member_id=member_id, member_epoch=reconciled.member_epoch,
                                                  heartbeat_interval_ms=self.heartbeat_interval_ms(gid))
        if joining or full_request(req) or not same_assignment(member.assigned, reconciled.assigned):
            response.assignment = response_assignment(reconciled.assigned)
        return response

    # ================================================================== steps every join shares
    # (a ConsumerGroupHeartbeat here, a classic member's JoinGroup in classic_members.py)
    def subscription_records(
        self, group: ConsumerGroup, member: ConsumerGroupMember, updated: ConsumerGroupMember,
        replaced: ConsumerGroupMember | None,
    ) -> tuple[list[Record], dict[str, ConsumerGroupMember], bool]:
        """The member's record 5 -- or, for a static member replacing `replaced`, CG-ST-2's records --,
        the member set after them, and whether the member's subscription changed."""
        gid, member_id = group.group_id, updated.member_id
        records: list[Record] = []
        members = dict(group.members)
        if replaced is not None:
            del members[replaced.member_id]
            records += self._member_removal_records(gid, replaced.member_id)
            records.append((rec.member_metadata_key(gid, member_id), member_value(updated)))
            records.append((rec.target_assignment_member_key(gid, member_id),
                            rec.target_assignment_member_value(group.target.get(replaced.member_id,
                                                                                EMPTY_ASSIGNMENT))))
            records.append(current_assignment_record(gid, member))
        elif member_id not in group.members or not updated.metadata_equals(member):
            records.append((rec.member_metadata_key(gid, member_id), member_value(updated)))
        members[member_id] = updated
        # CG-EP-2: a changed set of topic names bumps the group epoch; a changed regex does not by itself (Kafka's
        # hasMemberSubscriptionChanged): its resolution does, or moving to a regex already resolved (the heartbeat).
        return records, members, updated.subscribed_topic_names != member.subscribed_topic_names

    def epoch_records(
        self, group: ConsumerGroup, members: Mapping[str, ConsumerGroupMember],
        regexes: Mapping[str, ResolvedRegex], bump: bool,
    ) -> tuple[int, int, list[Record]]:
        """CG-EP-2: (the group epoch after this request, the metadata version it was checked at, its
        records). +1 when `bump`, or when the subscribed topics were created, deleted or grown."""
        gid = group.group_id
        group_epoch, new_hash = group.group_epoch, group.metadata_hash
        checked_version = group.metadata_version_checked
        if bump or checked_version != self.metadata.version:
            names: set[str] = set()
            for m in members.values():
                names |= member_topics(m, regexes)
            new_hash = metadata_hash(names, self.metadata)
            bump = bump or new_hash != group.metadata_hash
            checked_version = self.metadata.version
        records: list[Record] = []
        if bump:
            group_epoch += 1
            self.ctx.metrics.consumer_group_rebalances += 1  # Kafka: ConsumerGroupRebalances
            records.append((rec.group_metadata_key(gid), rec.group_metadata_value(group_epoch, new_hash)))
            if group.has_legacy_partition_metadata:
                records.append((rec.partition_metadata_key(gid), None))
        return group_epoch, checked_version, records

    def target_records(
        self, group: ConsumerGroup, members: Mapping[str, ConsumerGroupMember], regexes: Mapping[str, ResolvedRegex],
        group_epoch: int, updated: ConsumerGroupMember, replaced: ConsumerGroupMember | None,
    ) -> tuple[int, Assignment, list[Record]]:
        """CG-EP-3: (the target epoch, the member's target, the records): a new target assignment when
        the group epoch moved past the assignment epoch -- (7) for every changed target, then (6)."""
        gid, member_id = group.group_id, updated.member_id
        if group_epoch <= group.assignment_epoch:
            return group.assignment_epoch, targets_of(group, member_id, updated.instance_id, replaced), []
        targets = {mid: group.target_of(mid, m.instance_id) for mid, m in members.items()}
        if replaced is not None:
            targets[member_id] = group.target.get(replaced.member_id, EMPTY_ASSIGNMENT)
        name = preferred_assignor(members.values(), self.ctx.config.group_consumer_assignors)
        try:
            new_targets = compute_target(members, targets, regexes, self.metadata, ASSIGNORS[name])
        except PartitionAssignorError as e:
            msg = f"Failed to compute a new target assignment for epoch {group_epoch}: {e}"
            log.error("consumer_group.assignment_failed", group=gid, error=msg)
            raise HeartbeatError(E.UNKNOWN_SERVER_ERROR, msg) from e
        records: list[Record] = []
        for mid in sorted(new_targets):
            # A member without a target record gets one even when empty (TargetAssignmentBuilder).
            if mid not in group.target or not same_assignment(new_targets[mid], targets.get(mid, EMPTY_ASSIGNMENT)):
                records.append((rec.target_assignment_member_key(gid, mid),
                                rec.target_assignment_member_value(new_targets[mid])))
        records.append((rec.target_assignment_metadata_key(gid), rec.target_assignment_metadata_value(group_epoch)))
        log.info("consumer_group.target_assignment", group=gid, epoch=group_epoch, assignor=name,
                 members=len(members))
        return group_epoch, new_targets.get(member_id, EMPTY_ASSIGNMENT), records

    def _regex_refresh_needed(self, group: ConsumerGroup, live: set[str], now: int) -> bool:
        """CG-RX-2 (consumer/regexes.py), with this shard's timers, metadata and refresh interval."""
        return refresh_needed(group, live, now, regex_refresh_key(group.group_id) in self.ctx.timers,
                              self.metadata.version, self.ctx.config.group_consumer_regex_refresh_interval_ms)

    def _maybe_refresh_regexes(self, group: ConsumerGroup, live: set[str], member_id: str, rctx: RequestContext,
                               now: int) -> None:
        """Schedules the resolution when `_regex_refresh_needed`; it resolves with the request context of this
        heartbeat (CG-RX-1: what its principal may DESCRIBE)."""
        if self._regex_refresh_needed(group, live, now):
            self.ctx.schedule(regex_refresh_key(group.group_id), 0, REGEX_REFRESH, group.group_id,
                              (member_id, rctx))

    def _on_regex_refresh(self, t: Timer) -> None:
        """The scheduled resolution (Kafka's refreshRegularExpressions + handleRegularExpressionsResult): every
        regex the group's members still use, resolved now; a (16) record for each whose topics changed, and the
        group epoch bumped (3) when they did or the subscribed topics' metadata changed. The target assignment
        follows at the next heartbeat (its epoch is behind the group's)."""
        group = self.ctx.groups.get(t.group_id or "")
        if not isinstance(group, ConsumerGroup):
            return
        gid = group.group_id
        _member_id, rctx = t.args
        now = self.ctx.now()
        version = self.metadata.version
        regexes, records = resolution_records(group, self.metadata, rctx.may_describe, now)
        bump = bool(records)
        group_epoch, checked_version, epoch_records = self.epoch_records(group, group.members, regexes, bump)
        records += epoch_records
        for key, value in records:
            self.ctx.append(gid, key, value)
        group = self._group(gid)
        group.regex_version_checked = version
        group.regex_resolved_ms = now
        group.metadata_version_checked = checked_version
        if records:
            log.info("consumer_group.regexes_resolved", group=gid, regexes=len(group.regex_subscribers),
                     group_epoch=group_epoch)
            self._update_state(group, "regular expressions resolved")

    # ================================================================== leaving and fencing
    def _leave(self, req: ConsumerGroupHeartbeatRequest) -> ConsumerGroupHeartbeatResponse:
        gid, member_id, iid = req.group_id, req.member_id, req.instance_id
        group = self.ctx.groups.get(gid)
        if group is None:
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Group {gid} not found.")
        if not isinstance(group, ConsumerGroup):
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Group {gid} is not a consumer group.")
        if iid is None:
            member = group.members.get(member_id)
            if member is None:
                raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Member {member_id} is not a member of group {gid}.")
        else:
            member = static_member_of(group, member_id, iid)
        response = ConsumerGroupHeartbeatResponse(member_id=member_id, member_epoch=req.member_epoch,
                                                  heartbeat_interval_ms=0)
        if req.member_epoch == LEAVE_GROUP_STATIC_MEMBER_EPOCH:
            # CG-ST-4: a temporary leave keeps the partitions; only record 8 changes; no bump.
            left = member.replace(member_epoch=LEAVE_GROUP_STATIC_MEMBER_EPOCH, pending_revocation={})
            self.ctx.append(gid, *current_assignment_record(gid, left))
            log.info("consumer_group.static_member_left", group=gid, member=member_id, instance_id=iid)
            self._update_state(group, "static member left temporarily")
            return response
        log.info("consumer_group.member_left", group=gid, member=member_id)
        self.fence_member(group, member, f"member {member_id} left")
        return response

    def _member_removal_records(self, gid: str, member_id: str) -> list[Record]:
        """CG-LV-1's per-member tombstones: current assignment, target, subscription."""
        return [(rec.current_assignment_key(gid, member_id), None),
                (rec.target_assignment_member_key(gid, member_id), None),
                (rec.member_metadata_key(gid, member_id), None)]

    def fence_member(self, group: ConsumerGroup, member: ConsumerGroupMember, reason: str) -> None:
        """CG-LV-1: remove the member (leave, session or rebalance timeout) and bump the group epoch."""
        self.fence_members(group, [member], reason)

    def fence_members(self, group: ConsumerGroup, fenced: list[ConsumerGroupMember], reason: str) -> None:
        """CG-LV-1 for one or more members (a LeaveGroup may name several, CG-MIX-4): one bump."""
        if self.downgrade_to_classic(group, fenced, reason):
            return
        gid = group.group_id
        gone_ids = {m.member_id for m in fenced}
        records: list[Record] = []
        for m in fenced:
            records += self._member_removal_records(gid, m.member_id)
        remaining = [m for m in group.members.values() if m.member_id not in gone_ids]
        live = {m.subscribed_topic_regex for m in remaining if m.subscribed_topic_regex}
        regexes = {r: v for r, v in group.resolved_regexes.items() if r in live}
        for gone in sorted(set(group.resolved_regexes) - live):
            records.append((rec.regular_expression_key(gid, gone), None))
        names: set[str] = set()
        for m in remaining:
            names |= member_topics(m, regexes)
        new_hash = metadata_hash(names, self.metadata)
        records.append((rec.group_metadata_key(gid), rec.group_metadata_value(group.group_epoch + 1, new_hash)))
        self.ctx.metrics.consumer_group_rebalances += 1
        if group.has_legacy_partition_metadata:
            records.append((rec.partition_metadata_key(gid), None))
        group.metadata_version_checked = self.metadata.version
        for key, value in records:
            self.ctx.append(gid, key, value)
        for mid in gone_ids:
            self._cancel_timers(gid, mid)
        self._update_state(group, reason)

    def _cancel_timers(self, gid: str, mid: str) -> None:
        """Kafka's cancelTimers: session, rebalance, and a classic member's join and sync timers."""
        for key in (session_timeout_key(gid, mid), rebalance_timeout_key(gid, mid), join_timeout_key(gid, mid),
                    sync_timeout_key(gid, mid)):
            self.ctx.cancel(key)

    # ================================================================== timers
    def _schedule_session_timeout(self, gid: str, mid: str, timeout_ms: int | None = None) -> None:
        """`timeout_ms`: a classic member's JoinGroup SessionTimeoutMs (CG-TM-3); else the group's config."""
        self.ctx.schedule(session_timeout_key(gid, mid), self.session_timeout_ms(gid) if timeout_ms is None
                          else timeout_ms, SESSION_TIMEOUT, gid, (mid,))

    def _schedule_rebalance_timeout(self, gid: str, mid: str, epoch: int, timeout_ms: int) -> None:
        self.ctx.schedule(rebalance_timeout_key(gid, mid), timeout_ms, REBALANCE_TIMEOUT, gid, (mid, epoch))

    def _on_session_timeout(self, t: Timer) -> None:
        """CG-TM-1: the member is fenced; its later heartbeats answer UNKNOWN_MEMBER_ID."""
        group = self.ctx.groups.get(t.group_id or "")
        member = group.members.get(t.args[0]) if isinstance(group, ConsumerGroup) else None
        if group is None or member is None or not isinstance(group, ConsumerGroup):
            return
        self.ctx.touch(group.group_id)
        log.info("consumer_group.session_timeout", group=group.group_id, member=member.member_id)
        self.fence_member(group, member, f"member {member.member_id} session timed out")

    def _on_rebalance_timeout(self, t: Timer) -> None:
        """CG-TM-2: fenced only if still at the epoch the timer was armed for."""
        group = self.ctx.groups.get(t.group_id or "")
        if not isinstance(group, ConsumerGroup):
            return
        member_id, epoch = t.args
        member = group.members.get(member_id)
        if member is None or member.member_epoch != epoch:
            return
        self.ctx.touch(group.group_id)
        log.info("consumer_group.rebalance_timeout", group=group.group_id, member=member_id, epoch=epoch)
        self.fence_member(group, member, f"member {member_id} did not revoke its partitions in time")

    def on_loaded(self, group: ConsumerGroup) -> None:
        """CG-TM-4: every member gets a fresh session timer, UNREVOKED ones a rebalance timer."""
        self._update_state(group, "loaded", publish=False)
        for m in group.members.values():
            self._schedule_session_timeout(group.group_id, m.member_id)
            if m.state is MemberState.UNREVOKED_PARTITIONS:
                self._schedule_rebalance_timeout(group.group_id, m.member_id, m.member_epoch, m.rebalance_timeout_ms)

    # ================================================================== state
    def _group(self, gid: str) -> ConsumerGroup:
        group = self.ctx.groups[gid]
        assert isinstance(group, ConsumerGroup)
        return group

    def _update_state(self, group: ConsumerGroup, reason: str, publish: bool = True) -> None:
        if self.ctx.groups.get(group.group_id) is not group:
            return  # deleted meanwhile
        new = group.compute_state()
        if new is group.state and group.state_timestamp_ms is not None:
            return
        old = group.state
        group.state = new
        group.state_timestamp_ms = self.ctx.now()
        if publish and new is not old:
            t = Transition(self.ctx.now(), group.group_id, old, new, group.group_epoch, len(group.members), reason)
            group.history.append(t)
            self.ctx.publish_transition(t)

    # ================================================================== ConsumerGroupDescribe
    def describe(self, req: ConsumerGroupDescribeRequest, version: int) -> ConsumerGroupDescribeResponse:
        """CG-DESC-1/2 (consumer/describe.py)."""
        return describe_consumer_groups(req, self.ctx, self.metadata)

    # ================================================================== replay (CG-RP-1)
    def replay(self, key: bytes, value: bytes | None) -> None:
        """A consumer-group record (3-8, 16), live or at load (consumer/replay.py)."""
        replay_record(self.ctx, key, value)
