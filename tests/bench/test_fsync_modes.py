"""bench/fsync_modes.py runs, prints a row per mode, thread count and round, and leaves nothing behind (it is
the measurement behind `preallocate` on the coordinator topics; a benchmark, so nothing about time is asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import fsync_modes  # noqa: E402


def test_fsync_modes_reports_every_mode_and_cleans_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert fsync_modes.main(["--dir", str(tmp_path), "--threads", "1", "2", "--syncs", "3", "--write-bytes", "100",
                             "--rounds", "1"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and "mode" not in line]
    assert sorted((r.split("|")[1].strip(), r.split("|")[2].strip()) for r in rows) == sorted(
        (t, m) for t in ("1", "2") for m in fsync_modes.MODES)
    assert list(tmp_path.iterdir()) == []
