"""The classic rebalance: Kafka's state machine for a classic group, driven by requests and timers.

PreparingRebalance waits for members to rejoin (bounded by the rebalance timeout and, for a new
group, group.initial.rebalance.delay.ms); completing the join starts the next generation and hands
the leader the members; the leader's SyncGroup makes the group Stable. Members that stop
heartbeating, or never sync, are removed and the group rebalances. The classic manager's request
handlers call in here; the timers it arms are its own: `heartbeat` (a member's session), `join`
(the rebalance timeout), `initial-join` and `sync` (members that got a generation and never synced).
"""

from __future__ import annotations

from collections.abc import Callable

import structlog

from kaflite.coordinator.classic.group import ClassicGroup, Member
from kaflite.coordinator.classic.messages import group_metadata_record, join_response, join_success, sync_response
from kaflite.coordinator.classic.state import GroupState
from kaflite.coordinator.context import ShardContext, Timer
from kaflite.coordinator.records import group_metadata_key
from kaflite.protocol.errors import ErrorCode

log = structlog.get_logger("kaflite.coordinator")

E = ErrorCode
S = GroupState
UNKNOWN_MEMBER_ID = ""

HEARTBEAT, JOIN, INITIAL_JOIN, SYNC = "heartbeat", "join", "initial-join", "sync"


def heartbeat_key(group_id: str, member_id: str) -> str:
    return f"{HEARTBEAT}-{group_id}-{member_id}"


def join_key(group_id: str) -> str:
    return f"{JOIN}-{group_id}"


def initial_join_key(group_id: str) -> str:
    return f"{INITIAL_JOIN}-{group_id}"


def sync_key(group_id: str) -> str:
    return f"{SYNC}-{group_id}"


class Rebalance:
    """The rebalance steps and timers of every classic group of one shard."""

    def __init__(self, ctx: ShardContext) -> None:
        self.ctx = ctx

    def _group(self, group_id: str) -> ClassicGroup | None:
        group = self.ctx.groups.get(group_id)
        return group if isinstance(group, ClassicGroup) else None

    def timer_kinds(self) -> dict[str, Callable[[Timer], None]]:
        """The timers this manager arms, by kind, for the shard's timer registry."""
        return {
            HEARTBEAT: self._on_heartbeat_expired,
            JOIN: self._on_join_timeout,
            INITIAL_JOIN: self._on_initial_join_delay,
            SYNC: self._on_sync_timeout,
        }

    def transition(self, group: ClassicGroup, to_state: GroupState, reason: str) -> None:
        self.ctx.publish_transition(group.transition_to(to_state, self.ctx.now(), reason))

    def on_loaded(self, group: ClassicGroup) -> None:
        """The group's partition finished loading: arm its members' sessions (Kafka's onLoaded)."""
        # Per group at DEBUG only: a partition can hold thousands of groups (the shard logs the counts).
        log.debug(
            "group.loaded",
            group=group.group_id,
            state=str(group.state),
            generation=group.generation,
            members=len(group.members),
        )
        for member in group.members.values():
            self.schedule_heartbeat(group, member, member.session_timeout_ms)
        if len(group.members) > self.ctx.config.group_max_size:
            self.prepare_rebalance(group, f"freshly-loaded group is over capacity {self.ctx.config.group_max_size}")

    def _on_heartbeat_expired(self, t: Timer) -> None:
        group = self._timer_group(t)
        if group is not None:
            self.expire_member_heartbeat(group, t.args[0])

    def _on_join_timeout(self, t: Timer) -> None:
        group = self._timer_group(t)
        if group is not None and group.is_in(S.PREPARING_REBALANCE):
            self.complete_join(group)

    def _on_initial_join_delay(self, t: Timer) -> None:
        group = self._timer_group(t)
        if group is not None and group.is_in(S.PREPARING_REBALANCE):
            self.try_complete_initial_rebalance(group, *t.args)

    def _on_sync_timeout(self, t: Timer) -> None:
        group = self._timer_group(t)
        if group is not None:
            self.expire_pending_sync(group, t.args[0])

    def _timer_group(self, t: Timer) -> ClassicGroup | None:
        group = self._group(t.group_id) if t.group_id is not None else None
        if group is not None:
            self.ctx.touch(group.group_id)
        return group

    def schedule_heartbeat(self, group: ClassicGroup, member: Member, timeout_ms: int) -> None:
        """Complete the member's current deadline and set the next one (B-HB-1)."""
        self.ctx.schedule(
            heartbeat_key(group.group_id, member.member_id),
            timeout_ms,
            HEARTBEAT,
            group.group_id,
            (member.member_id,),
        )

    def maybe_prepare_rebalance_or_complete_join(self, group: ClassicGroup, reason: str) -> None:
        if group.can_rebalance():
            self.prepare_rebalance(group, reason)
        else:
            self.maybe_complete_join_phase(group)

    def maybe_complete_join_phase(self, group: ClassicGroup) -> None:
        """Complete the join as soon as everyone rejoined -- but never cut the initial delay short."""
        if (
            group.is_in(S.PREPARING_REBALANCE)
            and group.has_all_members_joined()
            and group.previous_state is not S.EMPTY
        ):
            self.complete_join(group)

    def prepare_rebalance(self, group: ClassicGroup, reason: str) -> None:
        """Stable/CompletingRebalance/Empty -> PreparingRebalance with one delayed join (B-JOIN-3)."""
        if group.is_in(S.COMPLETING_REBALANCE):
            self.reset_and_propagate_assignment_with_error(group, E.REBALANCE_IN_PROGRESS)
        self.remove_sync_expiration(group)
        is_initial = group.is_in(S.EMPTY)
        if is_initial:
            delay = self.ctx.config.group_initial_rebalance_delay_ms  # B-JOIN-5
            remaining = max(group.rebalance_timeout_ms() - delay, 0)
            self.ctx.schedule(initial_join_key(group.group_id), delay, INITIAL_JOIN, group.group_id, (delay, remaining))
        self.transition(group, S.PREPARING_REBALANCE, reason)
        if not is_initial:
            if group.has_all_members_joined():
                self.complete_join(group)
            else:
                self.ctx.schedule(join_key(group.group_id), group.rebalance_timeout_ms(), JOIN, group.group_id, ())

    def try_complete_initial_rebalance(self, group: ClassicGroup, delay: int, remaining: int) -> None:
        if group.new_member_added and remaining != 0:
            group.new_member_added = False
            new_delay = min(self.ctx.config.group_initial_rebalance_delay_ms, remaining)
            new_remaining = max(remaining - delay, 0)
            self.ctx.schedule(
                initial_join_key(group.group_id),
                new_delay,
                INITIAL_JOIN,
                group.group_id,
                (new_delay, new_remaining),
            )
        else:
            self.complete_join(group)

    def complete_join(self, group: ClassicGroup) -> None:
        """End the join phase: drop dynamic members that did not rejoin, next generation (B-JOIN-4/6)."""
        self.ctx.cancel(join_key(group.group_id))
        self.ctx.cancel(initial_join_key(group.group_id))
        gone = [m for m in group.not_yet_rejoined() if not m.is_static]
        for m in gone:
            group.remove(m.member_id)
            self.ctx.cancel(heartbeat_key(group.group_id, m.member_id))
        if gone:
            log.info(
                "group.removed_members_not_rejoined",
                group=group.group_id,
                members=[m.member_id for m in gone],
            )
        if not group.maybe_elect_new_joined_leader() and group.members:
            log.error("group.no_member_rejoined", group=group.group_id)
            self.ctx.schedule(join_key(group.group_id), group.rebalance_timeout_ms(), JOIN, group.group_id, ())
            return
        self.init_next_generation(group)
        if group.is_in(S.EMPTY):
            self.ctx.append(
                group.group_id, group_metadata_key(group.group_id), group_metadata_record(group, {})
            )  # B-LOG-2
            return
        for m in group.members.values():
            if m.awaiting_join is not None:
                self.ctx.respond(
                    m.awaiting_join.token,
                    join_success(group, m, m.awaiting_join.version, group.is_leader(m.member_id)),
                )
                m.awaiting_join = None
            self.schedule_heartbeat(group, m, m.session_timeout_ms)
            m.is_new = False
            group.pending_sync_members.add(m.member_id)
        self.ctx.schedule(
            sync_key(group.group_id),
            group.rebalance_timeout_ms(),
            SYNC,
            group.group_id,
            (group.generation,),
        )

    def init_next_generation(self, group: ClassicGroup) -> None:
        group.generation += 1
        group.current_state_timestamp_ms = self.ctx.now()
        group.pending_sync_members.clear()
        if group.members:
            try:
                group.protocol_name = group.select_protocol()  # B-JOIN-6 vote
            except ValueError:
                group.protocol_name = None
            self.transition(group, S.COMPLETING_REBALANCE, f"join phase complete with {len(group.members)} members")
        else:
            group.protocol_name = None
            self.transition(group, S.EMPTY, "join phase complete with no members")

    def reset_and_propagate_assignment_with_error(self, group: ClassicGroup, error: ErrorCode) -> None:
        for m in group.members.values():
            m.assignment = b""
        self.propagate_assignment(group, error)

    def propagate_assignment(self, group: ClassicGroup, error: ErrorCode) -> None:
        ok = error == E.NONE
        for m in group.members.values():
            if m.awaiting_sync is None:
                continue
            self.ctx.respond(
                m.awaiting_sync.token,
                sync_response(
                    m.awaiting_sync.version,
                    error=error,
                    protocol_type=group.protocol_type if ok else None,
                    protocol_name=group.protocol_name if ok else None,
                    assignment=m.assignment,
                ),
            )
            m.awaiting_sync = None
            self.schedule_heartbeat(group, m, m.session_timeout_ms)

    def remove_sync_expiration(self, group: ClassicGroup) -> None:
        group.pending_sync_members.clear()
        self.ctx.cancel(sync_key(group.group_id))

    def expire_pending_sync(self, group: ClassicGroup, generation: int) -> None:
        """Members that got a JoinGroup answer but never synced are removed (pending-sync timer)."""
        if generation != group.generation or not group.is_in(S.COMPLETING_REBALANCE, S.STABLE):
            return
        if group.has_received_sync_from_all():
            return
        pending = sorted(group.pending_sync_members)
        for member_id in pending:
            m = group.members.get(member_id)
            if m is not None:
                self.drop_member(group, m, E.UNKNOWN_MEMBER_ID)
        self.prepare_rebalance(group, f"removing {pending} on pending sync request expiration")

    def drop_member(self, group: ClassicGroup, member: Member, error: ErrorCode) -> None:
        """Remove a member, answering whatever it has parked so no token is left hanging."""
        self.ctx.cancel(heartbeat_key(group.group_id, member.member_id))
        if member.awaiting_join is not None:
            self.ctx.respond(
                member.awaiting_join.token,
                join_response(member.awaiting_join.version, error=error, member_id=UNKNOWN_MEMBER_ID),
            )
            member.awaiting_join = None
        if member.awaiting_sync is not None:
            self.ctx.respond(member.awaiting_sync.token, sync_response(member.awaiting_sync.version, error=error))
            member.awaiting_sync = None
        group.remove(member.member_id)

    def expire_member_heartbeat(self, group: ClassicGroup, member_id: str) -> None:
        if member_id in group.pending_members:
            log.info("group.pending_member_expired", group=group.group_id, member=member_id)
            group.remove(member_id)
            if group.is_in(S.PREPARING_REBALANCE) and group.has_all_members_joined():
                self.complete_join(group)
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
        self.remove_member_and_update_group(group, member, f"removing member {member_id} on heartbeat expiration")

    def remove_member_and_update_group(self, group: ClassicGroup, member: Member, reason: str) -> None:
        """B-HB-3: expiry rebalances Stable/CompletingRebalance, re-checks PreparingRebalance."""
        self.drop_member(group, member, E.UNKNOWN_MEMBER_ID)
        if group.is_in(S.STABLE, S.COMPLETING_REBALANCE):
            self.maybe_prepare_rebalance_or_complete_join(group, reason)
        elif group.is_in(S.PREPARING_REBALANCE) and group.has_all_members_joined():
            self.complete_join(group)

    def remove_pending_sync_member(self, group: ClassicGroup, member_id: str) -> None:
        group.pending_sync_members.discard(member_id)
        if not group.is_in(S.COMPLETING_REBALANCE, S.STABLE) or group.has_received_sync_from_all():
            self.ctx.cancel(sync_key(group.group_id))
