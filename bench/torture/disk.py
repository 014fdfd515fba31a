"""Full disk: a `kaflite serve` child on a small tmpfs; produce until KAFKA_STORAGE_ERROR, reads still served,
free space, writes resume. Needs root (mount -t tmpfs); prints SKIP otherwise (the in-process
`Faults.fill_disk` test, tests/broker/test_disk_full.py, covers that case in `make test`).

    python bench/torture/disk.py [--size 4m]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import subprocess
import tempfile
from pathlib import Path

from kit import Child, verdict

from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages import CreateTopicsRequest
from tests.broker.test_disk_full import fetched_offsets, produce
from tests.broker.wire import WireClient, connected


async def _fill(port: int, filler: Path) -> tuple[int, int, bool, int, bool]:
    """(acknowledged, first error, reads served, error after freeing, resumed at the next offset)."""
    async with connected(port) as c:
        acked, error = 0, 0
        for _ in range(5000):  # 1 KiB batches: the tmpfs is full long before this
            p = await produce(c, 1, size=1000)
            if p.error_code != ErrorCode.NONE:
                error = int(p.error_code)
                break
            acked += 1
        reads = await fetched_offsets(c) == list(range(acked))
        filler.unlink()
        resumed = await produce(c, 1, size=1000)
        return acked, error, reads, int(resumed.error_code), resumed.base_offset == acked


def run(size: str) -> bool:
    if os.geteuid() != 0:
        print(f"SKIP full disk: mount -t tmpfs needs root (uid {os.geteuid()})")
        return True
    with tempfile.TemporaryDirectory(prefix="kaflite-disk-") as tmp:
        disk = Path(tmp) / "disk"
        disk.mkdir()
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)],
                                 capture_output=True, timeout=30)
        if mounted.returncode != 0:
            print(f"SKIP full disk: cannot mount a tmpfs: {mounted.stderr.decode(errors='replace').strip()}")
            return True
        try:
            child = Child(disk / "data", Path(tmp) / "broker.log",
                          overrides={"offsets.topic.num.partitions": "1", "num.partitions": "2"})
            if not child.start():
                return bool(verdict("full disk", False, "broker did not start"))
            try:
                async def create() -> None:
                    c = await WireClient.connect(child.port)
                    await c.call(19, 5, CreateTopicsRequest(timeout_ms=5000, topics=[
                        CreateTopicsRequest.CreatableTopic(name="t", num_partitions=1, replication_factor=1)]))
                    await c.close()

                asyncio.run(create())
                filler = disk / "filler"
                free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
                with contextlib.suppress(OSError), filler.open("wb") as f:
                    f.write(b"\0" * max(0, free - 256 * 1024))  # leave ~256 KiB
                acked, error, reads, resumed_error, at_next = asyncio.run(_fill(child.port, filler))
                alive, errors = child.alive, child.error_lines()
            finally:
                child.stop()
        finally:
            subprocess.run(["umount", "-l", str(disk)], capture_output=True, timeout=30)
    ok = (error == ErrorCode.KAFKA_STORAGE_ERROR and acked > 0 and reads and resumed_error == 0 and at_next
          and alive)
    verdict("full disk", ok, f"{size} tmpfs: {acked} records acknowledged, then error {error} "
            f"({'KAFKA_STORAGE_ERROR' if error == ErrorCode.KAFKA_STORAGE_ERROR else 'unexpected'}); reads "
            f"{'served' if reads else 'NOT served'}; after freeing space produce error {resumed_error} at offset "
            f"{'acked' if at_next else 'WRONG'}; {len(errors)} error log lines; broker {'alive' if alive else 'DEAD'}")
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="4m")
    args = ap.parse_args()
    raise SystemExit(0 if run(args.size) else 1)


if __name__ == "__main__":
    main()
