"""SharePartition against the spec (`../shared/design/share-groups.md`, SP-*), one test per rule at least: loading,
record states, acquisition, locks, the SPSO's advance, read_committed, persistence and a member's release. The
acknowledgement rules (SP-ACK-*) are test_acknowledgement.py."""

from __future__ import annotations

import pytest

from kaflite.coordinator_common.result import TimerOp
from kaflite.protocol.errors import ErrorCode
from kaflite.share import (
    AcquiredRecords,
    LogBatch,
    StateBatch,
    batches_to_send,
    reset_start_offset,
)
from kaflite.share.acknowledgement import (
    BATCH_NOT_ACQUIRED,
)
from tests.share.helpers import (
    ACCEPT,
    GAP,
    LOCK,
    NOW,
    REJECT,
    RELEASE,
    RENEW,
    A,
    K,
    Q,
    Store,
    X,
    ack,
    acked,
    acquire,
    logs,
    make,
    offsets_of,
    owners,
    singles,
    view,
)

E = ErrorCode
R = AcquiredRecords


# ------------------------------------------------------------------------------------------- load
def test_sp_load_1_persisted_batches_become_the_window() -> None:
    sp = make(10, (StateBatch(10, 14, K, 1), StateBatch(15, 19, A, 2), StateBatch(20, 24, X, 5)))
    # SP-ADV-1 at load: 10-14 are final, so the SPSO passes them; SPEO is the last batch's last offset.
    assert (sp.start_offset, sp.end_offset) == (15, 24)
    assert sp.next_fetch_offset() == 15
    a = acquire(sp, batches=logs((10, 24)))
    assert a.records == (R(15, 19, 3),)  # persisted count 2, this is the third delivery
    assert owners(sp) == dict.fromkeys(range(15, 20), "m1")


def test_sp_load_1_offsets_not_covered_are_delivered_as_new() -> None:
    # 10-14 were fetched before the restart but never written: a gap, delivered again at count 1.
    sp = make(10, (StateBatch(15, 19, K, 1), StateBatch(20, 24, A, 1)))
    assert sp.start_offset == 10  # no advance over a leading gap left by a load
    assert sp.next_fetch_offset() == 10
    a = acquire(sp, batches=logs((10, 14), (15, 19), (20, 24)))
    assert a.records == (R(10, 14, 1), R(20, 24, 2))
    acked(sp, "m1", ack(10, 14, ACCEPT), ack(20, 24, ACCEPT))
    assert (sp.start_offset, sp.end_offset, sp.in_flight_count()) == (25, 25, 0)


def test_sp_load_1_acquired_is_never_persisted() -> None:
    with pytest.raises(ValueError, match="ACQUIRED"):
        make(0, (StateBatch(0, 4, Q, 1),))


def test_sp_load_1_empty_state_starts_at_the_start_offset() -> None:
    sp = make(7)
    assert (sp.start_offset, sp.end_offset, sp.next_fetch_offset(), sp.in_flight_count()) == (7, 7, 7, 0)
    with pytest.raises(ValueError):
        make(-1)  # SP-RESET-1 resolves -1 before the share partition exists


def test_sp_reset_1_auto_offset_reset_strategies() -> None:
    kw = {"log_start_offset": 3, "high_watermark": 40}
    assert reset_start_offset("latest", **kw) == (40, E.NONE)
    assert reset_start_offset("earliest", **kw) == (3, E.NONE)
    assert reset_start_offset("by_duration:PT10M", offset_for_duration=12, **kw) == (12, E.NONE)
    assert reset_start_offset("by_duration:PT10M", offset_for_duration=None, **kw) == (-1, E.OFFSET_NOT_AVAILABLE)


# ------------------------------------------------------------------------------------ record states
def test_sp_st_1_acquire_then_each_acknowledgement_outcome() -> None:
    sp = make()
    acquire(sp, batches=singles(0, 3))
    assert view(sp) == {o: (Q, 1) for o in range(4)}
    acked(sp, "m1", ack(0, 3, ACCEPT, REJECT, GAP, RELEASE))
    assert view(sp) == {3: (A, 1)}  # 0-2 final: the SPSO passed them
    assert sp.start_offset == 3


def test_sp_st_1_final_states_refuse_every_transition() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4), (5, 9)), batch_size=5)
    acked(sp, "m1", ack(5, 9, ACCEPT))
    for t in (ACCEPT, RELEASE, REJECT, GAP):
        res = sp.acknowledge("m1", [ack(5, 9, t)], now_ms=NOW)
        assert (res.error_code, res.error_message) == (E.INVALID_RECORD_STATE, BATCH_NOT_ACQUIRED)
    assert view(sp)[5] == (K, 1)


def test_sp_st_1_release_at_the_delivery_limit_archives() -> None:
    sp = make(delivery_count_limit=2)
    acquire(sp, batches=logs((0, 9)))
    acked(sp, "m1", ack(0, 9, RELEASE))
    assert view(sp)[0] == (A, 1)
    assert acquire(sp, batches=logs((0, 9))).records == (R(0, 9, 2),)
    w = acked(sp, "m1", ack(0, 9, RELEASE))
    assert w is not None and w.state_batches == (StateBatch(0, 9, X, 2),)
    assert sp.start_offset == 10


def test_sp_st_2_delivery_count_counts_acquisitions_only() -> None:
    # SFAT testShareAcknowledgeRequestMaxDeliveryAttemptExhausted, L=2: released twice -> archived,
    # the next fetch returns only the ten new records.
    sp = make(delivery_count_limit=2)
    assert acquire(sp, batches=logs((0, 9))).records == (R(0, 9, 1),)
    acked(sp, "m1", ack(0, 9, RELEASE))
    assert view(sp)[0] == (A, 1)  # release leaves the count
    assert acquire(sp, batches=logs((0, 9))).records == (R(0, 9, 2),)
    acked(sp, "m1", ack(0, 9, RELEASE))
    assert sp.next_fetch_offset() == 10
    assert acquire(sp, batches=logs((10, 19))).records == (R(10, 19, 1),)


def test_sp_st_2_lock_expiry_does_not_count() -> None:
    sp = make()
    acquire(sp)
    sp.expire_locks(NOW + LOCK)
    assert view(sp)[0] == (A, 1)


# -------------------------------------------------------------------------------------- acquisition
def test_sp_acq_1_next_fetch_offset_and_soft_max_records() -> None:
    sp = make()
    assert sp.next_fetch_offset() == 0
    # Batch-optimised: a log batch is taken whole even past MaxRecords (soft limit).
    a = acquire(sp, batches=logs((0, 9), (10, 19)), max_records=3)
    assert a.records == (R(0, 9, 1),) and a.count == 10
    assert (sp.start_offset, sp.end_offset, sp.next_fetch_offset()) == (0, 9, 10)
    # Records ACQUIRED by anyone are skipped; new records after the SPEO extend it.
    b = acquire(sp, "m2", batches=logs((0, 9), (10, 19)))
    assert b.records == (R(10, 19, 1),)
    assert sp.end_offset == 19


def test_sp_acq_1_released_records_come_first_and_final_ones_never() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4), (5, 9)), batch_size=5)
    acked(sp, "m1", ack(0, 4, ACCEPT), ack(5, 9, RELEASE))
    assert sp.next_fetch_offset() == 5
    assert acquire(sp, "m2", batches=logs((5, 9), (10, 14))).records == (R(5, 9, 2), R(10, 14, 1))


def test_sp_acq_6_records_are_the_whole_log_batches_around_the_acquired_offsets() -> None:
    sp = make()
    read = logs((0, 4), (5, 9), (10, 14))
    a = acquire(sp, batches=read, max_records=3, record_limit_mode=True)
    assert a.records == (R(0, 2, 1),)
    assert batches_to_send(read, a.records) == [LogBatch(0, 4)]  # the client skips 3-4
    b = acquire(sp, "m2", batches=read[:2])
    assert b.records == (R(3, 3, 1), R(4, 4, 1), R(5, 9, 1))
    assert batches_to_send(read, b.records) == read[:2]  # 0-2 travel too: whole batches
    assert batches_to_send(read, ()) == []


def test_sp_acq_2_batch_size_cuts_at_log_batch_boundaries() -> None:
    # SFAT ...MultipleBatchesWithMaxRecordsAndBatchSize: ten 1-record batches, MaxRecords 5, BatchSize 1.
    sp = make()
    a = acquire(sp, batches=singles(0, 9), max_records=5, batch_size=1)
    assert a.records == tuple(R(o, o, 1) for o in range(5))
    sp2 = make()
    b = acquire(sp2, batches=logs((0, 2), (3, 5), (6, 8), (9, 11)), max_records=12, batch_size=4)
    assert b.records == (R(0, 5, 1), R(6, 11, 1))  # each entry reaches BatchSize before a cut


def test_sp_acq_3_record_limit_mode_cuts_inside_a_log_batch() -> None:
    sp = make()
    a = acquire(sp, batches=logs((0, 9)), max_records=3, record_limit_mode=True)
    assert a.records == (R(0, 2, 1),) and a.count == 3
    assert view(sp)[3] == (A, 0) and sp.end_offset == 9  # the rest stays AVAILABLE, tracked per offset
    assert sp.next_fetch_offset() == 3
    b = acquire(sp, "m2", batches=logs((0, 9)), max_records=3, record_limit_mode=True)
    assert offsets_of(b.records) == [3, 4, 5] and {r.delivery_count for r in b.records} == {1}
    # Batch-optimised on the same data would take the whole log batch.
    assert acquire(make(), batches=logs((0, 9)), max_records=3).records == (R(0, 9, 1),)


def test_sp_acq_4_in_flight_cap_stops_new_records() -> None:
    sp = make(max_record_locks=10)
    acquire(sp, batches=logs((0, 9)))
    assert sp.in_flight_count() == 10
    assert acquire(sp, "m2", batches=logs((10, 19))).records == ()  # at the cap: nothing new
    acked(sp, "m1", ack(0, 9, ACCEPT, ACCEPT, ACCEPT, ACCEPT, ACCEPT, RELEASE, ACCEPT, ACCEPT, ACCEPT, ACCEPT))
    assert (sp.start_offset, sp.in_flight_count(), sp.next_fetch_offset()) == (5, 5, 5)
    # Room for 5 more: the released record inside the window, then new records: a whole log batch,
    # even past the room left (the cap is checked before a batch, not inside it).
    a = acquire(sp, "m2", batches=logs((5, 9), (10, 19)), max_records=100)
    assert a.records == (R(5, 5, 2), R(10, 19, 1))
    assert sp.in_flight_count() == 15
    assert acquire(sp, "m3", batches=logs((20, 29))).records == ()


def test_sp_acq_4_at_the_cap_only_records_inside_the_window() -> None:
    sp = make(max_record_locks=10)
    acquire(sp, batches=singles(0, 9), batch_size=1)
    acked(sp, "m1", ack(3, 3, RELEASE))
    assert sp.in_flight_count() == 10 and sp.next_fetch_offset() == 3
    a = acquire(sp, "m2", batches=singles(3, 15))
    assert a.records == (R(3, 3, 2),)
    assert sp.end_offset == 9


def test_sp_acq_5_throttled_redelivery_halves_then_isolates() -> None:
    # L=6: T=3; a 500-record batch at count 3 goes out 250 at a time, at count 4 125 at a time.
    sp = make(delivery_count_limit=6)
    for _ in range(3):
        acquire(sp, batches=logs((0, 499)))
        sp.expire_locks(sp.lock_deadline())
    assert view(sp)[0] == (A, 3)
    a = acquire(sp, batches=logs((0, 499)), now=NOW)
    assert a.count == 250 and offsets_of(a.records) == list(range(250))
    b = acquire(sp, "m2", batches=logs((0, 499)))
    assert b.count == 250 and offsets_of(b.records) == list(range(250, 500))
    sp.expire_locks(NOW + LOCK)
    c = acquire(sp, batches=logs((0, 499)))
    assert c.count == 125 and {r.delivery_count for r in c.records} == {5}


def test_sp_acq_5_last_delivery_goes_alone() -> None:
    sp = make(delivery_count_limit=3)  # T=2, so the second delivery is already throttled
    acquire(sp, batches=logs((0, 3)))
    sp.expire_locks(NOW + LOCK)
    assert acquire(sp, batches=logs((0, 3))).records == (R(0, 3, 2),)  # count 1 < T: whole
    sp.expire_locks(NOW + 2 * LOCK)
    # Count 2 is the last but one: the third delivery of each record goes alone.
    seen = [acquire(sp, batches=logs((0, 3)), now=NOW + 3 * LOCK).records for _ in range(5)]
    assert seen == [(R(0, 0, 3),), (R(1, 1, 3),), (R(2, 2, 3),), (R(3, 3, 3),), ()]


def test_sp_acq_5_no_throttling_when_the_limit_is_two() -> None:
    sp = make(delivery_count_limit=2)
    acquire(sp, batches=logs((0, 99)))
    sp.expire_locks(NOW + LOCK)
    assert acquire(sp, batches=logs((0, 99))).records == (R(0, 99, 2),)


def test_sp_acq_5_a_throttled_batch_is_not_joined_to_others() -> None:
    sp = make(delivery_count_limit=5)
    acquire(sp, batches=logs((0, 9)))
    sp.expire_locks(NOW + LOCK)
    acquire(sp, batches=logs((0, 9)))
    sp.expire_locks(NOW + 2 * LOCK)
    acquire(sp, batches=logs((0, 9)))
    sp.expire_locks(NOW + 3 * LOCK)  # 0-9 now at count 3 >= T=3
    sp2_records = acquire(sp, batches=logs((0, 9), (10, 19)), now=NOW + 4 * LOCK).records
    assert offsets_of(sp2_records) == list(range(5))  # 10 >> 1, and no new records joined
    assert sp.end_offset == 9


# -------------------------------------------------------------------------------------------- locks
def test_sp_lock_1_expiry_releases_with_one_write_and_a_timer() -> None:
    sp = make()
    a = acquire(sp, batches=logs((0, 4), (5, 9)), batch_size=5)
    assert a.lock_duration_ms == LOCK and a.timers == (TimerOp("lock", NOW + LOCK),)
    assert sp.expire_locks(NOW + LOCK - 1).write is None  # not yet
    ch = sp.expire_locks(NOW + LOCK)
    assert ch.write is not None and ch.write.state_batches == (StateBatch(0, 9, A, 1),)
    assert ch.timers == (TimerOp("lock", None),)
    assert owners(sp) == {} and sp.next_fetch_offset() == 0


def test_sp_lock_1_expiry_at_the_limit_archives_and_advances() -> None:
    sp = make(delivery_count_limit=2)
    acquire(sp, now=NOW)
    sp.expire_locks(NOW + LOCK)
    acquire(sp, now=NOW + LOCK)
    ch = sp.expire_locks(NOW + 2 * LOCK)
    assert ch.write is not None and ch.write.state_batches == (StateBatch(0, 9, X, 2),)
    # SP-PERSIST-1: the write carries the SPSO before its advance (the share coordinator prunes below it).
    assert (ch.write.start_offset, ch.write.delivery_complete_count) == (0, 10)
    assert sp.start_offset == 10 and sp.in_flight_count() == 0


def test_sp_lock_1_group_lock_duration_and_timer_follows_the_earliest_lock() -> None:
    sp = make()
    a = acquire(sp, batches=logs((0, 4)), lock_duration_ms=500)
    assert a.timers == (TimerOp("lock", NOW + 500),)
    b = acquire(sp, "m2", batches=logs((5, 9)), now=NOW + 100)
    assert b.timers == ()  # the earliest deadline did not change
    acked(sp, "m1", ack(0, 4, ACCEPT))
    assert sp.lock_deadline() == NOW + 100 + LOCK


def test_sp_lock_2_renew_restarts_the_lock_without_a_write() -> None:
    sp = make()
    acquire(sp)
    res = sp.acknowledge("m1", [ack(0, 9, RENEW)], now_ms=NOW + 20_000, renew_allowed=True)
    assert res.error_code == E.NONE and res.change.write is None
    assert sp.lock_deadline() == NOW + 20_000 + LOCK
    assert sp.expire_locks(NOW + LOCK).write is None  # the old deadline passed, the records stay held
    assert view(sp)[0] == (Q, 1)


def test_sp_lock_2_renew_needs_is_renew_ack() -> None:
    sp = make()
    acquire(sp)
    res = sp.acknowledge("m1", [ack(0, 9, RENEW)], now_ms=NOW, renew_allowed=False)
    assert (res.error_code, res.error_message) == (E.INVALID_REQUEST, None)


# ------------------------------------------------------------------------------------------ advance
def test_sp_adv_1_spso_moves_after_the_write_past_final_records_only() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4), (5, 9), (10, 14)), batch_size=5)
    acked(sp, "m1", ack(5, 9, ACCEPT))
    assert sp.start_offset == 0  # 0-4 still ACQUIRED
    res = sp.acknowledge("m1", [ack(0, 4, REJECT)], now_ms=NOW)
    assert sp.start_offset == 0  # not before the write is durable
    assert res.change.write is not None
    sp.complete_write(res.change.write.write_id, True, now_ms=NOW)
    assert sp.start_offset == 10 and min(o for o, _ in sp.states()) == 10  # final batches left memory
    acked(sp, "m1", ack(10, 14, ACCEPT))
    assert (sp.start_offset, sp.end_offset, sp.in_flight_count(), list(sp.states())) == (15, 15, 0, [])


def test_sp_adv_1_inside_a_batch() -> None:
    sp = make()
    acquire(sp)
    acked(sp, "m1", ack(0, 3, ACCEPT))
    assert sp.start_offset == 4 and sp.end_offset == 9


def test_sp_adv_2_log_start_archives_available_records_without_a_write() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4), (5, 9), (10, 14)), batch_size=5)
    acked(sp, "m1", ack(0, 9, RELEASE))
    ch = sp.update_log_start(7)
    assert ch.write is None
    assert sp.start_offset == 7 and view(sp) == {7: (A, 1), 8: (A, 1), 9: (A, 1), **{o: (Q, 1) for o in range(10, 15)}}
    assert sp.next_fetch_offset() == 7


def test_sp_adv_2_acquired_records_below_the_log_start_are_archived_at_expiry() -> None:
    sp = make()
    acquire(sp)
    sp.update_log_start(5)
    assert sp.start_offset == 5 and owners(sp)[0] == "m1"
    ch = sp.expire_locks(NOW + LOCK)
    assert ch.write is not None
    assert set(ch.write.state_batches) == {StateBatch(0, 4, X, 1), StateBatch(5, 9, A, 1)}
    assert sp.start_offset == 5 and view(sp) == {o: (A, 1) for o in range(5, 10)}


def test_sp_adv_2_log_start_past_the_window() -> None:
    sp = make()
    acquire(sp)
    acked(sp, "m1", ack(0, 9, RELEASE))
    sp.update_log_start(30)
    assert (sp.start_offset, sp.end_offset, sp.in_flight_count(), sp.next_fetch_offset()) == (30, 30, 0, 30)


def test_sp_adv_1_a_hole_in_the_log_moves_the_spso_of_an_empty_window() -> None:
    sp = make(10)
    a = acquire(sp, batches=logs((15, 19)))  # 10-14 compacted away
    assert a.records == (R(15, 19, 1),) and sp.start_offset == 15


# ---------------------------------------------------------------------------------- read_committed
def test_sp_rc_1_aborted_batches_are_archived_and_markers_delivered() -> None:
    sp = make()
    batches = [
        LogBatch(0, 2, producer_id=7, is_transactional=True),  # aborted
        LogBatch(3, 3, producer_id=7, is_transactional=True, is_control=True),  # abort marker
        LogBatch(4, 6, producer_id=8, is_transactional=True),  # committed
        LogBatch(7, 7, producer_id=8, is_transactional=True, is_control=True),  # commit marker
        LogBatch(8, 9),
    ]
    a = sp.acquire("m1", batches, max_records=100, now_ms=NOW, aborted_transactions=[(7, 0)])
    assert a.records == (R(3, 9, 1),) and a.count == 7
    assert sp.start_offset == 3  # the aborted records were archived at acquisition and passed
    acked(sp, "m1", ack(3, 3, GAP), ack(4, 6, ACCEPT), ack(7, 7, GAP), ack(8, 9, ACCEPT))
    assert sp.start_offset == 10


def test_sp_rc_1_read_uncommitted_delivers_aborted_data() -> None:
    sp = make()
    batches = [LogBatch(0, 2, 7, True), LogBatch(3, 3, 7, True, True)]
    assert sp.acquire("m1", batches, max_records=100, now_ms=NOW).records == (R(0, 3, 1),)


# ------------------------------------------------------------------------------------------ persist
def test_sp_persist_1_write_shape_and_never_on_acquisition() -> None:
    sp = make()
    a = acquire(sp, batches=logs((0, 4), (5, 9)), batch_size=5)
    assert not hasattr(a, "write")  # an acquisition never writes
    acked(sp, "m1", ack(0, 4, ACCEPT))
    res = sp.acknowledge("m1", [ack(5, 6, ACCEPT), ack(7, 7, REJECT), ack(8, 9, RELEASE)], now_ms=NOW)
    w = res.change.write
    assert w is not None
    # StartOffset is the SPSO before this write's advance; DeliveryCompleteCount the final records >= it.
    assert (w.start_offset, w.delivery_complete_count) == (5, 3)
    assert w.state_batches == (StateBatch(5, 6, K, 1), StateBatch(7, 7, X, 1), StateBatch(8, 9, A, 1))


def test_sp_persist_1_restart_forgets_acquisitions() -> None:
    sp = make()
    store = Store(0)
    acquire(sp, batches=logs((0, 4), (5, 9), (10, 14)), batch_size=5)
    w = acked(sp, "m1", ack(5, 9, ACCEPT))
    assert w is not None
    store.apply(w)
    sp.expire_locks(NOW + LOCK)  # 0-4 and 10-14 released and written...
    re = store.reload()  # ...but the restart happens before that write: they come back as gaps
    assert (re.start_offset, re.end_offset, re.next_fetch_offset()) == (0, 9, 0)
    assert re.acquire("m9", logs((0, 4), (5, 9), (10, 14)), max_records=100, now_ms=NOW).records == (
        R(0, 4, 1),
        R(10, 14, 1),
    )


# ---------------------------------------------------------------------------------- member release
def test_ss_cl_1_release_member_returns_its_records() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4)))
    acquire(sp, "m2", batches=logs((5, 9)))
    ch = sp.release_member("m1")
    assert ch.write is not None and ch.write.state_batches == (StateBatch(0, 4, A, 1),)
    assert owners(sp) == dict.fromkeys(range(5, 10), "m2")
    assert acquire(sp, "m3", batches=logs((0, 4))).records == ()  # in transition until the write completes
    sp.complete_write(ch.write.write_id, True, now_ms=NOW)
    assert acquire(sp, "m3", batches=logs((0, 4))).records == (R(0, 4, 2),)
    assert sp.release_member("nobody").write is None


def test_sp_adv_2_compacted_records_before_the_first_fetched_batch_are_archived() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4), (5, 9)), batch_size=5)
    acked(sp, "m1", ack(0, 9, RELEASE))
    assert sp.next_fetch_offset() == 0
    # Compaction removed 0-4: the read from 0 starts at 5. Those cached AVAILABLE records are archived.
    a = acquire(sp, "m2", batches=logs((5, 9)))
    assert a.records == (R(5, 9, 2),)
    assert sp.start_offset == 5 and 0 not in dict(sp.states())
