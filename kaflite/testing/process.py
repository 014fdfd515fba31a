"""``ProcessBroker``: the same test API as ``Broker``, with the broker in a child process.

Why a child process: the broker's event loop and GIL are not shared with the test (a CPU-bound
test cannot stall heartbeats), ``crash()`` is a real SIGKILL, and it is how harnesses in other
languages run kaflite. Groups, waits and faults go through the child's admin endpoint
(``admin.port``, on 127.0.0.1), so everything ``Broker`` offers works here too, except ``call()``.

Startup: the child is ``python -m kaflite.testing.worker``, which imports the broker before it is
told what to serve. One spare worker is kept spawned ahead of time (``prewarm=True``), so a
start costs a JSON line and a bind instead of a Python start-up plus imports.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote, urlencode

from kaflite.testing.acls import Acl, authorizer_settings
from kaflite.testing.admin_client import AdminClient
from kaflite.testing.broker import TEST_DEFAULTS, BrokerAPI

READY_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 20.0

_spare_lock = threading.Lock()
_spare: subprocess.Popen[bytes] | None = None


def _worker_env() -> dict[str, str]:
    """The child's environment. Where bytecode writing is off (PYTHONDONTWRITEBYTECODE), every
    start would compile the broker again (seconds): the child caches it under the temp dir instead,
    never beside the sources."""
    env = dict(os.environ)
    if sys.dont_write_bytecode and "PYTHONPYCACHEPREFIX" not in env:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "kaflite-pycache")
    return env


def _spawn_worker() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "kaflite.testing.worker"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            env=_worker_env())


def _take_worker(prewarm: bool) -> subprocess.Popen[bytes]:
    """The spare worker if there is a live one, else a fresh one; then spawn the next spare."""
    global _spare
    with _spare_lock:
        proc, _spare = _spare, None
        if proc is None or proc.poll() is not None:
            proc = _spawn_worker()
        if prewarm:
            _spare = _spawn_worker()
    return proc


def prewarm() -> None:
    """Spawn a spare worker now (the pytest plugin does this at session start)."""
    global _spare
    with _spare_lock:
        if _spare is None or _spare.poll() is not None:
            _spare = _spawn_worker()


def discard_spare() -> None:
    """Let the spare worker exit (EOF on its stdin); registered with atexit."""
    global _spare
    with _spare_lock:
        proc, _spare = _spare, None
    if proc is not None:
        with contextlib.suppress(OSError, ValueError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for f in (proc.stdout, proc.stderr):
            if f is not None:
                f.close()


atexit.register(discard_spare)


class ProcessBroker(BrokerAPI):
    """``with ProcessBroker() as b:`` — kaflite in a child process, driven over its admin endpoint."""

    def __init__(self, data_dir: str | Path | None = None, *, port: int = 0, admin_port: int = 0,
                 config: Mapping[str, object] | None = None, prewarm: bool = True, tls: bool = False,
                 client_auth: str = "none", sasl: str | None = None, users: Mapping[str, str] | None = None,
                 mechanisms: tuple[str, ...] | None = None, authorizer: bool = False,
                 super_users: Sequence[str] = (), acls: Sequence[Acl] = (),
                 allow_everyone_if_no_acl_found: bool = False, brokers: int | None = None) -> None:
        self._own_dir = data_dir is None
        self.data_dir = Path(data_dir) if data_dir is not None else Path(tempfile.mkdtemp(prefix="kaflite-"))
        self.port = port
        self.admin_port = admin_port
        self.overrides = {**TEST_DEFAULTS, **self._tls_settings(tls, client_auth, sasl, users, mechanisms),
                          **authorizer_settings(authorizer, super_users, allow_everyone_if_no_acl_found),
                          **self._brokers_settings(brokers), **(config or {})}
        self.initial_acls = tuple(acls)  # added at every start (existing ones are not added twice)
        self.prewarm = prewarm
        self.proc: subprocess.Popen[bytes] | None = None
        self.admin: AdminClient | None = None
        fd, log_name = tempfile.mkstemp(prefix="kaflite-broker-", suffix=".log")
        os.close(fd)
        self.log_path = Path(log_name)  # the child's stderr (its logs), for failure messages

    @property
    def admin_address(self) -> str:
        return f"127.0.0.1:{self.admin_port}"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    # -- lifecycle --------------------------------------------------------------------------------

    def start(self) -> ProcessBroker:
        if self.running:
            raise RuntimeError("already started")
        self._ports_for_start()
        settings = {**self.overrides, "host": "127.0.0.1", "port": self.port, "admin.port": self.admin_port,
                    "log.dirs": str(self.data_dir)}
        self._listeners_for_start(settings)
        proc = _take_worker(self.prewarm)
        self.proc = proc
        lines: queue.Queue[str | None] = queue.Queue()
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        threading.Thread(target=_pump_lines, args=(proc.stdout, lines), daemon=True,
                         name="kaflite-stdout").start()
        threading.Thread(target=_copy_to_file, args=(proc.stderr, self.log_path), daemon=True,
                         name="kaflite-stderr").start()
        proc.stdin.write(json.dumps(settings, default=str).encode() + b"\n")
        proc.stdin.flush()  # stdin stays open: the worker exits when it closes
        deadline = time.monotonic() + READY_TIMEOUT_S
        address = admin = None
        while address is None or admin is None:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._kill()
                raise RuntimeError(f"kaflite not ready after {READY_TIMEOUT_S}s:\n{self.log_text()}") from None
            if line is None:
                proc.wait(5)
                raise RuntimeError(f"kaflite exited with {proc.returncode} before serving:\n{self.log_text()}")
            if line.startswith("kaflite listening on "):
                address = line.removeprefix("kaflite listening on ").strip()
            elif line.startswith("kaflite listener SSL on "):
                self.ssl_port = int(line.rsplit(":", 1)[1])
            elif line.startswith(("kaflite listener SASL_SSL on ", "kaflite listener SASL_PLAINTEXT on ")):
                self.sasl_port = int(line.rsplit(":", 1)[1])
            elif line.startswith("kaflite admin on http://"):
                admin = line.removeprefix("kaflite admin on http://").strip()
        self.port = int(address.rsplit(":", 1)[1])
        self.admin_port = int(admin.rsplit(":", 1)[1])
        self.admin = AdminClient(admin)
        self._add_start_users()
        if self.initial_acls:
            self.add_acls(*self.initial_acls)
        return self

    def stop(self) -> None:
        """SIGTERM: the graceful path (in-flight requests finish, flush, clean-shutdown marker). A broker that
        does not stop in time is killed, then reported (RuntimeError): a shutdown that hangs is a bug to see."""
        proc = self.proc
        if proc is None:
            return
        hung = False
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                hung = True
                proc.kill()
                proc.wait()
        self._release()
        if hung:
            raise RuntimeError(f"kaflite did not stop within {STOP_TIMEOUT_S} s of SIGTERM; it was killed")

    def crash(self) -> None:
        """kill -9: no flush, no marker; the next start() recovers, on the same port."""
        self._kill()

    def _kill(self) -> None:
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        self._release()

    def _release(self) -> None:
        proc, self.proc, self.admin = self.proc, None, None
        if proc is not None and proc.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                proc.stdin.close()

    def restart(self) -> ProcessBroker:
        self.stop()
        return self.start()

    def close(self) -> None:
        self.stop()
        if self._own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)
        if self.tls is not None:
            shutil.rmtree(self.tls.dir, ignore_errors=True)
        self.log_path.unlink(missing_ok=True)

    def __enter__(self) -> ProcessBroker:
        return self.start()

    def log_text(self) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")
        return ""

    # -- the operations, over HTTP ----------------------------------------------------------------

    def _op(self, name: str, *args: Any, timeout: float = 30.0, **kwargs: Any) -> Any:
        if self.admin is None:
            raise RuntimeError("the broker is not running")
        a = self.admin
        if name == "groups":
            return a.groups()
        if name == "group":
            return a.group(*args)
        if name == "group_epochs":
            return a.group_epochs(*args)
        if name == "wait_for_group":
            return a.wait_for_group(*args)
        if name == "create_topic":
            topic, partitions, configs = args
            return a.post("/topics", name=topic, partitions=partitions, configs=configs)["name"]
        if name == "reset":
            return a.post("/reset")
        if name == "create_acls":
            return a.post("/acls", acls=args[0])
        if name == "acls":
            return a.call("GET", "/acls")["acls"]
        if name == "add_scram_user":
            user, password, mechanisms, iterations = args
            return a.post("/users", name=user, password=password, mechanisms=mechanisms, iterations=iterations)
        if name in ("drop_responses", "delay_responses"):
            if name == "drop_responses":
                api, group, count, seconds, member_id, skip = args
                return a.post("/faults/drop-responses", api=api, group=group, count=count, seconds=seconds,
                              member_id=member_id, skip=skip)
            api, group, delay_ms, count, seconds, member_id, skip = args
            return a.post("/faults/delay-responses", api=api, group=group, delay_ms=delay_ms, count=count,
                          seconds=seconds, member_id=member_id, skip=skip)
        if name == "fail_requests":
            api, group, count, seconds, member_id, skip, awaited = args
            return a.post("/faults/fail-requests", api=api, group=group, count=count, seconds=seconds,
                          member_id=member_id, skip=skip, awaited=awaited)
        if name == "fail_coordinator":
            error, seconds, group = args
            return a.post("/faults/fail-coordinator", error=error, seconds=seconds, group=group)
        if name == "drop_member_connections":
            return a.post("/faults/drop-member-connections", group=args[0], member_id=args[1])["connections"]
        if name == "expire_member":
            return a.post("/faults/expire-member", group=args[0], member_id=args[1])["expired"]
        if name == "share_group_offsets":
            return a.call("GET", f"/groups/{quote(args[0], safe='')}/share-offsets")["offsets"]
        if name == "share_partitions":
            return a.call("GET", f"/groups/{quote(args[0], safe='')}/share-partitions")["partitions"]
        if name == "expire_share_locks":
            return a.post("/faults/expire-share-locks", group=args[0], member_id=args[1])["released"]
        if name == "fence_member":
            return a.post("/faults/fence-member", group=args[0], member_id=args[1])["fenced"]
        if name == "transactions":
            return a.transactions()
        if name == "transaction":
            return a.transaction(*args)
        if name == "time_out_transaction":
            return a.post("/faults/time-out-transaction", transactional_id=args[0])["timed_out"]
        if name == "hold_txn_markers":
            return a.post("/faults/hold-txn-markers", transactional_id=args[0])
        if name == "fill_disk":
            return a.post("/faults/disk-full", error=args[0], allow_bytes=args[1])
        if name == "free_disk":
            return a.post("/faults/disk-free")
        if name in ("pause", "resume", "clear"):
            return a.post(f"/faults/{name}")
        return self._cluster_op(a, name, *args)

    def _cluster_op(self, a: AdminClient, name: str, *args: Any) -> Any:
        """Several brokers' operations (``ClusterAPI``), as the ``/cluster`` routes name them."""
        if name == "cluster":
            return a.call("GET", "/cluster")
        if name in ("stop_broker", "start_broker"):
            return a.post(f"/cluster/brokers/{int(args[0])}/{name.removesuffix('_broker')}")
        if name == "move_leader":
            topic, partition, node_id = args
            return a.post("/cluster/leaders", topic=topic, partition=partition, node_id=node_id)
        if name == "move_coordinator":
            key, key_type, node_id = args
            return a.post("/cluster/coordinators", key=key, key_type=key_type, node_id=node_id)
        if name == "coordinator":
            key, key_type = args
            return a.call("GET", f"/cluster/coordinators/{quote(key, safe='')}?{urlencode({'key_type': key_type})}")
        if name == "partition_leaders":
            query = "" if args[0] is None else "?" + urlencode({"topic": args[0]})
            return a.call("GET", f"/cluster/leaders{query}")["partitions"]
        if name == "wait_for_coordinator":
            key, key_type, node_id, wait = args
            return a.call("GET", f"/cluster/coordinators/{quote(key, safe='')}/wait?"
                                 + urlencode({"key_type": key_type, "node_id": node_id, "timeout": wait}),
                          timeout=wait + 10)
        if name == "hold_coordinator_loads":
            return a.post("/faults/hold-coordinator-loads", key_type=args[0])
        if name == "wait_for_leader":
            topic, partition, node_id, wait = args
            return a.call("GET", f"/cluster/leaders/{quote(topic, safe='')}/{int(partition)}/wait?"
                                 + urlencode({"node_id": node_id, "timeout": wait}), timeout=wait + 10)
        raise ValueError(f"unknown operation {name!r}")


def _pump_lines(stream: IO[bytes], out: queue.Queue[str | None]) -> None:
    for raw in stream:
        out.put(raw.decode(errors="replace"))
    out.put(None)
    stream.close()


def _copy_to_file(stream: IO[bytes], path: Path) -> None:
    with path.open("ab") as f:
        for raw in stream:
            f.write(raw)
            f.flush()
    stream.close()
