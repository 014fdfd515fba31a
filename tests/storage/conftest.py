"""Shared helpers for storage tests: small segments so rolls and indexes happen with little data."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaflite.protocol import records as R
from kaflite.storage import LogConfig, PartitionLog

T0 = 1_700_000_000_000


def batch(n: int = 3, *, key: bytes = b"k", ts: int = T0, size: int = 100, **kw: int) -> bytes:
    return R.build_batch([(key + b"%d" % i, b"v" * size) for i in range(n)], timestamp_ms=ts, **kw)


def small_config(**overrides: str) -> LogConfig:
    return LogConfig.from_dict({"segment.bytes": "8192", "index.interval.bytes": "512", **overrides})


@pytest.fixture
def open_log(tmp_path: Path):  # type: ignore[no-untyped-def]
    def _open(config: LogConfig | None = None, *, clean: bool = False, recovery_point: int = 0) -> PartitionLog:
        return PartitionLog.open(tmp_path / "t-0", "t", 0, config or small_config(), now_ms=T0,
                                 clean_shutdown=clean, recovery_point=recovery_point)

    return _open
