"""pytest plugin for bench/test_session.py (``-p session_timing``): each test's wall-clock and CPU.

For every test (set-up, call and teardown together): wall-clock, this process's user + system CPU (the clients'
threads, and kaflite's broker too when it runs in this process) and the broker process's CPU (whatever
``BROKER_CPU`` holds, set by the suite's ``target`` fixture; the first test's set-up starts the broker, so it is
counted from zero). At the end of the session they go to the JSON file ``BENCH_OUT`` names.
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

BROKER_CPU: list[Callable[[], float]] = []
_TESTS: list[dict[str, Any]] = []
_OUTCOMES: dict[str, str] = {}


def _self_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _broker_cpu() -> float | None:
    return BROKER_CPU[0]() if BROKER_CPU else None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    b0 = _broker_cpu()
    t0, c0 = time.perf_counter(), _self_cpu()
    yield
    wall, cpu = time.perf_counter() - t0, _self_cpu() - c0
    b1 = _broker_cpu()
    _TESTS.append({"test": item.name, "wall_s": wall, "client_cpu_s": cpu,
                   "broker_cpu_s": None if b1 is None else b1 - (b0 or 0.0),
                   "outcome": _OUTCOMES.get(item.nodeid, "?")})


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """The test's outcome: its call's, or its set-up's when that did not pass (a skip, an error)."""
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        outcome = report.outcome
        if outcome == "skipped" and isinstance(report.longrepr, tuple):
            outcome = f"skipped: {report.longrepr[-1].removeprefix('Skipped: ')}"
        _OUTCOMES[report.nodeid] = outcome


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get("BENCH_OUT")
    if out:
        Path(out).write_text(json.dumps({"target": os.environ.get("BENCH_TARGET"), "tests": _TESTS}, indent=1))
