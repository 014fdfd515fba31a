"""Who leads each partition, for the broker's handlers: ``kaflite.controller``'s decisions, committed and acted on.

A handler asks with the node id its request came in to (``RequestContext.node_id``): with one broker the answer
is always yes, and costs nothing. A move -- a leader moved on purpose, a broker stopped or started, a
preferred-leader election -- is committed to ``__cluster_metadata`` as ``PartitionChangeRecord``\\ s first (applied to
the controller's image by the commit, as at replay), then each partition's move is told to the handlers that own
something on it (the coordinators of an internal topic's partition resign on the old leader and load on the new).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Sequence

import structlog

from kaflite.broker.cluster_metadata import ClusterMetadata
from kaflite.controller.replication import NO_EPOCH, NO_LEADER, Leadership, PartitionRef, ReplicationControl
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import PartitionChangeRecord
from kaflite.storage.manager import LogManager, TopicInfo

log = structlog.get_logger("kaflite.controller")

#: Told of each partition whose leader moved, once committed: (topic, partition, old leader, new leader).
LeaderMoved = Callable[[str, int, int, int], Awaitable[None]]


class PartitionLeaders:
    """The cluster's partition leaders as the handlers see them, and the moves that change them."""

    def __init__(self, node_ids: Sequence[int], logs: LogManager, metadata: ClusterMetadata) -> None:
        self.control = ReplicationControl(node_ids)
        self.single = len(node_ids) == 1  # one broker: it leads everything, always
        self._logs = logs
        self._metadata = metadata
        metadata.register(self.control)  # the moves committed before this start
        self._topic_ids: dict[str, bytes] = {name: info.topic_id for name, info in logs.topics().items()}
        logs.add_topic_listener(self._topic_changed)
        self._moved: list[LeaderMoved] = []
        self._reconciling: set[asyncio.Task[None]] = set()  # reconciles after a topic was created

    @property
    def node_ids(self) -> tuple[int, ...]:
        return self.control.node_ids

    def on_leader_moved(self, listener: LeaderMoved) -> None:
        """``listener`` is awaited for every committed move, in registration order (the server registers the
        coordinators' handlers as it builds them)."""
        self._moved.append(listener)

    # -- questions ------------------------------------------------------------------------------------

    def ref(self, topic: str, partition: int) -> PartitionRef | None:
        """The partition, if it exists."""
        info = self._logs.topic(topic)
        if info is None or not 0 <= partition < info.partitions:
            return None
        return PartitionRef(info.topic_id, topic, partition)

    def partitions(self) -> list[PartitionRef]:
        """Every partition there is, internal topics included."""
        return [PartitionRef(info.topic_id, name, p) for name, info in self._logs.topics().items()
                for p in range(info.partitions)]

    def leadership(self, ref: PartitionRef) -> Leadership:
        return self.control.leadership(ref)

    def leader(self, topic: str, partition: int) -> int:
        """The partition's leader; -1 when it does not exist or has no live leader."""
        ref = self.ref(topic, partition)
        return -1 if ref is None else self.control.leader(ref)

    def check(self, node_id: int, topic: str, partition: int, current_leader_epoch: int = NO_EPOCH) -> ErrorCode:
        """A leader-only request (Produce, Fetch, ListOffsets, ...) for the partition at broker ``node_id``, as
        Kafka's ``Partition.getLocalLog`` judges it: the request's current leader epoch first (older:
        FENCED_LEADER_EPOCH, newer: UNKNOWN_LEADER_EPOCH; KIP-320), then NOT_LEADER_OR_FOLLOWER unless it leads.
        An unknown partition passes (the handlers' own checks answer it)."""
        if self.single and not self.control.any_moved:  # one broker, every partition at epoch 0: no lookup
            if current_leader_epoch == NO_EPOCH or current_leader_epoch == 0:
                return ErrorCode.NONE
            return self.control.check_leader_epoch(0, current_leader_epoch)
        ref = self.ref(topic, partition)
        if ref is None:
            return ErrorCode.NONE
        leader, epoch = self.control.leader_and_epoch(ref)
        error = self.control.check_leader_epoch(epoch, current_leader_epoch)
        if error != ErrorCode.NONE:
            return error
        return ErrorCode.NONE if leader == node_id else ErrorCode.NOT_LEADER_OR_FOLLOWER

    def current_leader(self, topic: str, partition: int) -> tuple[int, int]:
        """KafkaApis.getCurrentLeader's (leader id, leader epoch): -1 for a leader that is not running (or no
        such partition: (-1, -1))."""
        ref = self.ref(topic, partition)
        if ref is None:
            return NO_LEADER, NO_EPOCH
        leader, epoch = self.control.leader_and_epoch(ref)
        return (leader if self.control.is_live(leader) else NO_LEADER), epoch

    def leader_epoch(self, topic: str, partition: int) -> int:
        """The partition's leader epoch (0 for one broker, or an unknown partition)."""
        ref = self.ref(topic, partition)
        return 0 if ref is None else self.control.leader_and_epoch(ref)[1]

    def leads(self, node_id: int, topic: str, partition: int) -> bool:
        """Whether ``node_id`` leads the partition (one broker: always; an unknown partition: the handlers'
        own checks answer it, so yes)."""
        if self.single:
            return True
        ref = self.ref(topic, partition)
        return ref is None or self.control.leader(ref) == node_id

    # -- moves ----------------------------------------------------------------------------------------

    async def move_leader(self, topic: str, partition: int, node_id: int) -> None:
        """Make ``node_id`` the partition's leader; returns once the old leader has resigned (KeyError: no such
        partition; UnknownBroker/BrokerDown from the controller)."""
        ref = self.ref(topic, partition)
        if ref is None:
            raise KeyError(f"{topic}-{partition}")
        await self._commit([ref], self.control.move_leader(ref, node_id))

    async def stop_broker(self, node_id: int) -> None:
        """Its leaderships move to live brokers (the caller closes its listeners and connections)."""
        parts = self.partitions()
        await self._commit(parts, self.control.stop_broker(node_id, parts))

    async def start_broker(self, node_id: int) -> None:
        parts = self.partitions()
        await self._commit(parts, self.control.start_broker(node_id, parts))

    async def reconcile(self) -> None:
        """At start (and after a topic is created while a broker is stopped): every partition gets a live leader,
        and each log's leader-epoch checkpoint has its partition's epoch (a crash may have come between the
        commit and the checkpoint)."""
        parts = self.partitions()
        for ref in parts:
            self._record_epoch(ref)
        await self._commit(parts, self.control.reconcile(parts))

    async def elect_preferred(self, ref: PartitionRef) -> ErrorCode:
        return (await self.elect_preferred_all([ref]))[0]

    async def elect_preferred_all(self, refs: Sequence[PartitionRef]) -> list[ErrorCode]:
        """ElectLeaders (PREFERRED) over ``refs``: each partition's answer, the moves committed as one batch (as
        Kafka's controller writes one operation's records)."""
        errors, records = [], []
        for ref in refs:
            error, change = self.control.elect_preferred(ref)
            errors.append(error)
            records += change
        await self._commit(refs, records)
        return errors

    async def _commit(self, refs: Iterable[PartitionRef], records: list[PartitionChangeRecord]) -> None:
        if not records:
            return
        by_key = {(ref.topic_id, ref.partition): ref for ref in refs}
        moves = []
        for record in records:
            ref = by_key[(bytes(record.topic_id), record.partition_id)]
            moves.append((ref, self.control.leader(ref), record.leader))
        await self._metadata.commit(records)
        for ref, _, _ in moves:
            self._record_epoch(ref)
        for ref, old, new in moves:
            log.info("partition leader moved", topic=ref.topic, partition=ref.partition, old_leader=old,
                     leader=new, leader_epoch=self.control.leadership(ref).leader_epoch)
            for listener in self._moved:
                await listener(ref.topic, ref.partition, old, new)

    def _record_epoch(self, ref: PartitionRef) -> None:
        """The partition's leader (if any runs) begins its epoch at the log end: written to the log's
        leader-epoch-checkpoint (Kafka's makeLeader), unless it is already there."""
        leader, epoch = self.control.leader_and_epoch(ref)
        plog = self._logs.get_log(ref.topic, ref.partition)
        if plog is not None and leader != NO_LEADER and epoch > plog.epochs.latest_epoch:
            plog.epochs.assign(epoch, plog.log_end_offset)

    def _topic_changed(self, name: str, info: TopicInfo | None) -> None:
        if info is not None:
            self._topic_ids[name] = info.topic_id
            if len(self.control.live_nodes()) < len(self.node_ids):
                # Placed while a broker is stopped: its partitions there get live leaders, as Kafka's controller
                # never places a leader on a fenced broker. Listeners are synchronous, the commit is not.
                try:
                    loop = asyncio.get_running_loop()
                except RuntimeError:  # not on the broker's loop (a tool): the next start reconciles
                    return
                self._reconciling.add(loop.create_task(self.reconcile()))
                self._reconciling = {t for t in self._reconciling if not t.done()}
        elif name in self._topic_ids:
            self.control.forget_topic(self._topic_ids.pop(name))
