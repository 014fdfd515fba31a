"""fileio: full writes despite short writes, positional writes, and no endless loop on a zero write."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from kaflite.storage.fileio import fsync_dir, write_fully


def short_writes(monkeypatch: pytest.MonkeyPatch, most: int) -> list[int]:
    """Make os.write / os.pwrite write at most `most` bytes per call; returns the sizes asked for."""
    asked: list[int] = []
    real_write, real_pwrite = os.write, os.pwrite

    def write(fd: int, data: bytes) -> int:
        asked.append(len(data))
        return real_write(fd, bytes(data[:most]))

    def pwrite(fd: int, data: bytes, offset: int) -> int:
        asked.append(len(data))
        return real_pwrite(fd, bytes(data[:most]), offset)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "pwrite", pwrite)
    return asked


def test_write_fully_loops_on_short_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = short_writes(monkeypatch, 3)
    path = tmp_path / "f"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        assert write_fully(fd, b"0123456789") == 10
    finally:
        os.close(fd)
    assert path.read_bytes() == b"0123456789"
    assert asked == [10, 7, 4, 1]


def test_write_fully_at_offset_loops_and_leaves_the_rest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"abcdefghij")
    short_writes(monkeypatch, 2)
    fd = os.open(path, os.O_RDWR)
    try:
        assert write_fully(fd, memoryview(b"XYZW"), 3) == 4
        assert os.lseek(fd, 0, os.SEEK_CUR) == 0  # pwrite leaves the file position alone
    finally:
        os.close(fd)
    assert path.read_bytes() == b"abcXYZWhij"


def test_write_fully_raises_instead_of_spinning_on_a_zero_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "write", lambda fd, data: 0)
    fd = os.open(tmp_path / "f", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        with pytest.raises(OSError):
            write_fully(fd, b"data")
        assert write_fully(fd, b"") == 0
    finally:
        os.close(fd)


def test_fsync_dir_fsyncs_the_directory_itself_and_closes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A create or rename is durable only once its directory's entry is: the fsync must be of a
    descriptor of that directory (not of a file in it), and the descriptor must not leak."""
    synced: list[tuple[int, int, bool]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        synced.append((fd, st.st_ino, stat.S_ISDIR(st.st_mode)))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    (tmp_path / "x").write_bytes(b"1")
    fsync_dir(tmp_path)
    fsync_dir(str(tmp_path))
    assert [(ino, is_dir) for _, ino, is_dir in synced] == [(tmp_path.stat().st_ino, True)] * 2
    for fd, _, _ in synced:
        with pytest.raises(OSError) as closed:
            os.fstat(fd)
        assert closed.value.errno == errno.EBADF


def test_fsync_dir_of_a_missing_directory_raises(tmp_path: Path) -> None:
    """A directory that is gone is an error to report, not a sync that silently did nothing."""
    with pytest.raises(FileNotFoundError):
        fsync_dir(tmp_path / "gone")
