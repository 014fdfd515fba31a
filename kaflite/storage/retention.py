"""Which segments retention deletes, oldest first and whole (Kafka's UnifiedLog
`deleteRetentionMsBreachedSegments`, `deleteRetentionSizeBreachedSegments` and
`deleteLogStartOffsetBreachedSegments`). `PartitionLog` deletes them (`apply_retention`).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable

from kaflite.storage.segment import LogSegment


def time_breached(segments: list[LogSegment], retention_ms: int, now_ms: int) -> list[LogSegment]:
    """The oldest segments whose largest timestamp is more than `retention.ms` ago."""
    return _oldest_while(segments, lambda seg: now_ms - _largest_timestamp(seg) > retention_ms)


def size_breached(segments: list[LogSegment], retention_bytes: int) -> list[LogSegment]:
    """The oldest segments whose removal keeps the log at or above `retention.bytes`, as many as fit."""
    excess = sum(s.size for s in segments) - retention_bytes

    def over(seg: LogSegment) -> bool:
        nonlocal excess
        if excess - seg.size >= 0:
            excess -= seg.size
            return True
        return False

    return _oldest_while(segments, over)


def start_offset_breached(segments: list[LogSegment], log_start_offset: int) -> list[LogSegment]:
    """Whole segments below the log start offset (the next one starts at or before it), whatever the cleanup
    policy; the active segment stays."""
    doomed: list[LogSegment] = []
    for seg, nxt in itertools.pairwise(segments):
        if nxt.base_offset > log_start_offset:
            break
        doomed.append(seg)
    return doomed


def _oldest_while(segments: list[LogSegment], predicate: Callable[[LogSegment], bool]) -> list[LogSegment]:
    doomed: list[LogSegment] = []
    for seg in segments:
        if seg.is_empty() or not predicate(seg):
            break
        doomed.append(seg)
    return doomed


def _largest_timestamp(seg: LogSegment) -> int:
    """The segment's largest record timestamp or, with none, its file's modification time (as Kafka)."""
    if seg.max_timestamp >= 0:
        return seg.max_timestamp
    try:
        return int(os.stat(seg.log_path).st_mtime * 1000)
    except FileNotFoundError:
        return 0
