"""The process half of a client agent: a client in its own process, driven by lines on its stdin and heard
through one JSON object a line on its stdout.

One copy for the group consumers (consumer_agent.py) and the transactional clients (txn_agent.py): spawned
from the repository with its stderr in a file, a thread that hands every event line to ``on_event``, kill -9,
and a teardown that never leaves the process behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


class AgentProcess:
    """``cmd`` run as agent ``name``; subclasses keep their state from ``on_event``."""

    def __init__(self, cmd: Sequence[str], name: str, stderr_path: Path) -> None:
        self.cmd, self.name, self.stderr_path = list(cmd), name, stderr_path
        self.proc: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def spawn(self, thread_name: str) -> None:
        """Start the process (the repository importable, as ``python -m tests.integration...`` needs) and its
        stdout reader."""
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
        with self.stderr_path.open("w") as err:
            self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                         text=True, bufsize=1, cwd=REPO, env=env)
        self._reader = threading.Thread(target=self._read, name=thread_name, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("{"):
                self.on_event(json.loads(line))
        self.on_exit()

    def on_event(self, event: dict[str, Any]) -> None:
        """One JSON line of the agent's stdout (on the reader thread)."""
        raise NotImplementedError

    def on_exit(self) -> None:
        """The agent's stdout ended (on the reader thread)."""

    def send(self, line: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.poll()

    def kill(self) -> None:
        """kill -9: the client gets no chance to leave or abort."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self, grace_s: float) -> None:
        """Teardown: end of input (the agent closes politely) for ``grace_s``, then kill."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                assert self.proc.stdin is not None
                self.proc.stdin.close()
            try:
                self.proc.wait(grace_s)
            except subprocess.TimeoutExpired:
                self.kill()
        if self._reader is not None:
            self._reader.join(5)
        for pipe in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()

    def stderr_tail(self, chars: int) -> str:
        return self.stderr_path.read_text(errors="replace")[-chars:] if self.stderr_path.exists() else ""
