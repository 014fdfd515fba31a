"""`kaflite analyze` off the laptop: a real standalone cluster (a master and two workers, separate JVMs from
the installed pyspark) through the CLI and under spark-submit, and a Spark Connect server through
``--remote``. Each must write the same tables, row for row, as local mode on the same log, and the cluster's
work must be spread over both workers with no record data sent back to the driver.

The log holds every record type the broker writes: lz4 data batches with headers, a classic group that
rebalances and commits, a KIP-848 group (records 3-8), and a committed and an aborted transaction
(transactional batches, markers, ``__transaction_state``), all from kaflite and real clients.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kaflite.analytics.cluster import ConnectServer, StandaloneCluster, event_log_conf, spark_env, task_counts

RUN_TIMEOUT = 420  # one `kaflite analyze` run on a loaded 2-core machine takes 40-90 s
pytestmark = [pytest.mark.spark, pytest.mark.slow]


@dataclass
class FullLog:
    data: Path
    local_tables: Path
    value_bytes: int


@pytest.fixture(scope="module")
def full_log(spark: Any, tmp_path_factory: pytest.TempPathFactory) -> FullLog:
    """The log, and local mode's tables for it (the shared local[2] session)."""
    from kaflite.analytics.report import run_analysis
    from kaflite.testing.broker import Broker
    from tests.analytics.workload import (
        BROKER_CONFIG,
        consumer_protocol_group,
        produce,
        rebalancing_group,
        transactions,
    )

    root = tmp_path_factory.mktemp("distributed")
    data = root / "data"
    with Broker(data, config=BROKER_CONFIG) as b:
        b.create_topic("orders", 3)
        b.create_topic("payments", 2)
        produced = produce(b.bootstrap_servers, "orders", 3000, value_size=200, compression="lz4", headers_every=97)
        rebalancing_group(b.bootstrap_servers, b, "orders", "dist-g", 3)
        consumer_protocol_group(b.bootstrap_servers, b, "orders", "dist-cg", 3)
        transactions(b.bootstrap_servers, "payments", "dist-tx")
        b.stop()
    run_analysis(data, root / "local", spark=spark, bucket_seconds=1)
    return FullLog(data, root / "local" / "tables", produced.total * 200)


def _canon(v: Any) -> Any:
    if isinstance(v, float):
        return "nan" if math.isnan(v) else f"{v:.9g}"  # sums may add in another order on another layout
    if isinstance(v, dict):
        return tuple(sorted((k, _canon(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return tuple(_canon(x) for x in v)
    return v


def _table(path: Path) -> tuple[list[str], list[str]]:
    import pyarrow.parquet as pq

    t = pq.read_table(path)
    return t.schema.names, sorted(repr(_canon(r)) for r in t.to_pylist())


def assert_same_tables(got: Path, want: Path) -> None:
    names = sorted(p.name for p in want.iterdir())
    assert sorted(p.name for p in got.iterdir()) == names
    assert {"consumer_group_epochs", "transactions", "records_summary", "generations"} <= set(names)
    for name in names:
        g_cols, g_rows = _table(got / name)
        w_cols, w_rows = _table(want / name)
        assert g_cols == w_cols, name
        assert len(g_rows) == len(w_rows), f"{name}: {len(g_rows)} rows, local mode has {len(w_rows)}"
        assert g_rows == w_rows, name


def _run(argv: list[str], env: dict[str, str], what: str, *logs: Any) -> str:
    try:
        r = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"{what} timed out; {[f() for f in logs]}") from e
    assert r.returncode == 0, f"{what} exited {r.returncode}:\n{r.stderr[-4000:]}\n{[f() for f in logs]}"
    # spark-submit runs the driver with its stderr into stdout
    assert "[11/11] HTML report: done" in r.stdout + r.stderr, r.stderr[-2000:]
    return r.stdout + r.stderr


def _conf_args(conf: dict[str, str]) -> list[str]:
    return [a for k, v in conf.items() for a in ("--conf", f"{k}={v}")]


def _spread(events: Path, cluster: StandaloneCluster, value_bytes: int) -> None:
    """Both workers ran tasks (an executor each: their log URLs name the worker's UI port), and no task sent
    back more than a summary: the largest task result is far below one partition's record values."""
    counts = task_counts(events)
    executors = {eid: e for eid, e in counts["executors"].items() if eid != "driver"}
    ports = {p for p in cluster.worker_ui_ports
             if any(f":{p}/" in " ".join(e.get("logs", {}).values()) for e in executors.values())}
    assert len(executors) == 2 and ports == set(cluster.worker_ui_ports), counts
    tasks = sorted(e["tasks"] for e in executors.values())
    assert tasks[0] >= 10 and tasks[0] >= sum(tasks) // 10, counts  # each worker did a real share
    per_partition = value_bytes // 3
    assert per_partition > 150_000 and counts["max_result_size"] < 64 * 1024, counts


def test_the_driver_stays_on_loopback_only_for_a_master_on_this_machine() -> None:
    from kaflite.analytics.session import is_loopback_master

    assert all(map(is_loopback_master, ["local[2]", "local[*]", "spark://127.0.0.1:7077", "spark://localhost:7077"]))
    assert not any(map(is_loopback_master, ["spark://spark-master:7077", "spark://10.0.0.5:7077", "yarn"]))


@pytest.mark.timeout(900)
def test_standalone_cluster_cli_and_spark_submit(full_log: FullLog, tmp_path: Path) -> None:
    import kaflite.__main__ as entry

    with StandaloneCluster(tmp_path / "cluster", workers=2, worker_cores=1, worker_memory="1g") as cluster:
        args = ["analyze", "--data-dir", str(full_log.data), "--bucket", "1", "--no-progress"]
        cli_events = tmp_path / "events-cli"
        cli_events.mkdir()
        _run([sys.executable, "-m", "kaflite", *args, "--out", str(tmp_path / "cli"), "--master", cluster.url,
              *_conf_args(event_log_conf(cli_events))], cluster.env, "kaflite analyze --master",
             lambda: cluster.log_tail("master"))
        submit_events = tmp_path / "events-submit"
        submit_events.mkdir()
        submit = [str(Path(cluster.env["SPARK_HOME"]) / "bin" / "spark-submit"), "--master", cluster.url,
                  *_conf_args({**event_log_conf(submit_events), "spark.ui.enabled": "false"}),
                  str(Path(entry.__file__).resolve()), *args, "--out", str(tmp_path / "submit")]
        _run(submit, cluster.env, "spark-submit", lambda: cluster.log_tail("master"))
    assert_same_tables(tmp_path / "cli" / "tables", full_log.local_tables)
    assert_same_tables(tmp_path / "submit" / "tables", full_log.local_tables)
    _spread(cli_events, cluster, full_log.value_bytes)
    _spread(submit_events, cluster, full_log.value_bytes)


@pytest.mark.timeout(600)
def test_spark_connect_remote(full_log: FullLog, tmp_path: Path) -> None:
    pytest.importorskip("grpc", reason="Spark Connect's client needs grpcio (pip install 'kaflite[spark]')")
    with ConnectServer(tmp_path / "connect", master="local[2]") as server:
        out = _run([sys.executable, "-m", "kaflite", "analyze", "--data-dir", str(full_log.data), "--out",
              str(tmp_path / "connect-out"), "--bucket", "1", "--no-progress", "--remote", server.url],
             spark_env(tmp_path / "client"), "kaflite analyze --remote", server.log_tail)
    assert_same_tables(tmp_path / "connect-out" / "tables", full_log.local_tables)
    # no SparkContext over Connect: Spark's task progress comes from the server's progress messages
    assert re.search(r"spark stage \d+: \d+/\d+ tasks done", out), out[-3000:]
