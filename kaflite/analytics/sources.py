"""PySpark Python Data Sources over a Kafka-layout log directory: `kaflite-log`, `kaflite-offsets`,
`kaflite-logend`, `kaflite-transactions`, plus a streaming reader for `kaflite-log`.

Why Python data sources rather than Spark's Kafka connector: the analysis reads the broker's files,
not the broker, so it works on a stopped broker, a copied directory or a live one, and it decodes
bytes with the broker's own codecs. One input partition per segment file; `read()` yields Arrow
batches. Register them with `register(spark)` (which also turns on Python filter pushdown).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any

from pyspark.sql.datasource import (
    DataSource,
    DataSourceReader,
    DataSourceStreamReader,
    Filter,
    InputPartition,
)
from pyspark.sql.types import StructType

from kaflite.analytics import schemas
from kaflite.analytics.decode import iter_batch_rows, summarize_partition
from kaflite.analytics.internal_topics import iter_offsets_rows, iter_transaction_log_rows
from kaflite.analytics.layout import CONSUMER_OFFSETS, Segment, TopicPartition, scan_data_dir, topic_names
from kaflite.analytics.planning import (
    EmptySplit,
    OffsetSpec,
    PartitionSplit,
    Pruning,
    SegmentSplit,
    data_dir_option,
    include_internal_option,
    option,
    parse_time,
    plan_log_splits,
    topics_option,
)
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC

try:  # Spark >= 4.2: the mixin that lets trigger(availableNow=True) pin a target offset.
    from pyspark.sql.streaming.datasource import ReadAllAvailable, ReadLimit, ReadMaxRows, SupportsTriggerAvailableNow
except ImportError:  # pragma: no cover - older Spark 4.x
    SupportsTriggerAvailableNow = object  # type: ignore[assignment,misc]
    ReadAllAvailable = ReadLimit = ReadMaxRows = None  # type: ignore[assignment,misc]

log = logging.getLogger("kaflite.analytics")

ARROW_ROWS = 65536
SMALL_ROWS = 16384


def _read_log_split(split: InputPartition) -> Iterator[Any]:
    """The Arrow batches of one `kaflite-log` split (module-level: shared by batch and stream readers)."""
    if not isinstance(split, SegmentSplit):
        return
    from pyspark.sql.pandas.types import to_arrow_schema

    from kaflite.analytics.columnar import iter_log_batches

    schema = to_arrow_schema(schemas.LOG, timezone="UTC")
    yield from iter_log_batches(split.path, split.topic, split.partition, split.bounds(), schema, ARROW_ROWS)


def _small_batches(rows: Iterator[tuple[Any, ...]], spark_schema: StructType) -> Iterator[Any]:
    from pyspark.sql.pandas.types import to_arrow_schema

    from kaflite.analytics.arrow import rows_batch

    schema = to_arrow_schema(spark_schema, timezone="UTC")
    chunk: list[tuple[Any, ...]] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) >= SMALL_ROWS:
            yield rows_batch(chunk, schema)
            chunk = []
    if chunk:
        yield rows_batch(chunk, schema)


# --------------------------------------------------------------------------------------------------------
# kaflite-log


class KafliteLogReader(DataSourceReader):
    """Batch reads; the options prune segments (from file names and time indexes) and filter rows."""

    def __init__(self, options: Any) -> None:
        self.data_dir = data_dir_option(options)
        self.topics = topics_option(options)
        self.include_internal = include_internal_option(options)
        self.start = OffsetSpec(option(options, "startingOffset"))
        self.end = OffsetSpec(option(options, "endingOffset"))
        self.start_time = parse_time(option(options, "startTime"))
        self.end_time = parse_time(option(options, "endTime"))
        self.pruning = Pruning()

    def partitions(self) -> Sequence[InputPartition]:
        tps = scan_data_dir(self.data_dir, self.topics, include_internal=self.include_internal)
        splits = plan_log_splits(tps, self.start, self.end, self.start_time, self.end_time, self.pruning)
        return splits or [EmptySplit()]

    def read(self, partition: InputPartition) -> Iterator[Any]:
        return _read_log_split(partition)


class KafliteLogPushdownReader(KafliteLogReader):
    """With option ``pushdown=true``: WHERE clauses on topic, partition, offset and timestamp also prune.

    Opt-in because Spark 4.3 caches the scan planned at pushdown on the DataFrame: a later query on the
    same DataFrame *without* pushable filters reuses it and silently misses the pruned segments. Build a
    fresh DataFrame (``spark.read...load()``) per query when this is on.
    """

    def pushFilters(self, filters: list[Filter]) -> Iterator[Filter]:
        """Remember what prunes segments and batches; hand every filter back so Spark still applies it."""
        self.pruning = Pruning()
        for f in filters:
            self.pruning.take(f, "offset", "timestamp")
            yield f


def _earliest(tp: TopicPartition) -> int:
    return tp.segments[0].base_offset if tp.segments else 0


def _log_end(tp: TopicPartition) -> int:
    """Next offset after the last complete batch (header scan of the active segment only)."""
    if not tp.segments:
        return 0
    last = tp.segments[-1]
    summary = summarize_partition(tp.topic, tp.partition, [(last.base_offset, last.path)])
    return summary.log_end_offset if summary.log_end_offset is not None else last.base_offset


Offsets = dict[str, dict[str, int]]


class KafliteLogStreamReader(DataSourceStreamReader, SupportsTriggerAvailableNow):  # type: ignore[misc]
    """Micro-batches of new records; offsets are ``{topic: {partition: next offset}}``.

    Why: `trigger(availableNow=True)` re-runs then process only what was appended since the last run
    (Spark keeps the offsets in its checkpoint). Partitions that appear later start at their earliest.
    """

    def __init__(self, options: Any) -> None:
        self.data_dir = data_dir_option(options)
        self.topics = topics_option(options)
        self.include_internal = include_internal_option(options)
        self.starting = (option(options, "startingOffset", "earliest") or "earliest").strip()
        max_rows = option(options, "maxRecordsPerTrigger")
        self.max_rows = int(max_rows) if max_rows else None
        self._target: Offsets | None = None

    def _scan(self) -> list[TopicPartition]:
        return scan_data_dir(self.data_dir, self.topics, include_internal=self.include_internal)

    def _latest(self) -> Offsets:
        out: Offsets = {}
        for tp in self._scan():
            out.setdefault(tp.topic, {})[str(tp.partition)] = _log_end(tp)
        return out

    def initialOffset(self) -> Offsets:
        if self.starting == "latest":
            return self._latest()
        spec = OffsetSpec(self.starting)
        out: Offsets = {}
        for tp in self._scan():
            first = spec.get(tp.topic, tp.partition)
            out.setdefault(tp.topic, {})[str(tp.partition)] = _earliest(tp) if first is None else first
        return out

    def prepareForTriggerAvailableNow(self) -> None:
        self._target = self._latest()

    def getDefaultReadLimit(self) -> Any:
        if self.max_rows and ReadMaxRows is not None:
            return ReadMaxRows(self.max_rows)
        return ReadAllAvailable() if ReadAllAvailable is not None else None

    def latestOffset(self, start: Offsets | None = None, limit: Any = None) -> Offsets:
        latest = self._target if self._target is not None else self._latest()
        if start is None or ReadMaxRows is None or not isinstance(limit, ReadMaxRows):
            return latest
        # Admission control: spread the row budget evenly over partitions with new data (offsets ~ rows).
        pending = [(t, p, start.get(t, {}).get(p, 0), e) for t, ps in latest.items() for p, e in ps.items()]
        pending = [x for x in pending if x[3] > x[2]]
        share = max(1, limit.max_rows // max(1, len(pending)))
        out: Offsets = {t: dict(ps) for t, ps in start.items()}
        for t, p, s, e in pending:
            out.setdefault(t, {})[p] = min(e, s + share)
        return out

    def partitions(self, start: Offsets, end: Offsets) -> Sequence[InputPartition]:
        tps = {(tp.topic, tp.partition): tp for tp in self._scan()}
        splits: list[InputPartition] = []
        for topic, parts in end.items():
            for p, e in parts.items():
                tp = tps.get((topic, int(p)))
                if tp is None:
                    continue
                s = start.get(topic, {}).get(p, _earliest(tp))
                if e <= s:
                    continue
                lo, hi = OffsetSpec(str(s)), OffsetSpec(str(e))
                splits.extend(plan_log_splits([tp], lo, hi, None, None))
        return splits

    def read(self, partition: InputPartition) -> Iterator[Any]:
        return _read_log_split(partition)

    def commit(self, end: Offsets) -> None:
        """Nothing to release: the files belong to the broker."""


class KafliteLogDataSource(DataSource):
    """``spark.read.format("kaflite-log").load(DATA_DIR)``: every record of every (non-internal) topic."""

    @classmethod
    def name(cls) -> str:
        return "kaflite-log"

    def schema(self) -> StructType:
        return schemas.LOG

    def reader(self, schema: StructType) -> DataSourceReader:
        if (option(self.options, "pushdown", "false") or "false").lower() == "true":
            return KafliteLogPushdownReader(self.options)
        return KafliteLogReader(self.options)

    def streamReader(self, schema: StructType) -> DataSourceStreamReader:
        return KafliteLogStreamReader(self.options)


# --------------------------------------------------------------------------------------------------------
# kaflite-offsets


#: kaflite-offsets' `kind` option -> the schema of its rows.
OFFSETS_KINDS = {"commits": schemas.COMMITS, "groups": schemas.GROUPS, "consumer_groups": schemas.CONSUMER_GROUPS}


class KafliteOffsetsReader(DataSourceReader):
    def __init__(self, options: Any, kind: str) -> None:
        self.data_dir = data_dir_option(options)
        self.kind = kind
        # Read once on the driver and shipped with the reader: KIP-848 records name topics by id.
        self.topic_names = topic_names(self.data_dir) if kind == "consumer_groups" else {}

    def partitions(self) -> Sequence[InputPartition]:
        return _internal_topic_splits(self.data_dir, CONSUMER_OFFSETS)

    def read(self, partition: InputPartition) -> Iterator[Any]:
        if not isinstance(partition, SegmentSplit):
            return iter(())
        if self.kind == "commits":  # the bulk of __consumer_offsets: the vectorised path
            return _commit_batches(partition)
        rows = iter_offsets_rows(partition.path, partition.partition, self.kind, self.topic_names)
        return _small_batches(rows, OFFSETS_KINDS[self.kind])


def _commit_batches(split: SegmentSplit) -> Iterator[Any]:
    from pyspark.sql.pandas.types import to_arrow_schema

    from kaflite.analytics.columnar import iter_commit_batches

    yield from iter_commit_batches(split.path, split.partition, to_arrow_schema(schemas.COMMITS, timezone="UTC"),
                                   to_arrow_schema(schemas.LOG, timezone="UTC"), ARROW_ROWS)


def _internal_topic_splits(data_dir: str, topic: str) -> list[InputPartition]:
    """One split per non-empty segment of an internal topic (every partition of it)."""
    splits: list[InputPartition] = [
        SegmentSplit(seg.topic, seg.partition, seg.path, seg.base_offset)
        for tp in scan_data_dir(data_dir, [topic])
        for seg in tp.segments
        if seg.size
    ]
    return splits or [EmptySplit()]


class KafliteOffsetsDataSource(DataSource):
    """``__consumer_offsets`` decoded; option ``kind``: ``commits`` (default), ``groups`` (classic group
    metadata) or ``consumer_groups`` (the KIP-848 records 3-8 and 16, one row each)."""

    @classmethod
    def name(cls) -> str:
        return "kaflite-offsets"

    def _kind(self) -> str:
        kind = (option(self.options, "kind", "commits") or "commits").lower().replace("-", "_")
        if kind not in OFFSETS_KINDS:
            raise ValueError(f"kaflite-offsets: kind must be one of {', '.join(map(repr, OFFSETS_KINDS))}, "
                             f"not {kind!r}")
        return kind

    def schema(self) -> StructType:
        return OFFSETS_KINDS[self._kind()]

    def reader(self, schema: StructType) -> DataSourceReader:
        return KafliteOffsetsReader(self.options, self._kind())


# --------------------------------------------------------------------------------------------------------
# kaflite-transactions


class KafliteTransactionsReader(DataSourceReader):
    def __init__(self, options: Any) -> None:
        self.data_dir = data_dir_option(options)

    def partitions(self) -> Sequence[InputPartition]:
        return _internal_topic_splits(self.data_dir, TRANSACTION_STATE_TOPIC)

    def read(self, partition: InputPartition) -> Iterator[Any]:
        if not isinstance(partition, SegmentSplit):
            return iter(())
        return _small_batches(iter_transaction_log_rows(partition.path, partition.partition), schemas.TRANSACTION_LOG)


class KafliteTransactionsDataSource(DataSource):
    """``__transaction_state`` decoded (the transaction coordinator's own codec): one row per record, a
    transactional id's state transitions with its producer id and epoch (a tombstone: the id expired)."""

    @classmethod
    def name(cls) -> str:
        return "kaflite-transactions"

    def schema(self) -> StructType:
        return schemas.TRANSACTION_LOG

    def reader(self, schema: StructType) -> DataSourceReader:
        return KafliteTransactionsReader(self.options)


# --------------------------------------------------------------------------------------------------------
# kaflite-logend


class KafliteLogEndReader(DataSourceReader):
    def __init__(self, options: Any, level: str) -> None:
        self.data_dir = data_dir_option(options)
        self.topics = topics_option(options)
        self.include_internal = include_internal_option(options)
        self.level = level

    def partitions(self) -> Sequence[InputPartition]:
        tps = scan_data_dir(self.data_dir, self.topics, include_internal=self.include_internal)
        splits: list[InputPartition]
        if self.level == "partition":
            splits = [PartitionSplit(tp.topic, tp.partition, [(s.base_offset, s.path) for s in tp.segments])
                      for tp in tps]
        else:
            splits = [SegmentSplit(s.topic, s.partition, s.path, s.base_offset)
                      for tp in tps for s in tp.segments if s.size]
        return splits or [EmptySplit()]

    def read(self, partition: InputPartition) -> Iterator[Any]:
        if isinstance(partition, PartitionSplit):
            s = summarize_partition(partition.topic, partition.partition, partition.segments)
            row = (s.topic, s.partition, s.log_start_offset, s.log_end_offset, s.first_timestamp, s.last_timestamp,
                   s.max_timestamp, s.records, s.batches, s.segments, s.size_bytes)
            return _small_batches(iter([row]), schemas.PARTITIONS)
        if isinstance(partition, SegmentSplit):
            rows = iter_batch_rows(partition.path, partition.topic, partition.partition, partition.base_offset)
            return _small_batches(rows, schemas.BATCHES)
        return iter(())


class KafliteLogEndDataSource(DataSource):
    """Header-only scan; option ``level``: ``partition`` (default: start/end offsets, first/last
    timestamps per topic-partition) or ``batch`` (one row per batch: offsets, counts, timestamps)."""

    @classmethod
    def name(cls) -> str:
        return "kaflite-logend"

    def _level(self) -> str:
        level = (option(self.options, "level", "partition") or "partition").lower()
        if level not in ("partition", "batch"):
            raise ValueError(f"kaflite-logend: level must be 'partition' or 'batch', not {level!r}")
        return level

    def schema(self) -> StructType:
        return schemas.PARTITIONS if self._level() == "partition" else schemas.BATCHES

    def reader(self, schema: StructType) -> DataSourceReader:
        return KafliteLogEndReader(self.options, self._level())


SOURCES: tuple[type[DataSource], ...] = (KafliteLogDataSource, KafliteOffsetsDataSource, KafliteLogEndDataSource,
                                         KafliteTransactionsDataSource)


def register(spark: Any) -> None:
    """Register the sources, and allow Python filter pushdown (used by ``pushdown=true`` only)."""
    spark.conf.set("spark.sql.python.filterPushdown.enabled", "true")
    for source in SOURCES:
        spark.dataSource.register(source)


__all__ = ["SOURCES", "Segment", "register"]
