"""Kafka's crash-safe segment replacement (LocalLog.replaceSegments), both halves: the renames that swap a
compacted copy in for a segment (`swap_in`, each step reported as it completes) and what a start makes of a
swap a crash interrupted (`complete_interrupted_swaps`, run by the log loader before anything is read).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

import structlog

from kaflite.storage.fileio import fsync_dir
from kaflite.storage.segment import INDEX_SUFFIX, LOG_SUFFIX, TIME_INDEX_SUFFIX, LogSegment

log = structlog.get_logger()

# The suffixes of the renames: a segment being deleted, a compacted copy not yet swapped in, a committed swap.
DELETED_SUFFIX = ".deleted"
CLEANED_SUFFIX = ".cleaned"
SWAP_SUFFIX = ".swap"

# The steps of `swap_in`, in order (see its docstring for what each leaves on disk).
REPLACE_STEPS = ("cleaned", "swap", "old_deleted", "swapped_in", "unlinked")


def swap_in(directory: Path, old: LogSegment, new_log: Path, step: Callable[[str], None]) -> None:
    """Swap a compacted copy in for `old` with Kafka's crash-safe renames (LocalLog.replaceSegments).

    `new_log` is `<name>.log.cleaned`, already written and fsynced. The steps, each named in
    `REPLACE_STEPS` and reported to `step` once done, and what recovery
    (`complete_interrupted_swaps`) makes of a crash right after each:

    - `cleaned`: nothing renamed yet. Recovery deletes the `.cleaned` file: the old segment stays.
    - `swap`: `.cleaned` renamed to `.log.swap`, directory fsynced. The swap is now committed:
      recovery finishes it (the `.swap` replaces the old `.log`, the old indexes are dropped).
    - `old_deleted`: the old `.log`, `.index`, `.timeindex`, `.txnindex` renamed to `.deleted`. Recovery unlinks
      them and finishes the swap.
    - `swapped_in`: `.log.swap` renamed to `.log`, directory fsynced. Recovery unlinks the
      `.deleted` files and rebuilds the indexes.
    - `unlinked`: the `.deleted` files are gone; only the in-memory segment list is still old.

    Kafka's order, too: its old files go to `.deleted` before its `.swap` loses the suffix.
    """
    step("cleaned")
    swap = old.log_path.with_name(old.log_path.name + SWAP_SUFFIX)
    os.replace(new_log, swap)
    fsync_dir(directory)
    step("swap")
    old.rename_to(DELETED_SUFFIX)
    step("old_deleted")
    os.replace(swap, old.log_path)
    fsync_dir(directory)
    step("swapped_in")
    for p in old.files:
        with contextlib.suppress(FileNotFoundError):
            p.with_name(p.name + DELETED_SUFFIX).unlink()
    step("unlinked")


def complete_interrupted_swaps(directory: Path, topic: str, partition: int) -> None:
    """Kafka's LogLoader steps for a crash during compaction or deletion: drop `.deleted` and
    `.cleaned` files (never finished), and finish every `.swap` (a complete, fsynced replacement)."""
    for p in list(directory.iterdir()):
        if p.name.endswith(DELETED_SUFFIX) or p.name.endswith(CLEANED_SUFFIX) or p.name.endswith(".tmp"):
            p.unlink()
    for p in sorted(directory.iterdir()):
        if not p.name.endswith(LOG_SUFFIX + SWAP_SUFFIX):
            continue
        stem = p.name[: -len(LOG_SUFFIX + SWAP_SUFFIX)]
        for suffix in (INDEX_SUFFIX, TIME_INDEX_SUFFIX):
            for name in (stem + suffix, stem + suffix + SWAP_SUFFIX):
                with contextlib.suppress(FileNotFoundError):
                    (directory / name).unlink()  # indexes are caches: rebuilt below
        os.replace(p, directory / (stem + LOG_SUFFIX))
        log.info("log.swap_completed", topic=topic, partition=partition, segment=stem)
    for p in list(directory.iterdir()):
        if p.name.endswith(SWAP_SUFFIX):
            p.unlink()
