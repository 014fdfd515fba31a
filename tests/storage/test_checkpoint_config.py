"""Atomic small files, Kafka's checkpoint format, LogConfig names and defaults."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.storage import ConfigError, LogConfig, read_offset_checkpoint, write_atomic, write_offset_checkpoint


def test_checkpoint_round_trip_and_format(tmp_path: Path) -> None:
    path = tmp_path / "recovery-point-offset-checkpoint"
    write_offset_checkpoint(path, {("a", 0): 5, ("b-c", 12): 7})
    assert path.read_text() == "0\n2\na 0 5\nb-c 12 7\n"
    assert read_offset_checkpoint(path) == {("a", 0): 5, ("b-c", 12): 7}
    assert read_offset_checkpoint(tmp_path / "missing") == {}
    path.write_text("1\n0\n")
    with pytest.raises(ValueError):
        read_offset_checkpoint(path)


def test_atomic_write_leaves_old_or_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f"
    write_atomic(path, b"old")

    def boom(src: object, dst: object) -> None:
        raise OSError("crash before rename")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old"
    monkeypatch.undo()
    write_atomic(path, b"new")
    assert path.read_bytes() == b"new"
    assert not (tmp_path / "f.tmp").exists()


def test_defaults_are_kafkas() -> None:
    d = LogConfig().to_dict()
    assert d["segment.bytes"] == "1073741824" and d["segment.ms"] == "604800000"
    assert d["retention.ms"] == "604800000" and d["retention.bytes"] == "-1"
    assert d["index.interval.bytes"] == "4096" and d["segment.index.bytes"] == "10485760"
    assert d["cleanup.policy"] == "delete" and d["max.message.bytes"] == "1048588"
    assert d["min.cleanable.dirty.ratio"] == "0.5" and d["delete.retention.ms"] == "86400000"
    assert d["message.timestamp.type"] == "CreateTime" and d["compression.type"] == "producer"


def test_overlay_and_errors() -> None:
    base = LogConfig.from_dict({"retention.ms": "10"})
    cfg = LogConfig.from_dict({"cleanup.policy": "compact,delete", "flush.messages": "1"}, base)
    assert cfg.retention_ms == 10 and cfg.compact and cfg.delete and cfg.flush_messages == 1
    for bad in ({"nope": "1"}, {"segment.ms": "abc"}, {"cleanup.policy": "shred"},
                {"min.cleanable.dirty.ratio": "2"}, {"message.timestamp.type": "Now"}, {"segment.bytes": "1"}):
        with pytest.raises(ConfigError) as exc:
            LogConfig.from_dict(bad)
        assert next(iter(bad)) in str(exc.value)
        assert exc.value.error_code == ErrorCode.INVALID_CONFIG
