"""Wall time of one ``kaflite <tool>`` command, process start to exit, against a local broker.

Why: the point of the Python tools over Kafka's JVM scripts is that a command answers while you look
(kafka-consumer-groups.sh spends seconds starting a JVM). This measures spawn → exit of
``python -m kaflite topics list | groups list | offsets | groups describe`` against an in-process
kaflite broker with a few topics and one group with committed offsets. A benchmark, not a test.

    PYTHONPATH=. python bench/tools_latency.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    from kafka import KafkaConsumer, KafkaProducer, TopicPartition
    from kafka.structs import OffsetAndMetadata

    from kaflite.testing.broker import Broker

    with Broker() as b:
        b.create_topic("bench-tools", 3)
        p = KafkaProducer(bootstrap_servers=b.bootstrap_servers)
        for i in range(300):
            p.send("bench-tools", f"v{i}".encode(), partition=i % 3)
        p.flush(20)
        p.close()
        c = KafkaConsumer(bootstrap_servers=b.bootstrap_servers, group_id="bench-tools-g", enable_auto_commit=False)
        c.commit({TopicPartition("bench-tools", i): OffsetAndMetadata(50, "", -1) for i in range(3)})
        c.close()
        commands = [["topics", "list"], ["groups", "list"], ["offsets", "--topic", "bench-tools"],
                    ["groups", "describe", "--group", "bench-tools-g"]]
        print(f"{'command':<44} {'median ms':>9} {'min ms':>7}")
        for cmd in commands:
            times = []
            for _ in range(args.runs):
                t0 = time.perf_counter()
                subprocess.run([sys.executable, "-m", "kaflite", *cmd, "--bootstrap-server", b.bootstrap_servers],
                               check=True, capture_output=True, timeout=60)
                times.append((time.perf_counter() - t0) * 1000)
            print(f"{'kaflite ' + ' '.join(cmd):<44} {statistics.median(times):>9.0f} {min(times):>7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
