"""The one bounded wait every client-side test helper uses (tests/testing/clients.py, tests/integration/...)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

WAIT_S = 20.0


def wait_until(cond: Callable[[], Any], timeout: float = WAIT_S, what: str = "condition",
               interval: float = 0.01) -> Any:
    """Poll a real condition with a deadline; return its (truthy) value or raise TimeoutError."""
    deadline = time.monotonic() + timeout
    while True:
        v = cond()
        if v:
            return v
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)
