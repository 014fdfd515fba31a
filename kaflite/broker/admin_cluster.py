"""The cluster's control operations (issue 34 item 5): brokers stopped and started, leaders and coordinators moved.

One implementation for every surface that names them -- the admin endpoint's ``/cluster`` routes, the test kit
(in-process through ``AdminOps``, in a child process over HTTP), ``kaflite ctl`` and the console -- so each says
the same thing in the same words. Errors are the admin endpoint's: ``HttpError(404)`` for an unknown broker, topic,
partition or key type, ``HttpError(409)`` for a move onto a stopped broker (the controller's ``UnknownBroker`` /
``BrokerDown``, which are ``ValueError``\\ s the endpoint would otherwise answer 400).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from kaflite.broker.admin_errors import HttpError, WaitTimeout
from kaflite.broker.context import BrokerContext
from kaflite.broker.coordinator_nodes import CoordinatorNodes
from kaflite.broker.groups import KEY_TYPES, GroupHandler
from kaflite.controller.replication import BrokerDown, UnknownBroker
from kaflite.storage.errors import StartupError

#: A broker stopped or started by node id (the server's ``stop_broker`` / ``start_broker``).
BrokerAction = Callable[[int], Awaitable[None]]
MAX_WAIT_S = 600.0
MAX_MOVES = 1000  # leader moves kept for the console (a deque: the oldest go first)


def key_type_of(name: str) -> int:
    """``"group"`` → 0, ``"transaction"`` → 1 (FindCoordinator's key types; ``"share"`` → 2 too); 404 otherwise."""
    key_type = KEY_TYPES.get(str(name).strip().lower())
    if key_type is None:
        raise HttpError(404, f"unknown key type {name!r}: {' or '.join(KEY_TYPES)}")
    return key_type


class ClusterControl:
    """The brokers of this kaflite, who leads what, and the moves between them, as JSON values."""

    def __init__(self, context: BrokerContext, groups: GroupHandler, stop_broker: BrokerAction | None,
                 start_broker: BrokerAction | None) -> None:
        self.context = context
        self.groups = groups
        self._stop_broker = stop_broker
        self._start_broker = start_broker
        self._moved = asyncio.Event()  # set (and replaced) at every committed leader move: what waits wake on
        self._moves: deque[dict[str, Any]] = deque(maxlen=MAX_MOVES)  # each committed move, for the console
        context.leaders.on_leader_moved(self._leader_moved)

    # -- what is true now --------------------------------------------------------------------------------

    def cluster(self) -> dict[str, Any]:
        """``GET /cluster``: ``{"cluster_id", "controller", "brokers": [{"node_id", "host", "port", "state"}]}``;
        host and port are each broker's first listener's advertised address (what Metadata names)."""
        leaders, state = self.context.leaders, self.context.state
        brokers = []
        for node_id in leaders.node_ids:
            first = next((li for li in state.listeners if li.node_id == node_id), None)
            brokers.append({"node_id": node_id, "host": None if first is None else first.advertised_host,
                            "port": None if first is None else first.advertised_port,
                            "state": "up" if leaders.control.is_live(node_id) else "down"})
        return {"cluster_id": state.cluster_id, "controller": leaders.control.controller_id(), "brokers": brokers}

    def partition_leaders(self, topic: str | None = None) -> list[dict[str, Any]]:
        """Every partition (of ``topic``; internal topics included) with its leader, leader epoch, replicas in
        preferred order, in-sync and offline replicas, as Metadata describes them."""
        leaders = self.context.leaders
        if topic is not None and self.context.logs.topic(topic) is None:
            raise HttpError(404, f"no topic {topic!r}")
        out = []
        for ref in sorted(leaders.partitions(), key=lambda r: (r.topic, r.partition)):
            if topic is not None and ref.topic != topic:
                continue
            lead = leaders.leadership(ref)
            out.append({"topic": ref.topic, "partition": ref.partition, "leader": lead.leader,
                        "leader_epoch": lead.leader_epoch, "replicas": list(lead.replicas), "isr": list(lead.isr),
                        "offline": list(lead.offline)})
        return out

    def moves(self, topic: str | None = None, partition: int | None = None) -> list[dict[str, Any]]:
        """The leader moves committed since the endpoint started (of a topic, of one partition), oldest first:
        ``{"timestamp_ms", "topic", "partition", "old_leader", "leader", "leader_epoch"}``."""
        return [m for m in self._moves if (topic is None or m["topic"] == topic)
                and (partition is None or m["partition"] == partition)]

    def led(self) -> dict[int, dict[str, Any]]:
        """Per broker: ``{"partitions": how many it leads, "coordinators": {internal topic: {"partitions": how many
        of its partitions it leads, "loading": how many of them are still loading there}}}``."""
        out: dict[int, dict[str, Any]] = {n: {"partitions": 0, "coordinators": {}}
                                          for n in self.context.leaders.node_ids}
        internal = {nodes.topic: nodes for name in KEY_TYPES if self._serves(name) for nodes in [self._nodes(name)]}
        for p in self.partition_leaders():
            counts = out.get(p["leader"])
            if counts is None:
                continue
            counts["partitions"] += 1
            nodes = internal.get(p["topic"])
            if nodes is not None:
                held = counts["coordinators"].setdefault(p["topic"], {"partitions": 0, "loading": 0})
                held["partitions"] += 1
                held["loading"] += nodes.partition_loaded_on(p["partition"]) is None
        return out

    def coordinator(self, key: str, key_type: str = "group") -> dict[str, Any]:
        """Who coordinates ``key``: the internal partition holding it, its leader (``node_id``, -1 before the topic
        exists or with no live broker) and ``loaded_on``, the broker serving it once loaded (null while loading)."""
        kt, nodes = key_type_of(key_type), self._nodes(key_type)
        partition = nodes.partition_for(key)
        ref = self.context.leaders.ref(nodes.topic, partition)
        return {"key": key, "key_type": key_type, "topic": nodes.topic, "partition": partition,
                "node_id": nodes.coordinator(key),
                "leader_epoch": None if ref is None else self.context.leaders.leadership(ref).leader_epoch,
                "loaded_on": self.groups.coordinator_loaded_on(key, kt)}

    # -- moves -------------------------------------------------------------------------------------------

    async def stop_broker(self, node_id: int) -> dict[str, Any]:
        """``POST /cluster/brokers/{id}/stop``: its listeners and connections close, its leaderships move to live
        brokers; stopping a stopped broker does nothing. Answers the broker as ``GET /cluster`` lists it."""
        await self._lifecycle(self._stop_broker, "stop", node_id)
        return self._broker(node_id)

    async def start_broker(self, node_id: int) -> dict[str, Any]:
        """``POST /cluster/brokers/{id}/start``: back on the same ports, leading nothing until moved back (except
        partitions left with no live leader)."""
        await self._lifecycle(self._start_broker, "start", node_id)
        return self._broker(node_id)

    async def move_leader(self, topic: str, partition: int, node_id: int) -> dict[str, Any]:
        """``POST /cluster/leaders``: ``node_id`` leads the partition from now on, at the next leader epoch;
        answers once the old leader has resigned (nothing changes if it already leads)."""
        topic, partition, node_id = str(topic), int(partition), int(node_id)
        leaders = self.context.leaders
        ref = leaders.ref(topic, partition)
        if ref is None:
            what = f"no topic {topic!r}" if self.context.logs.topic(topic) is None else f"no partition {partition} " \
                                                                                          f"of topic {topic!r}"
            raise HttpError(404, what)
        try:
            await leaders.move_leader(topic, partition, node_id)
        except UnknownBroker as exc:
            raise HttpError(404, str(exc)) from None
        except BrokerDown as exc:
            raise HttpError(409, str(exc)) from None
        lead = leaders.leadership(ref)
        return {"topic": topic, "partition": partition, "leader": lead.leader, "leader_epoch": lead.leader_epoch}

    async def move_coordinator(self, key: str, key_type: str, node_id: int) -> dict[str, Any]:
        """``POST /cluster/coordinators``: the leader of the internal partition holding ``key`` moves to ``node_id``,
        hence every coordinator on it; answers once the old broker has resigned (the new one may still be loading:
        ``wait_for_coordinator``)."""
        kt, node_id = key_type_of(key_type), int(node_id)
        self._nodes(key_type)  # a key type this broker serves (404 otherwise)
        try:
            await self.groups.move_coordinator(str(key), kt, node_id)
        except UnknownBroker as exc:
            raise HttpError(404, str(exc)) from None
        except BrokerDown as exc:
            raise HttpError(409, str(exc)) from None
        return self.coordinator(str(key), key_type)

    def hold_coordinator_loads(self, key_type: str = "group") -> dict[str, Any]:
        """A fault: coordinator partitions of ``key_type`` moved from now on stay loading on their new broker (its
        answers are COORDINATOR_LOAD_IN_PROGRESS) until the faults are cleared -- the replay of a large log, held
        open so a test sees what clients do meanwhile."""
        self._nodes(key_type).hold_loads()
        return {"key_type": key_type, "held": True}

    # -- waits -------------------------------------------------------------------------------------------

    async def wait_for_coordinator(self, key: str, key_type: str, node_id: int,
                                   timeout: float = 30.0) -> dict[str, Any]:
        """Until the coordinator of ``key`` is loaded on broker ``node_id`` (woken by the coordinator's own
        operations, the load's end among them); WaitTimeout naming where it is instead (``last``: the coordinator
        as ``coordinator`` answers it)."""
        kt, node_id = key_type_of(key_type), int(node_id)
        timeout = min(max(float(timeout), 0.0), MAX_WAIT_S)
        try:
            await self.groups.wait_coordinator_loaded(str(key), kt, node_id, timeout)
        except TimeoutError:
            now = self.coordinator(str(key), key_type)
            raise WaitTimeout(f"the {key_type} coordinator of {key!r} is not loaded on broker {node_id} after "
                              f"{timeout}s: led by {now['node_id']}, loaded on {now['loaded_on']}", now) from None
        return self.coordinator(str(key), key_type)

    async def wait_for_leader(self, topic: str, partition: int, node_id: int, timeout: float = 30.0) -> dict[str, Any]:
        """Until broker ``node_id`` leads the partition (woken by each committed leader move); WaitTimeout naming
        the leader it has instead (``last``: the partition as ``partition_leaders`` lists it)."""
        leaders, topic, partition, node_id = self.context.leaders, str(topic), int(partition), int(node_id)
        if leaders.ref(topic, partition) is None:
            raise HttpError(404, f"no partition {partition} of topic {topic!r}")
        timeout = min(max(float(timeout), 0.0), MAX_WAIT_S)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (leader := leaders.leader(topic, partition)) != node_id:
            moved = self._moved
            remaining = deadline - loop.time()
            try:
                if remaining <= 0:
                    raise TimeoutError
                await asyncio.wait_for(moved.wait(), remaining)
            except TimeoutError:
                last = next((p for p in self.partition_leaders(topic) if p["partition"] == partition), None)
                raise WaitTimeout(f"partition {topic}-{partition} is not led by broker {node_id} after {timeout}s: "
                                  f"its leader is {leader}", last) from None
        ref = leaders.ref(topic, partition)
        assert ref is not None
        return {"topic": topic, "partition": partition, "leader": node_id,
                "leader_epoch": leaders.leadership(ref).leader_epoch}

    # -- helpers -----------------------------------------------------------------------------------------

    async def _lifecycle(self, action: BrokerAction | None, verb: str, node_id: int) -> None:
        if action is None:
            raise HttpError(404, f"this kaflite cannot {verb} its brokers")
        try:
            await action(int(node_id))
        except UnknownBroker as exc:
            raise HttpError(404, str(exc)) from None
        except StartupError as exc:  # a port taken meanwhile
            raise HttpError(409, f"broker {node_id} cannot {verb}: {exc}") from None

    def _nodes(self, key_type: str) -> CoordinatorNodes:
        """The brokers of the coordinator of ``key_type`` ("group", "transaction", "share"); 404 if not served."""
        try:
            return self.groups.coordinator_nodes(key_type_of(key_type))
        except KeyError:
            raise HttpError(404, f"this broker has no {key_type} coordinator") from None

    def _serves(self, key_type: str) -> bool:
        try:
            self._nodes(key_type)
        except HttpError:
            return False
        return True

    def _broker(self, node_id: int) -> dict[str, Any]:
        return next(b for b in self.cluster()["brokers"] if b["node_id"] == int(node_id))

    async def _leader_moved(self, topic: str, partition: int, old: int, new: int) -> None:
        ref = self.context.leaders.ref(topic, partition)
        self._moves.append({"timestamp_ms": self.context.clock.now_ms(), "topic": topic, "partition": partition,
                            "old_leader": old, "leader": new,
                            "leader_epoch": None if ref is None else self.context.leaders.leadership(ref).leader_epoch})
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()
