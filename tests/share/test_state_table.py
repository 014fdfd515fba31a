"""Record state x event -> record state, as a table (SP-ST-1/2, SP-ACK-2/3, SP-LOCK-1/2, SP-ADV-2, SS-CL-1).

The record under test is offset 1 of a share partition with `group.share.delivery.count.limit` 3.
Offset 0 is held by another member under a lock that never expires in the test, so the SPSO stays
at 0 and a final record stays in the window where the table can see it. The member "m1" owns the
record whenever it is ACQUIRED; "m3" is a stranger. Every write an event makes is reported as
successful. Each row: in STATE (delivery count), EVENT -> the answer (an error code, or NONE) and
the record's state and delivery count afterwards; LEFT: it is final and below the SPSO, so it left
the window (memory) altogether.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.share import LogBatch, RecordState, SharePartition
from tests.share.helpers import ACCEPT, GAP, LOCK, NOW, REJECT, RELEASE, RENEW, A, K, Q, X, ack, make

E = ErrorCode
LIMIT = 3
FOREVER = 10**12
REC = [LogBatch(1, 1)]


class Setup(NamedTuple):
    state: RecordState
    count: int
    build: Callable[[], tuple[SharePartition, int]]  # the partition and the time now


def _base() -> SharePartition:
    sp = make(delivery_count_limit=LIMIT)
    sp.acquire("m2", [LogBatch(0, 0)], max_records=1, now_ms=NOW, lock_duration_ms=FOREVER)
    return sp


def _acquired(times: int) -> tuple[SharePartition, int]:
    sp = _base()
    t = NOW
    for i in range(times):
        assert sp.acquire("m1", REC, max_records=10, now_ms=t).count == 1
        if i < times - 1:
            t += LOCK
            sp.expire_locks(t)
    return sp, t


def _available() -> tuple[SharePartition, int]:
    sp, t = _acquired(1)
    sp.expire_locks(t + LOCK)
    return sp, t + LOCK


def _settled(ack_type: int) -> Callable[[], tuple[SharePartition, int]]:
    def build() -> tuple[SharePartition, int]:
        sp, t = _acquired(1)
        res = sp.acknowledge("m1", [ack(1, 1, ack_type)], now_ms=t)
        assert res.change.write is not None
        sp.complete_write(res.change.write.write_id, True, now_ms=t)
        return sp, t

    return build


SETUPS = {
    "AVAILABLE": Setup(A, 1, _available),
    "ACQUIRED": Setup(Q, 1, lambda: _acquired(1)),
    "ACQUIRED-LAST": Setup(Q, LIMIT, lambda: _acquired(LIMIT)),  # its last delivery
    "ACKNOWLEDGED": Setup(K, 1, _settled(ACCEPT)),
    "ARCHIVED": Setup(X, 1, _settled(REJECT)),
}


def _ack(member: str, ack_type: int) -> Callable[[SharePartition, int], ErrorCode]:
    def run(sp: SharePartition, t: int) -> ErrorCode:
        res = sp.acknowledge(member, [ack(1, 1, ack_type)], now_ms=t, renew_allowed=True)
        if res.change.write is not None:
            sp.complete_write(res.change.write.write_id, True, now_ms=t)
        return res.error_code

    return run


def _acquire(sp: SharePartition, t: int) -> ErrorCode:
    sp.acquire("m1" if sp.next_fetch_offset() == 1 else "m3", REC, max_records=10, now_ms=t)
    return E.NONE


def _expire(sp: SharePartition, t: int) -> ErrorCode:
    sp.expire_locks(t + LOCK)
    return E.NONE


def _depart(sp: SharePartition, t: int) -> ErrorCode:
    ch = sp.release_member("m1")
    if ch.write is not None:
        sp.complete_write(ch.write.write_id, True, now_ms=t)
    return E.NONE


def _log_start(sp: SharePartition, t: int) -> ErrorCode:
    sp.update_log_start(2)
    return E.NONE


EVENTS: dict[str, Callable[[SharePartition, int], ErrorCode]] = {
    "acquire": _acquire,
    "accept": _ack("m1", ACCEPT),
    "release": _ack("m1", RELEASE),
    "reject": _ack("m1", REJECT),
    "gap": _ack("m1", GAP),
    "renew": _ack("m1", RENEW),
    "stranger-accept": _ack("m3", ACCEPT),
    "lock-expiry": _expire,
    "member-departs": _depart,
    "log-start-passes": _log_start,
}

BAD = E.INVALID_RECORD_STATE
OK = E.NONE
LEFT = None
# state: event -> (answer, state after, count after); the count only changes on acquisition.
TABLE: dict[str, dict[str, tuple[ErrorCode, RecordState | None, int]]] = {
    "AVAILABLE": {
        "acquire": (OK, Q, 2),
        "accept": (BAD, A, 1),
        "release": (BAD, A, 1),
        "reject": (BAD, A, 1),
        "gap": (BAD, A, 1),
        "renew": (BAD, A, 1),
        "stranger-accept": (BAD, A, 1),
        "lock-expiry": (OK, A, 1),
        "member-departs": (OK, A, 1),
        "log-start-passes": (OK, LEFT, 1),  # SP-ADV-2: archived (nothing written) and passed
    },
    "ACQUIRED": {
        "acquire": (OK, Q, 1),  # held: nobody else gets it
        "accept": (OK, K, 1),
        "release": (OK, A, 1),
        "reject": (OK, X, 1),
        "gap": (OK, X, 1),
        "renew": (OK, Q, 1),
        "stranger-accept": (BAD, Q, 1),
        "lock-expiry": (OK, A, 1),
        "member-departs": (OK, A, 1),
        "log-start-passes": (OK, Q, 1),  # archived at acknowledgement or expiry, not now
    },
    "ACQUIRED-LAST": {
        "acquire": (OK, Q, 3),
        "accept": (OK, K, 3),
        "release": (OK, X, 3),  # SP-ST-1: the delivery limit turns AVAILABLE into ARCHIVED
        "reject": (OK, X, 3),
        "gap": (OK, X, 3),
        "renew": (OK, Q, 3),
        "stranger-accept": (BAD, Q, 3),
        "lock-expiry": (OK, X, 3),
        "member-departs": (OK, X, 3),
        "log-start-passes": (OK, Q, 3),
    },
    "ACKNOWLEDGED": {
        "acquire": (OK, K, 1),
        "accept": (BAD, K, 1),
        "release": (BAD, K, 1),
        "reject": (BAD, K, 1),
        "gap": (BAD, K, 1),
        "renew": (BAD, K, 1),
        "stranger-accept": (BAD, K, 1),
        "lock-expiry": (OK, K, 1),
        "member-departs": (OK, K, 1),
        "log-start-passes": (OK, LEFT, 1),
    },
    "ARCHIVED": {
        "acquire": (OK, X, 1),
        "accept": (BAD, X, 1),
        "release": (BAD, X, 1),
        "reject": (BAD, X, 1),
        "gap": (BAD, X, 1),
        "renew": (BAD, X, 1),
        "stranger-accept": (BAD, X, 1),
        "lock-expiry": (OK, X, 1),
        "member-departs": (OK, X, 1),
        "log-start-passes": (OK, LEFT, 1),
    },
}

ROWS = [(state, event, *TABLE[state][event]) for state in TABLE for event in EVENTS]


def test_the_table_is_complete() -> None:
    assert set(TABLE) == set(SETUPS)
    assert all(set(row) == set(EVENTS) for row in TABLE.values())


@pytest.mark.parametrize(("state", "event", "answer", "after", "count"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS])
def test_sp_st_1_state_table(state: str, event: str, answer: ErrorCode, after: RecordState | None, count: int) -> None:
    setup = SETUPS[state]
    sp, t = setup.build()
    record = dict(sp.states())[1]
    assert (record.state, record.delivery_count) == (setup.state, setup.count)
    assert EVENTS[event](sp, t) == answer
    record = dict(sp.states()).get(1)
    if after is LEFT:
        assert record is None and sp.start_offset == 2
        return
    assert record is not None, "offset 1 left the window"
    assert (record.state, record.delivery_count) == (after, count)
    # Nobody but m1 ever holds the record, and only while it is ACQUIRED.
    assert (record.member_id == "m1") == (record.state is RecordState.ACQUIRED)
