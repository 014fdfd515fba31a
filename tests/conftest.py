"""The whole suite's rules: in-process brokers log tracebacks plainly; tests group under pytest-xdist (below)."""

from __future__ import annotations

from typing import Any

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


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: ignored where xdist is not installed
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``pytest -n 2 --dist loadscope``: a module's tests stay on one worker (its module fixtures, brokers and
    compiled Java judges, are made once) and every test under tests/analytics on one worker (one local Spark
    session and one workload, not one per worker). ``--dist loadgroup`` cannot say this with pytest 9.2: xdist 3.8
    renames the items' ``_nodeid``, which pytest 9.2 no longer reads. Other --dist modes keep xdist's own."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling  # only where xdist runs this hook

    class ModuleScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return "tests/analytics" if module.startswith("tests/analytics/") else module

    return ModuleScheduling(config, log)
