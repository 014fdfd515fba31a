"""Shutdown: SIGTERM -> process exit of `kaflite serve` while a JoinGroup is parked in a rebalance.

Why: a test suite stops its broker after every class or session; a broker that waits out
`shutdown.timeout.ms` behind a parked JoinGroup (a member that will never rejoin) costs that long
per stop. kaflite now answers parked JoinGroup/SyncGroup NOT_COORDINATOR at once, as a Kafka broker
resigning as coordinator does, and exits once in-flight work is done. The setup: member a is Stable
alone, member b joins (parked: the group waits up to a's 60 s rebalance timeout), then SIGTERM.
Tansu is not measured: it has no parked JoinGroup (its join is a sleep-and-retry loop).

Run: .venv/bin/python bench/shutdown.py [--runs 5]
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

from common import REPO

from kaflite.protocol.errors import ErrorCode

sys.path.insert(0, str(REPO))
from tests.integration.group_clients import RawMember  # the raw group client of the tests

BOUND_S = 30.0


def once(timeout_ms: int) -> tuple[float, float, str]:
    """(parked JoinGroup answered after s, process exited after s, the answer's error)."""
    d = Path(tempfile.mkdtemp(prefix="kaflite-shutdown-"))
    ready = d / "ready"
    proc = subprocess.Popen(
        [sys.executable, "-m", "kaflite", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data-dir", str(d / "data"), "--ready-file", str(ready),
         "--override", "group.initial.rebalance.delay.ms=0", "--override", f"shutdown.timeout.ms={timeout_ms}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + BOUND_S
        while not ready.exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("kaflite did not start")
            time.sleep(0.01)
        boot = ready.read_text().splitlines()[0]
        a = RawMember(boot, "g", ["t"], "a", rebalance_timeout_ms=60_000)
        a.client.wait_coordinator("g")
        a.get_member_id()
        a.send_join()
        if a.recv_join().error_code != ErrorCode.NONE:
            raise RuntimeError("a did not join")
        a.send_sync({a.member_id: b""})
        a.recv_sync()
        b = RawMember(boot, "g", ["t"], "b", rebalance_timeout_ms=60_000)
        b.get_member_id()
        b.send_join()  # parked until a rejoins, which it never does
        for _ in range(200):
            if a.heartbeat().error_code == ErrorCode.REBALANCE_IN_PROGRESS:
                break
            time.sleep(0.01)
        else:
            raise RuntimeError("b's JoinGroup never started a rebalance")
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        try:
            outcome = ErrorCode(b.recv_join(timeout=BOUND_S).error_code).name
        except ConnectionError:
            outcome = "no answer (connection closed)"
        answered = time.monotonic() - t0
        proc.wait(BOUND_S)
        exited = time.monotonic() - t0
        a.close()
        b.close()
        return answered, exited, outcome
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--shutdown-timeout-ms", type=int, default=5000)
    args = parser.parse_args(argv)
    results = [once(args.shutdown_timeout_ms) for _ in range(args.runs)]
    for answered, exited, outcome in results:
        print(f"parked JoinGroup: {outcome} after {answered * 1000:.0f} ms; "
              f"process exited after {exited * 1000:.0f} ms")
    print(f"median SIGTERM -> exit: {median(e for _, e, _ in results) * 1000:.0f} ms "
          f"(shutdown.timeout.ms={args.shutdown_timeout_ms}, {args.runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
