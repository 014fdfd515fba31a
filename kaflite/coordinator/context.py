"""What an operation of the shard may do, shared by every group type and the offset store.

One `ShardContext` per shard holds the state they share -- the groups of every type, the owned
`__consumer_offsets` partitions, the timers, the group histories -- and the result of the
operation under way: read the clock, answer a token, append a record (applied through the shard's
replay at once, so live operation and loading run the same code), arm or cancel a timer, publish
a transition. Nothing here knows a group type or a request.
"""

from __future__ import annotations

import logging
from bisect import bisect_left
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import structlog

from kaflite.clock import Clock
from kaflite.coordinator.config import GroupCoordinatorConfig
from kaflite.coordinator.group import Group, Transition, TransitionListener
from kaflite.coordinator.partitioner import partition_for
from kaflite.coordinator.records import ProducerIdAndEpoch
from kaflite.coordinator.result import CoordinatorResult, RequestContext, TimerOp, Token
from kaflite.protocol.errors import ErrorCode

log = structlog.get_logger("kaflite.coordinator")

EXPIRE_OFFSETS = "expire-offsets"


class PartitionStatus(Enum):
    NOT_OWNED = "not-owned"
    LOADING = "loading"
    ACTIVE = "active"


def expire_offsets_key(partition: int) -> str:
    return f"{EXPIRE_OFFSETS}-{partition}"


@dataclass(slots=True)
class Timer:
    """A keyed timer (Kafka's `CoordinatorTimer`): its kind picks the handler when it fires."""

    deadline_ms: int
    kind: str
    group_id: str | None
    args: tuple[Any, ...]


#: Histories of groups that no longer exist (deleted or unloaded) kept, most recent first.
RETIRED_HISTORIES = 1_000

#: Upper bounds (ms) of the rebalance-duration buckets; the last bucket is everything above.
REBALANCE_MS_BUCKETS = (50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000, 300_000)
_REBALANCING = frozenset({"PreparingRebalance", "CompletingRebalance", "Assigning", "Reconciling"})


class ShardMetrics:
    """Kafka's ``GroupCoordinatorMetricsShard`` sensors as plain counters, bumped where Kafka records them.

    Why here: the shard is where commits, expirations and epoch bumps are decided, so the counts are
    exact; plain ints cost a request an attribute increment, and ``kaflite.broker.metrics`` reads them at
    scrape time (the gauges, groups by state and offsets, are computed from the shard's state then).
    """

    __slots__ = ("classic_completed_rebalances", "consumer_group_rebalances", "offset_commits", "offset_deletions",
                 "offset_expirations", "rebalance_ms", "rebalance_started")

    def __init__(self) -> None:
        self.offset_commits = 0  # OffsetCommits: committed offsets (one per partition), TxnOffsetCommit's too
        self.offset_expirations = 0  # OffsetExpired: offsets tombstoned by the retention check (KIP-211)
        self.offset_deletions = 0  # OffsetDeletions: offsets tombstoned by OffsetDelete
        self.classic_completed_rebalances = 0  # CompletedRebalances: a classic group's leader assignment written
        self.consumer_group_rebalances = 0  # ConsumerGroupRebalances: a consumer group's epoch bumped
        # Rebalance durations by group type: a count per REBALANCE_MS_BUCKETS bucket (+ one above), then the sum.
        self.rebalance_ms: dict[str, list[int]] = {}
        self.rebalance_started: dict[str, int] = {}  # group id -> when its rebalance began (ms)

    def on_transition(self, t: Transition, group_type: str) -> None:
        """Time rebalances: from leaving Stable/Empty for a rebalancing state until Stable again."""
        to = str(t.to_state)
        if to in _REBALANCING:
            self.rebalance_started.setdefault(t.group_id, t.timestamp_ms)
            return
        started = self.rebalance_started.pop(t.group_id, None)
        if started is None or to != "Stable":
            return
        cells = self.rebalance_ms.get(group_type)
        if cells is None:
            cells = self.rebalance_ms[group_type] = [0] * (len(REBALANCE_MS_BUCKETS) + 2)
        took = max(0, t.timestamp_ms - started)
        cells[bisect_left(REBALANCE_MS_BUCKETS, took)] += 1
        cells[-1] += took


class ShardContext:
    """The shard's shared state and the plumbing of one operation (see the module docstring)."""

    def __init__(
        self,
        config: GroupCoordinatorConfig,
        clock: Clock,
        replay: Callable[[bytes, bytes | None], None],
        partitions: Iterable[int] | None,
        replay_transactional: Callable[[bytes, bytes | None, int, int], None] | None = None,
    ) -> None:
        self.config = config
        self.clock = clock
        self._replay = replay
        self._replay_transactional = replay_transactional
        self.groups: dict[str, Group] = {}
        self.histories: dict[str, deque[Transition]] = {}
        # Group ids with a history and no group (deleted, or their partition unloaded), oldest first: their
        # histories are kept for the RETIRED_HISTORIES most recent only. A test suite that uses a fresh
        # group id per test, or a fuzzer, would otherwise grow the broker by a history per id, for ever.
        self._retired: OrderedDict[str, None] = OrderedDict()
        self.timers: dict[str, Timer] = {}
        self.listeners: list[TransitionListener] = []
        self.group_removed: list[Callable[[str], None]] = []  # e.g. the offset store forgets the group
        self._all_active = partitions is None
        self.partitions: dict[int, PartitionStatus] = dict.fromkeys(partitions or (), PartitionStatus.ACTIVE)
        self._out: CoordinatorResult | None = None
        self.metrics = ShardMetrics()
        # While a request naming several groups is answered (`seen_by`): the partitions the broker it came to
        # coordinates (several brokers, issue 34); None: every partition this shard owns.
        self.coordinates: Callable[[int], bool] | None = None

    # ================================================================== partitions
    def partition_for(self, group_id: str) -> int:
        """FindCoordinator's partition function (B-FIND-1)."""
        return partition_for(group_id, self.config.offsets_topic_num_partitions)

    def partition_status(self, partition: int) -> PartitionStatus:
        if self._all_active:
            return PartitionStatus.ACTIVE
        return self.partitions.get(partition, PartitionStatus.NOT_OWNED)

    def any_loading(self) -> bool:
        """Whether a partition (of those the request's broker coordinates) is loading."""
        coordinates = self.coordinates
        return any(s is PartitionStatus.LOADING and (coordinates is None or coordinates(p))
                   for p, s in self.partitions.items())

    def coordinated(self, partition: int) -> bool:
        """Whether the broker the request came to coordinates ``partition`` (always, outside `seen_by`)."""
        coordinates = self.coordinates
        return coordinates is None or coordinates(partition)

    def seen_by(self, request: RequestContext) -> _SeenBy:
        """``with ctx.seen_by(request):`` -- an answer naming several groups (DescribeGroups, OffsetFetch v8+,
        ListGroups, ...) as the broker the request came to gives it: NOT_COORDINATOR for another broker's
        groups, as Kafka's runtime answers for a partition it does not own."""
        return _SeenBy(self, request.coordinates)

    def set_partition_status(self, partition: int, status: PartitionStatus | None) -> None:
        """Own (`status`) or disown (None) a partition, leaving "every partition is active" mode."""
        if self._all_active:
            self._all_active = False
            for p in range(self.config.offsets_topic_num_partitions):
                self.partitions[p] = PartitionStatus.ACTIVE
        if status is None:
            self.partitions.pop(partition, None)
        else:
            self.partitions[partition] = status

    def partition_error(self, group_id: str) -> ErrorCode | None:
        """NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS unless the group's partition is active (and, within
        `seen_by`, coordinated by the request's broker)."""
        partition = self.partition_for(group_id)
        status = self.partition_status(partition)
        if status is PartitionStatus.NOT_OWNED or (self.coordinates is not None and not self.coordinates(partition)):
            return ErrorCode.NOT_COORDINATOR
        if status is PartitionStatus.LOADING:
            return ErrorCode.COORDINATOR_LOAD_IN_PROGRESS
        return None

    def groups_of(self, partition: int) -> list[Group]:
        return [g for g in self.groups.values() if self.partition_for(g.group_id) == partition]

    # ================================================================== the operation under way
    def operation(self) -> _Operation:
        """One atomic state change (B-JOIN-1): everything it produces is collected in one result.

        ``with ctx.operation() as out:``; a plain context manager object rather than a generator, since
        every request runs one."""
        return _Operation(self)

    @property
    def res(self) -> CoordinatorResult:
        assert self._out is not None, "outside an operation"
        return self._out

    def now(self) -> int:
        return self.clock.now_ms()

    def respond(self, token: Token, response: object) -> None:
        self.res.responses.append((token, response))

    def append(self, group_id: str, key: bytes, value: bytes | None) -> None:
        """Produce a record for the group's partition and apply it through replay."""
        p = self.partition_for(group_id)
        self.res.records.setdefault(p, []).append((key, value))
        self.res.partitions.add(p)
        self._replay(key, value)

    def append_transactional(
        self, group_id: str, key: bytes, value: bytes | None, producer: ProducerIdAndEpoch
    ) -> None:
        """Produce a record of `producer`'s transactional batch (TX-OFF-2) and apply it through replay."""
        assert self._replay_transactional is not None, "this shard replays no transactional records"
        res = self.res
        if res.producer is None:
            res.producer = producer
        elif res.producer != producer:
            raise ValueError(f"one operation writes one producer's batch: {res.producer} and {producer}")
        p = self.partition_for(group_id)
        res.records.setdefault(p, []).append((key, value))
        res.partitions.add(p)
        self._replay_transactional(key, value, producer.producer_id, producer.producer_epoch)

    def touch(self, group_id: str) -> None:
        """The answer depends on the group's partition: it waits for that partition's earlier writes."""
        self.res.partitions.add(self.partition_for(group_id))

    def records_so_far(self) -> int:
        return sum(map(len, self.res.records.values()))

    # ================================================================== timers
    def schedule(self, key: str, delay_ms: int, kind: str, group_id: str | None, args: tuple[Any, ...]) -> None:
        deadline = self.now() + max(0, delay_ms)
        self.timers[key] = Timer(deadline, kind, group_id, args)
        self.res.timers.append(TimerOp(key, deadline))

    def cancel(self, key: str) -> None:
        if self.timers.pop(key, None) is not None and self._out is not None:
            self._out.timers.append(TimerOp(key, None))

    def schedule_expire_offsets(self, partition: int) -> None:
        self.schedule(
            expire_offsets_key(partition),
            self.config.offsets_retention_check_interval_ms,
            EXPIRE_OFFSETS,
            None,
            (partition,),
        )

    # ================================================================== groups
    def add_group(self, group: Group, initial_state: Enum, reason: str) -> deque[Transition]:
        """Register a new group; returns its history (kept across deletions of the same group id)."""
        group_id = group.group_id
        if group_id in self.groups:
            raise RuntimeError(f"group {group_id!r} exists already (as a {self.groups[group_id].group_type} group)")
        history = self.history_of(group_id)
        self._retired.pop(group_id, None)
        t = Transition(self.now(), group_id, None, initial_state, 0, 0, reason)
        history.append(t)
        self.groups[group_id] = group
        p = self.partition_for(group_id)
        status = self.partition_status(p)
        # A load creates every group of its partition: DEBUG then (the load logs the counts).
        level = logging.DEBUG if status is PartitionStatus.LOADING else logging.INFO
        log.log(level, "group.created", group=group_id, type=str(group.group_type), state=str(initial_state),
                reason=reason)
        self.publish(t)
        if self._out is not None and status is PartitionStatus.ACTIVE and expire_offsets_key(p) not in self.timers:
            self.schedule_expire_offsets(p)
        return history

    def history_of(self, group_id: str) -> deque[Transition]:
        history = self.histories.get(group_id)
        if history is None:
            history = deque(maxlen=self.config.history_size)
            self.histories[group_id] = history
        return history

    def remove_group(self, group_id: str, reason: str) -> None:
        """The group is gone (its tombstone was written or replayed): Dead, then forgotten."""
        group = self.groups.get(group_id)
        if group is None:
            return
        self.publish_transition(group.transition_to_dead(self.now(), reason))
        # Its offsets stay: they have records of their own (Kafka's OffsetMetadataManager keeps them
        # apart from the group), so a group converted to another type keeps them (CG-GRP-1).
        del self.groups[group_id]
        self._retire(group_id)
        for key, t in list(self.timers.items()):
            if t.group_id == group_id:
                self.cancel(key)

    def _retire(self, group_id: str) -> None:
        """The group is gone from memory: its history stays, among the RETIRED_HISTORIES most recent."""
        if group_id not in self.histories:
            return
        self._retired[group_id] = None
        self._retired.move_to_end(group_id)
        while len(self._retired) > RETIRED_HISTORIES:
            oldest, _ = self._retired.popitem(last=False)
            if oldest not in self.groups:
                self.histories.pop(oldest, None)

    def replace_group(self, group_id: str) -> None:
        """Drop a group that a group of another type replaces (its offsets and history stay)."""
        del self.groups[group_id]

    def forget_group(self, group_id: str) -> None:
        """Drop the group from memory only (unload, or a load rebuilding it from its record)."""
        del self.groups[group_id]
        self.metrics.rebalance_started.pop(group_id, None)
        self._retire(group_id)
        for forget in self.group_removed:
            forget(group_id)

    def drop_partition(self, partition: int) -> None:
        """Forget the partition's groups, their offsets and timers (unload, or before a reload)."""
        for group in self.groups_of(partition):
            self.forget_group(group.group_id)
        for key, t in list(self.timers.items()):
            if (t.group_id is not None and self.partition_for(t.group_id) == partition) or (
                t.kind == EXPIRE_OFFSETS and t.args[0] == partition
            ):
                del self.timers[key]
                if self._out is not None:
                    self._out.timers.append(TimerOp(key, None))

    # ================================================================== transitions
    def publish_transition(self, t: Transition) -> None:
        """Log a group's transition and tell the listeners (B-STATE-2)."""
        log.info(
            "group.transition",
            group=t.group_id,
            from_state=str(t.from_state),
            to_state=str(t.to_state),
            generation=t.generation,
            members=t.members,
            reason=t.reason,
        )
        if self._out is not None:  # live, not a load replaying the log
            group = self.groups.get(t.group_id)
            self.metrics.on_transition(t, str(group.group_type) if group is not None else "classic")
        self.publish(t)

    def publish(self, t: Transition) -> None:
        for listener in list(self.listeners):
            listener(t)


class _SeenBy:
    """`ShardContext.seen_by(request)`: the request's broker's partitions on entry, every partition again on exit."""

    __slots__ = ("coordinates", "ctx")

    def __init__(self, ctx: ShardContext, coordinates: Callable[[int], bool] | None) -> None:
        self.ctx, self.coordinates = ctx, coordinates

    def __enter__(self) -> None:
        self.ctx.coordinates = self.coordinates

    def __exit__(self, *exc_info: object) -> None:
        self.ctx.coordinates = None


class _Operation:
    """`ShardContext.operation()`: opens the result on entry, closes it on exit (even on an error)."""

    __slots__ = ("ctx",)

    def __init__(self, ctx: ShardContext) -> None:
        self.ctx = ctx

    def __enter__(self) -> CoordinatorResult:
        ctx = self.ctx
        if ctx._out is not None:
            raise RuntimeError("coordinator operations do not nest")
        out = ctx._out = CoordinatorResult()
        return out

    def __exit__(self, *exc_info: object) -> None:
        self.ctx._out = None
