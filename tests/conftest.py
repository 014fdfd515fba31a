"""The whole suite's rules: a test marked `interpreted` (it replaces a function that compiled callers call
directly, kaflite/native.py) is skipped where the compiled build is loaded; `make test` runs those tests again
with KAFLITE_NATIVE=0, so each runs somewhere. And in-process brokers log tracebacks plainly (below)."""

from __future__ import annotations

import pytest

from kaflite import native


def pytest_configure(config: pytest.Config) -> None:
    """structlog's default configuration (what an in-process broker logs through, as in a user's test session),
    with plain tracebacks instead of rich's: rich renders one in ~70 ms, and tests that make handlers fail on
    purpose log hundreds (test_error_answers: 21 s, nearly all of it tracebacks drawn). Only the exception
    formatter changes; where lines go and how they look stays structlog's default."""
    import structlog

    processors = [structlog.dev.ConsoleRenderer(exception_formatter=structlog.dev.plain_traceback)
                  if isinstance(p, structlog.dev.ConsoleRenderer) else p
                  for p in structlog.get_config()["processors"]]
    structlog.configure(processors=processors)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not native.compiled():
        return
    skip = pytest.mark.skip(reason="replaces a function compiled code calls directly: run with KAFLITE_NATIVE=0 "
                                   "(make test does)")
    for item in items:
        if item.get_closest_marker("interpreted") is not None:
            item.add_marker(skip)
