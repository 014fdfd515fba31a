"""Integration fixtures: a real kaflite process (the test kit's ``ProcessBroker``) on a free port, data in tmp_path."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kaflite.testing.process import ProcessBroker


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/integration" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[ProcessBroker]:
    """A broker of its own in a child process: restart() keeps the port and the data, crash() is kill -9."""
    with ProcessBroker(tmp_path / "data") as b:
        yield b


@pytest.fixture
def durable_broker(tmp_path: Path) -> Iterator[ProcessBroker]:
    """fsync on every append: acknowledged data survives kill -9."""
    with ProcessBroker(tmp_path / "data", config={"log.flush.interval.messages": 1}) as b:
        yield b
