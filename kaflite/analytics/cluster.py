"""A Spark standalone cluster (master + workers) and a Spark Connect server from the installed pyspark.

Why here: the distributed tests and ``bench/analytics_scale.py`` need the real thing — separate JVMs, the
same deploy path a user's cluster takes — not ``local[N]``. Everything binds 127.0.0.1 on ports chosen
free, runs with small memory and one core per worker, writes its logs under a work directory, and is
stopped (process group, TERM then KILL) by ``stop()`` / the context manager, also when a start fails.
Standard library only: importing this module starts nothing and needs no pyspark import.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO, Any

#: The Connect server's main class (its jar ships in pyspark's own jars/ since Spark 4).
CONNECT_SERVER_CLASS = "org.apache.spark.sql.connect.service.SparkConnectServer"


def spark_home() -> Path:
    """The installed pyspark package: its bin/ and jars/ are a Spark distribution."""
    spec = importlib.util.find_spec("pyspark")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("pyspark is not installed (pip install 'kaflite[spark]')")
    return Path(next(iter(spec.submodule_search_locations)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kaflite_pythonpath() -> str:
    """PYTHONPATH that makes this kaflite importable by Spark's Python workers (a checkout, not only an install)."""
    root = str(Path(__file__).resolve().parents[2])
    rest = os.environ.get("PYTHONPATH", "")
    return os.pathsep.join(p for p in (root, rest) if p)


def spark_env(work: Path, **extra: str) -> dict[str, str]:
    """Environment for Spark's JVMs and Python workers: loopback only, this interpreter, this kaflite, an
    empty conf dir (no stray spark-defaults.conf), small daemon heaps."""
    conf_dir = work / "conf"
    conf_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update({
        "SPARK_HOME": str(spark_home()),
        "SPARK_CONF_DIR": str(conf_dir),
        "SPARK_LOCAL_IP": "127.0.0.1",
        "SPARK_LOCAL_HOSTNAME": "127.0.0.1",
        "SPARK_DAEMON_MEMORY": "256m",
        "PYSPARK_PYTHON": sys.executable,
        "PYSPARK_DRIVER_PYTHON": sys.executable,
        "PYTHONPATH": kaflite_pythonpath(),
    })
    env.pop("PYSPARK_SUBMIT_ARGS", None)
    env.pop("PYSPARK_GATEWAY_PORT", None)
    env.update(extra)
    return env


def _get_json(url: str, timeout: float = 2.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return json.loads(r.read())


class _Processes:
    """Child processes, each in its own session (group), with its output in a log file."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.work.mkdir(parents=True, exist_ok=True)
        self.procs: list[tuple[str, subprocess.Popen[bytes], IO[bytes]]] = []

    def spawn(self, name: str, argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        out = (self.work / f"{name}.log").open("wb")
        proc = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                cwd=self.work, start_new_session=True)
        self.procs.append((name, proc, out))
        return proc

    def check_alive(self) -> None:
        for name, proc, _ in self.procs:
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited with {proc.returncode}:\n{self.log_tail(name)}")

    def log_tail(self, name: str, lines: int = 40) -> str:
        path = self.work / f"{name}.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else ""

    def stop(self, timeout: float = 30.0) -> None:
        """TERM each group (workers' executors and their Python workers are in it), KILL what outlives it."""
        for _, proc, _ in reversed(self.procs):
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for _, proc, out in reversed(self.procs):
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
            with contextlib.suppress(ProcessLookupError):  # what the group leader left behind
                os.killpg(proc.pid, signal.SIGKILL)
            out.close()
        self.procs.clear()


class StandaloneCluster:
    """``spark-class ...Master`` and `workers` times ``spark-class ...Worker`` (one core, `worker_memory` each)."""

    def __init__(self, work: Path, *, workers: int = 2, worker_cores: int = 1, worker_memory: str = "1g",
                 start_timeout: float = 90.0) -> None:
        self.work = Path(work)
        self.n_workers = workers
        self.worker_cores = worker_cores
        self.worker_memory = worker_memory
        self.start_timeout = start_timeout
        self.port = free_port()
        self.ui_port = free_port()
        self.worker_ui_ports: list[int] = []
        self.env = spark_env(self.work)
        self._procs = _Processes(self.work)

    @property
    def url(self) -> str:
        return f"spark://127.0.0.1:{self.port}"

    def state(self) -> Any:
        """The master's own JSON status page: workers (state, cores, memory), applications."""
        return _get_json(f"http://127.0.0.1:{self.ui_port}/json/")

    def alive_workers(self) -> list[Any]:
        try:
            return [w for w in self.state().get("workers", []) if w.get("state") == "ALIVE"]
        except OSError:
            return []

    def start(self) -> StandaloneCluster:
        spark_class = str(spark_home() / "bin" / "spark-class")
        try:
            self._procs.spawn("master", [spark_class, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                                         "--port", str(self.port), "--webui-port", str(self.ui_port)], self.env)
            self._wait(lambda: self.state().get("status") == "ALIVE", "the master")
            for i in range(self.n_workers):
                ui = free_port()
                self.worker_ui_ports.append(ui)
                wdir = self.work / f"worker-{i}"
                wdir.mkdir(exist_ok=True)
                self._procs.spawn(f"worker-{i}", [
                    spark_class, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                    "--webui-port", str(ui), "--cores", str(self.worker_cores), "--memory", self.worker_memory,
                    "--work-dir", str(wdir), self.url], self.env)
            self._wait(lambda: len(self.alive_workers()) == self.n_workers, f"{self.n_workers} workers")
        except BaseException:
            self.stop()
            raise
        return self

    def _wait(self, cond: Any, what: str) -> None:
        deadline = time.monotonic() + self.start_timeout
        while True:
            self._procs.check_alive()
            with contextlib.suppress(OSError, ValueError):
                if cond():
                    return
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what} not up after {self.start_timeout:.0f} s:\n{self._procs.log_tail('master')}")
            time.sleep(0.25)

    def log_tail(self, name: str) -> str:
        return self._procs.log_tail(name)

    def stop(self) -> None:
        self._procs.stop()

    def __enter__(self) -> StandaloneCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class ConnectServer:
    """``spark-submit --class SparkConnectServer`` on a free loopback port; its Python workers run this
    interpreter with this kaflite importable, so the kaflite data sources a client registers can run there."""

    def __init__(self, work: Path, *, master: str = "local[2]", driver_memory: str = "1g",
                 conf: dict[str, str] | None = None, start_timeout: float = 90.0) -> None:
        self.work = Path(work)
        self.master = master
        self.port = free_port()
        self.driver_memory = driver_memory
        self.conf = conf or {}
        self.start_timeout = start_timeout
        # Spark's launcher sizes the Connect server (as the Thrift server) by SPARK_DAEMON_MEMORY
        self.env = spark_env(self.work, SPARK_DAEMON_MEMORY=driver_memory)
        self._procs = _Processes(self.work)

    @property
    def url(self) -> str:
        return f"sc://127.0.0.1:{self.port}"

    def start(self) -> ConnectServer:
        conf = {"spark.connect.grpc.binding.address": "127.0.0.1", "spark.connect.grpc.binding.port": str(self.port),
                "spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1",
                "spark.ui.enabled": "false", "spark.sql.session.timeZone": "UTC", **self.conf}
        argv = [str(spark_home() / "bin" / "spark-submit"), "--master", self.master, "--driver-memory",
                self.driver_memory, "--class", CONNECT_SERVER_CLASS]
        for k, v in conf.items():
            argv += ["--conf", f"{k}={v}"]
        try:
            self._procs.spawn("connect", argv, self.env)
            deadline = time.monotonic() + self.start_timeout
            while "Spark Connect server started" not in self._procs.log_tail("connect", 200):
                self._procs.check_alive()
                if time.monotonic() > deadline:
                    raise TimeoutError(f"Spark Connect not up after {self.start_timeout:.0f} s:\n"
                                       f"{self._procs.log_tail('connect')}")
                time.sleep(0.25)
        except BaseException:
            self.stop()
            raise
        return self

    def log_tail(self, lines: int = 40) -> str:
        return self._procs.log_tail("connect", lines)

    def stop(self) -> None:
        self._procs.stop()

    def __enter__(self) -> ConnectServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


#: The settings that make an application write the event log `task_counts` reads (uncompressed JSON lines).
def event_log_conf(event_log_dir: Path) -> dict[str, str]:
    return {"spark.eventLog.enabled": "true", "spark.eventLog.dir": Path(event_log_dir).resolve().as_uri(),
            "spark.eventLog.compress": "false", "spark.eventLog.rolling.enabled": "false"}


def task_counts(event_log_dir: Path) -> dict[str, Any]:
    """From Spark's event log (what the history server's REST API serves, written with `event_log_conf`):
    per executor id its worker's log URLs and its finished tasks, and the task results' sizes (what the
    executors sent back to the driver)."""
    executors: dict[str, dict[str, Any]] = {}
    max_result = 0
    total_result = 0
    files = [p for p in sorted(Path(event_log_dir).rglob("*")) if p.is_file() and not p.name.startswith(".")
             and not p.name.startswith("appstatus")]
    for path in files:
        for line in path.read_text(errors="replace").splitlines():
            ev = json.loads(line)
            kind = ev.get("Event")
            if kind == "SparkListenerExecutorAdded":
                info = ev["Executor Info"]
                executors.setdefault(ev["Executor ID"], {"tasks": 0})["logs"] = info.get("Log Urls", {})
            elif kind == "SparkListenerTaskEnd":
                e = executors.setdefault(ev["Task Info"]["Executor ID"], {"tasks": 0})
                e["tasks"] += 1
                size = int((ev.get("Task Metrics") or {}).get("Result Size", 0))
                max_result = max(max_result, size)
                total_result += size
    return {"executors": executors, "max_result_size": max_result, "total_result_size": total_result}
