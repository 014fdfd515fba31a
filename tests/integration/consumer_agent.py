"""A group consumer in its own process, driven over stdin/stdout: the KIP-848 scenarios need to kill one
(``kill -9``: no leave, the broker must fence it at the session timeout) and restart one.

Two kinds speak the same line protocol:

- ``java``: ``java/ConsumerProtocolJudge.java`` (kafka-clients 3.9.1, ``group.protocol=consumer``);
- ``confluent``: this module run as ``python -m tests.integration.consumer_agent`` (confluent-kafka /
  librdkafka, ``GroupConsumer(protocol="consumer")`` from group_clients.py).

Arguments: ``<bootstrap> <group> <topic,topic,...> [name=value ...]``: client configs, plus
``judge.wait=true`` (subscribe only on the command ``go``) and ``judge.max.seconds`` (the process ends by
itself after that, 120 by default). Commands on stdin: ``go``, ``commit``, ``close``; end of stdin = close.
Events on stdout, one JSON object a line: ``ready``, ``assignment {tps}`` (the partitions it owns, after
each change), ``records {recs: [[topic, partition, offset, value], ...]}``, ``committed {offsets}``,
``commit_error``, ``error`` (what the client reported), ``closed``; the Java one also
``assigned/revoked/lost`` (its rebalance listener) and ``member_id``/``epoch`` with ``assignment``.

``AgentConsumer`` is the test side: it spawns one, keeps its state from the events, and never leaves the
process behind (``stop``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tests.integration.group_clients import GroupConsumer, wait_until

REPO = Path(__file__).resolve().parents[2]
TP = tuple[str, int]
Rec = tuple[str, int, int, str]
# What a client reports when it cannot go on: wait() stops at once instead of running into its timeout.
FATAL = re.compile(r"UnsupportedVersion|UNSUPPORTED_VERSION|UNSUPPORTED_FEATURE|_FATAL|Fatal error|"
                   r"InvalidRequest|INVALID_REQUEST|UnknownServerException|UNKNOWN_SERVER_ERROR")
MAX_SECONDS = 120


def parse_tp(s: str) -> TP:
    topic, p = s.rsplit(":", 1)
    return topic, int(p)


class AgentConsumer:
    """One consumer process of ``kind`` ("java" or "confluent"); its state as its events tell it."""

    def __init__(self, kind: str, bootstrap: str, group: str, topics: Sequence[str], *, name: str,
                 log_dir: Path, java_cmd: Sequence[str] | None = None, conf: dict[str, str] | None = None,
                 wait: bool = False) -> None:
        assert kind in ("java", "confluent"), kind
        assert kind != "java" or java_cmd, "java agents need the compiled judge (java_cmd)"
        self.kind, self.group, self.name = kind, group, name
        args = [bootstrap, group, ",".join(topics), f"client.id={name}", f"judge.max.seconds={MAX_SECONDS}"]
        args += [f"{k}={v}" for k, v in (conf or {}).items()]
        if wait:
            args.append("judge.wait=true")
        if kind == "java":
            self.cmd = [*(java_cmd or []), *args]
        else:
            self.cmd = [sys.executable, "-m", "tests.integration.consumer_agent", *args]
        self.stderr_path = log_dir / f"{name}.stderr"
        self.proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()
        self.assignment: frozenset[TP] = frozenset()
        self.history: list[tuple[float, frozenset[TP]]] = []  # (monotonic time, owned) per change
        self.records: list[Rec] = []
        self.errors: list[str] = []
        self.logs: list[str] = []  # confluent with judge.log.match: matching librdkafka log lines
        self.events: list[dict[str, Any]] = []
        self.member_id = ""
        self.epoch: int | None = None
        self.killed = False
        self.ready = threading.Event()
        self.closed = threading.Event()
        self._replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self._reader: threading.Thread | None = None

    # -- lifecycle -----------------------------------------------------------------------------------

    def start(self, timeout: float = 30.0) -> AgentConsumer:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
        with self.stderr_path.open("w") as err:
            self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                         text=True, bufsize=1, cwd=REPO, env=env)
        self._reader = threading.Thread(target=self._read, name=f"agent-{self.name}", daemon=True)
        self._reader.start()
        wait_until(lambda: self.ready.is_set() or self.proc.poll() is not None, timeout, f"{self.name} ready")
        assert self.ready.is_set(), f"{self.name} exited before it was ready\n{self.describe()}"
        return self

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            if not line.startswith("{"):
                continue
            ev = json.loads(line)
            kind = ev["ev"]
            with self._lock:
                if len(self.events) < 5000:
                    self.events.append(ev)
                if kind == "ready":
                    self.ready.set()
                elif kind == "assignment":
                    self.assignment = frozenset(parse_tp(s) for s in ev["tps"])
                    self.history.append((time.monotonic(), self.assignment))
                    self.member_id = ev.get("member_id", self.member_id)
                    self.epoch = ev.get("epoch", self.epoch)
                elif kind == "records":
                    self.records.extend((t, int(p), int(o), v) for t, p, o, v in ev["recs"])
                elif kind == "error":
                    self.errors.append(ev["error"])
                elif kind == "log":
                    self.logs.append(ev["msg"])
                elif kind in ("committed", "commit_error"):
                    self._replies.put(ev)
                elif kind == "closed":
                    self.closed.set()

    def _send(self, cmd: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def go(self) -> None:
        """Subscribe now (an agent started with wait=True)."""
        self._send("go")

    def commit(self, timeout: float = 30.0) -> dict[TP, int]:
        """Commit what it has consumed (from its own poll thread); the offsets committed."""
        self._send("commit")
        try:
            ev = self._replies.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"{self.name}: no commit answer in {timeout}s\n{self.describe()}") from None
        assert ev["ev"] == "committed", f"{self.name}: commit failed: {ev['error']}\n{self.describe()}"
        return {parse_tp(k): int(v) for k, v in ev["offsets"].items()}

    def close(self, timeout: float = 20.0) -> None:
        """A clean close: the client leaves the group (a static member with epoch -2)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        with contextlib.suppress(OSError):
            self._send("close")
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.name} did not close within {timeout}s\n{self.describe()}") from None

    def kill(self) -> None:
        """kill -9: no leave request; the broker finds out at the session timeout."""
        if self.proc is not None and self.proc.poll() is None:
            self.killed = True
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        """Teardown: close politely for a moment, then kill; never leaves the process behind."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                assert self.proc.stdin is not None
                self.proc.stdin.close()  # end of input = close
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()
        if self._reader is not None:
            self._reader.join(5)
        for pipe in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    # -- state -----------------------------------------------------------------------------------------

    def owned(self) -> frozenset[TP]:
        with self._lock:
            return self.assignment

    def consumed(self) -> list[Rec]:
        with self._lock:
            return list(self.records)

    def fatal(self) -> str | None:
        with self._lock:
            return next((e for e in self.errors if FATAL.search(e)), None)

    def describe(self) -> str:
        with self._lock:
            errs = self.errors[-5:]
            hist = [sorted(a) for _, a in self.history[-6:]]
            n = len(self.records)
        stderr = self.stderr_path.read_text(errors="replace")[-1500:] if self.stderr_path.exists() else ""
        rc = None if self.proc is None else self.proc.poll()
        return (f"[{self.kind} {self.name} rc={rc} member={self.member_id!r} epoch={self.epoch} owned="
                f"{sorted(self.assignment)} records={n}]\n  history(last 6): {hist}\n  errors(last 5): {errs}"
                + (f"\n  stderr: {stderr}" if stderr.strip() else ""))


# -- the confluent-kafka agent (this module as a program) -------------------------------------------------

_EMIT_LOCK = threading.Lock()


def _emit(obj: dict[str, Any]) -> None:
    with _EMIT_LOCK:  # the main thread and librdkafka's log callback (on the poll thread)
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()


class _LogEvents(logging.Logger):
    """A logger for librdkafka (its ``logger`` config) that forwards matching lines as ``log`` events."""

    def __init__(self, match: re.Pattern[str]) -> None:
        super().__init__("librdkafka", logging.DEBUG)
        self.match = match
        self.sent = 0

    def handle(self, record: logging.LogRecord) -> None:
        msg = record.getMessage()
        if self.sent < 100 and self.match.search(msg):
            self.sent += 1
            _emit({"ev": "log", "msg": msg})


def main(argv: list[str]) -> int:
    bootstrap, group, topics, *pairs = argv
    opts = dict(p.split("=", 1) for p in pairs)
    wait = opts.pop("judge.wait", "false") == "true"
    deadline = time.monotonic() + float(opts.pop("judge.max.seconds", str(MAX_SECONDS)))
    instance_id = opts.pop("group.instance.id", None)
    client_id = opts.pop("client.id", None)
    protocol = opts.pop("group.protocol", "consumer")
    opts.setdefault("topic.metadata.refresh.interval.ms", "1000")
    # judge.log.match=REGEX (with debug=...): librdkafka log lines that match become "log" events: some
    # conditions (a broker without ConsumerGroupHeartbeat) are only ever logged, never reported as errors.
    log_match = opts.pop("judge.log.match", None)
    if log_match is not None:
        opts["logger"] = _LogEvents(re.compile(log_match))  # type: ignore[assignment]

    cmds: queue.Queue[str] = queue.Queue()

    def read_stdin() -> None:
        for line in sys.stdin:
            cmds.put(line.strip())
        cmds.put("close")

    threading.Thread(target=read_stdin, daemon=True).start()
    _emit({"ev": "ready"})
    if wait:
        while True:
            try:
                cmd = cmds.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                cmd = "close"
            if cmd == "go":
                break
            if cmd == "close":
                _emit({"ev": "closed"})
                return 0

    g = GroupConsumer("confluent-kafka", bootstrap, group, topics.split(","), instance_id=instance_id,
                      client_id=client_id, protocol=protocol, extra_conf=opts).start()
    last: tuple[Any, ...] | None = None
    n_msgs = n_errs = 0
    reported_failure = False

    def flush_state() -> None:
        nonlocal last, n_msgs, n_errs, reported_failure
        cur = g.current
        if cur != last:
            _emit({"ev": "assignment", "tps": [f"{t}:{p}" for t, p in cur]})
            last = cur
        msgs = g.messages[n_msgs:]
        if msgs:
            n_msgs += len(msgs)
            _emit({"ev": "records", "recs": [[t, p, o, (v or b"").decode(errors="replace")]
                                             for t, p, o, _k, v in msgs]})
        errs = g.client_errors[n_errs:]
        for e in errs:
            _emit({"ev": "error", "error": e})
        n_errs += len(errs)
        if g.error is not None and not reported_failure:
            _emit({"ev": "error", "error": f"consumer thread failed: {g.error!r}"})
            reported_failure = True

    try:
        while time.monotonic() < deadline:
            try:
                cmd = cmds.get(timeout=0.02)
            except queue.Empty:
                cmd = ""
            if cmd == "close":
                break
            if cmd == "commit":
                flush_state()  # the records it commits were reported before the answer
                try:
                    offs = g.commit()
                    _emit({"ev": "committed", "offsets": {f"{t}:{p}": o for (t, p), o in offs.items()}})
                except Exception as e:
                    _emit({"ev": "commit_error", "error": repr(e)})
            flush_state()
    finally:
        try:
            g.close()
        except BaseException as e:
            _emit({"ev": "error", "error": f"close: {e!r}"})
        flush_state()
        _emit({"ev": "closed"})
    return 0


def wait_for(agents: Sequence[AgentConsumer], cond: Callable[[], Any], what: str, timeout: float = 30.0,
             fail_fast: bool = True, extra: Callable[[], str] = lambda: "") -> Any:
    """wait_until over agents: stops early when one reports a fatal error or dies, and explains a failure."""
    def check() -> Any:
        if fail_fast:
            for a in agents:
                f = a.fatal()
                if f is not None:
                    raise AssertionError(f"{a.name} reported {f!r} while waiting for {what}\n" + report(agents, extra))
                if a.proc is not None and a.proc.poll() is not None and not (a.closed.is_set() or a.killed):
                    raise AssertionError(f"{a.name} died while waiting for {what}\n" + report(agents, extra))
        return cond()
    try:
        return wait_until(check, timeout, what, interval=0.05)
    except TimeoutError as e:
        raise AssertionError(f"{e}\n" + report(agents, extra)) from None


def report(agents: Sequence[AgentConsumer], extra: Callable[[], str] = lambda: "") -> str:
    return "\n".join(a.describe() for a in agents) + "\n" + extra()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
