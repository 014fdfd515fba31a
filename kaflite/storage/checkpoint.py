"""Small metadata files written atomically, and Kafka's offset checkpoint text format.

A crash leaves either the old file or the new one, never a torn one: temp -> fsync -> os.replace ->
fsync the directory (Kafka's `CheckpointFile.write`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from kaflite.storage.fileio import fsync_dir, sync, write_fully

CHECKPOINT_VERSION = 0


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace `path` with `data` so that readers see the old or the new content, even after a crash."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        write_fully(fd, data)
        sync(fd)
    except OSError:
        os.close(fd)
        tmp.unlink(missing_ok=True)  # a full disk: leave no half-written temp file behind
        raise
    os.close(fd)
    os.replace(tmp, path)
    fsync_dir(path.parent)


def write_offset_checkpoint(path: str | os.PathLike[str], offsets: Mapping[tuple[str, int], int]) -> None:
    """Kafka's checkpoint file: a version line, a count line, then `topic partition offset` lines."""
    lines = [str(CHECKPOINT_VERSION), str(len(offsets))]
    lines += [f"{topic} {partition} {offset}" for (topic, partition), offset in sorted(offsets.items())]
    write_atomic(path, ("\n".join(lines) + "\n").encode())


def read_offset_checkpoint(path: str | os.PathLike[str]) -> dict[tuple[str, int], int]:
    """Read a checkpoint file; a missing file is empty, a malformed one raises ValueError."""
    try:
        text = Path(path).read_text()
    except FileNotFoundError:
        return {}
    lines = text.splitlines()
    if len(lines) < 2 or lines[0].strip() != str(CHECKPOINT_VERSION):
        raise ValueError(f"{path}: unrecognised checkpoint version or header")
    count = int(lines[1])
    entries = [line for line in lines[2:] if line.strip()]
    if len(entries) != count:
        raise ValueError(f"{path}: expected {count} entries, found {len(entries)}")
    out: dict[tuple[str, int], int] = {}
    for line in entries:
        parts = line.split()
        if len(parts) != 3:
            raise ValueError(f"{path}: malformed line {line!r}")
        out[(parts[0], int(parts[1]))] = int(parts[2])
    return out
