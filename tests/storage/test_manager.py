"""LogManager: topics, partition.metadata, checkpoints, clean marker, retention/flush/cleaner sweeps."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import structlog

from kaflite.clock import ManualClock
from kaflite.protocol.errors import ErrorCode
from kaflite.storage import (
    ConfigError,
    InvalidTopicError,
    LogConfig,
    LogManager,
    StorageError,
    read_offset_checkpoint,
    validate_topic_name,
)
from kaflite.storage.manager import topic_id_from_str, topic_id_to_str

from .conftest import batch


def manager(tmp_path: Path, clock: ManualClock | None = None) -> LogManager:
    clock = clock or ManualClock()
    return LogManager(tmp_path / "data", LogConfig(), clock.now_ms)


def test_create_persist_and_reopen(tmp_path: Path) -> None:
    clock = ManualClock()
    lm = manager(tmp_path, clock)
    info = lm.create_topic("orders", 3, {"retention.ms": "1000"})
    assert len(info.topic_id) == 16 and info.config.retention_ms == 1000
    lm.get_log("orders", 1).append(batch(4), leader_epoch=0, now_ms=clock.now_ms())
    meta = (tmp_path / "data" / "orders-1" / "partition.metadata").read_text()
    assert meta == f"version: 0\ntopic_id: {topic_id_to_str(info.topic_id)}"
    lm.close()
    assert (tmp_path / "data" / ".kafka_cleanshutdown").exists()
    assert read_offset_checkpoint(tmp_path / "data" / "recovery-point-offset-checkpoint")[("orders", 1)] == 4
    assert (tmp_path / "data" / "recovery-point-offset-checkpoint").read_text().startswith("0\n3\n")
    again = manager(tmp_path, clock)
    assert not (tmp_path / "data" / ".kafka_cleanshutdown").exists()
    t = again.topics()["orders"]
    assert (t.topic_id, t.partitions, t.configs) == (info.topic_id, 3, {"retention.ms": "1000"})
    assert again.get_log("orders", 1).log_end_offset == 4
    assert again.get_log("orders", 3) is None


def test_errors(tmp_path: Path) -> None:
    lm = manager(tmp_path)
    lm.create_topic("a", 1)
    with pytest.raises(StorageError) as exc:
        lm.create_topic("a", 1)
    assert exc.value.error_code == ErrorCode.TOPIC_ALREADY_EXISTS
    with pytest.raises(ConfigError) as cexc:
        lm.create_topic("b", 1, {"retention.mss": "1"})
    assert "retention.mss" in str(cexc.value) and cexc.value.error_code == ErrorCode.INVALID_CONFIG
    with pytest.raises(StorageError):
        lm.create_partitions("a", 1)
    assert "b" not in lm.topics()


@pytest.mark.parametrize("name", ["", ".", "..", "a" * 250, "bad name", "ü", "a/b"])
def test_invalid_topic_names(name: str) -> None:
    with pytest.raises(InvalidTopicError) as exc:
        validate_topic_name(name)
    assert exc.value.error_code == ErrorCode.INVALID_TOPIC


def test_valid_topic_names() -> None:
    for name in ("a", "a.b_c-D9", "x" * 249, "__consumer_offsets"):
        validate_topic_name(name)


def test_delete_topic_and_add_partitions(tmp_path: Path) -> None:
    lm = manager(tmp_path)
    lm.create_topic("t", 1)
    lm.create_partitions("t", 4)
    assert lm.get_log("t", 3) is not None and lm.topics()["t"].partitions == 4
    lm.delete_topic("t")
    assert lm.topics() == {}
    assert not [p for p in (tmp_path / "data").iterdir() if p.is_dir()]
    lm.close()
    assert manager(tmp_path).topics() == {}



def test_delete_topics_drops_several_at_once_and_stays_dropped(tmp_path: Path) -> None:
    """One registry write for a batch (reset()); unknown names refuse the whole batch, repeats count once."""
    lm = manager(tmp_path)
    for name, n in (("a", 2), ("b", 1), ("keep", 1)):
        lm.create_topic(name, n)
    with pytest.raises(StorageError):
        lm.delete_topics(["a", "missing"])
    assert set(lm.topics()) == {"a", "b", "keep"}  # nothing dropped
    lm.delete_topics(["a", "b", "a"])
    assert set(lm.topics()) == {"keep"}
    assert sorted(p.name for p in (tmp_path / "data").iterdir() if p.is_dir()) == ["keep-0"]
    lm.close()
    assert set(manager(tmp_path).topics()) == {"keep"}

def test_unclean_restart_recovers(tmp_path: Path) -> None:
    clock = ManualClock()
    lm = manager(tmp_path, clock)
    lm.create_topic("t", 1)
    plog = lm.get_log("t", 0)
    plog.append(batch(3), leader_epoch=0, now_ms=clock.now_ms())
    plog.flush()
    seg = plog.active_segment
    with open(seg.log_path, "ab") as f:
        f.write(b"\x01" * 20)
    again = manager(tmp_path, clock)
    assert again.get_log("t", 0).log_end_offset == 3
    assert seg.log_path.stat().st_size == again.get_log("t", 0).active_segment.size  # cut in place
    assert not list((tmp_path / "data" / "t-0").glob("*.torn-*"))  # nothing copied aside


def test_adopts_unregistered_kafka_dirs(tmp_path: Path) -> None:
    lm = manager(tmp_path)
    info = lm.create_topic("k", 2)
    lm.get_log("k", 0).append(batch(2), leader_epoch=0, now_ms=ManualClock().now_ms())
    lm.close()
    (tmp_path / "data" / "kaflite-topics.json").unlink()
    again = manager(tmp_path)
    assert again.topics()["k"].topic_id == info.topic_id and again.topics()["k"].partitions == 2
    assert again.get_log("k", 0).log_end_offset == 2


KILLED_MID_CREATION = """
import os, sys
from kaflite.clock import ManualClock
from kaflite.storage import LogConfig, LogManager
from kaflite.storage.manager import LogManager as M

writes = []
real = M._write_partition_metadata

def write_then_die(self, info, partition):
    if len(writes) == 2:
        os._exit(9)  # as a kill -9: no cleanup, no close
    writes.append(partition)
    real(self, info, partition)

M._write_partition_metadata = write_then_die
LogManager(sys.argv[1], LogConfig(), ManualClock().now_ms).create_topic("t", 4, {"cleanup.policy": "compact"})
"""


def test_a_creation_cut_short_by_a_kill_restarts_whole_with_its_configs(tmp_path: Path) -> None:
    """A kill while the partition files are made (here: the third partition's): the topic was in the registry
    first (reserve_topic), so the restart serves it whole, every partition, with its configs -- never bare
    directories adopted under the default delete policy."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", KILLED_MID_CREATION, str(tmp_path / "data")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 9, done.stderr
    assert len(list((tmp_path / "data").glob("t-*"))) == 3  # the kill came half-way
    again = manager(tmp_path)
    info = again.topics()["t"]
    assert (info.partitions, info.configs, info.config.cleanup_policy) == (4, {"cleanup.policy": "compact"},
                                                                           ("compact",))
    for p in range(4):
        assert again.get_log("t", p) is not None
        meta = (tmp_path / "data" / f"t-{p}" / "partition.metadata").read_text()
        assert meta.endswith(topic_id_to_str(info.topic_id))


def test_a_reserved_topic_is_not_served_and_its_name_is_taken(tmp_path: Path) -> None:
    """reserve_topic: in the registry at once, served only once created; a second creation of the name meanwhile
    is TOPIC_ALREADY_EXISTS (no two creations make the same directories); released, it is gone from both."""
    lm = manager(tmp_path)
    reserved = lm.reserve_topic("r", 2, {"retention.ms": "5"})
    assert "r" not in lm.topics() and lm.get_log("r", 0) is None
    assert "r" in (tmp_path / "data" / "kaflite-topics.json").read_text()
    with pytest.raises(StorageError) as e:
        lm.create_topic("r", 1)
    assert e.value.error_code == ErrorCode.TOPIC_ALREADY_EXISTS
    opened = lm.open_partition_files("r", reserved.topic_id, reserved.config, range(2))
    info = lm.create_topic("r", 2, {"retention.ms": "5"}, topic_id=reserved.topic_id, opened=opened)
    assert info is reserved and lm.get_log("r", 1) is not None
    lm.reserve_topic("s", 1)
    lm.release_topic("s")
    assert "\"s\"" not in (tmp_path / "data" / "kaflite-topics.json").read_text()
    lm.close()
    assert set(manager(tmp_path).topics()) == {"r"}


def test_sweeps(tmp_path: Path) -> None:
    clock = ManualClock()
    lm = manager(tmp_path, clock)
    lm.create_topic("d", 1, {"segment.bytes": "4096", "retention.ms": "1000", "flush.ms": "100"})
    lm.create_topic("c", 1, {"segment.bytes": "4096", "cleanup.policy": "compact"})
    for _ in range(30):
        lm.get_log("d", 0).append(batch(2, ts=clock.now_ms()), leader_epoch=0, now_ms=clock.now_ms())
        lm.get_log("c", 0).append(batch(2, ts=clock.now_ms()), leader_epoch=0, now_ms=clock.now_ms())
    d_segments, c_segments = len(lm.get_log("d", 0).segments), len(lm.get_log("c", 0).segments)
    assert d_segments > 1 and c_segments > 1  # 4 KiB segments: the 30 batches rolled
    assert lm.flush_due(clock.advance(100)) == 1  # "c" keeps the 1000 ms default
    # every "d" segment is past retention.ms (the active one after rolling); "c" is compact only
    assert lm.apply_retention(clock.advance(5000)) == d_segments
    assert lm.get_log("d", 0).log_start_offset == lm.get_log("d", 0).log_end_offset == 60
    assert len(lm.get_log("c", 0).segments) == c_segments
    # the same two keys in every batch: every closed segment has superseded records to drop
    assert lm.run_cleaner(clock.now_ms())[("c", 0)].segments_cleaned == c_segments - 1
    lm.alter_topic_configs("d", {"retention.ms": None})
    assert lm.get_log("d", 0).config.retention_ms == LogConfig().retention_ms


def test_topic_id_text_form() -> None:
    raw = bytes(range(16))
    assert topic_id_from_str(topic_id_to_str(raw)) == raw
    assert "=" not in topic_id_to_str(raw) and len(topic_id_to_str(raw)) == 22


def loaded_event(open_: Callable[[], Any]) -> dict[str, object]:
    """The `storage.loaded` line of one open (the opened thing is closed again, cleanly)."""
    with structlog.testing.capture_logs() as logs:
        opened = open_()
    opened.close()
    (event,) = [e for e in logs if e["event"] == "storage.loaded"]
    return event


def test_first_start_logs_a_fresh_data_directory_not_an_unclean_shutdown(tmp_path: Path) -> None:
    """A first start once logged `clean_shutdown=False`, which reads as a crash: an empty or missing data
    directory is logged as fresh; a restart says whether the last stop was clean."""
    first = loaded_event(lambda: manager(tmp_path))
    assert first["fresh_data_dir"] is True and "clean_shutdown" not in first
    again = loaded_event(lambda: manager(tmp_path))  # after a clean close
    assert again["clean_shutdown"] is True and "fresh_data_dir" not in again
    (tmp_path / "data" / ".kafka_cleanshutdown").unlink()  # as after a crash
    assert loaded_event(lambda: manager(tmp_path))["clean_shutdown"] is False
    (tmp_path / "empty").mkdir()  # an empty directory made beforehand (a volume, a tmp dir) is fresh too
    empty = loaded_event(lambda: LogManager(tmp_path / "empty", LogConfig(), ManualClock().now_ms))
    assert empty["fresh_data_dir"] is True

