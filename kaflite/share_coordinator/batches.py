"""State batches and their combination (SC-COMB-1; Kafka's PersisterStateBatchCombiner).

A share-partition's state is a list of batches `[first, last]` with a delivery state (0 available, 2
acknowledged, 4 archived) and a delivery count. Writes carry batches that may overlap what is stored and
each other; `combine` folds them into the one sorted, non-overlapping list every reader sees.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable
from typing import NamedTuple


class StateBatch(NamedTuple):
    """Kafka's PersisterStateBatch: offsets `first_offset..last_offset` (inclusive) share one fate."""

    first_offset: int
    last_offset: int
    delivery_state: int
    delivery_count: int


def prune(batches: Iterable[StateBatch], start_offset: int) -> list[StateBatch]:
    """Drop what lies below `start_offset` (-1: nothing); a batch straddling it keeps its tail."""
    if start_offset == -1:
        return list(batches)
    kept = []
    for b in batches:
        if b.last_offset < start_offset:
            continue
        kept.append(b if b.first_offset >= start_offset else b._replace(first_offset=start_offset))
    return kept


def combine(so_far: Iterable[StateBatch], new: Iterable[StateBatch], start_offset: int) -> list[StateBatch]:
    """SC-COMB-1: `so_far` and `new` pruned at `start_offset`, then merged offset by offset.

    Where batches overlap, each offset takes the batch with the greater delivery count, then the greater
    delivery state (not the newer batch: a count only grows, and a terminal state outranks AVAILABLE at
    the same count). Adjacent or overlapping runs of equal (state, count) become one batch. The result is
    sorted and non-overlapping. A sweep over the batches' boundaries with a heap of the batches covering
    the current offset: O(n log n), where Kafka's TreeSet loop is the same up to how it splits ties.
    """
    batches = prune([*so_far, *new], start_offset)
    if len(batches) < 2:
        return batches
    batches.sort()
    bounds = sorted({b.first_offset for b in batches} | {b.last_offset + 1 for b in batches})
    out: list[StateBatch] = []
    live: list[tuple[int, int, int]] = []  # (-count, -state, last): the best covering batch on top
    i = 0
    for lo, hi in itertools.pairwise(bounds):  # the segment [lo, hi - 1]
        while i < len(batches) and batches[i].first_offset <= lo:
            b = batches[i]
            heapq.heappush(live, (-b.delivery_count, -b.delivery_state, b.last_offset))
            i += 1
        while live and live[0][2] < lo:  # ended before this segment
            heapq.heappop(live)
        if not live:
            continue  # a gap: no batch covers it
        count, state = -live[0][0], -live[0][1]
        prev = out[-1] if out else None
        if prev is not None and prev.last_offset + 1 == lo and (prev.delivery_state, prev.delivery_count) == (
                state, count):
            out[-1] = prev._replace(last_offset=hi - 1)
        else:
            out.append(StateBatch(lo, hi - 1, state, count))
    return out
