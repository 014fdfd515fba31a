"""Shutdown of ``kaflite serve`` in uvicorn's order, driven by signals as in production.

SIGTERM: stop accepting, stop reading (queued requests are dropped), answer parked requests at
once -- a parked JoinGroup gets NOT_COORDINATOR, as when Kafka's coordinator resigns -- let what
is in flight finish within shutdown.timeout.ms, flush, close. A second signal ends the process at
once. The time limits are generous (a loaded 2-core machine), not benchmarks: before this order,
a parked JoinGroup held the process for the whole shutdown.timeout.ms and was never answered.
"""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import FindCoordinatorRequest, HeartbeatRequest
from kaflite.testing.admin_client import AdminClient
from tests.integration.group_clients import RawClient, RawMember

READY_S = 30.0
SHUTDOWN_TIMEOUT_MS = 5000


class Served:
    """``kaflite serve --port 0 --ready-file F`` in a child process; its stderr (the logs) collected."""

    def __init__(self, tmp_path: Path, *overrides: str) -> None:
        self.data_dir = tmp_path / "data"
        ready = tmp_path / "ready"
        cmd = [sys.executable, "-m", "kaflite", "serve", "--host", "127.0.0.1", "--port", "0",
               "--data-dir", str(self.data_dir), "--ready-file", str(ready),
               "--override", "group.initial.rebalance.delay.ms=0"]
        for o in overrides:
            cmd += ["--override", o]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        self.lines: queue.Queue[str] = queue.Queue()
        self.log: list[str] = []
        assert self.proc.stderr is not None
        self._reader = threading.Thread(target=self._read, args=(self.proc.stderr,), daemon=True)
        self._reader.start()
        deadline = time.monotonic() + READY_S
        while not ready.exists() or not ready.read_text().endswith("\n"):
            assert self.proc.poll() is None, f"kaflite exited with {self.proc.returncode}:\n{self.text()}"
            assert time.monotonic() < deadline, f"kaflite not ready after {READY_S}s:\n{self.text()}"
            time.sleep(0.01)
        lines = ready.read_text().splitlines()
        self.bootstrap = lines[0]
        self.admin = AdminClient(lines[1].removeprefix("admin=")) if len(lines) > 1 else None

    def _read(self, stream: IO[bytes]) -> None:
        for raw in stream:
            line = raw.decode(errors="replace")
            self.log.append(line)
            self.lines.put(line)

    def text(self) -> str:
        return "".join(self.log)

    def wait_for_log(self, fragment: str, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if fragment in self.lines.get(timeout=max(0.0, deadline - time.monotonic())):
                    return
            except queue.Empty:
                raise AssertionError(f"no log line with {fragment!r} in {timeout}s:\n{self.text()}") from None

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        self._reader.join(10)  # it ends at EOF, once the process is gone
        assert self.proc.stderr is not None
        self.proc.stderr.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for s in started:
        s.close()


def parked_join(bootstrap: str, group: str) -> tuple[RawMember, RawMember]:
    """A 1-member Stable group, then a second member whose JoinGroup parks: the group waits up to
    the first member's rebalance timeout (60 s) for it to rejoin. Behind the parked JoinGroup, on
    the same connection, a Heartbeat is queued (not started: the connection answers in order)."""
    a = RawMember(bootstrap, group, ["t"], "a", rebalance_timeout_ms=60_000)
    a.client.wait_coordinator(group)
    a.get_member_id()
    a.send_join()
    assert a.recv_join().error_code == ErrorCode.NONE
    a.send_sync({a.member_id: b""})
    assert a.recv_sync().error_code == ErrorCode.NONE
    b = RawMember(bootstrap, group, ["t"], "b", rebalance_timeout_ms=60_000)
    b.get_member_id()
    heartbeat = HeartbeatRequest(group_id=group, generation_id=1, member_id=b.member_id, group_instance_id=None)
    b.client.send_many([b.join_request(), heartbeat])
    deadline = time.monotonic() + 10
    while a.heartbeat().error_code != ErrorCode.REBALANCE_IN_PROGRESS:  # b's join is parked now
        assert time.monotonic() < deadline, "the second JoinGroup never started a rebalance"
        time.sleep(0.01)
    return a, b


def test_sigterm_answers_a_parked_join_group_not_coordinator_at_once(tmp_path: Path,
                                                                     served: list[Served]) -> None:
    s = Served(tmp_path, f"shutdown.timeout.ms={SHUTDOWN_TIMEOUT_MS}")
    served.append(s)
    a, b = parked_join(s.bootstrap, "g")
    t0 = time.monotonic()
    s.proc.send_signal(signal.SIGTERM)
    join = b.recv_join(timeout=SHUTDOWN_TIMEOUT_MS / 1000 + 5)
    answered = time.monotonic() - t0
    assert join.error_code == ErrorCode.NOT_COORDINATOR, ErrorCode(join.error_code)
    with pytest.raises(ConnectionError):  # the queued Heartbeat was never started
        b.client.recv(timeout=10)
    assert s.proc.wait(SHUTDOWN_TIMEOUT_MS / 1000 + 5) == 0, s.text()
    exited = time.monotonic() - t0
    assert answered < 2.5 and exited < 2.5, f"answered after {answered:.2f}s, exited after {exited:.2f}s"
    assert (s.data_dir / ".kafka_cleanshutdown").exists(), s.text()  # flushed and closed cleanly
    a.close()
    b.close()


def test_a_second_signal_forces_exit_while_a_request_is_in_flight(tmp_path: Path, served: list[Served]) -> None:
    s = Served(tmp_path, "shutdown.timeout.ms=60000", "admin.port=0")
    served.append(s)
    assert s.admin is not None
    client = RawClient(s.bootstrap, client_id="slow")
    client.wait_coordinator("g")
    # Its answer goes out 60 s late: a request in flight that the clean shutdown would wait for.
    s.admin.post("/faults/delay-responses", api="FindCoordinator", delay_ms=60_000, count=1)
    client.send(FindCoordinatorRequest(key="g", key_type=0))
    s.admin.health()  # a round trip on the same loop: the FindCoordinator has been read by now
    time.sleep(0.2)
    s.proc.send_signal(signal.SIGTERM)
    s.wait_for_log("a second one forces exit")
    time.sleep(0.5)
    assert s.proc.poll() is None, "the clean shutdown should still be waiting for the delayed answer"
    t0 = time.monotonic()
    s.proc.send_signal(signal.SIGTERM)
    assert s.proc.wait(10) == -signal.SIGTERM
    assert time.monotonic() - t0 < 2.5
    assert not (s.data_dir / ".kafka_cleanshutdown").exists()  # forced: the next start recovers
    client.close()
