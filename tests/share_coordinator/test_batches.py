"""SC-COMB-1: combining state batches (Kafka's PersisterStateBatchCombiner): examples, then properties against a
per-offset oracle."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from kaflite.share_coordinator.batches import StateBatch, combine, prune

B = StateBatch
AVAILABLE, ACKNOWLEDGED, ARCHIVED = 0, 2, 4


def test_sc_comb_1_pruning_cuts_below_the_start_offset_and_keeps_a_straddling_tail() -> None:
    batches = [B(0, 4, ACKNOWLEDGED, 1), B(5, 9, AVAILABLE, 1), B(10, 12, ARCHIVED, 5)]
    assert combine(batches, [], 7) == [B(7, 9, AVAILABLE, 1), B(10, 12, ARCHIVED, 5)]
    assert combine(batches, [], 13) == []
    assert combine(batches, [], -1) == batches  # -1: nothing pruned
    assert prune([B(3, 8, AVAILABLE, 1)], 8) == [B(8, 8, AVAILABLE, 1)]


def test_sc_comb_1_overlaps_go_to_the_greater_count_then_the_greater_state_not_the_newest() -> None:
    old = [B(0, 9, AVAILABLE, 2)]
    newer = [B(3, 5, ACKNOWLEDGED, 1)]  # newer, but delivered fewer times: loses
    assert combine(old, newer, -1) == [B(0, 9, AVAILABLE, 2)]
    assert combine(old, [B(3, 5, ACKNOWLEDGED, 2)], -1) == [  # same count: the greater state wins
        B(0, 2, AVAILABLE, 2), B(3, 5, ACKNOWLEDGED, 2), B(6, 9, AVAILABLE, 2)]
    assert combine([B(3, 5, ACKNOWLEDGED, 2)], old, -1) == combine(old, [B(3, 5, ACKNOWLEDGED, 2)], -1)


def test_sc_comb_1_adjacent_and_overlapping_equal_batches_merge() -> None:
    assert combine([B(0, 4, ACKNOWLEDGED, 1)], [B(5, 9, ACKNOWLEDGED, 1)], -1) == [B(0, 9, ACKNOWLEDGED, 1)]
    assert combine([B(0, 6, ACKNOWLEDGED, 1)], [B(3, 9, ACKNOWLEDGED, 1)], -1) == [B(0, 9, ACKNOWLEDGED, 1)]
    assert combine([B(0, 4, ACKNOWLEDGED, 1)], [B(6, 9, ACKNOWLEDGED, 1)], -1) == [  # a gap stays a gap
        B(0, 4, ACKNOWLEDGED, 1), B(6, 9, ACKNOWLEDGED, 1)]
    assert combine([B(0, 4, ACKNOWLEDGED, 1)], [B(5, 9, ARCHIVED, 1)], -1) == [
        B(0, 4, ACKNOWLEDGED, 1), B(5, 9, ARCHIVED, 1)]


def test_sc_comb_1_identical_ranges_keep_the_higher_priority() -> None:
    assert combine([B(0, 9, AVAILABLE, 3)], [B(0, 9, ARCHIVED, 3)], -1) == [B(0, 9, ARCHIVED, 3)]
    assert combine([B(0, 9, ARCHIVED, 3)], [B(0, 9, AVAILABLE, 4)], -1) == [B(0, 9, AVAILABLE, 4)]


batch = st.builds(
    lambda first, length, state, count: B(first, first + length, state, count),
    st.integers(0, 60), st.integers(0, 12), st.sampled_from([AVAILABLE, ACKNOWLEDGED, ARCHIVED]),
    st.integers(1, 4))


def oracle(batches: list[StateBatch], start_offset: int) -> dict[int, tuple[int, int]]:
    """offset -> (state, count) of its winner: the greatest (count, state) among the batches covering it."""
    best: dict[int, tuple[int, int]] = {}
    for b in batches:
        for o in range(max(b.first_offset, start_offset), b.last_offset + 1):
            if o not in best or (b.delivery_count, b.delivery_state) > (best[o][1], best[o][0]):
                best[o] = (b.delivery_state, b.delivery_count)
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(batch, max_size=8), st.lists(batch, max_size=8), st.one_of(st.just(-1), st.integers(0, 70)))
def test_sc_comb_1_properties(so_far: list[StateBatch], new: list[StateBatch], start_offset: int) -> None:
    out = combine(so_far, new, start_offset)
    # sorted, non-overlapping, well-formed, nothing below the start offset
    for a, b in itertools.pairwise(out):
        assert a.last_offset < b.first_offset
        # maximal: neighbours that touch differ in (state, count)
        if a.last_offset + 1 == b.first_offset:
            assert (a.delivery_state, a.delivery_count) != (b.delivery_state, b.delivery_count)
    assert all(b.first_offset <= b.last_offset for b in out)
    if start_offset != -1:
        assert all(b.first_offset >= start_offset for b in out)
    # each offset: covered exactly when some input covers it, by the winner's state and count
    covered = {o: (b.delivery_state, b.delivery_count) for b in out for o in range(b.first_offset, b.last_offset + 1)}
    assert covered == oracle([*so_far, *new], start_offset if start_offset != -1 else 0)
    # the order of the inputs does not matter, and combining is idempotent
    assert combine(new, so_far, start_offset) == out
    assert combine(out, [], start_offset) == out
    assert combine(out, out, start_offset) == out
