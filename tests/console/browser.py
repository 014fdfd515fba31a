"""Debian's headless Chromium driven by Playwright, for the console's tests and bench/console_load.py.

Why the system browser: nothing is downloaded (``playwright install`` is never run); a fresh profile
per launch and every background fetch Chromium would make turned off, so a run touches no network.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def available() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if CHROMIUM is None:
        return "chromium is not installed (Debian package `chromium`)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (the kaflite[test] extra)"
    return None


@contextmanager
def chromium_context(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A Playwright browser context on the system Chromium, with a fresh user-data directory."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory(prefix="kaflite-chromium-") as profile, sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                        args=ARGS, viewport={"width": width, "height": height})
        try:
            yield context
        finally:
            context.close()
