from __future__ import annotations

import pytest

from tests.coordinator.harness import Harness


@pytest.fixture
def h() -> Harness:
    return Harness()
