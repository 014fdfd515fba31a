"""A judge run: a program in another client's language (the Java client, kafkajs) drives a broker of its own
and prints one JSON line per step; the tests read the steps. One copy for every such judge.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.process import ProcessBroker


class JudgeRun:
    """What a judge printed: its steps by name, its stderr, its exit status and the broker's log."""

    def __init__(self, client: str, program: str, steps: dict[str, dict[str, Any]], stderr: str, broker_log: str,
                 returncode: int) -> None:
        self.client, self.program = client, program
        self.steps = steps
        self.stderr = stderr
        self.broker_log = broker_log
        self.returncode = returncode

    def step(self, name: str) -> dict[str, Any]:
        """The step's result, failing with the judge's stderr and the broker log when it is missing or errored."""
        result = self.steps.get(name)
        if result is None or "error" in result:
            pytest.fail(f"{self.client} step {name!r}: {result.get('error') if result else 'no output'}\n"
                        f"--- {self.program} stderr (tail) ---\n{self.stderr[-4000:]}\n"
                        f"--- broker log (tail) ---\n{self.broker_log[-4000:]}")
        return result


@contextmanager
def judge_run(client: str, program: str, data_dir: Path, command: Callable[[str], list[str]], *, timeout_s: float,
              cwd: Path, env: Mapping[str, str] | None = None) -> Iterator[JudgeRun]:
    """Start a broker in a child process, run ``command(bootstrap)`` to its end (at most ``timeout_s``), and
    hand over its steps while the broker still runs."""
    with ProcessBroker(data_dir) as broker:
        try:
            proc = subprocess.run(command(broker.bootstrap_servers), capture_output=True, text=True,
                                  timeout=timeout_s, cwd=cwd, env=env)
        except subprocess.TimeoutExpired as e:
            pytest.fail(f"{client} judge did not finish in {timeout_s}s\n{e.stderr!s}\n{broker.log_text()[-4000:]}")
        steps = {}
        for line in proc.stdout.splitlines():
            if line.startswith("{"):
                obj = json.loads(line)
                steps[obj["step"]] = obj
        yield JudgeRun(client, program, steps, proc.stderr, broker.log_text(), proc.returncode)
