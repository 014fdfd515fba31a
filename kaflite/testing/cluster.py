"""Several brokers in one kaflite, as a test drives them (issue 34): ``Broker(brokers=3)``, ``stop_broker``,
``start_broker``, ``move_leader``, ``move_coordinator`` and the waits that follow a move.

The calls are the admin endpoint's ``/cluster`` routes by the same names (``kaflite.broker.admin_cluster``): in
process they run ``AdminOps`` on the broker's loop, in a child process they go over HTTP, so a failover test
behaves the same in either mode. What they return are the views below, read from the endpoint's JSON.
"""

from __future__ import annotations

import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

TopicPartition = tuple[str, int]


@dataclass(frozen=True, slots=True)
class BrokerNode:
    """One broker as ``GET /cluster`` lists it: its first listener's address and whether it runs."""

    node_id: int
    host: str
    port: int
    state: str  # "up" or "down"

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def up(self) -> bool:
        return self.state == "up"

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> BrokerNode:
        return cls(int(d["node_id"]), str(d["host"]), int(d["port"]), str(d["state"]))


@dataclass(frozen=True, slots=True)
class Cluster:
    """``GET /cluster``: the cluster id, the controller Metadata names (-1 with every broker down), every broker."""

    cluster_id: str
    controller: int
    brokers: tuple[BrokerNode, ...]

    def broker(self, node_id: int) -> BrokerNode:
        for b in self.brokers:
            if b.node_id == node_id:
                return b
        raise KeyError(f"no broker {node_id}; brokers: {[b.node_id for b in self.brokers]}")

    @property
    def live(self) -> tuple[int, ...]:
        """The node ids of the running brokers."""
        return tuple(b.node_id for b in self.brokers if b.up)

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Cluster:
        return cls(str(d["cluster_id"]), int(d["controller"]), tuple(BrokerNode.from_json(b) for b in d["brokers"]))


@dataclass(frozen=True, slots=True)
class PartitionLeader:
    """A partition as Metadata describes it: leader (-1: none live), leader epoch, replicas in preferred order,
    in-sync and offline replicas."""

    topic: str
    partition: int
    leader: int
    leader_epoch: int
    replicas: tuple[int, ...] = ()
    isr: tuple[int, ...] = ()
    offline: tuple[int, ...] = ()

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PartitionLeader:
        return cls(str(d["topic"]), int(d["partition"]), int(d["leader"]), int(d["leader_epoch"]),
                   tuple(d.get("replicas") or ()), tuple(d.get("isr") or ()), tuple(d.get("offline") or ()))


@dataclass(frozen=True, slots=True)
class Coordinator:
    """Who coordinates a key (a group id, a transactional id): the internal partition holding it, that partition's
    leader (``node_id``; FindCoordinator's answer) and ``loaded_on``, the broker serving it once its load is done
    (None while it loads after a move: the new broker answers COORDINATOR_LOAD_IN_PROGRESS meanwhile)."""

    key: str
    key_type: str
    topic: str
    partition: int
    node_id: int
    leader_epoch: int | None
    loaded_on: int | None

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Coordinator:
        return cls(str(d["key"]), str(d["key_type"]), str(d["topic"]), int(d["partition"]), int(d["node_id"]),
                   d.get("leader_epoch"), d.get("loaded_on"))


class ClusterAPI:
    """The kit's several-broker calls over one primitive, ``_op`` (an ``AdminOps`` operation by name)."""

    def _op(self, name: str, *args: Any, timeout: float = 30.0, **kwargs: Any) -> Any:
        raise NotImplementedError

    def cluster(self) -> Cluster:
        """The brokers, their addresses and states, and the controller (``GET /cluster``)."""
        return Cluster.from_json(self._op("cluster"))

    def stop_broker(self, node_id: int) -> BrokerNode:
        """Stop one broker as if its process died: its listener and connections close, its partitions (internal
        topics' too, hence coordinators) move to live brokers. The others keep serving."""
        return BrokerNode.from_json(self._op("stop_broker", node_id, timeout=60.0))

    def start_broker(self, node_id: int) -> BrokerNode:
        """Start a stopped broker again on the same port; it leads nothing until a leader or coordinator is moved
        back to it (``move_leader``, ``move_coordinator``) or a preferred-leader election (ElectLeaders)."""
        return BrokerNode.from_json(self._op("start_broker", node_id, timeout=60.0))

    def move_leader(self, topic: str, partition: int, node_id: int) -> PartitionLeader:
        """Make broker ``node_id`` the partition's leader, at the next leader epoch; returns once the old leader has
        resigned (its clients get NOT_LEADER_OR_FOLLOWER and look the new one up)."""
        return PartitionLeader.from_json(self._op("move_leader", topic, partition, node_id, timeout=60.0))

    def move_coordinator(self, key: str, node_id: int, key_type: str = "group") -> Coordinator:
        """Make broker ``node_id`` the coordinator of ``key`` (``key_type``: "group" or "transaction"): the leader
        of the internal partition holding it moves, hence every coordinator there. Returns once the old broker has
        resigned (its parked JoinGroup/SyncGroup answered NOT_COORDINATOR); the new one answers
        COORDINATOR_LOAD_IN_PROGRESS until loaded: ``wait_for_coordinator``."""
        return Coordinator.from_json(self._op("move_coordinator", key, key_type, node_id, timeout=60.0))

    def coordinator(self, key: str, key_type: str = "group") -> Coordinator:
        return Coordinator.from_json(self._op("coordinator", key, key_type))

    def leaders(self, topic: str | None = None) -> dict[TopicPartition, PartitionLeader]:
        """Every partition's leader (of ``topic``, internal topics included without it)."""
        return {(p.topic, p.partition): p for p in map(PartitionLeader.from_json, self._op("partition_leaders", topic))}

    def leader(self, topic: str, partition: int) -> PartitionLeader:
        return self.leaders(topic)[(topic, partition)]

    def hold_coordinator_loads(self, key_type: str = "group") -> None:
        """A fault: coordinators moved from now on stay loading on their new broker, which answers
        COORDINATOR_LOAD_IN_PROGRESS (as while it replays a large log), until ``clear_faults()``."""
        self._op("hold_coordinator_loads", key_type)

    def wait_for_coordinator(self, key: str, node_id: int, key_type: str = "group",
                             timeout: float = 30.0) -> Coordinator:
        """Until the coordinator of ``key`` is loaded on broker ``node_id`` (driven by the coordinator's own
        operations); TimeoutError saying where it is instead."""
        return Coordinator.from_json(self._op("wait_for_coordinator", key, key_type, node_id, timeout,
                                              timeout=timeout + 10))

    def wait_for_leader(self, topic: str, partition: int, node_id: int, timeout: float = 30.0) -> PartitionLeader:
        """Until broker ``node_id`` leads the partition (driven by the leader moves); TimeoutError if not."""
        return PartitionLeader.from_json(self._op("wait_for_leader", topic, partition, node_id, timeout,
                                                  timeout=timeout + 10))


def free_port_range(count: int, attempts: int = 50) -> int:
    """A port P with P … P+count-1 free now: several brokers get fixed ports at their first start, so a restart
    binds every one of them again (port 0 would give brokers 2… other free ports each time)."""
    for _ in range(attempts):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            first = s.getsockname()[1]
        if first + count - 1 > 65535:
            continue
        if all(_free(port) for port in range(first, first + count)):
            return first
    raise RuntimeError(f"no {count} consecutive free ports on 127.0.0.1 after {attempts} attempts")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True
