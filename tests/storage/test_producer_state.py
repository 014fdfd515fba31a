"""Idempotent producer checks, as Kafka's ProducerStateManager, including after recovery."""

from __future__ import annotations

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.storage import InvalidProducerEpochError, OutOfOrderSequenceError

from .conftest import T0, batch


def idem(seq: int, n: int = 2, *, pid: int = 1000, epoch: int = 0) -> bytes:
    return batch(n, producer_id=pid, producer_epoch=epoch, base_sequence=seq)


def test_in_sequence_appends(open_log) -> None:
    plog = open_log()
    assert plog.append(idem(0), leader_epoch=0, now_ms=T0).first_offset == 0
    assert plog.append(idem(2), leader_epoch=0, now_ms=T0).first_offset == 2


def test_duplicate_of_recent_batch_is_not_appended(open_log) -> None:
    plog = open_log()
    for seq in range(0, 14, 2):
        plog.append(idem(seq), leader_epoch=0, now_ms=T0)
    leo = plog.log_end_offset
    res = plog.append(idem(8), leader_epoch=0, now_ms=T0)
    assert res.error_code == ErrorCode.DUPLICATE_SEQUENCE_NUMBER
    assert (res.first_offset, res.last_offset) == (8, 9)
    assert plog.log_end_offset == leo
    # older than the last 5 batches: not found as a duplicate, so it is out of order
    with pytest.raises(OutOfOrderSequenceError):
        plog.append(idem(0), leader_epoch=0, now_ms=T0)


def test_gap_is_out_of_order(open_log) -> None:
    plog = open_log()
    plog.append(idem(0), leader_epoch=0, now_ms=T0)
    with pytest.raises(OutOfOrderSequenceError) as exc:
        plog.append(idem(5), leader_epoch=0, now_ms=T0)
    assert exc.value.error_code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
    assert plog.log_end_offset == 2


def test_epochs(open_log) -> None:
    plog = open_log()
    plog.append(idem(0, epoch=3), leader_epoch=0, now_ms=T0)
    with pytest.raises(InvalidProducerEpochError) as exc:
        plog.append(idem(2, epoch=2), leader_epoch=0, now_ms=T0)
    assert exc.value.error_code == ErrorCode.INVALID_PRODUCER_EPOCH
    with pytest.raises(OutOfOrderSequenceError):
        plog.append(idem(2, epoch=4), leader_epoch=0, now_ms=T0)
    # a new epoch starts over at sequence 0; the refused batches wrote nothing
    assert plog.append(idem(0, epoch=4), leader_epoch=0, now_ms=T0).first_offset == 2
    assert plog.append(idem(2, epoch=4), leader_epoch=0, now_ms=T0).first_offset == 4
    assert plog.log_end_offset == 6


def test_unknown_producer_may_start_anywhere_and_sequences_wrap(open_log) -> None:
    plog = open_log()
    first = plog.append(idem(2**31 - 2, n=2), leader_epoch=0, now_ms=T0)  # sequences 2**31-2, 2**31-1
    assert (first.first_offset, first.error_code) == (0, ErrorCode.NONE)
    wrapped = plog.append(idem(0), leader_epoch=0, now_ms=T0)  # the next sequence wraps to 0
    assert (wrapped.first_offset, wrapped.error_code) == (2, ErrorCode.NONE)
    with pytest.raises(OutOfOrderSequenceError):
        plog.append(idem(3), leader_epoch=0, now_ms=T0)  # 2 is next: a gap
    assert plog.log_end_offset == 4


def test_several_batches_in_one_append_are_checked_in_order(open_log) -> None:
    plog = open_log()
    plog.append(idem(0) + idem(2) + idem(4), leader_epoch=0, now_ms=T0)
    with pytest.raises(OutOfOrderSequenceError):
        plog.append(idem(6) + idem(9), leader_epoch=0, now_ms=T0)
    assert plog.log_end_offset == 6


@pytest.mark.parametrize("clean", [True, False])
def test_state_survives_restart(open_log, clean: bool) -> None:
    plog = open_log()
    for seq in range(0, 10, 2):
        plog.append(idem(seq), leader_epoch=0, now_ms=T0)
    plog.close()
    again = open_log(clean=clean)
    assert again.append(idem(6), leader_epoch=0, now_ms=T0).error_code == ErrorCode.DUPLICATE_SEQUENCE_NUMBER
    with pytest.raises(OutOfOrderSequenceError):
        again.append(idem(20), leader_epoch=0, now_ms=T0)
    assert again.append(idem(10), leader_epoch=0, now_ms=T0).first_offset == 10


def test_expiry_and_retention_forget_producers(open_log) -> None:
    plog = open_log()
    plog.append(idem(0), leader_epoch=0, now_ms=T0)
    assert plog.remove_expired_producers(T0 + 1000, 86_400_000) == []
    assert plog.remove_expired_producers(T0 + 86_400_000, 86_400_000) == [1000]
    assert plog.append(idem(57), leader_epoch=0, now_ms=T0).first_offset == 2  # unknown again: any sequence


def test_last_timestamp_is_the_last_batchs_as_kafkas_add_batch(open_log) -> None:
    """ProducerStateEntry.addBatch sets lastTimestamp to the batch's max timestamp, even an older one
    (a CreateTime from a producer's clock), and a marker sets it to the marker's; a replay agrees."""
    plog = open_log()
    plog.append(batch(2, ts=T0 + 500, producer_id=1000, producer_epoch=0, base_sequence=0), leader_epoch=0,
                now_ms=T0)
    plog.append(batch(2, ts=T0 + 100, producer_id=1000, producer_epoch=0, base_sequence=2), leader_epoch=0,
                now_ms=T0)
    assert plog.producer_state.producers[1000].last_timestamp == T0 + 100
    plog.append(batch(1, ts=T0 + 900, producer_id=2000, producer_epoch=3, base_sequence=0, is_transactional=True),
                leader_epoch=0, now_ms=T0)
    plog.append_end_txn_marker(2000, 3, 7, committed=True, leader_epoch=0, now_ms=T0 + 50)
    entry = plog.producer_state.producers[2000]
    assert (entry.last_timestamp, entry.coordinator_epoch, entry.current_txn_first_offset) == (T0 + 50, 7, -1)
    plog.close()
    again = open_log(clean=True)
    assert {pid: (e.last_timestamp, e.coordinator_epoch) for pid, e in again.producer_state.producers.items()} == {
        1000: (T0 + 100, -1), 2000: (T0 + 50, 7)}
