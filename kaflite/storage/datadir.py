"""The data directory's own checks and its `.lock`, as Kafka's LogManager.lockLogDirs.

Two brokers writing the same partition files corrupt both: the second `kaflite serve` on a data directory
refuses to start. The lock is an `fcntl.lockf` (POSIX record lock) on `<data-dir>/.lock`, held while the
broker runs and dropped by the kernel when the process ends, however it ends (kill -9 too), so a stale
file never blocks a restart. POSIX locks belong to the process: a second open in the same process (tests
that reopen a directory after a simulated crash) is not refused.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from kaflite.storage.errors import StartupError

LOCK_FILE = ".lock"


def describe_os_error(exc: OSError, what: str) -> str:
    """One line for an OSError met at startup: the file, the reason, a fix."""
    name = exc.filename or what
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        fix = "make it writable by this user, or choose another data directory (--data-dir / log.dirs)"
    elif exc.errno in (errno.ENOSPC, errno.EDQUOT):
        fix = "free some space on its disk"
    else:
        fix = "check the data directory (--data-dir / log.dirs)"
    return f"{name}: {exc.strerror or exc}: {fix}"


class DataDirLock:
    """The held `.lock` of one data directory; `release` (or the process's end) drops it.

    `fresh`: the directory was missing or empty when locked, i.e. this is its first start (LogManager says so
    instead of "no clean shutdown", which reads as a crash)."""

    def __init__(self, path: Path, fd: int, fresh: bool = False) -> None:
        self.path = path
        self._fd = fd
        self.fresh = fresh

    @classmethod
    def acquire(cls, data_dir: Path) -> DataDirLock:
        """Create the directory if needed, check it is a writable directory, and lock it; StartupError
        (one line naming the path and the fix) otherwise."""
        if data_dir.exists() and not data_dir.is_dir():
            raise StartupError(f"{data_dir}: the data directory is a file, not a directory: move the file "
                               "away or choose another data directory (--data-dir / log.dirs)")
        fresh = is_fresh(data_dir)
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StartupError("cannot create the data directory: " + describe_os_error(exc, str(data_dir))) from exc
        path = data_dir / LOCK_FILE
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StartupError("the data directory is not writable: " + describe_os_error(exc, str(path))) from exc
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EACCES, errno.EAGAIN):
                raise StartupError(f"{path}: another kaflite (or Kafka) process is using the data directory "
                                   f"{data_dir}: stop it, or choose another data directory (--data-dir)") from exc
            raise StartupError("cannot lock the data directory: " + describe_os_error(exc, str(path))) from exc
        return cls(path, fd, fresh)

    def release(self) -> None:
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                fcntl.lockf(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = -1


def is_fresh(data_dir: Path) -> bool:
    """Missing or empty: nothing was ever written there, so there is nothing to recover."""
    try:
        return not any(data_dir.iterdir())
    except FileNotFoundError:
        return True
    except OSError:
        return False  # unreadable: the start fails with its own message soon enough


@contextlib.contextmanager
def reading(path: Path, fix: str) -> Iterator[None]:
    """Read a file the start needs: what goes wrong becomes one StartupError line naming `path`, why,
    and `fix` (a garbage or truncated file raises ValueError, KeyError or TypeError while parsed)."""
    try:
        yield
    except StartupError:
        raise
    except OSError as exc:
        raise StartupError(describe_os_error(exc, str(path))) from exc
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StartupError(f"{path}: cannot be read ({type(exc).__name__}: {exc}): {fix}") from exc
