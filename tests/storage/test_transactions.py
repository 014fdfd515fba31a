"""The log side of transactions (transactions.md TX-PRD-*, TX-MK-*, TX-RC-*), with real segment files:
producer state of open transactions, the 78-byte markers, the `.txnindex`, the last stable offset, and
read_committed reads -- across rolls, retention, compaction, restarts and crashes."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest

from kaflite.protocol import records as R
from kaflite.protocol.control_records import EndTxnMarker, build_end_txn_marker, decode_end_txn_marker
from kaflite.protocol.errors import ErrorCode
from kaflite.storage import InvalidProducerEpochError, LogCleaner, OutOfOrderSequenceError, PartitionLog
from kaflite.storage.errors import InvalidTxnStateError, TransactionCoordinatorFencedError
from kaflite.storage.log import AppendOrigin
from kaflite.storage.segment import segment_name
from kaflite.storage.segment_swap import REPLACE_STEPS
from kaflite.storage.txn_index import AbortedTxn

from .conftest import T0, small_config

P1, P2, P3 = 1000, 2000, 3000


def txn(seq: int, n: int = 2, *, pid: int = P1, epoch: int = 0, key: bytes = b"k", size: int = 20) -> bytes:
    """A transactional batch of `n` records."""
    return R.build_batch([(key + b"%d" % (seq + i), b"v" * size) for i in range(n)], timestamp_ms=T0,
                         producer_id=pid, producer_epoch=epoch, base_sequence=seq, is_transactional=True)


def idem(seq: int, n: int = 2, *, pid: int = P1, epoch: int = 0) -> bytes:
    return R.build_batch([(b"i%d" % i, b"v") for i in range(n)], timestamp_ms=T0,
                         producer_id=pid, producer_epoch=epoch, base_sequence=seq)


def plain(n: int = 2) -> bytes:
    return R.build_batch([(b"p%d" % i, b"v") for i in range(n)], timestamp_ms=T0)


def put(plog: PartitionLog, data: bytes) -> int:
    return plog.append(data, leader_epoch=0, now_ms=T0).first_offset


def end(plog: PartitionLog, pid: int, *, commit: bool, epoch: int = 0, coordinator_epoch: int = 0) -> int:
    return plog.append_end_txn_marker(pid, epoch, coordinator_epoch, committed=commit, leader_epoch=0,
                                      now_ms=T0).first_offset


def txn_index_bytes(plog: PartitionLog, base: int) -> bytes | None:
    path = plog.directory / f"{segment_name(base)}.txnindex"
    return path.read_bytes() if path.exists() else None


def batches(data: bytes) -> list[R.BatchHeader]:
    return list(R.iter_batches(data))


# -- TX-MK-1: the marker's bytes ------------------------------------------------------------------------

@pytest.mark.parametrize("commit", [True, False])
def test_tx_mk_1_marker_is_kafkas_78_byte_control_batch(open_log, commit: bool) -> None:
    plog = open_log()
    put(plog, txn(0, pid=P1, epoch=3))
    offset = end(plog, P1, commit=commit, epoch=3, coordinator_epoch=7)
    raw = plog.read(offset, 1000).records
    assert len(raw) == 78
    base, length, leader_epoch, magic = struct.unpack_from(">qiib", raw, 0)
    assert (base, length, leader_epoch, magic) == (offset, 66, 0, 2)
    attributes, last_delta, base_ts, max_ts, pid, epoch, seq, count = struct.unpack_from(">hiqqqhii", raw, 21)
    assert (attributes, last_delta, base_ts, max_ts) == (0x0030, 0, T0, T0)
    assert (pid, epoch, seq, count) == (P1, 3, -1, 1)
    kind = 1 if commit else 0
    assert raw[61:] == bytes.fromhex(f"20000000080000000{kind}0c00000000000700")
    assert struct.unpack_from(">I", raw, 17)[0] == R.crc32c(raw[21:])
    assert decode_end_txn_marker(raw) == EndTxnMarker(commit, 7)


# -- TX-PRD-1 / TX-PRD-3: data batches -------------------------------------------------------------------

def test_tx_prd_3_first_transactional_batch_opens_the_transaction(open_log) -> None:
    plog = open_log()
    put(plog, plain(3))
    first = put(plog, txn(0))
    put(plog, txn(2))
    entry = plog.producer_state.producers[P1]
    assert entry.current_txn_first_offset == first == 3
    assert plog.producer_state.ongoing_txns() == [(3, P1)]


def test_tx_prd_1_non_transactional_batch_with_open_transaction_is_invalid_txn_state(open_log) -> None:
    plog = open_log()
    put(plog, txn(0))
    leo = plog.log_end_offset
    with pytest.raises(InvalidTxnStateError) as exc:
        put(plog, idem(2))
    assert exc.value.error_code == ErrorCode.INVALID_TXN_STATE
    assert plog.log_end_offset == leo
    end(plog, P1, commit=True)
    assert put(plog, idem(2)) == leo + 1  # after the marker the producer may write idempotently again


def test_tx_prd_1_stale_epoch_and_sequence_rules_apply_to_transactional_batches(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, epoch=2))
    with pytest.raises(InvalidProducerEpochError) as exc:
        put(plog, txn(2, epoch=1))
    assert exc.value.error_code == ErrorCode.INVALID_PRODUCER_EPOCH
    with pytest.raises(OutOfOrderSequenceError):
        put(plog, txn(5, epoch=2))
    dup = plog.append(txn(0, epoch=2), leader_epoch=0, now_ms=T0)
    assert (dup.error_code, dup.first_offset) == (ErrorCode.DUPLICATE_SEQUENCE_NUMBER, 0)


# -- TX-MK-2: markers on a data partition ----------------------------------------------------------------

def test_tx_mk_2_marker_with_older_epoch_is_invalid_producer_epoch(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, epoch=4))
    leo = plog.log_end_offset
    with pytest.raises(InvalidProducerEpochError):
        end(plog, P1, commit=False, epoch=3)
    assert plog.log_end_offset == leo
    assert plog.producer_state.producers[P1].current_txn_first_offset == 0


def test_tx_mk_2_marker_with_older_coordinator_epoch_is_fenced(open_log) -> None:
    plog = open_log()
    put(plog, txn(0))
    end(plog, P1, commit=True, coordinator_epoch=5)
    put(plog, txn(2))
    with pytest.raises(TransactionCoordinatorFencedError) as exc:
        end(plog, P1, commit=True, coordinator_epoch=4)
    assert exc.value.error_code == ErrorCode.TRANSACTION_COORDINATOR_FENCED
    end(plog, P1, commit=True, coordinator_epoch=5)


def test_tx_mk_2_marker_closes_the_transaction_and_sets_the_epochs(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, epoch=0))
    end(plog, P1, commit=False, epoch=1, coordinator_epoch=2)  # a fencing abort with the bumped epoch
    entry = plog.producer_state.producers[P1]
    assert (entry.producer_epoch, entry.coordinator_epoch, entry.current_txn_first_offset) == (1, 2, -1)
    with pytest.raises(InvalidProducerEpochError):
        put(plog, txn(2, epoch=0))  # the fenced producer's late batch (TX-TO-1)


def test_tx_mk_2_marker_without_open_transaction_only_moves_the_epoch(open_log) -> None:
    plog = open_log()
    put(plog, txn(0))
    end(plog, P1, commit=False)
    end(plog, P1, commit=False)  # a duplicate marker (resent after recovery): no second index entry
    end(plog, P2, commit=True, epoch=3)  # a producer the partition never saw
    assert plog.active_segment.txn_index.entries == [AbortedTxn(P1, 0, 2, 3)]
    assert plog.producer_state.producers[P2].producer_epoch == 3
    assert plog.last_stable_offset == plog.high_watermark == 5


# -- TX-RC-1: the last stable offset ---------------------------------------------------------------------

def test_tx_rc_1_lso_is_the_first_offset_of_the_oldest_open_transaction(open_log) -> None:
    plog = open_log()
    put(plog, plain(2))
    assert plog.last_stable_offset == plog.high_watermark == 2
    put(plog, txn(0, pid=P1))  # 2..3
    put(plog, txn(0, pid=P2))  # 4..5
    put(plog, plain(1))  # 6
    assert (plog.last_stable_offset, plog.high_watermark) == (2, 7)
    end(plog, P1, commit=True)  # 7
    assert plog.last_stable_offset == 4
    end(plog, P2, commit=False)  # 8
    assert plog.last_stable_offset == plog.high_watermark == 9


# -- TX-RC-5: the .txnindex ------------------------------------------------------------------------------

def test_tx_rc_5_abort_appends_a_34_byte_entry_commit_none(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, pid=P1))  # 0..1
    put(plog, txn(0, pid=P2))  # 2..3
    put(plog, txn(0, pid=P3))  # 4..5
    end(plog, P1, commit=False)  # 6: P2 still open -> LSO field 2
    end(plog, P2, commit=True)  # 7: no entry
    end(plog, P3, commit=False)  # 8: nothing open -> 9
    raw = txn_index_bytes(plog, 0)
    assert raw is not None and len(raw) == 68
    assert raw == struct.pack(">hqqqq", 0, P1, 0, 6, 2) + struct.pack(">hqqqq", 0, P3, 4, 8, 9)


def test_tx_rc_5_no_txnindex_file_without_aborts(open_log) -> None:
    plog = open_log()
    put(plog, txn(0))
    end(plog, P1, commit=True)
    plog.close()
    assert not any(p.name.endswith(".txnindex") for p in plog.directory.iterdir())


def test_tx_rc_5_entry_goes_to_the_segment_holding_the_marker_across_rolls(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, size=300, n=4))
    while len(plog.segments) < 3:
        put(plog, plain(4))
    base = plog.active_segment.base_offset
    marker = end(plog, P1, commit=False)
    assert txn_index_bytes(plog, 0) is None
    assert plog.segments[-1].base_offset == base
    assert txn_index_bytes(plog, base) == struct.pack(">hqqqq", 0, P1, 0, marker, marker + 1)


# -- TX-RC-2: read_committed -----------------------------------------------------------------------------

def test_tx_rc_2_read_committed_stops_at_the_lso(open_log) -> None:
    plog = open_log()
    put(plog, plain(2))  # 0..1
    put(plog, txn(0))  # 2..3, open
    put(plog, plain(2))  # 4..5
    committed = plog.read(0, 1 << 20, read_committed=True)
    assert [h.base_offset for h in batches(committed.records)] == [0]
    assert (committed.last_stable_offset, committed.high_watermark) == (2, 6)
    assert committed.aborted_transactions == []
    at_lso = plog.read(2, 1 << 20, read_committed=True)
    assert (at_lso.records, at_lso.aborted_transactions) == (b"", [])
    uncommitted = plog.read(0, 1 << 20)
    assert [h.base_offset for h in batches(uncommitted.records)] == [0, 2, 4]
    assert uncommitted.aborted_transactions is None and uncommitted.last_stable_offset == 2


def test_tx_rc_2_aborted_transactions_in_range_and_control_batches_returned(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, pid=P1))  # 0..1
    put(plog, txn(0, pid=P2))  # 2..3
    put(plog, txn(2, pid=P1))  # 4..5
    end(plog, P1, commit=False)  # 6
    end(plog, P2, commit=True)  # 7
    put(plog, txn(0, pid=P3))  # 8..9
    end(plog, P3, commit=False)  # 10
    res = plog.read(0, 1 << 20, read_committed=True)
    hs = batches(res.records)
    assert [h.base_offset for h in hs] == [0, 2, 4, 6, 7, 8, 10]
    assert [h.is_control for h in hs] == [False] * 3 + [True, True, False, True]
    assert res.aborted_transactions == [AbortedTxn(P1, 0, 6, 2), AbortedTxn(P3, 8, 10, 11)]
    # from offset 7 the P1 transaction (last offset 6) is out of range
    assert plog.read(7, 1 << 20, read_committed=True).aborted_transactions == [AbortedTxn(P3, 8, 10, 11)]
    # a read that ends before P3's transaction starts does not list it
    small = plog.read(0, 1, read_committed=True)
    assert [h.base_offset for h in batches(small.records)] == [0]
    assert small.aborted_transactions == [AbortedTxn(P1, 0, 6, 2)]


def test_tx_rc_2_search_spans_segments_until_an_entry_lso_reaches_the_bound(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, pid=P1))  # 0..1, aborted in a later segment
    put(plog, txn(0, pid=P2, size=500, n=4))
    end(plog, P2, commit=False)  # in segment 0, while P1 open: entry LSO 0
    while len(plog.segments) < 2:
        put(plog, plain(4))
    end(plog, P1, commit=False)
    seg0_entries = plog.segments[0].txn_index.entries
    assert seg0_entries == [AbortedTxn(P2, 2, 6, 0)]
    res = plog.read(0, 1 << 20, read_committed=True)
    assert all(h.base_offset < plog.segments[1].base_offset for h in batches(res.records))
    # the read ends in segment 0, but segment 0's only entry has LSO 0 < bound: segment 1 is searched too
    assert {a.producer_id for a in res.aborted_transactions or []} == {P1, P2}


# -- restart and recovery (TX-RC-6: kaflite rebuilds producer state from the log, no .snapshot files) ----

@pytest.mark.parametrize("clean", [True, False])
def test_tx_rc_6_open_transaction_and_txnindex_survive_restart(open_log, clean: bool) -> None:
    plog = open_log()
    put(plog, txn(0, pid=P1))
    put(plog, txn(0, pid=P2))
    end(plog, P2, commit=False, coordinator_epoch=3)
    put(plog, plain(1))
    before = plog.read(0, 1 << 20, read_committed=True)
    index = txn_index_bytes(plog, 0)
    plog.close()
    plog = open_log(clean=clean)
    assert plog.last_stable_offset == 0
    assert plog.producer_state.producers[P1].current_txn_first_offset == 0
    assert plog.producer_state.producers[P2].coordinator_epoch == 3
    assert txn_index_bytes(plog, 0) == index
    assert plog.read(0, 1 << 20, read_committed=True) == before
    with pytest.raises(InvalidTxnStateError):
        put(plog, idem(2, pid=P1))
    with pytest.raises(TransactionCoordinatorFencedError):
        end(plog, P2, commit=True, coordinator_epoch=2)
    end(plog, P1, commit=True)
    assert plog.last_stable_offset == plog.high_watermark


def test_crash_after_marker_before_txnindex_entry_rebuilds_it(open_log) -> None:
    plog = open_log()
    put(plog, txn(0))
    end(plog, P1, commit=False)
    plog.flush()
    index = txn_index_bytes(plog, 0)
    (plog.directory / f"{segment_name(0)}.txnindex").unlink()
    plog = open_log()
    assert txn_index_bytes(plog, 0) == index
    assert plog.segments[0].txn_index.entries == [AbortedTxn(P1, 0, 2, 3)]


def test_torn_txnindex_is_rebuilt(open_log) -> None:
    plog = open_log()
    put(plog, txn(0))
    end(plog, P1, commit=False)
    index = txn_index_bytes(plog, 0)
    plog.close()
    with open(plog.directory / f"{segment_name(0)}.txnindex", "ab") as f:
        f.write(b"\x00\x00\x01")
    plog = open_log(clean=True)
    assert txn_index_bytes(plog, 0) == index


def test_torn_marker_reopens_the_transaction_and_drops_its_entry(open_log) -> None:
    """A crash mid-marker: recovery cuts the torn batch, so the transaction is open again (the
    coordinator resends the marker, TX-END-3) and the stale `.txnindex` entry goes."""
    plog = open_log()
    put(plog, txn(0))
    end(plog, P1, commit=False)
    plog.close()
    log_path = plog.directory / f"{segment_name(0)}.log"
    os.truncate(log_path, log_path.stat().st_size - 10)
    plog = open_log(clean=False)
    assert plog.log_end_offset == 2 and plog.last_stable_offset == 0
    assert txn_index_bytes(plog, 0) is None
    assert plog.read(0, 1 << 20, read_committed=True).records == b""
    end(plog, P1, commit=False)
    assert plog.segments[0].txn_index.entries == [AbortedTxn(P1, 0, 2, 3)]


@pytest.mark.parametrize("clean", [True, False])
def test_damaged_marker_after_a_clean_stop_is_cut_not_fatal(open_log, clean: bool) -> None:
    """A transaction marker whose bytes are damaged made the replay at open raise, and the partition
    (the broker) could not open, even after a clean stop. The marker's batch is cut away instead: the
    transaction is open again, as after a torn marker, and the coordinator resends it."""
    plog = open_log()
    put(plog, txn(0))
    end(plog, P1, commit=False)
    marker = list(plog.active_segment.scan())[-1]
    plog.close()
    log_path = plog.directory / f"{segment_name(0)}.log"
    with open(log_path, "r+b") as f:
        f.seek(marker.position + marker.size_in_bytes - 1)
        f.write(b"\x99")
    plog = open_log(clean=clean, recovery_point=10**9)
    assert plog.log_end_offset == 2 and plog.last_stable_offset == 0
    assert log_path.stat().st_size == marker.position
    assert txn_index_bytes(plog, 0) is None
    end(plog, P1, commit=False)
    assert plog.segments[0].txn_index.entries == [AbortedTxn(P1, 0, 2, 3)]


# -- retention -------------------------------------------------------------------------------------------

def test_retention_deletes_txnindex_with_its_segment_and_keeps_open_transactions(open_log) -> None:
    plog = open_log(small_config(**{"retention.bytes": "1"}))
    put(plog, txn(0, pid=P1))  # aborted, indexed in segment 0
    end(plog, P1, commit=False)
    put(plog, txn(0, pid=P2, size=500, n=4))  # stays open
    while len(plog.segments) < 3:
        put(plog, plain(4))
    assert txn_index_bytes(plog, 0) is not None
    plog.apply_retention(T0)
    assert plog.segments[0].base_offset > 0
    assert not (plog.directory / f"{segment_name(0)}.txnindex").exists()
    assert not any(p.name.endswith(".deleted") for p in plog.directory.iterdir())
    assert plog.producer_state.producers[P2].current_txn_first_offset == 3  # still open
    assert 3 < plog.log_start_offset == plog.last_stable_offset < plog.high_watermark  # LSO >= log start
    assert plog.read(plog.log_start_offset, 1 << 20, read_committed=True).records == b""
    end(plog, P2, commit=True)
    assert plog.last_stable_offset == plog.high_watermark


# -- compaction ------------------------------------------------------------------------------------------

def compacted(**kw: str) -> object:
    return small_config(**{"cleanup.policy": "compact", "min.cleanable.dirty.ratio": "0.01", **kw})


def keyed_txn(pid: int, seq: int, keys: list[bytes], value: bytes) -> bytes:
    return R.build_batch([(k, value) for k in keys], timestamp_ms=T0, producer_id=pid, producer_epoch=0,
                         base_sequence=seq, is_transactional=True)


def test_cleaner_drops_aborted_data_keeps_markers_and_committed_data(open_log) -> None:
    plog = open_log(compacted())
    put(plog, keyed_txn(P1, 0, [b"a", b"b"], b"committed" * 20))  # 0..1
    end(plog, P1, commit=True)  # 2
    put(plog, keyed_txn(P2, 0, [b"a", b"c"], b"aborted" * 20))  # 3..4
    end(plog, P2, commit=False)  # 5
    while len(plog.segments) < 3:
        put(plog, R.build_batch([(b"z", b"x" * 300)], timestamp_ms=T0))
    before_index = plog.segments[0].txn_index.entries
    assert before_index == [AbortedTxn(P2, 3, 5, 6)]
    LogCleaner().clean(plog, T0)
    seg0 = plog.segments[0]
    recs = {r.offset: (r.key, r.value) for r in R.decode_records(seg0.pread(0, seg0.size))}
    hs = list(seg0.scan())
    assert [h.base_offset for h in hs if h.is_control] == [2, 5]  # markers kept
    assert recs[0][0] == b"a" and recs[1][0] == b"b"  # the aborted "a" at 3 does not shadow it
    assert 3 not in recs and 4 not in recs  # aborted records discarded
    assert seg0.txn_index.entries == before_index
    assert [a.producer_id for a in plog.read(0, 1 << 20, read_committed=True).aborted_transactions or []] == [P2]
    plog.close()
    plog = open_log(compacted(), clean=True)
    assert plog.producer_state.producers[P2].current_txn_first_offset == -1
    # every aborted record is gone, so the replay finds an abort marker closing nothing: the entry is
    # dropped and read_committed has nothing left to filter
    assert plog.segments[0].txn_index.entries == []
    res = plog.read(0, 1 << 20, read_committed=True)
    assert res.aborted_transactions == []
    assert {r.key for h in R.iter_batches(res.records) if not h.is_control
            for r in R.decode_records(res.records, h.position)} >= {b"a", b"b"}


def test_cleaner_leaves_segments_past_the_lso_alone(open_log) -> None:
    plog = open_log(compacted())
    put(plog, R.build_batch([(b"a", b"1" * 300)], timestamp_ms=T0))
    put(plog, keyed_txn(P1, 0, [b"a"], b"open" * 50))  # undecided: must not shadow offset 0
    while len(plog.segments) < 3:
        put(plog, R.build_batch([(b"z", b"x" * 300)], timestamp_ms=T0))
    lso = plog.last_stable_offset
    assert lso == 1
    sizes = [s.size for s in plog.segments]
    stats = LogCleaner().clean(plog, T0)
    assert stats.segments_cleaned == 0 and [s.size for s in plog.segments] == sizes


@pytest.mark.parametrize("crash_step", REPLACE_STEPS)
def test_interrupted_compaction_swap_keeps_the_txnindex_consistent(open_log, crash_step: str) -> None:
    plog = open_log(compacted())
    put(plog, keyed_txn(P2, 0, [b"a"], b"aborted" * 20))
    end(plog, P2, commit=False)
    put(plog, R.build_batch([(b"b", b"1")], timestamp_ms=T0))
    put(plog, R.build_batch([(b"b", b"2")], timestamp_ms=T0))
    while len(plog.segments) < 2:
        put(plog, R.build_batch([(b"z", b"x" * 300)], timestamp_ms=T0))
    entries = plog.segments[0].txn_index.entries

    class Crash(Exception):
        pass

    def hook(step: str) -> None:
        if step == crash_step:
            raise Crash

    plog.step_hook = hook
    with pytest.raises(Crash):
        LogCleaner().clean(plog, T0)
    for seg in plog.segments:
        seg.close()
    plog = open_log(compacted())
    assert entries and not any(p.name.endswith((".deleted", ".swap")) for p in plog.directory.iterdir())
    # before `swap` the old segment stays with its entry; after it the cleaned copy holds no aborted
    # record, and the replay leaves no entry: either way every aborted record still there is covered
    assert_txn_index_covers_aborted_data(plog, {P2})
    assert plog.segments[0].txn_index.entries == (entries if crash_step == "cleaned" else [])
    assert [h.base_offset for h in plog.segments[0].scan() if h.is_control] == [1]  # the marker stays


def assert_txn_index_covers_aborted_data(plog: PartitionLog, aborted_pids: set[int]) -> None:
    entries = [e for s in plog.segments for e in s.txn_index.entries]
    for seg in plog.segments:
        for h in seg.scan():
            if h.producer_id in aborted_pids and not h.is_control and h.records_count:
                assert any(e.producer_id == h.producer_id and e.first_offset <= h.base_offset <= e.last_offset
                           for e in entries), h


def test_path_is_kafkas_name(tmp_path: Path) -> None:
    plog = PartitionLog.open(tmp_path / "t-0", "t", 0, small_config(), now_ms=T0)
    put(plog, txn(0))
    end(plog, P1, commit=False)
    assert (tmp_path / "t-0" / "00000000000000000000.txnindex").stat().st_size == 34


def test_tx_mk_2_markers_appended_with_their_offsets_update_state_and_index(open_log) -> None:
    """`append(origin=REPLICATION)` (batches that already carry offsets) treats a marker batch as
    `append_end_txn_marker` does."""
    plog = open_log()
    put(plog, txn(0))
    raw = build_end_txn_marker(P1, 0, EndTxnMarker(False, 4), timestamp_ms=T0, base_offset=2)
    plog.append(raw, leader_epoch=0, now_ms=T0, origin=AppendOrigin.REPLICATION)
    assert plog.active_segment.txn_index.entries == [AbortedTxn(P1, 0, 2, 3)]
    assert plog.producer_state.producers[P1].coordinator_epoch == 4
    assert plog.last_stable_offset == 3


def test_tx_mk_1_marker_on_a_log_append_time_topic_gets_the_append_time(open_log) -> None:
    """Kafka validates a coordinator-origin append like any leader append: LogAppendTime is stamped."""
    plog = open_log(small_config(**{"message.timestamp.type": "LogAppendTime"}))
    put(plog, txn(0))
    res = plog.append_end_txn_marker(P1, 0, 0, committed=True, leader_epoch=0, now_ms=T0 + 5)
    (h,) = batches(plog.read(res.first_offset, 1000).records)
    assert (h.is_control, h.is_transactional, h.timestamp_type, h.max_timestamp) == (True, True, 1, T0 + 5)
    assert res.log_append_time_ms == T0 + 5


def test_tx_to_3_idle_producer_expires_unless_its_transaction_is_open(open_log) -> None:
    plog = open_log()
    put(plog, txn(0, pid=P1))
    end(plog, P1, commit=True)
    put(plog, txn(0, pid=P2))
    day = 86_400_000
    assert plog.remove_expired_producers(T0 + day, day) == [P1]
    assert set(plog.producer_state.producers) == {P2}
    assert plog.last_stable_offset == 3
