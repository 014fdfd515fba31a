"""ShareCoordinatorService: the share coordinator's five operations on the common coordinator runtime.

Each method splits its request into one operation per key (group, topic id, partition), as Kafka's
ShareCoordinatorService does, and names the shard operation (`ShareCoordinatorShard`) for the runtime
(`kaflite.coordinator_common`), which orders the writes per `__share_group_state` partition and answers once
the key's record is durable (SC-LOG-1). The per-key answers are gathered into one response in Kafka's shape.
Reads are write operations too (a read may record a new leader epoch, SC-READ-1, and must see every write
made durable before it). A failed append reloads the partition and answers NOT_COORDINATOR.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar

from kaflite.clock import Clock
from kaflite.coordinator_common.result import CoordinatorResult, Token
from kaflite.coordinator_common.runtime import CoordinatorLoader, CoordinatorRuntime, CoordinatorWriter
from kaflite.protocol.errors import ErrorCode
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
    SHARE_GROUP_STATE_TOPIC,
    SharePartitionKey,
    share_group_state_topic_configs,
)
from kaflite.share_coordinator.shard import (
    PartitionStatus,
    ShareCoordinatorShard,
    TopicPartitions,
    error_message,
    share_partition_for,
)

NOT_AVAILABLE = "Share coordinator is not available."

Resp = TypeVar("Resp")


class _Settles(Protocol):
    """A future the runtime hands back (duck-typed: this module never imports the event loop)."""

    def add_done_callback(self, fn: Callable[[Any], object], /) -> None: ...

    def get_loop(self) -> Any: ...


@dataclasses.dataclass(frozen=True, slots=True)
class _Api(Generic[Resp]):
    """How one API is split, run and gathered: its operation name for log lines, what its error texts say it
    was unable to do, the shard operation, its response types, whether a topic with no partitions empties the
    answer (all but Initialize), and whether a closed coordinator is checked before the request's shape
    (Initialize, ReadSummary, Delete), as in Kafka."""

    name: str
    what: str
    op: Callable[[ShareCoordinatorShard, Any, Token], CoordinatorResult]
    response: Callable[..., Resp]
    result: Callable[..., Any]
    partition_result: Callable[..., Any]
    empty_partitions_empty: bool = True
    closed_first: bool = False


INITIALIZE: _Api[InitializeShareGroupStateResponse] = _Api(
    "initialize-share-group-state", "initialize share group state", ShareCoordinatorShard.initialize_state,
    InitializeShareGroupStateResponse, InitializeShareGroupStateResponse.InitializeStateResult,
    InitializeShareGroupStateResponse.PartitionResult, empty_partitions_empty=False, closed_first=True)
WRITE: _Api[WriteShareGroupStateResponse] = _Api(
    "write-share-group-state", "write share group state",
    ShareCoordinatorShard.write_state, WriteShareGroupStateResponse,
    WriteShareGroupStateResponse.WriteStateResult, WriteShareGroupStateResponse.PartitionResult)
READ: _Api[ReadShareGroupStateResponse] = _Api(
    "read-update-leader-epoch-state", "read share group state",
    ShareCoordinatorShard.read_state, ReadShareGroupStateResponse,
    ReadShareGroupStateResponse.ReadStateResult, ReadShareGroupStateResponse.PartitionResult)
READ_SUMMARY: _Api[ReadShareGroupStateSummaryResponse] = _Api(
    "read-share-group-state-summary", "read share group state summary", ShareCoordinatorShard.read_state_summary,
    ReadShareGroupStateSummaryResponse, ReadShareGroupStateSummaryResponse.ReadStateSummaryResult,
    ReadShareGroupStateSummaryResponse.PartitionResult, closed_first=True)
DELETE: _Api[DeleteShareGroupStateResponse] = _Api(
    "delete-share-group-state", "delete share group state",
    ShareCoordinatorShard.delete_state, DeleteShareGroupStateResponse,
    DeleteShareGroupStateResponse.DeleteStateResult, DeleteShareGroupStateResponse.PartitionResult, closed_first=True)


def _unable(api: _Api[Any], error: ErrorCode) -> str:
    """Kafka's text for a request the runtime failed (handleOperationException's callers)."""
    return f"Unable to {api.what}: {error_message(error)}"


class ShareCoordinatorService:
    """The share coordinator over one runtime of its shard (every owned `__share_group_state` partition).
    Build it with `ShareCoordinatorService.build(...)`. Each operation returns its response, or an awaitable
    of it when a write must become durable first."""

    def __init__(self, runtime: CoordinatorRuntime[ShareCoordinatorShard], config: ShareCoordinatorConfig) -> None:
        self.runtime = runtime
        self.config = config

    @classmethod
    def build(cls, writer: CoordinatorWriter, loader: CoordinatorLoader, config: ShareCoordinatorConfig, *,
              topic_partitions: TopicPartitions, clock: Clock | None = None) -> ShareCoordinatorService:
        """The service over a new runtime of `__share_group_state`: its partitions start not owned, and
        `load_partition` loads them; `topic_partitions` is the broker's metadata (a topic id's partition count)."""

        def shard() -> ShareCoordinatorShard:
            return ShareCoordinatorShard(config, topic_partitions, clock)

        return cls(CoordinatorRuntime(SHARE_GROUP_STATE_TOPIC, shard, writer, loader, clock=clock), config)

    @property
    def shard(self) -> ShareCoordinatorShard:
        return self.runtime.shard

    def partition_for(self, group_id: str, topic_id: bytes | None, partition: int) -> int:
        """SC-TOP-1: the `__share_group_state` partition of a key (FindCoordinator key type 2)."""
        return share_partition_for(SharePartitionKey(group_id, topic_id, partition),
                                   self.config.share_coordinator_state_topic_num_partitions)

    def partition_status(self, partition: int) -> PartitionStatus:
        return self.shard.partition_status(partition)

    def topic_configs(self) -> dict[str, str]:
        """SC-TOP-1: the configs `__share_group_state` is created with."""
        return share_group_state_topic_configs(self.config.share_coordinator_state_topic_segment_bytes)

    # ================================================================== the operations (RPCs 83-87)
    def initialize_state(self, request: InitializeShareGroupStateRequest) -> Any:
        """SC-INIT-1 per key."""
        return self._run(INITIALIZE, request)

    def write_state(self, request: WriteShareGroupStateRequest) -> Any:
        """SC-WRITE-1 per key."""
        return self._run(WRITE, request)

    def read_state(self, request: ReadShareGroupStateRequest) -> Any:
        """SC-READ-1 per key."""
        return self._run(READ, request)

    def read_state_summary(self, request: ReadShareGroupStateSummaryRequest) -> Any:
        """SC-SUM-1 per key."""
        return self._run(READ_SUMMARY, request)

    def delete_state(self, request: DeleteShareGroupStateRequest) -> Any:
        """SC-DEL-1 per key."""
        return self._run(DELETE, request)

    def on_topics_deleted(self, topic_ids: Iterable[bytes]) -> Awaitable[bool]:
        """SC-DEL-2: tombstone every key of the deleted topics; True once durable."""
        ids = frozenset(topic_ids)
        return self.runtime.schedule("on-topics-deleted", lambda shard: shard.delete_topics(ids))

    def _run(self, api: _Api[Resp], request: Any) -> Resp | Awaitable[Resp]:
        """Kafka's shape checks (an empty answer for an empty group id, no topics, or a topic without
        partitions), then one runtime write per key, gathered by topic id in request order (a repeated
        partition reports its last answer, as Kafka's map does)."""
        closed = self.runtime.closed
        if closed and api.closed_first:
            return _not_available(api, request)
        if not request.group_id or not request.topics or (
                api.empty_partitions_empty and any(not t.partitions for t in request.topics)):
            return api.response(results=[])
        if closed:
            return _not_available(api, request)
        answers: dict[bytes | None, dict[int, Any]] = {}
        for topic in request.topics:
            for pd in topic.partitions:
                single = dataclasses.replace(request, topics=[dataclasses.replace(topic, partitions=[pd])])
                p = self.partition_for(request.group_id, topic.topic_id, pd.partition)
                answers.setdefault(topic.topic_id, {})[pd.partition] = self.runtime.write(
                    api.name, p, _operation(api, single), _on_error(api, topic.topic_id, pd.partition))
        return _gather(api, answers)

    # ================================================================== loading
    async def load_partition(self, partition: int) -> None:
        """Become the coordinator of a `__share_group_state` partition: replay it, then serve it (SC-RP-1)."""
        await self.runtime.load_partition(partition)

    def begin_load(self, partition: int) -> None:
        self.runtime.begin_load(partition)

    async def unload_partition(self, partition: int) -> None:
        await self.runtime.unload_partition(partition)

    async def close(self) -> None:
        await self.runtime.close()


def _not_available(api: _Api[Resp], request: Any) -> Resp:
    """Every key of the request answered COORDINATOR_NOT_AVAILABLE (Kafka's inactive service)."""
    return api.response(results=[api.result(topic_id=t.topic_id, partitions=[
        api.partition_result(partition=pd.partition, error_code=ErrorCode.COORDINATOR_NOT_AVAILABLE,
                             error_message=NOT_AVAILABLE) for pd in t.partitions]) for t in request.topics])


def _operation(api: _Api[Any], single: Any) -> Callable[[ShareCoordinatorShard, Token], CoordinatorResult]:
    """The shard operation of one key's request."""
    return lambda shard, token: api.op(shard, single, token)


def _on_error(api: _Api[Resp], topic_id: bytes | None, partition: int) -> Callable[[ErrorCode], Resp]:
    """One key's answer when the runtime fails it (a failed append, an unloaded partition, closing)."""

    def on_error(error: ErrorCode) -> Resp:
        return api.response(results=[api.result(topic_id=topic_id, partitions=[api.partition_result(
            partition=partition, error_code=error, error_message=_unable(api, error))])])

    return on_error


def _gather(api: _Api[Resp], answers: dict[bytes | None, dict[int, Any]]) -> Resp | Awaitable[Resp]:
    """One response from the per-key answers: at once when none waits, else a future of the same loop."""
    waiting: list[_Settles] = [a for parts in answers.values() for a in parts.values()
                               if hasattr(a, "add_done_callback")]

    def build() -> Resp:
        def answer(partition: int, a: Any) -> Any:
            if hasattr(a, "add_done_callback"):
                if a.cancelled():  # the runtime closed under it
                    return api.partition_result(partition=partition, error_code=ErrorCode.COORDINATOR_NOT_AVAILABLE,
                                                error_message=NOT_AVAILABLE)
                a = a.result()
            return a.results[0].partitions[0]

        return api.response(results=[api.result(topic_id=topic_id, partitions=[
            answer(partition, a) for partition, a in parts.items()]) for topic_id, parts in answers.items()])

    if not waiting:
        return build()
    combined = waiting[0].get_loop().create_future()
    remaining = [len(waiting)]

    def settled(_f: Any) -> None:
        remaining[0] -= 1
        if remaining[0] == 0 and not combined.done():
            combined.set_result(build())

    for w in waiting:
        w.add_done_callback(settled)
    result: Awaitable[Resp] = combined
    return result
