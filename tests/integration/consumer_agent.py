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
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tests.integration.agent_process import AgentProcess
from tests.integration.group_clients import GroupConsumer, wait_until

TP = tuple[str, int]
Rec = tuple[str, int, int, str]
# What a client reports when it cannot go on: wait() stops at once instead of running into its timeout.
FATAL = re.compile(r"UnsupportedVersion|UNSUPPORTED_VERSION|UNSUPPORTED_FEATURE|_FATAL|Fatal error|"
                   r"InvalidRequest|INVALID_REQUEST|UnknownServerException|UNKNOWN_SERVER_ERROR")
MAX_SECONDS = 120


def parse_tp(s: str) -> TP:
    topic, p = s.rsplit(":", 1)
    return topic, int(p)


class AgentConsumer(AgentProcess):
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
        cmd = ([*(java_cmd or []), *args] if kind == "java"
               else [sys.executable, "-m", "tests.integration.consumer_agent", *args])
        super().__init__(cmd, name, log_dir / f"{name}.stderr")
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

    # -- lifecycle -----------------------------------------------------------------------------------

    def start(self, timeout: float = 30.0) -> AgentConsumer:
        self.spawn(f"agent-{self.name}")
        wait_until(lambda: self.ready.is_set() or not self.alive, timeout, f"{self.name} ready")
        assert self.ready.is_set(), f"{self.name} exited before it was ready\n{self.describe()}"
        return self

    def on_event(self, ev: dict[str, Any]) -> None:
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

    def go(self) -> None:
        """Subscribe now (an agent started with wait=True)."""
        self.send("go")

    def commit(self, timeout: float = 30.0) -> dict[TP, int]:
        """Commit what it has consumed (from its own poll thread); the offsets committed."""
        self.send("commit")
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
            self.send("close")
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.name} did not close within {timeout}s\n{self.describe()}") from None

    def kill(self) -> None:
        """kill -9: no leave request; the broker finds out at the session timeout."""
        if self.alive:
            self.killed = True
        super().kill()

    def stop(self, grace_s: float = 5.0) -> None:
        """Teardown: close politely for a moment (end of input = close), then kill."""
        super().stop(grace_s)

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
        stderr = self.stderr_tail(1500)
        rc = self.returncode
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
