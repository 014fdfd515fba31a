"""The share coordinator shard: Kafka's ShareCoordinatorShard, sans-I/O.

It keeps the state of every share-partition key (group, topic id, partition) of the `__share_group_state`
partitions this broker owns: the last snapshot folded with the updates since (`ShareGroupOffset`), the
highest leader and state epochs seen, and the per-key update counter that decides between a ShareUpdate and
a new ShareSnapshot (SC-SNAP-1). Each operation takes one key's request in Kafka's shape and returns a
`CoordinatorResult`: at most one record (SC-LOG-1), applied at once through `replay` (the code a load runs, so
memory and log cannot drift apart), and the answer for its token, which the runtime releases once the record
is durable. One shard object serves every partition, as the transaction coordinator's does; a key's
partition is `abs(javaStringHash("group:topicId:partition")) % numPartitions` (SC-TOP-1).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

import structlog

from kaflite.clock import Clock, SystemClock
from kaflite.coordinator.partitioner import java_string_hash_code, kafka_abs
from kaflite.coordinator_common.records import LoadedRecord, Record
from kaflite.coordinator_common.result import CoordinatorResult, TimerOp, Token
from kaflite.protocol.errors import ErrorCode
from kaflite.share_coordinator.batches import StateBatch, combine
from kaflite.share_coordinator.config import ShareCoordinatorConfig
from kaflite.share_coordinator.messages import (
    DeleteShareGroupStateRequest,
    DeleteShareGroupStateResponse,
    InitializeShareGroupStateRequest,
    InitializeShareGroupStateResponse,
    ReadShareGroupStateRequest,
    ReadShareGroupStateResponse,
    ReadShareGroupStateSummaryRequest,
    ReadShareGroupStateSummaryResponse,
    WriteShareGroupStateRequest,
    WriteShareGroupStateResponse,
)
from kaflite.share_coordinator.records import (
    SHARE_SNAPSHOT,
    ShareGroupOffset,
    SharePartitionKey,
    ShareUpdate,
    UnknownRecord,
    decode_record,
    snapshot_record,
    tombstone,
    update_record,
)

log = structlog.get_logger("kaflite.share_coordinator")

E = ErrorCode

TopicPartitions = Callable[[bytes], "int | None"]
"""The broker's metadata: the partition count of a topic id, None when no such topic exists."""

COLD_SNAPSHOT_TIMER = "share-cold-partition-snapshot"  # SC-HK-1

# Kafka's texts (ShareCoordinatorShard's exceptions; Errors' default messages where it passes none).
NULL_TOPIC_ID = "The topic id cannot be null."
NEGATIVE_PARTITION_ID = "The partition id cannot be a negative number."
WRITE_UNINITIALIZED_SHARE_PARTITION = "Write operation on uninitialized share partition not allowed."
READ_UNINITIALIZED_SHARE_PARTITION = "Read operation on uninitialized share partition not allowed."
ERROR_MESSAGES = {
    E.UNKNOWN_TOPIC_OR_PARTITION: "This server does not host this topic-partition.",
    E.COORDINATOR_LOAD_IN_PROGRESS: "The coordinator is loading and hence can't process requests.",
    E.COORDINATOR_NOT_AVAILABLE: "The coordinator is not available.",
    E.NOT_COORDINATOR: "This is not the correct coordinator.",
    E.FENCED_LEADER_EPOCH: "The leader epoch in the request is older than the epoch on the broker.",
    E.FENCED_STATE_EPOCH: "The share coordinator rejected the request because the share-group state epoch did not "
                          "match.",
}

# ReadShareGroupStateSummary of a key never initialized (PartitionFactory's defaults, SC-SUM-1).
UNINITIALIZED_START_OFFSET = -1
UNINITIALIZED_DELIVERY_COMPLETE_COUNT = -1
DEFAULT_LEADER_EPOCH = 0
DEFAULT_STATE_EPOCH = 0


def error_message(error: ErrorCode) -> str:
    """Kafka's default message for `error` (Errors.message()), for the codes the share coordinator answers."""
    return ERROR_MESSAGES.get(error, error.name)


def share_partition_for(key: SharePartitionKey, num_partitions: int) -> int:
    """SC-TOP-1: `abs(javaStringHash(group:topicId:partition)) % numPartitions` (Kafka's
    ShareCoordinatorService.partitionFor)."""
    return kafka_abs(java_string_hash_code(key.coordinator_key())) % num_partitions


class PartitionStatus(Enum):
    NOT_OWNED = "not-owned"
    LOADING = "loading"
    ACTIVE = "active"


@dataclass(slots=True)
class KeyState:
    """What the shard holds for one key: Kafka's shareStateMap, leaderEpochMap, stateEpochMap and
    snapshotUpdateCount entries (the last two may be absent: None)."""

    partition: int
    offset: ShareGroupOffset
    leader_epoch: int  # the highest seen in any record of the key
    state_epoch: int | None  # the highest seen in a ShareSnapshot; None until one is replayed
    updates: int | None  # SC-SNAP-1's counter; None until the first ShareUpdate


class _Reject(Exception):
    """Control flow inside one operation: the error (and message) to answer, nothing written."""

    def __init__(self, error: ErrorCode, message: str | None = None) -> None:
        self.error, self.message = error, message if message is not None else error_message(error)


class ShareCoordinatorShard:
    """Every share-partition key of the `__share_group_state` partitions this broker owns.

    `partitions` start ACTIVE (pure tests); otherwise a partition is not owned until the runtime loads it
    (`begin_load`, `replay`..., `complete_load`). `topic_partitions` is the broker's metadata: the checks
    that answer UNKNOWN_TOPIC_OR_PARTITION ask it.
    """

    def __init__(self, config: ShareCoordinatorConfig, topic_partitions: TopicPartitions, clock: Clock | None = None,
                 *, partitions: Iterable[int] = ()) -> None:
        self.config = config
        self.topic_partitions = topic_partitions
        self.clock: Clock = clock or SystemClock()
        self.keys: dict[SharePartitionKey, KeyState] = {}
        self.timers: dict[str, int] = {}
        self._status: dict[int, PartitionStatus] = dict.fromkeys(partitions, PartitionStatus.ACTIVE)
        self._warned: set[str] = set()

    # ================================================================== partitions and loading
    def partition_for(self, key: SharePartitionKey) -> int:
        return share_partition_for(key, self.config.share_coordinator_state_topic_num_partitions)

    def partition_status(self, partition: int) -> PartitionStatus:
        return self._status.get(partition, PartitionStatus.NOT_OWNED)

    def _drop_partition(self, partition: int) -> None:
        for key in [k for k, s in self.keys.items() if s.partition == partition]:
            del self.keys[key]

    def begin_load(self, partition: int) -> None:
        """Forget the partition's keys; its requests answer COORDINATOR_LOAD_IN_PROGRESS until `complete_load`."""
        self._drop_partition(partition)
        self._status[partition] = PartitionStatus.LOADING

    def complete_load(self, partition: int) -> CoordinatorResult:
        """The partition serves (SC-RP-1); the cold-snapshot task runs while any partition is owned (SC-HK-1)."""
        self._status[partition] = PartitionStatus.ACTIVE
        out = CoordinatorResult()
        interval = self.config.share_coordinator_cold_partition_snapshot_interval_ms
        if interval > 0 and COLD_SNAPSHOT_TIMER not in self.timers:
            self._arm(out, COLD_SNAPSHOT_TIMER, self.clock.now_ms() + interval)
        loaded = sum(1 for s in self.keys.values() if s.partition == partition)
        log.log(logging.INFO if loaded else logging.DEBUG, "share_coordinator.loaded", partition=partition,
                keys=loaded)
        return out

    def unload(self, partition: int) -> CoordinatorResult:
        """Lost ownership, or an append failed: forget the partition (a reload rebuilds it from the log)."""
        self._drop_partition(partition)
        self._status.pop(partition, None)
        return CoordinatorResult()

    # ================================================================== replay (SC-RP-1)
    def replay(self, key: bytes, value: bytes | None) -> None:
        """Apply one `__share_group_state` record, live and at load. Unknown types and versions are skipped
        with a warning (Kafka swallows UnsupportedVersionException)."""
        try:
            record_type, spk, v = decode_record(key, value)
        except UnknownRecord as exc:
            self._warn_once(str(exc))
            return
        if record_type == SHARE_SNAPSHOT:
            if v is None:  # the tombstone: the key and its counters are forgotten
                self.keys.pop(spk, None)
                return
            assert isinstance(v, ShareGroupOffset)
            state = self.keys.get(spk)
            if state is None:
                self.keys[spk] = KeyState(self.partition_for(spk), v, v.leader_epoch, v.state_epoch, None)
                return
            state.leader_epoch = max(state.leader_epoch, v.leader_epoch)
            state.state_epoch = v.state_epoch if state.state_epoch is None else max(state.state_epoch, v.state_epoch)
            state.offset = v  # the complete snapshot
            if state.updates is not None and state.updates >= self._updates_per_snapshot:
                state.updates = 0
            return
        if not isinstance(v, ShareUpdate):  # a ShareUpdate tombstone: Kafka never writes one
            self._warn_once(f"__share_group_state ShareUpdate with a null value for {spk}")
            return
        state = self.keys.get(spk)
        if state is None:  # a delta with no snapshot before it: taken as it is
            offset = ShareGroupOffset(v.snapshot_epoch, 0, v.leader_epoch, v.start_offset, v.delivery_complete_count,
                                      v.state_batches, 0, 0)
            self.keys[spk] = KeyState(self.partition_for(spk), offset, v.leader_epoch, None, 0)
            return
        state.leader_epoch = max(state.leader_epoch, v.leader_epoch)
        cur = state.offset
        start = cur.start_offset if v.start_offset == -1 else v.start_offset
        state.offset = ShareGroupOffset(
            cur.snapshot_epoch, cur.state_epoch, cur.leader_epoch if v.leader_epoch == -1 else v.leader_epoch, start,
            v.delivery_complete_count, tuple(combine(cur.state_batches, v.state_batches, start)),
            cur.create_timestamp, cur.write_timestamp)
        state.updates = 0 if state.updates is None else state.updates + 1

    def replay_loaded(self, partition: int, record: LoadedRecord) -> None:
        """`__share_group_state` holds plain records only: a transactional batch or a marker there is damage
        (the runtime skips it with a warning and the load goes on)."""
        raise ValueError(f"unexpected {type(record).__name__} in __share_group_state-{partition}")

    def _warn_once(self, what: str) -> None:
        if what not in self._warned:
            self._warned.add(what)
            log.warning("share_coordinator.record_skipped", reason=what, action="skipped")

    @property
    def _updates_per_snapshot(self) -> int:
        return self.config.share_coordinator_snapshot_update_records_per_snapshot

    # ================================================================== observability
    def state(self, key: SharePartitionKey) -> ShareGroupOffset | None:
        s = self.keys.get(key)
        return None if s is None else s.offset

    def state_snapshot(self) -> dict[SharePartitionKey, tuple[object, ...]]:
        """Everything the records hold, per key: a replay of the log must rebuild exactly this."""
        return {k: (s.partition, s.offset, s.leader_epoch, s.state_epoch, s.updates)
                for k, s in sorted(self.keys.items(), key=lambda kv: (kv[0].group_id, kv[0].topic_id or b"",
                                                                      kv[0].partition))}

    # ================================================================== helpers of the operations
    def _emit(self, out: CoordinatorResult, partition: int, record: Record) -> None:
        """Append `record` to the result and apply it now, by the code a load runs."""
        out.records.setdefault(partition, []).append(record)
        self.replay(*record)

    def _arm(self, out: CoordinatorResult, key: str, deadline: int) -> None:
        self.timers[key] = deadline
        out.timers.append(TimerOp(key, deadline))

    def _begin(self, group_id: str, topic_id: bytes | None, partition: int) -> tuple[SharePartitionKey, int]:
        """The key and its `__share_group_state` partition; NOT_COORDINATOR / LOAD_IN_PROGRESS unless it is
        served here (Kafka's runtime answers those before the shard runs)."""
        key = SharePartitionKey(group_id, topic_id, partition)
        p = self.partition_for(key)
        status = self.partition_status(p)
        if status is PartitionStatus.NOT_OWNED:
            raise _Reject(E.NOT_COORDINATOR)
        if status is PartitionStatus.LOADING:
            raise _Reject(E.COORDINATOR_LOAD_IN_PROGRESS)
        return key, p

    @staticmethod
    def _check_key(key: SharePartitionKey) -> None:
        if key.topic_id is None:
            raise _Reject(E.INVALID_REQUEST, NULL_TOPIC_ID)
        if key.partition < 0:
            raise _Reject(E.INVALID_REQUEST, NEGATIVE_PARTITION_ID)

    def _check_topic(self, key: SharePartitionKey) -> None:
        assert key.topic_id is not None
        count = self.topic_partitions(key.topic_id)
        if count is None or count <= key.partition:
            raise _Reject(E.UNKNOWN_TOPIC_OR_PARTITION)

    def _state_record(self, key: SharePartitionKey, state: KeyState, start_offset: int, delivery_complete_count: int,
                      batches: Iterable[StateBatch], leader_epoch: int = -1) -> Record:
        """SC-SNAP-1: a ShareUpdate, or a ShareSnapshot once the key has had N updates since its last one
        (ShareCoordinatorShard.generateShareStateRecord). `leader_epoch` -1 keeps the stored one."""
        cur = state.offset
        leader = cur.leader_epoch if leader_epoch == -1 else leader_epoch
        if (state.updates or 0) >= self._updates_per_snapshot:
            now = self.clock.now_ms()
            start = cur.start_offset if start_offset == -1 else start_offset
            return snapshot_record(key, ShareGroupOffset(
                cur.snapshot_epoch + 1, cur.state_epoch, leader, start, delivery_complete_count,
                tuple(combine(cur.state_batches, batches, start)), now, now))
        return update_record(key, ShareUpdate(cur.snapshot_epoch, leader, start_offset, delivery_complete_count,
                                              tuple(combine((), batches, start_offset))))

    # ================================================================== operations
    def initialize_state(self, request: InitializeShareGroupStateRequest, token: Token) -> CoordinatorResult:
        """SC-INIT-1: a full reset of one key: a ShareSnapshot {SnapshotEpoch + 1 (0 if new), the requested
        StateEpoch and StartOffset, LeaderEpoch 0, no batches}."""
        topic = request.topics[0]
        pd = topic.partitions[0]
        R = InitializeShareGroupStateResponse
        out = CoordinatorResult()
        try:
            key, p = self._begin(request.group_id, topic.topic_id, pd.partition)
            out.partitions.add(p)
            self._check_key(key)
            state = self.keys.get(key)
            if (pd.state_epoch != -1 and state is not None and state.state_epoch is not None
                    and state.state_epoch > pd.state_epoch):
                raise _Reject(E.FENCED_STATE_EPOCH)
            self._check_topic(key)
            now = self.clock.now_ms()
            self._emit(out, p, snapshot_record(key, ShareGroupOffset(
                0 if state is None else state.offset.snapshot_epoch + 1, pd.state_epoch, 0, pd.start_offset,
                UNINITIALIZED_DELIVERY_COMPLETE_COUNT, (), now, now)))
            result = R.PartitionResult(partition=pd.partition)
        except _Reject as r:
            result = R.PartitionResult(partition=pd.partition, error_code=r.error, error_message=r.message)
        out.responses.append((token, R(results=[R.InitializeStateResult(topic_id=topic.topic_id,
                                                                        partitions=[result])])))
        return out

    def write_state(self, request: WriteShareGroupStateRequest, token: Token) -> CoordinatorResult:
        """SC-WRITE-1: checks in Kafka's order (an error writes nothing), then one ShareUpdate or ShareSnapshot."""
        topic = request.topics[0]
        pd = topic.partitions[0]
        R = WriteShareGroupStateResponse
        out = CoordinatorResult()
        try:
            key, p = self._begin(request.group_id, topic.topic_id, pd.partition)
            out.partitions.add(p)
            self._check_key(key)
            state = self.keys.get(key)
            if state is None:
                raise _Reject(E.INVALID_REQUEST, WRITE_UNINITIALIZED_SHARE_PARTITION)
            if pd.leader_epoch != -1 and state.leader_epoch > pd.leader_epoch:
                log.error("share_coordinator.write_fenced_leader_epoch", key=key.coordinator_key(),
                          current=state.leader_epoch, requested=pd.leader_epoch)
                raise _Reject(E.FENCED_LEADER_EPOCH)
            if pd.state_epoch != -1 and state.state_epoch is not None and state.state_epoch > pd.state_epoch:
                log.info("share_coordinator.write_fenced_state_epoch", key=key.coordinator_key(),
                         current=state.state_epoch, requested=pd.state_epoch)
                raise _Reject(E.FENCED_STATE_EPOCH)
            self._check_topic(key)
            self._emit(out, p, self._state_record(key, state, pd.start_offset, pd.delivery_complete_count,
                                                  pd.state_batches))
            result = R.PartitionResult(partition=pd.partition)
        except _Reject as r:
            result = R.PartitionResult(partition=pd.partition, error_code=r.error, error_message=r.message)
        out.responses.append((token, R(results=[R.WriteStateResult(topic_id=topic.topic_id, partitions=[result])])))
        return out

    def read_state(self, request: ReadShareGroupStateRequest, token: Token) -> CoordinatorResult:
        """SC-READ-1 (readStateAndMaybeUpdateLeaderEpoch): the key's StateEpoch, StartOffset and batches; a
        read with a new leader epoch also writes one record carrying it (and no batches)."""
        topic = request.topics[0]
        pd = topic.partitions[0]
        R = ReadShareGroupStateResponse
        out = CoordinatorResult()
        try:
            key, p = self._begin(request.group_id, topic.topic_id, pd.partition)
            out.partitions.add(p)
            self._check_key(key)
            state = self.keys.get(key)
            if state is None:
                raise _Reject(E.INVALID_REQUEST, READ_UNINITIALIZED_SHARE_PARTITION)
            if state.leader_epoch > pd.leader_epoch:
                raise _Reject(E.FENCED_LEADER_EPOCH)
            self._check_topic(key)
            cur = state.offset
            result = R.PartitionResult(partition=pd.partition, state_epoch=cur.state_epoch,
                                       start_offset=cur.start_offset, state_batches=list(cur.state_batches))
            if pd.leader_epoch != -1 and state.leader_epoch != pd.leader_epoch:
                log.info("share_coordinator.read_new_leader_epoch", key=key.coordinator_key(),
                         leader_epoch=pd.leader_epoch)
                self._emit(out, p, self._state_record(key, state, cur.start_offset, cur.delivery_complete_count, (),
                                                      leader_epoch=pd.leader_epoch))
        except _Reject as r:
            result = R.PartitionResult(partition=pd.partition, error_code=r.error, error_message=r.message)
        out.responses.append((token, R(results=[R.ReadStateResult(topic_id=topic.topic_id, partitions=[result])])))
        return out

    def read_state_summary(self, request: ReadShareGroupStateSummaryRequest, token: Token) -> CoordinatorResult:
        """SC-SUM-1: StartOffset, DeliveryCompleteCount, LeaderEpoch, StateEpoch; PartitionFactory's defaults
        for a key never initialized (answered NONE)."""
        topic = request.topics[0]
        pd = topic.partitions[0]
        R = ReadShareGroupStateSummaryResponse
        out = CoordinatorResult()
        try:
            key, p = self._begin(request.group_id, topic.topic_id, pd.partition)
            out.partitions.add(p)
            self._check_key(key)
            self._check_topic(key)
            state = self.keys.get(key)
            if state is None:
                result = R.PartitionResult(
                    partition=pd.partition, start_offset=UNINITIALIZED_START_OFFSET,
                    delivery_complete_count=UNINITIALIZED_DELIVERY_COMPLETE_COUNT, leader_epoch=DEFAULT_LEADER_EPOCH,
                    state_epoch=DEFAULT_STATE_EPOCH)
            else:
                cur = state.offset
                result = R.PartitionResult(
                    partition=pd.partition, start_offset=cur.start_offset,
                    delivery_complete_count=cur.delivery_complete_count, leader_epoch=cur.leader_epoch,
                    state_epoch=cur.state_epoch)
        except _Reject as r:
            result = R.PartitionResult(partition=pd.partition, error_code=r.error, error_message=r.message)
        out.responses.append((token, R(results=[R.ReadStateSummaryResult(topic_id=topic.topic_id,
                                                                         partitions=[result])])))
        return out

    def delete_state(self, request: DeleteShareGroupStateRequest, token: Token) -> CoordinatorResult:
        """SC-DEL-1: the key's tombstone; a key never initialized answers NONE and writes nothing."""
        topic = request.topics[0]
        pd = topic.partitions[0]
        R = DeleteShareGroupStateResponse
        out = CoordinatorResult()
        try:
            key, p = self._begin(request.group_id, topic.topic_id, pd.partition)
            out.partitions.add(p)
            self._check_key(key)
            self._check_topic(key)
            if key in self.keys:
                self._emit(out, p, tombstone(key))
            else:
                log.warning("share_coordinator.delete_unknown_key", key=key.coordinator_key())
            result = R.PartitionResult(partition=pd.partition)
        except _Reject as r:
            result = R.PartitionResult(partition=pd.partition, error_code=r.error, error_message=r.message)
        out.responses.append((token, R(results=[R.DeleteStateResult(topic_id=topic.topic_id, partitions=[result])])))
        return out

    def delete_topics(self, topic_ids: Iterable[bytes]) -> CoordinatorResult:
        """SC-DEL-2 (maybeCleanupShareState): deleted topics' keys, in the partitions served here, are tombstoned."""
        out = CoordinatorResult()
        deleted = set(topic_ids)
        if not deleted:
            return out
        doomed = sorted((k for k, s in self.keys.items()
                         if k.topic_id in deleted and self.partition_status(s.partition) is PartitionStatus.ACTIVE),
                        key=lambda k: (k.group_id, k.topic_id or b"", k.partition))
        for key in doomed:
            self._emit(out, self.keys[key].partition, tombstone(key))
        return out

    # ================================================================== housekeeping (SC-HK-1)
    def snapshot_cold_partitions(self, now_ms: int | None = None) -> CoordinatorResult:
        """Per served partition: unless every key there already had a cold snapshot (create ≠ write timestamp),
        each key whose last snapshot is older than the interval gets a fresh one (SnapshotEpoch + 1, write
        timestamp now). Replay gives the same state either way; it bounds what a later prune must keep."""
        now = self.clock.now_ms() if now_ms is None else now_ms
        interval = self.config.share_coordinator_cold_partition_snapshot_interval_ms
        out = CoordinatorResult()
        by_partition: dict[int, list[tuple[SharePartitionKey, KeyState]]] = {}
        for k, s in self.keys.items():
            if self.partition_status(s.partition) is PartitionStatus.ACTIVE:
                by_partition.setdefault(s.partition, []).append((k, s))
        for p, entries in sorted(by_partition.items()):
            if all(s.offset.create_timestamp != s.offset.write_timestamp for _, s in entries):
                continue  # quiet: every key was cold-snapshotted already
            for key, s in entries:
                cur = s.offset
                if now - cur.write_timestamp >= interval:
                    self._emit(out, p, snapshot_record(key, ShareGroupOffset(
                        cur.snapshot_epoch + 1, cur.state_epoch, cur.leader_epoch, cur.start_offset,
                        cur.delivery_complete_count, cur.state_batches, cur.create_timestamp, now)))
        return out

    def timer_deadline(self, key: str) -> int | None:
        return self.timers.get(key)

    def on_timer(self, key: str, now_ms: int | None = None) -> CoordinatorResult:
        """A timer fired: run it unless stale (not due, or unknown); the cold-snapshot task re-arms itself."""
        now = self.clock.now_ms() if now_ms is None else now_ms
        deadline = self.timers.get(key)
        if deadline is None or deadline > now:
            return CoordinatorResult()
        del self.timers[key]
        if key != COLD_SNAPSHOT_TIMER:
            return CoordinatorResult()
        out = self.snapshot_cold_partitions(now)
        self._arm(out, COLD_SNAPSHOT_TIMER, now + self.config.share_coordinator_cold_partition_snapshot_interval_ms)
        return out
