"""What a `kaflite-*` read covers: the sources' options, the pruning that pushed filters allow, and the
input partitions (one per segment file, or one per topic-partition for header-only summaries).

Apart from `kaflite.analytics.sources` (the Spark readers) because this is decided on the driver, before
any segment is opened, from options, file names and time indexes alone; the readers only hand it their
options and filters. Spark pickles the readers and splits by reference to these classes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pyspark.sql.datasource import (
    EqualTo,
    Filter,
    GreaterThan,
    GreaterThanOrEqual,
    In,
    InputPartition,
    LessThan,
    LessThanOrEqual,
)

from kaflite.analytics.decode import Bounds
from kaflite.analytics.layout import TopicPartition

#: Naive datetimes in pushed filters may be in any session time zone: widen time pruning by this much.
_TZ_SLACK_MS = 15 * 3600 * 1000


# --------------------------------------------------------------------------------------------------------
# options


def option(options: Any, name: str, default: str | None = None) -> str | None:
    """Case-insensitive option lookup (Spark lower-cases option names on some paths)."""
    if name in options:
        return options[name]
    lower = name.lower()
    for k, v in options.items():
        if k.lower() == lower:
            return v
    return default


def parse_time(text: str | None) -> int | None:
    """Epoch milliseconds from an integer string or an ISO-8601 time (naive = UTC)."""
    if text is None or text == "":
        return None
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return int(dt.timestamp() * 1000)


def data_dir_option(options: Any) -> str:
    path = option(options, "path") or option(options, "dataDir")
    if not path:
        raise ValueError("kaflite sources need a data directory: .load(DIR) or .option('dataDir', DIR)")
    return path


def topics_option(options: Any) -> list[str] | None:
    raw = option(options, "topics")
    return [t.strip() for t in raw.split(",") if t.strip()] if raw else None


def include_internal_option(options: Any) -> bool:
    return (option(options, "includeInternal", "false") or "false").lower() == "true"


class OffsetSpec:
    """`startingOffset`/`endingOffset`: one integer for every partition, or Kafka-style JSON
    ``{"topic": {"0": 42}}`` (partitions not listed are unbounded)."""

    def __init__(self, text: str | None) -> None:
        self.all: int | None = None
        self.per: dict[tuple[str, int], int] = {}
        if text is None or text.strip() in ("", "earliest", "latest"):
            return
        text = text.strip()
        if text.lstrip("-").isdigit():
            self.all = int(text)
            return
        for topic, parts in json.loads(text).items():
            for p, off in parts.items():
                self.per[(topic, int(p))] = int(off)

    def get(self, topic: str, partition: int) -> int | None:
        return self.per.get((topic, partition), self.all)


def _to_ms(value: Any) -> tuple[int, bool] | None:
    """A pushed filter's literal as epoch ms, and whether it was naive (time zone unknown)."""
    if isinstance(value, datetime):
        naive = value.tzinfo is None
        return int((value.replace(tzinfo=UTC) if naive else value).timestamp() * 1000), naive
    if isinstance(value, int):
        return value, False
    return None


@dataclass
class Pruning:
    """What pushed filters allow us to skip; conservative (Spark still evaluates every filter)."""

    topics: set[str] | None = None
    partitions: set[int] | None = None
    min_offset: int | None = None
    max_offset_excl: int | None = None
    min_time: int | None = None
    max_time: int | None = None

    def take(self, f: Filter, offset_col: str, time_col: str) -> None:
        # Not, And and Or carry no attribute of their own: they prune nothing (Spark still applies them)
        attribute: tuple[str, ...] = getattr(f, "attribute", ())
        col = attribute[0] if len(attribute) == 1 else None
        value: Any = getattr(f, "value", None)
        if col == "topic" and isinstance(f, EqualTo):
            self.topics = {value} if self.topics is None else self.topics & {value}
        elif col == "topic" and isinstance(f, In):
            self.topics = set(value) if self.topics is None else self.topics & set(value)
        elif col == "partition" and isinstance(f, EqualTo):
            self.partitions = {value} if self.partitions is None else self.partitions & {value}
        elif col == "partition" and isinstance(f, In):
            self.partitions = set(value) if self.partitions is None else self.partitions & set(value)
        elif col == offset_col and isinstance(value, int):
            lo = {GreaterThan: value + 1, GreaterThanOrEqual: value, EqualTo: value}.get(type(f))
            hi = {LessThan: value, LessThanOrEqual: value + 1, EqualTo: value + 1}.get(type(f))
            if lo is not None:
                self.min_offset = lo if self.min_offset is None else max(self.min_offset, lo)
            if hi is not None:
                self.max_offset_excl = hi if self.max_offset_excl is None else min(self.max_offset_excl, hi)
        elif col == time_col and (ms := _to_ms(value)) is not None:
            t, naive = ms
            slack = _TZ_SLACK_MS if naive else 0
            if isinstance(f, GreaterThan | GreaterThanOrEqual | EqualTo):
                lo = t - slack
                self.min_time = lo if self.min_time is None else max(self.min_time, lo)
            if isinstance(f, LessThan | LessThanOrEqual | EqualTo):
                hi = t + slack
                self.max_time = hi if self.max_time is None else min(self.max_time, hi)


# --------------------------------------------------------------------------------------------------------
# input partitions


@dataclass
class SegmentSplit(InputPartition):
    """One segment file to decode, with the row bounds that apply to it."""

    topic: str
    partition: int
    path: str
    base_offset: int
    start_offset: int | None = None
    end_offset: int | None = None
    start_time: int | None = None
    end_time: int | None = None

    def __post_init__(self) -> None:
        InputPartition.__init__(self, self.path)

    def bounds(self) -> Bounds:
        return Bounds(self.start_offset, self.end_offset, self.start_time, self.end_time)


@dataclass
class PartitionSplit(InputPartition):
    """A whole topic-partition (header-only summaries)."""

    topic: str
    partition: int
    segments: list[tuple[int, str]]

    def __post_init__(self) -> None:
        InputPartition.__init__(self, f"{self.topic}-{self.partition}")


class EmptySplit(InputPartition):
    """Spark wants at least one partition; this one reads nothing."""

    def __init__(self) -> None:
        super().__init__(None)


def _max(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else max(a, b)


def _min(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


def plan_log_splits(tps: Sequence[TopicPartition], start: OffsetSpec, end: OffsetSpec, start_time: int | None,
                    end_time: int | None, pruning: Pruning | None = None) -> list[SegmentSplit]:
    """Segments that may hold matching records; the rest are skipped from file names and time indexes."""
    p = pruning or Pruning()
    splits: list[SegmentSplit] = []
    for tp in tps:
        if p.topics is not None and tp.topic not in p.topics:
            continue
        if p.partitions is not None and tp.partition not in p.partitions:
            continue
        lo = _max(start.get(tp.topic, tp.partition), p.min_offset)
        hi = _min(end.get(tp.topic, tp.partition), p.max_offset_excl)
        # pushed time filters only prune (Spark re-applies them); the options also filter rows
        t_prune = _max(start_time, p.min_time)
        for seg in tp.segments:
            if seg.size == 0:
                continue
            if lo is not None and seg.next_base_offset is not None and seg.next_base_offset <= lo:
                continue
            if hi is not None and seg.base_offset >= hi:
                continue
            if t_prune is not None and seg.max_timestamp is not None and seg.max_timestamp < t_prune:
                continue
            splits.append(SegmentSplit(seg.topic, seg.partition, seg.path, seg.base_offset, lo, hi,
                                       _max(start_time, p.min_time), end_time))
    return splits
