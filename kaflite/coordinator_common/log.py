"""What the runtime asks of a coordinator's topic (Kafka's PartitionWriter and CoordinatorLoader).

The broker gives each runtime the `CoordinatorLog` of its internal topic, which is both.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, Awaitable, Iterable
from typing import Protocol

from kaflite.coordinator_common.records import LoadedRecord, ProducerIdAndEpoch, Record

RecordSource = Iterable[LoadedRecord] | AsyncIterable[LoadedRecord]
"""What a load replays: a plain or an async iterable of records, in log order."""


class CoordinatorWriter(Protocol):
    """Appends coordinator records to a partition of the coordinator's topic.

    `append` is called in operation order; the awaitable it returns completes once the records are
    durable. A writer may append synchronously during the call and share one fsync among the
    appends of a loop iteration (group commit); an `async def append` works too (appended when
    awaited, still in order). Raising means the records may not be in the log: the runtime
    reloads the partition. A returned future with an `add_listener(callback)` method calls the
    callback in the turn it is settled, which spares the answers it releases a loop iteration.

    A TxnOffsetCommit's records come with `producer=ProducerIdAndEpoch(...)` (the keyword is passed
    only then): they are one transactional batch of that producer, in Kafka's layout (producer id and
    epoch, base sequence 0, the transactional attribute; TX-OFF-2), appended without the client
    sequence checks (Kafka's AppendOrigin.COORDINATOR), so that partition's producer state sees the
    open transaction its commit/abort marker will close.
    """

    def append(self, partition: int, records: list[Record], *, producer: ProducerIdAndEpoch | None = None
               ) -> Awaitable[None]: ...


class CoordinatorLoader(Protocol):
    """Reads a partition of the coordinator's topic from its first offset to its end.

    Plain records come as (key, value) pairs and may be folded to each key's last value (what
    compaction leaves); records of transactional batches come as `TransactionalRecord`s and control
    batches as `EndTransactionMarker`s, at their positions in the log (TX-OFF-3), never folded.
    `read` may return a plain iterable, an async iterable, or an awaitable of either.
    """

    def read(self, partition: int) -> RecordSource | Awaitable[RecordSource]: ...
