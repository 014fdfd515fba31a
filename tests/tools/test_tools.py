"""kaflite's command-line tools against a real broker, with real clients producing and consuming.

Each command runs through the real parser (kaflite.cli.build_parser) with its output captured apart from the
broker's logs; ``--json`` is checked for values, the tables for Kafka's columns.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.broker import Broker
from tests.testing.clients import Consumer, wait_until
from tests.tools.run import tool, tool_json


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker(config={"log.index.interval.bytes": 1}) as b:
        yield b


def produce_real(broker: Broker, topic: str, values: list[tuple[int, bytes]], timestamp_ms: int | None = None) -> None:
    """(partition, value) pairs through kafka-python's producer."""
    from kafka import KafkaProducer

    p = KafkaProducer(bootstrap_servers=broker.bootstrap_servers, acks="all")
    try:
        for partition, value in values:
            p.send(topic, value, partition=partition, timestamp_ms=timestamp_ms)
        p.flush(20)
    finally:
        p.close(5)


def test_produce_is_read_by_a_real_consumer_and_consume_reads_a_real_producer(broker: Broker) -> None:
    broker.create_topic("tools-pc", 3)
    sent = tool_json(broker, "produce", "-t", "tools-pc", "-K", ":", stdin="k1:v1\nk2:v2\nk3:v3\nnokey\n")
    assert sent["produced"] == 4 and sum(b["count"] for b in sent["partitions"]) == 4
    from kafka import KafkaConsumer

    c = KafkaConsumer("tools-pc", bootstrap_servers=broker.bootstrap_servers, auto_offset_reset="earliest",
                      consumer_timeout_ms=5000)
    try:
        got = {(m.key, m.value) for m in c}
    finally:
        c.close()
    assert got == {(b"k1", b"v1"), (b"k2", b"v2"), (b"k3", b"v3"), (None, b"nokey")}
    # keyed records land where Kafka's clients put them (murmur2): kafka-python agrees on the partition
    from kafka.partitioner.default import murmur2

    code, out, _ = tool(broker, "consume", "-t", "tools-pc", "-e", "-q", "-f", "%k %p\\n")
    assert code == 0
    for line in out.splitlines():
        key, partition = line.split(" ")
        if key:
            assert int(partition) == (murmur2(key.encode()) & 0x7FFFFFFF) % 3

    produce_real(broker, "tools-pc", [(1, b"from-kafka-python")])
    records = tool_json(broker, "consume", "-t", "tools-pc", "-p", "1", "-o", "-1", "-e", "-q", "--json-array")
    assert [r["value"] for r in records] == ["from-kafka-python"]
    assert records[0]["partition"] == 1 and records[0]["key"] is None
    assert tool(broker, "consume", "-t", "tools-pc", "-c", "2", "-q")[1].count("\n") == 2


def test_produce_splits_large_input_into_batches(broker: Broker) -> None:
    broker.create_topic("tools-big", 1)
    lines = "".join(f"line-{i:05d}\n" for i in range(2500))
    sent = tool_json(broker, "produce", "-t", "tools-big", "-p", "0", stdin=lines)
    assert sent == {"produced": 2500, "partitions": [{"topic": "tools-big", "partition": 0, "base_offset": 0,
                                                      "count": 2500}]}
    [doc] = tool_json(None, "dump-log", str(broker.data_dir / "tools-big-0" / "00000000000000000000.log"))
    assert [b["count"] for b in doc["batches"]] == [1000, 1000, 500]
    code, out, _ = tool(broker, "consume", "-t", "tools-big", "-o", "2498", "-e", "-q", "-f", "%o:%s\\n")
    assert code == 0 and out == "2498:line-02498\n2499:line-02499\n"


def test_console_script_runs_the_tools(broker: Broker) -> None:
    """The installed entry point (python -m kaflite), its exit status and its stderr line."""
    import subprocess
    import sys

    broker.create_topic("tools-cli", 1)
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-m", "kaflite", "topics", "list", "--bootstrap-server",
                          broker.bootstrap_servers], capture_output=True, text=True, timeout=60, cwd=root)
    assert run.returncode == 0 and "tools-cli" in run.stdout.splitlines()
    bad = subprocess.run([sys.executable, "-m", "kaflite", "groups", "describe", "--group", "g",
                          "--bootstrap-server", "127.0.0.1:1"], capture_output=True, text=True, timeout=60, cwd=root)
    assert bad.returncode == 1 and bad.stderr.startswith("kaflite groups: cannot connect to 127.0.0.1:1")


def test_topics_create_describe_alter_delete(broker: Broker) -> None:
    created = tool_json(broker, "topics", "create", "--topic", "tools-t", "--partitions", "2",
                        "--config", "retention.ms=60000")
    assert created["created"] is True
    code, _, err = tool(broker, "topics", "create", "--topic", "tools-t", "--partitions", "2")
    assert code == 1 and "TOPIC_ALREADY_EXISTS" in err
    assert "tools-t" in tool_json(broker, "topics", "list")
    [d] = tool_json(broker, "topics", "describe", "--topic", "tools-t")
    assert (d["partition_count"], d["replication_factor"], d["configs"]) == (2, 1, {"retention.ms": "60000"})
    code, text, _ = tool(broker, "topics", "describe", "--topic", "tools-t")
    assert text.startswith("Topic: tools-t\tTopicId: ") and "\tPartitionCount: 2\tReplicationFactor: 1\t" in text
    assert "Configs: retention.ms=60000" in text and "\tTopic: tools-t\tPartition: 1\tLeader: 1\t" in text
    tool_json(broker, "topics", "alter", "--topic", "tools-t", "--partitions", "4", "--config", "retention.ms=1000")
    [d] = tool_json(broker, "topics", "describe", "--topic", "tools-t")
    assert d["partition_count"] == 4 and d["configs"]["retention.ms"] == "1000"
    produce_real(broker, "tools-t", [(3, b"x")])  # a real client sees the new partition
    assert tool_json(broker, "offsets", "--topic", "tools-t")[3]["offset"] == 1
    assert tool_json(broker, "topics", "delete", "--topic", "tools-t") == [{"topic": "tools-t", "error": None,
                                                                           "message": None}]
    assert "tools-t" not in tool_json(broker, "topics", "list")


def test_offsets_earliest_latest_and_by_time(broker: Broker) -> None:
    broker.create_topic("tools-off", 2)
    produce_real(broker, "tools-off", [(0, b"a"), (0, b"b")], timestamp_ms=1_000_000)
    produce_real(broker, "tools-off", [(0, b"c")], timestamp_ms=2_000_000)
    latest = tool_json(broker, "offsets", "--topic", "tools-off")
    assert [(r["partition"], r["offset"]) for r in latest] == [(0, 3), (1, 0)]
    earliest = tool_json(broker, "offsets", "--topic", "tools-off", "--time", "earliest")
    assert [r["offset"] for r in earliest] == [0, 0]
    by_time = tool_json(broker, "offsets", "--topic", "tools-off", "--partitions", "0", "--time", "1500000")
    assert [(r["offset"], r["timestamp"]) for r in by_time] == [(2, 2_000_000)]
    code, text, _ = tool(broker, "offsets", "--topic", "tools-off")
    assert code == 0 and text == "tools-off:0:3\ntools-off:1:0\n"


def _describe(broker: Broker, group: str) -> dict[str, Any]:
    [d] = tool_json(broker, "groups", "describe", "--group", group)
    return d  # type: ignore[no-any-return]


def test_groups_list_describe_lag_and_kafka_layouts(broker: Broker) -> None:
    broker.create_topic("tools-g", 2)
    produce_real(broker, "tools-g", [(0, b"a"), (0, b"b"), (0, b"c"), (1, b"d")])
    with Consumer("kafka-python", broker.bootstrap_servers, "tools-g1", ["tools-g"]) as c:
        c.wait_assigned()
        c.wait_messages(4)
        c.commit()
        produce_real(broker, "tools-g", [(0, b"e"), (0, b"f")])  # lag 2 on partition 0
        broker.wait_for_group("tools-g1", members=1)
        listed = tool_json(broker, "groups", "list")
        assert {"group": "tools-g1", "type": "classic", "state": "Stable", "protocol_type": "consumer"} in listed
        d = _describe(broker, "tools-g1")
        assert d["state"] == "Stable" and d["type"] == "classic" and d["assignment_strategy"] == "range"
        [m] = d["members"]
        assert m["assignment"] == [["tools-g", 0], ["tools-g", 1]] and m["client_id"].startswith("kafka-python")
        rows = {r["partition"]: r for r in d["offsets"]}
        assert (rows[0]["current_offset"], rows[0]["log_end_offset"], rows[0]["lag"]) == (3, 5, 2)
        assert (rows[1]["current_offset"], rows[1]["log_end_offset"], rows[1]["lag"]) == (1, 1, 0)
        assert rows[0]["consumer_id"] == m["member_id"]

        code, text, _ = tool(broker, "groups", "describe", "--group", "tools-g1")
        lines = text.strip("\n").splitlines()
        assert lines[0].split() == ["GROUP", "TOPIC", "PARTITION", "CURRENT-OFFSET", "LOG-END-OFFSET", "LAG",
                                    "CONSUMER-ID", "HOST", "CLIENT-ID"]
        assert lines[1].split()[:6] == ["tools-g1", "tools-g", "0", "3", "5", "2"]
        assert lines[0].index("PARTITION") == lines[1].index(" 0 ") + 1  # Kafka's fixed-width columns
        code, text, _ = tool(broker, "groups", "describe", "--group", "tools-g1", "--members", "--verbose")
        header, row = text.strip("\n").splitlines()
        assert header.split() == ["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT"]
        assert row.split()[-2:] == ["2", "tools-g(0,1)"]
        code, text, _ = tool(broker, "groups", "describe", "--group", "tools-g1", "--state")
        header, row = text.strip("\n").splitlines()
        assert header.split() == ["GROUP", "COORDINATOR", "(ID)", "ASSIGNMENT-STRATEGY", "STATE", "#MEMBERS"]
        port = broker.bootstrap_servers.rsplit(":", 1)[1]
        assert row.split() == ["tools-g1", f"127.0.0.1:{port}", "(1)", "range", "Stable", "1"]
        code, text, _ = tool(broker, "groups", "list", "--state")
        assert text.splitlines()[0].split() == ["GROUP", "STATE"] and "tools-g1" in text
    wait_until(lambda: _describe(broker, "tools-g1")["state"] == "Empty", what="group empty")
    code, text, err = tool(broker, "groups", "describe", "--group", "tools-g1")
    assert "Consumer group 'tools-g1' has no active members." in err
    assert text.strip("\n").splitlines()[1].split()[6:] == ["-", "-", "-"]  # no consumer owns it now
    code, text, _ = tool(broker, "groups", "describe", "--group", "no-such-group")
    assert code == 1 and "Error: Consumer group 'no-such-group' does not exist." in text


def test_reset_offsets_is_refused_while_active_and_a_consumer_resumes_where_it_was_set(broker: Broker) -> None:
    broker.create_topic("tools-rs", 1)
    produce_real(broker, "tools-rs", [(0, f"m{i}".encode()) for i in range(10)])
    with Consumer("kafka-python", broker.bootstrap_servers, "tools-rs1", ["tools-rs"]) as c:
        c.wait_messages(10)
        c.commit()
        code, text, _ = tool(broker, "groups", "reset-offsets", "--group", "tools-rs1", "--all-topics",
                             "--to-earliest", "--execute")
        assert code == 1
        assert ("Error: Assignments can only be reset if the group 'tools-rs1' is inactive, but the current state "
                "is Stable.") in text
    wait_until(lambda: _describe(broker, "tools-rs1")["state"] == "Empty", what="group empty")
    plan = tool_json(broker, "groups", "reset-offsets", "--group", "tools-rs1", "--topic", "tools-rs",
                     "--to-offset", "4", "--dry-run")
    assert plan["executed"] is False and plan["groups"][0]["offsets"] == [
        {"topic": "tools-rs", "partition": 0, "offset": 4}]
    assert _describe(broker, "tools-rs1")["offsets"][0]["current_offset"] == 10  # a dry run commits nothing
    code, text, err = tool(broker, "groups", "reset-offsets", "--group", "tools-rs1", "--topic", "tools-rs:0",
                           "--to-offset", "4")
    assert "WARN: No action will be performed as the --execute option is missing." in err
    assert text.strip("\n").splitlines() == [
        f"{'GROUP':<30} {'TOPIC':<30} {'PARTITION':<10} {'NEW-OFFSET':<15}",
        f"{'tools-rs1':<30} {'tools-rs':<30} {'0':<10} {'4':<15}"]
    done = tool_json(broker, "groups", "reset-offsets", "--group", "tools-rs1", "--all-topics", "--shift-by",
                     "-7", "--execute")
    assert done["executed"] is True and done["groups"][0]["offsets"][0]["offset"] == 3
    assert _describe(broker, "tools-rs1")["offsets"][0]["current_offset"] == 3
    with Consumer("kafka-python", broker.bootstrap_servers, "tools-rs1", ["tools-rs"]) as c:
        msgs = c.wait_messages(7)
        assert [m[2] for m in msgs][:7] == list(range(3, 10))  # it resumed at the offset the tool set
    wait_until(lambda: _describe(broker, "tools-rs1")["state"] == "Empty", what="group empty")
    tool_json(broker, "groups", "reset-offsets", "--group", "tools-rs1", "--all-topics", "--to-latest", "--execute")
    assert _describe(broker, "tools-rs1")["offsets"][0]["lag"] == 0
    ts = tool_json(broker, "groups", "reset-offsets", "--group", "tools-rs1", "--all-topics", "--to-datetime",
                   "2000-01-01T00:00:00.000", "--execute")
    assert ts["groups"][0]["offsets"][0]["offset"] == 0


def test_groups_delete(broker: Broker) -> None:
    broker.create_topic("tools-del", 1)
    produce_real(broker, "tools-del", [(0, b"x")])
    with Consumer("kafka-python", broker.bootstrap_servers, "tools-del1", ["tools-del"]) as c:
        c.wait_messages(1)
        c.commit()
        code, out, _ = tool(broker, "groups", "delete", "--group", "tools-del1", "--json")
        assert code == 1 and json.loads(out) == [{"group": "tools-del1", "error": "NON_EMPTY_GROUP"}]
    wait_until(lambda: _describe(broker, "tools-del1")["state"] == "Empty", what="group empty")
    code, text, _ = tool(broker, "groups", "delete", "--group", "tools-del1")
    assert code == 0 and text == "Deletion of requested consumer groups ('tools-del1') was successful.\n"
    assert "tools-del1" not in {g["group"] for g in tool_json(broker, "groups", "list")}


def test_consumer_protocol_group_is_described_by_consumer_group_describe(broker: Broker) -> None:
    broker.create_topic("tools-848", 2)
    produce_real(broker, "tools-848", [(0, b"a"), (1, b"b")])
    with Consumer("confluent-kafka", broker.bootstrap_servers, "tools-848g", ["tools-848"],
                  **{"group.protocol": "consumer"}) as c:
        c.wait_assigned(lambda a: len(a) == 2)
        c.wait_messages(2)
        c.commit()
        d = wait_until(lambda: (lambda d: d if d["state"] == "Stable" and d["members"] and
                                d["members"][0]["assignment"] else None)(_describe(broker, "tools-848g")),
                       what="stable consumer group")
        assert d["type"] == "consumer" and d["group_epoch"] >= 1 and d["assignment_epoch"] >= 1
        [m] = d["members"]
        assert m["assignment"] == [["tools-848", 0], ["tools-848", 1]] and m["member_epoch"] >= 1
        assert m["subscribed_topics"] == ["tools-848"]
        assert {r["partition"]: r["lag"] for r in d["offsets"]} == {0: 0, 1: 0}
        listed = {g["group"]: g for g in tool_json(broker, "groups", "list")}
        assert listed["tools-848g"]["type"] == "consumer"
        code, text, _ = tool(broker, "groups", "list", "--type")
        assert code == 0 and any(line.split() == ["tools-848g", "Consumer"] for line in text.splitlines())
        code, text, _ = tool(broker, "groups", "reset-offsets", "--group", "tools-848g", "--all-topics",
                             "--to-earliest", "--execute")
        assert code == 1 and "is inactive, but the current state is Stable." in text
    wait_until(lambda: _describe(broker, "tools-848g")["state"] == "Empty", what="consumer group empty")
    # an empty KIP-848 group takes the admin commit (no member, epoch -1), as Kafka's does
    done = tool_json(broker, "groups", "reset-offsets", "--group", "tools-848g", "--all-topics", "--to-earliest",
                     "--execute")
    assert [o["offset"] for o in done["groups"][0]["offsets"]] == [0, 0]
    assert {r["partition"]: r["lag"] for r in _describe(broker, "tools-848g")["offsets"]} == {0: 1, 1: 1}


def test_describe_lists_no_offsets_of_a_deleted_topic(broker: Broker) -> None:
    broker.create_topic("tools-gone", 1)
    produce_real(broker, "tools-gone", [(0, b"x")])
    with Consumer("kafka-python", broker.bootstrap_servers, "tools-gone-g", ["tools-gone"]) as c:
        c.wait_messages(1)
        c.commit()
    wait_until(lambda: _describe(broker, "tools-gone-g")["state"] == "Empty", what="group empty")
    assert tool_json(broker, "topics", "delete", "--topic", "tools-gone")[0]["error"] is None
    # As Kafka: the coordinator drops a deleted topic's offsets (onPartitionsDeleted), just after the answer
    wait_until(lambda: _describe(broker, "tools-gone-g")["offsets"] == [], what="the deleted topic's offsets gone")


def _wait_file(path: Path) -> Path:
    wait_until(lambda: path.is_file() and path.stat().st_size > 0, what=f"{path}")
    return path


def test_dump_log_reads_data_offsets_and_transaction_segments(broker: Broker) -> None:
    broker.create_topic("tools-dump", 1)
    produce_real(broker, "tools-dump", [(0, b"v1"), (0, b"v2")])
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": broker.bootstrap_servers, "transactional.id": "tools-txn"})
    p.init_transactions(20)
    p.begin_transaction()
    p.produce("tools-dump", b"in-txn", key=b"k", partition=0, headers=[("h1", b"x")])
    p.commit_transaction(20)
    p.begin_transaction()
    p.produce("tools-dump", b"aborted", partition=0)
    p.flush(20)  # written to the log before the abort (librdkafka would otherwise purge it unsent)
    p.abort_transaction(20)
    with Consumer("kafka-python", broker.bootstrap_servers, "tools-dumpg", ["tools-dump"]) as c:
        c.wait_messages(3)
        c.commit()
    wait_until(lambda: tool_json(broker, "offsets", "--topic", "tools-dump")[0]["offset"] == 6, what="markers")
    # read_committed: the aborted record is dropped, both markers stepped over, and -e ends
    records = tool_json(broker, "consume", "-t", "tools-dump", "-e", "-q", "--json-array")
    assert [r["value"] for r in records] == ["v1", "v2", "in-txn"]
    assert records[2]["headers"] == [["h1", "x"]] and records[2]["key"] == "k"
    part = broker.data_dir / "tools-dump-0"
    log = _wait_file(part / "00000000000000000000.log")
    code, text, _ = tool(None, "dump-log", "--print-data-log", str(log))
    assert code == 0
    lines = text.splitlines()
    assert lines[:2] == [f"Dumping {log}", "Log starting offset: 0"]
    assert any(line.startswith("| offset: 1 CreateTime: ") and line.endswith(" payload: v2") for line in lines)
    assert any("isTransactional: true isControl: true" in line for line in lines)
    assert any("endTxnMarker: COMMIT coordinatorEpoch: " in line for line in lines)
    assert any("endTxnMarker: ABORT coordinatorEpoch: " in line for line in lines)
    assert any(line.endswith("payload: aborted") for line in lines)  # the log keeps it; readers drop it
    assert any("headerKeys: [h1] key: k payload: in-txn" in line for line in lines)
    [doc] = tool_json(None, "dump-log", "--deep-iteration", str(log))
    assert [b["base_offset"] for b in doc["batches"]][-4:] == [2, 3, 4, 5]
    assert all(b["is_valid"] for b in doc["batches"]) and doc["invalid_trailing_bytes"] == 0
    assert [b["records"][0].get("end_txn_marker") for b in doc["batches"][-4:]] == [None, "COMMIT", None, "ABORT"]
    [index] = tool_json(None, "dump-log", str(part / "00000000000000000000.index"))
    positions = {b["base_offset"] + len(b.get("records", [0])) - 1: b["position"] for b in doc["batches"]}
    assert index["entries"] and all(positions.get(e["offset"]) == e["position"] for e in index["entries"])
    [tindex] = tool_json(None, "dump-log", str(part / "00000000000000000000.timeindex"))
    assert tindex["entries"] and tindex["entries"][0]["timestamp"] > 0

    group_logs = sorted(broker.data_dir.glob("__consumer_offsets-*/00000000000000000000.log"))
    docs = tool_json(None, "dump-log", "--offsets-decoder", *map(str, group_logs))
    # live segments of a preallocate topic: the zeros past their batches are told apart from damage
    assert all(d["invalid_trailing_bytes"] == 0 for d in docs)
    assert any(d["preallocated_trailing_bytes"] > 0 for d in docs)
    keys = [json.loads(r["key"]) for d in docs for b in d["batches"] for r in b.get("records", []) if "key" in r]
    commits = [k["data"] for k in keys if k["type"] in ("0", "1")]
    assert {"group": "tools-dumpg", "topic": "tools-dump", "partition": 0} in commits
    payloads = [r["payload"] for d in docs for b in d["batches"] for r in b.get("records", [])
                if "key" in r and '"tools-dumpg"' in r["key"] and r["payload"] != "<DELETE>"]
    metadata = [json.loads(p)["data"] for p in payloads if p and '"protocolType"' in p]
    assert any(m["protocolType"] == "consumer" and m["members"] and
               m["members"][0]["subscription"]["topics"] == ["tools-dump"] for m in metadata)
    offsets = [json.loads(p)["data"]["offset"] for p in payloads if p and '"commitTimestamp"' in p]
    assert _describe(broker, "tools-dumpg")["offsets"][0]["current_offset"] == offsets[-1]

    txn_logs = sorted(broker.data_dir.glob("__transaction_state-*/00000000000000000000.log"))
    code, text, _ = tool(None, "dump-log", "--transaction-log-decoder", *map(str, txn_logs))
    assert code == 0 and '"transactionalId":"tools-txn"' in text and '"transactionStatus":' in text


def test_tool_errors_are_one_line_and_exit_1(broker: Broker) -> None:
    code, _, err = tool(None, "topics", "list", "--bootstrap-server", "127.0.0.1:1")
    assert code == 1 and err.startswith("kaflite topics: cannot connect to 127.0.0.1:1") and err.count("\n") == 1
    code, _, err = tool(broker, "consume", "-t", "tools-missing-topic", "-e")
    assert code == 1 and "UNKNOWN_TOPIC_OR_PARTITION" in err
    time.sleep(0)  # nothing else to wait for


def test_the_parser_loads_no_tool_code() -> None:
    """The ``kaflite`` parser lists the tools from kaflite/tools/commands.py alone: their parsers
    (kaflite/tools/cli.py), runner and client stay unloaded."""
    import subprocess
    import sys

    code = ("import json, sys; from kaflite import cli; cli.build_parser(); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('kaflite.'))))")
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                           timeout=60, cwd=Path(__file__).resolve().parents[2]).stdout))
    assert "kaflite.tools.commands" in loaded
    assert not {m for m in loaded if m.startswith("kaflite.tools.")} - {"kaflite.tools.commands"}


def test_consume_prints_what_kcat_prints(broker: Broker) -> None:
    """kcat is the judge of the -f format: the same tokens on the same records give the same text."""
    import shutil
    import subprocess

    kcat = shutil.which("kcat") or shutil.which("kafkacat")
    if kcat is None:
        pytest.skip("kcat is not installed")
    broker.create_topic("tools-kcat", 2)
    tool_json(broker, "produce", "-t", "tools-kcat", "-K", "=", "-H", "trace=abc", "-H", "n=1",
              stdin="alpha=1\nbeta=2\ngamma=3\ndelta=\nno key\n")
    fmt = "%t|%p|%o|%k|%s|%T|%h|%K|%S\\n"  # kcat's escapes: the tool gets a backslash and an n
    theirs = subprocess.run([kcat, "-C", "-b", broker.bootstrap_servers, "-t", "tools-kcat", "-e", "-q", "-f", fmt],
                            capture_output=True, text=True, timeout=60, check=True).stdout
    code, ours, _ = tool(broker, "consume", "-t", "tools-kcat", "-e", "-q", "-f", fmt)
    assert code == 0 and len(ours.splitlines()) == 5 and "|trace=abc,n=1|" in ours
    assert sorted(ours.splitlines()) == sorted(theirs.splitlines())
