"""Issue 34 item 5, ``kaflite ctl``: ``cluster``, ``stop-broker``, ``start-broker``, ``move-leader``,
``move-coordinator`` (and the reads and waits after a move) say what the admin endpoint says, in its words; exit 1
when it refuses (404 unknown broker/topic/key type, 409 a stopped target), 3 when a wait times out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from kaflite.cli import build_parser
from kaflite.testing import ProcessBroker
from kaflite.testing.ctl import EXIT_REFUSED, EXIT_TIMEOUT, run_ctl

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def cluster() -> Iterator[ProcessBroker]:
    with ProcessBroker(brokers=3, config={"offsets.topic.num.partitions": 4}) as b:
        yield b


def ctl(broker: ProcessBroker, *args: str) -> tuple[int, Any]:
    out = io.StringIO()
    code = run_ctl(build_parser().parse_args(["ctl", "--admin", broker.admin_address, *args]), out)
    return code, json.loads(out.getvalue())


def test_cluster_as_a_shell_sees_it(cluster: ProcessBroker) -> None:
    """The real command line, in its own process, as a CI script runs it."""
    done = subprocess.run([sys.executable, "-m", "kaflite", "ctl", "--admin", cluster.admin_address, "cluster"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    d = json.loads(done.stdout)
    assert set(d) == {"cluster_id", "controller", "brokers"}
    assert [(b["node_id"], f"{b['host']}:{b['port']}", b["state"]) for b in d["brokers"]] == [
        (i + 1, address, "up") for i, address in enumerate(cluster.addresses)]


def test_stop_and_start_a_broker(cluster: ProcessBroker) -> None:
    code, down = ctl(cluster, "stop-broker", "3")
    assert (code, down["node_id"], down["state"]) == (0, 3, "down")
    assert [b["state"] for b in ctl(cluster, "cluster")[1]["brokers"]] == ["up", "up", "down"]
    code, up = ctl(cluster, "start-broker", "3")
    assert (code, up) == (0, {**down, "state": "up"})
    code, body = ctl(cluster, "stop-broker", "7")
    assert code == EXIT_REFUSED and set(body) == {"error"}


def test_move_leader(cluster: ProcessBroker) -> None:
    topic = cluster.create_topic("ctl-move-leader", 2)
    code, before = ctl(cluster, "leaders", "--topic", topic)
    assert code == 0 and [p["partition"] for p in before["partitions"]] == [0, 1]
    target = before["partitions"][1]["leader"] % 3 + 1
    code, moved = ctl(cluster, "move-leader", topic, "1", str(target))
    assert (code, moved) == (0, {"topic": topic, "partition": 1, "leader": target,
                                 "leader_epoch": before["partitions"][1]["leader_epoch"] + 1})
    assert ctl(cluster, "wait-leader", topic, "1", str(target), "--timeout", "5")[1]["leader"] == target
    code, body = ctl(cluster, "wait-leader", topic, "1", str(target % 3 + 1), "--timeout", "0.2")
    assert code == EXIT_TIMEOUT and body["last"]["leader"] == target
    assert ctl(cluster, "move-leader", "no-such-topic", "0", "1")[0] == EXIT_REFUSED
    ctl(cluster, "stop-broker", "2")
    try:
        code, body = ctl(cluster, "move-leader", topic, "0", "2")
        assert code == EXIT_REFUSED and "2" in body["error"]
    finally:
        ctl(cluster, "start-broker", "2")


def test_move_coordinator(cluster: ProcessBroker) -> None:
    code, before = ctl(cluster, "coordinator", "ctl-group")
    target = before["node_id"] % 3 + 1 if before["node_id"] > 0 else 2
    code, loaded = ctl(cluster, "move-coordinator", "ctl-group", str(target), "--wait")
    assert (code, loaded["node_id"], loaded["loaded_on"]) == (0, target, target)
    code, moved = ctl(cluster, "move-coordinator", "ctl-tx", "1", "--key-type", "transaction")
    assert (code, moved["topic"], moved["node_id"]) == (0, "__transaction_state", 1)
    assert ctl(cluster, "wait-coordinator", "ctl-tx", "1", "--key-type", "transaction")[1]["loaded_on"] == 1
    assert ctl(cluster, "move-coordinator", "ctl-group", "9")[0] == EXIT_REFUSED


def test_key_type_is_group_or_transaction() -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["ctl", "move-coordinator", "g", "1", "--key-type", "topic"])


def test_every_cluster_command_is_run_and_no_other() -> None:
    """The cluster commands go to the /cluster routes; the faults' fall-through (pause, resume, disk-free) keeps
    its own (a ctl change once sent disk-free to the cluster commands)."""
    from kaflite.testing.ctl import CLUSTER_COMMANDS

    ctl_parser = next(a for a in build_parser()._subparsers._group_actions[0].choices.values()  # type: ignore[union-attr]
                      if a.prog.endswith(" ctl"))
    commands = set(ctl_parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert CLUSTER_COMMANDS.issubset(commands)
    assert not CLUSTER_COMMANDS.intersection({"pause", "resume", "disk-free"})


def test_hold_coordinator_loads(cluster: ProcessBroker) -> None:
    assert ctl(cluster, "move-coordinator", "ctl-held", "1", "--wait")[1]["loaded_on"] == 1  # its topic exists
    target = 2
    code, held = ctl(cluster, "hold-coordinator-loads")
    assert (code, held) == (0, {"key_type": "group", "held": True})
    try:
        ctl(cluster, "move-coordinator", "ctl-held", str(target))
        code, body = ctl(cluster, "wait-coordinator", "ctl-held", str(target), "--timeout", "0.3")
        assert code == EXIT_TIMEOUT and body["last"]["loaded_on"] is None
    finally:
        ctl(cluster, "clear-faults")
    assert ctl(cluster, "wait-coordinator", "ctl-held", str(target))[1]["loaded_on"] == target
