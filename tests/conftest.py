"""The whole suite's one rule: a test marked `interpreted` (it replaces a function that compiled callers call
directly, kaflite/native.py) is skipped where the compiled build is loaded; `make test` runs those tests again
with KAFLITE_NATIVE=0, so each runs somewhere."""

from __future__ import annotations

import pytest

from kaflite import native


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not native.compiled():
        return
    skip = pytest.mark.skip(reason="replaces a function compiled code calls directly: run with KAFLITE_NATIVE=0 "
                                   "(make test does)")
    for item in items:
        if item.get_closest_marker("interpreted") is not None:
            item.add_marker(skip)
