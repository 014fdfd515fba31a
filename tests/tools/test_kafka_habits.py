"""What a Kafka user types, run against kaflite's tools: kafka-consumer-groups.sh's and kafka-topics.sh's
action flags, kcat's produce to a topic that is not there yet, exit statuses scripts can test, Kafka's
messages, and tables whose columns stay in line whatever the names' lengths."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaflite.testing.broker import Broker
from tests.testing.clients import Consumer
from tests.tools.run import tool, tool_json


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


def _commit(broker: Broker, group: str, topic: str) -> None:
    """Offsets for a group with no members (the tool's own reset: what an admin client's commit does)."""
    tool_json(broker, "groups", "reset-offsets", "--group", group, "--topic", topic, "--to-latest", "--execute")


# -- 1: Kafka's action flags ------------------------------------------------------------------------------


def test_groups_and_topics_take_kafkas_action_flags(broker: Broker) -> None:
    b = broker.bootstrap_servers
    code, out, err = tool(None, "topics", "--bootstrap-server", b, "--create", "--topic", "habits-t",
                          "--partitions", "2")
    assert (code, out, err) == (0, "Created topic habits-t.\n", "")
    assert "habits-t" in tool(None, "topics", "--list", "--bootstrap-server", b)[1].splitlines()
    assert tool(None, "topics", "--bootstrap-server", b, "--alter", "--topic", "habits-t", "--partitions", "3")[0] == 0
    code, out, _ = tool(None, "topics", "--describe", "--topic", "habits-t", "--bootstrap-server", b)
    assert code == 0 and "\tPartitionCount: 3\t" in out
    tool(broker, "produce", "-t", "habits-t", "-p", "0", "-q", stdin="x\n")
    _commit(broker, "habits-g", "habits-t")
    # kafka-consumer-groups.sh --bootstrap-server B --describe --group G, as every user types it
    flag = tool(None, "groups", "--bootstrap-server", b, "--describe", "--group", "habits-g")
    sub = tool(None, "groups", "describe", "--group", "habits-g", "--bootstrap-server", b)
    assert flag == sub and flag[0] == 0 and "habits-t" in flag[1]
    code, out, _ = tool(None, "groups", "--describe", "--group", "habits-g", "--state", "--bootstrap-server", b)
    assert code == 0 and out.strip().splitlines()[0].split()[0] == "GROUP" and "Empty" in out
    assert "habits-g" in tool(None, "groups", "--list", "--bootstrap-server", b)[1].splitlines()
    code, out, _ = tool(None, "groups", "--list", "--state", "--bootstrap-server", b)
    assert out.splitlines()[0].split() == ["GROUP", "STATE"]
    code, out, _ = tool(None, "groups", "--bootstrap-server", b, "--reset-offsets", "--group", "habits-g",
                        "--topic", "habits-t", "--to-earliest", "--dry-run")
    assert code == 0 and out.strip().splitlines()[0].split() == ["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"]
    code, out, _ = tool(None, "groups", "--bootstrap-server", b, "--delete", "--group", "habits-g")
    assert (code, out) == (0, "Deletion of requested consumer groups ('habits-g') was successful.\n")
    code, out, err = tool(None, "topics", "--bootstrap-server", b, "--delete", "--topic", "habits-t")
    assert (code, out, err) == (0, "", "")
    assert "habits-t" not in tool(None, "topics", "--list", "--bootstrap-server", b)[1].splitlines()


def test_an_action_flag_through_the_kaflite_command(broker: Broker) -> None:
    """The installed entry point (python -m kaflite) hands the flag form to the tools as well."""
    broker.create_topic("habits-cli", 1)
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-m", "kaflite", "topics", "--bootstrap-server", broker.bootstrap_servers,
                          "--list"], capture_output=True, text=True, timeout=60, cwd=root)
    assert run.returncode == 0 and "habits-cli" in run.stdout.splitlines()


def test_no_action_or_two_actions_is_bad_usage(broker: Broker) -> None:
    code, out, err = tool(broker, "groups", "--describe", "--list")
    assert (code, out) == (2, "")
    assert err.startswith("kaflite groups: Command must include exactly one action: --list, --describe, --delete, "
                          "--reset-offsets or --delete-offsets")
    code, _, err = tool(broker, "topics", "--topic", "x")
    assert code == 2 and "--list, --describe, --create, --alter or --delete" in err


def test_delete_offsets_of_a_group(broker: Broker) -> None:
    broker.create_topic("habits-do", 2)
    broker.create_topic("habits-do-kept", 1)
    _commit(broker, "habits-dog", "habits-do")
    _commit(broker, "habits-dog", "habits-do-kept")
    code, out, _ = tool(broker, "groups", "--delete-offsets", "--group", "habits-dog", "--topic", "habits-do")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Request succeeded for deleting offsets from group habits-dog."
    assert [line.split() for line in lines[2:]] == [["TOPIC", "PARTITION", "STATUS"], ["habits-do", "0", "Successful"],
                                                   ["habits-do", "1", "Successful"]]
    [d] = tool_json(broker, "groups", "describe", "--group", "habits-dog")
    assert {r["topic"] for r in d["offsets"]} == {"habits-do-kept"}
    # a group that subscribes to the topic keeps its offsets: Kafka's GROUP_SUBSCRIBED_TO_TOPIC, exit 1
    with Consumer("kafka-python", broker.bootstrap_servers, "habits-live", ["habits-do-kept"]) as c:
        c.wait_assigned()
        c.commit()
        broker.wait_for_group("habits-live", members=1)
        code, out, _ = tool(broker, "groups", "delete-offsets", "--group", "habits-live", "--topic", "habits-do-kept")
        assert code == 1
        assert "Error: Encountered some partition-level error, see the follow-up details." in out
        assert "Error: The consumer group is actively subscribed to the topic" in out.splitlines()[-1]
    code, _, err = tool(broker, "groups", "delete-offsets", "--group", "habits-dog")
    assert code == 2 and "requires either --all-topics or --topic" in err


# -- 2: produce auto-creates, as kcat does ----------------------------------------------------------------


def test_produce_to_a_missing_topic_has_the_broker_create_it(broker: Broker) -> None:
    code, _, err = tool(broker, "produce", "-t", "habits-auto", stdin="a\nb\n")
    assert code == 0, err
    assert "% Produced 2 record(s) to habits-auto [0] from offset 0" in err
    code, out, _ = tool(broker, "consume", "-t", "habits-auto", "-e", "-q")
    assert (code, out) == (0, "a\nb\n")


def test_produce_waits_while_the_topic_is_being_made(monkeypatch: pytest.MonkeyPatch, broker: Broker) -> None:
    """Kafka answers the Metadata that creates a topic with LEADER_NOT_AVAILABLE, then no leader for a while:
    the producer asks again (bounded by --timeout) instead of failing."""
    from kaflite.protocol.errors import ErrorCode
    from kaflite.tools.client import Client

    real = Client.metadata
    answers: list[str] = []

    def slow_metadata(self: Client, topics: Any = None, *, auto_create: bool = False) -> Any:
        meta = real(self, topics, auto_create=auto_create)
        if auto_create and len(answers) < 2:
            t = meta.topics["habits-slow"]
            if not answers:
                t.error_code, t.partitions = ErrorCode.LEADER_NOT_AVAILABLE, {}
            else:
                for p in t.partitions.values():
                    p.leader = -1
            answers.append("not yet")
        return meta

    monkeypatch.setattr(Client, "metadata", slow_metadata)
    code, _, err = tool(broker, "produce", "-t", "habits-slow", stdin="x\n")
    assert code == 0, err
    assert answers == ["not yet", "not yet"]


def test_produce_where_auto_creation_is_off_fails_at_once() -> None:
    with Broker(config={"auto.create.topics.enable": "false"}) as b:
        code, _, err = tool(b, "produce", "-t", "habits-off", "--timeout", "60000", stdin="x\n")
        assert code == 1 and err.count("\n") == 1
        assert "UNKNOWN_TOPIC_OR_PARTITION" in err and "auto.create.topics.enable" in err
        assert "habits-off" not in tool(b, "topics", "list")[1].splitlines()


# -- 3: exit statuses ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [("groups", "describe"), ("groups", "--describe"), ("groups", "delete"),
                                  ("groups", "reset-offsets", "--group", "g", "--to-earliest"),
                                  ("topics", "create"), ("topics", "alter", "--topic", "x"),
                                  ("offsets", "--time", "yesterday"), ("consume", "-t", "x", "-o", "middle")])
def test_bad_usage_exits_2(broker: Broker, argv: tuple[str, ...]) -> None:
    code, _, err = tool(broker, *argv)
    assert code == 2 and err.startswith(f"kaflite {argv[0]}: ") and err.count("\n") == 1


# -- 4, 5: Kafka's messages ---------------------------------------------------------------------------------


def test_create_if_not_exists_of_an_existing_topic_prints_nothing(broker: Broker) -> None:
    broker.create_topic("habits-exists", 1)
    assert tool(broker, "topics", "create", "--topic", "habits-exists", "--if-not-exists") == (0, "", "")
    doc = tool_json(broker, "topics", "create", "--topic", "habits-exists", "--if-not-exists")
    assert doc["created"] is False


def test_deleting_an_internal_topic_gives_kafkas_reason(broker: Broker) -> None:
    broker.create_topic("habits-internal", 1)
    _commit(broker, "habits-internal", "habits-internal")  # __consumer_offsets exists from the first commit
    code, _, err = tool(broker, "topics", "delete", "--topic", "__consumer_offsets")
    assert code == 1 and err.count("\n") == 1
    assert err.startswith("kaflite topics: Error while executing topic command: topic '__consumer_offsets': "
                          "INVALID_TOPIC_EXCEPTION (Topic __consumer_offsets is a kafka internal topic and is not "
                          "allowed to be marked for deletion.)")
    [doc] = tool_json(broker, "topics", "delete", "--topic", "__consumer_offsets", code=1)
    assert doc["error"] == "INVALID_TOPIC_EXCEPTION" and "internal topic" in doc["message"]


# -- 6: columns sized to their content ------------------------------------------------------------------


def _aligned(header: str, row: str, cells: list[str]) -> None:
    """Each cell starts where its column's name does."""
    names = header.split()
    at = 0
    for name, cell in zip(names, cells, strict=True):
        start = header.index(name, at)
        assert row[start:start + len(cell)] == cell and (start == 0 or row[start - 1] == " "), (name, row)
        at = start + len(name)


def test_long_names_keep_the_columns_in_line(broker: Broker) -> None:
    group, topic = "habits-" + "g" * 40, "habits-" + "t" * 40
    broker.create_topic(topic, 1)
    _commit(broker, group, topic)
    code, out, _ = tool(broker, "groups", "reset-offsets", "--group", group, "--topic", topic, "--to-offset", "0",
                        "--dry-run")
    header, row = out.strip("\n").splitlines()
    _aligned(header, row, [group, topic, "0", "0"])
    code, out, _ = tool(broker, "groups", "describe", "--group", group, "--state")
    header, row = out.strip("\n").splitlines()
    port = broker.bootstrap_servers.rsplit(":", 1)[1]
    coordinator = f"127.0.0.1:{port}  (1)"
    _aligned(header.replace("COORDINATOR (ID)", "COORDINATOR-(ID)"), row, [group, coordinator, "", "Empty", "0"])
    code, out, _ = tool(broker, "groups", "describe", "--group", group)
    header, row = out.strip("\n").splitlines()
    _aligned(header, row, [group, topic, "0", "0", "0", "0", "-", "-", "-"])
    code, out, _ = tool(broker, "groups", "delete-offsets", "--group", group, "--topic", topic)
    assert code == 0
    header, row = out.strip("\n").splitlines()[-2:]
    _aligned(header, row, [topic, "0", "Successful"])
