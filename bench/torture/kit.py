"""Shared plumbing of the torture kit: a `kaflite serve` child on 127.0.0.1, its RSS, its error log lines.

Why a child process: a crash, a leak or a traceback must be the broker's own, seen from outside as a
hostile or careless client sees it, not a test harness's. Every wait here is bounded.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # the scenarios reuse the test suite's strategies and wire client

HOST = "127.0.0.1"
READY_TIMEOUT_S = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def raise_fd_limit() -> None:
    """Thousands of connections need thousands of descriptors, in this process and the broker it starts."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@dataclass
class Child:
    """A running `kaflite serve`; its log (JSON lines, WARNING and up) goes to ``log_path``."""

    data_dir: Path
    log_path: Path
    port: int = 0
    overrides: dict[str, str] = field(default_factory=dict)
    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> bool:
        """Start and wait until it serves; False (and the child gone) if it did not within the limit."""
        ready = self.data_dir.parent / f"ready-{os.getpid()}"
        ready.unlink(missing_ok=True)
        args = [sys.executable, "-m", "kaflite", "serve", "--host", HOST, "--port", str(self.port),
                "--data-dir", str(self.data_dir), "--ready-file", str(ready), "--log-format", "json",
                "--log-level", "WARNING"]
        for name, value in self.overrides.items():
            args += ["--override", f"{name}={value}"]
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=REPO)
        deadline = time.monotonic() + READY_TIMEOUT_S
        while not ready.exists() or not ready.read_text().strip():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.kill()
                return False
            time.sleep(0.02)
        self.port = int(ready.read_text().splitlines()[0].rsplit(":", 1)[1])
        return True

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def kill(self) -> None:
        """SIGKILL, as CI and the OOM killer do."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait(timeout=30)

    def stop(self) -> int | None:
        """SIGTERM and wait (bounded); the exit code, or None if it had to be killed."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                return self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
                return None
        return self.proc.returncode

    def error_lines(self) -> list[str]:
        """Log lines at error level or above, and tracebacks: what the broker did not handle."""
        found = []
        for line in self.log_path.read_text(errors="replace").splitlines():
            try:
                level = str(json.loads(line).get("level", "")).lower()
            except (ValueError, AttributeError):
                level = "error" if "Traceback" in line else ""
            if level in ("error", "critical", "exception"):
                found.append(line)
        return found


def verdict(name: str, ok: bool, numbers: str) -> str:
    """The one line a scenario prints."""
    line = f"{'PASS' if ok else 'FAIL'} {name}: {numbers}"
    print(line, flush=True)
    return line
