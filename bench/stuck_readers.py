"""Stuck readers: N clients each send one Fetch of a large partition and never read the answer.

Why: a client that stops reading must cost the broker kilobytes, not its fetch (issue 13: ~50 MB
per stuck Fetch before fetched records were streamed from the segment). Prints one verdict line:
the broker's RSS before and after the readers stalled, and the growth per reader.

    python bench/stuck_readers.py [--readers 10] [--mib 64]

The partition is written offline (storage API) before ``kaflite serve`` starts; readers have a
4 KiB receive buffer; traffic stays on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import argparse
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kaflite.config import KafliteConfig
from kaflite.protocol.messages import FetchRequest
from kaflite.protocol.records import build_batch
from kaflite.storage.config import LogConfig
from kaflite.storage.manager import LogManager

FETCH_V = 11
SETTLE_S = 3.0  # after the last request: let the broker write what the kernel takes, then sample


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def write_partition(data_dir: Path, mib: int) -> None:
    config = KafliteConfig(log_dirs=str(data_dir))
    logs = LogManager(data_dir, LogConfig.from_dict(config.topic_log_defaults()), lambda: int(time.time() * 1000))
    logs.create_topic("big", 1)
    plog = logs.get_log("big", 0)
    assert plog is not None
    value = b"v" * (1024 * 1024 - 200)
    for _ in range(mib):
        plog.append(build_batch([(None, value)], timestamp_ms=1), leader_epoch=0, now_ms=1)
    logs.close()


def fetch_frame(mib: int) -> bytes:
    max_bytes = mib << 20
    part = FetchRequest.FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=max_bytes)
    req = FetchRequest(max_bytes=max_bytes, max_wait_ms=0, topics=[FetchRequest.FetchTopic(topic="big",
                                                                                            partitions=[part])])
    body = struct.pack(">hhih", 1, FETCH_V, 1, 5) + b"stuck" + req.encode(FETCH_V)
    return struct.pack(">i", len(body)) + body


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readers", type=int, default=10)
    ap.add_argument("--mib", type=int, default=64, help="size of the partition each reader fetches whole")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="kaflite-stuck-") as tmp:
        data_dir, ready = Path(tmp) / "data", Path(tmp) / "ready"
        write_partition(data_dir, args.mib)
        proc = subprocess.Popen([sys.executable, "-m", "kaflite", "serve", "--port", "0", "--data-dir",
                                 str(data_dir), "--ready-file", str(ready), "--log-level", "WARNING"],
                                stdout=subprocess.DEVNULL)
        socks: list[socket.socket] = []
        try:
            deadline = time.monotonic() + 30
            while not ready.exists() or not ready.read_text().strip():
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("kaflite did not start")
                time.sleep(0.05)
            host, port = ready.read_text().splitlines()[0].rsplit(":", 1)
            time.sleep(0.5)
            before = rss_kib(proc.pid)
            frame = fetch_frame(args.mib)
            for _ in range(args.readers):
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.settimeout(10)
                s.connect((host, int(port)))
                s.sendall(frame)
                socks.append(s)
            time.sleep(SETTLE_S)
            after = rss_kib(proc.pid)
            alive = proc.poll() is None
        finally:
            for s in socks:
                s.close()
            proc.terminate()
            proc.wait(timeout=30)
    growth = after - before
    print(f"stuck readers: {args.readers} x {args.mib} MiB fetches -> broker RSS {before / 1024:.1f} MiB -> "
          f"{after / 1024:.1f} MiB, growth {growth / 1024:.1f} MiB ({growth / args.readers:.0f} KiB per reader); "
          f"broker {'alive' if alive else 'DEAD'}")


if __name__ == "__main__":
    main()
