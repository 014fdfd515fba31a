"""What the group coordinator asks of the share coordinator (SG-MODEL-1, RPCs 83/86/87 in-process).

`kaflite.share_coordinator` sits above this package, so the group coordinator names only this Protocol, in
plain values; the broker gives an adapter over `ShareCoordinatorService` (kaflite/broker/share_persister.py).
Each call returns a future (duck-typed: this package never imports the event loop) of a mapping
(topic id, partition) -> its answer.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from kaflite.coordinator.assignors.api import TopicId
from kaflite.protocol.errors import ErrorCode

Key = tuple[TopicId, int]


class Settles(Protocol):
    """A future of the event loop the service runs on (asyncio's, structurally)."""

    def add_done_callback(self, fn: Callable[[Any], object], /) -> None: ...

    def result(self) -> Any: ...

    def cancelled(self) -> bool: ...

    def exception(self) -> BaseException | None: ...

    def get_loop(self) -> Any: ...

    def __await__(self) -> Generator[Any, None, Any]: ...


@dataclass(frozen=True, slots=True)
class PartitionSummary:
    """SC-SUM-1's answer for one share-partition (an unknown key: StartOffset -1, DCC -1, epochs 0)."""

    error: ErrorCode = ErrorCode.NONE
    start_offset: int = -1
    leader_epoch: int = 0
    state_epoch: int = 0
    delivery_complete_count: int = -1
    error_message: str | None = None


class SharePersister(Protocol):
    def initialize(self, group_id: str, state_epoch: int,
                   start_offsets: Mapping[TopicId, Mapping[int, int]]) -> Settles:
        """SC-INIT-1 per partition; a future of {(topic id, partition): ErrorCode}."""
        ...

    def read_summary(self, group_id: str, partitions: Mapping[TopicId, Iterable[int]]) -> Settles:
        """SC-SUM-1 per partition; a future of {(topic id, partition): PartitionSummary}."""
        ...

    def delete(self, group_id: str, partitions: Mapping[TopicId, Iterable[int]]) -> Settles:
        """SC-DEL-1 per partition; a future of {(topic id, partition): ErrorCode}."""
        ...
