"""The Java client (kafka-clients 3.9.1) judges kaflite: admin, idempotent produce in four codecs, a classic group.

One JVM run (``KafliteJudge.java all``, single-source-file mode) does every step against one broker
process and prints a JSON line per step; the tests below judge the lines. The jars come from the
``java`` extra (``shigawire-apache-flink-libraries`` ships them under ``pyflink/lib``).
"""

from __future__ import annotations

import shutil
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.java_tools import JIT_FLAGS, kafka_clients_classpath
from tests.integration.judges import JudgeRun, judge_run

JUDGE = Path(__file__).parent / "java" / "KafliteJudge.java"
CODECS = ["gzip", "snappy", "lz4", "zstd"]
PER_CODEC = 10_000  # KafliteJudge.PER_CODEC
PARTITIONS = 3
GROUP_RECORDS = 600  # KafliteJudge.GROUP_RECORDS
RESUME_RECORDS = 30  # KafliteJudge.RESUME_RECORDS
PREFIX = "java"
JVM_TIMEOUT_S = 240  # the judge bounds each of its own waits by 60 s
JAVA_VERSIONS = {"ApiVersions": 4, "Metadata": 12, "Produce": 11, "Fetch": 17, "ListOffsets": 9, "FindCoordinator": 6,
                 "JoinGroup": 9, "SyncGroup": 5, "Heartbeat": 4, "LeaveGroup": 5, "OffsetCommit": 9, "OffsetFetch": 9,
                 "InitProducerId": 5, "CreateTopics": 7, "DeleteTopics": 6, "DescribeConfigs": 4, "ListGroups": 5,
                 "DescribeGroups": 5, "DeleteGroups": 2, "DescribeCluster": 1}


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JudgeRun]:
    java = shutil.which("java")
    if java is None:
        pytest.skip("no `java` on PATH: the Java client judge needs a JDK 11+ (single-source-file mode)")
    cp = kafka_clients_classpath()
    if cp is None:
        pytest.skip("kafka-clients jars not found: install the java extra "
                    "(pip install shigawire-apache-flink-libraries, which ships pyflink/lib/*.jar)")
    tmp = tmp_path_factory.mktemp("java")

    def command(bootstrap: str) -> list[str]:
        return [java, *JIT_FLAGS, "-cp", cp, str(JUDGE), "all", bootstrap, PREFIX]

    with judge_run("java", "java", tmp / "data", command, timeout_s=JVM_TIMEOUT_S, cwd=tmp) as run:
        yield run


def test_java_judge_ran(judge: JudgeRun) -> None:
    assert judge.returncode == 0, judge.stderr[-4000:]
    assert set(judge.steps) == {"admin", "group", *(f"data-{c}" for c in CODECS)}, judge.stderr[-4000:]
    assert "request failed" not in judge.broker_log and "Traceback" not in judge.broker_log, judge.broker_log[-4000:]


def test_java_admin(judge: JudgeRun) -> None:
    r = judge.step("admin")
    topic = f"{PREFIX}-admin"
    # describeCluster: one node (this broker), which is also the controller.
    cluster = r["cluster"]
    assert cluster["cluster_id"]
    assert [n["id"] for n in cluster["nodes"]] == [cluster["controller"]]
    assert cluster["nodes"][0]["host"] == "127.0.0.1"
    # What the client negotiated (max usable per API): clients.md's measured Java 3.9.1 row.
    usable = r["usable_versions"]
    assert {api: usable.get(api) for api in JAVA_VERSIONS} == JAVA_VERSIONS, usable
    # createTopics, then again: TOPIC_ALREADY_EXISTS surfaces as the typed exception.
    assert r["created"] == topic
    assert r["create_again"] == "TopicExistsException"
    # describeTopics: 3 partitions, each led by the one node.
    d = r["describe_topic"]
    assert d["name"] == topic and d["internal"] is False
    assert d["topic_id"] and d["topic_id"] != "AAAAAAAAAAAAAAAAAAAAAA"
    node = cluster["controller"]
    assert d["partitions"] == [{"partition": p, "leader": node, "replicas": [node], "isr": [node]}
                               for p in range(PARTITIONS)]
    # describeConfigs (topic): the two configs given at creation are dynamic, the rest defaults.
    tc = r["topic_configs"]
    assert tc["retention.ms"] == {"value": "3600000", "source": "DYNAMIC_TOPIC_CONFIG", "read_only": False}
    assert tc["cleanup.policy"]["value"] == "delete"
    assert tc["cleanup.policy"]["source"] == "DYNAMIC_TOPIC_CONFIG"
    assert tc["segment.bytes"]["source"] == "DEFAULT_CONFIG"
    assert tc["max.message.bytes"]["value"].isdigit()
    # describeConfigs (broker): Kafka's names with values.
    bc = r["broker_configs"]
    assert bc["num.partitions"]["value"] == "1"
    assert bc["log.retention.ms"]["value"] == "604800000"
    assert bc["node.id"]["value"] == str(node)
    # listTopics holds it (and no internal topic); deleteTopics removes it.
    assert topic in r["list_topics"]
    assert "__consumer_offsets" not in r["list_topics"]
    assert r["deleted"] == topic
    assert r["listed_after_delete"] is False


def _expected_checksum(codec: str) -> int:
    """Mirror of KafliteJudge.crc over the records it sends: sum of CRC32(key NUL value) mod 2**64."""
    total = 0
    for n in range(PER_CODEC):
        v = f"{codec}-value-{n}-"
        total += zlib.crc32(f"key-{n % 97}\0{v * 3}".encode())
    return total % 2**64


@pytest.mark.parametrize("codec", CODECS)
def test_java_idempotent_produce_then_consume(judge: JudgeRun, codec: str) -> None:
    r = judge.step(f"data-{codec}")
    assert r["failed"] == 0, r["first_error"]
    assert r["acked"] == r["sent"] == PER_CODEC
    assert r["consumed"] == PER_CODEC
    assert int(r["checksum_sent"]) == int(r["checksum_consumed"]) == _expected_checksum(codec)
    assert r["keys_sent"] == r["keys_consumed"] == 97
    assert r["keys_out_of_order_or_missing"] == 0
    # Offsets per partition: from 0, gap-free, and the end offset is exactly the count (no duplicates).
    parts = r["partitions"]
    assert sorted(parts) == [str(p) for p in range(PARTITIONS)]
    assert sum(p["count"] for p in parts.values()) == PER_CODEC
    for p, info in parts.items():
        assert info["first"] == 0 and info["contiguous"], (p, info)
        assert r["end_offsets"][p] == r["positions"][p] == info["count"] == info["last"] + 1, (p, info)


def test_java_classic_group_commit_and_resume(judge: JudgeRun) -> None:
    r = judge.step("group")
    topic, group = r["topic"], r["group"]
    all_partitions = [f"{topic}:{p}" for p in range(PARTITIONS)]
    # Two members, both assigned, the partitions split between them, every record consumed once.
    members = r["members"]
    assert len(members) == 2 and all("error" not in m for m in members), members
    assert all(m["assignment"] for m in members), members
    assert sorted(members[0]["assignment"] + members[1]["assignment"]) == all_partitions
    assert all(m["committed"] for m in members)
    assert r["unique_consumed"] == GROUP_RECORDS
    assert "barrier_error" not in r, r["barrier_error"]
    # describeConsumerGroups while both are in: Stable, classic, range, both members with their assignment.
    d2 = r["describe_two_members"]
    assert d2["state"] == "Stable" and d2["type"] == "Classic" and d2["protocol"] == "range"
    assert sorted(m["client_id"] for m in d2["members"]) == ["judge-member-0", "judge-member-1"]
    by_client = {m["client_id"]: sorted(m["assignment"]) for m in d2["members"]}
    assert by_client == {f"judge-member-{i}": sorted(members[i]["assignment"]) for i in range(2)}
    # commitSync of both: the committed offsets are the end offsets before the second produce.
    committed = r["offsets_after_commit"]
    assert sorted(committed) == all_partitions
    assert sum(committed.values()) == GROUP_RECORDS
    # After both closed: listConsumerGroups shows it Empty, describe shows no members.
    listed = {g["group"]: g for g in r["list_groups"]}
    assert listed[group]["state"] == "Empty" and listed[group]["type"] == "Classic"
    after = r["describe_after_close"]
    assert after["state"] == "Empty" and after["members"] == []
    # A new member resumes at the committed offsets: only the 30 records produced afterwards.
    res = r["resume"]
    assert res["committed_before"] == committed
    assert res["consumed"] == RESUME_RECORDS
    assert res["values"] == sorted(f"g-{n}" for n in range(GROUP_RECORDS, GROUP_RECORDS + RESUME_RECORDS))
    for tp, first in res["first_offsets"].items():
        assert first == committed[tp], (tp, first, committed)
    active = res["describe_while_active"]
    assert active["state"] == "Stable" and len(active["members"]) == 1
    assert sorted(active["members"][0]["assignment"]) == all_partitions
    assert res["offsets_after"] == res["end_offsets"]
    assert sum(res["end_offsets"].values()) == GROUP_RECORDS + RESUME_RECORDS
