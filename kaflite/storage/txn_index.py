"""A segment's `.txnindex` (TX-RC-5), Kafka's TransactionIndex: one 34-byte AbortedTxn per aborted transaction
whose abort marker is in the segment; created on its first entry. A read_committed fetch collects the entries
its range overlaps.
"""

from __future__ import annotations

import contextlib
import os
import struct
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from kaflite.storage.fileio import write_fully
from kaflite.storage.syncs import PendingSync, Syncable

_ABORTED_TXN = struct.Struct(">hqqqq")  # Kafka's AbortedTxn: version 0, pid, first, last, lastStableOffset
ABORTED_TXN_VERSION = 0


class AbortedTxn(NamedTuple):
    """One `.txnindex` entry: an aborted transaction of `producer_id` over [first_offset, last_offset]
    (last = the abort marker); `last_stable_offset` was the partition's LSO once it completed."""

    producer_id: int
    first_offset: int
    last_offset: int
    last_stable_offset: int


class TxnIndexCorruptError(ValueError):
    """A `.txnindex` that is not a whole number of version-0 entries."""


class TransactionIndex(Syncable):
    """`<base>.txnindex`: entries kept in memory, appended through; the file exists only once it has one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: list[AbortedTxn] = []
        self._unsynced = False
        self._stale = False  # the file misses entries (a failed append): rewritten whole at the next flush

    @staticmethod
    def decode(data: bytes) -> list[AbortedTxn]:
        if len(data) % _ABORTED_TXN.size:
            raise TxnIndexCorruptError(f"{len(data)} bytes is not a whole number of entries")
        out = []
        for version, pid, first, last, lso in _ABORTED_TXN.iter_unpack(data):
            if version != ABORTED_TXN_VERSION:
                raise TxnIndexCorruptError(f"unknown AbortedTxn version {version}")
            out.append(AbortedTxn(pid, first, last, lso))
        return out

    @staticmethod
    def encode(entries: Iterable[AbortedTxn]) -> bytes:
        return b"".join(_ABORTED_TXN.pack(ABORTED_TXN_VERSION, *e) for e in entries)

    def load(self) -> bool:
        """Read the file (missing = no entries); False, with no entries, when it is corrupt."""
        try:
            self.entries = self.decode(self.path.read_bytes())
        except FileNotFoundError:
            self.entries = []
        except TxnIndexCorruptError:
            self.entries = []
            return False
        return True

    def append(self, entry: AbortedTxn) -> None:
        """Add an entry. Memory is what readers use; a failed file write (full disk) leaves the file to be
        rewritten whole by the next flush, and the replay at open rewrites a stale file anyway."""
        if self.entries and entry.last_offset <= self.entries[-1].last_offset:
            raise ValueError(f"txn index entry {entry} does not follow {self.entries[-1]}")
        self.entries.append(entry)
        self._unsynced = True
        if self._stale:
            return
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            try:
                write_fully(fd, self.encode([entry]))
            finally:
                os.close(fd)
        except OSError:
            self._stale = True

    def replace(self, entries: list[AbortedTxn]) -> None:
        """Write `entries` afresh (recovery, compaction); no entries removes the file."""
        self.entries = list(entries)
        self._stale = False
        if not entries:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            self._unsynced = False
            return
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            write_fully(fd, self.encode(entries))
        finally:
            os.close(fd)
        self._unsynced = True

    def take_unsynced(self, pending: PendingSync, *, force: bool = False) -> None:
        if not (self._unsynced or force):
            return
        if self._stale:
            self.replace(self.entries)
        with contextlib.suppress(FileNotFoundError):
            pending.take(self, os.open(self.path, os.O_RDONLY))
        self._unsynced = False

    def collect(self, fetch_offset: int, upper_bound: int) -> tuple[list[AbortedTxn], bool]:
        """Kafka's TransactionIndex.collectAbortedTxns: entries overlapping [fetch_offset, upper_bound),
        and whether the search is complete (an entry's LSO reached the upper bound)."""
        out = []
        for e in self.entries:
            if e.last_offset >= fetch_offset and e.first_offset < upper_bound:
                out.append(e)
            if e.last_stable_offset >= upper_bound:
                return out, True
        return out, False
