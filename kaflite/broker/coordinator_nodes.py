"""Which broker coordinates a key, and the coordinator partitions that move between brokers (issue 34).

Kafka's coordinator of a group, a transactional id or a share partition is the leader of the internal topic's
partition that holds the key (`__consumer_offsets`, `__transaction_state`, `__share_group_state`). A request at
any other broker is answered NOT_COORDINATOR; FindCoordinator names that leader. With one broker it leads every
partition, and every question here is answered yes at once.

The brokers of one kaflite share one runtime per coordinator, which holds every partition. A coordinator move --
the partition's leader moved, a broker stopped or started -- is an unload then a load on that runtime, as Kafka's
resignation on the old broker and election on the new: the unload answers the partition's parked JoinGroup and
SyncGroup (and writes waiting) NOT_COORDINATOR at once; the load replays the partition's log while its keys
answer COORDINATOR_LOAD_IN_PROGRESS at the new broker. Groups keep their generation, members and offsets, and a
transaction left open completes on the new coordinator, since all of it is in the log the load replays.

A fault can hold the loads of moved partitions (`hold_loads`), so that a test sees COORDINATOR_LOAD_IN_PROGRESS
for as long as it likes; clearing the faults releases them.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from enum import Enum
from typing import Any, Protocol

import structlog

from kaflite.broker.faults import Faults
from kaflite.broker.partition_leaders import PartitionLeaders
from kaflite.controller.replication import NO_LEADER
from kaflite.coordinator_common.runtime import CoordinatorRuntime

log = structlog.get_logger("kaflite.coordinator")
fault_log = structlog.get_logger("kaflite.faults")

#: The partition's coordinator is loaded and serving (every coordinator's ``PartitionStatus.ACTIVE`` value).
ACTIVE = "active"


class CoordinatorService(Protocol):
    """What a move asks of a coordinator's service (group, transaction, share): its runtime's load and unload."""

    @property
    def runtime(self) -> CoordinatorRuntime[Any]: ...

    def begin_load(self, partition: int) -> None: ...

    def load_partition(self, partition: int) -> Awaitable[None]: ...

    def unload_partition(self, partition: int) -> Awaitable[None]: ...

    def partition_status(self, partition: int) -> Enum: ...


class CoordinatorNodes:
    """The brokers of one coordinator: who coordinates each of its keys, and its partitions' moves.

    ``partition_for`` maps a key to its partition (Kafka's partitioner); ``service`` is the coordinator's current
    service (a reset renews it). Built by the coordinator's handler, which registers it with the leaders."""

    def __init__(self, leaders: PartitionLeaders, topic: str, partition_for: Callable[[str], int],
                 service: Callable[[], CoordinatorService], faults: Faults) -> None:
        self.leaders = leaders
        self.topic = topic
        self.partition_for = partition_for
        self._service = service
        self._loads: dict[int, asyncio.Task[None]] = {}  # moved partitions loading, by partition
        self._held: asyncio.Event | None = None  # set: loads go on; None: not held
        leaders.on_leader_moved(self._leader_moved)
        faults.on_clear.append(self.release_loads)

    @property
    def single(self) -> bool:
        """One broker: it coordinates everything (nothing here costs a thing)."""
        return self.leaders.single

    # -- who coordinates --------------------------------------------------------------------------------

    def coordinates(self, node_id: int, partition: int) -> bool:
        """Whether broker ``node_id`` coordinates the keys of ``partition`` (leads it). The one check every
        coordinator API makes, per key; a partition of a topic not made yet is anyone's (the request makes it)."""
        return self.leaders.single or self.leaders.leads(node_id, self.topic, partition)

    def serves(self, node_id: int, key: str) -> bool:
        """Whether broker ``node_id`` coordinates ``key`` (else its requests are answered NOT_COORDINATOR); one
        broker: yes, without hashing the key."""
        return self.leaders.single or self.coordinates(node_id, self.partition_for(key))

    def coordinated_by(self, node_id: int) -> Callable[[int], bool] | None:
        """`coordinates` for broker ``node_id``, for answers that name several keys (DescribeGroups, ListGroups,
        DescribeTransactions, ...); None with one broker: every partition."""
        return None if self.leaders.single else functools.partial(self.coordinates, node_id)

    def coordinator(self, key: str) -> int:
        """The broker that coordinates ``key``: its partition's leader; -1 when it has none (every replica
        stopped) or the topic is not made yet."""
        return self.leaders.leader(self.topic, self.partition_for(key))

    # -- loaded where (tools, tests, the admin endpoint) ----------------------------------------------------

    def loaded_on(self, key: str) -> int | None:
        """The broker serving ``key`` once its partition is loaded there; None while it loads (after a move, at
        start), or when it has no coordinator."""
        return self.partition_loaded_on(self.partition_for(key))

    def partition_loaded_on(self, partition: int) -> int | None:
        """The broker serving the partition's keys once it is loaded there (the console: who coordinates what)."""
        node = self.leaders.leader(self.topic, partition)
        if node == NO_LEADER:
            return None
        return node if self._service().partition_status(partition).value == ACTIVE else None

    async def wait_loaded(self, key: str, node_id: int, timeout: float) -> None:
        """Until ``key``'s coordinator is loaded on broker ``node_id`` (woken by the coordinator's operations, a
        load's end among them); TimeoutError after ``timeout`` s."""
        await self._service().runtime.wait_for(lambda: self.loaded_on(key) == node_id, timeout)

    def loading(self) -> list[asyncio.Task[None]]:
        """The loads of moved partitions under way (in-process callers of the coordinator wait for them)."""
        return [t for t in self._loads.values() if not t.done()]

    # -- moves ------------------------------------------------------------------------------------------

    async def move_coordinator(self, key: str, node_id: int) -> None:
        """Make broker ``node_id`` the coordinator of ``key``: move the leader of the partition holding it (hence of
        every key there); returns once the old broker has resigned, the new one loading. KeyError: the topic is
        not made yet; UnknownBroker / BrokerDown from the controller."""
        await self.leaders.move_leader(self.topic, self.partition_for(key), node_id)

    async def _leader_moved(self, topic: str, partition: int, old: int, new: int) -> None:
        if topic == self.topic:
            await self.moved(partition, old, new)

    async def moved(self, partition: int, old: int, new: int) -> None:
        """The partition's leader moved from ``old`` to ``new``: the old broker resigns (returns once it has),
        the new one loads the partition in the background (COORDINATOR_LOAD_IN_PROGRESS until replayed)."""
        service = self._service()
        previous = self._loads.pop(partition, None)
        if previous is not None and not previous.done():
            previous.cancel()  # moved again while loading: this load starts over
        await service.unload_partition(partition)
        log.info("coordinator resigned", topic=self.topic, partition=partition, node_id=old)
        if new == NO_LEADER:
            return  # nobody coordinates it until a broker starts again (COORDINATOR_NOT_AVAILABLE)
        service.begin_load(partition)
        task = asyncio.get_running_loop().create_task(self._load(service, partition, new))
        self._loads[partition] = task
        task.add_done_callback(lambda t: self._loaded(partition, t))

    async def _load(self, service: CoordinatorService, partition: int, node_id: int) -> None:
        held = self._held
        if held is not None:
            fault_log.info("fault applied", fault="hold-coordinator-load", topic=self.topic, partition=partition)
            await held.wait()
        await service.load_partition(partition)
        log.info("coordinator loaded", topic=self.topic, partition=partition, node_id=node_id)

    def _loaded(self, partition: int, task: asyncio.Task[None]) -> None:
        if self._loads.get(partition) is task:
            del self._loads[partition]
        if not task.cancelled() and task.exception() is not None:
            log.error("coordinator load after a move failed", topic=self.topic, partition=partition,
                      error=repr(task.exception()))

    async def stop(self) -> None:
        """The broker stops: loads under way are cancelled (a restart loads everything)."""
        tasks = [t for t in self._loads.values() if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._loads.clear()

    # -- faults -----------------------------------------------------------------------------------------

    def hold_loads(self) -> None:
        """A fault: loads of partitions moved from now on wait (their keys answer COORDINATOR_LOAD_IN_PROGRESS at
        the new broker) until ``release_loads`` or the faults are cleared."""
        if self._held is None:
            self._held = asyncio.Event()
            fault_log.info("fault armed", fault="hold-coordinator-load", topic=self.topic)

    def release_loads(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            held.set()
            fault_log.info("fault cleared", fault="hold-coordinator-load", topic=self.topic)
