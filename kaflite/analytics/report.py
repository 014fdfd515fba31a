"""`kaflite analyze`: read a log directory with Spark, write Parquet tables, PNG plots and an HTML report.

Stages log one line each (with rows and seconds) so long runs show progress; a background thread also
reports Spark task progress every few seconds while a stage runs, and tells a ProgressListener (the CLI's
bars on a terminal) both.
"""

from __future__ import annotations

import html
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kaflite.analytics.layout import CONSUMER_OFFSETS, scan_data_dir
from kaflite.analytics.progress import ProgressListener

log = logging.getLogger("kaflite.analyze")

MAX_PLOTTED_GROUPS = 8


@dataclass
class AnalysisResult:
    """What a run produced: table name → Parquet path, plot name → PNG path, per-stage timings."""

    out: Path
    tables: dict[str, Path] = field(default_factory=dict)
    plots: dict[str, Path] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    report: Path | None = None

    def rows_per_second(self, table: str) -> float:
        s = self.seconds.get(table, 0.0)
        return self.rows.get(table, 0) / s if s > 0 else 0.0


def is_connect(spark: Any) -> bool:
    """True for a Spark Connect session (``--remote sc://...``): no SparkContext, no JVM on this side."""
    return type(spark).__module__.startswith("pyspark.sql.connect")


class _Progress:
    """Logs Spark's active stages (tasks done / total) every `interval` seconds while a stage runs.

    A classic session is polled through its SparkContext's status tracker; a Spark Connect session has no
    SparkContext, so the server's progress messages (a registered progress handler) feed the same report.
    """

    def __init__(self, spark: Any, interval: float = 10.0, listener: ProgressListener | None = None) -> None:
        self.spark = spark
        self.connect = is_connect(spark)
        self.tracker = None if self.connect else spark.sparkContext.statusTracker()
        self.listener = listener
        self.log_interval = interval
        self.interval = interval if listener is None else 0.5  # a bar is redrawn often, a log line is not
        self._logged = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kaflite-analyze-progress", daemon=True)

    def _report(self, stages: list[tuple[int, int, int, int]]) -> None:
        """(stage id, tasks done, tasks, tasks running) of the running Spark stages."""
        now = time.monotonic()
        log_now = now - self._logged >= self.log_interval
        for sid, done, total, running in stages:
            if self.listener is not None:
                self.listener.spark_tasks(sid, done, total, running)
            if log_now:
                self._logged = now
                log.info("  spark stage %d: %d/%d tasks done, %d running", sid, done, total, running)

    def _run(self) -> None:
        assert self.tracker is not None
        while not self._stop.wait(self.interval):
            try:
                stages = []
                for sid in self.tracker.getActiveStageIds():
                    info = self.tracker.getStageInfo(sid)
                    if info is not None:
                        stages.append((sid, info.numCompletedTasks, info.numTasks, info.numActiveTasks))
                self._report(stages)
            except Exception:  # progress is best effort; never break the job for it
                return

    def __call__(self, stages: Any, inflight_tasks: int, operation_id: str | None, done: bool) -> None:
        """Spark Connect's progress handler: called with the running query's stages as the server reports."""
        try:
            running = [s for s in stages or () if not s.done]
            self._report([(s.stage_id, s.num_completed_tasks, s.num_tasks,
                           inflight_tasks if len(running) == 1 else 0) for s in running])
        except Exception:  # best effort, as above
            return

    def __enter__(self) -> _Progress:
        if self.connect:
            self.spark.registerProgressHandler(self)
        else:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.connect:
            self.spark.removeProgressHandler(self)
            return
        self._stop.set()
        self._thread.join(timeout=2)


class _Stages:
    def __init__(self, total: int, result: AnalysisResult, listener: ProgressListener | None = None) -> None:
        self.total = total
        self.n = 0
        self.result = result
        self.listener = listener

    @contextmanager
    def stage(self, name: str) -> Iterator[dict[str, int]]:
        self.n += 1
        log.info("[%d/%d] %s ...", self.n, self.total, name)
        if self.listener is not None:
            self.listener.stage_started(self.n, self.total, name)
        info: dict[str, int] = {}
        t0 = time.perf_counter()
        yield info
        dt = time.perf_counter() - t0
        self.result.seconds[name] = dt
        if "rows" in info:
            self.result.rows[name] = info["rows"]
            rate = info["rows"] / dt if dt > 0 else 0.0
            log.info("[%d/%d] %s: %d rows in %.1f s (%.0f rows/s)", self.n, self.total, name, info["rows"], dt, rate)
        else:
            log.info("[%d/%d] %s: done in %.1f s", self.n, self.total, name, dt)
        if self.listener is not None:
            self.listener.stage_finished(self.n, self.total, name, dt, info.get("rows"))


def _write(df: Any, out: Path, name: str, result: AnalysisResult, coalesce: int | None = 1) -> int:
    """Write a table as Parquet (small tables as one file) and return its row count."""
    path = out / "tables" / name
    (df.coalesce(coalesce) if coalesce else df).write.mode("overwrite").parquet(str(path))
    result.tables[name] = path
    return int(df.sparkSession.read.parquet(str(path)).count())


def run_analysis(data_dir: str | os.PathLike[str], out: str | os.PathLike[str], *, group: str | None = None,
                 since: str | None = None, spark: Any = None, scan_records: bool = True,
                 bucket_seconds: float | None = None, progress: ProgressListener | None = None) -> AnalysisResult:
    """The whole job. `group` restricts group tables to one group; `since` (ISO time or epoch ms) drops
    earlier commits, group records and records. Returns paths and timings (also logged); `progress` is told
    each stage and Spark's task counts (the CLI's bars on a terminal)."""
    from pyspark.sql import functions as F

    from kaflite.analytics import analyses
    from kaflite.analytics.planning import parse_time
    from kaflite.analytics.session import get_session
    from kaflite.analytics.sources import register

    data = Path(data_dir)
    out_path = Path(out)
    out_path.mkdir(parents=True, exist_ok=True)
    result = AnalysisResult(out_path)
    since_ms = parse_time(since)
    stages = _Stages(11 if scan_records else 10, result, progress)

    with stages.stage("scan the data directory") as info:
        tps = scan_data_dir(data, include_internal=True)
        user = [tp for tp in tps if not tp.topic.startswith("__")]
        offsets_parts = [tp for tp in tps if tp.topic == CONSUMER_OFFSETS]
        n_seg = sum(len(tp.segments) for tp in tps)
        size = sum(s.size for tp in tps for s in tp.segments)
        log.info("  %d topic-partitions (%d of %s), %d segments, %.1f MiB", len(tps), len(offsets_parts),
                 CONSUMER_OFFSETS, n_seg, size / 2**20)
        info["rows"] = n_seg
        if not user and not offsets_parts:
            log.warning("  no Kafka-layout partition directories under %s", data)

    spark = spark or get_session()
    register(spark)
    def reader(source: str) -> Any:
        """A fresh reader per source: DataFrameReader.option() mutates the reader, so a shared one
        carried `kind`/`level` from one source into the next (log_end came out batch-level)."""
        return spark.read.format(source).option("dataDir", str(data))

    def _since(df: Any, col: Callable[[], Any]) -> Any:
        return df.where(col() >= F.timestamp_millis(F.lit(since_ms))) if since_ms is not None else df

    def _group(df: Any) -> Any:
        return df.where(F.col("group") == group) if group else df

    with _Progress(spark, listener=progress):
        with stages.stage("read offset commits (__consumer_offsets)") as info:
            commits = _group(_since(reader("kaflite-offsets").option("kind", "commits").load(),
                                    lambda: F.coalesce(F.col("commit_timestamp"), F.col("log_timestamp"))))
            info["rows"] = _write(commits, out_path, "commits", result, coalesce=None)
            commits = spark.read.parquet(str(result.tables["commits"]))
        with stages.stage("read group metadata (__consumer_offsets)") as info:
            groups = _group(_since(reader("kaflite-offsets").option("kind", "groups").load(),
                                   lambda: F.col("log_timestamp")))
            info["rows"] = _write(groups, out_path, "group_metadata", result)
            groups = spark.read.parquet(str(result.tables["group_metadata"]))
        with stages.stage("read consumer-group records (KIP-848, __consumer_offsets)") as info:
            cg_records = _group(_since(reader("kaflite-offsets").option("kind", "consumer_groups").load(),
                                       lambda: F.col("log_timestamp")))
            info["rows"] = _write(cg_records, out_path, "consumer_group_records", result)
            cg_records = spark.read.parquet(str(result.tables["consumer_group_records"]))
        with stages.stage("read transaction state (__transaction_state)") as info:
            txn_log = _since(reader("kaflite-transactions").load(), lambda: F.col("log_timestamp"))
            info["rows"] = _write(txn_log, out_path, "transaction_log", result)
            txn_log = spark.read.parquet(str(result.tables["transaction_log"]))
        with stages.stage("scan batch headers (kaflite-logend)") as info:
            batches = reader("kaflite-logend").option("level", "batch").load()
            info["rows"] = _write(batches, out_path, "batches", result, coalesce=None)
            batches = spark.read.parquet(str(result.tables["batches"]))
            _write(reader("kaflite-logend").load(), out_path, "log_end", result)
        if scan_records:
            with stages.stage("scan records (kaflite-log)") as info:
                records = reader("kaflite-log")
                if since_ms is not None:
                    records = records.option("startTime", str(since_ms))
                summary = analyses.records_summary(records.load())
                _write(summary, out_path, "records_summary", result)
                info["rows"] = int(spark.read.parquet(str(result.tables["records_summary"]))
                                   .agg(F.sum("records")).first()[0] or 0)
        bucket = bucket_seconds or _pick_bucket(commits)
        with stages.stage("analyses (history, lag, generations, churn, commit rate, consumer-group epochs)") as info:
            tl = analyses.generation_timeline(groups)
            lag = analyses.lag_over_time(commits, batches)
            info["rows"] = _write(analyses.commit_history(commits), out_path, "commit_history", result, coalesce=None)
            _write(lag, out_path, "lag", result, coalesce=None)
            lag = spark.read.parquet(str(result.tables["lag"]))
            _write(analyses.lag_by_group(lag, bucket), out_path, "lag_by_group", result)
            _write(tl, out_path, "generations", result)
            tl = spark.read.parquet(str(result.tables["generations"]))
            _write(analyses.member_churn(groups, tl), out_path, "member_churn", result)
            _write(analyses.churn_summary(tl), out_path, "churn_summary", result)
            _write(analyses.commit_rate(commits, bucket), out_path, "commit_rate", result)
            _write(analyses.consumer_group_timeline(cg_records), out_path, "consumer_group_timeline", result)
            cg_timeline = spark.read.parquet(str(result.tables["consumer_group_timeline"]))
            _write(analyses.consumer_group_epochs(cg_timeline), out_path, "consumer_group_epochs", result)
        with stages.stage("transactions (markers and transactional batches, state transitions)") as info:
            txn_states = analyses.transaction_state_timeline(txn_log)
            _write(txn_states, out_path, "transaction_states", result)
            txn_states = spark.read.parquet(str(result.tables["transaction_states"]))
            batches_since = _since(batches, lambda: F.col("max_timestamp"))
            info["rows"] = _write(analyses.partition_transactions(batches_since, txn_log), out_path, "transactions",
                                  result)
            transactions = spark.read.parquet(str(result.tables["transactions"]))
            _write(analyses.transaction_summary(transactions, txn_states), out_path, "transaction_summary", result)
    with stages.stage("plots"):
        from kaflite.analytics import plots

        pd_tables = {name: spark.read.parquet(str(result.tables[name])).toPandas()
                     for name in ("lag_by_group", "generations", "commit_rate", "transactions")}
        result.plots = plots.render_all(pd_tables, out_path, bucket)
    with stages.stage("HTML report"):
        result.report = _html(spark, result, data, group, since, bucket)
    log.info("report: %s", result.report)
    return result


def _pick_bucket(commits: Any) -> float:
    """A bucket that gives the plots a few hundred points whatever the workload's duration."""
    from pyspark.sql import functions as F

    row = commits.agg(F.min("commit_timestamp").alias("a"), F.max("commit_timestamp").alias("b")).first()
    if row is None or row["a"] is None:
        return 1.0
    span = (row["b"] - row["a"]).total_seconds()
    for b in (0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600):
        if span / b <= 300:
            return float(b)
    return 3600.0


def _ms(value: Any) -> int | None:
    """A Spark timestamp as pandas has it (naive, in the session's UTC) → epoch milliseconds; NaT → None."""
    if not isinstance(value, datetime) or value != value:  # None, NaN, and NaT (which is unequal to itself)
        return None
    return int((value.replace(tzinfo=UTC) if value.tzinfo is None else value).timestamp() * 1000)


def _ids(value: Any) -> list[str]:
    return [] if value is None else [str(v) for v in value]


def timeline_data(generations: Any, epochs: Any, groups: int = MAX_PLOTTED_GROUPS,
                  transaction_states: Any = None) -> dict[str, Any]:
    """The ``generations`` and ``consumer_group_epochs`` tables (pandas) as the console's timeline input
    (kaflite/webui/timeline.js), for the groups with the most generations; with ``transaction_states``,
    a lane per transactional id (the most active ones) next to them.

    What the log knows, drawn as the console draws what the coordinator saw: a classic group's generation
    completes at its group-metadata record (a Stable band from there, joins and leaves marked); a consumer
    group's epoch bump starts a Reconciling band that turns Stable once its members reconciled.
    """
    out: dict[str, dict[str, Any]] = {}
    for r in generations.sort_values(["group", "generation"]).to_dict("records"):
        t = _ms(r["time"])
        if t is None:
            continue
        g = out.setdefault(r["group"], {"id": r["group"], "type": "classic", "transitions": [], "marks": []})
        joined, left = _ids(r.get("joined")), _ids(r.get("left"))
        g["transitions"].append({"t": t, "from": None, "to": "Stable", "generation": int(r["generation"]),
                                 "members": int(r["members"]), "reason": f"generation {r['generation']} written: "
                                 f"{len(joined)} joined, {len(left)} left (protocol {r.get('protocol')})"})
        g["marks"] += [{"t": t, "kind": "join", "member": m, "label": "joined"} for m in joined]
        g["marks"] += [{"t": t, "kind": "leave", "member": m, "label": "left"} for m in left]
        g["marks"].append({"t": t, "kind": "assignment", "label": f"generation {r['generation']} assignment"})
    for r in epochs.sort_values(["group", "group_epoch"]).to_dict("records"):
        t = _ms(r["time"])
        if t is None:
            continue
        g = out.setdefault(r["group"], {"id": r["group"], "type": "consumer", "transitions": [], "marks": []})
        epoch, members = int(r["group_epoch"]), int(r["members"] or 0)
        joined, left = _ids(r.get("joined")), _ids(r.get("left"))
        g["transitions"].append({"t": t, "from": None, "to": "Reconciling" if members else "Empty",
                                 "generation": epoch, "members": members,
                                 "reason": f"group epoch {epoch}: {len(joined)} joined, {len(left)} left"})
        g["marks"].append({"t": t, "kind": "epoch", "label": f"group epoch {epoch}"})
        g["marks"] += [{"t": t, "kind": "join", "member": m, "label": "joined"} for m in joined]
        g["marks"] += [{"t": t, "kind": "leave", "member": m, "label": "left"} for m in left]
        done = _ms(r.get("reconciled_time"))
        if members and done is not None:
            g["transitions"].append({"t": max(done, t), "from": "Reconciling", "to": "Stable", "generation": epoch,
                                     "members": members, "reason": f"{r.get('members_reconciled')} members "
                                     f"reconciled to epoch {epoch}"})
    for g in out.values():
        g["transitions"].sort(key=lambda x: x["t"])
    top = sorted(out.values(), key=lambda g: (-len(g["transitions"]), g["id"]))[:groups]
    lanes = sorted(top, key=lambda g: g["id"])
    if transaction_states is not None and len(transaction_states):
        lanes += _transaction_lanes(transaction_states, groups)
    return {"groups": lanes}


def _transaction_lanes(states: Any, limit: int) -> list[dict[str, Any]]:
    """A transactional id's coordinator states as bands (Ongoing, PrepareCommit, CompleteCommit, ...), its
    ended transactions as commit/abort marks: where a slow or aborted transaction sits against the rebalances."""
    lanes: dict[str, dict[str, Any]] = {}
    for r in states.sort_values(["transactional_id", "time", "log_offset"]).to_dict("records"):
        t = _ms(r["time"])
        if t is None:
            continue
        tid = str(r["transactional_id"])
        lane = lanes.setdefault(tid, {"id": tid, "type": "transaction", "transitions": [], "marks": []})
        parts = _ids(r.get("partitions"))
        lane["transitions"].append({"t": t, "from": r.get("previous_state"), "to": r["state"],
                                    "generation": int(r["producer_epoch"]), "members": len(parts),
                                    "reason": f"producer {r['producer_id']} epoch {r['producer_epoch']}"
                                              + (f": {', '.join(parts)}" if parts else "")})
        if r["state"] in ("CompleteCommit", "CompleteAbort"):
            commit = r["state"] == "CompleteCommit"
            started = _ms(r.get("transaction_start_time"))
            took = f" after {(t - started) / 1000:.3f} s" if started is not None and started > 0 else ""
            lane["marks"].append({"t": t, "kind": "commit" if commit else "abort",
                                  "label": ("committed" if commit else "aborted") + took})
    top = sorted(lanes.values(), key=lambda g: (-len(g["transitions"]), g["id"]))[:limit]
    return sorted(top, key=lambda g: g["id"])


def _latest(df: Any, rows: int) -> Any:
    """The latest `rows` rows by time: the driver takes a bounded summary, never a whole table."""
    return df.orderBy(df["time"].desc()).limit(rows)


def _table_html(df: Any, limit: int = 50) -> str:
    pdf = df.limit(limit).toPandas()
    return pdf.to_html(index=False, border=0, classes="t", na_rep="", escape=True)


def _html(spark: Any, result: AnalysisResult, data: Path, group: str | None, since: str | None,
          bucket: float) -> Path:
    from pyspark.sql import functions as F

    read = spark.read.parquet
    t = result.tables
    sections = [
        ("Groups", _table_html(read(str(t["churn_summary"])).orderBy("group"))),
        ("Log end per partition", _table_html(read(str(t["log_end"])).orderBy("topic", "partition"))),
    ]
    if "records_summary" in t:
        sections.append(("Records per partition",
                         _table_html(read(str(t["records_summary"])).orderBy("topic", "partition"))))
    sections.append(("Rebalances (latest 50 generations)",
                     _table_html(read(str(t["generations"])).orderBy("time", ascending=False)
                                 .drop("member_ids"))))
    epochs = read(str(t["consumer_group_epochs"]))
    if epochs.limit(1).count():
        sections.append(("Consumer groups (KIP-848): group epochs (latest 50)",
                         _table_html(epochs.orderBy("time", ascending=False))))
        sections.append(("Consumer groups (KIP-848): member epochs and states (latest 50 assignments)",
                         _table_html(read(str(t["consumer_group_timeline"]))
                                     .where("event = 'member-assignment'")
                                     .select("group", "time", "member_id", "member_epoch", "member_state",
                                             "assigned", "pending_revocation", "group_epoch", "assignment_epoch")
                                     .orderBy("time", ascending=False))))
    transactions = read(str(t["transactions"]))
    if transactions.limit(1).count() or read(str(t["transaction_states"])).limit(1).count():
        sections.append(("Transactions per transactional id",
                         _table_html(read(str(t["transaction_summary"])).orderBy("transactional_id"))))
        sections.append(("Transactions (latest 50; one row per partition)",
                         _table_html(transactions.orderBy(F.coalesce("marker_time", "first_time").desc()))))
        sections.append(("Transaction state transitions (latest 50)",
                         _table_html(read(str(t["transaction_states"]))
                                     .orderBy("time", "log_offset", ascending=False))))
    from kaflite.webui import timeline_html

    timeline = timeline_data(read(str(t["generations"])).toPandas(), epochs.toPandas(),
                             transaction_states=_latest(read(str(t["transaction_states"])), 5000).toPandas())
    picture = ("<h2>Group timeline</h2><p>The live console's picture (the same renderer): bands from each "
               "generation or group epoch, marks for joins, leaves and assignments, and a lane per transactional "
               "id (its coordinator states, a mark per commit or abort); hover for details.</p>"
               + timeline_html(timeline, "group-timeline"))
    imgs = "".join(f'<h2>{html.escape(name.replace("_", " "))}</h2><img src="{p.name}" alt="{html.escape(name)}">'
                   for name, p in result.plots.items())
    stage_rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{v:.1f}</td><td>{result.rows.get(k, '')}</td></tr>"
                         for k, v in result.seconds.items())
    body = "".join(f"<h2>{html.escape(h)}</h2>{tbl}" for h, tbl in sections)
    doc = f"""<!doctype html><html><head><meta charset="utf-8"><title>kaflite analyze: {html.escape(str(data))}</title>
<style>body{{font-family:sans-serif;margin:2em}} table.t{{border-collapse:collapse;font-size:12px}}
table.t td,table.t th{{border:1px solid #ccc;padding:2px 6px}} img{{max-width:100%}}</style></head><body>
<h1>kaflite analyze</h1>
<p>Data directory <code>{html.escape(str(data))}</code>; group filter: {html.escape(group or "all")};
since: {html.escape(since or "the beginning")}; time bucket {bucket:g} s.
Parquet tables are under <code>tables/</code>.</p>
{picture}{imgs}{body}
<h2>Job stages</h2><table class="t"><tr><th>stage</th><th>seconds</th><th>rows</th></tr>{stage_rows}</table>
</body></html>"""
    path = result.out / "report.html"
    path.write_text(doc)
    return path
