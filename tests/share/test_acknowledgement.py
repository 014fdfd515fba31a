"""SharePartition's acknowledgements against the spec (`../shared/design/share-groups.md`, SP-ACK-*), one test per
rule at least: the syntax checks (SP-ACK-1), the errors and messages, all or nothing per partition (SP-ACK-2), the
acknowledge types and their one write, rolled back when it fails (SP-ACK-3). The rest of SP-* is test_partition.py.
"""

from __future__ import annotations

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.share import AcknowledgementBatch, StateBatch
from kaflite.share.acknowledgement import (
    BATCH_NOT_ACQUIRED,
    FIRST_PAST,
    IN_TRANSITION,
    LAST_PAST,
    NOT_BATCH_OWNER,
    NOT_FOUND,
    NOT_OFFSET_OWNER,
    OFFSET_NOT_ACQUIRED,
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
    X,
    ack,
    acked,
    acquire,
    logs,
    make,
    owners,
    singles,
    view,
)

E = ErrorCode


# -------------------------------------------------------------------------------- acknowledgements
@pytest.mark.parametrize(
    "batches",
    [
        [ack(5, 4, ACCEPT)],  # FirstOffset > LastOffset
        [ack(0, 5, ACCEPT), ack(3, 9, ACCEPT)],  # not ascending
        [ack(0, 9)],  # no types
        [ack(0, 2, ACCEPT, ACCEPT)],  # several types, wrong count
        [ack(0, 0, 5)],  # outside 0-4
        [ack(0, 0, -1)],
    ],
)
def test_sp_ack_1_syntax_errors_are_invalid_request_and_touch_nothing(batches: list[AcknowledgementBatch]) -> None:
    sp = make()
    acquire(sp)
    res = sp.acknowledge("m1", [ack(0, 0, ACCEPT), *batches], now_ms=NOW, renew_allowed=True)
    assert (res.error_code, res.error_message, res.change.write) == (E.INVALID_REQUEST, None, None)
    assert view(sp) == {o: (Q, 1) for o in range(10)}


def test_sp_ack_1_equal_first_and_previous_last_passes() -> None:
    sp = make()
    acquire(sp)
    res = sp.acknowledge("m1", [ack(0, 5, ACCEPT), ack(5, 9, ACCEPT)], now_ms=NOW)
    # Syntax passes; offset 5 is then acknowledged twice, and the second time it is no longer ACQUIRED.
    assert res.error_code == E.INVALID_RECORD_STATE


def test_sp_ack_2_errors_and_messages() -> None:
    sp = make(10)
    acquire(sp, batches=logs((10, 14), (15, 19)), batch_size=5)
    acquire(sp, "m2", batches=logs((20, 24)))
    cases = [
        ([ack(0, 5, ACCEPT)], E.NONE, None),  # wholly below the SPSO: ignored
        ([ack(25, 30, ACCEPT)], E.INVALID_REQUEST, FIRST_PAST),
        ([ack(18, 30, ACCEPT)], E.INVALID_REQUEST, LAST_PAST),
        ([ack(20, 24, ACCEPT)], E.INVALID_RECORD_STATE, NOT_BATCH_OWNER),
        ([ack(22, 22, ACCEPT)], E.INVALID_RECORD_STATE, NOT_BATCH_OWNER),
    ]
    for batches, code, message in cases:
        res = sp.acknowledge("m1", batches, now_ms=NOW)
        assert (res.error_code, res.error_message) == (code, message), batches
    acked(sp, "m1", ack(15, 17, RELEASE))  # 15-17 AVAILABLE now, tracked per offset
    res = sp.acknowledge("m1", [ack(15, 15, ACCEPT)], now_ms=NOW)
    assert (res.error_code, res.error_message) == (E.INVALID_RECORD_STATE, OFFSET_NOT_ACQUIRED)
    acquire(sp, "m2", batches=logs((15, 19)))
    res = sp.acknowledge("m1", [ack(15, 15, ACCEPT)], now_ms=NOW)
    assert (res.error_code, res.error_message) == (E.INVALID_RECORD_STATE, NOT_OFFSET_OWNER)
    acked(sp, "m1", ack(10, 14, RELEASE))
    res = sp.acknowledge("m1", [ack(10, 14, ACCEPT)], now_ms=NOW)
    assert (res.error_code, res.error_message) == (E.INVALID_RECORD_STATE, BATCH_NOT_ACQUIRED)


def test_sp_ack_2_not_in_the_cache() -> None:
    sp = make(10)
    acquire(sp, batches=logs((10, 19)))
    res = sp.acknowledge("m1", [ack(8, 8, ACCEPT)], now_ms=NOW)
    assert res.error_code == E.NONE  # wholly below the SPSO: ignored
    res = sp.acknowledge("m1", [ack(5, 12, ACCEPT)], now_ms=NOW)
    assert res.error_code == E.NONE  # straddles the SPSO: its cached part is acknowledged
    sp2 = make(10, (StateBatch(15, 19, A, 1),))
    res = sp2.acknowledge("m1", [ack(11, 12, ACCEPT)], now_ms=NOW)
    assert (res.error_code, res.error_message) == (E.INVALID_RECORD_STATE, NOT_FOUND)


def test_sp_ack_2_in_transition_while_a_write_is_pending() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4), (5, 9)), batch_size=5)
    first = sp.acknowledge("m1", [ack(0, 4, RELEASE)], now_ms=NOW)
    assert first.change.write is not None
    # The released batch is AVAILABLE but its write is in flight: neither acquired nor acknowledged.
    assert acquire(sp, "m2", batches=logs((0, 4))).records == ()
    res = sp.acknowledge("m1", [ack(0, 4, ACCEPT)], now_ms=NOW)
    assert (res.error_code, res.error_message) == (E.INVALID_RECORD_STATE, BATCH_NOT_ACQUIRED)
    assert IN_TRANSITION.startswith("The record state is invalid")


def test_sp_ack_2_all_or_nothing_per_partition() -> None:
    sp = make()
    acquire(sp, batches=logs((0, 4), (5, 9)), batch_size=5)
    acquire(sp, "m2", batches=logs((10, 14)))
    res = sp.acknowledge("m1", [ack(0, 4, ACCEPT), ack(5, 7, REJECT), ack(10, 14, ACCEPT)], now_ms=NOW)
    assert (res.error_code, res.error_message) == (E.INVALID_RECORD_STATE, NOT_BATCH_OWNER)
    assert res.change.write is None
    assert view(sp) == {o: (Q, 1) for o in range(15)}
    assert owners(sp) == {**dict.fromkeys(range(10), "m1"), **dict.fromkeys(range(10, 15), "m2")}
    acked(sp, "m1", ack(0, 4, ACCEPT))  # nothing left in transition: it can be acknowledged now
    assert sp.start_offset == 5


def test_sp_ack_3_types_and_one_write() -> None:
    sp = make()
    acquire(sp, batches=singles(0, 4), batch_size=1)
    res = sp.acknowledge("m1", [ack(0, 4, GAP, ACCEPT, RELEASE, REJECT, RENEW)], now_ms=NOW, renew_allowed=True)
    assert res.error_code == E.NONE and res.change.write is not None
    assert res.change.write.state_batches == (
        StateBatch(0, 0, X, 1),
        StateBatch(1, 1, K, 1),
        StateBatch(2, 2, A, 1),
        StateBatch(3, 3, X, 1),
    )
    assert view(sp) == {0: (X, 1), 1: (K, 1), 2: (A, 1), 3: (X, 1), 4: (Q, 1)}
    assert sp.start_offset == 0  # nothing advances before the write is durable


def test_sp_ack_3_failed_write_rolls_back_to_acquired() -> None:
    sp = make()
    acquire(sp)
    res = sp.acknowledge("m1", [ack(0, 9, ACCEPT)], now_ms=NOW)
    assert res.change.write is not None
    ch = sp.complete_write(res.change.write.write_id, False, now_ms=NOW + 1)
    assert ch.write is None
    assert view(sp) == {o: (Q, 1) for o in range(10)} and sp.start_offset == 0
    assert sp.lock_deadline() == NOW + LOCK


def test_sp_ack_3_failed_write_after_the_lock_expired_releases() -> None:
    sp = make()
    acquire(sp)
    res = sp.acknowledge("m1", [ack(0, 9, ACCEPT)], now_ms=NOW)
    assert sp.expire_locks(NOW + LOCK).write is None  # in transition: the expiry leaves it alone
    assert res.change.write is not None
    ch = sp.complete_write(res.change.write.write_id, False, now_ms=NOW + LOCK + 5)
    assert ch.write is not None and ch.write.state_batches == (StateBatch(0, 9, A, 1),)
    assert view(sp)[0] == (A, 1) and owners(sp) == {}


