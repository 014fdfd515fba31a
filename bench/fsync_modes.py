"""fdatasync of a file that grows vs one overwritten in place: why the coordinator topics use `preallocate`.

    bench/fsync_modes.py [--dir .] [--threads 1 8] [--syncs 400] [--write-bytes 3200] [--rounds 2]

A durable offset commit ends in an fdatasync of its `__consumer_offsets` segment. When the write grew the file,
ext4 must also commit its journal (the new size, newly allocated blocks); when it overwrote blocks already
allocated and zero-filled, it need not. Each mode writes `--write-bytes` then fdatasyncs, `--syncs` times per
thread, each thread on a file of its own (the flusher threads fsync different partitions at once):

- append: what a segment without `preallocate` does;
- zeroed: overwrite of a zero-filled file (what `preallocate=true` does, kaflite/storage/segment.py);
- fallocate: overwrite of `posix_fallocate`d (unwritten) extents, for comparison: their conversion is a
  metadata change too.

Prints fsyncs/s and the latency percentiles per mode, modes interleaved per round (the machine's load moves).
Bounded: `--syncs` x threads x modes x rounds fsyncs in a temporary directory under `--dir` (default: the
working directory, the disk a `make run` data dir is on), removed afterwards. Not a test.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from coordinator_common import load_average, percentile

MODES = ("append", "zeroed", "fallocate")


def run_mode(directory: str, mode: str, threads: int, syncs: int, write_bytes: int) -> tuple[float, list[float]]:
    """(fsyncs per second, every fsync's latency in seconds)."""
    data = b"x" * write_bytes
    fds = []
    for t in range(threads):
        fd = os.open(os.path.join(directory, f"{mode}-{t}"), os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        length = syncs * write_bytes
        if mode == "zeroed":
            os.pwrite(fd, bytes(length), 0)
        elif mode == "fallocate":
            os.posix_fallocate(fd, 0, length)
        os.fsync(fd)
        fds.append(fd)
    latencies: list[float] = []
    lock = threading.Lock()

    def work(fd: int) -> None:
        mine = []
        for i in range(syncs):
            if mode == "append":
                os.write(fd, data)
            else:
                os.pwrite(fd, data, i * write_bytes)
            started = time.perf_counter()
            os.fdatasync(fd)
            mine.append(time.perf_counter() - started)
        with lock:
            latencies.extend(mine)

    started = time.perf_counter()
    workers = [threading.Thread(target=work, args=(fd,)) for fd in fds]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - started
    for t, fd in enumerate(fds):
        os.close(fd)
        os.unlink(os.path.join(directory, f"{mode}-{t}"))
    return len(latencies) / elapsed, latencies


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dir", default=".", help="where the temporary files go (the disk under test)")
    p.add_argument("--threads", type=int, nargs="+", default=[1, 8])
    p.add_argument("--syncs", type=int, default=400, help="fdatasyncs per thread and mode")
    p.add_argument("--write-bytes", type=int, default=3200, help="bytes written before each fdatasync")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    args = p.parse_args(argv)
    print(f"fdatasync after each {args.write_bytes}-byte write, {args.syncs} per thread, load "
          f"{load_average()}, directory {os.path.abspath(args.dir)}")
    print("| threads | mode | round | fsyncs/s | p50 ms | p99 ms |")
    print("|--:|---|--:|--:|--:|--:|")
    with tempfile.TemporaryDirectory(prefix="kaflite-fsync-", dir=args.dir) as directory:
        for threads in args.threads:
            for r in range(1, args.rounds + 1):
                for mode in args.modes:
                    rate, lat = run_mode(directory, mode, threads, args.syncs, args.write_bytes)
                    lat.sort()
                    print(f"| {threads} | {mode} | {r} | {rate:,.0f} | {percentile(lat, 0.5) * 1e3:.3f} | "
                          f"{percentile(lat, 0.99) * 1e3:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
