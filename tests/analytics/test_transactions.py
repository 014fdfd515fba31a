"""Transactions in the analysis: markers and transactional batches of the data partitions, and the
coordinator's `__transaction_state`. The segments are what kaflite itself writes: the transaction
coordinator (driven by tests/transaction/harness.py) writes its records and asks for the markers, the
partition logs append the data batches and `append_end_txn_marker` writes the markers."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaflite.analytics.decode import BATCH_COLUMNS, iter_batch_rows
from kaflite.analytics.internal_topics import TRANSACTION_LOG_COLUMNS, iter_transaction_log_rows
from kaflite.clock import ManualClock
from kaflite.protocol.records import NewRecord, build_batch
from kaflite.storage import LogConfig, PartitionLog
from kaflite.transaction.records import TRANSACTION_STATE_TOPIC
from tests.transaction.harness import Harness

T0 = 1_700_000_000_000
B = {name: i for i, name in enumerate(BATCH_COLUMNS)}
X = {name: i for i, name in enumerate(TRANSACTION_LOG_COLUMNS)}


@dataclass
class Scenario:
    """What was written: per (topic, partition) the transactional batches' (first offset, bytes)."""

    data: Path
    payments: int = -1  # producer ids
    audit: int = -1
    batches: dict[tuple[str, int], list[tuple[int, int]]] = field(default_factory=dict)
    state_partitions: set[int] = field(default_factory=set)


class Writer:
    """The runtime's part, in miniature: coordinator records to `__transaction_state`, data batches and
    markers to the partitions, each at the clock's time."""

    def __init__(self, data: Path) -> None:
        self.clock = ManualClock(T0)
        self.h = Harness(clock=self.clock, auto_markers=False)
        self.data = data
        self.logs: dict[tuple[str, int], PartitionLog] = {}
        self.synced: dict[int, int] = {}
        self.out = Scenario(data)

    def log(self, topic: str, partition: int) -> PartitionLog:
        if (topic, partition) not in self.logs:
            self.logs[(topic, partition)] = PartitionLog.open(self.data / f"{topic}-{partition}", topic, partition,
                                                              LogConfig.from_dict({}), now_ms=self.clock.now_ms())
        return self.logs[(topic, partition)]

    def sync(self) -> None:
        """Append the coordinator's new records, one batch each (as the runtime does)."""
        for p, recs in self.h.log.items():
            plog = self.log(TRANSACTION_STATE_TOPIC, p)
            for key, value in recs[self.synced.get(p, 0):]:
                plog.append(build_batch([NewRecord(key, value)], timestamp_ms=self.clock.now_ms()), leader_epoch=0,
                            now_ms=self.clock.now_ms())
            self.synced[p] = len(recs)
            self.out.state_partitions.add(p)

    def produce(self, topic: str, partition: int, n: int, pid: int, seq: int, *, size: int = 10,
                transactional: bool = True) -> int:
        raw = build_batch([(b"k%d" % i, b"v" * size) for i in range(n)], timestamp_ms=self.clock.now_ms(),
                          producer_id=pid, producer_epoch=0, base_sequence=seq, is_transactional=transactional)
        first = self.log(topic, partition).append(raw, leader_epoch=0, now_ms=self.clock.now_ms()).first_offset
        if transactional:
            self.out.batches.setdefault((topic, partition), []).append((first, len(raw)))
        return first

    def end(self, tid: str, pid: int, commit: bool) -> None:
        """EndTxn, then every marker it asks for, then CompleteCommit/CompleteAbort."""
        assert self.h.end(tid, pid, 0, commit) == 0
        self.sync()
        for m in self.h.pending_markers:
            for topic, partition in m.partitions:
                self.log(topic, partition).append_end_txn_marker(
                    m.producer_id, m.producer_epoch, m.coordinator_epoch, committed=m.committed, leader_epoch=0,
                    now_ms=self.clock.now_ms())
        self.h.write_markers()
        self.sync()

    def close(self) -> None:
        for plog in self.logs.values():
            plog.close()


def scenario(data: Path) -> Scenario:
    """`payments` commits a transaction over pay-0 and pay-1 (two batches on pay-0, an idempotent
    producer's batch between them), then aborts one on pay-0; `audit-writer` leaves one open on audit-0."""
    w = Writer(data)
    pay = w.h.init("payments")
    w.out.payments = pid = pay.producer_id
    w.sync()
    assert w.h.add("payments", pid, 0, {"pay": [0, 1]}) == {("pay", 0): 0, ("pay", 1): 0}
    w.sync()
    w.clock.advance(10)
    w.produce("pay", 0, 3, pid, 0)  # offsets 0-2
    w.produce("pay", 0, 1, 77, 0, transactional=False)  # 3: idempotent, no transaction
    w.produce("pay", 1, 2, pid, 0)  # pay-1 0-1
    w.clock.advance(10)
    w.produce("pay", 0, 2, pid, 3)  # 4-5
    w.clock.advance(200)
    w.end("payments", pid, commit=True)  # markers pay-0 at 6, pay-1 at 2
    w.clock.advance(100)
    assert w.h.add_one("payments", pid, 0, "pay", 0) == 0
    w.sync()
    w.produce("pay", 0, 4, pid, 5, size=500)  # 7-10
    w.clock.advance(300)
    w.end("payments", pid, commit=False)  # marker pay-0 at 11
    w.out.audit = w.h.init("audit-writer").producer_id
    w.sync()
    assert w.h.add_one("audit-writer", w.out.audit, 0, "audit", 0) == 0
    w.sync()
    w.clock.advance(5)
    w.produce("audit", 0, 1, w.out.audit, 0)
    w.close()
    return w.out


def test_batch_rows_carry_the_producer_and_the_marker(tmp_path: Path) -> None:
    s = scenario(tmp_path)
    rows = list(iter_batch_rows(str(tmp_path / "pay-0" / f"{0:020d}.log"), "pay", 0, 0))
    got = [(r[B["base_offset"]], r[B["producer_id"]], r[B["is_transactional"]], r[B["control_type"]],
            r[B["coordinator_epoch"]]) for r in rows]
    assert got == [(0, s.payments, True, None, None), (3, 77, False, None, None), (4, s.payments, True, None, None),
                   (6, s.payments, True, "COMMIT", 0), (7, s.payments, True, None, None),
                   (11, s.payments, True, "ABORT", 0)]
    assert rows[3][B["max_timestamp"]] == T0 + 220 and rows[3][B["records"]] == 1


def test_transaction_log_rows_are_the_coordinators_transitions(tmp_path: Path) -> None:
    s = scenario(tmp_path)
    rows = [r for p in sorted(s.state_partitions)
            for r in iter_transaction_log_rows(str(tmp_path / f"{TRANSACTION_STATE_TOPIC}-{p}" / f"{0:020d}.log"), p)]
    payments = [r for r in rows if r[X["transactional_id"]] == "payments"]
    assert [r[X["state"]] for r in payments] == ["Empty", "Ongoing", "PrepareCommit", "CompleteCommit", "Ongoing",
                                                 "PrepareAbort", "CompleteAbort"]
    assert {r[X["producer_id"]] for r in payments} == {s.payments}
    prepare = payments[2]
    assert prepare[X["partitions"]] == [{"topic": "pay", "partition": 0}, {"topic": "pay", "partition": 1}]
    assert (prepare[X["last_update_timestamp"]], prepare[X["start_timestamp"]]) == (T0 + 220, T0)
    assert prepare[X["previous_producer_id"]] is None and prepare[X["value_version"]] == 0
    audit = [r for r in rows if r[X["transactional_id"]] == "audit-writer"]
    assert [r[X["state"]] for r in audit] == ["Empty", "Ongoing"]


def test_transactions_under_spark(spark: Any, tmp_path: Path) -> None:
    from kaflite.analytics import analyses

    s = scenario(tmp_path)
    batches = spark.read.format("kaflite-logend").option("level", "batch").load(str(tmp_path))
    txn_log = spark.read.format("kaflite-transactions").load(str(tmp_path))
    assert batches.where("startswith(topic, '__')").count() == 0  # internal topics are not data partitions
    tx = analyses.partition_transactions(batches, txn_log)
    got = {(r["topic"], r["partition"], r["first_offset"]): r for r in tx.collect()}
    assert sorted(got) == [("audit", 0, 0), ("pay", 0, 0), ("pay", 0, 7), ("pay", 1, 0)]
    assert [first for first, _ in s.batches[("pay", 0)]] == [0, 4, 7]
    b0_bytes, b1_bytes, b2_bytes = (size for _, size in s.batches[("pay", 0)])
    first = got[("pay", 0, 0)]
    assert (first["transactional_id"], first["producer_id"], first["outcome"], first["marker_offset"],
            first["last_offset"], first["batches"], first["records"], first["bytes"], first["seconds"],
            first["coordinator_epoch"]) == ("payments", s.payments, "COMMIT", 6, 5, 2, 5, b0_bytes + b1_bytes,
                                            0.21, 0)
    aborted = got[("pay", 0, 7)]
    assert (aborted["outcome"], aborted["marker_offset"], aborted["records"], aborted["bytes"],
            aborted["seconds"]) == ("ABORT", 11, 4, b2_bytes, 0.3)
    other = got[("pay", 1, 0)]
    assert (other["outcome"], other["marker_offset"], other["records"], other["seconds"]) == ("COMMIT", 2, 2, 0.21)
    open_ = got[("audit", 0, 0)]
    assert (open_["transactional_id"], open_["outcome"], open_["marker_offset"], open_["records"],
            open_["seconds"]) == ("audit-writer", "OPEN", None, 1, None)

    timeline = analyses.transaction_state_timeline(txn_log)
    steps = [(r["state"], r["previous_state"], r["partitions"]) for r in
             timeline.where("transactional_id = 'payments'").orderBy("log_offset").collect()]
    assert steps[2:4] == [("PrepareCommit", "Ongoing", ["pay-0", "pay-1"]), ("CompleteCommit", "PrepareCommit", [])]
    summary = {r["transactional_id"]: r for r in analyses.transaction_summary(tx, timeline).collect()}
    p = summary["payments"]
    assert (p["producer_ids"], p["committed"], p["aborted"], p["partition_transactions"], p["open"],
            p["records_committed"], p["records_aborted"], p["bytes_aborted"]) == (
        [s.payments], 1, 1, 3, 0, 7, 4, b2_bytes)
    a = summary["audit-writer"]
    assert (a["committed"], a["aborted"], a["open"], a["records_committed"]) == (0, 0, 1, 0)
    # Without __transaction_state (a copy of the data partitions only): the same transactions, unnamed.
    bare = analyses.partition_transactions(batches)
    assert bare.where("transactional_id IS NULL").count() == 4
    unnamed = {r["producer_ids"][0]: r for r in analyses.transaction_summary(bare).collect()}
    assert unnamed[s.payments]["committed"] is None and unnamed[s.payments]["records_aborted"] == 4


def test_report_shows_the_transactions(spark: Any, tmp_path: Path) -> None:
    from kaflite.analytics.report import run_analysis

    s = scenario(tmp_path / "data")
    result = run_analysis(tmp_path / "data", tmp_path / "out", spark=spark, scan_records=False, bucket_seconds=1)
    png = result.plots["transactions"].read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 5000
    assert result.rows["transactions (markers and transactional batches, state transitions)"] == 4
    read = spark.read.parquet
    summary = {r["transactional_id"]: r for r in read(str(result.tables["transaction_summary"])).collect()}
    assert (summary["payments"]["committed"], summary["payments"]["aborted"]) == (1, 1)
    assert summary["audit-writer"]["open"] == 1
    assert read(str(result.tables["transaction_log"])).count() == 9  # 7 for payments, 2 for audit-writer
    assert read(str(result.tables["transactions"])).where(f"producer_id = {s.audit}").first()["outcome"] == "OPEN"
    assert result.report is not None
    html = result.report.read_text()
    assert "Transactions per transactional id" in html and 'src="transactions.png"' in html
    assert "payments" in html and "PrepareAbort" in html
    # a lane per transactional id in the group timeline, a mark per ended transaction
    assert '"id":"payments","type":"transaction"' in html and '"kind":"abort"' in html


def test_a_real_transactional_producer(spark: Any, tmp_path: Path) -> None:
    """librdkafka's transactional producer against a kaflite broker: one transaction committed over two
    partitions, then one aborted; the analysis of the stopped broker's directory names them."""
    from confluent_kafka import Producer

    from kaflite.analytics import analyses
    from kaflite.testing.broker import Broker

    data = tmp_path / "data"
    with Broker(data) as b:
        b.create_topic("payments", 2)
        p = Producer({"bootstrap.servers": b.bootstrap_servers, "transactional.id": "analytics-tx", "linger.ms": 0})
        p.init_transactions(15)
        for partitions, commit in (({0: 3, 1: 2}, True), ({0: 4}, False)):
            p.begin_transaction()
            for partition, n in partitions.items():
                for i in range(n):
                    p.produce("payments", value=b"v%d" % i, partition=partition)
            assert p.flush(15) == 0
            if commit:
                p.commit_transaction(15)
            else:
                p.abort_transaction(15)
        b.stop()
    batches = spark.read.format("kaflite-logend").option("level", "batch").load(str(data))
    txn_log = spark.read.format("kaflite-transactions").load(str(data))
    tx = analyses.partition_transactions(batches, txn_log)
    got = sorted((r["partition"], r["transactional_id"], r["outcome"], r["first_offset"], r["marker_offset"],
                  r["records"]) for r in tx.collect())
    assert got == [(0, "analytics-tx", "ABORT", 4, 8, 4), (0, "analytics-tx", "COMMIT", 0, 3, 3),
                   (1, "analytics-tx", "COMMIT", 0, 2, 2)]
    timeline = analyses.transaction_state_timeline(txn_log)
    prepared = [(r["state"], r["partitions"]) for r in timeline.where("state LIKE 'Prepare%'").orderBy("log_offset")
                .collect()]
    assert prepared == [("PrepareCommit", ["payments-0", "payments-1"]), ("PrepareAbort", ["payments-0"])]
    (s,) = analyses.transaction_summary(tx, timeline).collect()
    assert (s["transactional_id"], s["committed"], s["aborted"], s["records_committed"], s["records_aborted"]) == (
        "analytics-tx", 1, 1, 5, 4)
