"""`kaflite serve` that cannot start (issue 13): one line naming the file and the fix, a non-zero exit, never
a traceback -- a data directory that is a file or not writable, a port in use, garbage in the files the
start reads, and a second broker on a data directory already in use (Kafka's `.lock`).

Each case runs the real command (``python -m kaflite serve``) in a subprocess, every wait bounded.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def serve(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KAFLITE_")}
    return subprocess.run([sys.executable, "-m", "kaflite", "serve", "--port", "0", "--data-dir", str(data_dir),
                           *args], env=env, cwd=REPO, capture_output=True, text=True, timeout=60)


def refused(r: subprocess.CompletedProcess[str], *fragments: str) -> str:
    """The one stderr line of a refused start, checked: exit 1, no traceback, each fragment in it."""
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert [x for x in lines if "cannot start" in x] == lines[-1:], r.stderr  # the last line, and the only one
    line = lines[-1]
    assert line.startswith("kaflite: cannot start: "), line
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


def started(data: Path, ready: Path) -> subprocess.Popen[bytes]:
    """A `kaflite serve` on `data`, once it serves (its ready file written); bounded."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KAFLITE_")}
    proc = subprocess.Popen([sys.executable, "-m", "kaflite", "serve", "--port", "0", "--data-dir", str(data),
                             "--ready-file", str(ready)], env=env, cwd=REPO, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not ready.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not ready.exists():
        proc.kill()
        proc.wait(timeout=30)
        raise AssertionError(f"kaflite serve --data-dir {data} did not start")
    return proc


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Path]:
    """A broker serving on `tmp_path/data` for the test's duration; yields its data directory."""
    proc = started(tmp_path / "data", tmp_path / "ready")
    try:
        yield tmp_path / "data"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_second_broker_on_the_same_data_directory_is_refused(running: Path) -> None:
    refused(serve(running), str(running / ".lock"), "another kaflite")


def test_data_dir_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "data"
    f.write_text("not a directory")
    refused(serve(f), str(f), "is a file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only directory")
def test_unwritable_data_dir(tmp_path: Path) -> None:
    d = tmp_path / "data"
    d.mkdir()
    d.chmod(0o555)
    try:
        refused(serve(d), str(d), "writable")
    finally:
        d.chmod(0o755)


def test_data_dir_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    refused(serve(blocker / "data"), str(blocker / "data"))


def test_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        line = refused(serve(tmp_path / "data", "--port", str(port)), f"127.0.0.1:{port}", "--port")
    assert "in use" in line
    # nothing was served: the data directory was closed cleanly and its lock released
    assert (tmp_path / "data" / ".kafka_cleanshutdown").exists()


@pytest.mark.parametrize(("name", "content", "fix"), [
    ("meta.properties", "version=1\nnode.id=one\n", "delete it"),
    ("meta.properties", "version=1\nnode.id=1\n", "new cluster id"),  # no cluster.id
    ("kaflite-topics.json", '{"version": 0, "topics": {"t": {"topic_id": "AAAA', "adopted"),
    ("kaflite-topics.json", '{"version": 0, "topics": {"t": {"partitions": 1}}}', "restore it"),
    ("kaflite-producer-id-block", "garbage\n", "one number"),
    ("kaflite-broker-configs.json", "{", "delete it"),
    ("kaflite-group-configs.json", "[]", "delete it"),
])
def test_garbage_in_a_file_the_start_reads(tmp_path: Path, name: str, content: str, fix: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / name).write_text(content)
    refused(serve(data), str(data / name), fix)


def test_node_id_of_another_broker(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "meta.properties").write_text("version=1\ncluster.id=abc\nnode.id=7\n")
    refused(serve(data), "node.id=7", "--node-id 7")


def test_kill_9_leaves_no_stale_lock(tmp_path: Path) -> None:
    """The kernel drops the lock with the process, however it ends: a restart after kill -9 starts."""
    for attempt in range(2):
        proc = started(tmp_path / "data", tmp_path / f"ready-{attempt}")
        proc.kill()
        proc.wait(timeout=30)
