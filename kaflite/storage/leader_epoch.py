"""A partition's leader epochs and the offset each began at: Kafka's ``LeaderEpochFileCache`` and its
``leader-epoch-checkpoint`` file in the partition directory.

Why: a consumer that sees a new leader epoch (a leader moved) asks OffsetsForLeaderEpoch where the epoch it last
read ended, to tell a truncated log from a moved leader (KIP-320); the answer comes from these entries. An entry
is added when a leader takes the partition (the epoch starts at the log end) and when a batch of a newer epoch is
appended; retention and DeleteRecords cut it from the start, recovery from the end, as Kafka's cache.

A log written before kaflite had several brokers has no file: every batch in it carries epoch 0, so the cache
starts as "epoch 0 from the log start", kept in memory until a newer epoch is recorded (nothing is written for
one broker, whose partitions stay at epoch 0).
"""

from __future__ import annotations

import bisect
from pathlib import Path

from kaflite.storage.checkpoint import CHECKPOINT_VERSION, write_atomic

FILE_NAME = "leader-epoch-checkpoint"
#: ``UNDEFINED_EPOCH`` / ``UNDEFINED_EPOCH_OFFSET``: no epoch, no offset.
UNDEFINED = -1


class LeaderEpochCache:
    """``(epoch, start offset)`` entries in increasing order of both; written to ``leader-epoch-checkpoint`` (Kafka's
    format: a version line, a count line, ``epoch start_offset`` lines) atomically on every change."""

    def __init__(self, directory: Path, entries: list[tuple[int, int]], *, on_disk: bool) -> None:
        self.path = directory / FILE_NAME
        self.entries = entries
        self.on_disk = on_disk  # False: the implicit "epoch 0 from the log start", not written while it stays so

    @classmethod
    def load(cls, directory: Path, log_start_offset: int) -> LeaderEpochCache:
        """The partition's file; without one, epoch 0 from ``log_start_offset`` (a malformed file: ValueError)."""
        path = directory / FILE_NAME
        try:
            text = path.read_text()
        except FileNotFoundError:
            return cls(directory, [(0, log_start_offset)], on_disk=False)
        lines = text.splitlines()
        if len(lines) < 2 or lines[0].strip() != str(CHECKPOINT_VERSION):
            raise ValueError(f"{path}: unrecognised checkpoint version or header")
        rows = [line.split() for line in lines[2:] if line.strip()]
        if len(rows) != int(lines[1]) or any(len(row) != 2 for row in rows):
            raise ValueError(f"{path}: expected {lines[1]} lines of 'epoch start_offset'")
        return cls(directory, [(int(epoch), int(offset)) for epoch, offset in rows], on_disk=True)

    @property
    def latest_epoch(self) -> int:
        """The epoch appends are made at now (-1: none; a log without a file reads 0)."""
        return self.entries[-1][0] if self.entries else UNDEFINED

    def assign(self, epoch: int, start_offset: int) -> bool:
        """``epoch`` begins at ``start_offset`` (a leader took the partition, or a batch of a new epoch was
        appended): entries of that epoch or later, or starting there or later, give way. True if it changed
        (and the file was written)."""
        if epoch < 0 or start_offset < 0:
            raise ValueError(f"epoch {epoch} at offset {start_offset}: both must be non-negative")
        if self.entries and self.entries[-1][0] == epoch and self.entries[-1][1] <= start_offset:
            return False
        while self.entries and (self.entries[-1][0] >= epoch or self.entries[-1][1] >= start_offset):
            self.entries.pop()
        self.entries.append((epoch, start_offset))
        self._write()
        return True

    def truncate_from_start(self, start_offset: int) -> None:
        """The log now starts at ``start_offset``: entries that began at or before it are dropped, the last of
        them kept as starting there."""
        removed = [e for e in self.entries if e[1] <= start_offset]
        if not removed or (len(removed) == 1 and removed[0][1] == start_offset):
            return
        self.entries = [(removed[-1][0], start_offset), *self.entries[len(removed):]]
        self._write()

    def truncate_from_end(self, end_offset: int) -> None:
        """The log now ends at ``end_offset``: epochs that began at or after it never happened."""
        if end_offset < 0 or not self.entries or self.entries[-1][1] < end_offset:
            return
        self.entries = [e for e in self.entries if e[1] < end_offset]
        self._write()

    def epoch_for(self, offset: int) -> int:
        """The epoch ``offset`` was written in: the last entry starting at or before it (0 before every one)."""
        epoch = 0
        for entry_epoch, start in self.entries:
            if start > offset:
                break
            epoch = entry_epoch
        return epoch

    def end_offset_for(self, epoch: int, log_end_offset: int) -> tuple[int, int]:
        """``LeaderEpochFileCache.endOffsetFor``: (the largest epoch <= ``epoch``, the offset the next epoch began
        at -- the log end for the latest); ``epoch`` itself with the first epoch's start if it is older than every
        entry; (-1, -1) if it is undefined or newer than every entry."""
        if epoch == UNDEFINED:
            return UNDEFINED, UNDEFINED
        if self.entries and self.entries[-1][0] == epoch:
            return epoch, log_end_offset
        epochs = [e for e, _ in self.entries]
        higher = bisect.bisect_right(epochs, epoch)
        if higher == len(self.entries):
            return UNDEFINED, UNDEFINED
        if higher == 0:
            return epoch, self.entries[0][1]
        return self.entries[higher - 1][0], self.entries[higher][1]

    def _write(self) -> None:
        if not self.on_disk and all(epoch == 0 for epoch, _ in self.entries):
            return  # still only epoch 0: what a missing file means
        self.on_disk = True
        lines = [str(CHECKPOINT_VERSION), str(len(self.entries)), *(f"{e} {o}" for e, o in self.entries)]
        write_atomic(self.path, ("\n".join(lines) + "\n").encode())
