"""Partition leadership across the brokers of one kaflite: Kafka's ``ReplicationControlManager`` in miniature.

Every broker of the cluster holds every partition (one data directory): a partition's replicas are all the
brokers, in a preferred order that starts at a place fixed by the topic's name and the partition, so leaders are
spread over the brokers as Kafka's placer spreads them. Its first replica is its preferred leader. Until something
moves it, a partition is led by its preferred leader at leader epoch 0: nothing is written for that. A move (a
leader moved on purpose, a broker stopped or started, a preferred-leader election) is a ``PartitionChangeRecord``
naming the new leader; applying one bumps the partition's leader epoch, as Kafka's controller does.

Decisions return the records they imply; nothing changes until the caller has committed them and ``apply``\\ s
them (the broker: ``kaflite.broker.cluster_metadata``), so replay and live operation take the same path. Which
brokers are alive is not persisted: a restarted kaflite starts every broker.

With one broker, every partition is led by it at epoch 0, exactly as before several brokers existed.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import PartitionChangeRecord

#: A partition whose every replica is down has no leader (Kafka's ``LeaderConstants.NO_LEADER``).
NO_LEADER = -1
#: ``PartitionChangeRecord.leader``'s "the leader did not change".
LEADER_UNCHANGED = -2
#: A leader epoch the request does not check (``RecordBatch.NO_PARTITION_LEADER_EPOCH``).
NO_EPOCH = -1


@dataclass(frozen=True, slots=True)
class PartitionRef:
    """A partition that exists: its topic's id (what the records name) and name (what placement uses)."""

    topic_id: bytes
    topic: str
    partition: int


@dataclass(frozen=True, slots=True)
class Leadership:
    """A partition as Metadata describes it: leader, leader epoch, replicas (preferred order), in-sync and
    offline replicas (the live and the stopped brokers)."""

    leader: int
    leader_epoch: int
    replicas: tuple[int, ...]
    isr: tuple[int, ...]
    offline: tuple[int, ...]


class UnknownBroker(ValueError):
    """A node id that is not one of the cluster's brokers."""


class BrokerDown(ValueError):
    """A move onto a broker that is stopped."""


class ReplicationControl:
    """The cluster's brokers, which of them are alive, and who leads each partition at which epoch."""

    def __init__(self, node_ids: Sequence[int]) -> None:
        if not node_ids:
            raise ValueError("a cluster has at least one broker")
        self.node_ids: tuple[int, ...] = tuple(node_ids)
        self._live: set[int] = set(node_ids)
        # (topic id, partition) -> (leader, leader epoch), for the partitions a record moved; the rest are led by
        # their preferred leader at epoch 0.
        self._moved: dict[tuple[bytes, int], tuple[int, int]] = {}

    # -- what is true now ------------------------------------------------------------------------------

    def is_live(self, node_id: int) -> bool:
        return node_id in self._live

    @property
    def any_moved(self) -> bool:
        """Whether any partition has left its placement's leader at epoch 0 (a one-broker cluster that never
        had more: no)."""
        return bool(self._moved)

    def live_nodes(self) -> list[int]:
        """The running brokers, by node id (what Metadata and DescribeCluster list)."""
        return [n for n in self.node_ids if n in self._live]

    def controller_id(self) -> int:
        """The node Metadata and DescribeCluster report as the controller: the lowest live node id (a KRaft
        cluster reports one of its live brokers); -1 when every broker is stopped."""
        live = self.live_nodes()
        return min(live) if live else -1

    def preferred_replicas(self, topic: str, partition: int) -> tuple[int, ...]:
        """Every broker, starting at the partition's preferred leader: a start fixed by the topic's name, then one
        broker further per partition (round robin, as Kafka's placer after its random start)."""
        ids = self.node_ids
        start = (zlib.crc32(topic.encode()) + partition) % len(ids)
        return ids[start:] + ids[:start]

    def leadership(self, ref: PartitionRef) -> Leadership:
        replicas = self.preferred_replicas(ref.topic, ref.partition)
        leader, epoch = self._moved.get((ref.topic_id, ref.partition), (replicas[0], 0))
        return Leadership(leader=leader, leader_epoch=epoch, replicas=replicas,
                          isr=tuple(n for n in replicas if n in self._live),
                          offline=tuple(n for n in replicas if n not in self._live))

    def leader(self, ref: PartitionRef) -> int:
        return self.leader_and_epoch(ref)[0]

    def leader_and_epoch(self, ref: PartitionRef) -> tuple[int, int]:
        """The partition's leader and leader epoch (what every leader-only request checks)."""
        moved = self._moved.get((ref.topic_id, ref.partition))
        if moved is not None:
            return moved
        return self.preferred_replicas(ref.topic, ref.partition)[0], 0

    # -- records ---------------------------------------------------------------------------------------

    def apply(self, record: Any) -> None:
        """Take a committed (or replayed) record: a PartitionChangeRecord naming a leader moves the partition and
        bumps its leader epoch; other metadata records are not this image's."""
        if not isinstance(record, PartitionChangeRecord) or record.leader == LEADER_UNCHANGED:
            return
        key = (bytes(record.topic_id), record.partition_id)
        _, epoch = self._moved.get(key, (NO_LEADER, 0))
        self._moved[key] = (record.leader, epoch + 1)

    def forget_topic(self, topic_id: bytes) -> None:
        """A deleted topic's moves are dropped (its id is never reused)."""
        for key in [k for k in self._moved if k[0] == topic_id]:
            del self._moved[key]

    # -- decisions: each returns the records it implies -------------------------------------------------

    def move_leader(self, ref: PartitionRef, node_id: int) -> list[PartitionChangeRecord]:
        """Make ``node_id`` the partition's leader (nothing if it already is)."""
        self._check_target(node_id)
        if self.leader(ref) == node_id:
            return []
        return [self._change(ref, node_id)]

    def stop_broker(self, node_id: int, partitions: Iterable[PartitionRef]) -> list[PartitionChangeRecord]:
        """The broker is stopped: it leaves the live set now, and each partition it led moves to its first live
        replica in preferred order (no leader if none is left), as Kafka's controller does when a broker's
        session ends."""
        self._check_known(node_id)
        self._live.discard(node_id)
        return [self._change(ref, self._first_live(ref)) for ref in partitions if self.leader(ref) == node_id]

    def start_broker(self, node_id: int, partitions: Iterable[PartitionRef]) -> list[PartitionChangeRecord]:
        """The broker is running again, leading nothing -- except partitions left without a live leader, which it
        takes (Kafka elects an offline partition's leader as soon as a replica returns)."""
        self._check_known(node_id)
        self._live.add(node_id)
        return self.reconcile(partitions)

    def reconcile(self, partitions: Iterable[PartitionRef]) -> list[PartitionChangeRecord]:
        """Every partition whose leader is not a live broker of this cluster (a new topic placed while a broker is
        stopped, a restart with fewer brokers, a partition offline) gets its first live replica."""
        out = []
        for ref in partitions:
            if self.leader(ref) not in self._live:
                leader = self._first_live(ref)
                if leader != NO_LEADER:
                    out.append(self._change(ref, leader))
        return out

    def elect_preferred(self, ref: PartitionRef) -> tuple[ErrorCode, list[PartitionChangeRecord]]:
        """ElectLeaders (PREFERRED): the preferred leader takes the partition back, if it is alive and not
        already leading (Kafka's ``ELECTION_NOT_NEEDED`` / ``PREFERRED_LEADER_NOT_AVAILABLE`` otherwise)."""
        preferred = self.preferred_replicas(ref.topic, ref.partition)[0]
        if self.leader(ref) == preferred:
            return ErrorCode.ELECTION_NOT_NEEDED, []
        if preferred not in self._live:
            return ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE, []
        return ErrorCode.NONE, [self._change(ref, preferred)]

    # -- KIP-320 ---------------------------------------------------------------------------------------

    @staticmethod
    def check_leader_epoch(current: int, requested: int) -> ErrorCode:
        """A request's current leader epoch against the partition's (Kafka's ``Partition.getLocalLog``): not given
        passes; older is FENCED_LEADER_EPOCH (the client's metadata is stale), newer UNKNOWN_LEADER_EPOCH (this
        broker's is)."""
        if requested in (NO_EPOCH, current):
            return ErrorCode.NONE
        return ErrorCode.FENCED_LEADER_EPOCH if requested < current else ErrorCode.UNKNOWN_LEADER_EPOCH

    # -- helpers ---------------------------------------------------------------------------------------

    def _change(self, ref: PartitionRef, leader: int) -> PartitionChangeRecord:
        replicas = self.preferred_replicas(ref.topic, ref.partition)
        isr = [n for n in replicas if n in self._live]
        return PartitionChangeRecord(partition_id=ref.partition, topic_id=ref.topic_id, leader=leader, isr=isr)

    def _first_live(self, ref: PartitionRef) -> int:
        return next((n for n in self.preferred_replicas(ref.topic, ref.partition) if n in self._live), NO_LEADER)

    def _check_known(self, node_id: int) -> None:
        if node_id not in self.node_ids:
            raise UnknownBroker(f"broker {node_id} is not one of this cluster's brokers "
                                f"({', '.join(map(str, self.node_ids))})")

    def _check_target(self, node_id: int) -> None:
        self._check_known(node_id)
        if node_id not in self._live:
            raise BrokerDown(f"broker {node_id} is stopped")
