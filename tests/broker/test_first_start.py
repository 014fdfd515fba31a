"""A broker's first start on an empty data directory says so, not `clean_shutdown=False` (a crash, to a reader)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from kaflite.broker.context import BrokerContext
from kaflite.config import KafliteConfig
from tests.storage.test_manager import loaded_event


def test_a_brokers_first_start_is_fresh_though_it_writes_files_before_the_logs(tmp_path: Path) -> None:
    """The broker writes its lock and meta.properties before it opens the logs: the lock remembers that the
    directory was empty when taken."""

    def open_context() -> SimpleNamespace:
        context = BrokerContext.open(KafliteConfig(log_dirs=str(tmp_path / "node"), port=0))
        return SimpleNamespace(close=lambda: (context.logs.close(), context.cluster_metadata.close()))

    first = loaded_event(open_context)
    assert first["fresh_data_dir"] is True and "clean_shutdown" not in first
    assert loaded_event(open_context)["clean_shutdown"] is True
