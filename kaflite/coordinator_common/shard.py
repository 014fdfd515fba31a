"""What the runtime asks of a coordinator shard (Kafka's CoordinatorShard): replay, loading, timers."""

from __future__ import annotations

from typing import Protocol

from kaflite.coordinator_common.records import LoadedRecord
from kaflite.coordinator_common.result import CoordinatorResult


class CoordinatorShard(Protocol):
    """What the runtime asks of a pure shard (Kafka's CoordinatorShard): replay, loading, timers.

    Every method that changes state returns the records, answers and timers it implies; `replay` is
    the only thing that applies a record, live and at load."""

    def begin_load(self, partition: int) -> None: ...

    def complete_load(self, partition: int) -> CoordinatorResult: ...

    def unload(self, partition: int) -> CoordinatorResult: ...

    def replay(self, key: bytes, value: bytes | None) -> None: ...

    def replay_loaded(self, partition: int, record: LoadedRecord) -> None: ...

    def timer_deadline(self, key: str) -> int | None: ...

    def on_timer(self, key: str, now_ms: int | None = None) -> CoordinatorResult: ...
