"""`kaflite analyze` end to end on the workload: Parquet tables, non-empty PNGs, an HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kaflite.analytics.report import run_analysis


def test_report_end_to_end(spark: Any, workload: Any, tmp_path: Path) -> None:
    result = run_analysis(workload.data_dir, tmp_path / "out", spark=spark, bucket_seconds=0.5)
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
    assert result.rows["scan records (kaflite-log)"] == workload.produced.total + workload.plain_produced.total
