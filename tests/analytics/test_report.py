"""`kaflite analyze` end to end on the workload: Parquet tables, non-empty PNGs, an HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kaflite.analytics.report import run_analysis


def test_report_end_to_end(spark: Any, workload: Any, tmp_path: Path) -> None:
    from tests.analytics.test_progress import Recorder

    rec = Recorder()
    result = run_analysis(workload.data_dir, tmp_path / "out", spark=spark, bucket_seconds=0.5, progress=rec)
    # the progress listener (kaflite analyze's bars) is told every stage, in order
    starts = [e for e in rec.events if e[0] == "start"]
    assert [e[1] for e in starts] == list(range(1, 12)) and all(e[2] == 11 for e in starts)
    assert starts[0][3] == "scan the data directory" and starts[-1][3] == "HTML report"
    assert [e[0] for e in rec.events] == ["start", "end"] * 11
    assert result.report is not None and result.report.stat().st_size > 1000
    for name, png in result.plots.items():
        data = png.read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000, name
    html = result.report.read_text()
    assert all(f'src="{p.name}"' in html for p in result.plots.values())
    read = spark.read.parquet
    gens = read(str(result.tables["generations"])).where(f"`group` = '{workload.group}'").orderBy("generation")
    rows = gens.collect()
    assert rows[-1]["generation"] == workload.generation
    assert any(r["joined"] for r in rows) and any(r["left"] for r in rows)
    # one row per partition, not per batch (a shared reader once carried level=batch into this read)
    log_end = read(str(result.tables["log_end"]))
    parts = log_end.select("topic", "partition").distinct().count()
    assert log_end.count() == parts and {("orders", p) for p in range(3)} <= {
        (r["topic"], r["partition"]) for r in log_end.collect()}
    lag = read(str(result.tables["lag"])).where(f"`group` = '{workload.group}'")
    assert lag.count() == len(workload.commits.records)
    assert lag.where("lag < 0 OR log_end_offset IS NULL").count() == 0
    churn = read(str(result.tables["member_churn"])).where(f"`group` = '{workload.group}'").collect()
    assert {r["client_id"] for r in churn} == {"client-a", "client-b"}
    rate = read(str(result.tables["commit_rate"])).where(f"`group` = '{workload.group}'")
    assert rate.groupBy().sum("commits").first()[0] == len(workload.commits.records)
    # The KIP-848 group: epoch 1 (A), 2 (B joins), 3 (B leaves), 4 (A leaves on close).
    cg = workload.consumer_group
    epochs = {r["group_epoch"]: r for r in read(str(result.tables["consumer_group_epochs"]))
              .where(f"`group` = '{cg}'").collect()}
    a, b = workload.consumer_group_members
    assert sorted(epochs) == [1, 2, 3, 4]
    assert (epochs[1]["joined"], epochs[2]["joined"], epochs[3]["left"], epochs[4]["left"]) == ([a], [b], [b], [a])
    assert [epochs[e]["members"] for e in (1, 2, 3, 4)] == [1, 2, 1, 0]
    assert epochs[2]["members_reconciled"] == 2 and epochs[3]["members_reconciled"] == 1
    tl = read(str(result.tables["consumer_group_timeline"])).where(f"`group` = '{cg}'")
    assert tl.where("event = 'member-assignment' AND member_state = 'UNREVOKED_PARTITIONS'").count() >= 1
    assert "orders-0" in {tp for r in tl.where("event = 'member-assignment'").collect() for tp in r["assigned"]}
    assert "Consumer groups (KIP-848)" in html
    assert "KafliteTimeline.render" in html and f"\"id\":\"{workload.group}\"" in html
    assert result.rows["scan records (kaflite-log)"] == workload.produced.total + workload.plain_produced.total
