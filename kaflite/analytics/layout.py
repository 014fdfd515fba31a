"""Find topic-partitions and their segment files in a Kafka-layout log directory.

Only the file names are trusted (``<topic>-<partition>/<20-digit base offset>.log``), so a kaflite data
dir, a real Kafka log dir and a bare copy of ``.log`` files all read the same way; kaflite's own
metadata (registry, checkpoints) is never needed.
"""

from __future__ import annotations

import os
import re
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

_SEGMENT = re.compile(r"^(\d{20})\.log$")
_PARTITION_DIR = re.compile(r"^(.+)-(\d+)$")
_TIME_ENTRY = struct.Struct(">qi")
CONSUMER_OFFSETS = "__consumer_offsets"


@dataclass(frozen=True, slots=True)
class Segment:
    """One ``.log`` file; `next_base_offset` is the following segment's base (None for the active one).

    `max_timestamp` comes from the ``.timeindex`` of a rolled segment (Kafka writes the segment's max
    timestamp as the last entry on roll); None when unknown, which disables time pruning for it.
    """

    topic: str
    partition: int
    base_offset: int
    path: str
    size: int
    next_base_offset: int | None = None
    max_timestamp: int | None = None

    @property
    def is_active(self) -> bool:
        return self.next_base_offset is None


@dataclass(slots=True)
class TopicPartition:
    topic: str
    partition: int
    segments: list[Segment] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.topic}-{self.partition}"


def parse_partition_dir(name: str) -> tuple[str, int] | None:
    """``orders-3`` → ("orders", 3); None for deleted/future dirs and other files (Kafka's suffixes)."""
    if name.endswith(("-delete", "-future", "-stray")) or "." in name.rsplit("-", 1)[-1]:
        return None
    m = _PARTITION_DIR.match(name)
    if not m:
        return None
    return m.group(1), int(m.group(2))


def read_time_index_max(path: Path) -> int | None:
    """Largest timestamp in a ``.timeindex`` (ignoring the zero padding of Kafka's preallocated files)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    best: int | None = None
    for pos in range(0, len(data) - len(data) % _TIME_ENTRY.size, _TIME_ENTRY.size):
        ts, rel = _TIME_ENTRY.unpack_from(data, pos)
        if ts == 0 and rel == 0 and pos > 0:
            break  # preallocated tail
        if ts >= 0 and (best is None or ts > best):
            best = ts
    return best


def scan_data_dir(data_dir: str | os.PathLike[str], topics: Iterable[str] | None = None,
                  *, include_internal: bool = False) -> list[TopicPartition]:
    """Every topic-partition with its segments (sorted), optionally only `topics`.

    ``__consumer_offsets`` is left out unless asked for by name or with `include_internal`.
    """
    root = Path(data_dir)
    wanted = set(topics) if topics else None
    out: list[TopicPartition] = []
    for entry in sorted(os.scandir(root), key=lambda e: e.name):
        if not entry.is_dir():
            continue
        parsed = parse_partition_dir(entry.name)
        if parsed is None:
            continue
        topic, partition = parsed
        if wanted is not None and topic not in wanted:
            continue
        if wanted is None and topic.startswith("__") and not include_internal:
            continue
        tp = TopicPartition(topic, partition)
        files = []
        for f in os.scandir(entry.path):
            m = _SEGMENT.match(f.name)
            if m and f.is_file():
                files.append((int(m.group(1)), f.path, f.stat().st_size))
        files.sort()
        for i, (base, path, size) in enumerate(files):
            nxt = files[i + 1][0] if i + 1 < len(files) else None
            max_ts = read_time_index_max(Path(path).with_suffix(".timeindex")) if nxt is not None else None
            tp.segments.append(Segment(topic, partition, base, path, size, nxt, max_ts))
        out.append(tp)
    out.sort(key=lambda t: (t.topic, t.partition))
    return out


def topic_names(data_dir: str | os.PathLike[str]) -> dict[str, str]:
    """Topic id (as Kafka prints a Uuid) -> topic name, from each partition directory's
    ``partition.metadata`` (Kafka's file: ``version: 0`` / ``topic_id: <id>``). KIP-848 records name
    topics by id only; a topic deleted since has no directory and stays an id."""
    out: dict[str, str] = {}
    root = Path(data_dir)
    if not root.is_dir():
        return out
    for entry in os.scandir(root):
        parsed = parse_partition_dir(entry.name) if entry.is_dir() else None
        if parsed is None or parsed[0] in out.values():
            continue
        try:
            text = (Path(entry.path) / "partition.metadata").read_text()
        except OSError:
            continue
        for line in text.splitlines():
            name, _, value = line.partition(":")
            if name.strip() == "topic_id" and value.strip():
                out[value.strip()] = parsed[0]
    return out
