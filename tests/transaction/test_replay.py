"""TX-LOG-2 / TX-END-3: replaying `__transaction_state` rebuilds the state exactly, and a crash at any step of a
commit or an abort is recovered (a transaction left in Prepare* is completed by the load)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kaflite.protocol.errors import ErrorCode as E
from kaflite.transaction import TransactionCoordinatorConfig, TransactionState
from kaflite.transaction.records import decode_transaction_log_key, transaction_log_key
from tests.transaction.harness import Harness, Record

S = TransactionState


# ====================================================================== scenarios
def commit_across_partitions(h: Harness) -> None:
    pid, epoch = h.begin("t")
    h.add("t", pid, epoch, {"t2": [0, 1]})
    h.add_offsets("t", pid, epoch, "g")
    h.end("t", pid, epoch, True)


def abort(h: Harness) -> None:
    pid, epoch = h.begin("t")
    h.end("t", pid, epoch, False)


def abort_then_commit(h: Harness) -> None:
    pid, epoch = h.begin("t")
    h.end("t", pid, epoch, False)
    h.add_one("t", pid, epoch, "t1", 1)
    h.end("t", pid, epoch, True)


def fenced_by_a_second_producer(h: Harness) -> None:
    h.begin("t")
    assert h.init("t").error_code == E.CONCURRENT_TRANSACTIONS
    assert h.init("t").error_code == 0


def timed_out(h: Harness) -> None:
    h.apply(h.coord.start())
    h.begin("t", timeout=100)
    h.tick(10_000)
    assert h.state("t") == "CompleteAbort"


def expired(h: Harness) -> None:
    h.init("gone")
    h.init("stays")
    h.clock.advance(604_800_000)
    h.init("stays")
    h.apply(h.coord.remove_expired_transactional_ids())
    assert h.state("gone") == "absent"


def epoch_rotation(h: Harness) -> None:
    r = h.init("t")
    md = h.coord.transaction("t")
    assert md is not None
    md.producer_epoch = 32766
    h.init("t", pid=r.producer_id, epoch=32766)


def many_ids_interleaved(h: Harness) -> None:
    ids = [f"app-{i}" for i in range(20)]
    started = {tid: h.begin(tid) for tid in ids}
    for i, (tid, (pid, epoch)) in enumerate(started.items()):
        if i % 3 == 0:
            h.end(tid, pid, epoch, True)
        elif i % 3 == 1:
            h.end(tid, pid, epoch, False)
        h.clock.advance(1)


def left_open(h: Harness) -> None:
    pid, epoch = h.begin("t")
    h.add_offsets("t", pid, epoch, "g")


SCENARIOS: list[Callable[[Harness], None]] = [
    commit_across_partitions, abort, abort_then_commit, fenced_by_a_second_producer, timed_out, expired,
    epoch_rotation, many_ids_interleaved, left_open,
]


def compacted(log: dict[int, list[Record]], drop_tombstones: bool) -> dict[int, list[Record]]:
    """What the log cleaner leaves: the last record per key (tombstones too, until delete.retention.ms)."""
    out: dict[int, list[Record]] = {}
    for p, recs in log.items():
        last: dict[bytes, Record] = {}
        for k, v in recs:
            last.pop(k, None)
            last[k] = (k, v)
        out[p] = [r for r in last.values() if not (drop_tombstones and r[1] is None)]
    return out


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_tx_log_2_replay_of_every_scenario_rebuilds_identical_state(scenario: Callable[[Harness], None]) -> None:
    h = Harness()
    scenario(h)
    live = h.coord.state_snapshot()
    assert live  # every scenario leaves state behind
    log = {p: list(rs) for p, rs in h.log.items()}
    for replayed_log in (log, compacted(log, False), compacted(log, True)):
        res = h.reload(replayed_log)
        assert h.coord.state_snapshot() == live
        assert not res.markers and not res.records  # nothing was left in Prepare*


def test_tx_log_2_last_producer_epoch_is_not_stored() -> None:
    """After a load a retry with the previous epoch is fenced: Kafka keeps lastProducerEpoch in memory only."""
    h = Harness()
    r = h.init("t")
    h.init("t", pid=r.producer_id, epoch=0)  # epoch 1, last 0
    h.reload()
    assert h.coord.transaction("t").last_producer_epoch == -1  # type: ignore[union-attr]
    assert h.init("t", pid=r.producer_id, epoch=0).error_code == E.PRODUCER_FENCED


def test_tx_log_2_unknown_key_version_is_skipped_and_tombstone_removes() -> None:
    h = Harness()
    h.init("t")
    p = h.coord.partition_for("t")
    h.log[p].append((b"\x00\x07junk", b"whatever"))
    h.reload()
    assert h.state("t") == "Empty"
    h.log[p].append((transaction_log_key("t"), None))
    h.reload()
    assert h.state("t") == "absent"


def test_tx_log_2_load_does_not_check_transitions() -> None:
    """Compaction may leave any record last: a load takes the last value as it is."""
    h = Harness(auto_markers=False)
    pid, epoch = h.begin("t")
    h.end("t", pid, epoch, True)
    p = h.coord.partition_for("t")
    prepare = h.log[p][-1]
    res = h.reload({p: [prepare]})  # only the PrepareCommit survived compaction
    assert h.state("t") == "PrepareCommit" and len(res.markers) == 1


# ====================================================================== crash at every step
STEPS = ["init", "add", "add_offsets", "prepare", "markers_written", "complete"]


@pytest.mark.parametrize("commit", [True, False], ids=["commit", "abort"])
@pytest.mark.parametrize("crash_after", STEPS)
def test_tx_end_3_crash_at_every_step_then_recover(commit: bool, crash_after: str) -> None:
    """Stop after each step, reload from the records, and let the transaction finish."""
    h = Harness(auto_markers=False)
    r = h.init("t")
    pid, epoch = r.producer_id, r.producer_epoch
    if crash_after != "init":
        assert h.add("t", pid, epoch, {"t1": [0], "t2": [3]}) == {("t1", 0): 0, ("t2", 3): 0}
    if crash_after not in ("init", "add"):
        assert h.add_offsets("t", pid, epoch, "g") == 0
    if crash_after in ("prepare", "markers_written", "complete"):
        assert h.end("t", pid, epoch, commit) == 0
    written_before_crash = list(h.pending_markers)
    if crash_after in ("markers_written", "complete"):
        # The broker wrote every marker; "markers_written" crashes before the Complete record is durable.
        m, = h.pending_markers
        h.pending_markers.clear()
        h.written_markers.append(m)
        res = h.coord.markers_written(m.transactional_id, m.producer_id, m.producer_epoch, m.committed)
        if crash_after == "complete":
            h.apply(res)
    # -- crash: what is in the log survives, nothing else.
    h.pending_markers.clear()
    h.auto_markers = True
    res = h.reload()
    md = h.coord.transaction("t")
    assert md is not None
    completed = S.COMPLETE_COMMIT if commit else S.COMPLETE_ABORT
    if crash_after in ("prepare", "markers_written"):
        # TX-END-3: the load resends the markers (idempotent on the partitions, TX-MK-2) and completes.
        m, = res.markers
        assert m == written_before_crash[0]  # the same markers again
        assert (m.producer_id, m.producer_epoch, m.committed) == (pid, epoch, commit)
        assert set(m.partitions) >= {("t1", 0), ("t2", 3)}
        assert md.state is completed and md.partitions == set()
        assert h.state("t") == completed.state_name
    elif crash_after == "complete":
        assert not res.markers and md.state is completed
    else:
        # Before Prepare*: still Empty/Ongoing; the producer goes on and finishes the transaction.
        assert not res.markers
        assert md.state is (S.EMPTY if crash_after == "init" else S.ONGOING)
        assert h.add_one("t", pid, epoch, "t9", 0) == 0
        assert h.end("t", pid, epoch, commit) == 0
        assert h.state("t") == completed.state_name
    # Either way the id is usable afterwards: a new InitProducerId bumps the epoch.
    again = h.init("t")
    assert (again.error_code, again.producer_id, again.producer_epoch) == (0, pid, epoch + 1)


def test_tx_end_3_crash_inside_an_epoch_fence_completes_the_abort_at_the_bumped_epoch() -> None:
    h = Harness(auto_markers=False)
    pid, epoch = h.begin("t")
    assert h.init("t").error_code == E.CONCURRENT_TRANSACTIONS  # PrepareAbort{epoch+1} durable, then crash
    h.pending_markers.clear()
    h.auto_markers = True
    res = h.reload()
    m, = res.markers
    assert (m.producer_id, m.producer_epoch, m.committed) == (pid, epoch + 1, False)
    assert h.state("t") == "CompleteAbort"
    assert h.init("t").producer_epoch == epoch + 2


def test_tx_end_3_crash_inside_a_timeout_abort() -> None:
    h = Harness(TransactionCoordinatorConfig(transaction_abort_timed_out_transaction_cleanup_interval_ms=100),
                auto_markers=False)
    h.apply(h.coord.start())
    pid, epoch = h.begin("t", timeout=50)
    h.tick(100)
    assert h.state("t") == "PrepareAbort"
    h.pending_markers.clear()
    h.auto_markers = True
    res = h.reload()
    assert [(m.producer_epoch, m.committed) for m in res.markers] == [(epoch + 1, False)]
    assert h.state("t") == "CompleteAbort"
    # The reloaded coordinator arms its periodic tasks again.
    assert res.timers and {t.key for t in res.timers} == {"txn-abort-timed-out", "txn-remove-expired"}
    assert pid == h.coord.transaction("t").producer_id  # type: ignore[union-attr]


def test_tx_log_2_keys_per_partition() -> None:
    """Every record sits in its id's partition (TX-CO-1), so each partition loads on its own."""
    h = Harness()
    many_ids_interleaved(h)
    for p, recs in h.log.items():
        for key, _ in recs:
            tid = decode_transaction_log_key(key)
            assert tid is not None and h.coord.partition_for(tid) == p
