"""A flush's fsyncs: the files a log flush takes on the log's thread (`Syncable.take_unsynced`) and syncs
elsewhere (`PendingSync.run`: kernel AIO or a flusher thread), and gives back when a sync fails.

Every file of a segment (`.log`, `.index`, `.timeindex`, `.txnindex`) is a `Syncable`.
"""

from __future__ import annotations

import contextlib
import os

from kaflite.storage.fileio import sync


class PendingSync:
    """The fsyncs of one flush, taken on the log's thread and run elsewhere (by kernel AIO, `aio.AioSyncs`, or
    on a flusher thread: `os.fsync` releases the GIL), so the event loop keeps serving while the disk works.

    The fds are duplicates: a roll, a retention delete or a close of the segment meanwhile cannot close one
    under the sync (nor let the number be reused for another file). `owners` are the segment files whose
    unsynced mark this flush took; a failed sync gives it back, so the next flush tries them again."""

    __slots__ = ("fds", "owners")

    def __init__(self) -> None:
        self.fds: list[tuple[int, bool]] = []  # (fd, data_only)
        self.owners: list[Syncable] = []

    def take(self, owner: Syncable, fd: int, *, data_only: bool = False) -> None:
        self.fds.append((fd, data_only))
        self.owners.append(owner)

    def run(self) -> None:
        """fsync every fd (any thread), then close them whatever happened."""
        try:
            for fd, data_only in self.fds:
                sync(fd, data_only=data_only)
        finally:
            self.discard()

    def discard(self) -> None:
        fds, self.fds = self.fds, []
        for fd, _ in fds:
            with contextlib.suppress(OSError):
                os.close(fd)

    def failed(self) -> None:
        """A sync failed (or never ran): everything taken is unsynced again."""
        for owner in self.owners:
            owner.mark_unsynced()


class Syncable:
    """A segment file a flush hands to a PendingSync (`take_unsynced`) and gives back on failure."""

    _unsynced = False  # written since the last fsync: a flush without new entries is free

    def take_unsynced(self, pending: PendingSync, *, force: bool = False) -> None:
        raise NotImplementedError

    def mark_unsynced(self) -> None:
        self._unsynced = True

    def flush(self) -> None:
        """fsync what was written since the last flush, here and now."""
        pending = PendingSync()
        self.take_unsynced(pending)
        run_here(pending)


def run_here(pending: PendingSync) -> None:
    """Run a flush on this thread; a failed sync leaves everything it took unsynced, for the next flush."""
    if not pending.fds:
        return
    try:
        pending.run()
    except OSError:
        pending.failed()
        raise
