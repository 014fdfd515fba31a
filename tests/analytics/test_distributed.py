"""`kaflite analyze` off the laptop: a real standalone cluster (a master and two workers, separate JVMs from
the installed pyspark) through the CLI and under spark-submit, and a Spark Connect server through
``--remote``. Each must write the same tables, row for row, as local mode on the same log, and the cluster's
work must be spread over both workers with no record data sent back to the driver.

The log holds every record type the broker writes: lz4 data batches with headers, a classic group that
rebalances and commits, a KIP-848 group (records 3-8), and a committed and an aborted transaction
(transactional batches, markers, ``__transaction_state``), all from kaflite and real clients.
"""

from __future__ import annotations

import contextlib
import importlib.util
import math
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kaflite.analytics.cluster import ConnectServer, StandaloneCluster, event_log_conf, spark_env, task_counts
from tests.analytics.jvm import JVM_OPTIONS, SPARK_CONF

RUN_TIMEOUT = 600  # one `kaflite analyze` run on a loaded 2-core machine takes 40-90 s; the module's three side by side
#: Each application on the standalone cluster: one executor of one core on each of its two 2-core workers.
APP_CONF = {"spark.cores.max": "2", "spark.executor.cores": "1", **SPARK_CONF}
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


def assert_same_tables(got: Path, want: Path, what: str) -> None:
    names = sorted(p.name for p in want.iterdir())
    assert sorted(p.name for p in got.iterdir()) == names, what
    assert {"consumer_group_epochs", "transactions", "records_summary", "generations"} <= set(names)
    for name in names:
        g_cols, g_rows = _table(got / name)
        w_cols, w_rows = _table(want / name)
        assert g_cols == w_cols, f"{what}: {name}"
        assert len(g_rows) == len(w_rows), f"{what}: {name}: {len(g_rows)} rows, local mode has {len(w_rows)}"
        assert g_rows == w_rows, f"{what}: {name}"


class _Job:
    """One `kaflite analyze` process, started now and judged by `wait`: several run at once (see `runs`)."""

    def __init__(self, argv: list[str], env: dict[str, str], what: str, *logs: Any) -> None:
        self.what, self.logs = what, logs
        self.proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     stdin=subprocess.DEVNULL)

    def wait(self, deadline: float) -> str:
        try:
            out, err = self.proc.communicate(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired as e:
            self.proc.kill()
            self.proc.communicate()
            raise AssertionError(f"{self.what} timed out; {[f() for f in self.logs]}") from e
        assert self.proc.returncode == 0, \
            f"{self.what} exited {self.proc.returncode}:\n{err[-4000:]}\n{[f() for f in self.logs]}"
        # spark-submit runs the driver with its stderr into stdout
        assert "[11/11] HTML report: done" in out + err, f"{self.what}: {err[-2000:]}"
        return out + err

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()


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


@dataclass
class Runs:
    """The three runs' outputs (stdout and stderr), or the failure each test re-raises as its own."""

    cluster: StandaloneCluster
    root: Path
    outputs: dict[str, str | AssertionError]

    def output(self, what: str) -> str:
        out = self.outputs[what]
        if isinstance(out, AssertionError):
            raise out
        return out


@pytest.fixture(scope="module")
def runs(full_log: FullLog, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runs]:
    """The cluster and the Connect server start together, then the three `kaflite analyze` runs go side by side.

    A run alone leaves much of a 2-core machine idle (one Spark job at a time, most of one small task, each a
    hand-off between the driver, an executor and a Python worker), and one after the other this module was
    over 5 of the suite's 17 minutes. Each application on the cluster gets one single-core executor on each
    worker (`APP_CONF`; the master spreads an application over the workers), as a run alone had, so each must
    still spread its work over both workers (`_spread`). A run that fails fails its own test, not the other."""
    import kaflite.__main__ as entry

    root = tmp_path_factory.mktemp("runs")
    connect = importlib.util.find_spec("grpc") is not None
    cluster = StandaloneCluster(root / "cluster", workers=2, worker_cores=2, worker_memory="2g")
    cluster.env["SPARK_DAEMON_JAVA_OPTS"] = JVM_OPTIONS  # the master's and the workers' JVMs
    server = ConnectServer(root / "connect", master="local[2]", conf=SPARK_CONF)
    with contextlib.ExitStack() as stack, ThreadPoolExecutor(2) as pool:
        starts = [pool.submit(cluster.start), *([pool.submit(server.start)] if connect else [])]
        stack.callback(cluster.stop)
        if connect:
            stack.callback(server.stop)
        for f in starts:
            f.result()
        args = ["analyze", "--data-dir", str(full_log.data), "--bucket", "1", "--no-progress"]
        (root / "events-cli").mkdir()
        (root / "events-submit").mkdir()
        jobs = {"kaflite analyze --master": _Job(
            [sys.executable, "-m", "kaflite", *args, "--out", str(root / "cli"), "--master", cluster.url,
             *_conf_args({**event_log_conf(root / "events-cli"), **APP_CONF})],
            cluster.env, "kaflite analyze --master", lambda: cluster.log_tail("master"))}
        jobs["spark-submit"] = _Job(
            [str(Path(cluster.env["SPARK_HOME"]) / "bin" / "spark-submit"), "--master", cluster.url,
             *_conf_args({**event_log_conf(root / "events-submit"), "spark.ui.enabled": "false", **APP_CONF}),
             str(Path(entry.__file__).resolve()), *args, "--out", str(root / "submit")],
            cluster.env, "spark-submit", lambda: cluster.log_tail("master"))
        if connect:
            jobs["kaflite analyze --remote"] = _Job(
                [sys.executable, "-m", "kaflite", *args, "--out", str(root / "connect-out"), "--remote", server.url],
                spark_env(root / "client"), "kaflite analyze --remote", server.log_tail)
        for job in jobs.values():
            stack.callback(job.kill)
        deadline = time.monotonic() + RUN_TIMEOUT
        outputs: dict[str, str | AssertionError] = {}
        for what, job in jobs.items():
            try:
                outputs[what] = job.wait(deadline)
            except AssertionError as e:
                outputs[what] = e
        yield Runs(cluster, root, outputs)


@pytest.mark.timeout(1200)
def test_standalone_cluster_cli_and_spark_submit(full_log: FullLog, runs: Runs) -> None:
    runs.output("kaflite analyze --master")
    runs.output("spark-submit")
    assert_same_tables(runs.root / "cli" / "tables", full_log.local_tables, "kaflite analyze --master")
    assert_same_tables(runs.root / "submit" / "tables", full_log.local_tables, "spark-submit")
    _spread(runs.root / "events-cli", runs.cluster, full_log.value_bytes)
    _spread(runs.root / "events-submit", runs.cluster, full_log.value_bytes)


@pytest.mark.timeout(1200)
def test_spark_connect_remote(full_log: FullLog, runs: Runs) -> None:
    pytest.importorskip("grpc", reason="Spark Connect's client needs grpcio (pip install 'kaflite[spark]')")
    out = runs.output("kaflite analyze --remote")
    assert_same_tables(runs.root / "connect-out" / "tables", full_log.local_tables, "kaflite analyze --remote")
    # no SparkContext over Connect: Spark's task progress comes from the server's progress messages
    assert re.search(r"spark stage \d+: \d+/\d+ tasks done", out), out[-3000:]
