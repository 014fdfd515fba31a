"""ShareGroupHeartbeat, the share-group session timers, share-partition initialization and record replay
(Kafka's GroupMetadataManager for KIP-932 share groups), sans-I/O.

A heartbeat computes every record it implies against the group as it is -- member metadata (10), group epoch
(11), target assignment (13)...(12), the member's assignment (14), share-partition state metadata (15) -- and
then appends them in Kafka 4.2's order through the shard context, which replays each at once. An error
therefore writes nothing (SG-VAL-3). Work that talks to the share coordinator (initializing share-partitions,
deleting their state) is never done inside an operation: it is queued as `Initialization`/`Deletion` values
that the service takes after the operation and runs once its records are durable (SG-INIT-4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import structlog

from kaflite.coordinator.assignors.api import (
    GroupSpec,
    MemberSubscriptionAndAssignment,
    PartitionAssignorError,
    SubscriptionType,
    TopicId,
    TopicMetadata,
)
from kaflite.coordinator.assignors.simple import SimpleAssignor
from kaflite.coordinator.config import GroupConfigs
from kaflite.coordinator.context import ShardContext, Timer
from kaflite.coordinator.metadata import MetadataImage, metadata_hash
from kaflite.coordinator.records import Record
from kaflite.coordinator.result import RequestContext, Token
from kaflite.coordinator.share import records as rec
from kaflite.coordinator.share.group import (
    EMPTY_ASSIGNMENT,
    LEAVE_GROUP_MEMBER_EPOCH,
    Assignment,
    ShareGroup,
    ShareGroupMember,
    same_assignment,
)
from kaflite.coordinator.share.members import (
    Deletion,
    HeartbeatError,
    Initialization,
    check_epoch,
    heartbeat_error,
    response_assignment,
    validate,
)
from kaflite.coordinator.share.records import StatePartitionMetadata, TopicPartitions
from kaflite.coordinator.share.replay import replay_record
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
SESSION_TIMEOUT = "share-session-timeout"
SHARE_SESSION_TIMEOUT_MS = "share.session.timeout.ms"
SHARE_HEARTBEAT_INTERVAL_MS = "share.heartbeat.interval.ms"
_ASSIGNOR = SimpleAssignor()


def session_timeout_key(group_id: str, member_id: str) -> str:
    """SG-TM-1: `session-timeout-<g>-<m>`."""
    return f"session-timeout-{group_id}-{member_id}"


class ShareGroupManager:
    """Every share group of the shard: its heartbeat, timers, initialization and replay."""

    def __init__(self, ctx: ShardContext, metadata: MetadataImage, group_configs: GroupConfigs) -> None:
        self.ctx = ctx
        self.metadata = metadata
        self.group_configs = group_configs
        # Follow-up work of the operations run so far, taken by the service after each (SG-INIT-4).
        self.initializations: list[Initialization] = []
        self.deletions: list[Deletion] = []

    def take_follow_ups(self) -> tuple[list[Initialization], list[Deletion]]:
        inits, dels = self.initializations, self.deletions
        self.initializations, self.deletions = [], []
        return inits, dels

    # ================================================================== configuration
    def session_timeout_ms(self, group_id: str) -> int:
        return self._group_config(group_id, SHARE_SESSION_TIMEOUT_MS,
                                  self.ctx.config.share.group_share_session_timeout_ms)

    def heartbeat_interval_ms(self, group_id: str) -> int:
        return self._group_config(group_id, SHARE_HEARTBEAT_INTERVAL_MS,
                                  self.ctx.config.share.group_share_heartbeat_interval_ms)

    def _group_config(self, group_id: str, name: str, default: int) -> int:
        value = self.group_configs(group_id).get(name)
        try:
            return int(value) if value is not None else default
        except ValueError:
            return default

    def timer_kinds(self) -> dict[str, Callable[[Timer], None]]:
        return {SESSION_TIMEOUT: self._on_session_timeout}

    # ================================================================== ShareGroupHeartbeat
    def heartbeat(self, req: ShareGroupHeartbeatRequest, version: int, rctx: RequestContext, token: Token) -> None:
        try:
            response = self._heartbeat(req, rctx)
        except HeartbeatError as e:
            response = heartbeat_error(req, version, e.code, e.message)
        self.ctx.respond(token, response)

    def _heartbeat(self, req: ShareGroupHeartbeatRequest, rctx: RequestContext) -> ShareGroupHeartbeatResponse:
        validate(req)
        err = self.ctx.partition_error(req.group_id)
        if err is not None:
            raise HeartbeatError(err)
        self.ctx.touch(req.group_id)
        if req.member_epoch == LEAVE_GROUP_MEMBER_EPOCH:
            return self._leave(req)
        return self._join_or_heartbeat(req, rctx)

    def _join_or_heartbeat(self, req: ShareGroupHeartbeatRequest, rctx: RequestContext) -> ShareGroupHeartbeatResponse:
        ctx, cfg = self.ctx, self.ctx.config.share
        gid, mid, epoch = req.group_id, req.member_id, req.member_epoch
        group = ctx.groups.get(gid)
        if group is None:
            if epoch != 0:
                raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Share group {gid} not found.")
            group = ShareGroup(gid)  # SG-GRP-1: materialized by replaying this heartbeat's first record
        elif not isinstance(group, ShareGroup):
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Group {gid} is not a share group.")
        if len(group.members) >= cfg.group_share_max_size and mid not in group.members:  # SG-GRP-2
            raise HeartbeatError(E.GROUP_MAX_SIZE_REACHED, "The share group has reached its maximum capacity of "
                                 f"{cfg.group_share_max_size} members.")
        member = group.members.get(mid)
        is_new = member is None
        if member is None:
            if epoch != 0:
                raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Member {mid} is not a member of group {gid}.")
            member = ShareGroupMember(mid)
        else:
            check_epoch(member, epoch)

        # SG-EP-2: the member's metadata (10), the group epoch (11).
        updated = member.replace(
            rack_id=req.rack_id if req.rack_id is not None else member.rack_id,
            subscribed_topic_names=tuple(sorted(set(req.subscribed_topic_names)))
            if req.subscribed_topic_names is not None else member.subscribed_topic_names,
            client_id=rctx.client_id, client_host=rctx.client_host)
        records: list[Record] = []
        if is_new or not updated.metadata_equals(member):
            records.append((rec.member_metadata_key(gid, mid), _member_value(updated)))
        subscription_changed = updated.subscribed_topic_names != member.subscribed_topic_names
        members = dict(group.members)
        members[mid] = updated
        names = _subscribed_names(members.values())
        group_epoch, new_hash = group.group_epoch, group.metadata_hash
        bump = subscription_changed
        if bump or group.metadata_version_checked != self.metadata.version:
            new_hash = metadata_hash(names, self.metadata)
            bump = bump or new_hash != group.metadata_hash
        bump = bump or self._initialized_not_targeted(group)  # SG-INIT-3
        if bump:
            group_epoch += 1
            records.append((rec.group_metadata_key(gid), rec.group_metadata_value(group_epoch, new_hash)))

        # SG-EP-3: a new target assignment when the group epoch moved past the assignment epoch.
        if group_epoch > group.assignment_epoch:
            target_epoch = group_epoch
            targets = self._compute_targets(group, members, group_epoch)
            for m in sorted(targets):
                if m not in group.target or not same_assignment(targets[m], group.target[m]):
                    records.append((rec.target_assignment_member_key(gid, m),
                                    rec.target_assignment_member_value(targets[m])))
            records.append((rec.target_assignment_metadata_key(gid),
                            rec.target_assignment_metadata_value(group_epoch)))
            target = targets.get(mid, EMPTY_ASSIGNMENT)
        else:
            target_epoch, target = group.assignment_epoch, group.target.get(mid, EMPTY_ASSIGNMENT)

        # SG-EP-4: no revocation; the member's assignment is its target within its subscription.
        reconciled = updated
        if updated.member_epoch != target_epoch:
            reconciled = updated.replace(member_epoch=target_epoch, previous_member_epoch=updated.member_epoch,
                                         assigned=self._within_subscription(target, updated))
        elif subscription_changed:
            reconciled = updated.replace(assigned=self._within_subscription(target, updated))
        if is_new or not reconciled.assignment_equals(member):
            records.append((rec.current_assignment_key(gid, mid),
                            rec.current_assignment_value(reconciled.member_epoch, reconciled.previous_member_epoch,
                                                         reconciled.assigned)))

        # SG-INIT-2: partitions of the subscribed topics neither initialized nor being initialized: (15), last.
        now = ctx.now()
        to_initialize = self._uninitialized(group, names, now)
        if to_initialize:
            records.append((rec.state_partition_metadata_key(gid),
                            rec.state_partition_metadata_value(_with_initializing(group, to_initialize,
                                                                                  self.metadata))))
        for key, value in records:
            ctx.append(gid, key, value)
        group = self._group(gid)
        group.metadata_version_checked = self.metadata.version
        if to_initialize:
            for tid, ps in to_initialize.items():
                for p in ps:
                    group.initializing_since[(tid, p)] = now
            self.initializations.append(Initialization(gid, group_epoch, {t: dict.fromkeys(ps, -1)
                                                                          for t, ps in to_initialize.items()}))
        if is_new:
            log.info("share_group.member_joined", group=gid, member=mid, epoch=reconciled.member_epoch)
        self._schedule_session_timeout(gid, mid)  # SG-TM-1: re-armed after every successful heartbeat

        response = ShareGroupHeartbeatResponse(member_id=mid, member_epoch=reconciled.member_epoch,
                                               heartbeat_interval_ms=self.heartbeat_interval_ms(gid))
        if epoch == 0 or req.subscribed_topic_names is not None \
                or not same_assignment(member.assigned, reconciled.assigned):  # SG-EP-5
            response.assignment = response_assignment(reconciled.assigned)
        return response

    def _topic_ids(self, names: Iterable[str]) -> dict[TopicId, TopicMetadata]:
        out = {}
        for n in names:
            t = self.metadata.topic(n)
            if t is not None:
                out[t.topic_id] = t
        return out

    def _within_subscription(self, target: Assignment, member: ShareGroupMember) -> dict[TopicId, frozenset[int]]:
        ids = self._topic_ids(member.subscribed_topic_names)
        return {t: ps for t, ps in target.items() if t in ids and ps}

    def _initialized_not_targeted(self, group: ShareGroup) -> bool:
        """SG-INIT-3 (GMM initializedAssignmentPending): for a topic the group (as it was before this heartbeat)
        subscribes to, by name, the initialized partitions differ from those in the union of the targets."""
        if not group.members or not group.initialized:
            return False
        names = _subscribed_names(group.members.values())
        return any(tp.topic_name in names and group.targeted_partitions(tid) != tp.partitions
                   for tid, tp in group.initialized.items())

    def _uninitialized(self, group: ShareGroup, names: Iterable[str], now: int) -> dict[TopicId, frozenset[int]]:
        retry = self.ctx.config.share.group_share_initialize_retry_interval_ms
        out: dict[TopicId, frozenset[int]] = {}
        for tid, t in self._topic_ids(names).items():
            done = group.initialized_partitions(tid)
            pending = {p for p in range(t.num_partitions) if p not in done and not (
                (tid, p) in group.initializing_since and now - group.initializing_since[(tid, p)] < retry)}
            if pending:
                out[tid] = frozenset(pending)
        return out

    def _compute_targets(self, group: ShareGroup, members: Mapping[str, ShareGroupMember],
                         group_epoch: int) -> dict[str, dict[TopicId, frozenset[int]]]:
        """SG-EP-3 with the `simple` assignor over the initialized partitions only (SG-INIT-1)."""
        topics: dict[TopicId, TopicMetadata] = {}
        spec: dict[str, MemberSubscriptionAndAssignment] = {}
        for m_id in sorted(members):
            ids = self._topic_ids(members[m_id].subscribed_topic_names)
            topics.update(ids)
            spec[m_id] = MemberSubscriptionAndAssignment(
                subscribed_topic_ids=frozenset(ids), assignment=group.target.get(m_id, EMPTY_ASSIGNMENT),
                rack_id=members[m_id].rack_id)
        subscriptions = {s.subscribed_topic_ids for s in spec.values()}
        kind = SubscriptionType.HOMOGENEOUS if len(subscriptions) <= 1 else SubscriptionType.HETEROGENEOUS
        assignable = {tid: group.initialized_partitions(tid) & frozenset(range(t.num_partitions))
                      for tid, t in topics.items()}
        try:
            return _ASSIGNOR.assign(GroupSpec(members=spec, subscription_type=kind), topics, assignable)
        except PartitionAssignorError as e:
            msg = f"Failed to compute a new target assignment for epoch {group_epoch}: {e}"
            log.error("share_group.assignment_failed", group=group.group_id, error=msg)
            raise HeartbeatError(E.UNKNOWN_SERVER_ERROR, msg) from e

    # ================================================================== leaving and fencing (SG-LV-1)
    def _leave(self, req: ShareGroupHeartbeatRequest) -> ShareGroupHeartbeatResponse:
        gid, mid = req.group_id, req.member_id
        group = self.ctx.groups.get(gid)
        if group is None:
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Group {gid} not found.")
        if not isinstance(group, ShareGroup):
            raise HeartbeatError(E.GROUP_ID_NOT_FOUND, f"Group {gid} is not a share group.")
        member = group.members.get(mid)
        if member is None:
            raise HeartbeatError(E.UNKNOWN_MEMBER_ID, f"Member {mid} is not a member of group {gid}.")
        self.remove_member(group, member, f"member {mid} left")
        return ShareGroupHeartbeatResponse(member_id=mid, member_epoch=LEAVE_GROUP_MEMBER_EPOCH,
                                           heartbeat_interval_ms=0)

    def remove_member(self, group: ShareGroup, member: ShareGroupMember, reason: str) -> None:
        """SG-LV-1: (14)T, (13)T, (10)T, (11){epoch+1, hash without the member}; no target recompute."""
        gid, mid = group.group_id, member.member_id
        remaining = [m for m in group.members.values() if m.member_id != mid]
        new_hash = metadata_hash(_subscribed_names(remaining), self.metadata)
        records: list[Record] = [(rec.current_assignment_key(gid, mid), None),
                                 (rec.target_assignment_member_key(gid, mid), None),
                                 (rec.member_metadata_key(gid, mid), None),
                                 (rec.group_metadata_key(gid), rec.group_metadata_value(group.group_epoch + 1,
                                                                                        new_hash))]
        for key, value in records:
            self.ctx.append(gid, key, value)
        group.metadata_version_checked = self.metadata.version
        self.ctx.cancel(session_timeout_key(gid, mid))
        log.info("share_group.member_removed", group=gid, member=mid, reason=reason)

    # ================================================================== timers
    def _schedule_session_timeout(self, gid: str, mid: str) -> None:
        self.ctx.schedule(session_timeout_key(gid, mid), self.session_timeout_ms(gid), SESSION_TIMEOUT, gid, (mid,))

    def _on_session_timeout(self, t: Timer) -> None:
        """SG-TM-1: the member is removed (SG-LV-1); a no-op if the group or the member is gone."""
        group = self.ctx.groups.get(t.group_id or "")
        member = group.members.get(t.args[0]) if isinstance(group, ShareGroup) else None
        if not isinstance(group, ShareGroup) or member is None:
            return
        self.ctx.touch(group.group_id)
        self.remove_member(group, member, f"member {member.member_id} session timed out")

    def on_loaded(self, group: ShareGroup) -> None:
        """SG-TM-1: after a load every member gets a fresh session timer (GMM l.6178)."""
        for m in group.members.values():
            self._schedule_session_timeout(group.group_id, m.member_id)

    # ================================================================== share-partition state (SG-INIT-*)
    def initialized(self, group_id: str, results: Mapping[tuple[TopicId, int], ErrorCode]) -> None:
        """SG-INIT-2's second step, after the share coordinator answered: (15) moving the partitions that
        initialized Initializing -> Initialized, and dropping the failed ones from Initializing (a later heartbeat
        retries). Nothing if the group is gone or the partitions are no longer initializing."""
        group = self.ctx.groups.get(group_id)
        if not isinstance(group, ShareGroup) or self.ctx.partition_error(group_id) is not None:
            return
        self.ctx.touch(group_id)
        initializing = {t: set(tp.partitions) for t, tp in group.initializing.items()}
        initialized = {t: set(tp.partitions) for t, tp in group.initialized.items()}
        names = {t: tp.topic_name for t, tp in (*group.initialized.items(), *group.initializing.items())}
        changed = False
        for (tid, p), err in sorted(results.items()):
            if p not in initializing.get(tid, ()):
                continue
            initializing[tid].discard(p)
            if err == E.NONE:
                initialized.setdefault(tid, set()).add(p)
            changed = True
        if not changed:
            return
        md = StatePartitionMetadata(
            {t: TopicPartitions(names[t], frozenset(ps)) for t, ps in initializing.items() if ps},
            {t: TopicPartitions(names[t], frozenset(ps)) for t, ps in initialized.items() if ps},
            dict(group.deleting))
        self.ctx.append(group_id, rec.state_partition_metadata_key(group_id), rec.state_partition_metadata_value(md))
        failed = sum(1 for e in results.values() if e != E.NONE)
        log.info("share_group.partitions_initialized", group=group_id, initialized=len(results) - failed,
                 failed=failed)

    def on_topics_deleted(self, names: set[str]) -> None:
        """SG-INIT-5: a deleted topic leaves every share group's (15) (one (15) per affected group). Its
        share-partitions' state is the share coordinator's to tombstone when it learns of the deletion (SC-DEL-2:
        ShareCoordinatorService.on_topics_deleted; a per-key delete of an unknown topic is refused there)."""
        for group in list(self.ctx.groups.values()):
            if not isinstance(group, ShareGroup) or self.ctx.partition_error(group.group_id) is not None:
                continue
            gone = {t for t, tp in (*group.initializing.items(), *group.initialized.items()) if tp.topic_name in names}
            gone |= {t for t, n in group.deleting.items() if n in names}
            if not gone:
                continue
            gid = group.group_id
            md = StatePartitionMetadata({t: tp for t, tp in group.initializing.items() if t not in gone},
                                        {t: tp for t, tp in group.initialized.items() if t not in gone},
                                        {t: n for t, n in group.deleting.items() if t not in gone})
            self.ctx.touch(gid)
            self.ctx.append(gid, rec.state_partition_metadata_key(gid), rec.state_partition_metadata_value(md))
            log.info("share_group.topics_deleted", group=gid, topic_ids=sorted(t.hex() for t in gone))

    def delete_state(self, group: ShareGroup) -> None:
        """SA-DEL-1: before the group's tombstones, (15){[], [], Deleting = every initialized or initializing
        topic}; the share coordinator deletes their state once the records are durable (a follow-up)."""
        gid = group.group_id
        topics = {t: tp for t, tp in (*group.initialized.items(), *group.initializing.items())}
        if not topics:
            return
        parts = {t: group.initialized_partitions(t) | (group.initializing[t].partitions if t in group.initializing
                                                       else frozenset()) for t in topics}
        md = StatePartitionMetadata({}, {}, {**group.deleting, **{t: tp.topic_name for t, tp in topics.items()}})
        self.ctx.append(gid, rec.state_partition_metadata_key(gid), rec.state_partition_metadata_value(md))
        self.deletions.append(Deletion(gid, parts))

    # ================================================================== replay (SG-RP-1)
    def replay(self, key: bytes, value: bytes | None) -> None:
        replay_record(self.ctx, key, value)

    def _group(self, gid: str) -> ShareGroup:
        group = self.ctx.groups[gid]
        assert isinstance(group, ShareGroup)
        return group


def _subscribed_names(members: Iterable[ShareGroupMember]) -> set[str]:
    names: set[str] = set()
    for m in members:
        names.update(m.subscribed_topic_names)
    return names


def _member_value(m: ShareGroupMember) -> bytes:
    return rec.member_metadata_value(m.rack_id, m.client_id, m.client_host, m.subscribed_topic_names)


def _with_initializing(group: ShareGroup, new: Mapping[TopicId, frozenset[int]],
                       image: MetadataImage) -> StatePartitionMetadata:
    """(15) with `new` added to Initializing and their topics removed from Deleting (SG-INIT-2)."""
    initializing = dict(group.initializing)
    for tid, ps in new.items():
        t = image.topic_by_id(tid)
        name = t.name if t is not None else ""
        old = initializing.get(tid)
        initializing[tid] = TopicPartitions(name, (old.partitions if old is not None else frozenset()) | ps)
    return StatePartitionMetadata(initializing, dict(group.initialized),
                                  {t: n for t, n in group.deleting.items() if t not in new})
