"""Integration fixtures: a real kaflite process on a free port, data in tmp_path."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.broker_process import BrokerProcess


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/integration" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[BrokerProcess]:
    with BrokerProcess(tmp_path / "data") as b:
        yield b


@pytest.fixture
def durable_broker(tmp_path: Path) -> Iterator[BrokerProcess]:
    """fsync on every append: acknowledged data survives kill -9."""
    with BrokerProcess(tmp_path / "data", "log.flush.interval.messages=1") as b:
        yield b
