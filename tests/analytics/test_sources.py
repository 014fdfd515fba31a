"""The data sources against segments kaflite wrote during a real client workload (see conftest)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from kaflite.protocol.compression import LZ4
from kaflite.protocol.records import NewRecord, build_batch

# Without the `spark` extra these tests skip (as the `spark` fixture does) instead of failing collection.
F = pytest.importorskip("pyspark.sql.functions", reason="pyspark is not installed (pip install 'kaflite[spark]')")


def _log(spark: Any, data: Path, **options: str) -> Any:
    r = spark.read.format("kaflite-log")
    for k, v in options.items():
        r = r.option(k, v)
    return r.load(str(data))


def test_log_rows_match_what_the_producer_delivered(spark: Any, workload: Any) -> None:
    df = _log(spark, workload.data_dir)
    counts = {(r["topic"], r["partition"]): r["count"] for r in df.groupBy("topic", "partition").count().collect()}
    expected = {("orders", p): n for p, n in workload.produced.per_partition.items()}
    expected[("plain", 0)] = workload.plain_produced.total
    assert counts == expected
    # every value at its delivered offset, headers included
    rows = df.where("topic = 'orders'").select("partition", "offset", "value", "headers", "compression",
                                               "producer_id", "sequence").collect()
    got = {(r["partition"], r["offset"]): bytes(r["value"]) for r in rows}
    assert got == workload.produced.values
    hdrs = {(r["partition"], r["offset"]): [(h["key"], bytes(h["value"])) for h in r["headers"]]
            for r in rows if r["headers"]}
    assert hdrs == workload.produced.headers
    assert {r["compression"] for r in rows} == {"lz4"}
    assert all(r["producer_id"] >= 0 for r in rows)  # idempotent producer
    assert sorted(r["sequence"] for r in rows if r["partition"] == 0) == list(range(workload.produced.per_partition[0]))
    plain = _log(spark, workload.data_dir, topics="plain").select("compression", "offset").collect()
    assert {r["compression"] for r in plain} == {"none"} and len(plain) == 500


def test_log_options_prune_and_filter(spark: Any, workload: Any) -> None:
    d = workload.data_dir
    assert _log(spark, d, topics="orders", startingOffset="10", endingOffset="20").count() == 30
    per = '{"orders": {"1": 5}}'
    assert _log(spark, d, topics="orders", startingOffset=per).count() == workload.produced.total - 5
    assert _log(spark, d, startTime=str(workload.end_ms + 60_000)).count() == 0
    assert _log(spark, d, endTime=str(workload.start_ms - 60_000)).count() == 0


def test_pushdown_filters(spark: Any, workload: Any) -> None:
    df = _log(spark, workload.data_dir, pushdown="true")
    assert df.where("topic = 'orders' AND partition = 2 AND offset >= 100").count() == \
        workload.produced.per_partition[2] - 100
    far = F.timestamp_millis(F.lit(workload.end_ms + 60_000))
    assert _log(spark, workload.data_dir, pushdown="true").where(F.col("timestamp") > far).count() == 0


def test_pushed_not_filter_prunes_nothing_and_does_not_fail() -> None:
    # Not (like And/Or) has no `attribute`; reading it raised AttributeError for `WHERE topic != 'x'`.
    from pyspark.sql.datasource import EqualTo, Not

    from kaflite.analytics.planning import Pruning

    pruning = Pruning()
    pruning.take(Not(EqualTo(("topic",), "orders")), "offset", "timestamp")
    pruning.take(EqualTo(("partition",), 2), "offset", "timestamp")
    assert pruning.topics is None and pruning.partitions == {2}


def test_offsets_commits_are_the_clients_commits(spark: Any, workload: Any) -> None:
    commits = (spark.read.format("kaflite-offsets").load(str(workload.data_dir))
               .where(F.col("group") == workload.group))
    rows = commits.where(~F.col("tombstone")).orderBy("log_partition", "log_offset").collect()
    assert [(r["group"], r["topic"], r["partition"], r["offset"]) for r in rows] == workload.commits.records
    assert all(r["commit_timestamp"] is not None and r["value_version"] == 3 for r in rows)


def test_offsets_group_metadata_shows_the_rebalances(spark: Any, workload: Any) -> None:
    groups = (spark.read.format("kaflite-offsets").option("kind", "groups").load(str(workload.data_dir))
              .where(F.col("group") == workload.group).where(~F.col("tombstone")).orderBy("log_offset").collect())
    gens = [r["generation"] for r in groups]
    assert gens == sorted(gens) and gens[-1] == workload.generation
    sizes = {r["generation"]: len(r["members"]) for r in groups}
    assert 2 in sizes.values() and 1 in sizes.values()
    two = next(r for r in groups if len(r["members"]) == 2)
    assert {m["client_id"] for m in two["members"]} == {"client-a", "client-b"}
    assigned = sorted((a["topic"], a["partition"]) for m in two["members"] for a in m["assignment"])
    assert assigned == [("orders", p) for p in range(workload.partitions)]
    assert all(m["subscription"] == ["orders"] for m in two["members"])


def test_logend_is_header_only_and_exact(spark: Any, workload: Any) -> None:
    ends = {(r["topic"], r["partition"]): r for r in
            spark.read.format("kaflite-logend").load(str(workload.data_dir)).collect()}
    for p, n in workload.produced.per_partition.items():
        r = ends[("orders", p)]
        assert (r["log_start_offset"], r["log_end_offset"], r["records"]) == (0, n, n)
        assert r["first_timestamp"] <= r["last_timestamp"]
    batches = spark.read.format("kaflite-logend").option("level", "batch").load(str(workload.data_dir))
    assert batches.where("topic = 'orders'").agg(F.sum("records")).first()[0] == workload.produced.total


def _copy_logs_only(src: Path, dst: Path, tail: bytes = b"") -> Path:
    """A bare Kafka-layout copy: `<topic>-<p>/000…0.log` files, no indexes, no kaflite metadata."""
    for part in src.iterdir():
        if part.is_dir():
            for seg in part.glob("*.log"):
                (dst / part.name).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(seg, dst / part.name / seg.name)
                if tail and part.name.startswith("orders-"):
                    with open(dst / part.name / seg.name, "ab") as f:
                        f.write(tail)
    return dst


def test_bare_kafka_layout_and_a_torn_tail_read_the_same(spark: Any, workload: Any, tmp_path: Path) -> None:
    half_batch = build_batch([NewRecord(b"k", b"v" * 100)], timestamp_ms=workload.end_ms, compression=LZ4)[:50]
    bare = _copy_logs_only(workload.data_dir, tmp_path / "kafka-logs", tail=half_batch)
    assert not (bare / "meta.properties").exists()
    assert _log(spark, bare).count() == _log(spark, workload.data_dir).count()
    a = spark.read.format("kaflite-offsets").load(str(bare)).count()
    assert a == spark.read.format("kaflite-offsets").load(str(workload.data_dir)).count()
    ends = spark.read.format("kaflite-logend").load(str(bare)).where("topic = 'orders'").agg(
        F.sum("log_end_offset")).first()[0]
    assert ends == workload.produced.total


def test_stream_available_now_reads_only_what_is_new(spark: Any, workload: Any, tmp_path: Path) -> None:
    data = _copy_logs_only(workload.data_dir, tmp_path / "live")
    out, chk = tmp_path / "out", tmp_path / "chk"

    def run() -> int:
        q = (spark.readStream.format("kaflite-log").option("topics", "orders").load(str(data))
             .writeStream.format("parquet").option("path", str(out)).option("checkpointLocation", str(chk))
             .trigger(availableNow=True).start())
        q.awaitTermination(120)
        return spark.read.parquet(str(out)).count()

    assert run() == workload.produced.total
    seg = sorted((data / "orders-0").glob("*.log"))[-1]
    next_offset = workload.produced.per_partition[0]
    with open(seg, "ab") as f:
        f.write(build_batch([NewRecord(b"new", b"%d" % i) for i in range(7)], timestamp_ms=workload.end_ms,
                            base_offset=next_offset, compression=LZ4))
    assert run() == workload.produced.total + 7
    new = spark.read.parquet(str(out)).where(F.col("key") == F.lit(b"new")).select("offset").collect()
    assert sorted(r["offset"] for r in new) == list(range(next_offset, next_offset + 7))
