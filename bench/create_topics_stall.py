"""How long other clients wait while one CreateTopics makes many partitions.

Why: topic creation touches files per partition (~1-2 ms each); on the event loop, 10,000 partitions
stalled every client for 15-22 s (issue 13). One client creates a topic of N partitions; another
sends ApiVersions back to back meanwhile. Prints one verdict line: the creation's duration, how many
ApiVersions were answered during it, and the slowest of them.

    python bench/create_topics_stall.py [--partitions 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # PYTHONPATH first: measure any tree

from kaflite.broker.server import Broker, install_uvloop
from kaflite.config import KafliteConfig
from kaflite.protocol.messages import ApiVersionsRequest, CreateTopicsRequest
from tests.broker.wire import WireClient


async def run(partitions: int) -> str:
    with tempfile.TemporaryDirectory(prefix="kaflite-ct-") as tmp:
        broker = Broker.open(KafliteConfig(port=0, log_dirs=str(Path(tmp) / "data"), log_level="WARNING"))
        await broker.start()
        try:
            creator, other = await WireClient.connect(broker.port), await WireClient.connect(broker.port)
            req = CreateTopicsRequest(topics=[CreateTopicsRequest.CreatableTopic(
                name="wide", num_partitions=partitions, replication_factor=1)])
            t0 = time.perf_counter()
            work = asyncio.create_task(creator.call(19, 7, req))
            answered, slowest = 0, 0.0
            while not work.done():
                t = time.perf_counter()
                await other.call(18, 3, ApiVersionsRequest(client_software_name="b", client_software_version="1"))
                slowest = max(slowest, time.perf_counter() - t)
                answered += 1
            code = (await work).topics[0].error_code
            took = time.perf_counter() - t0
            await creator.close()
            await other.close()
        finally:
            await broker.stop()
    return (f"create topics stall: {partitions} partitions in {took:.1f}s (error {code}); meanwhile "
            f"{answered} ApiVersions answered, slowest {slowest * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--partitions", type=int, default=2000)
    args = ap.parse_args()
    install_uvloop()
    print(asyncio.run(run(args.partitions)))


if __name__ == "__main__":
    main()
