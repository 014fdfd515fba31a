"""The pure parts of the benchmark record: JSON round trip, B/A ratios with their direction, the README table.

Why tested: a record is only worth keeping if it reads back as written (NaN included), and a ratio
is only useful if "better" follows the metric's direction; both are easy to get backwards. No broker
is started here: these are the bench/ modules' pure functions, fast enough for every `make test`.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import compare  # noqa: E402
import readme_table  # noqa: E402
import record  # noqa: E402


def make_record(metrics: list[record.Metric], notes: str = "") -> dict[str, Any]:
    """A record as new_record builds it, with fixed machine and versions so the test needs no git or Tansu."""
    rec = {
        "schema": record.SCHEMA, "started": "2026-11-24T01:00:00+00:00", "finished": "2026-11-24T01:01:00+00:00",
        "command": "run_all.py --json x.json", "notes": notes,
        "machine": {"cpu_model": "Test CPU", "cores": 2, "platform": "Linux-test", "python": "3.11.7",
                    "python_implementation": "CPython"},
        "load_before": [0.5, 0.4, 0.3], "load_after": [0.9, 0.5, 0.3],
        "versions": {"kaflite_rev": "abc123", "tansu": "tansu 0.6.0", "python": "3.11.7", "uvloop": "0.23.0",
                     "confluent_kafka": "2.16.1"},
        "metrics": [],
    }
    record.add_metrics(rec, metrics)
    return rec


def test_metric_round_trips_through_json_with_failed_samples_as_null(tmp_path: Path) -> None:
    m = record.Metric("throughput", "produce 1 KB", "kaflite", "MB/s", "higher", [270.5, float("nan"), 297.0])
    rec = make_record([m])
    path = tmp_path / "run.json"
    record.write(rec, path)
    raw = json.loads(path.read_text())  # strict JSON: no NaN token
    assert raw["metrics"][0]["samples"] == [270.5, None, 297.0]
    assert raw["metrics"][0]["value"] == pytest.approx(283.75)  # the median of the samples that exist
    (back,) = record.metrics_of(record.load(path))
    assert back.key == m.key and back.unit == "MB/s" and back.better == "higher"
    assert back.samples[0] == 270.5 and math.isnan(back.samples[1]) and back.samples[2] == 297.0
    assert back.value == pytest.approx(283.75)


def test_metric_without_samples_has_nan_value_and_null_in_json() -> None:
    m = record.Metric("startup", "spawn → first ApiVersions", "tansu", "ms", "lower", [])
    assert math.isnan(m.value) and m.to_json()["value"] is None


def test_metric_refuses_an_unknown_direction() -> None:
    with pytest.raises(ValueError, match="better"):
        record.Metric("startup", "x", "kaflite", "ms", "smaller", [1.0])


def test_load_refuses_another_schema(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"schema": "something-else", "metrics": []}))
    with pytest.raises(ValueError, match="schema"):
        record.load(path)


def test_new_record_has_machine_load_and_versions() -> None:
    rec = record.new_record(["run_all.py"], notes="test")
    assert rec["schema"] == record.SCHEMA and rec["machine"]["cores"] and rec["machine"]["python"]
    assert rec["load_before"] is None or len(rec["load_before"]) == 3
    assert "kaflite_rev" in rec["versions"] and "tansu" in rec["versions"]
    record.finish(rec)
    assert rec["finished"] and (rec["load_after"] is None or len(rec["load_after"]) == 3)


@pytest.mark.parametrize("better,a,b,verdict", [
    ("higher", 100.0, 120.0, "better"),  # more MB/s
    ("higher", 100.0, 80.0, "worse"),
    ("lower", 100.0, 120.0, "worse"),  # more ms
    ("lower", 100.0, 80.0, "better"),
    ("lower", 100.0, 104.0, "same"),  # within ±5 %
    ("higher", 100.0, float("nan"), "n/a"),
    ("higher", 0.0, 5.0, "n/a"),
])
def test_ratio_verdict_follows_the_metric_direction(better: str, a: float, b: float, verdict: str) -> None:
    c = compare.Change(("b", "m", "kaflite"), "x", better, a, b)
    assert c.verdict(5.0) == verdict
    if verdict != "n/a":
        assert c.ratio == pytest.approx(b / a)


def test_changes_pairs_metrics_by_key_and_lists_the_rest() -> None:
    a = [record.Metric("s", "m1", "kaflite", "ms", "lower", [10.0]),
         record.Metric("s", "m2", "kaflite", "ms", "lower", [5.0])]
    b = [record.Metric("s", "m1", "kaflite", "ms", "lower", [8.0, 9.0, 7.0]),
         record.Metric("s", "m1", "tansu", "ms", "lower", [1.0])]
    both, only = compare.changes(a, b)
    assert [(c.key, c.a, c.b) for c in both] == [(("s", "m1", "kaflite"), 10.0, 8.0)]  # B's median
    assert only == [("s", "m2", "kaflite"), ("s", "m1", "tansu")]


def test_changes_refuses_a_flipped_direction() -> None:
    a = [record.Metric("s", "m", "kaflite", "ms", "lower", [1.0])]
    b = [record.Metric("s", "m", "kaflite", "ms", "higher", [1.0])]
    with pytest.raises(ValueError, match="better"):
        compare.changes(a, b)


def test_compare_main_prints_ratios_and_both_machines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pa, pb = tmp_path / "a.json", tmp_path / "b.json"
    record.write(make_record([record.Metric("throughput", "fetch 1 KB", "kaflite", "MB/s", "higher", [400.0])]), pa)
    record.write(make_record([record.Metric("throughput", "fetch 1 KB", "kaflite", "MB/s", "higher", [600.0])],
                             notes="after"), pb)
    assert compare.main([str(pa), str(pb)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "fetch 1 KB" in line)
    assert "1.500" in row and "higher is better" in row and "better" in row.rsplit("|", 2)[-2]
    assert out.count("Test CPU, 2 cores") == 2 and "after" in out


def test_readme_table_puts_kaflite_and_tansu_side_by_side() -> None:
    rec = make_record([
        record.Metric("startup", "spawn → first ApiVersions", "kaflite", "ms", "lower", [90.0, 80.0, 100.0]),
        record.Metric("startup", "spawn → first ApiVersions", "tansu", "ms", "lower", [40.0]),
        record.Metric("throughput", "fetch 1 KB", "kaflite", "MB/s", "higher", [450.0]),
        record.Metric("throughput", "fetch 1 KB", "tansu", "MB/s", "higher", [300.0]),
        record.Metric("startup", "RSS (installed)", "kaflite", "MiB", "lower", [39.0]),
    ], notes="noisy: taken under load")
    text = readme_table.render(rec)
    assert "Test CPU (2 cores)" in text and "0.50/0.40/0.30 before, 0.90/0.50/0.30 after" in text
    assert "kaflite abc123" in text and "tansu 0.6.0" in text and "noisy: taken under load" in text
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in text.splitlines() if line.startswith("| ") and "metric" not in line}
    assert rows["startup: spawn → first ApiVersions"] == ["ms", "90.0", "40.0", "0.44x", "lower is better", "3"]
    assert rows["throughput: fetch 1 KB"] == ["MB/s", "450.0", "300.0", "1.50x", "higher is better", "1"]
    assert rows["startup: RSS (installed)"][:4] == ["MiB", "39.0", "n/a", "n/a"]


def test_readme_block_is_replaced_between_the_markers() -> None:
    text = f"# Title\n\n{readme_table.BEGIN}\nold table\n{readme_table.END}\n\nmore\n"
    out = readme_table.replace_between_markers(text, "NEW", "bench/results/run.json")
    assert out == (f"# Title\n\n{readme_table.BEGIN}\n<!-- from bench/results/run.json -->\nNEW\n"
                   f"{readme_table.END}\n\nmore\n")
    assert readme_table.replace_between_markers(out, "NEWER", "x").count("NEW") == 1
    with pytest.raises(ValueError, match="expected one"):
        readme_table.replace_between_markers("no markers", "NEW", "x")


def test_startup_budget_verdicts_and_metrics() -> None:
    """--budget's verdict: a miss per target and measured mode; the no-bytecode mode is shown, never judged."""
    import startup

    def result(name: str, ms: list[float], mib: list[float]) -> startup.StartupResult:
        return startup.StartupResult(name, startup_ms=ms, rss_mib=mib)

    ok = {"kaflite": result("kaflite", [80.0, 90.0, 95.0], [35.0]),
          "kaflite-installed": result("kaflite (installed)", [85.0], [36.0]),
          "kaflite-nocache": result("kaflite (no bytecode at all)", [700.0], [41.0])}
    assert startup.verdicts(ok) == []
    slow = dict(ok, **{"kaflite-installed": result("kaflite (installed)", [150.0, 101.0, 99.0], [45.0])})
    misses = startup.verdicts(slow)
    assert len(misses) == 2 and "101.0 ms > 100 ms" in misses[0] and "45.0 MiB > 40 MiB" in misses[1]
    failed = dict(ok, kaflite=startup.StartupResult("kaflite", error="exited with 1"))
    assert startup.verdicts(failed) == ["kaflite: did not start: exited with 1"]
    names = {(m.name, m.broker) for m in startup.metrics(ok)}
    assert ("spawn → first ApiVersions", "kaflite") in names
    assert ("spawn → first ApiVersions (installed)", "kaflite") in names
    assert all(m.better == "lower" for m in startup.metrics(ok))


def test_startup_floor_is_reported_beside_kaflite_and_never_judged(tmp_path: Path) -> None:
    """The stack's floor (asyncio + uvloop + structlog, no broker) answers ApiVersions like a broker, is recorded
    under its own name, and the report says what kaflite adds to it; the targets stay kaflite's."""
    import startup
    from common import api_versions

    with startup.StackFloor(tmp_path) as floor:
        answer = api_versions("127.0.0.1", floor.port, correlation_id=7)
        assert (answer.correlation_id, answer.error_code, answer.api_count) == (7, 0, 0)
        assert floor.startup_s > 0 and floor.memory_at_ready is not None
    results = {"kaflite": startup.StartupResult("kaflite", startup_ms=[130.0], rss_mib=[35.0]),
               "floor": startup.StartupResult("floor", startup_ms=[100.0, 110.0, 120.0], rss_mib=[30.0])}
    assert startup.verdicts(results) == ["kaflite: spawn → first answer 130.0 ms > 100 ms"]
    names = {(m.name, m.broker) for m in startup.metrics(results)}
    assert ("spawn → first ApiVersions", "floor") in names and ("spawn → FindCoordinator NONE", "floor") not in names
    assert "110.0 ms, RSS 30.0 MiB; what kaflite adds to it: kaflite +20.0 ms" in startup.report(results)
