"""`kaflite analyze`'s terminal progress bars (test_report.py checks that a run tells them every stage)."""

from __future__ import annotations

import io
import logging
from typing import Any

import pytest

pytest.importorskip("rich", reason="rich is not installed (pip install 'kaflite[spark]')")

from kaflite.analytics.progress import TerminalProgress


def test_bars_show_the_stage_and_spark_tasks_with_log_lines_above() -> None:
    out = io.StringIO()
    bars = TerminalProgress(out, force_terminal=True)
    logger = logging.getLogger("kaflite.analyze.test-progress")
    logger.propagate = False
    logger.addHandler(bars.log_handler())
    logger.setLevel(logging.INFO)
    with bars:
        bars.stage_started(1, 3, "scan the data directory")
        bars.stage_finished(1, 3, "scan the data directory", 0.1, 12)
        bars.stage_started(2, 3, "read offset commits")
        bars.spark_tasks(7, 3, 8, 2)
        logger.info("a line printed above the bars")
    text = out.getvalue()
    assert "[2/3] read offset commits" in text and "1/3" in text
    assert "spark stage 7 (2 running)" in text and "3/8" in text
    assert "a line printed above the bars" in text


class Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def stage_started(self, n: int, total: int, name: str) -> None:
        self.events.append(("start", n, total, name))

    def stage_finished(self, n: int, total: int, name: str, seconds: float, rows: int | None) -> None:
        self.events.append(("end", n, total, name))

    def spark_tasks(self, stage_id: int, done: int, total: int, running: int) -> None:
        assert 0 <= done <= total

