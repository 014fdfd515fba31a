"""``kaflite share-groups`` (kafka-share-groups.sh) against the kit's broker, with confluent-kafka's ``ShareConsumer``
making real share groups: Kafka's columns and messages, and a real client judging what --reset-offsets and
--delete-offsets did (SA-DESC-1, SA-OFF-1/2/3, SA-DEL-1, SA-LIST-1).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest

confluent_kafka = pytest.importorskip("confluent_kafka")
from confluent_kafka import Producer, ShareConsumer  # noqa: E402
from confluent_kafka.admin import (  # noqa: E402
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    ResourceType,
)

from kaflite.testing.broker import Broker  # noqa: E402
from tests.tools.run import tool, tool_json  # noqa: E402

WAIT_S = 30.0
# SA-CFG-4's development profile: heartbeats and sessions well below Kafka's floors.
SHARE_CONFIG: dict[str, object] = {
    "group.share.heartbeat.interval.ms": 100,
    "group.share.min.heartbeat.interval.ms": 100,
    "group.share.session.timeout.ms": 3000,
    "group.share.min.session.timeout.ms": 500,
    "share.coordinator.state.topic.num.partitions": 1,
}


@pytest.fixture(scope="module")
def broker() -> Iterator[Broker]:
    with Broker(config=SHARE_CONFIG) as b:
        yield b


def produce(broker: Broker, topic: str, n: int, partitions: int = 1) -> None:
    p = Producer({"bootstrap.servers": broker.bootstrap_servers, "linger.ms": 0})
    for i in range(n):
        p.produce(topic, value=f"v{i}".encode(), partition=i % partitions)
    assert p.flush(WAIT_S) == 0


def earliest(broker: Broker, group: str) -> None:
    admin = AdminClient({"bootstrap.servers": broker.bootstrap_servers})
    resource = ConfigResource(ResourceType.GROUP, group, incremental_configs=[
        ConfigEntry("share.auto.offset.reset", "earliest", incremental_operation=AlterConfigOpType.SET)])
    admin.incremental_alter_configs([resource], request_timeout=WAIT_S)[resource].result(WAIT_S)


@contextlib.contextmanager
def member(broker: Broker, group: str, topic: str, client_id: str = "share-0") -> Iterator[Any]:
    c = ShareConsumer({"bootstrap.servers": broker.bootstrap_servers, "group.id": group, "client.id": client_id})
    try:
        c.subscribe([topic])
        yield c
    finally:
        c.close()


def consume(c: Any, want: int, timeout: float = WAIT_S) -> list[tuple[int, int]]:
    got: list[tuple[int, int]] = []
    deadline = time.monotonic() + timeout
    while len(got) < want and time.monotonic() < deadline:
        got += [(m.partition(), m.offset()) for m in c.poll(0.2)]
    return sorted(got)


def rows(out: str) -> list[list[str]]:
    return [line.split() for line in out.strip("\n").splitlines()]


def test_list_describe_members_and_state_show_a_live_share_group(broker: Broker) -> None:
    """SA-LIST-1, SA-DESC-1: --list (and --state), --describe --members/--state (with --verbose) in Kafka's
    columns; kafka-consumer-groups.sh's --list leaves share groups out (it lists consumer groups only)."""
    broker.create_topic("sgt-live", 2)
    earliest(broker, "sgt-live-g")
    produce(broker, "sgt-live", 4, partitions=2)
    with member(broker, "sgt-live-g", "sgt-live", "cli-a") as c:
        assert len(consume(c, 4)) == 4
        g = broker.wait_for_group("sgt-live-g", "Stable", members=1, timeout=WAIT_S)
        (m,) = g.members
        code, out, _ = tool(broker, "share-groups", "--list")
        assert code == 0 and "sgt-live-g" in out.split()
        code, out, _ = tool(broker, "share-groups", "--list", "--state")
        assert rows(out)[0] == ["GROUP", "STATE"] and ["sgt-live-g", "Stable"] in rows(out)
        code, out, _ = tool(broker, "share-groups", "--list", "--state", "empty")
        assert "sgt-live-g" not in out
        code, out, _ = tool(broker, "groups", "--list")
        assert code == 0 and "sgt-live-g" not in out.split()
        code, out, _ = tool(broker, "groups", "--list", "--type")
        assert code == 0 and "sgt-live-g" not in out.split()
        code, _, err = tool(broker, "groups", "--list", "--type", "share")
        assert code == 2 and "Invalid types list 'share'. Valid types are: Classic, Consumer" in err

        code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-live-g", "--members")
        assert code == 0, out
        assert rows(out) == [["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT"],
                             ["sgt-live-g", m.member_id, "/127.0.0.1", "cli-a", "2", "sgt-live:0,1"]]
        code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-live-g", "--members", "--verbose")
        assert rows(out)[1] == ["sgt-live-g", m.member_id, "/127.0.0.1", "cli-a", "2", str(m.member_epoch),
                                "sgt-live:0,1"]
        code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-live-g", "--state", "--verbose")
        header, row = rows(out)
        assert header == ["GROUP", "COORDINATOR", "(ID)", "STATE", "GROUP-EPOCH", "ASSIGNMENT-EPOCH", "#MEMBERS"]
        assert row[0] == "sgt-live-g" and row[3:] == ["Stable", str(g.epoch), str(g.assignment_epoch), "1"]
        doc = tool_json(broker, "share-groups", "describe", "--group", "sgt-live-g")
        assert doc[0]["members"][0]["assignment"] == [["sgt-live", 0], ["sgt-live", 1]]
        assert {"group": "sgt-live-g", "state": "Stable"} in tool_json(broker, "share-groups", "list")
        code, out, _ = tool(broker, "share-groups", "--describe", "--all-groups", "--state")
        assert code == 0 and any(r[0] == "sgt-live-g" and r[3:] == ["Stable", "1"] for r in rows(out))


def test_describe_offsets_shows_start_offset_and_lag(broker: Broker) -> None:
    """SA-OFF-1: the default --describe: START-OFFSET and LAG (DescribeShareGroupOffsets v1) per share partition,
    after the member acknowledged what it read; LEADER-EPOCH with --verbose."""
    broker.create_topic("sgt-off", 1)
    earliest(broker, "sgt-off-g")
    produce(broker, "sgt-off", 6)
    with member(broker, "sgt-off-g", "sgt-off") as c:
        assert len(consume(c, 6)) == 6
        c.commit_sync(WAIT_S)  # implicit mode: acknowledges what was polled
        produce(broker, "sgt-off", 4)
        code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-off-g")
        assert code == 0
        header, row = rows(out)
        assert header == ["GROUP", "TOPIC", "PARTITION", "START-OFFSET", "LAG"]
        assert row[:3] == ["sgt-off-g", "sgt-off", "0"] and row[4] == "4"  # 10 records, 6 delivered
        code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-off-g", "--verbose")
        assert rows(out)[0] == ["GROUP", "TOPIC", "PARTITION", "LEADER-EPOCH", "START-OFFSET", "LAG"]


def test_describe_an_unknown_group_fails_with_kafkas_message(broker: Broker) -> None:
    code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-nobody")
    assert code == 1
    assert out == ("\nError: Executing share group command failed due to org.apache.kafka.common.errors."
                   "GroupIdNotFoundException: Group sgt-nobody not found.\n")
    code, _, err = tool(broker, "share-groups", "--describe")
    assert code == 2 and "--all-groups, --group" in err


def _reset_a_group_that_read_everything(broker: Broker, topic: str) -> tuple[str, ...]:
    group = topic + "-g"
    broker.create_topic(topic, 1)
    earliest(broker, group)
    produce(broker, topic, 5)
    return group, "share-groups", "--reset-offsets", "--group", group, "--topic", topic, "--to-earliest"


def test_reset_offsets_is_refused_while_members_and_sets_the_start_offset_after(broker: Broker) -> None:
    """SA-OFF-2: --reset-offsets needs --dry-run or --execute and an inactive group; --to-earliest --execute sets
    the start offset (AlterShareGroupOffsets) that DescribeShareGroupOffsets then answers."""
    _, *reset = _reset_a_group_that_read_everything(broker, "sgt-reset")
    code, _, err = tool(broker, *reset)
    assert code == 2 and "--execute or --dry-run" in err
    with member(broker, "sgt-reset-g", "sgt-reset") as c:
        assert consume(c, 5) == [(0, o) for o in range(5)]
        c.commit_sync(WAIT_S)
        broker.wait_for_group("sgt-reset-g", "Stable", members=1, timeout=WAIT_S)
        code, out, err = tool(broker, *reset, "--execute")
        assert code == 1 and err == "Share group 'sgt-reset-g' is not empty.\n"
    broker.wait_for_group("sgt-reset-g", "Empty", timeout=WAIT_S)
    code, out, _ = tool(broker, *reset, "--dry-run")
    assert code == 0 and rows(out) == [["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"],
                                       ["sgt-reset-g", "sgt-reset", "0", "0"]]
    by_time = [a for a in reset if a != "--to-earliest"]
    code, out, _ = tool(broker, *by_time, "--to-datetime", "2999-01-01T00:00:00.000", "--dry-run")
    assert code == 0 and rows(out)[1] == ["sgt-reset-g", "sgt-reset", "0", "5"]  # after every record: the end
    code, out, _ = tool(broker, *by_time, "--to-datetime", "2000-01-01T00:00:00.000", "--dry-run")
    assert code == 0 and rows(out)[1] == ["sgt-reset-g", "sgt-reset", "0", "0"]
    code, out, _ = tool(broker, *reset, "--execute")
    assert code == 0 and rows(out)[1] == ["sgt-reset-g", "sgt-reset", "0", "0"]
    code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-reset-g")
    assert rows(out)[1][:4] == ["sgt-reset-g", "sgt-reset", "0", "0"]


def test_a_member_reads_from_the_start_offset_a_reset_set(broker: Broker) -> None:
    """SA-OFF-2 judged by a real client: after --to-earliest --execute every record is delivered again."""
    group, *reset = _reset_a_group_that_read_everything(broker, "sgt-rejudge")
    with member(broker, group, "sgt-rejudge") as c:
        assert consume(c, 5) == [(0, o) for o in range(5)]
        c.commit_sync(WAIT_S)
    broker.wait_for_group(group, "Empty", timeout=WAIT_S)
    assert tool(broker, *reset, "--execute")[0] == 0
    with member(broker, group, "sgt-rejudge") as c:
        assert consume(c, 5, timeout=10.0) == [(0, o) for o in range(5)]


def test_delete_offsets_reports_each_topic(broker: Broker) -> None:
    """SA-OFF-3: whole topics; an unknown topic is its row's error, the group's state of the other is gone."""
    broker.create_topic("sgt-del", 1)
    earliest(broker, "sgt-del-g")
    produce(broker, "sgt-del", 3)
    with member(broker, "sgt-del-g", "sgt-del") as c:
        assert len(consume(c, 3)) == 3
        c.commit_sync(WAIT_S)
        code, out, _ = tool(broker, "share-groups", "--delete-offsets", "--group", "sgt-del-g", "--topic", "sgt-del")
        assert code == 1 and out == "\nError: The group is not empty.\n\nTOPIC           STATUS\n" \
                                    "sgt-del         Error: The group is not empty.\n"
    broker.wait_for_group("sgt-del-g", "Empty", timeout=WAIT_S)
    code, out, _ = tool(broker, "share-groups", "--delete-offsets", "--group", "sgt-del-g", "--topic", "sgt-del",
                        "--topic", "sgt-no-such-topic")
    assert code == 1
    assert rows(out) == [["TOPIC", "STATUS"], ["sgt-del", "Successful"],
                         ["sgt-no-such-topic", "Error:", "This", "server", "does", "not", "host", "this",
                          "topic-partition."]]
    code, out, _ = tool(broker, "share-groups", "--describe", "--group", "sgt-del-g")
    assert code == 0 and out == "\nShare group 'sgt-del-g' has no offset information.\n"


def test_delete_refuses_active_and_unknown_groups_and_deletes_empty_ones(broker: Broker) -> None:
    """SA-DEL-1: Kafka's checks before DeleteGroups (not a share group, not Empty), then the deletion."""
    broker.create_topic("sgt-gone", 1)
    with member(broker, "sgt-gone-g", "sgt-gone") as c:
        consume(c, 1, timeout=1.0)
        broker.wait_for_group("sgt-gone-g", "Stable", members=1, timeout=WAIT_S)
        code, out, _ = tool(broker, "share-groups", "--delete", "--group", "sgt-gone-g")
        assert code == 1 and out == ("\nError: Deletion of some share groups failed:\n* Group 'sgt-gone-g' could not "
                                     "be deleted due to: org.apache.kafka.common.errors.GroupNotEmptyException: "
                                     "Share group 'sgt-gone-g' is not EMPTY.\n")
    broker.wait_for_group("sgt-gone-g", "Empty", timeout=WAIT_S)
    code, out, _ = tool(broker, "share-groups", "--delete", "--group", "sgt-gone-g", "--group", "sgt-not-share")
    assert code == 1
    assert out == ("\nError: Deletion of some share groups failed:\n* Group 'sgt-not-share' could not be deleted "
                   "due to: java.lang.IllegalArgumentException: Group 'sgt-not-share' is not a share group.\n"
                   "\nThese share groups were deleted successfully: 'sgt-gone-g'\n")
    assert broker.group("sgt-gone-g") is None
    code, out, _ = tool(broker, "share-groups", "--list")
    assert "sgt-gone-g" not in out.split()


def test_usage_errors_exit_2() -> None:
    """Kafka's option checks: one action, --state values of share groups, no --topic with --delete."""
    from tests.tools.run import run

    code, _, err = run("share-groups", "--list", "--describe")
    assert code == 2 and "exactly one action" in err
    code, _, err = run("share-groups", "--bootstrap-server", "127.0.0.1:1", "--list", "--state", "Assigning")
    assert code == 2 and "Invalid state list 'Assigning'. Valid states are: Stable, Dead, Empty" in err
    code, _, err = run("share-groups", "--bootstrap-server", "127.0.0.1:1", "--delete", "--group", "g", "--topic", "t")
    assert code == 2 and "does not take the option: --topic" in err
    code, _, err = run("share-groups", "--bootstrap-server", "127.0.0.1:1", "--describe", "--group", "g",
                       "--members", "--offsets")
    assert code == 2 and "at most one of these options" in err
