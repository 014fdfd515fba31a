"""kafkajs 2.2.4 (Node) judges kaflite: admin, an idempotent keyed producer, a group of two with commits.

``js/judge.js`` does every step in one Node run against one broker process and prints a JSON line
per step (the last one lists each request version kafkajs sent); the tests below judge the lines.
``node_modules`` is installed from ``js/package-lock.json`` on first use (``npm ci``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.judges import JudgeRun, judge_run

JS_DIR = Path(__file__).parent / "js"
PARTITIONS = 3
RECORDS = 3000  # judge.js RECORDS
KEYS = 53
PREFIX = "js"
NODE_TIMEOUT_S = 180  # judge.js bounds each of its own waits by 60 s
INSTALL_TIMEOUT_S = 120


def _ensure_node_modules(npm: str) -> None:
    if (JS_DIR / "node_modules" / "kafkajs" / "package.json").is_file():
        return
    try:
        proc = subprocess.run([npm, "ci", "--silent", "--no-audit", "--no-fund"], cwd=JS_DIR,
                              capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        pytest.skip(f"`npm ci` in {JS_DIR} took over {INSTALL_TIMEOUT_S}s (offline?)")
    if proc.returncode != 0:
        pytest.skip(f"`npm ci` in {JS_DIR} failed (offline?): {proc.stderr.strip()[-500:]}")


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JudgeRun]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("no `node`/`npm` on PATH: the kafkajs judge needs Node 14+")
    _ensure_node_modules(npm)
    tmp = tmp_path_factory.mktemp("kafkajs")
    env = {**os.environ, "KAFKAJS_NO_PARTITIONER_WARNING": "1"}

    def command(bootstrap: str) -> list[str]:
        return [node, str(JS_DIR / "judge.js"), bootstrap, PREFIX]

    with judge_run("kafkajs", "node", tmp / "data", command, timeout_s=NODE_TIMEOUT_S, cwd=JS_DIR, env=env) as run:
        yield run


def test_kafkajs_judge_ran(judge: JudgeRun) -> None:
    assert judge.returncode == 0, judge.stderr[-4000:]
    assert set(judge.steps) == {"admin", "produce", "group", "versions"}, judge.stderr[-4000:]
    assert "request failed" not in judge.broker_log and "Traceback" not in judge.broker_log, judge.broker_log[-4000:]


def test_kafkajs_versions(judge: JudgeRun) -> None:
    """kafkajs never uses flexible versions; these are the ones measured in clients.md."""
    sent = set(judge.step("versions")["sent"])
    for api in ["ApiVersions v2", "Metadata v6", "CreateTopics v3", "Produce v7", "InitProducerId v1", "Fetch v11",
                "ListOffsets v3", "GroupCoordinator v2", "JoinGroup v5", "SyncGroup v3", "Heartbeat v3",
                "OffsetCommit v5", "OffsetFetch v4", "LeaveGroup v3", "DescribeGroups v2", "ListGroups v2",
                "DescribeConfigs v2", "DeleteTopics v1", "CreatePartitions v1"]:
        assert api in sent, (api, sorted(sent))


def test_kafkajs_admin(judge: JudgeRun) -> None:
    r = judge.step("admin")
    topic = f"{PREFIX}-topic"
    assert r["created"] is True
    assert r["created_again"] is False  # TOPIC_ALREADY_EXISTS is swallowed by kafkajs as "not created"
    assert topic in r["list_topics"]
    brokers = r["cluster"]["brokers"]
    assert len(brokers) == 1 and brokers[0]["host"] == "127.0.0.1"
    node = brokers[0]["nodeId"]
    assert r["cluster"]["controller"] == node and r["cluster"]["cluster_id"]
    assert r["metadata"] == [{"name": topic, "partitions": [
        {"partition": p, "leader": node, "replicas": [node], "isr": [node]} for p in range(PARTITIONS)]}]
    # describeConfigs on a topic created with retention.ms: that one dynamic (source 1), the other default (5).
    (cfg,) = r["describe_configs"]
    assert cfg["name"] == f"{topic}-doomed" and cfg["error"] == 0
    assert cfg["configs"] == {"retention.ms": {"value": "7200000", "default": False, "source": 1},
                              "cleanup.policy": {"value": "delete", "default": True, "source": 5}}
    assert r["partitions_after_create_partitions"] == 2
    assert r["listed_after_delete"] is False


def test_kafkajs_idempotent_produce(judge: JudgeRun) -> None:
    r = judge.step("produce")
    assert r["sent"] == RECORDS
    assert r["errors"] == 0
    assert r["responses"] > 0


def test_kafkajs_group_of_two_consumes_everything_and_commits(judge: JudgeRun) -> None:
    r = judge.step("group")
    group = f"{PREFIX}-group"
    assert r["crashes"] == []
    # Both members held partitions; together every record exactly once by (partition, offset), keys in order.
    members = r["members"]
    assert all(m["joins"] >= 1 for m in members), r
    held = [p for m in members for p in m["assignment"].get(f"{PREFIX}-topic", [])]
    assert all(m["assignment"].get(f"{PREFIX}-topic") for m in members), r
    assert sorted(held) == list(range(PARTITIONS)), r
    assert sum(m["leader"] for m in members) == 1
    assert r["unique_consumed"] == RECORDS
    assert r["keys"] == KEYS and r["keys_out_of_order_or_missing"] == 0
    # describeGroups while both were in: Stable, two members whose assignments match what they were told.
    (active,) = r["describe_active"]
    assert active["group"] == group and active["error"] == 0
    assert active["state"] == "Stable" and active["protocol_type"] == "consumer"
    assert active["protocol"] == members[0]["protocol"]
    described = {m["member_id"]: m["assignment"] for m in active["members"]}
    assert described == {m["member_id"]: m["assignment"] for m in members}
    # After both left: committed offsets (fetchOffsets) are the high watermarks; the group is Empty and listed.
    (fetched,) = r["fetch_offsets"]
    committed = {p["partition"]: int(p["offset"]) for p in fetched["partitions"]}
    high = {p["partition"]: int(p["high"]) for p in r["topic_offsets"]}
    assert committed == high and sum(high.values()) == RECORDS
    assert r["describe_after"] == [{"group": group, "state": "Empty", "members": 0}]
    assert {"groupId": group, "protocolType": "consumer"} in r["list_groups"]
