"""A real kaflite broker in a child process, for tests that restart it or kill it with -9."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

READY_TIMEOUT_S = 20.0


class BrokerProcess:
    """``kaflite serve --port 0 --ready-file`` in a subprocess; restart keeps the port and the data."""

    def __init__(self, data_dir: Path, *overrides: str, port: int = 0) -> None:
        self.data_dir = data_dir
        self.overrides = list(overrides)
        self.port = port
        self.proc: subprocess.Popen[bytes] | None = None
        self.admin: str | None = None  # the admin endpoint's host:port, when admin.port is set
        self.log_path = data_dir.parent / f"{data_dir.name}-broker.log"

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> BrokerProcess:
        ready = self.data_dir.parent / f"{self.data_dir.name}.ready"
        ready.unlink(missing_ok=True)
        cmd = [sys.executable, "-m", "kaflite", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--data-dir", str(self.data_dir), "--ready-file", str(ready)]
        for o in self.overrides:
            cmd += ["--override", o]
        with self.log_path.open("ab") as logf:  # the child keeps its own descriptor
            self.proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + READY_TIMEOUT_S
        while not ready.exists():
            if self.proc.poll() is not None:
                raise RuntimeError(f"kaflite exited with {self.proc.returncode}:\n{self.log_text()}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"kaflite not ready after {READY_TIMEOUT_S}s:\n{self.log_text()}")
            time.sleep(0.01)
        # "host:port", then "admin=host:port" when admin.port is set (the HTTP admin endpoint, faults).
        lines = ready.read_text().split()
        self.port = int(lines[0].rsplit(":", 1)[1])
        self.admin = next((line.removeprefix("admin=") for line in lines if line.startswith("admin=")), None)
        return self

    def stop(self, timeout: float = 15.0) -> int:
        """SIGTERM: the graceful path (drain, flush, clean-shutdown marker)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise

    def kill(self) -> None:
        """kill -9: no flush, no marker; recovery must cope."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def restart(self) -> BrokerProcess:
        self.stop()
        return self.start()

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def __enter__(self) -> BrokerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.stop()
