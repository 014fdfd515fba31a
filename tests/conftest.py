"""The whole suite's rules: in-process brokers log tracebacks plainly; tests group under pytest-xdist (below)."""

from __future__ import annotations

import pytest
import structlog


def pytest_configure(config: pytest.Config) -> None:
    """structlog's default configuration (what an in-process broker logs through, as in a user's test session),
    with plain tracebacks instead of rich's: rich renders one in ~70 ms, and tests that make handlers fail on
    purpose log hundreds (test_error_answers: 21 s, nearly all of it tracebacks drawn). Only the exception
    formatter changes; where lines go and how they look stays structlog's default."""
    processors = [structlog.dev.ConsoleRenderer(exception_formatter=structlog.dev.plain_traceback)
                  if isinstance(p, structlog.dev.ConsoleRenderer) else p
                  for p in structlog.get_config()["processors"]]
    structlog.configure(processors=processors)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """For pytest-xdist's ``-n 2 --dist loadgroup``: a module's tests stay on one worker (its module fixtures,
    brokers and compiled Java judges, are made once), and every test under tests/analytics on one worker (one
    local Spark session and one workload, not one per worker). Without xdist the marker does nothing."""
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        item.add_marker(pytest.mark.xdist_group("spark" if module.startswith("tests/analytics/") else module))
