"""The transaction coordinator, one test (at least) per TX-* id; a ManualClock for every timeout."""

from __future__ import annotations

import pytest

from kaflite.coordinator.partitioner import java_string_hash_code, kafka_abs
from kaflite.protocol.errors import ErrorCode as E
from kaflite.transaction import (
    ABORT_TIMED_OUT_TIMER,
    REMOVE_EXPIRED_TIMER,
    TransactionCoordinator,
    TransactionCoordinatorConfig,
    TransactionState,
    WriteTxnMarkers,
)
from kaflite.transaction.records import decode_transaction_log_key, decode_transaction_log_value, partitions_of
from tests.transaction.harness import Harness

S = TransactionState


@pytest.fixture
def h() -> Harness:
    return Harness()


def last_value(h: Harness, tid: str) -> tuple[int, int, int, set[tuple[str, int]], int] | None:
    """(pid, epoch, status, partitions, start) of the id's last record; None for a tombstone."""
    for key, value in reversed(h.records()):
        if decode_transaction_log_key(key) == tid:
            if value is None:
                return None
            v = decode_transaction_log_value(value)
            return (v.producer_id, v.producer_epoch, v.transaction_status, partitions_of(v),
                    v.transaction_start_timestamp_ms)
    raise AssertionError(f"no record for {tid}")


# ====================================================================== TX-CO: coordinator, ids
def test_tx_co_1_partition_is_javas_hash_mod_50(h: Harness) -> None:
    for tid in ("t", "my-transactional-id", "äöü", "x" * 100):
        assert h.coord.partition_for(tid) == kafka_abs(java_string_hash_code(tid)) % 50
    assert h.coord.partition_for("t") == 116 % 50  # hashCode("t") = 116


def test_tx_co_1_not_owned_and_loading() -> None:
    h = Harness()
    h.coord = h.new_coordinator(partitions=[])
    assert h.init("t").error_code == E.NOT_COORDINATOR
    p = h.coord.partition_for("t")
    h.coord.begin_load(p)
    r = h.init("t")
    assert (r.error_code, r.producer_id, r.producer_epoch) == (E.COORDINATOR_LOAD_IN_PROGRESS, -1, -1)
    assert h.add_one("t", 1, 0) == E.COORDINATOR_LOAD_IN_PROGRESS
    assert h.end("t", 1, 0, True) == E.COORDINATOR_LOAD_IN_PROGRESS
    assert h.describe("t")[0].error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    assert h.list().error_code == E.COORDINATOR_LOAD_IN_PROGRESS
    h.apply(h.coord.complete_load(p))
    assert h.init("t").error_code == E.NONE


def test_tx_co_2_idempotent_init_allocates_and_writes_nothing(h: Harness) -> None:
    """TS12: no transactional id: a fresh id at epoch 0, no record."""
    a, b = h.init(None), h.init(None)
    assert (a.error_code, a.producer_epoch, b.producer_epoch) == (0, 0, 0)
    assert b.producer_id == a.producer_id + 1
    assert h.records() == []


def test_tx_co_2_ids_come_from_the_shared_allocator(h: Harness) -> None:
    assert h.init(None).producer_id == 1000
    assert h.init("t").producer_id == 1001
    assert h.init(None).producer_id == 1002


def test_tx_co_3_response_waits_for_the_ids_partition(h: Harness) -> None:
    """A record-less answer (Describe excepted) still names the partition so it waits for earlier writes."""
    pid, epoch = h.begin("t")
    token = object()
    res = h.coord.add_partitions_to_txn(_add_req("t", pid, epoch), 3, token)
    assert not res.records and res.partitions == {h.coord.partition_for("t")}


def _add_req(tid: str, pid: int, epoch: int):  # type: ignore[no-untyped-def]
    from kaflite.protocol.messages import AddPartitionsToTxnRequest
    Topic = AddPartitionsToTxnRequest.AddPartitionsToTxnTopic
    return AddPartitionsToTxnRequest(v3_and_below_transactional_id=tid, v3_and_below_producer_id=pid,
                                     v3_and_below_producer_epoch=epoch,
                                     v3_and_below_topics=[Topic(name="t1", partitions=[0])])


# ====================================================================== TX-INIT
def test_tx_init_1_request_validation(h: Harness) -> None:
    for kw, err in [
        ({"tid": ""}, E.INVALID_REQUEST),
        ({"tid": "t", "pid": 5}, E.INVALID_REQUEST),
        ({"tid": "t", "epoch": 3}, E.INVALID_REQUEST),
        ({"tid": "t", "timeout": 0}, E.INVALID_TRANSACTION_TIMEOUT),
        ({"tid": "t", "timeout": -1}, E.INVALID_TRANSACTION_TIMEOUT),
        ({"tid": "t", "timeout": 900_001}, E.INVALID_TRANSACTION_TIMEOUT),
    ]:
        r = h.init(**kw)
        assert (r.error_code, r.producer_id, r.producer_epoch) == (err, -1, -1), kw
    assert h.init("t", timeout=900_000).error_code == 0
    assert h.records()[-1:] and len(h.records()) == 1


def test_tx_init_2_new_id_gets_epoch_zero_and_an_empty_record(h: Harness) -> None:
    h.clock.advance(5)
    r = h.init("t", timeout=30_000)
    assert (r.error_code, r.producer_id, r.producer_epoch) == (0, 1000, 0)
    (key, value), = h.records()
    assert value is not None
    v = decode_transaction_log_value(value)
    assert decode_transaction_log_key(key) == "t"
    assert (v.producer_id, v.producer_epoch, v.transaction_timeout_ms, v.transaction_status) == (1000, 0, 30_000, 0)
    assert v.transaction_partitions is None and v.transaction_start_timestamp_ms == -1
    assert v.transaction_last_update_timestamp_ms == h.clock.now_ms()


def test_tx_init_3_reinit_bumps_the_epoch(h: Harness) -> None:
    a = h.init("t")
    b = h.init("t", timeout=1234)
    assert (b.producer_id, b.producer_epoch) == (a.producer_id, 1)
    assert h.coord.transaction("t").txn_timeout_ms == 1234  # type: ignore[union-attr]
    c = h.init("t", pid=b.producer_id, epoch=1)  # current epoch given: bumped
    assert (c.error_code, c.producer_epoch) == (0, 2)


def test_tx_init_3_retry_with_last_epoch_returns_the_same_epoch(h: Harness) -> None:
    a = h.init("t")
    b = h.init("t", pid=a.producer_id, epoch=0)
    assert b.producer_epoch == 1
    n = len(h.records())
    retry = h.init("t", pid=a.producer_id, epoch=0)  # the answer to b was lost
    assert (retry.error_code, retry.producer_epoch) == (0, 1)
    assert len(h.records()) == n + 1  # an Empty record is still written


def test_tx_init_3_stale_epoch_or_foreign_pid_is_fenced(h: Harness) -> None:
    a = h.init("t")
    h.init("t", pid=a.producer_id, epoch=0)
    h.init("t", pid=a.producer_id, epoch=1)  # epoch 2, last 1
    assert h.init("t", pid=a.producer_id, epoch=0).error_code == E.PRODUCER_FENCED
    assert h.init("t", pid=a.producer_id + 77, epoch=2).error_code == E.PRODUCER_FENCED
    # TX-API-3: InitProducerId v<4 says INVALID_PRODUCER_EPOCH instead.
    assert h.init("t", pid=a.producer_id, epoch=0, version=3).error_code == E.INVALID_PRODUCER_EPOCH


def test_tx_init_3_epoch_exhaustion_rotates_the_producer_id(h: Harness) -> None:
    a = h.init("t")
    md = h.coord.transaction("t")
    assert md is not None
    md.producer_epoch = 32766  # Short.MAX - 1: exhausted
    b = h.init("t", pid=a.producer_id, epoch=32766)
    assert (b.error_code, b.producer_epoch) == (0, 0) and b.producer_id != a.producer_id
    assert last_value(h, "t")[:3] == (b.producer_id, 0, 0)  # type: ignore[index]
    # The retry of that call (its answer lost) is recognised through the previous producer id.
    retry = h.init("t", pid=a.producer_id, epoch=32766)
    assert (retry.error_code, retry.producer_id, retry.producer_epoch) == (0, b.producer_id, 0)
    # Without a (pid, epoch): rotation too.
    md = h.coord.transaction("t")
    assert md is not None
    md.producer_epoch = 32767
    c = h.init("t")
    assert c.producer_epoch == 0 and c.producer_id not in (a.producer_id, b.producer_id)


def test_tx_init_3_recovery_after_unknown_producer_id(h: Harness) -> None:
    """The (pid, epoch) recovery path: the id a client holds is accepted and bumped."""
    a = h.init("t")
    b = h.init("t", pid=a.producer_id, epoch=a.producer_epoch)
    assert (b.error_code, b.producer_id, b.producer_epoch) == (0, a.producer_id, 1)


def test_tx_init_4_ongoing_is_fenced_and_aborted(h: Harness) -> None:
    pid, epoch = h.begin("t")
    r = h.init("t")
    assert (r.error_code, r.producer_id, r.producer_epoch) == (E.CONCURRENT_TRANSACTIONS, -1, -1)
    m, = h.written_markers
    assert (m.producer_id, m.producer_epoch, m.committed, m.partitions) == (pid, epoch + 1, False, (("t1", 0),))
    statuses = [(v[1], v[2]) for v in _values(h, "t")]
    assert statuses[-2:] == [(epoch + 1, S.PREPARE_ABORT.id), (epoch + 1, S.COMPLETE_ABORT.id)]
    retry = h.init("t")
    assert (retry.error_code, retry.producer_id, retry.producer_epoch) == (0, pid, epoch + 2)
    # The fenced producer: PRODUCER_FENCED on its next AddPartitions/EndTxn (TS5).
    assert h.add_one("t", pid, epoch) == E.PRODUCER_FENCED
    assert h.end("t", pid, epoch, True) == E.PRODUCER_FENCED


def test_tx_init_4_fence_that_was_never_durable_reuses_the_same_bumped_epoch(h: Harness) -> None:
    """hasFailedEpochFence: a failed append unloads; the reload still has the old epoch, so the next fence picks
    epoch+1 again, never epoch+2."""
    _pid, epoch = h.begin("t")
    before = {p: list(rs) for p, rs in h.log.items()}
    token = object()
    res = h.coord.init_producer_id(_init_req("t"), 4, token)  # decided, then the append fails:
    assert res.markers and res.markers[0].producer_epoch == epoch + 1
    h.reload(before)
    assert h.coord.transaction("t").state is S.ONGOING  # type: ignore[union-attr]
    assert h.init("t").error_code == E.CONCURRENT_TRANSACTIONS
    assert h.written_markers[-1].producer_epoch == epoch + 1


def _init_req(tid: str):  # type: ignore[no-untyped-def]
    from kaflite.protocol.messages import InitProducerIdRequest
    return InitProducerIdRequest(transactional_id=tid, transaction_timeout_ms=60_000, producer_id=-1,
                                 producer_epoch=-1)


def test_tx_init_5_prepare_states_answer_concurrent_transactions() -> None:
    h = Harness(auto_markers=False)
    pid, epoch = h.begin("t")
    assert h.end("t", pid, epoch, True) == 0
    assert h.state("t") == "PrepareCommit"
    n = len(h.records())
    assert h.init("t").error_code == E.CONCURRENT_TRANSACTIONS
    assert h.init("t", pid=pid, epoch=epoch).error_code == E.CONCURRENT_TRANSACTIONS
    assert len(h.records()) == n
    h.write_markers()
    assert h.init("t").producer_epoch == epoch + 1


def _values(h: Harness, tid: str) -> list[tuple[int, int, int]]:
    out = []
    for key, value in h.records():
        if decode_transaction_log_key(key) == tid and value is not None:
            v = decode_transaction_log_value(value)
            out.append((v.producer_id, v.producer_epoch, v.transaction_status))
    return out


# ====================================================================== TX-ADD
def test_tx_add_1_unknown_partition_fails_the_request(h: Harness) -> None:
    r = h.init("t")
    h.missing.add(("gone", 0))
    n = len(h.records())
    res = h.add("t", r.producer_id, r.producer_epoch, {"t1": [0, 1], "gone": [0]})
    assert res == {("t1", 0): E.OPERATION_NOT_ATTEMPTED, ("t1", 1): E.OPERATION_NOT_ATTEMPTED,
                   ("gone", 0): E.UNKNOWN_TOPIC_OR_PARTITION}
    assert len(h.records()) == n and h.state("t") == "Empty"


def test_tx_add_2_validation_order(h: Harness) -> None:
    assert h.add_one("", 1, 0) == E.INVALID_REQUEST
    assert h.add_one("nope", 1, 0) == E.INVALID_PRODUCER_ID_MAPPING
    r = h.init("t")
    h.init("t")  # epoch 1
    assert h.add_one("t", r.producer_id + 1, 1) == E.INVALID_PRODUCER_ID_MAPPING
    assert h.add_one("t", r.producer_id, 0) == E.PRODUCER_FENCED
    assert h.add_one("t", r.producer_id, 0, version=1) == E.INVALID_PRODUCER_EPOCH  # TX-API-3
    assert h.add_one("t", r.producer_id, 1) == E.NONE


def test_tx_add_2_error_repeated_for_every_partition(h: Harness) -> None:
    res = h.add("nope", 1, 0, {"a": [0, 1], "b": [2]})
    assert res == dict.fromkeys([("a", 0), ("a", 1), ("b", 2)], E.INVALID_PRODUCER_ID_MAPPING)


def test_tx_add_2_ongoing_record_and_start_time(h: Harness) -> None:
    r = h.init("t")
    pid, epoch = r.producer_id, r.producer_epoch
    h.clock.advance(10)
    start = h.clock.now_ms()
    assert h.add_one("t", pid, epoch, "t1", 0) == 0
    h.clock.advance(10)
    assert h.add("t", pid, epoch, {"t1": [1], "t2": [0]}) == {("t1", 1): 0, ("t2", 0): 0}
    assert last_value(h, "t") == (pid, epoch, 1, {("t1", 0), ("t1", 1), ("t2", 0)}, start)
    md = h.coord.transaction("t")
    assert md is not None and md.txn_last_update_timestamp_ms == h.clock.now_ms()


def test_tx_add_2_partitions_already_in_write_nothing(h: Harness) -> None:
    pid, epoch = h.begin("t")
    n = len(h.records())
    assert h.add_one("t", pid, epoch) == E.NONE
    assert len(h.records()) == n


def test_tx_add_2_prepare_commit_answers_concurrent_transactions() -> None:
    h = Harness(auto_markers=False)
    pid, epoch = h.begin("t")
    h.end("t", pid, epoch, True)
    assert h.add_one("t", pid, epoch, "t9") == E.CONCURRENT_TRANSACTIONS
    assert h.add_offsets("t", pid, epoch, "g") == E.CONCURRENT_TRANSACTIONS


def test_tx_add_2_after_completion_a_new_transaction_starts(h: Harness) -> None:
    pid, epoch = h.begin("t")
    h.end("t", pid, epoch, True)
    h.clock.advance(50)
    assert h.add_one("t", pid, epoch, "t2", 3) == 0
    assert last_value(h, "t") == (pid, epoch, 1, {("t2", 3)}, h.clock.now_ms())


def test_tx_add_3_add_offsets_adds_the_groups_offsets_partition(h: Harness) -> None:
    r = h.init("t")
    assert h.add_offsets("t", r.producer_id, r.producer_epoch, "my-group") == 0
    p = kafka_abs(java_string_hash_code("my-group")) % 50
    assert h.coord.transaction("t").partitions == {("__consumer_offsets", p)}  # type: ignore[union-attr]
    assert h.add_offsets("t", r.producer_id, r.producer_epoch + 1, "g") == E.PRODUCER_FENCED
    assert h.add_offsets("t", r.producer_id, r.producer_epoch + 1, "g", version=1) == E.INVALID_PRODUCER_EPOCH
    assert h.add_offsets("", 0, 0, "g") == E.INVALID_REQUEST


def test_tx_api_2_add_partitions_v4_is_not_served(h: Harness) -> None:
    from kaflite.protocol.messages import AddPartitionsToTxnRequest
    resp = h.call(h.coord.add_partitions_to_txn, AddPartitionsToTxnRequest(), 4)
    assert resp.error_code == E.UNSUPPORTED_VERSION


# ====================================================================== TX-END
def test_tx_end_1_validation(h: Harness) -> None:
    assert h.end("", 1, 0, True) == E.INVALID_REQUEST
    assert h.end("nope", 1, 0, True) == E.INVALID_PRODUCER_ID_MAPPING
    pid, epoch = h.begin("t")
    assert h.end("t", pid + 1, epoch, True) == E.INVALID_PRODUCER_ID_MAPPING
    assert h.end("t", pid, epoch + 1, True) == E.PRODUCER_FENCED
    assert h.end("t", pid, epoch + 1, True, version=1) == E.INVALID_PRODUCER_EPOCH


@pytest.mark.parametrize(("state", "commit", "expected"), [
    ("PrepareCommit", True, E.CONCURRENT_TRANSACTIONS),
    ("PrepareCommit", False, E.INVALID_TXN_STATE),
    ("PrepareAbort", True, E.INVALID_TXN_STATE),
    ("PrepareAbort", False, E.CONCURRENT_TRANSACTIONS),
    ("CompleteCommit", True, E.NONE),
    ("CompleteCommit", False, E.INVALID_TXN_STATE),
    ("CompleteAbort", True, E.INVALID_TXN_STATE),
    ("CompleteAbort", False, E.NONE),
    ("Empty", True, E.INVALID_TXN_STATE),
    ("Empty", False, E.INVALID_TXN_STATE),
])
def test_tx_end_1_table(state: str, commit: bool, expected: int) -> None:
    h = Harness(auto_markers=False)
    r = h.init("t")
    pid, epoch = r.producer_id, r.producer_epoch
    if state != "Empty":
        h.add_one("t", pid, epoch)
        h.end("t", pid, epoch, state.endswith("Commit"))
        if state.startswith("Complete"):
            h.write_markers()
    assert h.state("t") == state
    n, m = len(h.records()), len(h.pending_markers)
    assert h.end("t", pid, epoch, commit) == expected
    assert len(h.records()) == n and len(h.pending_markers) == m  # no record, no markers: a retry or an error


@pytest.mark.parametrize("commit", [True, False])
def test_tx_end_2_prepare_markers_complete(commit: bool) -> None:
    h = Harness(auto_markers=False)
    pid, epoch = h.begin("t")
    h.add_offsets("t", pid, epoch, "g")
    start = h.coord.transaction("t").txn_start_timestamp_ms  # type: ignore[union-attr]
    h.clock.advance(7)
    token = object()
    from kaflite.protocol.messages import EndTxnRequest
    res = h.apply(h.coord.end_txn(EndTxnRequest(transactional_id="t", producer_id=pid, producer_epoch=epoch,
                                                committed=commit), 3, token))
    # The answer rides with the PrepareX record (durable first), the markers effect with it.
    assert res.response_for(token).error_code == 0  # type: ignore[union-attr]
    prepared = S.PREPARE_COMMIT if commit else S.PREPARE_ABORT
    assert len(res.all_records()) == 1
    parts = {("t1", 0), ("__consumer_offsets", kafka_abs(java_string_hash_code("g")) % 50)}
    assert last_value(h, "t") == (pid, epoch, prepared.id, parts, start)
    m, = res.markers
    assert m == WriteTxnMarkers("t", pid, epoch, commit, 0, tuple(sorted(parts)), h.coord.partition_for("t"))
    h.clock.advance(3)
    h.write_markers()
    complete = S.COMPLETE_COMMIT if commit else S.COMPLETE_ABORT
    assert last_value(h, "t") == (pid, epoch, complete.id, set(), start)
    assert h.coord.transaction("t").txn_last_update_timestamp_ms == h.clock.now_ms()  # type: ignore[union-attr]


def test_tx_end_2_stale_markers_report_changes_nothing(h: Harness) -> None:
    pid, epoch = h.begin("t")
    h.end("t", pid, epoch, True)
    n = len(h.records())
    res = h.apply(h.coord.markers_written("t", pid, epoch, True))  # a duplicate report
    assert not res.records and len(h.records()) == n
    assert not h.coord.markers_written("other", 1, 0, False).records


def test_tx_log_3_example_sequence(h: Harness) -> None:
    pid, _ = h.begin("t")
    s = h.coord.transaction("t").txn_start_timestamp_ms  # type: ignore[union-attr]
    h.add_offsets("t", pid, 0, "g")
    h.end("t", pid, 0, True)
    h.init("t")
    n = kafka_abs(java_string_hash_code("g")) % 50
    got = []
    for key, value in h.records():
        assert value is not None and decode_transaction_log_key(key) == "t"
        v = decode_transaction_log_value(value)
        got.append((v.producer_id, v.producer_epoch, v.transaction_status,
                    None if v.transaction_partitions is None else partitions_of(v), v.transaction_start_timestamp_ms))
    assert got == [
        (pid, 0, 0, None, -1),
        (pid, 0, 1, {("t1", 0)}, s),
        (pid, 0, 1, {("t1", 0), ("__consumer_offsets", n)}, s),
        (pid, 0, 2, {("t1", 0), ("__consumer_offsets", n)}, s),
        (pid, 0, 4, set(), s),
        (pid, 1, 0, None, -1),
    ]


# ====================================================================== TX-TO
def test_tx_to_1_timed_out_transaction_is_fenced_and_aborted() -> None:
    h = Harness()
    pid, epoch = h.begin("t", timeout=300)
    h.apply(h.coord.start())
    assert h.coord.timers[ABORT_TIMED_OUT_TIMER] == h.clock.now_ms() + 10_000
    h.tick(9_999)
    assert h.state("t") == "Ongoing"
    h.tick(1)
    assert h.state("t") == "CompleteAbort"
    m, = h.written_markers
    assert (m.producer_epoch, m.committed) == (epoch + 1, False)
    assert [v[1:] for v in _values(h, "t")][-2:] == [(epoch + 1, 3), (epoch + 1, 5)]
    # TxT testFencingOnTransactionExpiration: the old producer is fenced on AddPartitions/EndTxn.
    assert h.add_one("t", pid, epoch) == E.PRODUCER_FENCED
    assert h.end("t", pid, epoch, True) == E.PRODUCER_FENCED
    # The timer re-armed itself.
    assert h.coord.timers[ABORT_TIMED_OUT_TIMER] == h.clock.now_ms() + 10_000


def test_tx_to_1_only_strictly_past_the_timeout_and_only_ongoing(h: Harness) -> None:
    h.begin("a", timeout=1000)
    h.init("empty", timeout=1)
    h.clock.advance(1000)
    h.apply(h.coord.abort_timed_out_transactions())
    assert h.state("a") == "Ongoing"  # start + timeout == now: not yet
    h.clock.advance(1)
    h.apply(h.coord.abort_timed_out_transactions())
    assert (h.state("a"), h.state("empty")) == ("CompleteAbort", "Empty")


def test_tx_to_1_prepare_commit_is_not_aborted() -> None:
    h = Harness(auto_markers=False)
    pid, epoch = h.begin("t", timeout=10)
    h.end("t", pid, epoch, True)
    h.clock.advance(100)
    h.apply(h.coord.abort_timed_out_transactions())
    assert h.state("t") == "PrepareCommit" and len(h.pending_markers) == 1


def test_tx_to_2_expired_ids_get_a_tombstone() -> None:
    cfg = TransactionCoordinatorConfig(transactional_id_expiration_ms=1000,
                                       transaction_remove_expired_transaction_cleanup_interval_ms=500)
    h = Harness(cfg)
    h.apply(h.coord.start())
    h.init("idle")
    pid, _epoch = h.begin("busy")
    h.tick(500)
    assert h.state("idle") == "Empty"
    h.tick(500)  # idle's lastUpdate == now - 1000: expired
    assert h.state("idle") == "absent" and last_value(h, "idle") is None
    assert h.state("busy") == "Ongoing"  # Ongoing never expires
    assert h.describe("idle")[0].error_code == E.TRANSACTIONAL_ID_NOT_FOUND
    assert h.coord.timers[REMOVE_EXPIRED_TIMER] == h.clock.now_ms() + 500
    # A new InitProducerId starts over with a new producer id.
    assert h.init("idle").producer_id not in (pid,)


# ====================================================================== TX-CFG
def test_tx_cfg_1_defaults() -> None:
    c = TransactionCoordinatorConfig()
    assert (c.transaction_max_timeout_ms, c.transactional_id_expiration_ms,
            c.transaction_abort_timed_out_transaction_cleanup_interval_ms,
            c.transaction_remove_expired_transaction_cleanup_interval_ms,
            c.transaction_state_log_num_partitions, c.transaction_state_log_segment_bytes,
            c.transaction_state_log_load_buffer_size, c.producer_id_expiration_ms) == (
        900_000, 604_800_000, 10_000, 3_600_000, 50, 104_857_600, 5_242_880, 86_400_000)
    assert c.transaction_partition_verification_enable and not c.transaction_two_phase_commit_enable


def test_tx_cfg_2_short_abort_interval_for_dev_brokers() -> None:
    h = Harness(TransactionCoordinatorConfig(transaction_abort_timed_out_transaction_cleanup_interval_ms=100,
                                             transaction_max_timeout_ms=5_000))
    h.apply(h.coord.start())
    h.begin("t", timeout=300)
    assert h.init("x", timeout=5_001).error_code == E.INVALID_TRANSACTION_TIMEOUT
    for _ in range(4):
        h.tick(100)
    assert h.state("t") == "CompleteAbort"


def test_tx_cfg_1_num_partitions_drives_the_partition() -> None:
    c = TransactionCoordinator(TransactionCoordinatorConfig(transaction_state_log_num_partitions=3))
    assert c.partition_for("t") == 116 % 3


# ====================================================================== TX-DESC
def test_tx_desc_1_describe(h: Harness) -> None:
    pid, epoch = h.begin("t", timeout=5000)
    h.add("t", pid, epoch, {"t1": [2], "t0": [1]})
    start = h.coord.transaction("t").txn_start_timestamp_ms  # type: ignore[union-attr]
    h.init("e")
    bad, missing, t, e = h.describe("", "missing", "t", "e")
    assert (bad.error_code, missing.error_code) == (E.INVALID_REQUEST, E.TRANSACTIONAL_ID_NOT_FOUND)
    assert (t.error_code, t.transaction_state, t.producer_id, t.producer_epoch, t.transaction_timeout_ms,
            t.transaction_start_time_ms) == (0, "Ongoing", pid, epoch, 5000, start)
    assert [(x.topic, x.partitions) for x in t.topics] == [("t0", [1]), ("t1", [0, 2])]
    assert (e.transaction_state, e.transaction_start_time_ms, e.topics) == ("Empty", -1, [])


def test_tx_desc_2_list_filters(h: Harness) -> None:
    pa, _ = h.begin("app-a")
    h.clock.advance(1000)
    pb, _ = h.begin("app-b")
    h.init("other")
    every = h.list()
    assert every.error_code == 0
    assert [(x.transactional_id, x.transaction_state) for x in every.transaction_states] == [
        ("app-a", "Ongoing"), ("app-b", "Ongoing"), ("other", "Empty")]
    r = h.list(state_filters=["Empty", "Bogus"])
    assert [x.transactional_id for x in r.transaction_states] == ["other"] and r.unknown_state_filters == ["Bogus"]
    assert [x.transactional_id for x in h.list(state_filters=["Bogus"]).transaction_states] == []
    assert [x.transactional_id for x in h.list(producer_id_filters=[pb]).transaction_states] == ["app-b"]
    # DurationFilter (v1): now - start > d, as Kafka computes it: an id with no transaction (start -1) is included.
    assert [x.transactional_id for x in h.list(duration_filter=500).transaction_states] == ["app-a", "other"]
    assert len(h.list(version=0, duration_filter=500).transaction_states) == 3  # v0 has no such filter
    # TransactionalIdPattern (v2): a full match.
    assert [x.transactional_id for x in h.list(transactional_id_pattern="app-.").transaction_states] == [
        "app-a", "app-b"]
    assert [x.transactional_id for x in h.list(transactional_id_pattern="app").transaction_states] == []
    assert h.list(transactional_id_pattern="[").error_code == E.INVALID_REGULAR_EXPRESSION
    assert pa != pb


# ====================================================================== TX-SM-3 / TX-CO-3
def test_tx_sm_3_a_pending_transition_answers_concurrent_transactions(h: Harness) -> None:
    """A fence is pending only inside its own operation (it is written as PrepareAbort at once, TX-SM-2); a
    pending state met by a request (as Kafka's window between decision and durable append) answers 51."""
    pid, epoch = h.begin("t")
    h.init("t")  # fence + abort
    md = h.coord.transaction("t")
    assert md is not None and md.pending_state is None and md.state is S.COMPLETE_ABORT
    md.pending_state = S.ONGOING  # a transition decided, not yet durable
    assert h.init("t").error_code == E.CONCURRENT_TRANSACTIONS
    assert h.add_one("t", pid, epoch + 1) == E.CONCURRENT_TRANSACTIONS
    assert h.end("t", pid, epoch + 1, False) == E.CONCURRENT_TRANSACTIONS


def test_tx_sm_1_an_illegal_transition_raises(h: Harness) -> None:
    from kaflite.transaction import IllegalTransactionTransition
    h.init("t")
    md = h.coord.transaction("t")
    assert md is not None
    # Empty -> CompleteAbort is not allowed: a coordinator bug raises, nothing is written.
    with pytest.raises(IllegalTransactionTransition), h.coord.operation():
        h.coord._write(md, "t", producer_id=md.producer_id, producer_epoch=0, timeout_ms=1,
                       state=S.COMPLETE_ABORT, partitions=(), start_ms=-1)


def test_tx_init_4_fence_at_an_exhausted_epoch_then_rotation(h: Harness) -> None:
    """Fencing may use the last epoch (Short.MAX); the client's retry then gets a new producer id."""
    pid, _ = h.begin("t")
    md = h.coord.transaction("t")
    assert md is not None
    md.producer_epoch = 32766
    assert h.init("t").error_code == E.CONCURRENT_TRANSACTIONS
    assert h.written_markers[-1].producer_epoch == 32767
    r = h.init("t")
    assert (r.error_code, r.producer_epoch) == (0, 0) and r.producer_id != pid


def test_tx_add_4_verify_partitions_for_produce() -> None:
    h = Harness(auto_markers=False)
    v = h.coord.verify_partitions
    assert v("", 1, 0, [("t1", 0)]) == {("t1", 0): E.INVALID_REQUEST}
    assert v("nope", 1, 0, [("t1", 0)]) == {("t1", 0): E.INVALID_PRODUCER_ID_MAPPING}
    pid, epoch = h.begin("t")
    assert v("t", pid, epoch, [("t1", 0), ("t1", 1)]) == {("t1", 0): E.NONE, ("t1", 1): E.TRANSACTION_ABORTABLE}
    assert v("t", pid + 1, epoch, [("t1", 0)]) == {("t1", 0): E.INVALID_PRODUCER_ID_MAPPING}
    assert v("t", pid, epoch + 1, [("t1", 0)]) == {("t1", 0): E.PRODUCER_FENCED}
    h.end("t", pid, epoch, True)
    assert v("t", pid, epoch, [("t1", 0)]) == {("t1", 0): E.CONCURRENT_TRANSACTIONS}
    h.write_markers()
    n = len(h.records())
    assert v("t", pid, epoch, [("t1", 0)]) == {("t1", 0): E.TRANSACTION_ABORTABLE}  # completed: not in one
    assert len(h.records()) == n  # a read: nothing written
