"""Fixtures the broker tests share."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.broker.disk_gate import SlowAioDisk, SlowDisk, kernel_aio_available, no_kernel_aio


@pytest.fixture(params=["threads", "kernel-aio"])
def slow_disk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowDisk | SlowAioDisk]:
    """A held disk for each way group commit syncs (`disk_gate`'s docstring)."""
    disk: SlowDisk | SlowAioDisk
    if request.param == "threads":
        no_kernel_aio(monkeypatch)
        disk = SlowDisk(os.fdatasync)
        monkeypatch.setattr(os, "fdatasync", disk)
    else:
        if not kernel_aio_available():
            pytest.skip("this kernel offers no AIO (io_setup refused): the threads' variant covers it")
        disk = SlowAioDisk(monkeypatch)
    yield disk
    disk.open()
