"""kcat 1.7.1 (librdkafka 2.0.2, Debian's build) judges kaflite from the command line.

Metadata (-L), keyed produce in every codec (-P -K: -z), consume back (-C -e), a balanced consumer
in a group (-G) that commits and resumes, and offsets-for-times (-Q). librdkafka's protocol debug
log (-d protocol) shows the versions it negotiated.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator

import pytest

from kaflite.testing.process import ProcessBroker

KCAT = shutil.which("kcat") or shutil.which("kafkacat")
pytestmark = pytest.mark.skipif(KCAT is None, reason="kcat is not installed (Debian package `kcat`)")

PARTITIONS = 3
TIMEOUT_S = 60
CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]
SENT_RE = re.compile(r"Sent (\w+)Request \(v(\d+),")


@pytest.fixture(scope="module")
def kbroker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBroker]:
    with ProcessBroker(tmp_path_factory.mktemp("kcat") / "data") as b:
        yield b


def kcat(broker: ProcessBroker, *args: str, stdin: str | None = None,
         check: bool = True) -> subprocess.CompletedProcess[str]:
    cmd = [str(KCAT), "-b", broker.bootstrap_servers, *args]
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"{' '.join(cmd)} ran over {TIMEOUT_S}s\nstdout: {e.stdout!s}\nstderr: {e.stderr!s}\n"
                    f"--- broker log (tail) ---\n{broker.log_text()[-3000:]}")
    if check and proc.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} exited {proc.returncode}\nstderr: {proc.stderr[-3000:]}\n"
                    f"--- broker log (tail) ---\n{broker.log_text()[-3000:]}")
    return proc


def sent_versions(debug_log: str) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for api, v in SENT_RE.findall(debug_log):
        out.setdefault(api, set()).add(int(v))
    return out


def create_topic(broker: ProcessBroker, name: str, partitions: int = PARTITIONS) -> None:
    from confluent_kafka.admin import AdminClient, NewTopic

    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    admin.create_topics([NewTopic(name, partitions, 1)], operation_timeout=30)[name].result(timeout=30)


def keyed_lines(prefix: str, start: int, count: int) -> list[str]:
    return [f"key-{n % 37}:{prefix}-value-{n}" for n in range(start, start + count)]


def assert_same_per_key(got: list[str], sent: list[str]) -> None:
    """The same lines, exactly once each, and per key in send order (a key pins a partition)."""
    assert len(got) == len(sent)
    assert Counter(got) == Counter(sent)

    def by_key(lines: list[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for line in lines:
            k, _, v = line.partition(":")
            out.setdefault(k, []).append(v)
        return out

    assert by_key(got) == by_key(sent)


def test_kcat_metadata_lists_broker_and_topics(kbroker: ProcessBroker) -> None:
    create_topic(kbroker, "kcat-meta")
    proc = kcat(kbroker, "-L", "-d", "protocol")
    text, debug = proc.stdout, proc.stderr
    # librdkafka 2.0.2 parsed our ApiVersions v3 answer at once: no v0 fallback, no parse failure.
    assert "Received ApiVersionResponse (v3" in debug, debug[-3000:]
    assert "ApiVersionRequest (v0" not in debug and "Protocol parse failure" not in debug, debug[-3000:]
    assert " 1 brokers:" in text
    assert f"broker 1 at {kbroker.bootstrap_servers} (controller)" in text, text
    assert re.search(r'topic "kcat-meta" with 3 partitions:', text), text
    for p in range(PARTITIONS):
        assert f"partition {p}, leader 1, replicas: 1, isrs: 1" in text, text
    assert sent_versions(debug)["Metadata"] == {4}

    md = json.loads(kcat(kbroker, "-L", "-J", "-t", "kcat-meta").stdout)
    assert md["brokers"] == [{"id": 1, "name": kbroker.bootstrap_servers}]
    (topic,) = md["topics"]
    assert topic["topic"] == "kcat-meta"
    assert [(p["partition"], p["leader"]) for p in topic["partitions"]] == [(p, 1) for p in range(PARTITIONS)]


@pytest.mark.parametrize("codec", CODECS)
def test_kcat_keyed_produce_then_consume_back(kbroker: ProcessBroker, codec: str) -> None:
    topic = f"kcat-data-{codec}"
    create_topic(kbroker, topic)
    sent = keyed_lines(codec, 0, 2000)
    produced = kcat(kbroker, "-P", "-t", topic, "-K:", "-z", codec, "-X", "enable.idempotence=true",
                    "-X", "acks=all", "-d", "protocol", stdin="\n".join(sent) + "\n")
    assert "ERROR" not in produced.stderr and "Delivery failed" not in produced.stderr, produced.stderr[-3000:]
    pv = sent_versions(produced.stderr)
    assert pv["InitProducerId"] == {4} and pv["Produce"] == {7}, pv

    consumed = kcat(kbroker, "-C", "-t", topic, "-o", "beginning", "-e", "-f", "%k:%s\n", "-d", "protocol")
    got = consumed.stdout.splitlines()
    assert_same_per_key(got, sent)
    cv = sent_versions(consumed.stderr)
    assert cv["Fetch"] == {11} and cv["ListOffsets"] == {2}, cv

    # Offsets: gap-free from 0 in every partition, the three together hold every line.
    lines = kcat(kbroker, "-C", "-t", topic, "-o", "beginning", "-e", "-f", "%p %o\n").stdout.split("\n")
    offsets: dict[int, list[int]] = {}
    for line in filter(None, lines):
        p, o = map(int, line.split())
        offsets.setdefault(p, []).append(o)
    assert sorted(offsets) == list(range(PARTITIONS))
    for os_ in offsets.values():
        assert os_ == list(range(len(os_)))


def committed_offsets(broker: ProcessBroker, group: str, topic: str) -> dict[int, int]:
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer({"bootstrap.servers": broker.bootstrap_servers, "group.id": group, "enable.auto.commit": False})
    try:
        return {tp.partition: tp.offset
                for tp in c.committed([TopicPartition(topic, p) for p in range(PARTITIONS)], timeout=30)}
    finally:
        c.close()


def end_offsets(broker: ProcessBroker, topic: str) -> dict[int, int]:
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer({"bootstrap.servers": broker.bootstrap_servers, "group.id": "kcat-unused"})
    try:
        return {p: c.get_watermark_offsets(TopicPartition(topic, p), timeout=30)[1] for p in range(PARTITIONS)}
    finally:
        c.close()


def test_kcat_balanced_consumer_commits_and_resumes(kbroker: ProcessBroker) -> None:
    topic, group = "kcat-group", "kcat-balanced"
    create_topic(kbroker, topic)
    first = keyed_lines("g", 0, 300)
    kcat(kbroker, "-P", "-t", topic, "-K:", stdin="\n".join(first) + "\n")

    # -G: JoinGroup/SyncGroup as the only member, consume exactly -c records, commit, LeaveGroup on exit.
    run1 = kcat(kbroker, "-G", group, "-X", "auto.offset.reset=earliest", "-c", str(len(first)),
                "-f", "%k:%s\n", "-d", "protocol,cgrp", topic)
    assert_same_per_key(run1.stdout.splitlines(), first)
    versions = sent_versions(run1.stderr)
    for api, v in {"FindCoordinator": 2, "JoinGroup": 5, "SyncGroup": 3, "OffsetFetch": 7, "OffsetCommit": 7,
                   "LeaveGroup": 1}.items():
        assert versions.get(api) == {v}, (api, versions)
    assert "OffsetCommit for 3 partition(s)" in run1.stderr and "returned: Success" in run1.stderr
    assert committed_offsets(kbroker, group, topic) == end_offsets(kbroker, topic)

    # A second run of the group resumes at the committed offsets: only the lines produced since.
    more = keyed_lines("g", 300, 20)
    kcat(kbroker, "-P", "-t", topic, "-K:", stdin="\n".join(more) + "\n")
    run2 = kcat(kbroker, "-G", group, "-X", "auto.offset.reset=earliest", "-c", str(len(more)),
                "-f", "%k:%s\n", topic)
    assert_same_per_key(run2.stdout.splitlines(), more)
    ends = end_offsets(kbroker, topic)
    assert sum(ends.values()) == len(first) + len(more)
    assert committed_offsets(kbroker, group, topic) == ends


def test_kcat_headers_round_trip(kbroker: ProcessBroker) -> None:
    topic = "kcat-headers"
    create_topic(kbroker, topic, 1)
    kcat(kbroker, "-P", "-t", topic, "-K:", "-H", "h1=x", "-H", "h2=", "-z", "lz4", stdin="a:1\nb:2\n")
    got = kcat(kbroker, "-C", "-t", topic, "-o", "beginning", "-e", "-f", "%o|%k|%s|%h\n").stdout.splitlines()
    assert got == ["0|a|1|h1=x,h2=", "1|b|2|h1=x,h2="]


def describe_group(broker: ProcessBroker, group: str) -> tuple[str, list[list[int]]]:
    """(state, each member's assigned partitions) through confluent-kafka's DescribeGroups."""
    from confluent_kafka.admin import AdminClient

    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    d = admin.describe_consumer_groups([group], request_timeout=30)[group].result(timeout=30)
    return d.state.name, [sorted(tp.partition for tp in m.assignment.topic_partitions) for m in d.members]


def test_kcat_two_balanced_consumers_share_the_partitions(kbroker: ProcessBroker) -> None:
    """Two `kcat -G` members in one group split the partitions, consume everything once, commit on SIGTERM."""
    topic, group = "kcat-two", "kcat-two-members"
    create_topic(kbroker, topic)
    cmd = [str(KCAT), "-b", kbroker.bootstrap_servers, "-G", group, "-X", "auto.offset.reset=earliest",
           "-X", "heartbeat.interval.ms=300", "-u", "-f", "%p:%o:%k:%s\n", topic]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs: list[list[str]] = [[], []]
    errs: list[list[str]] = [[], []]
    streams = [(p.stdout, outputs[i]) for i, p in enumerate(procs)] + [(p.stderr, errs[i]) for i, p in enumerate(procs)]
    readers = [threading.Thread(target=sink.extend, args=(stream,), daemon=True) for stream, sink in streams]
    for t in readers:
        t.start()
    try:
        # Both joined and the group settled with each member holding partitions.
        deadline = time.monotonic() + TIMEOUT_S
        state, assignments = "", []
        while time.monotonic() < deadline:
            state, assignments = describe_group(kbroker, group)
            if state == "STABLE" and len(assignments) == 2 and all(assignments):
                break
            time.sleep(0.1)
        assert state == "STABLE" and len(assignments) == 2 and all(assignments), (state, assignments, errs)
        assert sorted(p for a in assignments for p in a) == list(range(PARTITIONS))

        sent = keyed_lines("two", 0, 600)
        kcat(kbroker, "-P", "-t", topic, "-K:", stdin="\n".join(sent) + "\n")
        deadline = time.monotonic() + TIMEOUT_S
        while len(outputs[0]) + len(outputs[1]) < len(sent) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)  # kcat closes the consumer: final commit + LeaveGroup
        for proc in procs:
            try:
                proc.wait(TIMEOUT_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for t in readers:
            t.join(TIMEOUT_S)
        for stream, _ in streams:
            stream.close()
    assert all(outputs), ("a member consumed nothing", errs)
    lines = [line.rstrip("\n") for out in outputs for line in out]
    seen = {}
    for line in lines:
        p, o, kv = line.split(":", 2)
        seen[(int(p), int(o))] = kv
    assert len(seen) == len(lines) == len(sent), (len(seen), len(lines))
    assert_same_per_key([kv for _, kv in sorted(seen.items())], sent)
    # Each member consumed from its own partitions only: the two sets split the three partitions.
    member_parts = [{int(line.split(":", 1)[0]) for line in out} for out in outputs]
    assert not member_parts[0] & member_parts[1], member_parts
    assert sorted(map(sorted, member_parts)) == sorted(assignments), (member_parts, assignments)
    assert committed_offsets(kbroker, group, topic) == end_offsets(kbroker, topic)
    assert describe_group(kbroker, group) == ("EMPTY", [])


def test_kcat_offsets_for_times(kbroker: ProcessBroker) -> None:
    from confluent_kafka import Producer

    topic = "kcat-times"
    create_topic(kbroker, topic)
    base = 1_700_000_000_000
    p = Producer({"bootstrap.servers": kbroker.bootstrap_servers})
    for part in range(PARTITIONS):
        for i in range(10):  # partition p: timestamps base + p*100_000 + i*1000, offsets 0..9
            p.produce(topic, key=b"k", value=f"{part}-{i}".encode(), partition=part,
                      timestamp=base + part * 100_000 + i * 1000)
    assert p.flush(30) == 0

    def query(*specs: tuple[int, int]) -> dict[int, int]:
        args = [a for part, ts in specs for a in ("-t", f"{topic}:{part}:{ts}")]
        out = json.loads(kcat(kbroker, "-Q", "-J", *args).stdout)[topic]
        return {int(k): v["offset"] for k, v in out.items() if k != "topic"}

    # One partition per request line (librdkafka folds duplicates of one partition into one query).
    assert query((0, base), (1, base + 100_000 + 4500), (2, base + 200_000 + 9000)) == {0: 0, 1: 5, 2: 9}
    assert query((0, 0), (1, base + 100_000 + 9001), (2, base + 10**9)) == {0: 0, 1: -1, 2: -1}
    assert query((0, -1), (1, -2)) == {0: 10, 1: 0}  # latest / earliest

    text = kcat(kbroker, "-Q", "-t", f"{topic}:1:{base + 100_000 + 4500}").stdout
    assert text.strip() == f"{topic} [1] offset 5"
